package gatherrow

import "unsafe"

// Elem is the element types Row and Cols gather: 1 (bool too), 2 (f16
// and bf16 bits too), 4 or 8 bytes, copied as raw bits.
type Elem interface {
	~bool | ~uint8 | ~int8 | ~uint16 | ~int16 | ~float32 | ~int32 | ~uint32 | ~float64 | ~int64 | ~uint64
}

// Index is the index types Row and Cols read.
type Index interface {
	~int32 | ~int64
}

// Row sets dst[k] = src[w] for k = 0, 1, ..., len(dst)-1 in order, w being
// idx[k], or idx[k]+len(src) when idx[k] is negative and wrap is set. It
// stops at the first k whose w is outside [0, len(src)), the elements
// before it written, and returns that k; else it returns -1. It panics if
// idx is shorter than dst.
func Row[T Elem, I Index](dst, src []T, idx []I, wrap bool) int {
	if k, ok := farRow(dst, src, idx, wrap); ok {
		return k
	}
	if len(dst)*DenseRow < len(src) {
		// A sparse read of a long row: the kernels do not touch it
		// first, and the hardware gathers of uncached elements were
		// slower than the Go loop (a GatherElements of 64 ids per
		// 8192-float row took 2x its time).
		return gatherGo(dst, src, idx[:len(dst)], 0, wrapMask(wrap, len(src)), len(src), 1, 0)
	}
	return gather(dst, src, idx, len(src), 1, 0, wrap)
}

// farRow is Row for a row of 4- or 8-byte elements of at least FarRow
// bytes, on Intel CPUs with AVX2 (ok set; else it does nothing): Take's
// short-row loop over the ids with one more read of each id (an L1 hit,
// its value unused) beside the element's. Every read of such a row
// misses the cache, and on the 2-core Intel Xeon a loop of one id read
// and one missing read per element kept fewer of the misses in flight
// than one with a third read: in C, 1M f64 of an 80 MB row took 5.3-5.9
// ns an element against 3.3-4.1 with the extra read in any place of the
// loop, which is torch's index_select loop's speed (it reloads its
// destination pointer per element); two extra reads were as slow as
// none; rows of 8 MB or less, in the cache, were 5-40% slower with it.
// Measured with tcp-run, one worker: 4.5 ms against 6.1 for the
// hardware gathers and 5.3-5.5 for the Go loop; with non-temporal
// stores and a prefetch 32 ids on instead, 4.6-5.1.
func farRow[T Elem, I Index](dst, src []T, idx []I, wrap bool) (int, bool) {
	var z T
	es := int(unsafe.Sizeof(z))
	n := len(dst)
	if !useAVX2 || !farLoop || es != 4 && es != 8 || len(src) < farFrom/es || n < farMin || n == 0 {
		return 0, false
	}
	if len(idx) < n {
		panic("gatherrow: idx is shorter than dst")
	}
	var i I
	dp, sp, ip := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(&idx[0])
	return farLoops[es/8].two(unsafe.Sizeof(i) == 4, dp, sp, ip, n, wrapMask(wrap, len(src)), len(src), es, es, n), true
}

// FarRow is the least row, in bytes, farRow reads; FarMin the fewest
// ids.
const (
	FarRow = 16 << 20
	FarMin = 256
)

// farLoop says whether Row takes farRow's loop (the assembly, on an
// Intel CPU: measured there only); farFrom and farMin are FarRow and
// FarMin. The tests set farLoop on any CPU with AVX2 and lower the two.
var (
	farLoop         = useAVX2 && isIntel()
	farFrom, farMin = FarRow, FarMin
)

// DenseRow is the most elements of src per element of dst for which Row
// takes the assembly: the kernels touch a row read that densely (at
// least once per 16 elements) before they gather it, so it is in the
// cache.
const DenseRow = 16

// wrapMask is what a negative index gains: size with wrap, else 0.
func wrapMask(wrap bool, size int) int {
	if wrap {
		return size
	}
	return 0
}

// Rows is Row over rows of n indices: for each r, Row(dst[r*n:(r+1)*n],
// src[r*s:(r+1)*s], idx[r*n:(r+1)*n], wrap), s being len(src) divided
// by the len(dst)/n rows, in order; it returns r*n+k for the first bad
// index (row r, position k), else -1. The rows are gathered in one
// assembly call when n is a multiple of eight, so that a short row costs
// no call, dispatch and setup of its own (about 20 ns each, a third of
// the time of a 64-index row in L1). It panics if n is not positive or
// does not divide len(dst), if len(src) is not a multiple of the row
// count, or if idx is shorter than dst.
func Rows[T Elem, I Index](dst, src []T, idx []I, n int, wrap bool) int {
	rows, s := rowsOf(len(dst), len(src), len(idx), n)
	if rows == 0 {
		return -1
	}
	start := 0
	if n%8 == 0 && s > 0 && n*DenseRow >= s && fast(s, 1, 0, n, s) {
		var z T
		var i I
		dp, sp := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src))
		p := rowsLoop(int(unsafe.Sizeof(z)), unsafe.Sizeof(i) == 4, dp, sp, unsafe.Pointer(&idx[0]), n, wrapMask(wrap, s), s, rows)
		if p == rows*n {
			return -1
		}
		// The row of the step with the bad index: the Go loop finds it.
		start = p / n
	}
	for r := start; r < rows; r++ {
		if k := Row(dst[r*n:(r+1)*n], src[r*s:(r+1)*s], idx[r*n:(r+1)*n], wrap); k >= 0 {
			return r*n + k
		}
	}
	return -1
}

// rowsOf checks the shapes of Rows and ShortRows (lengths of dst, src
// and idx; n indices per row) and returns the rows and the length s of
// a source row (0 when there are no rows).
func rowsOf(dst, src, idx, n int) (rows, s int) {
	if n <= 0 || dst%n != 0 {
		panic("gatherrow: rows of n indices do not fill dst")
	}
	rows = dst / n
	if rows == 0 {
		return 0, 0
	}
	if src%rows != 0 || idx < dst {
		panic("gatherrow: src is not rows of the same length, or idx is shorter than dst")
	}
	return rows, src / rows
}

