package stablehlototcp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes"
)

// Argument is the pass's pipeline name and tcp-opt flag.
const Argument = "convert-stablehlo-to-tcp"

var info = &ir.PassInfo{
	Argument:    Argument,
	Name:        "ConvertStablehloToTcp",
	Description: "Convert stablehlo/mhlo gather, slice, dynamic_slice, torch_index_select, iota and constant to tcp",
	Anchor:      ir.AnyOp,
	New:         func(ir.PassOptions) (ir.Pass, error) { return &Pass{}, nil },
}

func init() {
	ir.RegisterPass(info)
	for _, p := range Patterns() {
		ir.Global.AddCanonicalizationPatterns(p.Root(), p)
	}
}

// Pass is --convert-stablehlo-to-tcp. It applies Patterns greedily and
// fails, with a located error naming the reason, on a stablehlo or mhlo op
// of the gather family that is left (an op that cannot be converted).
type Pass struct{}

func (*Pass) Info() *ir.PassInfo { return info }

func (*Pass) Run(op *ir.Operation) error {
	if _, err := passes.ApplyPatternsGreedily(op, Patterns(), passes.DefaultGreedyConfig()); err != nil {
		return err
	}
	var first error
	op.Walk(ir.PreOrder, func(o *ir.Operation) {
		if first != nil {
			return
		}
		for _, n := range convertible {
			if stablehlo.Is(o, n) {
				first = o.EmitOpError("cannot be converted to tcp: %s", whyNot(o))
			}
		}
	})
	return first
}

var convertible = []string{stablehlo.GatherName, stablehlo.DynamicSliceName, stablehlo.SliceName,
	stablehlo.TorchIndexSelectName, stablehlo.IotaName, stablehlo.ConstantName}

// whyNot explains why op was not converted.
func whyNot(op *ir.Operation) string {
	if err := ir.Verify(op, true); err != nil {
		return "it does not verify"
	}
	switch {
	case stablehlo.Is(op, stablehlo.GatherName):
		if p, ok := planOf(op); ok {
			if w := whyNotGather(p); w != "" {
				return w
			}
		}
	case stablehlo.Is(op, stablehlo.DynamicSliceName):
		return whyNotIndex(op.Operand(1))
	case stablehlo.Is(op, stablehlo.IotaName):
		return "its result shape is not static"
	}
	return "no pattern applies"
}

func whyNotIndex(v ir.Value) string {
	et := rt(v).Elem()
	if it, ok := et.(ir.IntegerType); !ok || it.Sign != ir.Signless || it.Width < 2 {
		return fmt.Sprintf("start index element type %s is not a signless integer (arith needs signless values)", et)
	}
	return "no pattern applies"
}

// Patterns returns the conversion patterns, for the stablehlo names and
// their mhlo spellings. They also serve --canonicalize.
func Patterns() []ir.Pattern {
	fns := map[string]func(op *ir.Operation, rw *ir.Rewriter) (bool, error){
		stablehlo.GatherName:           convertGather,
		stablehlo.DynamicSliceName:     convertDynamicSlice,
		stablehlo.SliceName:            convertSlice,
		stablehlo.TorchIndexSelectName: convertTorchIndexSelect,
		stablehlo.IotaName:             convertIota,
		stablehlo.ConstantName:         convertConstant,
	}
	var ps []ir.Pattern
	for _, n := range convertible {
		for _, name := range []string{n, stablehlo.MHLO(n)} {
			ps = append(ps, &ir.PatternFunc{RootName: name, PatternName: "stablehlo-to-tcp:" + name, Fn: fns[n]})
		}
	}
	return ps
}

func planOf(op *ir.Operation) (gatherPlan, bool) {
	d, err := stablehlo.DimsOf(op)
	if err != nil {
		return gatherPlan{}, false
	}
	p := gatherPlan{d: d, sizes: stablehlo.SliceSizes(op), x: op.Operand(0), s: op.Operand(1), out: rt(op.Result(0))}
	if _, err := stablehlo.VerifyGather(rt(p.x).Shape(), rt(p.s).Shape(), d, p.sizes); err != nil {
		return gatherPlan{}, false
	}
	return p, true
}

