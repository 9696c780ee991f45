package torch

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Op names of the scatter family as torch-mlir's FX importer prints them.
const (
	ScatterSrcName       = "torch.aten.scatter.src"
	ScatterValueName     = "torch.aten.scatter.value"
	ScatterReduceName    = "torch.aten.scatter.reduce"
	ScatterAddName       = "torch.aten.scatter_add"
	ScatterReduceTwoName = "torch.aten.scatter_reduce.two"
	IndexPutName         = "torch.aten.index_put"
)

var (
	strC       = ir.TypePred("!torch.str type", func(t ir.Type) bool { return t == Str })
	scalarC    = ir.TypePred("!torch.float or !torch.int type", func(t ir.Type) bool { return t == Float || t == Int })
	optMemoryC = ir.TypePred("!torch.int or !torch.none type", func(t ir.Type) bool { return t == Int || t == None })
)

// ConstantStrValue returns the value of a torch.constant.str.
func ConstantStrValue(v ir.Value) (string, bool) {
	if d := v.DefiningOp(); d != nil && d.Name() == ConstantStrName {
		s, ok := d.Attr("value").(ir.StringAttr)
		return string(s), ok
	}
	return "", false
}

// ConstantFloatValue returns the value of a torch.constant.float or
// torch.constant.int.
func ConstantFloatValue(v ir.Value) (float64, bool) {
	if d := v.DefiningOp(); d != nil && d.Name() == ConstantFloatName {
		f, ok := d.Attr("value").(ir.FloatAttr)
		return f.Value, ok
	}
	if i, ok := ConstantIntValue(v); ok {
		return float64(i), true
	}
	return 0, false
}

// ScatterReduces are scatter.reduce's reduce values; ScatterReduceTwos
// scatter_reduce.two's.
var (
	ScatterReduces    = []string{"add", "multiply"}
	ScatterReduceTwos = []string{"sum", "prod", "mean", "amax", "amin"}
)

const scatterRule = `
out = copy(self); then for every position p of index, in row-major order
(torch's CPU order; torch calls duplicates nondeterministic for a plain
scatter, and on CPU the last one wins): q = p with q[dim] = index[p],
out[q] = f(out[q], src[p]). index has self's rank; index.size(d) <=
src.size(d) for every d and <= self.size(d) for d != dim (src may be
larger: only its first index.size(d) entries are read). Index values:
0 <= v < self.size(dim); torch raises "index v is out of bounds for
dimension d with size s" for anything else, negatives included (tcp mode
"error").`

func scatterDef(name, summary, f string, operands []ir.OperandDef, extra string) *ir.OpDef {
	names := make([]string, len(operands))
	for i, o := range operands {
		names[i] = o.Name
	}
	return ir.MustRegister(ir.OpDef{
		Name:        name,
		Summary:     summary,
		Description: "f(o, u) = " + f + "." + scatterRule + extra + scatterVerifierRules,
		Examples:    []string{scatterExamples[name]},
		Operands:    operands,
		Results:     []ir.ResultDef{{Name: "result", Type: vtensorC}},
		Traits:      []ir.Trait{ir.Pure},
		Format:      atenFormat(names...),
		Verify:      verifyScatter,
	})
}

const scatterVerifierRules = `

Verifier rules:
  1. index has dtype si64 (when known); src (if a tensor) has self's dtype.
  2. self, index and src have one rank (when known).
  3. A constant dim is in [-r, r).
  4. index.size(d) <= self.size(d) for d != dim and <= src.size(d) for
     every d, where static.
  5. A constant reduce is one of the op's reductions.
  6. The result has self's sizes and dtype, where known.`

