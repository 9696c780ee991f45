package stablehlototcp

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	tensord "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// The index arithmetic and shape plumbing jax wraps around its gathers
// (dialect/stablehlo elementwise.go) become elementwise arith ops on
// tensors, tensor reshapes, tcp.broadcast_to and tcp.transpose:
//
//	stablehlo.add/subtract/multiply/remainder/and/or/maximum/minimum
//	    -> arith.addi/subi/muli/remsi/andi/ori/maxsi/minsi (addf/subf/mulf
//	       for floats)
//	stablehlo.compare (integers)      -> arith.cmpi (SIGNED s*, UNSIGNED u*)
//	stablehlo.select                  -> arith.select
//	stablehlo.clamp                   -> arith.maxsi then arith.minsi
//	stablehlo.convert (integers, int->float, float->int, float->float)
//	                                  -> arith.extsi/extui/trunci/sitofp/fptosi/extf/truncf
//	                                     (f16 <-> bf16: extf to f32, then truncf)
//	stablehlo.broadcast_in_dim        -> tensor.expand_shape + tcp.broadcast_to
//	stablehlo.reshape                 -> tensor.collapse_shape / expand_shape
//	stablehlo.concatenate             -> tensor.concat
//	stablehlo.transpose               -> tcp.transpose
//
// What has no tcp/arith counterpart yet (float compare, float remainder,
// unsigned element types, a 0-d select predicate on a tensor, non-monotone
// broadcast dims) is a located conversion error.
var _ = addElementwise()

func addElementwise() bool {
	fns := map[string]func(op *ir.Operation, rw *ir.Rewriter) (bool, error){
		stablehlo.AddName:            binaryTo(arith.AddIName, arith.AddFName),
		stablehlo.SubtractName:       binaryTo(arith.SubIName, arith.SubFName),
		stablehlo.MultiplyName:       binaryTo(arith.MulIName, arith.MulFName),
		stablehlo.RemainderName:      binaryTo(arith.RemSIName, ""),
		stablehlo.AndName:            binaryTo(arith.AndIName, ""),
		stablehlo.OrName:             binaryTo(arith.OrIName, ""),
		stablehlo.MaximumName:        binaryTo(arith.MaxSIName, arith.MaxFName),
		stablehlo.MinimumName:        binaryTo(arith.MinSIName, arith.MinFName),
		stablehlo.DivideName:         binaryTo(arith.DivSIName, arith.DivFName),
		stablehlo.NegateName:         convertNegate,
		stablehlo.SignName:           convertSign,
		stablehlo.CompareName:        convertCompare,
		stablehlo.SelectName:         convertSelect,
		stablehlo.ClampName:          convertClamp,
		stablehlo.ConvertName:        convertConvert,
		stablehlo.BroadcastInDimName: convertBroadcastInDim,
		stablehlo.TransposeName:      convertTranspose,
		stablehlo.ReduceName:         convertReduce,
	}
	for _, n := range []string{stablehlo.DivideName, stablehlo.NegateName, stablehlo.SignName, stablehlo.AddName, stablehlo.SubtractName, stablehlo.MultiplyName, stablehlo.RemainderName,
		stablehlo.AndName, stablehlo.OrName, stablehlo.MaximumName, stablehlo.MinimumName, stablehlo.CompareName,
		stablehlo.SelectName, stablehlo.ClampName, stablehlo.ConvertName, stablehlo.BroadcastInDimName,
		stablehlo.TransposeName, stablehlo.ReduceName} {
		for _, name := range []string{n, stablehlo.MHLO(n)} {
			Frontend.Conversions = append(Frontend.Conversions, frontends.Conversion{Root: name, Name: "StablehloToTcp:" + name, Convert: fns[n]})
		}
	}
	return true
}

// signless reports whether t's elements are signless integers or floats
// (arith has no ops on ui/si types).
func signless(t ir.Type) bool {
	e := ir.ElementType(t)
	if it, ok := e.(ir.IntegerType); ok {
		return it.Sign == ir.Signless
	}
	return ir.IsFloat(e)
}

