package stablehlototcp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
)

// Scatter regions other than one combiner:
//
//   - one input: the update_computation is copied into the combiner
//     region of a tcp scatter with combine = "region" (its block
//     arguments become the current element and the update, its
//     stablehlo.return a tcp.yield); the conversion driver then converts
//     the copied stablehlo ops like any other (to arith ops on 0-d
//     tensors). Only the scalar ops below are accepted (and converts of
//     a value to its own type, which the copy skips), so that the result
//     is a region tcp's verifier and backends take.
//   - N > 1 inputs: when result i of the region depends only on its own
//     pair of arguments (current i, update i), the scatter is split into N
//     one-input stablehlo.scatter ops on the same indices, each with the
//     part of the region that computes its result; they are then
//     converted one by one. The results are the same: a region that
//     decomposes so computes each output independently, in the same
//     update order. Otherwise (a result reads another input's element or
//     update, as a variadic arg-max does) the scatter is refused with a
//     located error: tcp's scatters have one input.

// regionScalarOps are the stablehlo ops a copied combiner region may hold
// (besides stablehlo.return): those whose conversion yields ops of
// tcp.RegionOps on 0-d tensors.
var regionScalarOps = []string{
	stablehlo.ConstantName, stablehlo.AddName, stablehlo.SubtractName, stablehlo.MultiplyName,
	stablehlo.DivideName, stablehlo.NegateName, stablehlo.AndName, stablehlo.OrName,
	stablehlo.MaximumName, stablehlo.MinimumName, stablehlo.CompareName, stablehlo.SelectName,
}

func isRegionScalarOp(o *ir.Operation) bool {
	if identityConvert(o) {
		return true
	}
	for _, n := range regionScalarOps {
		if stablehlo.Is(o, n) {
			return true
		}
	}
	return false
}

// identityConvert reports a stablehlo.convert to its own type (jax's
// jnp.clip converts its bounds so): the copy reads its operand instead.
func identityConvert(o *ir.Operation) bool {
	return stablehlo.Is(o, stablehlo.ConvertName) && o.NumOperands() == 1 && o.NumResults() == 1 &&
		o.Operand(0).Type().String() == o.Result(0).Type().String()
}

// regionBlock returns the single block of op's update_computation.
func regionBlock(op *ir.Operation) (*ir.Block, error) {
	if len(op.Regions()) != 1 || len(op.Region(0).Blocks) != 1 {
		return nil, fmt.Errorf("its update_computation is not one block")
	}
	b := op.Region(0).Blocks[0]
	if l := b.Last(); l == nil || !stablehlo.Is(l, stablehlo.ReturnName) {
		return nil, fmt.Errorf("its update_computation does not end in stablehlo.return")
	}
	return b, nil
}

// checkRegionOps checks that the ops of b (but its return) are scalar ops
// a combiner region takes, on values defined in b.
func checkRegionOps(b *ir.Block) error {
	for o := b.First(); o != b.Last(); o = o.Next() {
		if !isRegionScalarOp(o) || len(o.Regions()) != 0 {
			return fmt.Errorf("its update_computation holds %s, which a tcp combiner region does not take (it takes %s)", o.Name(), strings.Join(regionScalarOps, ", "))
		}
		for _, v := range o.Operands() {
			if !definedIn(v, b) {
				return fmt.Errorf("its update_computation reads a value defined outside it")
			}
		}
		for i := 0; i < o.NumResults(); i++ {
			if rt, ok := o.Result(i).Type().(*ir.RankedTensorType); !ok || rt.Rank() != 0 {
				return fmt.Errorf("its update_computation computes %s, not a 0-d tensor", o.Result(i).Type())
			}
		}
	}
	for _, v := range b.Last().Operands() {
		if !definedIn(v, b) {
			return fmt.Errorf("its update_computation returns a value defined outside it")
		}
	}
	return nil
}

func definedIn(v ir.Value, b *ir.Block) bool {
	switch v := v.(type) {
	case *ir.BlockArgument:
		return v.Owner() == b
	case *ir.OpResult:
		return v.Owner().Block() == b
	}
	return false
}

// slice returns the ops of b (but its return) that the value v depends
// on, in block order, and the block arguments it reads.
func slice(b *ir.Block, v ir.Value) ([]*ir.Operation, map[int]bool) {
	need := map[*ir.Operation]bool{}
	args := map[int]bool{}
	var visit func(ir.Value)
	visit = func(v ir.Value) {
		switch v := v.(type) {
		case *ir.BlockArgument:
			args[v.Index()] = true
		case *ir.OpResult:
			o := v.Owner()
			if need[o] {
				return
			}
			need[o] = true
			for _, w := range o.Operands() {
				visit(w)
			}
		}
	}
	visit(v)
	var ops []*ir.Operation
	for o := b.First(); o != b.Last(); o = o.Next() {
		if need[o] {
			ops = append(ops, o)
		}
	}
	return ops, args
}

