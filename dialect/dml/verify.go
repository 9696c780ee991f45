package dml

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/tcp-project/tcp/ir"
)

// Need is one feature-level requirement of an op and its reason.
type Need struct {
	Level  FeatureLevel
	Reason string
}

// Needs returns the feature-level requirements of a dml op with tensors:
// the operator itself, its DimensionCount, its data types and its index
// type (the support tables of DirectML's operator documentation;
// docs/semantics.md §7.2 lists GATHER's). The op must have verified
// structurally (its descs must be computable).
func Needs(op *ir.Operation) ([]Need, error) {
	info := Info(op.Name())
	if info == nil {
		return nil, nil
	}
	descs, err := Descs(op)
	if err != nil {
		return nil, err
	}
	short := info.Type[len("DML_OPERATOR_"):]
	needs := []Need{{info.Introduced, "DML_OPERATOR_" + short}}
	d := DimensionCount(op)
	elementwise := op.Name() == Slice1Name || op.Name() == IdentityName || op.Name() == CastName || op.Name() == ClipName || op.Name() == ModulusFloorName || op.Name() == MinName || op.Name() == JoinName || IsIntElementwise(op.Name())
	gatherFamily := !elementwise
	if gatherFamily && d != 4 {
		needs = append(needs, Need{FL3_0, fmt.Sprintf("%s with DimensionCount %d (4 before 3.0)", short, d)})
	}
	if !gatherFamily && d != 4 && d != 5 {
		needs = append(needs, Need{FL3_0, fmt.Sprintf("%s with DimensionCount %d (4 or 5 before 3.0)", short, d)})
	}
	if IsIntElementwise(op.Name()) {
		needs = append(needs, ewNeeds(op, descs, short)...)
		sort.SliceStable(needs, func(i, j int) bool { return needs[i].Level > needs[j].Level })
		return needs, nil
	}
	data := []TensorDesc{descs[0], descs[len(descs)-1]}
	if gatherFamily {
		ix := descs[1].DataType
		if ix != UInt32 {
			needs = append(needs, Need{FL3_0, fmt.Sprintf("%s indices (UINT32 only before 3.0)", ix)})
		}
	}
	for _, t := range data {
		dt := t.DataType
		switch {
		case op.Name() == ModulusFloorName && dt.Is64():
			needs = append(needs, Need{FL6_0, fmt.Sprintf("%s data in %s", dt, short)})
		case op.Name() == ModulusFloorName && !dt.IsFloat():
			needs = append(needs, Need{FL3_0, fmt.Sprintf("%s data in %s", dt, short)})
		case (op.Name() == ClipName || op.Name() == MinName) && dt.Is64():
			needs = append(needs, Need{FL5_0, fmt.Sprintf("%s data in %s", dt, short)})
		case (op.Name() == ClipName || op.Name() == MinName) && !dt.IsFloat():
			needs = append(needs, Need{FL3_0, fmt.Sprintf("%s data in %s", dt, short)})
		case dt.Is64():
			needs = append(needs, Need{FL4_1, fmt.Sprintf("%s data in %s", dt, short)})
		case dt != Float32 && dt != Float16 && (op.Name() == GatherName || op.Name() == IdentityName || op.Name() == ScatterElementsName):
			needs = append(needs, Need{FL2_1, fmt.Sprintf("%s data in %s", dt, short)})
		}
	}
	sort.SliceStable(needs, func(i, j int) bool { return needs[i].Level > needs[j].Level })
	return needs, nil
}

// MinLevel returns the lowest feature level that supports op, with the
// reason for it.
func MinLevel(op *ir.Operation) (Need, error) {
	needs, err := Needs(op)
	if err != nil || len(needs) == 0 {
		return Need{Level: FL1_0}, err
	}
	return needs[0], nil
}

func verifyOp(op *ir.Operation) error {
	d := DimensionCount(op)
	if d < 1 || d > 8 {
		return op.EmitOpError("expects dimension_count in [1, 8], got %d", d)
	}
	for i := 0; i < op.NumOperands(); i++ {
		if err := checkTensorType(op.Operand(i).Type(), 8); err != nil {
			return op.EmitOpError("operand #%d %v", i, err)
		}
	}
	if err := checkTensorType(op.Result(0).Type(), d); err != nil {
		return op.EmitOpError("result %v", err)
	}
	descs, err := Descs(op)
	if err != nil {
		return op.EmitOpError("%v", err)
	}
	for i := 0; i < op.NumOperands(); i++ {
		if err := checkView(op, i, descs[i], d); err != nil {
			return err
		}
	}
	out := descs[len(descs)-1].Sizes
	in := descs[0].Sizes
	switch op.Name() {
	case GatherName:
		want, err := GatherOutputSizes(in, descs[1].Sizes, int(op.IntAttr("axis")), int(op.IntAttr("index_dimensions")))
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		if !slices.Equal(want, out) {
			return op.EmitOpError("expects output sizes %v (computed from the input and indices sizes), got %v", want, out)
		}
	case GatherElementsName:
		a := int(op.IntAttr("axis"))
		if a < 0 || a >= d {
			return op.EmitOpError("expects axis in [0, %d), got %d", d, a)
		}
		ix := descs[1].Sizes
		for i := 0; i < d; i++ {
			if i != a && in[i] != ix[i] {
				return op.EmitOpError("expects input sizes %v to equal indices sizes %v except at axis %d (use an input view for smaller indices)", in, ix, a)
			}
		}
		if !slices.Equal(ix, out) {
			return op.EmitOpError("expects output sizes %v to equal the indices sizes %v", out, ix)
		}
	case GatherNDName, GatherND1Name:
		b := 0
		if op.Name() == GatherND1Name {
			b = int(op.IntAttr("batch_dimension_count"))
		}
		want, err := GatherNDOutputSizes(in, descs[1].Sizes, int(op.IntAttr("input_dimension_count")), int(op.IntAttr("indices_dimension_count")), b)
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		if !slices.Equal(want, out) {
			return op.EmitOpError("expects output sizes %v (indices[0:q-1] ++ input[b+m:r], padded), got %v", want, out)
		}
	case Slice1Name:
		if err := verifySlice1(op, in, out, d); err != nil {
			return err
		}
	case ScatterElementsName, ScatterNDName:
		if err := verifyScatter(op, descs, d); err != nil {
			return err
		}
	case ModulusFloorName, MinName:
		if b := descs[1].Sizes; !slices.Equal(in, out) || !slices.Equal(b, out) {
			return op.EmitOpError("expects a sizes %v and b sizes %v to equal output sizes %v", in, b, out)
		}
	default:
		if IsIntElementwise(op.Name()) {
			if et := ir.ElementType(op.Result(0).Type()); (op.Name() == BitAndName || op.Name() == BitOrName) && !isInteger(et) {
				return op.EmitOpError("expects integer data (a bitwise operator), got %s", et)
			}
			for i := 0; i < op.NumOperands(); i++ {
				if !slices.Equal(descs[i].Sizes, out) {
					return op.EmitOpError("expects %s sizes %v to equal output sizes %v", op.Def().Operands[i].Name, descs[i].Sizes, out)
				}
			}
		}
	case IdentityName, CastName, ClipName:
		if !slices.Equal(in, out) {
			return op.EmitOpError("expects input sizes %v to equal output sizes %v", in, out)
		}
		if op.Name() == ClipName {
			if lo, hi := F32(op, "min"), F32(op, "max"); !(lo <= hi) {
				return op.EmitOpError("expects min <= max, got %v and %v", lo, hi)
			}
		}
	}
	return checkLevel(op)
}

