package dml

import (
	"fmt"

	"github.com/tcp-project/tcp/ir"
)

// Op names: DML_OPERATOR_* in lower case.
const (
	GatherName         = "dml.gather"
	GatherElementsName = "dml.gather_elements"
	GatherNDName       = "dml.gather_nd"
	GatherND1Name      = "dml.gather_nd1"
	Slice1Name         = "dml.slice1"
	IdentityName       = "dml.element_wise_identity"
	CastName           = "dml.cast"
	ClipName           = "dml.element_wise_clip"
	ModulusFloorName   = "dml.element_wise_modulus_floor"
	ConstantName       = "dml.constant"
)

// FieldKind is the C type of a non-tensor field of an operator desc.
type FieldKind uint8

const (
	// UInt is a UINT scalar read from an index attribute.
	UInt FieldKind = iota
	// UIntArray is a `const UINT*` of dimension_count values (an I64 array attribute).
	UIntArray
	// IntArray is a `const INT*` of dimension_count values.
	IntArray
	// NullScaleBias is a `const DML_SCALE_BIAS*` the lowering leaves null.
	NullScaleBias
	// Float is a FLOAT scalar read from an f32 attribute.
	Float
)

// Field is one non-tensor field of an operator desc: its DirectML.h name
// and the attribute holding its value ("" for dimension_count-derived or
// null fields).
type Field struct {
	CName string
	Attr  string
	Kind  FieldKind
}

// OpInfo ties a dml op to its DirectML operator: the DML_OPERATOR_TYPE
// enumerator, the desc struct, the *Tensor field names in schema order
// (operands, then the output), the other fields in struct order, and the
// level that introduced it.
type OpInfo struct {
	Op           string
	Type         string
	Number       int
	DescStruct   string
	TensorFields []string
	Fields       []Field
	Introduced   FeatureLevel
}

var infos = map[string]*OpInfo{
	GatherName: {Op: GatherName, Type: "DML_OPERATOR_GATHER", Number: 67, DescStruct: "DML_GATHER_OPERATOR_DESC",
		TensorFields: []string{"InputTensor", "IndicesTensor", "OutputTensor"},
		Fields:       []Field{{"Axis", "axis", UInt}, {"IndexDimensions", "index_dimensions", UInt}}, Introduced: FL1_0},
	GatherElementsName: {Op: GatherElementsName, Type: "DML_OPERATOR_GATHER_ELEMENTS", Number: 107, DescStruct: "DML_GATHER_ELEMENTS_OPERATOR_DESC",
		TensorFields: []string{"InputTensor", "IndicesTensor", "OutputTensor"},
		Fields:       []Field{{"Axis", "axis", UInt}}, Introduced: FL2_1},
	GatherNDName: {Op: GatherNDName, Type: "DML_OPERATOR_GATHER_ND", Number: 108, DescStruct: "DML_GATHER_ND_OPERATOR_DESC",
		TensorFields: []string{"InputTensor", "IndicesTensor", "OutputTensor"},
		Fields:       []Field{{"InputDimensionCount", "input_dimension_count", UInt}, {"IndicesDimensionCount", "indices_dimension_count", UInt}}, Introduced: FL2_1},
	GatherND1Name: {Op: GatherND1Name, Type: "DML_OPERATOR_GATHER_ND1", Number: 140, DescStruct: "DML_GATHER_ND1_OPERATOR_DESC",
		TensorFields: []string{"InputTensor", "IndicesTensor", "OutputTensor"},
		Fields: []Field{{"InputDimensionCount", "input_dimension_count", UInt}, {"IndicesDimensionCount", "indices_dimension_count", UInt},
			{"BatchDimensionCount", "batch_dimension_count", UInt}}, Introduced: FL3_0},
	Slice1Name: {Op: Slice1Name, Type: "DML_OPERATOR_SLICE1", Number: 111, DescStruct: "DML_SLICE1_OPERATOR_DESC",
		TensorFields: []string{"InputTensor", "OutputTensor"},
		Fields: []Field{{"DimensionCount", "dimension_count", UInt}, {"InputWindowOffsets", "input_window_offsets", UIntArray},
			{"InputWindowSizes", "input_window_sizes", UIntArray}, {"InputWindowStrides", "input_window_strides", IntArray}}, Introduced: FL2_1},
	IdentityName: {Op: IdentityName, Type: "DML_OPERATOR_ELEMENT_WISE_IDENTITY", Number: 1, DescStruct: "DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC",
		TensorFields: []string{"InputTensor", "OutputTensor"},
		Fields:       []Field{{"ScaleBias", "", NullScaleBias}}, Introduced: FL1_0},
	ClipName: {Op: ClipName, Type: "DML_OPERATOR_ELEMENT_WISE_CLIP", Number: 8, DescStruct: "DML_ELEMENT_WISE_CLIP_OPERATOR_DESC",
		TensorFields: []string{"InputTensor", "OutputTensor"},
		Fields:       []Field{{"ScaleBias", "", NullScaleBias}, {"Min", "min", Float}, {"Max", "max", Float}}, Introduced: FL1_0},
	ModulusFloorName: {Op: ModulusFloorName, Type: "DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR", Number: 102, DescStruct: "DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC",
		TensorFields: []string{"ATensor", "BTensor", "OutputTensor"}, Introduced: FL2_1},
	CastName: {Op: CastName, Type: "DML_OPERATOR_CAST", Number: 61, DescStruct: "DML_CAST_OPERATOR_DESC",
		TensorFields: []string{"InputTensor", "OutputTensor"}, Introduced: FL1_0},
}

