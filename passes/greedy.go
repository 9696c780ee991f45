package passes

// The greedy pattern rewrite driver, after MLIR's
// GreedyPatternRewriteDriver (llvm/llvm-project:mlir/lib/Transforms/Utils/
// GreedyPatternRewriteDriver.cpp) and OperationFolder
// (mlir/lib/Transforms/Utils/FoldUtils.cpp).
//
// Phases of one iteration:
//
//  1. Seed the worklist with every op nested in the root's regions (pre-order
//     and reversed for top-down, post-order for bottom-up). Constant-like ops
//     are uniqued on the way: per insertion region and (dialect, value,
//     type) one constant survives, at the front of the region's entry block.
//  2. Pop ops until the worklist is empty. A trivially dead op is erased; an
//     op that folds (ir.OpDef.Fold, else ir.EvaluateConstantOp when every
//     operand is a constant) is replaced by the folded values (attributes
//     become constants through the dialect's ir.ConstantMaterializer);
//     a fold whose constant would make a user fail ir.VerifyLocal (a
//     size operand contradicting a static result dim) is not done;
//     otherwise the patterns rooted on the op's name and the patterns for
//     any op are tried in decreasing benefit order (ir.BenefitOf; equal
//     benefits keep the given order, op-specific patterns first) until one
//     succeeds.
//  3. Every change goes through an ir.Rewriter whose listener is the
//     driver: new and modified ops and the users of replaced ops are pushed
//     on the worklist, erased ops leave it, and the defining ops of the
//     operands of an erased op are revisited (they may now be dead).
//
// Iterations repeat while something changed, at most MaxIterations+1 times
// (MLIR's `iteration++ < maxIterations` loop); -1 means no limit.
//
// Fold contract (ir.OpDef.Fold): nil means no fold; an empty non-nil slice
// means the op was updated in place; otherwise one OpFoldResult per result.
// A result that is the op's own result means "no fold".

import (
	"errors"
	"fmt"
	"sort"

	"github.com/tcp-project/tcp/ir"
)

// NoLimit is the MaxIterations value for iterating until a fixed point.
const NoLimit = -1

// GreedyConfig configures ApplyPatternsGreedily.
type GreedyConfig struct {
	// MaxIterations bounds the re-seeding iterations (NoLimit: none).
	MaxIterations int
	// TopDown seeds the worklist in pre-order (producers before users);
	// otherwise post-order, visited from the end (users first).
	TopDown bool
	// MaxNumRewrites bounds the pattern applications over all iterations
	// (0 or NoLimit: none); reaching it stops the driver unconverged. It guards
	// against patterns that undo each other.
	MaxNumRewrites int
	// DisableFolding skips OpDef.Fold and constant uniquing.
	DisableFolding bool
	// Registry resolves op names created by patterns (ir.Global if nil).
	Registry *ir.Registry
}

// DefaultGreedyConfig is MLIR's canonicalizer default: 10 iterations, top-down.
func DefaultGreedyConfig() GreedyConfig {
	return GreedyConfig{MaxIterations: 10, MaxNumRewrites: NoLimit, TopDown: true}
}

// ApplyPatternsGreedily rewrites the ops nested in root's regions (not root
// itself) with patterns, folding and dead-code elimination until nothing
// changes or the iteration limit is reached. A pattern's Root() selects the
// op name it applies to ("" for any op). It reports whether the rewrite
// converged; a pattern error stops the driver and is returned.
func ApplyPatternsGreedily(root *ir.Operation, patterns []ir.Pattern, cfg GreedyConfig) (converged bool, err error) {
	byRoot := map[string][]ir.Pattern{}
	var any []ir.Pattern
	for _, p := range patterns {
		if r := p.Root(); r != "" {
			byRoot[r] = append(byRoot[r], p)
		} else {
			any = append(any, p)
		}
	}
	d := &driver{
		root:    root,
		cfg:     cfg,
		byRoot:  byRoot,
		any:     any,
		ordered: map[string][]ir.Pattern{},
		index:   map[*ir.Operation]int{},
	}
	d.rw = ir.NewRewriter(cfg.Registry, d)
	d.folder = &folder{d: d, scopes: map[*ir.Region]map[string]*ir.Operation{}, owned: map[*ir.Operation][]string{}}
	return d.simplify()
}

