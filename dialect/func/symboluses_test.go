package function_test

import (
	"strings"
	"testing"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
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
