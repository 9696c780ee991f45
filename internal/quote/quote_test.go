package quote

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

var hostileNames = []string{
	"", "f", "gather_rows", "gatherRows", "GatherRows", "a_1", "a1", "_", "__", "a__b", "a_", "_a",
	"x\nfunc init() {}\n//", "a\x00b", "\ufeffbom", `q"uote`, "١digit", "٣", "workers", "f_dims",
	"*/", "a\\", "\xff\xfe", "X_", "x_5F", "é", "a.b", "a_2Eb", "??=", "a\rb", "\u2028",
}

func TestGoIdent(t *testing.T) {
	tests := []struct{ in, want string }{
		{"gather_rows", "GatherRows"},
		{"f", "F"},
		{"take_fill_axis0", "TakeFillAxis0"},
		{"gatherRows", "X_gatherRows"},
		{"a.b", "X_a_2Eb"},
		{"", "X_"},
		{"a_1", "X_a_5F1"},
		{"x\nfunc", "X_x_0Afunc"},
	}
	for _, tt := range tests {
		if got := GoIdent(tt.in); got != tt.want {
			t.Errorf("GoIdent(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestGoIdentInjective checks that every result is an exported Go
// identifier that decodes back to its name, and that no two names share
// one.
func TestGoIdentInjective(t *testing.T) {
	seen := map[string]string{}
	for _, n := range hostileNames {
		checkGoIdent(t, n)
		id := GoIdent(n)
		if prev, ok := seen[id]; ok {
			t.Errorf("GoIdent(%q) = GoIdent(%q) = %q", n, prev, id)
		}
		seen[id] = n
	}
}

func checkGoIdent(t *testing.T, n string) {
	t.Helper()
	id := GoIdent(n)
	if !token.IsIdentifier(id) || !token.IsExported(id) || token.IsKeyword(id) {
		t.Errorf("GoIdent(%q) = %q is not an exported identifier", n, id)
	}
	back, ok := DecodeGoIdent(id)
	if !ok || back != n {
		t.Errorf("DecodeGoIdent(GoIdent(%q) = %q) = %q, %v", n, id, back, ok)
	}
}

// checkGoText parses a Go file holding s as a comment and as a string
// and fails unless the file has exactly the one declaration.
func checkGoText(t *testing.T, s string) {
	t.Helper()
	src := "package p\n\n// " + GoComment(s) + "\n/* " + GoComment(s) + " */\nvar V = " + GoString(s) + "\n"
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("%q: %v\n%s", s, err, src)
	}
	if len(f.Decls) != 1 {
		t.Fatalf("%q: %d declarations, want 1\n%s", s, len(f.Decls), src)
	}
	if strings.Count(src, "\n") != 5 {
		t.Fatalf("%q: comment spans lines:\n%s", s, src)
	}
}

// checkCpp fails if CppString or CppComment of s could end the literal
// or comment, start a preprocessor line or splice lines.
func checkCpp(t *testing.T, s string) {
	t.Helper()
	for _, out := range []string{CppString(s), CppComment(s)} {
		for i := 0; i < len(out); i++ {
			if c := out[i]; c < 0x20 || c > 0x7e {
				t.Fatalf("%q -> %q: byte %#x", s, out, c)
			}
		}
		if strings.HasSuffix(out, `\`) || strings.Contains(out, "??") {
			t.Fatalf("%q -> %q", s, out)
		}
	}
	if c := CppComment(s); strings.Contains(c, "*/") {
		t.Fatalf("%q -> comment %q", s, c)
	}
	lit := CppString(s)
	// Walk the literal as a C++ lexer does: it must end exactly at the end.
	body := lit[1:]
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '\\':
			i++
		case '"':
			if i != len(body)-1 {
				t.Fatalf("%q -> %s: the literal ends early", s, lit)
			}
		}
	}
	if id := CppIdent(s); strings.Trim(id, "_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" {
		t.Fatalf("CppIdent(%q) = %q", s, id)
	}
}

func checkDOT(t *testing.T, s string) {
	t.Helper()
	q := DOTString(s)
	body := q[1 : len(q)-1]
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '\\':
			i++
		case c == '"' || c < 0x20 || c > 0x7e:
			t.Fatalf("%q -> %s", s, q)
		}
	}
}

func TestHostileText(t *testing.T) {
	cppIDs := map[string]string{}
	for _, n := range hostileNames {
		checkGoText(t, n)
		checkCpp(t, n)
		checkDOT(t, n)
		id := CppIdent(n)
		if prev, ok := cppIDs[id]; ok {
			t.Errorf("CppIdent(%q) = CppIdent(%q) = %q", n, prev, id)
		}
		cppIDs[id] = n
	}
	for in, want := range map[string]string{"f": "@f", "a.b$-1": "@a.b$-1", "": `@""`, "1x": `@"1x"`, "*/": `@"*\2F"`, "q\"\n": `@"q\22\0A"`} {
		if got := Symbol(in); got != want || GoComment(got) != got {
			t.Errorf("Symbol(%q) = %s, want %s", in, got, want)
		}
	}
	if got, want := GoComment("x\nfunc init() {}"), `"x\0Afunc init() {}"`; got != want {
		t.Errorf("GoComment = %s, want %s", got, want)
	}
	if got, want := CppString("a\x01b?\"\\"), `"a\001b\?\"\\"`; got != want {
		t.Errorf("CppString = %s, want %s", got, want)
	}
}

func FuzzQuote(f *testing.F) {
	for _, n := range hostileNames {
		f.Add(n)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkGoIdent(t, s)
		checkGoText(t, s)
		checkCpp(t, s)
		checkDOT(t, s)
	})
}
