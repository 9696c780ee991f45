package tf

import (
	"github.com/tcp-project/tcp/ir"
)

// Op names.
const (
	GatherV2Name = "tf.GatherV2"
	GatherNdName = "tf.GatherNd"
	GatherName   = "tf.Gather"
	ConstName    = "tf.Const"
)

var (
	anyTensor = ir.AnyTensor
	// indicesType is TF's Tindices: int16, int32 or int64.
	indicesType = ir.TypePred("tensor of 16-bit, 32-bit or 64-bit signless integer values", func(t ir.Type) bool {
		e := ir.ElementType(t)
		return isTensor(t) && (e == ir.IntegerType{Width: 16} || e == ir.I32 || e == ir.I64)
	})
	axisType = ir.TypePred("tensor of 32-bit or 64-bit signless integer values", func(t ir.Type) bool {
		return isTensor(t) && (ir.ElementType(t) == ir.I32 || ir.ElementType(t) == ir.I64)
	})
)

func isTensor(t ir.Type) bool {
	switch t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	}
	return false
}

const indexRule = `
Index values: 0 <= v < s on a dim of size s (TensorFlow on CPU); negative
or too large values are a runtime error, checked for every index even when
the result is empty. Converts to tcp with mode = "error"; the tcp form reads
only the indices an output element needs, so an out-of-range index whose
gathered slice is empty is not reported there (a documented difference,
docs/frontends.md).`

// GatherV2 is tf.GatherV2.
var GatherV2 = ir.MustRegister(ir.OpDef{
	Name:    GatherV2Name,
	Summary: "TensorFlow GatherV2: whole slices of params along axis, with batch dims",
	Description: `With axis a (the third operand, a scalar or one-element constant; a < 0
counts from the end of params) and b = batch_dims (b < 0 counts from the
end of indices): out has shape params[:a] ++ indices[b:] ++ params[a+1:]
and out[B, i, J, k] = params[B, i, indices[B, J], k], where B are the b
batch coordinates shared by params and indices, i the dims of params
between b and a, J the remaining dims of indices and k the dims after a.` + indexRule + `
The verifier's messages are TensorFlow's (quoted below).

Verifier rules:
  1. "requires axis to have rank at most 1"; a constant axis holds one value.
  2. "batch_dims (-3) must be in range [-2, 3)": [-q, q+1) for indices of rank q.
  3. "axis (-4) must be in range [-3, 3)": [-r, r) for params of rank r.
  4. "requires axis (0) to be greater than or equal to batch_dims (1)"
     after both are normalized.
  5. The batch dims of params and indices agree; the result has params'
     element type and, when ranked, a compatible shape ("has invalid output
     type; should be compatible with inferred type ...").`,
	Examples: []string{`%1 = "tf.GatherV2"(%arg0, %arg1, %0) {batch_dims = 0 : i64} : (tensor<1x2x20xf32>, tensor<3x5xi32>, tensor<i32>) -> tensor<1x2x3x5xf32>`},
	Operands: []ir.OperandDef{{Name: "params", Type: anyTensor}, {Name: "indices", Type: indicesType}, {Name: "axis", Type: axisType}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "batch_dims", Kind: ir.I64AttrKind, Default: ir.Int(0, ir.I64)}},
	Traits:   []ir.Trait{ir.Pure},
	Verify:   verifyGatherV2,
})

// GatherNd is tf.GatherNd.
var GatherNd = ir.MustRegister(ir.OpDef{
	Name:    GatherNdName,
	Summary: "TensorFlow GatherNd: slices of params addressed by index tuples",
	Description: `With m = indices.shape[-1]: out has shape indices.shape[:-1] ++
params.shape[m:] and out[I, J] = params[indices[I, 0], ..., indices[I, m-1], J].
(Python's tf.gather_nd(batch_dims > 0) is expanded by TensorFlow before it
reaches the graph; the raw op has no batch dims.) bad_indices_policy, which
newer TensorFlow prints, must be "" or "DEFAULT" (the CPU error behaviour).` + indexRule + `

Verifier rules:
  1. indices have rank >= 1 and, with m static, m <= rank(params).
  2. bad_indices_policy is "", "DEFAULT" or "ERROR".
  3. The result has params' element type and, when ranked, a compatible
     shape.`,
	Examples: []string{`%0 = "tf.GatherNd"(%arg0, %arg1) : (tensor<4x3x2xf32>, tensor<2x2xi32>) -> tensor<2x2xf32>`},
	Operands: []ir.OperandDef{{Name: "params", Type: anyTensor}, {Name: "indices", Type: indicesType}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "bad_indices_policy", Kind: ir.StringEnumKind("", "DEFAULT", "ERROR"), Default: ir.Str("")}},
	Traits:   []ir.Trait{ir.Pure},
	Verify:   verifyGatherNd,
})