// Info returns the DirectML operator of a dml op name (nil for
// dml.constant, which is a graph input, and for other ops).
func Info(name string) *OpInfo { return infos[name] }

var (
	dataTensor  = ir.RankedTensorOf()
	indexTensor = ir.RankedTensorOf(ir.TypePred("32- or 64-bit integer", func(t ir.Type) bool {
		it, ok := t.(ir.IntegerType)
		return ok && (it.Width == 32 || it.Width == 64)
	}))
	dimCountAttr = ir.AttrDef{Name: "dimension_count", Kind: ir.IndexAttrKind, Required: true}
)

func viewAttrs(names ...string) []ir.AttrDef {
	var out []ir.AttrDef
	for _, n := range names {
		out = append(out,
			ir.AttrDef{Name: n + "_sizes", Kind: ir.I64ArrayAttrKind},
			ir.AttrDef{Name: n + "_strides", Kind: ir.I64ArrayAttrKind})
	}
	return out
}

func idx(name string) ir.AttrDef {
	return ir.AttrDef{Name: name, Kind: ir.IndexAttrKind, Required: true}
}

const commonRules = `
Common verifier rules (every dml op with tensors):
  C1. 1 <= dimension_count <= 8; every operand and result has a static
      shape of rank <= dimension_count, no zero-size dim and fewer than
      2^32 elements.
  C2. Every tensor has a DirectML data type (f16, f32, f64, iN/siN, uiN
      for N in 8, 16, 32, 64; i1 as UINT8; not bf16 or index).
  C3. A view attribute <operand>_sizes / <operand>_strides has
      dimension_count entries, sizes >= 1 and strides >= 0. With strides,
      every address 1 + Σ (size-1)·stride stays within the operand's
      elements; sizes without strides are a packed reshape (same count).
  C4. The op's feature-level needs (operator, DimensionCount, data and
      index types; see each op) are at most the module's
      dml.feature_level (when set).`

const descDoc = `
Tensors are read through DML_BUFFER_TENSOR_DESCs of dimension_count dims:
an operand's shape left-padded with 1s (packed), or the view given by the
optional <operand>_sizes and <operand>_strides attributes (strides in
elements; 0 broadcasts a dim, permuted strides transpose). The result is
the result type padded to dimension_count. All field values (axis, …) are
the struct's, in padded coordinates.`

