package golang

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/internal/boundary"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// The differential test: one module holds every op and fused pattern in
// every index mode and index type, with dynamic dims; it is compiled once
// into one kernel binary, and every case runs through the interpreter and
// through the kernel. Results must be bit-identical; where the interpreter
// fails, the kernel must fail too, with the same message for index errors.

var modes = []string{"promise_in_bounds", "error", "wrap_negative", "clip", "wrap", "fill"}

// pattern is one function template and its argument generator.
type pattern struct {
	name  string // the group counted toward the 1000 cases
	mlir  string // %[1]s: mode attribute, %[2]s: index type
	args  func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor
	modes []string // nil: all
}

func randF32(r *rand.Rand, shape ...int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(tensor.F32, shape))
	for i := 0; i < int(t.NumElements()); i++ {
		t.SetFloat64(i, float64(r.Intn(1000)))
	}
	return t
}

// randIdx returns indices for a dim of size s: in [0, s) (0 and s-1 a
// quarter of the time each) when !oob, else boundary.Draw's mix (half of
// the values the exact edges -s-1, -s, -1, 0, s-1, s, s+1 and the type's
// extremes). Every tensor it returns is noted in drawn, so that the test
// counts the values it compared against their bound.
func randIdx(r *rand.Rand, oob bool, it tensor.DType, s int64, shape ...int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(it, shape))
	for i := 0; i < int(t.NumElements()); i++ {
		var v int64
		switch {
		case oob:
			v = boundary.Draw(r, s, it)
		case s > 0:
			v = boundary.DrawIn(r, 0, s)
		}
		t.SetInt64(i, v)
	}
	drawn = append(drawn, drawnIdx{t, s})
	return t
}

// drawnIdx is an index tensor of the current case and its bound.
type drawnIdx struct {
	t *tensor.Tensor
	s int64
}

// drawn collects the index tensors randIdx made for the current case (the
// differential test runs cases one at a time).
var drawn []drawnIdx

// randOf fills a tensor of any element type with small random values.
func randOf(r *rand.Rand, dt tensor.DType, shape ...int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(dt, shape))
	for i := 0; i < int(t.NumElements()); i++ {
		if dt.IsFloat() {
			t.SetFloat64(i, float64(r.Intn(200))-100)
		} else {
			t.SetInt64(i, int64(r.Intn(200)))
		}
	}
	return t
}

func idx(v int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(tensor.Index, nil))
	t.SetInt64(0, v)
	return t
}

func dim(r *rand.Rand, hi int) int64 { return int64(r.Intn(hi + 1)) }

