package dml

import (
	"fmt"

	"github.com/tcp-project/tcp/ir"
)

// JoinName is dml.join.
const JoinName = "dml.join"

func init() {
	infos[JoinName] = &OpInfo{Op: JoinName, Type: "DML_OPERATOR_JOIN", Number: 63, DescStruct: "DML_JOIN_OPERATOR_DESC",
		TensorFields: []string{"InputTensors", "OutputTensor"}, Fields: []Field{{"Axis", "axis", UInt}}, Introduced: FL1_0}
}

// TensorField names tensor i of the n tensors of a node of this operator
// in its desc: TensorFields[i], or for an operator with an array of input
// descs (JOIN's InputTensors) "InputTensors[i]" for each input.
func (info *OpInfo) TensorField(i, n int) string {
	if len(info.TensorFields) > 0 && info.TensorFields[0] == "InputTensors" {
		if i == n-1 {
			return info.TensorFields[len(info.TensorFields)-1]
		}
		return fmt.Sprintf("InputTensors[%d]", i)
	}
	return info.TensorFields[i]
}

// Join is dml.join.
var Join = ir.MustRegister(ir.OpDef{
	Name:    JoinName,
	Summary: "DML_OPERATOR_JOIN: concatenate tensors along an axis",
	Description: `DML_JOIN_OPERATOR_DESC {InputCount, InputTensors, OutputTensor, Axis}:
the inputs, in order, concatenated along Axis (in padded coordinates);
every other size agrees. The lowering maps tensor.concat to it (StableHLO
windows built from slices). Inputs are read packed (their shapes padded to
dimension_count; no view attributes).
` + descDoc + `

Verifier rules:
  1. At least one input; all inputs and the result have the same element
     type.
  2. axis < dimension_count; the padded input sizes equal the result's
     except at axis, where they sum to the result's.
  3. Feature level: 1.0 (D = 4 or 5); 3.0 for other D; 4.1 for 64-bit
     data (our reading, as for CAST).
` + commonRules,
	Examples: []string{
		"%0 = dml.join %a, %b {axis = 1 : index, dimension_count = 2 : index} : tensor<3x1xf32>, tensor<3x2xf32> -> tensor<3x3xf32>",
	},
	Operands: []ir.OperandDef{{Name: "inputs", Type: dataTensor, Variadic: true}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs:    []ir.AttrDef{dimCountAttr, idx("axis")},
	Traits:   []ir.Trait{ir.Pure},
	Format:   "$inputs attr-dict `:` type($inputs) `->` type($out)",
	Verify:   verifyJoin,
})

func verifyJoin(op *ir.Operation) error {
	d := DimensionCount(op)
	if d < 1 || d > 8 {
		return op.EmitOpError("expects dimension_count in [1, 8], got %d", d)
	}
	if op.NumOperands() == 0 {
		return op.EmitOpError("expects at least one input")
	}
	out := ir.ElementType(op.Result(0).Type())
	for i := 0; i < op.NumOperands(); i++ {
		if err := checkTensorType(op.Operand(i).Type(), d); err != nil {
			return op.EmitOpError("operand #%d %v", i, err)
		}
		if et := ir.ElementType(op.Operand(i).Type()); et != out {
			return op.EmitOpError("expects every input to have the result's element type %s, got %s for input #%d", out, et, i)
		}
	}
	if err := checkTensorType(op.Result(0).Type(), d); err != nil {
		return op.EmitOpError("result %v", err)
	}
	a := int(op.IntAttr("axis"))
	if a < 0 || a >= d {
		return op.EmitOpError("expects axis in [0, %d), got %d", d, a)
	}
	descs, err := Descs(op)
	if err != nil {
		return op.EmitOpError("%v", err)
	}
	want := append([]int64{}, descs[len(descs)-1].Sizes...)
	sum := int64(0)
	for i, desc := range descs[:len(descs)-1] {
		for j := range want {
			if j != a && desc.Sizes[j] != want[j] {
				return op.EmitOpError("expects input #%d sizes %v to equal the output sizes %v except at axis %d", i, desc.Sizes, want, a)
			}
		}
		sum += desc.Sizes[a]
	}
	if sum != want[a] {
		return op.EmitOpError("expects the input sizes at axis %d to sum to the output's %d, got %d", a, want[a], sum)
	}
	return checkLevel(op)
}
