package tcp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// CombineRegion is the combine of a scatter whose combiner is its region
// (a computation of scalar ops, such as jax's x.at[i].apply(f)).
const CombineRegion = "region"

// YieldName is tcp.yield, the terminator of a scatter's combiner region.
const YieldName = "tcp.yield"

// RegionOps lists the ops a scatter's combiner region may hold besides
// its tcp.yield: scalar (0-d tensor) arithmetic that the interpreter, the
// Go backend and the frontends agree on. Integer division and remainder
// are left out (their error on a zero divisor would have to be raised in
// the kernel loop).
var RegionOps = []string{
	ConstName, "arith.constant",
	"arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maxf", "arith.minf", "arith.negf",
	"arith.addi", "arith.subi", "arith.muli", "arith.andi", "arith.ori", "arith.maxsi", "arith.minsi",
	"arith.cmpi", "arith.cmpf", "arith.select",
}

const regionDoc = `
Combiner region (combine = "region"): the op carries one region of one
block with two arguments, the current element and the update, both 0-d
tensors of the element type (tensor<T>), ending in tcp.yield of one
tensor<T>: out[q] = region(out[q], u). It is applied once per update, in
the same row-major order as the named combiners (duplicates apply the
region again to the element the previous update produced). The region
holds only 0-d tensor ops of this list: ` + "tcp.const, arith.constant, addf, subf, mulf, divf, maxf, minf, negf, addi, subi, muli, andi, ori, maxsi, minsi, cmpi, cmpf, select" + `
(arith ops), each operand defined in the region (it sees no value from
outside). A region of one of the named combiners is printed as that
combiner instead (the frontends convert it so).`

// Yield is tcp.yield.
var Yield = ir.MustRegister(ir.OpDef{
	Name:    YieldName,
	Summary: "the value a scatter's combiner region produces",
	Description: `Terminates the combiner region of tcp.scatter / tcp.scatter_nd
(combine = "region"): its one operand, a 0-d tensor of the scatter's
element type, is the new value of the output element.

Verifier rules: none of its own; the scatter whose region it ends checks
the operand count and type. Backends reject it anywhere else.`,
	Examples: []string{"tcp.yield %0 : tensor<f32>"},
	Operands: []ir.OperandDef{{Name: "values", Type: ir.AnyType, Variadic: true}},
	Traits:   []ir.Trait{ir.Pure, ir.Terminator},
	Format:   "attr-dict ($values^ `:` type($values))?",
})

// CombinerRegion returns the combiner block of a scatter with
// combine = "region", or nil.
func CombinerRegion(op *ir.Operation) *ir.Block {
	if len(op.Regions()) != 1 || len(op.Region(0).Blocks) != 1 {
		return nil
	}
	return op.Region(0).Blocks[0]
}

// scalarOf reports whether t is a 0-d tensor, and its element type.
func scalarOf(t ir.Type) (ir.Type, bool) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || rt.Rank() != 0 {
		return nil, false
	}
	return rt.Elem(), true
}

// verifyCombiner checks the combine attribute against the regions and,
// for combine = "region", the region's signature and ops.
func verifyCombiner(op *ir.Operation, elem ir.Type) error {
	c := CombineOf(op)
	n := len(op.Regions())
	if c != CombineRegion {
		if n != 0 {
			return op.EmitOpError("has a combiner region but combine = %q (a region needs combine = \"region\")", c)
		}
		return nil
	}
	if n != 1 {
		return op.EmitOpError("with combine = \"region\" expects one combiner region, got %d", n)
	}
	if len(op.Region(0).Blocks) != 1 {
		return op.EmitOpError("expects a combiner region of one block, got %d", len(op.Region(0).Blocks))
	}
	b := op.Region(0).Blocks[0]
	want := ir.RankedTensor(nil, elem)
	if b.NumArguments() != 2 {
		return op.EmitOpError("expects a combiner region with 2 arguments (current element, update) of type %s, got %d", want, b.NumArguments())
	}
	for i, a := range b.Arguments() {
		if a.Type().String() != want.String() {
			return op.EmitOpError("expects combiner argument #%d of type %s, got %s", i, want, a.Type())
		}
	}
	inRegion := func(v ir.Value) bool {
		switch v := v.(type) {
		case *ir.BlockArgument:
			return v.Owner() == b
		case *ir.OpResult:
			return v.Owner().Block() == b
		}
		return false
	}
	last := b.Last()
	if last == nil || last.Name() != YieldName {
		return op.EmitOpError("expects its combiner region to end in %s", YieldName)
	}
	if last.NumOperands() != 1 || last.Operand(0).Type().String() != want.String() {
		var ts []string
		for _, v := range last.Operands() {
			ts = append(ts, v.Type().String())
		}
		return last.EmitOpError("must yield one %s from the combiner region of %s, got (%s)", want, op.Name(), strings.Join(ts, ", "))
	}
	for o := b.First(); o != nil; o = o.Next() {
		if o != last && !slices.Contains(RegionOps, o.Name()) {
			return o.EmitOpError("is not allowed in the combiner region of %s (allowed: %s)", op.Name(), strings.Join(RegionOps, ", "))
		}
		if len(o.Regions()) != 0 {
			return o.EmitOpError("must not have regions in a scatter's combiner region")
		}
		for i, v := range o.Operands() {
			if !inRegion(v) {
				return o.EmitOpError("operand #%d is defined outside the combiner region of %s (the region is isolated)", i, op.Name())
			}
			if _, ok := scalarOf(v.Type()); !ok {
				return o.EmitOpError("operand #%d has type %s; a combiner region computes on 0-d tensors", i, v.Type())
			}
		}
		for i := 0; i < o.NumResults(); i++ {
			if _, ok := scalarOf(o.Result(i).Type()); !ok {
				return o.EmitOpError("result #%d has type %s; a combiner region computes on 0-d tensors", i, o.Result(i).Type())
			}
		}
	}
	return nil
}

