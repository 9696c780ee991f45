package torchtotcp

import (
	"slices"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// The elementwise ops around the scatters (dialect/torch arith.go), on
// static shapes, operands broadcast with tensor.expand_shape +
// tcp.broadcast_to:
//
//	aten.mul.Scalar   -> arith.muli / arith.mulf by a splat tcp.const of the
//	                     number (integers of self's dtype; f32 and f64: the
//	                     number rounded to the dtype, one rounding, as
//	                     torch computes; f16 and bf16, which torch computes
//	                     in f32, are refused)
//	aten.add.Tensor   -> arith.addi (+ arith.muli by alpha) / arith.addf
//	                     (alpha 1 only: torch fuses alpha * other + self)
//	aten.where.self   -> arith.select
//	aten.add.Scalar, sub.Scalar, sub.Tensor, mul.Tensor
//	                  -> arith.addi/subi/muli, addf/subf/mulf (a number
//	                     other as a splat rounded to the dtype; alpha 1 on
//	                     floats; f16 and bf16 only for two tensors, whose
//	                     f32 result torch rounds again, which is exact for
//	                     + - * since f32 has more than twice their bits)
//
// Operands must have the result's dtype (no type promotion).
func init() {
	for _, c := range []struct {
		root, name string
		fn         convFn
		operands   []string
	}{
		{torch.MulScalarName, "torch-mul-scalar-to-tcp", convertMulScalar, []string{"self", "other"}},
		{torch.AddTensorName, "torch-add-tensor-to-tcp", convertAddTensor, []string{"self", "other", "alpha"}},
		{torch.WhereSelfName, "torch-where-self-to-tcp", convertWhere, []string{"condition", "self", "other"}},
		{torch.AddScalarName, "torch-add-scalar-to-tcp", convertBinary, []string{"self", "other", "alpha"}},
		{torch.SubScalarName, "torch-sub-scalar-to-tcp", convertBinary, []string{"self", "other", "alpha"}},
		{torch.SubTensorName, "torch-sub-tensor-to-tcp", convertBinary, []string{"self", "other", "alpha"}},
		{torch.MulTensorName, "torch-mul-tensor-to-tcp", convertBinary, []string{"self", "other"}},
	} {
		conversions = append(conversions, struct {
			root, name string
			fn         convFn
		}{c.root, c.name, c.fn})
		operandNames[c.root] = c.operands
	}
}

// staticResult returns op's result as a builtin ranked tensor type with
// static sizes, or a match failure.
func staticResult(op *ir.Operation) (*ir.RankedTensorType, error) {
	if err := checkResult(op); err != nil {
		return nil, err
	}
	rt := op.Result(0).Type().(*torch.VTensorType)
	bt, ok := rt.BuiltinTensorType().(*ir.RankedTensorType)
	if !ok || !bt.HasStaticShape() {
		_, err := fail(op, "the result must have static sizes, got %s", rt)
		return nil, err
	}
	return bt, nil
}

// broadcastOperand converts operand i to a builtin tensor of element type
// elem broadcast to shape (static).
func broadcastOperand(op *ir.Operation, rw *ir.Rewriter, i int, shape []int64, elem ir.Type) (ir.Value, error) {
	t, err := rankedVT(op, i)
	if err != nil {
		return nil, err
	}
	if e := torch.BuiltinElement(t.DType()); e.String() != elem.String() {
		_, err := fail(op, "%s has dtype %s, the result %s (type promotion is not supported)", operandName(op, i), t.DType(), elem)
		return nil, err
	}
	if slices.Contains(t.Sizes(), ir.Dynamic) {
		_, err := fail(op, "%s must have static sizes, got %s", operandName(op, i), t)
		return nil, err
	}
	x, err := toBuiltin(op, rw, op.Operand(i))
	if err != nil {
		return nil, err
	}
	lead := len(shape) - t.Rank()
	padded := append(tcpbuild.Ones(lead), t.Sizes()...)
	v, err := tcpbuild.ExpandTo(rw, op.Loc(), x, padded)
	if err != nil {
		return nil, op.EmitOpError("%v", err)
	}
	var axes, static []int64
	var sizes []ir.Value
	for d, s := range padded {
		if s != shape[d] {
			axes = append(axes, int64(d))
			sizes = append(sizes, tcpbuild.ConstantIndex(rw, op.Loc(), shape[d]))
			static = append(static, shape[d])
		}
	}
	return tcpbuild.BroadcastTo(rw, op.Loc(), v, axes, sizes, static), nil
}

// numberSplat is a splat tcp.const of shape and element elem holding the
// constant number operand i, or a match failure.
func numberSplat(op *ir.Operation, rw *ir.Rewriter, i int, shape []int64, elem ir.Type) (ir.Value, error) {
	t := ir.RankedTensor(shape, elem)
	if ir.IsFloat(elem) {
		f, ok := torch.ConstantFloatValue(op.Operand(i))
		if !ok {
			_, err := fail(op, "%s is not a compile-time constant (torch.constant.float or int)", operandName(op, i))
			return nil, err
		}
		vals := make([]float64, t.NumElements())
		for k := range vals {
			vals[k] = f
		}
		return tcp.BuildConst(rw, op.Loc(), ir.NewDenseFloats(t, vals)).Result(0), nil
	}
	n, ok := torch.ConstantIntValue(op.Operand(i))
	if !ok {
		_, err := fail(op, "%s must be a compile-time integer (torch.constant.int) for a %s result", operandName(op, i), elem)
		return nil, err
	}
	vals := make([]int64, t.NumElements())
	for k := range vals {
		vals[k] = n
	}
	return tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(t, vals)).Result(0), nil
}

