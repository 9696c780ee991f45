package golang

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

// lookAheadModule's functions copy random rows with working sets over
// maxUnaheadBytes, so that the kernel binary's prefetches run (the
// differential test's buffers are all smaller): gather_nd rows of 256
// bytes (one gatherrow.Take2NT call per worker, prefetching a row ahead),
// a take of short runs along a middle axis, short
// rows of a table (clip mode: a prefetch per row), rows under 128 bytes
// (points, pairs, 32-byte runs along a middle axis: one gatherrow.Take
// call per worker, prefetching when the lengths tested once per call say
// the working set is large),
// scatter_nd rows replaced (distinct ids: split by
// update rows; duplicates: by columns) and added (an embedding gradient
// of 512-byte rows, duplicate ids), a column gather reading its rows
// sparsely (prefetch.Elems of the index table's positions a few rows
// ahead), gather_nd of whole elements (one gatherrow.Take2 call per
// worker, prefetching 64 pairs ahead past the working-set gate; i64
// and i32 ids), an element gather along a
// middle axis (gatherrow.ColsRows: each index row prefetches its share
// of the next 128 KiB block), a few elements of each row of a table
// (top k of 2-d and 3-d tensors: one gatherrow.ShortRows call per
// worker, which prefetches the elements of a later row's ids, past the
// working-set gate for dynamic dims), with dynamic dims (the lengths
// tested once per call) and static ones.
const lookAheadModule = `
func.func @cols(%x: tensor<?x4096xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xf32>
  %e = tensor.expand_shape %i [[0, 1]] : tensor<?xi64> into tensor<1x?xi64>
  %b = tcp.broadcast_to %e, %n {axes = [0]} : tensor<1x?xi64>, index -> tensor<?x?xi64>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "wrap_negative"} : tensor<?x4096xf32>, tensor<?x?xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @nd(%x: tensor<?x?x64xf32>, %i: tensor<?x2xi32>) -> tensor<?x64xf32> {
  %0 = tcp.gather_nd %x, %i {mode = "wrap_negative"} : tensor<?x?x64xf32>, tensor<?x2xi32> -> tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}
func.func @nd_elems(%x: tensor<?x?xf32>, %i: tensor<?x2xi64>) -> tensor<?xf32> {
  %0 = tcp.gather_nd %x, %i {mode = "wrap_negative"} : tensor<?x?xf32>, tensor<?x2xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @nd_elems32(%x: tensor<?x?xf32>, %i: tensor<?x2xi32>) -> tensor<?xf32> {
  %0 = tcp.gather_nd %x, %i {mode = "error"} : tensor<?x?xf32>, tensor<?x2xi32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @mid(%x: tensor<4x160000x8xf32>, %i: tensor<?xi64>) -> tensor<4x?x8xf32> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %e = tensor.expand_shape %i [[0, 1, 2]] : tensor<?xi64> into tensor<1x?x1xi64>
  %b = tcp.broadcast_to %e, %c4, %c8 {axes = [0, 2]} : tensor<1x?x1xi64>, index, index -> tensor<4x?x8xi64>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "error"} : tensor<4x160000x8xf32>, tensor<4x?x8xi64> -> tensor<4x?x8xf32>
  return %0 : tensor<4x?x8xf32>
}
func.func @short(%x: tensor<?x16xf16>, %i: tensor<?xi32>) -> tensor<?x16xf16> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<?xi32> into tensor<?x1xi32>
  %c = arith.constant 16 : index
  %b = tcp.broadcast_to %e, %c {axes = [1]} : tensor<?x1xi32>, index -> tensor<?x16xi32>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "clip"} : tensor<?x16xf16>, tensor<?x16xi32> -> tensor<?x16xf16>
  return %0 : tensor<?x16xf16>
}
func.func @pts(%x: tensor<1100000x3xf32>, %i: tensor<?xi32>) -> tensor<?x3xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<?xi32> into tensor<?x1xi32>
  %c = arith.constant 3 : index
  %b = tcp.broadcast_to %e, %c {axes = [1]} : tensor<?x1xi32>, index -> tensor<?x3xi32>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "wrap_negative"} : tensor<1100000x3xf32>, tensor<?x3xi32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
func.func @pts64(%x: tensor<1100000x2xf32>, %i: tensor<?xi64>) -> tensor<?x2xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<?xi64> into tensor<?x1xi64>
  %c = arith.constant 2 : index
  %b = tcp.broadcast_to %e, %c {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x2xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "error"} : tensor<1100000x2xf32>, tensor<?x2xi64> -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}
func.func @mid3(%x: tensor<2x600000x3xf32>, %i: tensor<?xi64>) -> tensor<2x?x3xf32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %e = tensor.expand_shape %i [[0, 1, 2]] : tensor<?xi64> into tensor<1x?x1xi64>
  %b = tcp.broadcast_to %e, %c2, %c3 {axes = [0, 2]} : tensor<1x?x1xi64>, index, index -> tensor<2x?x3xi64>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "wrap_negative"} : tensor<2x600000x3xf32>, tensor<2x?x3xi64> -> tensor<2x?x3xf32>
  return %0 : tensor<2x?x3xf32>
}
func.func @elems(%x: tensor<?x512x64xf32>, %i: tensor<?x?x64xi64>) -> tensor<?x?x64xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<?x512x64xf32>, tensor<?x?x64xi64> -> tensor<?x?x64xf32>
  return %0 : tensor<?x?x64xf32>
}
func.func @topk(%x: tensor<?x64xf32>, %i: tensor<?x5xi64>) -> tensor<?x5xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<?x64xf32>, tensor<?x5xi64> -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}
func.func @topk3(%x: tensor<?x?x64xf32>, %i: tensor<?x?x5xi64>) -> tensor<?x?x5xf32> {
  %0 = tcp.gather %x, %i {dim = 2 : index, mode = "wrap_negative"} : tensor<?x?x64xf32>, tensor<?x?x5xi64> -> tensor<?x?x5xf32>
  return %0 : tensor<?x?x5xf32>
}
func.func @topk16(%x: tensor<40000x160xf16>, %i: tensor<40000x10xi32>) -> tensor<40000x10xf16> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "error"} : tensor<40000x160xf16>, tensor<40000x10xi32> -> tensor<40000x10xf16>
  return %0 : tensor<40000x10xf16>
}
func.func @put(%t: tensor<?x64xf32>, %i: tensor<?x1xi64>, %u: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %0 = tcp.scatter_nd %t, %i, %u {mode = "wrap_negative"} : tensor<?x64xf32>, tensor<?x1xi64>, tensor<?x64xf32> -> tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}
func.func @grad(%t: tensor<?x128xf32>, %i: tensor<?x1xi64>, %u: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %0 = tcp.scatter_nd %t, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<?x128xf32>, tensor<?x1xi64>, tensor<?x128xf32> -> tensor<?x128xf32>
  return %0 : tensor<?x128xf32>
}
func.func @put_short(%t: tensor<1100000x4xf32>, %i: tensor<?x1xi32>, %u: tensor<?x4xf32>) -> tensor<1100000x4xf32> {
  %0 = tcp.scatter_nd %t, %i, %u {mode = "drop"} : tensor<1100000x4xf32>, tensor<?x1xi32>, tensor<?x4xf32> -> tensor<1100000x4xf32>
  return %0 : tensor<1100000x4xf32>
}
`

