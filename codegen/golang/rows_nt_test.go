package golang

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/codegen/golang/revrow"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// ntRowsModule: gathers of whole runs of 256 bytes or more from random
// rows (a row gather of f32 rows, a take of 512-byte runs along a middle
// axis by i32 ids), which the kernel binary copies with tcpCopyRows:
// non-temporal stores once the output reaches revrow.NTBytes.
const ntRowsModule = `
func.func @rows(%x: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.expand_shape %i [[0, 1]] : tensor<?xi64> into tensor<?x1xi64>
  %b = tcp.broadcast_to %e, %d1 {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x?xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "wrap_negative"} : tensor<?x?xf32>, tensor<?x?xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @mid(%x: tensor<3x?x128xf32>, %i: tensor<?xi32>) -> tensor<3x?x128xf32> {
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %e = tensor.expand_shape %i [[0, 1, 2]] : tensor<?xi32> into tensor<1x?x1xi32>
  %b = tcp.broadcast_to %e, %c3, %c128 {axes = [0, 2]} : tensor<1x?x1xi32>, index, index -> tensor<3x?x128xi32>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "error"} : tensor<3x?x128xf32>, tensor<3x?x128xi32> -> tensor<3x?x128xf32>
  return %0 : tensor<3x?x128xf32>
}
`

// TestGatheredRowsNT: in the kernel binary, runs gathered from random
// rows are copied by tcpCopyRows, and the results equal the
// interpreter's, below and past revrow.NTBytes of output (non-temporal
// stores and the fence), with rows of odd lengths (misaligned heads) and
// out-of-range ids failing as the interpreter does, for 1, 2 and 3
// workers.
func TestGatheredRowsNT(t *testing.T) {
	m, err := parser.Parse("ntrows.mlir", ntRowsModule, parser.Options{})
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
	if got := strings.Count(string(src), "tcpCopyRows("); got != 2 {
		t.Errorf("the kernel binary's source has %d calls of tcpCopyRows, want 2\n%s", got, src)
	}
	p, err := Build(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := p.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	r := rand.New(rand.NewSource(3))
	ids := func(dt tensor.DType, n, size int64, bad bool) *tensor.Tensor {
		i := tensor.Must(tensor.New(dt, []int64{n}))
		for k := int64(0); k < n; k++ {
			i.SetInt64(int(k), r.Int63n(size))
		}
		if bad {
			i.SetInt64(int(r.Int63n(n)), size+int64(r.Intn(3)))
		}
		return i
	}
	bigRows := revrow.NTBytes/(4*641) + 3 // rows of 641 floats: past NTBytes
	bigMid := revrow.NTBytes/(4*3*128) + 5
	calls := []struct {
		fn   string
		args []*tensor.Tensor
	}{
		{"rows", []*tensor.Tensor{randOf(r, tensor.F32, 40, 67), ids(tensor.I64, 300, 40, false)}},
		{"rows", []*tensor.Tensor{randOf(r, tensor.F32, 40, 67), ids(tensor.I64, 300, 40, true)}},
		{"rows", []*tensor.Tensor{randOf(r, tensor.F32, 300, 641), ids(tensor.I64, int64(bigRows), 300, false)}},
		{"rows", []*tensor.Tensor{randOf(r, tensor.F32, 300, 641), ids(tensor.I64, int64(bigRows), 300, true)}},
		{"mid", []*tensor.Tensor{randOf(r, tensor.F32, 3, 50, 128), ids(tensor.I32, 70, 50, false)}},
		{"mid", []*tensor.Tensor{randOf(r, tensor.F32, 3, 1000, 128), ids(tensor.I32, int64(bigMid), 1000, false)}},
		{"mid", []*tensor.Tensor{randOf(r, tensor.F32, 3, 1000, 128), ids(tensor.I32, int64(bigMid), 1000, true)}},
	}
	errs := 0
	for _, c := range calls {
		want, werr := interp.RunFunc(m, c.fn, c.args...)
		for w := 1; w <= 3; w++ {
			got, _, gerr := pr.Call(c.fn, c.args, CallOptions{Workers: w, MinBytesPerWorker: 1})
			if werr != nil || gerr != nil {
				var ie *kernel.IndexError
				if !errors.As(werr, &ie) || gerr == nil || ie.Error() != gerr.Error() {
					t.Fatalf("@%s workers %d: kernel error %v, interpreter error %v", c.fn, w, gerr, werr)
				}
				errs++
				continue
			}
			if string(got[0].Data) != string(want[0].Data) {
				t.Fatalf("@%s workers %d (%v): differs from the interpreter", c.fn, w, fmtArgs(c.args))
			}
		}
	}
	if errs != 9 {
		t.Errorf("%d calls failed in both, want 9 (three calls with a bad id, three worker counts)", errs)
	}
}
