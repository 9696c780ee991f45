package passes

import (
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
)

// DCE is the dce pass: it erases the ops nested in the op it is given that
// are trivially dead (unused and Pure, see WouldBeTriviallyDead), including
// ops that become dead when their users are erased. Ops with side effects,
// unregistered ops, terminators and symbols are kept. (MLIR's symbol-dce,
// which removes unused functions, is a different pass.)
type DCE struct{}

var dceInfo = &pass.Info{
	Argument:    "dce",
	Name:        "DCE",
	Description: "Erase unused side-effect-free operations",
	Anchor:      pass.AnyOp,
	New:         func(pass.Options) (pass.Pass, error) { return NewDCE(), nil },
}

// NewDCE returns the dce pass.
func NewDCE() *DCE { return &DCE{} }

func (*DCE) Info() *pass.Info { return dceInfo }

func (*DCE) Run(op *ir.Operation) error {
	EraseDeadOps(op)
	return nil
}

// EraseDeadOps erases the trivially dead ops nested in root's regions and
// returns how many it erased. Users are visited before their producers, so
// chains of dead ops go in one sweep.
func EraseDeadOps(root *ir.Operation) int {
	var ops []*ir.Operation
	for _, r := range root.Regions() {
		for _, b := range r.Blocks {
			for _, o := range b.Ops() {
				o.Walk(ir.PostOrder, func(x *ir.Operation) { ops = append(ops, x) })
			}
		}
	}
	erased := map[*ir.Operation]bool{}
	n := 0
	var stack []*ir.Operation
	for i := len(ops) - 1; i >= 0; i-- {
		stack = append(stack[:0], ops[i])
		for len(stack) > 0 {
			op := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if erased[op] || op.Block() == nil || !IsTriviallyDead(op) {
				continue
			}
			var defs []*ir.Operation
			for _, v := range op.Operands() {
				if v != nil && v.DefiningOp() != nil {
					defs = append(defs, v.DefiningOp())
				}
			}
			op.Walk(ir.PostOrder, func(x *ir.Operation) { erased[x] = true })
			op.Erase()
			n++
			for _, d := range defs {
				if root.IsAncestor(d) && d != root {
					stack = append(stack, d)
				}
			}
		}
	}
	return n
}
