package tf

import (
	"slices"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Op names.
const (
	TensorScatterUpdateName = "tf.TensorScatterUpdate"
	TensorScatterAddName    = "tf.TensorScatterAdd"
	TensorScatterSubName    = "tf.TensorScatterSub"
	TensorScatterMinName    = "tf.TensorScatterMin"
	TensorScatterMaxName    = "tf.TensorScatterMax"
	ScatterNdName           = "tf.ScatterNd"
	UnsortedSegmentSumName  = "tf.UnsortedSegmentSum"
	UnsortedSegmentMaxName  = "tf.UnsortedSegmentMax"
	UnsortedSegmentMinName  = "tf.UnsortedSegmentMin"
	UnsortedSegmentProdName = "tf.UnsortedSegmentProd"
)

// ScatterCombine maps the tensor_scatter ops (and ScatterNd) to their
// combine: replace, add, sub (add of the negated update), min, max.
var ScatterCombine = map[string]string{
	TensorScatterUpdateName: "replace", TensorScatterAddName: "add", TensorScatterSubName: "sub",
	TensorScatterMinName: "min", TensorScatterMaxName: "max", ScatterNdName: "add",
}

// SegmentCombine maps the unsorted segment ops to their combine.
var SegmentCombine = map[string]string{
	UnsortedSegmentSumName: "add", UnsortedSegmentMaxName: "max",
	UnsortedSegmentMinName: "min", UnsortedSegmentProdName: "mul",
}

// BadIndicesPolicies are the values of bad_indices_policy: "" and DEFAULT
// and ERROR mean the CPU behaviour (an error), IGNORE skips the update.
var BadIndicesPolicies = []string{"", "DEFAULT", "ERROR", "IGNORE"}

var segmentIDsType = ir.TypePred("tensor of 32-bit or 64-bit signless integer values", func(t ir.Type) bool {
	return isTensor(t) && (ir.ElementType(t) == ir.I32 || ir.ElementType(t) == ir.I64)
})

const scatterRule = `
Index values: 0 <= v < s on a dim of size s (TensorFlow on CPU:
"indices[0] = [5] does not index into shape [3]"); negatives and values too
large are a runtime error and no output is produced. bad_indices_policy
"IGNORE" skips such an update instead (as TensorFlow on GPU does).
Duplicates are applied in row-major order of the index tuples, as
TensorFlow's CPU kernels do (update: the last one wins; add, sub: summed
in that order). Min and max propagate NaN (TensorFlow's CPU kernels keep
the destination when only the update is NaN: they differ for NaN updates
only). Converts to tcp.scatter_nd with mode "error" ("drop" under IGNORE
or convert-tf-to-tcp{gpu=true}).`

func tensorScatter(name, what, combine string) *ir.OpDef {
	return ir.MustRegister(ir.OpDef{
		Name:    name,
		Summary: "TensorFlow " + strings.TrimPrefix(name, "tf.") + ": " + what,
		Description: `With m = indices.shape[-1]: out = copy(tensor); then for every tuple
position I of indices.shape[:-1], in row-major order, and every J of
tensor.shape[m:]: out[indices[I, 0], ..., indices[I, m-1], J] = ` + combine + `.` + scatterRule + `

Verifier rules:
  1. indices are i16, i32 or i64 of rank >= 1; the tuple length m is at
     most rank(tensor) when static.
  2. updates have the shape indices.shape[:-1] ++ tensor.shape[m:] and
     tensor's element type.
  3. bad_indices_policy is "", "DEFAULT", "ERROR" or "IGNORE".
  4. The result has tensor's element type and, when ranked, its shape.`,
		Examples: []string{`%0 = "` + name + `"(%arg0, %arg1, %arg2) {bad_indices_policy = "", device = ""} : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>`},
		Operands: []ir.OperandDef{{Name: "tensor", Type: anyTensor}, {Name: "indices", Type: indicesType}, {Name: "updates", Type: anyTensor}},
		Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
		Attrs:    []ir.AttrDef{{Name: "bad_indices_policy", Kind: ir.StringEnumKind(BadIndicesPolicies...), Default: ir.Str("")}},
		Traits:   []ir.Trait{ir.Pure},
		Verify:   verifyTensorScatter,
	})
}

// The tensor_scatter ops.
var (
	TensorScatterUpdate = tensorScatter(TensorScatterUpdateName, "replace slices of a tensor at index tuples", "updates[I, J]")
	TensorScatterAdd    = tensorScatter(TensorScatterAddName, "add slices into a tensor at index tuples", "out[...] + updates[I, J]")
	TensorScatterSub    = tensorScatter(TensorScatterSubName, "subtract slices from a tensor at index tuples", "out[...] - updates[I, J]")
	TensorScatterMin    = tensorScatter(TensorScatterMinName, "minimum of a tensor and slices at index tuples", "min(out[...], updates[I, J])")
	TensorScatterMax    = tensorScatter(TensorScatterMaxName, "maximum of a tensor and slices at index tuples", "max(out[...], updates[I, J])")
)

// ScatterNd is tf.ScatterNd.
var ScatterNd = ir.MustRegister(ir.OpDef{
	Name:    ScatterNdName,
	Summary: "TensorFlow ScatterNd: slices summed into zeros of a given shape at index tuples",
	Description: `out = zeros(shape); then as tf.TensorScatterAdd: duplicates are summed
(in row-major order of the index tuples, as on TensorFlow's CPU).` + scatterRule + `
The conversion needs shape to be a constant (the zeros become a tcp.const).

Verifier rules:
  1. indices are i16, i32 or i64 of rank >= 1; shape is a 1-D i32 or i64
     tensor.
  2. For a ranked result and static m: m <= rank(result) and updates have
     the shape indices.shape[:-1] ++ result.shape[m:] and the result's
     element type.
  3. bad_indices_policy is "", "DEFAULT", "ERROR" or "IGNORE".`,
	Examples: []string{`%0 = "tf.ScatterNd"(%arg0, %arg1, %arg2) {bad_indices_policy = "", device = ""} : (tensor<4x1xi32>, tensor<4x3xf32>, tensor<2xi32>) -> tensor<5x3xf32>`},
	Operands: []ir.OperandDef{{Name: "indices", Type: indicesType}, {Name: "updates", Type: anyTensor}, {Name: "shape", Type: axisType}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "bad_indices_policy", Kind: ir.StringEnumKind(BadIndicesPolicies...), Default: ir.Str("")}},
	Traits:   []ir.Trait{ir.Pure},
	Verify:   verifyScatterNd,
})

