package golang

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/codegen/golang/gatherrow"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/tensor"
)

// stridedTypes are the element types of the strided-slice test: every
// element size, signed, unsigned, float and bool.
var stridedTypes = []tensor.DType{tensor.I1, tensor.I8, tensor.UI8, tensor.F16, tensor.BF16, tensor.I32, tensor.F32, tensor.I64, tensor.F64}

// stridedFuncs are strided slices, %[1]s the element type, each with the
// group (elements) and step (elements) of its gatherrow.Strided call and
// its arguments for a random case: every third element of static rows
// from element 1 (last: the call does the rows too), every other of
// dynamic rows (every2), every other element of a 1-d tensor backwards
// (neg: one run of the worker's part), an image [h,40,3] halved in both
// axes (img: 3-element pixels six apart, rows 240 apart), one channel of
// three (chan: the result's unit dim has no loop), every third element
// of [3,?,32] from 1 (flat: the flat split's level 1 is the rows), rows
// read down and every third element backwards (down: negative steps
// both), and pairs of elements three pairs apart (pairs).
var stridedFuncs = []struct {
	name, mlir string
	g, p       int
	args       func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor
}{
	{"last", `func.func @last_%[1]s(%%x: tensor<?x64x%[1]s>, %%n: index) -> tensor<?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c3 = arith.constant 3 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x64x%[1]s>
  %%0 = tcp.slice %%x starts(%%c0, %%c1) sizes(%%d0, %%n) strides(%%c1, %%c3) : tensor<?x64x%[1]s> -> tensor<?x?x%[1]s>
  return %%0 : tensor<?x?x%[1]s>
}`, 1, 3, func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor {
		return []*tensor.Tensor{randBits(r, dt, n%9, 64), indexArg(r.Int63n(22))}
	}},
	{"every2", `func.func @every2_%[1]s(%%x: tensor<?x?x%[1]s>, %%n: index) -> tensor<?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x%[1]s>
  %%0 = tcp.slice %%x starts(%%c0, %%c0) sizes(%%d0, %%n) strides(%%c1, %%c2) : tensor<?x?x%[1]s> -> tensor<?x?x%[1]s>
  return %%0 : tensor<?x?x%[1]s>
}`, 1, 2, func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor {
		w := 2*n + r.Int63n(2)
		return []*tensor.Tensor{randBits(r, dt, 1+r.Int63n(5), w), indexArg((w + 1) / 2)}
	}},
	{"neg", `func.func @neg_%[1]s(%%x: tensor<?x%[1]s>, %%s: index, %%n: index) -> tensor<?x%[1]s> {
  %%m2 = arith.constant -2 : index
  %%0 = tcp.slice %%x starts(%%s) sizes(%%n) strides(%%m2) : tensor<?x%[1]s> -> tensor<?x%[1]s>
  return %%0 : tensor<?x%[1]s>
}`, 1, -2, func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor {
		m := 40*n + r.Int63n(3) + 1
		return []*tensor.Tensor{randBits(r, dt, m), indexArg(m - 1 - r.Int63n(2)), indexArg((m - 1) / 2)}
	}},
	{"img", `func.func @img_%[1]s(%%x: tensor<?x40x3x%[1]s>, %%h: index) -> tensor<?x20x3x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%c3 = arith.constant 3 : index
  %%c20 = arith.constant 20 : index
  %%0 = tcp.slice %%x starts(%%c0, %%c0, %%c0) sizes(%%h, %%c20, %%c3) strides(%%c2, %%c2, %%c1) : tensor<?x40x3x%[1]s> -> tensor<?x20x3x%[1]s>
  return %%0 : tensor<?x20x3x%[1]s>
}`, 3, 6, func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor {
		h := n%12 + 1
		return []*tensor.Tensor{randBits(r, dt, 2*h-r.Int63n(2), 40, 3), indexArg(h)}
	}},
	{"chan", `func.func @chan_%[1]s(%%x: tensor<?x3x%[1]s>) -> tensor<?x1x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x3x%[1]s>
  %%0 = tcp.slice %%x starts(%%c0, %%c1) sizes(%%d0, %%c1) strides(%%c1, %%c1) : tensor<?x3x%[1]s> -> tensor<?x1x%[1]s>
  return %%0 : tensor<?x1x%[1]s>
}`, 1, 3, func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor {
		return []*tensor.Tensor{randBits(r, dt, 30*n+r.Int63n(40), 3)}
	}},
	{"flat", `func.func @flat_%[1]s(%%x: tensor<3x?x32x%[1]s>) -> tensor<3x?x10x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c3 = arith.constant 3 : index
  %%c10 = arith.constant 10 : index
  %%d1 = tensor.dim %%x, %%c1 : tensor<3x?x32x%[1]s>
  %%0 = tcp.slice %%x starts(%%c0, %%c0, %%c1) sizes(%%c3, %%d1, %%c10) strides(%%c1, %%c1, %%c3) : tensor<3x?x32x%[1]s> -> tensor<3x?x10x%[1]s>
  return %%0 : tensor<3x?x10x%[1]s>
}`, 1, 3, func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor {
		return []*tensor.Tensor{randBits(r, dt, 3, n+r.Int63n(3), 32)}
	}},
	{"down", `func.func @down_%[1]s(%%x: tensor<?x48x%[1]s>, %%n: index) -> tensor<?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c47 = arith.constant 47 : index
  %%m1 = arith.constant -1 : index
  %%m3 = arith.constant -3 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x48x%[1]s>
  %%s0 = arith.subi %%d0, %%c1 : index
  %%0 = tcp.slice %%x starts(%%s0, %%c47) sizes(%%d0, %%n) strides(%%m1, %%m3) : tensor<?x48x%[1]s> -> tensor<?x?x%[1]s>
  return %%0 : tensor<?x?x%[1]s>
}`, 1, -3, func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor {
		return []*tensor.Tensor{randBits(r, dt, 1+n%7, 48), indexArg(r.Int63n(17))}
	}},
	{"rows3", `func.func @rows3_%[1]s(%%x: tensor<?x8x%[1]s>, %%n: index) -> tensor<?x8x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c3 = arith.constant 3 : index
  %%c8 = arith.constant 8 : index
  %%0 = tcp.slice %%x starts(%%c1, %%c0) sizes(%%n, %%c8) strides(%%c3, %%c1) : tensor<?x8x%[1]s> -> tensor<?x8x%[1]s>
  return %%0 : tensor<?x8x%[1]s>
}`, 8, 24, func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor {
		m := 3*n + 1 + r.Int63n(3)
		return []*tensor.Tensor{randBits(r, dt, m, 8), indexArg((m - 1 + 2) / 3)}
	}},
	{"crop", `func.func @crop_%[1]s(%%x: tensor<?x64x%[1]s>) -> tensor<?x32x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c5 = arith.constant 5 : index
  %%c32 = arith.constant 32 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x64x%[1]s>
  %%0 = tcp.slice %%x starts(%%c0, %%c5) sizes(%%d0, %%c32) strides(%%c1, %%c1) : tensor<?x64x%[1]s> -> tensor<?x32x%[1]s>
  return %%0 : tensor<?x32x%[1]s>
}`, 32, 64, func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor {
		return []*tensor.Tensor{randBits(r, dt, n, 64)}
	}},
	{"blk", `func.func @blk_%[1]s(%%x: tensor<?x100x%[1]s>, %%n: index) -> tensor<?x100x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c100 = arith.constant 100 : index
  %%m2 = arith.constant -2 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x100x%[1]s>
  %%s0 = arith.subi %%d0, %%c1 : index
  %%0 = tcp.slice %%x starts(%%s0, %%c0) sizes(%%n, %%c100) strides(%%m2, %%c1) : tensor<?x100x%[1]s> -> tensor<?x100x%[1]s>
  return %%0 : tensor<?x100x%[1]s>
}`, 100, -200, func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor {
		m := 1 + n%9
		return []*tensor.Tensor{randBits(r, dt, m, 100), indexArg((m + 1) / 2)}
	}},
	{"pairs", `func.func @pairs_%[1]s(%%x: tensor<?x?x2x%[1]s>, %%n: index) -> tensor<?x?x2x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%c3 = arith.constant 3 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x2x%[1]s>
  %%0 = tcp.slice %%x starts(%%c0, %%c1, %%c0) sizes(%%d0, %%n, %%c2) strides(%%c1, %%c3, %%c1) : tensor<?x?x2x%[1]s> -> tensor<?x?x2x%[1]s>
  return %%0 : tensor<?x?x2x%[1]s>
}`, 2, 6, func(r *rand.Rand, dt tensor.DType, n int64) []*tensor.Tensor {
		w := 3*n + 1 + r.Int63n(3)
		return []*tensor.Tensor{randBits(r, dt, 1+r.Int63n(4), w, 2), indexArg((w - 1 + 2) / 3)}
	}},
}

