package golang

import (
	"math/rand"
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

// rowAddColsModule: scatter_nd adds of whole rows of 129 to 512 bytes,
// which the workers split by the rows' columns (rowColSplit: every
// worker adds its cache lines of every update row, in order). In the
// kernel binary f32 rows by [N, 1] ids take one call of
// rowadd.ScatterRowsF32I64 or I32 for all the updates, on one worker:
// rows of 33 floats (132 bytes, i64 ids, wrap_negative), 128 floats
// (512 bytes, i32 ids, error); the other f32 rows rowadd.AddF32 per row
// over the worker's columns: 40-float rows of a [5,3,40] destination
// (drop), dynamic table and update rows (clip); other element types the Go loop over the
// worker's columns: i32 (200 bytes), f16 (200 bytes, added in float32
// and rounded), f64 (320 bytes). Rows of 64 floats whose updates are a
// broadcast (no contiguous update row) take the element loop over the
// worker's columns, an add (f32bcast) and a replace (putbcast). The
// others stay on the split by destination rows, f32 rows of 129 floats
// (516 bytes) and f64 rows of 65 (520), but for f32 rows of 32 floats
// (128 bytes), which one worker adds in one call
// (maxSerialAddRowBytes, rowadd.ScatterRowsF32I64).
const rowAddColsModule = `
func.func @f32c33(%x: tensor<11x33xf32>, %i: tensor<40x1xi64>, %u: tensor<40x33xf32>) -> tensor<11x33xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<11x33xf32>, tensor<40x1xi64>, tensor<40x33xf32> -> tensor<11x33xf32>
  return %0 : tensor<11x33xf32>
}
func.func @f32c128(%x: tensor<9x128xf32>, %i: tensor<30x1xi32>, %u: tensor<30x128xf32>) -> tensor<9x128xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "error"} : tensor<9x128xf32>, tensor<30x1xi32>, tensor<30x128xf32> -> tensor<9x128xf32>
  return %0 : tensor<9x128xf32>
}
func.func @f32grid(%x: tensor<5x3x40xf32>, %i: tensor<4x6x1xi64>, %u: tensor<4x6x3x40xf32>) -> tensor<5x3x40xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "drop"} : tensor<5x3x40xf32>, tensor<4x6x1xi64>, tensor<4x6x3x40xf32> -> tensor<5x3x40xf32>
  return %0 : tensor<5x3x40xf32>
}
func.func @f32dyn(%x: tensor<?x100xf32>, %i: tensor<?x1xi64>, %u: tensor<?x100xf32>) -> tensor<?x100xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "clip"} : tensor<?x100xf32>, tensor<?x1xi64>, tensor<?x100xf32> -> tensor<?x100xf32>
  return %0 : tensor<?x100xf32>
}
func.func @f32bcast(%x: tensor<9x64xf32>, %i: tensor<20x1xi64>, %r: tensor<20x1xf32>) -> tensor<9x64xf32> {
  %c64 = arith.constant 64 : index
  %u = tcp.broadcast_to %r, %c64 {axes = [1]} : tensor<20x1xf32>, index -> tensor<20x64xf32>
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<9x64xf32>, tensor<20x1xi64>, tensor<20x64xf32> -> tensor<9x64xf32>
  return %0 : tensor<9x64xf32>
}
func.func @putbcast(%x: tensor<9x64xf32>, %i: tensor<20x1xi64>, %r: tensor<20x1xf32>) -> tensor<9x64xf32> {
  %c64 = arith.constant 64 : index
  %u = tcp.broadcast_to %r, %c64 {axes = [1]} : tensor<20x1xf32>, index -> tensor<20x64xf32>
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<9x64xf32>, tensor<20x1xi64>, tensor<20x64xf32> -> tensor<9x64xf32>
  return %0 : tensor<9x64xf32>
}
func.func @f32c32(%x: tensor<10x32xf32>, %i: tensor<30x1xi64>, %u: tensor<30x32xf32>) -> tensor<10x32xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<10x32xf32>, tensor<30x1xi64>, tensor<30x32xf32> -> tensor<10x32xf32>
  return %0 : tensor<10x32xf32>
}
func.func @f32c129(%x: tensor<7x129xf32>, %i: tensor<20x1xi64>, %u: tensor<20x129xf32>) -> tensor<7x129xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<7x129xf32>, tensor<20x1xi64>, tensor<20x129xf32> -> tensor<7x129xf32>
  return %0 : tensor<7x129xf32>
}
func.func @i32c50(%x: tensor<12x50xi32>, %i: tensor<30x1xi32>, %u: tensor<30x50xi32>) -> tensor<12x50xi32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<12x50xi32>, tensor<30x1xi32>, tensor<30x50xi32> -> tensor<12x50xi32>
  return %0 : tensor<12x50xi32>
}
func.func @f16c100(%x: tensor<7x100xf16>, %i: tensor<25x1xi64>, %u: tensor<25x100xf16>) -> tensor<7x100xf16> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "error"} : tensor<7x100xf16>, tensor<25x1xi64>, tensor<25x100xf16> -> tensor<7x100xf16>
  return %0 : tensor<7x100xf16>
}
func.func @f64c65(%x: tensor<6x65xf64>, %i: tensor<20x1xi64>, %u: tensor<20x65xf64>) -> tensor<6x65xf64> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<6x65xf64>, tensor<20x1xi64>, tensor<20x65xf64> -> tensor<6x65xf64>
  return %0 : tensor<6x65xf64>
}
func.func @f64c40(%x: tensor<8x40xf64>, %i: tensor<25x1xi64>, %u: tensor<25x40xf64>) -> tensor<8x40xf64> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<8x40xf64>, tensor<25x1xi64>, tensor<25x40xf64> -> tensor<8x40xf64>
  return %0 : tensor<8x40xf64>
}
`

// TestScatterRowAddCols: the kernel binary's row adds of
// rowAddColsModule equal the interpreter's results bit for bit (NaN
// payloads, quiet and signalling, and infinities in the destination and
// the updates) with many repeated ids and a hot row (half the updates on
// one row), negative ids, dynamic dims (zero rows and zero updates
// included), 1, 2, 3 and 7 workers, in place or not; with out-of-range
// ids (several, the last rows' first) they fail with the interpreter's
// error, the first bad id in row-major order, whatever the worker count;
// under drop and clip such ids are dropped or clipped as the interpreter
// does.
func TestScatterRowAddCols(t *testing.T) {
	m, pr := kernelBinary(t, "rowaddcols.mlir", rowAddColsModule, []form{
		{"rowadd.AddF32(", 3},            // f32grid, f32dyn, f32c129
		{"[lo:hi])", 2},                  // rowadd.AddF32 split by columns: f32grid, f32dyn
		{"[:len(", 4},                    // the Go loop split by columns: i32c50, f16c100, f64c40; tcpCopyRows (f32dyn's input, of dynamic size, copied)
		{"< lo || ", 2},                  // split by destination rows: f32c129, f64c65
		{"tcpSerial(10, ", 1},            // f32c32 (128-byte rows) on one worker,
		{"rowadd.ScatterRowsF32I64(", 2}, // in one call, as f32c33's rows by [N, 1] ids
		{"rowadd.ScatterRowsF32I32(", 1}, // and f32c128's
		{"tcpSerial(1, ", 2},             // (f32c33, f32c128: one call on one worker)
		{"lo, hi = lo*16, ", 5},          // in steps of a cache line: 4-byte elements (f32grid, f32dyn, i32c50, f32bcast, putbcast)
		{"lo, hi = lo*32, ", 1},          // f16c100
		{"lo, hi = lo*8, ", 1},           // f64c40
	})
	r := rand.New(rand.NewSource(11))
	type fn struct {
		name   string
		in     []int64 // destination shape
		grid   []int64 // the indices' shape without the tuple dim
		et, it tensor.DType
		mode   string
		bcast  bool // the updates are a broadcast of [N, 1]
	}
	fns := []fn{
		{"f32c33", []int64{11, 33}, []int64{40}, tensor.F32, tensor.I64, "wrap_negative", false},
		{"f32c128", []int64{9, 128}, []int64{30}, tensor.F32, tensor.I32, "error", false},
		{"f32grid", []int64{5, 3, 40}, []int64{4, 6}, tensor.F32, tensor.I64, "drop", false},
		{"f32dyn", []int64{6, 100}, []int64{17}, tensor.F32, tensor.I64, "clip", false},
		{"f32dyn", []int64{1, 100}, []int64{5}, tensor.F32, tensor.I64, "clip", false},
		{"f32dyn", []int64{4, 100}, []int64{0}, tensor.F32, tensor.I64, "clip", false},
		{"f32bcast", []int64{9, 64}, []int64{20}, tensor.F32, tensor.I64, "wrap_negative", true},
		{"putbcast", []int64{9, 64}, []int64{20}, tensor.F32, tensor.I64, "wrap_negative", true},
		{"f32c32", []int64{10, 32}, []int64{30}, tensor.F32, tensor.I64, "wrap_negative", false},
		{"f32c129", []int64{7, 129}, []int64{20}, tensor.F32, tensor.I64, "wrap_negative", false},
		{"i32c50", []int64{12, 50}, []int64{30}, tensor.I32, tensor.I32, "wrap_negative", false},
		{"f16c100", []int64{7, 100}, []int64{25}, tensor.F16, tensor.I64, "error", false},
		{"f64c65", []int64{6, 65}, []int64{20}, tensor.F64, tensor.I64, "wrap_negative", false},
		{"f64c40", []int64{8, 40}, []int64{25}, tensor.F64, tensor.I64, "wrap_negative", false},
	}
	compared, errs := 0, 0
	for _, f := range fns {
		for round := 0; round < 8; round++ {
			x := tensor.Must(tensor.New(f.et, f.in))
			us := append(append([]int64{}, f.grid...), f.in[1:]...)
			if f.bcast {
				us = append(append([]int64{}, f.grid...), 1)
			}
			u := tensor.Must(tensor.New(f.et, us))
			if f.et == tensor.F32 {
				nanBits32(r, x)
				nanBits32(r, u)
			} else {
				scatterValues(r, x)
				scatterValues(r, u)
			}
			i := tensor.Must(tensor.New(f.it, append(append([]int64{}, f.grid...), 1)))
			n, sz := int(i.NumElements()), f.in[0]
			hot := r.Int63n(sz)
			for k := 0; k < n; k++ {
				v := r.Int63n(max(1, sz/2+1)) // fewer rows than updates: duplicates
				if round%2 == 1 && r.Intn(2) == 0 {
					v = hot // a hot row: every other update on it
				}
				switch {
				case f.mode == "wrap_negative" && r.Intn(2) == 0:
					v -= sz
				case (f.mode == "drop" || f.mode == "clip") && r.Intn(4) == 0:
					v = []int64{sz, sz + 3, -1, -sz - 2}[r.Intn(4)]
				}
				i.SetInt64(k, v)
			}
			if round >= 5 && n > 0 {
				// Out-of-range ids: the last in row-major order first,
				// then earlier ones.
				for b := 0; b < 1+round-5; b++ {
					k := n - 1 - r.Intn(max(1, n/(b+1)))
					i.SetInt64(k, []int64{sz, sz + 5, -sz - 1, 1<<31 - 1}[r.Intn(4)])
				}
			}
			c, e := againstInterp(t, m, pr, f.name, []*tensor.Tensor{x, i, u}, true)
			compared, errs = compared+c, errs+e
		}
	}
	t.Logf("%d results compared, %d errors matched", compared, errs)
	if compared < 150 || errs < 50 {
		t.Errorf("only %d results compared and %d errors matched", compared, errs)
	}
}
