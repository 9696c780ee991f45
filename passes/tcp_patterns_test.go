package passes_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes"
)

// The tcp folds and canonicalization patterns, checked with the
// interpreter: random programs that each fold or pattern applies to (and
// near misses it must refuse), with static and dynamic dims and every
// index mode, are canonicalized; every function must then compute the same
// results (or raise an error on the same inputs) as before on random
// inputs (interp.CompareFuncs), and each rewrite must have fired in at
// least some cases.

// canonicalizeAndCompare parses src, canonicalizes a copy, verifies it,
// compares every function before and after, and returns the printed
// result.
func canonicalizeAndCompare(t *testing.T, src string, trials int) string {
	t.Helper()
	before, err := parser.Parse("in.mlir", src, parser.Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	if err := ir.Verify(before, false); err != nil {
		t.Fatalf("input does not verify: %v\n%s", err, src)
	}
	after := before.Clone()
	if err := passes.NewCanonicalize().Run(after); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	ir.Print(&b, after, ir.PrintOptions{})
	if err := ir.Verify(after, false); err != nil {
		t.Fatalf("output does not verify: %v\n%s", err, b.String())
	}
	for _, fb := range function.Funcs(before) {
		fa := function.Lookup(after, function.FuncOp{Operation: fb}.Name())
		if err := interp.CompareFuncs(fb, fa, interp.EquivOptions{Trials: trials, Seed: 3}); err != nil {
			t.Fatalf("%v\nbefore:\n%s\nafter:\n%s", err, src, b.String())
		}
	}
	return b.String()
}

func dimsType(shape []int64, elem string) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		if d == ir.Dynamic {
			b.WriteString("?x")
		} else {
			fmt.Fprintf(&b, "%dx", d)
		}
	}
	b.WriteString(elem + ">")
	return b.String()
}

