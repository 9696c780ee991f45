package onnxtotcp

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// The index arithmetic ONNX exporters put around gathers (dialect/onnx
// arith.go):
//
//	onnx.Shape                 -> tcp.const of the static dims; with dynamic
//	                              dims, tensor.from_elements of arith.constant
//	                              (static dims) and arith.index_cast of
//	                              tensor.dim (dynamic ones)
//	onnx.Cast                  -> arith.extsi/trunci/sitofp/fptosi (or nothing);
//	                              from bool arith.extui, to bool cmpi ne 0
//	onnx.Add/Sub/Mul/Div       -> arith.addi/subi/muli/divsi (addf/subf/mulf/divf
//	                              for floats; integer Div truncates, like divsi)
//	onnx.Mod (fmod = 0)        -> arith.remsi, then + B where the remainder is
//	                              nonzero and its sign differs from B's
//	onnx.Greater/Less          -> arith.cmpi sgt/slt (integers)
//	onnx.Where                 -> arith.select
//
// Operands are broadcast to the result's static shape first
// (tensor.expand_shape + tcp.broadcast_to). The canonicalizer then folds
// what is constant (the Shape/Slice/Add arithmetic on static dims).
var _ = addArith()

func addArith() bool {
	for _, c := range []frontends.Conversion{
		{Root: onnx.ShapeName, Name: "ONNXShapeToTcp", Convert: convertShape},
		{Root: onnx.CastName, Name: "ONNXCastToArith", Convert: convertCast},
		{Root: onnx.AddName, Name: "ONNXAddToArith", Convert: convertBinary(arith.AddIName, arith.AddFName)},
		{Root: onnx.SubName, Name: "ONNXSubToArith", Convert: convertBinary(arith.SubIName, arith.SubFName)},
		{Root: onnx.ModName, Name: "ONNXModToArith", Convert: convertMod},
		{Root: onnx.MulName, Name: "ONNXMulToArith", Convert: convertBinary(arith.MulIName, arith.MulFName)},
		{Root: onnx.DivName, Name: "ONNXDivToArith", Convert: convertBinary(arith.DivSIName, arith.DivFName)},
		{Root: onnx.GreaterName, Name: "ONNXGreaterToArith", Convert: convertCompare(arith.CmpSGT)},
		{Root: onnx.LessName, Name: "ONNXLessToArith", Convert: convertCompare(arith.CmpSLT)},
		{Root: onnx.WhereName, Name: "ONNXWhereToArith", Convert: convertWhere},
	} {
		Frontend.Conversions = append(Frontend.Conversions, c)
	}
	return true
}

func convertShape(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, err := tcpbuild.Ranked(op.Operand(0), "data")
	if err != nil {
		return fail(op, err)
	}
	lo, hi := onnx.ShapeRange(op, x.Rank())
	dims := x.Shape()[lo:hi]
	t := ir.RankedTensor([]int64{int64(len(dims))}, ir.I64)
	rw.SetInsertionPointBefore(op)
	if !slices.Contains(dims, ir.Dynamic) {
		return true, tcpbuild.Replace(rw, op, tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(t, dims)).Result(0))
	}
	// The sizes torch.onnx.export's dynamic_axes leave to run time.
	elems := make([]ir.Value, len(dims))
	for k, d := range dims {
		if d != ir.Dynamic {
			elems[k] = arith.ConstantInt(rw, op.Loc(), d, ir.I64).Result(0)
			continue
		}
		dim := tensor.DimConst(rw, op.Loc(), op.Operand(0), int64(lo+k)).Result(0)
		elems[k] = arith.IndexCast(rw, op.Loc(), dim, ir.I64).Result(0)
	}
	return true, tcpbuild.Replace(rw, op, tensor.FromElements(rw, op.Loc(), t, elems).Result(0))
}

func convertCast(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	in, err := tcpbuild.Ranked(op.Operand(0), "input")
	if err != nil {
		return fail(op, err)
	}
	out := ir.RankedTensor(in.Shape(), ir.ElementType(op.Result(0).Type()))
	rw.SetInsertionPointBefore(op)
	if in.Elem() == out.Elem() {
		return true, tcpbuild.Replace(rw, op, op.Operand(0))
	}
	fi, fo := ir.IsFloat(in.Elem()), ir.IsFloat(out.Elem())
	var name string
	switch {
	case in.Elem() == ir.I1 && !fo:
		// Cast(Equal(...), to=INT64): false 0, true 1.
		name = arith.ExtUIName
	case out.Elem() == ir.I1 && !fi:
		// to bool: x != 0.
		zero := tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(in, []int64{0})).Result(0)
		return true, tcpbuild.Replace(rw, op, arith.CmpI(rw, op.Loc(), arith.CmpNE, op.Operand(0), zero).Result(0))
	case in.Elem() == ir.I1 || out.Elem() == ir.I1:
		return fail(op, fmt.Errorf("casting %s to %s is not supported (bool casts to and from integers only)", in.Elem(), out.Elem()))
	case !fi && !fo:
		if out.Elem().(ir.IntegerType).Width > in.Elem().(ir.IntegerType).Width {
			name = arith.ExtSIName
		} else {
			name = arith.TruncIName
		}
	case !fi && fo:
		name = arith.SIToFPName
	case fi && !fo:
		name = arith.FPToSIName
	default:
		return fail(op, fmt.Errorf("casting %s to %s is not supported (no float to float casts)", in.Elem(), out.Elem()))
	}
	return true, tcpbuild.Replace(rw, op, arith.Cast(rw, name, op.Loc(), op.Operand(0), out).Result(0))
}

