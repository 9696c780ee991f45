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
