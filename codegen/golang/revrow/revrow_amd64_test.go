//go:build amd64 && !purego

package revrow

import (
	"fmt"
	"testing"
	"unsafe"
)

// TestReverseGroups runs TestReverse with reverse192 off: rows of 3- to
// 24-byte elements of 192 bytes or more then go through the 48-byte
// groups alone, which TestReverse reaches only for the rest of a row
// where the CPU has AVX-512 VBMI.
func TestReverseGroups(t *testing.T) {
	if !useVBMI {
		t.Skip("no AVX-512 VBMI: TestReverse already runs the groups alone")
	}
	useVBMI = false
	defer func() { useVBMI = true }()
	TestReverse(t)
}

// TestPlan192: each chunk of reverse192's plans reads at most its two
// loads' 128 bytes, inside the 192-byte block, and its masks cover
// exactly the span its controls pick from.
func TestPlan192(t *testing.T) {
	for _, es := range []int{3, 6, 12, 24} {
		p := blocks192[es]
		for k := range 3 {
			hi := 0
			for _, c := range p.ctrl[k] {
				hi = max(hi, int(c))
			}
			if off := int(p.off[k]); off < 0 || off+hi >= 192 || hi >= 128 {
				t.Errorf("es %d chunk %d: reads bytes %d to %d of the block", es, k, off, off+hi)
			}
			if p.lo[k] != ones(min(hi+1, 64)) || p.hi[k] != ones(max(hi+1-64, 0)) {
				t.Errorf("es %d chunk %d: masks %#x %#x for %d bytes", es, k, p.lo[k], p.hi[k], hi+1)
			}
		}
	}
}

// BenchmarkReverse192 compares the 48-byte groups with reverse192 on
// rows of 1920 3-byte pixels and 480 12-byte ones (an RGB image's row, u8
// and f32) that stay in the L1 cache: 0.40-0.64 against 0.81-0.88 µs
// (3-byte) and 0.48-0.59 against 0.74-0.83 (12-byte) per four rows. A
// [1080,1920,3] u8 image turned 180 degrees (6 MB, in the L3), a call
// per row, took 0.194-0.203 ms with the groups, 0.168-0.175 with
// reverse192, one worker (0.106 and 0.089 with two).
func BenchmarkReverse192(b *testing.B) {
	for _, es := range []int{3, 12} {
		for _, v := range []bool{false, true} {
			if v && !useVBMI {
				continue
			}
			name := map[bool]string{false: "groups", true: "vbmi"}[v]
			b.Run(fmt.Sprintf("%s/es%d", name, es), func(b *testing.B) {
				old := useVBMI
				useVBMI = v
				defer func() { useVBMI = old }()
				src, dst := make([]byte, 4*5760), make([]byte, 4*5760)
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					for r := 0; r < len(src); r += 5760 {
						Reverse(dst[r:r+5760], src[r:r+5760], es)
					}
				}
			})
		}
	}
}

// TestNTWholeLines: the non-temporal stores of ReverseNT and ReverseNTUp
// (and of CopyNT's body) cover whole 64-byte lines of dst, the bytes
// around them left to plain stores, for every element size, start offset
// and a spread of lengths; the values are TestReverse's and
// TestCopyNT's to check.
func TestNTWholeLines(t *testing.T) {
	buf := make([]byte, 8192+128)
	src := make([]byte, 8192)
	line := func(p *byte, off int) int {
		return int((uintptr(unsafe.Pointer(p)) + uintptr(off)) & 63)
	}
	for _, es := range []int{1, 2, 4, 8, 16, 3, 6, 12, 24} {
		for off := 0; off < 64; off++ {
			for _, n := range []int{256, 300, 383, 384, 1000, 2000, 3000, 4000, 8000} {
				n = n / es * es
				d, s := buf[off:off+n], src[:n]
				if h, m := reverseBlocksNT(d, s, es); m > 0 && (line(&d[0], h) != 0 || m%64 != 0 || h+m > n) {
					t.Errorf("reverseBlocksNT es %d at +%d, %d bytes: head %d, %d bytes non-temporal", es, off, n, h, m)
				}
				if tl, m := reverseBlocksNTUp(d, s, es); m > 0 && (line(&d[0], n-tl-m) != 0 || m%64 != 0 || tl+m > n) {
					t.Errorf("reverseBlocksNTUp es %d at +%d, %d bytes: tail %d, %d bytes non-temporal", es, off, n, tl, m)
				}
			}
		}
	}
	Fence()
}

// BenchmarkReverseRowsNT times ReverseRows over 2 to 6 MB of rows read
// upwards, plain and non-temporal, rows a whole number of lines and not
// (see reverseBlocksNT).
func BenchmarkReverseRowsNT(b *testing.B) {
	for _, c := range []struct{ rows, rowBytes, es int }{
		{1024, 2048, 2}, {1024, 2000, 2}, {1024, 4000, 4}, {4096, 1000, 4}, {6000, 1000, 1}, {2048, 3072, 3}, {2048, 3000, 3},
	} {
		for _, nt := range []bool{false, true} {
			b.Run(fmt.Sprintf("rows%dx%d/es%d/nt=%t", c.rows, c.rowBytes, c.es, nt), func(b *testing.B) {
				d, s := make([]byte, c.rows*c.rowBytes), make([]byte, c.rows*c.rowBytes)
				b.SetBytes(int64(len(d)))
				for b.Loop() {
					ReverseRows(d, s, c.es, c.rowBytes, nt, true)
					Fence()
				}
			})
		}
	}
}
