package lit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// w builds a plain word.
func w(s string) word { return word{Text: s} }

// cmd builds a command from plain words.
func cmd(args ...string) command {
	var c command
	for _, a := range args {
		c.Args = append(c.Args, w(a))
	}
	return c
}

func (c command) with(rs ...redirect) command {
	c.Redirects = append(c.Redirects, rs...)
	return c
}

func pipe(cs ...command) pipeline { return pipeline{Commands: cs} }

func one(cs ...command) list { return list{{Pipeline: pipe(cs...)}} }

func TestParseShell(t *testing.T) {
	tests := []struct {
		in   string
		want list
	}{
		{"echo hello world", one(cmd("echo", "hello", "world"))},
		{"  echo\t a  ", one(cmd("echo", "a"))},
		{"tcp-opt %s | FileCheck %s", one(cmd("tcp-opt", "%s"), cmd("FileCheck", "%s"))},
		{"a|b|c", one(cmd("a"), cmd("b"), cmd("c"))},
		// Quoting, as in lit's ShUtil.py and bash.
		{`echo 'a b' "c d"`, one(cmd("echo", "a b", "c d"))},
		{`echo 'a"b' "a'b"`, one(cmd("echo", `a"b`, "a'b"))},
		{`echo "a\"b" "a\\b" "a\nb" "\$"`, one(cmd("echo", `a"b`, `a\b`, `a\nb`, `$`))},
		{`echo a\ b a\"b \\ \'`, one(cmd("echo", "a b", `a"b`, `\`, `'`))},
		{`echo \x 'it'\''s'`, one(cmd("echo", "x", "it's"))},
		{`echo x"y"'z' ""`, one(cmd("echo", "xyz", ""))},
		{`echo '|' "&&" \; \>`, one(cmd("echo", "|", "&&", ";", ">"))},
		{`tcp-opt --pass-pipeline='builtin.module(func.func(canonicalize))' %s`,
			one(cmd("tcp-opt", "--pass-pipeline=builtin.module(func.func(canonicalize))", "%s"))},
		// An unquoted '*' makes a glob; it is left as is when nothing matches.
		{`FileCheck -DVAL={{.*}} %s`, one(command{Args: []word{w("FileCheck"), {Text: "-DVAL={{.*}}", Glob: "-DVAL={{.*}}"}, w("%s")}})},
		{`echo $ a$`, one(cmd("echo", "$", "a$"))},
		{`echo '$x' "a $ b"`, one(cmd("echo", "$x", "a $ b"))},
		{"echo a # a comment", one(cmd("echo", "a"))},
		{"echo a#b", one(cmd("echo", "a#b"))},
		{"echo ~ a~b", nil}, // error: tilde expansion, see below
		// Sequences.
		{"a && b || c ; d", list{
			{Pipeline: pipe(cmd("a"))},
			{Op: "&&", Pipeline: pipe(cmd("b"))},
			{Op: "||", Pipeline: pipe(cmd("c"))},
			{Op: ";", Pipeline: pipe(cmd("d"))},
		}},
		{"a;b;", list{{Pipeline: pipe(cmd("a"))}, {Op: ";", Pipeline: pipe(cmd("b"))}}},
		{"! a | b && c", list{
			{Pipeline: pipeline{Negate: true, Commands: []command{cmd("a"), cmd("b")}}},
			{Op: "&&", Pipeline: pipe(cmd("c"))},
		}},
		{"'!' a", one(cmd("!", "a"))},
		// Redirections.
		{"a < in > out", one(cmd("a").with(redirect{"<", 0, w("in")}, redirect{">", 1, w("out")}))},
		{"a <in >out 2>err", one(cmd("a").with(redirect{"<", 0, w("in")}, redirect{">", 1, w("out")}, redirect{">", 2, w("err")}))},
		{"a >> out 2>> err", one(cmd("a").with(redirect{">>", 1, w("out")}, redirect{">>", 2, w("err")}))},
		{"a 2>&1 | b", one(cmd("a").with(redirect{">&", 2, w("1")}), cmd("b"))},
		{"a 2>&1 >out", one(cmd("a").with(redirect{">&", 2, w("1")}, redirect{">", 1, w("out")}))},
		{"a >&2", one(cmd("a").with(redirect{">&", 1, w("2")}))},
		{"a 1>x 0<y", one(cmd("a").with(redirect{">", 1, w("x")}, redirect{"<", 0, w("y")}))},
		{"a &> x", one(cmd("a").with(redirect{"&>", 1, w("x")}))},
		{"a >& x", one(cmd("a").with(redirect{"&>", 1, w("x")}))},
		{"a 2 > x", one(cmd("a", "2").with(redirect{">", 1, w("x")}))},
		{`a "2">x`, one(cmd("a", "2").with(redirect{">", 1, w("x")}))},
		{"a x2>y", one(cmd("a", "x2").with(redirect{">", 1, w("y")}))},
		{"> %t", one(command{Redirects: []redirect{{">", 1, w("%t")}}})},
		{"a > 'my file'", one(cmd("a").with(redirect{">", 1, w("my file")}))},
		// Globs.
		{`rm -f %t/*.mlir`, one(command{Args: []word{w("rm"), w("-f"), {Text: "%t/*.mlir", Glob: "%t/*.mlir"}}})},
		{`ls a'*'b?`, one(command{Args: []word{w("ls"), {Text: "a*b?", Glob: `a\*b?`}}})},
		{`echo '*' "?" \[`, one(cmd("echo", "*", "?", "["))},
		// Line continuation inside a command line.
		{"echo a\\\nb \"c\\\nd\"", one(cmd("echo", "ab", "cd"))},
	}
	for _, tt := range tests {
		if tt.want == nil {
			continue
		}
		got, err := parseShell(tt.in)
		if err != nil {
			t.Errorf("parseShell(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("parseShell(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
		// Formatting and parsing again gives the same list.
		again, err := parseShell(got.String())
		if err != nil {
			t.Errorf("parseShell(%q): %v", got.String(), err)
			continue
		}
		if diff := cmp.Diff(got, again); diff != "" {
			t.Errorf("round trip of %q through %q mismatch (-want +got):\n%s", tt.in, got.String(), diff)
		}
	}
}

func TestParseShellErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", "column 1: empty command"},
		{"   ", "column 1: empty command"},
		{"echo 'abc", "column 6: missing closing single quote"},
		{`echo "abc`, "column 6: missing closing double quote"},
		{`echo abc\`, `column 9: backslash at end of command`},
		{"a |", "column 4: missing command"},
		{"| a", `column 1: syntax error near unexpected "|"`},
		{"a && ", `column 6: missing command after "&&"`},
		{"a || || b", `column 6: syntax error near unexpected "||"`},
		{"a & b", "column 3: running commands in the background with '&' is not supported"},
		{"a <<EOF", `column 3: unsupported operator "<<"`},
		{"a <&3", `column 3: unsupported operator "<&"`},
		{"a >", `column 4: missing file name after ">"`},
		{"a > | b", `column 5: missing file name after ">"`},
		{"a 3>x", "column 3: unsupported file descriptor 3 (only 0, 1 and 2 are supported)"},
		{"a 2>&3", `column 6: unsupported redirection target "3" after '>&' (only 1 and 2 are supported)`},
		{"a 2>&x", `column 6: unsupported redirection target "x" after '>&' (only 1 and 2 are supported)`},
		{"a 1<x", "column 4: unsupported input redirection of file descriptor 1"},
		{"a 0>x", "column 4: unsupported output redirection of file descriptor 0"},
		{"echo $HOME", "column 6: '$' expansion is not supported"},
		{`echo "${x}"`, "column 7: '$' expansion is not supported"},
		{"echo $(ls)", "column 6: '$' expansion is not supported"},
		{"echo `ls`", "column 6: command substitution with '`' is not supported"},
		{"echo (a)", `column 6: unquoted '(' is not supported (quote the argument)`},
		{"echo a)", `column 7: unquoted ')' is not supported`},
		{"echo ~/x", "column 6: tilde expansion is not supported"},
		{"echo a{b,c}", `column 6: brace expansion is not supported (quote the braces in "a{b,c}")`},
		{"echo {1..3}", `brace expansion is not supported`},
	}
	for _, tt := range tests {
		_, err := parseShell(tt.in)
		if err == nil {
			t.Errorf("parseShell(%q) succeeded, want error containing %q", tt.in, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parseShell(%q) error = %q, want it to contain %q", tt.in, err, tt.want)
		}
	}
}

func FuzzParseShell(f *testing.F) {
	for _, s := range []string{
		"tcp-opt %s | FileCheck %s",
		`not tcp-opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=ERR`,
		`echo 'a b' "c\"d" e\ f > %t && cat < %t >> %t.2; rm -rf %t*`,
		`! a || b &> x >& y 2>> z`,
		"a\\\nb # c",
		`"$" '$x' $ a{b}c {a,b} ~`,
		"a 2>&1 >&2 1>x 0<y",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := parseShell(s)
		if err != nil {
			return
		}
		formatted := l.String()
		again, err := parseShell(formatted)
		if err != nil {
			t.Fatalf("parseShell(%q) ok, but its formatting %q does not parse: %v", s, formatted, err)
		}
		if diff := cmp.Diff(l, again); diff != "" {
			t.Fatalf("parseShell(%q) formatted as %q parses differently (-want +got):\n%s", s, formatted, diff)
		}
	})
}
