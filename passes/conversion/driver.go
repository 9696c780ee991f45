package conversion

import (
	"errors"
	"fmt"
	"sort"

	"github.com/tcp-project/tcp/ir"
)

// Config tunes the driver; the zero value is the default.
type Config struct {
	// Registry resolves op names created by patterns (ir.Global if nil).
	Registry *ir.Registry
	// MaxRewrites bounds pattern applications (0: 64 per op of the input
	// plus 1024), guarding against patterns that undo each other.
	MaxRewrites int
}

// ApplyPartialConversion legalizes the ops nested in root's regions: every
// op the target marks illegal must be converted by a pattern; ops it does
// not know are converted if a pattern applies and left alone otherwise.
// tc may be nil. The error is a located *ir.Diagnostic naming the first op
// that failed to legalize.
func ApplyPartialConversion(root *ir.Operation, target *Target, patterns []ir.Pattern, tc *TypeConverter) error {
	return Apply(root, target, patterns, tc, false, Config{})
}

// ApplyFullConversion is ApplyPartialConversion where every op must end up
// legal: unknown ops that no pattern converts are failures too.
func ApplyFullConversion(root *ir.Operation, target *Target, patterns []ir.Pattern, tc *TypeConverter) error {
	return Apply(root, target, patterns, tc, true, Config{})
}

// Apply runs a partial (full == false) or full conversion with cfg.
func Apply(root *ir.Operation, target *Target, patterns []ir.Pattern, tc *TypeConverter, full bool, cfg Config) error {
	d := &driver{target: target, tc: tc, full: full, byRoot: map[string][]ir.Pattern{}, ordered: map[string][]ir.Pattern{}, erased: map[*ir.Operation]bool{}, queued: map[*ir.Operation]bool{}}
	for _, p := range patterns {
		if r := p.Root(); r != "" {
			d.byRoot[r] = append(d.byRoot[r], p)
		} else {
			d.any = append(d.any, p)
		}
	}
	d.rw = ir.NewRewriter(cfg.Registry, d)
	n := 0
	for _, r := range root.Regions() {
		for _, b := range r.Blocks {
			for _, op := range b.Ops() {
				op.Walk(ir.PreOrder, func(o *ir.Operation) { d.push(o); n++ })
			}
		}
	}
	d.budget = cfg.MaxRewrites
	if d.budget <= 0 {
		d.budget = 64*n + 1024
	}
	if err := d.run(); err != nil {
		return err
	}
	d.foldCasts(root)
	return nil
}

type driver struct {
	target  *Target
	tc      *TypeConverter
	full    bool
	byRoot  map[string][]ir.Pattern
	any     []ir.Pattern
	ordered map[string][]ir.Pattern
	rw      *ir.Rewriter
	budget  int

	worklist []*ir.Operation
	queued   map[*ir.Operation]bool
	erased   map[*ir.Operation]bool
}

func (d *driver) push(op *ir.Operation) {
	if !d.queued[op] {
		d.queued[op] = true
		d.worklist = append(d.worklist, op)
	}
}

func (d *driver) run() error {
	for len(d.worklist) > 0 {
		op := d.worklist[0]
		d.worklist = d.worklist[1:]
		delete(d.queued, op)
		if d.erased[op] {
			continue
		}
		leg := d.target.Legality(op)
		if leg == Legal {
			continue
		}
		ok, reasons, err := d.applyPatterns(op)
		if err != nil {
			return err
		}
		if ok {
			if d.budget--; d.budget < 0 {
				return op.EmitError("dialect conversion did not converge: too many rewrites (patterns may undo each other)")
			}
			if !d.erased[op] {
				d.push(op) // updated in place: check it again
			}
			continue
		}
		if leg == Illegal || d.full {
			msg := fmt.Sprintf("failed to legalize operation '%s'", op.Name())
			if leg == Illegal {
				msg += " that was explicitly marked illegal"
			}
			diag := op.EmitError("%s", msg)
			for _, r := range reasons {
				r.Severity = ir.SevNote
				diag.Notes = append(diag.Notes, r)
			}
			return diag
		}
	}
	return nil
}

// applyPatterns offers op to its patterns. reasons are the match-failure
// diagnostics of the patterns that declined.
func (d *driver) applyPatterns(op *ir.Operation) (bool, []*ir.Diagnostic, error) {
	var reasons []*ir.Diagnostic
	for _, p := range d.patternsFor(op.Name()) {
		d.rw.SetInsertionPointBefore(op)
		ok, err := p.MatchAndRewrite(op, d.rw)
		var mf *ir.MatchFailure
		if !ok && errors.As(err, &mf) {
			c := *mf.Diag
			reasons = append(reasons, &c)
			err = nil
		}
		if err != nil {
			return false, nil, fmt.Errorf("pattern %s on '%s': %w", p.Name(), op.Name(), err)
		}
		if ok || d.erased[op] {
			return true, nil, nil
		}
	}
	return false, reasons, nil
}

// patternsFor returns the patterns for ops named name in decreasing
// benefit order (ir.BenefitOf), stable: op-specific patterns before
// patterns for any op, each in the order given (the greedy driver's rule).
func (d *driver) patternsFor(name string) []ir.Pattern {
	if l, ok := d.ordered[name]; ok {
		return l
	}
	l := append(append([]ir.Pattern(nil), d.byRoot[name]...), d.any...)
	sort.SliceStable(l, func(i, j int) bool { return ir.BenefitOf(l[i]) > ir.BenefitOf(l[j]) })
	d.ordered[name] = l
	return l
}

// foldCasts folds materialization casts that cancel out and erases the
// unused ones.
func (d *driver) foldCasts(root *ir.Operation) {
	if d.tc == nil {
		return
	}
	names := d.tc.castNameSet()
	if len(names) == 0 {
		return
	}
	var casts []*ir.Operation
	root.Walk(ir.PostOrder, func(op *ir.Operation) {
		if op != root && names[op.Name()] {
			casts = append(casts, op)
		}
	})
	dead := map[*ir.Operation]bool{}
	for _, op := range casts {
		if def := op.Def(); def != nil && def.Fold != nil && op.NumResults() == 1 {
			if r := def.Fold(op); len(r) == 1 && r[0].Value != nil && r[0].Value != ir.Value(op.Result(0)) {
				ir.ReplaceAllUsesWith(op.Result(0), r[0].Value)
			}
		}
	}
	// Erase unused casts, users before producers (reverse of pre-order).
	for i := len(casts) - 1; i >= 0; i-- {
		op := casts[i]
		if !dead[op] && op.UseEmpty() {
			dead[op] = true
			op.Erase()
		}
	}
}

// Listener callbacks (ir.RewriteListener).

func (d *driver) OpInserted(op *ir.Operation) {
	delete(d.erased, op)
	op.Walk(ir.PreOrder, d.push)
}
func (d *driver) OpErased(op *ir.Operation)                 { d.erased[op] = true }
func (d *driver) OpModified(op *ir.Operation)               {}
func (d *driver) OpReplaced(op *ir.Operation, _ []ir.Value) {}
