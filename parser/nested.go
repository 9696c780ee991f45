package parser

import "github.com/tcp-project/tcp/ir"

// ParseOperation parses one operation, without result names, where a
// custom form wraps it (ir.OperationParser): a generic "name"(...) or a
// custom form, and its optional trailing location.
func (p *parser) ParseOperation() (*ir.Operation, error) {
	t := *p.lex.Peek()
	var op *ir.Operation
	var err error
	switch t.typ {
	case tString:
		op, err = p.genericOp()
	case tBare:
		op, err = p.customOp(-1)
	default:
		return nil, p.errorAt(&t, "expected operation name in quotes")
	}
	if err != nil {
		return nil, err
	}
	if l, ok, err := p.ParseOptionalLocation(); err != nil {
		return nil, err
	} else if ok {
		op.SetLoc(l)
	}
	return op, nil
}

var _ ir.OperationParser = (*parser)(nil)