// Gather is dml.gather.
var Gather = ir.MustRegister(ir.OpDef{
	Name:    GatherName,
	Summary: "DML_OPERATOR_GATHER: gather slices along an axis with N-d indices",
	Description: `DML_GATHER_OPERATOR_DESC {InputTensor, IndicesTensor, OutputTensor, Axis,
IndexDimensions}. With D = dimension_count, A = axis and k =
index_dimensions, the output sizes are computed as DirectMLX's dml::Gather
does: out[o] = in[o] for o > A; out[A-k+1 .. A] = the last k indices
sizes; the leading input sizes in[0 .. A-1] right-aligned before them.
Element: out[o] = input[o[0..A-k] (right-aligned into in[0..A-1]),
indices[0, …, 0, o[A-k+1..A]], o[A+1..]].

Index values: signed index types count negatives from the end (-1 is the
last element; DirectML from FL 3.0). For an index still out of range,
DirectML's documentation promises only that reads stay within the input
tensor's memory: the output value is undefined (the emulator reads the
nearest end, [0, size-1], and no test relies on it).
` + descDoc + `

Verifier rules:
  1. 0 <= axis < D, 0 <= index_dimensions <= axis + 1.
  2. Indices dims before the last index_dimensions are 1; input dims that
     have no output place are 1 (input rank + index_dimensions - 1 <= D).
  3. The result sizes equal the computed output sizes; elem(out) == elem(input).
  4. Feature level: 1.0 (F32, F16 data; UINT32 indices; D = 4); 2.1 for
     8/16/32-bit integer data; 3.0 for D != 4 and INT32/INT64/UINT64
     indices; 4.1 for 64-bit data.
` + commonRules,
	Examples: []string{
		"%0 = dml.gather %x, %i {axis = 0 : index, dimension_count = 2 : index, index_dimensions = 1 : index} : tensor<3x2xf32>, tensor<4xui32> -> tensor<4x2xf32>",
	},
	Operands: []ir.OperandDef{{Name: "input", Type: dataTensor}, {Name: "indices", Type: indexTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs:    append([]ir.AttrDef{dimCountAttr, idx("axis"), idx("index_dimensions")}, viewAttrs("input", "indices")...),
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "out")},
	Format:   "$input `,` $indices attr-dict `:` type($input) `,` type($indices) `->` type($out)",
	Verify:   verifyOp,
})

// GatherElements is dml.gather_elements.
var GatherElements = ir.MustRegister(ir.OpDef{
	Name:    GatherElementsName,
	Summary: "DML_OPERATOR_GATHER_ELEMENTS: gather elements along an axis",
	Description: `DML_GATHER_ELEMENTS_OPERATOR_DESC {InputTensor, IndicesTensor, OutputTensor,
Axis}: out[p] = input[p with p[Axis] := indices[p]] (torch.gather,
onnx.GatherElements). Index values as for dml.gather (signed negatives
count from the end; out-of-range output undefined).
` + descDoc + `

Verifier rules:
  1. 0 <= axis < D.
  2. The input desc sizes equal the indices desc sizes in every dim but
     axis (use an input view with the indices' sizes for smaller indices);
     the result sizes equal the indices sizes; elem(out) == elem(input).
  3. Feature level: 2.1 (8–32-bit data, UINT32 indices, D = 4); 3.0 for
     D != 4 and INT32/INT64/UINT64 indices; 4.1 for 64-bit data.
` + commonRules,
	Examples: []string{
		"%0 = dml.gather_elements %x, %i {axis = 0 : index, dimension_count = 2 : index} : tensor<3x3xf32>, tensor<2x3xi64> -> tensor<2x3xf32>",
	},
	Operands: []ir.OperandDef{{Name: "input", Type: dataTensor}, {Name: "indices", Type: indexTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs:    append([]ir.AttrDef{dimCountAttr, idx("axis")}, viewAttrs("input", "indices")...),
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "out")},
	Format:   "$input `,` $indices attr-dict `:` type($input) `,` type($indices) `->` type($out)",
	Verify:   verifyOp,
})

const ndDoc = `With D = dimension_count, r = input_dimension_count, q =
indices_dimension_count (the meaningful, unpadded ranks: the last r input
dims and the last q indices dims), b = batch_dimension_count and m = the
last indices size (the tuple length): out = indices[0:q-1] ++
input[b+m:r] (meaningful dims, left-padded to D), and
out[B, I, J] = input[B, t[0], …, t[m-1], J] with t = indices[B, I, :]
(as tcp.gather_nd). Index values as for dml.gather.
` + descDoc

