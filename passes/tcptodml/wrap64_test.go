package tcptodml_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/tcp-project/tcp/dialect/dml"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/internal/boundary"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcptodml"
	rt "github.com/tcp-project/tcp/tensor"
)

// TestWrap64BeforeFloor: mode "wrap" on 64-bit indices from feature level
// 5.0 to 5.2, before ELEMENT_WISE_MODULUS_FLOOR takes INT64, is lowered as
// ((i rem n) + n) rem n with MODULUS_TRUNCATE and ADD; it gives the same
// result as tcp on every edge and the int64 extremes, for tcp.gather and
// tcp.gather_nd, and uses no MODULUS_FLOOR.
func TestWrap64BeforeFloor(t *testing.T) {
	rng := rand.New(rand.NewSource(64))
	var stats boundary.Counter
	for _, level := range []dml.FeatureLevel{dml.FL5_0, dml.FL5_2} {
		for n := 0; n < 40; n++ {
			rows := int64(1 + rng.Intn(7))
			k := int64(1 + rng.Intn(5))
			src := fmt.Sprintf(`func.func @f(%%x: tensor<%[1]dx3xf32>, %%i: tensor<%[2]dx3xi64>, %%j: tensor<%[2]dx1xi64>) -> (tensor<%[2]dx3xf32>, tensor<%[2]dx3xf32>) {
  %%0 = tcp.gather %%x, %%i {dim = 0 : index, mode = "wrap"} : tensor<%[1]dx3xf32>, tensor<%[2]dx3xi64> -> tensor<%[2]dx3xf32>
  %%1 = tcp.gather_nd %%x, %%j {mode = "wrap"} : tensor<%[1]dx3xf32>, tensor<%[2]dx1xi64> -> tensor<%[2]dx3xf32>
  return %%0, %%1 : tensor<%[2]dx3xf32>, tensor<%[2]dx3xf32>
}
`, rows, k)
			before, err := parser.Parse("case.mlir", src, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			after := before.Clone()
			if err := tcptodml.New(level).Run(after); err != nil {
				t.Fatalf("at %s: %v\n%s", level, err, src)
			}
			if err := ir.Verify(after, false); err != nil {
				t.Fatalf("at %s: %v", level, err)
			}
			after.Walk(ir.PreOrder, func(op *ir.Operation) {
				if op.Name() == dml.ModulusFloorName {
					t.Fatalf("at %s: MODULUS_FLOOR on INT64 is used", level)
				}
			})
			fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
			x := randData(rng, []int64{rows, 3})
			i := rt.Must(rt.New(rt.I64, []int64{k, 3}))
			j := rt.Must(rt.New(rt.I64, []int64{k, 1}))
			for p := 0; p < int(i.NumElements()); p++ {
				i.SetInt64(p, boundary.Draw(rng, rows, rt.I64))
			}
			for p := 0; p < int(j.NumElements()); p++ {
				j.SetInt64(p, boundary.Draw(rng, rows, rt.I64))
			}
			stats.AddTensor("wrap64", i, func(int) int64 { return rows })
			stats.AddTensor("wrap64", j, func(int) int64 { return rows })
			stats.Case("wrap64")
			want, err := interp.Run(fb, []*rt.Tensor{x, i, j})
			if err != nil {
				t.Fatal(err)
			}
			got, err := interp.Run(fa, []*rt.Tensor{x, i, j})
			if err != nil {
				t.Fatal(err)
			}
			for r := range want {
				if string(want[r].Data) != string(got[r].Data) {
					t.Fatalf("at %s result %d: tcp %s, dml %s\ni %s\nj %s\n%s", level, r, rt.Format(want[r]), rt.Format(got[r]), rt.Format(i), rt.Format(j), src)
				}
			}
		}
	}
	t.Logf("\n%s", stats.Table())
}
