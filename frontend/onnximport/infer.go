package onnximport

import (
	"fmt"
	"math"
	"slices"

	"github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/ir"
)

// Type inference for the values between a graph's inputs and outputs, so
// that models without value_info (torch.onnx.export's, or any model not
// run through ONNX shape inference) import. Each op the importer imports
// has its ONNX output type rule here; dims the rule cannot know (a
// symbolic input dim, a Slice with non-constant parameters) are dynamic.
// Where the graph does give a value_info, it must agree with the
// inference (same element type and rank, equal static dims): a
// contradiction is a located error.

// inferTypes returns the types of an op's results from its operands and
// attributes, or an error saying why it cannot.
func inferTypes(opType string, operands []ir.Value, attrs []ir.NamedAttr, outputs int) ([]ir.Type, error) {
	attr := func(name string) ir.Attribute {
		for _, a := range attrs {
			if a.Name == name {
				return a.Value
			}
		}
		return nil
	}
	intAttr := func(name string) int64 {
		if a, ok := attr(name).(ir.IntegerAttr); ok {
			return a.Value
		}
		return 0
	}
	ranked := func(i int, what string) (*ir.RankedTensorType, error) {
		if i >= len(operands) {
			return nil, fmt.Errorf("has no %s input", what)
		}
		t, ok := operands[i].Type().(*ir.RankedTensorType)
		if !ok {
			return nil, fmt.Errorf("its %s input has no known rank (%s)", what, operands[i].Type())
		}
		return t, nil
	}
	// dataAndShape is the ranked data input (named what) and the 1-D
	// shape input of static size of a Reshape or an Expand.
	dataAndShape := func(what string) (x, s *ir.RankedTensorType, err error) {
		if x, err = ranked(0, what); err != nil {
			return nil, nil, err
		}
		if s, err = ranked(1, "shape"); err != nil {
			return nil, nil, err
		}
		if s.Rank() != 1 || s.Dim(0) == ir.Dynamic {
			return nil, nil, fmt.Errorf("the shape input must be 1-D of static size, got %s", s)
		}
		return x, s, nil
	}
	switch opType {
	case "Constant":
		d, ok := attr("value").(*ir.DenseElementsAttr)
		if !ok {
			return nil, fmt.Errorf("only a Constant with a tensor 'value' attribute is supported")
		}
		return []ir.Type{d.Type}, nil
	case "Gather":
		x, err := ranked(0, "data")
		if err != nil {
			return nil, err
		}
		q, err := ranked(1, "indices")
		if err != nil {
			return nil, err
		}
		a, ok := normAxis(intAttr("axis"), x.Rank())
		if !ok {
			return nil, fmt.Errorf("axis %d is out of range for data of rank %d", intAttr("axis"), x.Rank())
		}
		return []ir.Type{ir.RankedTensor(slices.Concat(x.Shape()[:a], q.Shape(), x.Shape()[a+1:]), x.Elem())}, nil
	case "GatherElements":
		x, err := ranked(0, "data")
		if err != nil {
			return nil, err
		}
		q, err := ranked(1, "indices")
		if err != nil {
			return nil, err
		}
		return []ir.Type{ir.RankedTensor(q.Shape(), x.Elem())}, nil
	case "GatherND":
		x, err := ranked(0, "data")
		if err != nil {
			return nil, err
		}
		q, err := ranked(1, "indices")
		if err != nil {
			return nil, err
		}
		b := int(intAttr("batch_dims"))
		if q.Rank() < 1 || q.Dim(q.Rank()-1) == ir.Dynamic {
			return nil, fmt.Errorf("the index tuple length (the last dim of indices, %s) must be static", q)
		}
		k := int(q.Dim(q.Rank() - 1))
		if b < 0 || b+k > x.Rank() || b >= q.Rank() {
			return nil, fmt.Errorf("batch_dims %d and index tuples of length %d do not fit data of rank %d and indices of rank %d", b, k, x.Rank(), q.Rank())
		}
		return []ir.Type{ir.RankedTensor(slices.Concat(q.Shape()[:q.Rank()-1], x.Shape()[b+k:]), x.Elem())}, nil
	case "Shape":
		x, err := ranked(0, "data")
		if err != nil {
			return nil, err
		}
		_, hasEnd := attr("end").(ir.IntegerAttr)
		lo, hi := onnx.ShapeRangeOf(intAttr("start"), intAttr("end"), hasEnd, x.Rank())
		return []ir.Type{ir.RankedTensor([]int64{int64(hi - lo)}, ir.I64)}, nil
	case "Cast":
		x, err := ranked(0, "input")
		if err != nil {
			return nil, err
		}
		e := onnx.ElemOfTensorProto(intAttr("to"))
		if e == nil {
			return nil, fmt.Errorf("to = %d is not a supported element type", intAttr("to"))
		}
		return []ir.Type{ir.RankedTensor(x.Shape(), e)}, nil
	case "Concat":
		var shapes [][]int64
		for i := range operands {
			t, err := ranked(i, fmt.Sprintf("#%d", i))
			if err != nil {
				return nil, err
			}
			shapes = append(shapes, t.Shape())
		}
		if len(shapes) == 0 {
			return nil, fmt.Errorf("has no inputs")
		}
		shape, err := onnx.ConcatShape(shapes, intAttr("axis"))
		if err != nil {
			return nil, err
		}
		return []ir.Type{ir.RankedTensor(shape, ir.ElementType(operands[0].Type()))}, nil
	case "Pad":
		x, err := ranked(0, "data")
		if err != nil {
			return nil, err
		}
		shape := slices.Clone(x.Shape())
		pads, ok := constInts(operands, 1)
		if !ok || len(pads) != 2*len(shape) {
			for i := range shape {
				shape[i] = ir.Dynamic
			}
		} else {
			for i := range shape {
				if shape[i] != ir.Dynamic {
					shape[i] += pads[i] + pads[len(shape)+i]
				}
			}
		}
		return []ir.Type{ir.RankedTensor(shape, x.Elem())}, nil
	case "Reshape":
		x, s, err := dataAndShape("data")
		if err != nil {
			return nil, err
		}
		vals, ok := constInts(operands, 1)
		if !ok {
			return []ir.Type{ir.RankedTensor(slices.Repeat([]int64{ir.Dynamic}, int(s.Dim(0))), x.Elem())}, nil
		}
		shape, ok := onnx.ReshapeShape(x.Shape(), vals)
		if !ok {
			return nil, fmt.Errorf("shape %v does not fit data of shape %s", vals, x)
		}
		return []ir.Type{ir.RankedTensor(shape, x.Elem())}, nil
	case "Transpose":
		x, err := ranked(0, "data")
		if err != nil {
			return nil, err
		}
		perm := make([]int, x.Rank())
		for k := range perm {
			perm[k] = x.Rank() - 1 - k
		}
		if a, ok := attr("perm").(ir.ArrayAttr); ok {
			if perm, ok = onnx.PermOf(a, x.Rank()); !ok {
				return nil, fmt.Errorf("perm is not a permutation of [0, %d)", x.Rank())
			}
		}
		shape := make([]int64, len(perm))
		for k, p := range perm {
			shape[k] = x.Dim(p)
		}
		return []ir.Type{ir.RankedTensor(shape, x.Elem())}, nil
	case "Unsqueeze":
		x, err := ranked(0, "data")
		if err != nil {
			return nil, err
		}
		s, err := ranked(1, "axes")
		if err != nil {
			return nil, err
		}
		axes, ok := constInts(operands, 1)
		if !ok {
			if s.Rank() != 1 || s.Dim(0) == ir.Dynamic {
				return nil, fmt.Errorf("the axes input must be 1-D of static size, got %s", s)
			}
			return []ir.Type{ir.RankedTensor(slices.Repeat([]int64{ir.Dynamic}, x.Rank()+int(s.Dim(0))), x.Elem())}, nil
		}
		shape, err := onnx.UnsqueezeShape(x.Shape(), axes)
		if err != nil {
			return nil, err
		}
		return []ir.Type{ir.RankedTensor(shape, x.Elem())}, nil
	case "Squeeze":
		x, err := ranked(0, "data")
		if err != nil {
			return nil, err
		}
		var axes []int64
		if len(operands) > 1 && operands[1].Type() != ir.None {
			var ok bool
			if axes, ok = constInts(operands, 1); !ok {
				return nil, fmt.Errorf("the axes input must be a constant")
			}
		}
		shape, err := onnx.SqueezeShape(x.Shape(), axes, axes == nil)
		if err != nil {
			return nil, err
		}
		return []ir.Type{ir.RankedTensor(shape, x.Elem())}, nil
	case "Size":
		if len(operands) != 1 {
			return nil, fmt.Errorf("expects 1 input, got %d", len(operands))
		}
		return []ir.Type{ir.RankedTensor([]int64{}, ir.I64)}, nil
	case "Expand":
		x, s, err := dataAndShape("input")
		if err != nil {
			return nil, err
		}
		vals, ok := constInts(operands, 1)
		if !ok {
			// A shape computed at run time (Expand(i, Shape(x)), as
			// torch.onnx.export writes expand_as with dynamic_axes): the
			// sizes known before run time give static dims.
			n := max(x.Rank(), int(s.Dim(0)))
			shape := slices.Repeat([]int64{ir.Dynamic}, n)
			elems, _ := partialInts(operands[1], 8)
			for d := range shape {
				xd, ed := int64(1), int64(ir.Dynamic)
				if k := d - (n - x.Rank()); k >= 0 {
					xd = x.Dim(k)
				}
				if k := d - (n - int(s.Dim(0))); k >= 0 && k < len(elems) {
					ed = elems[k]
				}
				switch {
				case xd != ir.Dynamic && xd != 1:
					shape[d] = xd
				case xd == 1 && ed != ir.Dynamic:
					shape[d] = ed
				case ed == 1:
					shape[d] = xd
				}
			}
			return []ir.Type{ir.RankedTensor(shape, x.Elem())}, nil
		}
		for _, d := range vals {
			if d < 0 {
				return nil, fmt.Errorf("shape %v has a negative dim", vals)
			}
		}
		shape, ok := onnx.BroadcastShapes(x.Shape(), vals)
		if !ok {
			return nil, fmt.Errorf("shape %v does not broadcast with the input's %s", vals, x)
		}
		return []ir.Type{ir.RankedTensor(shape, x.Elem())}, nil
	case "ConstantOfShape":
		s, err := ranked(0, "input")
		if err != nil {
			return nil, err
		}
		elem := ir.Type(ir.F32T)
		if v, ok := attr("value").(*ir.DenseElementsAttr); ok {
			elem = v.Type.Elem()
		}
		vals, ok := constInts(operands, 0)
		if !ok {
			if s.Rank() != 1 || s.Dim(0) == ir.Dynamic {
				return nil, fmt.Errorf("the input must be 1-D of static size, got %s", s)
			}
			return []ir.Type{ir.RankedTensor(slices.Repeat([]int64{ir.Dynamic}, int(s.Dim(0))), elem)}, nil
		}
		for _, d := range vals {
			if d < 0 {
				return nil, fmt.Errorf("shape %v has a negative dim", vals)
			}
		}
		return []ir.Type{ir.RankedTensor(append([]int64{}, vals...), elem)}, nil
	case "Range":
		if len(operands) != 3 {
			return nil, fmt.Errorf("expects 3 inputs, got %d", len(operands))
		}
		e := ir.ElementType(operands[0].Type())
		n := ir.Dynamic
		var v [3]int64
		known := true
		for i := range v {
			c, ok := constInts(operands, i)
			if !ok || len(c) != 1 {
				known = false
				break
			}
			v[i] = c[0]
		}
		if _, isInt := e.(ir.IntegerType); known && isInt {
			c, ok := onnx.RangeCount(v[0], v[1], v[2])
			if !ok || c < 0 {
				return nil, fmt.Errorf("Range(%d, %d, %d) has no valid element count (a zero delta or an overflow)", v[0], v[1], v[2])
			}
			n = c
		}
		return []ir.Type{ir.RankedTensor([]int64{n}, e)}, nil
	case "Identity", "Neg", "Clip":
		x, err := ranked(0, "input")
		if err != nil {
			return nil, err
		}
		return []ir.Type{x}, nil
	case "Split":
		x, err := ranked(0, "input")
		if err != nil {
			return nil, err
		}
		hasSplit := len(operands) > 1 && operands[1].Type() != ir.None
		split, ok := constInts(operands, 1)
		if hasSplit && !ok {
			return nil, fmt.Errorf("its split input is not a constant")
		}
		shapes, err := onnx.SplitShapes(x.Shape(), intAttr("axis"), split, hasSplit, outputs)
		if err != nil {
			return nil, err
		}
		if shapes == nil {
			return nil, fmt.Errorf("the split dim is dynamic and no split sizes are given")
		}
		var ts []ir.Type
		for _, s := range shapes {
			ts = append(ts, ir.RankedTensor(s, x.Elem()))
		}
		return ts, nil
	case "Flatten":
		x, err := ranked(0, "input")
		if err != nil {
			return nil, err
		}
		axis := int64(1)
		if a, ok := attr("axis").(ir.IntegerAttr); ok {
			axis = a.Value
		}
		shape, ok := onnx.FlattenShape(x.Shape(), axis)
		if !ok {
			return nil, fmt.Errorf("axis %d is out of range for rank %d", axis, x.Rank())
		}
		return []ir.Type{ir.RankedTensor(shape, x.Elem())}, nil
	case "Add", "Sub", "Mul", "Div", "Mod", "Min", "Max", "Greater", "Less", "Equal", "Where":
		var shapes [][]int64
		for i := range operands {
			t, err := ranked(i, fmt.Sprintf("#%d", i))
			if err != nil {
				return nil, err
			}
			shapes = append(shapes, t.Shape())
		}
		if len(shapes) == 0 {
			return nil, fmt.Errorf("has no inputs")
		}
		shape, ok := onnx.BroadcastShapes(shapes...)
		if !ok {
			return nil, fmt.Errorf("input shapes %v do not broadcast together", shapes)
		}
		e := ir.ElementType(operands[0].Type())
		switch opType {
		case "Greater", "Less", "Equal":
			e = ir.I1
		case "Where":
			if len(operands) != 3 {
				return nil, fmt.Errorf("expects 3 inputs, got %d", len(operands))
			}
			e = ir.ElementType(operands[1].Type())
		}
		return []ir.Type{ir.RankedTensor(shape, e)}, nil
	case "Slice":
		x, err := ranked(0, "data")
		if err != nil {
			return nil, err
		}
		shape := slices.Clone(x.Shape())
		params := make([][]int64, 4)
		known := true
		for i := 1; i <= 4 && i < len(operands); i++ {
			if operands[i].Type() == ir.None {
				continue
			}
			d, ok := ir.ConstantAttr(operands[i]).(*ir.DenseElementsAttr)
			if !ok {
				known = false
				continue
			}
			params[i-1] = d.Ints()
		}
		starts, ends, axes, steps := params[0], params[1], params[2], params[3]
		if !known || starts == nil || ends == nil {
			// Which dims are sliced is unknown without constant axes.
			if axes == nil {
				for i := range shape {
					shape[i] = ir.Dynamic
				}
			} else {
				for _, a := range axes {
					if n, ok := normAxis(a, x.Rank()); ok {
						shape[n] = ir.Dynamic
					}
				}
			}
			return []ir.Type{ir.RankedTensor(shape, x.Elem())}, nil
		}
		if len(ends) != len(starts) || (axes != nil && len(axes) != len(starts)) || (steps != nil && len(steps) != len(starts)) {
			return nil, fmt.Errorf("starts, ends, axes and steps differ in length")
		}
		for i := range starts {
			a := int64(i)
			if axes != nil {
				a = axes[i]
			}
			n, ok := normAxis(a, x.Rank())
			if !ok {
				return nil, fmt.Errorf("axis %d is out of range for data of rank %d", a, x.Rank())
			}
			step := int64(1)
			if steps != nil {
				step = steps[i]
			}
			if step == 0 {
				return nil, fmt.Errorf("step for axis %d is 0", a)
			}
			if shape[n] == ir.Dynamic {
				continue
			}
			shape[n] = sliceCount(shape[n], starts[i], ends[i], step)
		}
		return []ir.Type{ir.RankedTensor(shape, x.Elem())}, nil
	}
	return nil, fmt.Errorf("the importer has no type rule for %s", opType)
}