// copyOps clones ops (of one block, in order) into dst, mapping operands
// through m (which the clones' results are added to).
func copyOps(ops []*ir.Operation, dst *ir.Block, m map[ir.Value]ir.Value) {
	for _, o := range ops {
		if identityConvert(o) {
			m[o.Result(0)] = m[o.Operand(0)]
			continue
		}
		c := o.Clone()
		for i, v := range o.Operands() {
			c.SetOperand(i, m[v])
		}
		dst.Append(c)
		for i := 0; i < o.NumResults(); i++ {
			m[o.Result(i)] = c.Result(i)
		}
	}
}

// combinerBlock copies the update_computation of the one-input scatter op
// into a new tcp combiner block (block arguments of tensor<elem>, a
// tcp.yield), or says why it cannot.
func combinerBlock(op *ir.Operation, elem ir.Type) (*ir.Block, error) {
	b, err := regionBlock(op)
	if err != nil {
		return nil, err
	}
	want := ir.RankedTensor(nil, elem).String()
	if b.NumArguments() != 2 || b.Argument(0).Type().String() != want || b.Argument(1).Type().String() != want {
		return nil, fmt.Errorf("its update_computation does not take two %s arguments", want)
	}
	if err := checkRegionOps(b); err != nil {
		return nil, err
	}
	ret := b.Last()
	if ret.NumOperands() != 1 {
		return nil, fmt.Errorf("its update_computation returns %d values, not 1", ret.NumOperands())
	}
	nb := tcp.NewCombinerBlock(elem, op.Loc())
	m := map[ir.Value]ir.Value{b.Argument(0): nb.Argument(0), b.Argument(1): nb.Argument(1)}
	var ops []*ir.Operation
	for o := b.First(); o != ret; o = o.Next() {
		ops = append(ops, o)
	}
	copyOps(ops, nb, m)
	nb.Append(ir.NewOperation(&ir.OperationState{Name: ir.Global.Lookup(tcp.YieldName), Loc: ret.Loc(), Operands: []ir.Value{m[ret.Operand(0)]}}))
	return nb, nil
}

// splitScatter splits a scatter of N > 1 inputs whose region decomposes
// into N one-input scatters, or fails saying why it cannot.
func splitScatter(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	inputs, s, ups := stablehlo.ScatterParts(op)
	n := len(inputs)
	b, err := regionBlock(op)
	if err != nil {
		return fail(op, "a scatter of %d inputs: %v", n, err)
	}
	if b.NumArguments() != 2*n || b.Last().NumOperands() != n {
		return fail(op, "a scatter of %d inputs needs an update_computation of %d arguments and %d results", n, 2*n, n)
	}
	ret := b.Last()
	parts := make([][]*ir.Operation, n)
	for i := 0; i < n; i++ {
		ops, args := slice(b, ret.Operand(i))
		for a := 0; a < 2*n; a++ {
			if args[a] && a != i && a != n+i {
				return fail(op, "a scatter of %d inputs whose update_computation computes result #%d from argument #%d (another input's element or update) is not supported: tcp's scatters have one input, and the region does not split into one per input", n, i, a)
			}
		}
		parts[i] = ops
	}
	for _, o := range b.Ops() {
		if len(o.Regions()) != 0 {
			return fail(op, "a scatter of %d inputs whose update_computation has nested regions is not supported", n)
		}
		for _, v := range o.Operands() {
			if !definedIn(v, b) {
				return fail(op, "a scatter of %d inputs whose update_computation reads a value defined outside it is not supported", n)
			}
		}
	}
	rw.SetInsertionPointBefore(op)
	results := make([]ir.Value, n)
	for i := 0; i < n; i++ {
		nb := ir.NewBlock([]ir.Type{b.Argument(i).Type(), b.Argument(n + i).Type()}, []ir.Location{b.Argument(i).Loc, b.Argument(n + i).Loc})
		m := map[ir.Value]ir.Value{b.Argument(i): nb.Argument(0), b.Argument(n + i): nb.Argument(1)}
		copyOps(parts[i], nb, m)
		nb.Append(ir.NewOperation(&ir.OperationState{Name: ret.OpName(), Loc: ret.Loc(), Operands: []ir.Value{m[ret.Operand(i)]}}))
		one := ir.NewOperation(&ir.OperationState{
			Name:     op.OpName(),
			Loc:      op.Loc(),
			Operands: []ir.Value{inputs[i], s, ups[i]},
			Types:    []ir.Type{op.Result(i).Type()},
			Attrs:    slices.Clone(op.Attrs()),
			Regions:  []*ir.Region{ir.NewRegion(nb)},
		})
		results[i] = rw.Insert(one).Result(0)
	}
	rw.ReplaceOp(op, results)
	return true, nil
}

// createScatter inserts the tcp scatter name with the combiner block
// body (nil for a named combine).
func (bb b) createScatter(name string, operands []ir.Value, attrs []ir.NamedAttr) *ir.Operation {
	if bb.body == nil {
		return bb.rw.Create(name, bb.loc, operands, []ir.Type{operands[0].Type()}, attrs)
	}
	return bb.rw.Insert(ir.NewOperation(&ir.OperationState{
		Name:     bb.rw.Registry.Lookup(name),
		Loc:      bb.loc,
		Operands: operands,
		Types:    []ir.Type{operands[0].Type()},
		Attrs:    attrs,
		Regions:  []*ir.Region{ir.NewRegion(bb.body)},
	}))
}