var patterns = []pattern{
	{name: "gather", mlir: `func.func @%[3]s(%%x: tensor<?x?xf32>, %%i: tensor<?x?x%[2]s>) -> tensor<?x?x%[4]s> {
  %%0 = tcp.gather %%x, %%i {dim = 0 : index%[1]s} : tensor<?x?xf32>, tensor<?x?x%[2]s> -> tensor<?x?xf32>
  return %%0 : tensor<?x?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a, b := dim(r, 5), dim(r, 5)
		return []*tensor.Tensor{randF32(r, a, b), randIdx(r, oob, it, a, dim(r, 5), int64(r.Intn(int(b)+1)))}
	}},
	{name: "gather", mlir: `func.func @%[3]s(%%x: tensor<3x?xf32>, %%i: tensor<?x?x%[2]s>) -> tensor<?x?x%[4]s> {
  %%0 = tcp.gather %%x, %%i {dim = 1 : index%[1]s} : tensor<3x?xf32>, tensor<?x?x%[2]s> -> tensor<?x?xf32>
  return %%0 : tensor<?x?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		b := dim(r, 6)
		return []*tensor.Tensor{randF32(r, 3, b), randIdx(r, oob, it, b, int64(r.Intn(4)), dim(r, 6))}
	}},
	{name: "gather_nd", mlir: `func.func @%[3]s(%%x: tensor<?x?x?xf32>, %%i: tensor<?x2x%[2]s>) -> tensor<?x?x%[4]s> {
  %%0 = tcp.gather_nd %%x, %%i {%[5]s} : tensor<?x?x?xf32>, tensor<?x2x%[2]s> -> tensor<?x?xf32>
  return %%0 : tensor<?x?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a, b, c := dim(r, 4), dim(r, 4), dim(r, 4)
		i := randIdx(r, oob, it, min(a, b), dim(r, 6), 2)
		if !oob || r.Intn(2) == 0 {
			for k := 0; k < int(i.NumElements()); k++ {
				s := []int64{a, b}[k%2]
				if s > 0 && (!oob || r.Intn(3) > 0) {
					i.SetInt64(k, r.Int63n(s))
				}
			}
		}
		return []*tensor.Tensor{randF32(r, a, b, c), i}
	}},
	// Whole elements, and rows of a static size: the result loop
	// checks the ids (inlineCheck); the kernel binary's look-ahead
	// (elemsAhead) runs only past its working-set gate, which
	// TestLookAhead's nd_elems passes.
	{name: "gather_nd_elems", mlir: `func.func @%[3]s(%%x: tensor<?x?xf32>, %%i: tensor<?x2x%[2]s>) -> tensor<?x%[4]s> {
  %%0 = tcp.gather_nd %%x, %%i {%[5]s} : tensor<?x?xf32>, tensor<?x2x%[2]s> -> tensor<?xf32>
  return %%0 : tensor<?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a, b := dim(r, 6), dim(r, 6)
		i := randIdx(r, oob, it, min(a, b), 20+dim(r, 40), 2)
		for k := 0; k < int(i.NumElements()); k++ {
			s := []int64{a, b}[k%2]
			if s > 0 && (!oob || r.Intn(8) > 0) {
				i.SetInt64(k, r.Int63n(s))
			}
		}
		return []*tensor.Tensor{randF32(r, a, b), i}
	}},
	{name: "gather_nd_rows3", mlir: `func.func @%[3]s(%%x: tensor<?x?x3xf32>, %%i: tensor<?x?x2x%[2]s>) -> tensor<?x?x3x%[4]s> {
  %%0 = tcp.gather_nd %%x, %%i {%[5]s} : tensor<?x?x3xf32>, tensor<?x?x2x%[2]s> -> tensor<?x?x3xf32>
  return %%0 : tensor<?x?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a, b := dim(r, 4), dim(r, 4)
		i := randIdx(r, oob, it, min(a, b), dim(r, 5), dim(r, 5), 2)
		for k := 0; k < int(i.NumElements()); k++ {
			s := []int64{a, b}[k%2]
			if s > 0 && (!oob || r.Intn(4) > 0) {
				i.SetInt64(k, r.Int63n(s))
			}
		}
		return []*tensor.Tensor{randF32(r, a, b, 3), i}
	}},
	{name: "gather_nd", mlir: `func.func @%[3]s(%%x: tensor<?x?x?xf32>, %%i: tensor<?x?x1x%[2]s>) -> tensor<?x?x?x%[4]s> {
  %%0 = tcp.gather_nd %%x, %%i {batch_dims = 1 : index%[1]s} : tensor<?x?x?xf32>, tensor<?x?x1x%[2]s> -> tensor<?x?x?xf32>
  return %%0 : tensor<?x?x?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a, b, c := dim(r, 3), dim(r, 4), dim(r, 3)
		return []*tensor.Tensor{randF32(r, a, b, c), randIdx(r, oob, it, b, a, dim(r, 4), 1)}
	}},
	// An empty index tuple: every tuple selects the whole input (no index
	// values to count).
	{name: "gather_nd_empty", mlir: `func.func @%[3]s(%%x: tensor<?x3xf32>, %%i: tensor<?x0x%[2]s>) -> tensor<?x?x3x%[4]s> {
  %%0 = tcp.gather_nd %%x, %%i {%[5]s} : tensor<?x3xf32>, tensor<?x0x%[2]s> -> tensor<?x?x3xf32>
  return %%0 : tensor<?x?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		return []*tensor.Tensor{randF32(r, dim(r, 3), 3), randIdx(r, oob, it, 1, dim(r, 3), 0)}
	}},
	// A static empty axis: every index is out of range; clip and wrap
	// raise when there is something to take, fill fills.
	{name: "gather_empty_axis", mlir: `func.func @%[3]s(%%x: tensor<0x3xf32>, %%i: tensor<?x3x%[2]s>) -> tensor<?x3x%[4]s> {
  %%0 = tcp.gather %%x, %%i {dim = 0 : index%[1]s} : tensor<0x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  return %%0 : tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		return []*tensor.Tensor{randF32(r, 0, 3), randIdx(r, true, it, 0, dim(r, 3), 3)}
	}},
	// Index_select (docs/semantics.md §5.1) along dim 0: a row gather.
	{name: "index_select_dim0", mlir: `func.func @%[3]s(%%x: tensor<?x?xf32>, %%i: tensor<?x%[2]s>) -> tensor<?x?x%[4]s> {
  %%c1 = arith.constant 1 : index
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?xf32>
  %%e = tensor.expand_shape %%i [[0, 1]] : tensor<?x%[2]s> into tensor<?x1x%[2]s>
  %%b = tcp.broadcast_to %%e, %%d1 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x?x%[2]s>
  %%0 = tcp.gather %%x, %%b {dim = 0 : index%[1]s} : tensor<?x?xf32>, tensor<?x?x%[2]s> -> tensor<?x?xf32>
  return %%0 : tensor<?x?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a, b := dim(r, 6), dim(r, 6)
		return []*tensor.Tensor{randF32(r, a, b), randIdx(r, oob, it, a, dim(r, 6))}
	}},
	// The same with a static row of 3 elements (a fixed-size array copy).
	{name: "index_select_dim0", mlir: `func.func @%[3]s(%%x: tensor<?x3xf32>, %%i: tensor<?x%[2]s>) -> tensor<?x3x%[4]s> {
  %%c3 = arith.constant 3 : index
  %%e = tensor.expand_shape %%i [[0, 1]] : tensor<?x%[2]s> into tensor<?x1x%[2]s>
  %%b = tcp.broadcast_to %%e, %%c3 {axes = [1]} : tensor<?x1x%[2]s>, index -> tensor<?x3x%[2]s>
  %%0 = tcp.gather %%x, %%b {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  return %%0 : tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a := dim(r, 6)
		return []*tensor.Tensor{randF32(r, a, 3), randIdx(r, oob, it, a, dim(r, 6))}
	}},
	// Index_select along dim 1 with 2-d indices: the input is expanded and
	// broadcast too (q - b > 1).
	{name: "index_select_dim1_2d", mlir: `func.func @%[3]s(%%x: tensor<?x?xf32>, %%i: tensor<?x?x%[2]s>) -> tensor<?x?x?x%[4]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?xf32>
  %%q1 = tensor.dim %%i, %%c1 : tensor<?x?x%[2]s>
  %%e = tensor.expand_shape %%i [[0, 1], [2]] : tensor<?x?x%[2]s> into tensor<1x?x?x%[2]s>
  %%b = tcp.broadcast_to %%e, %%d0 {axes = [0]} : tensor<1x?x?x%[2]s>, index -> tensor<?x?x?x%[2]s>
  %%xe = tensor.expand_shape %%x [[0], [1, 2]] : tensor<?x?xf32> into tensor<?x?x1xf32>
  %%xb = tcp.broadcast_to %%xe, %%q1 {axes = [2]} : tensor<?x?x1xf32>, index -> tensor<?x?x?xf32>
  %%0 = tcp.gather %%xb, %%b {dim = 1 : index%[1]s} : tensor<?x?x?xf32>, tensor<?x?x?x%[2]s> -> tensor<?x?x?xf32>
  return %%0 : tensor<?x?x?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a, b := dim(r, 4), dim(r, 5)
		return []*tensor.Tensor{randF32(r, a, b), randIdx(r, oob, it, b, dim(r, 3), dim(r, 3))}
	}},
	// Element types other than f32 (their default fill values differ).
	{name: "gather", mlir: `func.func @%[3]s(%%a: tensor<?xi8>, %%b: tensor<?xi1>, %%c: tensor<?xf16>, %%d: tensor<?xui16>, %%e: tensor<?xindex>, %%i: tensor<?x%[2]s>) -> (tensor<?xi8>, tensor<?xi1>, tensor<?xf16>, tensor<?xui16>, tensor<?xindex>) {
  %%0 = tcp.gather %%a, %%i {dim = 0 : index%[6]s} : tensor<?xi8>, tensor<?x%[2]s> -> tensor<?xi8>
  %%1 = tcp.gather %%b, %%i {dim = 0 : index%[6]s} : tensor<?xi1>, tensor<?x%[2]s> -> tensor<?xi1>
  %%2 = tcp.gather %%c, %%i {dim = 0 : index%[6]s} : tensor<?xf16>, tensor<?x%[2]s> -> tensor<?xf16>
  %%3 = tcp.gather %%d, %%i {dim = 0 : index%[6]s} : tensor<?xui16>, tensor<?x%[2]s> -> tensor<?xui16>
  %%4 = tcp.gather %%e, %%i {dim = 0 : index%[6]s} : tensor<?xindex>, tensor<?x%[2]s> -> tensor<?xindex>
  return %%0, %%1, %%2, %%3, %%4 : tensor<?xi8>, tensor<?xi1>, tensor<?xf16>, tensor<?xui16>, tensor<?xindex>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		n := dim(r, 5)
		return []*tensor.Tensor{randOf(r, tensor.I8, n), randOf(r, tensor.I1, n), randOf(r, tensor.F16, n), randOf(r, tensor.UI16, n), randOf(r, tensor.Index, n), randIdx(r, oob, it, n, dim(r, 6))}
	}},
	// A gather of a gather along the same dim: indices compose.
	{name: "gather_of_gather", mlir: `func.func @%[3]s(%%x: tensor<?x4xf32>, %%i: tensor<?x4x%[2]s>, %%j: tensor<?x4x%[2]s>) -> tensor<?x4x%[4]s> {
  %%0 = tcp.gather %%x, %%i {dim = 0 : index%[1]s} : tensor<?x4xf32>, tensor<?x4x%[2]s> -> tensor<?x4xf32>
  %%1 = tcp.gather %%0, %%j {dim = 0 : index, mode = "clip"} : tensor<?x4xf32>, tensor<?x4x%[2]s> -> tensor<?x4xf32>
  return %%1 : tensor<?x4xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a, b := dim(r, 5), dim(r, 5)
		return []*tensor.Tensor{randF32(r, a, 4), randIdx(r, oob, it, a, b, 4), randIdx(r, true, it, b, dim(r, 5), 4)}
	}},
	// Gathered indices: the indices of the outer gather come from a gather.
	{name: "gather_indices_from_gather", mlir: `func.func @%[3]s(%%x: tensor<?xf32>, %%t: tensor<?x%[2]s>, %%j: tensor<?x%[2]s>) -> tensor<?x%[4]s> {
  %%0 = tcp.gather %%t, %%j {dim = 0 : index, mode = "wrap"} : tensor<?x%[2]s>, tensor<?x%[2]s> -> tensor<?x%[2]s>
  %%1 = tcp.gather %%x, %%0 {dim = 0 : index%[1]s} : tensor<?xf32>, tensor<?x%[2]s> -> tensor<?xf32>
  return %%1 : tensor<?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a, b := dim(r, 6), dim(r, 6)
		if b == 0 {
			b = 1
		}
		return []*tensor.Tensor{randF32(r, a), randIdx(r, oob, it, a, b), randIdx(r, true, it, b, dim(r, 6))}
	}},
	// A reversing slice of a gathered tensor, then a collapse.
	{name: "slice_of_gather", mlir: `func.func @%[3]s(%%x: tensor<?x3xf32>, %%i: tensor<?x3x%[2]s>) -> tensor<?x%[4]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%c3 = arith.constant 3 : index
  %%m1 = arith.constant -1 : index
  %%n = tensor.dim %%i, %%c0 : tensor<?x3x%[2]s>
  %%last = arith.subi %%n, %%c1 : index
  %%0 = tcp.gather %%x, %%i {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%1 = tcp.slice %%0 starts(%%last, %%c2) sizes(%%n, %%c3) strides(%%m1, %%m1) : tensor<?x3xf32> -> tensor<?x3xf32>
  %%2 = tensor.collapse_shape %%1 [[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
  return %%2 : tensor<?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a := dim(r, 5)
		return []*tensor.Tensor{randF32(r, a, 3), randIdx(r, oob, it, a, dim(r, 5), 3)}
	}},
	// A 2-d reversal (negative strides in both dims) of a gather: rows read
	// backwards.
	{name: "reverse_of_gather", mlir: `func.func @%[3]s(%%x: tensor<?x?xf32>, %%i: tensor<?x?x%[2]s>) -> (tensor<?x?x%[4]s>, tensor<?x?xf32>) {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%m1 = arith.constant -1 : index
  %%0 = tcp.gather %%x, %%i {dim = 1 : index%[1]s} : tensor<?x?xf32>, tensor<?x?x%[2]s> -> tensor<?x?xf32>
  %%d0 = tensor.dim %%0, %%c0 : tensor<?x?xf32>
  %%d1 = tensor.dim %%0, %%c1 : tensor<?x?xf32>
  %%s0 = arith.subi %%d0, %%c1 : index
  %%s1 = arith.subi %%d1, %%c1 : index
  %%1 = tcp.slice %%0 starts(%%s0, %%s1) sizes(%%d0, %%d1) strides(%%m1, %%m1) : tensor<?x?xf32> -> tensor<?x?xf32>
  %%x0 = tensor.dim %%x, %%c0 : tensor<?x?xf32>
  %%x1 = tensor.dim %%x, %%c1 : tensor<?x?xf32>
  %%t1 = arith.subi %%x1, %%c1 : index
  %%2 = tcp.slice %%x starts(%%c0, %%t1) sizes(%%x0, %%x1) strides(%%c1, %%m1) : tensor<?x?xf32> -> tensor<?x?xf32>
  %%3 = tcp.slice %%x starts(%%c0, %%s1) sizes(%%d0, %%d1) strides(%%c1, %%m1) : tensor<?x?xf32> -> tensor<?x?xf32>
  return %%1, %%2 : tensor<?x?xf32>, tensor<?x?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a, b := dim(r, 5), dim(r, 6)
		return []*tensor.Tensor{randF32(r, a, b), randIdx(r, oob, it, b, int64(r.Intn(int(a)+1)), dim(r, 6))}
	}},
	// Rows reversed, of x and of a gather, wide enough for tcpReverse's
	// eight-element steps and its tail.
	{name: "reverse_rows", mlir: `func.func @%[3]s(%%x: tensor<?x?xf32>, %%i: tensor<?x?x%[2]s>) -> (tensor<?x?x%[4]s>, tensor<?x?xf32>) {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%m1 = arith.constant -1 : index
  %%x0 = tensor.dim %%x, %%c0 : tensor<?x?xf32>
  %%x1 = tensor.dim %%x, %%c1 : tensor<?x?xf32>
  %%t1 = arith.subi %%x1, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c0, %%t1) sizes(%%x0, %%x1) strides(%%c1, %%m1) : tensor<?x?xf32> -> tensor<?x?xf32>
  %%1 = tcp.gather %%x, %%i {dim = 1 : index%[1]s} : tensor<?x?xf32>, tensor<?x?x%[2]s> -> tensor<?x?xf32>
  %%d0 = tensor.dim %%1, %%c0 : tensor<?x?xf32>
  %%d1 = tensor.dim %%1, %%c1 : tensor<?x?xf32>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%2 = tcp.slice %%1 starts(%%c0, %%s1) sizes(%%d0, %%d1) strides(%%c1, %%m1) : tensor<?x?xf32> -> tensor<?x?xf32>
  return %%2, %%0 : tensor<?x?xf32>, tensor<?x?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a, b := dim(r, 4), 1+dim(r, 40)
		return []*tensor.Tensor{randF32(r, a, b), randIdx(r, oob, it, b, a, 1+dim(r, 40))}
	}},
	// A gather of a slice of an expanded collapse.
	{name: "gather_of_slice", mlir: `func.func @%[3]s(%%x: tensor<?x2x3xf32>, %%i: tensor<?x6x%[2]s>, %%s: index, %%t: index, %%n: index) -> tensor<?x6x%[4]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c6 = arith.constant 6 : index
  %%0 = tensor.collapse_shape %%x [[0], [1, 2]] : tensor<?x2x3xf32> into tensor<?x6xf32>
  %%1 = tcp.slice %%0 starts(%%s, %%c0) sizes(%%n, %%c6) strides(%%t, %%c1) : tensor<?x6xf32> -> tensor<?x6xf32>
  %%2 = tcp.gather %%1, %%i {dim = 0 : index%[1]s} : tensor<?x6xf32>, tensor<?x6x%[2]s> -> tensor<?x6xf32>
  return %%2 : tensor<?x6xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a := dim(r, 6)
		n := dim(r, int(a))
		t := int64(r.Intn(3) - 1)
		if t == 0 {
			t = 2
		}
		s := int64(0)
		if t < 0 {
			s = a - 1
		}
		if n > 0 && t == 2 {
			n = (a + 1) / 2
		}
		if a == 0 {
			s = 0
		}
		return []*tensor.Tensor{randF32(r, a, 2, 3), randIdx(r, oob, it, n, dim(r, 4), 6), idx(s), idx(t), idx(n)}
	}},
	// A transpose of a gather, and a gather of a transpose (permuted index
	// maps).
	{name: "transpose", mlir: `func.func @%[3]s(%%x: tensor<?x?x3xf32>, %%i: tensor<?x?x3x%[2]s>) -> (tensor<3x?x?x%[4]s>, tensor<?x?x3x%[4]s>) {
  %%0 = tcp.gather %%x, %%i {dim = 1 : index%[1]s} : tensor<?x?x3xf32>, tensor<?x?x3x%[2]s> -> tensor<?x?x3xf32>
  %%1 = tcp.transpose %%0 {permutation = array<i64: 2, 0, 1>} : tensor<?x?x3xf32> -> tensor<3x?x?xf32>
  %%2 = tcp.transpose %%x {permutation = array<i64: 1, 0, 2>} : tensor<?x?x3xf32> -> tensor<?x?x3xf32>
  %%3 = tcp.gather %%2, %%i {dim = 0 : index%[1]s} : tensor<?x?x3xf32>, tensor<?x?x3x%[2]s> -> tensor<?x?x3xf32>
  return %%1, %%3 : tensor<3x?x?xf32>, tensor<?x?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		a := dim(r, 4)
		return []*tensor.Tensor{randF32(r, a, a, 3), randIdx(r, oob, it, a, a, dim(r, 4), 3)}
	}},
	// Broadcast and expand/collapse alone, and a gather_nd of a broadcast.
	{name: "views", mlir: `func.func @%[3]s(%%x: tensor<1x?xf32>, %%n: index, %%i: tensor<?x1x%[2]s>) -> (tensor<?x?x%[4]s>, tensor<?x2x%[4]s>, tensor<?x%[4]s>) {
  %%0 = tcp.broadcast_to %%x, %%n {axes = [0]} : tensor<1x?xf32>, index -> tensor<?x?xf32>
  %%1 = tensor.collapse_shape %%0 [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %%2 = tensor.expand_shape %%1 [[0, 1]] : tensor<?xf32> into tensor<?x2xf32>
  %%3 = tcp.gather_nd %%0, %%i {%[5]s} : tensor<?x?xf32>, tensor<?x1x%[2]s> -> tensor<?x?xf32>
  return %%3, %%2, %%1 : tensor<?x?xf32>, tensor<?x2xf32>, tensor<?xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
		n := dim(r, 4)
		w := 2 * dim(r, 3)
		return []*tensor.Tensor{randF32(r, 1, w), idx(n), randIdx(r, oob, it, n, dim(r, 4), 1)}
	}},
}

// instantiate writes every pattern in every mode and index type.
func instantiate() (string, []inst) {
	var b strings.Builder
	var out []inst
	for pi, p := range patterns {
		ms := p.modes
		if ms == nil {
			ms = modes
		}
		for _, m := range ms {
			for _, it := range []tensor.DType{tensor.I32, tensor.I64} {
				name := fmt.Sprintf("p%d_%s_%s", pi, m, it)
				attr := ""
				if m != "promise_in_bounds" {
					attr = fmt.Sprintf(", mode = %q", m)
				}
				ndAttr := strings.TrimPrefix(attr, ", ")
				if m == "fill" && pi%2 == 0 {
					attr += ", fill_value = -1.0 : f32"
					ndAttr += ", fill_value = -1.0 : f32"
				}
				plain := ""
				if m != "promise_in_bounds" {
					plain = fmt.Sprintf(", mode = %q", m)
				}
				src := fmt.Sprintf(p.mlir, attr, it, name, "f32", ndAttr, plain)
				b.WriteString(src)
				b.WriteString("\n")
				out = append(out, inst{name: name, p: p, mode: m, it: it})
			}
		}
	}
	seen := map[string]bool{}
	for k := len(out) - 1; k >= 0; k-- {
		g := out[k].p.name + "/" + out[k].mode
		out[k].last = !seen[g]
		seen[g] = true
	}
	return b.String(), out
}

type inst struct {
	name string
	p    pattern
	mode string
	it   tensor.DType
	last bool // the last instance of its group (pattern name and mode)
}

// diffMin is the minimum each group (pattern name/mode) of the
// differential test must compare: 1000 index values (250 in -short), each
// edge 20 times (5), and for the modes that raise, 20 errors (5). Under
// promise_in_bounds only in-range values are compared (a broken promise
// allows anything), so only the in-range edges count there; under error
// and wrap_negative the values outside the mode's domain raise, and one
// error ends a case.
func diffMin(g string) boundary.Min {
	scale := 1
	if testing.Short() {
		scale = 4
	}
	m := boundary.Min{Values: 1000 / scale, PerEdge: 20 / scale}
	if strings.HasPrefix(g, "gather_nd_empty/") {
		return boundary.Min{}
	}
	if strings.HasPrefix(g, "gather_empty_axis/") {
		// Nothing is in range: fill compares fill values, the others
		// their errors (promise_in_bounds: none, a broken promise).
		switch g[strings.LastIndex(g, "/")+1:] {
		case "promise_in_bounds":
			return boundary.Min{}
		case "fill":
			return boundary.Min{Values: 1000 / scale}
		}
		return boundary.Min{Errors: 200 / scale}
	}
	switch g[strings.LastIndex(g, "/")+1:] {
	case "promise_in_bounds":
		m.Classes = []boundary.Class{boundary.Zero, boundary.SMinus1}
	case "error":
		m.Classes = []boundary.Class{boundary.Zero, boundary.SMinus1}
		m.Errors = 20 / scale
	case "wrap_negative":
		m.Classes = []boundary.Class{boundary.Zero, boundary.SMinus1, boundary.NegOne, boundary.NegS}
		m.Errors = 20 / scale
	default:
		m.Classes = boundary.Edges
	}
	return m
}

func TestDifferential(t *testing.T) {
	src, insts := instantiate()
	m, err := parser.Parse("diff.mlir", src, parser.Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	// The generated patterns must be valid IR: a pattern the verifier
	// rejects would only show up as an interpreter error.
	if err := ir.Verify(m, false); err != nil {
		t.Fatalf("the generated patterns do not verify: %v", err)
	}
	pr := startKernels(t, m)
	perGroup := map[string]int{}
	var stats boundary.Counter
	errCases := 0
	r := rand.New(rand.NewSource(1))
	cases := 110
	if testing.Short() {
		cases = 20
	}
	for _, in := range insts {
		fn := function.Lookup(m, in.name)
		group := in.p.name + "/" + in.mode
		// At least cases cases; more (up to 20 times as many) until the
		// group reaches its minimum, checked after the last instance of
		// the group has run.
		for c := 0; c < cases || (c < 20*cases && in.last && !stats.Meets(diffMin(group), group)); c++ {
			// Out-of-range indices in every mode: under promise_in_bounds
			// a broken promise may give any result or an error, but the
			// kernel must stay inside its buffers (Go's bounds checks) and
			// the binary must survive.
			oob := r.Intn(2) == 0
			drawn = drawn[:0]
			args := in.p.args(r, oob, in.it)
			want, werr := interp.Run(fn, args)
			got, _, gerr := pr.Call(in.name, args, CallOptions{Workers: 1 + c%3, MinBytesPerWorker: 1})
			perGroup[in.p.name]++
			if werr != nil {
				errCases++
			}
			var ke *KernelError
			if gerr != nil && !errors.As(gerr, &ke) {
				t.Fatalf("@%s: %v", in.name, gerr)
			}
			var ie *kernel.IndexError
			if errors.As(werr, &ie) && ie.Mode == kernel.PromiseInBounds {
				continue // a broken promise: any result, or an error, is allowed
			}
			for _, d := range drawn {
				s := d.s
				stats.AddTensor(group, d.t, func(int) int64 { return s })
			}
			stats.Case(group)
			if werr != nil {
				if gerr == nil {
					t.Errorf("@%s case %d: interpreter fails (%v), kernel does not\nargs %v", in.name, c, werr, shapes(args))
					continue
				}
				if errors.As(werr, &ie) && ie.Error() != gerr.Error() {
					t.Errorf("@%s case %d: error %q, want %q", in.name, c, gerr, ie.Error())
				}
				stats.Error(group)
				continue
			}
			if gerr != nil {
				t.Errorf("@%s case %d: kernel fails: %v (args %v)", in.name, c, gerr, shapes(args))
				continue
			}
			for k := range want {
				if d := tensor.Diff(want[k], got[k]); d != "" || string(want[k].Data) != string(got[k].Data) {
					t.Errorf("@%s case %d result %d (-want +got):\n%s\nwant %s\ngot  %s", in.name, c, k, d, tensor.Format(want[k]), tensor.Format(got[k]))
				}
			}
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	for g, n := range perGroup {
		if n < 1000 && !testing.Short() {
			t.Errorf("%s: %d cases, want at least 1000", g, n)
		}
	}
	for _, g := range stats.Groups() {
		stats.Check(t, diffMin(g), g)
	}
	if os.Getenv("TCP_DIFF_VERBOSE") != "" || t.Failed() {
		t.Logf("cases per group: %v; %d cases fail in the interpreter\ncompared index values per pattern/mode and class:\n%s", perGroup, errCases, stats.Table())
	}
}

func shapes(ts []*tensor.Tensor) []string {
	var s []string
	for _, t := range ts {
		s = append(s, t.Type())
	}
	return s
}