// convertNegate: float negation is arith.negf; integer negation is
// arith.subi from a zero constant (wrapping: the most negative value is
// its own negation, as stablehlo.negate's two's complement), for static
// shapes (jax's .at[].apply(lambda v: -v) on int32).
func convertNegate(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	t := op.Result(0).Type()
	if it, ok := ir.ElementType(t).(ir.IntegerType); ok && it.Sign == ir.Signless && it.Width > 1 {
		rtt, ok := t.(*ir.RankedTensorType)
		if !ok || !rtt.HasStaticShape() {
			return fail(op, "negating integers of a dynamic shape is not supported")
		}
		rw.SetInsertionPointBefore(op)
		zero := tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(rtt, []int64{0})).Result(0)
		rw.ReplaceOp(op, []ir.Value{arith.Binary(rw, arith.SubIName, op.Loc(), zero, op.Operand(0)).Result(0)})
		return true, nil
	}
	if !ir.IsFloat(ir.ElementType(t)) {
		return fail(op, "negating element type %s is not supported (floats and signless integers only)", ir.ElementType(t))
	}
	rw.SetInsertionPointBefore(op)
	neg := rw.Create(arith.NegFName, op.Loc(), []ir.Value{op.Operand(0)}, []ir.Type{t}, nil)
	rw.ReplaceOp(op, []ir.Value{neg.Result(0)})
	return true, nil
}

// convertSign: sign(x) = select(x > 0, 1, select(x < 0, -1, x)) on
// signless integers and floats, for static shapes (jax's floor division of
// run-time sizes, on scalars). Returning x itself where it is neither
// positive nor negative keeps a float zero's sign and a NaN, as
// stablehlo.sign does, and is the 0 of an integer.
func convertSign(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	t := op.Result(0).Type()
	rtt, ok := t.(*ir.RankedTensorType)
	if !ok || !rtt.HasStaticShape() {
		return fail(op, "the sign of a tensor of dynamic shape is not supported")
	}
	e := rtt.Elem()
	it, isInt := e.(ir.IntegerType)
	if isInt && (it.Sign != ir.Signless || it.Width == 1) {
		return fail(op, "the sign of element type %s is not supported (floats and signless integers wider than i1 only)", e)
	}
	if !isInt && !ir.IsFloat(e) {
		return fail(op, "the sign of element type %s is not supported", e)
	}
	loc, x := op.Loc(), op.Operand(0)
	rw.SetInsertionPointBefore(op)
	var zero, one, minus ir.Value
	var gt, lt ir.Value
	if isInt {
		zero = tcp.BuildConst(rw, loc, ir.NewDenseInts(rtt, []int64{0})).Result(0)
		one = tcp.BuildConst(rw, loc, ir.NewDenseInts(rtt, []int64{1})).Result(0)
		minus = tcp.BuildConst(rw, loc, ir.NewDenseInts(rtt, []int64{-1})).Result(0)
		gt = arith.CmpI(rw, loc, arith.CmpSGT, x, zero).Result(0)
		lt = arith.CmpI(rw, loc, arith.CmpSLT, x, zero).Result(0)
	} else {
		zero = tcp.BuildConst(rw, loc, ir.NewDenseFloats(rtt, []float64{0})).Result(0)
		one = tcp.BuildConst(rw, loc, ir.NewDenseFloats(rtt, []float64{1})).Result(0)
		minus = tcp.BuildConst(rw, loc, ir.NewDenseFloats(rtt, []float64{-1})).Result(0)
		i1 := ir.RankedTensor(rtt.Shape(), ir.I1)
		cmpf := func(p string) ir.Value {
			v := slices.Index(arith.CmpFPredicates, p)
			return rw.Create(arith.CmpFName, loc, []ir.Value{x, zero}, []ir.Type{i1},
				[]ir.NamedAttr{{Name: "predicate", Value: ir.Int(int64(v), ir.I64)}}).Result(0)
		}
		gt, lt = cmpf("ogt"), cmpf("olt")
	}
	inner := arith.Select(rw, loc, lt, minus, x).Result(0)
	rw.ReplaceOp(op, []ir.Value{arith.Select(rw, loc, gt, one, inner).Result(0)})
	return true, nil
}

