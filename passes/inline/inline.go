package inline

import (
	"fmt"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
)

func init() {
	pass.Register(&pass.Info{
		Argument:    "inline",
		Name:        "Inliner",
		Description: "Inline func.call of single-block functions and erase private functions left without callers",
		Anchor:      pass.AnyOp,
		New:         func(pass.Options) (pass.Pass, error) { return thePass{}, nil },
	})
}

type thePass struct{}

func (thePass) Info() *pass.Info { return pass.Lookup("inline") }

func (thePass) Run(root *ir.Operation) error { return Run(root) }

// maxRounds bounds the repeated inlining (chains of calls deeper than this
// are left as calls).
const maxRounds = 16

// Run inlines the calls nested in root (a module).
func Run(root *ir.Operation) error {
	for round := 0; round < maxRounds; round++ {
		var calls []*ir.Operation
		root.Walk(ir.PreOrder, func(op *ir.Operation) {
			if _, ok := function.CalleeOf(op); ok {
				calls = append(calls, op)
			}
		})
		changed := false
		for _, call := range calls {
			ok, err := inlineCall(root, call)
			if err != nil {
				return err
			}
			changed = changed || ok
		}
		if !changed {
			break
		}
	}
	eraseDeadPrivate(root)
	return nil
}

func inlineCall(root, call *ir.Operation) (bool, error) {
	c, ok := function.CalleeOf(call)
	if !ok || len(c.Nested) != 0 {
		return false, nil
	}
	callee := function.Lookup(root, c.Root)
	if callee == nil || callee.IsAncestor(call) {
		return false, nil // unknown or recursive
	}
	f := function.FuncOp{Operation: callee}
	if f.IsDeclaration() || len(callee.Region(0).Blocks) != 1 {
		return false, nil
	}
	copyOp := callee.Clone()
	body := copyOp.Region(0).Blocks[0]
	if body.NumArguments() != call.NumOperands() {
		return false, call.EmitOpError("has %d operands, @%s takes %d", call.NumOperands(), c.Root, body.NumArguments())
	}
	for i, a := range body.Arguments() {
		ir.ReplaceAllUsesWith(a, call.Operand(i))
	}
	ret := body.Last()
	if ret == nil || ret.Name() != function.ReturnName || ret.NumOperands() != call.NumResults() {
		return false, fmt.Errorf("inline: @%s does not end in a func.return of %d values", c.Root, call.NumResults())
	}
	for _, op := range body.Ops() {
		if op != ret {
			op.MoveBefore(call)
		}
	}
	for i := 0; i < call.NumResults(); i++ {
		ir.ReplaceAllUsesWith(call.Result(i), ret.Operand(i))
	}
	call.Erase()
	copyOp.Erase()
	return true, nil
}

// eraseDeadPrivate erases the private functions no func.call refers to.
func eraseDeadPrivate(root *ir.Operation) {
	called := function.CalledNames(root)
	for _, f := range function.Funcs(root) {
		if f.StrAttr("sym_visibility") == "private" && !called[function.FuncOp{Operation: f}.Name()] {
			f.Erase()
		}
	}
}
