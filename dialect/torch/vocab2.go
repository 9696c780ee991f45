package torch

import (
	"github.com/tcp-project/tcp/ir"
)

// More of what the FX importer prints around gathers: x.size(d) of a
// dynamic dim (torch.take_along_dim on an index of dynamic size expands
// it to [n, i.size(1)]), torch.arange (x[torch.arange(n), i], picking one
// element per row), and torch.split / chunk / unbind (a list of slices,
// unpacked).

// Op names.
const (
	SizeIntName         = "torch.aten.size.int"
	ArangeStartStepName = "torch.aten.arange.start_step"
	SplitWithSizesName  = "torch.aten.split_with_sizes"
	ListUnpackName      = "torch.prim.ListUnpack"
)

// SizeInt is torch.aten.size.int.
var SizeInt = ir.MustRegister(ir.OpDef{
	Name:    SizeIntName,
	Summary: "x.size(dim): the size of one dim as a Python int",
	Description: `The size of self at dim (negative: counted from the rank) as a !torch.int.
The FX importer prints it for a dynamic dim that a later op needs (an
aten.expand to [n, i.size(1)]). The conversion to tcp reads it where an
expand's size list names self's own dim (expanding a dim to its own size
keeps it); it is then dead and erased.

Verifier rules: when dim is a constant and self's rank is known, dim is in
[-r, r).`,
	Examples: []string{"%0 = torch.aten.size.int %arg0, %int1 : !torch.vtensor<[3,?],si64>, !torch.int -> !torch.int"},
	Operands: []ir.OperandDef{{Name: "self", Type: vtensorC}, {Name: "dim", Type: intC}},
	Results:  []ir.ResultDef{{Name: "result", Type: intC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   atenFormat("self", "dim"),
	Verify: func(op *ir.Operation) error {
		self := vt(op.Operand(0))
		dim, ok := ConstantIntValue(op.Operand(1))
		if !ok || !self.HasSizes() {
			return nil
		}
		if _, ok := wrapDimIn(dim, self.Rank()); !ok || self.Rank() == 0 {
			return op.EmitOpError("dim %d is out of range for a tensor of rank %d", dim, self.Rank())
		}
		return nil
	},
})

// SizeIntOf returns, when v is torch.aten.size.int of a constant dim, the
// tensor and the dim (made non-negative).
func SizeIntOf(v ir.Value) (self ir.Value, dim int, ok bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != SizeIntName {
		return nil, 0, false
	}
	c, ok := ConstantIntValue(d.Operand(1))
	t, isVT := d.Operand(0).Type().(*VTensorType)
	if !ok || !isVT || !t.HasSizes() || t.Rank() == 0 {
		return nil, 0, false
	}
	n, ok := wrapDimIn(c, t.Rank())
	return d.Operand(0), n, ok
}

// ArangeStartStep is torch.aten.arange.start_step.
var ArangeStartStep = ir.MustRegister(ir.OpDef{
	Name:    ArangeStartStepName,
	Summary: "torch.arange(start, end, step): evenly spaced values",
	Description: `out[k] = start + k * step for k in [0, n), n = max(ceil((end - start) /
step), 0). dtype (a torch ScalarType code: 3 int32, 4 int64; none: int64
when start, end and step are ints) gives the result's dtype; layout,
device and pin_memory do not change the values. The conversion to tcp
takes constant integer start, end and step and an integer dtype (a
tcp.const of the values); float ranges are refused there.

Verifier rules: step is not a constant 0; the result is 1-D; with
constant integer start, end and step its size is n; with dtype none and
integer arguments the result dtype is si64; with dtype 3 or 4, si32 or
si64.`,
	Examples: []string{`%0 = torch.aten.arange.start_step %int0, %int4, %int1, %none, %none, %cpu, %false : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[4],si64>`},
	Operands: []ir.OperandDef{
		{Name: "start", Type: scalarC},
		{Name: "end", Type: scalarC},
		{Name: "step", Type: scalarC},
		{Name: "dtype", Type: optIntC},
		{Name: "layout", Type: optIntC},
		{Name: "device", Type: typeIs("!torch.Device or !torch.none type", Device, None)},
		{Name: "pin_memory", Type: typeIs("!torch.bool or !torch.none type", Bool, None)},
	},
	Results: []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:  []ir.Trait{ir.Pure},
	Format:  atenFormat("start", "end", "step", "dtype", "layout", "device", "pin_memory"),
	Verify: func(op *ir.Operation) error {
		r := vt(op.Result(0))
		if st, ok := ConstantIntValue(op.Operand(2)); ok && st == 0 {
			return op.EmitOpError("step must be nonzero")
		}
		if r.HasSizes() && r.Rank() != 1 {
			return op.EmitOpError("result must be 1-D, got %s", r)
		}
		if want := ArangeDType(op); want != nil && r.HasDType() && r.DType() != want {
			return op.EmitOpError("result dtype must be %s, got %s", want, r.DType())
		}
		if vals, ok := ArangeValues(op); ok && r.HasSizes() && r.Sizes()[0] != ir.Dynamic && r.Sizes()[0] != int64(len(vals)) {
			return op.EmitOpError("result size must be %d (the number of values from start to end by step), got %d", len(vals), r.Sizes()[0])
		}
		return nil
	},
})

// ArangeDType is the dtype arange.start_step computes, or nil when this
// file does not know it (float arguments, other dtype codes).
func ArangeDType(op *ir.Operation) ir.Type {
	if code, ok := ConstantIntValue(op.Operand(3)); ok {
		switch code {
		case 3:
			return ir.IntegerType{Width: 32, Sign: ir.Signed}
		case 4:
			return ir.IntegerType{Width: 64, Sign: ir.Signed}
		}
		return nil
	}
	if op.Operand(3).Type() != None {
		return nil
	}
	for i := 0; i < 3; i++ {
		if op.Operand(i).Type() != Int {
			return nil
		}
	}
	return ir.IntegerType{Width: 64, Sign: ir.Signed}
}

// maxArange bounds the values ArangeValues materializes.
const maxArange = 1 << 20

// ArangeValues returns the values of arange.start_step when start, end and
// step are constant ints (and at most maxArange of them).
func ArangeValues(op *ir.Operation) ([]int64, bool) {
	s, ok1 := ConstantIntValue(op.Operand(0))
	e, ok2 := ConstantIntValue(op.Operand(1))
	st, ok3 := ConstantIntValue(op.Operand(2))
	if !ok1 || !ok2 || !ok3 || st == 0 {
		return nil, false
	}
	return ArangeInts(s, e, st)
}

// ArangeInts is start, start+step, ... before end (ok false when step is 0
// or there are more than maxArange values).
func ArangeInts(start, end, step int64) ([]int64, bool) {
	if step == 0 {
		return nil, false
	}
	var n int64
	switch {
	case step > 0 && end > start:
		n = (end - start + step - 1) / step
	case step < 0 && end < start:
		n = (start - end - step - 1) / -step
	}
	if n > maxArange || n < 0 {
		return nil, false
	}
	out := make([]int64, n)
	for k := range out {
		out[k] = start + int64(k)*step
	}
	return out, true
}

// SplitWithSizes is torch.aten.split_with_sizes.
var SplitWithSizes = ir.MustRegister(ir.OpDef{
	Name:    SplitWithSizesName,
	Summary: "torch.split(x, sizes, dim): consecutive slices along dim",
	Description: `The list of slices of self along dim (negative: counted from the rank):
slice k has split_sizes[k] positions starting at split_sizes[0] + ... +
split_sizes[k-1]; the sizes add up to self.size(dim). torch.split(x, n),
x.chunk(k) and x.unbind print as this op followed by
torch.prim.ListUnpack, which gives the slices their own values; the
interpreter and the conversion to tcp compute each unpacked slice from
this op's operands (they must be constants).

Verifier rules: with constant sizes and dim and a known self size at dim,
dim is in range, every size is non-negative and the sizes add up to
self.size(dim).`,
	Examples: []string{"%1 = torch.aten.split_with_sizes %arg0, %0, %int1 : !torch.vtensor<[3,6],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>"},
	Operands: []ir.OperandDef{{Name: "self", Type: vtensorC}, {Name: "split_sizes", Type: intListC}, {Name: "dim", Type: intC}},
	Results:  []ir.ResultDef{{Name: "result", Type: vtensorListC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   atenFormat("self", "split_sizes", "dim"),
	Verify: func(op *ir.Operation) error {
		if _, _, err := SplitOf(op); err != nil {
			return op.EmitOpError("%v", err)
		}
		return nil
	},
})

// SplitOf returns the dim (non-negative) and sizes of a split_with_sizes
// with constant arguments; sizes nil when they are not constants.
func SplitOf(op *ir.Operation) (dim int, sizes []int64, err error) {
	self := vt(op.Operand(0))
	sizes, ok1 := ConstantIntList(op.Operand(1))
	d, ok2 := ConstantIntValue(op.Operand(2))
	if !ok1 || !ok2 || !self.HasSizes() {
		return 0, nil, nil
	}
	dim, ok := wrapDimIn(d, self.Rank())
	if !ok || self.Rank() == 0 {
		return 0, nil, errf("dim %d is out of range for a tensor of rank %d", d, self.Rank())
	}
	sum := int64(0)
	for _, s := range sizes {
		if s < 0 {
			return 0, nil, errf("split sizes must be non-negative, got %d", s)
		}
		sum += s
	}
	if n := self.Sizes()[dim]; n != ir.Dynamic && n != sum {
		return 0, nil, errf("split sizes add up to %d, but dim %d has size %d (split_with_sizes expects split_sizes to sum exactly to %d)", sum, dim, n, n)
	}
	return dim, sizes, nil
}

// ListUnpack is torch.prim.ListUnpack.
var ListUnpack = ir.MustRegister(ir.OpDef{
	Name:    ListUnpackName,
	Summary: "the elements of a list as separate values",
	Description: `Result k is element k of the list. Here the list is a
torch.aten.split_with_sizes (torch.split, chunk, unbind): result k is its
slice k.

Verifier rules: when the list comes from split_with_sizes with constant
sizes, there is one result per size, and each result's size at the split
dim, where known, is that size.`,
	Examples: []string{"%2:3 = torch.prim.ListUnpack %1 : !torch.list<vtensor> -> !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],f32>"},
	Operands: []ir.OperandDef{{Name: "list", Type: ir.AnyType}},
	Results:  []ir.ResultDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   "$list attr-dict `:` type($list) `->` type($results)",
	Verify: func(op *ir.Operation) error {
		d := op.Operand(0).DefiningOp()
		if d == nil || d.Name() != SplitWithSizesName {
			return nil
		}
		dim, sizes, err := SplitOf(d)
		if err != nil || sizes == nil {
			return nil
		}
		if op.NumResults() != len(sizes) {
			return op.EmitOpError("expects %d results (one per split size), got %d", len(sizes), op.NumResults())
		}
		for k, s := range sizes {
			r, ok := op.Result(k).Type().(*VTensorType)
			if !ok {
				return op.EmitOpError("result #%d must be a !torch.vtensor, got %s", k, op.Result(k).Type())
			}
			if r.HasSizes() && (r.Rank() != vt(d.Operand(0)).Rank() || r.Sizes()[dim] != ir.Dynamic && r.Sizes()[dim] != s) {
				return op.EmitOpError("result #%d must have size %d at dim %d (its split size) and self's rank, got %s", k, s, dim, r)
			}
		}
		return nil
	},
})

// ExpandSizeList reads aten.expand's size list: constant ints, and
// aten.size.int entries, which are -1 (keep the size) when they name
// self's own dim at that position, or the size when it is static.
func ExpandSizeList(op *ir.Operation) ([]int64, bool) {
	l := op.Operand(1).DefiningOp()
	self := vt(op.Operand(0))
	if l == nil || l.Name() != ListConstructName || !self.HasSizes() {
		return nil, false
	}
	lead := l.NumOperands() - self.Rank()
	out := make([]int64, 0, l.NumOperands())
	for i, e := range l.Operands() {
		if c, ok := ConstantIntValue(e); ok {
			out = append(out, c)
			continue
		}
		t, d, ok := SizeIntOf(e)
		if !ok {
			return nil, false
		}
		switch {
		case t == op.Operand(0) && d == i-lead:
			out = append(out, -1)
		case vt(t).Sizes()[d] != ir.Dynamic:
			out = append(out, vt(t).Sizes()[d])
		default:
			return nil, false
		}
	}
	return out, true
}

// CatName is torch.aten.cat.
const CatName = "torch.aten.cat"

// Cat is torch.aten.cat.
var Cat = ir.MustRegister(ir.OpDef{
	Name:    CatName,
	Summary: "torch.cat(tensors, dim): tensors joined along dim",
	Description: `The tensors of the list (a torch.prim.ListConstruct), of one dtype and
rank and equal sizes except at dim (negative: counted from the rank),
joined along dim in order. torch.stack(ts, dim) prints as unsqueeze (or
a view) of each tensor and a cat. Tensors of different dtypes (which
torch promotes) are not supported.

Verifier rules: when the list comes from torch.prim.ListConstruct and the
sizes are known: at least one tensor; one rank and dtype (the result's);
dim in [-r, r); equal sizes except at dim; the result's sizes are those
with the sum at dim.`,
	Examples: []string{"%3 = torch.aten.cat %2, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[8],f32>"},
	Operands: []ir.OperandDef{{Name: "tensors", Type: vtensorListC}, {Name: "dim", Type: intC}},
	Results:  []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   atenFormat("tensors", "dim"),
	Verify: func(op *ir.Operation) error {
		want, err := CatSizes(op)
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		res := vt(op.Result(0))
		l := op.Operand(0).DefiningOp()
		if l != nil && l.Name() == ListConstructName && l.NumOperands() > 0 {
			if err := sameDType(op, vt(l.Operand(0)), res); err != nil {
				return err
			}
		}
		if want != nil && res.HasSizes() && !compatibleSizes(want, res.Sizes()) {
			return op.EmitOpError("result sizes [%s] do not match the joined sizes [%s]", sizesStr(res.Sizes()), sizesStr(want))
		}
		return nil
	},
})

// CatSizes returns cat's result sizes, nil when the list or the sizes are
// not known, or an error when the tensors cannot be joined.
func CatSizes(op *ir.Operation) ([]int64, error) {
	l := op.Operand(0).DefiningOp()
	if l == nil || l.Name() != ListConstructName {
		return nil, nil
	}
	if l.NumOperands() == 0 {
		return nil, errf("expects a non-empty list of tensors")
	}
	dim, ok := ConstantIntValue(op.Operand(1))
	var out []int64
	var dt ir.Type
	for i, v := range l.Operands() {
		t, isVT := v.Type().(*VTensorType)
		if !isVT {
			return nil, errf("list element #%d must be a !torch.vtensor, got %s", i, v.Type())
		}
		if t.HasDType() {
			if dt != nil && t.DType() != dt {
				return nil, errf("list elements must have one dtype, got %s and %s", dt, t.DType())
			}
			dt = t.DType()
		}
		if !t.HasSizes() || !ok {
			return nil, nil
		}
		s := t.Sizes()
		if out == nil {
			out = append([]int64(nil), s...)
			continue
		}
		if len(s) != len(out) {
			return nil, errf("list elements must have one rank, got %d and %d", len(out), len(s))
		}
	}
	d, okd := wrapDimIn(dim, len(out))
	if !okd || len(out) == 0 {
		return nil, errf("dim %d is out of range for tensors of rank %d", dim, len(out))
	}
	for i, v := range l.Operands()[1:] {
		s := vt(v).Sizes()
		for k := range s {
			switch {
			case k == d:
				if out[k] == ir.Dynamic || s[k] == ir.Dynamic {
					out[k] = ir.Dynamic
				} else {
					out[k] += s[k]
				}
			case out[k] == ir.Dynamic:
				out[k] = s[k]
			case s[k] != ir.Dynamic && s[k] != out[k]:
				return nil, errf("sizes of tensors must match except in dimension %d: tensor #%d has size %d at dim %d, expected %d", d, i+1, s[k], k, out[k])
			}
		}
	}
	return out, nil
}

// Op names of the dtype conversions the FX importer prints for x.float(),
// x.to(torch.int32), x.bfloat16().
const (
	ConvertElementTypeName   = "torch.prims.convert_element_type"
	AssertTensorMetadataName = "torch.aten._assert_tensor_metadata"
)

// DTypeOfCode is the dtype of a torch ScalarType code (0 ui8, 1 si8, 2
// si16, 3 si32, 4 si64, 5 f16, 6 f32, 7 f64, 11 i1, 15 bf16), or nil.
func DTypeOfCode(code int64) ir.Type {
	switch code {
	case 0:
		return ir.IntegerType{Width: 8, Sign: ir.Unsigned}
	case 1:
		return ir.IntegerType{Width: 8, Sign: ir.Signed}
	case 2:
		return ir.IntegerType{Width: 16, Sign: ir.Signed}
	case 3:
		return ir.IntegerType{Width: 32, Sign: ir.Signed}
	case 4:
		return ir.IntegerType{Width: 64, Sign: ir.Signed}
	case 5:
		return ir.F16T
	case 6:
		return ir.F32T
	case 7:
		return ir.F64T
	case 11:
		return ir.I1
	case 15:
		return ir.BF16T
	}
	return nil
}

// ConvertElementType is torch.prims.convert_element_type.
var ConvertElementType = ir.MustRegister(ir.OpDef{
	Name:    ConvertElementTypeName,
	Summary: "a tensor converted to another dtype (x.float(), x.to(dtype))",
	Description: `Each element of a converted to dtype (a torch ScalarType code: 0 ui8,
1 si8, 2 si16, 3 si32, 4 si64, 5 f16, 6 f32, 7 f64, 11 bool, 15 bf16):
integers narrow by truncation (two's complement) and widen by sign
extension (a bool is 0 or 1); integers to floats and floats to narrower
floats round to nearest, ties to even; floats to integers round toward
zero (NaN or out of range: a runtime error here, undefined in torch);
anything to bool is x != 0. The conversion to tcp takes every pair but
those to or from bool (a located error).

Verifier rules: dtype is a constant with a known code; the result has
that dtype and a's sizes.`,
	Examples: []string{"%2 = torch.prims.convert_element_type %1, %int6 : !torch.vtensor<[3,2],si32>, !torch.int -> !torch.vtensor<[3,2],f32>"},
	Operands: []ir.OperandDef{{Name: "a", Type: vtensorC}, {Name: "dtype", Type: intC}},
	Results:  []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   atenFormat("a", "dtype"),
	Verify: func(op *ir.Operation) error {
		code, ok := ConstantIntValue(op.Operand(1))
		if !ok {
			return nil
		}
		want := DTypeOfCode(code)
		if want == nil {
			return op.EmitOpError("dtype %d is not a supported ScalarType code (0-7, 11, 15)", code)
		}
		a, r := vt(op.Operand(0)), vt(op.Result(0))
		if r.HasDType() && r.DType() != want {
			return op.EmitOpError("result dtype must be %s (dtype %d), got %s", want, code, r.DType())
		}
		if a.HasSizes() && r.HasSizes() && !compatibleSizes(a.Sizes(), r.Sizes()) {
			return op.EmitOpError("result sizes [%s] must be a's, [%s]", sizesStr(r.Sizes()), sizesStr(a.Sizes()))
		}
		return nil
	},
})

var anyListOrNone = ir.TypePred("!torch.list<int> or !torch.none type", func(t ir.Type) bool {
	l, ok := t.(*ListType)
	return t == None || ok && l.Elem() == Int
})

// AssertTensorMetadata is torch.aten._assert_tensor_metadata.
var AssertTensorMetadata = ir.MustRegister(ir.OpDef{
	Name:    AssertTensorMetadataName,
	Summary: "a run-time check of a tensor's sizes and dtype",
	Description: `Raises unless a has the given sizes (when size is not none) and dtype
(a ScalarType code, when not none); stride, device and layout are not
checked here (a !torch.vtensor has no strides; there is one device). It
has no result. torch.export puts it before a dtype conversion. The
conversion to tcp checks it against the static type of a and erases it;
what the type cannot show (a dynamic size) is a located error there.

Verifier rules: a constant dtype names a's dtype when that is known; a
constant size list has a's rank and its static sizes.`,
	Examples: []string{"torch.aten._assert_tensor_metadata %1, %none, %none, %int3, %cpu, %int0 : !torch.vtensor<[3,2],si32>, !torch.none, !torch.none, !torch.int, !torch.Device, !torch.int"},
	Operands: []ir.OperandDef{
		{Name: "a", Type: vtensorC},
		{Name: "size", Type: anyListOrNone},
		{Name: "stride", Type: anyListOrNone},
		{Name: "dtype", Type: optIntC},
		{Name: "device", Type: typeIs("!torch.Device or !torch.none type", Device, None)},
		{Name: "layout", Type: optIntC},
	},
	Format: "$a `,` $size `,` $stride `,` $dtype `,` $device `,` $layout attr-dict `:` type($a) `,` type($size) `,` type($stride) `,` type($dtype) `,` type($device) `,` type($layout)",
	Verify: func(op *ir.Operation) error {
		a := vt(op.Operand(0))
		if code, ok := ConstantIntValue(op.Operand(3)); ok && a.HasDType() {
			if want := DTypeOfCode(code); want == nil || want != a.DType() {
				return op.EmitOpError("dtype %d does not name a's dtype %s", code, a.DType())
			}
		}
		if sizes, ok := ConstantIntList(op.Operand(1)); ok && a.HasSizes() {
			if len(sizes) != a.Rank() || !compatibleSizes(sizes, a.Sizes()) {
				return op.EmitOpError("size [%s] does not match a's sizes [%s]", sizesStr(sizes), sizesStr(a.Sizes()))
			}
		}
		return nil
	},
})
