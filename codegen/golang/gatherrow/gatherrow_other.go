//go:build !amd64 || purego

package gatherrow

import "unsafe"

// useAVX2 is false: the Go loop does every row.
const useAVX2 = false

// wideRowGathers is false: Permute keeps its Go loop.
const wideRowGathers = false

// isIntel is false: no CPUID here.
func isIntel() bool { return false }

func gather4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col int) int {
	return 0
}
func gather4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col int) int {
	return 0
}
func gather8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col int) int {
	return 0
}
func gather8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col int) int {
	return 0
}
func gather2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col int) int {
	return 0
}
func gather2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col int) int {
	return 0
}
func gather1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col int) int {
	return 0
}
func gather1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col int) int {
	return 0
}

func rows1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int { return 0 }
func rows1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int { return 0 }
func rows2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int { return 0 }
func rows2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int { return 0 }
func rows4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int { return 0 }
func rows4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int { return 0 }
func rows8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int { return 0 }
func rows8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int { return 0 }

func moveRow(dst, src unsafe.Pointer, n int) {
	copy(unsafe.Slice((*byte)(dst), n), unsafe.Slice((*byte)(src), n))
}

// takeLoops is empty: Take never reaches it without the assembly.
var takeLoops [8]takeLoop

// takeNTI32 and takeNTI64 are never called without the assembly
// (useAVX2 is false).
func takeNTI32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int {
	return 0
}
func takeNTI64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int {
	return 0
}

// farLoops and farColsLoops are empty: Row and ColsRows never reach
// them without the assembly.
var farLoops, farColsLoops [2]takeLoop

// moveRowNT is never called without the assembly (useAVX2 is false).
func moveRowNT(dst, src, next unsafe.Pointer, n int) {}

// moveRowAhead is never called without the assembly.
func moveRowAhead(dst, src, next unsafe.Pointer, n int) {}

// putLoops is empty: Put never reaches it without the assembly.
var putLoops [7]takeLoop

// stridedNTLoop is nil: Strided stores normally.
var stridedNTLoop func(dst, src, ctrl unsafe.Pointer, steps, srcStride int, lo, hi uint64)

// permLoop is nil: Permute runs its Go loop.
var permLoop func(dst, src, ctrl unsafe.Pointer, rows, dstStride, srcStride, chunks int, lo, hi, tail uint64)

// colsLoops and rowsZ are empty, and colsZ false: ColsRows and Rows
// never reach them without the assembly.
var (
	colsLoops [4]colsLoop
	rowsZ     [2]colsLoop
	colsZ     bool
)

// rowsB is nil: no byte-shuffle Rows loop.
var rowsB *rowsBLoop

// stridedWide is never called without the assembly (useAVX2 is false).
func stridedWide(dst, src unsafe.Pointer, n, G, P, rows, rowStride int) {}

// take2Loops is empty: Take2 never reaches it without the assembly.
var take2Loops [7]take2Loop

// take2ELoops is empty, and take2E false: no element loops here.
var take2ELoops [4]take2Loop

const take2E = false

// take2VLoops is empty, and take2V false: no vector loops here.
var take2VLoops [4]struct {
	i32 func(dst, src unsafe.Pointer, idx *int32, n, mask0, size0, stride0, mask1, size1 int) int
	i64 func(dst, src unsafe.Pointer, idx *int64, n, mask0, size0, stride0, mask1, size1 int) int
}

const take2V = false

// shortLoop is -1: ShortRows' Go loop does every row.
func shortLoop(es int, i32 bool, dp, sp, ip unsafe.Pointer, n, mask, size, rows, ahead int) int {
	return -1
}

// takeTails is empty: Take never reaches it without the assembly.
var takeTails map[int]takeLoop

// scalarCols is false: no assembly here.
const scalarCols = false
