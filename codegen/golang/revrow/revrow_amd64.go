//go:build amd64 && !purego

package revrow

import (
	"sync/atomic"
	"unsafe"
)

// useAVX2: the CPU has AVX2 and the OS saves the YMM registers.
var useAVX2 = hasAVX2()

func hasAVX2() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, c1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if c1&osxsave == 0 || c1&avx == 0 || xgetbv0()&6 != 6 {
		return false
	}
	_, b7, _, _ := cpuid(7, 0)
	return b7&(1<<5) != 0
}

// useVBMI: the CPU has AVX-512 F, BW and VBMI (CPUID leaf 7: EBX bits 16
// and 30, ECX bit 1) and the OS saves the opmask and ZMM registers (XCR0
// bits 1, 2 and 5-7): reverse192's byte permutes run.
var useVBMI = useAVX2 && xgetbv0()&0xe6 == 0xe6 && func() bool {
	_, b, c, _ := cpuid(7, 0)
	return b&(1<<16) != 0 && b&(1<<30) != 0 && c&(1<<1) != 0
}()

// block192 is reverse192's plan for one element size: for each 64-byte
// chunk k of a 192-byte output block, the offset from the source
// block's start of the bytes it reads (at most 110: 64 and two part
// elements), the masks of its two 64-byte loads (only those bytes) and
// the VPERMI2B controls that pick them. The layout is the assembly's.
type block192 struct {
	ctrl   [3][64]byte
	off    [3]int64
	lo, hi [3]uint64
}

// blocks192 holds reverse192's plan per element size of 3, 6, 12 or 24
// bytes (192 is a whole number of them and of 64-byte chunks).
var blocks192 = [25]*block192{3: plan192(3), 6: plan192(6), 12: plan192(12), 24: plan192(24)}

func plan192(es int) *block192 {
	p := &block192{}
	n := 192 / es
	in := func(i int) int { return (n-1-i/es)*es + i%es } // the source byte of output byte i
	for k := range 3 {
		lo, hi := 192, 0
		for i := 64 * k; i < 64*k+64; i++ {
			lo, hi = min(lo, in(i)), max(hi, in(i))
		}
		for i := 64 * k; i < 64*k+64; i++ {
			p.ctrl[k][i-64*k] = byte(in(i) - lo)
		}
		w := hi - lo + 1
		p.off[k] = int64(lo)
		p.lo[k], p.hi[k] = ones(min(w, 64)), ones(max(w-64, 0))
	}
	return p
}

