package torchtotcp

import (
	"fmt"
	"slices"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes/conversion"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// Patterns returns the torch-to-tcp rewrites, one per op: gather,
// index_select, slice.Tensor, index.Tensor_hacked_twin, vtensor.literal.
func Patterns() []ir.Pattern {
	var ps []ir.Pattern
	for _, c := range conversions {
		ps = append(ps, &ir.PatternFunc{RootName: c.root, PatternName: c.name, Fn: c.fn})
	}
	return ps
}

type convFn = func(op *ir.Operation, rw *ir.Rewriter) (bool, error)

var conversions = []struct {
	root, name string
	fn         convFn
}{
	{torch.GatherName, "torch-gather-to-tcp", convertGather},
	{torch.IndexSelectName, "torch-index-select-to-tcp", convertIndexSelect},
	{torch.SliceTensorName, "torch-slice-to-tcp", convertSlice},
	{torch.IndexTensorName, "torch-index-tensor-to-tcp", convertIndexTensor},
	{torch.IndexTensorOptName, "torch-index-tensor-opt-to-tcp", convertIndexTensor},
	{torch.VTensorLiteralName, "torch-vtensor-literal-to-tcp", convertLiteral},
}

// Target is the conversion target of --convert-torch-to-tcp: the
// gather-family aten ops and torch.vtensor.literal are illegal; everything
// else is left alone.
func Target() *conversion.Target {
	t := conversion.NewTarget()
	for _, c := range conversions {
		t.AddIllegalOp(c.root)
	}
	return t
}

// TypeConverter maps a !torch.vtensor with known sizes and dtype to its
// builtin tensor type; its target materialization is
// torch_c.to_builtin_tensor and its source materialization
// torch_c.from_builtin_tensor. The rewrites take their operands through it.
func TypeConverter() *conversion.TypeConverter {
	tc := &conversion.TypeConverter{}
	tc.AddConversion(func(t ir.Type) (ir.Type, bool) {
		if vt, ok := t.(*torch.VTensorType); ok && vt.HasDType() {
			return vt.BuiltinTensorType(), true
		}
		return nil, false
	})
	tc.AddTargetMaterialization(func(rw *ir.Rewriter, loc ir.Location, to ir.Type, v ir.Value) ir.Value {
		vt, ok := v.Type().(*torch.VTensorType)
		if !ok || vt.BuiltinTensorType() != to {
			return nil
		}
		r, err := torch.ToBuiltin(rw, loc, v)
		if err != nil {
			return nil
		}
		return r
	})
	tc.AddSourceMaterialization(func(rw *ir.Rewriter, loc ir.Location, to ir.Type, v ir.Value) ir.Value {
		vt, ok := to.(*torch.VTensorType)
		if !ok || vt.BuiltinTensorType() != v.Type() {
			return nil
		}
		return torch.FromBuiltinValue(rw, loc, v, vt)
	})
	return tc
}

// typeConverter is the converter the rewrites use for their operands.
var typeConverter = TypeConverter()

// Options of the conversion.
type Options struct {
	// ConvertFuncSignatures also converts function signatures from
	// !torch.vtensor to builtin tensors (conversion.FuncSignaturePattern),
	// so that casts between the two meet and fold away. Calls are not
	// rewritten.
	ConvertFuncSignatures bool
}

// Convert runs the partial conversion on the ops nested in root.
func Convert(root *ir.Operation) error { return ConvertWith(root, Options{}) }

// ConvertWith is Convert with options.
func ConvertWith(root *ir.Operation, o Options) error {
	target, patterns := Target(), Patterns()
	if o.ConvertFuncSignatures {
		target.AddDynamicallyLegalOp("func.func", conversion.FuncLegal(typeConverter))
		patterns = append(patterns, conversion.FuncSignaturePattern(typeConverter))
	}
	return conversion.ApplyPartialConversion(root, target, patterns, typeConverter)
}

var passInfo = &pass.Info{
	Argument:    "convert-torch-to-tcp",
	Name:        "ConvertTorchToTcp",
	Description: "Convert torch-mlir gather-family ops (aten.gather, index_select, slice.Tensor, index.Tensor_hacked_twin) and vtensor.literal to tcp",
	Anchor:      pass.AnyOp,
	Options: []pass.Option{
		{Name: "convert-func-signatures", Kind: pass.BoolOption, Default: "false", Description: "Also convert function signatures from !torch.vtensor to builtin tensors"},
	},
	New: func(o pass.Options) (pass.Pass, error) {
		return thePass{Options{ConvertFuncSignatures: o.Bool("convert-func-signatures")}}, nil
	},
}

type thePass struct{ o Options }

func (thePass) Info() *pass.Info { return passInfo }

func (p thePass) Run(op *ir.Operation) error { return ConvertWith(op, p.o) }

func init() {
	pass.Register(passInfo)
	// The "torch" frontend of --convert-frontends-to-tcp; Register also
	// makes each rewrite a canonicalization pattern of its op.
	var cs []frontends.Conversion
	for _, c := range conversions {
		cs = append(cs, frontends.Conversion{Root: c.root, Name: c.name, Convert: c.fn})
	}
	frontends.Register(frontends.Frontend{Name: "torch", Dialects: []string{"torch"}, Conversions: cs})
}

// ---------------------------------------------------------------- helpers

var operandNames = map[string][]string{
	torch.GatherName:         {"self", "dim", "index", "sparse_grad"},
	torch.IndexSelectName:    {"self", "dim", "index"},
	torch.SliceTensorName:    {"self", "dim", "start", "end", "step"},
	torch.IndexTensorName:    {"self", "indices"},
	torch.IndexTensorOptName: {"self", "indices"},
}

func operandName(op *ir.Operation, i int) string {
	if ns := operandNames[op.Name()]; i < len(ns) {
		return fmt.Sprintf("operand #%d (%s)", i, ns[i])
	}
	return fmt.Sprintf("operand #%d", i)
}

func fail(op *ir.Operation, format string, args ...any) (bool, error) {
	return false, ir.NotifyMatchFailure(op, format, args...)
}

// constInt reads operand i as a compile-time torch.constant.int.
func constInt(op *ir.Operation, i int) (int64, error) {
	if v, ok := torch.ConstantIntValue(op.Operand(i)); ok {
		return v, nil
	}
	return 0, ir.NotifyMatchFailure(op, "%s is not a compile-time constant (torch.constant.int)", operandName(op, i))
}

// rankedVT returns operand i's vtensor type if its sizes and dtype are
// known.
func rankedVT(op *ir.Operation, i int) (*torch.VTensorType, error) {
	v := op.Operand(i)
	t, ok := v.Type().(*torch.VTensorType)
	if !ok || !t.HasSizes() || !t.HasDType() {
		return nil, ir.NotifyMatchFailure(op, "%s needs known sizes and dtype, got %s", operandName(op, i), v.Type())
	}
	return t, nil
}

// finish casts the builtin result v to the builtin type of op's result
// (tensor.cast if they differ), converts it back with
// torch_c.from_builtin_tensor and replaces op.
func finish(op *ir.Operation, rw *ir.Rewriter, v ir.Value) error {
	rt := op.Result(0).Type().(*torch.VTensorType)
	want := rt.BuiltinTensorType()
	c, err := tcpbuild.CastTo(rw, op.Loc(), v, want)
	if err != nil {
		return op.EmitOpError("the converted result does not match the declared result type: %v", err)
	}
	r, err := typeConverter.MaterializeSource(rw, op.Loc(), rt, c)
	if err != nil {
		return err
	}
	rw.ReplaceOp(op, []ir.Value{r})
	return nil
}

// checkResult validates that op's result type has a known dtype before
// any op is created.
func checkResult(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*torch.VTensorType)
	if !ok || !rt.HasDType() {
		return ir.NotifyMatchFailure(op, "the result needs a known dtype, got %s", op.Result(0).Type())
	}
	return nil
}

