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

// TestIDs: prefetching the rows of indices (in range, negative to wrap,
// out of range either way, the extremes of each type, none) changes none
// of the bytes.
func TestIDs(t *testing.T) {
	b := make([]byte, 8192)
	for i := range b {
		b[i] = byte(i * 5)
	}
	want := append([]byte(nil), b...)
	for _, rb := range []int{1, 3, 8, 12, 24} {
		for _, ids := range [][]int64{nil, {0}, {5, -1, 0, -8}, {1 << 40, -1 << 62, 1<<63 - 1, -1 << 63}} {
			IDs64(unsafe.Pointer(&b[0]), ids, 8, rb)
			IDs64(unsafe.Pointer(&b[100]), ids, 0, rb)
			i32 := make([]int32, len(ids))
			for k, v := range ids {
				i32[k] = int32(v)
			}
			IDs32(unsafe.Pointer(&b[0]), i32, 8, rb)
			IDs32(unsafe.Pointer(&b[0]), []int32{1<<31 - 1, -1 << 31}, 1<<31-1, rb)
		}
	}
	if !bytes.Equal(b, want) {
		t.Fatal("IDs64 or IDs32 changed memory")
	}
}

// TestSpan: prefetching spans (empty, negative, shorter than a line,
// across lines, unaligned, past the buffer's end) changes none of the
// bytes and ends.
func TestSpan(t *testing.T) {
	b := make([]byte, 8192)
	for i := range b {
		b[i] = byte(i * 3)
	}
	want := append([]byte(nil), b...)
	for _, at := range []int{0, 1, 63, 4000, 8191} {
		for _, n := range []int{-64, 0, 1, 63, 64, 65, 4096, 1 << 20} {
			Span(unsafe.Pointer(&b[at]), n)
		}
	}
	if !bytes.Equal(b, want) {
		t.Fatal("Span changed memory")
	}
}