func normAxis(a int64, rank int) (int, bool) {
	r := int64(rank)
	if a < -r || a >= r {
		return 0, false
	}
	if a < 0 {
		a += r
	}
	return int(a), true
}

// sliceCount is the number of elements ONNX Slice reads from a dim of
// size n (negative start/end count from the end, then clamped).
func sliceCount(n, s, e, k int64) int64 {
	if s < 0 {
		s = addSat(s, n)
	}
	if e < 0 {
		e = addSat(e, n)
	}
	if k > 0 {
		s, e = min(max(s, 0), n), min(max(e, 0), n)
	} else {
		s, e = min(max(s, 0), n-1), min(max(e, -1), n-1)
	}
	if n == 0 {
		return 0
	}
	d := e - s
	if (d > 0) != (k > 0) || d == 0 {
		return 0
	}
	if k > 0 {
		return (d + k - 1) / k
	}
	return (-d + -k - 1) / -k
}

func addSat(a, b int64) int64 {
	if b > 0 && a > math.MaxInt64-b {
		return math.MaxInt64
	}
	if b < 0 && a < math.MinInt64-b {
		return math.MinInt64
	}
	return a + b
}

// checkGiven reports a contradiction between a value_info type and the
// inferred one: element types differ, ranks differ, or two static dims
// differ. An unranked given type never contradicts.
func checkGiven(given, inferred ir.Type) error {
	if ir.ElementType(given) != ir.ElementType(inferred) {
		return fmt.Errorf("value_info gives element type %s, the op computes %s", ir.ElementType(given), ir.ElementType(inferred))
	}
	g, ok1 := given.(*ir.RankedTensorType)
	f, ok2 := inferred.(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return nil
	}
	if g.Rank() != f.Rank() {
		return fmt.Errorf("value_info gives type %s, the op computes rank %d (%s)", g, f.Rank(), f)
	}
	for d := 0; d < g.Rank(); d++ {
		if g.Dim(d) != ir.Dynamic && f.Dim(d) != ir.Dynamic && g.Dim(d) != f.Dim(d) {
			return fmt.Errorf("value_info gives type %s, the op computes %s (dim %d)", g, f, d)
		}
	}
	return nil
}