type driver struct {
	root     *ir.Operation
	cfg      GreedyConfig
	byRoot   map[string][]ir.Pattern
	any      []ir.Pattern
	ordered  map[string][]ir.Pattern // per op name: byRoot + any by benefit
	rw       *ir.Rewriter
	folder   *folder
	worklist []*ir.Operation
	index    map[*ir.Operation]int // position in worklist
	rewrites int                   // pattern applications so far
}

func (d *driver) simplify() (bool, error) {
	iteration := 0
	for {
		d.worklist = d.worklist[:0]
		clear(d.index)
		d.seed()
		changed, err := d.processWorklist()
		if err != nil {
			return false, err
		}
		if !changed {
			return true, nil
		}
		if d.cfg.MaxNumRewrites > 0 && d.rewrites >= d.cfg.MaxNumRewrites {
			return false, nil
		}
		if d.cfg.MaxIterations != NoLimit {
			more := iteration < d.cfg.MaxIterations
			iteration++
			if !more {
				return false, nil
			}
		}
	}
}

// seed fills the worklist with the ops nested in the root's regions.
func (d *driver) seed() {
	var ops []*ir.Operation
	var walk func(op *ir.Operation)
	walk = func(op *ir.Operation) {
		if d.cfg.TopDown {
			ops = append(ops, op)
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks {
				for _, o := range b.Ops() {
					walk(o)
				}
			}
		}
		if !d.cfg.TopDown {
			ops = append(ops, op)
		}
	}
	for _, r := range d.root.Regions() {
		for _, b := range r.Blocks {
			for _, o := range b.Ops() {
				walk(o)
			}
		}
	}
	var list []*ir.Operation
	for _, op := range ops {
		if !d.inScope(op) {
			continue // erased while uniquing constants
		}
		if !d.cfg.DisableFolding && isConstant(op) && !d.folder.insertKnownConstant(op) {
			continue
		}
		list = append(list, op)
	}
	if d.cfg.TopDown {
		for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
			list[i], list[j] = list[j], list[i]
		}
	}
	for _, op := range list {
		d.add(op)
	}
}

// inScope reports whether op is (still) properly nested in the root.
func (d *driver) inScope(op *ir.Operation) bool {
	if op == nil || op == d.root {
		return false
	}
	for o := op; o != nil; o = o.ParentOp() {
		if o.ParentOp() == d.root {
			return o.Block() != nil
		}
		if o.Block() == nil {
			return false
		}
	}
	return false
}

func (d *driver) add(op *ir.Operation) {
	if _, ok := d.index[op]; ok || !d.inScope(op) {
		return
	}
	d.index[op] = len(d.worklist)
	d.worklist = append(d.worklist, op)
}

func (d *driver) remove(op *ir.Operation) {
	if i, ok := d.index[op]; ok {
		d.worklist[i] = nil
		delete(d.index, op)
	}
}

func (d *driver) pop() *ir.Operation {
	n := len(d.worklist) - 1
	op := d.worklist[n]
	d.worklist = d.worklist[:n]
	if op != nil {
		delete(d.index, op)
	}
	return op
}

func (d *driver) processWorklist() (bool, error) {
	changed := false
	for len(d.worklist) > 0 {
		if d.cfg.MaxNumRewrites > 0 && d.rewrites >= d.cfg.MaxNumRewrites {
			return true, nil
		}
		op := d.pop()
		if op == nil || !d.inScope(op) {
			continue
		}
		if IsTriviallyDead(op) {
			d.rw.EraseOp(op)
			changed = true
			continue
		}
		if !d.cfg.DisableFolding {
			if isConstant(op) {
				if !d.folder.insertKnownConstant(op) {
					changed = true
					continue
				}
			} else {
				folded, inPlace, err := d.folder.tryToFold(op)
				if err != nil {
					return changed, err
				}
				if folded {
					changed = true
					if !inPlace {
						continue
					}
				}
			}
		}
		matched, err := d.applyPatterns(op)
		if err != nil {
			return changed, err
		}
		if matched {
			changed = true
			d.rewrites++
		}
	}
	return changed, nil
}

