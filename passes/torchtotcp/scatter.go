package torchtotcp

import (
	"math"
	"slices"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// The scatter family: torch.aten.scatter.src / .value / .reduce,
// scatter_add and scatter_reduce.two become tcp.scatter {dim, mode =
// "error"} (src cut to index's shape by tcp.slice when larger, a value
// splatted into a tcp.const); include_self = false first writes the
// reduction's identity at every hit position (a replace scatter), and
// "mean" divides the sum by the count (scatters of ones) with arith.divf
// (floats) or arith.floordivsi (integers). index_put becomes
// tcp.scatter_nd {mode = "wrap_negative"} of the broadcast index tuples
// (batch_dims = the leading None entries) and the broadcast values, combine
// add with accumulate. clone is its operand.
var _ = func() bool {
	for _, n := range []string{torch.ScatterSrcName, torch.ScatterValueName, torch.ScatterReduceName, torch.ScatterAddName, torch.ScatterReduceTwoName} {
		conversions = append(conversions, struct {
			root, name string
			fn         convFn
		}{n, "torch-" + n[len("torch.aten."):] + "-to-tcp", convertScatter})
	}
	conversions = append(conversions, struct {
		root, name string
		fn         convFn
	}{torch.IndexPutName, "torch-index-put-to-tcp", convertIndexPut})
	return true
}()

func static(s []int64) bool { return !slices.Contains(s, ir.Dynamic) }

// splatConst is a tcp.const of shape and elem holding v.
func splatConst(rw *ir.Rewriter, loc ir.Location, shape []int64, elem ir.Type, v float64) ir.Value {
	t := ir.RankedTensor(shape, elem)
	n := t.NumElements()
	var a *ir.DenseElementsAttr
	if ir.IsFloat(elem) {
		vals := make([]float64, n)
		for i := range vals {
			vals[i] = v
		}
		a = ir.NewDenseFloats(t, vals)
	} else {
		vals := make([]int64, n)
		for i := range vals {
			vals[i] = int64(v)
		}
		a = ir.NewDenseInts(t, vals)
	}
	return tcp.BuildConst(rw, loc, a).Result(0)
}

// identityConst is a tcp.const of torch's include_self=False start value
// (see torch.aten.scatter_reduce.two): 0, 1, -inf / +inf for amax / amin
// on floats, the lowest / highest integer.
func identityConst(rw *ir.Rewriter, loc ir.Location, shape []int64, elem ir.Type, combine string) ir.Value {
	t := ir.RankedTensor(shape, elem)
	n := t.NumElements()
	var fv float64
	var iv int64
	switch combine {
	case tcp.CombineMul:
		fv, iv = 1, 1
	case tcp.CombineMax, tcp.CombineMin:
		hi := combine == tcp.CombineMin
		fv = math.Inf(-1)
		if hi {
			fv = math.Inf(1)
		}
		if it, ok := elem.(ir.IntegerType); ok {
			switch {
			case it.Width == 1 && hi:
				iv = 1
			case it.Width == 1:
				iv = 0
			case hi:
				iv = int64(uint64(1)<<(it.Width-1) - 1)
			default:
				iv = -int64(uint64(1) << (it.Width - 1))
			}
		}
	}
	if ir.IsFloat(elem) {
		vals := make([]float64, n)
		for i := range vals {
			vals[i] = fv
		}
		return tcp.BuildConst(rw, loc, ir.NewDenseFloats(t, vals)).Result(0)
	}
	vals := make([]int64, n)
	for i := range vals {
		vals[i] = iv
	}
	return tcp.BuildConst(rw, loc, ir.NewDenseInts(t, vals)).Result(0)
}

func convertScatter(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	self, idx, dim, err := selfIndexDim(op)
	if err != nil {
		return false, err
	}
	if err := checkResult(op); err != nil {
		return false, err
	}
	d, ok := tcpbuild.NormalizeAxis(dim, self.Rank())
	if !ok || idx.Rank() != self.Rank() {
		return fail(op, "dim %d is out of range or index and self differ in rank", dim)
	}
	elem := torch.BuiltinElement(self.DType())
	combine, includeSelf := tcp.CombineReplace, true
	switch op.Name() {
	case torch.ScatterAddName:
		combine = tcp.CombineAdd
	case torch.ScatterReduceName, torch.ScatterReduceTwoName:
		r, ok := torch.ConstantStrValue(op.Operand(4))
		if !ok {
			return fail(op, "%s is not a compile-time constant (torch.constant.str)", operandName(op, 4))
		}
		switch r {
		case "add", "sum":
			combine = tcp.CombineAdd
		case "multiply", "prod":
			combine = tcp.CombineMul
		case "amax":
			combine = tcp.CombineMax
		case "amin":
			combine = tcp.CombineMin
		case "mean":
			combine = "mean"
		default:
			return fail(op, "reduce %q is not supported", r)
		}
		if op.Name() == torch.ScatterReduceTwoName {
			b, ok := torch.ConstantBoolValue(op.Operand(5))
			if !ok {
				return fail(op, "%s is not a compile-time constant (torch.constant.bool)", operandName(op, 5))
			}
			includeSelf = b
		}
	}
	c := combine
	if c == "mean" {
		c = tcp.CombineAdd
	}
	if !tcp.CombineAllowed(c, elem) {
		return fail(op, "reduce %s is not defined by tcp for element type %s", combine, elem)
	}
	needStatic := op.Name() == torch.ScatterValueName || !includeSelf || combine == "mean"
	if needStatic && (!static(idx.Sizes()) || (combine == "mean" && !static(self.Sizes()))) {
		return fail(op, "index %s (and self, for mean) need static sizes for the constants of this conversion", idx)
	}
	loc := op.Loc()
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	i, err := toBuiltin(op, rw, op.Operand(2))
	if err != nil {
		return false, err
	}
	var src ir.Value
	if op.Name() == torch.ScatterValueName {
		v, ok := torch.ConstantFloatValue(op.Operand(3))
		if !ok {
			return fail(op, "%s is not a compile-time constant", operandName(op, 3))
		}
		if !ir.IsFloat(elem) {
			v = math.Trunc(v)
		}
		src = splatConst(rw, loc, idx.Sizes(), elem, v)
	} else {
		s, err := rankedVT(op, 3)
		if err != nil {
			return false, err
		}
		if src, err = toBuiltin(op, rw, op.Operand(3)); err != nil {
			return false, err
		}
		if !slices.Equal(s.Sizes(), idx.Sizes()) {
			if !static(s.Sizes()) || !static(idx.Sizes()) {
				return fail(op, "src %s is larger than index %s and one of them has dynamic sizes", s, idx)
			}
			var starts, sizes, strides []ir.Value
			for _, n := range idx.Sizes() {
				starts = append(starts, tcpbuild.ConstantIndex(rw, loc, 0))
				sizes = append(sizes, tcpbuild.ConstantIndex(rw, loc, n))
				strides = append(strides, tcpbuild.ConstantIndex(rw, loc, 1))
			}
			src = tcp.BuildSlice(rw, loc, src, starts, sizes, strides, ir.RankedTensor(idx.Sizes(), elem)).Result(0)
		}
	}
	scatter := func(base, upd ir.Value, c string) ir.Value {
		return tcpbuild.Scatter(rw, loc, base, i, upd, int64(d), c, tcp.ModeError)
	}
	base := x
	if !includeSelf {
		base = scatter(x, identityConst(rw, loc, idx.Sizes(), elem, c), tcp.CombineReplace)
	}
	if combine != "mean" {
		return true, finish(op, rw, scatter(base, src, c))
	}
	sum := scatter(base, src, tcp.CombineAdd)
	count := splatConst(rw, loc, self.Sizes(), elem, 1)
	if !includeSelf {
		count = scatter(count, splatConst(rw, loc, idx.Sizes(), elem, 0), tcp.CombineReplace)
	}
	count = scatter(count, splatConst(rw, loc, idx.Sizes(), elem, 1), tcp.CombineAdd)
	div := arith.DivFName
	if !ir.IsFloat(elem) {
		div = arith.FloorDivSIName
	}
	return true, finish(op, rw, arith.Binary(rw, div, loc, sum, count).Result(0))
}

func convertIndexPut(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	self, err := rankedVT(op, 0)
	if err != nil {
		return false, err
	}
	vt, err := rankedVT(op, 2)
	if err != nil {
		return false, err
	}
	if err := checkResult(op); err != nil {
		return false, err
	}
	acc, ok := torch.ConstantBoolValue(op.Operand(3))
	if !ok {
		return fail(op, "%s is not a compile-time constant (torch.constant.bool)", operandName(op, 3))
	}
	l := op.Operand(1).DefiningOp()
	if l == nil || l.Name() != torch.ListConstructName {
		return fail(op, "%s must come from torch.prim.ListConstruct", operandName(op, 1))
	}
	if l.NumOperands() == 1 {
		if t, ok := l.Operand(0).Type().(*torch.VTensorType); ok && t.HasDType() && t.DType() == ir.I1 {
			return convertMaskPut(op, rw, l.Operand(0), acc)
		}
	}
	positions, adjacent := torch.IndexPlacement(l)
	if !adjacent {
		return fail(op, "index tensors separated by None entries (torch moves their broadcast dims to the front) are not supported")
	}
	k := len(positions)
	if k == 0 || positions[0]+k > self.Rank() {
		return fail(op, "expects 1 to %d index tensors for self of rank %d, got %d", self.Rank(), self.Rank(), k)
	}
	p := positions[0]
	if !static(self.Sizes()) || !static(vt.Sizes()) {
		return fail(op, "self %s and values %s need static sizes (the broadcasts of the values and indices)", self, vt)
	}
	var shapes [][]int64
	var elem ir.Type
	for j, pos := range positions {
		t, ok := l.Operand(pos).Type().(*torch.VTensorType)
		if !ok || !t.HasSizes() || !t.HasDType() || !static(t.Sizes()) {
			return fail(op, "index tensor #%d needs known static sizes and dtype, got %s", j, l.Operand(pos).Type())
		}
		e := torch.BuiltinElement(t.DType())
		if !tcpbuild.IsIndexElement(e) || (elem != nil && e != elem) {
			return fail(op, "index tensors must share one dtype, si64 or si32, got %s", t.DType())
		}
		elem = e
		shapes = append(shapes, t.Sizes())
	}
	B, ok := torch.BroadcastSizes(shapes)
	if !ok {
		return fail(op, "the index tensors do not broadcast together")
	}
	target := slices.Concat(self.Sizes()[:p], B, self.Sizes()[p+k:])
	if vt.Rank() > len(target) {
		return fail(op, "values %s do not broadcast to the indexed shape %v", vt, target)
	}
	padded := append(tcpbuild.Ones(len(target)-vt.Rank()), vt.Sizes()...)
	for dd, s := range padded {
		if s != 1 && s != target[dd] {
			return fail(op, "values %s do not broadcast to the indexed shape %v", vt, target)
		}
	}
	loc := op.Loc()
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	// broadcast one value to shape, its dims right-aligned
	bcast := func(v ir.Value, shape []int64) (ir.Value, error) {
		t := v.Type().(*ir.RankedTensorType)
		pad := append(tcpbuild.Ones(len(shape)-t.Rank()), t.Shape()...)
		v, err := tcpbuild.ExpandTo(rw, loc, v, pad)
		if err != nil {
			return nil, err
		}
		var axes, st []int64
		var sizes []ir.Value
		for dd, s := range pad {
			if s != shape[dd] {
				axes = append(axes, int64(dd))
				sizes = append(sizes, tcpbuild.ConstantIndex(rw, loc, shape[dd]))
				st = append(st, shape[dd])
			}
		}
		if len(axes) == 0 {
			return v, nil
		}
		return tcpbuild.BroadcastTo(rw, loc, v, axes, sizes, st), nil
	}
	var cols []ir.Value
	for _, pos := range positions {
		iv, err := toBuiltin(op, rw, l.Operand(pos))
		if err != nil {
			return false, err
		}
		if iv, err = bcast(iv, B); err != nil {
			return false, op.EmitOpError("%v", err)
		}
		if iv, err = tcpbuild.ExpandTo(rw, loc, iv, append(slices.Clone(B), 1)); err != nil {
			return false, op.EmitOpError("%v", err)
		}
		cols = append(cols, iv)
	}
	idx := cols[0]
	if k > 1 {
		idx = tensor.Concat(rw, loc, int64(len(B)), cols, ir.RankedTensor(append(slices.Clone(B), int64(k)), elem)).Result(0)
	}
	if p > 0 {
		if idx, err = bcast(idx, slices.Concat(self.Sizes()[:p], B, []int64{int64(k)})); err != nil {
			return false, op.EmitOpError("%v", err)
		}
	}
	vals, err := toBuiltin(op, rw, op.Operand(2))
	if err != nil {
		return false, err
	}
	if vals, err = bcast(vals, target); err != nil {
		return false, op.EmitOpError("%v", err)
	}
	c := tcp.CombineReplace
	if acc {
		c = tcp.CombineAdd
	}
	xe := torch.BuiltinElement(self.DType())
	if !tcp.CombineAllowed(c, xe) {
		return fail(op, "accumulate is not defined by tcp for element type %s", xe)
	}
	v := tcpbuild.ScatterND(rw, loc, x, idx, vals, int64(p), c, tcp.ModeWrapNegative)
	return true, finish(op, rw, v)
}

func init() {
	conversions = append(conversions, struct {
		root, name string
		fn         convFn
	}{torch.ScalarTensorName, "torch-scalar-tensor-to-tcp", convertScalarTensor})
}

// convertScalarTensor: a constant scalar becomes a 0-d tcp.const of the
// result dtype.
func convertScalarTensor(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := checkResult(op); err != nil {
		return false, err
	}
	v, ok := torch.ConstantFloatValue(op.Operand(0))
	if !ok {
		return fail(op, "%s is not a compile-time constant", operandName(op, 0))
	}
	rt := op.Result(0).Type().(*torch.VTensorType)
	elem := torch.BuiltinElement(rt.DType())
	if !ir.IsFloat(elem) {
		v = math.Trunc(v)
	}
	return true, finish(op, rw, splatConst(rw, op.Loc(), nil, elem, v))
}
