//go:build amd64 && !purego

package gatherrow

import "unsafe"

// useAVX2 says whether the assembly loops run: the CPU has AVX2 (CPUID
// leaf 7, EBX bit 5) and AVX (leaf 1, ECX bit 28), and the OS saves the
// YMM registers (OSXSAVE, leaf 1 ECX bit 27, and XCR0's SSE and AVX
// state bits, read with XGETBV).
var useAVX2 = hasAVX2()

func hasAVX2() bool {
	max, _, _, _ := cpuid(0, 0)
	if max < 7 {
		return false
	}
	_, _, c, _ := cpuid(1, 0)
	if c&(1<<27) == 0 || c&(1<<28) == 0 {
		return false
	}
	if lo, _ := xgetbv(); lo&6 != 6 {
		return false
	}
	_, b, _, _ := cpuid(7, 0)
	return b&(1<<5) != 0
}

// wideRowGathers says whether Permute gathers the long rows of 4-byte
// elements with Row's assembly loop too (gatherIDs): on Intel CPUs
// (CPUID's vendor GenuineIntel) with AVX2. A take of 512 of 2048 f32
// along the last axis of [2048,2048], one worker, interleaved tcp-run
// runs on the 2-core Intel Xeon: 0.87-0.89 ms against 1.00-1.05 for the
// kernel's Go loop (two workers 0.45-0.46 against 0.58-0.61); on the AMD
// EPYC the loop was faster (0.81-0.88 against 0.88-1.03).
var wideRowGathers = useAVX2 && isIntel()

// isIntel says whether CPUID's vendor string is GenuineIntel.
func isIntel() bool {
	_, b, c, d := cpuid(0, 0)
	return b == 0x756e6547 && d == 0x49656e69 && c == 0x6c65746e // "Genu" "ineI" "ntel"
}

// hasVBMI says whether the CPU has AVX-512 F, BW and VBMI (CPUID leaf 7:
// EBX bits 16 and 30, ECX bit 1) and the OS saves the opmask and ZMM
// registers (XCR0 bits 1, 2 and 5-7). Permute's assembly needs it.
func hasVBMI() bool {
	if !hasAVX2() {
		return false
	}
	if lo, _ := xgetbv(); lo&0xe6 != 0xe6 {
		return false
	}
	_, b, c, _ := cpuid(7, 0)
	return b&(1<<16) != 0 && b&(1<<30) != 0 && c&(1<<1) != 0
}

// permLoop is Permute's assembly (permI2B) when the CPU has AVX-512
// VBMI, else nil (the Go loop).
var permLoop = func() func(dst, src, ctrl unsafe.Pointer, rows, dstStride, srcStride, chunks int, lo, hi, tail uint64) {
	if hasVBMI() {
		return permI2B
	}
	return nil
}()

// rowsB holds the 1-byte Rows loops for source rows of at most 256
// bytes (ROWSB in gatherrow_amd64.s) when the CPU has AVX-512 VBMI, else
// nil.
var rowsB = func() *rowsBLoop {
	if hasVBMI() {
		return &rowsBLoop{rowsB8I32, rowsB8I64}
	}
	return nil
}()

// rowsB8I32 and rowsB8I64 are those loops for int32 and int64 indices:
// rows of n indices (a multiple of 16) into source rows of size bytes
// (at most 256; m0..m3 the byte masks of the row's four 64-byte parts),
// returning what the rowsN loops return.
//
//go:noescape
func rowsB8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int, m0, m1, m2, m3 uint64) int

//go:noescape
func rowsB8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int, m0, m1, m2, m3 uint64) int

// permI2B is Permute's loop (gatherrow_amd64.s): rows rows, dst and src
// moving on by dstStride and srcStride bytes; each source row loaded
// with the byte masks lo (first 64 bytes) and hi (next 64) into the two
// tables of VPERMI2B, each 64-byte chunk of ctrl one shuffle and one
// store into the output row, the last chunk stored with the byte mask
// tail.
//
//go:noescape
func permI2B(dst, src, ctrl unsafe.Pointer, rows, dstStride, srcStride, chunks int, lo, hi, tail uint64)

// stridedNT is Strided's loop of steps of exactly 64 output bytes, each
// stored non-temporally to a 64-byte aligned dst (steps >= 1), srcStride
// bytes between the steps' sources, then fenced (SFENCE).
//
//go:noescape
func stridedNT(dst, src, ctrl unsafe.Pointer, steps, srcStride int, lo, hi uint64)

