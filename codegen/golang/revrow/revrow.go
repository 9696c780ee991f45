package revrow

import "fmt"

// Reverse sets element j of dst to element n-1-j of src for every j < n,
// where n = len(dst)/es and es, the element size in bytes, is one that
// ValidSize accepts: 1, 2, 4, 8 or 16, or 3, 6, 12 or 24 (a run of
// elements reversed as one: a flip of an outer axis over rows of 2 to 24
// bytes, RGB pixels of 1-, 2-, 4- and 8-byte channels). len(src) must
// equal len(dst), a multiple of es; dst and src must not overlap.
func Reverse(dst, src []byte, es int) {
	if !ValidSize(es) || len(dst)%es != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.Reverse: %d and %d bytes of %d-byte elements", len(dst), len(src), es))
	}
	reverse(dst, src, es)
}

func reverse(dst, src []byte, es int) {
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

// NTBytesShared is NTBytes for an output that two or more workers write:
// there plain stores stayed ahead up to outputs of 24 MiB (1.3x to 2x
// faster at 16 MiB, with two workers on the 2-core AMD EPYC measured),
// and non-temporal stores won from 32 MiB (1.35x on 32 MiB of copied
// rows). One core alone cannot fetch each destination line before
// writing it fast enough; two together can, as long as the output
// mostly stays cached between calls.
const NTBytesShared = 28 << 20

// NTBytesReread is NTBytes for an output the kernel reads back right
// after writing it, whatever the workers: the copy of a scatter-add's
// input, whose rows the adds then read and write. Plain stores leave the
// copy's lines in the cache for them. Measured with tcp-run on the 2-core
// Intel Xeon, least of 3 interleaved runs, the gradient of an embedding
// lookup into a new output (Zipf ids) with the copy's stores plain
// against non-temporal: a 16 MiB table of 256-byte rows 3.18 against
// 3.53 ms with one worker, 1.75 against 2.0 with two; 25.6 MB of
// 512-byte rows 3.42-3.52 against 3.79-3.82; 40 MiB of 256-byte rows
// 4.25-4.58 against 4.67-4.78, 2.8-3.0 against 3.6 with two workers;
// but 64 MiB 11.2-11.8 against 8.3-9.2 (two workers 5.1-11 against
// 4.6-5.1) and 128 MiB 22.5 against 17.4-17.7.
const NTBytesReread = 48 << 20

// NTBytesReversed and NTBytesReversedShared are NTBytes and
// NTBytesShared for reversed elements, and for the rows of whole lines
// a take copies (gatherrow.TakeNT), on Intel CPUs, where the kernels
// choose them (tcpNTReversed): measured on the 2-core Intel Xeon
// (2 MiB of L2 per core) with interleaved tcp-run runs of a flip of 1-d
// i64, non-temporal stores against plain ones, one worker: 1 MB 0.044-0.046
// ms against 0.051-0.057 plain first, then 1.5 MB 0.086-0.087 against
// 0.106-0.110, 2 MB 0.100 against 0.140, 8 MB 0.45-0.49 against 0.57-0.58;
// two workers: 1.5 MB 0.044-0.046 against 0.028-0.040, 2 MB 0.057-0.060
// against 0.077-0.093, 8 MB 0.24-0.26 against 0.39-0.43, [2048,2048]
// f32 flipped on both axes 0.47-0.51 against 0.58-0.61. Plain stores
// win while the output and its source stay in a core's L2.
const (
	NTBytesReversed       = 3 << 19  // 1.5 MiB
	NTBytesReversedShared = 15 << 17 // 1.875 MiB
)

// minNTRun is the shortest row ReverseNT and CopyNT write with
// non-temporal stores; shorter ones go the plain way.
const minNTRun = 256

// ReverseNT is Reverse writing dst with non-temporal stores where the
// assembly runs (AVX2, rows of at least 256 bytes), on whole 64-byte
// lines of dst only: the bytes before its first line boundary and after
// its last take plain stores (a line written partly each way, or by two
// rows at different times, goes to memory in parts, which cost rows not
// a whole number of lines 2-4x the time). A kernel calls Fence after its
// last ReverseNT and before it returns.
func ReverseNT(dst, src []byte, es int) {
	if !ValidSize(es) || len(dst)%es != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.ReverseNT: %d and %d bytes of %d-byte elements", len(dst), len(src), es))
	}
	reverseNT(dst, src, es)
}