// MaxZBlock2 is the largest block (bytes) of 2-byte elements ColsRows
// gathers 16 to a step; above it the 8-lane loop's loads one by one
// were faster. With tcp-run, one worker, least of 3 interleaved runs,
// GatherElements along axis 0 of f16: from 4 MiB ([2048,1024]) 1.85
// against 2.16 ms, but from 16 MiB ([8192,1024]) 3.45-3.7 against 3.0,
// 32 MiB ([4096,4096]) 8.1 against 6.5, 64 MiB 8.8 against 7.4. (One-byte
// elements gained at every size: 32 MiB of u8 16.0 against 17.0.)
const MaxZBlock2 = 4 << 20

// MaxZRow is the longest row (bytes) Row and Rows gather 1- and 2-byte
// elements from 16 to a step: from rows of 16 MiB, u8 and f16, they took
// 1.13-1.16x the time of the 8-lane loop; from 1 MiB rows they measured
// the same or faster (u8 1.58-1.61 against 1.63-1.69 ms).
const MaxZRow = 1 << 20

// rowsLoop runs the Rows assembly for es-byte elements and int32 (i32)
// or int64 indices. One-byte elements from rows of at most 256 bytes
// take the byte shuffles of rowsB where the CPU has AVX-512 VBMI (the
// whole 16-index steps of a single row, or every row when n is a
// multiple of 16): against the AVX2 loop's byte loads, a GatherElements
// along axis 1 of [8192,256] i8 by i64 ids took 0.51x the time (least
// of 5 interleaved tcp-run rounds, one worker: 0.415 against 0.810 ms),
// 0.53x with two; of [4096,100] u8 by 64 i32 ids per row 0.25x. Other
// 1- and 2-byte rows take the 16-lane gathers of rowsZ where the CPU has
// AVX-512 (the same steps): against the AVX2 loop's loads one by one, a
// GatherElements along axis 1 of [4096,2048] u8 by [4096,512] i32 ids
// took 0.80-0.81 ms against 0.88-0.92 (least of 3 interleaved tcp-run
// rounds, one worker), a take of 2048 of 4096 f16 along axis 1 0.42
// against 0.45-0.46; one of 300000 f16 from rows of 2000000, whose reads
// leave the cache, and [4096,1024] f16 by [4096,256] ids measured the
// same. Not from rows over MaxZRow.
func rowsLoop(es int, i32 bool, dp, sp, ip unsafe.Pointer, n, mask, size, rows int) int {
	p32, p64 := (*int32)(ip), (*int64)(ip)
	if es == 1 && rowsB != nil && size <= 256 && (rows == 1 && n >= 16 || n%16 == 0) {
		m := [4]uint64{byteMask(min(size, 64)), byteMask(min(max(size-64, 0), 64)), byteMask(min(max(size-128, 0), 64)), byteMask(max(size-192, 0))}
		if rows == 1 {
			n -= n % 16
		}
		if i32 {
			return rowsB.i32(dp, sp, p32, n, mask, size, rows, m[0], m[1], m[2], m[3])
		}
		return rowsB.i64(dp, sp, p64, n, mask, size, rows, m[0], m[1], m[2], m[3])
	}
	if es <= 2 && colsZ && (rows == 1 && n >= 16 || n%16 == 0) && rows*size*es < 1<<31-3 && size*es <= MaxZRow {
		if rows == 1 {
			n -= n % 16
		}
		z := &rowsZ[es-1]
		if i32 {
			return z.i32(dp, sp, p32, n, mask, size, 1, rows, size, nil, 0, n)
		}
		return z.i64(dp, sp, p64, n, mask, size, 1, rows, size, nil, 0, n)
	}
	switch {
	case es == 1 && i32:
		return rows1I32(dp, sp, p32, n, mask, size, rows)
	case es == 1:
		return rows1I64(dp, sp, p64, n, mask, size, rows)
	case es == 2 && i32:
		return rows2I32(dp, sp, p32, n, mask, size, rows)
	case es == 2:
		return rows2I64(dp, sp, p64, n, mask, size, rows)
	case es == 4 && i32:
		return rows4I32(dp, sp, p32, n, mask, size, rows)
	case es == 4:
		return rows4I64(dp, sp, p64, n, mask, size, rows)
	case es == 8 && i32:
		return rows8I32(dp, sp, p32, n, mask, size, rows)
	case es == 8:
		return rows8I64(dp, sp, p64, n, mask, size, rows)
	}
	panic("gatherrow: no loop for this element size")
}

// Cols sets dst[k] = src[k + stride*w] for k = 0, 1, ..., len(dst)-1 in
// order, w being idx[k], or idx[k]+size when idx[k] is negative and wrap
// is set. It stops at the first k whose w is outside [0, size), the
// elements before it written, and returns that k; else it returns -1. It
// panics if idx is shorter than dst, or if a read position is outside
// src.
func Cols[T Elem, I Index](dst, src []T, idx []I, size, stride int, wrap bool) int {
	return gather(dst, src, idx, size, stride, 1, wrap)
}