// patternsFor returns the patterns that apply to ops named name, in
// decreasing benefit order (stable: op-specific patterns before patterns
// for any op, each in the order given), computed once per name.
func (d *driver) patternsFor(name string) []ir.Pattern {
	if l, ok := d.ordered[name]; ok {
		return l
	}
	l := append(append([]ir.Pattern(nil), d.byRoot[name]...), d.any...)
	sort.SliceStable(l, func(i, j int) bool { return ir.BenefitOf(l[i]) > ir.BenefitOf(l[j]) })
	d.ordered[name] = l
	return l
}

func (d *driver) applyPatterns(op *ir.Operation) (bool, error) {
	for _, p := range d.patternsFor(op.Name()) {
		d.rw.SetInsertionPointBefore(op)
		ok, err := p.MatchAndRewrite(op, d.rw)
		var mf *ir.MatchFailure
		if !ok && errors.As(err, &mf) {
			err = nil // a reason for not matching, not a failure
		}
		if err != nil {
			return false, fmt.Errorf("pattern %s on '%s': %w", p.Name(), op.Name(), err)
		}
		if ok {
			return true, nil
		}
		if !d.inScope(op) {
			return true, nil // erased without reporting success
		}
	}
	return false, nil
}

// Listener callbacks (ir.RewriteListener).

func (d *driver) OpInserted(op *ir.Operation) { d.add(op) }

func (d *driver) OpModified(op *ir.Operation) { d.add(op) }

func (d *driver) OpReplaced(op *ir.Operation, with []ir.Value) {
	for _, r := range op.Results() {
		for _, u := range ir.Uses(r) {
			d.add(u.Owner())
		}
	}
}

func (d *driver) OpErased(op *ir.Operation) {
	for _, v := range op.Operands() {
		if v == nil {
			continue
		}
		// A value used at most by this op may become dead; one with a single
		// remaining use may have new canonicalization opportunities.
		if u := v.FirstUse(); u != nil && u.NextUse() != nil && u.NextUse().NextUse() != nil {
			continue
		}
		if def := v.DefiningOp(); def != nil {
			d.add(def)
		}
	}
	d.remove(op)
	d.folder.notifyRemoval(op)
}

// ---------------------------------------------------------------- dead code

// IsTriviallyDead reports whether op has no uses and WouldBeTriviallyDead.
func IsTriviallyDead(op *ir.Operation) bool {
	return op.UseEmpty() && WouldBeTriviallyDead(op)
}

// WouldBeTriviallyDead reports whether op could be erased if it had no
// uses: it is not a terminator and it and every op nested in it are Pure
// (nested terminators must be Pure too). Unregistered ops are never dead.
func WouldBeTriviallyDead(op *ir.Operation) bool {
	if op.HasTrait(ir.Terminator) || !op.HasTrait(ir.Pure) {
		return false
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks {
			for o := b.First(); o != nil; o = o.Next() {
				if !o.HasTrait(ir.Pure) {
					return false
				}
				if len(o.Regions()) > 0 && !nestedPure(o) {
					return false
				}
			}
		}
	}
	return true
}

func nestedPure(op *ir.Operation) bool {
	for _, r := range op.Regions() {
		for _, b := range r.Blocks {
			for o := b.First(); o != nil; o = o.Next() {
				if !o.HasTrait(ir.Pure) || !nestedPure(o) {
					return false
				}
			}
		}
	}
	return true
}

// ---------------------------------------------------------------- folding

// isConstant reports whether op is constant-like and folds to one attribute.
func isConstant(op *ir.Operation) bool {
	_, ok := constantValue(op)
	return ok
}

// constantValue returns the value of a ConstantLike op (its fold result).
func constantValue(op *ir.Operation) (ir.Attribute, bool) {
	if !op.HasTrait(ir.ConstantLike) || op.NumResults() != 1 {
		return nil, false
	}
	def := op.Def()
	if def.Fold == nil {
		return nil, false
	}
	rs := def.Fold(op)
	if len(rs) != 1 || rs[0].Attr == nil {
		return nil, false
	}
	return rs[0].Attr, true
}

