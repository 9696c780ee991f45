package ir

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// Verify checks op and everything nested in it: registered ops against their
// definitions (operand/result counts and types, attributes, regions, traits,
// custom verifiers), terminators, and SSA dominance within blocks. It
// returns every diagnostic found, or nil. Ops that are isolated from above
// (functions) are verified in parallel; the diagnostics are the same, in
// the same order, as a sequential run (VerifyWith can disable threading).
func Verify(op *Operation, allowUnregistered bool) error {
	return VerifyWith(op, VerifyOptions{AllowUnregistered: allowUnregistered})
}

// VerifyOptions configure VerifyWith.
type VerifyOptions struct {
	// AllowUnregistered accepts unregistered ops.
	AllowUnregistered bool
	// DisableThreading verifies everything on the calling goroutine
	// (--mlir-disable-threading).
	DisableThreading bool
}

// VerifyWith is Verify with options.
func VerifyWith(op *Operation, o VerifyOptions) error {
	if op == nil {
		return errors.New("verify: nil operation")
	}
	v := &verifier{allowUnregistered: o.AllowUnregistered, threads: !o.DisableThreading}
	v.op(op)
	if len(v.diags) == 0 {
		return nil
	}
	return v.diags
}

// VerifyLocal checks op alone against its definition: operand and result
// groups and types, attributes, region counts, traits and the op's own
// verifier; not the ops nested in it, and not dominance. An unregistered
// op passes. Rewrite drivers use it to check that a change keeps an op
// valid.
func VerifyLocal(op *Operation) error {
	def := op.Def()
	if def == nil {
		return nil
	}
	v := &verifier{allowUnregistered: true}
	if v.invariants(op, def) && def.Verify != nil {
		if err := def.Verify(op); err != nil {
			v.addErr(op, err)
		}
	}
	if len(v.diags) == 0 {
		return nil
	}
	return v.diags
}

// VerifySymbolUses runs the symbol-use checks (OpDef.VerifySymbolUses) of
// the ops nested in table, a symbol table op (a module), as its
// verification does; nested symbol tables are left to their own. The pass
// manager runs it on the parent after a nested pipeline, whose per-function
// verification skips them (MLIR verifies the module after a pass adaptor).
func VerifySymbolUses(table *Operation) error {
	var diags DiagnosticList
	var walk func(op *Operation)
	walk = func(op *Operation) {
		for _, r := range op.regions {
			for _, b := range r.Blocks {
				for o := b.first; o != nil; o = o.next {
					def := o.Def()
					if def != nil && def.VerifySymbolUses != nil {
						if err := def.VerifySymbolUses(o); err != nil {
							v := &verifier{}
							v.addErr(o, err)
							diags = append(diags, v.diags...)
						}
					}
					if def == nil || !def.HasTrait(SymbolTable) {
						walk(o)
					}
				}
			}
		}
	}
	walk(table)
	if len(diags) == 0 {
		return nil
	}
	return diags
}

type verifier struct {
	// symbolScope counts the symbol table ops (modules) being verified
	// around the current op: symbol uses are checked only inside one.
	symbolScope       int
	allowUnregistered bool
	threads           bool // verify isolated ops of a block in parallel
	diags             DiagnosticList
	doms              map[*Region]map[*Block]*Block // immediate dominators, per multi-block region
}

// Workers returns the number of goroutines parallel IR work uses: one per
// available CPU (GOMAXPROCS), at least 1.
func Workers() int { return max(1, runtime.GOMAXPROCS(0)) }