// TestLookAhead runs the kernels of lookAheadModule (which prefetch) on
// 1, 2 and 3 workers against the interpreter: random in-range, negative
// and (for the checked modes) out-of-range indices, unique scatter rows.
func TestLookAhead(t *testing.T) {
	if testing.Short() {
		t.Skip("buffers of 17-20 MB")
	}
	m, pr := kernelBinary(t, "ahead.mlir", lookAheadModule, []form{{"prefetch.Line(", 3}, {"prefetch.Elems(", 1}, {"rowadd.ScatterRowsF32I64(", 1},
		{"gatherrow.Take(", 4}, {"gatherrow.Take2(", 2}, {"gatherrow.Take2NT(", 1}, {"gatherrow.AheadIf(", 6}, {"gatherrow.ColsRows(", 1}, {"gatherrow.ShortRows(", 3}, {"12, 0)); t", 2}, {", 10, false, 6); t", 1}})
	r := rand.New(rand.NewSource(5))
	ids := func(it tensor.DType, n, s int64, neg, bad bool, shape ...int64) *tensor.Tensor {
		x := tensor.Must(tensor.New(it, shape))
		perm := r.Perm(int(s))
		for k := 0; k < int(x.NumElements()); k++ {
			v := int64(perm[k%len(perm)])
			if neg && k%3 == 1 {
				v -= s
			}
			x.SetInt64(k, v)
		}
		if bad {
			x.SetInt64(int(x.NumElements())-7, s+int64(r.Intn(3)))
		}
		return x
	}
	// ndIDs: n pairs of ids into an s x s table (a third of them
	// negative with neg), with bad one out of range 7 pairs from the end
	// (after elemsAhead's first blocks).
	ndIDs := func(it tensor.DType, n, s int64, neg, bad bool) *tensor.Tensor {
		x := tensor.Must(tensor.New(it, []int64{n, 2}))
		for k := 0; k < int(2*n); k++ {
			v := r.Int63n(s)
			if neg && k%3 == 1 {
				v -= s
			}
			x.SetInt64(k, v)
		}
		if bad {
			x.SetInt64(int(2*n)-13, s+int64(r.Intn(3)))
		}
		return x
	}
	for _, tc := range []struct {
		name string
		args func(bad bool) []*tensor.Tensor
	}{
		{"cols", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 1100, 4096), ids(tensor.I64, 101, 4096, true, bad, 101)}
		}},
		{"nd", func(bad bool) []*tensor.Tensor {
			x := randOf(r, tensor.F32, 260, 260, 64)
			i := tensor.Must(tensor.New(tensor.I32, []int64{30001, 2}))
			for k := 0; k < 30001*2; k++ {
				i.SetInt64(k, int64(r.Intn(520)-260))
			}
			if bad {
				i.SetInt64(50000, 260)
			}
			return []*tensor.Tensor{x, i}
		}},
		{"nd_elems", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 1800, 1800), ndIDs(tensor.I64, 200003, 1800, true, bad)}
		}},
		{"nd_elems32", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 1800, 1800), ndIDs(tensor.I32, 200003, 1800, false, bad)}
		}},
		{"mid", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 4, 160000, 8), ids(tensor.I64, 50001, 160000, false, bad, 50001)}
		}},
		{"short", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F16, 600000, 16), ids(tensor.I32, 200003, 600000, true, bad, 200003)}
		}},
		{"pts", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 1100000, 3), ids(tensor.I32, 400001, 1100000, true, bad, 400001)}
		}},
		{"pts64", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 1100000, 2), ids(tensor.I64, 700001, 1100000, false, bad, 700001)}
		}},
		{"mid3", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 2, 600000, 3), ids(tensor.I64, 300001, 600000, true, bad, 300001)}
		}},
		{"elems", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 12, 512, 64), ids(tensor.I64, 0, 512, true, bad, 12, 40, 64)}
		}},
		{"topk", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 40000, 64), ids(tensor.I64, 0, 64, true, bad, 40000, 5)}
		}},
		{"topk3", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 8, 5000, 64), ids(tensor.I64, 0, 64, true, bad, 8, 5000, 5)}
		}},
		{"topk16", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F16, 40000, 160), ids(tensor.I32, 0, 160, false, bad, 40000, 10)}
		}},
		{"put", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 70000, 64), ids(tensor.I64, 30003, 70000, true, bad, 30003, 1), randOf(r, tensor.F32, 30003, 64)}
		}},
		{"put", func(bad bool) []*tensor.Tensor {
			// Duplicates (ids repeat past the permutation's length).
			return []*tensor.Tensor{randOf(r, tensor.F32, 20000, 64), ids(tensor.I64, 30003, 20000, true, bad, 30003, 1), randOf(r, tensor.F32, 30003, 64)}
		}},
		{"grad", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 25000, 128), ids(tensor.I64, 40001, 25000, true, bad, 40001, 1), randOf(r, tensor.F32, 40001, 128)}
		}},
		{"put_short", func(bad bool) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 1100000, 4), ids(tensor.I32, 250001, 1100000, false, bad, 250001, 1), randOf(r, tensor.F32, 250001, 4)}
		}},
	} {
		for _, bad := range []bool{false, true} {
			args := tc.args(bad)
			want, werr := interp.RunFunc(m, tc.name, args...)
			for _, w := range []int{1, 2, 3} {
				got, _, err := pr.Call(tc.name, args, CallOptions{Workers: w, MinBytesPerWorker: 1})
				var ie *kernel.IndexError
				if werr != nil || err != nil {
					if !errors.As(werr, &ie) || err == nil || err.Error() != ie.Error() {
						t.Errorf("@%s (bad %v) workers %d: error %v, the interpreter's %v", tc.name, bad, w, err, werr)
					}
					continue
				}
				if bad && tc.name != "short" && tc.name != "put_short" {
					t.Errorf("@%s: an out-of-range index raised no error", tc.name)
				}
				if string(got[0].Data) != string(want[0].Data) {
					t.Errorf("@%s (bad %v) workers %d: differs from the interpreter", tc.name, bad, w)
				}
			}
		}
	}
}
