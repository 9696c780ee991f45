//go:build linux && amd64 && !purego

package gatherrow

import (
	"syscall"
	"testing"
	"unsafe"
)

// TestNoReadPastSource puts the source rows at the very end of a mapped
// page, the next page unmapped, and gathers their last elements (the
// 1- and 2-byte loops once read 4 bytes per element): a read past the source
// would fault.
func TestNoReadPastSource(t *testing.T) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	for _, p := range paths() {
		t.Run(p.name, func(t *testing.T) {
			defer p.use()()
			const n = 24
			src8 := unsafe.Slice((*uint8)(unsafe.Pointer(&mem[page-40])), 40)
			src16 := unsafe.Slice((*uint16)(unsafe.Pointer(&mem[page-2*40])), 40)
			src32 := unsafe.Slice((*float32)(unsafe.Pointer(&mem[page-4*40])), 40)
			src64 := unsafe.Slice((*uint64)(unsafe.Pointer(&mem[page-8*40])), 40)
			idx := make([]int32, n)
			for k := range idx {
				idx[k] = int32(39 - k%3) // the last elements
			}
			for i := range src8 {
				src8[i] = uint8(100 + i)
			}
			d8 := make([]uint8, n)
			if k := Row(d8, src8, idx, false); k != -1 || d8[0] != 139 || d8[2] != 137 {
				t.Errorf("Row of 1-byte elements: %d, %v", k, d8)
			}
			// Cols: 40 elements as 5 rows of stride 8 (columns 0..7),
			// n = 8 positions, the last row.
			cidx := []int64{4, 4, 4, 4, 4, 4, 4, 4}
			c8 := make([]uint8, 8)
			if k := Cols(c8, src8, cidx, 5, 8, false); k != -1 || c8[7] != 139 || c8[0] != 132 {
				t.Errorf("Cols of 1-byte elements: %d, %v", k, c8)
			}
			// The 2-byte source overlaps the 1-byte one.
			for i := range src16 {
				src16[i] = uint16(1000 + i)
			}
			d16 := make([]uint16, n)
			if k := Row(d16, src16, idx, false); k != -1 || d16[0] != 1039 || d16[1] != 1038 {
				t.Errorf("Row of 2-byte elements: %d, %v", k, d16)
			}
			Row(make([]float32, n), src32, idx, false)
			Row(make([]uint64, n), src64, idx, false)
			c16 := make([]uint16, 8)
			if k := Cols(c16, src16, cidx, 5, 8, false); k != -1 || c16[7] != 1039 || c16[0] != 1032 {
				t.Errorf("Cols of 2-byte elements: %d, %v", k, c16)
			}
			Cols(make([]float32, 8), src32, cidx, 5, 8, false)
			Cols(make([]uint64, 8), src64, cidx, 5, 8, false)
			// ShortRows over 5 rows of 8 elements, the last at the
			// end of the page, each row's last elements, prefetching a
			// row ahead.
			sidx := []int64{7, 6, 7, 6, 7, 6, 7, 6, 7, 6}
			s8 := make([]uint8, 10)
			if k := ShortRows(s8, src8, sidx, 2, false, 1); k != -1 || s8[8] != src8[39] || s8[9] != src8[38] || s8[0] != src8[7] {
				t.Errorf("ShortRows of 1-byte elements: %d, %v", k, s8)
			}
			s16 := make([]uint16, 10)
			if k := ShortRows(s16, src16, sidx, 2, false, 1); k != -1 || s16[8] != src16[39] || s16[9] != src16[38] || s16[1] != src16[6] {
				t.Errorf("ShortRows of 2-byte elements: %d, %v", k, s16)
			}
			ShortRows(make([]float32, 10), src32, sidx, 2, false, 1)
			ShortRows(make([]uint64, 10), src64, sidx, 2, false, 1)
			// Take of the last row of each size, prefetching a row
			// ahead: its two overlapping moves stay inside the row.
			for b := 1; b <= 72; b++ {
				src := unsafe.Slice((*uint8)(unsafe.Pointer(&mem[page-b])), b)
				for i := range src {
					src[i] = uint8(200 + i)
				}
				d := make([]uint8, 3*b)
				if k := Take(d, src, []int64{0, 0, -1}, b, b, 1, true, 1); k != -1 || d[2*b] != 200 || d[3*b-1] != uint8(200+b-1) {
					t.Errorf("Take of %d-byte rows: %d, %v", b, k, d)
				}
			}
			// Take2 of the last pixels of an image of each pixel size
			// ([2,3] pixels, the last at the end of the page): the
			// one-move loops take the two moves there.
			for b := 1; b <= 72; b++ {
				src := unsafe.Slice((*uint8)(unsafe.Pointer(&mem[page-6*b])), 6*b)
				for i := range src {
					src[i] = uint8(i)
				}
				d := make([]uint8, 4*b)
				if k := Take2(d, src, []int32{1, 2, 1, 2, 0, 0, -1, -1}, b, 3*b, 2, b, 3, true, 1); k != -1 || d[0] != uint8(5*b) || d[4*b-1] != uint8(6*b-1) {
					t.Errorf("Take2 of %d-byte rows: %d, %v", b, k, d)
				}
			}
			// Permute's last source row at the end of the page: its
			// masked loads (a second table past the row too) read
			// nothing beyond it.
			for _, b := range []int{1, 5, 32, 64, 65, 100, 128} {
				src := unsafe.Slice((*uint8)(unsafe.Pointer(&mem[page-2*b])), 2*b)
				for i := range src {
					src[i] = uint8(i)
				}
				d := make([]uint8, 6)
				Permute(d, src, NewPerm[uint8]([]int{b - 1, 0, 0}, b), 2, 3, b)
				if want := []uint8{uint8(b - 1), 0, 0, uint8(2*b - 1), uint8(b), uint8(b)}; string(d) != string(want) {
					t.Errorf("Permute of %d-byte rows at a page's end: %v, want %v", b, d, want)
				}
			}
			// Strided's last group (stepping up) or first (stepping
			// down) at the end of the page, with whole shuffle steps
			// and a rest: the masked loads read only the groups, and so
			// do the wide groups' moves (the last one overlapping).
			for _, g := range []int{1, 3, 8, 16, 24, 32, 40, 64, 100, 512} {
				for _, p := range []int{2 * g, 3*g + 1, -2 * g} {
					for _, n := range []int{2, 5, 40, 43, 200} {
						ap := max(p, -p)
						span := (n-1)*ap + g
						if span > page {
							continue
						}
						src := unsafe.Slice((*uint8)(unsafe.Pointer(&mem[page-span])), span)
						for i := range src {
							src[i] = uint8(i * 7)
						}
						first := 0
						if p < 0 {
							first = span - g
						}
						want, got := make([]uint8, n*g), make([]uint8, n*g)
						wantStrided(want, src, first, g, p, n, 1, 0)
						for _, nt := range []bool{false, true} {
							clear(got)
							Strided(got, src, first, g, p, n, 1, 0, nt)
							if string(got) != string(want) {
								t.Errorf("Strided of %d groups of %d, step %d at a page's end (non-temporal %v): %v, want %v", n, g, p, nt, got, want)
							}
						}
					}
				}
			}
			// Short rows, several to a step: the last row's last group
			// at the end of the page.
			for _, rows := range []int{2, 39, 40} {
				for _, rs := range []int{7, -7} {
					const g, p, n = 1, 2, 3
					span := (rows-1)*7 + (n-1)*p + g
					src := unsafe.Slice((*uint8)(unsafe.Pointer(&mem[page-span])), span)
					for i := range src {
						src[i] = uint8(i * 5)
					}
					first := 0
					if rs < 0 {
						first = (rows - 1) * 7 // the first row is the last in memory
					}
					want, got := make([]uint8, rows*n*g), make([]uint8, rows*n*g)
					wantStrided(want, src, first, g, p, n, rows, rs)
					Strided(got, src, first, g, p, n, rows, rs, false)
					if string(got) != string(want) {
						t.Errorf("Strided of %d rows of %d, %d apart, at a page's end: %v, want %v", rows, n, rs, got, want)
					}
				}
			}
			// Take's ids at the end of the page, prefetching none, one
			// and all rows ahead: no id past the last is read, also when
			// the first negative id (the move to the wrapping loop) is
			// among the last ahead ones.
			src := make([]uint8, 64)
			for _, b := range []int{1, 8, 12, 40, 64} {
				for _, ahead := range []int{1, 2, 3} {
					for neg := 6; neg < 8; neg++ { // the last row, or the one before (the one-move loops' last)
						// ids and ids32 share the page's last bytes.
						ids := unsafe.Slice((*int64)(unsafe.Pointer(&mem[page-8*8])), 8)
						clear(ids)
						ids[neg] = -1
						d := make([]uint8, 8*b)
						if k := Take(d, src[:b], ids, b, b, 1, true, ahead); k != -1 {
							t.Errorf("Take of %d-byte rows by ids at a page's end, id %d negative, %d ahead: %d", b, neg, ahead, k)
						}
						ids32 := unsafe.Slice((*int32)(unsafe.Pointer(&mem[page-4*8])), 8)
						clear(ids32)
						ids32[neg] = -1
						if k := Take(d, src[:b], ids32, b, b, 1, true, ahead); k != -1 {
							t.Errorf("Take of %d-byte rows by i32 ids at a page's end, id %d negative, %d ahead: %d", b, neg, ahead, k)
						}
					}
				}
			}
			for _, b := range []int{8, 12, 40} {
				for _, ahead := range []int{0, 1, 2, 3} {
					ids := unsafe.Slice((*int64)(unsafe.Pointer(&mem[page-8*3])), 3)
					copy(ids, []int64{0, 0, -1})
					d := make([]uint8, 3*b)
					if k := Take(d, src[:b], ids, b, b, 1, true, ahead); k != -1 {
						t.Errorf("Take of %d-byte rows by ids at a page's end, %d ahead: %d", b, ahead, k)
					}
					ids32 := unsafe.Slice((*int32)(unsafe.Pointer(&mem[page-4*3])), 3)
					copy(ids32, []int32{0, -1, 0})
					if k := Take(d, src[:b], ids32, b, b, 1, true, ahead); k != -1 {
						t.Errorf("Take of %d-byte rows by i32 ids at a page's end, %d ahead: %d", b, ahead, k)
					}
				}
			}
		})
	}
}
