package frontends_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/onnxdata"
	"github.com/tcp-project/tcp/tensor"
)

// TestONNXNodeTestsThroughFrontend regenerates the ONNX 1.12 backend node
// tests for Gather, GatherElements, GatherND and Slice (internal/onnxdata,
// cached), writes each as onnx-mlir would print it (the op in generic
// form with si64 attributes; Slice's starts/ends/axes/steps as
// onnx.Constant), and requires the expected output both from the frontend
// op in the interpreter and after --convert-frontends-to-tcp. Skips
// without python3-onnx, fails under CI=true.
func TestONNXNodeTestsThroughFrontend(t *testing.T) {
	ops := onnxdata.GatherOps
	cases := onnxdata.ForTest(t, ops)
	perOp := map[string]int{}
	for i := range cases {
		c := &cases[i]
		if !slices.Contains(ops, c.OpType) {
			continue
		}
		perOp[c.OpType]++
		t.Run(c.Name, func(t *testing.T) {
			src, args, err := onnxFrontendProgram(c)
			if err != nil {
				t.Fatal(err)
			}
			for _, convert := range []bool{false, true} {
				got, ir, err := run(src, args, convert)
				if err != nil {
					t.Fatalf("convert=%v: %v\n%s\n%s", convert, err, src, ir)
				}
				if d := tensor.Diff(c.Outputs[0], got); d != "" {
					t.Errorf("convert=%v: %s\n%s\n%s", convert, d, src, ir)
				}
			}
		})
	}
	onnxdata.CheckCounts(t, perOp)
}

// onnxFrontendProgram writes @f for one node test in onnx-mlir's form.
func onnxFrontendProgram(c *onnxdata.Case) (string, []*tensor.Tensor, error) {
	in := c.Inputs
	x, out := in[0], c.Outputs[0]
	xt, ot := ty(x.DType, x.Shape, nil), ty(out.DType, out.Shape, nil)
	switch c.OpType {
	case "Gather", "GatherElements", "GatherND":
		name, attr := "axis", "axis"
		if c.OpType == "GatherND" {
			name, attr = "batch_dims", "batch_dims"
		}
		v, err := c.IntAttr(name, 0)
		if err != nil {
			return "", nil, err
		}
		it := ty(in[1].DType, in[1].Shape, nil)
		body := fmt.Sprintf("  %%0 = \"onnx.%s\"(%%x, %%i) {%s = %d : si64} : (%s, %s) -> %s\n", c.OpType, attr, v, xt, it, ot)
		return fn(xt, it, ot, body), in[:2], nil
	case "Slice":
		var b strings.Builder
		operands := []string{"%x"}
		types := []string{xt}
		for k, name := range []string{"starts", "ends", "axes", "steps"} {
			if 1+k >= len(in) {
				fmt.Fprintf(&b, "  %%%s = \"onnx.NoValue\"() {value} : () -> none\n", name)
				operands, types = append(operands, "%"+name), append(types, "none")
				continue
			}
			v := in[1+k]
			vt := ty(v.DType, v.Shape, nil)
			fmt.Fprintf(&b, "  %%%s = onnx.Constant dense<%s> : %s\n", name, ints(v.Int64s()), vt)
			operands, types = append(operands, "%"+name), append(types, vt)
		}
		fmt.Fprintf(&b, "  %%0 = \"onnx.Slice\"(%s) : (%s) -> %s\n", strings.Join(operands, ", "), strings.Join(types, ", "), ot)
		return fmt.Sprintf("func.func @f(%%x: %s) -> %s {\n%s  return %%0 : %s\n}\n", xt, ot, b.String(), ot), in[:1], nil
	}
	return "", nil, fmt.Errorf("no program for %s", c.OpType)
}
