package torch

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// The ops torch-mlir's FX importer prints for the gathers users write
// (nn.Embedding, x[2], x.flip(0), torch.take_along_dim, ...) and the shape
// plumbing around them. Each verifier computes the result sizes the op
// defines (InferSizes) where its operands allow and checks the declared
// result against them.

// Op names.
const (
	ConstantFloatName   = "torch.constant.float"
	ConstantStrName     = "torch.constant.str"
	EmbeddingName       = "torch.aten.embedding"
	SelectIntName       = "torch.aten.select.int"
	FlipName            = "torch.aten.flip"
	ExpandName          = "torch.aten.expand"
	ViewName            = "torch.aten.view"
	ReshapeName         = "torch.aten.reshape"
	RemainderScalarName = "torch.aten.remainder.Scalar"
	UnsqueezeName       = "torch.aten.unsqueeze"
	SqueezeDimName      = "torch.aten.squeeze.dim"
	PrimsSqueezeName    = "torch.prims.squeeze"
	CloneName           = "torch.aten.clone"
	ContiguousName      = "torch.aten.contiguous"
	PermuteName         = "torch.aten.permute"
)

var (
	intListC = ir.TypePred("!torch.list<int> type", func(t ir.Type) bool {
		l, ok := t.(*ListType)
		return ok && l.Elem() == Int
	})
	numberC       = ir.TypePred("!torch.int or !torch.float type", func(t ir.Type) bool { return t == Int || t == Float })
	optMemFormatC = ir.TypePred("!torch.int or !torch.none type (memory format)", func(t ir.Type) bool { return t == Int || t == None })
)

// f64Kind is a float attribute printed without its f64 type.
type f64Kind struct{}

func (f64Kind) Match(a ir.Attribute) bool {
	f, ok := a.(ir.FloatAttr)
	return ok && ir.Type(f.Type) == ir.F64T
}
func (f64Kind) Describe() string       { return "64-bit float attribute" }
func (f64Kind) BuildableType() ir.Type { return ir.F64T }
func (k f64Kind) Coerce(a ir.Attribute) (ir.Attribute, bool) {
	switch a := a.(type) {
	case ir.FloatAttr:
		return ir.Float(a.Value, ir.FloatType{Kind: ir.F64}), true
	case ir.IntegerAttr:
		return ir.Float(float64(a.Value), ir.FloatType{Kind: ir.F64}), true
	}
	return a, false
}

// ConstantFloat is torch.constant.float.
var ConstantFloat = ir.MustRegister(ir.OpDef{
	Name:    ConstantFloatName,
	Summary: "a constant Python float",
	Description: `Produces the !torch.float value (a 64-bit float), as torch-mlir prints
the float arguments of aten ops (%float1.000000e00).

Verifier rules: none beyond the declared value : f64.`,
	Examples:   []string{"%float1.000000e00 = torch.constant.float 1.000000e+00"},
	Results:    []ir.ResultDef{{Name: "result", Type: ir.TypePred("!torch.float type", func(t ir.Type) bool { return t == Float })}},
	Attrs:      []ir.AttrDef{{Name: "value", Kind: f64Kind{}, Required: true}},
	Traits:     []ir.Trait{ir.Pure, ir.ConstantLike},
	Format:     "$value attr-dict",
	Fold:       func(op *ir.Operation) []ir.OpFoldResult { return []ir.OpFoldResult{{Attr: op.Attr("value")}} },
	ResultName: func(op *ir.Operation) string { return "float" },
	InferResultTypes: func(st *ir.ParseState) error {
		st.ResultTypes[0] = []ir.Type{Float}
		return nil
	},
})

// ConstantStr is torch.constant.str.
var ConstantStr = ir.MustRegister(ir.OpDef{
	Name:    ConstantStrName,
	Summary: "a constant Python str",
	Description: `Produces the !torch.str value, as torch-mlir prints the string
arguments of aten ops (div's rounding_mode "floor"); the result prints as
%str. It has no value of its own at run time: the ops that take a str read
it from this op.

Verifier rules: none beyond the declared string value.`,
	Examples:   []string{`%str = torch.constant.str "floor"`},
	Results:    []ir.ResultDef{{Name: "result", Type: ir.TypePred("!torch.str type", func(t ir.Type) bool { return t == Str })}},
	Attrs:      []ir.AttrDef{{Name: "value", Kind: ir.StrAttrKind, Required: true}},
	Traits:     []ir.Trait{ir.Pure, ir.ConstantLike},
	Format:     "$value attr-dict",
	Fold:       func(op *ir.Operation) []ir.OpFoldResult { return []ir.OpFoldResult{{Attr: op.Attr("value")}} },
	ResultName: func(op *ir.Operation) string { return "str" },
	InferResultTypes: func(st *ir.ParseState) error {
		st.ResultTypes[0] = []ir.Type{Str}
		return nil
	},
})

