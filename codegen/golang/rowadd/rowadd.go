package rowadd

import (
	"math"
	"unsafe"
)

// AddF32 sets dst[i] = dst[i] + src[i] for i < len(dst) with tcp's NaN
// rule (see the package documentation). It panics if src is shorter than
// dst. dst and src must be the same slice or not overlap.
func AddF32(dst, src []float32) {
	src = src[:len(dst)]
	if len(dst) == 0 {
		return
	}
	addF32(&dst[0], &src[0], len(dst))
}

// addGo is the Go loop: it keeps tcp's NaN rule explicitly, the
// destination's NaN first, then the update's, both quieted. It is the
// addF32 of the purego build and of other architectures, and the tests
// compare the assembly with it.
func addGo(dst, src *float32, n int) {
	d := unsafe.Slice(dst, n)
	s := unsafe.Slice(src, n)
	for i, a := range d {
		d[i] = add(a, s[i])
	}
}

func add(a, b float32) float32 {
	r := a + b
	if r != r {
		if a != a {
			return math.Float32frombits(math.Float32bits(a) | 0x00400000)
		}
		if b != b {
			return math.Float32frombits(math.Float32bits(b) | 0x00400000)
		}
	}
	return r
}
