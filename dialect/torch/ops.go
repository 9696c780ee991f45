package torch

import (
	"fmt"
	"strconv"

	"github.com/tcp-project/tcp/ir"
)

// Op names.
const (
	ConstantIntName     = "torch.constant.int"
	ConstantBoolName    = "torch.constant.bool"
	ConstantNoneName    = "torch.constant.none"
	ListConstructName   = "torch.prim.ListConstruct"
	VTensorLiteralName  = "torch.vtensor.literal"
	IndexSelectName     = "torch.aten.index_select"
	GatherName          = "torch.aten.gather"
	SliceTensorName     = "torch.aten.slice.Tensor"
	IndexTensorName     = "torch.aten.index.Tensor_hacked_twin"
	IndexTensorOptName  = "torch.aten.index.Tensor"
	ToBuiltinTensorName = "torch_c.to_builtin_tensor"
	FromBuiltinName     = "torch_c.from_builtin_tensor"
)

// Type constraints.
var (
	vtensorC = ir.TypePred("!torch.vtensor type", func(t ir.Type) bool { _, ok := t.(*VTensorType); return ok })
	intC     = ir.TypePred("!torch.int type", func(t ir.Type) bool { return t == Int })
	boolC    = ir.TypePred("!torch.bool type", func(t ir.Type) bool { return t == Bool })
	noneC    = ir.TypePred("!torch.none type", func(t ir.Type) bool { return t == None })
	optIntC  = ir.TypePred("!torch.int or !torch.none type", func(t ir.Type) bool { return t == Int || t == None })
	anyC     = ir.TypePred("any torch type", func(t ir.Type) bool {
		d, ok := t.(ir.DefinedType)
		return ok && d.TypeDef().Dialect == "torch"
	})
	vtensorListC = ir.TypePred("!torch.list<vtensor> type", func(t ir.Type) bool {
		l, ok := t.(*ListType)
		if !ok {
			return false
		}
		_, ok = l.Elem().(*VTensorType)
		return ok
	})
	optVtensorListC = ir.TypePred("!torch.list<optional<vtensor>> or !torch.list<vtensor> type", func(t ir.Type) bool {
		l, ok := t.(*ListType)
		if !ok {
			return false
		}
		e := l.Elem()
		if o, ok := e.(*OptionalType); ok {
			e = o.Elem()
		}
		_, ok = e.(*VTensorType)
		return ok
	})
	builtinTensorC = ir.TypePred("tensor of any type values", func(t ir.Type) bool {
		switch t.(type) {
		case *ir.RankedTensorType, *ir.UnrankedTensorType:
			return true
		}
		return false
	})
)

// ConstantInt is torch.constant.int.
var ConstantInt = ir.MustRegister(ir.OpDef{
	Name:    ConstantIntName,
	Summary: "a constant Python int",
	Description: `Produces the !torch.int value (a 64-bit signed integer). The result
prints with the name hint %int<value> (%int0, %int-1), as torch-mlir.

Verifier rules: none beyond the declared value : i64.`,
	Examples:   []string{"%int-1 = torch.constant.int -1", "%int0 = torch.constant.int 0"},
	Results:    []ir.ResultDef{{Name: "result", Type: intC}},
	Attrs:      []ir.AttrDef{{Name: "value", Kind: ir.I64AttrKind, Required: true}},
	Traits:     []ir.Trait{ir.Pure, ir.ConstantLike},
	Format:     "$value attr-dict",
	Fold:       func(op *ir.Operation) []ir.OpFoldResult { return []ir.OpFoldResult{{Attr: op.Attr("value")}} },
	ResultName: func(op *ir.Operation) string { return "int" + strconv.FormatInt(op.IntAttr("value"), 10) },
	InferResultTypes: func(st *ir.ParseState) error {
		st.ResultTypes[0] = []ir.Type{Int}
		return nil
	},
})

