package tensor

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/ir"
)

func rankedType(v ir.Value) *ir.RankedTensorType {
	r, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		panic(fmt.Sprintf("tensor: %s is not a ranked tensor type", v.Type()))
	}
	return r
}

// ExpandShape creates `tensor.expand_shape v [...] : T into resultType`,
// with the reassociation chosen by Reassociation. It panics if no
// reassociation exists (check with Reassociation first).
func ExpandShape(rw *ir.Rewriter, loc ir.Location, v ir.Value, resultType *ir.RankedTensorType) *ir.Operation {
	groups, err := Reassociation(rankedType(v).Shape(), resultType.Shape())
	if err != nil {
		panic(err)
	}
	return ExpandShapeWith(rw, loc, v, resultType, groups)
}

// ExpandShapeWith creates tensor.expand_shape with an explicit reassociation.
func ExpandShapeWith(rw *ir.Rewriter, loc ir.Location, v ir.Value, resultType ir.Type, groups [][]int64) *ir.Operation {
	return rw.Create(ExpandShapeName, loc, []ir.Value{v}, []ir.Type{resultType},
		[]ir.NamedAttr{{Name: "reassociation", Value: ReassociationAttr(groups)}})
}

// CollapseShape creates `tensor.collapse_shape v [...] : T into
// resultType`; the reassociation is Reassociation(result shape, source
// shape). It panics if none exists.
func CollapseShape(rw *ir.Rewriter, loc ir.Location, v ir.Value, resultType *ir.RankedTensorType) *ir.Operation {
	groups, err := Reassociation(resultType.Shape(), rankedType(v).Shape())
	if err != nil {
		panic(err)
	}
	return CollapseShapeWith(rw, loc, v, resultType, groups)
}

// CollapseShapeWith creates tensor.collapse_shape with an explicit
// reassociation.
func CollapseShapeWith(rw *ir.Rewriter, loc ir.Location, v ir.Value, resultType ir.Type, groups [][]int64) *ir.Operation {
	return rw.Create(CollapseShapeName, loc, []ir.Value{v}, []ir.Type{resultType},
		[]ir.NamedAttr{{Name: "reassociation", Value: ReassociationAttr(groups)}})
}

// Dim creates `tensor.dim v, index`.
func Dim(rw *ir.Rewriter, loc ir.Location, v, index ir.Value) *ir.Operation {
	return rw.Create(DimName, loc, []ir.Value{v, index}, []ir.Type{ir.Index}, nil)
}

// DimConst creates `%cI = arith.constant I : index` and `tensor.dim v, %cI`,
// returning the dim op.
func DimConst(rw *ir.Rewriter, loc ir.Location, v ir.Value, i int64) *ir.Operation {
	c := arith.ConstantIndex(rw, loc, i)
	return Dim(rw, loc, v, c.Result(0))
}

// Empty creates `tensor.empty(dynamicSizes) : resultType`.
func Empty(rw *ir.Rewriter, loc ir.Location, resultType *ir.RankedTensorType, dynamicSizes []ir.Value) *ir.Operation {
	return rw.Create(EmptyName, loc, dynamicSizes, []ir.Type{resultType}, nil)
}

// Cast creates `tensor.cast v : T to t`.
func Cast(rw *ir.Rewriter, loc ir.Location, v ir.Value, t ir.Type) *ir.Operation {
	return rw.Create(CastName, loc, []ir.Value{v}, []ir.Type{t}, nil)
}

// Extract creates `tensor.extract t[indices]`.
func Extract(rw *ir.Rewriter, loc ir.Location, t ir.Value, indices []ir.Value) *ir.Operation {
	return rw.Create(ExtractName, loc, append([]ir.Value{t}, indices...), []ir.Type{rankedType(t).Elem()}, nil)
}

// Insert creates `tensor.insert scalar into dest[indices]`.
func Insert(rw *ir.Rewriter, loc ir.Location, scalar, dest ir.Value, indices []ir.Value) *ir.Operation {
	return rw.Create(InsertName, loc, append([]ir.Value{scalar, dest}, indices...), []ir.Type{dest.Type()}, nil)
}

