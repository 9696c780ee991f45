package revrow

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// naive is the definition: element j of dst is element n-1-j of src.
func naive(src []byte, es int) []byte {
	n := len(src) / es
	out := make([]byte, len(src))
	for j := 0; j < n; j++ {
		copy(out[j*es:(j+1)*es], src[(n-1-j)*es:(n-j)*es])
	}
	return out
}

// TestReverse compares Reverse, ReverseUp, ReverseNT and ReverseNTUp (the
// assembly where it runs, plain and non-temporal stores, src read down
// and up) and ReverseGo (the Go loops) with the
// definition for every element size (1, 2, 4, 8, 16 and the 48-byte
// groups' 3, 6, 12, 24), every length from 0 to 300 elements (every tail
// after the 32-byte blocks or 48-byte groups) and 60 random lengths up to
// 5000 bytes (300 elements of 24), and starts of dst and src at every
// offset 0..31 from a 32-byte boundary (misaligned loads and stores, NT
// heads and tails on and off an element boundary); the bytes of dst
// outside the row stay untouched.
func TestReverse(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	buf := make([]byte, 8192)
	for _, es := range []int{1, 2, 4, 8, 16, 3, 6, 12, 24} {
		for it := 0; it <= 360; it++ {
			n := it
			if it > 300 {
				n = 300 + r.Intn(max(1, 5000/es-300))
			}
			so, do := r.Intn(32), r.Intn(32)
			if n < 40 {
				so, do = n%32, (n*7)%32
			}
			r.Read(buf)
			src := buf[so : so+n*es]
			want := naive(src, es)
			for _, f := range []struct {
				name string
				fn   func(d, s []byte, es int)
			}{{"Reverse", Reverse}, {"ReverseUp", ReverseUp}, {"ReverseNT", ReverseNT}, {"ReverseNTUp", ReverseNTUp}, {"ReverseGo", ReverseGo}} {
				out := make([]byte, n*es+64)
				for k := range out {
					out[k] = 0xa5
				}
				f.fn(out[do:do+n*es], src, es)
				Fence()
				if got := out[do : do+n*es]; !bytes.Equal(want, got) {
					t.Fatalf("%s es %d n %d (src at +%d, dst at +%d) (-want +got):\n%s", f.name, es, n, so, do, cmp.Diff(want, got))
				}
				for k, b := range out {
					if (k < do || k >= do+n*es) && b != 0xa5 {
						t.Fatalf("%s es %d n %d: wrote byte %d outside the row", f.name, es, n, k)
					}
				}
			}
		}
	}
}

// TestReverseRows compares ReverseRows, in its four store modes, with
// the definition row by row: 0 to 9 rows of 0 to 70 elements of every
// size, at random offsets of dst and src; the bytes around stay
// untouched.
func TestReverseRows(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	buf := make([]byte, 9*70*24+64)
	for _, es := range []int{1, 2, 4, 8, 16, 3, 6, 12, 24} {
		for it := 0; it < 200; it++ {
			rows, n := r.Intn(10), r.Intn(71)
			if it%50 == 0 {
				n = 300 / es * (it/50 + 1) // long rows: NT heads and tails
				rows = 1 + it/50
			}
			size := rows * n * es
			if size+64 > len(buf) {
				buf = make([]byte, size+64)
			}
			so, do := r.Intn(32), r.Intn(32)
			r.Read(buf)
			src := buf[so : so+size]
			var want []byte
			for k := 0; k < rows; k++ {
				want = append(want, naive(src[k*n*es:(k+1)*n*es], es)...)
			}
			for mode := 0; mode < 4; mode++ {
				nt, up := mode&1 != 0, mode&2 != 0
				out := make([]byte, size+64)
				for k := range out {
					out[k] = 0xa5
				}
				if n == 0 {
					ReverseRows(out[do:do+size], src, es, es, nt, up)
				} else {
					ReverseRows(out[do:do+size], src, es, n*es, nt, up)
				}
				Fence()
				if got := out[do : do+size]; !bytes.Equal(want, got) {
					t.Fatalf("es %d, %d rows of %d, nt %v up %v (-want +got):\n%s", es, rows, n, nt, up, cmp.Diff(want, got, cmpopts.EquateEmpty()))
				}
				for k, b := range out {
					if (k < do || k >= do+size) && b != 0xa5 {
						t.Fatalf("es %d, %d rows of %d, nt %v up %v: wrote byte %d outside the rows", es, rows, n, nt, up, k)
					}
				}
			}
		}
	}
}

