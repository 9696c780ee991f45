package tcptodml_test

import (
	"flag"
	"fmt"
	"math/rand"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/passtest"
	rt "github.com/tcp-project/tcp/tensor"
)

var update = flag.Bool("update", false, "rewrite want.mlir in testdata/*.txtar")

// refines checks that after computes what before computes wherever before
// is defined: on random arguments (indices in [-3, 3]) a run of before
// that fails (an index out of range, a broken promise) is skipped;
// otherwise after must give the same results bitwise.
func refines(before, after *ir.Operation) error {
	rng := rand.New(rand.NewSource(1))
	for _, fb := range function.Funcs(before) {
		f := function.FuncOp{Operation: fb}
		fa := function.Lookup(after, f.Name())
		if fa == nil {
			return fmt.Errorf("@%s disappeared", f.Name())
		}
		for trial := 0; trial < 50; trial++ {
			args := make([]*rt.Tensor, len(f.Type().Inputs()))
			for i, t := range f.Type().Inputs() {
				dt, err := interp.DType(ir.ElementType(t))
				if err != nil {
					return err
				}
				v, err := rt.New(dt, t.(*ir.RankedTensorType).Shape())
				if err != nil {
					return err
				}
				for p := 0; p < int(v.NumElements()); p++ {
					if dt.IsFloat() {
						v.SetFloat64(p, float64(rng.Intn(200)-100)/4)
					} else {
						v.SetInt64(p, int64(rng.Intn(7)-3))
					}
				}
				args[i] = v
			}
			want, err := interp.Run(fb, args)
			if err != nil {
				continue
			}
			got, err := interp.Run(fa, args)
			if err != nil {
				return fmt.Errorf("@%s: the lowered function fails where the tcp one runs: %v", f.Name(), err)
			}
			for k := range want {
				if !rt.Equal(want[k], got[k], rt.NaNEqual) {
					return fmt.Errorf("@%s result %d: tcp %s, dml %s", f.Name(), k, rt.Format(want[k]), rt.Format(got[k]))
				}
			}
		}
	}
	return nil
}

// TestGolden runs testdata/*.txtar (pipeline, input.mlir, want.mlir or
// diagnostics) and checks each lowering with refines.
func TestGolden(t *testing.T) {
	passtest.CheckSemantics = refines
	defer func() { passtest.CheckSemantics = nil }()
	passtest.RunGolden(t, "testdata/*.txtar", *update)
}