// ConstantIntList returns the values of a !torch.list<int> built by
// torch.prim.ListConstruct of torch.constant.int values.
func ConstantIntList(v ir.Value) ([]int64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != ListConstructName {
		return nil, false
	}
	out := make([]int64, 0, d.NumOperands())
	for _, e := range d.Operands() {
		c, ok := ConstantIntValue(e)
		if !ok {
			return nil, false
		}
		out = append(out, c)
	}
	return out, true
}

// wrapDimIn is maybe_wrap_dim without an op: dim in [-r, r) (r = 1 for
// rank 0) made non-negative.
func wrapDimIn(dim int64, rank int) (int, bool) {
	r := int64(max(rank, 1))
	if dim < -r || dim >= r {
		return 0, false
	}
	if dim < 0 {
		dim += r
	}
	return int(dim), true
}

// vocabDef fills in what every op of this file shares: a vtensor result,
// Pure, the aten format over its operands, and a verifier that checks the
// result dtype (dtype(op) gives the expected one, nil for unknown) and
// the result sizes InferSizes computes.
func vocabDef(def ir.OpDef) ir.OpDef {
	names := make([]string, len(def.Operands))
	for i, o := range def.Operands {
		names[i] = o.Name
	}
	def.Results = []ir.ResultDef{{Name: "result", Type: vtensorC}}
	def.Traits = []ir.Trait{ir.Pure}
	def.Format = atenFormat(names...)
	def.Verify = verifyVocab
	return def
}

func verifyVocab(op *ir.Operation) error {
	res := vt(op.Result(0))
	data := vt(op.Operand(0))
	if op.Name() == EmbeddingName {
		if idx := vt(op.Operand(1)); idx.HasDType() && !isIndexDType(idx.DType()) {
			return op.EmitOpError("indices must have dtype si64 or si32 (Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int), got %s", idx.DType())
		}
		if data.HasSizes() && data.Rank() != 2 {
			return op.EmitOpError("weight must be 2-D ('weight' must be 2-D), got rank %d", data.Rank())
		}
	}
	if op.Name() == RemainderScalarName {
		// An integer other keeps self's dtype (a float other may promote).
		if data.HasDType() && res.HasDType() && data.DType() != res.DType() && op.Operand(1).Type() == Int {
			return op.EmitOpError("result dtype %s must equal the dtype of self, %s", res.DType(), data.DType())
		}
	} else if err := sameDType(op, data, res); err != nil {
		return err
	}
	want, err := InferSizes(op)
	if err != nil {
		return op.EmitOpError("%v", err)
	}
	if want == nil || !res.HasSizes() {
		return nil
	}
	if !compatibleSizes(want, res.Sizes()) {
		return op.EmitOpError("result sizes [%s] do not match the sizes [%s] the op computes", sizesStr(res.Sizes()), sizesStr(want))
	}
	return nil
}

