package diagcheck_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/diagcheck"
	"github.com/tcp-project/tcp/ir"
)

func at(line, col int) ir.Location { return ir.FileLineColLoc{File: "x.mlir", Line: line, Col: col} }

const src = "func.func @f() {\n\t%0 = \"a.b\"() : () -> i32\n  %1 = \"a.é\"() : () -> i32\n  return\n}\n"

func TestPrinter(t *testing.T) {
	for _, tc := range []struct {
		name string
		d    *ir.Diagnostic
		want string
	}{
		{"caret", ir.Errorf(at(4, 3), "bad"), "x.mlir:4:3: error: bad\n  return\n  ^\n"},
		{"tab expansion", ir.Errorf(at(2, 7), "tab"), "x.mlir:2:7: error: tab\n        %0 = \"a.b\"() : () -> i32\n             ^\n"},
		{"non-ASCII line has no caret", ir.Errorf(at(3, 8), "utf8"), "x.mlir:3:8: error: utf8\n  %1 = \"a.é\"() : () -> i32\n"},
		{"caret at end of line", ir.Errorf(at(4, 9), "end"), "x.mlir:4:9: error: end\n  return\n        ^\n"},
		{"column past the line", ir.Errorf(at(4, 20), "far"), "x.mlir:4:20: error: far\n"},
		{"line past the file", ir.Errorf(at(40, 1), "far"), "x.mlir:40:1: error: far\n"},
		{"line 0", ir.Errorf(at(0, 0), "zero"), "x.mlir:0:0: error: zero\n"},
		{"other file", ir.Errorf(ir.FileLineColLoc{File: "y.mlir", Line: 1, Col: 1}, "elsewhere"), "y.mlir:1:1: error: elsewhere\n"},
		{"unknown", ir.Errorf(ir.UnknownLoc{}, "lost"), "<unknown>:0: error: lost\n"},
		{"nil location", &ir.Diagnostic{Message: "nil"}, "<unknown>:0: error: nil\n"},
		{"name without file", ir.Errorf(&ir.NameLoc{Name: "n"}, "named"), "<unknown>:0: error: loc(\"n\"): named\n"},
		{"name with file", ir.Errorf(&ir.NameLoc{Name: "n", Child: at(4, 3)}, "named"), "x.mlir:4:3: error: named\n  return\n  ^\n"},
		{"fused", ir.Errorf(&ir.FusedLoc{Locs: []ir.Location{&ir.NameLoc{Name: "n"}, at(5, 1)}}, "fused"), "x.mlir:5:1: error: fused\n}\n^\n"},
		{"call site", ir.Errorf(&ir.CallSiteLoc{Callee: at(4, 3), Caller: at(1, 1)}, "called"),
			"x.mlir:4:3: error: called\n  return\n  ^\nx.mlir:1:1: note: called from\nfunc.func @f() {\n^\n"},
		{"warning and remark", &ir.Diagnostic{Loc: at(4, 3), Severity: ir.SevWarning, Message: "w"}, "x.mlir:4:3: warning: w\n  return\n  ^\n"},
		{"notes", ir.Errorf(at(4, 3), "main").AttachNote(at(4, 3), "same place").AttachNote(at(1, 1), "other place").AttachNote(at(1, 1), "same again"),
			"x.mlir:4:3: error: main\n  return\n  ^\nx.mlir:4:3: note: same place\nx.mlir:1:1: note: other place\nfunc.func @f() {\n^\nx.mlir:1:1: note: same again\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			p := diagcheck.NewPrinter(&b)
			p.AddFile("x.mlir", src)
			p.Print(tc.d)
			if diff := cmp.Diff(tc.want, b.String()); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
			if got := p.Format(tc.d); got != tc.want {
				t.Errorf("Format differs from Print: %q", got)
			}
		})
	}
}

const checked = `// prologue
op1 // expected-error {{first}}
// expected-warning @+1 {{second}}
op2
op3
// expected-remark @-1 {{third}}
// expected-note @above {{fourth}}
// expected-error @below {{fifth}}
// expected-error @below {{sixth}}
op4
// expected-error-re {{seven {{[0-9]+}}}}
// expected-error @unknown {{eighth}}
expected-error    @+0    {{ spaced }}   
`

// The expected lines of checked: first 2, second 4, third 5, fourth 5,
// fifth and sixth 10, seven on 11, eighth unknown, spaced 13.

func TestVerifierMatches(t *testing.T) {
	var b strings.Builder
	p := diagcheck.NewPrinter(&b)
	p.AddFile("x.mlir", checked)
	v := diagcheck.NewVerifier(p, "x.mlir", 1, 14)
	for _, d := range []*ir.Diagnostic{
		ir.Errorf(at(2, 1), "the first one"),
		ir.Errorf(at(2, 1), "first again, matching the same expectation"),
		{Loc: at(4, 1), Severity: ir.SevWarning, Message: "second"},
		ir.Errorf(at(5, 1), "x").AttachNote(at(5, 2), "fourth"),
		{Loc: at(5, 1), Severity: ir.SevRemark, Message: "third"},
		ir.Errorf(at(10, 1), "fifth"),
		ir.Errorf(at(10, 1), "sixth"),
		ir.Errorf(at(11, 1), "seven 42"),
		ir.Errorf(ir.UnknownLoc{}, "the eighth"),
		ir.Errorf(at(13, 1), " spaced "),
	} {
		v.Handle(d)
	}
	// "x" at 5 is unexpected.
	ok := v.Finish()
	want := "x.mlir:5:1: error: unexpected error: x\nop3\n^\n"
	if ok || b.String() != want {
		t.Errorf("Finish() = %v, output:\n%s\nwant:\n%s", ok, b.String(), want)
	}
}

