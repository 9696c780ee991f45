package semcheck

import (
	"errors"
	"fmt"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
)

// Options configure a Checker.
type Options struct {
	// Trials is the number of random argument sets per function and pass
	// (0: interp.DefaultTrials).
	Trials int
	// Seed seeds the random arguments (the same for every pass).
	Seed int64
	// MaxTensorBytes bounds every argument drawn and tensor created (0:
	// interp.DefaultMaxTensorBytes); a function with a larger declared
	// argument is skipped, and Skipped says so.
	MaxTensorBytes int64
}

// Checker is a pass instrumentation that compares every function before
// and after each pass. Err reports the first difference.
type Checker struct {
	Options Options
	stack   []snapshot
	err     *ir.Diagnostic
	skipped []*ir.Diagnostic
	skipSet map[string]bool
}

// Skipped returns a warning for each function that was not checked
// because an argument it declares is larger than MaxTensorBytes, located
// at the function.
func (c *Checker) Skipped() []*ir.Diagnostic { return c.skipped }

// snapshot is the IR a pass starts from.
type snapshot struct {
	op    *ir.Operation // the op the pass runs on
	funcs map[string]*ir.Operation
}

// New returns a Checker with opts.
func New(opts Options) *Checker { return &Checker{Options: opts} }

// Err returns the first difference found, a located *ir.Diagnostic, or nil.
func (c *Checker) Err() error {
	if c.err == nil {
		return nil
	}
	return c.err
}

func (c *Checker) BeforePipeline(*pass.Manager, *ir.Operation) {}
func (c *Checker) AfterPipeline(*pass.Manager, *ir.Operation)  {}

func (c *Checker) BeforePass(p pass.Pass, op *ir.Operation) {
	s := snapshot{op: op}
	if c.err == nil {
		s.funcs = snapshotFuncs(op)
	}
	c.stack = append(c.stack, s)
}

func (c *Checker) AfterPassFailed(p pass.Pass, op *ir.Operation) { c.pop() }

func (c *Checker) AfterPass(p pass.Pass, op *ir.Operation) {
	s := c.pop()
	if c.err != nil || s.funcs == nil {
		return
	}
	for _, fa := range funcsIn(op) {
		f := function.FuncOp{Operation: fa}
		fb := s.funcs[f.Name()]
		if fb == nil || f.IsDeclaration() || !interp.Interpretable(fa) {
			continue
		}
		err := interp.CompareFuncs(fb, fa, interp.EquivOptions{Trials: c.Options.Trials, Seed: c.Options.Seed, MaxTensorBytes: c.Options.MaxTensorBytes})
		if err == nil {
			continue
		}
		var tl *interp.ArgTooLargeError
		if errors.As(err, &tl) {
			if !c.skipSet[f.Name()] {
				if c.skipSet == nil {
					c.skipSet = map[string]bool{}
				}
				c.skipSet[f.Name()] = true
				c.skipped = append(c.skipped, &ir.Diagnostic{Loc: fa.Loc(), Severity: ir.SevWarning,
					Message: fmt.Sprintf("--verify-semantics skipped @%s: argument #%d of type %s needs more than the limit of %d bytes (--max-tensor-bytes)", tl.Func, tl.Arg, tl.Type, tl.Limit)})
			}
			continue
		}
		c.err = report(p, fa, err)
		return
	}
}

func (c *Checker) pop() snapshot {
	s := c.stack[len(c.stack)-1]
	c.stack = c.stack[:len(c.stack)-1]
	return s
}

// report builds the located diagnostic for a difference in fn after p.
func report(p pass.Pass, fn *ir.Operation, err error) *ir.Diagnostic {
	arg := p.Info().Argument
	name := function.FuncOp{Operation: fn}.Name()
	loc := fn.Loc()
	var m *interp.Mismatch
	if !errors.As(err, &m) {
		return ir.Errorf(loc, "cannot check the semantics of @%s after pass '%s': %v", name, arg, err)
	}
	d := ir.Errorf(loc, "pass '%s' changed the semantics of @%s: %s", arg, name, m.What())
	d.AttachNote(loc, "on input %s", interp.FormatArgs(m.Args))
	d.AttachNote(loc, "before: %s", m.Before)
	d.AttachNote(loc, "after: %s", m.After)
	return d
}

// snapshotFuncs clones the functions op holds (op itself if it is a
// func.func), keyed by name, with callees resolvable: a function that
// calls others is cloned with its whole top-level op.
func snapshotFuncs(op *ir.Operation) map[string]*ir.Operation {
	funcs := funcsIn(op)
	if len(funcs) == 0 {
		return map[string]*ir.Operation{}
	}
	calls := false
	for _, f := range funcs {
		f.Walk(ir.PreOrder, func(o *ir.Operation) {
			if o.Name() == function.CallName {
				calls = true
			}
		})
	}
	out := map[string]*ir.Operation{}
	if !calls {
		for _, f := range funcs {
			out[function.FuncOp{Operation: f}.Name()] = f.Clone()
		}
		return out
	}
	root := op
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		root = p
	}
	clone := root.Clone()
	for _, f := range funcs {
		name := function.FuncOp{Operation: f}.Name()
		out[name] = findFunc(clone, f, root)
	}
	return out
}

// findFunc finds in clone the copy of f (an op nested in root), by its
// position.
func findFunc(clone, f, root *ir.Operation) *ir.Operation {
	var path []int
	for o := f; o != root; o = o.ParentOp() {
		i := 0
		for p := o.Prev(); p != nil; p = p.Prev() {
			i++
		}
		r := 0
		for k, reg := range o.ParentOp().Regions() {
			if reg == o.Block().Parent() {
				r = k
			}
		}
		b := 0
		for k, blk := range o.Block().Parent().Blocks {
			if blk == o.Block() {
				b = k
			}
		}
		path = append(path, i, b, r)
	}
	cur := clone
	for k := len(path) - 3; k >= 0; k -= 3 {
		i, b, r := path[k], path[k+1], path[k+2]
		cur = cur.Region(r).Blocks[b].Ops()[i]
	}
	return cur
}

// funcsIn returns op if it is a func.func, else the func.func ops directly
// inside op's regions.
func funcsIn(op *ir.Operation) []*ir.Operation {
	if op.Name() == function.FuncName {
		return []*ir.Operation{op}
	}
	var out []*ir.Operation
	for _, r := range op.Regions() {
		for _, b := range r.Blocks {
			for _, o := range b.Ops() {
				if o.Name() == function.FuncName {
					out = append(out, o)
				}
			}
		}
	}
	return out
}
