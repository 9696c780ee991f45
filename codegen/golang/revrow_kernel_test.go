package golang

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/codegen/golang/gatherrow"
	"github.com/tcp-project/tcp/codegen/golang/revrow"
	"github.com/tcp-project/tcp/internal/quote"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// revrowTypes are the element types of the reversed-row test: every size
// the kernel binary reverses with package revrow (1, 2, 4 and 8 bytes),
// signed, unsigned, float and bool.
var revrowTypes = []tensor.DType{tensor.I1, tensor.I8, tensor.UI8, tensor.I16, tensor.F16, tensor.BF16, tensor.I32, tensor.F32, tensor.I64, tensor.F64}

// revrowFuncs are the reversed-row patterns, %[1]s the element type:
// the innermost axis of a 2-d tensor (rev), the last two axes of a 3-d
// one (flip3, ho_flip_3d's shape), a window that starts and ends inside
// the row (win: misaligned row ends), a row gather reversed (gath: a
// flip fused with a gather, ids checked) and a broadcast reversed
// (bcast), and whole rows in reversed order: a flip of the outer axis of
// a 2-d tensor (rows) and of the middle axis of a 3-d one (mid), all with
// dynamic dims.
var revrowFuncs = []struct{ name, mlir string }{
	{"rev", `func.func @rev_%[1]s(%%x: tensor<?x?x%[1]s>) -> tensor<?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x%[1]s>
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?x%[1]s>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c0, %%s1) sizes(%%d0, %%d1) strides(%%c1, %%m1) : tensor<?x?x%[1]s> -> tensor<?x?x%[1]s>
  return %%0 : tensor<?x?x%[1]s>
}`},
	{"chan", `func.func @chan_%[1]s(%%x: tensor<70x?x?x%[1]s>) -> tensor<70x?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%c70 = arith.constant 70 : index
  %%m1 = arith.constant -1 : index
  %%d1 = tensor.dim %%x, %%c1 : tensor<70x?x?x%[1]s>
  %%d2 = tensor.dim %%x, %%c2 : tensor<70x?x?x%[1]s>
  %%s2 = arith.subi %%d2, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c0, %%c0, %%s2) sizes(%%c70, %%d1, %%d2) strides(%%c1, %%c1, %%m1) : tensor<70x?x?x%[1]s> -> tensor<70x?x?x%[1]s>
  return %%0 : tensor<70x?x?x%[1]s>
}`},
	{"flip3", `func.func @flip3_%[1]s(%%x: tensor<?x?x?x%[1]s>) -> tensor<?x?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x?x%[1]s>
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?x?x%[1]s>
  %%d2 = tensor.dim %%x, %%c2 : tensor<?x?x?x%[1]s>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%s2 = arith.subi %%d2, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c0, %%s1, %%s2) sizes(%%d0, %%d1, %%d2) strides(%%c1, %%m1, %%m1) : tensor<?x?x?x%[1]s> -> tensor<?x?x?x%[1]s>
  return %%0 : tensor<?x?x?x%[1]s>
}`},
	{"win", `func.func @win_%[1]s(%%x: tensor<?x?x%[1]s>, %%s: index, %%k: index) -> tensor<?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x%[1]s>
  %%0 = tcp.slice %%x starts(%%c0, %%s) sizes(%%d0, %%k) strides(%%c1, %%m1) : tensor<?x?x%[1]s> -> tensor<?x?x%[1]s>
  return %%0 : tensor<?x?x%[1]s>
}`},
	{"rows", `func.func @rows_%[1]s(%%x: tensor<?x?x%[1]s>) -> tensor<?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x%[1]s>
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?x%[1]s>
  %%s0 = arith.subi %%d0, %%c1 : index
  %%0 = tcp.slice %%x starts(%%s0, %%c0) sizes(%%d0, %%d1) strides(%%m1, %%c1) : tensor<?x?x%[1]s> -> tensor<?x?x%[1]s>
  return %%0 : tensor<?x?x%[1]s>
}`},
	{"mid", `func.func @mid_%[1]s(%%x: tensor<?x?x?x%[1]s>) -> tensor<?x?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x?x%[1]s>
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?x?x%[1]s>
  %%d2 = tensor.dim %%x, %%c2 : tensor<?x?x?x%[1]s>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c0, %%s1, %%c0) sizes(%%d0, %%d1, %%d2) strides(%%c1, %%m1, %%c1) : tensor<?x?x?x%[1]s> -> tensor<?x?x?x%[1]s>
  return %%0 : tensor<?x?x?x%[1]s>
}`},
	{"flat", `func.func @flat_%[1]s(%%x: tensor<?x%[1]s>, %%s: index, %%k: index) -> tensor<?x%[1]s> {
  %%m1 = arith.constant -1 : index
  %%0 = tcp.slice %%x starts(%%s) sizes(%%k) strides(%%m1) : tensor<?x%[1]s> -> tensor<?x%[1]s>
  return %%0 : tensor<?x%[1]s>
}`},
	{"all3", `func.func @all3_%[1]s(%%x: tensor<70x?x?x%[1]s>) -> tensor<70x?x?x%[1]s> {
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%c69 = arith.constant 69 : index
  %%c70 = arith.constant 70 : index
  %%m1 = arith.constant -1 : index
  %%d1 = tensor.dim %%x, %%c1 : tensor<70x?x?x%[1]s>
  %%d2 = tensor.dim %%x, %%c2 : tensor<70x?x?x%[1]s>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%s2 = arith.subi %%d2, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c69, %%s1, %%s2) sizes(%%c70, %%d1, %%d2) strides(%%m1, %%m1, %%m1) : tensor<70x?x?x%[1]s> -> tensor<70x?x?x%[1]s>
  return %%0 : tensor<70x?x?x%[1]s>
}`},
	{"gath", `func.func @gath_%[1]s(%%x: tensor<?x?x%[1]s>, %%i: tensor<?x1xi32>) -> tensor<?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%m1 = arith.constant -1 : index
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?x%[1]s>
  %%b = tcp.broadcast_to %%i, %%d1 {axes = [1]} : tensor<?x1xi32>, index -> tensor<?x?xi32>
  %%0 = tcp.gather %%x, %%b {dim = 0 : index, mode = "error"} : tensor<?x?x%[1]s>, tensor<?x?xi32> -> tensor<?x?x%[1]s>
  %%n = tensor.dim %%0, %%c0 : tensor<?x?x%[1]s>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%1 = tcp.slice %%0 starts(%%c0, %%s1) sizes(%%n, %%d1) strides(%%c1, %%m1) : tensor<?x?x%[1]s> -> tensor<?x?x%[1]s>
  return %%1 : tensor<?x?x%[1]s>
}`},
	{"bcast", `func.func @bcast_%[1]s(%%x: tensor<1x?x%[1]s>, %%n: index) -> tensor<?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%m1 = arith.constant -1 : index
  %%d1 = tensor.dim %%x, %%c1 : tensor<1x?x%[1]s>
  %%0 = tcp.broadcast_to %%x, %%n {axes = [0]} : tensor<1x?x%[1]s>, index -> tensor<?x?x%[1]s>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%1 = tcp.slice %%0 starts(%%c0, %%s1) sizes(%%n, %%d1) strides(%%c1, %%m1) : tensor<?x?x%[1]s> -> tensor<?x?x%[1]s>
  return %%1 : tensor<?x?x%[1]s>
}`},
}

