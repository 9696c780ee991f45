package lit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseTestScript(t *testing.T) {
	run := func(start, end int, text string) *directive {
		return &directive{keyword: "RUN:", startLine: start, endLine: end, text: text}
	}
	tests := []struct {
		name string
		in   string
		want *testScript
	}{
		{"comment styles", `// RUN: a
# RUN: b
; RUN: c
RUN:d
-- RUN: e   ` + "\r" + `
not a run line
`, &testScript{script: []*directive{run(1, 1, " a"), run(2, 2, " b"), run(3, 3, " c"), run(4, 4, "d"), run(5, 5, " e")}}},
		{"continuations", `// RUN: a \
// RUN:   b \
// CHECK: ignored
// RUN: c
// RUN: d\
// REQUIRES: x
// RUN: e`, &testScript{
			script:   []*directive{run(1, 4, " a    b  c"), run(5, 7, " d e")},
			requires: []string{"x"},
		}},
		{"leftmost keyword", "// RUN: echo REQUIRES: x\n// CHECK: RUN: y", &testScript{
			script: []*directive{run(1, 1, " echo REQUIRES: x"), run(2, 2, " y")},
		}},
		{"feature lists", `// RUN: a
// REQUIRES: x, y && z
// REQUIRES: w && \
// REQUIRES: ,v,
// UNSUPPORTED: !x
// XFAIL: *
// XFAIL: {{arm.*}} || x`, &testScript{
			script:      []*directive{run(1, 1, " a")},
			requires:    []string{"x", "y && z", "w && v"},
			unsupported: []string{"!x"},
			xfails:      []string{"*", "{{arm.*}} || x"},
		}},
		{"line numbers", "\n// RUN: a %(line) %(line+1) %(line - 2) %(line)x\n", &testScript{
			script: []*directive{run(2, 2, " a 2 3 0 2x")},
		}},
		{"end", "// RUN: a\n// END.\n// RUN: b\n", &testScript{script: []*directive{run(1, 1, " a")}}},
		{"end with text is not the end", "// RUN: a\n// END. not\n// RUN: b\n", &testScript{
			script: []*directive{run(1, 1, " a"), run(3, 3, " b")},
		}},
		{"define", "// DEFINE: %{x} = a \\\n// DEFINE:   b\n// RUN: %{x}\n// REDEFINE: %{x}=c", &testScript{
			script: []*directive{
				{keyword: "DEFINE:", startLine: 1, endLine: 2, text: " %{x} = a b"},
				run(3, 3, " %{x}"),
				{keyword: "REDEFINE:", startLine: 4, endLine: 4, text: " %{x}=c"},
			},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseTestScript([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(testScript{}, directive{})); diff != "" {
				t.Errorf("parseTestScript mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseTestScriptErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", "test has no 'RUN:' line"},
		{"// RUN: a \\", `test has unterminated "RUN:" directive (with '\') at line 1`},
		{"// RUN: a \\\n// RUN: b \\", `test has unterminated "RUN:" directive (with '\') from line 1 to 2`},
		{"// RUN: a \\\n// DEFINE: %{x}=y\n// RUN: b", `test has unterminated "RUN:" directive`},
		{"// RUN: a\n// REQUIRES: x \\", `test has unterminated "REQUIRES:" lines`},
		{"// RUN: a\n// REQUIRES: x &&", "expected '!', '(', '{{', or identifier, have <end of expression> in expression \"x &&\"\nin REQUIRES: directive on test line 2"},
		{"// RUN: a\n// XFAIL: (x", "expected ')'"},
		{"// RUN: a\n// UNSUPPORTED: x $", "couldn't parse text \"$\""},
		{"// RUN: a\n// ALLOW_RETRIES: x", "ALLOW_RETRIES: requires an integer"},
		{"// DEFINE: x = y\n// RUN: a", `substitution name "x" is malformed`},
		{"// DEFINE: %{x} y\n// RUN: a", "substitution's definition does not contain '='"},
		{"// DEFINE: %{x} = \\\n// DEFINE:\n// RUN: a", "substitution's continuation is empty"},
	}
	for _, tt := range tests {
		_, err := parseTestScript([]byte(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parseTestScript(%q) error = %v, want it to contain %q", tt.in, err, tt.want)
		}
	}
}

func TestEvalBool(t *testing.T) {
	features := map[string]bool{"x86": true, "linux": true, "asan": false, "target=x86_64-linux": true}
	tests := []struct {
		expr string
		want bool
	}{
		{"x86", true},
		{"arm", false},
		{"asan", false},
		{"true", true},
		{"!x86", false},
		{"!!x86", true},
		{"x86 && linux", true},
		{"x86 && arm", false},
		{"arm || linux", true},
		{"arm || asan", false},
		{"!(arm || asan) && x86", true},
		{"arm || x86 && !linux", false},
		{"{{x8.}}", true},
		{"{{x8}}", false},
		{"target={{.*}}-linux", true},
		{"target={{.*}}-windows", false},
		{"{{t.*}}", true},
		{"  x86  ", true},
	}
	for _, tt := range tests {
		got, err := evalBool(tt.expr, features)
		if err != nil {
			t.Errorf("evalBool(%q): %v", tt.expr, err)
			continue
		}
		if got != tt.want {
			t.Errorf("evalBool(%q) = %v, want %v", tt.expr, got, tt.want)
		}
	}
	for _, bad := range []string{"", "x86 &&", "(x86", "x86)", "x86 linux", "&& x", "!", "a, b", "{{(}}"} {
		if _, err := evalBool(bad, features); err == nil {
			t.Errorf("evalBool(%q) succeeded, want an error", bad)
		}
	}
}

func TestSubstitute(t *testing.T) {
	substs := []Substitution{{"%{a}", "A%b"}, {"%b", "B"}, {"%s", "/src/t.mlir"}, {"%t", "/tmp/t.tmp"}}
	features := map[string]bool{"on": true}
	tests := []struct {
		in, want string
	}{
		{"x %s y", "x /src/t.mlir y"},
		{"%s%t", "/src/t.mlir/tmp/t.tmp"},
		{"%%s %%%s 100%%", "%s %/src/t.mlir 100%"},
		{"%{a}", "AB"}, // substitutions apply in order: %b is expanded after %{a}
		{"%unknown", "%unknown"},
		{"   padded  ", "padded"},
		{"%if on %{yes%} %else %{no%}", "yes"},
		{"%if !on %{yes%} %else %{no%}", "no"},
		{"%if off %{yes%}", ""},
		{"a %if on %{ %s %} b", "a  /src/t.mlir  b"},
		{"%if on %{ %if on %{ in %} %} %iffy", "in   %iffy"},
	}
	for _, tt := range tests {
		got, err := substitute(tt.in, substs, features)
		if err != nil {
			t.Errorf("substitute(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("substitute(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	var substs2 []Substitution
	for i := range 30 {
		substs2 = append(substs2, Substitution{fmt.Sprintf("%%{x%d}", i), fmt.Sprintf("%%{x%d}%%{x%d}", i+1, i+1)})
	}
	if _, err := substitute("%{x0}", substs2, nil); err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("exponential substitution: error = %v, want a length error", err)
	}
	for _, bad := range []string{"%if on", "%if on %{ x", "%if on %{ x %} %else y", "%if on %{ x %} %else %{ y", "%if ) %{ x %}"} {
		if got, err := substitute(bad, substs, features); err == nil {
			t.Errorf("substitute(%q) = %q, want an error", bad, got)
		}
	}
}

func TestApplyDefinition(t *testing.T) {
	substs := []Substitution{{"%s", "S"}, {"%{x}", "X"}}
	def := func(kw, text string) *directive { return &directive{keyword: kw, startLine: 1, endLine: 1, text: text} }
	got, err := applyDefinition(def("DEFINE:", " %{y} = Y  "), substs)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Substitution{{"%{y}", "Y"}, {"%s", "S"}, {"%{x}", "X"}}, got); diff != "" {
		t.Errorf("DEFINE mismatch (-want +got):\n%s", diff)
	}
	got, err = applyDefinition(def("REDEFINE:", "%{x}=Z"), substs)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Substitution{{"%s", "S"}, {"%{x}", "Z"}}, got); diff != "" {
		t.Errorf("REDEFINE mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]Substitution{{"%s", "S"}, {"%{x}", "X"}}, substs); diff != "" {
		t.Errorf("REDEFINE modified its input (-want +got):\n%s", diff)
	}
	if _, err := applyDefinition(def("DEFINE:", "%{x}=again"), substs); err == nil {
		t.Error("DEFINE of an existing substitution succeeded")
	}
	if _, err := applyDefinition(def("REDEFINE:", "%{new}=v"), substs); err == nil {
		t.Error("REDEFINE of an undefined substitution succeeded")
	}
}

// FuzzTestScript checks that parsing a test file, substituting its RUN
// lines and parsing them with the shell never panics.
func FuzzTestScript(f *testing.F) {
	f.Add("// RUN: tcp-opt %s | FileCheck %s\n// CHECK: x\n")
	f.Add("// DEFINE: %{x} = a \\\n// DEFINE: b\n// RUN: %{x} %(line+1) %if f %{ y %} %else %{ z %}\n// REQUIRES: f || {{g.*}}\n// XFAIL: *\n")
	f.Add("RUN: a \\\nREDEFINE: %{x}=y\n; RUN: %%s %t > %T/x 2>&1\n# END.\n")
	f.Fuzz(func(t *testing.T, data string) {
		ts, err := parseTestScript([]byte(data))
		if err != nil {
			return
		}
		features := map[string]bool{"f": true}
		for _, e := range append(append(ts.requires, ts.unsupported...), ts.xfails...) {
			evalBool(e, features)
		}
		substs := defaultSubstitutions("/src/t.mlir", "/tmp/x", "/tmp/x/t.mlir")
		for _, d := range ts.script {
			if d.keyword != "RUN:" {
				if s, err := applyDefinition(d, substs); err == nil {
					substs = s
				}
				continue
			}
			line, err := substitute(d.text, substs, features)
			if err != nil {
				continue
			}
			parseShell(line)
		}
	})
}