// ConstantBool is torch.constant.bool.
var ConstantBool = ir.MustRegister(ir.OpDef{
	Name:    ConstantBoolName,
	Summary: "a constant Python bool",
	Description: `Produces the !torch.bool value; the result prints as %true or %false.

Verifier rules: none beyond the declared bool value.`,
	Examples: []string{"%false = torch.constant.bool false"},
	Results:  []ir.ResultDef{{Name: "result", Type: boolC}},
	Attrs:    []ir.AttrDef{{Name: "value", Kind: ir.BoolAttrKind, Required: true}},
	Traits:   []ir.Trait{ir.Pure, ir.ConstantLike},
	Format:   "$value attr-dict",
	Fold:     func(op *ir.Operation) []ir.OpFoldResult { return []ir.OpFoldResult{{Attr: op.Attr("value")}} },
	ResultName: func(op *ir.Operation) string {
		if b, _ := op.Attr("value").(ir.BoolAttr); b {
			return "true"
		}
		return "false"
	},
	InferResultTypes: func(st *ir.ParseState) error {
		st.ResultTypes[0] = []ir.Type{Bool}
		return nil
	},
})

// ConstantNone is torch.constant.none.
var ConstantNone = ir.MustRegister(ir.OpDef{
	Name:        ConstantNoneName,
	Summary:     "the constant None",
	Description: "Produces the !torch.none value; the result prints as %none.\n\nVerifier rules: none.",
	Examples:    []string{"%none = torch.constant.none"},
	Results:     []ir.ResultDef{{Name: "result", Type: noneC}},
	Traits:      []ir.Trait{ir.Pure, ir.ConstantLike},
	Format:      "attr-dict",
	ResultName:  func(*ir.Operation) string { return "none" },
	InferResultTypes: func(st *ir.ParseState) error {
		st.ResultTypes[0] = []ir.Type{None}
		return nil
	},
})

// VTensorLiteral is torch.vtensor.literal.
var VTensorLiteral = ir.MustRegister(ir.OpDef{
	Name:    VTensorLiteralName,
	Summary: "a constant value tensor",
	Description: `Produces the !torch.vtensor holding value, a dense elements attribute
whose tensor type has the sizes and dtype of the result (torch-mlir's
form of a constant tensor).

Verifier rules:
  1. The result has known sizes and dtype, and value's type is
     tensor<sizes x dtype>.`,
	Examples:   []string{"%0 = torch.vtensor.literal(dense<[2, -1]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>"},
	Results:    []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Attrs:      []ir.AttrDef{{Name: "value", Kind: ir.ElementsAttrKind, Required: true}},
	Traits:     []ir.Trait{ir.Pure, ir.ConstantLike},
	Format:     "`(` $value `)` attr-dict `:` qualified(type($result))",
	Fold:       func(op *ir.Operation) []ir.OpFoldResult { return []ir.OpFoldResult{{Attr: op.Attr("value")}} },
	ResultName: func(*ir.Operation) string { return "" },
	Verify: func(op *ir.Operation) error {
		rt := vt(op.Result(0))
		d, ok := op.Attr("value").(*ir.DenseElementsAttr)
		if !ok {
			return op.EmitOpError("value must be a dense elements attribute")
		}
		if !rt.HasSizes() || !rt.HasDType() || ir.Type(d.Type) != ir.Type(ir.RankedTensor(rt.Sizes(), rt.DType())) {
			return op.EmitOpError("value type %s must be the tensor type of the result %s", d.Type, rt)
		}
		return nil
	},
})

