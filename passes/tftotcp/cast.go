package tftotcp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// tf.Cast, tf.Transpose and tf.FloorMod:
//
//	tf.Cast       -> arith.extsi/extui/trunci/sitofp/fptosi/extf/truncf,
//	                 arith.cmpi ne 0 (to bool); an unsigned source of at
//	                 most 32 bits through tcp.cast_indices (zero-extended)
//	tf.Transpose  -> tcp.transpose (constant perm)
//	tf.FloorMod   -> arith.remsi, then + y where the remainder is nonzero
//	                 and its sign differs from y's; by a positive constant
//	                 n: select(r < 0, r + n, r), the floor-mod idiom a
//	                 following gather folds into its mode wrap
//	                 (tf.experimental.numpy.take(mode='wrap'))
var _ = addCast()

func addCast() bool {
	Frontend.Conversions = append(Frontend.Conversions,
		frontends.Conversion{Root: tf.CastName, Name: "TFToTcp:" + tf.CastName, Convert: convertCast},
		frontends.Conversion{Root: tf.TransposeName, Name: "TFToTcp:" + tf.TransposeName, Convert: convertTranspose},
		frontends.Conversion{Root: tf.FloorModName, Name: "TFToTcp:" + tf.FloorModName, Convert: convertFloorMod},
	)
	return true
}

func convertCast(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	in, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	out, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return fail(op, fmt.Errorf("casting %s to %s: ranked tensors are needed", op.Operand(0).Type(), op.Result(0).Type()))
	}
	out = ir.RankedTensor(in.Shape(), out.Elem())
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	v := op.Operand(0)
	if it, ok := in.Elem().(ir.IntegerType); ok && it.Sign == ir.Unsigned {
		if it.Width > 32 {
			return fail(op, fmt.Errorf("casting %s is not supported (a 64-bit unsigned value has no exact signless path)", it))
		}
		// Zero-extended into i64, exact for every value of 32 bits or less.
		v = tcp.BuildCastIndices(rw, loc, v, ir.I64).Result(0)
		in = v.Type().(*ir.RankedTensorType)
	}
	if ot, ok := out.Elem().(ir.IntegerType); ok && ot.Sign != ir.Signless {
		return fail(op, fmt.Errorf("casting to %s is not supported (signless results only)", ot))
	}
	if in.Elem() == out.Elem() {
		return true, tcpbuild.Replace(rw, op, v)
	}
	fi, fo := ir.IsFloat(in.Elem()), ir.IsFloat(out.Elem())
	var name string
	switch {
	case out.Elem() == ir.I1:
		if fi {
			return fail(op, fmt.Errorf("casting %s to bool is not supported", in.Elem()))
		}
		zero := tcp.BuildConst(rw, loc, ir.NewDenseInts(in, []int64{0})).Result(0)
		return true, tcpbuild.Replace(rw, op, arith.CmpI(rw, loc, arith.CmpNE, v, zero).Result(0))
	case !fi && !fo:
		wi, wo := in.Elem().(ir.IntegerType).Width, out.Elem().(ir.IntegerType).Width
		switch {
		case wi == 1:
			name = arith.ExtUIName
		case wo > wi:
			name = arith.ExtSIName
		default:
			name = arith.TruncIName
		}
	case !fi && fo:
		if in.Elem() == ir.I1 {
			return fail(op, fmt.Errorf("casting bool to %s is not supported", out.Elem()))
		}
		name = arith.SIToFPName
	case fi && !fo:
		name = arith.FPToSIName
	default:
		wi, wo := in.Elem().(ir.FloatType).Width(), out.Elem().(ir.FloatType).Width()
		switch {
		case wo > wi:
			name = arith.ExtFName
		case wo < wi:
			name = arith.TruncFName
		default:
			return fail(op, fmt.Errorf("casting %s to %s is not supported", in.Elem(), out.Elem()))
		}
	}
	return true, tcpbuild.Replace(rw, op, arith.Cast(rw, name, loc, v, out).Result(0))
}

func convertTranspose(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return fail(op, fmt.Errorf("the x type %s is not ranked", op.Operand(0).Type()))
	}
	perm, ok := tf.TransposePerm(op)
	if !ok {
		return fail(op, fmt.Errorf("perm is not a constant permutation of [0, %d)", x.Rank()))
	}
	p := make([]int64, len(perm))
	shape := make([]int64, len(perm))
	for k, d := range perm {
		p[k] = int64(d)
		shape[k] = x.Dim(d)
	}
	rw.SetInsertionPointBefore(op)
	t := rw.Create(tcp.TransposeName, op.Loc(), []ir.Value{op.Operand(0)}, []ir.Type{ir.RankedTensor(shape, x.Elem())},
		[]ir.NamedAttr{{Name: "permutation", Value: &ir.DenseArrayAttr{Elem: ir.I64, Ints: p}}})
	return true, tcpbuild.Replace(rw, op, t.Result(0))
}

func convertFloorMod(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if it, ok := ir.ElementType(op.Operand(0).Type()).(ir.IntegerType); !ok || it.Sign != ir.Signless || it.Width == 1 {
		return fail(op, fmt.Errorf("element type %s is not supported (signless integers only)", ir.ElementType(op.Operand(0).Type())))
	}
	vs, r, err := broadcastOperands(op, rw)
	if err != nil {
		return fail(op, err)
	}
	return true, tcpbuild.Replace(rw, op, tcpbuild.FloorMod(rw, op.Loc(), vs[0], vs[1], r, tcpbuild.PositiveSplat(op.Operand(1))))
}