// ones is a mask of the low n bits (n <= 64).
func ones(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

// reverse192 reverses n 192-byte blocks of es-byte elements (3, 6, 12,
// 24) by plan p: block b of dst from the block that ends 192b bytes
// before srcEnd (revrow_amd64.s; AVX-512 VBMI).
//
//go:noescape
func reverse192(dst, srcEnd *byte, n int, p *block192)

// reverse192up is reverse192 reading src upwards: block b of src, from
// src on, goes reversed to the block that ends 192b bytes before dstEnd
// (revrow_amd64.s; AVX-512 VBMI).
//
//go:noescape
func reverse192up(dstEnd, src *byte, n int, p *block192)

// masks holds, per element size, the VPSHUFB mask that reverses the
// elements of each 16-byte lane (the bytes of an element keep their
// order; for 16-byte elements the identity: VPERMQ's swap of the two
// lanes alone reverses them).
var masks = [17]*[32]byte{1: laneMask(1), 2: laneMask(2), 4: laneMask(4), 8: laneMask(8), 16: laneMask(16)}

func laneMask(es int) *[32]byte {
	var m [32]byte
	for lane := 0; lane < 32; lane += 16 {
		for k := 0; k < 16; k++ {
			// Byte k of the result: byte k%es of element 16/es-1-k/es.
			m[lane+k] = byte((16/es-1-k/es)*es + k%es)
		}
	}
	return &m
}

// groupMasks holds, per element size of 3, 6, 12 or 24 bytes, the nine
// VPSHUFB masks that reverse the elements of a 48-byte group: mask 3o+v
// picks, from 16-byte vector v of the source group, the bytes of output
// vector o (0x80, a zero, for the bytes that come from another vector);
// the three results ORed together are the output vector.
var groupMasks = [25]*[9][16]byte{3: groupMask(3), 6: groupMask(6), 12: groupMask(12), 24: groupMask(24)}

// reverseBlocks reverses the leading whole 32-byte blocks of dst from the
// trailing ones of src with AVX2 and returns the bytes it moved: 0
// without AVX2 or below two blocks (the Go loop is as fast there). For 3-
// to 24-byte elements it moves 48-byte groups, and from one group on the
// whole row (the last group overlaps the one before it).
func reverseBlocks(dst, src []byte, es int) int {
	if groupSize(es) {
		if !useAVX2 || len(dst) < 48 {
			return 0
		}
		// With AVX-512 VBMI, 192-byte blocks first: one masked load pair
		// and one VPERMI2B per 64 bytes, where the 48-byte groups take
		// nine VPSHUFB and six VPOR per 48 (rows in the L1 cache: 1.4-2x
		// faster, BenchmarkReverse192).
		done := 0
		if nb := len(dst) / 192; useVBMI && nb > 0 {
			reverse192(unsafe.SliceData(dst), (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), len(src))), nb, blocks192[es])
			done = 192 * nb
		}
		g := (len(dst) - done) / 48
		if g > 0 {
			reverse48(&dst[done], (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), len(src)-done)), g, groupMasks[es])
		}
		if len(dst) > done+48*g {
			// The last elements: one more group, the last 48 bytes of
			// dst from the first 48 of src (a whole number of
			// elements), over bytes already written with the same
			// values.
			reverse48(&dst[len(dst)-48], &src[48], 1, groupMasks[es])
		}
		return len(dst)
	}
	// Stores from dst's first 32-byte boundary on (the bytes before it
	// reversed in Go): see reverseBlocksUp.
	h := max(alignedHead(uintptr(unsafe.Pointer(unsafe.SliceData(dst))), es, 32), 0)
	if h > len(dst) {
		h = 0
	}
	b := (len(dst) - h) / 32
	if !useAVX2 || b < 2 {
		return 0
	}
	reverseGo(dst[:h], src[len(src)-h:], es)
	reverse32(&dst[h], (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), len(src)-h)), b, masks[es])
	return h + 32*b
}

// reverseBlocksUp is reverseBlocks reading src upwards: it reverses the
// leading whole blocks (groups) of src into the trailing ones of dst and
// returns the bytes moved there; the rest, at the start of dst, is left
// to the caller (none for groups: one more group, the first 48 bytes of
// dst, overlaps the one after it).
func reverseBlocksUp(dst, src []byte, es int) int {
	end := (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), len(dst)))
	if groupSize(es) {
		if !useAVX2 || len(dst) < 48 {
			return 0
		}
		// 192-byte blocks first with AVX-512 VBMI, as in reverseBlocks
		// (a 3.7 MB batch of RGB u8 images turned 180 degrees, one call
		// per image: 0.106 ms with the groups alone, 0.081 with them).
		done := 0
		if nb := len(dst) / 192; useVBMI && nb > 0 {
			reverse192up(end, unsafe.SliceData(src), nb, blocks192[es])
			done = 192 * nb
		}
		g := (len(dst) - done) / 48
		if g > 0 {
			reverse48up((*byte)(unsafe.Add(unsafe.Pointer(end), -done)), &src[done], g, groupMasks[es])
		}
		if len(dst) > done+48*g {
			reverse48(unsafe.SliceData(dst), (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), len(src))), 1, groupMasks[es])
		}
		return len(dst)
	}
	// Stores up to dst's last 32-byte boundary (the bytes after it
	// reversed in Go first), so that none splits a cache line: a flip of
	// 100003 i32 (its end 12 bytes past a boundary) took 22 us with one
	// worker on the 2-core Intel Xeon, 2.4x the 9.2 of 100000; the loads
	// then split lines instead, which costs far less.
	t := max(alignedHead(-uintptr(unsafe.Pointer(end)), es, 32), 0)
	if t > len(dst) {
		t = 0
	}
	b := (len(dst) - t) / 32
	if !useAVX2 || b < 2 {
		return 0
	}
	reverseGo(dst[len(dst)-t:], src[:t], es)
	reverse32up((*byte)(unsafe.Add(unsafe.Pointer(end), -t)), &src[t], b, masks[es])
	return t + 32*b
}

