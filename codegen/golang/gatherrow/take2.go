package gatherrow

import "unsafe"

// Take2 is Take for positions of two ids (a gather_nd by two index
// components, a pixel of an image by row and column): for k = 0, 1, ...,
// len(idx)/2-1 in order, dst[k*row : (k+1)*row] is the row of src at
// i*stride0 + j*stride1, i being idx[2k] and j idx[2k+1], each plus its
// size (size0, size1) when negative and wrap is set. It stops at the
// first k with an id outside [0, size) (the rows before it written, row
// k perhaps in part) and returns that k, whichever of its two ids is bad
// (Bad2 tells which); else it returns -1. It panics if len(idx) is odd,
// if dst is shorter than len(idx)/2 rows or if a row at some i in
// [0, size0) and j in [0, size1) is not inside src. Before row k it may
// prefetch the first line of the row of pair k+ahead (ahead 0: none).
//
// On amd64 with AVX2, rows under 128 bytes are one assembly loop over
// all the pairs, Take's short-row loop with the second id read, wrapped,
// tested and multiplied by its stride in the same step (the wrap left
// out until the first negative id; rows of 2 to 15 bytes but the last as
// one move of the next power of two, rows of 4, 8, 16 or 32 bytes one
// move of their size). A single element whose second id steps by one
// element (a gather_nd of [m,n] by [k,2]) goes eight pairs a step
// through a vector loop (the ids of eight pairs loaded, split, wrapped
// and tested at once, the eight offsets first*stride0 + second made with
// one VPMULLD, then eight scalar moves) up to the first step with a bad
// id, then through an element loop (Take's short-row loop with the
// offset made by one IMULQ and one LEAQ, the element one move); with
// tcp-run, one worker, interleaved, 200000 i32 elements of [1024,1024]
// by int64 pairs took 0.436-0.439 ms against 0.484-0.494 for the row
// loop, with two workers 0.179-0.181 against 0.228-0.236. Longer rows,
// and everything elsewhere, are the Go loop (copy per row).
// Interleaved tcp-run runs, one worker, against the kernel's Go loop
// with inline checks: 200000 3-byte pixels of a
// [512,512,3] u8 image by int64 pairs 0.27-0.37 ms against 0.52-0.59;
// 1M f32 elements of [2048,2048] 3.2-3.3 ms against 6.2-6.4.
func Take2[T Elem, I TakeIndex](dst, src []T, idx []I, row, stride0, size0, stride1, size1 int, wrap bool, ahead int) int {
	if len(idx)%2 != 0 {
		panic("gatherrow: Take2's ids are not pairs")
	}
	n := len(idx) / 2
	if n == 0 {
		return -1
	}
	if row < 0 || len(dst)/n < row {
		panic("gatherrow: dst is shorter than the rows Take2 copies")
	}
	if size0 > 0 && size1 > 0 && row > 0 && !inside2(len(src), row, stride0, size0, stride1, size1) {
		panic("gatherrow: a row Take2 may copy is outside src")
	}
	var z T
	es := int(unsafe.Sizeof(z))
	if b := row * es; useAVX2 && row > 0 && size0 > 0 && size1 > 0 && b < 128 {
		var i I
		dp, sp := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src))
		if ahead <= 0 || ahead > n {
			ahead = n // prefetch nothing
		}
		c := sizeClass(b, len(take2Loops)-1)
		is32 := unsafe.Sizeof(i) == 4
		ip := unsafe.Pointer(&idx[0])
		a := take2Args{mask: wrapMask(wrap, size0), size: size0, row: b, stride: stride0 * es,
			mask1: wrapMask(wrap, size1), size1: size1, stride1: stride1 * es}
		if row == 1 && stride1 == 1 && take2E {
			// One element, its second id a position in a row: eight
			// pairs a step in the vector loop (their offsets in 32
			// bits), then the element loop (no second multiply, one
			// exact move) from the first step it left.
			k := 0
			if take2V && n >= 8 && max(len(src), size0, size1, stride0) < 1<<31 {
				l := &take2VLoops[c]
				if is32 {
					k = l.i32(dp, sp, (*int32)(ip), n, a.mask, size0, stride0, a.mask1, size1)
				} else {
					k = l.i64(dp, sp, (*int64)(ip), n, a.mask, size0, stride0, a.mask1, size1)
				}
				if k == n {
					return -1
				}
				dp, ip = unsafe.Add(dp, k*b), unsafe.Add(ip, 2*k*int(unsafe.Sizeof(i)))
			}
			return fromLast(take2ELoops[c].run(false, is32, dp, sp, ip, n-k, min(ahead, n-k), a), k)
		}
		total := len(src) * es
		if c >= 2 && b == 1<<c && take2Loops[c-1].one32 != nil && total >= b {
			// A row of 4, 8, 16 or 32 bytes: the one-move loop of the
			// class below moves exactly the row.
			a.safe = total - b
			return take2Loops[c-1].run(true, is32, dp, sp, ip, n, ahead, a)
		}
		loops := &take2Loops[c]
		if loops.one32 != nil && n >= 2 && total >= 2<<c && b < maxOneMoveRow {
			// Every row but the last as one move of 2<<c bytes (those
			// that would read past src by two moves), the last by the
			// two-move loop.
			a.safe = total - 2<<c
			if k := loops.run(true, is32, dp, sp, ip, n-1, min(ahead, n-1), a); k >= 0 {
				return k
			}
			dp, ip = unsafe.Add(dp, (n-1)*b), unsafe.Add(ip, 2*(n-1)*int(unsafe.Sizeof(i)))
			return fromLast(loops.run(false, is32, dp, sp, ip, 1, 1, a), n-1)
		}
		return loops.run(false, is32, dp, sp, ip, n, ahead, a)
	}
	return take2Go(dst, src, idx, row, stride0, size0, stride1, size1, wrap)
}

