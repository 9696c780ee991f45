package quote

import (
	"strconv"
	"strings"
)

const hexDigits = "0123456789ABCDEF"

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// snake reports whether s is `[a-z][a-z0-9]*(_[a-z][a-z0-9]*)*`.
func snake(s string) bool {
	if s == "" {
		return false
	}
	start := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case start:
			if !isLower(c) {
				return false
			}
			start = false
		case c == '_':
			start = true
		case isLower(c) || c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return !start
}

// escapeBytes writes s with ASCII letters and digits kept and every other
// byte as "_" and two uppercase hex digits.
func escapeBytes(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isAlnum(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('_')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
}

// GoIdent returns the exported Go identifier of a symbol name (see the
// package documentation for the mapping; it is injective).
func GoIdent(sym string) string {
	var b strings.Builder
	if snake(sym) {
		up := true
		for i := 0; i < len(sym); i++ {
			c := sym[i]
			switch {
			case c == '_':
				up = true
			case up:
				b.WriteByte(c - 'a' + 'A')
				up = false
			default:
				b.WriteByte(c)
			}
		}
		return b.String()
	}
	b.WriteString("X_")
	escapeBytes(&b, sym)
	return b.String()
}

// DecodeGoIdent inverts GoIdent; ok is false if id is not one of its
// results.
func DecodeGoIdent(id string) (sym string, ok bool) {
	if rest, found := strings.CutPrefix(id, "X_"); found {
		s, ok := unescapeBytes(rest)
		if !ok || snake(s) {
			return "", false
		}
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'A' && c <= 'Z':
			if i > 0 {
				b.WriteByte('_')
			}
			b.WriteByte(c - 'A' + 'a')
		case isLower(c) || c >= '0' && c <= '9':
			if i == 0 {
				return "", false
			}
			b.WriteByte(c)
		default:
			return "", false
		}
	}
	s := b.String()
	if !snake(s) || GoIdent(s) != id {
		return "", false
	}
	return s, true
}

func unescapeBytes(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isAlnum(c) {
			b.WriteByte(c)
			continue
		}
		if c != '_' || i+2 >= len(s) {
			return "", false
		}
		v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil || strings.ToUpper(s[i+1:i+3]) != s[i+1:i+3] || isAlnum(byte(v)) {
			return "", false
		}
		b.WriteByte(byte(v))
		i += 2
	}
	return b.String(), true
}

// GoString returns a Go interpreted string literal of s in ASCII.
func GoString(s string) string { return strconv.QuoteToASCII(s) }

// plainComment reports whether s is printable ASCII with no "*/", no "??"
// (a trigraph before C++17) and no trailing backslash.
func plainComment(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e {
			return false
		}
	}
	return !strings.Contains(s, "*/") && !strings.Contains(s, "??") && !strings.HasSuffix(s, `\`)
}

// mlirQuoted writes s as an MLIR string literal: printable ASCII stays
// except `"` and `\`, every other byte is \XX; "*/" is broken as *\2F
// and "??" as ?\3F.
func mlirQuoted(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c == '/' && i > 0 && s[i-1] == '*':
			b.WriteString(`\2F`)
		case c == '?' && i > 0 && s[i-1] == '?':
			b.WriteString(`\3F`)
		case c >= 0x20 && c < 0x7f && c != '"':
			b.WriteByte(c)
		default:
			b.WriteByte('\\')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		}
	}
	b.WriteByte('"')
	return b.String()
}

// GoComment returns s as text for a Go `//` or `/* */` comment: s itself
// if it is printable ASCII without "*/" (and not ending in a backslash),
// else s as an MLIR string literal.
func GoComment(s string) string {
	if plainComment(s) {
		return s
	}
	return mlirQuoted(s)
}

// CppComment returns s as text for a C++ `//` or `/* */` comment, by
// GoComment's rule: one line, ASCII, no "*/", no trailing backslash.
func CppComment(s string) string { return GoComment(s) }

// CppString returns a C++ narrow string literal of s's bytes.
func CppString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\' || c == '?':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			b.WriteByte('\\')
			b.WriteByte('0' + c>>6)
			b.WriteByte('0' + c>>3&7)
			b.WriteByte('0' + c&7)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// cppPlain reports whether s is `[A-Za-z0-9]+(_[A-Za-z0-9]+)*`.
func cppPlain(s string) bool {
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '_' {
			return false
		}
	}
	return true
}

// CppIdent returns an identifier fragment for s (injective; see the
// package documentation). Callers prefix it ("tcp_dml_compile_"), so it
// may start with a digit.
func CppIdent(s string) string {
	if cppPlain(s) {
		return s
	}
	var b strings.Builder
	b.WriteByte('_')
	escapeBytes(&b, s)
	return b.String()
}

// DOTString returns s as a Graphviz double-quoted string.
func DOTString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			b.WriteString(`\\`)
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Symbol returns a symbol reference as MLIR prints it: @name when name is
// a bare identifier ([a-zA-Z_][a-zA-Z0-9_$.-]*), else @"..." with MLIR's
// escapes ("*/" and "??" broken as in GoComment). The result is
// printable ASCII; pass it through GoComment or CppComment like any other
// text.
func Symbol(name string) string {
	bare := name != ""
	for i := 0; i < len(name) && bare; i++ {
		c := name[i]
		bare = c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ||
			i > 0 && (c >= '0' && c <= '9' || c == '$' || c == '.' || c == '-')
	}
	if bare {
		return "@" + name
	}
	return "@" + mlirQuoted(name)
}

// maxShown is how many bytes of a name or location Abbrev keeps.
const maxShown = 96

// Abbrev returns s, or its first bytes and "..." when s is longer than a
// comment should show (a 10 MB symbol name repeated in every comment
// would multiply the output). Pass the result through GoComment,
// CppComment or Symbol like any other text.
func Abbrev(s string) string {
	if len(s) <= maxShown {
		return s
	}
	return s[:maxShown] + "..."
}

// SymbolAbbrev is Symbol of a name abbreviated as Abbrev does: @"first
// bytes"... for a long name.
func SymbolAbbrev(name string) string {
	if len(name) <= maxShown {
		return Symbol(name)
	}
	return Symbol(name[:maxShown]) + "..."
}
