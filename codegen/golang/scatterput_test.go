package golang

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// rowPutModule: scatter_nd replaces of whole rows (index_put, ScatterND
// reduction none). The rows of 129 to 512 bytes (static) take the split
// by columns (rowColSplit: every worker copies its cache lines of every
// update row in order); the others stay on the split by destination
// rows: short64 (one cache line), i8min (128 bytes: fixed-size array
// moves), f32max (1 KiB), wide (1028 bytes), drop640, dynwidth (a dynamic row)
// and the short rows pts12 (3 floats, dynamic counts), f16x5, i8one and
// f64x15.
const rowPutModule = `
func.func @f32w64(%x: tensor<12x64xf32>, %i: tensor<9x1xi64>, %u: tensor<9x64xf32>) -> tensor<12x64xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<12x64xf32>, tensor<9x1xi64>, tensor<9x64xf32> -> tensor<12x64xf32>
  return %0 : tensor<12x64xf32>
}
func.func @f16odd(%x: tensor<10x101xf16>, %i: tensor<8x1xi32>, %u: tensor<8x101xf16>) -> tensor<10x101xf16> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "error"} : tensor<10x101xf16>, tensor<8x1xi32>, tensor<8x101xf16> -> tensor<10x101xf16>
  return %0 : tensor<10x101xf16>
}
func.func @f64grid(%x: tensor<4x3x40xf64>, %i: tensor<2x5x1xi64>, %u: tensor<2x5x3x40xf64>) -> tensor<4x3x40xf64> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<4x3x40xf64>, tensor<2x5x1xi64>, tensor<2x5x3x40xf64> -> tensor<4x3x40xf64>
  return %0 : tensor<4x3x40xf64>
}
func.func @pair(%x: tensor<3x4x48xf32>, %i: tensor<10x2xi32>, %u: tensor<10x48xf32>) -> tensor<3x4x48xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<3x4x48xf32>, tensor<10x2xi32>, tensor<10x48xf32> -> tensor<3x4x48xf32>
  return %0 : tensor<3x4x48xf32>
}
func.func @i8min(%x: tensor<14x128xi8>, %i: tensor<11x1xi64>, %u: tensor<11x128xi8>) -> tensor<14x128xi8> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "error"} : tensor<14x128xi8>, tensor<11x1xi64>, tensor<11x128xi8> -> tensor<14x128xi8>
  return %0 : tensor<14x128xi8>
}
func.func @f32max(%x: tensor<9x256xf32>, %i: tensor<7x1xi64>, %u: tensor<7x256xf32>) -> tensor<9x256xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<9x256xf32>, tensor<7x1xi64>, tensor<7x256xf32> -> tensor<9x256xf32>
  return %0 : tensor<9x256xf32>
}
func.func @drop33(%x: tensor<12x33xf32>, %i: tensor<9x1xi64>, %u: tensor<9x33xf32>) -> tensor<12x33xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "drop"} : tensor<12x33xf32>, tensor<9x1xi64>, tensor<9x33xf32> -> tensor<12x33xf32>
  return %0 : tensor<12x33xf32>
}
func.func @clipbf16(%x: tensor<12x70xbf16>, %i: tensor<9x1xi32>, %u: tensor<9x70xbf16>) -> tensor<12x70xbf16> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "clip"} : tensor<12x70xbf16>, tensor<9x1xi32>, tensor<9x70xbf16> -> tensor<12x70xbf16>
  return %0 : tensor<12x70xbf16>
}
func.func @dynrows(%x: tensor<?x96xf32>, %i: tensor<?x1xi64>, %u: tensor<?x96xf32>) -> tensor<?x96xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<?x96xf32>, tensor<?x1xi64>, tensor<?x96xf32> -> tensor<?x96xf32>
  return %0 : tensor<?x96xf32>
}
func.func @wrap48(%x: tensor<10x48xf32>, %i: tensor<8x1xi32>, %u: tensor<8x48xf32>) -> tensor<10x48xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap"} : tensor<10x48xf32>, tensor<8x1xi32>, tensor<8x48xf32> -> tensor<10x48xf32>
  return %0 : tensor<10x48xf32>
}
func.func @short64(%x: tensor<12x16xf32>, %i: tensor<9x1xi64>, %u: tensor<9x16xf32>) -> tensor<12x16xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<12x16xf32>, tensor<9x1xi64>, tensor<9x16xf32> -> tensor<12x16xf32>
  return %0 : tensor<12x16xf32>
}
func.func @pts12(%x: tensor<?x3xf32>, %i: tensor<?x1xi32>, %u: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<?x3xf32>, tensor<?x1xi32>, tensor<?x3xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
func.func @f16x5(%x: tensor<12x5xf16>, %i: tensor<9x1xi32>, %u: tensor<9x5xf16>) -> tensor<12x5xf16> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "error"} : tensor<12x5xf16>, tensor<9x1xi32>, tensor<9x5xf16> -> tensor<12x5xf16>
  return %0 : tensor<12x5xf16>
}
func.func @i8one(%x: tensor<14x1xi8>, %i: tensor<11x1xi64>, %u: tensor<11x1xi8>) -> tensor<14x1xi8> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<14x1xi8>, tensor<11x1xi64>, tensor<11x1xi8> -> tensor<14x1xi8>
  return %0 : tensor<14x1xi8>
}
func.func @f64x15(%x: tensor<12x15xf64>, %i: tensor<9x1xi64>, %u: tensor<9x15xf64>) -> tensor<12x15xf64> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "error"} : tensor<12x15xf64>, tensor<9x1xi64>, tensor<9x15xf64> -> tensor<12x15xf64>
  return %0 : tensor<12x15xf64>
}
func.func @wide(%x: tensor<9x257xf32>, %i: tensor<7x1xi64>, %u: tensor<7x257xf32>) -> tensor<9x257xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<9x257xf32>, tensor<7x1xi64>, tensor<7x257xf32> -> tensor<9x257xf32>
  return %0 : tensor<9x257xf32>
}
func.func @clip512(%x: tensor<12x128xf32>, %i: tensor<9x1xi32>, %u: tensor<9x128xf32>) -> tensor<12x128xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "clip"} : tensor<12x128xf32>, tensor<9x1xi32>, tensor<9x128xf32> -> tensor<12x128xf32>
  return %0 : tensor<12x128xf32>
}
func.func @drop640(%x: tensor<10x80xf64>, %i: tensor<8x1xi64>, %u: tensor<8x80xf64>) -> tensor<10x80xf64> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "drop"} : tensor<10x80xf64>, tensor<8x1xi64>, tensor<8x80xf64> -> tensor<10x80xf64>
  return %0 : tensor<10x80xf64>
}
func.func @err256(%x: tensor<9x64xf32>, %i: tensor<9x1xi32>, %u: tensor<9x64xf32>) -> tensor<9x64xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "error"} : tensor<9x64xf32>, tensor<9x1xi32>, tensor<9x64xf32> -> tensor<9x64xf32>
  return %0 : tensor<9x64xf32>
}
func.func @dynwidth(%x: tensor<?x?xf32>, %i: tensor<?x1xi64>, %u: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<?x?xf32>, tensor<?x1xi64>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
`

