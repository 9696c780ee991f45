package interp

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand"
	"strings"

	"github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/internal/boundary"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The semantic oracle for rewrites: run a function before and after a
// rewrite on the same random arguments and compare.
//
// Random arguments (one set per trial, from a seeded source):
//   - Dynamic dims: even trials give every dynamic dim of every argument
//     one shared size (so that dims a program requires equal agree), odd
//     trials draw each independently; sizes are in [1, MaxDim], and 0 with
//     probability 1/8.
//   - Floats are multiples of 1/8 in [-125, 125]; i1 is 0 or 1; unsigned
//     integers are in [0, 8).
//   - Signed integers and index values are drawn against a bound s: for an
//     argument used as the indices of a tcp.gather, tcp.gather_nd,
//     tcp.scatter or tcp.scatter_nd
//     (directly or through reshapes and broadcasts, as in the frontends'
//     slice-gather recipe; in CompareFuncs, in the function before the
//     rewrite or else after it, so a frontend op's indices are drawn
//     against the dim its conversion gathers), the
//     size of the dim it indexes (the smallest of them for several; a
//     dynamic dim of another argument is resolved from the trial's
//     shapes); otherwise MaxDim. Trials cycle through three ranges so that
//     every index mode meets its interesting values: [0, s) (in range: the
//     domain of promise_in_bounds and error), [-s, s) (wrap_negative's
//     domain), both with their two ends drawn a quarter of the time each,
//     and anything (internal/boundary's mix: half of the values are the
//     exact edges -s-1, -s, -1, 0, s-1, s, s+1 and the element type's
//     minimum and maximum; the others in range or out of range both ways:
//     clip, wrap, fill and the errors of the others).
//
// Comparison: equal results (bitwise, NaN equal to NaN), or an error on
// both sides. Two documented exceptions, both about an error before the
// rewrite: one that is undefined behaviour (a broken promise of mode
// promise_in_bounds, see Undefined) allows any outcome after it; one
// raised by a dead Pure op (its results do not reach the return) may
// disappear, since dead-code elimination erases such ops (a Pure op's
// runtime error is not a side effect, as in MLIR). Every other difference
// is a Mismatch; in particular an error that only appears after the
// rewrite always is.

// EquivOptions configure CompareFuncs. The zero value uses the defaults.
type EquivOptions struct {
	// Trials is the number of random argument sets (0: DefaultTrials).
	Trials int
	// Seed seeds the random source.
	Seed int64
	// MaxDim bounds the sizes drawn for dynamic dims and the default index
	// bound (0: DefaultMaxDim).
	MaxDim int64
	// Stats, if set, counts under the group Group every index value of
	// every compared trial (an argument used as gather indices, against
	// the size of the dim it indexes) and every trial where both sides
	// raised an error.
	Stats *boundary.Counter
	Group string
	// MaxTensorBytes bounds each argument drawn (its static dims, dynamic
	// ones at MaxDim) and each tensor the runs create (0:
	// DefaultMaxTensorBytes). A function with a larger argument is not
	// run: RandomArgs and CompareFuncs return an *ArgTooLargeError before
	// allocating anything.
	MaxTensorBytes int64
}

// ArgTooLargeError is a function whose declared argument is larger than
// EquivOptions.MaxTensorBytes: its random arguments are not drawn.
type ArgTooLargeError struct {
	Func  string
	Arg   int
	Type  ir.Type
	Limit int64
}

func (e *ArgTooLargeError) Error() string {
	return fmt.Sprintf("@%s: argument #%d of type %s needs more than the limit of %d bytes (--max-tensor-bytes)", e.Func, e.Arg, e.Type, e.Limit)
}

// Defaults of EquivOptions.
const (
	DefaultTrials = 64
	DefaultMaxDim = 4
)

// Mismatch is the first difference CompareFuncs found.
type Mismatch struct {
	Func   string           // the function's name, without @
	Args   []*tensor.Tensor // the arguments of the differing trial
	Before string           // what the original returned (results, or "raises …" and the error's first line)
	After  string           // what the rewritten function returned
	Result int              // the index of the first differing result, or -1
	// BeforeFailed and AfterFailed report which side raised an error.
	BeforeFailed, AfterFailed bool
}

