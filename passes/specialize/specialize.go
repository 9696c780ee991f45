// Package specialize implements --specialize-dims: a function's dynamic
// argument dims given static sizes (a model exported with a symbolic
// batch, lowered for one batch size), and the static shapes carried
// through its tcp, tensor and arith ops, so that backends that need static
// shapes (DirectML) can lower it.
//
// The pass sets the argument types, then alternates --canonicalize (which
// folds tensor.dim of a now static dim, and the index arithmetic on it,
// into constants) with a refinement of result types from each op's own
// shape rule (refine below), until nothing changes; the function's result
// types follow its returned values. A given size that contradicts a static
// dim, or an op whose refined type contradicts its declared one, is a
// located error; the module is verified at the end.
package specialize

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/dialect/tcp"
	tensord "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes"
)

var passInfo = &pass.Info{
	Argument:    "specialize-dims",
	Name:        "SpecializeDims",
	Description: "Give a function's dynamic argument dims static sizes and propagate the static shapes through its tcp, tensor and arith ops",
	Anchor:      ir.ModuleName,
	Options: []pass.Option{
		{Name: "shapes", Kind: pass.StringOption, Default: "", Description: "argument shapes in order, separated by ';' (e.g. 3x6;4; an empty entry or * leaves an argument as it is)"},
		{Name: "func", Kind: pass.StringOption, Default: "", Description: "the function to specialize (default: the first function with a body)"},
	},
	New: func(o pass.Options) (pass.Pass, error) {
		shapes, err := ParseShapes(o.Value("shapes"))
		if err != nil {
			return nil, err
		}
		return specializePass{shapes: shapes, fn: o.Value("func")}, nil
	},
}

func init() { pass.Register(passInfo) }

type specializePass struct {
	shapes [][]int64
	fn     string
}

func (specializePass) Info() *pass.Info { return passInfo }

func (p specializePass) Run(m *ir.Operation) error { return Run(m, p.fn, p.shapes) }

// ParseShapes reads the shapes option: "3x6;4;*" (nil for * or empty; a
// 0-d shape is written "scalar").
func ParseShapes(s string) ([][]int64, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out [][]int64
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		switch part {
		case "", "*":
			out = append(out, nil)
			continue
		case "scalar":
			out = append(out, []int64{})
			continue
		}
		var shape []int64
		for _, d := range strings.Split(part, "x") {
			v, err := strconv.ParseInt(d, 10, 64)
			if err != nil || v < 0 {
				return nil, fmt.Errorf("specialize-dims: bad size %q in shape %q (want sizes like 3x6, separated by ';')", d, part)
			}
			shape = append(shape, v)
		}
		out = append(out, shape)
	}
	return out, nil
}

// FormatShapes is the inverse of ParseShapes.
func FormatShapes(shapes [][]int64) string {
	parts := make([]string, len(shapes))
	for i, s := range shapes {
		if s == nil {
			parts[i] = "*"
			continue
		}
		if len(s) == 0 {
			parts[i] = "scalar"
			continue
		}
		ds := make([]string, len(s))
		for k, d := range s {
			ds[k] = strconv.FormatInt(d, 10)
		}
		parts[i] = strings.Join(ds, "x")
	}
	return strings.Join(parts, ";")
}

// Run specializes the function named fn (or the first with a body) of
// module m to the given argument shapes.
func Run(m *ir.Operation, fn string, shapes [][]int64) error {
	if len(shapes) == 0 {
		return nil // nothing to specialize
	}
	var f *ir.Operation
	for _, c := range function.Funcs(m) {
		fo := function.FuncOp{Operation: c}
		if fo.IsDeclaration() {
			continue
		}
		if fn == "" || fo.Name() == fn {
			f = c
			break
		}
	}
	if f == nil {
		if fn != "" {
			return fmt.Errorf("specialize-dims: no function @%s with a body", fn)
		}
		return fmt.Errorf("specialize-dims: no function with a body")
	}
	fo := function.FuncOp{Operation: f}
	args := fo.Body().Arguments()
	if len(shapes) > len(args) {
		return f.EmitOpError("specialize-dims: %d shapes given for %d arguments", len(shapes), len(args))
	}
	inputs := slices.Clone(fo.Type().Inputs())
	for i, s := range shapes {
		if s == nil {
			continue
		}
		t, ok := args[i].Type().(*ir.RankedTensorType)
		if !ok {
			return f.EmitOpError("specialize-dims: argument #%d has type %s, not a ranked tensor", i, args[i].Type())
		}
		nt, err := meet(t, s)
		if err != nil {
			return f.EmitOpError("specialize-dims: argument #%d: %v", i, err)
		}
		args[i].SetType(nt)
		inputs[i] = nt
	}
	setFuncType(f, inputs, fo.Type().Results())
	for round := 0; round < 64; round++ {
		if err := passes.NewCanonicalize().Run(f); err != nil {
			return err
		}
		changed, err := refineAll(f)
		if err != nil {
			return err
		}
		if !changed {
			break
		}
	}
	// The results follow the returned values.
	results := slices.Clone(fo.Type().Results())
	for _, op := range fo.Body().Ops() {
		if op.Name() == function.ReturnName {
			for i, v := range op.Operands() {
				results[i] = v.Type()
			}
		}
	}
	setFuncType(f, fo.Type().Inputs(), results)
	return ir.Verify(m, false)
}

