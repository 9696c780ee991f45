package dialecttest

import (
	"strings"
	"testing"

	"github.com/tcp-project/tcp/dialect/arith"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
)

func def(t *testing.T, name string) *ir.OpDef {
	t.Helper()
	for _, d := range ir.Global.Defs() {
		if d.Name == name {
			return d
		}
	}
	t.Fatalf("%s is not registered", name)
	return nil
}

// TestExampleModule: the free values of an example become arguments of
// the wrapper function, typed by their use; a terminator's operand types
// become the function's results; an isolated op stays at the top level.
func TestExampleModule(t *testing.T) {
	for _, tc := range []struct {
		op, ex, prelude, want string
	}{
		{arith.SelectName, "%1 = arith.select %arg3, %arg4, %arg5 : tensor<2xi1>, tensor<2xf32>", "",
			"func.func @docs_example(%arg3: tensor<2xi1>, %arg4: tensor<2xf32>, %arg5: tensor<2xf32>) {\n  %1 = arith.select %arg3, %arg4, %arg5 : tensor<2xi1>, tensor<2xf32>\n  return\n}\n"},
		{function.ReturnName, "return %0 : tensor<2x4xf32>", "",
			"func.func @docs_example(%0: tensor<2x4xf32>) -> (tensor<2x4xf32>) {\n  return %0 : tensor<2x4xf32>\n}\n"},
		{function.FuncName, "func.func private @decl(i64) -> i64", "",
			"func.func private @decl(i64) -> i64\n"},
		{function.CallName, "call @g() : () -> ()", "func.func private @g()",
			"func.func private @g()\nfunc.func @docs_example() {\n  call @g() : () -> ()\n  return\n}\n"},
	} {
		got, _, err := ExampleModule(def(t, tc.op), tc.ex, tc.prelude)
		if err != nil {
			t.Errorf("%s: %v", tc.ex, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.ex, got, tc.want)
		}
	}
}

// TestCheckExample: the docs check rejects examples that do not verify,
// do not print back as written, or are not of the op.
func TestCheckExample(t *testing.T) {
	for _, tc := range []struct {
		op, ex, prelude, wantErr string
	}{
		{arith.AddIName, "%0 = arith.addi %arg0, %arg1 : i64", "", ""},
		{arith.AddIName, "%x = arith.addi %a, %a : i64", "", ""},
		{arith.AddIName, "%0 = arith.addi %arg0, %arg1 : f32", "", "does not verify"},
		{arith.AddFName, "%0 = arith.addf %arg0, %arg1 fastmath<none> : f32", "", "does not print back as written"},
		{arith.AddIName, "%0 = arith.subi %arg0, %arg1 : i64", "", "has no arith.addi op"},
		{arith.AddIName, "%0 = arith.addi %arg0 : i64", "", "does not parse"},
		{function.CallName, "%0 = call @f(%arg0) : (i64) -> i64", "", "does not reference a valid function"},
		{function.CallName, "%0 = call @f(%arg0) : (i64) -> i64", "func.func private @f(i64) -> i64", ""},
		{function.ReturnName, "return %0 : f32", "", ""},
	} {
		err := checkExample(def(t, tc.op), tc.ex, tc.prelude)
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tc.ex, err)
		case tc.wantErr != "" && err == nil:
			t.Errorf("%s: passes, want an error containing %q", tc.ex, tc.wantErr)
		case tc.wantErr != "" && !strings.Contains(err.Error(), tc.wantErr):
			t.Errorf("%s: error\n%v\nwant it to contain %q", tc.ex, err, tc.wantErr)
		}
	}
}

// TestDocProblems: the checks of the original per-dialect TestDocs.
func TestDocProblems(t *testing.T) {
	if p := DocProblems(def(t, arith.AddIName), ""); len(p) != 0 {
		t.Errorf("arith.addi: %q", p)
	}
	bare := &ir.OpDef{Name: "arith.bare"}
	want := []string{"arith.bare: missing summary, description or examples", "arith.bare: no custom assembly form"}
	if got := DocProblems(bare, ""); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", got, want)
	}
	if !spells("return %0 : f32", opSpellings(def(t, function.ReturnName))) {
		t.Error("func.return: `return` (func.func's default dialect) is not accepted")
	}
	if !spells(`%0 = "arith.addi"(%a, %b) : (i64, i64) -> i64`, opSpellings(def(t, arith.AddIName))) {
		t.Error("arith.addi: the generic spelling is not accepted")
	}
	if spells("%0 = arith.subi %a, %b : i64", opSpellings(def(t, arith.AddIName))) {
		t.Error("arith.addi: an arith.subi example is accepted")
	}
}

func TestCanonicalSSA(t *testing.T) {
	got := canonicalSSA("%c-1_i64 = arith.addi %arg0, %c-1_i64 : i64")
	if want := "%v0 = arith.addi %v1, %v0 : i64"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// An op without docs, registered only in this test binary.
var _ = ir.MustRegister(ir.OpDef{Name: "docstest.undocumented"})

// TestCheckDocsKnownGap: an op listed in KnownGaps that fails the check
// does not fail the test (its problems are logged).
func TestCheckDocsKnownGap(t *testing.T) {
	CheckDocs(t, "docstest", DocsOptions{KnownGaps: map[string]string{"docstest.undocumented": "test op"}})
}
