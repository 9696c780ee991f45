package golang

import (
	"math"
	"math/rand"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/tensor"
)

// rowAddModule: f32 scatter adds of whole contiguous rows (the kernel
// binary adds them with package rowadd) with repeated ids, rows of 19
// floats (eight-, four- and one-float steps) and of 4, an in-place input,
// and an f64 add that keeps the per-element loop.
const rowAddModule = `
func.func @rows19(%x: tensor<16x19xf32>, %i: tensor<40x1xi64>, %u: tensor<40x19xf32>) -> tensor<16x19xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "drop"} : tensor<16x19xf32>, tensor<40x1xi64>, tensor<40x19xf32> -> tensor<16x19xf32>
  return %0 : tensor<16x19xf32>
}
func.func @rows4(%x: tensor<8x4xf32>, %i: tensor<30x1xi32>, %u: tensor<30x4xf32>) -> tensor<8x4xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<8x4xf32>, tensor<30x1xi32>, tensor<30x4xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
func.func @rows19f64(%x: tensor<16x19xf64>, %i: tensor<40x1xi64>, %u: tensor<40x19xf64>) -> tensor<16x19xf64> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "drop"} : tensor<16x19xf64>, tensor<40x1xi64>, tensor<40x19xf64> -> tensor<16x19xf64>
  return %0 : tensor<16x19xf64>
}
`

// nanBits32 fills a float32 tensor with NaNs of random payloads (quiet and
// signalling, either sign), ±0, ±Inf and small numbers.
func nanBits32(r *rand.Rand, t *tensor.Tensor) {
	for k := 0; k < int(t.NumElements()); k++ {
		var b uint32
		switch r.Intn(6) {
		case 0:
			b = 0x7fc00000 | r.Uint32()&0x803fffff
		case 1:
			b = 0x7f800000 | r.Uint32()&0x80000000 | (1 + r.Uint32()%0x3fffff)
		case 2:
			b = []uint32{0, 0x80000000, 0x7f800000, 0xff800000}[r.Intn(4)]
		default:
			b = math.Float32bits(float32(r.Intn(41)-20) / 4)
		}
		t.SetBits(k, uint64(b))
	}
}

// TestScatterRowAdd: the kernel binary adds contiguous f32 update rows
// with package rowadd (and only f32 rows: rows of at most 128 bytes, on
// one worker, in one ScatterRowsF32I64 or I32 call for all the updates), and its results equal the
// interpreter's bit for bit with NaN payloads, quiet and signalling, in
// both the destination and the updates, repeated ids, 1, 2 and 3 workers,
// in place or not.
func TestScatterRowAdd(t *testing.T) {
	m, pr := kernelBinary(t, "rowadd.mlir", rowAddModule, []form{
		{"rowadd.ScatterRowsF32I64(", 1}, // rows19 (mode drop): all its updates in one call
		{"rowadd.ScatterRowsF32I32(", 1}, // rows4
	})
	emb, _, _, err := emitTagged(m, Options{Package: "kernels"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(emb), "rowadd.AddF32") || strings.Contains(string(emb), "rowadd.Scatter") {
		t.Errorf("kernels for embedders use package rowadd:\n%s", emb)
	}
	r := rand.New(rand.NewSource(3))
	bothNaN := 0
	for _, name := range []string{"rows19", "rows4", "rows19f64"} {
		for round := 0; round < 6; round++ {
			var args []*tensor.Tensor
			switch name {
			case "rows19", "rows19f64":
				dt := tensor.F32
				if name == "rows19f64" {
					dt = tensor.F64
				}
				x := tensor.Must(tensor.New(dt, []int64{16, 19}))
				u := tensor.Must(tensor.New(dt, []int64{40, 19}))
				i := tensor.Must(tensor.New(tensor.I64, []int64{40, 1}))
				for k := 0; k < 40; k++ {
					i.SetInt64(k, r.Int63n(18)) // 16, 17 dropped
				}
				if dt == tensor.F32 {
					nanBits32(r, x)
					nanBits32(r, u)
				} else {
					scatterValues(r, x)
					scatterValues(r, u)
				}
				args = []*tensor.Tensor{x, i, u}
			case "rows4":
				x := tensor.Must(tensor.New(tensor.F32, []int64{8, 4}))
				u := tensor.Must(tensor.New(tensor.F32, []int64{30, 4}))
				i := tensor.Must(tensor.New(tensor.I32, []int64{30, 1}))
				for k := 0; k < 30; k++ {
					i.SetInt64(k, r.Int63n(16)-8)
				}
				nanBits32(r, x)
				nanBits32(r, u)
				args = []*tensor.Tensor{x, i, u}
			}
			want, err := interp.RunFunc(m, name, args...)
			if err != nil {
				t.Fatal(err)
			}
			if name != "rows19f64" {
				x, u := args[0], args[2]
				rl := int(x.Shape[1])
				for k := 0; k < int(args[1].NumElements()); k++ {
					d := int(args[1].Int64At(k))
					if d < 0 {
						d += int(x.Shape[0])
					}
					if d >= int(x.Shape[0]) {
						continue
					}
					for c := 0; c < rl; c++ {
						a, b := math.Float32frombits(uint32(x.Bits(d*rl+c))), math.Float32frombits(uint32(u.Bits(k*rl+c)))
						if a != a && b != b {
							bothNaN++
						}
					}
				}
			}
			for _, w := range []int{1, 2, 3} {
				got, _, err := pr.Call(name, args, CallOptions{Workers: w, MinBytesPerWorker: 1, InPlace: w == 3})
				if err != nil {
					t.Fatalf("@%s workers %d: %v", name, w, err)
				}
				if string(got[0].Data) != string(want[0].Data) {
					t.Errorf("@%s workers %d: differs from the interpreter\nwant %s\ngot  %s\nargs %v", name, w, tensor.Format(want[0]), tensor.Format(got[0]), fmtArgs(args))
				}
			}
		}
	}
	if bothNaN < 20 {
		t.Errorf("only %d additions of a NaN update to a NaN destination element", bothNaN)
	}
}

// TestEmbeddedPackages: the kernel binary's copies of the packages beside
// this one (hugemem, rowadd, prefetch, revrow, gatherrow: every
// subdirectory but internal and testdata) are all of those packages'
// non-test source files.
func TestEmbeddedPackages(t *testing.T) {
	var want []string
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, de := range dirs {
		d := de.Name()
		if !de.IsDir() || d == "internal" || d == "testdata" {
			continue
		}
		es, err := os.ReadDir(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if n := e.Name(); !strings.HasSuffix(n, "_test.go") && (strings.HasSuffix(n, ".go") || strings.HasSuffix(n, ".s")) {
				want = append(want, d+"/"+n)
			}
		}
	}
	got := append([]string{}, hugememFiles...)
	sort.Strings(got)
	sort.Strings(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("embedded files (-want +got):\n%s", diff)
	}
}