// ListConstruct is torch.prim.ListConstruct.
var ListConstruct = ir.MustRegister(ir.OpDef{
	Name:    ListConstructName,
	Summary: "build a list from its elements",
	Description: `Produces a !torch.list<T> of the operands, in order.

Verifier rules:
  1. The result is a !torch.list type.
  2. Every operand type is the list's element type, or (for list<vtensor>
     written without sizes) a !torch.vtensor; for list<optional<T>>, a T
     or !torch.none.`,
	Examples: []string{"%0 = torch.prim.ListConstruct %arg1, %arg2 : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor>"},
	Operands: []ir.OperandDef{{Name: "elements", Type: anyC, Variadic: true}},
	Results:  []ir.ResultDef{{Name: "result", Type: ir.TypePred("!torch.list type", func(t ir.Type) bool { _, ok := t.(*ListType); return ok })}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   "$elements attr-dict `:` functional-type($elements, $result)",
	Verify: func(op *ir.Operation) error {
		elem := op.Result(0).Type().(*ListType).Elem()
		for i, t := range op.OperandTypes() {
			if !listElemMatches(elem, t) {
				return op.EmitOpError("operand #%d has type %s, but the list holds %s", i, t, elem)
			}
		}
		return nil
	},
})

// listElemMatches: an element type T accepts T, and a vtensor without
// sizes or dtype accepts any vtensor with compatible ones.
func listElemMatches(elem, t ir.Type) bool {
	if elem == t {
		return true
	}
	if o, ok := elem.(*OptionalType); ok {
		// A None, or a value of the optional's type.
		return t == None || listElemMatches(o.Elem(), t)
	}
	ev, ok1 := elem.(*VTensorType)
	tv, ok2 := t.(*VTensorType)
	if !ok1 || !ok2 {
		return false
	}
	if ev.HasDType() && ev.DType() != tv.DType() {
		return false
	}
	if ev.HasSizes() && (!tv.HasSizes() || !compatibleSizes(ev.Sizes(), tv.Sizes())) {
		return false
	}
	return true
}

// BroadcastSizes broadcasts sizes numpy-style; a dynamic size broadcasts
// to a dynamic size unless the other is static and not 1. It reports false
// when two static sizes other than 1 differ.
func BroadcastSizes(shapes [][]int64) ([]int64, bool) {
	r := 0
	for _, s := range shapes {
		r = max(r, len(s))
	}
	out := make([]int64, r)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		for i, d := range s {
			j := r - len(s) + i
			switch {
			case d == 1:
			case out[j] == 1:
				out[j] = d
			case d == ir.Dynamic || out[j] == ir.Dynamic:
				out[j] = max(d, out[j]) // a static size wins
			case d != out[j]:
				return nil, false
			}
		}
	}
	return out, true
}

func compatibleSizes(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != ir.Dynamic && b[i] != ir.Dynamic && a[i] != b[i] {
			return false
		}
	}
	return true
}

// ConstantIntValue returns the value of v if a torch.constant.int defines
// it.
func ConstantIntValue(v ir.Value) (int64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != ConstantIntName {
		return 0, false
	}
	a, ok := d.Attr("value").(ir.IntegerAttr)
	return a.Value, ok
}

// ConstantBoolValue returns the value of v if a torch.constant.bool
// defines it.
func ConstantBoolValue(v ir.Value) (bool, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != ConstantBoolName {
		return false, false
	}
	b, ok := d.Attr("value").(ir.BoolAttr)
	return bool(b), ok
}

// IsConstantNone reports whether torch.constant.none defines v.
func IsConstantNone(v ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && d.Name() == ConstantNoneName
}

func vt(v ir.Value) *VTensorType { return v.Type().(*VTensorType) }

func atenFormat(operands ...string) string {
	s := ""
	for i, o := range operands {
		if i > 0 {
			s += " `,` "
		}
		s += "$" + o
	}
	s += " attr-dict `:` "
	for i, o := range operands {
		if i > 0 {
			s += " `,` "
		}
		s += "qualified(type($" + o + "))"
	}
	return s + " `->` qualified(type($result))"
}

// normDim checks a constant dim against rank r (torch's maybe_wrap_dim:
// [-r, r), with r = 1 for a 0-d tensor) and returns it in [0, r).
func normDim(op *ir.Operation, dim int64, rank int) (int, error) {
	r := int64(rank)
	if r == 0 {
		r = 1
	}
	if dim < -r || dim >= r {
		return 0, op.EmitOpError("dim %d is out of range for a tensor of rank %d (expected to be in range of [%d, %d])", dim, rank, -r, r-1)
	}
	if dim < 0 {
		dim += r
	}
	return int(dim), nil
}

func isIndexDType(t ir.Type) bool {
	return t == ir.Type(ir.IntegerType{Width: 64, Sign: ir.Signed}) || t == ir.Type(ir.IntegerType{Width: 32, Sign: ir.Signed})
}