// GatherND is dml.gather_nd.
var GatherND = ir.MustRegister(ir.OpDef{
	Name:    GatherNDName,
	Summary: "DML_OPERATOR_GATHER_ND: gather slices indexed by index tuples",
	Description: `DML_GATHER_ND_OPERATOR_DESC {InputTensor, IndicesTensor, OutputTensor,
InputDimensionCount, IndicesDimensionCount}; dml.gather_nd1 with no batch
dims. ` + ndDoc + `

Verifier rules:
  1. 1 <= input_dimension_count, indices_dimension_count <= D; dims before
     the meaningful ones are 1.
  2. 1 <= m and m <= input_dimension_count.
  3. The result sizes equal the computed output; elem(out) == elem(input).
  4. Feature level: 2.1 (8–32-bit data, UINT32 indices, D = 4); 3.0 for
     D != 4 and INT32/INT64/UINT64 indices; 4.1 for 64-bit data.
` + commonRules,
	Examples: []string{
		"%0 = dml.gather_nd %x, %i {dimension_count = 4 : index, indices_dimension_count = 2 : index, input_dimension_count = 2 : index} : tensor<2x2xf32>, tensor<2x1xui32> -> tensor<2x2xf32>",
	},
	Operands: []ir.OperandDef{{Name: "input", Type: dataTensor}, {Name: "indices", Type: indexTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs:    append([]ir.AttrDef{dimCountAttr, idx("input_dimension_count"), idx("indices_dimension_count")}, viewAttrs("input", "indices")...),
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "out")},
	Format:   "$input `,` $indices attr-dict `:` type($input) `,` type($indices) `->` type($out)",
	Verify:   verifyOp,
})

// GatherND1 is dml.gather_nd1.
var GatherND1 = ir.MustRegister(ir.OpDef{
	Name:    GatherND1Name,
	Summary: "DML_OPERATOR_GATHER_ND1: gather_nd with leading batch dims",
	Description: `DML_GATHER_ND1_OPERATOR_DESC {InputTensor, IndicesTensor, OutputTensor,
InputDimensionCount, IndicesDimensionCount, BatchDimensionCount}. ` + ndDoc + `

Verifier rules:
  1. As dml.gather_nd, plus 0 <= b < min(r, q), b + m <= r, and the b
     leading meaningful dims of input and indices are equal.
  2. Feature level: 3.0 (any D in 1–8, INT32/INT64/UINT32/UINT64
     indices); 4.1 for 64-bit data.
` + commonRules,
	Examples: []string{
		"%0 = dml.gather_nd1 %x, %i {batch_dimension_count = 1 : index, dimension_count = 3 : index, indices_dimension_count = 3 : index, input_dimension_count = 3 : index} : tensor<3x2x2xf32>, tensor<3x2x2xi64> -> tensor<3x2xf32>",
	},
	Operands: []ir.OperandDef{{Name: "input", Type: dataTensor}, {Name: "indices", Type: indexTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs: append([]ir.AttrDef{dimCountAttr, idx("input_dimension_count"), idx("indices_dimension_count"), idx("batch_dimension_count")},
		viewAttrs("input", "indices")...),
	Traits: []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "out")},
	Format: "$input `,` $indices attr-dict `:` type($input) `,` type($indices) `->` type($out)",
	Verify: verifyOp,
})

// Slice1 is dml.slice1.
var Slice1 = ir.MustRegister(ir.OpDef{
	Name:    Slice1Name,
	Summary: "DML_OPERATOR_SLICE1: strided window with signed strides",
	Description: `DML_SLICE1_OPERATOR_DESC {InputTensor, OutputTensor, DimensionCount,
InputWindowOffsets, InputWindowSizes, InputWindowStrides}. CopyStart =
offsets, moved to offset + size - 1 in dims with a negative stride;
out[o] = input[CopyStart + strides * o].
` + descDoc + `

Verifier rules:
  1. The three window attributes have D entries; strides are non-zero;
     window sizes are >= 1 and offset + size <= the input size.
  2. 1 <= out[i] <= 1 + (size[i] - 1) / |stride[i]|; elem(out) == elem(input).
  3. Feature level: 2.1 (8–32-bit data, D = 4 or 5); 3.0 for other D;
     4.1 for 64-bit data.
` + commonRules,
	Examples: []string{
		"%0 = dml.slice1 %x {dimension_count = 4 : index, input_window_offsets = [0, 0, 0, 1], input_window_sizes = [1, 1, 4, 3], input_window_strides = [1, 1, 2, 2]} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>",
	},
	Operands: []ir.OperandDef{{Name: "input", Type: dataTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs: append([]ir.AttrDef{dimCountAttr,
		{Name: "input_window_offsets", Kind: ir.I64ArrayAttrKind, Required: true},
		{Name: "input_window_sizes", Kind: ir.I64ArrayAttrKind, Required: true},
		{Name: "input_window_strides", Kind: ir.I64ArrayAttrKind, Required: true}}, viewAttrs("input")...),
	Traits: []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "out")},
	Format: "$input attr-dict `:` type($input) `->` type($out)",
	Verify: verifyOp,
})