// TestScatterRowPut: the row replaces of rowPutModule equal the
// interpreter's results bit for bit (random bits, NaN payloads included)
// with duplicate ids (last write wins) and distinct ids (the split by
// update rows, tcpRowsUnique), negative ids,
// dynamic dims (zero rows and zero updates included), 1, 2, 3 and 7
// workers, in place or not; with out-of-range ids (several, the last
// rows' first) they fail with the interpreter's error, the first bad id
// in row-major order, whatever the worker count; under drop and clip
// such ids are dropped or clipped as the interpreter does.
func TestScatterRowPut(t *testing.T) {
	m, err := parser.Parse("rowput.mlir", rowPutModule, parser.Options{})
	if err == nil {
		err = ir.Verify(m, false)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, driver := range []bool{true, false} {
		src, _, _, err := emitTagged(m, Options{Package: "main", driver: driver})
		if err != nil {
			t.Fatal(err)
		}
		// The test of distinct ids in the 9 functions with [N, 1]
		// argument ids and rows past 128 bytes; one split by columns
		// per function of rows of 129 to 512 bytes (10 of 16), the split
		// by rows for the other six (and the definition of
		// tcpParallelScan); for embedders, inline moves of the whole
		// row for the four of those rows of at most 192 bytes (pair,
		// drop33, clipbf16, wrap48); in the kernel binary,
		// gatherrow.Move for every row past 128 bytes (the 10 split by
		// columns, f32max, wide, drop640 and dynwidth). Rows of at most 128 bytes
		// (i8min, short64, pts12, f16x5, f64x15) take no test of
		// distinct ids: one worker runs them (tcpSerial), in the kernel
		// binary with one gatherrow.Put call under error or
		// wrap_negative (short64, pts12, f16x5, f64x15); i8one's rows
		// of one element are elements (no row loop, no test of distinct
		// ids), run by one worker (tcpSerial: each of several would
		// test every id for the rows it owns), in the kernel binary
		// with one Put call too.
		// In the kernel binary, the seven functions of static rows of
		// 256 bytes or more by [N, 1] ids (f32w64, f32max, wide,
		// clip512, drop640, err256, dynrows) copy only the input rows
		// no id picks (tcpCopyUnmarked) when not in place.
		inline, move, put, skip, unmarked := 4, 0, 0, 10, 0
		if driver {
			inline, move, put, skip, unmarked = 0, 14, 5, 5, 7
		}
		for _, c := range []struct {
			what string
			n    int
		}{{"tcpRowsUnique(", 12}, {"[lo:hi])", 10}, {"tcpParallelScan(", 15}, {"tcpSerial(", 7}, {"< lo || ", skip}, {"if lo == 0 && hi == ", inline}, {"gatherrow.Move(", move}, {"gatherrow.Put(", put}, {"tcpCopyUnmarked(", unmarked}} {
			if got := strings.Count(string(src), c.what); got != c.n {
				t.Errorf("driver %v: the source has %d of %q, want %d\n%s", driver, got, c.what, c.n, src)
			}
		}
	}
	pr := startKernels(t, m)
	r := rand.New(rand.NewSource(7))
	type fn struct {
		name    string
		in      []int64 // input shape
		grid    []int64 // the indices' shape without the tuple dim
		m       int     // tuple length
		et, it  tensor.DType
		mode    string
		dynamic bool
	}
	fns := []fn{
		{"f32w64", []int64{12, 64}, []int64{9}, 1, tensor.F32, tensor.I64, "wrap_negative", false},
		{"f16odd", []int64{10, 101}, []int64{8}, 1, tensor.F16, tensor.I32, "error", false},
		{"f64grid", []int64{4, 3, 40}, []int64{2, 5}, 1, tensor.F64, tensor.I64, "wrap_negative", false},
		{"pair", []int64{3, 4, 48}, []int64{10}, 2, tensor.F32, tensor.I32, "wrap_negative", false},
		{"i8min", []int64{14, 128}, []int64{11}, 1, tensor.I8, tensor.I64, "error", false},
		{"f32max", []int64{9, 256}, []int64{7}, 1, tensor.F32, tensor.I64, "wrap_negative", false},
		{"drop33", []int64{12, 33}, []int64{9}, 1, tensor.F32, tensor.I64, "drop", false},
		{"clipbf16", []int64{12, 70}, []int64{9}, 1, tensor.BF16, tensor.I32, "clip", false},
		{"dynrows", []int64{5, 96}, []int64{13}, 1, tensor.F32, tensor.I64, "wrap_negative", true},
		{"dynrows", []int64{20, 96}, []int64{13}, 1, tensor.F32, tensor.I64, "wrap_negative", true},
		{"dynrows", []int64{1, 96}, []int64{4}, 1, tensor.F32, tensor.I64, "wrap_negative", true},
		{"dynrows", []int64{3, 96}, []int64{0}, 1, tensor.F32, tensor.I64, "wrap_negative", true},
		{"dynrows", []int64{0, 96}, []int64{2}, 1, tensor.F32, tensor.I64, "wrap_negative", true},
		{"wrap48", []int64{10, 48}, []int64{8}, 1, tensor.F32, tensor.I32, "wrap", false},
		{"short64", []int64{12, 16}, []int64{9}, 1, tensor.F32, tensor.I64, "wrap_negative", false},
		{"pts12", []int64{10, 3}, []int64{8}, 1, tensor.F32, tensor.I32, "wrap_negative", true},
		{"pts12", []int64{40, 3}, []int64{33}, 1, tensor.F32, tensor.I32, "wrap_negative", true},
		{"pts12", []int64{0, 3}, []int64{2}, 1, tensor.F32, tensor.I32, "wrap_negative", true},
		{"f16x5", []int64{12, 5}, []int64{9}, 1, tensor.F16, tensor.I32, "error", false},
		{"i8one", []int64{14, 1}, []int64{11}, 1, tensor.I8, tensor.I64, "wrap_negative", false},
		{"f64x15", []int64{12, 15}, []int64{9}, 1, tensor.F64, tensor.I64, "error", false},
		{"wide", []int64{9, 257}, []int64{7}, 1, tensor.F32, tensor.I64, "wrap_negative", false},
		{"clip512", []int64{12, 128}, []int64{9}, 1, tensor.F32, tensor.I32, "clip", false},
		{"drop640", []int64{10, 80}, []int64{8}, 1, tensor.F64, tensor.I64, "drop", false},
		{"err256", []int64{9, 64}, []int64{9}, 1, tensor.F32, tensor.I32, "error", false},
		{"dynwidth", []int64{12, 300}, []int64{9}, 1, tensor.F32, tensor.I64, "wrap_negative", true},
		{"dynwidth", []int64{8, 7}, []int64{6}, 1, tensor.F32, tensor.I64, "wrap_negative", true},
	}
	compared, errs := 0, 0
	for _, f := range fns {
		for round := 0; round < 8; round++ {
			x := tensor.Must(tensor.New(f.et, f.in))
			r.Read(x.Data)
			i := tensor.Must(tensor.New(f.it, append(append([]int64{}, f.grid...), int64(f.m))))
			u := tensor.Must(tensor.New(f.et, append(append([]int64{}, f.grid...), f.in[f.m:]...)))
			r.Read(u.Data)
			n := int(i.NumElements())
			perm := r.Perm(int(f.in[0]))
			for k := 0; k < n; k++ {
				if round >= 2 && f.m == 1 && n <= len(perm) {
					// Distinct rows (the split by update rows), spelled
					// as the mode allows.
					v := int64(perm[k])
					switch {
					case f.mode == "wrap_negative" && r.Intn(2) == 0:
						v -= f.in[0]
					case f.mode == "wrap":
						v += f.in[0] * (r.Int63n(5) - 2)
					case f.mode == "drop" && r.Intn(4) == 0:
						v = f.in[0] + r.Int63n(3)
					}
					i.SetInt64(k, v)
					continue
				}
				sz := f.in[k%f.m]
				if sz == 0 {
					i.SetInt64(k, r.Int63n(3)-1)
					continue
				}
				// Fewer distinct rows than updates: duplicates in
				// every round.
				v := r.Int63n(max(1, sz/2+1))
				if f.mode == "wrap_negative" && r.Intn(2) == 0 {
					v -= sz
				}
				i.SetInt64(k, v)
			}
			if round >= 5 && n > 0 {
				// Out-of-range ids: the last in row-major order first,
				// then earlier ones.
				for b := 0; b < 1+round-5; b++ {
					k := n - 1 - r.Intn(max(1, n/(b+1)))
					sz := f.in[k%f.m]
					i.SetInt64(k, []int64{sz, sz + 5, -sz - 1, 1<<31 - 1, -1}[r.Intn(5)]) // -1: bad only under error
				}
			}
			args := []*tensor.Tensor{x, i, u}
			want, werr := interp.RunFunc(m, f.name, args...)
			for _, w := range []int{1, 2, 3, 7} {
				got, _, gerr := pr.Call(f.name, args, CallOptions{Workers: w, MinBytesPerWorker: 1, InPlace: w >= 3})
				var ke *KernelError
				if gerr != nil && !errors.As(gerr, &ke) {
					t.Fatalf("@%s: %v", f.name, gerr)
				}
				var ie *kernel.IndexError
				switch {
				case werr != nil && gerr == nil:
					t.Errorf("@%s workers %d: interpreter fails (%v), kernel does not", f.name, w, werr)
				case werr != nil && !errors.As(werr, &ie):
					t.Fatalf("@%s: interpreter error %v", f.name, werr)
				case werr != nil && ie.Error() != gerr.Error():
					t.Errorf("@%s workers %d: error %q, want %q", f.name, w, gerr, ie.Error())
				case werr != nil:
					errs++
				case gerr != nil:
					t.Errorf("@%s workers %d: kernel fails: %v", f.name, w, gerr)
				default:
					if diff := cmp.Diff(want[0].Data, got[0].Data); diff != "" {
						t.Errorf("@%s workers %d: differs from the interpreter (-want +got):\n%s\nargs %v", f.name, w, diff, fmtArgs(args))
						continue
					}
					compared++
				}
			}
		}
	}
	if compared < 300 || errs < 60 {
		t.Errorf("only %d results compared and %d errors matched", compared, errs)
	}
}