func sizeStr(s int64) string {
	if s == ir.Dynamic {
		return "?"
	}
	return strconv.FormatInt(s, 10)
}

// IndexSelect is torch.aten.index_select.
var IndexSelect = ir.MustRegister(ir.OpDef{
	Name:    IndexSelectName,
	Summary: "select slices of self along dim at the given indices",
	Description: `torch.index_select(self, dim, index): out has the shape of self with
dim's size replaced by numel(index), and out[..., i, ...] = self[...,
index[i], ...] along dim (a 0-d index selects one slice and keeps the
dim). torch 1.13 raises "index out of range in self" for an index < 0 or
>= self.size(dim): negative indices are errors, not wrapped (tcp mode
"error").

Verifier rules:
  1. index has dtype si64 or si32 (when known).
  2. index has rank 0 or 1 (when known).
  3. A constant dim is in [-r, r) for self of rank r.
  4. result has self's dtype and rank; its size at dim is numel(index) and
     its other sizes are self's, where static.`,
	Examples: []string{
		"%0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>",
	},
	Operands: []ir.OperandDef{{Name: "self", Type: vtensorC}, {Name: "dim", Type: intC}, {Name: "index", Type: vtensorC}},
	Results:  []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   atenFormat("self", "dim", "index"),
	Verify:   verifyIndexSelect,
})

func verifyIndexSelect(op *ir.Operation) error {
	self, idx, res := vt(op.Operand(0)), vt(op.Operand(2)), vt(op.Result(0))
	if idx.HasDType() && !isIndexDType(idx.DType()) {
		return op.EmitOpError("index must have dtype si64 or si32, got %s", idx.DType())
	}
	if idx.HasSizes() && idx.Rank() > 1 {
		return op.EmitOpError("index must have rank 0 or 1 (index_select(): Index is supposed to be a vector), got rank %d", idx.Rank())
	}
	if err := sameDType(op, self, res); err != nil {
		return err
	}
	if !self.HasSizes() {
		return nil
	}
	dim, isConst := ConstantIntValue(op.Operand(1))
	d := -1
	if isConst {
		var err error
		if d, err = normDim(op, dim, self.Rank()); err != nil {
			return err
		}
	}
	if !res.HasSizes() {
		return nil
	}
	if self.Rank() != res.Rank() {
		return op.EmitOpError("result must have the rank of self (%d), got %d", self.Rank(), res.Rank())
	}
	if d < 0 {
		return nil
	}
	for i, s := range self.Sizes() {
		want := s
		if i == d {
			want = ir.Dynamic
			if idx.HasSizes() {
				want = 1
				if idx.Rank() == 1 {
					want = idx.Sizes()[0]
				}
			}
		}
		if got := res.Sizes()[i]; want != ir.Dynamic && got != ir.Dynamic && got != want {
			return op.EmitOpError("result size %d at dim %d does not match the expected size %d", got, i, want)
		}
	}
	return nil
}

func sameDType(op *ir.Operation, self, res *VTensorType) error {
	if self.HasDType() && res.HasDType() && self.DType() != res.DType() {
		return op.EmitOpError("result dtype %s must equal the dtype of self, %s", res.DType(), self.DType())
	}
	return nil
}

// Gather is torch.aten.gather.
var Gather = ir.MustRegister(ir.OpDef{
	Name:    GatherName,
	Summary: "gather values of self along dim at same-rank indices",
	Description: `torch.gather(self, dim, index, sparse_grad): out has the shape of index
and out[p] = self[p with p[dim] := index[p]]. torch 1.13 raises "index i
is out of bounds for dimension d with size s" for an index < 0 or >=
self.size(dim) (tcp mode "error"). sparse_grad only affects gradients.

Verifier rules:
  1. index has dtype si64 (when known).
  2. self and index have the same rank (when known).
  3. A constant dim is in [-r, r).
  4. For d != dim, index.size(d) <= self.size(d) where both are static.
  5. result has the shape of index and the dtype of self, where known.`,
	Examples: []string{
		"%0 = torch.aten.gather %arg0, %int-1, %arg1, %false : !torch.vtensor<[1,4,3],f32>, !torch.int, !torch.vtensor<[1,4,2],si64>, !torch.bool -> !torch.vtensor<[1,4,2],f32>",
	},
	Operands: []ir.OperandDef{{Name: "self", Type: vtensorC}, {Name: "dim", Type: intC}, {Name: "index", Type: vtensorC}, {Name: "sparse_grad", Type: boolC}},
	Results:  []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   atenFormat("self", "dim", "index", "sparse_grad"),
	Verify:   verifyGather,
})