func reverseNT(dst, src []byte, es int) {
	h, m := reverseBlocksNT(dst, src, es)
	if k := h + m; k < len(dst) {
		reverse(dst[k:], src[:len(src)-k], es)
	}
}

// ReverseNTUp is ReverseNT reading src from its start up (and writing dst
// from its end down): rows reversed in ascending source order (a flip of
// the innermost axis only) then read memory as one ascending stream,
// which the hardware prefetcher follows; ReverseNT reads each row from
// its end down, for rows in descending order (a flip of the innermost
// and an outer axis). A kernel calls Fence after its last ReverseNTUp
// and before it returns.
func ReverseNTUp(dst, src []byte, es int) {
	if !ValidSize(es) || len(dst)%es != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.ReverseNTUp: %d and %d bytes of %d-byte elements", len(dst), len(src), es))
	}
	reverseNTUp(dst, src, es)
}

func reverseNTUp(dst, src []byte, es int) {
	t, m := reverseBlocksNTUp(dst, src, es)
	if r := len(dst) - t - m; r > 0 {
		reverseUp(dst[:r], src[len(src)-r:], es)
	}
}

// ReverseUp is Reverse reading src from its start up (and writing dst
// from its end down), with plain stores: rows reversed in ascending
// source order (a flip of the innermost axes only) then read memory as
// one ascending stream, which the hardware prefetcher follows, where
// Reverse reads each row from its end down and the rows upwards.
func ReverseUp(dst, src []byte, es int) {
	if !ValidSize(es) || len(dst)%es != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.ReverseUp: %d and %d bytes of %d-byte elements", len(dst), len(src), es))
	}
	reverseUp(dst, src, es)
}

func reverseUp(dst, src []byte, es int) {
	m := reverseBlocksUp(dst, src, es)
	r := len(dst) - m
	reverseGo(dst[:r], src[len(src)-r:], es)
}

// ReverseRows reverses each row of rowBytes bytes of src (a whole number
// of es-byte elements) into the same row of dst: for rows that lie one
// after the other in both (a flip of the innermost axes only, such as an
// image flipped on its width), one call instead of one per row, which
// costs the short rows of a horizontal flip (a 64-pixel RGB row is 192
// bytes) as much as they move (with AVX2, rows read upwards with plain
// stores are one assembly call for all the rows, of one 32-byte block or
// 48-byte group or more). The stores are those of Reverse, or with
// up of ReverseUp, with nt of ReverseNT or ReverseNTUp (the caller then
// fences), rows under MinNTRow bytes but with plain stores. len(src)
// must equal len(dst), a multiple of rowBytes.
func ReverseRows(dst, src []byte, es, rowBytes int, nt, up bool) {
	if len(dst) == 0 && len(src) == 0 {
		return
	}
	if !ValidSize(es) || rowBytes <= 0 || rowBytes%es != 0 || len(dst)%rowBytes != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.ReverseRows: %d and %d bytes of rows of %d bytes of %d-byte elements", len(dst), len(src), rowBytes, es))
	}
	if rowBytes < 32 {
		reverseShortRows(dst, src, es, rowBytes)
		return
	}
	if rowBytes < MinNTRow {
		nt = false
	}
	if !nt && up && reverseRowsUp(dst, src, es, rowBytes) {
		return
	}
	for len(dst) >= rowBytes && len(src) >= rowBytes {
		d, s := dst[:rowBytes:rowBytes], src[:rowBytes:rowBytes]
		switch {
		case nt && up:
			reverseNTUp(d, s, es)
		case nt:
			reverseNT(d, s, es)
		case up:
			reverseUp(d, s, es)
		default:
			reverse(d, s, es)
		}
		dst, src = dst[rowBytes:], src[rowBytes:]
	}
}