// TestShortRows compares ReverseRows (the assembly's packed rows of at
// most 16 bytes and halves of 17 to 31, then the Go tail) and
// ShortRowsGo with the definition for every element size and every row
// of fewer than 32 bytes, 0 to 40 rows and a few hundred, at random
// offsets of dst and src; the bytes around stay untouched.
func TestShortRows(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	buf := make([]byte, 400*32+64)
	for _, es := range []int{1, 2, 4, 8, 16, 3, 6, 12, 24} {
		for rb := es; rb < 32; rb += es {
			for it := 0; it < 45; it++ {
				rows := it
				if it > 40 {
					rows = 100 + r.Intn(300)
				}
				size := rows * rb
				so, do := r.Intn(32), r.Intn(32)
				r.Read(buf)
				src := buf[so : so+size]
				var want []byte
				for k := 0; k < rows; k++ {
					want = append(want, naive(src[k*rb:(k+1)*rb], es)...)
				}
				for mode := 0; mode < 5; mode++ {
					out := make([]byte, size+64)
					for k := range out {
						out[k] = 0xa5
					}
					if mode == 4 {
						ShortRowsGo(out[do:do+size], src, es, rb)
					} else {
						ReverseRows(out[do:do+size], src, es, rb, mode&1 != 0, mode&2 != 0)
					}
					if got := out[do : do+size]; !bytes.Equal(want, got) {
						t.Fatalf("es %d, %d rows of %d bytes, mode %d (-want +got):\n%s", es, rows, rb, mode, cmp.Diff(want, got, cmpopts.EquateEmpty()))
					}
					for k, b := range out {
						if (k < do || k >= do+size) && b != 0xa5 {
							t.Fatalf("es %d, %d rows of %d bytes, mode %d: wrote byte %d outside the rows", es, rows, rb, mode, k)
						}
					}
				}
			}
		}
	}
}

// TestCopyNT compares CopyNT with copy for lengths 0..600 and 60 random
// ones up to 20000 bytes, at every offset 0..31 of dst and src; the bytes
// around the row stay untouched.
func TestCopyNT(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	buf := make([]byte, 20100)
	for it := 0; it <= 660; it++ {
		n := it
		if it > 600 {
			n = 600 + r.Intn(19400)
		}
		so, do := r.Intn(32), n%32
		r.Read(buf)
		src := buf[so : so+n]
		out := make([]byte, n+64)
		for k := range out {
			out[k] = 0x5a
		}
		CopyNT(out[do:do+n], src)
		Fence()
		if diff := cmp.Diff(src, out[do:do+n]); diff != "" {
			t.Fatalf("n %d (src at +%d, dst at +%d) (-want +got):\n%s", n, so, do, diff)
		}
		for k, b := range out {
			if (k < do || k >= do+n) && b != 0x5a {
				t.Fatalf("n %d: wrote byte %d outside the row", n, k)
			}
		}
	}
}

// TestReverseRejects: a wrong element size or length panics with the
// sizes, not a wrong result.
func TestReverseRejects(t *testing.T) {
	for _, c := range []struct{ d, s, es int }{{8, 8, 3}, {6, 6, 4}, {8, 16, 1}, {8, 8, 16}, {512, 520, 1}, {10, 10, 5}, {18, 18, 9}, {96, 96, 32}, {48, 51, 3}, {36, 36, 24}} {
		for _, f := range []struct {
			name string
			fn   func(d, s []byte, es int)
		}{{"Reverse", Reverse}, {"ReverseUp", ReverseUp}, {"ReverseNT", ReverseNT}, {"ReverseNTUp", ReverseNTUp}, {"ReverseGo", ReverseGo}, {"CopyNT", func(d, s []byte, _ int) { CopyNT(d, s) }},
			{"ReverseRows", func(d, s []byte, es int) { ReverseRows(d, s, es, 2*es, false, true) }}} {
			if f.name == "CopyNT" && c.d == c.s {
				continue
			}
			t.Run(fmt.Sprint(f.name, c), func(t *testing.T) {
				defer func() {
					if recover() == nil {
						t.Errorf("%s(%d bytes, %d bytes, %d) did not panic", f.name, c.d, c.s, c.es)
					}
				}()
				f.fn(make([]byte, c.d), make([]byte, c.s), c.es)
			})
		}
	}
}

// TestGroupMasks: each 48-byte group mask set moves every output byte
// from exactly one source vector (one mask of the three not 0x80), so
// the OR of the three shuffles is that byte.
func TestGroupMasks(t *testing.T) {
	for _, es := range []int{3, 6, 12, 24} {
		src := make([]byte, 48)
		for k := range src {
			src[k] = byte(k)
		}
		want := naive(src, es)
		got := make([]byte, 48)
		m := groupMask(es)
		for i := 0; i < 48; i++ {
			from := 0
			for v := 0; v < 3; v++ {
				if b := m[3*(i/16)+v][i%16]; b != 0x80 {
					from++
					got[i] |= src[16*v+int(b)]
				}
			}
			if from != 1 {
				t.Fatalf("es %d: output byte %d comes from %d vectors, want 1", es, i, from)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("es %d: the masks' group (-want +got):\n%s", es, diff)
		}
	}
}

func BenchmarkReverse(b *testing.B) {
	for _, es := range []int{1, 2, 4, 8, 16, 3, 6, 12, 24} {
		for _, f := range []struct {
			name string
			fn   func(d, s []byte, es int)
		}{{"asm", Reverse}, {"go", ReverseGo}} {
			b.Run(fmt.Sprintf("%s/es%d", f.name, es), func(b *testing.B) {
				src, dst := make([]byte, 128<<10), make([]byte, 128<<10)
				b.SetBytes(int64(len(src)))
				row := 512 / es * es
				for i := 0; i < b.N; i++ {
					for r := 0; r+row <= len(src); r += row {
						f.fn(dst[r:r+row], src[len(src)-r-row:len(src)-r], es)
					}
				}
			})
		}
	}
}