// ParallelFor calls fn(i) for i in [0, n) on up to Workers() goroutines,
// handing out indices in increasing order, and waits for all calls. If
// stop is non-nil and returns true, no further indices are handed out.
// A panic in fn is re-raised on the calling goroutine after the others
// finish (so that callers' recover-based error reporting still works).
func ParallelFor(n int, fn func(i int), stop func() bool) {
	workers := min(Workers(), n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			if stop != nil && stop() {
				return
			}
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var panicOnce sync.Once
	var panicked any
	var stopped atomic.Bool
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					panicOnce.Do(func() { panicked = r })
					stopped.Store(true)
				}
			}()
			for !stopped.Load() {
				i := int(next.Add(1) - 1)
				if i >= n || stop != nil && stop() {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
}

// parallelVerify verifies the isolated-from-above ops of b concurrently,
// each with its own verifier, and returns their diagnostics by position
// in b (nil where the op is not isolated, or threading is off, or fewer
// than two ops qualify).
func (v *verifier) parallelVerify(b *Block) (pre []DiagnosticList, isolated []bool) {
	if !v.threads || Workers() < 2 {
		return nil, nil
	}
	var ops []*Operation
	var idx []int
	i := 0
	for o := b.first; o != nil; o = o.next {
		if o.HasTrait(IsolatedFromAbove) && len(o.regions) > 0 {
			ops = append(ops, o)
			idx = append(idx, i)
		}
		i++
	}
	if len(ops) < 2 {
		return nil, nil
	}
	pre = make([]DiagnosticList, i)
	isolated = make([]bool, i)
	ParallelFor(len(ops), func(k int) {
		w := &verifier{allowUnregistered: v.allowUnregistered, threads: false, symbolScope: v.symbolScope}
		w.op(ops[k])
		pre[idx[k]] = w.diags
	}, nil)
	for _, j := range idx {
		isolated[j] = true
	}
	return pre, isolated
}

func (v *verifier) add(d *Diagnostic) { v.diags = append(v.diags, d) }

func (v *verifier) op(op *Operation) {
	def := op.Def()
	ok := true
	if def == nil {
		if !v.allowUnregistered {
			hint := ""
			if !Global.HasDialect(op.name.Dialect) {
				hint = MissingDialectHint(op.name.Dialect)
			}
			v.add(op.EmitError("unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations%s", op.Name(), op.name.Dialect, hint))
			ok = false
		}
	} else {
		ok = v.invariants(op, def)
	}
	if !ok {
		// As MLIR: nested ops are not verified under an op whose own
		// invariants fail (their verifiers may rely on the parent).
		return
	}
	table := def != nil && def.HasTrait(SymbolTable)
	if table {
		v.symbolScope++
	}
	for _, r := range op.regions {
		for _, b := range r.Blocks {
			v.block(op, b)
		}
	}
	if table {
		v.symbolScope--
	}
	if ok && def != nil && def.Verify != nil {
		if err := def.Verify(op); err != nil {
			v.addErr(op, err)
		}
	}
	if ok && def != nil && def.VerifySymbolUses != nil && v.symbolScope > 0 {
		if err := def.VerifySymbolUses(op); err != nil {
			v.addErr(op, err)
		}
	}
}

func (v *verifier) addErr(op *Operation, err error) {
	switch e := err.(type) {
	case *Diagnostic:
		v.add(e)
	case DiagnosticList:
		v.diags = append(v.diags, e...)
	default:
		v.add(op.EmitOpError("%v", err))
	}
}

// invariants checks what the declarative definition says.
func (v *verifier) invariants(op *Operation, def *OpDef) bool {
	if def.fixedGroups(op) {
		// One value per group: check the types without building groups.
		for i := range op.operands {
			val := op.operands[i].value
			if val == nil {
				v.add(op.EmitOpError("operand #%d is null", i))
				return false
			}
			if c := def.Operands[i].Type; !c.Match(val.Type()) {
				v.add(op.EmitOpError("operand #%d must be %s, but got '%s'", i, c.Describe(), val.Type()))
				return false
			}
		}
		for i := range op.results {
			if c := def.Results[i].Type; !c.Match(op.results[i].typ) {
				v.add(op.EmitOpError("result #%d must be %s, but got '%s'", i, c.Describe(), op.results[i].typ))
				return false
			}
		}
		return v.attrsRegionsTraits(op, def)
	}
	var buf [8]int
	bounds, err := def.operandBounds(op, buf[:0])
	if err != nil {
		v.add(op.EmitOpError("%s", operandCountMessage(def, op, err)))
		return false
	}
	for gi := 0; gi+1 < len(bounds); gi++ {
		for n := bounds[gi]; n < bounds[gi+1]; n++ {
			val := op.operands[n].value
			if val == nil {
				v.add(op.EmitOpError("operand #%d is null", n))
				return false
			}
			if c := def.Operands[gi].Type; !c.Match(val.Type()) {
				v.add(op.EmitOpError("operand #%d must be %s, but got '%s'", n, c.Describe(), val.Type()))
				return false
			}
		}
	}
	bounds, err = def.resultBounds(op, buf[:0])
	if err != nil {
		v.add(op.EmitOpError("%s", resultCountMessage(def, op)))
		return false
	}
	for gi := 0; gi+1 < len(bounds); gi++ {
		for n := bounds[gi]; n < bounds[gi+1]; n++ {
			if c := def.Results[gi].Type; !c.Match(op.results[n].typ) {
				v.add(op.EmitOpError("result #%d must be %s, but got '%s'", n, c.Describe(), op.results[n].typ))
				return false
			}
		}
	}
	return v.attrsRegionsTraits(op, def)
}

// attrsRegionsTraits checks attributes, region and successor counts and
// the trait verifiers.
func (v *verifier) attrsRegionsTraits(op *Operation, def *OpDef) bool {
	for i := range def.Attrs {
		ad := &def.Attrs[i]
		a := op.Attr(ad.Name)
		if a == nil {
			if ad.Required {
				v.add(op.EmitOpError("requires attribute '%s'", ad.Name))
				return false
			}
			continue
		}
		if !ad.Kind.Match(a) {
			v.add(op.EmitOpError("attribute '%s' failed to satisfy constraint: %s", ad.Name, ad.Kind.Describe()))
			return false
		}
	}
	if want := len(def.Regions); want != len(op.regions) && !(want > 0 && def.Regions[want-1].Variadic) {
		v.add(op.EmitOpError("requires %d regions", want))
		return false
	}
	if want := len(def.Successors); want != len(op.successors()) && !(want > 0 && def.Successors[want-1].Variadic) {
		v.add(op.EmitOpError("requires %d successors", want))
		return false
	}
	for _, t := range def.Traits {
		if tv, ok := t.(TraitVerifier); ok {
			if err := tv.VerifyTrait(op); err != nil {
				v.add(op.EmitOpError("%v", err))
				return false
			}
		}
		switch t {
		case SameOperandsAndResultType:
			if !sameOperandsAndResultType(op) {
				v.add(op.EmitOpError("requires the same type for all operands and results"))
				return false
			}
		case Terminator:
			if op.block != nil && op.block.last != op {
				v.add(op.EmitOpError("must be the last operation in the parent block"))
				return false
			}
		case SingleBlock:
			for _, r := range op.regions {
				if len(r.Blocks) > 1 {
					v.add(op.EmitOpError("expects region to have 0 or 1 blocks"))
					return false
				}
			}
		}
	}
	return true
}

func operandCountMessage(def *OpDef, op *Operation, err error) string {
	fixed, variadic := 0, false
	for _, o := range def.Operands {
		if o.Variadic || o.Optional {
			variadic = true
		} else {
			fixed++
		}
	}
	if def.HasTrait(AttrSizedOperandSegments) {
		return err.Error()
	}
	if variadic {
		if op.NumOperands() < fixed {
			return fmt.Sprintf("expected %d or more operands, but found %d", fixed, op.NumOperands())
		}
		return err.Error()
	}
	switch fixed {
	case 0:
		return "requires zero operands"
	case 1:
		return "requires a single operand"
	}
	return fmt.Sprintf("expected %d operands, but found %d", fixed, op.NumOperands())
}

func resultCountMessage(def *OpDef, op *Operation) string {
	switch len(def.Results) {
	case 0:
		return "requires zero results"
	case 1:
		if !def.Results[0].Variadic {
			return "requires one result"
		}
	}
	return fmt.Sprintf("expected %d results, but found %d", len(def.Results), op.NumResults())
}

func (v *verifier) block(parent *Operation, b *Block) {
	pdef := parent.Def()
	noTerm := pdef != nil && pdef.HasTrait(NoTerminator)
	i := 0
	for o := b.first; o != nil; o = o.next {
		o.orderIdx = int32(i)
		i++
	}
	pre, isolated := v.parallelVerify(b)
	i = 0
	for o := b.first; o != nil; o = o.next {
		for oi := range o.operands {
			val := o.operands[oi].value
			if val == nil {
				continue
			}
			if err := v.dominates(val, o); err != nil {
				v.add(err)
			}
		}
		if isolated != nil && isolated[i] {
			v.diags = append(v.diags, pre[i]...)
		} else {
			v.op(o)
		}
		i++
	}
	if !noTerm && pdef != nil && b.last != nil && !b.last.HasTrait(Terminator) && b.last.Def() != nil && !hasTerminator(b) {
		v.add(b.last.EmitOpError("is not a terminator; '%s' needs a terminator at the end of its block", parent.Name()))
	}
	if !noTerm && pdef != nil && b.last == nil {
		v.add(parent.EmitOpError("empty block: expect at least a terminator"))
	}
}

// dominates checks that val is visible at user. Walking up from user, at
// the level of the region that defines val: in the defining block, the
// definition must come first; in another block of that region, the defining
// block must dominate it (block arguments dominate their whole block). The
// walk stops at an isolated-from-above op.
func (v *verifier) dominates(val Value, user *Operation) *Diagnostic {
	defBlock := val.ParentBlock()
	d := val.DefiningOp()
	if defBlock == user.block {
		if d != nil && d.block == user.block && d.orderIdx >= user.orderIdx {
			return user.EmitError("operand #%d does not dominate this use", operandIndex(user, val)).
				AttachNote(d.loc, "operand defined here (op in the same block)")
		}
		return nil
	}
	for anc := user; ; {
		if anc.block != nil && defBlock != nil && anc.block.parent == defBlock.parent && anc != user {
			if anc.block == defBlock {
				if d != nil && d.orderIdx >= anc.orderIdx {
					return user.EmitError("operand #%d does not dominate this use", operandIndex(user, val)).
						AttachNote(d.loc, "operand defined here (op in a parent region)")
				}
				return nil
			}
		}
		if anc.block != nil && defBlock != nil && anc.block.parent == defBlock.parent && anc.block != defBlock {
			if !v.blockDominates(defBlock, anc.block) {
				return user.EmitError("operand #%d does not dominate this use", operandIndex(user, val)).
					AttachNote(definitionLoc(val), "operand defined here (op in another block)")
			}
			return nil
		}
		p := anc.ParentOp()
		if p == nil || p.HasTrait(IsolatedFromAbove) {
			return user.EmitOpError("using value defined outside the region")
		}
		anc = p
	}
}

// hasTerminator reports whether any op of b is a terminator (a misplaced
// one is reported by its own verifier; no cascade about the block's end).
func hasTerminator(b *Block) bool {
	for o := b.first; o != nil; o = o.next {
		if o.HasTrait(Terminator) {
			return true
		}
	}
	return false
}

func definitionLoc(v Value) Location {
	if d := v.DefiningOp(); d != nil {
		return d.loc
	}
	if a, ok := v.(*BlockArgument); ok && a.Loc != nil {
		return a.Loc
	}
	return UnknownLoc{}
}

// blockDominates reports whether a dominates b, two blocks of one region.
// Blocks unreachable from the entry are dominated by every block, as in
// MLIR's DominanceInfo.
func (v *verifier) blockDominates(a, b *Block) bool {
	if v.doms == nil {
		v.doms = map[*Region]map[*Block]*Block{}
	}
	r := a.parent
	idom, ok := v.doms[r]
	if !ok {
		idom, _ = Dominators(r)
		v.doms[r] = idom
	}
	if _, reachable := idom[b]; !reachable {
		return true
	}
	for x := b; ; {
		if x == a {
			return true
		}
		next := idom[x]
		if next == x {
			return false
		}
		x = next
	}
}

// Dominators computes the dominator tree of a region's CFG (Cooper, Harvey
// and Kennedy's iterative algorithm over the terminators' successors).
// idom maps every block reachable from the entry to its immediate dominator
// (the entry to itself); unreachable blocks are absent. rpo lists the
// reachable blocks in reverse post-order.
func Dominators(r *Region) (idom map[*Block]*Block, rpo []*Block) {
	entry := r.Entry()
	if entry == nil {
		return nil, nil
	}
	var post []*Block
	seen := map[*Block]bool{}
	var dfs func(b *Block)
	dfs = func(b *Block) {
		seen[b] = true
		if t := b.last; t != nil {
			for _, s := range t.successors() {
				if !seen[s] {
					dfs(s)
				}
			}
		}
		post = append(post, b)
	}
	dfs(entry)
	num := map[*Block]int{}
	for i, b := range post {
		num[b] = i
	}
	preds := map[*Block][]*Block{}
	for _, b := range post {
		if t := b.last; t != nil {
			for _, s := range t.successors() {
				preds[s] = append(preds[s], b)
			}
		}
	}
	idom = map[*Block]*Block{entry: entry}
	intersect := func(a, b *Block) *Block {
		for a != b {
			for num[a] < num[b] {
				a = idom[a]
			}
			for num[b] < num[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(post) - 1; i >= 0; i-- {
			b := post[i]
			if b == entry {
				continue
			}
			var nd *Block
			for _, p := range preds[b] {
				if _, ok := idom[p]; ok {
					if nd == nil {
						nd = p
					} else {
						nd = intersect(p, nd)
					}
				}
			}
			if nd != nil && idom[b] != nd {
				idom[b] = nd
				changed = true
			}
		}
	}
	rpo = make([]*Block, len(post))
	for i, b := range post {
		rpo[len(post)-1-i] = b
	}
	return idom, rpo
}

func operandIndex(op *Operation, v Value) int {
	for i := range op.operands {
		if op.operands[i].value == v {
			return i
		}
	}
	return -1
}

// sameOperandsAndResultType reports whether every operand and result of op
// has the type of its first result (true for an op without results).
func sameOperandsAndResultType(op *Operation) bool {
	if len(op.results) == 0 {
		return true
	}
	t := op.results[0].typ
	for i := range op.operands {
		if op.operands[i].value.Type() != t {
			return false
		}
	}
	for i := range op.results {
		if op.results[i].typ != t {
			return false
		}
	}
	return true
}