func binaryTo(intOp, floatOp string) func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	return func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
		t := op.Result(0).Type()
		if n := uiWidth(t); n > 0 {
			return wideBinary(op, rw, n)
		}
		if !signless(t) {
			return fail(op, "element type %s is not signless", ir.ElementType(t))
		}
		name := intOp
		if ir.IsFloat(ir.ElementType(t)) {
			name = floatOp
		}
		if name == "" {
			return fail(op, "element type %s is not supported (no arith op)", ir.ElementType(t))
		}
		rw.SetInsertionPointBefore(op)
		rw.ReplaceOp(op, []ir.Value{arith.Binary(rw, name, op.Loc(), op.Operand(0), op.Operand(1)).Result(0)})
		return true, nil
	}
}

func convertCompare(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	t := op.Operand(0).Type()
	if ir.IsFloat(ir.ElementType(t)) {
		return convertFloatCompare(op, rw)
	}
	lhs, rhs := op.Operand(0), op.Operand(1)
	wide := false
	if n := max(uiWidth(lhs.Type()), uiWidth(rhs.Type())); n > 0 {
		// Unsigned operands compare in the wide form (unsigned.go), whose
		// values are non-negative: the signed predicates, which DirectML
		// has, give the unsigned order.
		rw.SetInsertionPointBefore(op)
		lhs, rhs = toWide(rw, op.Loc(), lhs, n), toWide(rw, op.Loc(), rhs, n)
		t, wide = lhs.Type(), true
	}
	if !signless(t) {
		return fail(op, "comparing %s is not supported (signless integers and floats only)", ir.ElementType(t))
	}
	dir, _ := stablehlo.EnumKeyword(op.Attr("comparison_direction"), "comparison_direction")
	typ, ok := stablehlo.EnumKeyword(op.Attr("compare_type"), "comparison_type")
	unsigned := !wide && (typ == "UNSIGNED" || (!ok && ir.ElementType(t) == ir.I1))
	if ok && typ != "SIGNED" && typ != "UNSIGNED" {
		return fail(op, "compare_type %s on integers is not supported", typ)
	}
	var p arith.CmpIPredicate
	switch dir {
	case "EQ":
		p = arith.CmpEQ
	case "NE":
		p = arith.CmpNE
	case "LT":
		p = pick(unsigned, arith.CmpULT, arith.CmpSLT)
	case "LE":
		p = pick(unsigned, arith.CmpULE, arith.CmpSLE)
	case "GT":
		p = pick(unsigned, arith.CmpUGT, arith.CmpSGT)
	case "GE":
		p = pick(unsigned, arith.CmpUGE, arith.CmpSGE)
	default:
		return fail(op, "unknown comparison_direction %q", dir)
	}
	rw.SetInsertionPointBefore(op)
	rw.ReplaceOp(op, []ir.Value{arith.CmpI(rw, op.Loc(), p, lhs, rhs).Result(0)})
	return true, nil
}