var scatterExamples = map[string]string{
	ScatterSrcName:       "%0 = torch.aten.scatter.src %arg0, %int0, %arg1, %arg2 : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[4,3],f32>",
	ScatterValueName:     "%0 = torch.aten.scatter.value %arg0, %int0, %arg1, %float : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.float -> !torch.vtensor<[4,3],f32>",
	ScatterReduceName:    "%0 = torch.aten.scatter.reduce %arg0, %int0, %arg1, %arg2, %str : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32>, !torch.str -> !torch.vtensor<[4,3],f32>",
	ScatterAddName:       "%0 = torch.aten.scatter_add %arg0, %int0, %arg1, %arg2 : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[4,3],f32>",
	ScatterReduceTwoName: "%0 = torch.aten.scatter_reduce.two %arg0, %int0, %arg1, %arg2, %str, %false : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32>, !torch.str, !torch.bool -> !torch.vtensor<[4,3],f32>",
}

func selfDimIndex() []ir.OperandDef {
	return []ir.OperandDef{{Name: "self", Type: vtensorC}, {Name: "dim", Type: intC}, {Name: "index", Type: vtensorC}}
}

// The scatters.
var (
	ScatterSrc = scatterDef(ScatterSrcName, "torch.scatter(self, dim, index, src): write src into a copy of self along dim",
		"u (the last duplicate wins)", append(selfDimIndex(), ir.OperandDef{Name: "src", Type: vtensorC}), "")
	ScatterValue = scatterDef(ScatterValueName, "torch.scatter(self, dim, index, value): write one value into a copy of self along dim",
		"value, converted to self's dtype (floats rounded to nearest, truncated toward zero for integer dtypes)",
		append(selfDimIndex(), ir.OperandDef{Name: "value", Type: scalarC}), "")
	ScatterReduce = scatterDef(ScatterReduceName, "torch.scatter(self, dim, index, src, reduce=...): combine src into a copy of self along dim",
		`o + u (reduce "add") or o * u (reduce "multiply")`,
		append(selfDimIndex(), ir.OperandDef{Name: "src", Type: vtensorC}, ir.OperandDef{Name: "reduce", Type: strC}), "")
	ScatterAdd = scatterDef(ScatterAddName, "torch.scatter_add(self, dim, index, src): sum src into a copy of self along dim",
		"o + u (summed in index order)", append(selfDimIndex(), ir.OperandDef{Name: "src", Type: vtensorC}), "")
	ScatterReduceTwo = scatterDef(ScatterReduceTwoName, "torch.scatter_reduce(self, dim, index, src, reduce, include_self): reduce src into a copy of self along dim",
		`o + u (sum), o * u (prod), max (amax), min (amin; NaN propagates), or
the mean`,
		append(selfDimIndex(), ir.OperandDef{Name: "src", Type: vtensorC}, ir.OperandDef{Name: "reduce", Type: strC}, ir.OperandDef{Name: "include_self", Type: boolC}), `
include_self = false: every position some index hits starts from the
reduction's identity (0 for sum and mean, 1 for prod, -inf / +inf for
amax / amin on floats, the lowest / highest value on integers) instead of
self's value. "mean" sums as "sum" does, then divides each hit position by
its count (the number of updates, plus 1 with include_self); positions no
index hits keep self's value. Floats divide by IEEE 754; integers divide
rounding toward negative infinity (torch's rounding_mode="floor").`)
)