// randBits fills t with random bit patterns of its type (0 or 1 for
// i1; NaN payloads among the floats).
func randBits(r *rand.Rand, dt tensor.DType, shape ...int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(dt, shape))
	for k := 0; k < int(t.NumElements()); k++ {
		b := r.Uint64()
		if dt == tensor.I1 {
			b &= 1
		}
		t.SetBits(k, b)
	}
	return t
}

// TestReversedRowsRevrow: in the kernel binary every reversed row of
// 1-, 2-, 4- and 8-byte elements is one revrow.Reverse call (AVX2 blocks
// and Go tails), rows that follow each other in the output and the
// source (rev) one revrow.ReverseRows call per worker, and the results equal the interpreter's bit for bit for
// every element type, every row length from 0 to 140 elements (every
// tail after the 64- and 32-byte blocks and the 8-byte steps, for every
// element size), rows that start and end at any byte offset, flips fused
// with a row gather (out-of-range ids failing as the interpreter does)
// and with a broadcast, rows copied in reversed order (tcpCopyRows), a
// rank-1 flip and windows of it read down (flat), a flip of every axis
// of a 3-d tensor of 70 rows (all3: one call per worker), outputs
// past revrow.NTBytes (non-temporal stores, the fence), and 1, 2 and 3
// workers. Kernels for embedders keep their loops and use neither revrow
// nor unsafe.
func TestReversedRowsRevrow(t *testing.T) {
	var b strings.Builder
	for _, dt := range revrowTypes {
		for _, f := range revrowFuncs {
			fmt.Fprintf(&b, f.mlir+"\n", dt)
		}
	}
	m, err := parser.Parse("flips.mlir", b.String(), parser.Options{})
	if err == nil {
		err = ir.Verify(m, false)
	}
	if err != nil {
		t.Fatal(err)
	}
	src, _, _, err := emitTagged(m, Options{Package: "main", driver: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Count(string(src), "tcpReverse("), len(revrowTypes)*(len(revrowFuncs)-4); got != want {
		t.Errorf("the kernel binary's source has %d calls of tcpReverse, want %d (one per function but rev, chan, rows and mid)", got, want)
	}
	if got, want := strings.Count(string(src), "tcpReverseRows("), 2*len(revrowTypes); got != want {
		t.Errorf("the kernel binary's source has %d calls of tcpReverseRows, want %d (rev and chan: their rows follow each other)", got, want)
	}
	if got, want := strings.Count(string(src), "tcpCopyRows("), len(revrowTypes)*2; got != want {
		t.Errorf("the kernel binary's source has %d calls of tcpCopyRows, want %d (rows and mid)", got, want)
	}
	for _, dt := range revrowTypes {
		// A flip of every axis, level 0 static and long enough for the
		// split by rows: one reversed run per worker.
		body := funcBody(string(src), "all3_"+dt.String())
		if !strings.Contains(body, "tcpReverse(r0[lo*") || strings.Contains(body, "for ") {
			t.Errorf("@all3_%s is not one tcpReverse per worker:\n%s", dt, body)
		}
		// A flip of the innermost axis under static outer ones (an
		// image's channels): one tcpReverseRows per worker, for its rows
		// of every level.
		body = funcBody(string(src), "chan_"+dt.String())
		if !strings.Contains(body, "tcpReverseRows(") || strings.Contains(body, "for ") {
			t.Errorf("@chan_%s is not one tcpReverseRows per worker:\n%s", dt, body)
		}
	}
	// The store choice follows the kind of copy: reversed elements by
	// tcpNTReversed on Intel CPUs (non-temporal from revrow.NTBytes with
	// any number of workers), rows copied in reversed order by tcpNT.
	rev, rows := strings.Count(string(src), "tcpNTReversed("), strings.Count(string(src), "tcpNT(")
	if wantRev := gatherrow.IsIntel(); (rev > 0) != wantRev || rows == 0 {
		t.Errorf("the kernel binary's source binds tcpNTReversed %d times and tcpNT %d times; want tcpNTReversed used = %v (Intel CPU) and tcpNT for the row copies", rev, rows, wantRev)
	}
	for _, dt := range revrowTypes {
		for _, name := range []string{"all3_", "chan_"} {
			if body := funcBody(string(src), name+dt.String()); gatherrow.IsIntel() && !strings.Contains(body, "tcpNTReversed(") {
				t.Errorf("@%s%s does not choose its stores by tcpNTReversed:\n%s", name, dt, body)
			}
		}
		for _, name := range []string{"rows_", "mid_"} {
			if body := funcBody(string(src), name+dt.String()); strings.Contains(body, "tcpNTReversed(") || !strings.Contains(body, "tcpNT(") {
				t.Errorf("@%s%s does not choose its stores by tcpNT:\n%s", name, dt, body)
			}
		}
	}
	if !strings.Contains(string(src), "revrow.Reverse(") {
		t.Errorf("the kernel binary's tcpReverse does not call revrow.Reverse")
	}
	emb, _, _, err := emitTagged(m, Options{Package: "kernels"})
	if err != nil {
		t.Fatal(err)
	}
	for _, word := range []string{"revrow.", "unsafe."} {
		if i := strings.Index(string(emb), word); i >= 0 {
			t.Errorf("kernels for embedders use %s: %q", word, emb[max(0, i-200):i+50])
		}
	}
	pr := startKernels(t, m)
	r := rand.New(rand.NewSource(21))
	cases, errs := 0, 0
	for _, dt := range revrowTypes {
		for n := int64(0); n <= 140; n++ {
			rows := 1 + r.Int63n(3)
			s := r.Int63n(n + 8)
			k := min(s+1, r.Int63n(n+1))
			// flat: a window of fk elements of 3n+fl read down from fs
			// (the whole row when fs is its last and fk its length).
			fl := 1 + r.Int63n(5)
			fk := 3*n + fl
			if r.Intn(2) == 0 {
				fk = r.Int63n(fk + 1)
			}
			fs := max(fk-1, 0) + r.Int63n(3*n+fl-max(fk-1, 0))
			ids := randBits(r, tensor.I32, 1+r.Int63n(4), 1)
			for e := 0; e < int(ids.NumElements()); e++ {
				v := r.Int63n(rows)
				if r.Intn(25) == 0 {
					v = rows // out of range: an error in both
				}
				ids.SetInt64(e, v)
			}
			calls := []struct {
				fn   string
				args []*tensor.Tensor
			}{
				{"rev", []*tensor.Tensor{randBits(r, dt, rows, n)}},
				{"flip3", []*tensor.Tensor{randBits(r, dt, rows, 1+r.Int63n(3), n)}},
				{"chan", []*tensor.Tensor{randBits(r, dt, 70, 1+r.Int63n(8), n%12)}},
				{"win", []*tensor.Tensor{randBits(r, dt, rows, s+1+r.Int63n(3)), idx(s), idx(k)}},
				{"rows", []*tensor.Tensor{randBits(r, dt, rows, 8*n)}},
				{"mid", []*tensor.Tensor{randBits(r, dt, 1+r.Int63n(2), rows, 8*n)}},
				{"gath", []*tensor.Tensor{randBits(r, dt, rows, n), ids}},
				{"bcast", []*tensor.Tensor{randBits(r, dt, 1, n), idx(rows)}},
				{"flat", []*tensor.Tensor{randBits(r, dt, 3*n+fl), idx(fs), idx(fk)}},
				{"all3", []*tensor.Tensor{randBits(r, dt, 70, 1+r.Int63n(3), n)}},
			}
			if n == 140 && (dt == tensor.I8 || dt == tensor.F16 || dt == tensor.F32 || dt == tensor.F64) {
				// Outputs of revrow.NTBytes and more: non-temporal
				// stores, with rows of odd lengths (misaligned NT
				// heads).
				es := int64(dt.Size())
				big := revrow.NTBytes/(5*es) + 37
				calls = append(calls, []struct {
					fn   string
					args []*tensor.Tensor
				}{
					{"rev", []*tensor.Tensor{randBits(r, dt, 5, big)}},
					{"flip3", []*tensor.Tensor{randBits(r, dt, 1, 5, big)}},
					{"rows", []*tensor.Tensor{randBits(r, dt, 5, big)}},
					{"mid", []*tensor.Tensor{randBits(r, dt, 1, 5, big)}},
					{"flat", []*tensor.Tensor{randBits(r, dt, 5*big), idx(5*big - 1), idx(5 * big)}},
					{"all3", []*tensor.Tensor{randBits(r, dt, 70, 5, 5*big/350+1)}},
				}...)
			}
			for _, c := range calls {
				name := c.fn + "_" + dt.String()
				want, werr := interp.RunFunc(m, name, c.args...)
				for w := 1; w <= 3; w++ {
					// Several workers write with non-temporal stores
					// only from revrow.NTBytesShared: NTBytes takes them
					// there from revrow.NTBytes too (one worker keeps
					// the default).
					o := CallOptions{Workers: w, MinBytesPerWorker: 1}
					if w > 1 {
						o.NTBytes = revrow.NTBytes
					}
					got, _, gerr := pr.Call(name, c.args, o)
					cases++
					if werr != nil || gerr != nil {
						var ie *kernel.IndexError
						if !errors.As(werr, &ie) || gerr == nil || ie.Error() != gerr.Error() {
							t.Fatalf("@%s n %d workers %d: kernel error %v, interpreter error %v\nargs %v", name, n, w, gerr, werr, fmtArgs(c.args))
						}
						errs++
						continue
					}
					if string(got[0].Data) != string(want[0].Data) {
						t.Fatalf("@%s n %d workers %d: differs from the interpreter\nwant %s\ngot  %s\nargs %v", name, n, w, tensor.Format(want[0]), tensor.Format(got[0]), fmtArgs(c.args))
					}
				}
			}
		}
	}
	if errs == 0 || errs > cases/10 {
		t.Errorf("%d of %d calls failed in both, want some but few (out-of-range ids)", errs, cases)
	}
}

// reversedRunsTypes are the static runs of reversedRunsFuncs: a count of
// elements of a type, of 2, 4, 8 and 16 bytes and of 3, 6, 12 and 24
// (RGB pixels of 1-, 2-, 4- and 8-byte channels; one tcpReverse call of
// the rows as runs each) and of 5, 20 and 32 bytes (runs copied one by
// one).
var reversedRunsTypes = []struct {
	n    int64
	dt   tensor.DType
	call bool
}{
	{2, tensor.I8, true}, {2, tensor.F16, true}, {4, tensor.I1, true}, {2, tensor.F32, true},
	{4, tensor.F32, true}, {2, tensor.F64, true}, {16, tensor.UI8, true},
	{3, tensor.UI8, true}, {3, tensor.I1, true}, {3, tensor.F16, true}, {3, tensor.BF16, true}, {6, tensor.I8, true},
	{3, tensor.F32, true}, {3, tensor.I32, true}, {12, tensor.UI8, true}, {3, tensor.F64, true}, {3, tensor.I64, true},
	{5, tensor.I8, false}, {5, tensor.F32, false}, {8, tensor.F32, false},
}

// reversedRunsFuncs flip outer axes over a static innermost dim, %[1]d
// elements of type %[2]s: the middle axis of a 3-d tensor (mid), the
// two middle axes of a 4-d one (mid2, the harness's [16,256,256,4] flip:
// one reversal of both axes' runs), the same with a static outer dim of
// 64 (img: no flat split, as the harness's [1024,64,64,3] u8 flip; the
// images are rows of one tcpReverseRows call), axis 2 alone of a 4-d one
// with a dynamic or static outer dim (wflip, wimg: a horizontal flip,
// rows of one tcpReverseRows call), axes 0, 1 and 2 of a 4-d one (all:
// images in descending order, each one call), axes 1 and 3 of a 5-d one (gap: axis
// 2 is not flipped, so only axis 3 is one reversal), axes 0 and 1 of a
// 3-d one with a static outer dim of 64 (turn: an image turned 180
// degrees; the split level merges in, one call for the worker's rows),
// and the outer axis of a 2-d one (outer: the split level alone over
// whole rows, which keeps the loop).
var reversedRunsFuncs = []string{`func.func @mid_%[1]d_%[2]s(%%x: tensor<?x?x%[1]dx%[2]s>) -> tensor<?x?x%[1]dx%[2]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%cn = arith.constant %[1]d : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x%[1]dx%[2]s>
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?x%[1]dx%[2]s>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c0, %%s1, %%c0) sizes(%%d0, %%d1, %%cn) strides(%%c1, %%m1, %%c1) : tensor<?x?x%[1]dx%[2]s> -> tensor<?x?x%[1]dx%[2]s>
  return %%0 : tensor<?x?x%[1]dx%[2]s>
}`, `func.func @mid2_%[1]d_%[2]s(%%x: tensor<?x?x?x%[1]dx%[2]s>) -> tensor<?x?x?x%[1]dx%[2]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%cn = arith.constant %[1]d : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x?x%[1]dx%[2]s>
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?x?x%[1]dx%[2]s>
  %%d2 = tensor.dim %%x, %%c2 : tensor<?x?x?x%[1]dx%[2]s>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%s2 = arith.subi %%d2, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c0, %%s1, %%s2, %%c0) sizes(%%d0, %%d1, %%d2, %%cn) strides(%%c1, %%m1, %%m1, %%c1) : tensor<?x?x?x%[1]dx%[2]s> -> tensor<?x?x?x%[1]dx%[2]s>
  return %%0 : tensor<?x?x?x%[1]dx%[2]s>
}`, `func.func @img_%[1]d_%[2]s(%%x: tensor<64x?x?x%[1]dx%[2]s>) -> tensor<64x?x?x%[1]dx%[2]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%c64 = arith.constant 64 : index
  %%cn = arith.constant %[1]d : index
  %%m1 = arith.constant -1 : index
  %%d1 = tensor.dim %%x, %%c1 : tensor<64x?x?x%[1]dx%[2]s>
  %%d2 = tensor.dim %%x, %%c2 : tensor<64x?x?x%[1]dx%[2]s>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%s2 = arith.subi %%d2, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c0, %%s1, %%s2, %%c0) sizes(%%c64, %%d1, %%d2, %%cn) strides(%%c1, %%m1, %%m1, %%c1) : tensor<64x?x?x%[1]dx%[2]s> -> tensor<64x?x?x%[1]dx%[2]s>
  return %%0 : tensor<64x?x?x%[1]dx%[2]s>
}`, `func.func @wflip_%[1]d_%[2]s(%%x: tensor<?x?x?x%[1]dx%[2]s>) -> tensor<?x?x?x%[1]dx%[2]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%cn = arith.constant %[1]d : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x?x%[1]dx%[2]s>
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?x?x%[1]dx%[2]s>
  %%d2 = tensor.dim %%x, %%c2 : tensor<?x?x?x%[1]dx%[2]s>
  %%s2 = arith.subi %%d2, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c0, %%c0, %%s2, %%c0) sizes(%%d0, %%d1, %%d2, %%cn) strides(%%c1, %%c1, %%m1, %%c1) : tensor<?x?x?x%[1]dx%[2]s> -> tensor<?x?x?x%[1]dx%[2]s>
  return %%0 : tensor<?x?x?x%[1]dx%[2]s>
}`, `func.func @wimg_%[1]d_%[2]s(%%x: tensor<64x?x?x%[1]dx%[2]s>) -> tensor<64x?x?x%[1]dx%[2]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%c64 = arith.constant 64 : index
  %%cn = arith.constant %[1]d : index
  %%m1 = arith.constant -1 : index
  %%d1 = tensor.dim %%x, %%c1 : tensor<64x?x?x%[1]dx%[2]s>
  %%d2 = tensor.dim %%x, %%c2 : tensor<64x?x?x%[1]dx%[2]s>
  %%s2 = arith.subi %%d2, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c0, %%c0, %%s2, %%c0) sizes(%%c64, %%d1, %%d2, %%cn) strides(%%c1, %%c1, %%m1, %%c1) : tensor<64x?x?x%[1]dx%[2]s> -> tensor<64x?x?x%[1]dx%[2]s>
  return %%0 : tensor<64x?x?x%[1]dx%[2]s>
}`, `func.func @all_%[1]d_%[2]s(%%x: tensor<?x?x?x%[1]dx%[2]s>) -> tensor<?x?x?x%[1]dx%[2]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%cn = arith.constant %[1]d : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x?x%[1]dx%[2]s>
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?x?x%[1]dx%[2]s>
  %%d2 = tensor.dim %%x, %%c2 : tensor<?x?x?x%[1]dx%[2]s>
  %%s0 = arith.subi %%d0, %%c1 : index
  %%s1 = arith.subi %%d1, %%c1 : index
  %%s2 = arith.subi %%d2, %%c1 : index
  %%0 = tcp.slice %%x starts(%%s0, %%s1, %%s2, %%c0) sizes(%%d0, %%d1, %%d2, %%cn) strides(%%m1, %%m1, %%m1, %%c1) : tensor<?x?x?x%[1]dx%[2]s> -> tensor<?x?x?x%[1]dx%[2]s>
  return %%0 : tensor<?x?x?x%[1]dx%[2]s>
}`, `func.func @gap_%[1]d_%[2]s(%%x: tensor<?x?x?x?x%[1]dx%[2]s>) -> tensor<?x?x?x?x%[1]dx%[2]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%c3 = arith.constant 3 : index
  %%cn = arith.constant %[1]d : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x?x?x%[1]dx%[2]s>
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?x?x?x%[1]dx%[2]s>
  %%d2 = tensor.dim %%x, %%c2 : tensor<?x?x?x?x%[1]dx%[2]s>
  %%d3 = tensor.dim %%x, %%c3 : tensor<?x?x?x?x%[1]dx%[2]s>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%s3 = arith.subi %%d3, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c0, %%s1, %%c0, %%s3, %%c0) sizes(%%d0, %%d1, %%d2, %%d3, %%cn) strides(%%c1, %%m1, %%c1, %%m1, %%c1) : tensor<?x?x?x?x%[1]dx%[2]s> -> tensor<?x?x?x?x%[1]dx%[2]s>
  return %%0 : tensor<?x?x?x?x%[1]dx%[2]s>
}`, `func.func @turn_%[1]d_%[2]s(%%x: tensor<64x?x%[1]dx%[2]s>) -> tensor<64x?x%[1]dx%[2]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c63 = arith.constant 63 : index
  %%c64 = arith.constant 64 : index
  %%cn = arith.constant %[1]d : index
  %%m1 = arith.constant -1 : index
  %%d1 = tensor.dim %%x, %%c1 : tensor<64x?x%[1]dx%[2]s>
  %%s1 = arith.subi %%d1, %%c1 : index
  %%0 = tcp.slice %%x starts(%%c63, %%s1, %%c0) sizes(%%c64, %%d1, %%cn) strides(%%m1, %%m1, %%c1) : tensor<64x?x%[1]dx%[2]s> -> tensor<64x?x%[1]dx%[2]s>
  return %%0 : tensor<64x?x%[1]dx%[2]s>
}`, `func.func @outer_%[1]d_%[2]s(%%x: tensor<?x%[1]dx%[2]s>) -> tensor<?x%[1]dx%[2]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%cn = arith.constant %[1]d : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x%[1]dx%[2]s>
  %%s0 = arith.subi %%d0, %%c1 : index
  %%0 = tcp.slice %%x starts(%%s0, %%c0) sizes(%%d0, %%cn) strides(%%m1, %%c1) : tensor<?x%[1]dx%[2]s> -> tensor<?x%[1]dx%[2]s>
  return %%0 : tensor<?x%[1]dx%[2]s>
}`}

// TestReversedRuns: in the kernel binary, a flip of outer axes over
// static runs of 2, 4, 8 or 16 bytes or of 3, 6, 12 or 24 is one
// tcpReverse call per row of runs, consecutive flipped axes merged into
// one reversal (reversedRuns; runs of other sizes and a flip of the split
// level keep their loops), and every result equals the interpreter's
// bit for bit: every row length from 0 to 70 runs (the AVX2 blocks' and
// groups' tails), outputs past revrow.NTBytes (non-temporal stores), 1,
// 2, 3 and 7 workers.
func TestReversedRuns(t *testing.T) {
	var b strings.Builder
	calls := 0
	for _, rt := range reversedRunsTypes {
		for _, f := range reversedRunsFuncs {
			fmt.Fprintf(&b, f+"\n", rt.n, rt.dt)
		}
		if rt.call {
			calls++
		}
	}
	// Per run size: mid, mid2 and all call tcpReverse per row, turn per
	// worker's part, img,
	// wflip, wimg and gap tcpReverseRows per worker's part or per row of
	// axis 1 (gap).
	m, pr := kernelBinary(t, "runs.mlir", b.String(), []form{{"tcpReverse(unsafe.Slice(", 4 * calls}, {"tcpReverseRows(unsafe.Slice(", 4 * calls}})
	src, _, _, err := emitTagged(m, Options{Package: "main", driver: true})
	if err != nil {
		t.Fatal(err)
	}
	// The rows of a tcpReverseRows call ascend in the source: each is
	// read upwards, also where an outer loop descends (gap's axis 1,
	// all's images).
	for _, line := range strings.Split(string(src), "\n") {
		if strings.Contains(line, "tcpReverseRows(unsafe.Slice(") && !strings.HasSuffix(strings.TrimSpace(line), ", true)") {
			t.Errorf("a tcpReverseRows call reads its rows down: %s", strings.TrimSpace(line))
		}
	}
	for _, rt := range reversedRunsTypes {
		// The loops each call replaces: axis 2 of mid2 (flipped with
		// axis 1), axes 1 and 2 of img (and its outer axis: rows), axis
		// 1 of wflip and wimg (the rows of the flipped axis 2) and 0 of
		// wimg (its images), axis 3 of
		// gap and its axis 2 (not flipped: rows); gap loops over axis 1
		// (flipped, but not next to axis 3).
		for _, c := range []struct {
			fn          string
			gone, loops []string
		}{
			{"mid2", []string{"for i0_2 "}, []string{"for i0_0 "}},
			{"img", []string{"for i0_0 ", "for i0_1 ", "for i0_2 "}, nil},
			{"all", []string{"for i0_2 "}, []string{"for i0_0 "}},
			{"gap", []string{"for i0_2 ", "for i0_3 "}, []string{"for i0_1 "}},
			{"wflip", []string{"for i0_1 ", "for i0_2 "}, []string{"for i0_0 "}},
			// wimg's images follow on from each other too: one call for
			// the worker's images, not one per image (wflip's outer dim
			// is dynamic: flatSplit keeps its loop).
			{"wimg", []string{"for i0_0 ", "for i0_1 ", "for i0_2 "}, nil},
			// turn's split level is flipped with axis 1: one call for
			// the worker's rows, no loop.
			{"turn", []string{"for i0_0 ", "for i0_1 "}, nil},
		} {
			name := fmt.Sprintf("%s_%d_%s", c.fn, rt.n, rt.dt)
			body := funcBody(string(src), name)
			if !strings.Contains(body, "tcpParallel(") {
				t.Fatalf("no kernel of @%s in the kernel binary's source", name)
			}
			for _, l := range c.gone {
				if got := strings.Contains(body, l); got == rt.call {
					t.Errorf("@%s has %q: %v, want %v\n%s", name, l, got, !rt.call, body)
				}
			}
			for _, l := range c.loops {
				if !strings.Contains(body, l) {
					t.Errorf("@%s has no %q\n%s", name, l, body)
				}
			}
		}
	}
	r := rand.New(rand.NewSource(5))
	cases := 0
	for _, rt := range reversedRunsTypes {
		name := func(f string) string { return fmt.Sprintf("%s_%d_%s", f, rt.n, rt.dt) }
		type call struct {
			fn   string
			args []*tensor.Tensor
		}
		var cs []call
		for n := int64(0); n <= 70; n++ {
			cs = append(cs,
				call{name("mid"), []*tensor.Tensor{randBits(r, rt.dt, 1+r.Int63n(3), n, rt.n)}},
				call{name("mid2"), []*tensor.Tensor{randBits(r, rt.dt, 1+r.Int63n(2), 1+r.Int63n(3), n, rt.n)}},
				call{name("img"), []*tensor.Tensor{randBits(r, rt.dt, 64, 1+r.Int63n(2), n/4+r.Int63n(2), rt.n)}},
				call{name("wflip"), []*tensor.Tensor{randBits(r, rt.dt, 1+r.Int63n(2), 1+r.Int63n(3), n, rt.n)}},
				call{name("all"), []*tensor.Tensor{randBits(r, rt.dt, 1+r.Int63n(3), 1+r.Int63n(3), n, rt.n)}},
				call{name("wimg"), []*tensor.Tensor{randBits(r, rt.dt, 64, 1+r.Int63n(3), n/4+r.Int63n(2), rt.n)}},
				call{name("gap"), []*tensor.Tensor{randBits(r, rt.dt, 1+r.Int63n(2), 1+r.Int63n(3), 1+r.Int63n(2), n, rt.n)}},
				call{name("turn"), []*tensor.Tensor{randBits(r, rt.dt, 64, n/2+r.Int63n(2), rt.n)}},
				call{name("outer"), []*tensor.Tensor{randBits(r, rt.dt, n, rt.n)}})
		}
		// Past revrow.NTBytes of output: non-temporal stores.
		big := revrow.NTBytes/(rt.n*int64(rt.dt.Size())*64) + 3
		cs = append(cs, call{name("mid"), []*tensor.Tensor{randBits(r, rt.dt, 3, big*64/3+5, rt.n)}},
			call{name("mid2"), []*tensor.Tensor{randBits(r, rt.dt, 2, 7, big*64/14+1, rt.n)}},
			call{name("img"), []*tensor.Tensor{randBits(r, rt.dt, 64, 3, big/3+1, rt.n)}},
			call{name("wflip"), []*tensor.Tensor{randBits(r, rt.dt, 2, 7, big*64/14+1, rt.n)}},
			call{name("all"), []*tensor.Tensor{randBits(r, rt.dt, 2, 7, big*64/14+1, rt.n)}},
			call{name("wimg"), []*tensor.Tensor{randBits(r, rt.dt, 64, 3, big/3+1, rt.n)}},
			call{name("turn"), []*tensor.Tensor{randBits(r, rt.dt, 64, big+1, rt.n)}})
		for _, c := range cs {
			want, err := interp.RunFunc(m, c.fn, c.args...)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range []int{1, 2, 3, 7} {
				o := CallOptions{Workers: w, MinBytesPerWorker: 1}
				if w > 1 {
					o.NTBytes = revrow.NTBytes // as in TestReversedRowsRevrow
				}
				got, _, err := pr.Call(c.fn, c.args, o)
				if err != nil {
					t.Fatalf("@%s workers %d: %v", c.fn, w, err)
				}
				cases++
				if string(got[0].Data) != string(want[0].Data) {
					t.Fatalf("@%s %v workers %d: differs from the interpreter\nwant %s\ngot  %s", c.fn, c.args[0].Shape, w, tensor.Format(want[0]), tensor.Format(got[0]))
				}
			}
		}
	}
	if cases == 0 {
		t.Error("no call compared")
	}
}

// funcBody returns the kernel binary's Go function for the MLIR function
// name (X_ and each "_" spelled "_5F"), up to its closing brace.
func funcBody(src, name string) string {
	head := "func " + quote.GoIdent(name) + "("
	i := strings.Index(src, head)
	if i < 0 {
		return ""
	}
	j := strings.Index(src[i:], "\n}\n")
	if j < 0 {
		return src[i:]
	}
	return src[i : i+j]
}