// convertFloatCompare: compare_type FLOAT (or none) is IEEE comparison:
// the ordered predicates, except NE, which is true for NaN (une).
func convertFloatCompare(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if typ, ok := stablehlo.EnumKeyword(op.Attr("compare_type"), "comparison_type"); ok && typ != "FLOAT" && typ != "NOTYPE" {
		return fail(op, "compare_type %s on floats is not supported (FLOAT only)", typ)
	}
	dir, _ := stablehlo.EnumKeyword(op.Attr("comparison_direction"), "comparison_direction")
	p := map[string]string{"EQ": "oeq", "NE": "une", "LT": "olt", "LE": "ole", "GT": "ogt", "GE": "oge"}[dir]
	v := slices.Index(arith.CmpFPredicates, p)
	if v < 0 {
		return fail(op, "comparison direction %s is not supported", dir)
	}
	rw.SetInsertionPointBefore(op)
	c := rw.Create(arith.CmpFName, op.Loc(), []ir.Value{op.Operand(0), op.Operand(1)}, []ir.Type{op.Result(0).Type()},
		[]ir.NamedAttr{{Name: "predicate", Value: ir.Int(int64(v), ir.I64)}})
	rw.ReplaceOp(op, []ir.Value{c.Result(0)})
	return true, nil
}

func pick(c bool, a, b arith.CmpIPredicate) arith.CmpIPredicate {
	if c {
		return a
	}
	return b
}

func convertSelect(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	pred := op.Operand(0)
	rw.SetInsertionPointBefore(op)
	a, b := op.Operand(1), op.Operand(2)
	if n := uiWidth(op.Result(0).Type()); anyWide([]ir.Value{a, b}, n) {
		if err := checkWideUses(op); err != nil {
			return false, err
		}
		a, b = toWide(rw, op.Loc(), a, n), toWide(rw, op.Loc(), b, n)
	}
	if p, r := rt(pred), rt(op.Result(0)); p.Rank() == 0 && r.Rank() != 0 {
		v, err := broadcastTo(rw, op.Loc(), pred, nil, r.Shape())
		if err != nil {
			return fail(op, "%v", err)
		}
		pred = v
	}
	rw.ReplaceOp(op, []ir.Value{arith.Select(rw, op.Loc(), pred, a, b).Result(0)})
	return true, nil
}

func convertClamp(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	t := rt(op.Operand(1))
	x, lo0, hi0 := op.Operand(1), op.Operand(0), op.Operand(2)
	rw.SetInsertionPointBefore(op)
	if n := uiWidth(op.Result(0).Type()); n > 0 {
		// Unsigned bounds and operand clamp in the wide form.
		if err := checkWideUses(op); err != nil {
			return false, err
		}
		x, lo0, hi0 = toWide(rw, op.Loc(), x, n), toWide(rw, op.Loc(), lo0, n), toWide(rw, op.Loc(), hi0, n)
		t = rt(x)
	}
	if ir.IsFloat(t.Elem()) || !signless(t) {
		return fail(op, "clamping %s is not supported (signless integers only)", t.Elem())
	}
	bound := func(v ir.Value) (ir.Value, error) {
		if rt(v).Rank() == 0 && t.Rank() != 0 {
			return broadcastTo(rw, op.Loc(), v, nil, t.Shape())
		}
		return v, nil
	}
	lo, err := bound(lo0)
	if err != nil {
		return fail(op, "%v", err)
	}
	hi, err := bound(hi0)
	if err != nil {
		return fail(op, "%v", err)
	}
	m := arith.Binary(rw, arith.MaxSIName, op.Loc(), x, lo).Result(0)
	rw.ReplaceOp(op, []ir.Value{arith.Binary(rw, arith.MinSIName, op.Loc(), m, hi).Result(0)})
	return true, nil
}