func setFuncType(f *ir.Operation, in, out []ir.Type) {
	f.SetAttr("function_type", ir.TypeAttr{Type: ir.Function(in, out)})
}

// meet is t with its dynamic dims given the sizes of s; an error if the
// ranks differ or a static dim differs.
func meet(t *ir.RankedTensorType, s []int64) (*ir.RankedTensorType, error) {
	if len(s) != t.Rank() {
		return nil, fmt.Errorf("shape %s has rank %d, the type %s has rank %d", shapeText(s), len(s), t, t.Rank())
	}
	out := slices.Clone(t.Shape())
	for d, v := range s {
		switch {
		case v == ir.Dynamic:
		case out[d] == ir.Dynamic:
			out[d] = v
		case out[d] != v:
			return nil, fmt.Errorf("size %d for dim %d contradicts the static size %d of %s", v, d, out[d], t)
		}
	}
	return ir.RankedTensor(out, t.Elem()), nil
}

func shapeText(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		if d == ir.Dynamic {
			parts[i] = "?"
		} else {
			parts[i] = strconv.FormatInt(d, 10)
		}
	}
	return strings.Join(parts, "x")
}

// refineAll refines the result types of the ops nested in f, in order;
// it reports whether any type changed.
func refineAll(f *ir.Operation) (bool, error) {
	changed := false
	var err error
	f.Walk(ir.PreOrder, func(op *ir.Operation) {
		if err != nil || op == f || op.NumResults() != 1 {
			return
		}
		t, ok := op.Result(0).Type().(*ir.RankedTensorType)
		if !ok || t.HasStaticShape() {
			return
		}
		s := inferShape(op)
		if s == nil {
			return
		}
		nt, e := meet(t, s)
		if e != nil {
			err = op.EmitOpError("specialize-dims: %v", e)
			return
		}
		if ir.Type(nt) != ir.Type(t) {
			op.Result(0).SetType(nt)
			changed = true
		}
	})
	return changed, err
}

// constIndex is the value of an index operand defined by a constant.
func constIndex(v ir.Value) int64 {
	if a, ok := ir.ConstantAttr(v).(ir.IntegerAttr); ok {
		return a.Value
	}
	return ir.Dynamic
}

func shapeOf(v ir.Value) []int64 {
	if t, ok := v.Type().(*ir.RankedTensorType); ok {
		return t.Shape()
	}
	return nil
}

