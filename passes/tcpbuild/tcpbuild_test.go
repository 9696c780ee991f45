package tcpbuild_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tcp-project/tcp/dialect/all"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcpbuild"
	"github.com/tcp-project/tcp/tensor"
)

// build parses `func.func @f(%x: xt, %i: it)`, emits SliceGather before
// its return, returns the gathered value and fixes the function type.
func build(t testing.TB, xt, it string, axis, batch int, mode string, collapse bool) (*ir.Operation, error) {
	t.Helper()
	src := fmt.Sprintf("func.func @f(%%x: %s, %%i: %s) -> %s {\n  return %%x : %s\n}\n", xt, it, xt, xt)
	m, err := parser.Parse("f.mlir", src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fn := function.Lookup(m, "f")
	body := function.FuncOp{Operation: fn}.Body()
	ret := body.Last()
	rw := ir.NewRewriter(nil, nil)
	rw.SetInsertionPointBefore(ret)
	v, err := tcpbuild.SliceGather(rw, ir.UnknownLoc{}, body.Argument(0), body.Argument(1), axis, batch, mode, collapse)
	if err != nil {
		return nil, err
	}
	ret.SetOperand(0, v)
	ft := function.FuncOp{Operation: fn}.Type()
	fn.SetAttr("function_type", ir.TypeAttr{Type: ir.Function(ft.Inputs(), []ir.Type{v.Type()})})
	if err := ir.Verify(m, true); err != nil {
		t.Fatalf("%v\n%s", err, print(m))
	}
	return m, nil
}

func print(m *ir.Operation) string {
	var b strings.Builder
	ir.Print(&b, m, ir.PrintOptions{})
	return b.String()
}

// The examples of docs/semantics.md §5.1, §5.3 and §5.4 (the gather design's
// tf.gather and onnx.Gather models), printed exactly.
func TestDesignDocExamples(t *testing.T) {
	tests := []struct {
		name, xt, it string
		axis, batch  int
		mode         string
		want         string
	}{
		{"tf.gather axis 1", "tensor<3x4x5xf32>", "tensor<3xi64>", 1, 0, "error", `
    %expanded = tensor.expand_shape %arg1 [[0, 1, 2]] : tensor<3xi64> into tensor<1x3x1xi64>
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %0 = tcp.broadcast_to %expanded, %c3, %c5 {axes = [0, 2]} : tensor<1x3x1xi64>, index, index -> tensor<3x3x5xi64>
    %1 = tcp.gather %arg0, %0 {dim = 1 : index, mode = "error"} : tensor<3x4x5xf32>, tensor<3x3x5xi64> -> tensor<3x3x5xf32>
    return %1 : tensor<3x3x5xf32>`},
		{"onnx.Gather 2-D indices", "tensor<3x2xf32>", "tensor<2x2xi64>", 0, 0, "wrap_negative", `
    %expanded = tensor.expand_shape %arg1 [[0], [1, 2]] : tensor<2x2xi64> into tensor<2x2x1xi64>
    %c2 = arith.constant 2 : index
    %0 = tcp.broadcast_to %expanded, %c2 {axes = [2]} : tensor<2x2x1xi64>, index -> tensor<2x2x2xi64>
    %expanded_0 = tensor.expand_shape %arg0 [[0, 1], [2]] : tensor<3x2xf32> into tensor<3x1x2xf32>
    %c2_1 = arith.constant 2 : index
    %1 = tcp.broadcast_to %expanded_0, %c2_1 {axes = [1]} : tensor<3x1x2xf32>, index -> tensor<3x2x2xf32>
    %2 = tcp.gather %1, %0 {dim = 0 : index, mode = "wrap_negative"} : tensor<3x2x2xf32>, tensor<2x2x2xi64> -> tensor<2x2x2xf32>
    return %2 : tensor<2x2x2xf32>`},
		{"onnx.Gather scalar indices", "tensor<3x4xf32>", "tensor<i64>", 0, 0, "wrap_negative", `
    %expanded = tensor.expand_shape %arg1 [] : tensor<i64> into tensor<1x1xi64>
    %c4 = arith.constant 4 : index
    %0 = tcp.broadcast_to %expanded, %c4 {axes = [1]} : tensor<1x1xi64>, index -> tensor<1x4xi64>
    %1 = tcp.gather %arg0, %0 {dim = 0 : index, mode = "wrap_negative"} : tensor<3x4xf32>, tensor<1x4xi64> -> tensor<1x4xf32>
    %collapsed = tensor.collapse_shape %1 [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
    return %collapsed : tensor<4xf32>`},
		{"tf.GatherV2 batch_dims 1", "tensor<2x3x4xi32>", "tensor<2x2xi32>", 2, 1, "error", `
    %expanded = tensor.expand_shape %arg1 [[0, 1], [2]] : tensor<2x2xi32> into tensor<2x1x2xi32>
    %c3 = arith.constant 3 : index
    %0 = tcp.broadcast_to %expanded, %c3 {axes = [1]} : tensor<2x1x2xi32>, index -> tensor<2x3x2xi32>
    %1 = tcp.gather %arg0, %0 {dim = 2 : index, mode = "error"} : tensor<2x3x4xi32>, tensor<2x3x2xi32> -> tensor<2x3x2xi32>
    return %1 : tensor<2x3x2xi32>`},
		{"take_along_axis shape: nothing to expand", "tensor<2x3xf32>", "tensor<2x2xi64>", 1, 1, "error", `
    %0 = tcp.gather %arg0, %arg1 {dim = 1 : index, mode = "error"} : tensor<2x3xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>`},
		{"dynamic dims through tensor.dim", "tensor<?x4x?xf32>", "tensor<5xi64>", 1, 0, "", `
    %expanded = tensor.expand_shape %arg1 [[0, 1, 2]] : tensor<5xi64> into tensor<1x5x1xi64>
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x4x?xf32>
    %c2 = arith.constant 2 : index
    %dim_0 = tensor.dim %arg0, %c2 : tensor<?x4x?xf32>
    %0 = tcp.broadcast_to %expanded, %dim, %dim_0 {axes = [0, 2]} : tensor<1x5x1xi64>, index, index -> tensor<?x5x?xi64>
    %1 = tcp.gather %arg0, %0 {dim = 1 : index} : tensor<?x4x?xf32>, tensor<?x5x?xi64> -> tensor<?x5x?xf32>
    return %1 : tensor<?x5x?xf32>`},
		{"batch_dims equal to the indices rank", "tensor<16x4xf32>", "tensor<16xi32>", 1, 1, "error", `
    %expanded = tensor.expand_shape %arg1 [[0, 1]] : tensor<16xi32> into tensor<16x1xi32>
    %0 = tcp.gather %arg0, %expanded {dim = 1 : index, mode = "error"} : tensor<16x4xf32>, tensor<16x1xi32> -> tensor<16x1xf32>
    %collapsed = tensor.collapse_shape %0 [[0, 1]] : tensor<16x1xf32> into tensor<16xf32>
    return %collapsed : tensor<16xf32>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := build(t, tc.xt, tc.it, tc.axis, tc.batch, tc.mode, true)
			if err != nil {
				t.Fatal(err)
			}
			got := print(m)
			start := strings.Index(got, "func.func")
			start += strings.Index(got[start:], "\n") + 1
			end := strings.LastIndex(got, "\n  }\n}")
			if diff := cmp.Diff(strings.TrimPrefix(tc.want, "\n"), got[start:end]); diff != "" {
				t.Errorf("IR mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSliceGatherErrors(t *testing.T) {
	tests := []struct {
		name, xt, it string
		axis, batch  int
		mode, want   string
	}{
		{"index type", "tensor<3xf32>", "tensor<2xi16>", 0, 0, "", "expects indices of element type i32 or i64, got i16"},
		{"unsigned index type", "tensor<3xf32>", "tensor<2xui64>", 0, 0, "", "expects indices of element type i32 or i64, got ui64"},
		{"axis", "tensor<3xf32>", "tensor<2xi64>", 1, 0, "", "expects axis in [0, 1), got 1"},
		{"batch dims above axis", "tensor<3x4xf32>", "tensor<3x2xi64>", 0, 1, "", "expects batch_dims in [0, min(axis, indices rank)] = [0, 0], got 1"},
		{"batch dims mismatch", "tensor<3x4xf32>", "tensor<2x2xi64>", 1, 1, "", "expects batch dim 0 of indices (size 2) to equal that of the input (size 3)"},
		{"mode", "tensor<3xf32>", "tensor<2xi64>", 0, 0, "bogus", `expects an index mode (promise_in_bounds, error, wrap_negative, clip, wrap, fill), got "bogus"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := build(t, tc.xt, tc.it, tc.axis, tc.batch, tc.mode, true)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("got error %v, want %q", err, tc.want)
			}
		})
	}
}

