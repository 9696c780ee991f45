package tcptodml_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/tcp-project/tcp/dialect/dml"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcptodml"
	rt "github.com/tcp-project/tcp/tensor"
)

// TestNarrowFillEquivalence: tcp.gather under mode "fill" of 8- and
// 16-bit data (bf16 with every bit pattern) is lowered below feature
// level 5.1, where ELEMENT_WISE_IF does not take such data, as a clipped
// gather of the input padded with the fill value; it gives the same bits
// before and after on indices at and past every edge, the index type's
// extremes included (i + 1 wraps there).
func TestNarrowFillEquivalence(t *testing.T) {
	rng := rand.New(rand.NewSource(51))
	compared := map[string]int{}
	recipes := 0
	for _, elem := range []string{"bf16", "i8", "ui8", "i16", "ui16"} {
		for _, it := range []string{"i32", "i64"} {
			level := dml.FL4_1
			if it == "i64" {
				level = dml.FL5_0 // CLIP and ADD on INT64
			}
			for n := 0; n < 30; n++ {
				r := 1 + rng.Intn(3)
				X := dims(rng, r, 4)
				I := append([]int64{}, X...)
				dim := rng.Intn(r)
				I[dim] = 1 + int64(rng.Intn(5))
				fill := "0"
				if elem == "bf16" {
					fill = []string{"0x7FC0 : bf16", "-2.5 : bf16", "0.0 : bf16"}[rng.Intn(3)]
				} else {
					fill = fmt.Sprintf("%d : %s", rng.Intn(100)-50, map[string]string{"i8": "i8", "ui8": "ui8", "i16": "i16", "ui16": "ui16"}[elem])
					if elem[0] == 'u' {
						fill = fmt.Sprintf("%d : %s", rng.Intn(100), elem)
					}
				}
				text := fmt.Sprintf("func.func @f(%%x: %s, %%i: %s) -> %s {\n  %%0 = tcp.gather %%x, %%i {dim = %d : index, mode = \"fill\", fill_value = %s} : %s, %s -> %s\n  return %%0 : %s\n}\n",
					ttype(X, elem), ttype(I, it), ttype(I, elem), dim, fill, ttype(X, elem), ttype(I, it), ttype(I, elem), ttype(I, elem))
				recipe := n%3 == 0
				if recipe {
					// The slice-gather recipe (an embedding): rows of a
					// 2-d table at a 1-d index, expanded and broadcast.
					X = []int64{X[0], 1 + int64(rng.Intn(4))}
					I = []int64{I[0]}
					dim = 0
					text = fmt.Sprintf(`func.func @f(%%x: %[1]s, %%i: %[2]s) -> %[5]s {
  %%c = arith.constant %[6]d : index
  %%e = tensor.expand_shape %%i [[0, 1]] : %[2]s into %[3]s
  %%b = tcp.broadcast_to %%e, %%c {axes = [1]} : %[3]s, index -> %[4]s
  %%0 = tcp.gather %%x, %%b {dim = 0 : index, mode = "fill", fill_value = %[7]s} : %[1]s, %[4]s -> %[5]s
  return %%0 : %[5]s
}
`, ttype(X, elem), ttype(I, it), ttype([]int64{I[0], 1}, it), ttype([]int64{I[0], X[1]}, it), ttype([]int64{I[0], X[1]}, elem), X[1], fill)
				}
				before, err := parser.Parse("case.mlir", text, parser.Options{})
				if err != nil {
					t.Fatalf("%v\n%s", err, text)
				}
				if err := ir.Verify(before, false); err != nil {
					t.Fatalf("%v\n%s", err, text)
				}
				after, _ := parser.Parse("case.mlir", text, parser.Options{})
				if err := tcptodml.New(level).Run(after); err != nil {
					t.Fatalf("lowering at %s: %v\n%s", level, err, text)
				}
				if err := ir.Verify(after, false); err != nil {
					t.Fatalf("%v\n%s", err, text)
				}
				sawIf, fused := false, false
				after.Walk(ir.PreOrder, func(op *ir.Operation) {
					sawIf = sawIf || op.Name() == dml.IfName
					fused = fused || op.Name() == dml.GatherName
				})
				if sawIf {
					t.Fatalf("the lowering selects %s data with ELEMENT_WISE_IF at %s", elem, level)
				}
				if recipe && !fused {
					t.Fatalf("the recipe is not one DML_GATHER at %s:\n%s", level, after)
				}
				if recipe {
					recipes++
				}
				fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
				s := X[dim]
				ext := []int64{math.MinInt32, math.MaxInt32}
				if it == "i64" {
					ext = []int64{math.MinInt64, math.MaxInt64}
				}
				for k := 0; k < 4; k++ {
					x := rt.Must(rt.New(map[string]rt.DType{"bf16": rt.BF16, "i8": rt.I8, "ui8": rt.UI8, "i16": rt.I16, "ui16": rt.UI16}[elem], X))
					for p := 0; p < int(x.NumElements()); p++ {
						x.SetBits(p, uint64(rng.Intn(1<<16)))
					}
					i := rt.Must(rt.New(map[string]rt.DType{"i32": rt.I32, "i64": rt.I64}[it], I))
					for p := 0; p < int(i.NumElements()); p++ {
						edges := []int64{-s - 1, -s, -1, 0, s - 1, s, s + 1, ext[0], ext[1]}
						v := edges[rng.Intn(len(edges))]
						if rng.Intn(2) == 0 {
							v = rng.Int63n(s)
						}
						i.SetInt64(p, v)
					}
					want, err := interp.Run(fb, []*rt.Tensor{x, i})
					if err != nil {
						t.Fatalf("tcp: %v\n%s", err, text)
					}
					got, err := interp.Run(fa, []*rt.Tensor{x, i})
					if err != nil {
						t.Fatalf("dml: %v\n%s", err, text)
					}
					if string(want[0].Data) != string(got[0].Data) {
						t.Fatalf("tcp %s, dml %s\nx %s i %s\n%s", rt.Format(want[0]), rt.Format(got[0]), rt.Format(x), rt.Format(i), text)
					}
					compared[elem+"/"+it] += int(i.NumElements())
				}
			}
		}
	}
	for k, n := range compared {
		if n < 200 {
			t.Errorf("%s: only %d indices compared", k, n)
		}
	}
	if recipes < 50 {
		t.Errorf("only %d recipe cases", recipes)
	}
	t.Logf("indices compared: %v (%d recipe cases)", compared, recipes)
}