// stridedNTLoop is stridedNT when the CPU has AVX-512 VBMI, else nil.
var stridedNTLoop = func() func(dst, src, ctrl unsafe.Pointer, steps, srcStride int, lo, hi uint64) {
	if hasVBMI() {
		return stridedNT
	}
	return nil
}()

// cpuid executes CPUID with EAX = leaf and ECX = sub (gatherrow_amd64.s).
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns XCR0 (XGETBV with ECX = 0); call it only when CPUID
// reports OSXSAVE.
func xgetbv() (eax, edx uint32)

// gather4I32, gather4I64, gather8I32 and gather8I64 are the AVX2 loops
// (gatherrow_amd64.s) for 4- and 8-byte elements and int32 and int64
// indices: they set dst[k] = src[w*stride + k*col] eight elements per
// step while all eight indices of the step are in range, and return the
// number of elements done (a multiple of eight). The caller has checked
// fast.
//
//go:noescape
func gather4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col int) int

//go:noescape
func gather4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col int) int

//go:noescape
func gather8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col int) int

//go:noescape
func gather8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col int) int

// gather2I32 and gather2I64 are the loops for 2-byte
// elements: the indices are wrapped and tested eight at a time as above,
// and the elements read one at a time.
//
//go:noescape
func gather2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col int) int

//go:noescape
func gather2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col int) int

// gather1I32 and gather1I64 are the same loops for
// 1-byte elements.
//
//go:noescape
func gather1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, col int) int

//go:noescape
func gather1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, col int) int

// rows1I32 ... rows8I64 are the Rows loops (ROWSN in gatherrow_amd64.s)
// for es-byte elements and int32 or int64 indices, and Row's on one row:
// rows of n indices into source rows of size elements, one after the
// other; they return the elements done, rows*n when every index is in
// range, else the position of the step holding the first bad one (or of
// a row's partial last step).
//
//go:noescape
func rows1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int

//go:noescape
func rows1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int

//go:noescape
func rows2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int

//go:noescape
func rows2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int

//go:noescape
func rows4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int

//go:noescape
func rows4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int

//go:noescape
func rows8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int) int

//go:noescape
func rows8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int) int

// takeI32 and takeI64 are Take's loop (TAKE in gatherrow_amd64.s) for
// int32 and 8-byte indices: n rows of row bytes (128 or more) into
// dst, one after the other, row k from src + w*stride bytes, w idx[k]
// plus mask where negative, checked against size; before row k, the
// first line of the row of idx[k+ahead] is prefetched (none when ahead
// >= n). They return the position of the first bad index, else -1. The
// caller has checked that every row at a w in [0, size) is inside src
// and that dst holds n rows. takeW<w>I32 and takeW<w>I64 are the same
// loop (TAKESHORT, n > 0) for rows of w to 2w-1 bytes (w = 1, 2, 4, 8,
// 16, 32, 64), each row its first w bytes and its last w.
//
//go:noescape
func takeI32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeI64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

// takeNTI32 and takeNTI64 are takeI32 and takeI64 with non-temporal
// stores (TakeNT): rows of a multiple of 64 bytes, at least 128, into a
// dst on a 64-byte boundary.
//
//go:noescape
func takeNTI32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeNTI64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW16I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW16I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW32I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW32I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW64I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW64I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

// takeOne<w>I32 and takeOne<w>I64 are TAKEONE in gatherrow_amd64.s:
// the loop of takeW<w> for the rows of w to 2w-1 bytes (w = 2, 4, 8,
// 16) as one 2w-byte move per row, the ids from safe on (whose move
// would read past src) and the bad ones through the two moves and the
// test against size. They copy a row's next w-1 bytes too, so their
// caller leaves the last row to takeW<w>.
//
//go:noescape
func takeOne2I32(dst, src unsafe.Pointer, idx *int32, n, mask, safe, row, stride, ahead, size int) int

//go:noescape
func takeOne2I64(dst, src unsafe.Pointer, idx *int64, n, mask, safe, row, stride, ahead, size int) int

//go:noescape
func takeOne4I32(dst, src unsafe.Pointer, idx *int32, n, mask, safe, row, stride, ahead, size int) int

//go:noescape
func takeOne4I64(dst, src unsafe.Pointer, idx *int64, n, mask, safe, row, stride, ahead, size int) int

//go:noescape
func takeOne8I32(dst, src unsafe.Pointer, idx *int32, n, mask, safe, row, stride, ahead, size int) int

//go:noescape
func takeOne8I64(dst, src unsafe.Pointer, idx *int64, n, mask, safe, row, stride, ahead, size int) int

//go:noescape
func takeOne16I32(dst, src unsafe.Pointer, idx *int32, n, mask, safe, row, stride, ahead, size int) int

