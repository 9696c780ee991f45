package function_test

import (
	"strings"
	"testing"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
)

// TestCallSymbolUses checks that a call's callee is checked when its
// module is verified, and not when its function is verified alone (as
// after a function pass, while other functions may change in parallel).
func TestCallSymbolUses(t *testing.T) {
	src := `func.func @callee(%a: i32) -> i32 {
  return %a : i32
}
func.func @caller(%a: i64) -> i64 {
  %0 = call @callee(%a) : (i64) -> i64
  return %0 : i64
}
`
	m, err := parser.Parse("calls.mlir", src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = ir.Verify(m, false)
	if err == nil || !strings.Contains(err.Error(), "operand type mismatch") {
		t.Errorf("module: got %v, want the operand type mismatch", err)
	}
	caller := function.Lookup(m, "caller")
	if err := ir.Verify(caller, false); err != nil {
		t.Errorf("function alone: got %v, want no symbol-use check", err)
	}
	if err := ir.VerifyWith(m, ir.VerifyOptions{DisableThreading: true}); err == nil {
		t.Error("module without threading: the call was not checked")
	}
}

// retypeCallee is a function pass that breaks the module: it changes
// @callee's argument type, which its callers still use.
type retypeCallee struct{}

var retypeInfo = &pass.Info{Argument: "test-retype-callee", Anchor: function.FuncName}

func (retypeCallee) Info() *pass.Info { return retypeInfo }
func (retypeCallee) Run(op *ir.Operation) error {
	if (function.FuncOp{Operation: op}).Name() == "callee" {
		// A valid function on its own: @callee(%a: i64) -> i64.
		op.SetAttr("function_type", ir.TypeAttr{Type: ir.Function([]ir.Type{ir.I64}, []ir.Type{ir.I64})})
		op.Region(0).Entry().Argument(0).SetType(ir.I64)
	}
	return nil
}

// TestSymbolUsesAfterNestedPipeline checks that the pass manager verifies
// the module's symbol uses after a nested function pipeline (as MLIR
// verifies the module after a pass adaptor), with and without threads.
func TestSymbolUsesAfterNestedPipeline(t *testing.T) {
	src := `func.func @callee(%a: i32) -> i32 {
  return %a : i32
}
func.func @caller(%a: i32) -> i32 {
  %0 = call @callee(%a) : (i32) -> i32
  return %0 : i32
}
`
	for _, threads := range []bool{true, false} {
		m, err := parser.Parse("calls.mlir", src, parser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		pm := pass.NewManager(ir.ModuleName)
		pm.Nest(function.FuncName).AddPass(retypeCallee{})
		pm.VerifyEach = true
		pm.DisableThreading = !threads
		err = pm.Run(m)
		pe, ok := err.(*pass.Error)
		if !ok || !pe.Verify || !strings.Contains(err.Error(), "operand type mismatch") {
			t.Errorf("threads=%v: got %v, want the call's operand type mismatch after the pass", threads, err)
		}
	}
}
