//go:build !amd64 || purego

package gatherrow

import "unsafe"

// useAVX2 is false: the Go loop does every row.
const useAVX2 = false

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

func takeI32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeI64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW16I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW16I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW32I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW32I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW64I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
func takeW64I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, plines int) int {
	return 0
}