// TestStridedSlices: in the kernel binary each strided slice whose groups
// the byte shuffles take (gatherrow.StridedGroups) or the wide groups'
// loop does (gatherrow.StridedWide) is one
// gatherrow.Strided call for the worker's rows, in place of its two
// innermost loops (one, where it has no rows), and its results equal the
// interpreter's bit for bit for every element type, for 0 to 70 groups
// (every remainder of a shuffle step), 1, 2, 3 and 7 workers, and
// non-temporal stores at any size (NTBytes 1) or past revrow.NTBytes; the
// other slices keep their loops.
func TestStridedSlices(t *testing.T) {
	var b strings.Builder
	calls := 0
	for _, dt := range stridedTypes {
		for _, f := range stridedFuncs {
			fmt.Fprintf(&b, f.mlir+"\n", dt)
			if stridedCall(f.g*dt.Size(), f.p*dt.Size()) {
				calls++
			}
		}
	}
	if calls < 30 {
		t.Fatalf("only %d of the slices take gatherrow.Strided", calls)
	}
	m, pr := kernelBinary(t, "strided.mlir", b.String(), []form{{"gatherrow.Strided(", calls}})
	src, _, _, err := emitTagged(m, Options{Package: "main", driver: true})
	if err != nil {
		t.Fatal(err)
	}
	// The loops each call replaces: the rows' loop and the groups' loop,
	// or the groups' loop alone where the rows are level 0 of a flat
	// split (flat, and img and pairs, whose outer dims are dynamic; the
	// call does the worker's part of each level-0 row) or there are no
	// rows (neg and chan).
	for _, dt := range stridedTypes {
		for _, f := range stridedFuncs {
			name := fmt.Sprintf("%s_%s", f.name, dt)
			body := funcBody(string(src), name)
			if !strings.Contains(body, "tcpParallel(") {
				t.Fatalf("no kernel of @%s in the kernel binary's source", name)
			}
			call := stridedCall(f.g*dt.Size(), f.p*dt.Size())
			if got := strings.Contains(body, "gatherrow.Strided("); got != call {
				t.Errorf("@%s calls gatherrow.Strided: %v, want %v\n%s", name, got, call, body)
			}
			gone := map[string][]string{"last": {"for i0_0 ", "for i0_1 "}, "every2": {"for i0_0 ", "for i0_1 "}, "neg": {"for i0_0 "},
				"img": {"for i0_1 "}, "chan": {"for i0_0 "}, "flat": {"for i0_1 ", "for i0_2 "}, "down": {"for i0_0 ", "for i0_1 "},
				"pairs": {"for i0_1 "}, "rows3": {"for i0_0 "}, "crop": {"for i0_0 "}, "blk": {"for i0_0 "}}[f.name]
			for _, l := range gone {
				if got := strings.Contains(body, l); got == call {
					t.Errorf("@%s has %q: %v, want %v\n%s", name, l, got, !call, body)
				}
			}
		}
	}
	r := rand.New(rand.NewSource(9))
	cases := 0
	for _, dt := range stridedTypes {
		for _, f := range stridedFuncs {
			fn := fmt.Sprintf("%s_%s", f.name, dt)
			for n := int64(0); n <= 70; n++ {
				args := f.args(r, dt, n)
				want, err := interp.RunFunc(m, fn, args...)
				if err != nil {
					t.Fatalf("@%s %v: %v", fn, args[0].Shape, err)
				}
				for _, w := range []int{1, 2, 3, 7} {
					// NTBytes 1: non-temporal stores for any size.
					for _, ntb := range []int64{0, 1} {
						got, _, err := pr.Call(fn, args, CallOptions{Workers: w, MinBytesPerWorker: 1, NTBytes: ntb})
						if err != nil {
							t.Fatalf("@%s workers %d: %v", fn, w, err)
						}
						cases++
						if string(got[0].Data) != string(want[0].Data) {
							t.Fatalf("@%s %v workers %d NTBytes %d: differs from the interpreter\nwant %s\ngot  %s", fn, args[0].Shape, w, ntb, tensor.Format(want[0]), tensor.Format(got[0]))
						}
					}
				}
			}
		}
	}
	if cases == 0 {
		t.Error("no call compared")
	}
}

// indexArg is an index scalar argument.
// stridedCall reports whether the kernels call gatherrow.Strided for
// groups of G bytes P bytes apart: the byte shuffles' groups or the wide
// groups' loop.
func stridedCall(G, P int) bool { return gatherrow.StridedGroups(G, P) || gatherrow.StridedWide(G, P) }

func indexArg(v int64) *tensor.Tensor {
	return tensor.Must(tensor.FromInt64s(tensor.Index, nil, []int64{v}))
}