func denseOf(shape []int64, at func(p []int64) int64) string {
	var rec func(d int, p []int64) string
	rec = func(d int, p []int64) string {
		if d == len(shape) {
			return fmt.Sprint(at(p))
		}
		parts := make([]string, shape[d])
		for i := range parts {
			parts[i] = rec(d+1, append(p, int64(i)))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return rec(0, nil)
}

// TestGatherToSliceRandom: gathers whose constant indices are an affine
// progression along dim, with random starts, strides, shapes, static or
// dynamic input dims and every mode. Out of range progressions must not be
// rewritten where the mode defines a value, and never rewritten wrongly.
func TestGatherToSliceRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	fired := map[string]int{}
	refused := map[string]int{}
	for n := 0; n < 120; n++ {
		rank := 1 + rng.Intn(2)
		dim := rng.Intn(rank)
		in := make([]int64, rank)
		inType := make([]int64, rank)
		idx := make([]int64, rank)
		for d := range in {
			in[d] = 1 + int64(rng.Intn(5))
			inType[d] = in[d]
			if rng.Intn(3) == 0 {
				inType[d] = ir.Dynamic
			}
			idx[d] = 1 + int64(rng.Intn(int(in[d])))
		}
		idx[dim] = 1 + int64(rng.Intn(4))
		start := int64(rng.Intn(6) - 1)
		stride := int64(rng.Intn(5) - 2)
		if stride == 0 {
			stride = 1
		}
		if inType[dim] != ir.Dynamic { // the design keeps static reads in range often
			if last := start + stride*(idx[dim]-1); rng.Intn(3) > 0 && (start < 0 || start >= in[dim] || last < 0 || last >= in[dim]) {
				start, stride = 0, 1
				idx[dim] = min(idx[dim], in[dim])
			}
		}
		mode := tcp.Modes[rng.Intn(len(tcp.Modes))]
		indices := denseOf(idx, func(p []int64) int64 { return start + stride*p[dim] })
		src := fmt.Sprintf(`func.func @f(%%x: %s) -> %s {
  %%i = tcp.const {value = dense<%s> : %s} : %s
  %%0 = tcp.gather %%x, %%i {dim = %d : index, mode = %q} : %s, %s -> %s
  return %%0 : %s
}
`, dimsType(inType, "i32"), dimsType(idx, "i32"), indices, dimsType(idx, "i64"), dimsType(idx, "i64"),
			dim, mode, dimsType(inType, "i32"), dimsType(idx, "i64"), dimsType(idx, "i32"), dimsType(idx, "i32"))
		out := canonicalizeAndCompare(t, src, 48)
		if strings.Contains(out, "tcp.slice") {
			fired[mode]++
		} else {
			refused[mode]++
		}
	}
	for _, m := range tcp.Modes {
		if fired[m] == 0 {
			t.Errorf("mode %s: the gather-to-slice pattern never fired (refused %d times)", m, refused[m])
		}
	}
	for _, m := range []string{tcp.ModeClip, tcp.ModeWrap, tcp.ModeFill, tcp.ModeWrapNegative} {
		if refused[m] == 0 {
			t.Errorf("mode %s: never refused; the near misses are not exercised", m)
		}
	}
	t.Logf("fired %v, refused %v", fired, refused)
}

// TestBroadcastFoldsRandom: broadcasts of broadcasts with random axes and
// sizes (constants, 1s and dynamic operands), and broadcasts of nothing.
func TestBroadcastFoldsRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	merged, folded := 0, 0
	for n := 0; n < 80; n++ {
		rank := 1 + rng.Intn(3)
		x := make([]int64, rank)
		for d := range x {
			x[d] = 1
			if rng.Intn(3) == 0 {
				x[d] = 2
			}
		}
		var body strings.Builder
		args := []string{"%x: " + dimsType(x, "f32"), "%n: index", "%m: index"}
		// broadcast layer: pick axes among dims whose current type is 1.
		cur := append([]int64(nil), x...)
		val := "%x"
		for layer := 0; layer < 2; layer++ {
			var axes []string
			var sizes []string
			next := append([]int64(nil), cur...)
			for d := range cur {
				if cur[d] != 1 || rng.Intn(2) == 0 {
					continue
				}
				axes = append(axes, fmt.Sprint(d))
				switch rng.Intn(4) {
				case 0:
					sizes = append(sizes, "%n")
					next[d] = ir.Dynamic
				case 1:
					sizes = append(sizes, "%m")
					next[d] = ir.Dynamic
				default:
					c := 1 + rng.Intn(3)
					name := fmt.Sprintf("%%k%d_%d", layer, d)
					fmt.Fprintf(&body, "  %s = arith.constant %d : index\n", name, c)
					sizes = append(sizes, name)
					next[d] = int64(c)
				}
			}
			res := fmt.Sprintf("%%b%d", layer)
			types := []string{dimsType(cur, "f32")}
			for range sizes {
				types = append(types, "index")
			}
			ops := append([]string{val}, sizes...)
			fmt.Fprintf(&body, "  %s = \"tcp.broadcast_to\"(%s) {axes = [%s]} : (%s) -> %s\n", res, strings.Join(ops, ", "),
				strings.Join(axes, ", "), strings.Join(types, ", "), dimsType(next, "f32"))
			val, cur = res, next
		}
		src := fmt.Sprintf("func.func @f(%s) -> %s {\n%s  return %s : %s\n}\n", strings.Join(args, ", "), dimsType(cur, "f32"),
			body.String(), val, dimsType(cur, "f32"))
		out := canonicalizeAndCompare(t, src, 32)
		switch c := strings.Count(out, "tcp.broadcast_to"); {
		case c == 1 && strings.Count(src, "broadcast_to") == 2:
			merged++
		case c < strings.Count(src, "broadcast_to"):
			folded++
		}
	}
	if merged == 0 || folded == 0 {
		t.Errorf("merged %d, folded %d times: want both patterns exercised", merged, folded)
	}
	t.Logf("merged %d, folded %d of 80", merged, folded)
}