func (m *Mismatch) Error() string {
	return fmt.Sprintf("@%s on %s: %s: before: %s, after: %s", m.Func, FormatArgs(m.Args), m.What(), m.Before, m.After)
}

// What says how the outcomes differ: "result N differs", "only before
// the rewrite it raises an error", "only after the rewrite it raises an
// error", or "results differ" (their number).
func (m *Mismatch) What() string {
	switch {
	case m.Result >= 0:
		return fmt.Sprintf("result %d differs", m.Result)
	case m.BeforeFailed && !m.AfterFailed:
		return "only before the rewrite it raises an error"
	case m.AfterFailed && !m.BeforeFailed:
		return "only after the rewrite it raises an error"
	}
	return "results differ"
}

// Undefined reports whether err is a runtime error whose behaviour is
// undefined rather than specified: an out-of-range index under mode
// promise_in_bounds, or a broken unique_indices promise of a scatter. A
// rewrite may replace it by anything.
func Undefined(err error) bool {
	var ie *kernel.IndexError
	var ue *kernel.UniqueError
	return errors.As(err, &ie) && ie.Mode == kernel.PromiseInBounds || errors.As(err, &ue)
}

// raisedByDeadOp reports whether err was raised by a Pure op of fn whose
// results do not reach fn's return: dead-code elimination may erase such
// an op, and its error with it (a Pure op's runtime error is not a side
// effect, as in MLIR).
func raisedByDeadOp(fn *ir.Operation, err error) bool {
	var re *RuntimeError
	if !errors.As(err, &re) || re.Op == nil || !re.Op.HasTrait(ir.Pure) || re.Op.ParentOp() != fn {
		return false
	}
	live := map[*ir.Operation]bool{}
	var mark func(op *ir.Operation)
	mark = func(op *ir.Operation) {
		if op == nil || live[op] {
			return
		}
		live[op] = true
		for _, v := range op.Operands() {
			if v != nil {
				mark(v.DefiningOp())
			}
		}
	}
	body := function.FuncOp{Operation: fn}.Body()
	for op := body.First(); op != nil; op = op.Next() {
		if !op.HasTrait(ir.Pure) || op.HasTrait(ir.Terminator) { // the return, calls, ops with effects
			mark(op)
		}
	}
	return !live[re.Op]
}

// Interpretable reports whether every op nested in fn has a kernel.
func Interpretable(fn *ir.Operation) bool { return interpretable(fn) }

// CompareFuncs runs the func.func ops before and after (the same function
// before and after a rewrite, same signature) on opts.Trials random
// argument sets and returns the first difference as a *Mismatch, or nil.
// Other errors (argument types the interpreter cannot build) are returned
// as they are.
func CompareFuncs(before, after *ir.Operation, opts EquivOptions) error {
	if before == nil || after == nil {
		return errors.New("interp.CompareFuncs: nil function")
	}
	if opts.Trials <= 0 {
		opts.Trials = DefaultTrials
	}
	if opts.MaxDim <= 0 {
		opts.MaxDim = DefaultMaxDim
	}
	fb := function.FuncOp{Operation: before}
	name := fb.Name()
	gen, err := newArgGen(before, opts)
	if err != nil {
		var tl *ArgTooLargeError
		if errors.As(err, &tl) {
			return err
		}
		return fmt.Errorf("@%s: %v", name, err)
	}
	// An argument that reaches a gather only after the rewrite (a
	// frontend op converted to tcp.gather) is drawn against the dim it
	// indexes there.
	if ga, err := newArgGen(after, opts); err == nil && len(ga.uses) == len(gen.uses) {
		for i := range gen.uses {
			if len(gen.uses[i]) == 0 {
				gen.uses[i] = ga.uses[i]
			}
		}
	}
	run := Options{MaxTensorBytes: opts.MaxTensorBytes}
	rng := rand.New(rand.NewSource(opts.Seed))
	for trial := 0; trial < opts.Trials; trial++ {
		args, bounds := gen.drawBounds(rng, trial)
		rb, eb := run.Run(before, args)
		ra, ea := run.Run(after, args)
		switch {
		case eb != nil && Undefined(eb):
			continue
		case eb != nil && ea == nil && raisedByDeadOp(before, eb):
			continue
		case (eb == nil) != (ea == nil):
			return &Mismatch{Func: name, Args: args, Before: resultOrErr(rb, eb), After: resultOrErr(ra, ea), Result: -1,
				BeforeFailed: eb != nil, AfterFailed: ea != nil}
		case eb != nil:
			if opts.Stats != nil {
				opts.Stats.Error(opts.Group)
			}
			continue
		}
		if len(rb) != len(ra) {
			return &Mismatch{Func: name, Args: args, Before: resultOrErr(rb, eb), After: resultOrErr(ra, ea), Result: -1}
		}
		for k := range rb {
			if !tensor.Equal(rb[k], ra[k], tensor.NaNEqual) {
				return &Mismatch{Func: name, Args: args, Before: tensor.Format(rb[k]), After: tensor.Format(ra[k]), Result: k}
			}
		}
		if opts.Stats != nil {
			opts.Stats.Case(opts.Group)
			for i, a := range args {
				if len(gen.uses[i]) > 0 {
					s := bounds[i]
					opts.Stats.AddTensor(opts.Group, a, func(int) int64 { return s })
				}
			}
		}
	}
	return nil
}

