package tcptodml

import (
	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/ir"
)

// concat lowers tensor.concat to dml.join (DML_OPERATOR_JOIN) on the
// operands as they are: a broadcast or transpose operand is materialized
// by an element_wise_identity (run does that for every view a non-view op
// uses), reshapes are free. The axis is the concatenated dim in padded
// coordinates.
func (c *conv) concat(op *ir.Operation) *ir.Diagnostic {
	for _, v := range append(op.Operands(), op.Result(0)) {
		if err := checkTensor(op, "tensor", v.Type()); err != nil {
			return err
		}
	}
	r := len(shapeOf(op.Result(0)))
	d, err := c.dims(op, "DML_OPERATOR_JOIN", true, r)
	if err != nil {
		return err
	}
	c.rw.SetInsertionPointBefore(op)
	j := c.rw.Create(dml.JoinName, c.loc(op), op.Operands(), []ir.Type{op.Result(0).Type()}, []ir.NamedAttr{
		{Name: "axis", Value: ir.IndexAttr(op.IntAttr("dim") + int64(d-r))},
		{Name: "dimension_count", Value: ir.IndexAttr(int64(d))},
	})
	return c.finish(op, j)
}