func verifyGather(op *ir.Operation) error {
	self, idx, res := vt(op.Operand(0)), vt(op.Operand(2)), vt(op.Result(0))
	if idx.HasDType() && idx.DType() != ir.Type(ir.IntegerType{Width: 64, Sign: ir.Signed}) {
		return op.EmitOpError("index must have dtype si64 (gather(): Expected dtype int64 for index), got %s", idx.DType())
	}
	if err := sameDType(op, self, res); err != nil {
		return err
	}
	if self.HasSizes() && idx.HasSizes() && self.Rank() != idx.Rank() {
		return op.EmitOpError("index must have the rank of self (%d), got %d", self.Rank(), idx.Rank())
	}
	if idx.HasSizes() && res.HasSizes() && !compatibleSizes(idx.Sizes(), res.Sizes()) {
		return op.EmitOpError("result sizes [%s] must equal the index sizes [%s]", sizesStr(res.Sizes()), sizesStr(idx.Sizes()))
	}
	dim, isConst := ConstantIntValue(op.Operand(1))
	if !self.HasSizes() || !isConst {
		return nil
	}
	d, err := normDim(op, dim, self.Rank())
	if err != nil {
		return err
	}
	if idx.HasSizes() {
		for i := range self.Sizes() {
			s, q := self.Sizes()[i], idx.Sizes()[i]
			if i != d && s != ir.Dynamic && q != ir.Dynamic && q > s {
				return op.EmitOpError("index size %d at dimension %d must not exceed the size of self, %d", q, i, s)
			}
		}
	}
	return nil
}

func sizesStr(s []int64) string {
	out := ""
	for i, d := range s {
		if i > 0 {
			out += ","
		}
		out += sizeStr(d)
	}
	return out
}

// SliceTensor is torch.aten.slice.Tensor.
var SliceTensor = ir.MustRegister(ir.OpDef{
	Name:    SliceTensorName,
	Summary: "Python slicing self[start:end:step] along dim",
	Description: `self[..., start:end:step, ...] along dim, with Python's rules: start and
end (None: 0 and the end) are wrapped once if negative (+ size) and then
clamped to [0, size]; the result size along dim is
max(0, ceil((end - start) / step)); other dims are unchanged. torch 1.13
requires step > 0 ("slice step must be positive").

Verifier rules:
  1. A constant dim is in [-r, r).
  2. A constant step is positive.
  3. result has self's dtype and rank, and self's sizes except at dim,
     where static.`,
	Examples: []string{
		"%0 = torch.aten.slice.Tensor %arg0, %int1, %int0, %int100, %int2 : !torch.vtensor<[1,56,?,?],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1,28,?,?],f32>",
	},
	Operands: []ir.OperandDef{{Name: "self", Type: vtensorC}, {Name: "dim", Type: intC}, {Name: "start", Type: optIntC}, {Name: "end", Type: optIntC}, {Name: "step", Type: intC}},
	Results:  []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   atenFormat("self", "dim", "start", "end", "step"),
	Verify:   verifySlice,
})

