package passes

import (
	"fmt"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
)

// Canonicalize is the canonicalize pass (MLIR's Canonicalizer): it runs the
// greedy driver over the regions of the op it is given, with folding
// (OpDef.Fold), the canonicalization patterns of every registered op
// (OpDef.Canonicalize) and removal of trivially dead Pure ops, until a fixed
// point or MaxIterations. Not converging is not an error unless
// TestConvergence is set.
//
// Options: max-iterations (int, default 10; -1 for no limit),
// max-num-rewrites (int, default -1: no limit), top-down (bool, default
// true), test-convergence (bool, default false).
type Canonicalize struct {
	MaxIterations   int
	MaxNumRewrites  int
	TopDown         bool
	TestConvergence bool
	// Registry supplies the patterns and resolves created op names
	// (ir.Global if nil).
	Registry *ir.Registry
}

var canonicalizeInfo = &pass.Info{
	Argument:    "canonicalize",
	Name:        "Canonicalizer",
	Description: "Canonicalize operations",
	Anchor:      pass.AnyOp,
	Options: []pass.Option{
		{Name: "max-iterations", Kind: pass.IntOption, Default: "10", Description: "Max. iterations between applying patterns / simplifying regions"},
		{Name: "max-num-rewrites", Kind: pass.IntOption, Default: "-1", Description: "Max. number of pattern rewrites (-1 or 0: no limit)"},
		{Name: "test-convergence", Kind: pass.BoolOption, Default: "false", Description: "Test only: Fail pass on non-convergence to detect cyclic pattern"},
		{Name: "top-down", Kind: pass.BoolOption, Default: "true", Description: "Seed the worklist in general top-down order"},
	},
	New: func(o pass.Options) (pass.Pass, error) {
		c := NewCanonicalize()
		c.MaxIterations = int(o.Int("max-iterations"))
		c.TopDown = o.Bool("top-down")
		c.TestConvergence = o.Bool("test-convergence")
		c.MaxNumRewrites = int(o.Int("max-num-rewrites"))
		if c.MaxIterations < NoLimit {
			return nil, fmt.Errorf("max-iterations must be -1 (no limit) or at least 0, got %d", c.MaxIterations)
		}
		if c.MaxNumRewrites < NoLimit {
			return nil, fmt.Errorf("max-num-rewrites must be -1 (no limit) or at least 0, got %d", c.MaxNumRewrites)
		}
		return c, nil
	},
}

// NewCanonicalize returns the pass with MLIR's defaults.
func NewCanonicalize() *Canonicalize {
	return &Canonicalize{MaxIterations: 10, MaxNumRewrites: NoLimit, TopDown: true}
}

func (c *Canonicalize) Info() *pass.Info { return canonicalizeInfo }

// Options returns the pass's option values.
func (c *Canonicalize) Options() pass.Options {
	o := pass.DefaultOptions(canonicalizeInfo)
	o.Set("max-iterations", fmt.Sprint(c.MaxIterations))
	o.Set("max-num-rewrites", fmt.Sprint(c.MaxNumRewrites))
	o.Set("top-down", fmt.Sprint(c.TopDown))
	o.Set("test-convergence", fmt.Sprint(c.TestConvergence))
	return o
}

func (c *Canonicalize) Run(op *ir.Operation) error {
	cfg := GreedyConfig{MaxIterations: c.MaxIterations, MaxNumRewrites: c.MaxNumRewrites, TopDown: c.TopDown, Registry: c.Registry}
	converged, err := ApplyPatternsGreedily(op, CanonicalizationPatterns(c.Registry), cfg)
	if err != nil {
		return err
	}
	if !converged && c.TestConvergence {
		return op.EmitError("Canonicalizer failed to converge within %d iterations", c.MaxIterations)
	}
	return nil
}

// CanonicalizationPatterns collects OpDef.Canonicalize of every op in reg
// (ir.Global if nil). A pattern whose Root() is empty applies to the op
// that lists it (and its aliases).
func CanonicalizationPatterns(reg *ir.Registry) []ir.Pattern {
	if reg == nil {
		reg = ir.Global
	}
	var out []ir.Pattern
	for _, def := range reg.Defs() {
		for _, p := range def.Canonicalize {
			if p.Root() != "" {
				out = append(out, p)
				continue
			}
			for _, n := range append([]string{def.Name}, def.Aliases...) {
				out = append(out, rooted{p, n})
			}
		}
	}
	return out
}

// rooted gives a pattern a root op name.
type rooted struct {
	ir.Pattern
	root string
}

func (r rooted) Root() string { return r.root }

// Benefit keeps the wrapped pattern's benefit.
func (r rooted) Benefit() int { return ir.BenefitOf(r.Pattern) }