// Take2NT is Take2 for rows of at least MinNTRow bytes, written with
// non-temporal stores when nt is set, the rows are whole 64-byte lines
// and dst starts on a line boundary (each line then written whole
// without being read first, as TakeNT does). On amd64 with AVX2 it is a
// Go loop over the pairs (the ids wrapped and tested as Take2's) with
// one assembly call per row, which prefetches the first line of the row
// of pair k+ahead (ahead 0: none) and copies the row (VMOVNTDQ, or
// Take's moves); Take2 itself copies long rows with no prefetch. The
// kernel calls an SFENCE (revrow.Fence) after its last Take2NT with nt
// set and before it returns. Elsewhere, and for shorter rows, it is
// Take2. Measured with tcp-run on the 2-core Intel Xeon, interleaved,
// least of 3 runs, against the kernel's loop of plain row copies with a
// prefetch 4 rows ahead: a gather_nd of 16384 1 KiB rows of
// [128,128,256] f32 (16 MiB of result) by [16384,2] i64 ids 1.17 ms
// against 1.68 with one worker, 0.54-0.55 against 0.74 with two; 65536
// 256-byte rows of [256,256,64] 1.20-1.24 against 1.38-1.41 and 0.59-0.60
// against 0.65-0.67; 16384 of [128,128,64] (4 MiB) 0.244-0.254 against
// 0.308-0.317 and 0.114-0.118 against 0.18-0.23; 10000 4 KiB rows of
// [32,32,1024] 2.07-2.15 against 2.61-2.67.
func Take2NT[T Elem, I TakeIndex](dst, src []T, idx []I, row, stride0, size0, stride1, size1 int, wrap bool, ahead int, nt bool) int {
	var z T
	es := int(unsafe.Sizeof(z))
	n, b := len(idx)/2, row*es
	if !useAVX2 || n == 0 || len(idx)%2 != 0 || row <= 0 || b < MinNTRow || size0 <= 0 || size1 <= 0 ||
		len(dst)/n < row || !inside2(len(src), row, stride0, size0, stride1, size1) {
		return Take2(dst, src, idx, row, stride0, size0, stride1, size1, wrap, ahead)
	}
	move := moveRowAhead
	if nt && b%64 == 0 && uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%64 == 0 {
		move = moveRowNT
	}
	if ahead <= 0 {
		ahead = n // prefetch nothing
	}
	m0, m1 := int64(wrapMask(wrap, size0)), int64(wrapMask(wrap, size1))
	dp, sp := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src))
	for k := range n {
		i, j := int64(idx[2*k]), int64(idx[2*k+1])
		i += int64(uint64(i>>63) & uint64(m0))
		j += int64(uint64(j>>63) & uint64(m1))
		if uint64(i) >= uint64(size0) || uint64(j) >= uint64(size1) {
			return k
		}
		var next unsafe.Pointer
		if q := k + ahead; q < n {
			a, c := int64(idx[2*q]), int64(idx[2*q+1])
			a += int64(uint64(a>>63) & uint64(m0))
			c += int64(uint64(c>>63) & uint64(m1))
			if uint64(a) < uint64(size0) && uint64(c) < uint64(size1) {
				next = unsafe.Add(sp, (int(a)*stride0+int(c)*stride1)*es)
			}
		}
		move(unsafe.Add(dp, k*b), unsafe.Add(sp, (int(i)*stride0+int(j)*stride1)*es), next, b)
	}
	return -1
}

