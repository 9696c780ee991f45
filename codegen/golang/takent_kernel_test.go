package golang

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

// takeNTRows are the row types of TestTakeNT: whole 64-byte lines of
// 256 to 1024 bytes (gatherrow.TakeNT's non-temporal stores), and 400
// bytes (Take: not whole lines).
var takeNTRows = []struct {
	elem string
	dt   tensor.DType
	n    int64
	nt   bool
}{
	{"f32", tensor.F32, 64, true},
	{"f16", tensor.F16, 192, true},
	{"i8", tensor.I8, 320, true},
	{"i64", tensor.I64, 128, true},
	{"f32", tensor.F32, 100, false},
}

func takeNTModule() string {
	var b strings.Builder
	for _, r := range takeNTRows {
		for _, it := range []string{"i32", "i64"} {
			for _, mode := range []string{"wrap_negative", "error"} {
				fmt.Fprintf(&b, `func.func @take_%[1]s%[2]d_%[3]s_%[4]s(%%x: tensor<?x%[2]dx%[1]s>, %%i: tensor<?x%[3]s>) -> tensor<?x%[2]dx%[1]s> {
  %%e = tensor.expand_shape %%i [[0, 1]] : tensor<?x%[3]s> into tensor<?x1x%[3]s>
  %%c = arith.constant %[2]d : index
  %%b = tcp.broadcast_to %%e, %%c {axes = [1]} : tensor<?x1x%[3]s>, index -> tensor<?x%[2]dx%[3]s>
  %%0 = tcp.gather %%x, %%b {dim = 0 : index, mode = %[5]q} : tensor<?x%[2]dx%[1]s>, tensor<?x%[2]dx%[3]s> -> tensor<?x%[2]dx%[1]s>
  return %%0 : tensor<?x%[2]dx%[1]s>
}
`, r.elem, r.n, it, strings.ReplaceAll(mode, "_", ""), mode)
			}
		}
	}
	return b.String()
}

// TestTakeNT: in the kernel binary, takes of rows of whole 64-byte lines
// call gatherrow.TakeNT (non-temporal stores past tcpNT's size, and the
// fence), other rows gatherrow.Take; their results and errors equal the
// interpreter's for 1, 2, 3 and 7 workers, with non-temporal stores at
// any size (NTBytes 1) and by tcpNT's bound, by int32 and int64 ids,
// negative ones wrapped, a bad one anywhere.
func TestTakeNT(t *testing.T) {
	m, pr := kernelBinary(t, "takent.mlir", takeNTModule(), []form{{"gatherrow.TakeNT(", 16}, {"defer revrow.Fence()", 16}})
	r := rand.New(rand.NewSource(5))
	compared, errs := 0, 0
	for _, row := range takeNTRows {
		for _, it := range []tensor.DType{tensor.I32, tensor.I64} {
			for _, mode := range []string{"wrapnegative", "error"} {
				fn := fmt.Sprintf("take_%s%d_%s_%s", row.elem, row.n, it, mode)
				for c := 0; c < 6; c++ {
					rows, n := int64(1+r.Intn(300)), int64(r.Intn(200))
					x := randOf(r, row.dt, rows, row.n)
					i := tensor.Must(tensor.New(it, []int64{n}))
					for k := range int(n) {
						v := r.Int63n(rows)
						if mode == "wrapnegative" && r.Intn(2) == 0 {
							v -= rows
						}
						i.SetInt64(k, v)
					}
					if c >= 4 && n > 0 {
						i.SetInt64(r.Intn(int(n)), []int64{rows, -rows - 1, rows + 9}[r.Intn(3)])
					}
					want, werr := interp.RunFunc(m, fn, x, i)
					for _, w := range []int{1, 2, 3, 7} {
						for _, ntb := range []int64{0, 1} {
							got, _, gerr := pr.Call(fn, []*tensor.Tensor{x, i}, CallOptions{Workers: w, MinBytesPerWorker: 1, NTBytes: ntb})
							var ke *KernelError
							if gerr != nil && !errors.As(gerr, &ke) {
								t.Fatalf("@%s: %v", fn, gerr)
							}
							var ie *kernel.IndexError
							switch {
							case werr != nil && (gerr == nil || !errors.As(werr, &ie) || ie.Error() != gerr.Error()):
								t.Fatalf("@%s workers %d NTBytes %d: error %v, want %v", fn, w, ntb, gerr, werr)
							case werr != nil:
								errs++
							case gerr != nil:
								t.Fatalf("@%s workers %d NTBytes %d: kernel fails: %v", fn, w, ntb, gerr)
							case string(want[0].Data) != string(got[0].Data):
								t.Fatalf("@%s %v workers %d NTBytes %d: differs from the interpreter", fn, x.Shape, w, ntb)
							default:
								compared++
							}
						}
					}
				}
			}
		}
	}
	if compared == 0 || errs == 0 {
		t.Errorf("%d results and %d errors compared, want some of each", compared, errs)
	}
}
