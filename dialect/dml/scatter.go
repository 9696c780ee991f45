package dml

import (
	"slices"

	"github.com/tcp-project/tcp/ir"
)

// The DirectML scatters.
const (
	ScatterElementsName = "dml.scatter_elements"
	ScatterNDName       = "dml.scatter_nd"
)

func init() {
	infos[ScatterElementsName] = &OpInfo{Op: ScatterElementsName, Type: "DML_OPERATOR_SCATTER_ELEMENTS", Number: 94, DescStruct: "DML_SCATTER_ELEMENTS_OPERATOR_DESC",
		TensorFields: []string{"InputTensor", "IndicesTensor", "UpdatesTensor", "OutputTensor"},
		Fields:       []Field{{"Axis", "axis", UInt}}, Introduced: FL2_0}
	infos[ScatterNDName] = &OpInfo{Op: ScatterNDName, Type: "DML_OPERATOR_SCATTER_ND", Number: 109, DescStruct: "DML_SCATTER_ND_OPERATOR_DESC",
		TensorFields: []string{"InputTensor", "IndicesTensor", "UpdatesTensor", "OutputTensor"},
		Fields:       []Field{{"InputDimensionCount", "input_dimension_count", UInt}, {"IndicesDimensionCount", "indices_dimension_count", UInt}}, Introduced: FL2_1}
}

const scatterOrder = `
DirectML documents no order among updates that write the same output
element ("no guarantee of which last write wins") and no reduction, so
the lowering emits it only for indices known to be unique (tcp's
unique_indices, constant indices checked at compile time, or the pass
option assume-unique-indices=true); reductions are a gather, an
elementwise operator and this scatter. The emulator applies duplicates
in row-major order, one of the allowed outcomes (tests never rely on it).
Index values as for the gathers: signed index types count negatives from
the end; for an index still out of range DirectML's output is undefined
(the emulator writes at the nearest end, one allowed behaviour; tests
never rely on it).`

// ScatterElements is dml.scatter_elements.
var ScatterElements = ir.MustRegister(ir.OpDef{
	Name:    ScatterElementsName,
	Summary: "DML_OPERATOR_SCATTER_ELEMENTS: write updates into a copy of the input along an axis",
	Description: `DML_SCATTER_ELEMENTS_OPERATOR_DESC (DML_SCATTER_OPERATOR_DESC) {InputTensor,
IndicesTensor, UpdatesTensor, OutputTensor, Axis}: out = input; then for
every position p of indices, out[p with p[Axis] := indices[p]] =
updates[p] (onnx.ScatterElements without reduction). Introduced at
feature level 2.0 (the header's gate; its page says 1.0).
` + scatterOrder + descDoc + `

Verifier rules:
  1. 0 <= axis < D.
  2. The updates desc sizes equal the indices desc sizes; off the axis the
     indices sizes equal the input sizes (DirectML's constraint; tcp's
     smaller indices are refused by the lowering); the result sizes equal
     the input desc sizes; input, updates and result have one element type.
  3. Feature level: 2.0 (F32, F16 data, UINT32 indices, D = 4); 2.1 for
     8–32-bit integer data; 3.0 for D != 4 and INT32/INT64/UINT64
     indices; 4.1 for 64-bit data.
` + commonRules,
	Examples: []string{
		"%0 = dml.scatter_elements %x, %i, %u {axis = 1 : index, dimension_count = 2 : index} : tensor<1x5xf32>, tensor<1x2xi64>, tensor<1x2xf32> -> tensor<1x5xf32>",
	},
	Operands: []ir.OperandDef{{Name: "input", Type: dataTensor}, {Name: "indices", Type: indexTensor}, {Name: "updates", Type: dataTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs:    append([]ir.AttrDef{dimCountAttr, idx("axis")}, viewAttrs("input", "indices", "updates")...),
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "updates", "out")},
	Format:   "$input `,` $indices `,` $updates attr-dict `:` type($input) `,` type($indices) `,` type($updates) `->` type($out)",
	Verify:   verifyOp,
})

