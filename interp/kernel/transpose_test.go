package kernel_test

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/tensor"
)

// TestTranspose compares the kernel with a direct loop over the output
// coordinates on random shapes and permutations (ranks 0 to 5).
func TestTranspose(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 200; iter++ {
		r := rng.IntN(6)
		shape := make([]int64, r)
		for d := range shape {
			shape[d] = int64(rng.IntN(4))
		}
		perm := rng.Perm(r)
		n, _ := tensor.NumElementsOf(shape)
		vals := make([]int64, n)
		for i := range vals {
			vals[i] = int64(i)
		}
		in := tensor.Must(tensor.FromInt64s(tensor.I32, shape, vals))
		got, err := kernel.Transpose(in, perm)
		if err != nil {
			t.Fatalf("Transpose(%v, %v): %v", shape, perm, err)
		}
		outShape := make([]int64, r)
		for i, p := range perm {
			outShape[i] = shape[p]
		}
		want := make([]int64, n)
		inStrides := tensor.Strides(shape)
		coord := make([]int64, r)
		for k := range want {
			rem := int64(k)
			for i := r - 1; i >= 0; i-- {
				coord[i] = rem % outShape[i]
				rem /= outShape[i]
			}
			var off int64
			for i, p := range perm {
				off += coord[i] * inStrides[p]
			}
			want[k] = off
		}
		wantT := tensor.Must(tensor.FromInt64s(tensor.I32, outShape, want))
		if diff := cmp.Diff(wantT, got); diff != "" {
			t.Fatalf("Transpose(%v, %v) (-want +got):\n%s", shape, perm, diff)
		}
	}
	if _, err := kernel.Transpose(tensor.Must(tensor.New(tensor.F32, []int64{2, 3})), []int{0, 0}); err == nil {
		t.Errorf("Transpose with a repeated entry: no error")
	}
}
