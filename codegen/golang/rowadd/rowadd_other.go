//go:build !amd64 || purego

package rowadd

func addF32(dst, src *float32, n int) { addGo(dst, src, n) }

func scatterAddI64(dst *float32, size int, idx *int64, upd *float32, n, mask int) int {
	return scatterAddGo(dst, size, idx, upd, n, mask)
}

func scatterAddI32(dst *float32, size int, idx *int32, upd *float32, n, mask int) int {
	return scatterAddGo(dst, size, idx, upd, n, mask)
}

func scatterAddColsI64(dst *float32, stride, rows int, idx *int64, upd *float32, n, mask int) int {
	return scatterAddColsGo(dst, stride, rows, idx, upd, n, mask)
}

func scatterAddColsI32(dst *float32, stride, rows int, idx *int32, upd *float32, n, mask int) int {
	return scatterAddColsGo(dst, stride, rows, idx, upd, n, mask)
}

func rowsI64(dst *float32, rows, width int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int {
	return scatterRowsGo(dst, rows, width, idx, upd, n, mask, drop)
}

func rowsI32(dst *float32, rows, width int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int {
	return scatterRowsGo(dst, rows, width, idx, upd, n, mask, drop)
}