// reference computes the gather of whole slices directly (np.take with
// the index mode; TF's batch_dims): out[p] = x[p[:a], idx[p[:b],
// p[a:a+q-b]], p[a+q-b:]], reading only the indices of output elements.
func reference(x, idx *tensor.Tensor, a, b int, mode string) (*tensor.Tensor, error) {
	X, Q := x.Shape, idx.Shape
	q := len(Q)
	O := slices.Concat(X[:a], Q[b:], X[a+1:])
	out, err := tensor.New(x.DType, O)
	if err != nil {
		return nil, err
	}
	n := out.NumElements()
	p := make([]int64, len(O))
	xs, is := tensor.Strides(X), tensor.Strides(Q)
	s := X[a]
	for e := int64(0); e < n; e++ {
		rem := e
		for d := len(O) - 1; d >= 0; d-- {
			p[d] = rem % O[d]
			rem /= O[d]
		}
		ipos := slices.Concat(p[:b], p[a:a+q-b])
		off := int64(0)
		for d, c := range ipos {
			off += c * is[d]
		}
		v := idx.Int64At(int(off))
		switch {
		case mode == "clip":
			v = max(0, min(v, s-1))
		case mode == "wrap":
			v = ((v % s) + s) % s
		case mode == "wrap_negative" && v < 0 && v >= -s:
			v += s
		}
		if v < 0 || v >= s {
			return nil, fmt.Errorf("index %d out of range", v)
		}
		xc := slices.Concat(p[:a], []int64{v}, p[a+q-b:])
		xoff := int64(0)
		for d, c := range xc {
			xoff += c * xs[d]
		}
		out.SetBits(int(e), x.Bits(int(xoff)))
	}
	return out, nil
}

