package prefetch

import (
	"bytes"
	"testing"
	"unsafe"
)

// TestLine: prefetching every byte of a buffer (its first and last bytes
// included, unaligned and aligned) changes none of its bytes.
func TestLine(t *testing.T) {
	b := make([]byte, 4096+65)
	for i := range b {
		b[i] = byte(i * 13)
	}
	want := append([]byte(nil), b...)
	for i := range b {
		Line(unsafe.Pointer(&b[i]))
	}
	f := []float32{1, 2, 3}
	Line(unsafe.Pointer(&f[2]))
	if !bytes.Equal(b, want) || f[2] != 3 {
		t.Fatal("Line changed memory")
	}
}

// TestElems: prefetching the elements a column gather reads (positions
// in order, repeated, out of order, none) changes none of the bytes.
func TestElems(t *testing.T) {
	b := make([]byte, 8192)
	for i := range b {
		b[i] = byte(i * 7)
	}
	want := append([]byte(nil), b...)
	for _, es := range []int{1, 2, 4, 8} {
		for _, idx := range [][]int{nil, {0}, {3, 3, 1, 0}, {1023, 0, 512, 7}} {
			Elems(unsafe.Pointer(&b[0]), idx, es)
		}
	}
	if !bytes.Equal(b, want) {
		t.Fatal("Elems changed memory")
	}
}
