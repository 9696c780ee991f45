package tcp

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// AssertName is the name of tcp.assert.
const AssertName = "tcp.assert"

// AssertMessage is the error text of a failed tcp.assert with the values
// vals: msg with each "{k}" replaced by vals[k] (jax's placeholders).
func AssertMessage(msg string, vals []int64) string {
	for k := len(vals) - 1; k >= 0; k-- {
		msg = strings.ReplaceAll(msg, fmt.Sprintf("{%d}", k), fmt.Sprint(vals[k]))
	}
	return msg
}

// Assert is tcp.assert: a run-time check (MLIR's cf.assert on a 0-d
// tensor). The StableHLO conversion makes jax's @shape_assertion one.
var Assert = ir.MustRegister(ir.OpDef{
	Name:    AssertName,
	Summary: "raise an error unless a condition holds",
	Description: `Raises the error msg when the 0-d i1 tensor cond is false and does
nothing when it is true, as MLIR's cf.assert. Each "{k}" in msg is
replaced by the value of values[k] (0-d integer tensors), the placeholders
of jax's @shape_assertion messages, which the StableHLO conversion turns
into tcp.assert: the checks jax.export puts on the run-time dims of a
program exported with symbolic shapes ("Expected value >= 1 for dimension
variable 'b'").

The op has no results and is not removed as dead code; canonicalization
erases it when cond is the constant true (as after specialize-dims, where
every dim is a constant).

Verifier rules: cond is tensor<i1> and every value a 0-d integer tensor
(the operand constraints); msg is a string attribute.`,
	Examples: []string{
		`tcp.assert %0, "expected a batch of at least 1, got {0}"(%1) : (tensor<i1>, tensor<i32>) -> ()`,
	},
	Operands: []ir.OperandDef{
		{Name: "cond", Type: ir.TypePred("tensor<i1>", func(t ir.Type) bool {
			rt, ok := t.(*ir.RankedTensorType)
			return ok && rt.Rank() == 0 && rt.Elem() == ir.I1
		})},
		{Name: "values", Variadic: true, Type: ir.TypePred("0-d integer tensor", func(t ir.Type) bool {
			rt, ok := t.(*ir.RankedTensorType)
			return ok && rt.Rank() == 0 && ir.IsInteger(rt.Elem())
		})},
	},
	Attrs:        []ir.AttrDef{{Name: "msg", Kind: ir.StrAttrKind, Required: true}},
	Format:       "$cond `,` $msg `(` $values `)` attr-dict `:` functional-type(operands, results)",
	Canonicalize: []ir.Pattern{eraseTrueAssert},
})

// eraseTrueAssert erases a tcp.assert of the constant true.
var eraseTrueAssert = &ir.PatternFunc{PatternName: "EraseTrueAssert", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	def := op.Operand(0).DefiningOp()
	if def == nil {
		return false, nil
	}
	a, ok := def.Attr("value").(*ir.DenseElementsAttr)
	if !ok || (def.Name() != ConstName && def.Name() != "arith.constant") || a.Type.NumElements() != 1 || a.IntAt(0) == 0 {
		return false, nil
	}
	rw.EraseOp(op)
	return true, nil
}}

// BuildAssert inserts tcp.assert cond, msg (values).
func BuildAssert(rw *ir.Rewriter, loc ir.Location, cond ir.Value, msg string, values []ir.Value) *ir.Operation {
	return rw.Create(AssertName, loc, append([]ir.Value{cond}, values...), nil, []ir.NamedAttr{{Name: "msg", Value: ir.StringAttr(msg)}})
}
