package golang

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/codegen/golang/gatherrow"
	"github.com/tcp-project/tcp/parser"
)

// TestTouchAhead checks where row gathers touch a later row: runs copied
// from rows chosen by indices (through every index mode), not sequential
// runs, rows under 256 bytes, or a working set (the result and the
// source rows it covers) of at most maxUnaheadBytes (a test of the
// lengths when they are dynamic). That the touches change no result is what the
// differential tests check.
func TestTouchAhead(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // in the emitted code; empty: no touch
	}{
		{"index_select", `func.func @f(%x: tensor<?x256xf32>, %i: tensor<?xi64>) -> tensor<?x256xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<?xi64> into tensor<?x1xi64>
  %c = arith.constant 256 : index
  %b = tcp.broadcast_to %e, %c {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x256xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "error"} : tensor<?x256xf32>, tensor<?x256xi64> -> tensor<?x256xf32>
  return %0 : tensor<?x256xf32>
}`, []string{"t2 := len(a0)+len(r0) > 3145728 && 2*len(r0) > 3145728", "if j0 := i0_0 + 4; t2 && j0 < hi {", "if p := 256 * int(tcpAt(a1, j0)); uint(p) < uint(len(a0)) && a0[p] == 0 {"}},
		{"wrap_negative i32", `func.func @f(%x: tensor<16384x256xf32>, %i: tensor<12288xi32>) -> tensor<12288x256xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<12288xi32> into tensor<12288x1xi32>
  %c = arith.constant 256 : index
  %b = tcp.broadcast_to %e, %c {axes = [1]} : tensor<12288x1xi32>, index -> tensor<12288x256xi32>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "wrap_negative"} : tensor<16384x256xf32>, tensor<12288x256xi32> -> tensor<12288x256xf32>
  return %0 : tensor<12288x256xf32>
}`, []string{"if j0 := i0_0 + 4; j0 < hi {", "if p := 256 * tcpWrapNeg(int(tcpAt(a1, j0)), 16384); uint(p) < uint(len(a0)) && a0[p] == 0 {"}},
		{"source and result in the cache", `func.func @f(%x: tensor<2048x256xf32>, %i: tensor<8192xi32>) -> tensor<8192x256xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<8192xi32> into tensor<8192x1xi32>
  %c = arith.constant 256 : index
  %b = tcp.broadcast_to %e, %c {axes = [1]} : tensor<8192x1xi32>, index -> tensor<8192x256xi32>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "wrap_negative"} : tensor<2048x256xf32>, tensor<8192x256xi32> -> tensor<8192x256xf32>
  return %0 : tensor<8192x256xf32>
}`, nil},
		{"gather_nd two components", `func.func @f(%x: tensor<128x128x256xf32>, %i: tensor<12000x2xi64>) -> tensor<12000x256xf32> {
  %0 = tcp.gather_nd %x, %i {mode = "wrap"} : tensor<128x128x256xf32>, tensor<12000x2xi64> -> tensor<12000x256xf32>
  return %0 : tensor<12000x256xf32>
}`, []string{"if p := 32768*tcpWrap(int(tcpAt(a1, 2*j0)), 128) + 256*tcpWrap(int(tcpAt(a1, 1+2*j0)), 128); uint(p) < uint(len(a0)) && a0[p] == 0 {"}},
		{"dynamic rows", `func.func @f(%x: tensor<?x?xi8>, %i: tensor<?xi64>) -> tensor<?x?xi8> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<?xi64> into tensor<?x1xi64>
  %c1 = arith.constant 1 : index
  %c = tensor.dim %x, %c1 : tensor<?x?xi8>
  %b = tcp.broadcast_to %e, %c {axes = [1]} : tensor<?x1xi64>, index -> tensor<?x?xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "promise_in_bounds"} : tensor<?x?xi8>, tensor<?x?xi64> -> tensor<?x?xi8>
  return %0 : tensor<?x?xi8>
}`, []string{"len(a0)+len(r0) > 12582912 && 2*len(r0) > 12582912", "if p := a0d1 * int(tcpAt(a1, j0)); uint(p) < uint(len(a0)) && a0[p] == 0 {"}},
		{"256-byte rows", `func.func @f(%x: tensor<256x256x64xf32>, %i: tensor<100x2xi64>) -> tensor<100x64xf32> {
  %0 = tcp.gather_nd %x, %i {mode = "wrap"} : tensor<256x256x64xf32>, tensor<100x2xi64> -> tensor<100x64xf32>
  return %0 : tensor<100x64xf32>
}`, nil},
		{"sequential runs of a slice", `func.func @f(%x: tensor<64x32xf32>) -> tensor<32x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %0 = tcp.slice %x starts(%c0, %c0) sizes(%c32, %c32) strides(%c2, %c1) : tensor<64x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}`, nil},
		{"short rows", `func.func @f(%x: tensor<64x4xf32>, %i: tensor<16xi64>) -> tensor<16x4xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<16xi64> into tensor<16x1xi64>
  %c = arith.constant 4 : index
  %b = tcp.broadcast_to %e, %c {axes = [1]} : tensor<16x1xi64>, index -> tensor<16x4xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index} : tensor<64x4xf32>, tensor<16x4xi64> -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := parser.Parse("f.mlir", tc.src, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := Emit(m, Options{Package: "k"})
			if err != nil {
				t.Fatal(err)
			}
			out := string(b)
			if len(tc.want) == 0 && strings.Contains(out, "touched++") {
				t.Errorf("unexpected touch:\n%s", out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q in:\n%s", w, out)
				}
			}
		})
	}
}

func TestPrimary(t *testing.T) {
	for x, want := range map[string]bool{
		"t2": true, "int(tcpAt(a1, 2*j0))": true, "tcpWrap(int(tcpAt(a1, j0)), 256)": true,
		"a + b": false, "2*j0": false, "f(a) + g(b)": false, "-t": false,
	} {
		if got := primary(x); got != want {
			t.Errorf("primary(%q) = %v, want %v", x, got, want)
		}
	}
}

// TestRowsAheadIntel: a take of 64-byte rows whose working set (4 MiB of
// the table's rows the ids may cover and 2 MiB of result) is past one
// core's L2 but under maxUnaheadBytes prefetches its rows in a kernel
// built on an Intel CPU (maxUnaheadBytesIntel), and nowhere else; one of
// 1.5 MiB in all, or of a table of 200 KiB (minAheadRandomIntel),
// prefetches nothing anywhere.
func TestRowsAheadIntel(t *testing.T) {
	take := func(rows, n int) string {
		return strings.NewReplacer("ROWS", fmt.Sprint(rows), "N", fmt.Sprint(n)).Replace(`func.func @f(%x: tensor<ROWSx16xf32>, %i: tensor<Nxi64>) -> tensor<Nx16xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<Nxi64> into tensor<Nx1xi64>
  %c = arith.constant 16 : index
  %b = tcp.broadcast_to %e, %c {axes = [1]} : tensor<Nx1xi64>, index -> tensor<Nx16xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "wrap_negative"} : tensor<ROWSx16xf32>, tensor<Nx16xi64> -> tensor<Nx16xf32>
  return %0 : tensor<Nx16xf32>
}`)
	}
	for _, tc := range []struct {
		name  string
		src   string
		ahead bool // on an Intel CPU
	}{
		{"4 MiB table, 2 MiB result", take(65536, 32768), true},
		{"1 MiB table, 512 KiB result", take(16384, 8192), false},
		{"200 KiB table, 4 MiB result", take(3200, 65536), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := kernelSource(t, tc.src)
			if !strings.Contains(out, "gatherrow.Take(") {
				t.Fatalf("no gatherrow.Take call in:\n%s", out)
			}
			want := tc.ahead && gatherrow.IsIntel()
			if got := strings.Contains(out, "true, gatherrow.Ahead(64)); t"); got != want {
				t.Errorf("prefetching Take: %v, want %v (Intel CPU: %v) in:\n%s", got, want, gatherrow.IsIntel(), out)
			}
			if got := strings.Contains(out, "true, 0); t"); got == want {
				t.Errorf("Take without a prefetch: %v, want %v in:\n%s", got, !want, out)
			}
		})
	}
}

// TestFewRowsOfIds checks which takes along axis 1 by the same ids for
// every row read the ids directly (fewRowsOfIds: Row on the raw ids per
// row, no index table) and which build the table once per call.
func TestFewRowsOfIds(t *testing.T) {
	take := func(rows, width, n int, it string) string {
		return strings.NewReplacer("ROWS", fmt.Sprint(rows), "W", fmt.Sprint(width), "N", fmt.Sprint(n), "IT", it).Replace(`func.func @f(%x: tensor<ROWSxWxf32>, %i: tensor<NxIT>) -> tensor<ROWSxNxf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<NxIT> into tensor<1xNxIT>
  %c = arith.constant ROWS : index
  %b = tcp.broadcast_to %e, %c {axes = [0]} : tensor<1xNxIT>, index -> tensor<ROWSxNxIT>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "wrap_negative"} : tensor<ROWSxWxf32>, tensor<ROWSxNxIT> -> tensor<ROWSxNxf32>
  return %0 : tensor<ROWSxNxf32>
}`)
	}
	for _, tc := range []struct {
		name   string
		src    string
		n      int // ids
		direct bool
	}{
		{"3 rows of 100000 ids", take(3, 1000000, 100000, "i64"), 100000, true},
		{"64 rows of 4096 i32 ids", take(64, 8192, 4096, "i32"), 4096, true},
		{"65 rows", take(65, 8192, 4096, "i64"), 4096, false},
		{"4095 ids", take(3, 8192, 4095, "i64"), 4095, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := kernelSource(t, tc.src)
			if got := !strings.Contains(out, fmt.Sprintf("make([]int, %d)", tc.n)); got != tc.direct {
				t.Errorf("no index table: %v, want %v in:\n%s", got, tc.direct, out)
			}
			if got := strings.Contains(out, "gatherrow.Row("); got != tc.direct && gatherrow.WideRowGathers() {
				t.Errorf("gatherrow.Row per row: %v, want %v in:\n%s", got, tc.direct, out)
			}
			if strings.Contains(out, "tcpTouch(") && tc.direct {
				t.Errorf("rows of more than maxTouchedGatherRow bytes touched in:\n%s", out)
			}
			// The ids checked in the gather's own loop (no pass of
			// checks before it) where they have no table.
			if got := strings.Count(out, "if err := tcpParallel(") == 1; got != tc.direct {
				t.Errorf("checks in the loop: %v, want %v in:\n%s", got, tc.direct, out)
			}
		})
	}
}

// TestGatherReadScale checks the read-to-output factor by which the
// workers split element gathers along the last dim, and that a small
// output of a sparse gather carries it into its split.
func TestGatherReadScale(t *testing.T) {
	for _, tc := range []struct {
		name  string
		c, w  poly
		es    int
		scale int64
	}{
		{"32 of 1024 f16", pconst(32), pconst(1024), 2, 32},
		{"5 of 1000 f32", pconst(5), pconst(1000), 4, 16},
		{"dense: 4096 of 4096 f32", pconst(4096), pconst(4096), 4, 1},
		{"512 of 2048 f32", pconst(512), pconst(2048), 4, 4},
		{"dynamic ids", patom("n"), pconst(1024), 2, 1},
		{"dynamic row", pconst(32), patom("w"), 2, 1},
		{"more ids than the row", pconst(64), pconst(16), 8, 1},
	} {
		if got := gatherReadScale(tc.c, tc.w, tc.es); got != tc.scale {
			t.Errorf("%s: gatherReadScale = %d, want %d", tc.name, got, tc.scale)
		}
	}
	src := `func.func @f(%x: tensor<16x64x1024xf16>, %i: tensor<16x64x32xi64>) -> tensor<16x64x32xf16> {
  %0 = tcp.gather %x, %i {dim = 2 : index, mode = "wrap_negative"} : tensor<16x64x1024xf16>, tensor<16x64x32xi64> -> tensor<16x64x32xf16>
  return %0 : tensor<16x64x32xf16>
}`
	if b := kernelSource(t, src); !strings.Contains(b, "tcpParallel(1024, (64)*32, func") {
		t.Errorf("the split does not weigh the reads:\n%s", b)
	}
}

// kernelSource is the kernel binary's Go source for the module src.
func kernelSource(t *testing.T, src string) string {
	t.Helper()
	m, err := parser.Parse("f.mlir", src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Emit(m, Options{Package: "main", driver: true})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