// RandomArgs returns opts.Trials random argument sets for the func.func fn,
// drawn exactly as CompareFuncs draws them (see the top of this file): the
// same seed gives the same sets. Tools use it to drive other executors
// (generated kernels, the DirectML emulator) with the interpreter's inputs.
func RandomArgs(fn *ir.Operation, opts EquivOptions) ([][]*tensor.Tensor, error) {
	if fn == nil {
		return nil, errors.New("interp.RandomArgs: nil function")
	}
	if opts.Trials <= 0 {
		opts.Trials = DefaultTrials
	}
	if opts.MaxDim <= 0 {
		opts.MaxDim = DefaultMaxDim
	}
	gen, err := newArgGen(fn, opts)
	if err != nil {
		var tl *ArgTooLargeError
		if errors.As(err, &tl) {
			return nil, err
		}
		return nil, fmt.Errorf("@%s: %v", function.FuncOp{Operation: fn}.Name(), err)
	}
	rng := rand.New(rand.NewSource(opts.Seed))
	sets := make([][]*tensor.Tensor, opts.Trials)
	for trial := range sets {
		sets[trial] = gen.draw(rng, trial)
	}
	return sets, nil
}

// CheckEquivalent is the semantic oracle for rewrites over whole modules:
// for every function of before with a body whose ops (in both modules) all
// have kernels, it compares it with the function of the same name in after
// by CompareFuncs with trials random argument sets and the given seed. It
// returns the first difference, or nil; checked reports how many functions
// were compared.
func CheckEquivalent(before, after *ir.Operation, trials int, seed int64) (checked int, err error) {
	return CheckEquivalentOpts(before, after, EquivOptions{Trials: trials, Seed: seed})
}

// CheckEquivalentOpts is CheckEquivalent with every option of
// CompareFuncs (opts.Stats counts the compared values of every function).
func CheckEquivalentOpts(before, after *ir.Operation, opts EquivOptions) (checked int, err error) {
	for _, fb := range function.Funcs(before) {
		f := function.FuncOp{Operation: fb}
		if f.IsDeclaration() || !interpretable(fb) {
			continue
		}
		fa := function.Lookup(after, f.Name())
		if fa == nil {
			return checked, fmt.Errorf("@%s disappeared", f.Name())
		}
		if !interpretable(fa) {
			return checked, fmt.Errorf("@%s: the rewritten function has ops without kernels", f.Name())
		}
		checked++
		if err := CompareFuncs(fb, fa, opts); err != nil {
			return checked, err
		}
	}
	return checked, nil
}

func interpretable(fn *ir.Operation) bool {
	ok := true
	fn.Walk(ir.PreOrder, func(op *ir.Operation) {
		if op != fn && !Supported(op.Name()) && !readByParent(op) {
			ok = false
		}
	})
	return ok
}