// isConstantValue reports whether v is produced by a constant-like op.
func isConstantValue(v ir.Value) bool {
	def := v.DefiningOp()
	return def != nil && isConstant(def)
}

// folder uniques constants per insertion region, as MLIR's OperationFolder.
type folder struct {
	d      *driver
	scopes map[*ir.Region]map[string]*ir.Operation
	owned  map[*ir.Operation][]string // constant op -> its keys
}

func constKey(dialect string, value ir.Attribute, t ir.Type) string {
	return dialect + "\x00" + value.String() + "\x00" + t.String()
}

// insertionRegion is the region constants for ops in b go to: the nearest
// enclosing region whose parent is isolated from above, unregistered,
// top-level, or the driver's root.
func (f *folder) insertionRegion(b *ir.Block) *ir.Region {
	for {
		r := b.Parent()
		p := r.Parent()
		if p == nil || p == f.d.root || p.Def() == nil || p.HasTrait(ir.IsolatedFromAbove) || p.Block() == nil {
			return r
		}
		b = p.Block()
	}
}

func (f *folder) scope(r *ir.Region) map[string]*ir.Operation {
	m := f.scopes[r]
	if m == nil {
		m = map[string]*ir.Operation{}
		f.scopes[r] = m
	}
	return m
}

// rehoist moves an owned constant to the front of its block unless it is
// already in the leading run of owned constants.
func (f *folder) rehoist(op *ir.Operation) {
	b := op.Block()
	if b.First() != op && f.owned[op.Prev()] == nil {
		op.MoveBefore(b.First())
	}
}

// insertKnownConstant records the constant op. If an equal constant
// already exists in its insertion region, op is replaced by it and erased,
// and insertKnownConstant returns false. Otherwise op moves to the front of
// the region's entry block and true is returned.
func (f *folder) insertKnownConstant(op *ir.Operation) bool {
	if f.owned[op] != nil {
		f.rehoist(op)
		return true
	}
	value, _ := constantValue(op)
	region := f.insertionRegion(op.Block())
	key := constKey(op.OpName().Dialect, value, op.Result(0).Type())
	scope := f.scope(region)
	if existing := scope[key]; existing != nil && existing != op {
		f.d.rw.ReplaceOp(op, existing.Results())
		return false
	}
	entry := region.Entry()
	if op.Block() != entry || (entry.First() != op && f.owned[op.Prev()] == nil) {
		op.MoveBefore(entry.First())
	}
	scope[key] = op
	f.owned[op] = []string{key}
	return true
}

func (f *folder) notifyRemoval(op *ir.Operation) {
	keys := f.owned[op]
	if keys == nil {
		return
	}
	delete(f.owned, op)
	for _, m := range f.scopes {
		for _, k := range keys {
			if m[k] == op {
				delete(m, k)
			}
		}
	}
}

// tryToFold folds op. It reports whether op changed and, if so, whether it
// was updated in place (it is still there) rather than replaced.
func (f *folder) tryToFold(op *ir.Operation) (changed, inPlace bool, err error) {
	updated := f.moveConstantsLast(op)
	def := op.Def()
	if def == nil {
		return updated, updated, nil
	}
	var results []ir.OpFoldResult
	if def.Fold != nil {
		results = def.Fold(op)
	}
	if results == nil {
		// Constant operands: evaluate (through the interpreter, when it is
		// linked in), within ir.EvaluateConstantOp's bounds.
		results = ir.EvaluateConstantOp(op)
	}
	if results == nil {
		return updated, updated, nil
	}
	if len(results) == 0 {
		return true, true, nil
	}
	if len(results) != op.NumResults() {
		return false, false, fmt.Errorf("folding '%s' returned %d results, want %d", op.Name(), len(results), op.NumResults())
	}
	for i, r := range results {
		if r.Value == ir.Value(op.Result(i)) || (r.Value == nil && r.Attr == nil) {
			return updated, updated, nil
		}
	}
	vals, ok, err := f.materialize(op, results)
	if err != nil || !ok {
		return updated, updated, err
	}
	f.d.rw.ReplaceOp(op, vals)
	return true, false, nil
}