// TestSliceAndReshapeFolds: identity slices (constant and tensor.dim
// sizes, static and dynamic dims) fold; near misses (start 1, stride 2,
// a size of another dim) stay. Cancelling reshape pairs fold.
func TestSliceAndReshapeFolds(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		remain string // an op that must remain, "" if everything folds
	}{
		{"identity slice, static", `func.func @f(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %0 = tcp.slice %x starts(%c0, %c0) sizes(%c3, %c4) strides(%c1, %c1) : tensor<3x4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}`, ""},
		{"identity slice, dynamic", `func.func @f(%x: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xi32>
  %0 = tcp.slice %x starts(%c0, %c0) sizes(%d0, %d1) strides(%c1, %c1) : tensor<?x?xi32> -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}`, ""},
		{"swapped dims stay", `func.func @f(%x: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xi32>
  %0 = tcp.slice %x starts(%c0, %c0) sizes(%d1, %d0) strides(%c1, %c1) : tensor<?x?xi32> -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}`, "tcp.slice"},
		{"start 1 stays", `func.func @f(%x: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?xi32>
  %0 = tcp.slice %x starts(%c1) sizes(%d0) strides(%c1) : tensor<?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}`, "tcp.slice"},
		{"collapse then expand", `func.func @f(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = tensor.collapse_shape %x [[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] : tensor<?xf32> into tensor<?x3xf32>
  return %1 : tensor<?x3xf32>
}`, ""},
		{"expand then collapse", `func.func @f(%x: tensor<6xi64>) -> tensor<6xi64> {
  %0 = tensor.expand_shape %x [[0, 1]] : tensor<6xi64> into tensor<2x3xi64>
  %1 = tensor.collapse_shape %0 [[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
  return %1 : tensor<6xi64>
}`, ""},
		{"reshapes that do not cancel stay", `func.func @f(%x: tensor<2x3xi64>) -> tensor<3x2xi64> {
  %0 = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
  %1 = tensor.expand_shape %0 [[0, 1]] : tensor<6xi64> into tensor<3x2xi64>
  return %1 : tensor<3x2xi64>
}`, "tensor.expand_shape"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := canonicalizeAndCompare(t, tc.src, 64)
			for _, name := range []string{"tcp.slice", "tensor.expand_shape", "tensor.collapse_shape"} {
				if tc.remain != "" {
					break
				}
				if strings.Contains(out, name) {
					t.Errorf("%s was not folded:\n%s", name, out)
				}
			}
			if tc.remain != "" && !strings.Contains(out, tc.remain) {
				t.Errorf("%s was folded away:\n%s", tc.remain, out)
			}
		})
	}
}

// TestConstantFoldingRandom: gathers and gather_nds of small constants in
// every mode, with in- and out-of-range indices, fold exactly when they do
// not raise an error, and to the interpreter's values.
func TestConstantFoldingRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	folded, kept := 0, 0
	for n := 0; n < 60; n++ {
		mode := tcp.Modes[rng.Intn(len(tcp.Modes))]
		idx := make([]int64, 3)
		for i := range idx {
			idx[i] = int64(rng.Intn(8) - 2)
		}
		op := "tcp.gather"
		attrs := fmt.Sprintf("{dim = 0 : index, mode = %q}", mode)
		idxType, outType := "tensor<3xi64>", "tensor<3xi32>"
		idxText := fmt.Sprintf("[%d, %d, %d]", idx[0], idx[1], idx[2])
		if n%2 == 1 {
			op = "tcp.gather_nd"
			attrs = fmt.Sprintf("{mode = %q}", mode)
			idxType, outType = "tensor<3x1xi64>", "tensor<3xi32>"
			idxText = fmt.Sprintf("[[%d], [%d], [%d]]", idx[0], idx[1], idx[2])
		}
		src := fmt.Sprintf(`func.func @f() -> %s {
  %%a = tcp.const {value = dense<[10, 20, 30, 40]> : tensor<4xi32>} : tensor<4xi32>
  %%i = tcp.const {value = dense<%s> : %s} : %s
  %%0 = %s %%a, %%i %s : tensor<4xi32>, %s -> %s
  return %%0 : %s
}
`, outType, idxText, idxType, idxType, op, attrs, idxType, outType, outType)
		m, _ := parser.Parse("in.mlir", src, parser.Options{})
		_, runErr := interp.RunFunc(m, "f")
		out := canonicalizeAndCompare(t, src, 1)
		stays := strings.Contains(out, op+" ")
		if stays != (runErr != nil) {
			t.Errorf("mode %s, indices %v: kept=%v but the interpreter's error is %v\n%s", mode, idx, stays, runErr, out)
		}
		if stays {
			kept++
		} else {
			folded++
		}
	}
	if folded == 0 || kept == 0 {
		t.Errorf("folded %d, kept %d: want both", folded, kept)
	}
}
