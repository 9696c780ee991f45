package golang

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// elementAddModule: f32 ScatterElements adds (tcp.scatter, combine add)
// that take the kernel binary's two element-scatter paths: along the last
// dim (rowadd.ScatterAddF32I64/I32 per index row; i64 and i32 ids, modes
// wrap_negative and error, index rows shorter than the destination's,
// dynamic dims) and along dim 0 with 256 columns or more (the workers
// split the columns and walk them in blocks, each block of an index row
// one call of rowadd.ScatterAddColsF32I64 or I32); last0small stays on the
// split by destination rows (too few columns). slab and slab3i32err are
// along dim 0 of destinations past slabBytes with rows of 1200 bytes:
// their blocks are added to in a worker's scratch (tcpSlabIn, tcpSlabOut),
// with the block's indices and updates prefetched rows ahead
// (colsAhead), in blocks of 128 and 144 columns that do not divide the
// worker's columns.
const elementAddModule = `
func.func @slab(%x: tensor<2048x300xf32>, %i: tensor<520x290xi64>, %u: tensor<520x290xf32>) -> tensor<2048x300xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index, mode = "wrap_negative"} : tensor<2048x300xf32>, tensor<520x290xi64>, tensor<520x290xf32> -> tensor<2048x300xf32>
  return %0 : tensor<2048x300xf32>
}
func.func @slab3i32err(%x: tensor<600x3x300xf32>, %i: tensor<500x2x290xi32>, %u: tensor<500x2x290xf32>) -> tensor<600x3x300xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index, mode = "error"} : tensor<600x3x300xf32>, tensor<500x2x290xi32>, tensor<500x2x290xf32> -> tensor<600x3x300xf32>
  return %0 : tensor<600x3x300xf32>
}
func.func @last64(%x: tensor<5x300xf32>, %i: tensor<4x290xi64>, %u: tensor<4x290xf32>) -> tensor<5x300xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 1 : index, mode = "wrap_negative"} : tensor<5x300xf32>, tensor<4x290xi64>, tensor<4x290xf32> -> tensor<5x300xf32>
  return %0 : tensor<5x300xf32>
}
func.func @last32err(%x: tensor<3x4x37xf32>, %i: tensor<3x3x41xi32>, %u: tensor<3x3x41xf32>) -> tensor<3x4x37xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 2 : index, mode = "error"} : tensor<3x4x37xf32>, tensor<3x3x41xi32>, tensor<3x3x41xf32> -> tensor<3x4x37xf32>
  return %0 : tensor<3x4x37xf32>
}
func.func @lastdyn(%x: tensor<?x?xf32>, %i: tensor<?x?xi64>, %u: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 1 : index, mode = "wrap_negative"} : tensor<?x?xf32>, tensor<?x?xi64>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @dim0(%x: tensor<6x300xf32>, %i: tensor<9x260xi64>, %u: tensor<9x260xf32>) -> tensor<6x300xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index, mode = "wrap_negative"} : tensor<6x300xf32>, tensor<9x260xi64>, tensor<9x260xf32> -> tensor<6x300xf32>
  return %0 : tensor<6x300xf32>
}
func.func @dim0i32err(%x: tensor<4x3x520xf32>, %i: tensor<7x2x513xi32>, %u: tensor<7x2x513xf32>) -> tensor<4x3x520xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index, mode = "error"} : tensor<4x3x520xf32>, tensor<7x2x513xi32>, tensor<7x2x513xf32> -> tensor<4x3x520xf32>
  return %0 : tensor<4x3x520xf32>
}
func.func @last0small(%x: tensor<6x30xf32>, %i: tensor<9x20xi64>, %u: tensor<9x20xf32>) -> tensor<6x30xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index, mode = "wrap_negative"} : tensor<6x30xf32>, tensor<9x20xi64>, tensor<9x20xf32> -> tensor<6x30xf32>
  return %0 : tensor<6x30xf32>
}
`