// usersStayValid reports whether replacing op's results by vals keeps
// every user of op that verifies now valid. Verifiers may check constant
// operands against static types (tcp.broadcast_to's and tcp.slice's sizes,
// docs/semantics.md §3.3-3.4), so folding `arith.addi %c2, %c3` into 5 where a
// broadcast's result dim is 4 would turn valid IR (which fails at run
// time) into IR that does not verify; such a fold is not done. Only a
// replacement by a constant can make a user fail, so only those users are
// checked, each by ir.VerifyLocal with the operand swapped in and back.
func usersStayValid(op *ir.Operation, vals []ir.Value) bool {
	for i, v := range vals {
		if !isConstantValue(v) {
			continue
		}
		var uses []*ir.OpOperand
		for u := ir.Value(op.Result(i)).FirstUse(); u != nil; u = u.NextUse() {
			uses = append(uses, u)
		}
		for _, u := range uses {
			user := u.Owner()
			if ir.VerifyLocal(user) != nil {
				continue // already invalid: not this fold's doing
			}
			old := u.Get()
			u.Set(v)
			err := ir.VerifyLocal(user)
			u.Set(old)
			if err != nil {
				return false
			}
		}
	}
	return true
}

// moveConstantsLast stably moves constant operands of a commutative op
// after the others, as MLIR's folder does; it reports whether it did.
func (f *folder) moveConstantsLast(op *ir.Operation) bool {
	if op.NumOperands() < 2 || !op.HasTrait(ir.Commutative) {
		return false
	}
	vals := op.Operands()
	var nonConst, consts []ir.Value
	for _, v := range vals {
		if isConstantValue(v) {
			consts = append(consts, v)
		} else {
			nonConst = append(nonConst, v)
		}
	}
	order := append(nonConst, consts...)
	same := true
	for i := range vals {
		if vals[i] != order[i] {
			same = false
			break
		}
	}
	if same {
		return false
	}
	f.d.rw.ModifyInPlace(op, func() { op.SetOperands(order) })
	return true
}

// materialize turns fold results into values, creating (or reusing)
// constants for attributes at the front of the insertion region.
func (f *folder) materialize(op *ir.Operation, results []ir.OpFoldResult) ([]ir.Value, bool, error) {
	region := f.insertionRegion(op.Block())
	entry := region.Entry()
	scope := f.scope(region)
	dialect := op.OpName().Dialect
	var created []*ir.Operation
	fail := func() ([]ir.Value, bool, error) {
		for _, c := range created {
			f.d.rw.EraseOp(c)
		}
		return nil, false, nil
	}
	vals := make([]ir.Value, len(results))
	for i, r := range results {
		want := op.Result(i).Type()
		if r.Value != nil {
			if r.Value.Type() != want {
				return fail()
			}
			vals[i] = r.Value
			continue
		}
		key := constKey(dialect, r.Attr, want)
		c := scope[key]
		if c == nil {
			mat := ir.LookupConstantMaterializer(dialect)
			if mat == nil {
				return fail()
			}
			f.d.rw.SetInsertionPointBefore(entry.First())
			c = mat(f.d.rw, r.Attr, want, op.Loc())
			if c == nil {
				return fail()
			}
			if c.NumResults() != 1 || c.Result(0).Type() != want {
				return nil, false, fmt.Errorf("constant materializer of dialect '%s' built '%s' with result types %v for a value of type %s", dialect, c.Name(), c.ResultTypes(), want)
			}
			created = append(created, c)
			keys := []string{key}
			if nd := c.OpName().Dialect; nd != dialect {
				keys = append(keys, constKey(nd, r.Attr, want))
			}
			for _, k := range keys {
				scope[k] = c
			}
			f.owned[c] = keys
		}
		// The constant must dominate op if they share a block.
		if b := op.Block(); b == c.Block() && b.First() != c {
			c.MoveBefore(b.First())
		}
		vals[i] = c.Result(0)
	}
	if !usersStayValid(op, vals) {
		return fail()
	}
	return vals, true, nil
}