// elementwiseElem returns the result's element type when this file
// computes it exactly: integers (not i1), f32 and f64.
func elementwiseElem(op *ir.Operation, rt *ir.RankedTensorType) (ir.Type, error) {
	e := rt.Elem()
	switch e := e.(type) {
	case ir.IntegerType:
		if e.Width > 1 {
			return e, nil
		}
	case ir.FloatType:
		if e.Kind == ir.F32 || e.Kind == ir.F64 {
			return e, nil
		}
	}
	_, err := fail(op, "element type %s is not supported (integers, f32 and f64; torch computes f16 and bf16 in f32)", e)
	return nil, err
}

func convertMulScalar(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	rt, err := staticResult(op)
	if err != nil {
		return false, err
	}
	elem, err := elementwiseElem(op, rt)
	if err != nil {
		return false, err
	}
	if !ir.IsFloat(elem) && op.Operand(1).Type() != torch.Int {
		return fail(op, "an integer tensor times %s promotes to a float tensor, which is not supported", op.Operand(1).Type())
	}
	x, err := broadcastOperand(op, rw, 0, rt.Shape(), elem)
	if err != nil {
		return false, err
	}
	c, err := numberSplat(op, rw, 1, rt.Shape(), elem)
	if err != nil {
		return false, err
	}
	name := arith.MulIName
	if ir.IsFloat(elem) {
		name = arith.MulFName
	}
	return true, finish(op, rw, arith.Binary(rw, name, op.Loc(), x, c).Result(0))
}

func convertAddTensor(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	rt, err := staticResult(op)
	if err != nil {
		return false, err
	}
	elem, err := elementwiseElem(op, rt)
	if err != nil {
		return false, err
	}
	if ir.IsFloat(elem) {
		if a, ok := torch.ConstantFloatValue(op.Operand(2)); !ok || a != 1 {
			return fail(op, "%s must be the constant 1 on float tensors (torch computes self + alpha * other with one rounding)", operandName(op, 2))
		}
	}
	a, err := broadcastOperand(op, rw, 0, rt.Shape(), elem)
	if err != nil {
		return false, err
	}
	b, err := broadcastOperand(op, rw, 1, rt.Shape(), elem)
	if err != nil {
		return false, err
	}
	loc := op.Loc()
	if ir.IsFloat(elem) {
		return true, finish(op, rw, arith.Binary(rw, arith.AddFName, loc, a, b).Result(0))
	}
	alpha, ok := torch.ConstantIntValue(op.Operand(2))
	if !ok {
		return fail(op, "%s must be a compile-time integer (torch.constant.int) for an integer result", operandName(op, 2))
	}
	if alpha != 1 {
		c, err := numberSplat(op, rw, 2, rt.Shape(), elem)
		if err != nil {
			return false, err
		}
		b = arith.Binary(rw, arith.MulIName, loc, b, c).Result(0)
	}
	return true, finish(op, rw, arith.Binary(rw, arith.AddIName, loc, a, b).Result(0))
}

func convertWhere(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	rt, err := staticResult(op)
	if err != nil {
		return false, err
	}
	cond, err := broadcastOperand(op, rw, 0, rt.Shape(), ir.IntegerType{Width: 1})
	if err != nil {
		return false, err
	}
	a, err := broadcastOperand(op, rw, 1, rt.Shape(), rt.Elem())
	if err != nil {
		return false, err
	}
	b, err := broadcastOperand(op, rw, 2, rt.Shape(), rt.Elem())
	if err != nil {
		return false, err
	}
	return true, finish(op, rw, arith.Select(rw, op.Loc(), cond, a, b).Result(0))
}