func toBuiltin(op *ir.Operation, rw *ir.Rewriter, v ir.Value) (ir.Value, error) {
	return typeConverter.ToConverted(rw, op.Loc(), v)
}

// ---------------------------------------------------------------- literal

// convertLiteral turns torch.vtensor.literal into tcp.const of the
// builtin tensor type (the same bytes; si64 data read as i64).
func convertLiteral(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := checkResult(op); err != nil {
		return false, err
	}
	d, ok := op.Attr("value").(*ir.DenseElementsAttr)
	rt := op.Result(0).Type().(*torch.VTensorType)
	bt, ok2 := rt.BuiltinTensorType().(*ir.RankedTensorType)
	if !ok || !ok2 {
		return fail(op, "expects a dense value and a ranked result, got %s", op.Result(0).Type())
	}
	v := tcp.BuildConst(rw, op.Loc(), &ir.DenseElementsAttr{Type: bt, Splat: d.Splat, Raw: d.Raw}).Result(0)
	return true, finish(op, rw, v)
}

// ---------------------------------------------------------------- gather

// selfIndexDim reads the operands torch.aten.gather and index_select share:
// self (#0) and index (#2) as ranked vtensors, and dim (#1) as a constant.
func selfIndexDim(op *ir.Operation) (self, idx *torch.VTensorType, dim int64, err error) {
	if self, err = rankedVT(op, 0); err != nil {
		return nil, nil, 0, err
	}
	if idx, err = rankedVT(op, 2); err != nil {
		return nil, nil, 0, err
	}
	dim, err = constInt(op, 1)
	return self, idx, dim, err
}

