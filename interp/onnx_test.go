package interp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/onnxdata"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

// TestONNXNodeTests regenerates the ONNX 1.12 backend node tests for
// Gather, GatherElements, GatherND and Slice (internal/onnxdata, cached),
// writes each case as a tcp program and runs it through the parser, the
// verifier and the interpreter:
//
//	Gather          the §5.1 recipe, mode wrap_negative (collapse for 0-d indices)
//	GatherElements  tcp.gather {dim = axis, mode = "wrap_negative"}
//	GatherND        tcp.gather_nd {batch_dims, mode = "wrap_negative"}
//	Slice           tcp.slice with constant starts/sizes/strides from
//	                kernel.ONNXSliceParams (the Slice inputs are constants)
//
// The data and indices are function arguments. Skips without python3-onnx
// (TCP_PYTHON), fails under CI=true.
func TestONNXNodeTests(t *testing.T) {
	for _, op := range []string{"arith.constant", "tensor.expand_shape", "tensor.collapse_shape"} {
		if m := missingOps(op); len(m) > 0 {
			t.Fatalf("needs ops that are not registered: %v (register them; a test never skips for a missing op)", m)
		}
	}
	cases := onnxdata.ForTest(t, onnxdata.GatherOps)
	perOp := map[string]int{}
	for i := range cases {
		c := &cases[i]
		switch c.OpType {
		case "Gather", "GatherElements", "GatherND", "Slice":
		default:
			continue
		}
		perOp[c.OpType]++
		t.Run(c.Name, func(t *testing.T) {
			src, args, err := onnxProgram(c)
			if err != nil {
				t.Fatal(err)
			}
			got, err := runOracleCase(oracleCase{ir: src, inputs: args})
			if err != nil {
				t.Fatalf("%v\n%s", err, src)
			}
			if len(c.Outputs) != 1 {
				t.Fatalf("%d outputs", len(c.Outputs))
			}
			if d := tensor.Diff(c.Outputs[0], got); d != "" {
				t.Errorf("%s\n got %s\nwant %s\n%s", d, tensor.Format(got), tensor.Format(c.Outputs[0]), src)
			}
		})
	}
	onnxdata.CheckCounts(t, perOp)
}

// onnxProgram writes the tcp program @f for one node test and returns the
// arguments to run it with.
func onnxProgram(c *onnxdata.Case) (string, []*tensor.Tensor, error) {
	in := c.Inputs
	x := in[0]
	tx := ty(x.DType, x.Shape, false)
	axis := func() (int, error) {
		a, err := c.IntAttr("axis", 0)
		if a < 0 {
			a += int64(x.Rank())
		}
		return int(a), err
	}
	switch c.OpType {
	case "Gather":
		a, err := axis()
		if err != nil {
			return "", nil, err
		}
		body, out := recipe(x.DType, in[1].DType, x.Shape, in[1].Shape, a, "wrap_negative", false, true)
		return fmt.Sprintf("func.func @f(%%x: %s, %%i: %s) -> %s {\n%s  return %%0 : %s\n}", tx, ty(in[1].DType, in[1].Shape, false), out, body, out), in[:2], nil
	case "GatherElements":
		a, err := axis()
		if err != nil {
			return "", nil, err
		}
		ti, to := ty(in[1].DType, in[1].Shape, false), ty(x.DType, in[1].Shape, false)
		return fmt.Sprintf(`func.func @f(%%x: %s, %%i: %s) -> %s {
  %%0 = tcp.gather %%x, %%i {dim = %d : index, mode = "wrap_negative"} : %s, %s -> %s
  return %%0 : %s
}`, tx, ti, to, a, tx, ti, to, to), in[:2], nil
	case "GatherND":
		b, err := c.IntAttr("batch_dims", 0)
		if err != nil {
			return "", nil, err
		}
		Q := in[1].Shape
		m := Q[len(Q)-1]
		O := append(append([]int64{}, Q[:len(Q)-1]...), x.Shape[b+m:]...)
		ti, to := ty(in[1].DType, Q, false), ty(x.DType, O, false)
		return fmt.Sprintf(`func.func @f(%%x: %s, %%i: %s) -> %s {
  %%0 = tcp.gather_nd %%x, %%i {batch_dims = %d : index, mode = "wrap_negative"} : %s, %s -> %s
  return %%0 : %s
}`, tx, ti, to, b, tx, ti, to, to), in[:2], nil
	case "Slice":
		var axes, steps []int64
		if len(in) > 3 {
			axes = in[3].Int64s()
		}
		if len(in) > 4 {
			steps = in[4].Int64s()
		}
		starts, sizes, strides, err := kernel.ONNXSliceParams(x.Shape, in[1].Int64s(), in[2].Int64s(), axes, steps)
		if err != nil {
			return "", nil, err
		}
		to := ty(x.DType, sizes, false)
		var consts strings.Builder
		seen := map[int64]bool{}
		for _, v := range append(append(append([]int64{}, starts...), sizes...), strides...) {
			if !seen[v] {
				seen[v] = true
				fmt.Fprintf(&consts, "  %s = arith.constant %d : index\n", ref(v), v)
			}
		}
		return fmt.Sprintf(`func.func @f(%%x: %s) -> %s {
%s  %%0 = tcp.slice %%x starts(%s) sizes(%s) strides(%s) : %s -> %s
  return %%0 : %s
}`, tx, to, consts.String(), refs(starts), refs(sizes), refs(strides), tx, to, to), in[:1], nil
	}
	return "", nil, fmt.Errorf("no program for %s", c.OpType)
}
