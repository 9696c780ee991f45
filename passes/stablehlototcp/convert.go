package stablehlototcp

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
)

// Argument is the pass's pipeline name and tcp-opt flag.
const Argument = "convert-stablehlo-to-tcp"

// Frontend is the stablehlo frontend (with the mhlo spellings) as
// registered in passes/frontends: --convert-stablehlo-to-tcp, part of
// --convert-frontends-to-tcp, and the canonicalization patterns of the
// stablehlo and mhlo ops.
var Frontend = frontends.Frontend{
	Name:        "stablehlo",
	Dialects:    []string{"stablehlo", "mhlo"},
	Conversions: conversions(),
}

func init() {
	frontends.Register(Frontend)
	ir.RegisterPass(frontends.NewPassInfo(Argument, "Convert the stablehlo and mhlo gather family (gather, dynamic_slice, slice, torch_index_select, iota, constant) to tcp", "stablehlo"))
}

// Run converts the stablehlo and mhlo ops nested in root (the pass).
func Run(root *ir.Operation) error { return frontends.Apply(root, &Frontend) }

var convertible = []string{stablehlo.GatherName, stablehlo.DynamicSliceName, stablehlo.SliceName,
	stablehlo.TorchIndexSelectName, stablehlo.IotaName, stablehlo.ConstantName}

// fail is the located conversion error.
func fail(op *ir.Operation, format string, args ...any) (bool, error) {
	return false, op.EmitOpError("cannot be converted to tcp: "+format, args...)
}

func conversions() []frontends.Conversion {
	fns := map[string]func(op *ir.Operation, rw *ir.Rewriter) (bool, error){
		stablehlo.GatherName:           convertGather,
		stablehlo.DynamicSliceName:     convertDynamicSlice,
		stablehlo.SliceName:            convertSlice,
		stablehlo.TorchIndexSelectName: convertTorchIndexSelect,
		stablehlo.IotaName:             convertIota,
		stablehlo.ConstantName:         convertConstant,
	}
	var cs []frontends.Conversion
	for _, n := range convertible {
		for _, name := range []string{n, stablehlo.MHLO(n)} {
			cs = append(cs, frontends.Conversion{Root: name, Name: "StablehloToTcp:" + name, Convert: fns[n]})
		}
	}
	return cs
}

// verified reports an op that does not verify as a conversion failure (the
// patterns assume the verifier's guarantees).
func verified(op *ir.Operation) error {
	if err := ir.Verify(op, true); err != nil {
		return op.EmitOpError("cannot be converted to tcp: it does not verify")
	}
	return nil
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
	if err := verified(op); err != nil {
		return false, err
	}
	p, _ := planOf(op)
	return convertPlan(op, rw, p)
}

// convertPlan converts a valid gather (or the gather a
// torch_index_select means): the take pattern through the shared §5.1
// recipe, every other configuration through lowerGather.
func convertPlan(op *ir.Operation, rw *ir.Rewriter, p gatherPlan) (bool, error) {
	if why := whyNotGather(p); why != "" {
		return fail(op, "%s", why)
	}
	rw.SetInsertionPointBefore(op)
	bb := newB(rw, op.Loc())
	if a, bd, ok := takePattern(p); ok {
		v, err := bb.take(p, a, bd)
		if err != nil {
			return fail(op, "%v", err)
		}
		rw.ReplaceOp(op, []ir.Value{v})
		return true, nil
	}
	rw.ReplaceOp(op, []ir.Value{lowerGather(bb, p)})
	return true, nil
}

// convertTorchIndexSelect converts through the gather it means
// (stablehlo.TorchIndexSelectDims).
func convertTorchIndexSelect(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	x, idx := op.Operand(0), op.Operand(1)
	a, bd := op.IntAttr("dim"), op.IntAttr("batch_dims")
	d, sizes := stablehlo.TorchIndexSelectDims(rt(x).Shape(), int64(rt(idx).Rank()), a, bd)
	return convertPlan(op, rw, gatherPlan{d: d, sizes: sizes, x: x, s: idx, out: rt(op.Result(0))})
}

// convertSlice: stablehlo.slice is tcp.slice with constant starts, sizes
// ceil((limit - start) / stride) and strides.
func convertSlice(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	start, limit, strides := stablehlo.SliceParams(op)
	rw.SetInsertionPointBefore(op)
	bb := newB(rw, op.Loc())
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
	if err := verified(op); err != nil {
		return false, err
	}
	if len(op.Operands()) > 1 {
		et := rt(op.Operand(1)).Elem()
		if it, ok := et.(ir.IntegerType); !ok || it.Sign != ir.Signless || it.Width < 2 {
			return fail(op, "start index element type %s is not a signless integer (arith computes on signless values)", et)
		}
	}
	sizes := stablehlo.SliceSizes(op)
	rw.SetInsertionPointBefore(op)
	bb := newB(rw, op.Loc())
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
	if err := verified(op); err != nil {
		return false, err
	}
	if !t.HasStaticShape() {
		return fail(op, "its result shape %s is not static", t)
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
		return false, verified(op)
	}
	rw.SetInsertionPointBefore(op)
	rw.ReplaceOp(op, []ir.Value{tcp.BuildConst(rw, op.Loc(), a).Result(0)})
	return true, nil
}