func convertGather(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	self, idx, dim, err := selfIndexDim(op)
	if err != nil {
		return false, err
	}
	// sparse_grad (operand 3) only changes the gradient's layout; the
	// forward value is the same either way.
	if err := checkResult(op); err != nil {
		return false, err
	}
	if self.Rank() == 0 {
		return fail(op, "%s must have rank >= 1 for tcp.gather, got 0", operandName(op, 0))
	}
	d, ok := tcpbuild.NormalizeAxis(dim, self.Rank())
	if !ok {
		return fail(op, "dim %d is out of range for rank %d", dim, self.Rank())
	}
	if idx.Rank() != self.Rank() {
		return fail(op, "%s must have the rank of self (%d), got %d", operandName(op, 2), self.Rank(), idx.Rank())
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	i, err := toBuiltin(op, rw, op.Operand(2))
	if err != nil {
		return false, err
	}
	rt := op.Result(0).Type().(*torch.VTensorType)
	out := ir.RankedTensor(idx.Sizes(), torch.BuiltinElement(rt.DType()))
	g := tcp.BuildGather(rw, op.Loc(), x, i, int64(d), tcp.ModeError, out).Result(0)
	return true, finish(op, rw, g)
}

// ---------------------------------------------------------------- index_select

func convertIndexSelect(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	self, idx, dim, err := selfIndexDim(op)
	if err != nil {
		return false, err
	}
	if err := checkResult(op); err != nil {
		return false, err
	}
	if self.Rank() == 0 {
		return fail(op, "%s must have rank >= 1, got 0", operandName(op, 0))
	}
	if idx.Rank() > 1 {
		return fail(op, "%s must have rank 0 or 1, got %d", operandName(op, 2), idx.Rank())
	}
	if !tcpbuild.IsIndexElement(torch.BuiltinElement(idx.DType())) {
		return fail(op, "%s must have dtype si64 or si32, got %s", operandName(op, 2), idx.DType())
	}
	d, ok := tcpbuild.NormalizeAxis(dim, self.Rank())
	if !ok {
		return fail(op, "dim %d is out of range for rank %d", dim, self.Rank())
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	i, err := toBuiltin(op, rw, op.Operand(2))
	if err != nil {
		return false, err
	}
	// torch keeps the dim for a 0-d index (no collapse).
	g, err := tcpbuild.SliceGather(rw, op.Loc(), x, i, d, 0, tcp.ModeError, false)
	if err != nil {
		return false, op.EmitOpError("%v", err)
	}
	return true, finish(op, rw, g)
}

// ---------------------------------------------------------------- slice

// sliceOperands reads a torch slice's dim, start, end and step operands
// (at k, k+1, k+2 and k+3) over a self of rank r, with the conversion's
// checks: constant ints (start and end may be None), the result type, a
// positive step, a rank of at least 1 and dim in range. d is the
// normalized dim.
func sliceOperands(op *ir.Operation, k, r int) (d int, start, end *int64, step int64, err error) {
	dim, err := constInt(op, k)
	if err != nil {
		return 0, nil, nil, 0, err
	}
	opt := func(i int) (*int64, error) {
		if torch.IsConstantNone(op.Operand(i)) {
			return nil, nil
		}
		v, err := constInt(op, i)
		return &v, err
	}
	if start, err = opt(k + 1); err != nil {
		return 0, nil, nil, 0, err
	}
	if end, err = opt(k + 2); err != nil {
		return 0, nil, nil, 0, err
	}
	if step, err = constInt(op, k+3); err != nil {
		return 0, nil, nil, 0, err
	}
	if err = checkResult(op); err != nil {
		return 0, nil, nil, 0, err
	}
	if step <= 0 {
		_, err = fail(op, "%s must be positive, got %d", operandName(op, k+3), step)
		return 0, nil, nil, 0, err
	}
	if r == 0 {
		_, err = fail(op, "%s must have rank >= 1, got 0", operandName(op, 0))
		return 0, nil, nil, 0, err
	}
	d, ok := tcpbuild.NormalizeAxis(dim, r)
	if !ok {
		_, err = fail(op, "dim %d is out of range for rank %d", dim, r)
		return 0, nil, nil, 0, err
	}
	return d, start, end, step, nil
}

func convertSlice(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	self, err := rankedVT(op, 0)
	if err != nil {
		return false, err
	}
	d, start, end, step, err := sliceOperands(op, 1, self.Rank())
	if err != nil {
		return false, err
	}
	r := self.Rank()
	n := self.Sizes()[d]
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	consts := map[int64]ir.Value{}
	c := func(v int64) ir.Value {
		if cv, ok := consts[v]; ok {
			return cv
		}
		cv := tcpbuild.ConstantIndex(rw, op.Loc(), v)
		consts[v] = cv
		return cv
	}
	starts, sizes, strides := make([]ir.Value, r), make([]ir.Value, r), make([]ir.Value, r)
	shape := slices.Clone(self.Sizes())
	for i := 0; i < r; i++ {
		switch {
		case i == d && n == ir.Dynamic:
			starts[i], sizes[i] = dynamicSliceBounds(rw, op.Loc(), tcpbuild.DimSize(rw, op.Loc(), x, d), start, end, step, c)
			strides[i] = c(step)
		case i == d:
			first, count := PySliceBounds(n, start, end, step)
			starts[i], sizes[i], strides[i] = c(first), c(count), c(step)
			shape[i] = count
		case shape[i] == ir.Dynamic:
			starts[i], sizes[i], strides[i] = c(0), tcpbuild.DimSize(rw, op.Loc(), x, i), c(1)
		default:
			starts[i], sizes[i], strides[i] = c(0), c(shape[i]), c(1)
		}
	}
	out := ir.RankedTensor(shape, x.Type().(*ir.RankedTensorType).Elem())
	s := tcp.BuildSlice(rw, op.Loc(), x, starts, sizes, strides, out).Result(0)
	return true, finish(op, rw, s)
}

// dynamicSliceBounds emits Python's slice rule (see PySliceBounds) for a
// dynamic dim of size n with arith ops on index values:
//
//	bound(v) = v >= 0 ? min(v, n) : max(v + n, 0)      (v a constant)
//	start' = bound(start) or 0,  end' = bound(end) or n
//	count  = ceildiv(max(end' - start', 0), step)
func dynamicSliceBounds(rw *ir.Rewriter, loc ir.Location, n ir.Value, start, end *int64, step int64, c func(int64) ir.Value) (first, count ir.Value) {
	bin := func(name string, a, b ir.Value) ir.Value { return arith.Binary(rw, name, loc, a, b).Result(0) }
	bound := func(p *int64, def ir.Value) ir.Value {
		switch {
		case p == nil:
			return def
		case *p >= 0:
			return bin("arith.minsi", c(*p), n)
		}
		return bin("arith.maxsi", bin("arith.addi", n, c(*p)), c(0))
	}
	first = bound(start, c(0))
	last := bound(end, n)
	diff := bin("arith.maxsi", bin("arith.subi", last, first), c(0))
	if step == 1 {
		return first, diff
	}
	return first, bin("arith.ceildivsi", diff, c(step))
}

// PySliceBounds is Python's slice rule for step > 0 on a dim of size n
// (start, end nil for None): wrap negatives once, clamp to [0, n]; the
// first index read and the count.
func PySliceBounds(n int64, start, end *int64, step int64) (first, count int64) {
	clamp := func(p *int64, def int64) int64 {
		if p == nil {
			return def
		}
		v := *p
		if v < 0 {
			v += n
		}
		return min(max(v, 0), n)
	}
	s, e := clamp(start, 0), clamp(end, n)
	if e <= s {
		return s, 0
	}
	return s, (e-s-1)/step + 1
}

// ---------------------------------------------------------------- index.Tensor

func convertIndexTensor(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	self, err := rankedVT(op, 0)
	if err != nil {
		return false, err
	}
	l := op.Operand(1).DefiningOp()
	if l == nil || l.Name() != torch.ListConstructName {
		return fail(op, "%s must come from torch.prim.ListConstruct", operandName(op, 1))
	}
	if err := checkResult(op); err != nil {
		return false, err
	}
	// Leading None entries (x[:, i]) are whole dims: the index tuples
	// address dims p.., which the gather treats as batch dims.
	positions, adjacent := torch.IndexPlacement(l)
	var entries []ir.Value
	for _, j := range positions {
		entries = append(entries, l.Operand(j))
	}
	p := 0
	if len(positions) > 0 {
		p = positions[0]
	}
	k := len(entries)
	if k == 0 || p+k > self.Rank() {
		return fail(op, "expects 1 to %d index tensors for self of rank %d, got %d", self.Rank()-p, self.Rank(), k)
	}
	var shapes [][]int64
	var elem ir.Type
	for j, v := range entries {
		t, ok := v.Type().(*torch.VTensorType)
		if !ok || !t.HasSizes() || !t.HasDType() {
			return fail(op, "index tensor #%d needs known sizes and dtype, got %s", j, v.Type())
		}
		e := torch.BuiltinElement(t.DType())
		if !tcpbuild.IsIndexElement(e) {
			return fail(op, "index tensor #%d must have dtype si64 or si32, got %s", j, t.DType())
		}
		if elem != nil && e != elem {
			// Mixed int and long index tensors: all are taken as i64
			// (sign-extended), as torch does.
			e = ir.I64
		}
		elem = e
		shapes = append(shapes, t.Sizes())
	}
	B, ok := torch.BroadcastSizes(shapes)
	if !ok {
		return fail(op, "the index tensors do not broadcast together")
	}
	// A dynamic dim of B has one source: the one index tensor whose size
	// there is not a static 1 (several dynamic sizes would leave open at
	// compile time which of them broadcasts). Its size, from tensor.dim,
	// is what the others broadcast to.
	type dimSource struct{ entry, dim int }
	sources := make([]dimSource, len(B))
	for d := range B {
		sources[d] = dimSource{-1, -1}
		if B[d] != ir.Dynamic {
			continue
		}
		for j, sh := range shapes {
			k := d - (len(B) - len(sh))
			if k < 0 || sh[k] == 1 {
				continue
			}
			if sh[k] != ir.Dynamic {
				return fail(op, "index tensor #%d has size %d at broadcast dim %d where another has a dynamic size", j, sh[k], d)
			}
			if sources[d].entry >= 0 && entries[sources[d].entry] != entries[j] {
				return fail(op, "index tensors #%d and #%d both have a dynamic size at broadcast dim %d; which one broadcasts is only known at run time", sources[d].entry, j, d)
			}
			if sources[d].entry < 0 {
				sources[d] = dimSource{j, k}
			}
		}
	}
	x, err := toBuiltin(op, rw, op.Operand(0))
	if err != nil {
		return false, err
	}
	selfSizes := self.Sizes()
	if !adjacent {
		// Index tensors separated by whole dims (x[i, :, j]): torch puts
		// the broadcast dims first, then the dims not indexed in order.
		// That is the adjacent case at p = 0 on x transposed to the
		// indexed dims first.
		perm := make([]int64, 0, len(selfSizes))
		indexed := map[int]bool{}
		for _, j := range positions {
			perm = append(perm, int64(j))
			indexed[j] = true
		}
		for d := range selfSizes {
			if !indexed[d] {
				perm = append(perm, int64(d))
			}
		}
		tsizes := make([]int64, len(perm))
		for i, d := range perm {
			tsizes[i] = selfSizes[d]
		}
		elem := x.Type().(*ir.RankedTensorType).Elem()
		x = rw.Create(tcp.TransposeName, op.Loc(), []ir.Value{x}, []ir.Type{ir.RankedTensor(tsizes, elem)},
			[]ir.NamedAttr{{Name: "permutation", Value: &ir.DenseArrayAttr{Elem: ir.I64, Ints: perm}}}).Result(0)
		selfSizes, p = tsizes, 0
	}
	// Each index tensor is converted where it is first needed.
	builtins := make([]ir.Value, len(entries))
	builtin := func(j int) (ir.Value, error) {
		if builtins[j] == nil {
			v, err := toBuiltin(op, rw, entries[j])
			if err != nil {
				return nil, err
			}
			if vt := v.Type().(*ir.RankedTensorType); vt.Elem() != elem {
				v = arith.Cast(rw, arith.ExtSIName, op.Loc(), v, ir.RankedTensor(vt.Shape(), elem)).Result(0)
			}
			builtins[j] = v
		}
		return builtins[j], nil
	}
	sizeOf := func(d int) (ir.Value, error) {
		if B[d] != ir.Dynamic {
			return tcpbuild.ConstantIndex(rw, op.Loc(), B[d]), nil
		}
		src, err := builtin(sources[d].entry)
		if err != nil {
			return nil, err
		}
		return tcpbuild.DimSize(rw, op.Loc(), src, sources[d].dim), nil
	}
	var cols []ir.Value
	for j := range entries {
		i, err := builtin(j)
		if err != nil {
			return false, err
		}
		it := i.Type().(*ir.RankedTensorType)
		// Prepend unit dims, broadcast to B, append the tuple dim.
		padded := append(tcpbuild.Ones(len(B)-it.Rank()), it.Shape()...)
		if i, err = tcpbuild.ExpandTo(rw, op.Loc(), i, padded); err != nil {
			return false, op.EmitOpError("%v", err)
		}
		var axes []int64
		var sizes []ir.Value
		var static []int64
		for d, s := range padded {
			if s != B[d] {
				size, err := sizeOf(d)
				if err != nil {
					return false, err
				}
				axes = append(axes, int64(d))
				sizes = append(sizes, size)
				static = append(static, B[d])
			}
		}
		i = tcpbuild.BroadcastTo(rw, op.Loc(), i, axes, sizes, static)
		if i, err = tcpbuild.ExpandTo(rw, op.Loc(), i, append(slices.Clone(B), 1)); err != nil {
			return false, op.EmitOpError("%v", err)
		}
		cols = append(cols, i)
	}
	idx := cols[0]
	if k > 1 {
		idx = tensor.Concat(rw, op.Loc(), int64(len(B)), cols, ir.RankedTensor(append(slices.Clone(B), int64(k)), elem)).Result(0)
	}
	if p > 0 {
		// The same tuples for every position of the leading dims.
		lead := selfSizes[:p]
		if idx, err = tcpbuild.ExpandTo(rw, op.Loc(), idx, slices.Concat(tcpbuild.Ones(p), B, []int64{int64(k)})); err != nil {
			return false, op.EmitOpError("%v", err)
		}
		var axes, static []int64
		var sizes []ir.Value
		for d, s := range lead {
			switch {
			case s == ir.Dynamic:
				axes = append(axes, int64(d))
				sizes = append(sizes, tcpbuild.DimSize(rw, op.Loc(), x, d))
				static = append(static, s)
			case s != 1:
				axes = append(axes, int64(d))
				sizes = append(sizes, tcpbuild.ConstantIndex(rw, op.Loc(), s))
				static = append(static, s)
			}
		}
		idx = tcpbuild.BroadcastTo(rw, op.Loc(), idx, axes, sizes, static)
	}
	outShape := slices.Concat(selfSizes[:p], B, selfSizes[p+k:])
	out := ir.RankedTensor(outShape, x.Type().(*ir.RankedTensorType).Elem())
	g := tcp.BuildGatherND(rw, op.Loc(), x, idx, int64(p), tcp.ModeWrapNegative, out).Result(0)
	return true, finish(op, rw, g)
}