func unsortedSegment(name, combine, empty string) *ir.OpDef {
	return ir.MustRegister(ir.OpDef{
		Name:    name,
		Summary: "TensorFlow " + strings.TrimPrefix(name, "tf.") + ": " + combine + " of the data rows of each segment",
		Description: `With k = rank(segment_ids) and n = num_segments (a 0-d integer): out has
shape [n] ++ data.shape[k:]; every row starts at ` + empty + `, then for every
position P of segment_ids in row-major order with s = segment_ids[P]:
out[s, J] = ` + combine + `(out[s, J], data[P, J]). A negative segment id drops
its row; an id >= n is a runtime error on TensorFlow's CPU
("segment_ids[1] = 5 is out of range [0, 3)"). The conversion keeps both
rules exactly (a negative id's row becomes the combine's neutral update
at row 0, so mode "error" raises only for ids >= n; num_segments must be
at least 1); with
convert-tf-to-tcp{gpu=true} every out-of-range id is dropped, as
TensorFlow on GPU does.

Verifier rules:
  1. segment_ids are i32 or i64; num_segments is a 0-d i32 or i64 tensor.
  2. segment_ids.shape is a prefix of data.shape (dims compatible).
  3. A ranked result has data's element type and rank 1 + rank(data) - k,
     with data.shape[k:] after the first dim.`,
		Examples: []string{`%0 = "` + name + `"(%arg0, %arg1, %arg2) {device = ""} : (tensor<6x2xf32>, tensor<6xi32>, tensor<i32>) -> tensor<4x2xf32>`},
		Operands: []ir.OperandDef{{Name: "data", Type: anyTensor}, {Name: "segment_ids", Type: segmentIDsType}, {Name: "num_segments", Type: axisType}},
		Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
		Traits:   []ir.Trait{ir.Pure},
		Verify:   verifyUnsortedSegment,
	})
}

// The unsorted segment reductions.
var (
	UnsortedSegmentSum  = unsortedSegment(UnsortedSegmentSumName, "sum", "0")
	UnsortedSegmentMax  = unsortedSegment(UnsortedSegmentMaxName, "max", "the lowest finite value of the type (TensorFlow's numeric_limits::lowest(), not -inf)")
	UnsortedSegmentMin  = unsortedSegment(UnsortedSegmentMinName, "min", "the highest finite value of the type")
	UnsortedSegmentProd = unsortedSegment(UnsortedSegmentProdName, "product", "1")
)

func rankedT(v ir.Value) (*ir.RankedTensorType, bool) {
	t, ok := v.Type().(*ir.RankedTensorType)
	return t, ok
}

func compatibleShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != ir.Dynamic && b[i] != ir.Dynamic {
			return false
		}
	}
	return true
}

// checkScatterShapes checks indices (rank >= 1, m <= rank(base)) and the
// updates shape against a base shape.
func checkScatterShapes(op *ir.Operation, base []int64, idx, upd ir.Value, baseName string) error {
	i, iok := rankedT(idx)
	if iok && i.Rank() < 1 {
		return op.EmitOpError("requires indices of rank at least 1, got 0")
	}
	u, uok := rankedT(upd)
	if !iok || base == nil {
		return nil
	}
	m := i.Dim(i.Rank() - 1)
	if m == ir.Dynamic {
		return nil
	}
	if m > int64(len(base)) {
		return op.EmitOpError("requires the index tuple length %d to be at most the rank of %s (%d)", m, baseName, len(base))
	}
	want := append(slices.Clone(i.Shape()[:i.Rank()-1]), base[m:]...)
	if uok && !compatibleShape(want, u.Shape()) {
		return op.EmitOpError("requires updates of shape %s (indices.shape[:-1] ++ %s.shape[m:]), got %s", shapeStr(want), baseName, shapeStr(u.Shape()))
	}
	return nil
}

func shapeStr(s []int64) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, d := range s {
		if i > 0 {
			b.WriteString(", ")
		}
		if d == ir.Dynamic {
			b.WriteByte('?')
		} else {
			b.WriteString(scatterItoa(d))
		}
	}
	return b.String() + "]"
}

func scatterItoa(v int64) string {
	if v < 0 {
		return "-" + scatterItoa(-v)
	}
	if v < 10 {
		return string(rune('0' + v))
	}
	return scatterItoa(v/10) + string(rune('0'+v%10))
}

func checkElem(op *ir.Operation, v ir.Value, elem ir.Type, what string) error {
	if e := ir.ElementType(v.Type()); e != elem {
		return op.EmitOpError("requires %s of element type %s, got %s", what, elem, e)
	}
	return nil
}

func verifyTensorScatter(op *ir.Operation) error {
	elem := ir.ElementType(op.Operand(0).Type())
	if err := checkElem(op, op.Operand(2), elem, "updates"); err != nil {
		return err
	}
	if err := checkElem(op, op.Result(0), elem, "a result"); err != nil {
		return err
	}
	var base []int64
	if t, ok := rankedT(op.Operand(0)); ok {
		base = t.Shape()
		if r, ok := rankedT(op.Result(0)); ok && !compatibleShape(r.Shape(), base) {
			return op.EmitOpError("requires a result of the shape of tensor %s, got %s", shapeStr(base), shapeStr(r.Shape()))
		}
	}
	return checkScatterShapes(op, base, op.Operand(1), op.Operand(2), "tensor")
}

func verifyScatterNd(op *ir.Operation) error {
	if s, ok := rankedT(op.Operand(2)); ok && s.Rank() != 1 {
		return op.EmitOpError("requires shape to be a 1-D tensor, got %s", s)
	}
	elem := ir.ElementType(op.Result(0).Type())
	if err := checkElem(op, op.Operand(1), elem, "updates"); err != nil {
		return err
	}
	var base []int64
	if r, ok := rankedT(op.Result(0)); ok {
		base = r.Shape()
	}
	return checkScatterShapes(op, base, op.Operand(0), op.Operand(1), "the result")
}

func verifyUnsortedSegment(op *ir.Operation) error {
	if n, ok := rankedT(op.Operand(2)); ok && n.Rank() != 0 {
		return op.EmitOpError("requires num_segments to be a 0-d tensor, got %s", n)
	}
	elem := ir.ElementType(op.Operand(0).Type())
	if err := checkElem(op, op.Result(0), elem, "a result"); err != nil {
		return err
	}
	d, dok := rankedT(op.Operand(0))
	s, sok := rankedT(op.Operand(1))
	if !dok || !sok {
		return nil
	}
	k := s.Rank()
	if k > d.Rank() || !compatibleShape(d.Shape()[:k], s.Shape()) {
		return op.EmitOpError("requires segment_ids.shape %s to be a prefix of data.shape %s", shapeStr(s.Shape()), shapeStr(d.Shape()))
	}
	if r, ok := rankedT(op.Result(0)); ok {
		want := append([]int64{ir.Dynamic}, d.Shape()[k:]...)
		if r.Rank() != len(want) || !compatibleShape(r.Shape()[1:], want[1:]) {
			return op.EmitOpError("requires a result of shape [num_segments] ++ %s, got %s", shapeStr(want[1:]), shapeStr(r.Shape()))
		}
	}
	return nil
}
