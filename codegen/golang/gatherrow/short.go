package gatherrow

import "unsafe"

// ShortRows is Rows for rows of any number n of indices, however
// sparsely they read their source rows: for each r, in order,
// Row(dst[r*n:(r+1)*n], src[r*s:(r+1)*s], idx[r*n:(r+1)*n], wrap), s
// being len(src) divided by the len(dst)/n rows; it returns r*n+k for
// the first bad index (row r, position k), the elements before it
// written, else -1. It is the few ids of each long row (the top k of
// each row by a GatherElements, an element gather of fewer than 64 ids
// per row), which Rows leaves to a Go call per row.
//
// On amd64 (where the package's assembly runs: AVX2, not purego) the
// rows are one assembly call with a scalar step per index
// (load the id, test it, move the element: about six instructions, and
// no bounds check of the row's slices), the wrap of a negative id taken
// out of line. Where the source rows are far beyond the cache, the
// number of reads in flight is what the core's reorder window holds,
// so the fewer instructions per element the more of them: 5 f32 of each
// 4000-byte row of a 262 MB table (65536 rows) by i64 ids took 0.90 ms
// with one worker against the Go loop's 0.98-1.0 on the 2-core Intel
// Xeon. Before row r it prefetches the elements of row r+ahead (their
// ids read, not wrapped: a negative or bad id prefetches a useless line
// and harms nothing); ahead 0 prefetches nothing.
//
// It panics if n is not positive or does not divide len(dst), if
// len(src) is not a multiple of the row count, or if idx is shorter
// than dst.
func ShortRows[T Elem, I Index](dst, src []T, idx []I, n int, wrap bool, ahead int) int {
	rows, s := rowsOf(len(dst), len(src), len(idx), n)
	if rows == 0 {
		return -1
	}
	if s == 0 {
		// Every index is out of range of an empty row.
		return 0
	}
	if ahead <= 0 || ahead >= rows {
		ahead = rows // prefetch nothing
	}
	var z T
	var i I
	if !useAVX2 {
		return shortRowsGo(dst, src, idx, n, s, wrap)
	}
	if p := shortLoop(int(unsafe.Sizeof(z)), unsafe.Sizeof(i) == 4, unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src)),
		unsafe.Pointer(&idx[0]), n, wrapMask(wrap, s), s, rows, ahead); p >= 0 {
		if p == rows*n {
			return -1
		}
		return p
	}
	return shortRowsGo(dst, src, idx, n, s, wrap)
}

// shortRowsGo is ShortRows' Go loop: the whole of it without the
// assembly, and what the tests compare the assembly with.
func shortRowsGo[T Elem, I Index](dst, src []T, idx []I, n, s int, wrap bool) int {
	mask := wrapMask(wrap, s)
	for r := 0; r*n < len(dst); r++ {
		if k := gatherGo(dst[r*n:(r+1)*n], src[r*s:(r+1)*s], idx[r*n:(r+1)*n], 0, mask, s, 1, 0); k >= 0 {
			return r*n + k
		}
	}
	return -1
}
