//go:build amd64 && !purego

package rowadd

// useAVX says whether addF32 takes the AVX loop: the CPU has AVX (CPUID
// leaf 1, ECX bit 28) and the OS saves the YMM registers (OSXSAVE, ECX
// bit 27, and XCR0's SSE and AVX state bits, read with XGETBV).
var useAVX = hasAVX()

func hasAVX() bool {
	_, _, c, _ := cpuid(1, 0)
	if c&(1<<27) == 0 || c&(1<<28) == 0 {
		return false
	}
	lo, _ := xgetbv()
	return lo&6 == 6
}

// rowsI64 and rowsI32 run the loops of ScatterRowsF32I64 and I32: rows
// of 2, 3 and 4 floats the NARROW loops (no width test or branch per
// row, four updates per step), rows of eight floats or more the AVX ones
// where useAVX says so, and the rest the SSE loop (its fewer width tests
// than the AVX loop's made 3-float points 1.25x faster before NARROW).
func rowsI64(dst *float32, rows, width int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int {
	if f := narrowI64(width); f != nil {
		return f(dst, rows, idx, upd, n, mask, drop, ahead)
	}
	if useAVX && width >= 8 {
		return scatterRowsAVXI64(dst, rows, width, idx, upd, n, mask, drop, ahead)
	}
	return scatterRowsI64(dst, rows, width, idx, upd, n, mask, drop, ahead)
}

func rowsI32(dst *float32, rows, width int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int {
	if f := narrowI32(width); f != nil {
		return f(dst, rows, idx, upd, n, mask, drop, ahead)
	}
	if useAVX && width >= 8 {
		return scatterRowsAVXI32(dst, rows, width, idx, upd, n, mask, drop, ahead)
	}
	return scatterRowsI32(dst, rows, width, idx, upd, n, mask, drop, ahead)
}

func addF32(dst, src *float32, n int) {
	if useAVX {
		addF32AVX(dst, src, n)
		return
	}
	addF32SSE(dst, src, n)
}

// cpuid executes CPUID with EAX = leaf and ECX = sub (rowadd_amd64.s).
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns XCR0 (XGETBV with ECX = 0); call it only when CPUID
// reports OSXSAVE.
func xgetbv() (eax, edx uint32)

// addF32SSE adds n float32s at src into those at dst, four per ADDPS.
//
//go:noescape
func addF32SSE(dst, src *float32, n int)

// addF32AVX adds n float32s at src into those at dst, eight per VADDPS;
// it needs AVX (useAVX).
//
//go:noescape
func addF32AVX(dst, src *float32, n int)

// scatterAddI64 and scatterAddI32 are the loops of ScatterAddF32I64 and
// ScatterAddF32I32 (rowadd_amd64.s): mask is what a negative index gains
// (wrapMask).
//
//go:noescape
func scatterAddI64(dst *float32, size int, idx *int64, upd *float32, n, mask int) int

//go:noescape
func scatterAddI32(dst *float32, size int, idx *int32, upd *float32, n, mask int) int

// scatterAddColsI64 and scatterAddColsI32 are the loops of
// ScatterAddColsF32I64 and I32 (rowadd_amd64.s).
//
//go:noescape
func scatterAddColsI64(dst *float32, stride, rows int, idx *int64, upd *float32, n, mask int) int

//go:noescape
func scatterAddColsI32(dst *float32, stride, rows int, idx *int32, upd *float32, n, mask int) int

// scatterRowsI64 and scatterRowsI32 are the loops of ScatterRowsF32I64
// and ScatterRowsF32I32 (rowadd_amd64.s).
//
//go:noescape
func scatterRowsI64(dst *float32, rows, width int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int

//go:noescape
func scatterRowsI32(dst *float32, rows, width int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int

// scatterRowsAVXI64 and scatterRowsAVXI32 are scatterRowsI64 and I32
// with AVX row adds (eight floats per VADDPS); they need AVX (useAVX).
//
//go:noescape
func scatterRowsAVXI64(dst *float32, rows, width int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int

//go:noescape
func scatterRowsAVXI32(dst *float32, rows, width int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int

// narrowI64 and narrowI32 are the loops for rows of 2, 3 and 4 floats
// (NARROW in rowadd_amd64.s), or nil for other widths.
func narrowI64(width int) func(dst *float32, rows int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int {
	if width < len(narrowLoops) {
		return narrowLoops[width].i64
	}
	return nil
}

func narrowI32(width int) func(dst *float32, rows int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int {
	if width < len(narrowLoops) {
		return narrowLoops[width].i32
	}
	return nil
}

// narrowLoops holds the NARROW loops by row width in floats (2, 3, 4).
var narrowLoops = [...]struct {
	i64 func(dst *float32, rows int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int
	i32 func(dst *float32, rows int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int
}{
	2: {scatterRows2I64, scatterRows2I32},
	3: {scatterRows3I64, scatterRows3I32},
	4: {scatterRows4I64, scatterRows4I32},
}

// scatterRows2I64 and the others are the NARROW loops (rowadd_amd64.s):
// rows of 2, 3 and 4 floats.
//
//go:noescape
func scatterRows2I64(dst *float32, rows int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int

//go:noescape
func scatterRows2I32(dst *float32, rows int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int

//go:noescape
func scatterRows3I64(dst *float32, rows int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int

//go:noescape
func scatterRows3I32(dst *float32, rows int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int

//go:noescape
func scatterRows4I64(dst *float32, rows int, idx *int64, upd *float32, n, mask int, drop, ahead bool) int

//go:noescape
func scatterRows4I32(dst *float32, rows int, idx *int32, upd *float32, n, mask int, drop, ahead bool) int