// reverseRowsUp reverses every row of rowBytes bytes of src into dst (of
// the same length, a multiple of rowBytes) with plain stores, each row
// read upwards, in one assembly call for rows of one 32-byte block (1- to
// 16-byte elements) or 48-byte group (3 to 24) or more, but not for
// rows of 512 bytes or more of 1- to 16-byte elements that are not a
// whole number of blocks; it reports whether it did.
func reverseRowsUp(dst, src []byte, es, rowBytes int) bool {
	if !useAVX2 || len(dst) == 0 {
		return false
	}
	if groupSize(es) {
		if rowBytes < 48 {
			return false
		}
		reverse48rowsUp(unsafe.SliceData(dst), unsafe.SliceData(src), len(dst)/rowBytes, rowBytes, rowBytes/48, groupMasks[es])
		return true
	}
	// Rows of 512 bytes or more that are not a whole number of blocks
	// go one call each through reverseUp, whose stores start on a
	// 32-byte boundary: in this loop every other row's stores split
	// lines. Test binaries, one worker, rows in the cache: 1024 rows of
	// 2000 bytes 70-78 us against 98-103, 4096 of 1000 232-237 against
	// 297, 2048 of 600 78 against 98-104.
	if rowBytes < 32 || rowBytes%32 != 0 && rowBytes >= 512 {
		return false
	}
	reverse32rowsUp(unsafe.SliceData(dst), unsafe.SliceData(src), len(dst)/rowBytes, rowBytes, rowBytes/32, masks[es])
	return true
}

// shortRows reverses the leading rows of rowBytes < 32 bytes of src into
// dst with AVX2 and returns the bytes it moved (whole rows; 0 without
// AVX2): k = 32/rowBytes rows at a time, one 32-byte load, the rows'
// elements reversed by two VPSHUFBs (the bytes that stay in their
// 16-byte lane, and those that cross, from the lanes swapped) ORed, one
// 32-byte store whose bytes past the k rows are rewritten by the next
// store (so the last store must end inside dst, and dst and src must
// not overlap).
func shortRows(dst, src []byte, es, rowBytes int) int {
	if !useAVX2 || len(dst) < 32 {
		return 0
	}
	step := 32 / rowBytes * rowBytes
	n := (len(dst)-32)/step + 1
	reverse32packed(unsafe.SliceData(dst), unsafe.SliceData(src), n, step, packedMasks(es, rowBytes))
	return n * step
}

// shortMasks caches packedMasks' masks by element size and row size:
// computed per call they cost a row of 5760 bytes (a 1920-pixel RGB row)
// as much as its shuffles.
var shortMasks [25][32]atomic.Pointer[[2][32]byte]

// packedMasks returns reverse32packed's two masks for rows of rowBytes <
// 32 bytes of es-byte elements: byte p of the k = 32/rowBytes rows of a
// vector comes from byte m(p) of the source vector, through masks[0]
// where both are in the same 16-byte lane and masks[1] (of the lanes
// swapped) where they are not; 0x80 (a zero) elsewhere.
func packedMasks(es, rowBytes int) *[2][32]byte {
	if m := shortMasks[es][rowBytes].Load(); m != nil {
		return m
	}
	step := 32 / rowBytes * rowBytes
	c := rowBytes / es
	m := new([2][32]byte)
	for p := range m[0] {
		m[0][p], m[1][p] = 0x80, 0x80
		if p < step {
			q, b := p/rowBytes, p%rowBytes
			from := q*rowBytes + (c-1-b/es)*es + b%es
			m[from/16^p/16][p] = byte(from % 16)
		}
	}
	shortMasks[es][rowBytes].Store(m)
	return m
}

