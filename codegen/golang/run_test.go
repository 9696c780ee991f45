package golang

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

func TestRunIndexSelect(t *testing.T) {
	src := `func.func @f(%x: tensor<?x4xf32>, %idx: tensor<?xi64>) -> tensor<?x4xf32> {
  %e = tensor.expand_shape %idx [[0, 1]] : tensor<?xi64> into tensor<?x1xi64>
  %c4 = arith.constant 4 : index
  %b = tcp.broadcast_to %e, %c4 {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x4xi64>
  %out = tcp.gather %x, %b {dim = 0 : index, mode = "error"} : tensor<?x4xf32>, tensor<?x4xi64> -> tensor<?x4xf32>
  return %out : tensor<?x4xf32>
}`
	m, err := parser.Parse("f.mlir", src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	x := tensor.Must(tensor.FromFloat64s(tensor.F32, []int64{3, 4}, []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}))
	idx := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2}, []int64{0, 2}))
	got, _, err := Run(m, "f", []*tensor.Tensor{x, idx}, CallOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := interp.RunFunc(m, "f", x, idx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(tensor.Format(want[0]), tensor.Format(got[0])); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	// A warm-up runs untimed calls for at least its duration before the
	// timed ones, and leaves the results the checked call's. Timed on a
	// started process, so that neither the build nor the start counts.
	prog, err := Build(m, []string{"f"})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := prog.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	const warm = 100 * time.Millisecond
	for _, w := range []time.Duration{0, warm} {
		t0 := time.Now()
		gotw, sec, err := pr.Call("f", []*tensor.Tensor{x, idx}, CallOptions{Bench: 3, Warmup: w})
		el := time.Since(t0)
		if err != nil {
			t.Fatal(err)
		}
		if sec <= 0 || el < w {
			t.Errorf("Bench 3, Warmup %v: the call took %v, median %g s; want a positive median and a call of at least the warm-up", w, el, sec)
		}
		if diff := cmp.Diff(tensor.Format(want[0]), tensor.Format(gotw[0])); diff != "" {
			t.Errorf("Warmup %v (-want +got)\n%s", w, diff)
		}
	}
	bad := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2}, []int64{0, 3}))
	_, _, err = Run(m, "f", []*tensor.Tensor{x, bad}, CallOptions{})
	if err == nil || err.Error() != "index 3 is out of bounds for dimension 0 with size 3" {
		t.Errorf("error = %v", err)
	}
}
