package interp_test

import (
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

// TestUndefinedScatter: a broken unique_indices promise is undefined
// behaviour (a rewrite may give anything), as a broken promise_in_bounds
// is; a scatter's index error under mode error is not.
func TestUndefinedScatter(t *testing.T) {
	x := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{3}, []int64{1, 2, 3}))
	dup := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2}, []int64{1, 1}))
	oob := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2}, []int64{1, 5}))
	u := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2}, []int64{7, 8}))
	_, err := kernel.Scatter(x, dup, u, 0, kernel.ScatterSpec{UniqueIndices: true})
	if err == nil || !interp.Undefined(err) {
		t.Errorf("broken unique_indices: %v, Undefined = false", err)
	}
	_, err = kernel.Scatter(x, oob, u, 0, kernel.ScatterSpec{Mode: kernel.Error})
	if err == nil || interp.Undefined(err) {
		t.Errorf("mode error: %v, Undefined = true", err)
	}
	_, err = kernel.Scatter(x, oob, u, 0, kernel.ScatterSpec{})
	if err == nil || !interp.Undefined(err) {
		t.Errorf("broken promise_in_bounds: %v, Undefined = false", err)
	}
}