// Identity is dml.element_wise_identity.
var Identity = ir.MustRegister(ir.OpDef{
	Name:    IdentityName,
	Summary: "DML_OPERATOR_ELEMENT_WISE_IDENTITY: copy through tensor descs",
	Description: `DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC {InputTensor, OutputTensor,
ScaleBias = null}: out[p] = input[p] elementwise. With an input view
(zero strides) it materializes a broadcast; with permuted strides a
transpose; with only sizes a reshape.
` + descDoc + `

Verifier rules:
  1. The input desc sizes equal the result sizes; elem(out) == elem(input).
  2. Feature level: 1.0 (F32, F16, D = 4 or 5); 2.1 for 8–32-bit
     integers; 3.0 for other D; 4.1 for 64-bit data.
` + commonRules,
	Examples: []string{
		"%0 = dml.element_wise_identity %x {dimension_count = 2 : index, input_sizes = [2, 3], input_strides = [1, 0]} : tensor<2x1xf32> -> tensor<2x3xf32>",
	},
	Operands: []ir.OperandDef{{Name: "input", Type: dataTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs:    append([]ir.AttrDef{dimCountAttr}, viewAttrs("input")...),
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "out")},
	Format:   "$input attr-dict `:` type($input) `->` type($out)",
	Verify:   verifyOp,
})

// Clip is dml.element_wise_clip.
var Clip = ir.MustRegister(ir.OpDef{
	Name:    ClipName,
	Summary: "DML_OPERATOR_ELEMENT_WISE_CLIP: clamp every element into [min, max]",
	Description: `DML_ELEMENT_WISE_CLIP_OPERATOR_DESC {InputTensor, OutputTensor, ScaleBias =
null, Min, Max}: out[p] = max(Min, min(input[p], Max)). Min and Max are
FLOAT; for integer tensors they are first converted to the data type,
truncating toward zero. The lowering clamps index tensors with it (mode
"clip").
` + descDoc + `

Verifier rules:
  1. The input desc sizes equal the result sizes; elem(out) == elem(input);
     min <= max.
  2. Feature level: 1.0 (F32, F16, D = 4 or 5); 3.0 for integer data and
     other D (DirectML's table lists 8–32-bit integers from 3.0); 5.0 for
     64-bit data.
` + commonRules,
	Examples: []string{
		"%0 = dml.element_wise_clip %i {dimension_count = 1 : index, max = 4.000000e+00 : f32, min = 0.000000e+00 : f32} : tensor<6xi32> -> tensor<6xi32>",
	},
	Operands: []ir.OperandDef{{Name: "input", Type: dataTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs: append([]ir.AttrDef{dimCountAttr,
		{Name: "min", Kind: f32Attr, Required: true},
		{Name: "max", Kind: f32Attr, Required: true}}, viewAttrs("input")...),
	Traits: []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "out")},
	Format: "$input attr-dict `:` type($input) `->` type($out)",
	Verify: verifyOp,
})