// ColsRows is Cols over rows of n indices: for r = 0, 1, ... in order,
// Cols(dst[r*n:(r+1)*n], src[r*step:], idx[r*n:(r+1)*n], size, stride,
// wrap), the rows' count being len(dst)/n; it returns r*n+k for the
// first bad index (row r, position k), else -1. Before row r it may
// prefetch src[ahead+r*share : ahead+(r+1)*share] (share 0: nothing),
// the row's part of the block of src the caller gathers from next; a
// prefetch changes no result. On amd64 with AVX2, when n is a multiple
// of eight, the rows are one assembly call (Cols' steps, the prefetch,
// no Go call between rows): against a Cols call per row (about 20 ns of
// call, dispatch and setup each), a GatherElements along axis 1 of
// [64,1024,32] f16 by [64,256,32] i32 ids took 0.65x the time (least
// of 4 interleaved tcp-run rounds, one worker: 0.306 against 0.471 ms),
// along axis 1 of [16,256,8,32] f32 0.36x. Rows that all read one block
// (step 0) of more than ColsTileBytes go in columns (colsTile): every
// row's first columns, then every row's next ones, so that the lines a
// pass reads stay in the cache for the rows after. It panics
// if n is not positive or does not divide len(dst), if idx is shorter
// than dst, or if a read position is outside src.
func ColsRows[T Elem, I Index](dst, src []T, idx []I, n, step, size, stride int, wrap bool, ahead, share int) int {
	if n <= 0 || len(dst)%n != 0 {
		panic("gatherrow: rows of n indices do not fill dst")
	}
	rows := len(dst) / n
	if rows == 0 {
		return -1
	}
	idx = idx[:len(dst)]
	start := 0
	if step == 0 && scalarCols && goCols(size, stride, int(unsafe.Sizeof(*new(T)))) && (size-1)*stride+n-1 < len(src) {
		// (A block that does not fit src goes on to the checked loop
		// below, which panics at the read outside it.)
		mask := wrapMask(wrap, size)
		far := colsFar[T, I]()
		for r := range rows {
			var k int
			if far != nil {
				k = far(dst[r*n:(r+1)*n], src, idx[r*n:(r+1)*n], mask, size, stride)
			} else {
				k = colsGo(dst[r*n:(r+1)*n], src, idx[r*n:(r+1)*n], mask, size, stride)
			}
			if k >= 0 {
				return r*n + k
			}
		}
		return -1
	}
	if n%8 == 0 && size > 0 && step >= 0 && (rows-1)*step < len(src) && fast(size, stride, 1, n, len(src)-(rows-1)*step) {
		var z T
		var i I
		es := int(unsafe.Sizeof(z))
		c := 0
		for c < 3 && 1<<c < es {
			c++
		}
		var pf unsafe.Pointer
		if share > 0 && ahead >= 0 && ahead < len(src) {
			share = min(share, (len(src)-ahead)/rows)
			pf = unsafe.Pointer(&src[ahead])
		} else {
			share = 0
		}
		dp, sp, ip := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(&idx[0])
		is := int(unsafe.Sizeof(i))
		// Columns [c0, c0+w) of every row, the rows pitch n apart.
		tile := n
		if step == 0 {
			tile = colsTile(n, size, stride, es)
		}
		loops := &colsLoops[c]
		i32, i64 := loops.i32, loops.i64
		// By the whole block, in columns or not: the scalar loads were
		// faster in columns too (GatherElements along axis 0 of
		// [8192,1024] f32 by [1024,1024] i64 ids, 32 MiB: 5.5 ms against
		// 6.1 with the gathers, 5.7 a row at a time).
		if loops.s32 != nil && scalarCols && size*stride >= scalarColsFrom/es {
			i32, i64 = loops.s32, loops.s64
		}
		// 1- and 2-byte elements 16 to a step where the CPU has
		// AVX-512 (the passes of a multiple of 16 columns): with
		// tcp-run on the 2-core Intel Xeon, one worker, least of 3-4
		// interleaved runs against the 8-lane loops' scalar loads,
		// GatherElements along axis 0 of [4096,256] i8 by [2048,256]
		// i64 ids 0.43-0.45 against 0.51-0.52 ms (two workers 0.22
		// against 0.27), of [16384,1024] u8 3.8 against 4.4,
		// [2048,512] u8 by i32 ids 0.39 against 0.47, [2048,1024] f16
		// 1.85-1.89 against 2.15-2.17; along axis 1 of [64,1024,32]
		// f16 by i32 ids 0.30-0.31 against 0.39. (4-byte elements in
		// steps of 16 were no faster than the 8-lane gathers.) Not for
		// 2-byte elements from blocks over MaxZBlock2.
		by16 := colsZ && loops.z32 != nil && len(src)*es < 1<<31-3 && (es == 1 || size*stride*es <= MaxZBlock2)
		mask := wrapMask(wrap, size)
		bad := false
		for c0 := 0; c0 < n && !bad; c0 += tile {
			w := min(tile, n-c0)
			tpf, tshare := unsafe.Pointer(nil), 0
			if c0+w == n {
				tpf, tshare = pf, share*es
			}
			d, s, x := unsafe.Add(dp, c0*es), unsafe.Add(sp, c0*es), unsafe.Add(ip, c0*is)
			f32, f64 := i32, i64
			if by16 && w%16 == 0 {
				f32, f64 = loops.z32, loops.z64
			}
			var p int
			if is == 4 {
				p = f32(d, s, (*int32)(x), w, mask, size, stride, rows, step, tpf, tshare, n)
			} else {
				p = f64(d, s, (*int64)(x), w, mask, size, stride, rows, step, tpf, tshare, n)
			}
			if bad = p != rows*w; bad && tile == n {
				// The row of the step with the bad index: the Go
				// loop finds it (from row 0 when the rows went in
				// columns).
				start = p / n
			}
		}
		if !bad {
			return -1
		}
	}
	for r := start; r < rows; r++ {
		if k := gather(dst[r*n:(r+1)*n], src[r*step:], idx[r*n:(r+1)*n], size, stride, 1, wrap); k >= 0 {
			return r*n + k
		}
	}
	return -1
}