func convertConvert(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	in, out := rt(op.Operand(0)), rt(op.Result(0))
	if in == out {
		rw.ReplaceOp(op, []ir.Value{op.Operand(0)})
		return true, nil
	}
	if n := uiWidth(out); n > 0 {
		return wideConvert(op, rw, n)
	}
	if it, ok := in.Elem().(ir.IntegerType); ok && it.Sign == ir.Unsigned && signless(out) {
		return convertFromUnsigned(op, rw, it)
	}
	if !signless(in) || !signless(out) {
		return fail(op, "converting %s to %s is not supported (signless types only)", in.Elem(), out.Elem())
	}
	rw.SetInsertionPointBefore(op)
	if in == out {
		rw.ReplaceOp(op, []ir.Value{op.Operand(0)})
		return true, nil
	}
	fi, fo := ir.IsFloat(in.Elem()), ir.IsFloat(out.Elem())
	var name string
	switch {
	case !fi && !fo:
		wi, wo := in.Elem().(ir.IntegerType).Width, out.Elem().(ir.IntegerType).Width
		switch {
		case wo == 1:
			// to i1 is "!= 0".
			zero := tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(in, make([]int64, in.NumElements()))).Result(0)
			rw.ReplaceOp(op, []ir.Value{arith.CmpI(rw, op.Loc(), arith.CmpNE, op.Operand(0), zero).Result(0)})
			return true, nil
		case wi == 1:
			name = arith.ExtUIName
		case wo > wi:
			name = arith.ExtSIName
		default:
			name = arith.TruncIName
		}
	case !fi && fo:
		if in.Elem() == ir.I1 {
			return fail(op, "converting i1 to a float is not supported")
		}
		name = arith.SIToFPName
	case fi && !fo:
		if out.Elem() == ir.I1 {
			return fail(op, "converting a float to i1 is not supported")
		}
		name = arith.FPToSIName
	default:
		// float to float: widen exactly, or round once (to nearest even).
		wi, wo := in.Elem().(ir.FloatType).Width(), out.Elem().(ir.FloatType).Width()
		switch {
		case wo > wi:
			name = arith.ExtFName
		case wo < wi:
			name = arith.TruncFName
		default:
			// f16 <-> bf16: through f32, which holds both exactly.
			f32 := ir.RankedTensor(out.Shape(), ir.FloatType{Kind: ir.F32})
			wide := arith.Cast(rw, arith.ExtFName, op.Loc(), op.Operand(0), f32).Result(0)
			rw.ReplaceOp(op, []ir.Value{arith.Cast(rw, arith.TruncFName, op.Loc(), wide, out).Result(0)})
			return true, nil
		}
	}
	rw.ReplaceOp(op, []ir.Value{arith.Cast(rw, name, op.Loc(), op.Operand(0), out).Result(0)})
	return true, nil
}

// broadcastTo broadcasts v into shape: the operand dims go to dims (nil:
// the trailing dims, numpy style; they must be increasing), unit dims are
// inserted with tensor.expand_shape and size-1 dims broadcast with
// tcp.broadcast_to.
func broadcastTo(rw *ir.Rewriter, loc ir.Location, v ir.Value, dims []int64, shape []int64) (ir.Value, error) {
	return broadcastToSizes(rw, loc, v, dims, shape, nil)
}

// broadcastToSizes is broadcastTo into a shape with dynamic dims, whose
// run-time sizes are sizes[d] (index values; nil: shape is static).
func broadcastToSizes(rw *ir.Rewriter, loc ir.Location, v ir.Value, dims []int64, shape []int64, sizeVals []ir.Value) (ir.Value, error) {
	in := rt(v)
	if dims == nil {
		for i := 0; i < in.Rank(); i++ {
			dims = append(dims, int64(len(shape)-in.Rank()+i))
		}
	}
	for i := 1; i < len(dims); i++ {
		if dims[i] <= dims[i-1] {
			return nil, fmt.Errorf("broadcast dimensions %v are not increasing (a transposing broadcast)", dims)
		}
	}
	// expanded: the operand with unit dims at the result dims not in dims.
	exp := make([]int64, len(shape))
	for i := range exp {
		exp[i] = 1
	}
	for k, d := range dims {
		exp[d] = in.Dim(k)
	}
	cur := v
	if len(shape) != in.Rank() {
		et := ir.RankedTensor(exp, in.Elem())
		groups, err := tensord.Reassociation(in.Shape(), exp)
		if err != nil {
			return nil, err
		}
		cur = tensord.ExpandShapeWith(rw, loc, v, et, groups).Result(0)
	}
	var axes []int64
	var sizes []ir.Value
	for d := range shape {
		if exp[d] == 1 && shape[d] != 1 {
			axes = append(axes, int64(d))
			if shape[d] == ir.Dynamic {
				if sizeVals == nil {
					return nil, fmt.Errorf("dynamic result dim %d has no size", d)
				}
				sizes = append(sizes, sizeVals[d])
			} else {
				sizes = append(sizes, arith.ConstantIndex(rw, loc, shape[d]).Result(0))
			}
		}
	}
	if len(axes) == 0 {
		return cur, nil
	}
	return tcp.BuildBroadcastTo(rw, loc, cur, sizes, axes, ir.RankedTensor(shape, in.Elem())).Result(0), nil
}