// FromElements creates `tensor.from_elements elems : resultType`.
func FromElements(rw *ir.Rewriter, loc ir.Location, resultType *ir.RankedTensorType, elems []ir.Value) *ir.Operation {
	return rw.Create(FromElementsName, loc, elems, []ir.Type{resultType}, nil)
}

// Concat creates `tensor.concat dim(d) inputs : (…) -> resultType`.
func Concat(rw *ir.Rewriter, loc ir.Location, dim int64, inputs []ir.Value, resultType *ir.RankedTensorType) *ir.Operation {
	return rw.Create(ConcatName, loc, inputs, []ir.Type{resultType}, []ir.NamedAttr{{Name: "dim", Value: ir.Int(dim, ir.I64)}})
}

// ExtractSlice creates `tensor.extract_slice src[offsets] [sizes] [strides]`.
// Each entry is static (OpFoldResult.Attr, an integer attribute) or dynamic
// (OpFoldResult.Value, an index value). A nil resultType is inferred from
// the sizes (no rank reduction).
func ExtractSlice(rw *ir.Rewriter, loc ir.Location, src ir.Value, resultType *ir.RankedTensorType, offsets, sizes, strides []ir.OpFoldResult) *ir.Operation {
	operands, attrs := sliceOperands("extract_slice", []ir.Value{src}, offsets, sizes, strides)
	if resultType == nil {
		resultType = ir.RankedTensor(attrs[2].Value.(*ir.DenseArrayAttr).Ints, rankedType(src).Elem())
	}
	return rw.Create(ExtractSliceName, loc, operands, []ir.Type{resultType}, attrs)
}

// InsertSlice creates `tensor.insert_slice src into dest[offsets] [sizes]
// [strides]`, entries as for ExtractSlice; src has the window's sizes (no
// rank reduction) and the result has dest's type.
func InsertSlice(rw *ir.Rewriter, loc ir.Location, src, dest ir.Value, offsets, sizes, strides []ir.OpFoldResult) *ir.Operation {
	operands, attrs := sliceOperands("insert_slice", []ir.Value{src, dest}, offsets, sizes, strides)
	return rw.Create(InsertSliceName, loc, operands, []ir.Type{dest.Type()}, attrs)
}

// sliceOperands splits a slice op's offsets, sizes and strides into its
// dynamic operands (appended to the leading ones) and its static_offsets,
// static_sizes and static_strides attributes (ir.Dynamic where an entry
// is a value), after the operand segment sizes.
func sliceOperands(name string, lead []ir.Value, offsets, sizes, strides []ir.OpFoldResult) ([]ir.Value, []ir.NamedAttr) {
	operands := lead
	segments := make([]int64, len(lead))
	for i := range segments {
		segments[i] = 1
	}
	split := func(l []ir.OpFoldResult) *ir.DenseArrayAttr {
		static := make([]int64, len(l))
		n := 0
		for i, e := range l {
			if e.Value != nil {
				static[i] = ir.Dynamic
				operands = append(operands, e.Value)
				n++
				continue
			}
			a, ok := e.Attr.(ir.IntegerAttr)
			if !ok {
				panic(fmt.Sprintf("tensor: %s entry %v is neither a value nor an integer attribute", name, e.Attr))
			}
			static[i] = a.Value
		}
		segments = append(segments, int64(n))
		return &ir.DenseArrayAttr{Elem: ir.I64, Ints: static}
	}
	so, ss, st := split(offsets), split(sizes), split(strides)
	return operands, []ir.NamedAttr{
		{Name: ir.SegmentSizesAttrName, Value: &ir.DenseArrayAttr{Elem: ir.I32, Ints: segments}},
		{Name: "static_offsets", Value: so},
		{Name: "static_sizes", Value: ss},
		{Name: "static_strides", Value: st},
	}
}

// Static returns the static entries vs as OpFoldResults (for ExtractSlice).
func Static(vs ...int64) []ir.OpFoldResult {
	out := make([]ir.OpFoldResult, len(vs))
	for i, v := range vs {
		out[i] = ir.OpFoldResult{Attr: ir.IndexAttr(v)}
	}
	return out
}