// goCols reports whether ColsRows gathers rows that all read one block
// of size rows of stride es-byte elements with the Go loop, a row at a
// time, rather than the assembly in columns (colsTile): on the CPUs
// where scalarCols is set, for a block of more than GoColsFrom bytes in
// rows of at most GoColsRow bytes. Measured with tcp-run on the 2-core
// Intel Xeon, least of 3 interleaved runs, GatherElements along axis 0
// by i64 ids, the Go loop against the assembly: 32 MiB of f32 in 4 KiB
// rows by [1024,1024] ids 4.2-4.3 against 5.3-5.5 ms with one worker,
// 2.04 against 2.5-2.65 with two, by [256,1024] 1.07 against 1.35; in 2
// KiB rows by [1024,512] 2.10 against 2.52; f64 in 2 KiB rows 0.97
// against 1.32 (one worker), 0.50 against 0.67 (two); f16 by i32 ids
// 2.22 against 2.39. The assembly won with longer rows (32 MiB in 8 KiB
// rows 7.7 against 11.8, 64 MiB in 16 KiB 8.7 against 17.7) and with
// smaller blocks (16 MiB of f32 in 2 KiB rows 1.65 against 1.81, in 4
// KiB by i32 ids 3.2 against 3.6, in 8 KiB 2.2-2.4 against 3.6-3.9).
// The loop is colsGo, with no bounds check per element, once ColsRows
// has checked the block's last element: against gatherGo, one worker,
// [16384,512] f32 by [768,512] i64 ids 1.49-1.52 against 1.56-1.62 ms,
// [8192,1024] by [1024,1024] 3.89-4.06 against 4.07-4.22, by
// [512,1024] i32 ids 1.90-1.94 against 2.01-2.07; f64 the same.
func goCols(size, stride, es int) bool {
	return size*stride*es > goColsFrom && stride*es <= goColsRow
}

// GoColsFrom and GoColsRow are goCols' bounds: the largest block and the
// shortest row (bytes) for which ColsRows keeps its assembly.
const (
	GoColsFrom = 16 << 20
	GoColsRow  = 4096
)

// goColsFrom and goColsRow are GoColsFrom and GoColsRow (the tests lower
// goColsFrom to reach the Go loop with small blocks).
var goColsFrom, goColsRow = GoColsFrom, GoColsRow

// rowsBLoop is the 1-byte Rows loops of byte shuffles (rowsB), for int32
// and for 8-byte indices.
type rowsBLoop struct {
	i32 func(dst, src unsafe.Pointer, idx *int32, n, mask, size, rows int, m0, m1, m2, m3 uint64) int
	i64 func(dst, src unsafe.Pointer, idx *int64, n, mask, size, rows int, m0, m1, m2, m3 uint64) int
}

// colsLoop is one element size's assembly loops of ColsRows, for int32
// and for 8-byte indices (colsLoops); for 4- and 8-byte elements also
// with scalar loads instead of the hardware gathers (s32, s64; see
// MinScalarColsBytes); for 1- and 2-byte elements also 16 columns a step
// with AVX-512 (z32, z64; see colsZ). rowsZ holds the Row forms of the
// last in the same shape.
type colsLoop struct {
	i32, s32, z32 colsFunc32
	i64, s64, z64 colsFunc64
}

// colsFunc32 and colsFunc64 are the signatures of ColsRows' assembly
// loops for int32 and for 8-byte indices.
type (
	colsFunc32 = func(dst, src unsafe.Pointer, idx *int32, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
	colsFunc64 = func(dst, src unsafe.Pointer, idx *int64, n, mask, size, stride, rows, step int, pf unsafe.Pointer, share, pitch int) int
)

// colsTile returns the columns ColsRows gathers from each row at a time
// (n: all of them, the rows one after the other): from a block of size
// rows of stride elements of es bytes past ColsTileBytes, the widest
// multiple of eight columns whose size rows take at most ColsTileBytes
// (at least 64), so that the lines a pass over the rows reads stay in
// the cache. Measured on the 2-core Intel Xeon (2 MiB of L2 per core),
// one worker, GatherElements along axis 0 of [2048,2048] f32 by
// [512,2048] i64 ids: 3.7-4.0 ms a row at a time, 2.4 in columns of
// 256 or 512 (2 or 4 MiB of the block), 2.65 in columns of 128; with
// tcp-run, 3.8-3.9 against 2.33-2.35 ms with one worker, 1.88-1.93
// against 1.14-1.35 with two; [2048,1024] f64 1.97 against 1.31.
func colsTile(n, size, stride, es int) int {
	if size*stride*es <= colsTileBytes || stride < n {
		return n
	}
	t := max(colsTileMin, colsTileBytes/(size*es)&^7)
	if t >= n {
		return n
	}
	return t
}

// ColsTileBytes is the most bytes of the block one ColsRows pass over
// the rows reads (colsTile), and the block size past which it splits
// the rows into columns.
const ColsTileBytes = 2 << 20

// colsTileBytes and colsTileMin are ColsTileBytes and the fewest columns
// of a pass, 64 (the tests lower them to reach the columns with small
// blocks).
var colsTileBytes, colsTileMin = ColsTileBytes, 64

// MinScalarColsBytes is the smallest block (the size rows of stride
// elements the ids pick from) from which ColsRows reads 4- and 8-byte
// elements with eight scalar loads per step rather than the hardware
// gathers, on the CPUs where scalarCols is set (Intel's). Measured with
// tcp-run, one worker, GatherElements along axis 0 by 1024x2048 i64 ids
// on the 2-core Intel Xeon: from a 16 MiB f32 source 3.9 ms against
// 4.6 with the gathers, 24 MiB 9.9 against 11.1, 16 MiB of f64 1.92
// against 2.1; below it the gathers were as fast or faster (10.5 MB 5.0
// against 5.4, 6 MB 4.2 against 4.24 with one worker and 1.74 against
// 2.2-2.4 with two, 2 MB by 4096x2048 i32 ids 12.6 against 16.5).
const MinScalarColsBytes = 12 << 20

// scalarColsFrom is MinScalarColsBytes (the tests lower it to reach the
// scalar loops with small blocks).
var scalarColsFrom = MinScalarColsBytes

// gather sets dst[k] = src[w*stride + k*col], w checked against size.
func gather[T Elem, I Index](dst, src []T, idx []I, size, stride, col int, wrap bool) int {
	n := len(dst)
	idx = idx[:n]
	mask := wrapMask(wrap, size)
	k := 0
	if n >= 8 && size > 0 && fast(size, stride, col, n, len(src)) {
		var z T
		var i I
		dp, sp := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src))
		k = loop(int(unsafe.Sizeof(z)), stride == 1 && col == 0, unsafe.Sizeof(i) == 4, dp, sp, unsafe.Pointer(&idx[0]), n, mask, size, stride, col)
		if k == n {
			return -1
		}
	}
	return gatherGo(dst, src, idx, k, mask, size, stride, col)
}