// ModulusFloor is dml.element_wise_modulus_floor.
var ModulusFloor = ir.MustRegister(ir.OpDef{
	Name:    ModulusFloorName,
	Summary: "DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR: floor modulo, the sign of the divisor",
	Description: `DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC {ATensor, BTensor, OutputTensor}:
out[p] = a[p] - b[p] * floor(a[p] / b[p]) (Python's %). The lowering wraps
index tensors with it (mode "wrap"), reading b, a one-element constant,
through a zero-stride view. A zero divisor is undefined (the emulator
returns 0).
` + descDoc + `

Verifier rules:
  1. The a and b desc sizes equal the result sizes; the three element
     types are equal.
  2. Feature level: 2.1 (F32, F16, D = 4 or 5); 3.0 for integer data and
     other D; 6.0 for 64-bit data.
` + commonRules,
	Examples: []string{
		"%0 = dml.element_wise_modulus_floor %i, %s {b_sizes = [6], b_strides = [0], dimension_count = 1 : index} : tensor<6xi32>, tensor<1xi32> -> tensor<6xi32>",
	},
	Operands: []ir.OperandDef{{Name: "a", Type: dataTensor}, {Name: "b", Type: dataTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs:    append([]ir.AttrDef{dimCountAttr}, viewAttrs("a", "b")...),
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("a", "b", "out")},
	Format:   "$a `,` $b attr-dict `:` type($a) `,` type($b) `->` type($out)",
	Verify:   verifyOp,
})

var f32Attr = ir.AttrPred("32-bit float attribute", func(a ir.Attribute) bool {
	f, ok := a.(ir.FloatAttr)
	return ok && f.Type == ir.FloatType{Kind: ir.F32}
})

// Cast is dml.cast.
var Cast = ir.MustRegister(ir.OpDef{
	Name:    CastName,
	Summary: "DML_OPERATOR_CAST: convert the data type elementwise",
	Description: `DML_CAST_OPERATOR_DESC {InputTensor, OutputTensor}: out[p] = input[p]
converted to the output data type. Integer to integer conversions keep
the low bits (two's complement), so a signed index reinterpreted as
UINT32 keeps its non-negative values. The lowering uses it to narrow
indices to UINT32 below feature level 3.0.
` + descDoc + `

Verifier rules:
  1. The input desc sizes equal the result sizes.
  2. Feature level: 1.0 (8–32-bit types, D = 4 or 5); 3.0 for other D;
     4.1 for 64-bit types (our conservative reading).
` + commonRules,
	Examples: []string{
		"%0 = dml.cast %i {dimension_count = 4 : index} : tensor<5xi32> -> tensor<5xui32>",
	},
	Operands: []ir.OperandDef{{Name: "input", Type: dataTensor}},
	Results:  []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs:    append([]ir.AttrDef{dimCountAttr}, viewAttrs("input")...),
	Traits:   []ir.Trait{ir.Pure},
	Format:   "$input attr-dict `:` type($input) `->` type($out)",
	Verify:   verifyOp,
})

// Constant is dml.constant.
var Constant = ir.MustRegister(ir.OpDef{
	Name:    ConstantName,
	Summary: "a constant tensor, bound as a DML-owned graph input",
	Description: `Produces the tensor of its value attribute. The emitters make it a graph
input whose tensor descs carry DML_TENSOR_FLAG_OWNED_BY_DML: DirectML
copies the data at initialization (the data is written into the emitted
C++ and JSON).

Verifier rules:
  1. The type of value equals the result type.
  2. The result has a static shape with no zero-size dim and a DirectML
     data type.`,
	Examples: []string{
		"%0 = dml.constant {value = dense<[0, 1, 1, 2]> : tensor<4xui32>} : tensor<4xui32>",
	},
	Results: []ir.ResultDef{{Name: "out", Type: dataTensor}},
	Attrs:   []ir.AttrDef{{Name: "value", Kind: ir.ElementsAttrKind, Required: true}},
	Traits:  []ir.Trait{ir.Pure, ir.ConstantLike},
	Format:  "attr-dict `:` type($out)",
	Verify: func(op *ir.Operation) error {
		v := op.Attr("value").(*ir.DenseElementsAttr)
		if ir.Type(v.Type) != op.Result(0).Type() {
			return op.EmitOpError("expects the type of value (%s) to equal the result type (%s)", v.Type, op.Result(0).Type())
		}
		if err := checkTensorType(op.Result(0).Type(), 8); err != nil {
			return op.EmitOpError("result: %v", err)
		}
		return nil
	},
	Fold: func(op *ir.Operation) []ir.OpFoldResult {
		return []ir.OpFoldResult{{Attr: op.Attr("value")}}
	},
})

// maxElements is DirectML's element-count limit for one tensor.
const maxElements = 1<<32 - 1

func checkTensorType(t ir.Type, d int) error {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return fmt.Errorf("expects a static shape, got %s", t)
	}
	if rt.Rank() > d {
		return fmt.Errorf("has rank %d, more than dimension_count %d", rt.Rank(), d)
	}
	n := int64(1)
	for _, s := range rt.Shape() {
		if s == 0 {
			return fmt.Errorf("has a zero-size dim (%s); DirectML cannot express empty tensors", t)
		}
		if n > maxElements/s {
			return fmt.Errorf("has more than 2^32-1 elements (%s)", t)
		}
		n *= s
	}
	if _, err := DataTypeOf(rt.Elem()); err != nil {
		return err
	}
	return nil
}