// convertMaskPut converts index_put with one boolean mask over the leading
// dims of self (x[mask] = v, x[mask] += v with accumulate) to
// arith.select(mask, v, x) (accumulate: select(mask, x + v, x)), the mask
// broadcast over self's remaining dims and v to self's shape. That is
// torch's result when v does not depend on the number of true elements:
// v broadcasts against self's remaining dims, with at most a leading dim
// of 1 for the selected rows (a v with one row per true element needs
// the mask's values, and is refused).
func convertMaskPut(op *ir.Operation, rw *ir.Rewriter, maskV ir.Value, acc bool) (bool, error) {
	rt, err := staticResult(op)
	if err != nil {
		return false, err
	}
	mt := maskV.Type().(*torch.VTensorType)

	if !mt.HasSizes() || slices.Contains(mt.Sizes(), ir.Dynamic) {
		return fail(op, "the boolean mask needs static sizes, got %s", mt)
	}
	ms, ss := mt.Sizes(), rt.Shape()
	r := len(ms)
	if r > len(ss) || !slices.Equal(ms, ss[:r]) {
		return fail(op, "the boolean mask [%s] must have the sizes of the leading dims of self [%s]", sizesText(ms), sizesText(ss))
	}
	vt, err := rankedVT(op, 2)
	if err != nil {
		return false, err
	}
	rest := ss[r:]
	vs := vt.Sizes()
	if len(vs) > len(rest)+1 || len(vs) == len(rest)+1 && vs[0] != 1 {
		return fail(op, "values %s have a dim for the selected elements, whose number depends on the mask's values (only values that broadcast to the remaining dims [%s] are supported)", vt, sizesText(rest))
	}
	for d := 0; d < len(vs) && d < len(rest); d++ {
		a, b := vs[len(vs)-1-d], rest[len(rest)-1-d]
		if a != 1 && a != b {
			return fail(op, "values %s do not broadcast to the remaining dims [%s]", vt, sizesText(rest))
		}
	}
	elem := rt.Elem()
	if acc {
		if _, err := elementwiseElem(op, rt); err != nil {
			return false, err
		}
	}
	loc := op.Loc()
	v, err := broadcastOperand(op, rw, 2, ss, elem)
	if err != nil {
		return false, err
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	m, err := typeConverter.ToConverted(rw, loc, maskV)
	if err != nil {
		return false, err
	}
	m, err = tcpbuild.ExpandTo(rw, loc, m, append(slices.Clone(ms), tcpbuild.Ones(len(rest))...))
	if err != nil {
		return false, op.EmitOpError("%v", err)
	}
	var axes, static []int64
	var sizes []ir.Value
	for d := r; d < len(ss); d++ {
		if ss[d] != 1 {
			axes = append(axes, int64(d))
			sizes = append(sizes, tcpbuild.ConstantIndex(rw, loc, ss[d]))
			static = append(static, ss[d])
		}
	}
	m = tcpbuild.BroadcastTo(rw, loc, m, axes, sizes, static)
	if acc {
		name := arith.AddIName
		if ir.IsFloat(elem) {
			name = arith.AddFName
		}
		v = arith.Binary(rw, name, loc, x, v).Result(0)
	}

	return true, finish(op, rw, arith.Select(rw, loc, m, v, x).Result(0))
}

// convertBinary converts add.Scalar, sub.Scalar, sub.Tensor and
// mul.Tensor.
func convertBinary(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	rt, err := staticResult(op)
	if err != nil {
		return false, err
	}
	scalarOther := op.Operand(1).Type() == torch.Int || op.Operand(1).Type() == torch.Float
	elem := rt.Elem()
	if ft, ok := elem.(ir.FloatType); !ok || scalarOther || (ft.Kind != ir.F16 && ft.Kind != ir.BF16) {
		if elem, err = elementwiseElem(op, rt); err != nil {
			return false, err
		}
	}
	isFloat := ir.IsFloat(elem)
	alpha := int64(1)
	if op.NumOperands() > 2 {
		if isFloat {
			if a, ok := torch.ConstantFloatValue(op.Operand(2)); !ok || a != 1 {
				return fail(op, "%s must be the constant 1 on float tensors (torch computes self + alpha * other with one rounding)", operandName(op, 2))
			}
		} else if a, ok := torch.ConstantIntValue(op.Operand(2)); ok {
			alpha = a
		} else {
			return fail(op, "%s must be a compile-time integer (torch.constant.int) for an integer result", operandName(op, 2))
		}
	}
	if !isFloat && scalarOther && op.Operand(1).Type() != torch.Int {
		return fail(op, "an integer tensor and %s promote to a float tensor, which is not supported", op.Operand(1).Type())
	}
	a, err := broadcastOperand(op, rw, 0, rt.Shape(), elem)
	if err != nil {
		return false, err
	}
	var b ir.Value
	if scalarOther {
		b, err = numberSplat(op, rw, 1, rt.Shape(), elem)
	} else {
		b, err = broadcastOperand(op, rw, 1, rt.Shape(), elem)
	}
	if err != nil {
		return false, err
	}
	loc := op.Loc()
	if alpha != 1 {
		t := ir.RankedTensor(rt.Shape(), elem)
		vals := make([]int64, t.NumElements())
		for k := range vals {
			vals[k] = alpha
		}
		b = arith.Binary(rw, arith.MulIName, loc, b, tcp.BuildConst(rw, loc, ir.NewDenseInts(t, vals)).Result(0)).Result(0)
	}
	var name string
	switch op.Name() {
	case torch.SubScalarName, torch.SubTensorName:
		name = arith.SubIName
		if isFloat {
			name = arith.SubFName
		}
	case torch.MulTensorName:
		name = arith.MulIName
		if isFloat {
			name = arith.MulFName
		}
	default:
		name = arith.AddIName
		if isFloat {
			name = arith.AddFName
		}
	}
	return true, finish(op, rw, arith.Binary(rw, name, loc, a, b).Result(0))
}
