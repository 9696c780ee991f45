package tcptodml_test

import (
	"flag"
	"fmt"
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
// is defined, on interp.RandomArgs' argument sets (index arguments drawn
// against the dim they index: in range, in [-s, s), and the exact edges
// and type extremes): a run of before that fails (an index out of range,
// a broken promise) is skipped; otherwise after must give the same
// results bitwise. Every function must be compared on at least
// minRefineTrials argument sets; it returns the number of functions.
func refines(before, after *ir.Operation) (int, error) {
	n := 0
	for _, fb := range function.Funcs(before) {
		f := function.FuncOp{Operation: fb}
		fa := function.Lookup(after, f.Name())
		if fa == nil {
			return n, fmt.Errorf("@%s disappeared", f.Name())
		}
		sets, err := interp.RandomArgs(fb, interp.EquivOptions{Trials: 40 * minRefineTrials, Seed: 1, MaxDim: 4})
		if err != nil {
			return n, err
		}
		compared := 0
		for _, args := range sets {
			if compared == minRefineTrials {
				break
			}
			want, err := interp.Run(fb, args)
			if err != nil {
				continue
			}
			got, err := interp.Run(fa, args)
			if err != nil {
				return n, fmt.Errorf("@%s: the lowered function fails where the tcp one runs: %v", f.Name(), err)
			}
			for k := range want {
				if !rt.Equal(want[k], got[k], rt.NaNEqual) {
					return n, fmt.Errorf("@%s result %d: tcp %s, dml %s", f.Name(), k, rt.Format(want[k]), rt.Format(got[k]))
				}
			}
			compared++
		}
		if compared < minRefineTrials {
			return n, fmt.Errorf("@%s: only %d of %d argument sets run without an error: too few to compare", f.Name(), compared, len(sets))
		}
		n++
	}
	return n, nil
}

// minRefineTrials is the number of argument sets refines compares per
// function.
const minRefineTrials = 50

// TestGolden runs testdata/*.txtar (pipeline, input.mlir, want.mlir or
// diagnostics) and checks each lowering with refines.
func TestGolden(t *testing.T) {
	passtest.CountSemantics = refines
	defer func() { passtest.CountSemantics = nil }()
	passtest.RunGolden(t, "testdata/*.txtar", *update)
}