// Bad2 says which id of pair k (a result of Take2) is bad: 0 when
// idx[2k] is outside [0, size0) once wrapped, else 1.
func Bad2[I TakeIndex](idx []I, k, size0 int, wrap bool) int {
	w := int64(idx[2*k])
	if wrap && w < 0 {
		w += int64(size0)
	}
	if w < 0 || w >= int64(size0) {
		return 0
	}
	return 1
}

// inside2 says whether every row of row elements at i*stride0 +
// j*stride1, i < size0 and j < size1 (both positive), ends inside n
// elements.
func inside2(n, row, stride0, size0, stride1, size1 int) bool {
	if stride0 < 0 || stride1 < 0 || n < row {
		return false
	}
	room := n - row
	if stride0 > 0 && size0-1 > room/stride0 {
		return false
	}
	room -= (size0 - 1) * stride0
	return stride1 == 0 || size1-1 <= room/stride1
}

// take2Go is Take2's Go loop.
func take2Go[T Elem, I TakeIndex](dst, src []T, idx []I, row, stride0, size0, stride1, size1 int, wrap bool) int {
	for k := 0; k+1 < len(idx); k += 2 {
		i, j := int64(idx[k]), int64(idx[k+1])
		if wrap && i < 0 {
			i += int64(size0)
		}
		if wrap && j < 0 {
			j += int64(size1)
		}
		if i < 0 || i >= int64(size0) || j < 0 || j >= int64(size1) {
			return k / 2
		}
		p := int(i)*stride0 + int(j)*stride1
		copy(dst[k/2*row:(k/2+1)*row], src[p:p+row])
	}
	return -1
}

// take2Args is the arguments of Take2's assembly loops but the pointers,
// the count and the distance ahead: bytes, masks (wrapMask) and sizes;
// safe is the largest offset a one-move loop moves from.
type take2Args struct {
	mask, size, row, stride, mask1, size1, stride1, safe int
}

// take2Loop is one size class's Take2 loops for int32 and 8-byte ids:
// the two-move loop and, for the classes of 2 to 31 bytes, the one-move
// loop.
type take2Loop struct {
	i32, one32 func(dst, src unsafe.Pointer, idx *int32, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
	i64, one64 func(dst, src unsafe.Pointer, idx *int64, n, mask, size, row, stride, ahead, mask1, size1, stride1, safe int) int
}

// run runs l's one-move loop (one) or its two-move loop on n pairs of
// int32 (is32) or 8-byte ids at ip.
func (l *take2Loop) run(one, is32 bool, dp, sp, ip unsafe.Pointer, n, ahead int, a take2Args) int {
	f32, f64 := l.i32, l.i64
	if one {
		f32, f64 = l.one32, l.one64
	}
	if is32 {
		return f32(dp, sp, (*int32)(ip), n, a.mask, a.size, a.row, a.stride, ahead, a.mask1, a.size1, a.stride1, a.safe)
	}
	return f64(dp, sp, (*int64)(ip), n, a.mask, a.size, a.row, a.stride, ahead, a.mask1, a.size1, a.stride1, a.safe)
}
