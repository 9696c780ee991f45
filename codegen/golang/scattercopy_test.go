package golang

import (
	"math/rand"
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

// scatterCopyModule: scatters into a new output, which first copies the
// input. An add's adds read the copy back, so the copy keeps plain
// stores up to revrow.NTBytesReread (tcpNTReread), and the adds' look
// ahead of the destination row runs only when that copy did not go
// through the cache this call (in place, or written non-temporally): the
// bool warmCopy binds. grad: 256-byte f32 rows (one
// rowadd.ScatterRowsF32I64 call, its ahead gated); grad16: 64-byte rows (one rowadd.ScatterRowsF32I64
// call, whose ahead is not gated); put: a replace, whose copy keeps
// tcpNT.
const scatterCopyModule = `
func.func @grad(%x: tensor<?x64xf32>, %i: tensor<?x1xi64>, %u: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<?x64xf32>, tensor<?x1xi64>, tensor<?x64xf32> -> tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}
func.func @grad16(%x: tensor<40x16xf32>, %i: tensor<90x1xi32>, %u: tensor<90x16xf32>) -> tensor<40x16xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "error"} : tensor<40x16xf32>, tensor<90x1xi32>, tensor<90x16xf32> -> tensor<40x16xf32>
  return %0 : tensor<40x16xf32>
}
func.func @put(%x: tensor<?x8xf32>, %i: tensor<?x1xi64>, %u: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<?x8xf32>, tensor<?x1xi64>, tensor<?x8xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
`

// TestScatterCopy checks those forms in the kernel binary's source and
// that its results equal the interpreter's, in place and not, with
// repeated and negative ids and an out-of-range one.
func TestScatterCopy(t *testing.T) {
	m, pr := kernelBinary(t, "scattercopy.mlir", scatterCopyModule, []form{
		{"func tcpNTReread(", 1},
		{"tcpNTReread(", 3},                      // the helper, grad's copy flag (its rows dynamic: a long run) and its warm bool
		{"!tcpSame(r0, a0) && !tcpNTReread(", 1}, // the warm bool
		{" := tcpNT(", 1},                        // put's copy keeps tcpNT
		{"rowadd.ScatterRowsF32I64(r0, 64, ", 1}, // grad in one call,
		{", !t", 1},                              // its ahead gated by the warm bool
		{"rowadd.ScatterRowsF32I32(", 1},         // grad16 in one call (no warm bool: its ahead is not gated)
	})
	r := rand.New(rand.NewSource(5))
	compared, errs := 0, 0
	for _, f := range []struct {
		name    string
		in      []int64
		n       int64
		it      tensor.DType
		wrap    bool
		bad     bool
		inPlace bool
	}{
		{"grad", []int64{40, 64}, 90, tensor.I64, true, false, false},
		{"grad", []int64{40, 64}, 90, tensor.I64, true, true, false},
		{"grad", []int64{40, 64}, 90, tensor.I64, true, false, true},
		{"grad16", []int64{40, 16}, 90, tensor.I32, false, false, false},
		{"grad16", []int64{40, 16}, 90, tensor.I32, false, true, false},
		{"put", []int64{40, 8}, 30, tensor.I64, true, false, false},
		{"put", []int64{40, 8}, 30, tensor.I64, true, true, true},
	} {
		x := tensor.Must(tensor.New(tensor.F32, f.in))
		u := tensor.Must(tensor.New(tensor.F32, []int64{f.n, f.in[1]}))
		nanBits32(r, x)
		nanBits32(r, u)
		i := tensor.Must(tensor.New(f.it, []int64{f.n, 1}))
		perm := r.Perm(int(f.in[0]))
		for k := int64(0); k < f.n; k++ {
			v := int64(r.Intn(int(f.in[0]) / 2)) // repeats
			if f.name == "put" {
				v = int64(perm[k]) // a replace by distinct ids
			}
			if f.wrap && r.Intn(2) == 0 {
				v -= f.in[0]
			}
			i.SetInt64(int(k), v)
		}
		if f.bad {
			i.SetInt64(int(f.n)-1-r.Intn(int(f.n)), f.in[0]+int64(r.Intn(3)))
		}
		c, e := againstInterp(t, m, pr, f.name, []*tensor.Tensor{x, i, u}, f.inPlace)
		compared, errs = compared+c, errs+e
	}
	if compared == 0 || errs == 0 {
		t.Errorf("%d results compared and %d errors matched", compared, errs)
	}
}
