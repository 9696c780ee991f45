package frontends_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tcp-project/tcp/internal/onnxdata"
	"github.com/tcp-project/tcp/tensor"
)

// TestONNXScatterNodeTests runs ONNX 1.12's backend node tests of
// ScatterElements (with axis, without, negative and duplicate indices with
// reduction add) and ScatterND (none, add, mul), written as onnx-mlir
// prints them, in the interpreter before and after
// --convert-frontends-to-tcp; each must give the expected output. Skips
// without python3-onnx, fails under CI=true.
func TestONNXScatterNodeTests(t *testing.T) {
	ops := []string{"ScatterElements", "ScatterND"}
	cases := onnxdata.ForTest(t, ops)
	perOp := map[string]int{}
	for i := range cases {
		c := &cases[i]
		if !slices.Contains(ops, c.OpType) {
			continue
		}
		perOp[c.OpType]++
		t.Run(c.Name, func(t *testing.T) {
			in, out := c.Inputs, c.Outputs[0]
			xt, it, ut := ty(in[0].DType, in[0].Shape, nil), ty(in[1].DType, in[1].Shape, nil), ty(in[2].DType, in[2].Shape, nil)
			attrs := ""
			if r, ok := c.Attrs["reduction"].(string); ok {
				attrs = fmt.Sprintf("reduction = %q", r)
			}
			if c.OpType == "ScatterElements" {
				a, err := c.IntAttr("axis", 0)
				if err != nil {
					t.Fatal(err)
				}
				if attrs != "" {
					attrs = ", " + attrs
				}
				attrs = fmt.Sprintf("axis = %d : si64", a) + attrs
			}
			src := fmt.Sprintf("func.func @f(%%x: %s, %%i: %s, %%u: %s) -> %s {\n  %%0 = \"onnx.%s\"(%%x, %%i, %%u) {%s} : (%s, %s, %s) -> %s\n  return %%0 : %s\n}\n",
				xt, it, ut, xt, c.OpType, attrs, xt, it, ut, xt, xt)
			for _, convert := range []bool{false, true} {
				got, ir, err := run(src, in[:3], convert)
				if err != nil {
					t.Fatalf("convert=%v: %v\n%s\n%s", convert, err, src, ir)
				}
				if d := tensor.Diff(out, got); d != "" {
					t.Errorf("convert=%v: %s\n%s\n%s", convert, d, src, ir)
				}
			}
		})
	}
	if perOp["ScatterElements"] < 4 || perOp["ScatterND"] < 3 {
		t.Errorf("ran %v node tests, want at least 4 ScatterElements and 3 ScatterND", perOp)
	}
}
