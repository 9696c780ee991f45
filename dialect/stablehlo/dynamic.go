package stablehlo

import "github.com/tcp-project/tcp/ir"

// Op names of the shape-operand forms (onnx-mlir emits them for
// gather_elements: the indices reshaped to [..., 1] and an iota per other
// dim, all shaped by one run-time shape tensor).
const (
	DynamicIotaName    = "stablehlo.dynamic_iota"
	DynamicReshapeName = "stablehlo.dynamic_reshape"
)

// shapeTensor admits the output_shape operand: a 1-D tensor of integer or
// index values.
var shapeTensor = ir.TypePred("1-D tensor of integer or index values", func(t ir.Type) bool {
	rt, ok := t.(*ir.RankedTensorType)
	return ok && rt.Rank() == 1 && (ir.IsInteger(rt.Elem()) || rt.Elem() == ir.Index)
})

// checkShapeOperand is the rule shared by both ops: output_shape has one
// element per result dim.
func checkShapeOperand(op *ir.Operation, shape ir.Value) error {
	n := shape.Type().(*ir.RankedTensorType).Dim(0)
	r := op.Result(0).Type().(*ir.RankedTensorType).Rank()
	if n != ir.Dynamic && n != int64(r) {
		return op.EmitOpError("expects output_shape to have %d elements (the result rank), got %d", r, n)
	}
	return nil
}

// DynamicIota is stablehlo.dynamic_iota (also mhlo.dynamic_iota).
var DynamicIota = register(ir.OpDef{
	Name:    DynamicIotaName,
	Summary: "an iota whose shape is a run-time operand",
	Description: `output[oi] = oi[iota_dimension], converted to the element type, where the
shape of output is the value of output_shape (StableHLO spec,
"dynamic_iota"; integers wrap to their width, as for stablehlo.iota). At
run time output_shape must hold non-negative sizes that agree with the
static dims of the result type (an error otherwise).

Verifier rules:
  C1. 0 <= iota_dimension < rank(output) ("iota dimension cannot go beyond
      the output rank."; a 0-d output: "does not support scalars.").
  C2. size(output_shape) = rank(output) when static.
  output_shape is a 1-D integer or index tensor; the output element type is
  an integer or floating-point type.`,
	Examples: []string{
		"%0 = stablehlo.dynamic_iota %arg0, dim = 1 : (tensor<2xi64>) -> tensor<?x3xi64>",
	},
	Operands: []ir.OperandDef{{Name: "output_shape", Type: shapeTensor}},
	Results:  []ir.ResultDef{{Name: "output", Type: ir.RankedTensorOf(ir.AnyInteger, ir.AnyFloat)}},
	Attrs:    []ir.AttrDef{{Name: "iota_dimension", Kind: ir.I64AttrKind, Required: true}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   "$output_shape `,` `dim` `=` $iota_dimension attr-dict `:` functional-type(operands, results)",
	Verify: func(op *ir.Operation) error {
		if err := verifyIotaDimension(op); err != nil {
			return err
		}
		return checkShapeOperand(op, op.Operand(0))
	},
})

// DynamicReshape is stablehlo.dynamic_reshape (also mhlo.dynamic_reshape).
var DynamicReshape = register(ir.OpDef{
	Name:    DynamicReshapeName,
	Summary: "the same elements in row-major order, in a run-time shape",
	Description: `result is operand's elements in row-major order with the shape given by the
value of output_shape (StableHLO spec, "dynamic_reshape"). At run time
output_shape must hold non-negative sizes that agree with the static dims
of the result type and whose product is the operand's element count (an
error otherwise).

Verifier rules:
  C1. element_type(result) = element_type(operand).
  C2. size(operand) = size(result) when both shapes are static ("number of
      output elements (N) doesn't match expected number of elements (M)").
  C3. size(output_shape) = rank(result) when static.
  output_shape is a 1-D integer or index tensor.`,
	Examples: []string{
		"%0 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<?x2xf32>, tensor<3xi64>) -> tensor<?x2x1xf32>",
	},
	Operands: []ir.OperandDef{
		{Name: "operand", Type: ir.RankedTensorOf()},
		{Name: "output_shape", Type: shapeTensor},
	},
	Results: []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Traits:  []ir.Trait{ir.Pure, ir.AllElementTypesMatch("operand", "result")},
	Format:  "$operand `,` $output_shape attr-dict `:` functional-type(operands, results)",
	Verify: func(op *ir.Operation) error {
		in, out := op.Operand(0).Type().(*ir.RankedTensorType), op.Result(0).Type().(*ir.RankedTensorType)
		if in.HasStaticShape() && out.HasStaticShape() && in.NumElements() != out.NumElements() {
			return op.EmitOpError("number of output elements (%d) doesn't match expected number of elements (%d)", out.NumElements(), in.NumElements())
		}
		return checkShapeOperand(op, op.Operand(1))
	},
})
