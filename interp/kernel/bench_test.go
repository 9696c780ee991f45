package kernel

import (
	"math/rand"
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

// BenchmarkGather gathers a 1024x1024 f32 tensor along dim 1 with random
// in-range i64 indices, next to a plain copy() of the same 4 MiB, so one
// run reports both (compare the MB/s columns).
func BenchmarkGather(b *testing.B) {
	const n = 1024
	x := tensor.Must(tensor.New(tensor.F32, []int64{n, n}))
	for i := 0; i < n*n; i++ {
		x.SetFloat64(i, float64(i))
	}
	idx := tensor.Must(tensor.New(tensor.I64, []int64{n, n}))
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < n*n; i++ {
		idx.SetInt64(i, rng.Int63n(n))
	}
	for _, dim := range []int{0, 1} {
		name := []string{"gather_dim0", "gather_dim1"}[dim]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(x.Data)))
			for i := 0; i < b.N; i++ {
				if _, err := Gather(x, idx, dim, PromiseInBounds, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("gather_dim1_wrap", func(b *testing.B) {
		b.SetBytes(int64(len(x.Data)))
		for i := 0; i < b.N; i++ {
			if _, err := Gather(x, idx, 1, Wrap, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(int64(len(x.Data)))
		for i := 0; i < b.N; i++ {
			dst := make([]byte, len(x.Data)) // Gather allocates its output too
			copy(dst, x.Data)
		}
	})
}

// BenchmarkSlice reverses a 1024x1024 f32 tensor along both dims.
func BenchmarkSlice(b *testing.B) {
	const n = 1024
	x := tensor.Must(tensor.New(tensor.F32, []int64{n, n}))
	b.SetBytes(int64(len(x.Data)))
	for i := 0; i < b.N; i++ {
		if _, err := Slice(x, []int64{n - 1, n - 1}, []int64{n, n}, []int64{-1, -1}); err != nil {
			b.Fatal(err)
		}
	}
}