// reverseShortRows is ReverseRows for rows of fewer than 32 bytes (a
// flip of the innermost axis of 3 RGB channels, of a [N,6] f32 tensor),
// with plain stores in any mode: the leading rows through shortRows'
// assembly (all the rows of a 32-byte vector per shuffle), the rest
// through a byte permutation of the row, with no call per row.
// A call per row of reverse cost 10 ns for a row of three bytes.
func reverseShortRows(dst, src []byte, es, rowBytes int) {
	m := shortRows(dst, src, es, rowBytes)
	dst, src = dst[m:], src[m:]
	var perm [32]uint8
	c := rowBytes / es
	for p := 0; p < rowBytes; p++ {
		perm[p] = uint8((c-1-p/es)*es + p%es)
	}
	pm := perm[:rowBytes]
	for len(dst) >= rowBytes && len(src) >= rowBytes {
		d, s := dst[:rowBytes:rowBytes], src[:rowBytes:rowBytes]
		for p, q := range pm {
			d[p] = s[q]
		}
		dst, src = dst[rowBytes:], src[rowBytes:]
	}
}

// ShortRowsGo is ReverseRows for rows of fewer than 32 bytes without the
// assembly, which the tests compare it with.
func ShortRowsGo(dst, src []byte, es, rowBytes int) {
	if !ValidSize(es) || rowBytes <= 0 || rowBytes >= 32 || rowBytes%es != 0 || len(dst)%rowBytes != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.ShortRowsGo: %d and %d bytes of rows of %d bytes of %d-byte elements", len(dst), len(src), rowBytes, es))
	}
	c := rowBytes / es
	for r := 0; r < len(dst); r += rowBytes {
		for p := 0; p < rowBytes; p++ {
			dst[r+p] = src[r+(c-1-p/es)*es+p%es]
		}
	}
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
	if !ValidSize(es) || len(dst)%es != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.ReverseGo: %d and %d bytes of %d-byte elements", len(dst), len(src), es))
	}
	reverseGo(dst, src, es)
}

// ValidSize reports whether the functions reverse es-byte elements: 1,
// 2, 4, 8 and 16 bytes (whole 32-byte blocks in one shuffle each), 3, 6,
// 12 and 24 (48-byte groups, three 16-byte shuffles per output vector).
func ValidSize(es int) bool {
	switch es {
	case 1, 2, 4, 8, 16, 3, 6, 12, 24:
		return true
	}
	return false
}

// groupSize reports whether es-byte elements move in 48-byte groups
// (sizes that do not divide 16) rather than 32-byte blocks.
func groupSize(es int) bool { return 48%es == 0 && 16%es != 0 }

// groupMask returns the nine 16-byte shuffle masks that reverse the
// es-byte elements of a 48-byte group (the assembly's groupMasks): mask
// 3o+v picks, from 16-byte vector v of the source group, the bytes of
// output vector o, and 0x80 (a zero) for the bytes that come from
// another vector.
func groupMask(es int) *[9][16]byte {
	var m [9][16]byte
	for k := range m {
		for i := range m[k] {
			m[k][i] = 0x80
		}
	}
	n := 48 / es
	for i := 0; i < 48; i++ {
		// Byte i of the group: byte i%es of element n-1-i/es.
		p := (n-1-i/es)*es + i%es
		m[3*(i/16)+p/16][i%16] = byte(p % 16)
	}
	return &m
}

// MinNTRow is the shortest row ReverseRows stores non-temporally when
// asked to (nt); shorter rows take the plain stores, each row then one
// line or less. With tcp-run on the 2-core Intel Xeon, one worker, a flip
// of [16,16,16,16,16] f32 on axes 0, 2 and 4 (rows of 64 bytes, 4 MiB)
// took 1.35-1.37 ms with non-temporal stores against 0.29-0.30 with plain
// ones; rows of 128 bytes took the same either way, and rows of 256
// bytes ([16,64,64,64] flipped on axes 0 and 3, 1.09-1.11 against
// 1.19-1.21) and 1 KiB (0.23-0.24 against 0.28-0.30) less with them.
const MinNTRow = 128
