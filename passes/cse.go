package passes

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
)

// CSE is the cse pass (MLIR's CSE): an op without regions that is Pure and
// not a terminator is replaced by an earlier equivalent op that dominates
// it: same name, operands, result types, attributes and successors
// (locations are ignored; if the kept op's location is unknown it takes
// the removed op's). Known ops flow from a block into the blocks it
// dominates and into nested regions, but not into regions of ops that are
// isolated from above or unregistered. Trivially dead ops are erased too.
type CSE struct{}

var cseInfo = &pass.Info{
	Argument:    "cse",
	Name:        "CSE",
	Description: "Eliminate common sub-expressions",
	Anchor:      pass.AnyOp,
	New:         func(pass.Options) (pass.Pass, error) { return NewCSE(), nil },
}

// NewCSE returns the cse pass.
func NewCSE() *CSE { return &CSE{} }

func (*CSE) Info() *pass.Info { return cseInfo }

func (*CSE) Run(op *ir.Operation) error {
	c := &cse{}
	for _, r := range op.Regions() {
		c.region(&scope{known: map[string][]*ir.Operation{}}, r)
	}
	for _, o := range c.toErase {
		o.Erase()
	}
	return nil
}

// scope is one level of the scoped table of known ops.
type scope struct {
	parent *scope
	known  map[string][]*ir.Operation
}

func (s *scope) child() *scope { return &scope{parent: s, known: map[string][]*ir.Operation{}} }

func (s *scope) lookup(key string, op *ir.Operation) *ir.Operation {
	for ; s != nil; s = s.parent {
		for _, o := range s.known[key] {
			if equivalent(o, op) {
				return o
			}
		}
	}
	return nil
}

type cse struct {
	toErase []*ir.Operation
}

func (c *cse) region(known *scope, r *ir.Region) {
	if r.Empty() {
		return
	}
	if len(r.Blocks) == 1 {
		c.block(known.child(), r.Blocks[0])
		return
	}
	t := newDomTree(r)
	var visit func(b *ir.Block, s *scope)
	visit = func(b *ir.Block, s *scope) {
		c.block(s, b)
		for _, ch := range t.children[b] {
			visit(ch, s.child())
		}
	}
	visit(r.Entry(), known.child())
	for _, b := range t.unreachable {
		c.block(known.child(), b)
	}
}

func (c *cse) block(known *scope, b *ir.Block) {
	for _, op := range b.Ops() {
		if len(op.Regions()) > 0 {
			isolated := op.Def() == nil || op.HasTrait(ir.IsolatedFromAbove)
			for _, r := range op.Regions() {
				if isolated {
					c.region(&scope{known: map[string][]*ir.Operation{}}, r)
				} else {
					c.region(known, r)
				}
			}
		}
		c.op(known, op)
	}
}

func (c *cse) op(known *scope, op *ir.Operation) {
	if op.HasTrait(ir.Terminator) {
		return
	}
	if IsTriviallyDead(op) {
		c.toErase = append(c.toErase, op)
		return
	}
	if len(op.Regions()) > 0 || !op.HasTrait(ir.Pure) {
		return
	}
	key := hashKey(op)
	if existing := known.lookup(key, op); existing != nil {
		if _, unknown := existing.Loc().(ir.UnknownLoc); unknown {
			if _, alsoUnknown := op.Loc().(ir.UnknownLoc); !alsoUnknown {
				existing.SetLoc(op.Loc())
			}
		}
		op.ReplaceAllUsesWith(existing.Results())
		c.toErase = append(c.toErase, op)
		return
	}
	known.known[key] = append(known.known[key], op)
}

// hashKey summarizes what equivalent compares; equal ops have equal keys.
func hashKey(op *ir.Operation) string {
	var b strings.Builder
	b.WriteString(op.Name())
	for _, v := range op.Operands() {
		fmt.Fprintf(&b, "|%p", v)
	}
	b.WriteString("|->")
	for _, t := range op.ResultTypes() {
		b.WriteString(t.String())
		b.WriteByte(',')
	}
	for _, a := range op.Attrs() {
		b.WriteString("|" + a.Name)
	}
	return b.String()
}

// equivalent reports whether two ops compute the same values.
func equivalent(a, b *ir.Operation) bool {
	if a.OpName() != b.OpName() || a.NumOperands() != b.NumOperands() || a.NumResults() != b.NumResults() {
		return false
	}
	for i := 0; i < a.NumOperands(); i++ {
		if a.Operand(i) != b.Operand(i) {
			return false
		}
	}
	for i := 0; i < a.NumResults(); i++ {
		if a.Result(i).Type() != b.Result(i).Type() {
			return false
		}
	}
	aa, ba := a.Attrs(), b.Attrs()
	if len(aa) != len(ba) {
		return false
	}
	for i := range aa {
		if aa[i].Name != ba[i].Name || !ir.AttrEqual(aa[i].Value, ba[i].Value) {
			return false
		}
	}
	as, bs := a.Successors(), b.Successors()
	if len(as) != len(bs) {
		return false
	}
	for i := range as {
		if as[i] != bs[i] {
			return false
		}
	}
	return true
}