func convertGather(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	p, ok := planOf(op)
	if !ok || whyNotGather(p) != "" {
		return false, nil
	}
	rw.SetInsertionPointBefore(op)
	v := lowerGather(b{rw, op.Loc()}, p)
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// convertTorchIndexSelect converts through the gather it means
// (stablehlo.TorchIndexSelectDims).
func convertTorchIndexSelect(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, idx := op.Operand(0), op.Operand(1)
	a, bd := op.IntAttr("dim"), op.IntAttr("batch_dims")
	if ir.Verify(op, true) != nil {
		return false, nil
	}
	d, sizes := stablehlo.TorchIndexSelectDims(rt(x).Shape(), int64(rt(idx).Rank()), a, bd)
	p := gatherPlan{d: d, sizes: sizes, x: x, s: idx, out: rt(op.Result(0))}
	if _, err := stablehlo.VerifyGather(rt(x).Shape(), rt(idx).Shape(), d, sizes); err != nil || whyNotGather(p) != "" {
		return false, nil
	}
	rw.SetInsertionPointBefore(op)
	rw.ReplaceOp(op, []ir.Value{lowerGather(b{rw, op.Loc()}, p)})
	return true, nil
}

// convertSlice: stablehlo.slice is tcp.slice with constant starts, sizes
// ceil((limit - start) / stride) and strides.
func convertSlice(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if ir.Verify(op, true) != nil {
		return false, nil
	}
	start, limit, strides := stablehlo.SliceParams(op)
	rw.SetInsertionPointBefore(op)
	bb := b{rw, op.Loc()}
	n := len(start)
	st, sz, sd := make([]ir.Value, n), make([]ir.Value, n), make([]ir.Value, n)
	for i := range start {
		st[i] = bb.index(start[i])
		sz[i] = bb.index((limit[i] - start[i] + strides[i] - 1) / strides[i])
		sd[i] = bb.index(strides[i])
	}
	v := tcp.BuildSlice(rw, op.Loc(), op.Operand(0), st, sz, sd, op.Result(0).Type()).Result(0)
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// convertDynamicSlice: each start is read (tensor.extract), cast to index
// and clamped explicitly to [0, dim - size] with arith.maxsi/minsi, as the
// spec clamps; then one tcp.slice of the static sizes with stride 1.
func convertDynamicSlice(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if ir.Verify(op, true) != nil || whyNotIndex(op.Operand(1)) != "no pattern applies" {
		return false, nil
	}
	sizes := stablehlo.SliceSizes(op)
	rw.SetInsertionPointBefore(op)
	bb := b{rw, op.Loc()}
	x := op.Operand(0)
	n := len(sizes)
	st, sz, sd := make([]ir.Value, n), make([]ir.Value, n), make([]ir.Value, n)
	c0, c1 := bb.index(0), bb.index(1)
	for i := range sizes {
		e := tensor.Extract(rw, op.Loc(), op.Operand(1+i), nil).Result(0)
		v := arith.IndexCast(rw, op.Loc(), e, ir.Index).Result(0)
		var hi ir.Value
		if D := rt(x).Dim(i); D != ir.Dynamic {
			hi = bb.index(D - sizes[i])
		} else {
			hi = arith.Binary(rw, arith.SubIName, op.Loc(), bb.size(x, i), bb.index(sizes[i])).Result(0)
		}
		v = arith.Binary(rw, arith.MaxSIName, op.Loc(), v, c0).Result(0)
		v = arith.Binary(rw, arith.MinSIName, op.Loc(), v, hi).Result(0)
		st[i], sz[i], sd[i] = v, bb.index(sizes[i]), c1
	}
	v := tcp.BuildSlice(rw, op.Loc(), x, st, sz, sd, op.Result(0).Type()).Result(0)
	rw.ReplaceOp(op, []ir.Value{v})
	return true, nil
}

// convertIota: a static iota is a tcp.const.
func convertIota(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	t := rt(op.Result(0))
	if ir.Verify(op, true) != nil || !t.HasStaticShape() {
		return false, nil
	}
	dim := int(op.IntAttr("iota_dimension"))
	n := t.NumElements()
	stride := int64(1)
	for i := dim + 1; i < t.Rank(); i++ {
		stride *= t.Dim(i)
	}
	vals := make([]int64, n)
	for i := range vals {
		vals[i] = (int64(i) / stride) % t.Dim(dim)
	}
	var a *ir.DenseElementsAttr
	if _, ok := t.Elem().(ir.FloatType); ok {
		fs := make([]float64, n)
		for i, v := range vals {
			fs[i] = float64(v)
		}
		a = ir.NewDenseFloats(t, fs)
	} else {
		a = ir.NewDenseInts(t, vals)
	}
	rw.SetInsertionPointBefore(op)
	rw.ReplaceOp(op, []ir.Value{tcp.BuildConst(rw, op.Loc(), a).Result(0)})
	return true, nil
}

// convertConstant: stablehlo.constant is tcp.const.
func convertConstant(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	a, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok || ir.Type(a.Type) != op.Result(0).Type() {
		return false, nil
	}
	rw.SetInsertionPointBefore(op)
	rw.ReplaceOp(op, []ir.Value{tcp.BuildConst(rw, op.Loc(), a).Result(0)})
	return true, nil
}