func errf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// InferSizes returns the result sizes of one of this file's ops (ir.Dynamic
// where unknown), or nil when the operands do not determine them (unknown
// self sizes or non-constant arguments). An error means the op is invalid
// for these operands, with torch's reason.
func InferSizes(op *ir.Operation) ([]int64, error) {
	self := vt(op.Operand(0))
	if !self.HasSizes() {
		return nil, nil
	}
	s := self.Sizes()
	r := len(s)
	switch op.Name() {
	case EmbeddingName:
		idx := vt(op.Operand(1))
		if !idx.HasSizes() || r != 2 {
			return nil, nil
		}
		return append(slices.Clone(idx.Sizes()), s[1]), nil
	case SelectIntName:
		if r == 0 {
			return nil, errf("select() cannot be applied to a 0-dim tensor")
		}
		dim, ok := ConstantIntValue(op.Operand(1))
		if !ok {
			return nil, nil
		}
		d, ok := wrapDimIn(dim, r)
		if !ok {
			return nil, errf("dim %d is out of range for a tensor of rank %d", dim, r)
		}
		if i, ok := ConstantIntValue(op.Operand(2)); ok && s[d] != ir.Dynamic && (i < -s[d] || i >= s[d]) {
			return nil, errf("index %d is out of range for dimension %d with size %d (select(): index %d out of range for tensor of size %s at dimension %d)", i, d, s[d], i, "["+sizesStr(s)+"]", d)
		}
		return slices.Delete(slices.Clone(s), d, d+1), nil
	case FlipName, CloneName, ContiguousName, RemainderScalarName:
		if op.Name() == FlipName {
			dims, ok := ConstantIntList(op.Operand(1))
			if !ok {
				return nil, nil
			}
			seen := map[int]bool{}
			for _, dim := range dims {
				d, ok := wrapDimIn(dim, r)
				if !ok {
					return nil, errf("dim %d is out of range for a tensor of rank %d", dim, r)
				}
				if seen[d] {
					return nil, errf("dims has duplicates: dim %d appears more than once", d)
				}
				seen[d] = true
			}
		}
		return slices.Clone(s), nil
	case RollName:
		return inferRoll(op, s)
	case UnsqueezeName:
		dim, ok := ConstantIntValue(op.Operand(1))
		if !ok {
			return nil, nil
		}
		d, ok := wrapDimIn(dim, r+1)
		if !ok {
			return nil, errf("dim %d is out of range for unsqueeze of a tensor of rank %d (expected to be in range of [%d, %d])", dim, r, -(r + 1), r)
		}
		return slices.Insert(slices.Clone(s), d, 1), nil
	case SqueezeDimName:
		dim, ok := ConstantIntValue(op.Operand(1))
		if !ok {
			return nil, nil
		}
		d, ok := wrapDimIn(dim, r)
		if !ok {
			return nil, errf("dim %d is out of range for a tensor of rank %d", dim, r)
		}
		if r == 0 || s[d] != 1 {
			if r > 0 && s[d] == ir.Dynamic {
				return nil, nil // squeezed or not depends on the runtime size
			}
			return slices.Clone(s), nil
		}
		return slices.Delete(slices.Clone(s), d, d+1), nil
	case PrimsSqueezeName:
		dims, ok := ConstantIntList(op.Operand(1))
		if !ok {
			return nil, nil
		}
		drop := map[int]bool{}
		for _, dim := range dims {
			d, ok := wrapDimIn(dim, r)
			if !ok {
				return nil, errf("dim %d is out of range for a tensor of rank %d", dim, r)
			}
			if r > 0 && s[d] != 1 && s[d] != ir.Dynamic {
				return nil, errf("dim %d has size %d; prims.squeeze removes only dims of size 1", d, s[d])
			}
			drop[d] = true
		}
		var out []int64
		for i, v := range s {
			if !drop[i] {
				out = append(out, v)
			}
		}
		return out, nil
	case PermuteName:
		dims, ok := ConstantIntList(op.Operand(1))
		if !ok {
			return nil, nil
		}
		perm, err := Permutation(dims, r)
		if err != nil {
			return nil, err
		}
		out := make([]int64, r)
		for i, p := range perm {
			out[i] = s[p]
		}
		return out, nil
	case ExpandName:
		sizes, ok := ExpandSizeList(op)
		if !ok {
			return nil, nil
		}
		return ExpandSizes(s, sizes)
	case ViewName, ReshapeName:
		sizes, ok := ConstantIntList(op.Operand(1))
		if !ok {
			return nil, nil
		}
		return ViewSizes(s, sizes)
	}
	return nil, nil
}

// Permutation checks dims as torch.permute's argument for rank r and
// returns it with negative dims wrapped.
func Permutation(dims []int64, r int) ([]int, error) {
	if len(dims) != r {
		return nil, errf("number of dims don't match in permute: got %d for a tensor of rank %d", len(dims), r)
	}
	perm := make([]int, r)
	seen := map[int]bool{}
	for i, dim := range dims {
		d, ok := wrapDimIn(dim, r)
		if !ok {
			return nil, errf("dim %d is out of range for a tensor of rank %d", dim, r)
		}
		if seen[d] {
			return nil, errf("repeated dim %d in permute", d)
		}
		seen[d] = true
		perm[i] = d
	}
	return perm, nil
}

