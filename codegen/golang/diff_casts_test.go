package golang

import (
	"math"
	"math/rand"

	"github.com/tcp-project/tcp/tensor"
)

// Differential patterns for the casts of index tensors and the
// data-dependent scalars of emit_casts.go (appended to patterns, so they
// run in every mode and index type like the others).

// randWide is randIdx with some elements replaced by extreme bit patterns
// (they saturate, truncate or wrap in the casts).
func randWide(r *rand.Rand, oob bool, dt tensor.DType, s int64, shape ...int64) *tensor.Tensor {
	t := randIdx(r, oob, dt, s, shape...)
	if !oob {
		return t
	}
	extremes := []int64{-1, math.MaxInt64, math.MinInt64, 1 << 31, -1 << 31, 1<<32 + 1, 1<<16 + 1, 255, 1 << 40}
	for i := 0; i < int(t.NumElements()); i++ {
		if r.Intn(5) == 0 {
			t.SetInt64(i, extremes[r.Intn(len(extremes))])
		}
	}
	return t
}

func init() {
	patterns = append(patterns,
		// tcp.cast_indices from unsigned (zero-extended, ui64 and ui32 to
		// i32 saturating) and signed types, read as gather indices.
		pattern{name: "casts", mlir: `func.func @%[3]s(%%x: tensor<?x3xf32>, %%a: tensor<?x3xui32>, %%b: tensor<?x3xui64>, %%c: tensor<?x3xui8>, %%d: tensor<?x3xi64>) -> (tensor<?x3x%[4]s>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>) {
  %%ia = tcp.cast_indices %%a : tensor<?x3xui32> -> tensor<?x3x%[2]s>
  %%ib = tcp.cast_indices %%b : tensor<?x3xui64> -> tensor<?x3x%[2]s>
  %%ic = tcp.cast_indices %%c : tensor<?x3xui8> -> tensor<?x3x%[2]s>
  %%id = tcp.cast_indices %%d : tensor<?x3xi64> -> tensor<?x3x%[2]s>
  %%0 = tcp.gather %%x, %%ia {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%1 = tcp.gather %%x, %%ib {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%2 = tcp.gather %%x, %%ic {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%3 = tcp.gather %%x, %%id {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  return %%0, %%1, %%2, %%3 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, n := dim(r, 5), dim(r, 5)
			return []*tensor.Tensor{randF32(r, a, 3), randWide(r, oob, tensor.UI32, a, n, 3), randWide(r, oob, tensor.UI64, a, n, 3), randWide(r, oob, tensor.UI8, a, n, 3), randWide(r, oob, tensor.I64, a, n, 3)}
		}},
		// Chained arith casts on gather_nd indices (a broadcast between
		// them): trunci, extsi, extui, index_cast and index_castui.
		pattern{name: "casts", mlir: `func.func @%[3]s(%%x: tensor<?x?x2xf32>, %%i: tensor<?x2xi64>, %%j: tensor<?x2xi16>) -> (tensor<?x2x%[4]s>, tensor<?x2xf32>) {
  %%t = arith.trunci %%i : tensor<?x2xi64> to tensor<?x2xi16>
  %%e = arith.extsi %%t : tensor<?x2xi16> to tensor<?x2x%[2]s>
  %%0 = tcp.gather_nd %%x, %%e {%[5]s} : tensor<?x?x2xf32>, tensor<?x2x%[2]s> -> tensor<?x2xf32>
  %%u = arith.extui %%j : tensor<?x2xi16> to tensor<?x2xi32>
  %%v = arith.index_castui %%u : tensor<?x2xi32> to tensor<?x2xindex>
  %%w = arith.index_cast %%v : tensor<?x2xindex> to tensor<?x2x%[2]s>
  %%1 = tcp.gather_nd %%x, %%w {%[5]s} : tensor<?x?x2xf32>, tensor<?x2x%[2]s> -> tensor<?x2xf32>
  return %%0, %%1 : tensor<?x2xf32>, tensor<?x2xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, b, n := dim(r, 4), dim(r, 4), dim(r, 5)
			return []*tensor.Tensor{randF32(r, a, b, 2), randWide(r, oob, tensor.I64, min(a, b), n, 2), randWide(r, oob, tensor.I16, min(a, b), n, 2)}
		}},
		// StableHLO's dynamic_slice: starts read with tensor.extract,
		// clamped with maxsi/minsi, then a gather of the slice.
		pattern{name: "casts", mlir: `func.func @%[3]s(%%x: tensor<?x3xf32>, %%s: tensor<%[2]s>, %%t: tensor<?x%[2]s>, %%k: index, %%i: tensor<?x3x%[2]s>) -> tensor<?x3x%[4]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%c3 = arith.constant 3 : index
  %%e = tensor.extract %%s[] : tensor<%[2]s>
  %%ec = arith.index_cast %%e : %[2]s to index
  %%f = tensor.extract %%t[%%k] : tensor<?x%[2]s>
  %%fc = arith.index_cast %%f : %[2]s to index
  %%d = tensor.dim %%x, %%c0 : tensor<?x3xf32>
  %%hi = arith.subi %%d, %%c2 : index
  %%m = arith.maxsi %%ec, %%c0 : index
  %%n = arith.minsi %%m, %%hi : index
  %%o = arith.maxsi %%fc, %%c0 : index
  %%p = arith.minsi %%o, %%c1 : index
  %%sl = tcp.slice %%x starts(%%n, %%p) sizes(%%c2, %%c2) strides(%%c1, %%c1) : tensor<?x3xf32> -> tensor<2x2xf32>
  %%be = tensor.expand_shape %%sl [[0], [1, 2]] : tensor<2x2xf32> into tensor<2x2x1xf32>
  %%b = tcp.broadcast_to %%be, %%c3 {axes = [2]} : tensor<2x2x1xf32>, index -> tensor<2x2x3xf32>
  %%cl = tensor.collapse_shape %%b [[0], [1, 2]] : tensor<2x2x3xf32> into tensor<2x6xf32>
  %%sl2 = tcp.slice %%cl starts(%%c0, %%c0) sizes(%%c2, %%c3) strides(%%c1, %%c2) : tensor<2x6xf32> -> tensor<2x3xf32>
  %%0 = tcp.gather %%sl2, %%i {dim = 0 : index%[1]s} : tensor<2x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  return %%0 : tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, m := dim(r, 6), dim(r, 3)
			k := int64(0)
			if m > 0 {
				k = r.Int63n(m)
			}
			if oob && r.Intn(4) == 0 {
				k = m // out of bounds: both fail
			}
			return []*tensor.Tensor{randF32(r, a, 3), randWide(r, true, it, a+2), randWide(r, true, it, 4, m), idx(k), randIdx(r, oob, it, 2, dim(r, 5), 3)}
		}},
		// jax's x[m.astype(int32)] (bool m) and x[f.astype(int32)]
		// (float f): extui/extsi of an i1 tensor (a bool buffer, and a
		// cmpi result) and fptosi of f32 data, some of it NaN or out of
		// the result's range (the interpreter and the kernel both fail).
		pattern{name: "casts", mlir: `func.func @%[3]s(%%x: tensor<?x3xf32>, %%m: tensor<?x3xi1>, %%f: tensor<?x3xf32>, %%g: tensor<?x3xf32>) -> (tensor<?x3x%[4]s>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>) {
  %%u = arith.extui %%m : tensor<?x3xi1> to tensor<?x3x%[2]s>
  %%0 = tcp.gather %%x, %%u {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%s = arith.extsi %%m : tensor<?x3xi1> to tensor<?x3x%[2]s>
  %%1 = tcp.gather %%x, %%s {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%fi = arith.fptosi %%f : tensor<?x3xf32> to tensor<?x3x%[2]s>
  %%2 = tcp.gather %%x, %%fi {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  %%gi = arith.fptosi %%g : tensor<?x3xf32> to tensor<?x3xi8>
  %%ge = arith.extsi %%gi : tensor<?x3xi8> to tensor<?x3x%[2]s>
  %%c = arith.cmpi slt, %%ge, %%u : tensor<?x3x%[2]s>
  %%cu = arith.extui %%c : tensor<?x3xi1> to tensor<?x3x%[2]s>
  %%3 = tcp.gather %%x, %%cu {dim = 0 : index%[1]s} : tensor<?x3xf32>, tensor<?x3x%[2]s> -> tensor<?x3xf32>
  return %%0, %%1, %%2, %%3 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a, n := dim(r, 5), dim(r, 5)
			m := tensor.Must(tensor.New(tensor.I1, []int64{n, 3}))
			for i := 0; i < int(m.NumElements()); i++ {
				m.SetInt64(i, int64(r.Intn(2)))
			}
			fl := func(wide float64) *tensor.Tensor {
				t := tensor.Must(tensor.New(tensor.F32, []int64{n, 3}))
				for i := 0; i < int(t.NumElements()); i++ {
					v := (r.Float64()*2 - 0.5) * float64(a+1)
					if oob && r.Intn(8) == 0 {
						v = []float64{math.NaN(), wide, -wide - 1, math.Inf(1), -0.99, float64(1 << 31)}[r.Intn(6)]
					}
					t.SetFloat64(i, v)
				}
				return t
			}
			return []*tensor.Tensor{randF32(r, a, 3), m, fl(1 << 40), fl(128)}
		}},
	)
}
