package ir

// Pattern rewrites one root operation. MatchAndRewrite returns true if it
// changed the IR (through the Rewriter only, so drivers can track changes).
type Pattern interface {
	// Root is the op name the pattern matches, or "" for any op.
	Root() string
	// Name identifies the pattern in debug output and tests.
	Name() string
	MatchAndRewrite(op *Operation, rw *Rewriter) (bool, error)
}

// PatternBenefit is implemented by patterns that state their benefit
// (MLIR's PatternBenefit): drivers try the patterns that apply to an op in
// decreasing benefit order, patterns of equal benefit in the order given.
// A pattern without the method has DefaultBenefit.
type PatternBenefit interface {
	Benefit() int
}

// DefaultBenefit is the benefit of a pattern that does not state one.
const DefaultBenefit = 1

// BenefitOf returns p's benefit (DefaultBenefit unless p implements
// PatternBenefit).
func BenefitOf(p Pattern) int {
	if b, ok := p.(PatternBenefit); ok {
		return b.Benefit()
	}
	return DefaultBenefit
}

// PatternFunc adapts a function into a Pattern.
type PatternFunc struct {
	RootName    string
	PatternName string
	Fn          func(op *Operation, rw *Rewriter) (bool, error)
	// BenefitValue is the pattern's benefit; 0 means DefaultBenefit.
	BenefitValue int
}

// Benefit returns the stated benefit, or DefaultBenefit if none.
func (p *PatternFunc) Benefit() int {
	if p.BenefitValue == 0 {
		return DefaultBenefit
	}
	return p.BenefitValue
}

func (p *PatternFunc) Root() string { return p.RootName }
func (p *PatternFunc) Name() string { return p.PatternName }
func (p *PatternFunc) MatchAndRewrite(op *Operation, rw *Rewriter) (bool, error) {
	return p.Fn(op, rw)
}

// RewriteListener observes IR changes made through a Rewriter.
type RewriteListener interface {
	OpInserted(op *Operation)
	OpErased(op *Operation)
	OpModified(op *Operation)
	OpReplaced(op *Operation, with []Value)
}

// Rewriter creates and erases operations at an insertion point and reports
// every change to its listener.
type Rewriter struct {
	Registry *Registry
	Listener RewriteListener
	block    *Block
	before   *Operation // insert before this op (nil: at block end)
}

// NewRewriter returns a rewriter over reg (Global if nil).
func NewRewriter(reg *Registry, l RewriteListener) *Rewriter {
	if reg == nil {
		reg = Global
	}
	return &Rewriter{Registry: reg, Listener: l}
}

// SetInsertionPointBefore makes new ops go right before op.
func (rw *Rewriter) SetInsertionPointBefore(op *Operation) {
	rw.block, rw.before = op.block, op
}

// SetInsertionPointToEnd makes new ops go at the end of b.
func (rw *Rewriter) SetInsertionPointToEnd(b *Block) { rw.block, rw.before = b, nil }

// Insert places a detached op at the insertion point.
func (rw *Rewriter) Insert(op *Operation) *Operation {
	if rw.block != nil {
		rw.block.insertBefore(op, rw.before)
	}
	if rw.Listener != nil {
		rw.Listener.OpInserted(op)
	}
	return op
}

// Create builds an op named name and inserts it.
func (rw *Rewriter) Create(name string, loc Location, operands []Value, results []Type, attrs []NamedAttr) *Operation {
	op := NewOperation(&OperationState{Name: rw.Registry.Lookup(name), Loc: loc, Operands: operands, Types: results, Attrs: attrs})
	return rw.Insert(op)
}

// ReplaceOp replaces op's results with vs and erases op.
func (rw *Rewriter) ReplaceOp(op *Operation, vs []Value) {
	if rw.Listener != nil {
		rw.Listener.OpReplaced(op, vs)
	}
	for i := range op.results {
		for u := op.results[i].first; u != nil; u = op.results[i].first {
			if rw.Listener != nil {
				rw.Listener.OpModified(u.owner)
			}
			u.Set(vs[i])
		}
	}
	rw.EraseOp(op)
}

// EraseOp erases an op whose results are unused.
func (rw *Rewriter) EraseOp(op *Operation) {
	if rw.Listener != nil {
		op.Walk(PostOrder, rw.Listener.OpErased)
	}
	op.Erase()
}

// ModifyInPlace runs fn, which changes op's operands or attributes.
func (rw *Rewriter) ModifyInPlace(op *Operation, fn func()) {
	fn()
	if rw.Listener != nil {
		rw.Listener.OpModified(op)
	}
}

// MatchFailure is the error a pattern returns with ok == false to say why
// it does not apply to an op it is rooted on ("dim is not a constant"),
// as MLIR's notifyMatchFailure. It is not a failure of the rewrite: the
// greedy driver moves on to the next pattern, and the dialect-conversion
// driver (passes/conversion) attaches the reason to its "failed to
// legalize" diagnostic.
type MatchFailure struct {
	Diag *Diagnostic
}

func (m *MatchFailure) Error() string { return m.Diag.Error() }

// Unwrap returns the located diagnostic.
func (m *MatchFailure) Unwrap() error { return m.Diag }

// NotifyMatchFailure returns a MatchFailure located at op, for
// `return false, ir.NotifyMatchFailure(op, "...")`.
func NotifyMatchFailure(op *Operation, format string, args ...any) error {
	return &MatchFailure{Diag: op.EmitOpError(format, args...)}
}

// NotifyMatchFailureAt is NotifyMatchFailure located at loc (an operand's
// defining op, say).
func NotifyMatchFailureAt(loc Location, format string, args ...any) error {
	return &MatchFailure{Diag: Errorf(loc, format, args...)}
}