// ScatterND is dml.scatter_nd.
var ScatterND = ir.MustRegister(ir.OpDef{
	Name:    ScatterNDName,
	Summary: "DML_OPERATOR_SCATTER_ND: write slices of updates into a copy of the input at index tuples",
	Description: `DML_SCATTER_ND_OPERATOR_DESC {InputTensor, IndicesTensor, UpdatesTensor,
OutputTensor, InputDimensionCount, IndicesDimensionCount}: with r =
input_dimension_count, q = indices_dimension_count (the meaningful ranks,
as for dml.gather_nd) and m = the last indices size: out = input; then
for every tuple position I, out[t[0], …, t[m-1], J] = updates[I, J] with
t = indices[I, :] (onnx.ScatterND without reduction; no batch dims).
` + scatterOrder + descDoc + `

Verifier rules:
  1. 1 <= input_dimension_count, indices_dimension_count <= D; dims
     before the meaningful ones are 1; 1 <= m <= input_dimension_count.
  2. The updates desc sizes are indices[0:q-1] ++ input[m:r] (meaningful
     dims, left-padded to D); the result sizes equal the input desc
     sizes; input, updates and result have one element type.
  3. Feature level: 2.1 (8–32-bit data, UINT32 indices, D = 4); 3.0 for
     D != 4 and INT32/INT64/UINT64 indices; 4.1 for 64-bit data.
` + commonRules,
	Examples: []string{
		"%0 = dml.scatter_nd %x, %i, %u {dimension_count = 2 : index, indices_dimension_count = 2 : index, input_dimension_count = 1 : index} : tensor<8xf32>, tensor<4x1xi64>, tensor<4xf32> -> tensor<8xf32>",
	},
	Operands: []ir.OperandDef{{Name: "input", Type: dataTensor}, {Name: "indices", Type: indexTensor}, {Name: "updates", Type: dataTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs: append([]ir.AttrDef{dimCountAttr, idx("input_dimension_count"), idx("indices_dimension_count")},
		viewAttrs("input", "indices", "updates")...),
	Traits: []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "updates", "out")},
	Format: "$input `,` $indices `,` $updates attr-dict `:` type($input) `,` type($indices) `,` type($updates) `->` type($out)",
	Verify: verifyOp,
})

// verifyScatter checks the size rules of the scatters (verifyOp calls it
// with the descs in schema order).
func verifyScatter(op *ir.Operation, descs []TensorDesc, d int) error {
	in, ix, up, out := descs[0].Sizes, descs[1].Sizes, descs[2].Sizes, descs[3].Sizes
	if !slices.Equal(in, out) {
		return op.EmitOpError("expects output sizes %v to equal the input sizes %v", out, in)
	}
	if op.Name() == ScatterElementsName {
		a := int(op.IntAttr("axis"))
		if a < 0 || a >= d {
			return op.EmitOpError("expects axis in [0, %d), got %d", d, a)
		}
		if !slices.Equal(ix, up) {
			return op.EmitOpError("expects updates sizes %v to equal the indices sizes %v", up, ix)
		}
		for i := 0; i < d; i++ {
			if i != a && ix[i] != in[i] {
				return op.EmitOpError("expects indices sizes %v to equal the input sizes %v except at axis %d", ix, in, a)
			}
		}
		return nil
	}
	r, q := int(op.IntAttr("input_dimension_count")), int(op.IntAttr("indices_dimension_count"))
	// The updates are what GATHER_ND would read.
	want, err := GatherNDOutputSizes(in, ix, r, q, 0)
	if err != nil {
		return op.EmitOpError("%v", err)
	}
	if !slices.Equal(want, up) {
		return op.EmitOpError("expects updates sizes %v (indices[0:q-1] ++ input[m:r], padded), got %v", want, up)
	}
	return nil
}