// reverse32packed shuffles n 32-byte vectors of src, step bytes apart,
// by masks into dst at the same offsets, in ascending order
// (revrow_amd64.s).
//
//go:noescape
func reverse32packed(dst, src *byte, n, step int, masks *[2][32]byte)

// reverseBlocksNT is reverseBlocks with non-temporal stores on whole
// 64-byte lines only: from dst's first line boundary that is also an
// element boundary (h bytes in, those before it reversed with plain
// stores) it stores whole lines (m bytes: 32-byte blocks in pairs,
// 48-byte groups in fours) and returns h and m, the rest after them
// left to the caller's plain stores. A line that a non-temporal store
// and a plain one (or two rows' non-temporal stores, at different
// times) both write is written to memory in parts: rows of 2000 bytes
// of i16, 2 MB in all, took 285 us with one worker on the 2-core Intel
// Xeon when only their 32-byte blocks were aligned against 110-120 with
// whole lines, rows of 1000 bytes of f32 (4 MB) 1300 against 330, rows
// of 1000 u8 (6 MB) 1900 against 500, RGB u8 rows of 3000 bytes (6 MB)
// 950 against 590 (BenchmarkReverseRowsNT).
func reverseBlocksNT(dst, src []byte, es int) (h, m int) {
	if !useAVX2 || len(dst) < minNTRun {
		return 0, 0
	}
	h = alignedHead(uintptr(unsafe.Pointer(unsafe.SliceData(dst))), es, 64)
	if h < 0 || h > len(dst) {
		return 0, 0 // elements not aligned to a divisor of their size: no boundary between two
	}
	srcEnd := (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), len(src)-h))
	if groupSize(es) {
		g := (len(dst) - h) / 192 * 4
		if g == 0 {
			return 0, 0
		}
		reverse(dst[:h], src[len(src)-h:], es)
		reverse48nt(&dst[h], srcEnd, g, groupMasks[es])
		return h, 48 * g
	}
	b := (len(dst) - h) / 64 * 2
	if b == 0 {
		return 0, 0
	}
	reverseGo(dst[:h], src[len(src)-h:], es)
	reverse32nt(&dst[h], srcEnd, b, masks[es])
	return h, 32 * b
}

// reverseBlocksNTUp is reverseBlocksNT reading src upwards: the bytes of
// dst after its last line boundary that is also an element boundary are
// reversed with plain stores first (t, from the start of src), then m
// bytes of whole lines with non-temporal ones; the rest, at the start of
// dst, is left to the caller's plain stores.
func reverseBlocksNTUp(dst, src []byte, es int) (t, m int) {
	if !useAVX2 || len(dst) < minNTRun {
		return 0, 0
	}
	end := uintptr(unsafe.Pointer(unsafe.SliceData(dst))) + uintptr(len(dst))
	t = alignedHead(-end, es, 64)
	if t < 0 || t > len(dst) {
		return 0, 0
	}
	dstEnd := (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), len(dst)-t))
	if groupSize(es) {
		g := (len(dst) - t) / 192 * 4
		if g == 0 {
			return 0, 0
		}
		reverseUp(dst[len(dst)-t:], src[:t], es)
		reverse48ntUp(dstEnd, &src[t], g, groupMasks[es])
		return t, 48 * g
	}
	b := (len(dst) - t) / 64 * 2
	if b == 0 {
		return 0, 0
	}
	reverseGo(dst[len(dst)-t:], src[:t], es)
	reverse32ntUp(dstEnd, &src[t], b, masks[es])
	return t, 32 * b
}

// alignedHead returns the bytes of dst (at addr, a whole number of
// es-byte elements) before its first element boundary at an align-byte
// aligned address (align a power of two; 0 <= head < align*es), or -1 if
// there is none (elements not aligned to a divisor of their size). With
// -end for addr it is the bytes after the last such boundary.
func alignedHead(addr uintptr, es, align int) int {
	a := int(-addr) & (align - 1)
	for h := a; h < align*es; h += align {
		if h%es == 0 {
			return h
		}
	}
	return -1
}

