// Package hugemem allocates the large buffers of generated kernels on
// transparent huge pages.
//
// A gather reads rows of its source at random: with 4 KiB pages every
// row of a table larger than the TLB's reach costs a page walk, which
// with 2 MiB pages it does not (on a table of 16 MiB, 4096 small pages
// against 8 huge ones). numpy, XLA and ONNX Runtime place their large
// arrays on huge pages; the Go runtime does not. Make returns a slice
// that starts on a 2 MiB boundary and, on Linux, is advised with
// madvise(MADV_HUGEPAGE) before anything touches it, so that the
// kernel backs it with huge pages when the machine's transparent huge
// page mode is "madvise" or "always" (/sys/kernel/mm/transparent_hugepage/enabled).
// Elsewhere, and for slices smaller than MinBytes, Make is make.
//
// The slices are ordinary Go memory: the garbage collector frees them
// when they are no longer used (there is no Free). Each large one
// costs up to 2 MiB of address space more than it holds (the
// alignment); memory never touched is not backed.
//
// tcp-run --backend=go allocates its arguments and results this way; an
// embedder of generated kernels allocates the destinations and large
// arguments with Make to get the same:
//
//	dst := hugemem.Make[float32](n)
//	err := kernels.IndexSelect(dst, table, ids)
package hugemem

import "unsafe"

// HugePageBytes is the size of a transparent huge page on x86-64 and
// arm64 with 4 KiB base pages, the boundary large slices start on.
const HugePageBytes = 2 << 20

// MinBytes is the least size of a slice that Make places on huge pages;
// smaller ones are allocated by make.
var MinBytes = 2 * HugePageBytes

// Elem lists the element types Make allocates: types without pointers,
// since the memory is allocated as bytes.
type Elem interface {
	~bool | ~int8 | ~int16 | ~int32 | ~int64 | ~int | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uint | ~uintptr | ~float32 | ~float64 | ~complex64 | ~complex128
}

// Make returns a slice of n zero elements, as make([]T, n) does. When it
// holds MinBytes or more it starts on a HugePageBytes boundary and is
// advised for huge pages (Linux; see the package documentation). Make
// panics, as make does, when n is negative or the size overflows.
func Make[T Elem](n int) []T {
	var z T
	size := int(unsafe.Sizeof(z))
	if n < 0 || (n > 0 && size > (maxInt-HugePageBytes)/n) {
		panic("hugemem.Make: len out of range")
	}
	bytes := n * size
	if bytes < MinBytes || !hugePages {
		return make([]T, n)
	}
	buf := make([]byte, bytes+HugePageBytes)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	off := int((HugePageBytes - p%HugePageBytes) % HugePageBytes)
	b := buf[off : off+bytes : off+bytes]
	advise(b)
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), n)
}

const maxInt = int(^uint(0) >> 1)
