package onnximport

import (
	"fmt"
	"math"
	"slices"

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
func inferTypes(opType string, operands []ir.Value, attrs []ir.NamedAttr) ([]ir.Type, error) {
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