// readByParent reports whether op is the terminator of a region whose op
// has a kernel that reads the region (stablehlo.reduce, scatter).
func readByParent(op *ir.Operation) bool {
	p := op.ParentOp()
	_, marked := unsupported[op.Name()]
	return marked && op.Next() == nil && p != nil && Supported(p.Name())
}

// indexViewOps only reshape, broadcast or retype their first operand:
// index values keep their meaning through them.
var indexViewOps = map[string]bool{
	"tensor.expand_shape": true, "tensor.collapse_shape": true, "tensor.cast": true,
	tcp.BroadcastToName: true, tcp.BroadcastName: true,
	"torch_c.to_builtin_tensor": true, "torch_c.from_builtin_tensor": true,
}

// argGen draws random arguments for one function.
type argGen struct {
	types  []ir.Type
	dts    []tensor.DType
	maxDim int64
	// uses[i] lists, for an argument used as gather indices, the dims it
	// indexes: (value whose dim it is, dim).
	uses [][]indexedDim
}

type indexedDim struct {
	v   ir.Value
	dim int
}

func newArgGen(fn *ir.Operation, opts EquivOptions) (*argGen, error) {
	f := function.FuncOp{Operation: fn}
	g := &argGen{maxDim: opts.MaxDim}
	// Dialect types (!torch.vtensor) draw values of their runtime type.
	for i, t := range f.Type().Inputs() {
		rt := RuntimeType(t)
		if rt == nil {
			return nil, fmt.Errorf("argument #%d: no random values for type %s", i, t)
		}
		g.types = append(g.types, rt)
	}
	g.uses = make([][]indexedDim, len(g.types))
	limit := opts.MaxTensorBytes
	if limit <= 0 {
		limit = DefaultMaxTensorBytes
	}
	for i, t := range g.types {
		dt, err := DType(ir.ElementType(t))
		if err != nil {
			return nil, err
		}
		g.dts = append(g.dts, dt)
		// Check the size before anything is allocated: a declared
		// tensor<1x8589934592xf32> would take 34 GB per trial.
		if rt, ok := t.(*ir.RankedTensorType); ok {
			bytes := uint64(dt.Size())
			for _, d := range rt.Shape() {
				if d == ir.Dynamic {
					d = opts.MaxDim
				}
				hi, lo := bits.Mul64(bytes, uint64(d))
				if hi != 0 || lo > uint64(limit) {
					return nil, &ArgTooLargeError{Func: f.Name(), Arg: i, Type: f.Type().Inputs()[i], Limit: limit}
				}
				bytes = lo
			}
			if bytes > uint64(limit) {
				return nil, &ArgTooLargeError{Func: f.Name(), Arg: i, Type: f.Type().Inputs()[i], Limit: limit}
			}
		}
	}
	if f.IsDeclaration() {
		return g, nil
	}
	for i, a := range f.Body().Arguments() {
		if i >= len(g.uses) {
			break
		}
		// Follow the argument through ops that only reshape, broadcast or
		// retype it, so indices that reach a gather through the frontends'
		// slice-gather recipe are drawn against the dim they index.
		work := []ir.Value{a}
		for len(work) > 0 && len(work) <= 64 {
			v := work[0]
			work = work[1:]
			for u := v.FirstUse(); u != nil; u = u.NextUse() {
				op := u.Owner()
				if indexViewOps[op.Name()] && u.OperandNumber() == 0 && op.NumResults() == 1 {
					work = append(work, op.Result(0))
					continue
				}
				if u.OperandNumber() != 1 || op.NumOperands() != 2 && !tcp.IsScatter(op) {
					continue
				}
				switch op.Name() {
				case tcp.GatherName, tcp.ScatterName:
					g.uses[i] = append(g.uses[i], indexedDim{op.Operand(0), int(op.IntAttr("dim"))})
				case tcp.GatherNDName, tcp.ScatterNDName:
					it, ok := RuntimeType(op.Operand(1).Type()).(*ir.RankedTensorType)
					if !ok || it.Rank() == 0 || it.Dim(it.Rank()-1) == ir.Dynamic {
						continue
					}
					b := int(op.IntAttr("batch_dims"))
					for k := 0; k < int(it.Dim(it.Rank()-1)); k++ {
						g.uses[i] = append(g.uses[i], indexedDim{op.Operand(0), b + k})
					}
				}
			}
		}
	}
	return g, nil
}