func convertBroadcastInDim(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	out := rt(op.Result(0))
	if !out.HasStaticShape() || !rt(op.Operand(0)).HasStaticShape() {
		return fail(op, "dynamic shapes are not supported")
	}
	dims, _ := stablehlo.I64List(op.Attr("broadcast_dimensions"))
	rw.SetInsertionPointBefore(op)
	x, err := wideData(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	v, err := broadcastTo(rw, op.Loc(), x, append([]int64{}, dims...), out.Shape())
	if err != nil {
		return fail(op, "%v", err)
	}
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

func convertTranspose(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	perm, _ := stablehlo.I64List(op.Attr("permutation"))
	rw.SetInsertionPointBefore(op)
	x, err := wideData(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	t := rw.Create(tcp.TransposeName, op.Loc(), []ir.Value{x}, []ir.Type{ir.RankedTensor(rt(op.Result(0)).Shape(), rt(x).Elem())},
		[]ir.NamedAttr{{Name: "permutation", Value: &ir.DenseArrayAttr{Elem: ir.I64, Ints: perm}}})
	rw.ReplaceOp(op, []ir.Value{t.Result(0)})
	return true, nil
}

// reduceOps maps a reduce body to its arith op (integer, float).
var reduceOps = map[string][2]string{
	stablehlo.AddName:      {arith.AddIName, arith.AddFName},
	stablehlo.MultiplyName: {arith.MulIName, arith.MulFName},
	stablehlo.AndName:      {arith.AndIName, ""},
	stablehlo.OrName:       {arith.OrIName, ""},
	stablehlo.MaximumName:  {arith.MaxSIName, ""},
	stablehlo.MinimumName:  {arith.MinSIName, ""},
}

// maxReduceSlices bounds the unrolling of convertReduce.
const maxReduceSlices = 64

// convertReduce unrolls stablehlo.reduce (one-op body, static shapes, at
// most maxReduceSlices reduced elements per result element): the init
// broadcast to the result shape, combined with the body's arith op with
// each slice of the input at one position of the reduced dims, in
// row-major order (tcp.slice + tensor.collapse_shape). jax's
// fill-mode masks reduce a dimension of size 1 or 2.
func convertReduce(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	in, out := rt(op.Operand(0)), rt(op.Result(0))
	body := stablehlo.ReducerOf(op)
	names, ok := reduceOps[body]
	if !ok {
		return fail(op, "its body is not one binary op")
	}
	name := names[0]
	if ir.IsFloat(in.Elem()) {
		name = names[1]
	}
	if name == "" || !signless(in) {
		return fail(op, "reducing %s with %s is not supported", in.Elem(), body)
	}
	dims, _ := stablehlo.I64List(op.Attr("dimensions"))
	var red []int64
	n := int64(1)
	for _, d := range dims {
		if in.Dim(int(d)) == ir.Dynamic {
			return fail(op, "it reduces the dynamic dim %d (only static reduced dims are unrolled)", d)
		}
		red = append(red, in.Dim(int(d)))
		n *= in.Dim(int(d))
	}
	if n > maxReduceSlices {
		return fail(op, "it reduces %d elements per result element (at most %d are unrolled)", n, maxReduceSlices)
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	// The run-time sizes of the result dims (the kept input dims).
	var outSizes []ir.Value
	for d := 0; d < in.Rank(); d++ {
		if !slices.Contains(dims, int64(d)) {
			outSizes = append(outSizes, tcpbuild.DimSize(rw, loc, op.Operand(0), d))
		}
	}
	acc, err := broadcastToSizes(rw, loc, op.Operand(1), nil, out.Shape(), outSizes)
	if err != nil {
		return fail(op, "%v", err)
	}
	sliceShape := append([]int64{}, in.Shape()...)
	for _, d := range dims {
		sliceShape[d] = 1
	}
	st := ir.RankedTensor(sliceShape, in.Elem())
	idx := tcpbuild.NewIndexCache(rw, loc)
	groups, err := tensord.Reassociation(out.Shape(), sliceShape)
	if err != nil {
		return fail(op, "%v", err)
	}
	for j := int64(0); j < n; j++ {
		offs := make([]int64, in.Rank())
		rem := j
		for k := len(dims) - 1; k >= 0; k-- {
			offs[dims[k]] = rem % red[k]
			rem /= red[k]
		}
		s := op.Operand(0)
		if !slices.Equal(sliceShape, in.Shape()) {
			// tcp.slice (not tensor.extract_slice): both backends take it.
			starts, sizes, strides := make([]ir.Value, in.Rank()), make([]ir.Value, in.Rank()), make([]ir.Value, in.Rank())
			for d := range starts {
				starts[d], sizes[d], strides[d] = idx.Get(offs[d]), idx.Get(sliceShape[d]), idx.Get(1)
				if sliceShape[d] == ir.Dynamic {
					sizes[d] = tcpbuild.DimSize(rw, loc, op.Operand(0), d)
				}
			}
			s = tcp.BuildSlice(rw, loc, s, starts, sizes, strides, st).Result(0)
		}
		if out.Rank() != len(sliceShape) {
			s = tensord.CollapseShapeWith(rw, loc, s, out, groups).Result(0)
		}
		acc = arith.Binary(rw, name, loc, acc, s).Result(0)
	}
	rw.ReplaceOp(op, []ir.Value{acc})
	return true, nil
}

// convertFromUnsigned: stablehlo.convert from ui8/ui16/ui32 (jax's
// unsigned indices) to a signless integer or float. tcp.cast_indices
// reads the unsigned value exactly into i64 (i32 when the target is i32
// and the source narrower than 32 bits, also exact); then arith.trunci
// (wrapping, as convert does: a ui32 of 2^31 or more becomes negative in
// i32), arith.extsi, or arith.sitofp gives the target type. ui64 has no
// exact path (cast_indices saturates) and stays a located error.
func convertFromUnsigned(op *ir.Operation, rw *ir.Rewriter, it ir.IntegerType) (bool, error) {
	out := rt(op.Result(0))
	if it.Width > 32 {
		return fail(op, "converting %s to %s is not supported (a 64-bit unsigned value has no exact signless path)", it, out.Elem())
	}
	mid := ir.I64
	if out.Elem() == ir.I32 && it.Width < 32 {
		mid = ir.I32
	}
	if ot, ok := out.Elem().(ir.IntegerType); ok && ot.Width == 1 {
		return fail(op, "converting %s to i1 is not supported", it)
	}
	rw.SetInsertionPointBefore(op)
	v := tcp.BuildCastIndices(rw, op.Loc(), op.Operand(0), mid).Result(0)
	mt := rt(v)
	switch e := out.Elem().(type) {
	case ir.IntegerType:
		switch {
		case e.Width < 64 && mt.Elem() == ir.I64:
			v = arith.Cast(rw, arith.TruncIName, op.Loc(), v, out).Result(0)
		case e.Width == 64 && mt.Elem() == ir.I32:
			v = arith.Cast(rw, arith.ExtSIName, op.Loc(), v, out).Result(0)
		}
	default:
		v = arith.Cast(rw, arith.SIToFPName, op.Loc(), v, out).Result(0)
	}
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}
