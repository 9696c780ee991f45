package tcp

import "github.com/tcp-project/tcp/ir"

// GatherOp is a typed view of tcp.gather; it never owns data.
type GatherOp struct{ *ir.Operation }

func (o GatherOp) Input() ir.Value   { return o.Operand(0) }
func (o GatherOp) Indices() ir.Value { return o.Operand(1) }
func (o GatherOp) Dim() int64        { return o.IntAttr("dim") }
func (o GatherOp) Mode() string      { return modeOf(o.Operation) }

// FillValue returns the fill value (the element type's default if absent).
func (o GatherOp) FillValue() ir.Attribute { return fillOf(o.Operation) }

// GatherNDOp is a typed view of tcp.gather_nd.
type GatherNDOp struct{ *ir.Operation }

func (o GatherNDOp) Input() ir.Value         { return o.Operand(0) }
func (o GatherNDOp) Indices() ir.Value       { return o.Operand(1) }
func (o GatherNDOp) BatchDims() int64        { return o.IntAttr("batch_dims") }
func (o GatherNDOp) Mode() string            { return modeOf(o.Operation) }
func (o GatherNDOp) FillValue() ir.Attribute { return fillOf(o.Operation) }

// BroadcastOp is a typed view of tcp.broadcast_to / tcp.broadcast.
type BroadcastOp struct{ *ir.Operation }

func (o BroadcastOp) In() ir.Value { return o.Operand(0) }

// NewDimSizes returns the size operands, one per axis.
func (o BroadcastOp) NewDimSizes() []ir.Value { return o.Operands()[1:] }

// Axes returns the broadcast axes.
func (o BroadcastOp) Axes() []int64 {
	arr, _ := o.Attr("axes").(ir.ArrayAttr)
	out := make([]int64, len(arr))
	for i, a := range arr {
		out[i] = a.(ir.IntegerAttr).Value
	}
	return out
}

// IsBroadcast reports whether op is tcp.broadcast_to or tcp.broadcast.
func IsBroadcast(op *ir.Operation) bool {
	return op != nil && (op.Name() == BroadcastToName || op.Name() == BroadcastName)
}

// SliceOp is a typed view of tcp.slice.
type SliceOp struct{ *ir.Operation }

func (o SliceOp) In() ir.Value { return o.Operand(0) }
func (o SliceOp) rank() int    { return (o.NumOperands() - 1) / 3 }

// Starts, Sizes and Strides return the index operands.
func (o SliceOp) Starts() []ir.Value  { return o.Operands()[1 : 1+o.rank()] }
func (o SliceOp) Sizes() []ir.Value   { return o.Operands()[1+o.rank() : 1+2*o.rank()] }
func (o SliceOp) Strides() []ir.Value { return o.Operands()[1+2*o.rank():] }

// ConstOp is a typed view of tcp.const.
type ConstOp struct{ *ir.Operation }

func (o ConstOp) Value() *ir.DenseElementsAttr { return o.Attr("value").(*ir.DenseElementsAttr) }

func modeOf(op *ir.Operation) string {
	if m := op.StrAttr("mode"); m != "" {
		return m
	}
	return ModePromiseInBounds
}

func fillOf(op *ir.Operation) ir.Attribute {
	if a := op.Attr("fill_value"); a != nil {
		return a
	}
	return DefaultFillValue(ir.ElementType(op.Result(0).Type()))
}

// ---------------------------------------------------------------- builders

func create(rw *ir.Rewriter, name string, loc ir.Location, operands []ir.Value, result ir.Type, attrs ...ir.NamedAttr) *ir.Operation {
	return rw.Create(name, loc, operands, []ir.Type{result}, attrs)
}

// BuildGather inserts tcp.gather (mode omitted when it is the default).
func BuildGather(rw *ir.Rewriter, loc ir.Location, input, indices ir.Value, dim int64, mode string, result ir.Type) *ir.Operation {
	attrs := []ir.NamedAttr{{Name: "dim", Value: ir.IndexAttr(dim)}}
	if mode != "" && mode != ModePromiseInBounds {
		attrs = append(attrs, ir.NamedAttr{Name: "mode", Value: ir.Str(mode)})
	}
	return create(rw, GatherName, loc, []ir.Value{input, indices}, result, attrs...)
}

// BuildGatherND inserts tcp.gather_nd.
func BuildGatherND(rw *ir.Rewriter, loc ir.Location, input, indices ir.Value, batchDims int64, mode string, result ir.Type) *ir.Operation {
	var attrs []ir.NamedAttr
	if batchDims != 0 {
		attrs = append(attrs, ir.NamedAttr{Name: "batch_dims", Value: ir.IndexAttr(batchDims)})
	}
	if mode != "" && mode != ModePromiseInBounds {
		attrs = append(attrs, ir.NamedAttr{Name: "mode", Value: ir.Str(mode)})
	}
	return create(rw, GatherNDName, loc, []ir.Value{input, indices}, result, attrs...)
}

// BuildBroadcastTo inserts tcp.broadcast_to.
func BuildBroadcastTo(rw *ir.Rewriter, loc ir.Location, in ir.Value, sizes []ir.Value, axes []int64, result ir.Type) *ir.Operation {
	return create(rw, BroadcastToName, loc, append([]ir.Value{in}, sizes...), result, ir.NamedAttr{Name: "axes", Value: ir.I64Array(axes...)})
}

// BuildSlice inserts tcp.slice.
func BuildSlice(rw *ir.Rewriter, loc ir.Location, in ir.Value, starts, sizes, strides []ir.Value, result ir.Type) *ir.Operation {
	ops := append([]ir.Value{in}, starts...)
	ops = append(append(ops, sizes...), strides...)
	return create(rw, SliceName, loc, ops, result)
}

// BuildConst inserts tcp.const.
func BuildConst(rw *ir.Rewriter, loc ir.Location, value *ir.DenseElementsAttr) *ir.Operation {
	return create(rw, ConstName, loc, nil, value.Type, ir.NamedAttr{Name: "value", Value: value})
}

func init() {
	// Folding materializes tensor constants of the tcp dialect as tcp.const.
	ir.RegisterConstantMaterializer("tcp", func(rw *ir.Rewriter, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		d, ok := value.(*ir.DenseElementsAttr)
		if !ok || ir.Type(d.Type) != t {
			return nil
		}
		return BuildConst(rw, loc, d)
	})
}