// NewCombinerBlock returns an empty combiner block for element type elem:
// arguments (current, update) of type tensor<elem>.
func NewCombinerBlock(elem ir.Type, loc ir.Location) *ir.Block {
	t := ir.RankedTensor(nil, elem)
	return ir.NewBlock([]ir.Type{t, t}, []ir.Location{loc, loc})
}

// BuildScatterRegion inserts tcp.scatter (batchDims < 0: dim is dim) or
// tcp.scatter_nd with combine = "region" and the combiner block body
// (taken over by the op). a.Combine is ignored.
func BuildScatterRegion(rw *ir.Rewriter, loc ir.Location, name string, input, indices, updates ir.Value, axis int64, a ScatterAttrs, body *ir.Block) (*ir.Operation, error) {
	a.Combine = ""
	var attrs []ir.NamedAttr
	switch name {
	case ScatterName:
		attrs = append(attrs, ir.NamedAttr{Name: "dim", Value: ir.IndexAttr(axis)})
	case ScatterNDName:
		if axis != 0 {
			attrs = append(attrs, ir.NamedAttr{Name: "batch_dims", Value: ir.IndexAttr(axis)})
		}
	default:
		return nil, fmt.Errorf("BuildScatterRegion: %s is not a scatter", name)
	}
	attrs = append(attrs, ir.NamedAttr{Name: "combine", Value: ir.Str(CombineRegion)})
	attrs = append(attrs, a.named()...)
	op := ir.NewOperation(&ir.OperationState{
		Name:     rw.Registry.Lookup(name),
		Loc:      loc,
		Operands: []ir.Value{input, indices, updates},
		Types:    []ir.Type{input.Type()},
		Attrs:    attrs,
		Regions:  []*ir.Region{ir.NewRegion(body)},
	})
	return rw.Insert(op), nil
}

// regionToCombine is the canonicalization of a combiner region that
// computes one of the named combiners exactly: tcp.yield of the update
// becomes replace, and one integer op of the two arguments (addi, muli,
// andi, ori; maxsi, minsi off i1) yielded becomes add, mul, and, or, max,
// min. The named combiners' rules are those of these ops on integers
// (wrapping, signed order), so the result is the same; float regions stay
// (their NaN results depend on the operand order, which a named combiner
// fixes).
var regionToCombine = &ir.PatternFunc{PatternName: "ScatterRegionToCombine", Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if CombineOf(op) != CombineRegion {
		return false, nil
	}
	c := namedCombiner(op)
	if c == "" {
		return false, nil
	}
	var attrs []ir.NamedAttr
	for _, a := range op.Attrs() {
		if a.Name != "combine" {
			attrs = append(attrs, a)
		} else if c != CombineReplace {
			attrs = append(attrs, ir.NamedAttr{Name: "combine", Value: ir.Str(c)})
		}
	}
	rw.SetInsertionPointBefore(op)
	n := rw.Create(op.Name(), op.Loc(), op.Operands(), op.ResultTypes(), attrs)
	rw.ReplaceOp(op, []ir.Value{n.Result(0)})
	return true, nil
}}

// namedCombiner returns the named combiner op's region computes exactly,
// or "".
func namedCombiner(op *ir.Operation) string {
	b := CombinerRegion(op)
	if b == nil || b.NumArguments() != 2 {
		return ""
	}
	ops := b.Ops()
	cur, upd := ir.Value(b.Argument(0)), ir.Value(b.Argument(1))
	last := ops[len(ops)-1]
	if last.Name() != YieldName || last.NumOperands() != 1 {
		return ""
	}
	if len(ops) == 1 && last.Operand(0) == upd {
		return CombineReplace
	}
	if len(ops) != 2 || ops[0].NumOperands() != 2 || ops[0].NumResults() != 1 || last.Operand(0) != ops[0].Result(0) {
		return ""
	}
	x, y := ops[0].Operand(0), ops[0].Operand(1)
	if !(x == cur && y == upd || x == upd && y == cur) {
		return ""
	}
	elem := ir.ElementType(op.Result(0).Type())
	it, isInt := elem.(ir.IntegerType)
	_, isIndex := elem.(ir.IndexType)
	if isInt && it.Sign != ir.Signless {
		return ""
	}
	wide := isIndex || isInt && it.Width > 1
	switch ops[0].Name() {
	case "arith.andi":
		return CombineAnd
	case "arith.ori":
		return CombineOr
	case "arith.addi":
		if wide {
			return CombineAdd
		}
	case "arith.muli":
		if wide {
			return CombineMul
		}
	case "arith.maxsi":
		if wide {
			return CombineMax
		}
	case "arith.minsi":
		if wide {
			return CombineMin
		}
	}
	return ""
}
