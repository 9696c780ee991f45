package stablehlototcp

import (
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// Unsigned index arithmetic. jax keeps unsigned index dtypes (uint8,
// uint16, uint32) through the arithmetic it puts around a gather:
// jnp.take(x, i) with a uint32 i prints
//
//	%1 = stablehlo.compare LT, %arg1, %0, UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
//	%3 = stablehlo.add %arg1, %2 : tensor<4xui32>
//	%4 = stablehlo.select %1, %3, %arg1 : tensor<4xi1>, tensor<4xui32>
//	%6 = stablehlo.convert %5 : (tensor<4x1xui32>) -> tensor<4x1xi32>
//
// arith has signless integers only. A uiN value (N <= 32) that takes part
// in arithmetic is therefore carried in its *wide form*: a signless
// integer tensor one size up (i32 for ui8 and ui16, i64 for ui32) holding
// the value zero-extended, so that it is exact and non-negative. Signed
// and unsigned comparisons, max, min and remainder of non-negative values
// agree, so they become the ordinary arith ops; add, subtract and multiply
// wrap modulo 2^N with an arith.andi by 2^N - 1 after the wider op. A uiN
// operand enters the wide form through tcp.cast_indices (exact for these
// widths); the wide form leaves it only as a value: a convert to a
// signless integer (arith.trunci/extsi) or float (arith.sitofp), or the
// start indices of a gather or dynamic_slice, which read values.
//
// tcp has no op back from a signless tensor to an unsigned type, so a
// wide value may only be used by the ops that take the wide form (the
// arithmetic, compare, select, the shape plumbing, convert and the index
// operands of gather, dynamic_slice and dynamic_gather); any other use
// (returning an unsigned arithmetic result, gathering from it as data) is
// a located conversion error. Unsigned data that only moves (a gather of
// uint8 pixels, a select against a constant fill value) keeps its type.
// ui64 has no exact wide form and stays a located error.

// uiWidth is N for a uiN element type with N <= 32 (the types with a wide
// form), else 0.
func uiWidth(t ir.Type) int {
	it, ok := ir.ElementType(t).(ir.IntegerType)
	if !ok || it.Sign != ir.Unsigned || it.Width > 32 || it.Width < 2 {
		return 0
	}
	return it.Width
}

// wideElem is the element type of the wide form of uiN.
func wideElem(n int) ir.Type {
	if n < 32 {
		return ir.I32
	}
	return ir.I64
}

// isWide reports whether v, an operand of an op that means uiN values, is
// already in the wide form (a converted producer replaced it).
func isWide(v ir.Value, n int) bool { return n > 0 && ir.ElementType(v.Type()) == wideElem(n) }

// anyWide reports whether some of vals is in the wide form of uiN.
func anyWide(vals []ir.Value, n int) bool {
	for _, v := range vals {
		if isWide(v, n) {
			return true
		}
	}
	return false
}

// toWide returns v in the wide form of uiN: a uiN tensor through
// tcp.cast_indices, a wide value as is.
func toWide(rw *ir.Rewriter, loc ir.Location, v ir.Value, n int) ir.Value {
	if isWide(v, n) {
		return v
	}
	return tcp.BuildCastIndices(rw, loc, v, wideElem(n)).Result(0)
}

// wideType is t's shape with the wide element type of uiN.
func wideType(t ir.Type, n int) *ir.RankedTensorType {
	return ir.RankedTensor(t.(*ir.RankedTensorType).Shape(), wideElem(n))
}

// wrapWide keeps the low n bits of the wide value v (arith.andi by
// 2^n - 1, a splat constant of v's static shape).
func wrapWide(rw *ir.Rewriter, loc ir.Location, v ir.Value, n int) (ir.Value, error) {
	t := rt(v)
	var mask ir.Value
	if t.HasStaticShape() {
		mask = tcp.BuildConst(rw, loc, ir.NewDenseInts(t, []int64{int64(1)<<n - 1})).Result(0)
	} else {
		// One element, broadcast to v's run-time dims.
		ones := make([]int64, t.Rank())
		var axes []int64
		var sizes []ir.Value
		var static []int64
		for d := range ones {
			ones[d] = 1
			if t.Dim(d) != 1 {
				axes = append(axes, int64(d))
				sizes = append(sizes, tcpbuild.DimSize(rw, loc, v, d))
				static = append(static, t.Dim(d))
			}
		}
		one := tcp.BuildConst(rw, loc, ir.NewDenseInts(ir.RankedTensor(ones, t.Elem()), []int64{int64(1)<<n - 1})).Result(0)
		mask = tcpbuild.BroadcastTo(rw, loc, one, axes, sizes, static)
	}
	return arith.Binary(rw, arith.AndIName, loc, v, mask).Result(0), nil
}

// wideUsers are the ops that take a wide operand (and the operand numbers
// they read as values; nil: every operand).
var wideUsers = map[string][]int{
	stablehlo.AddName: nil, stablehlo.SubtractName: nil, stablehlo.MultiplyName: nil,
	stablehlo.RemainderName: nil, stablehlo.AndName: nil, stablehlo.OrName: nil,
	stablehlo.MaximumName: nil, stablehlo.MinimumName: nil, stablehlo.CompareName: nil,
	stablehlo.SelectName: {1, 2}, stablehlo.ClampName: nil, stablehlo.ConvertName: nil,
	stablehlo.BroadcastInDimName: {0}, stablehlo.ReshapeName: {0}, stablehlo.TransposeName: {0},
	stablehlo.ConcatenateName: nil, stablehlo.GatherName: {1}, stablehlo.DynamicSliceName: nil,
	stablehlo.DynamicGatherName: {1}, stablehlo.DynamicBroadcastInDimName: {0}, stablehlo.DynamicReshapeName: {0},
}

// checkWideUses fails unless every use of op's result can take the wide
// form.
func checkWideUses(op *ir.Operation) error {
	for _, u := range ir.Uses(op.Result(0)) {
		o := u.Owner()
		name := hloName(o)
		ops, known := wideUsers[name]
		ok := known && (ops == nil || containsInt(ops, u.OperandNumber()))
		if name == stablehlo.DynamicSliceName && u.OperandNumber() == 0 {
			ok = false
		}
		if !ok {
			return op.EmitOpError("cannot be converted to tcp: its unsigned result (%s) is used by '%s' (operand #%d), which would need it back in an unsigned type; tcp has signless arithmetic only, and unsigned values computed by arithmetic may only flow into arithmetic, comparisons, selects, shape ops, converts and gather or dynamic_slice indices",
				op.Result(0).Type(), o.Name(), u.OperandNumber())
		}
	}
	return nil
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// wideBinary converts an arithmetic op on uiN (add, subtract, multiply,
// remainder, and, or, maximum, minimum) through the wide form.
func wideBinary(op *ir.Operation, rw *ir.Rewriter, n int) (bool, error) {
	name := map[string]string{
		stablehlo.AddName: arith.AddIName, stablehlo.SubtractName: arith.SubIName, stablehlo.MultiplyName: arith.MulIName,
		stablehlo.RemainderName: arith.RemSIName, stablehlo.AndName: arith.AndIName, stablehlo.OrName: arith.OrIName,
		stablehlo.MaximumName: arith.MaxSIName, stablehlo.MinimumName: arith.MinSIName,
	}[hloName(op)]
	if name == "" {
		return fail(op, "unsigned element type %s is not supported", ir.ElementType(op.Result(0).Type()))
	}
	if err := checkWideUses(op); err != nil {
		return false, err
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	a, b := toWide(rw, loc, op.Operand(0), n), toWide(rw, loc, op.Operand(1), n)
	var v ir.Value = arith.Binary(rw, name, loc, a, b).Result(0)
	if name == arith.AddIName || name == arith.SubIName || name == arith.MulIName {
		var err error
		if v, err = wrapWide(rw, loc, v, n); err != nil {
			return fail(op, "%v", err)
		}
	}
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// hloName is op's name with an mhlo. prefix read as stablehlo.
func hloName(op *ir.Operation) string {
	if n, ok := strings.CutPrefix(op.Name(), "mhlo."); ok {
		return "stablehlo." + n
	}
	return op.Name()
}

// wideConvert converts a convert whose result is uiN: the operand's value
// (a signless or wide integer sign-extended or truncated, i1 zero-extended,
// a float truncated toward zero) in the wide type, wrapped to N bits.
//
// A converted uiN value used as data (gathered, returned: jax's
// x.astype(uint8) then a take) cannot stay wide: its wide value is
// truncated to a signless iN (arith.trunci keeps the low N bits: the
// convert's wrap modulo 2^N, the same bits as the uiN value) and
// given back its unsigned type by tcp.bitcast. Wide users of it read it
// back through tcp.cast_indices, exactly.
func wideConvert(op *ir.Operation, rw *ir.Rewriter, n int) (bool, error) {
	asData := checkWideUses(op) != nil
	in := rt(op.Operand(0))
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	wt := wideType(op.Result(0).Type(), n)
	v := op.Operand(0)
	if m := uiWidth(in); m > 0 && !isWide(v, m) {
		v = toWide(rw, loc, v, m)
		in = rt(v)
	} else if !signless(in) {
		return fail(op, "converting %s to %s is not supported", in.Elem(), op.Result(0).Type())
	}
	switch e := in.Elem().(type) {
	case ir.IntegerType:
		w, wo := e.Width, wt.Elem().(ir.IntegerType).Width
		switch {
		case w == 1:
			v = arith.Cast(rw, arith.ExtUIName, loc, v, wt).Result(0)
		case w < wo:
			v = arith.Cast(rw, arith.ExtSIName, loc, v, wt).Result(0)
		case w > wo:
			v = arith.Cast(rw, arith.TruncIName, loc, v, wt).Result(0)
		}
	default:
		v = arith.Cast(rw, arith.FPToSIName, loc, v, wt).Result(0)
	}
	if asData {
		// arith.trunci keeps the low N bits: the wrap modulo 2^N itself.
		out := rt(op.Result(0))
		narrow := arith.Cast(rw, arith.TruncIName, loc, v, ir.RankedTensor(out.Shape(), ir.IntegerType{Width: n})).Result(0)
		rw.ReplaceOp(op, []ir.Value{tcp.BuildBitcast(rw, loc, narrow, out.Elem()).Result(0)})
		return true, nil
	}
	v, err := wrapWide(rw, loc, v, n)
	if err != nil {
		return fail(op, "%v", err)
	}
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// wideData returns the data operand x of a shape op (broadcast_in_dim,
// reshape, transpose) whose result is uiN: in the wide form when x is
// already wide (the result then is too, and its uses must take it), else
// x itself (unsigned data that only moves keeps its type).
func wideData(op *ir.Operation, rw *ir.Rewriter, x ir.Value) (ir.Value, error) {
	n := uiWidth(op.Result(0).Type())
	if !isWide(x, n) {
		return x, nil
	}
	return x, checkWideUses(op)
}