// ExpandSizes is torch.Tensor.expand's result shape: sizes has at least
// rank(self) entries; new leading dims take their size (not -1); each
// trailing entry is -1 (keep) or equals self's size, or self's size is 1.
func ExpandSizes(self, sizes []int64) ([]int64, error) {
	if len(sizes) < len(self) {
		return nil, errf("the number of sizes provided (%d) must be greater or equal to the number of dimensions in the tensor (%d)", len(sizes), len(self))
	}
	lead := len(sizes) - len(self)
	out := make([]int64, len(sizes))
	for i, v := range sizes {
		if i < lead {
			if v < 0 {
				return nil, errf("the expanded size %d of new dim %d must be non-negative", v, i)
			}
			out[i] = v
			continue
		}
		cur := self[i-lead]
		switch {
		case v == -1:
			out[i] = cur
		case v < 0:
			return nil, errf("the expanded size %d at dim %d must be non-negative or -1", v, i)
		case cur == v || cur == 1 || cur == ir.Dynamic:
			out[i] = v
		default:
			return nil, errf("the expanded size of the tensor (%d) must match the existing size (%d) at non-singleton dimension %d", v, cur, i)
		}
	}
	return out, nil
}

// ViewSizes is torch.Tensor.view/reshape's result shape: at most one -1,
// inferred from the element count when self's sizes are static.
func ViewSizes(self, sizes []int64) ([]int64, error) {
	out := slices.Clone(sizes)
	infer := -1
	known := int64(1)
	for i, v := range sizes {
		switch {
		case v == -1 && infer >= 0:
			return nil, errf("only one dimension can be inferred")
		case v == -1:
			infer = i
		case v < 0:
			return nil, errf("invalid shape dimension %d", v)
		default:
			known *= v
		}
	}
	n := int64(1)
	for _, v := range self {
		if v == ir.Dynamic {
			if infer >= 0 {
				out[infer] = ir.Dynamic
			}
			return out, nil
		}
		n *= v
	}
	if infer >= 0 {
		if known == 0 || n%known != 0 {
			return nil, errf("shape '[%s]' is invalid for input of size %d", sizesList(sizes), n)
		}
		out[infer] = n / known
		return out, nil
	}
	if known != n {
		return nil, errf("shape '[%s]' is invalid for input of size %d", sizesList(sizes), n)
	}
	return out, nil
}

func sizesList(s []int64) string {
	parts := make([]string, len(s))
	for i, v := range s {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(parts, ", ")
}

var (
	selfOp  = ir.OperandDef{Name: "self", Type: vtensorC}
	dimOp   = ir.OperandDef{Name: "dim", Type: intC}
	dimsOp  = ir.OperandDef{Name: "dims", Type: intListC}
	sizeOp  = ir.OperandDef{Name: "size", Type: intListC}
	shapeOp = ir.OperandDef{Name: "shape", Type: intListC}
)

// Embedding is torch.aten.embedding.
var Embedding = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    EmbeddingName,
	Summary: "rows of weight at the given indices (nn.Embedding, F.embedding)",
	Description: `F.embedding(indices, weight, padding_idx, ..., scale_grad_by_freq,
sparse): out[p, :] = weight[indices[p], :], of shape indices.shape ++
[weight.size(1)]. An index < 0 or >= weight.size(0) raises "index out of
range in self" (tcp mode "error"; negative indices do not wrap).
padding_idx, scale_grad_by_freq and sparse only change the gradient: the
forward value is the same gather whatever they hold (padding_idx's row is
read like any other; nn.Embedding zeroes it at initialization, not here).

Verifier rules:
  1. indices has dtype si64 or si32 (when known).
  2. weight has rank 2 (when known).
  3. result has weight's dtype; its sizes are indices.sizes ++
     [weight.size(1)] where static.`,
	Examples: []string{
		"%0 = torch.aten.embedding %arg0, %arg1, %int-1, %false, %false : !torch.vtensor<[5,3],f32>, !torch.vtensor<[4],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[4,3],f32>",
	},
	Operands: []ir.OperandDef{{Name: "weight", Type: vtensorC}, {Name: "indices", Type: vtensorC},
		{Name: "padding_idx", Type: intC}, {Name: "scale_grad_by_freq", Type: boolC}, {Name: "sparse", Type: boolC}},
}))