// broadcastOperands returns op's operands broadcast to its result's
// static shape, with the result type.
func broadcastOperands(op *ir.Operation, rw *ir.Rewriter) ([]ir.Value, *ir.RankedTensorType, error) {
	r, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !r.HasStaticShape() {
		return nil, nil, fmt.Errorf("the result type %s is not static", op.Result(0).Type())
	}
	shape := r.Shape()
	var vs []ir.Value
	for i := 0; i < op.NumOperands(); i++ {
		v, err := broadcastValue(rw, op.Loc(), op.Operand(i), fmt.Sprintf("operand #%d", i), shape)
		if err != nil {
			return nil, nil, err
		}
		vs = append(vs, v)
	}
	return vs, r, nil
}

// broadcastValue broadcasts v (numpy's rules) to the static shape.
func broadcastValue(rw *ir.Rewriter, loc ir.Location, v ir.Value, what string, shape []int64) (ir.Value, error) {
	t, err := tcpbuild.Ranked(v, what)
	if err != nil {
		return nil, err
	}
	if t.Rank() > len(shape) {
		return nil, fmt.Errorf("%s of shape %s does not broadcast to %s", what, onnx.ShapeString(t.Shape()), onnx.ShapeString(shape))
	}
	if t.Rank() < len(shape) {
		padded := append(tcpbuild.Ones(len(shape)-t.Rank()), t.Shape()...)
		if v, err = tcpbuild.ExpandTo(rw, loc, v, padded); err != nil {
			return nil, err
		}
		t = v.Type().(*ir.RankedTensorType)
	}
	var axes, static []int64
	var sizes []ir.Value
	for d, n := range t.Shape() {
		if n != shape[d] {
			if n != 1 {
				return nil, fmt.Errorf("%s of shape %s does not broadcast to %s", what, onnx.ShapeString(t.Shape()), onnx.ShapeString(shape))
			}
			axes = append(axes, int64(d))
			static = append(static, shape[d])
			sizes = append(sizes, tcpbuild.ConstantIndex(rw, loc, shape[d]))
		}
	}
	return tcpbuild.BroadcastTo(rw, loc, v, axes, sizes, static), nil
}

func convertBinary(intOp, floatOp string) func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	return func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
		e := ir.ElementType(op.Operand(0).Type())
		name := intOp
		if ir.IsFloat(e) {
			name = floatOp
		} else if it, ok := e.(ir.IntegerType); !ok || it.Sign != ir.Signless {
			return fail(op, fmt.Errorf("element type %s is not supported", e))
		}
		rw.SetInsertionPointBefore(op)
		vs, _, err := broadcastOperands(op, rw)
		if err != nil {
			return fail(op, err)
		}
		return true, tcpbuild.Replace(rw, op, arith.Binary(rw, name, op.Loc(), vs[0], vs[1]).Result(0))
	}
}

// convertMod is ONNX's integer Mod (the divisor's sign):
// r = remsi(a, b); r + b where r != 0 and (r < 0) != (b < 0), else r. The
// sum cannot overflow: r and b then have opposite signs. A zero divisor
// stays a runtime error (arith.remsi's).
func convertMod(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if it, ok := ir.ElementType(op.Operand(0).Type()).(ir.IntegerType); !ok || it.Sign != ir.Signless || it.Width == 1 {
		return fail(op, fmt.Errorf("element type %s is not supported (signless integers only)", ir.ElementType(op.Operand(0).Type())))
	}
	rw.SetInsertionPointBefore(op)
	vs, r, err := broadcastOperands(op, rw)
	if err != nil {
		return fail(op, err)
	}
	return true, tcpbuild.Replace(rw, op, tcpbuild.FloorMod(rw, op.Loc(), vs[0], vs[1], r, tcpbuild.PositiveSplat(op.Operand(1))))
}

func convertCompare(p arith.CmpIPredicate) func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	return func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
		e := ir.ElementType(op.Operand(0).Type())
		if it, ok := e.(ir.IntegerType); !ok || it.Sign != ir.Signless {
			return fail(op, fmt.Errorf("comparing %s is not supported (signless integers only)", e))
		}
		rw.SetInsertionPointBefore(op)
		vs, _, err := broadcastOperands(op, rw)
		if err != nil {
			return fail(op, err)
		}
		return true, tcpbuild.Replace(rw, op, arith.CmpI(rw, op.Loc(), p, vs[0], vs[1]).Result(0))
	}
}

func convertWhere(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	rw.SetInsertionPointBefore(op)
	vs, _, err := broadcastOperands(op, rw)
	if err != nil {
		return fail(op, err)
	}
	return true, tcpbuild.Replace(rw, op, arith.Select(rw, op.Loc(), vs[0], vs[1], vs[2]).Result(0))
}

func repeat(v, n int64) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = v
	}
	return out
}