//go:noescape
func takeOne16I64(dst, src unsafe.Pointer, idx *int64, n, mask, safe, row, stride, ahead, size int) int

// farE<es>I32 and farE<es>I64 are Row's loop for a row past the cache
// (farRow), and farC<es> ColsRows' (colsFar): Take's short-row loop for
// one-element rows of 4 or 8 bytes, each step reading its id twice.
//
//go:noescape
func farE4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func farE4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func farE8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func farE8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func farC4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func farC4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func farC8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func farC8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

// farLoops holds farE4 (index 0) and farE8 (index 1), farColsLoops
// farC4 and farC8.
var (
	farLoops     = [2]takeLoop{{i32: farE4I32, i64: farE4I64}, {i32: farE8I32, i64: farE8I64}}
	farColsLoops = [2]takeLoop{{i32: farC4I32, i64: farC4I64}, {i32: farC8I32, i64: farC8I64}}
)

// moveRowNT copies a row of Take2NT with non-temporal stores, after a
// prefetch of the line at next (nil: none); see gatherrow_amd64.s.
//
//go:noescape
func moveRowNT(dst, src, next unsafe.Pointer, n int)

// moveRowAhead is moveRowNT with plain stores (the rows of Take2NT with
// nt clear).
//
//go:noescape
func moveRowAhead(dst, src, next unsafe.Pointer, n int)

// moveRow copies n bytes from src to dst: with Take's moves for rows of
// 128 bytes or more (TAKECOPY in gatherrow_amd64.s) when 32 <= n < 2048
// and useAVX2, else with REP MOVSB (the kernels' rows are past 128
// bytes).
//
//go:noescape
func moveRow(dst, src unsafe.Pointer, n int)

// takeLoops holds Take's assembly loops by row size, index log2(bytes)
// up to 7: the rows of 1, 2-3, 4-7, 8-15, 16-31, 32-63 and 64-127
// bytes, then of 128 bytes or more; the classes 2-3 to 16-31 have a
// one-move loop too (from 32 bytes on, the two moves are as many as
// one 2w-byte move would take).
var takeLoops = [...]takeLoop{
	{i32: takeW1I32, i64: takeW1I64},
	{i32: takeW2I32, i64: takeW2I64, one32: takeOne2I32, one64: takeOne2I64},
	{i32: takeW4I32, i64: takeW4I64, one32: takeOne4I32, one64: takeOne4I64},
	{i32: takeW8I32, i64: takeW8I64, one32: takeOne8I32, one64: takeOne8I64},
	{i32: takeW16I32, i64: takeW16I64, one32: takeOne16I32, one64: takeOne16I64},
	{i32: takeW32I32, i64: takeW32I64}, {i32: takeW64I32, i64: takeW64I64}, {i32: takeI32, i64: takeI64},
}

// takeTails holds Take's loops for rows of exactly w+t bytes, w 16 or
// 32 and t 1, 2, 4 or 8 (TAKEHT: a w-byte head and a t-byte tail, no
// overlapping stores), by row size; see headTail.
var takeTails = map[int]takeLoop{
	17: {i32: takeW16T1I32, i64: takeW16T1I64},
	18: {i32: takeW16T2I32, i64: takeW16T2I64},
	20: {i32: takeW16T4I32, i64: takeW16T4I64},
	24: {i32: takeW16T8I32, i64: takeW16T8I64},
	36: {i32: takeW32T4I32, i64: takeW32T4I64},
	40: {i32: takeW32T8I32, i64: takeW32T8I64},
}

//go:noescape
func takeW16T1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW16T1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW16T2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW16T2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW16T4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW16T4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW16T8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW16T8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW32T4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW32T4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW32T8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func takeW32T8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

// putW<w>I32 and putW<w>I64 are Put's loops (PUTSHORT in
// gatherrow_amd64.s) for rows of w to 2w-1 bytes: Take's short loops
// with the directions swapped (row k of src to the row of dst idx[k]
// picks, the prefetch of the destination row ahead).
//
//go:noescape
func putW1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW16I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW16I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW32I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW32I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW64I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int

//go:noescape
func putW64I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int

// putLoops holds Put's assembly loops by row size, index log2(bytes):
// the rows of 1, 2-3, 4-7, 8-15, 16-31, 32-63 and 64-127 bytes.
var putLoops = [...]takeLoop{
	{i32: putW1I32, i64: putW1I64}, {i32: putW2I32, i64: putW2I64}, {i32: putW4I32, i64: putW4I64},
	{i32: putW8I32, i64: putW8I64}, {i32: putW16I32, i64: putW16I64}, {i32: putW32I32, i64: putW32I64},
	{i32: putW64I32, i64: putW64I64},
}