// Gather is the legacy tf.Gather.
var Gather = ir.MustRegister(ir.OpDef{
	Name:    GatherName,
	Summary: "TensorFlow Gather (legacy): GatherV2 with axis 0 and no batch dims",
	Description: `out has shape indices.shape ++ params.shape[1:] and
out[J, k] = params[indices[J], k]. validate_indices is ignored, as
TensorFlow ignores it.` + indexRule + `

Verifier rules: params has rank >= 1; the result has params' element type
and, when ranked, a compatible shape.`,
	Examples: []string{`%0 = "tf.Gather"(%arg0, %arg1) {validate_indices = true} : (tensor<5x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>`},
	Operands: []ir.OperandDef{{Name: "params", Type: anyTensor}, {Name: "indices", Type: indicesType}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "validate_indices", Kind: ir.BoolAttrKind, Default: ir.BoolAttr(true)}},
	Traits:   []ir.Trait{ir.Pure},
	Verify:   verifyGather,
})

// Const is tf.Const.
var Const = ir.MustRegister(ir.OpDef{
	Name:    ConstName,
	Summary: "TensorFlow Const: a constant tensor",
	Description: `Produces the dense elements value. The result type may be less static
than the value's (TensorFlow allows tensor<?xi64> for a tensor<2xi64>
value).

Verifier rules: the value's element type is the result's and the shapes
are compatible.`,
	Examples: []string{`%0 = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>`},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "value", Kind: ir.ElementsAttrKind, Required: true}},
	Traits:   []ir.Trait{ir.Pure, ir.ConstantLike},
	Verify: func(op *ir.Operation) error {
		v := op.Attr("value").(*ir.DenseElementsAttr)
		if !compatible(v.Type, op.Result(0).Type()) {
			return op.EmitOpError("expects a result type compatible with the value type %s, got %s", v.Type, op.Result(0).Type())
		}
		return nil
	},
	Fold: func(op *ir.Operation) []ir.OpFoldResult {
		if ir.Type(op.Attr("value").(*ir.DenseElementsAttr).Type) != op.Result(0).Type() {
			return nil
		}
		return []ir.OpFoldResult{{Attr: op.Attr("value")}}
	},
})

// ---------------------------------------------------------------- helpers

// BatchDims returns the batch_dims attribute of GatherV2 (default 0).
func BatchDims(op *ir.Operation) int64 {
	if a, ok := op.Attr("batch_dims").(ir.IntegerAttr); ok {
		return a.Value
	}
	return 0
}

// ConstantAxis returns the value of GatherV2's axis operand when it is a
// constant (tf.Const or any ConstantLike op) of rank 0 or one element.
func ConstantAxis(op *ir.Operation) (int64, bool) {
	d, ok := ir.ConstantAttr(op.Operand(2)).(*ir.DenseElementsAttr)
	if !ok || d.Type.NumElements() != 1 {
		return 0, false
	}
	return d.IntAt(0), true
}

func compatible(a *ir.RankedTensorType, b ir.Type) bool {
	if a.Elem() != ir.ElementType(b) {
		return false
	}
	rb, ok := b.(*ir.RankedTensorType)
	if !ok {
		return true
	}
	if rb.Rank() != a.Rank() {
		return false
	}
	for d := range a.Rank() {
		if a.Dim(d) != ir.Dynamic && rb.Dim(d) != ir.Dynamic && a.Dim(d) != rb.Dim(d) {
			return false
		}
	}
	return true
}