func (g *argGen) dynSize(rng *rand.Rand) int64 {
	if rng.Intn(8) == 0 {
		return 0
	}
	return 1 + rng.Int63n(g.maxDim)
}

// draw returns one argument set for trial number trial.
func (g *argGen) draw(rng *rand.Rand, trial int) []*tensor.Tensor {
	args, _ := g.drawBounds(rng, trial)
	return args
}

// drawBounds is draw, also returning the bound each argument was drawn
// against.
func (g *argGen) drawBounds(rng *rand.Rand, trial int) ([]*tensor.Tensor, []int64) {
	shared := g.dynSize(rng)
	shapes := make([][]int64, len(g.types))
	for i, t := range g.types {
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			continue
		}
		shapes[i] = append([]int64(nil), rt.Shape()...)
		for d, n := range shapes[i] {
			if n != ir.Dynamic {
				continue
			}
			if trial%2 == 0 {
				shapes[i][d] = shared
			} else {
				shapes[i][d] = g.dynSize(rng)
			}
		}
	}
	// sizeOf resolves the runtime size of dim d of v.
	sizeOf := func(v ir.Value, d int) int64 {
		rt, ok := RuntimeType(v.Type()).(*ir.RankedTensorType)
		if !ok || d < 0 || d >= rt.Rank() {
			return g.maxDim
		}
		if n := rt.Dim(d); n != ir.Dynamic {
			return n
		}
		if a, ok := v.(*ir.BlockArgument); ok && a.Index() < len(shapes) && d < len(shapes[a.Index()]) {
			return shapes[a.Index()][d]
		}
		return shared
	}
	args := make([]*tensor.Tensor, len(g.types))
	bounds := make([]int64, len(g.types))
	for i := range g.types {
		dt := g.dts[i]
		v, err := tensor.New(dt, shapes[i])
		if err != nil { // cannot happen for the small shapes drawn
			v, _ = tensor.New(dt, make([]int64, len(shapes[i])))
		}
		bound := g.maxDim
		if len(g.uses[i]) > 0 {
			bound = -1
			for _, u := range g.uses[i] {
				if s := sizeOf(u.v, u.dim); bound < 0 || s < bound {
					bound = s
				}
			}
		}
		bounds[i] = bound
		for j := int64(0); j < v.NumElements(); j++ {
			switch {
			case dt.IsFloat():
				v.SetFloat64(int(j), float64(rng.Intn(2001)-1000)/8)
			case dt == tensor.I1:
				v.SetInt64(int(j), int64(rng.Intn(2)))
			case dt.IsUnsigned():
				v.SetInt64(int(j), int64(rng.Intn(8)))
			default:
				v.SetInt64(int(j), drawIndex(rng, bound, trial%3, dt))
			}
		}
		args[i] = v
	}
	return args, bounds
}

// drawIndex draws an integer of type dt against bound s: kind 0 in [0, s),
// kind 1 in [-s, s) (both ends drawn a quarter of the time each), kind 2
// boundary.Draw's mix of exact edges (type extremes included), in-range
// and out-of-range values.
func drawIndex(rng *rand.Rand, s int64, kind int, dt tensor.DType) int64 {
	// A bound near 2^63 (a huge static dim) would overflow the draws'
	// ranges (up to 4s+7), which Int63n refuses: draw against the largest
	// bound that does not.
	s = min(s, math.MaxInt64/4-2)
	switch kind {
	case 0:
		if s <= 0 {
			return 0
		}
		return boundary.DrawIn(rng, 0, s)
	case 1:
		if s <= 0 {
			return 0
		}
		return boundary.DrawIn(rng, -s, s)
	}
	return boundary.Draw(rng, s, dt)
}

// FormatArgs prints argument values as "(v0, v1, …)" MLIR literals.
func FormatArgs(args []*tensor.Tensor) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = tensor.Format(a)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func resultOrErr(r []*tensor.Tensor, err error) string {
	if err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return "raises " + msg
	}
	return FormatArgs(r)
}