// loop runs the assembly loop for es-byte elements (1, 2, 4 or 8) and
// int32 (i32) or int64 indices at ip: the Row form (row: stride 1,
// column 0, the Rows loop on one row) or the general one. A direct call
// of each, chosen by one jump table: a loop chosen as a func value cost
// an indirect call per row.
func loop(es int, row, i32 bool, dp, sp, ip unsafe.Pointer, n, mask, size, stride, col int) int {
	if row {
		return rowsLoop(es, i32, dp, sp, ip, n, mask, size, 1)
	}
	p32, p64 := (*int32)(ip), (*int64)(ip)
	switch {
	case es == 1 && i32:
		return gather1I32(dp, sp, p32, n, mask, size, stride, col)
	case es == 1:
		return gather1I64(dp, sp, p64, n, mask, size, stride, col)
	case es == 2 && i32:
		return gather2I32(dp, sp, p32, n, mask, size, stride, col)
	case es == 2:
		return gather2I64(dp, sp, p64, n, mask, size, stride, col)
	case es == 4 && i32:
		return gather4I32(dp, sp, p32, n, mask, size, stride, col)
	case es == 4:
		return gather4I64(dp, sp, p64, n, mask, size, stride, col)
	case es == 8 && i32:
		return gather8I32(dp, sp, p32, n, mask, size, stride, col)
	case es == 8:
		return gather8I64(dp, sp, p64, n, mask, size, stride, col)
	}
	panic("gatherrow: no loop for this element size")
}

// fast reports whether the assembly may run: AVX2 is there, every index
// in range fits the 32-bit lanes (size < 2^31) and every element offset
// the loop can form, (size-1)*stride + (n-1)*col, is inside src and below
// 2^31 (VPGATHERDD's signed 32-bit offsets).
func fast(size, stride, col, n, srcLen int) bool {
	if !useAVX2 || size >= 1<<31 || stride < 0 || stride >= 1<<31 {
		return false
	}
	last := (size-1)*stride + (n-1)*col // no overflow: each factor < 2^31
	return last < srcLen && last < 1<<31
}

// gatherGo is the Go loop from position k on: the whole of Row and Cols in
// the purego build and on other architectures, the rest of a row after
// the assembly's last whole step (or its first step with a bad index),
// and what the tests compare the assembly with.
func gatherGo[T Elem, I Index](dst, src []T, idx []I, k, mask, size, stride, col int) int {
	idx = idx[:len(dst)]
	for ; k < len(dst); k++ {
		v := int(idx[k])
		w := v + int(uint(v>>63)&uint(mask))
		if uint(w) >= uint(size) {
			return k
		}
		dst[k] = src[w*stride+k*col]
	}
	return -1
}

// TakeIndex is the index types Take reads: int32, int64, and int (the
// kernels' tables of indices already wrapped and checked).
type TakeIndex interface {
	~int32 | ~int64 | ~int
}

// Take copies whole rows, a take along an outer axis (ONNX Gather,
// index_select, an embedding lookup): for k = 0, 1, ..., len(idx)-1 in
// order, dst[k*row : (k+1)*row] = src[w*stride : w*stride+row], w being
// idx[k], or idx[k]+size when idx[k] is negative and wrap is set. It stops
// at the first k whose w is outside [0, size), the rows before it
// written (row k itself may then hold some bytes, the rows after it
// none), and returns that k; else it returns -1. It panics if dst is
// shorter than len(idx) rows or if a row at some w in [0, size) is not
// inside src. Before row k it may prefetch the first line of the row of
// idx[k+ahead] (ahead 0: none; Ahead gives the distance measured for a
// row size); a prefetch changes no result.
//
// On amd64 with AVX2, the rows are one assembly loop over all of idx:
// the index's wrap and test, the prefetch, and the row's moves, with no
// call per row. Rows of 128 bytes or more move 128 and 32 bytes at a
// time, a last 32 overlapping the one before when the row is not a
// multiple of 32; a row of b < 128 bytes is its first w bytes and its
// last w, w the largest power of two <= b (two moves, four for w = 64),
// or, for 2 <= b < 16 and every row but the last, one move of 2w bytes
// (the bytes past the row land where the next row goes) unless the
// move would read past src; rows of exactly 4, 8, 16 or 32 bytes are
// one move of b bytes each. Until the first negative id, the loop for
// wrapped ids leaves out the wrap; from that row on it wraps each id.
// Against a loop that calls copy and a prefetch per row: 0.55-0.7x the
// time on rows of 256 bytes or more in the cache (Ahead has the
// measurements).
func Take[T Elem, I TakeIndex](dst, src []T, idx []I, row, stride, size int, wrap bool, ahead int) int {
	n := len(idx)
	if n == 0 {
		return -1
	}
	checkTake(len(dst), len(src), n, row, stride, size)
	var z T
	es := int(unsafe.Sizeof(z))
	if useAVX2 && row > 0 && size > 0 && stride <= maxInt/es {
		var i I
		dp, sp := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src))
		if ahead <= 0 || ahead > n {
			ahead = n // prefetch nothing
		}
		b := row * es
		c := sizeClass(b, len(takeLoops)-1)
		loops, is32 := &takeLoops[c], unsafe.Sizeof(i) == 4
		ip, mask := unsafe.Pointer(&idx[0]), wrapMask(wrap, size)
		if c >= 2 && b == 1<<c && takeLoops[c-1].one32 != nil {
			// A row of 4, 8, 16 or 32 bytes: the one-move loop of the
			// class below moves exactly the row, every row.
			safe := oneSafe(len(src)*es, stride*es, size, b)
			return takeLoops[c-1].one(is32, dp, sp, ip, n, mask, safe, b, stride*es, ahead, size)
		}
		if loops.one32 != nil && n >= 2 && b < maxOneMoveRow {
			// Every row but the last as one move of 2<<c bytes, then the
			// last row by the two-move loop.
			safe := oneSafe(len(src)*es, stride*es, size, 2<<c)
			if k := loops.one(is32, dp, sp, ip, n-1, mask, safe, b, stride*es, min(ahead, n-1), size); k >= 0 {
				return k
			}
			dp, ip, n, ahead = unsafe.Add(dp, (n-1)*b), unsafe.Pointer(&idx[n-1]), 1, 1
		}
		if t, ok := takeTails[b]; ok && headTail(ahead, n) {
			loops = &t
		}
		return fromLast(loops.two(is32, dp, sp, ip, n, mask, size, b, stride*es, ahead), len(idx)-n)
	}
	return takeGo(dst, src, idx, row, stride, size, wrap)
}