func TestVerifierFailures(t *testing.T) {
	var b strings.Builder
	p := diagcheck.NewPrinter(&b)
	p.AddFile("x.mlir", checked)
	v := diagcheck.NewVerifier(p, "x.mlir", 1, 14)
	v.Handle(&ir.Diagnostic{Loc: at(2, 1), Severity: ir.SevWarning, Message: "first"})
	v.Handle(ir.Errorf(ir.FileLineColLoc{File: "y.mlir", Line: 2, Col: 1}, "first"))
	v.Handle(ir.Errorf(at(11, 1), "seven x"))
	if !v.Failed() {
		t.Error("Failed() = false after unexpected diagnostics")
	}
	if v.Finish() {
		t.Error("Finish() = true")
	}
	want := `x.mlir:2:8: error: 'warning' diagnostic emitted when expecting a 'error'
op1 // expected-error {{first}}
       ^
y.mlir:2:1: error: unexpected error: first
x.mlir:11:1: error: unexpected error: seven x
// expected-error-re {{seven {{[0-9]+}}}}
^
x.mlir:2:8: error: expected error "first" was not produced
op1 // expected-error {{first}}
       ^~~~~
x.mlir:3:4: error: expected warning "second" was not produced
// expected-warning @+1 {{second}}
   ^~~~~~
x.mlir:6:4: error: expected remark "third" was not produced
// expected-remark @-1 {{third}}
   ^~~~~
x.mlir:7:4: error: expected note "fourth" was not produced
// expected-note @above {{fourth}}
   ^~~~~~
x.mlir:8:4: error: expected error "fifth" was not produced
// expected-error @below {{fifth}}
   ^~~~~
x.mlir:9:4: error: expected error "sixth" was not produced
// expected-error @below {{sixth}}
   ^~~~~
x.mlir:11:4: error: expected error "seven {{[0-9]+}}" was not produced
// expected-error-re {{seven {{[0-9]+}}}}
   ^~~~~~~~~~~~~~~~
x.mlir:13:1: error: expected error " spaced " was not produced
expected-error    @+0    {{ spaced }}   
^~~~~~~~
<unknown>:0: error: expected error "eighth" was not produced
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestVerifierRange(t *testing.T) {
	// Only designators in the chunk's lines count.
	var b strings.Builder
	p := diagcheck.NewPrinter(&b)
	p.AddFile("x.mlir", checked)
	v := diagcheck.NewVerifier(p, "x.mlir", 3, 5)
	v.Handle(&ir.Diagnostic{Loc: at(4, 1), Severity: ir.SevWarning, Message: "second"})
	if !v.Finish() {
		t.Errorf("unexpected failure:\n%s", b.String())
	}
	// A dangling @below points past the chunk.
	b.Reset()
	v = diagcheck.NewVerifier(p, "x.mlir", 8, 9)
	v.Handle(ir.Errorf(at(10, 1), "fifth"))
	if v.Finish() {
		t.Error("@below matched a line outside the chunk")
	}
}

func TestVerifierRegexErrors(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"// expected-error-re {{{{}}", "found start of regex with no end '}}'"},
		{"// expected-error-re {{ {{(}} }}", "invalid regex: parentheses not balanced"},
		{"// expected-error-re {{{{[a}}}}", "invalid regex: brackets ([ ]) not balanced"},
		{"// expected-error-re {{{{*}}}}", "invalid regex: repetition-operator operand invalid"},
		{"// expected-error-re {{{{a{3,1} }}}}", "invalid regex: invalid repetition count(s)"},
		{"// expected-error-re {{{{[z-a]}}}}", "invalid regex: invalid character range"},
	} {
		var b strings.Builder
		p := diagcheck.NewPrinter(&b)
		p.AddFile("x.mlir", tc.line+"\n")
		v := diagcheck.NewVerifier(p, "x.mlir", 1, 1)
		if v.Finish() {
			t.Errorf("%s: verification succeeded", tc.line)
		}
		if !strings.HasPrefix(b.String(), "x.mlir:1:4: error: "+tc.want+"\n") {
			t.Errorf("%s: got\n%s\nwant error %q", tc.line, b.String(), tc.want)
		}
	}
}

// A source line longer than 4096 bytes is not shown (as LLVM's
// SMDiagnostic::print): a 16 MB literal is not copied to stderr.
func TestPrinterLongLine(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{4096, "x.mlir:1:2: error: e\n" + "a" + strings.Repeat("9", 4095) + "\n ^\n"},
		{4097, "x.mlir:1:2: error: e\n"},
		{16 << 20, "x.mlir:1:2: error: e\n"},
	} {
		var b strings.Builder
		p := diagcheck.NewPrinter(&b)
		p.AddFile("x.mlir", "a"+strings.Repeat("9", tc.n-1)+"\n")
		p.Print(ir.Errorf(at(1, 2), "e"))
		if diff := cmp.Diff(tc.want, b.String()); diff != "" {
			t.Errorf("line of %d bytes: mismatch (-want +got):\n%s", tc.n, diff)
		}
	}
}
