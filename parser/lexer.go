package parser

// The hand-written lexer of operations.
//
// Token values are substrings of the source, never copies. Tokens are made
// lazily, one lookahead at a time (tokenStream), so no token buffer
// proportional to the input exists. Builtin types and attributes that start with a keyword and
// an angle bracket (tensor<…>, dense<…>, array<…>), dialect types and
// attributes with a body (!torch.vtensor<…>, #stablehlo.gather<…>) and
// locations (loc(…)) are single tokens: their bodies are parsed from the
// token text by textParser, which keeps the token stream short on the hot
// path.

import (
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// tokType classifies a token.
type tokType int8

// Token types.
const (
	tEOF         tokType = iota
	tBare                // identifiers and keywords: func.func, f32, dense
	tPercent             // %0, %arg0, %int-1, %0#1
	tCaret               // ^bb0
	tAt                  // @f, @"name"
	tHash                // #alias, #dialect.attr
	tHashBody            // #dialect.attr<…>
	tBang                // !alias, !torch.int
	tBangBody            // !torch.vtensor<…>
	tString              // "text"
	tInt                 // 42, 0x7FC00000
	tFloat               // 1.5, 2.0e-3
	tPunct               // ( ) { } [ ] < > , : = ? * + - -> ...
	tBuiltinType         // tensor<…>, vector<…>, memref<…>, complex<…>, tuple<…>
	tBuiltinAttr         // dense<…>, array<…>, affine_map<…>, …
	tLoc                 // loc(…)
	tFileMeta            // {-# … #-}
)

// token is one lexeme; val is a substring of the source.
type token struct {
	typ       tokType
	val       string
	off       int
	line, col int
}

// EOF reports whether t is the end of input.
func (t *token) EOF() bool { return t.typ == tEOF }

var builtinTypeKeywords = map[string]bool{"tensor": true, "vector": true, "memref": true, "complex": true, "tuple": true}
var builtinAttrKeywords = map[string]bool{
	"dense": true, "array": true, "affine_map": true, "affine_set": true, "dense_resource": true,
	"sparse": true, "opaque": true, "strided": true, "distinct": true,
}

type mlirLexer struct {
	src       string
	file      string
	pos       int
	line, col int
}

func (l *mlirLexer) position() token {
	return token{off: l.pos, line: l.line, col: l.col}
}

func (l *mlirLexer) errorf(p token, format string, args ...any) error {
	return ir.Errorf(ir.FileLineColLoc{File: l.file, Line: p.line, Col: p.col}, format, args...)
}

// advance moves over n bytes, tracking lines and columns.
func (l *mlirLexer) advance(n int) {
	end := l.pos + n
	for l.pos < end {
		if l.src[l.pos] == '\n' {
			l.line++
			l.col = 1
		} else {
			l.col++
		}
		l.pos++
	}
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentChar(c byte) bool {
	return isIdentStart(c) || isDigit(c) || c == '$' || c == '.'
}
func isSuffixChar(c byte) bool { return isIdentChar(c) || c == '-' }

func (l *mlirLexer) next() (token, error) {
	s := l.src
	// Skip whitespace and comments.
	for l.pos < len(s) {
		c := s[l.pos]
		if c == ' ' || c == '\t' || c == '\r' {
			l.pos++
			l.col++
			continue
		}
		if c == '\n' {
			l.pos++
			l.line++
			l.col = 1
			continue
		}
		if c == '/' && l.pos+1 < len(s) && s[l.pos+1] == '/' {
			j := strings.IndexByte(s[l.pos:], '\n')
			if j < 0 {
				j = len(s) - l.pos
			}
			l.advance(j)
			continue
		}
		break
	}
	start := l.position()
	if l.pos >= len(s) {
		start.typ = tEOF
		return start, nil
	}
	c := s[l.pos]
	tok := func(t tokType, n int) (token, error) {
		start.typ, start.val = t, s[l.pos:l.pos+n]
		l.advance(n)
		return start, nil
	}
	rest := s[l.pos:]
	switch {
	case isIdentStart(c):
		n := 1
		for n < len(rest) && isIdentChar(rest[n]) {
			n++
		}
		word := rest[:n]
		if n < len(rest) && rest[n] == '<' {
			if builtinTypeKeywords[word] {
				m, err := l.balanced(rest, n, start)
				if err != nil {
					return token{}, err
				}
				return tok(tBuiltinType, m)
			}
			if builtinAttrKeywords[word] {
				m, err := l.balanced(rest, n, start)
				if err != nil {
					return token{}, err
				}
				return tok(tBuiltinAttr, m)
			}
		}
		if word == "loc" && n < len(rest) && rest[n] == '(' {
			m, err := l.balanced(rest, n, start)
			if err != nil {
				return token{}, err
			}
			return tok(tLoc, m)
		}
		return tok(tBare, n)
	case isDigit(c):
		return l.number(rest, start)
	case c == '"':
		n, err := l.stringLen(rest, start)
		if err != nil {
			return token{}, err
		}
		return tok(tString, n)
	case c == '%':
		n := 1
		for n < len(rest) && isSuffixChar(rest[n]) {
			n++
		}
		if n == 1 {
			return token{}, l.errorf(start, "invalid SSA name")
		}
		if n < len(rest) && rest[n] == '#' && n+1 < len(rest) && isDigit(rest[n+1]) {
			n++
			for n < len(rest) && isDigit(rest[n]) {
				n++
			}
		}
		return tok(tPercent, n)
	case c == '^':
		n := 1
		for n < len(rest) && isSuffixChar(rest[n]) {
			n++
		}
		if n == 1 {
			return token{}, l.errorf(start, "invalid block name")
		}
		return tok(tCaret, n)
	case c == '@':
		if len(rest) > 1 && rest[1] == '"' {
			n, err := l.stringLen(rest[1:], start)
			if err != nil {
				return token{}, err
			}
			return tok(tAt, n+1)
		}
		n := 1
		for n < len(rest) && isSuffixChar(rest[n]) {
			n++
		}
		if n == 1 {
			return token{}, l.errorf(start, "invalid symbol reference")
		}
		return tok(tAt, n)
	case c == '#' || c == '!':
		n := 1
		for n < len(rest) && isSuffixChar(rest[n]) {
			n++
		}
		if n == 1 {
			if c == '#' && len(rest) > 1 && rest[1] == '-' {
				break
			}
			return token{}, l.errorf(start, "invalid %s name", map[byte]string{'#': "attribute", '!': "type"}[c])
		}
		if n < len(rest) && rest[n] == '<' {
			m, err := l.balanced(rest, n, start)
			if err != nil {
				return token{}, err
			}
			if c == '#' {
				return tok(tHashBody, m)
			}
			return tok(tBangBody, m)
		}
		if c == '#' {
			return tok(tHash, n)
		}
		return tok(tBang, n)
	case c == '-':
		if len(rest) > 1 && rest[1] == '>' {
			return tok(tPunct, 2)
		}
		return tok(tPunct, 1)
	case c == '{':
		if len(rest) > 1 && rest[1] == '-' && len(rest) > 2 && rest[2] == '#' {
			j := strings.Index(rest, "#-}")
			if j < 0 {
				return token{}, l.errorf(start, "unterminated file metadata dictionary")
			}
			return tok(tFileMeta, j+3)
		}
		return tok(tPunct, 1)
	case c == '.':
		if strings.HasPrefix(rest, "...") {
			return tok(tPunct, 3)
		}
	}
	if strings.IndexByte("(){}[]<>,:=?*+|", c) >= 0 {
		return tok(tPunct, 1)
	}
	return token{}, l.errorf(start, "unexpected character")
}

func (l *mlirLexer) number(rest string, start token) (token, error) {
	n := 0
	if strings.HasPrefix(rest, "0x") && len(rest) > 2 && isHex(rest[2]) {
		n = 2
		for n < len(rest) && isHex(rest[n]) {
			n++
		}
		start.typ, start.val = tInt, rest[:n]
		l.advance(n)
		return start, nil
	}
	for n < len(rest) && isDigit(rest[n]) {
		n++
	}
	typ := tInt
	if n < len(rest) && rest[n] == '.' && !(n+1 < len(rest) && rest[n+1] == '.') {
		typ = tFloat
		n++
		for n < len(rest) && isDigit(rest[n]) {
			n++
		}
		if n < len(rest) && (rest[n] == 'e' || rest[n] == 'E') {
			m := n + 1
			if m < len(rest) && (rest[m] == '+' || rest[m] == '-') {
				m++
			}
			if m < len(rest) && isDigit(rest[m]) {
				for m < len(rest) && isDigit(rest[m]) {
					m++
				}
				n = m
			}
		}
	}
	start.typ, start.val = typ, rest[:n]
	l.advance(n)
	return start, nil
}

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// stringLen returns the length of the string literal at the start of s.
func (l *mlirLexer) stringLen(s string, start token) (int, error) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1, nil
		case '\n':
			return 0, l.errorf(start, "expected '\"' in string literal")
		}
	}
	return 0, l.errorf(start, "expected '\"' in string literal")
}

// balanced returns the length of s[:open] plus the bracketed group that
// starts at s[open] ('<' or '('), honouring nested brackets and strings.
func (l *mlirLexer) balanced(s string, open int, start token) (int, error) {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '<', '(', '[', '{':
			depth++
		case '>':
			if i > 0 && s[i-1] == '-' { // an arrow inside a function type
				continue
			}
			depth--
		case ')', ']', '}':
			depth--
		case '"':
			n, err := l.stringLen(s[i:], start)
			if err != nil {
				return 0, err
			}
			i += n - 1
		}
		if depth == 0 {
			return i + 1, nil
		}
	}
	return 0, l.errorf(start, "unbalanced '%c' in %s", s[open], strings.TrimSpace(s[:open]))
}
