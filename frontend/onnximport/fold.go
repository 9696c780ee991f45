package onnximport

import (
	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
)

// Shape arithmetic is folded as the model is imported: exporters compute
// the shapes around their gathers at run time (MXNet's take and gather_nd:
// Shape, Slice, Add, Sub, Concat, Pad of the static input dims), and the
// types of what follows (a Reshape to a computed shape) are only known
// once those values are. A node of the ops below whose inputs are all
// constants (or absent) and whose result has a static shape of at most
// maxFoldElements elements becomes an onnx.Constant holding the value the
// interpreter computes with ONNX's semantics; onnx.Shape of data whose
// selected dims are static becomes one without evaluating anything. A
// node whose evaluation fails (a zero divisor, say) is kept, so the error
// stays observable when it runs.
var foldable = map[string]bool{
	onnx.ShapeName: true, onnx.CastName: true, onnx.AddName: true, onnx.SubName: true, onnx.ModName: true,
	onnx.GreaterName: true, onnx.LessName: true, onnx.WhereName: true, onnx.ConcatName: true,
	onnx.PadName: true, onnx.SliceName: true, onnx.ReshapeName: true, onnx.TransposeName: true,
	onnx.MulName: true, onnx.UnsqueezeName: true, onnx.SqueezeName: true, onnx.FlattenName: true,
	onnx.ConstantOfShapeName: true, onnx.ExpandName: true, onnx.EqualName: true, onnx.DivName: true,
}

const maxFoldElements = 1024

// fold returns the onnx.Constant that replaces op, or nil.
func (im *importer) fold(op *ir.Operation) *ir.Operation {
	if !foldable[op.Name()] || op.NumResults() != 1 {
		return nil
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() || rt.NumElements() > maxFoldElements {
		return nil
	}
	var value *ir.DenseElementsAttr
	if op.Name() == onnx.ShapeName {
		x, ok := op.Operand(0).Type().(*ir.RankedTensorType)
		if !ok {
			return nil
		}
		lo, hi := onnx.ShapeRange(op, x.Rank())
		dims := x.Shape()[lo:hi]
		for _, d := range dims {
			if d == ir.Dynamic {
				return nil
			}
		}
		value = ir.NewDenseInts(rt, dims)
	} else {
		attrs := make([]ir.Attribute, op.NumOperands())
		for i := range attrs {
			v := op.Operand(i)
			if v.Type() == ir.None {
				continue
			}
			if attrs[i] = ir.ConstantAttr(v); attrs[i] == nil {
				return nil
			}
		}
		if err := ir.Verify(op, false); err != nil {
			return nil
		}
		res, err := interp.EvalConstant(op, attrs)
		if err != nil || len(res) != 1 {
			return nil
		}
		if value, ok = res[0].(*ir.DenseElementsAttr); !ok {
			return nil
		}
	}
	st := &ir.OperationState{Name: ir.Global.Lookup(onnx.ConstantName), Loc: op.Loc(), Types: []ir.Type{rt}}
	st.AddAttr("value", value)
	return ir.NewOperation(st)
}
