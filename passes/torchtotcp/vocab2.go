package torchtotcp

import (
	"slices"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// More of the FX importer's vocabulary (dialect/torch vocab2.go):
//
//	aten.arange.start_step      -> tcp.const of the values (constant
//	                               integer start, end, step)
//	prim.ListUnpack of
//	aten.split_with_sizes       -> one tcp.slice per result (constant sizes
//	                               and dim)
//	aten.cat                    -> tensor.concat
//	prims.convert_element_type  -> arith.extsi/trunci/sitofp/fptosi/extf/truncf
//	                               (nothing for the same type; bool refused)
//	aten._assert_tensor_metadata -> checked against a's static type, erased
//	aten.size.int               -> read by aten.expand's conversion (the
//	                               size of self's own dim keeps it); then
//	                               dead and erased
var _ = addVocab2()

func addVocab2() bool {
	conversions = append(conversions, []struct {
		root, name string
		fn         convFn
	}{
		{torch.ArangeStartStepName, "torch-arange-to-tcp", convertArange},
		{torch.ListUnpackName, "torch-split-unpack-to-tcp", convertSplitUnpack},
		{torch.CatName, "torch-cat-to-tcp", convertCat},
		{torch.ConvertElementTypeName, "torch-convert-element-type-to-arith", convertElementType},
		{torch.AssertTensorMetadataName, "torch-assert-tensor-metadata-erase", convertAssertMetadata},
	}...)
	operandNames[torch.ConvertElementTypeName] = []string{"a", "dtype"}
	operandNames[torch.AssertTensorMetadataName] = []string{"a", "size", "stride", "dtype", "device", "layout"}
	operandNames[torch.CatName] = []string{"tensors", "dim"}
	operandNames[torch.ArangeStartStepName] = []string{"start", "end", "step", "dtype", "layout", "device", "pin_memory"}
	operandNames[torch.ListUnpackName] = []string{"list"}
	return true
}

func convertArange(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := checkResult(op); err != nil {
		return false, err
	}
	vals, ok := torch.ArangeValues(op)
	if !ok {
		return fail(op, "start, end and step must be compile-time integer constants (torch.constant.int), step nonzero, at most 1048576 values")
	}
	rt := op.Result(0).Type().(*torch.VTensorType)
	elem := torch.BuiltinElement(rt.DType())
	if it, ok := elem.(ir.IntegerType); !ok || it.Width == 1 {
		return fail(op, "only an integer result dtype is supported, got %s", rt.DType())
	}
	if want := torch.ArangeDType(op); want == nil || want != rt.DType() {
		return fail(op, "the result dtype %s is not the one dtype gives (3 int32, 4 int64, none with int arguments: int64)", rt.DType())
	}
	t := ir.RankedTensor([]int64{int64(len(vals))}, elem)
	return true, finish(op, rw, tcp.BuildConst(rw, op.Loc(), ir.NewDenseInts(t, vals)).Result(0))
}

func convertSplitUnpack(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	d := op.Operand(0).DefiningOp()
	if d == nil || d.Name() != torch.SplitWithSizesName {
		return fail(op, "%s must come from torch.aten.split_with_sizes", operandName(op, 0))
	}
	dim, sizes, err := torch.SplitOf(d)
	if err != nil {
		return fail(op, "%v", err)
	}
	if sizes == nil {
		return fail(op, "the split's sizes and dim must be compile-time constants and its self sizes known")
	}
	self, ok := d.Operand(0).Type().(*torch.VTensorType)
	if !ok || !self.HasDType() || len(sizes) != op.NumResults() {
		return fail(op, "expects one result per split size and a self of known dtype")
	}
	var rts []*torch.VTensorType
	for i := range op.NumResults() {
		rt, ok := op.Result(i).Type().(*torch.VTensorType)
		if !ok || rt.BuiltinTensorType() == nil {
			return fail(op, "result #%d needs a known dtype, got %s", i, op.Result(i).Type())
		}
		rts = append(rts, rt)
	}
	rw.SetInsertionPointBefore(op)
	x, err := torch.ToBuiltin(rw, op.Loc(), d.Operand(0))
	if err != nil {
		return fail(op, "%v", err)
	}
	c := tcpbuild.NewIndexCache(rw, op.Loc())
	var outs []ir.Value
	off := int64(0)
	for k, s := range sizes {
		window := slices.Clone(self.Sizes())
		window[dim] = s
		v := sliceWindow(rw, op.Loc(), x, c, dim, c.Get(off), c.Get(s), c.Get(1), window)
		v, err := tcpbuild.CastTo(rw, op.Loc(), v, rts[k].BuiltinTensorType())
		if err != nil {
			return false, op.EmitOpError("result #%d: %v", k, err)
		}
		r, err := typeConverter.MaterializeSource(rw, op.Loc(), rts[k], v)
		if err != nil {
			return false, err
		}
		outs = append(outs, r)
		off += s
	}
	rw.ReplaceOp(op, outs)
	return true, nil
}

func convertCat(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := checkResult(op); err != nil {
		return false, err
	}
	sizes, err := torch.CatSizes(op)
	if err != nil {
		return fail(op, "%v", err)
	}
	if sizes == nil {
		return fail(op, "%s must be a torch.prim.ListConstruct of tensors of known sizes and %s a compile-time constant", operandName(op, 0), operandName(op, 1))
	}
	l := op.Operand(0).DefiningOp()
	rt := op.Result(0).Type().(*torch.VTensorType)
	var vs []ir.Value
	for i, e := range l.Operands() {
		t, ok := e.Type().(*torch.VTensorType)
		if !ok || !t.HasDType() || t.DType() != rt.DType() {
			return fail(op, "tensor #%d must have the result's dtype %s, got %s", i, rt.DType(), e.Type())
		}
		v, err := toBuiltin(op, rw, e)
		if err != nil {
			return false, err
		}
		vs = append(vs, v)
	}
	dim, _ := torch.ConstantIntValue(op.Operand(1))
	d, _ := tcpbuild.NormalizeAxis(dim, len(sizes))
	c := tensor.Concat(rw, op.Loc(), int64(d), vs, ir.RankedTensor(sizes, torch.BuiltinElement(rt.DType())))
	return true, finish(op, rw, c.Result(0))
}

func convertElementType(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	a, err := rankedVT(op, 0)
	if err != nil {
		return false, err
	}
	if err := checkResult(op); err != nil {
		return false, err
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	xt := x.Type().(*ir.RankedTensorType)
	to := torch.BuiltinElement(op.Result(0).Type().(*torch.VTensorType).DType())
	if xt.Elem() == to {
		return true, finish(op, rw, x)
	}
	if xt.Elem() == ir.I1 || to == ir.I1 {
		return fail(op, "converting %s to %s is not supported (no conversions to or from bool)", a.DType(), op.Result(0).Type().(*torch.VTensorType).DType())
	}
	fi, fo := ir.IsFloat(xt.Elem()), ir.IsFloat(to)
	bits := func(t ir.Type) int {
		if it, ok := t.(ir.IntegerType); ok {
			return it.Width
		}
		return t.(ir.FloatType).Width()
	}
	var name string
	switch {
	case !fi && !fo && bits(to) > bits(xt.Elem()):
		name = arith.ExtSIName
	case !fi && !fo:
		name = arith.TruncIName
	case !fi && fo:
		name = arith.SIToFPName
	case fi && !fo:
		name = arith.FPToSIName
	case bits(to) > bits(xt.Elem()):
		name = arith.ExtFName
	default:
		name = arith.TruncFName
	}
	if name == arith.TruncFName && bits(to) == bits(xt.Elem()) {
		return fail(op, "converting %s to %s (two 16-bit float formats) is not supported", a.DType(), op.Result(0).Type().(*torch.VTensorType).DType())
	}
	return true, finish(op, rw, arith.Cast(rw, name, op.Loc(), x, ir.RankedTensor(xt.Shape(), to)).Result(0))
}

// convertAssertMetadata erases the check when a's static type shows it
// holds (the verifier has compared what is static); a size it cannot show
// (a dynamic one) is refused rather than dropped.
func convertAssertMetadata(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	a, ok := op.Operand(0).Type().(*torch.VTensorType)
	if _, dyn := torch.ConstantIntValue(op.Operand(3)); op.Operand(3).Type() != torch.None && (!dyn || !a.HasDType()) {
		return fail(op, "%s must be a constant and a's dtype known", operandName(op, 3))
	}
	if op.Operand(1).Type() != torch.None {
		sizes, isConst := torch.ConstantIntList(op.Operand(1))
		if !isConst || !ok || !a.HasSizes() || slices.Contains(a.Sizes(), ir.Dynamic) || !slices.Equal(sizes, a.Sizes()) {
			return fail(op, "%s must be constant sizes equal to a's static sizes", operandName(op, 1))
		}
	}
	rw.EraseOp(op)
	return true, nil
}