func shapeType(shape []int64, dt tensor.DType, dyn []bool) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for d, n := range shape {
		if dyn != nil && dyn[d] {
			b.WriteString("?x")
		} else {
			fmt.Fprintf(&b, "%dx", n)
		}
	}
	return b.String() + dt.String() + ">"
}

// TestSliceGatherRandom builds the recipe for random shapes, axes, batch
// dims, modes and dynamic dims and compares the interpreter's result on
// random data with reference.
func TestSliceGatherRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	modes := []string{"error", "wrap_negative", "clip", "wrap"}
	const cases = 400
	for c := 0; c < cases; c++ {
		rank := 1 + r.IntN(3)
		X := make([]int64, rank)
		for d := range X {
			X[d] = int64(1 + r.IntN(4))
			if r.IntN(12) == 0 {
				X[d] = 0
			}
		}
		a := r.IntN(rank)
		b := r.IntN(a + 1)
		q := b + r.IntN(3)
		Q := make([]int64, q)
		copy(Q, X[:b])
		for d := b; d < q; d++ {
			Q[d] = int64(r.IntN(4))
		}
		mode := modes[r.IntN(len(modes))]
		if X[a] == 0 && (mode == "clip" || mode == "wrap") {
			X[a] = 2 // both need a non-empty axis
		}
		it := tensor.I64
		if r.IntN(2) == 0 {
			it = tensor.I32
		}
		dyn := make([]bool, rank)
		for d := range dyn {
			dyn[d] = r.IntN(3) == 0
		}
		name := fmt.Sprintf("case%d", c)
		m, err := build(t, shapeType(X, tensor.F32, dyn), shapeType(Q, it, nil), a, b, mode, true)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		x := tensor.Must(tensor.New(tensor.F32, X))
		for i := range int(x.NumElements()) {
			x.SetFloat64(i, float64(i))
		}
		idx := tensor.Must(tensor.New(it, Q))
		for i := range int(idx.NumElements()) {
			idx.SetInt64(i, int64(r.IntN(int(2*X[a]+3)))-X[a]-1)
		}
		want, werr := reference(x, idx, a, b, mode)
		got, gerr := interp.RunFunc(m, "f", x, idx)
		if (werr != nil) != (gerr != nil) {
			t.Fatalf("%s: X=%v Q=%v a=%d b=%d %s idx=%s: reference error %v, interpreter error %v\n%s", name, X, Q, a, b, mode, tensor.Format(idx), werr, gerr, print(m))
		}
		if werr != nil {
			continue
		}
		if d := tensor.Diff(want, got[0]); d != "" {
			t.Fatalf("%s: X=%v Q=%v a=%d b=%d %s: %s\n%s", name, X, Q, a, b, mode, d, print(m))
		}
	}
}

// TestNormalizeAxisEdges: the axis rule at its exact edges, for every
// rank up to 4 and the int64 extremes: [-rank, rank) is accepted (negative
// axes count from the end), everything else refused.
func TestNormalizeAxisEdges(t *testing.T) {
	for rank := 0; rank <= 4; rank++ {
		r := int64(rank)
		for _, axis := range []int64{-r - 1, -r, -1, 0, r - 1, r, r + 1, -1 << 63, 1<<63 - 1} {
			got, ok := tcpbuild.NormalizeAxis(axis, rank)
			wantOK := axis >= -r && axis < r
			want := axis
			if axis < 0 {
				want += r
			}
			if ok != wantOK || ok && int64(got) != want {
				t.Errorf("NormalizeAxis(%d, %d) = %d, %v; want %d, %v", axis, rank, got, ok, want, wantOK)
			}
		}
	}
}