// TakeNT is Take writing dst with non-temporal stores (nt set, the
// assembly available) for rows of a whole number of 64-byte lines, at
// least MinNTRow bytes, into a dst that starts on a line boundary: each
// destination line is then written whole without being read first, which
// a result past the cache pays for every row. The kernel calls an SFENCE
// (revrow.Fence) after its last TakeNT with nt set and before it
// returns. Otherwise, and for any other row, it is Take. Measured with
// tcp-run, one worker, on the 2-core Intel Xeon, 65536 384-byte rows of
// a 100 MB f16 table by i32 ids (25 MB of result): 2.01-2.06 ms for a
// loop of non-temporal row copies against 2.13-2.19 for Take.
func TakeNT[T Elem, I TakeIndex](dst, src []T, idx []I, row, stride, size int, wrap bool, ahead int, nt bool) int {
	var z T
	es := int(unsafe.Sizeof(z))
	n, b := len(idx), row*es
	if !nt || !useAVX2 || n == 0 || row <= 0 || b < MinNTRow || b%64 != 0 || size <= 0 || stride > maxInt/es ||
		uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%64 != 0 {
		return Take(dst, src, idx, row, stride, size, wrap, ahead)
	}
	checkTake(len(dst), len(src), n, row, stride, size)
	if ahead <= 0 || ahead > n {
		ahead = n // prefetch nothing
	}
	var i I
	dp, sp, ip := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(&idx[0])
	mask := wrapMask(wrap, size)
	if unsafe.Sizeof(i) == 4 {
		return takeNTI32(dp, sp, (*int32)(ip), n, mask, size, b, stride*es, ahead)
	}
	return takeNTI64(dp, sp, (*int64)(ip), n, mask, size, b, stride*es, ahead)
}

// checkTake panics, as Take does, unless a dst of dn elements holds n
// rows of row elements and every row at some w in [0, size) is inside a
// src of sn elements.
func checkTake(dn, sn, n, row, stride, size int) {
	if row < 0 || dn/n < row {
		panic("gatherrow: dst is shorter than the rows Take copies")
	}
	if size > 0 && row > 0 && (sn < row || stride < 0 || stride > 0 && size-1 > (sn-row)/stride) {
		panic("gatherrow: a row Take may copy is outside src")
	}
}

// MinNTRow is the shortest row, in bytes, TakeNT writes with
// non-temporal stores.
const MinNTRow = 256

// Put is Take's inverse, a replace of whole rows (index_put, ONNX
// ScatterND with reduction none): for k = 0, 1, ..., len(idx)-1 in
// order, dst[w*stride : w*stride+row] = src[k*row : (k+1)*row], w being
// idx[k], or idx[k]+size when idx[k] is negative and wrap is set, so a
// row picked twice keeps the last update. It stops at the first k whose
// w is outside [0, size), the rows before it written, and returns that
// k; else it returns -1. It panics if src is shorter than len(idx) rows
// or if a row at some w in [0, size) is not inside dst; src and dst must
// not overlap. Before row k it may prefetch the first line of the
// destination row of idx[k+ahead] (ahead 0: none).
//
// On amd64 with AVX2, rows under 128 bytes are one assembly loop over
// all of idx, Take's short rows' loop with the directions swapped (the
// wrap left out until the first negative id; each row its first and
// last 2^k bytes); longer rows, and everything elsewhere, are the Go
// loop (Move per row). In place, one worker, 50000 unique 48-byte rows
// of a [100000,12] f32 table: 0.095-0.098 ms against 0.153-0.161 for
// the kernel's Go loop with inline moves per row.
func Put[T Elem, I TakeIndex](dst, src []T, idx []I, row, stride, size int, wrap bool, ahead int) int {
	n := len(idx)
	if n == 0 {
		return -1
	}
	if row < 0 || len(src)/n < row {
		panic("gatherrow: src is shorter than the rows Put copies")
	}
	if size > 0 && row > 0 && (len(dst) < row || stride < 0 || stride > 0 && size-1 > (len(dst)-row)/stride) {
		panic("gatherrow: a row Put may write is outside dst")
	}
	var z T
	es := int(unsafe.Sizeof(z))
	if b := row * es; useAVX2 && row > 0 && size > 0 && stride <= maxInt/es && b < 128 {
		var i I
		dp, sp := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src))
		if ahead <= 0 || ahead > n {
			ahead = n // prefetch nothing
		}
		loops := &putLoops[sizeClass(b, len(putLoops)-1)]
		return loops.two(unsafe.Sizeof(i) == 4, dp, sp, unsafe.Pointer(&idx[0]), n, wrapMask(wrap, size), size, b, stride*es, ahead)
	}
	return putGo(dst, src, idx, row, stride, size, wrap)
}

