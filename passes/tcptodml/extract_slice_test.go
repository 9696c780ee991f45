package tcptodml_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/dialect/dml"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcptodml"
	rt "github.com/tcp-project/tcp/tensor"
)

// TestExtractSliceEquivalence: random in-bounds tensor.extract_slice
// windows (static entries and constant index operands, negative strides,
// rank-reducing results), of an argument or of a gather, compute the same
// before and after --convert-tcp-to-dml.
func TestExtractSliceEquivalence(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	seen := map[string]int{}
	for n := 0; n < 300; n++ {
		r := 1 + rng.Intn(3)
		X := dims(rng, r, 5)
		var offs, sizes, strides []string
		var consts strings.Builder
		var shape, kept []int64
		for d := 0; d < r; d++ {
			t := int64(1 + rng.Intn(2))
			if rng.Intn(3) == 0 {
				t = -t
			}
			size := int64(1 + rng.Intn(int(X[d])))
			// the first element read: in range, and the last one too
			var lo, hi int64 = 0, X[d] - 1 - (size-1)*abs64(t)
			if hi < 0 {
				size, hi = 1, X[d]-1
			}
			st := lo + rng.Int63n(hi-lo+1)
			if t < 0 {
				st += (size - 1) * -t
			}
			o := fmt.Sprint(st)
			if rng.Intn(3) == 0 {
				fmt.Fprintf(&consts, "  %%o%d = arith.constant %d : index\n", d, st)
				o = fmt.Sprintf("%%o%d", d)
				seen["constant operand"]++
			}
			offs, sizes, strides = append(offs, o), append(sizes, fmt.Sprint(size)), append(strides, fmt.Sprint(t))
			shape = append(shape, size)
			if size != 1 || rng.Intn(2) == 0 {
				kept = append(kept, size)
			}
		}
		if len(kept) < r {
			seen["rank-reducing"]++
		}
		src := "%arg0"
		body := consts.String()
		if rng.Intn(2) == 0 {
			body += fmt.Sprintf("  %%g = tcp.gather %%arg0, %%arg1 {dim = 0 : index, mode = \"clip\"} : %[1]s, %[2]s -> %[1]s\n", ttype(X, "f32"), ttype(X, "i32"))
			src = "%g"
			seen["of a gather"]++
		}
		text := fmt.Sprintf("func.func @f(%%arg0: %s, %%arg1: %s) -> %s {\n%s  %%s = tensor.extract_slice %s[%s] [%s] [%s] : %s to %s\n  return %%s : %s\n}\n",
			ttype(X, "f32"), ttype(X, "i32"), ttype(kept, "f32"), body, src, strings.Join(offs, ", "), strings.Join(sizes, ", "), strings.Join(strides, ", "), ttype(X, "f32"), ttype(kept, "f32"), ttype(kept, "f32"))
		before, err := parser.Parse("case.mlir", text, parser.Options{})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, text)
		}
		after, _ := parser.Parse("case.mlir", text, parser.Options{})
		if err := tcptodml.New(dml.FL4_1).Run(after); err != nil {
			t.Fatalf("case %d: lowering failed: %v\n%s", n, err, text)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("case %d: lowered IR does not verify: %v\n%s", n, err, text)
		}
		fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
		x := rt.Must(rt.New(rt.F32, X))
		for p := 0; p < int(x.NumElements()); p++ {
			x.SetFloat64(p, float64(p))
		}
		i := rt.Must(rt.New(rt.I32, X))
		for p := 0; p < int(i.NumElements()); p++ {
			i.SetInt64(p, rng.Int63n(2*X[0])-X[0]/2)
		}
		want, err := interp.Run(fb, []*rt.Tensor{x, i})
		if err != nil {
			t.Fatalf("case %d: tcp run failed: %v\n%s", n, err, text)
		}
		got, err := interp.Run(fa, []*rt.Tensor{x, i})
		if err != nil {
			t.Fatalf("case %d: dml run failed: %v\n%s", n, err, text)
		}
		if !rt.Equal(want[0], got[0], rt.NaNEqual) {
			t.Fatalf("case %d: tcp %s, dml %s\n%s", n, rt.Format(want[0]), rt.Format(got[0]), text)
		}
		_ = shape
	}
	for _, k := range []string{"constant operand", "rank-reducing", "of a gather"} {
		if seen[k] == 0 {
			t.Errorf("no case %s", k)
		}
	}
	t.Logf("coverage %v", seen)
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// TestBF16MovesAsBits: gathers and slices of bf16 data (every bit
// pattern, NaNs included) give the same bits before and after
// --convert-tcp-to-dml, where bf16 moves as UINT16.
func TestBF16MovesAsBits(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	text := `func.func @f(%x: tensor<5x3xbf16>, %i: tensor<4x3xi32>, %j: tensor<2x1xi64>) -> (tensor<4x3xbf16>, tensor<2x3xbf16>, tensor<2x2xbf16>) {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<5x3xbf16>, tensor<4x3xi32> -> tensor<4x3xbf16>
  %1 = tcp.gather_nd %x, %j {mode = "wrap_negative"} : tensor<5x3xbf16>, tensor<2x1xi64> -> tensor<2x3xbf16>
  %2 = tensor.extract_slice %0[3, 2] [2, 2] [-1, -1] : tensor<4x3xbf16> to tensor<2x2xbf16>
  return %0, %1, %2 : tensor<4x3xbf16>, tensor<2x3xbf16>, tensor<2x2xbf16>
}
`
	before, err := parser.Parse("case.mlir", text, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	after, _ := parser.Parse("case.mlir", text, parser.Options{})
	if err := tcptodml.New(dml.FL5_0).Run(after); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(after, false); err != nil {
		t.Fatal(err)
	}
	fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
	for n := 0; n < 50; n++ {
		x := rt.Must(rt.New(rt.BF16, []int64{5, 3}))
		for p := 0; p < 15; p++ {
			x.SetBits(p, uint64(rng.Intn(1<<16)))
		}
		i := rt.Must(rt.New(rt.I32, []int64{4, 3}))
		for p := 0; p < 12; p++ {
			i.SetInt64(p, int64(rng.Intn(9)-2))
		}
		j := rt.Must(rt.New(rt.I64, []int64{2, 1}))
		for p := 0; p < 2; p++ {
			j.SetInt64(p, int64(rng.Intn(10)-5))
		}
		want, err := interp.Run(fb, []*rt.Tensor{x, i, j})
		if err != nil {
			t.Fatal(err)
		}
		got, err := interp.Run(fa, []*rt.Tensor{x, i, j})
		if err != nil {
			t.Fatal(err)
		}
		for k := range want {
			if string(want[k].Data) != string(got[k].Data) {
				t.Fatalf("case %d result %d: tcp %s, dml %s", n, k, rt.Format(want[k]), rt.Format(got[k]))
			}
		}
	}
}