// colsRows1I32 ... colsRows8I64 are ColsRows' loops (COLSN in
// gatherrow_amd64.s) for es-byte elements and int32 or int64 indices:
// rows of n indices (a multiple of eight), each gathered as Cols does
// from src moved on by step elements per row, share bytes from pf
// prefetched before each row (pf moving on by share). They return the
// elements done, rows*n when every index is in range, else the position
// of the step holding the first bad one.
//
//go:noescape
func colsRows1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRows1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRows2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRows2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRows4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRows4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRows8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRows8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

// colsLoops holds ColsRows' loops by log2 of the element size.
var colsLoops = [4]colsLoop{
	{i32: colsRows1I32, i64: colsRows1I64, z32: colsRowsZ1I32, z64: colsRowsZ1I64},
	{i32: colsRows2I32, i64: colsRows2I64, z32: colsRowsZ2I32, z64: colsRowsZ2I64},
	{i32: colsRows4I32, i64: colsRows4I64, s32: colsRowsS4I32, s64: colsRowsS4I64},
	{i32: colsRows8I32, i64: colsRows8I64, s32: colsRowsS8I32, s64: colsRowsS8I64},
}

// scalarCols says whether ColsRows takes the scalar loops for blocks of
// MinScalarColsBytes or more: on Intel CPUs with AVX2. (On the AMD EPYC
// the hardware gathers and the scalar loads measured the same.)
var scalarCols = useAVX2 && isIntel()

// colsRowsS4I32 to colsRowsS8I64 are ColsRows' loops for 4- and 8-byte
// elements with GATHERS' scalar loads in place of the hardware gathers.
//
//go:noescape
func colsRowsS4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRowsS4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRowsS8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRowsS8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

// stridedWide is Strided's loop for groups of 16 bytes or more
// (gatherrow_amd64.s): n > 0 groups per row, rows > 0; with useAVX2.
//
//go:noescape
func stridedWide(dst, src unsafe.Pointer, n, G, P, rows, rowStride int)

// take2W<w>I32 and take2W<w>I64 are Take2's two-move loops (TAKE2SHORT
// in gatherrow_amd64.s) for rows of w to 2w-1 bytes, and take2One<w>I32
// and take2One<w>I64 its one-move loops (TAKE2ONE) for the classes of 2
// to 31 bytes: n pairs of ids (idx[2k] by mask, size and stride, idx[2k+1]
// by mask1, size1 and stride1, strides in bytes), the prefetch of the
// row of pair k+ahead (none when ahead >= n), and for the one-move loops
// the largest byte offset (safe) whose 2w-byte move ends inside src. They
// return the first bad pair's position, else -1.

//go:noescape
func take2W1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W16I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W16I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W32I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W32I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W64I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2W64I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2One2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2One2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2One4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2One4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2One8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2One8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2One16I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2One16I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2E1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2E1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2E2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2E2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2E4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2E4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2E8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2E8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int

//go:noescape
func take2V1I32(dst, src unsafe.Pointer, idx *int32, n, mask0, size0, stride0, mask1, size1 int) int

//go:noescape
func take2V1I64(dst, src unsafe.Pointer, idx *int64, n, mask0, size0, stride0, mask1, size1 int) int

//go:noescape
func take2V2I32(dst, src unsafe.Pointer, idx *int32, n, mask0, size0, stride0, mask1, size1 int) int

//go:noescape
func take2V2I64(dst, src unsafe.Pointer, idx *int64, n, mask0, size0, stride0, mask1, size1 int) int

//go:noescape
func take2V4I32(dst, src unsafe.Pointer, idx *int32, n, mask0, size0, stride0, mask1, size1 int) int

//go:noescape
func take2V4I64(dst, src unsafe.Pointer, idx *int64, n, mask0, size0, stride0, mask1, size1 int) int

//go:noescape
func take2V8I32(dst, src unsafe.Pointer, idx *int32, n, mask0, size0, stride0, mask1, size1 int) int

//go:noescape
func take2V8I64(dst, src unsafe.Pointer, idx *int64, n, mask0, size0, stride0, mask1, size1 int) int

// take2V says whether Take2 takes the vector loops (take2VLoops) for
// single elements; the tests clear it to run the element loops alone.
var take2V = true