// inferShape is an op's result shape from its operands' types and
// constant size operands (ir.Dynamic where unknown), or nil for an op
// without a rule here.
func inferShape(op *ir.Operation) []int64 {
	switch op.Name() {
	case tcp.IotaName:
		s := make([]int64, op.NumOperands())
		for d := range s {
			s[d] = constIndex(op.Operand(d))
		}
		return s
	case tcp.SliceName:
		r := len(shapeOf(op.Operand(0)))
		if op.NumOperands() != 1+3*r {
			return nil
		}
		out := make([]int64, r)
		for d := 0; d < r; d++ {
			out[d] = constIndex(op.Operand(1 + r + d))
		}
		return out
	case tcp.BroadcastToName:
		out := slices.Clone(shapeOf(op.Operand(0)))
		axes, _ := op.Attr("axes").(ir.ArrayAttr)
		if out == nil || len(axes) != op.NumOperands()-1 {
			return nil
		}
		for k, a := range axes {
			ai, ok := a.(ir.IntegerAttr)
			if !ok || ai.Value < 0 || int(ai.Value) >= len(out) {
				return nil
			}
			out[ai.Value] = constIndex(op.Operand(1 + k))
		}
		return out
	case tcp.GatherName:
		return slices.Clone(shapeOf(op.Operand(1)))
	case tcp.GatherNDName:
		x, q := shapeOf(op.Operand(0)), shapeOf(op.Operand(1))
		if x == nil || len(q) == 0 || q[len(q)-1] == ir.Dynamic {
			return nil
		}
		b := int64(0)
		if a, ok := op.Attr("batch_dims").(ir.IntegerAttr); ok {
			b = a.Value
		}
		k := q[len(q)-1]
		if int(b+k) > len(x) {
			return nil
		}
		return slices.Concat(q[:len(q)-1], x[b+k:])
	case tcp.TransposeName:
		x := shapeOf(op.Operand(0))
		p, ok := op.Attr("permutation").(*ir.DenseArrayAttr)
		if x == nil || !ok || len(p.Ints) != len(x) {
			return nil
		}
		out := make([]int64, len(x))
		for i, d := range p.Ints {
			out[i] = x[d]
		}
		return out
	case tcp.CastIndicesName, tensord.CastName:
		return slices.Clone(shapeOf(op.Operand(0)))
	case tensord.ExpandShapeName, tensord.CollapseShapeName:
		return reshape(op)
	case tensord.ConcatName:
		var out []int64
		dim := op.IntAttr("dim")
		for i, v := range op.Operands() {
			s := shapeOf(v)
			if s == nil || int(dim) >= len(s) {
				return nil
			}
			if i == 0 {
				out = slices.Clone(s)
				continue
			}
			for d := range out {
				switch {
				case d == int(dim):
					if out[d] == ir.Dynamic || s[d] == ir.Dynamic {
						out[d] = ir.Dynamic
					} else {
						out[d] += s[d]
					}
				case out[d] == ir.Dynamic:
					out[d] = s[d]
				}
			}
		}
		return out
	}
	if strings.HasPrefix(op.Name(), "arith.") && op.NumOperands() > 0 {
		// Elementwise on tensors: the operands' shape (select: the
		// values'), the most static of them.
		var out []int64
		for i, v := range op.Operands() {
			if op.Name() == arith.SelectName && i == 0 {
				continue
			}
			s := shapeOf(v)
			if s == nil {
				return nil
			}
			if out == nil {
				out = slices.Clone(s)
				continue
			}
			for d := range out {
				if out[d] == ir.Dynamic && d < len(s) {
					out[d] = s[d]
				}
			}
		}
		return out
	}
	return nil
}

// reshape is the result shape of tensor.expand_shape / collapse_shape
// from the source shape and the reassociation: a collapsed dim is the
// product of its group; an expanded group's one dynamic dim is the source
// size over the product of the group's static sizes.
func reshape(op *ir.Operation) []int64 {
	groups, ok := op.Attr("reassociation").(ir.ArrayAttr)
	src, res := shapeOf(op.Operand(0)), shapeOf(op.Result(0))
	if !ok || src == nil || res == nil {
		return nil
	}
	out := slices.Clone(res)
	expand := op.Name() == tensord.ExpandShapeName
	for gi, g := range groups {
		ga, ok := g.(ir.ArrayAttr)
		if !ok {
			return nil
		}
		var idx []int
		for _, e := range ga {
			ie, ok := e.(ir.IntegerAttr)
			if !ok {
				return nil
			}
			idx = append(idx, int(ie.Value))
		}
		if expand {
			if gi >= len(src) || src[gi] == ir.Dynamic {
				continue
			}
			known, dyn := int64(1), -1
			for _, d := range idx {
				if d >= len(out) {
					return nil
				}
				if out[d] == ir.Dynamic {
					if dyn >= 0 {
						dyn = -2
						break
					}
					dyn = d
				} else {
					known *= out[d]
				}
			}
			if dyn >= 0 && known > 0 && src[gi]%known == 0 {
				out[dyn] = src[gi] / known
			}
			continue
		}
		if gi >= len(out) {
			return nil
		}
		p := int64(1)
		for _, d := range idx {
			if d >= len(src) || src[d] == ir.Dynamic {
				p = ir.Dynamic
				break
			}
			p *= src[d]
		}
		out[gi] = p
	}
	return out
}