func checkView(op *ir.Operation, i int, desc TensorDesc, d int) error {
	name := op.Def().Operands[i].Name
	shape, _ := staticShape(op.Operand(i))
	elems := int64(1)
	for _, s := range shape {
		elems *= s
	}
	sizes, strides := op.Attr(name+"_sizes"), op.Attr(name+"_strides")
	if len(desc.Sizes) != d {
		return op.EmitOpError("expects %s_sizes to have %d entries (dimension_count), got %d", name, d, len(desc.Sizes))
	}
	n := int64(1)
	for _, s := range desc.Sizes {
		if s < 1 {
			return op.EmitOpError("expects %s sizes >= 1, got %v", name, desc.Sizes)
		}
		if n > maxElements/s {
			return op.EmitOpError("expects fewer than 2^32 elements in the %s desc, got sizes %v", name, desc.Sizes)
		}
		n *= s
	}
	switch {
	case strides != nil:
		if len(desc.Strides) != d {
			return op.EmitOpError("expects %s_strides to have %d entries (dimension_count), got %d", name, d, len(desc.Strides))
		}
		last := int64(0)
		for j, s := range desc.Strides {
			if s < 0 {
				return op.EmitOpError("expects %s strides >= 0 (DirectML strides are unsigned), got %v", name, desc.Strides)
			}
			last += (desc.Sizes[j] - 1) * s
		}
		if last >= elems {
			return op.EmitOpError("expects the %s view (sizes %v, strides %v) to stay within its %d elements, got last element %d", name, desc.Sizes, desc.Strides, elems, last)
		}
	case sizes != nil:
		if n != elems {
			return op.EmitOpError("expects %s_sizes %v without strides to reshape the operand's %d elements, got %d", name, desc.Sizes, elems, n)
		}
	}
	return nil
}

func verifySlice1(op *ir.Operation, in, out []int64, d int) error {
	offs, sizes, strides := I64s(op, "input_window_offsets"), I64s(op, "input_window_sizes"), I64s(op, "input_window_strides")
	if len(offs) != d || len(sizes) != d || len(strides) != d {
		return op.EmitOpError("expects input_window_offsets, input_window_sizes and input_window_strides of %d entries, got %d, %d and %d", d, len(offs), len(sizes), len(strides))
	}
	for i := 0; i < d; i++ {
		if strides[i] == 0 {
			return op.EmitOpError("expects non-zero input_window_strides, got 0 in dim %d", i)
		}
		if sizes[i] < 1 || offs[i] < 0 || offs[i]+sizes[i] > in[i] {
			return op.EmitOpError("expects the window [%d, %d) of dim %d inside the input size %d and non-empty", offs[i], offs[i]+sizes[i], i, in[i])
		}
		st := strides[i]
		if st < 0 {
			st = -st
		}
		if max := 1 + (sizes[i]-1)/st; out[i] < 1 || out[i] > max {
			return op.EmitOpError("expects output size of dim %d in [1, %d] (1 + (window size - 1) / |stride|), got %d", i, max, out[i])
		}
	}
	return nil
}

// F32 returns the value of a float attribute (NaN if absent).
func F32(op *ir.Operation, name string) float64 {
	if f, ok := op.Attr(name).(ir.FloatAttr); ok {
		return f.Value
	}
	return math.NaN()
}

// checkLevel reports the first of op's needs (Needs) that its module's
// target feature level (TargetLevel) does not meet.
func checkLevel(op *ir.Operation) error {
	target, err := TargetLevel(op)
	if err != nil {
		return op.EmitOpError("%v", err)
	}
	needs, err := Needs(op)
	if err != nil {
		return op.EmitOpError("%v", err)
	}
	for _, n := range needs {
		if n.Level > target {
			return op.EmitOpError("%s needs feature level %s, got %s", n.Reason, n.Level, target)
		}
	}
	return nil
}