// constInts returns the values of operand i when it is a constant.
func constInts(operands []ir.Value, i int) ([]int64, bool) {
	if i >= len(operands) {
		return nil, false
	}
	d, ok := ir.ConstantAttr(operands[i]).(*ir.DenseElementsAttr)
	if !ok {
		return nil, false
	}
	return d.Ints(), true
}

// partialInts returns what is known of a 1-D (or 0-D) i64 value before run
// time, element by element (ir.Dynamic where an element is known only at
// run time): constants, the dims of onnx.Shape (static or not), and
// Concat, Gather with constant indices, Unsqueeze, Squeeze and Cast of
// those, as exporters assemble shapes. ok is false when even the length
// is unknown.
func partialInts(v ir.Value, depth int) ([]int64, bool) {
	if d, ok := ir.ConstantAttr(v).(*ir.DenseElementsAttr); ok {
		return d.Ints(), true
	}
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok || t.Rank() > 1 || !t.HasStaticShape() {
		return nil, false
	}
	unknown := slices.Repeat([]int64{ir.Dynamic}, int(t.NumElements()))
	def := v.DefiningOp()
	if def == nil || depth == 0 {
		return unknown, true
	}
	switch def.Name() {
	case onnx.ShapeName:
		if x, ok := def.Operand(0).Type().(*ir.RankedTensorType); ok {
			lo, hi := onnx.ShapeRange(def, x.Rank())
			return slices.Clone(x.Shape()[lo:hi]), true
		}
	case onnx.ConcatName:
		var out []int64
		for _, o := range def.Operands() {
			e, ok := partialInts(o, depth-1)
			if !ok {
				return unknown, true
			}
			out = append(out, e...)
		}
		if len(out) == len(unknown) {
			return out, true
		}
	case onnx.UnsqueezeName, onnx.SqueezeName, onnx.CastName, onnx.IdentityName:
		if e, ok := partialInts(def.Operand(0), depth-1); ok && len(e) == len(unknown) {
			return e, true
		}
	case onnx.GatherName:
		e, ok := partialInts(def.Operand(0), depth-1)
		q, qok := ir.ConstantAttr(def.Operand(1)).(*ir.DenseElementsAttr)
		if ok && qok && len(q.Ints()) == len(unknown) {
			out := make([]int64, len(unknown))
			for k, i := range q.Ints() {
				if i < 0 {
					i += int64(len(e))
				}
				if i < 0 || i >= int64(len(e)) {
					return unknown, true
				}
				out[k] = e[i]
			}
			return out, true
		}
	}
	return unknown, true
}