// SelectInt is torch.aten.select.int.
var SelectInt = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    SelectIntName,
	Summary: "the slice of self at one index along dim (x[2], x[:, -1])",
	Description: `torch.select(self, dim, index): self with dim removed, at position
index along it. A negative index wraps once (index + size); an index
outside [-size, size) raises "select(): index out of range".

Verifier rules:
  1. self has rank >= 1 (when known); a constant dim is in [-r, r).
  2. A constant index is in [-size, size) for a static size.
  3. result has self's dtype and self's sizes without dim.`,
	Examples: []string{
		"%0 = torch.aten.select.int %arg0, %int1, %int-1 : !torch.vtensor<[5,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[5],f32>",
	},
	Operands: []ir.OperandDef{selfOp, dimOp, {Name: "index", Type: intC}},
}))

// Flip is torch.aten.flip.
var Flip = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    FlipName,
	Summary: "reverse self along the given dims (x.flip(0), fliplr, flipud)",
	Description: `torch.flip(self, dims): out[p] = self[p with p[d] := size(d) - 1 - p[d]
for each d in dims].

Verifier rules:
  1. Constant dims are in [-r, r) and distinct.
  2. result has self's dtype and sizes.`,
	Examples: []string{
		"%1 = torch.aten.flip %arg0, %0 : !torch.vtensor<[5,4],f32>, !torch.list<int> -> !torch.vtensor<[5,4],f32>",
	},
	Operands: []ir.OperandDef{selfOp, dimsOp},
}))

// Expand is torch.aten.expand.
var Expand = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    ExpandName,
	Summary: "broadcast self to the given sizes (Tensor.expand)",
	Description: `self.expand(size): new leading dims of the given sizes, then each dim
of self kept (-1 or its own size) or broadcast from size 1. implicit only
matters to autograd.

Verifier rules:
  1. With constant sizes: at least rank(self) of them; new leading sizes
     non-negative; every other entry -1, equal to self's size, or self's
     size is 1.
  2. result has self's dtype and the expanded sizes.`,
	Examples: []string{
		"%1 = torch.aten.expand %arg0, %0, %false : !torch.vtensor<[1,2],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[5,2],si64>",
	},
	Operands: []ir.OperandDef{selfOp, sizeOp, {Name: "implicit", Type: boolC}},
}))

func viewDef(name, summary string) ir.OpDef {
	return vocabDef(ir.OpDef{
		Name:    name,
		Summary: summary,
		Description: `self's elements in row-major order with the given sizes; one entry may
be -1, inferred from the element count. (view and reshape differ only in
whether they may copy; on value tensors both are the same reshape.)

Verifier rules:
  1. With constant sizes: at most one -1, the others non-negative, and
     for static self the element counts agree.
  2. result has self's dtype and these sizes.`,
		Examples: []string{
			"%1 = " + name + " %arg0, %0 : !torch.vtensor<[5,4],f32>, !torch.list<int> -> !torch.vtensor<[20],f32>",
		},
		Operands: []ir.OperandDef{selfOp, sizeOp},
	})
}

// View is torch.aten.view; Reshape is torch.aten.reshape.
var (
	View    = ir.MustRegister(viewDef(ViewName, "self with new sizes (Tensor.view)"))
	Reshape = ir.MustRegister(viewDef(ReshapeName, "self with new sizes (torch.reshape)"))
)

// RemainderScalar is torch.aten.remainder.Scalar.
var RemainderScalar = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    RemainderScalarName,
	Summary: "Python's modulo of every element by a number (torch.remainder)",
	Description: `torch.remainder(self, other): self - other * floor(self / other), the
result with the sign of other (Python's %). torch.take_along_dim prints
it on its indices with other = the size of dim. For integer tensors and
an integer other, other == 0 raises "ZeroDivisionError".

Verifier rules:
  1. result has self's sizes; with an integer other, self's dtype.`,
	Examples: []string{
		"%4 = torch.aten.remainder.Scalar %1, %int4 : !torch.vtensor<[5,2],si64>, !torch.int -> !torch.vtensor<[5,2],si64>",
	},
	Operands: []ir.OperandDef{selfOp, {Name: "other", Type: numberC}},
}))

