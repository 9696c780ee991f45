package golang

import (
	"math/rand"
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

// elementGatherModule: element gathers (tcp.gather with a full index
// tensor: GatherElements, torch.gather, take_along_axis) that take the
// kernel binary's gatherrow paths: along the last dim (gatherrow.Row per
// index row, ids checked inline) and along an outer dim
// (gatherrow.Cols: column j of the row the id picks), for 4- and 8-byte
// data, i32 and i64 ids, modes wrap_negative and error, index rows
// shorter than the input's and not multiples of the eight the assembly
// takes per step, and dynamic dims. A clip mode gather, a column gather
// by broadcast ids (the index table's loop) and static index rows
// shorter than minGatherCols (Cols) keep the Go
// loop, which does not touch source rows of 512 bytes or less that
// follow each other (shortStream). Static index rows shorter than
// minGatherRow along the last dim are one gatherrow.Rows call when its
// assembly takes them (@short16 and @short8: rows of 16 and 8 ids,
// multiples of eight, from source rows at most gatherrow.DenseRow times
// as long), else one gatherrow.ShortRows call, untouched (@short,
// @stream, @topk, whose call prefetches rows ahead past the working-set
// gate, @fewi8err, @fewh, @fewi64err). Every index error carries its
// op's tag, for the located error. The source rows of
// gatherrow.Row are touched only when they are over 1 KiB and the
// working set leaves the cache: never for a small static gather
// (@last32, @half), under tests of the row's and the buffers' lengths
// for a dynamic one (@lastdyn, @halfdyn). The Go loop's rows are touched
// only once the working set leaves the cache: never in the small static
// @short and @clip. Index rows that follow each other with no touch are one
// gatherrow.Rows call for a worker's part of them (@last32, @half,
// @bools, @rows64h, @short16, @short8, and under the flat split of levels 0 and 1 @last64err
// and @rows64; whole steps of eight in one assembly loop for @rows64h and
// @rows64). A rank-1 gather (x[ids]) is one gatherrow.Row call per
// worker.
const elementGatherModule = `
func.func @last32(%x: tensor<5x300xf32>, %i: tensor<4x290xi32>) -> tensor<4x290xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<5x300xf32>, tensor<4x290xi32> -> tensor<4x290xf32>
  return %0 : tensor<4x290xf32>
}
func.func @last64err(%x: tensor<3x4x67xf64>, %i: tensor<3x3x71xi64>) -> tensor<3x3x71xf64> {
  %0 = tcp.gather %x, %i {dim = 2 : index, mode = "error"} : tensor<3x4x67xf64>, tensor<3x3x71xi64> -> tensor<3x3x71xf64>
  return %0 : tensor<3x3x71xf64>
}
func.func @lastdyn(%x: tensor<?x?xi32>, %i: tensor<?x?xi64>) -> tensor<?x?xi32> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<?x?xi32>, tensor<?x?xi64> -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}
func.func @dim0(%x: tensor<6x300xf32>, %i: tensor<9x260xi64>) -> tensor<9x260xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap_negative"} : tensor<6x300xf32>, tensor<9x260xi64> -> tensor<9x260xf32>
  return %0 : tensor<9x260xf32>
}
func.func @dim0i32err(%x: tensor<4x3x52xi64>, %i: tensor<7x2x45xi32>) -> tensor<7x2x45xi64> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<4x3x52xi64>, tensor<7x2x45xi32> -> tensor<7x2x45xi64>
  return %0 : tensor<7x2x45xi64>
}
func.func @middyn(%x: tensor<?x?x?xf32>, %i: tensor<?x?x?xi32>) -> tensor<?x?x?xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<?x?x?xf32>, tensor<?x?x?xi32> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
func.func @column(%x: tensor<?x64xf32>, %i: tensor<19xi64>) -> tensor<?x19xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e = tensor.expand_shape %i [[0, 1]] : tensor<19xi64> into tensor<1x19xi64>
  %b = tcp.broadcast_to %e, %m {axes = [0]} : tensor<1x19xi64>, index -> tensor<?x19xi64>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "wrap_negative"} : tensor<?x64xf32>, tensor<?x19xi64> -> tensor<?x19xf32>
  return %0 : tensor<?x19xf32>
}
func.func @half(%x: tensor<5x300xf16>, %i: tensor<4x290xi32>) -> tensor<4x290xf16> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<5x300xf16>, tensor<4x290xi32> -> tensor<4x290xf16>
  return %0 : tensor<4x290xf16>
}
func.func @halfdyn(%x: tensor<?x?xf16>, %i: tensor<?x?xi64>) -> tensor<?x?xf16> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "error"} : tensor<?x?xf16>, tensor<?x?xi64> -> tensor<?x?xf16>
  return %0 : tensor<?x?xf16>
}
func.func @rows64(%x: tensor<3x5x200xf32>, %i: tensor<3x5x64xi64>) -> tensor<3x5x64xf32> {
  %0 = tcp.gather %x, %i {dim = 2 : index, mode = "wrap_negative"} : tensor<3x5x200xf32>, tensor<3x5x64xi64> -> tensor<3x5x64xf32>
  return %0 : tensor<3x5x64xf32>
}
func.func @rows64h(%x: tensor<70x100xf16>, %i: tensor<70x64xi32>) -> tensor<70x64xf16> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "error"} : tensor<70x100xf16>, tensor<70x64xi32> -> tensor<70x64xf16>
  return %0 : tensor<70x64xf16>
}
func.func @halfcols(%x: tensor<7x3x41xbf16>, %i: tensor<9x3x41xi64>) -> tensor<9x3x41xbf16> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap_negative"} : tensor<7x3x41xbf16>, tensor<9x3x41xi64> -> tensor<9x3x41xbf16>
  return %0 : tensor<9x3x41xbf16>
}
func.func @i8cols(%x: tensor<6x53xi8>, %i: tensor<5x50xi32>) -> tensor<5x50xi8> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<6x53xi8>, tensor<5x50xi32> -> tensor<5x50xi8>
  return %0 : tensor<5x50xi8>
}
func.func @short(%x: tensor<5x300xf32>, %i: tensor<4x12xi64>) -> tensor<4x12xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<5x300xf32>, tensor<4x12xi64> -> tensor<4x12xf32>
  return %0 : tensor<4x12xf32>
}
func.func @bools(%x: tensor<5x600xi1>, %i: tensor<4x290xi32>) -> tensor<4x290xi1> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<5x600xi1>, tensor<4x290xi32> -> tensor<4x290xi1>
  return %0 : tensor<4x290xi1>
}
func.func @stream(%x: tensor<2x3x128xf32>, %i: tensor<2x3x36xi32>) -> tensor<2x3x36xf32> {
  %0 = tcp.gather %x, %i {dim = 2 : index, mode = "wrap_negative"} : tensor<2x3x128xf32>, tensor<2x3x36xi32> -> tensor<2x3x36xf32>
  return %0 : tensor<2x3x36xf32>
}
func.func @short16(%x: tensor<5x7x64xf32>, %i: tensor<5x7x16xi64>) -> tensor<5x7x16xf32> {
  %0 = tcp.gather %x, %i {dim = 2 : index, mode = "error"} : tensor<5x7x64xf32>, tensor<5x7x16xi64> -> tensor<5x7x16xf32>
  return %0 : tensor<5x7x16xf32>
}
func.func @short8(%x: tensor<40x100xf64>, %i: tensor<40x8xi32>) -> tensor<40x8xf64> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<40x100xf64>, tensor<40x8xi32> -> tensor<40x8xf64>
  return %0 : tensor<40x8xf64>
}
func.func @flat(%x: tensor<300xf32>, %i: tensor<290xi32>) -> tensor<290xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap_negative"} : tensor<300xf32>, tensor<290xi32> -> tensor<290xf32>
  return %0 : tensor<290xf32>
}
func.func @flaterr(%x: tensor<77xf64>, %i: tensor<1000xi64>) -> tensor<1000xf64> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<77xf64>, tensor<1000xi64> -> tensor<1000xf64>
  return %0 : tensor<1000xf64>
}
func.func @flatdyn(%x: tensor<?xi8>, %i: tensor<?xi64>) -> tensor<?xi8> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap_negative"} : tensor<?xi8>, tensor<?xi64> -> tensor<?xi8>
  return %0 : tensor<?xi8>
}
func.func @flatshort(%x: tensor<300xf32>, %i: tensor<12xi32>) -> tensor<12xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap_negative"} : tensor<300xf32>, tensor<12xi32> -> tensor<12xf32>
  return %0 : tensor<12xf32>
}
func.func @mid16h(%x: tensor<3x50x32xf16>, %i: tensor<3x30x32xi32>) -> tensor<3x30x32xf16> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<3x50x32xf16>, tensor<3x30x32xi32> -> tensor<3x30x32xf16>
  return %0 : tensor<3x30x32xf16>
}
func.func @mid4d(%x: tensor<2x30x4x16xi8>, %i: tensor<2x10x4x16xi64>) -> tensor<2x10x4x16xi8> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "error"} : tensor<2x30x4x16xi8>, tensor<2x10x4x16xi64> -> tensor<2x10x4x16xi8>
  return %0 : tensor<2x10x4x16xi8>
}
func.func @midf64(%x: tensor<2x9x24xf64>, %i: tensor<2x5x24xi64>) -> tensor<2x5x24xf64> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "error"} : tensor<2x9x24xf64>, tensor<2x5x24xi64> -> tensor<2x5x24xf64>
  return %0 : tensor<2x5x24xf64>
}
func.func @rowsi8(%x: tensor<6x200xi8>, %i: tensor<6x80xi64>) -> tensor<6x80xi8> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<6x200xi8>, tensor<6x80xi64> -> tensor<6x80xi8>
  return %0 : tensor<6x80xi8>
}
func.func @rowsi8err(%x: tensor<4x256xi8>, %i: tensor<4x256xi32>) -> tensor<4x256xi8> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "error"} : tensor<4x256xi8>, tensor<4x256xi32> -> tensor<4x256xi8>
  return %0 : tensor<4x256xi8>
}
func.func @topk(%x: tensor<?x1000xf32>, %i: tensor<?x5xi64>) -> tensor<?x5xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "wrap_negative"} : tensor<?x1000xf32>, tensor<?x5xi64> -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}
func.func @fewi8err(%x: tensor<6x200xi8>, %i: tensor<6x3xi32>) -> tensor<6x3xi8> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "error"} : tensor<6x200xi8>, tensor<6x3xi32> -> tensor<6x3xi8>
  return %0 : tensor<6x3xi8>
}
func.func @fewh(%x: tensor<2x9x70xf16>, %i: tensor<2x9x7xi64>) -> tensor<2x9x7xf16> {
  %0 = tcp.gather %x, %i {dim = 2 : index, mode = "wrap_negative"} : tensor<2x9x70xf16>, tensor<2x9x7xi64> -> tensor<2x9x7xf16>
  return %0 : tensor<2x9x7xf16>
}
func.func @fewi64err(%x: tensor<40x50xi64>, %i: tensor<40x9xi32>) -> tensor<40x9xi64> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "error"} : tensor<40x50xi64>, tensor<40x9xi32> -> tensor<40x9xi64>
  return %0 : tensor<40x9xi64>
}
func.func @clip(%x: tensor<5x300xf32>, %i: tensor<4x290xi32>) -> tensor<4x290xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "clip"} : tensor<5x300xf32>, tensor<4x290xi32> -> tensor<4x290xf32>
  return %0 : tensor<4x290xf32>
}
`

// TestElementGatherRows: the kernel binary's element gathers
// (elementGatherModule) take gatherrow where they should (the column
// gathers one gatherrow.ColsRows call per block of index rows: its
// assembly where rows are multiples of eight, mid16h, mid4d, midf64 and
// middyn's second shape) and equal the
// interpreter's results bit for bit (NaN payloads of f32 data included),
// with negative ids, 1, 2, 3 and 7 workers; with out-of-range ids
// (several, in different rows and columns) they fail with the
// interpreter's error, the first bad id in row-major order.
func TestElementGatherRows(t *testing.T) {
	m, pr := kernelBinary(t, "elementgather.mlir", elementGatherModule, []form{{"gatherrow.Row(", 5}, {"gatherrow.Rows(", 10}, {"gatherrow.Cols(", 0}, {"gatherrow.ColsRows(", 8}, {"gatherrow.ShortRows(", 6}, {"tcpSel(t", 1}, {`fmt.Errorf("index `, 0}, {"make([]int, 19)", 1}, {"tcpTouch(", 2},
		{"len(a0)+len(r0) > 6291456 && 33*len(r0) > 6291456", 1}, {" && len(t17) > 256 && len(t17) <= 32768 && len(t16)*16 >= ", 1}, {" > 512 && len(", 1}})
	r := rand.New(rand.NewSource(7))
	type fn struct {
		name     string
		in, idx  []int64
		dim      int
		dt, it   tensor.DType
		negative bool // mode wrap_negative or clip (else error: no negative ids in range)
	}
	fns := []fn{
		{"last32", []int64{5, 300}, []int64{4, 290}, 1, tensor.F32, tensor.I32, true},
		{"last64err", []int64{3, 4, 67}, []int64{3, 3, 71}, 2, tensor.F64, tensor.I64, false},
		{"lastdyn", []int64{4, 33}, []int64{3, 50}, 1, tensor.I32, tensor.I64, true},
		{"lastdyn", []int64{2, 1}, []int64{2, 7}, 1, tensor.I32, tensor.I64, true},
		{"dim0", []int64{6, 300}, []int64{9, 260}, 0, tensor.F32, tensor.I64, true},
		{"dim0i32err", []int64{4, 3, 52}, []int64{7, 2, 45}, 0, tensor.I64, tensor.I32, false},
		{"middyn", []int64{3, 40, 20}, []int64{2, 17, 19}, 1, tensor.F32, tensor.I32, true},
		{"middyn", []int64{2, 5, 64}, []int64{2, 3, 64}, 1, tensor.F32, tensor.I32, true},
		{"column", []int64{5, 64}, []int64{19}, 1, tensor.F32, tensor.I64, true},
		{"half", []int64{5, 300}, []int64{4, 290}, 1, tensor.F16, tensor.I32, true},
		{"halfdyn", []int64{4, 70}, []int64{3, 66}, 1, tensor.F16, tensor.I64, false},
		{"halfdyn", []int64{2, 1}, []int64{2, 9}, 1, tensor.F16, tensor.I64, false},
		{"rows64", []int64{3, 5, 200}, []int64{3, 5, 64}, 2, tensor.F32, tensor.I64, true},
		{"rows64h", []int64{70, 100}, []int64{70, 64}, 1, tensor.F16, tensor.I32, false},
		{"halfcols", []int64{7, 3, 41}, []int64{9, 3, 41}, 0, tensor.BF16, tensor.I64, true},
		{"bools", []int64{5, 600}, []int64{4, 290}, 1, tensor.I1, tensor.I32, true},
		{"i8cols", []int64{6, 53}, []int64{5, 50}, 0, tensor.I8, tensor.I32, false},
		{"short", []int64{5, 300}, []int64{4, 12}, 1, tensor.F32, tensor.I64, true},
		{"stream", []int64{2, 3, 128}, []int64{2, 3, 36}, 2, tensor.F32, tensor.I32, true},
		{"short16", []int64{5, 7, 64}, []int64{5, 7, 16}, 2, tensor.F32, tensor.I64, false},
		{"short8", []int64{40, 100}, []int64{40, 8}, 1, tensor.F64, tensor.I32, true},
		{"flat", []int64{300}, []int64{290}, 0, tensor.F32, tensor.I32, true},
		{"flaterr", []int64{77}, []int64{1000}, 0, tensor.F64, tensor.I64, false},
		{"flatdyn", []int64{5000}, []int64{7001}, 0, tensor.I8, tensor.I64, true},
		{"flatdyn", []int64{3}, []int64{9}, 0, tensor.I8, tensor.I64, true},
		{"flatdyn", []int64{1}, []int64{0}, 0, tensor.I8, tensor.I64, true},
		{"flatshort", []int64{300}, []int64{12}, 0, tensor.F32, tensor.I32, true},
		{"mid16h", []int64{3, 50, 32}, []int64{3, 30, 32}, 1, tensor.F16, tensor.I32, true},
		{"mid4d", []int64{2, 30, 4, 16}, []int64{2, 10, 4, 16}, 1, tensor.I8, tensor.I64, false},
		{"midf64", []int64{2, 9, 24}, []int64{2, 5, 24}, 1, tensor.F64, tensor.I64, false},
		{"rowsi8", []int64{6, 200}, []int64{6, 80}, 1, tensor.I8, tensor.I64, true},
		{"rowsi8err", []int64{4, 256}, []int64{4, 256}, 1, tensor.I8, tensor.I32, false},
		{"topk", []int64{30, 1000}, []int64{30, 5}, 1, tensor.F32, tensor.I64, true},
		{"topk", []int64{1, 1000}, []int64{1, 5}, 1, tensor.F32, tensor.I64, true},
		{"fewi8err", []int64{6, 200}, []int64{6, 3}, 1, tensor.I8, tensor.I32, false},
		{"fewh", []int64{2, 9, 70}, []int64{2, 9, 7}, 2, tensor.F16, tensor.I64, true},
		{"fewi64err", []int64{40, 50}, []int64{40, 9}, 1, tensor.I64, tensor.I32, false},
		{"clip", []int64{5, 300}, []int64{4, 290}, 1, tensor.F32, tensor.I32, true},
	}
	compared, errs := 0, 0
	for _, f := range fns {
		for round := 0; round < 8; round++ {
			x := randOf(r, f.dt, f.in...)
			if f.dt == tensor.F32 {
				nanBits32(r, x)
			}
			i := tensor.Must(tensor.New(f.it, f.idx))
			sz := f.in[f.dim]
			for k := 0; k < int(i.NumElements()); k++ {
				v := r.Int63n(sz)
				if f.negative && r.Intn(2) == 0 {
					v -= sz
				}
				i.SetInt64(k, v)
			}
			if round >= 5 && f.name != "clip" && i.NumElements() > 0 {
				// Out-of-range ids: the last in row-major order first,
				// then earlier ones.
				n := int(i.NumElements())
				for b := 0; b < 1+round-5; b++ {
					k := n - 1 - r.Intn(n/(b+1))
					i.SetInt64(k, []int64{sz, sz + 5, -sz - 1, 1<<31 - 1, -1 << 31}[r.Intn(5)])
				}
			}
			c, e := againstInterp(t, m, pr, f.name, []*tensor.Tensor{x, i}, false)
			compared, errs = compared+c, errs+e
		}
	}
	if compared < 200 || errs < 80 {
		t.Errorf("only %d results compared and %d errors matched", compared, errs)
	}
}
