package stablehlototcp

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
)

// stablehlo.dynamic_update_slice is a tensor.insert_slice of the update
// into the operand with stride 1 and the update's sizes. Each offset is the
// spec's clamp(start, 0, operand.shape[d] - update.shape[d]): computed at
// compile time into a static offset when the start is a constant (signed or signless) and both
// dims are static, otherwise read (tensor.extract, arith.index_cast) and
// clamped with arith.maxsi/minsi against tensor.dim sizes.
var _ = func() bool {
	for _, name := range []string{stablehlo.DynamicUpdateSliceName, stablehlo.MHLO(stablehlo.DynamicUpdateSliceName)} {
		Frontend.Conversions = append(Frontend.Conversions, frontends.Conversion{Root: name, Name: "StablehloToTcp:" + name, Convert: convertDynamicUpdateSlice})
	}
	return true
}()

func convertDynamicUpdateSlice(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	x, u := op.Operand(0), op.Operand(1)
	r := rt(x).Rank()
	if r > 0 {
		et := rt(op.Operand(2)).Elem()
		if it, ok := et.(ir.IntegerType); !ok || (it.Width != 8 && it.Width != 16 && it.Width != 32 && it.Width != 64) {
			return fail(op, "start index element type %s is not an integer of 8, 16, 32 or 64 bits", et)
		}
	}
	rw.SetInsertionPointBefore(op)
	bb := newB(rw, op.Loc())
	offs, sizes, strides := make([]ir.OpFoldResult, r), make([]ir.OpFoldResult, r), make([]ir.OpFoldResult, r)
	for d := 0; d < r; d++ {
		strides[d] = ir.OpFoldResult{Attr: ir.IndexAttr(1)}
		D, s := rt(x).Dim(d), rt(u).Dim(d)
		if s != ir.Dynamic {
			sizes[d] = ir.OpFoldResult{Attr: ir.IndexAttr(s)}
		} else {
			sizes[d] = ir.OpFoldResult{Value: bb.size(u, d)}
		}
		if D != ir.Dynamic && D == s {
			offs[d] = ir.OpFoldResult{Attr: ir.IndexAttr(0)} // the start clamps to 0
			continue
		}
		signed := rt(op.Operand(2+d)).Elem().(ir.IntegerType).Sign != ir.Unsigned
		if c, ok := constInts(op.Operand(2 + d)); ok && signed && len(c) == 1 && D != ir.Dynamic && s != ir.Dynamic {
			offs[d] = ir.OpFoldResult{Attr: ir.IndexAttr(max(0, min(c[0], D-s)))}
			continue
		}
		e := tensor.Extract(rw, op.Loc(), bb.indexElem(op.Operand(2+d)), nil).Result(0)
		v := arith.IndexCast(rw, op.Loc(), e, ir.Index).Result(0)
		hi := arith.Binary(rw, arith.SubIName, op.Loc(), bb.size(x, d), bb.size(u, d)).Result(0)
		v = arith.Binary(rw, arith.MaxSIName, op.Loc(), v, bb.index(0)).Result(0)
		offs[d] = ir.OpFoldResult{Value: arith.Binary(rw, arith.MinSIName, op.Loc(), v, hi).Result(0)}
	}
	res := tensor.InsertSlice(rw, op.Loc(), u, x, offs, sizes, strides).Result(0)
	rw.ReplaceOp(op, []ir.Value{res})
	return true, nil
}