func verifySlice(op *ir.Operation) error {
	self, res := vt(op.Operand(0)), vt(op.Result(0))
	if err := sameDType(op, self, res); err != nil {
		return err
	}
	if step, ok := ConstantIntValue(op.Operand(4)); ok && step <= 0 {
		return op.EmitOpError("step must be positive (slice step must be positive), got %d", step)
	}
	if !self.HasSizes() {
		return nil
	}
	d := -1
	if dim, ok := ConstantIntValue(op.Operand(1)); ok {
		var err error
		if d, err = normDim(op, dim, self.Rank()); err != nil {
			return err
		}
	}
	if !res.HasSizes() {
		return nil
	}
	if self.Rank() != res.Rank() {
		return op.EmitOpError("result must have the rank of self (%d), got %d", self.Rank(), res.Rank())
	}
	if d < 0 {
		return nil
	}
	for i, s := range self.Sizes() {
		if got := res.Sizes()[i]; i != d && s != ir.Dynamic && got != ir.Dynamic && got != s {
			return op.EmitOpError("result size %d at dim %d must equal the size of self, %d", got, i, s)
		}
	}
	return nil
}

// IndexTensor is torch.aten.index.Tensor_hacked_twin.
var IndexTensor = ir.MustRegister(indexTensorDef(ir.OpDef{
	Name:    IndexTensorName,
	Summary: "advanced indexing self[i0, i1, ...] with index tensors on the leading dims",
	Description: `self[indices[0], ..., indices[k-1]] with k integer index tensors on the
leading k dims: the index tensors broadcast together to a shape B, and
out[b, j...] = self[indices[0][b], ..., indices[k-1][b], j...], of shape
B ++ self.shape[k:]. Negative indices wrap once (i + size), as torch does;
anything else out of range raises "index i is out of bounds for dimension
d with size s" (tcp mode "wrap_negative"). The _hacked_twin variant
takes a list of tensors without None entries.

Verifier rules:
  1. indices is a !torch.list<vtensor>.
  2. When indices comes from torch.prim.ListConstruct: at most rank(self)
     index tensors, each of dtype si64 or si32 (when known; torch 2
     indexes with int tensors as with long ones; boolean masks, whose
     result size depends on their values, are not supported here).
  3. result has self's dtype.
  4. When self and every index tensor have known sizes, the index sizes
     broadcast together to B and the result sizes are B ++ self.sizes[k:]
     where static.`,
	Examples: []string{
		"%1 = torch.aten.index.Tensor_hacked_twin %arg0, %0 : !torch.vtensor<[3,4],f32>, !torch.list<vtensor> -> !torch.vtensor<[2,4],f32>",
	},
}, vtensorListC))

// IndexTensorOpt is torch.aten.index.Tensor, as torch-mlir's FX importer
// prints x[i], x[:, i] and x[i, j].
var IndexTensorOpt = ir.MustRegister(indexTensorDef(ir.OpDef{
	Name:    IndexTensorOptName,
	Summary: "advanced indexing self[..., i0, i1, ...] with index tensors and whole dims",
	Description: `self[indices...], where each entry of the index list is an integer
index tensor or None (a whole dim, ':'). The index tensors broadcast
together to a shape B. When they are adjacent, at dims p..p+k-1 (x[i],
x[:, i], x[..., i], x[i, j]), B takes their place:
out[a, b, c] = self[a, indices[p][b], ..., indices[p+k-1][b], c], of
shape self.shape[:p] ++ B ++ self.shape[p+k:]; when None entries separate
them (x[i, :, j]), B comes first and the other dims follow in order
(torch's rule). Negative
indices wrap once (i + size), as torch does; anything else out of range
raises "index i is out of bounds for dimension d with size s" (tcp mode
"wrap_negative").

Verifier rules:
  1. indices is a !torch.list<optional<vtensor>> (or !torch.list<vtensor>).
  2. When indices comes from torch.prim.ListConstruct: at most rank(self)
     entries; each index tensor of dtype si64 or si32 when known (torch 2
     indexes with int tensors as with long ones).
  3. result has self's dtype.
  4. When self and every index tensor have known sizes, the index sizes
     broadcast together and the result sizes are the indexed sizes above
     where static.`,
	Examples: []string{
		"%1 = torch.aten.index.Tensor %arg0, %0 : !torch.vtensor<[4,5],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[4,3],f32>",
	},
}, optVtensorListC))

