package tcp_test

import (
	"strings"
	"testing"

	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// TestBuildScatter: the builders print the ops' canonical form, defaults
// left out, and the result verifies.
func TestBuildScatter(t *testing.T) {
	src := `func.func @f(%x: tensor<8x3xf32>, %i: tensor<4x1xi64>, %u: tensor<4x3xf32>, %j: tensor<8x3xi64>, %v: tensor<8x3xf32>) -> (tensor<8x3xf32>, tensor<8x3xf32>) {
  return %x, %x : tensor<8x3xf32>, tensor<8x3xf32>
}
`
	m, err := parser.Parse("b.mlir", src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ret *ir.Operation
	m.Walk(ir.PreOrder, func(op *ir.Operation) {
		if op.Name() == "func.return" {
			ret = op
		}
	})
	args := ret.Block().Arguments()
	rw := ir.NewRewriter(nil, nil)
	rw.SetInsertionPointBefore(ret)
	a := tcp.BuildScatterND(rw, ret.Loc(), args[0], args[1], args[2], 0, tcp.ScatterAttrs{Combine: "add", Mode: "drop", UniqueIndices: true})
	b := tcp.BuildScatter(rw, ret.Loc(), a.Result(0), args[3], args[4], 1, tcp.ScatterAttrs{Combine: tcp.CombineReplace, Mode: tcp.ModePromiseInBounds})
	ret.SetOperand(0, a.Result(0))
	ret.SetOperand(1, b.Result(0))
	if err := ir.Verify(m, false); err != nil {
		t.Fatal(err)
	}
	out := m.String()
	for _, want := range []string{
		`tcp.scatter_nd %arg0, %arg1, %arg2 {combine = "add", mode = "drop", unique_indices} : tensor<8x3xf32>, tensor<4x1xi64>, tensor<4x3xf32> -> tensor<8x3xf32>`,
		`tcp.scatter %0, %arg3, %arg4 {dim = 1 : index} : tensor<8x3xf32>, tensor<8x3xi64>, tensor<8x3xf32> -> tensor<8x3xf32>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}