// copyNT copies src to dst (of the same length) with the body going
// through copyDownNT, the unaligned head and the tail through copy, and
// reports whether it did (AVX2, and a row long enough).
func copyNT(dst, src []byte) bool {
	if !useAVX2 || len(dst) < minNTRun {
		return false
	}
	// Whole lines only (see reverseBlocksNT).
	h := alignedHead(uintptr(unsafe.Pointer(unsafe.SliceData(dst))), 1, 64)
	m := (len(dst) - h) &^ 127
	copy(dst[:h], src[:h])
	copyDownNT(&dst[h], &src[h], m)
	copy(dst[h+m:], src[h+m:])
	return true
}

// reverse32nt is reverse32 with non-temporal stores; dst must be 32-byte
// aligned (revrow_amd64.s).
//
//go:noescape
func reverse32nt(dst, srcEnd *byte, n int, mask *[32]byte)

// reverse32ntUp is reverse32nt reading src upwards from src and
// writing dst downwards from dstEnd, which must be 32-byte aligned
// (revrow_amd64.s).
//
//go:noescape
func reverse32ntUp(dstEnd, src *byte, n int, mask *[32]byte)

// copyDownNT copies n bytes, a multiple of 128, from the end down with
// non-temporal stores; dst must be 32-byte aligned (revrow_amd64.s).
//
//go:noescape
func copyDownNT(dst, src *byte, n int)

// Fence orders the non-temporal stores of ReverseNT and CopyNT before
// every later store (SFENCE; revrow_amd64.s).
func Fence()

// reverse32 reverses n 32-byte blocks: block k of dst is the VPSHUFB by
// mask, lanes swapped, of the block that ends 32k bytes before srcEnd
// (revrow_amd64.s).
//
//go:noescape
func reverse32(dst, srcEnd *byte, n int, mask *[32]byte)

// reverse48 reverses n 48-byte groups: group k of dst is the group that
// ends 48k bytes before srcEnd, its elements reversed by the nine masks
// (revrow_amd64.s).
//
//go:noescape
func reverse48(dst, srcEnd *byte, n int, masks *[9][16]byte)

// reverse32rowsUp is reverse32up for rows rows of rowBytes bytes, nb
// whole blocks each, that follow each other in dst and src
// (revrow_amd64.s).
//
//go:noescape
func reverse32rowsUp(dst, src *byte, rows, rowBytes, nb int, mask *[32]byte)

// reverse48rowsUp is reverse48up for rows rows of rowBytes bytes, ng
// whole groups each, that follow each other in dst and src
// (revrow_amd64.s).
//
//go:noescape
func reverse48rowsUp(dst, src *byte, rows, rowBytes, ng int, masks *[9][16]byte)

// reverse48up is reverse48 reading src upwards from src and writing dst
// downwards from dstEnd (revrow_amd64.s).
//
//go:noescape
func reverse48up(dstEnd, src *byte, n int, masks *[9][16]byte)

// reverse32up is reverse32 reading src upwards from src and writing dst
// downwards from dstEnd (revrow_amd64.s).
//
//go:noescape
func reverse32up(dstEnd, src *byte, n int, mask *[32]byte)

// reverse48nt is reverse48 with non-temporal stores; dst must be 16-byte
// aligned (revrow_amd64.s).
//
//go:noescape
func reverse48nt(dst, srcEnd *byte, n int, masks *[9][16]byte)

// reverse48ntUp is reverse48nt reading src upwards from src and writing
// dst downwards from dstEnd, which must be 16-byte aligned
// (revrow_amd64.s).
//
//go:noescape
func reverse48ntUp(dstEnd, src *byte, n int, masks *[9][16]byte)

// cpuid executes CPUID with EAX = leaf and ECX = sub (revrow_amd64.s).
func cpuid(leaf, sub uint32) (a, b, c, d uint32)

// xgetbv0 returns the low word of XCR0 (revrow_amd64.s).
func xgetbv0() uint32