// ToBuiltinTensor is torch_c.to_builtin_tensor.
var ToBuiltinTensor = ir.MustRegister(ir.OpDef{
	Name:    ToBuiltinTensorName,
	Summary: "convert a !torch.vtensor to the builtin tensor type",
	Description: `The same value as a builtin tensor: same shape, dtype with signed
integers made signless (si64 → i64).

Verifier rules:
  1. The operand's dtype is known.
  2. The result type is the builtin tensor type of the operand.`,
	Examples: []string{"%0 = torch_c.to_builtin_tensor %arg0 : !torch.vtensor<[3,4],f32> -> tensor<3x4xf32>"},
	Operands: []ir.OperandDef{{Name: "operand", Type: vtensorC}},
	Results:  []ir.ResultDef{{Name: "result", Type: builtinTensorC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   "$operand attr-dict `:` qualified(type($operand)) `->` qualified(type($result))",
	Verify: func(op *ir.Operation) error {
		in := vt(op.Operand(0))
		want := in.BuiltinTensorType()
		if want == nil {
			return op.EmitOpError("operand %s must have a known dtype", in)
		}
		if got := op.Result(0).Type(); got != want {
			return op.EmitOpError("result type must be %s (the builtin tensor type of %s), got %s", want, in, got)
		}
		return nil
	},
	Fold: foldCastPair(FromBuiltinName),
})

// FromBuiltinTensor is torch_c.from_builtin_tensor.
var FromBuiltinTensor = ir.MustRegister(ir.OpDef{
	Name:    FromBuiltinName,
	Summary: "convert a builtin tensor to a !torch.vtensor",
	Description: `The same value as a !torch.vtensor.

Verifier rules:
  1. The result's dtype is known, and the operand type is the builtin
     tensor type of the result.`,
	Examples: []string{"%1 = torch_c.from_builtin_tensor %0 : tensor<2x4xf32> -> !torch.vtensor<[2,4],f32>"},
	Operands: []ir.OperandDef{{Name: "operand", Type: builtinTensorC}},
	Results:  []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   "$operand attr-dict `:` qualified(type($operand)) `->` qualified(type($result))",
	Verify: func(op *ir.Operation) error {
		res := vt(op.Result(0))
		want := res.BuiltinTensorType()
		if want == nil {
			return op.EmitOpError("result %s must have a known dtype", res)
		}
		if got := op.Operand(0).Type(); got != want {
			return op.EmitOpError("operand type must be %s (the builtin tensor type of %s), got %s", want, res, got)
		}
		return nil
	},
	Fold: foldCastPair(ToBuiltinTensorName),
})

// foldCastPair folds cast(inverse(x)) to x when the types agree.
func foldCastPair(inverse string) func(op *ir.Operation) []ir.OpFoldResult {
	return func(op *ir.Operation) []ir.OpFoldResult {
		d := op.Operand(0).DefiningOp()
		if d == nil || d.Name() != inverse || d.Operand(0).Type() != op.Result(0).Type() {
			return nil
		}
		return []ir.OpFoldResult{{Value: d.Operand(0)}}
	}
}

// ToBuiltin inserts torch_c.to_builtin_tensor of v (a !torch.vtensor
// with known dtype) and returns its result.
func ToBuiltin(rw *ir.Rewriter, loc ir.Location, v ir.Value) (ir.Value, error) {
	t, ok := v.Type().(*VTensorType)
	if !ok || t.BuiltinTensorType() == nil {
		return nil, fmt.Errorf("expected a !torch.vtensor with a known dtype, got %s", v.Type())
	}
	if d := v.DefiningOp(); d != nil && d.Name() == FromBuiltinName && d.Operand(0).Type() == t.BuiltinTensorType() {
		return d.Operand(0), nil
	}
	return rw.Create(ToBuiltinTensorName, loc, []ir.Value{v}, []ir.Type{t.BuiltinTensorType()}, nil).Result(0), nil
}

// FromBuiltin inserts torch_c.from_builtin_tensor of v to type to.
func FromBuiltinValue(rw *ir.Rewriter, loc ir.Location, v ir.Value, to *VTensorType) ir.Value {
	return rw.Create(FromBuiltinName, loc, []ir.Value{v}, []ir.Type{to}, nil).Result(0)
}

// indexTensorDef completes the definition of torch.aten.index.Tensor or
// its _hacked_twin (name and docs in def), whose index list has type
// list: both have the same operands, format and verifier.
func indexTensorDef(def ir.OpDef, list ir.TypeConstraint) ir.OpDef {
	def.Operands = []ir.OperandDef{{Name: "self", Type: vtensorC}, {Name: "indices", Type: list}}
	def.Results = []ir.ResultDef{{Name: "result", Type: vtensorC}}
	def.Traits = []ir.Trait{ir.Pure}
	def.Format = atenFormat("self", "indices")
	def.Verify = verifyIndexTensor
	return def
}

// verifyIndexTensor checks torch.aten.index.Tensor and its _hacked_twin.
func verifyIndexTensor(op *ir.Operation) error {
	self, res := vt(op.Operand(0)), vt(op.Result(0))
	if err := sameDType(op, self, res); err != nil {
		return err
	}
	l := op.Operand(1).DefiningOp()
	if l == nil || l.Name() != ListConstructName {
		return nil
	}
	if self.HasSizes() && l.NumOperands() > self.Rank() {
		return op.EmitOpError("too many indices for a tensor of rank %d: %d", self.Rank(), l.NumOperands())
	}
	known := true
	for i, v := range l.Operands() {
		if v.Type() == None {
			continue
		}
		t, ok := v.Type().(*VTensorType)
		if ok && t.HasDType() && t.DType() != ir.Type(ir.IntegerType{Width: 64, Sign: ir.Signed}) && t.DType() != ir.Type(ir.IntegerType{Width: 32, Sign: ir.Signed}) {
			return op.EmitOpError("index #%d must have dtype si64 or si32 (tensors used as indices must be long or int), got %s", i, t.DType())
		}
		if !ok || !t.HasSizes() {
			known = false
		}
	}
	if !self.HasSizes() || !res.HasSizes() || !known {
		return nil
	}
	want, ok := IndexedSizes(self.Sizes(), l)
	if !ok {
		return op.EmitOpError("the index tensors do not broadcast together")
	}
	if !compatibleSizes(want, res.Sizes()) {
		return op.EmitOpError("result sizes [%s] do not match the indexed sizes [%s]", sizesStr(res.Sizes()), sizesStr(want))
	}
	return nil
}

// IndexPlacement describes the index list of torch.aten.index.Tensor (a
// torch.prim.ListConstruct): the positions of its index tensors, and
// whether they are adjacent (dims p..p+k-1, with only None entries, whole
// dims, around them).
func IndexPlacement(list *ir.Operation) (tensors []int, adjacent bool) {
	for i, v := range list.Operands() {
		if v.Type() != None {
			tensors = append(tensors, i)
		}
	}
	adjacent = len(tensors) == 0 || tensors[len(tensors)-1]-tensors[0] == len(tensors)-1
	return tensors, adjacent
}

// IndexedSizes returns the result sizes of self[list...] as torch computes
// them: the index tensors broadcast to B; B replaces the indexed dims when
// those are adjacent, else B comes first, followed by the dims not indexed.
// The index tensors' sizes must be known.
func IndexedSizes(self []int64, list *ir.Operation) ([]int64, bool) {
	tensors, adjacent := IndexPlacement(list)
	var shapes [][]int64
	for _, i := range tensors {
		shapes = append(shapes, list.Operand(i).Type().(*VTensorType).Sizes())
	}
	b, ok := BroadcastSizes(shapes)
	if !ok {
		return nil, false
	}
	if len(tensors) == 0 {
		return append([]int64(nil), self...), true
	}
	if adjacent {
		p, k := tensors[0], len(tensors)
		return append(append(append([]int64(nil), self[:p]...), b...), self[p+k:]...), true
	}
	out := append([]int64(nil), b...)
	indexed := map[int]bool{}
	for _, i := range tensors {
		indexed[i] = true
	}
	for d, s := range self {
		if !indexed[d] {
			out = append(out, s)
		}
	}
	return out, true
}
