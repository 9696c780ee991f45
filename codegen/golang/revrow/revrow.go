package revrow

import "fmt"

// Reverse sets element j of dst to element n-1-j of src for every j < n,
// where n = len(dst)/es and es, the element size in bytes, is 1, 2, 4, 8
// or 16 (a run of elements reversed as one: a flip of an outer axis of
// rows of 2 to 16 bytes). len(src) must equal len(dst), a multiple of es; dst and src must not
// overlap.
func Reverse(dst, src []byte, es int) {
	if !validSize(es) || len(dst)%es != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.Reverse: %d and %d bytes of %d-byte elements", len(dst), len(src), es))
	}
	k := reverseBlocks(dst, src, es)
	reverseGo(dst[k:], src[:len(src)-k], es)
}

// NTBytes is the output size, in bytes, from which the kernels write
// reversed rows and rows copied in reversed order with ReverseNT and
// CopyNT: from there the output and its source (3/4 of a 32 MiB L3 on
// the AMD EPYC measured) no longer stay in the cache between calls, and
// non-temporal stores, which skip reading each destination line before
// writing it, move the rows 1.2x (reversed rows) to 1.5x (row copies)
// faster; below it plain stores were faster (the output stays cached).
const NTBytes = 12 << 20

// minNTRun is the shortest row ReverseNT and CopyNT write with
// non-temporal stores; shorter ones go the plain way.
const minNTRun = 256

// ReverseNT is Reverse writing dst with non-temporal stores where the
// assembly runs (AVX2, rows of at least 256 bytes): the bytes up to dst's
// first 32-byte boundary and the tail are reversed in Go. A kernel calls
// Fence after its last ReverseNT and before it returns.
func ReverseNT(dst, src []byte, es int) {
	if !validSize(es) || len(dst)%es != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.ReverseNT: %d and %d bytes of %d-byte elements", len(dst), len(src), es))
	}
	h, m := reverseBlocksNT(dst, src, es)
	k := h + m
	reverseGo(dst[k:], src[:len(src)-k], es)
}

// ReverseNTUp is ReverseNT reading src from its start up (and writing dst
// from its end down): rows reversed in ascending source order (a flip of
// the innermost axis only) then read memory as one ascending stream,
// which the hardware prefetcher follows; ReverseNT reads each row from
// its end down, for rows in descending order (a flip of the innermost
// and an outer axis). A kernel calls Fence after its last ReverseNTUp
// and before it returns.
func ReverseNTUp(dst, src []byte, es int) {
	if !validSize(es) || len(dst)%es != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.ReverseNTUp: %d and %d bytes of %d-byte elements", len(dst), len(src), es))
	}
	t, m := reverseBlocksNTUp(dst, src, es)
	r := len(dst) - t - m
	reverseGo(dst[:r], src[len(src)-r:], es)
}

// CopyNT copies src to dst, of the same length, with non-temporal stores
// where the assembly runs (AVX2, rows of at least 256 bytes), from the end
// of the row down: rows copied in descending source order (a flip of an
// outer axis) then read memory as one descending stream, which the
// hardware prefetcher follows. A kernel calls Fence after its last CopyNT
// and before it returns.
func CopyNT(dst, src []byte) {
	if len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.CopyNT: %d and %d bytes", len(dst), len(src)))
	}
	if !copyNT(dst, src) {
		copy(dst, src)
	}
}

// ReverseGo is Reverse without the assembly: the Go loops of every build,
// which the tests compare it with.
func ReverseGo(dst, src []byte, es int) {
	if !validSize(es) || len(dst)%es != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.ReverseGo: %d and %d bytes of %d-byte elements", len(dst), len(src), es))
	}
	reverseGo(dst, src, es)
}

// validSize reports whether the functions reverse es-byte elements.
func validSize(es int) bool {
	return es == 1 || es == 2 || es == 4 || es == 8 || es == 16
}