// putGo is Put's Go loop.
func putGo[T Elem, I TakeIndex](dst, src []T, idx []I, row, stride, size int, wrap bool) int {
	for k, i := range idx {
		w := int64(i)
		if wrap && w < 0 {
			w += int64(size)
		}
		if w < 0 || w >= int64(size) {
			return k
		}
		p := int(w) * stride
		Move(dst[p:p+row], src[k*row:(k+1)*row])
	}
	return -1
}

// Move copies the first len(dst) elements of src to dst (it panics if
// src is shorter), which must not overlap: one row of a scatter that
// replaces whole rows (index_put, ScatterND), a call per row. On amd64
// with AVX2 a row of 32 bytes or more moves as Take's long rows do (128
// bytes per step as four 32-byte loads then four stores, then 32 at a
// time, the tail as the row's last 32 bytes), with no length dispatch;
// shorter rows, rows of 2 KiB or more, and every row without AVX2, with
// REP MOVSB; elsewhere,
// copy. Go's memmove, by contrast, moves rows of 129 to 256 bytes 16
// bytes at a time. Move inlines into its caller: one call per row, the
// assembly's (as a generic function that did not inline, 0.082 ms on
// the 192-byte rows below). Measured with tcp-run --in-place, one
// worker, 10000 rows of a 20000-row f32 table at random, interleaved:
// 192-byte rows 0.068-0.070 ms against 0.074-0.075 with inline 16-byte
// moves; 256-byte rows 0.076-0.080 against 0.089-0.090 with copy;
// 512-byte rows 0.161-0.167 against 0.170-0.178. 128-byte rows stay
// with the inline moves (the same time: 0.047). Rows of 2 KiB or more
// move with REP MOVSB, whose fast strings write whole lines without
// reading them first: 4096 4 KiB rows into a 32 MiB f32 table, in place,
// 0.70-1.03 ms against 1.10-1.24 with the 32-byte moves; 8192 2 KiB
// rows of 32 MiB 0.80-1.03 against 1.25-1.60 (one worker; two the same
// within the noise). From 1 KiB it cost: 32768 1 KiB rows 3.50-4.10 ms
// against 3.17-3.51.
func Move[T Elem](dst, src []T) {
	src = src[:len(dst)]
	var z T
	moveRow(unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src)), len(dst)*int(unsafe.Sizeof(z)))
}

// fromLast is the position in the whole index list of k, a position
// among the ones from first on (or -1).
func fromLast(k, first int) int {
	if k < 0 {
		return k
	}
	return k + first
}

// maxOneMoveRow bounds the rows (bytes) that Take and Take2 move as one
// move of the next power of two: a row of 17 to 31 bytes takes its two
// 16-byte moves instead of one 32-byte move, which crosses a cache line
// for about half the rows on both sides. On the 2-core Intel Xeon
// (interleaved tcp-run, one worker, 400000 rows by i64 ids): 20-byte rows
// 0.90-0.93 ms against 0.99-1.01, 24-byte rows 1.04 against 1.09-1.11,
// 28-byte 1.22 against 1.26-1.28, 17-byte i8 rows 0.59-0.62 against
// 0.65-0.66, 20-byte rows of a 40 MB table 1.94-1.96 against 2.04-2.08
// (with two workers 0.45-0.47 against 0.47-0.49); on the AMD EPYC the two
// forms measured mixed. The one-move loop of that class still moves the
// rows of exactly 32 bytes.
const maxOneMoveRow = 16

// oneSafe is the ids under which a row's move of w bytes from
// src + id*stride stays inside src's total bytes (at most size).
func oneSafe(total, stride, size, w int) int {
	if total < w {
		return 0
	}
	if stride == 0 {
		return size
	}
	return min(size, (total-w)/stride+1)
}

// takeLoop is one size class's assembly loops of Take, for int32 and for
// 8-byte indices (takeLoops): the two-move loop (i32, i64) and, for the
// classes of 2 to 31 bytes, the one-move loop (one32, one64).
type takeLoop struct {
	i32   func(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead int) int
	i64   func(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead int) int
	one32 func(dst, src unsafe.Pointer, idx *int32, n, mask, safe, row, stride, ahead, size int) int
	one64 func(dst, src unsafe.Pointer, idx *int64, n, mask, safe, row, stride, ahead, size int) int
}

// two runs l's two-move loop on ids of int32 (is32) or 8 bytes at ip.
func (l *takeLoop) two(is32 bool, dp, sp, ip unsafe.Pointer, n, mask, size, row, stride, ahead int) int {
	if is32 {
		return l.i32(dp, sp, (*int32)(ip), n, mask, size, row, stride, ahead)
	}
	return l.i64(dp, sp, (*int64)(ip), n, mask, size, row, stride, ahead)
}

// one runs l's one-move loop on ids of int32 (is32) or 8 bytes at ip.
func (l *takeLoop) one(is32 bool, dp, sp, ip unsafe.Pointer, n, mask, safe, row, stride, ahead, size int) int {
	if is32 {
		return l.one32(dp, sp, (*int32)(ip), n, mask, safe, row, stride, ahead, size)
	}
	return l.one64(dp, sp, (*int64)(ip), n, mask, safe, row, stride, ahead, size)
}

// sizeClass is the size class of rows of b bytes in Take's and Put's
// loop tables: log2(b), at most last.
func sizeClass(b, last int) int {
	c := 0
	for c < last && b >= 2<<c {
		c++
	}
	return c
}

const maxInt = int(^uint(0) >> 1)