// take2VLoops holds Take2's vector loops for single elements of 1, 2,
// 4 and 8 bytes (by log2 of the bytes), for int32 and int64 ids.
var take2VLoops = [...]struct {
	i32 func(dst, src unsafe.Pointer, idx *int32, n, mask0, size0, stride0, mask1, size1 int) int
	i64 func(dst, src unsafe.Pointer, idx *int64, n, mask0, size0, stride0, mask1, size1 int) int
}{
	{take2V1I32, take2V1I64}, {take2V2I32, take2V2I64}, {take2V4I32, take2V4I64}, {take2V8I32, take2V8I64},
}

// take2E says whether Take2 takes the element loops (take2ELoops) for
// single elements; the tests clear it to run the loops of rows.
var take2E = true

// take2ELoops holds Take2's assembly loops for single elements of 1,
// 2, 4 and 8 bytes (by log2 of the bytes) whose second id steps by one
// element (i32, i64; the one-move loops are not used).
var take2ELoops = [...]take2Loop{
	{i32: take2E1I32, i64: take2E1I64},
	{i32: take2E2I32, i64: take2E2I64},
	{i32: take2E4I32, i64: take2E4I64},
	{i32: take2E8I32, i64: take2E8I64},
}

// take2Loops holds Take2's assembly loops by row size class (log2 of
// the bytes), the rows of 1 to 127 bytes.
var take2Loops = [...]take2Loop{
	{i32: take2W1I32, i64: take2W1I64},
	{i32: take2W2I32, i64: take2W2I64, one32: take2One2I32, one64: take2One2I64},
	{i32: take2W4I32, i64: take2W4I64, one32: take2One4I32, one64: take2One4I64},
	{i32: take2W8I32, i64: take2W8I64, one32: take2One8I32, one64: take2One8I64},
	{i32: take2W16I32, i64: take2W16I64, one32: take2One16I32, one64: take2One16I64},
	{i32: take2W32I32, i64: take2W32I64}, {i32: take2W64I32, i64: take2W64I64},
}

// shortLoop runs ShortRows' assembly for es-byte elements and int32
// (i32) or int64 indices: the elements done, rows*n when every index is
// good.
func shortLoop(es int, i32 bool, dp, sp, ip unsafe.Pointer, n, mask, size, rows, ahead int) int {
	p32, p64 := (*int32)(ip), (*int64)(ip)
	switch {
	case es == 1 && i32:
		return short1I32(dp, sp, p32, n, mask, size, rows, ahead)
	case es == 1:
		return short1I64(dp, sp, p64, n, mask, size, rows, ahead)
	case es == 2 && i32:
		return short2I32(dp, sp, p32, n, mask, size, rows, ahead)
	case es == 2:
		return short2I64(dp, sp, p64, n, mask, size, rows, ahead)
	case es == 4 && i32:
		return short4I32(dp, sp, p32, n, mask, size, rows, ahead)
	case es == 4:
		return short4I64(dp, sp, p64, n, mask, size, rows, ahead)
	case es == 8 && i32:
		return short8I32(dp, sp, p32, n, mask, size, rows, ahead)
	case es == 8:
		return short8I64(dp, sp, p64, n, mask, size, rows, ahead)
	}
	panic("gatherrow: no loop for this element size")
}

//go:noescape
func short1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows, ahead int) int

//go:noescape
func short1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows, ahead int) int

//go:noescape
func short2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows, ahead int) int

//go:noescape
func short2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows, ahead int) int

//go:noescape
func short4I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows, ahead int) int

//go:noescape
func short4I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows, ahead int) int

//go:noescape
func short8I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows, ahead int) int

//go:noescape
func short8I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows, ahead int) int

// colsZ says whether ColsRows, Row and Rows take the 16-lane AVX-512
// loops for 1- and 2-byte elements (COLSZ): on Intel CPUs with AVX-512
// (hasVBMI's check), where they were measured; AMD's gathers of 16
// lanes were not.
var colsZ = hasVBMI() && isIntel()

// colsRowsZ1I32 to colsRowsZ2I64 are ColsRows' loops for 1- and 2-byte
// elements in steps of 16 columns with one AVX-512 gather of the aligned
// dwords the elements lie in (COLSZ): n must be a multiple of 16.
//
//go:noescape
func colsRowsZ1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRowsZ1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRowsZ2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func colsRowsZ2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

// rowsZ holds the Row-form loops of COLSZ (no lane offsets, src still
// within a row, on by a row of size elements, the step, between rows)
// for 1- and 2-byte elements: rowsLoop's 16-lane loops where colsZ is
// set.
var rowsZ = [2]colsLoop{{i32: rowsZ1I32, i64: rowsZ1I64}, {i32: rowsZ2I32, i64: rowsZ2I64}}

//go:noescape
func rowsZ1I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func rowsZ1I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func rowsZ2I32(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int

//go:noescape
func rowsZ2I64(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