// TestScatterElementsAdd: the kernel binary's element scatter adds
// (elementAddModule) equal the interpreter's results bit for bit, NaN
// payloads in the destination and the updates included, with many
// repeated ids, negative ids, 1, 2, 3 and 7 workers, in place or not; and
// with out-of-range ids (several, in different columns and rows) they
// fail with the interpreter's error, the first bad id in row-major order,
// whatever the worker count.
func TestScatterElementsAdd(t *testing.T) {
	m, pr := kernelBinary(t, "elementadd.mlir", elementAddModule, []form{{"rowadd.ScatterAddF32I64(", 2}, {"rowadd.ScatterAddF32I32(", 1}, {"max(64, ", 2}, {"rowadd.ScatterAddColsF32I64(", 2}, {"rowadd.ScatterAddColsF32I32(", 2}, {"tcpSlabIn(*", 2}, {"prefetch.Span(", 4}})
	r := rand.New(rand.NewSource(5))
	type fn struct {
		name     string
		in, idx  []int64
		dim      int
		it       tensor.DType
		negative bool // mode wrap_negative (else error: no negative ids in range)
	}
	fns := []fn{
		{"last64", []int64{5, 300}, []int64{4, 290}, 1, tensor.I64, true},
		{"last32err", []int64{3, 4, 37}, []int64{3, 3, 41}, 2, tensor.I32, false},
		{"lastdyn", []int64{4, 33}, []int64{3, 50}, 1, tensor.I64, true},
		{"lastdyn", []int64{2, 1}, []int64{2, 7}, 1, tensor.I64, true},
		{"dim0", []int64{6, 300}, []int64{9, 260}, 0, tensor.I64, true},
		{"dim0i32err", []int64{4, 3, 520}, []int64{7, 2, 513}, 0, tensor.I32, false},
		{"last0small", []int64{6, 30}, []int64{9, 20}, 0, tensor.I64, true},
		{"slab", []int64{2048, 300}, []int64{520, 290}, 0, tensor.I64, true},
		{"slab3i32err", []int64{600, 3, 300}, []int64{500, 2, 290}, 0, tensor.I32, false},
	}
	compared, errs := 0, 0
	for _, f := range fns {
		for round := 0; round < 8; round++ {
			x := tensor.Must(tensor.New(tensor.F32, f.in))
			u := tensor.Must(tensor.New(tensor.F32, f.idx))
			i := tensor.Must(tensor.New(f.it, f.idx))
			nanBits32(r, x)
			nanBits32(r, u)
			sz := f.in[f.dim]
			for k := 0; k < int(i.NumElements()); k++ {
				v := r.Int63n(sz)
				if f.negative && r.Intn(2) == 0 {
					v -= sz
				}
				i.SetInt64(k, v)
			}
			if round >= 5 {
				// Out-of-range ids: the last in row-major order first,
				// then earlier ones, so that a worker's own first bad
				// id is not the first overall.
				n := int(i.NumElements())
				for b := 0; b < 1+round-5; b++ {
					k := n - 1 - r.Intn(n/(b+1))
					i.SetInt64(k, []int64{sz, sz + 5, -sz - 1, 1<<31 - 1}[r.Intn(4)])
				}
			}
			c, e := againstInterp(t, m, pr, f.name, []*tensor.Tensor{x, i, u}, true)
			compared, errs = compared+c, errs+e
		}
	}
	if compared < 120 || errs < 80 {
		t.Errorf("only %d results compared and %d errors matched", compared, errs)
	}
}

// againstInterp calls @name of m with args in the kernel binary pr with
// 1, 2, 3 and 7 workers (in place from 3 on, if inPlace) and compares
// each call with the interpreter: the same single result bit for bit, or
// the interpreter's index error word for word. It returns how many
// results it compared and how many errors matched.
func againstInterp(t *testing.T, m *ir.Operation, pr *Process, name string, args []*tensor.Tensor, inPlace bool) (compared, errs int) {
	t.Helper()
	want, werr := interp.RunFunc(m, name, args...)
	for _, w := range []int{1, 2, 3, 7} {
		got, _, gerr := pr.Call(name, args, CallOptions{Workers: w, MinBytesPerWorker: 1, InPlace: inPlace && w >= 3})
		var ke *KernelError
		if gerr != nil && !errors.As(gerr, &ke) {
			t.Fatalf("@%s: %v", name, gerr)
		}
		var ie *kernel.IndexError
		switch {
		case werr != nil && gerr == nil:
			t.Errorf("@%s workers %d: interpreter fails (%v), kernel does not", name, w, werr)
		case werr != nil && !errors.As(werr, &ie):
			t.Fatalf("@%s: interpreter error %v", name, werr)
		case werr != nil && ie.Error() != gerr.Error():
			t.Errorf("@%s workers %d: error %q, want %q", name, w, gerr, ie.Error())
		case werr != nil:
			errs++
		case gerr != nil:
			t.Errorf("@%s workers %d: kernel fails: %v", name, w, gerr)
		case string(want[0].Data) != string(got[0].Data):
			t.Errorf("@%s workers %d: differs from the interpreter\nwant %s\ngot  %s\nargs %v", name, w, tensor.Format(want[0]), tensor.Format(got[0]), fmtArgs(args))
		default:
			compared++
		}
	}
	return compared, errs
}

// form is a piece of the kernel binary's source and how many times it must
// occur there.
type form struct {
	what string
	n    int
}

// kernelBinary parses and verifies module (named name), checks the
// kernel binary's source for forms, and builds and starts the binary,
// closed when the test ends.
// startKernels builds and starts the kernel binary of m's functions,
// closed when the test ends.
func startKernels(t testing.TB, m *ir.Operation) *Process {
	t.Helper()
	p, err := Build(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := p.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pr.Close() })
	return pr
}

func kernelBinary(t *testing.T, name, module string, forms []form) (*ir.Operation, *Process) {
	t.Helper()
	m, err := parser.Parse(name, module, parser.Options{})
	if err == nil {
		err = ir.Verify(m, false)
	}
	if err != nil {
		t.Fatal(err)
	}
	src, _, _, err := emitTagged(m, Options{Package: "main", driver: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range forms {
		if got := strings.Count(string(src), c.what); got != c.n {
			t.Errorf("the kernel binary's source has %d of %q, want %d\n%s", got, c.what, c.n, src)
		}
	}
	return m, startKernels(t, m)
}