// Ahead is how many rows ahead Take prefetches a row of b bytes when the
// rows may not be in the cache: 64 for rows under 32 bytes, 16 for rows
// of up to 512 bytes, 8 for longer ones (the hardware prefetcher follows
// a row's first lines, so one line is prefetched). Measured with tcp-run,
// warmed up, least of 4 to 7 interleaved runs, one worker:
//   - 1M 8-byte rows of an 8 MiB table by i32 ids: 2.2-2.4 ms 64 ahead,
//     2.7-3.4 16 ahead; 500000 12-byte rows of a 12 MB table: 1.6-2.0
//     against 3.1-3.6; 1M 8-byte f16 rows 2.4 against 3.9-4.1; rows of
//     32 to 128 bytes were no faster 64 ahead (64-byte rows of a 16 MiB
//     table 1.2 and 2.9 ms in two runs, against 2.1 and 2.2; 128-byte
//     rows 2.4 against 1.06).
//   - 32768 256-byte f16 rows by [64,512] i32 ids (the table 25.6 MB)
//     0.39 ms 16 ahead, 0.46 8 ahead, 0.47-0.62 with all four lines
//     prefetched, against 0.71 for the loop with copy; a middle-axis take
//     of 256-byte rows 0.35 for 8 or 16 ahead against 0.49; 8192 1 KiB
//     rows of a 16 MiB table 0.37-0.38 for 8 or 16 ahead against 0.54;
//     32768 1 KiB rows of a 128 MiB table 3.5-3.8 ms for every distance
//     and the loop (the memory's speed).
//
// On Intel CPUs (isIntel) rows of 256 to 512 bytes are prefetched 64
// rows ahead: measured on the 2-core Intel Xeon with tcp-run, one
// worker, 16384 512-byte rows of a 16 MiB table by i32 ids took
// 0.85-0.87 ms 16 ahead, 0.74-0.81 64 ahead, 0.78-0.81 128 or 256
// ahead; 32768 256-byte f16 rows of a 25.6 MB table 0.61-0.64 against
// 0.605.
func Ahead(b int) int {
	switch {
	case b < 32:
		return 64
	case b >= 256 && b <= 512 && intelAhead:
		return 64
	case b <= 512:
		return 16
	}
	return 8
}

// intelAhead says whether Ahead takes the Intel CPUs' distances.
var intelAhead = isIntel()

// AheadIf is Ahead(b) when far is set, else 0: a kernel's ahead for a
// working set that, when small, stays in the cache between calls.
func AheadIf(far bool, b int) int {
	if !far {
		return 0
	}
	return Ahead(b)
}

// takeGo is Take's Go loop: the whole of Take in the purego build and on
// other architectures.
func takeGo[T Elem, I TakeIndex](dst, src []T, idx []I, row, stride, size int, wrap bool) int {
	for k, i := range idx {
		w := int64(i)
		if wrap && w < 0 {
			w += int64(size)
		}
		if w < 0 || w >= int64(size) {
			return k
		}
		p := int(w) * stride
		copy(dst[k*row:(k+1)*row], src[p:p+row])
	}
	return -1
}

// headTail reports whether Take copies rows of a size in takeTails with
// their head-and-tail loop rather than the two overlapping moves: when
// it prefetches nothing (ahead of n or more: the working set stays in the
// cache). Measured with a C loop of the same moves on the 2-core Intel
// Xeon, 400000 random rows of a cached 2 MB table: 20-byte rows 0.87 ms
// against 0.93, 24-byte 1.01 against 1.04, 17-byte 0.75 against 0.82,
// 40-byte 1.68 against 1.79; of a 40 MB table the overlapping moves
// were as fast or faster (20-byte rows 1.86 against 2.2).
func headTail(ahead, n int) bool { return ahead >= n }

// colsFar returns, for the CPUs farRow's loop runs on (farLoop) and
// 4- or 8-byte elements, colsGo as that loop (farC<es> in
// gatherrow_amd64.s: each id read twice, the second read an L1 hit, see
// farRow), else nil. Measured with tcp-run on the 2-core Intel Xeon,
// least of 3 interleaved runs, against colsGo (no extra read; why the
// gain is smaller than Row's 30% was not found): 1-5% less time on
// every GatherElements along axis 0 tried, one worker and two
// ([8192,1024] f32 by [1024,1024] i64 ids 3.92 against 3.95 ms; by
// [512,1024] i32 ids 1.93-1.99 against 2.02-2.05, two workers 0.98
// against 1.03-1.05; [16384,256] f64 2.05-2.07 against 2.09-2.11).
func colsFar[T Elem, I Index]() func(dst, src []T, idx []I, mask, size, stride int) int {
	var z T
	es := int(unsafe.Sizeof(z))
	if !useAVX2 || !farLoop || es != 4 && es != 8 {
		return nil
	}
	var i I
	is32 := unsafe.Sizeof(i) == 4
	l := &farColsLoops[es/8]
	return func(dst, src []T, idx []I, mask, size, stride int) int {
		n := len(dst)
		if n == 0 {
			return -1
		}
		dp, sp, ip := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(&idx[0])
		return l.two(is32, dp, sp, ip, n, mask, size, es, stride*es, n)
	}
}

// colsGo is gatherGo for Cols (col 1) from position 0 with no bounds
// check per element: the caller has checked that (size-1)*stride +
// len(dst)-1 is inside src, and every read it makes is at w*stride + k
// with w in [0, size) and k below len(dst).
func colsGo[T Elem, I Index](dst, src []T, idx []I, mask, size, stride int) int {
	n := len(dst)
	idx = idx[:n]
	dp, sp := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src))
	es := unsafe.Sizeof(*new(T))
	for k := range n {
		v := int(idx[k])
		w := v + int(uint(v>>63)&uint(mask))
		if uint(w) >= uint(size) {
			return k
		}
		*(*T)(unsafe.Add(dp, uintptr(k)*es)) = *(*T)(unsafe.Add(sp, uintptr(w*stride+k)*es))
	}
	return -1
}