// IndexPut is torch.aten.index_put.
var IndexPut = ir.MustRegister(ir.OpDef{
	Name:    IndexPutName,
	Summary: "self[indices] = values (or += with accumulate): advanced-indexing assignment",
	Description: `out = copy(self); the index tensors of the list (None entries are whole
dims) broadcast together to B and address, for each position of B, one
slice of self (self[..., i0[b], i1[b], ..., ...]); values, broadcast to the
indexed shape (self's dims before the indexed ones, B, the dims after),
are written there (accumulate = false) or added (accumulate = true), in
row-major order of the positions of B: the last duplicate wins, or
duplicates are summed in that order (torch's CPU; torch calls duplicates
without accumulate undefined). Index values wrap once when negative
(-s <= v < s; tcp mode "wrap_negative"); others raise "index v is out of
bounds for dimension d with size s". torch-mlir's FX importer prints
index_add, index_copy, index_fill and y[i] = v as this op.

A single boolean (i1) index tensor is a mask over the leading dims of
self (y[mask] = v): its true positions, in row-major order, are the
positions written, v broadcast to [number of true elements] ++ the
remaining dims; the mask's sizes must equal those dims ("The shape of
the mask ... does not match the shape of the indexed tensor").

Verifier rules:
  1. indices is a !torch.list<optional<vtensor>> (or list<vtensor>).
  2. values has self's dtype (when known).
  3. The result has self's sizes and dtype, where known.`,
	Examples: []string{"%1 = torch.aten.index_put %arg0, %0, %arg2, %true : !torch.vtensor<[4,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,3],f32>, !torch.bool -> !torch.vtensor<[4,3],f32>"},
	Operands: []ir.OperandDef{{Name: "self", Type: vtensorC}, {Name: "indices", Type: optVtensorListC}, {Name: "values", Type: vtensorC}, {Name: "accumulate", Type: boolC}},
	Results:  []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   atenFormat("self", "indices", "values", "accumulate"),
	Verify: func(op *ir.Operation) error {
		self, vals, res := vt(op.Operand(0)), vt(op.Operand(2)), vt(op.Result(0))
		if self.HasDType() && vals.HasDType() && self.DType() != vals.DType() {
			return op.EmitOpError("values must have the dtype of self (%s), got %s", self.DType(), vals.DType())
		}
		return sameSelfType(op, self, res)
	},
})

func sameSelfType(op *ir.Operation, self, res *VTensorType) error {
	if err := sameDType(op, self, res); err != nil {
		return err
	}
	if self.HasSizes() && res.HasSizes() && !compatibleSizes(self.Sizes(), res.Sizes()) {
		return op.EmitOpError("result sizes [%s] must equal the sizes of self [%s]", sizesStr(res.Sizes()), sizesStr(self.Sizes()))
	}
	return nil
}

func verifyScatter(op *ir.Operation) error {
	self, idx, res := vt(op.Operand(0)), vt(op.Operand(2)), vt(op.Result(0))
	if idx.HasDType() && idx.DType() != ir.Type(ir.IntegerType{Width: 64, Sign: ir.Signed}) {
		return op.EmitOpError("index must have dtype si64 (scatter(): Expected dtype int64 for index), got %s", idx.DType())
	}
	if err := sameSelfType(op, self, res); err != nil {
		return err
	}
	var src *VTensorType
	if s, ok := op.Operand(3).Type().(*VTensorType); ok {
		src = s
		if self.HasDType() && src.HasDType() && self.DType() != src.DType() {
			return op.EmitOpError("src must have the dtype of self (%s), got %s", self.DType(), src.DType())
		}
	}
	if op.NumOperands() > 4 {
		valid := ScatterReduces
		if op.Name() == ScatterReduceTwoName {
			valid = ScatterReduceTwos
		}
		if r, ok := ConstantStrValue(op.Operand(4)); ok && !slices.Contains(valid, r) {
			return op.EmitOpError("reduce %s is not one of %s", strconv.Quote(r), strings.Join(valid, ", "))
		}
	}
	for _, t := range []*VTensorType{self, src} {
		if t != nil && t.HasSizes() && idx.HasSizes() && t.Rank() != idx.Rank() {
			return op.EmitOpError("index, self and src must have one rank, got %d and %d", idx.Rank(), t.Rank())
		}
	}
	dim, isConst := ConstantIntValue(op.Operand(1))
	if !self.HasSizes() || !idx.HasSizes() || !isConst {
		return nil
	}
	d, err := normDim(op, dim, self.Rank())
	if err != nil {
		return err
	}
	for i := range idx.Sizes() {
		q := idx.Sizes()[i]
		if s := self.Sizes()[i]; i != d && s != ir.Dynamic && q != ir.Dynamic && q > s {
			return op.EmitOpError("index size %d at dimension %d must not exceed the size of self, %d", q, i, s)
		}
		if src != nil && src.HasSizes() {
			if s := src.Sizes()[i]; s != ir.Dynamic && q != ir.Dynamic && q > s {
				return op.EmitOpError("index size %d at dimension %d must not exceed the size of src, %d", q, i, s)
			}
		}
	}
	return nil
}