// checkResult checks the result element type and, when both are known, the
// shape against want, with TensorFlow's wording.
func checkResult(op *ir.Operation, elem ir.Type, want []int64) error {
	out := op.Result(0).Type()
	if ir.ElementType(out) != elem {
		return op.EmitOpError("expects the result element type to be %s (that of params), got %s", elem, ir.ElementType(out))
	}
	if want == nil {
		return nil
	}
	wt := ir.RankedTensor(want, elem)
	if !compatible(wt, out) {
		return op.EmitOpError("has invalid output type; should be compatible with inferred type '%s', got '%s'", wt, out)
	}
	return nil
}

func ranked(v ir.Value) (*ir.RankedTensorType, bool) {
	t, ok := v.Type().(*ir.RankedTensorType)
	return t, ok
}

func verifyGatherV2(op *ir.Operation) error {
	if at, ok := ranked(op.Operand(2)); ok && at.Rank() > 1 {
		return op.EmitOpError("requires axis to have rank at most 1")
	}
	if d, ok := ir.ConstantAttr(op.Operand(2)).(*ir.DenseElementsAttr); ok && d.Type.NumElements() != 1 {
		return op.EmitOpError("expects the axis to hold one value, got %d", d.Type.NumElements())
	}
	params := op.Operand(0)
	x, xok := ranked(params)
	idx, iok := ranked(op.Operand(1))
	b := BatchDims(op)
	if iok {
		q := int64(idx.Rank())
		if b < -q || b >= q+1 {
			return op.EmitOpError("batch_dims (%d) must be in range [%d, %d)", b, -q, q+1)
		}
		if b < 0 {
			b += q
		}
	}
	axis, aok := ConstantAxis(op)
	if !xok || !aok {
		return checkResult(op, ir.ElementType(params.Type()), nil)
	}
	r := int64(x.Rank())
	if axis < -r || axis >= r {
		return op.EmitOpError("axis (%d) must be in range [%d, %d)", axis, -r, r)
	}
	if axis < 0 {
		axis += r
	}
	if !iok {
		return checkResult(op, x.Elem(), nil)
	}
	if b < 0 || axis < b {
		return op.EmitOpError("requires axis (%d) to be greater than or equal to batch_dims (%d)", axis, b)
	}
	for d := 0; d < int(b); d++ {
		if x.Dim(d) != ir.Dynamic && idx.Dim(d) != ir.Dynamic && x.Dim(d) != idx.Dim(d) {
			return op.EmitOpError("expects batch dim %d of indices (size %d) to equal that of params (size %d)", d, idx.Dim(d), x.Dim(d))
		}
	}
	want := append(append(append([]int64{}, x.Shape()[:axis]...), idx.Shape()[b:]...), x.Shape()[axis+1:]...)
	return checkResult(op, x.Elem(), want)
}

func verifyGatherNd(op *ir.Operation) error {
	params := op.Operand(0)
	x, xok := ranked(params)
	idx, iok := ranked(op.Operand(1))
	if iok && idx.Rank() < 1 {
		return op.EmitOpError("requires indices of rank at least 1, got 0")
	}
	if !xok || !iok || idx.Dim(idx.Rank()-1) == ir.Dynamic {
		return checkResult(op, ir.ElementType(params.Type()), nil)
	}
	q, m := idx.Rank(), idx.Dim(idx.Rank()-1)
	if m > int64(x.Rank()) {
		return op.EmitOpError("expects indices.shape[-1] <= rank(params), got %d > %d", m, x.Rank())
	}
	want := append(append([]int64{}, idx.Shape()[:q-1]...), x.Shape()[m:]...)
	return checkResult(op, x.Elem(), want)
}

func verifyGather(op *ir.Operation) error {
	params := op.Operand(0)
	x, xok := ranked(params)
	if !xok {
		return checkResult(op, ir.ElementType(params.Type()), nil)
	}
	if x.Rank() < 1 {
		return op.EmitOpError("expects params of rank at least 1, got 0")
	}
	idx, iok := ranked(op.Operand(1))
	if !iok {
		return checkResult(op, x.Elem(), nil)
	}
	return checkResult(op, x.Elem(), append(append([]int64{}, idx.Shape()...), x.Shape()[1:]...))
}
