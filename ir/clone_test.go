package ir_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// TestClone checks that a cloned module prints like the original, that its
// values are its own (changing the clone leaves the original alone), and
// that both still verify.
func TestClone(t *testing.T) {
	src := `func.func @f(%arg0: tensor<4xf32>, %arg1: tensor<2xi64>) -> tensor<2xf32> {
  %0 = tcp.gather %arg0, %arg1 {dim = 0 : index} : tensor<4xf32>, tensor<2xi64> -> tensor<2xf32>
  %1 = call @g(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @g(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
`
	m, err := parser.Parse("in.mlir", src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	print := func(op *ir.Operation) string {
		var b strings.Builder
		if err := ir.Print(&b, op, ir.PrintOptions{DebugInfo: true}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	want := print(m)
	c := m.Clone()
	if diff := cmp.Diff(want, print(c)); diff != "" {
		t.Fatalf("clone prints differently (-want +got):\n%s", diff)
	}
	if err := ir.Verify(c, false); err != nil {
		t.Fatalf("clone does not verify: %v", err)
	}
	// Make @f of the clone return its gather directly; the original keeps
	// the call.
	f := c.Region(0).Entry().First()
	body := f.Region(0).Entry()
	ret := body.Last()
	ret.SetOperand(0, body.First().Result(0))
	body.First().Next().Erase()
	if got := print(m); got != want {
		t.Errorf("changing the clone changed the original:\n%s", got)
	}
	if err := ir.Verify(c, false); err != nil {
		t.Errorf("modified clone does not verify: %v", err)
	}
	if strings.Contains(print(c), "call @g") {
		t.Errorf("the clone still calls @g:\n%s", print(c))
	}
}