// Unsqueeze is torch.aten.unsqueeze.
var Unsqueeze = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    UnsqueezeName,
	Summary: "insert a dim of size 1 at dim",
	Description: `torch.unsqueeze(self, dim): self with a new dim of size 1 at position
dim, which is in [-(r+1), r] (negative: counted from the end of the
result).

Verifier rules:
  1. A constant dim is in [-(r+1), r].
  2. result has self's dtype and sizes with 1 inserted at dim.`,
	Examples: []string{
		"%2 = torch.aten.unsqueeze %1, %int0 : !torch.vtensor<[3,4],f32>, !torch.int -> !torch.vtensor<[1,3,4],f32>",
	},
	Operands: []ir.OperandDef{selfOp, dimOp},
}))

// SqueezeDim is torch.aten.squeeze.dim.
var SqueezeDim = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    SqueezeDimName,
	Summary: "remove dim if its size is 1",
	Description: `torch.squeeze(self, dim): self without dim when its size is 1, else
self unchanged.

Verifier rules:
  1. A constant dim is in [-r, r).
  2. result has self's dtype and the squeezed sizes (when dim's size is
     static).`,
	Examples: []string{
		"%0 = torch.aten.squeeze.dim %arg0, %int1 : !torch.vtensor<[4,1,3],f32>, !torch.int -> !torch.vtensor<[4,3],f32>",
	},
	Operands: []ir.OperandDef{selfOp, dimOp},
}))

// PrimsSqueeze is torch.prims.squeeze.
var PrimsSqueeze = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    PrimsSqueezeName,
	Summary: "remove the given dims of size 1 (what x.squeeze(d) exports as)",
	Description: `torch.ops.prims.squeeze(self, dims): self without the listed dims,
each of which has size 1.

Verifier rules:
  1. Constant dims are in [-r, r), and each has size 1 where static.
  2. result has self's dtype and sizes without those dims.`,
	Examples: []string{
		"%4 = torch.prims.squeeze %2, %3 : !torch.vtensor<[1,3,4],f32>, !torch.list<int> -> !torch.vtensor<[3,4],f32>",
	},
	Operands: []ir.OperandDef{selfOp, dimsOp},
}))

// Clone is torch.aten.clone.
var Clone = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    CloneName,
	Summary: "a copy of self (Tensor.clone)",
	Description: `The same values as self; memory_format (None or a torch.memory_format
code) only changes the strides of the copy, which value tensors do not
have.

Verifier rules: result has self's dtype and sizes.`,
	Examples: []string{
		"%5 = torch.aten.clone %4, %none : !torch.vtensor<[3,4],f32>, !torch.none -> !torch.vtensor<[3,4],f32>",
	},
	Operands: []ir.OperandDef{selfOp, {Name: "memory_format", Type: optMemFormatC}},
}))

// Contiguous is torch.aten.contiguous.
var Contiguous = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    ContiguousName,
	Summary: "self in contiguous memory (Tensor.contiguous)",
	Description: `The same values as self; memory_format only changes strides, which
value tensors do not have.

Verifier rules: result has self's dtype and sizes.`,
	Examples: []string{
		"%1 = torch.aten.contiguous %arg0, %int0 : !torch.vtensor<[4,5],f32>, !torch.int -> !torch.vtensor<[4,5],f32>",
	},
	Operands: []ir.OperandDef{selfOp, {Name: "memory_format", Type: intC}},
}))

// Permute is torch.aten.permute.
var Permute = ir.MustRegister(vocabDef(ir.OpDef{
	Name:    PermuteName,
	Summary: "permute the dims of self (Tensor.permute, x.t())",
	Description: `torch.permute(self, dims): out.shape[i] = self.shape[dims[i]] and
out[p] = self[q] with q[dims[i]] = p[i].

Verifier rules:
  1. Constant dims are a permutation of [0, r) (negative dims wrap).
  2. result has self's dtype and the permuted sizes.`,
	Examples: []string{
		"%1 = torch.aten.permute %arg0, %0 : !torch.vtensor<[5,4],f32>, !torch.list<int> -> !torch.vtensor<[4,5],f32>",
	},
	Operands: []ir.OperandDef{selfOp, dimsOp},
}))
