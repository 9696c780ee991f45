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
