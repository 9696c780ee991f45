package fuse

import (
	"sort"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes"
)

var info = &pass.Info{
	Argument:    "tcp-fuse",
	Name:        "TcpFuse",
	Description: "Compose chains of tcp gathers, slices and broadcasts (gather of gather, slice of slice, broadcast of broadcast)",
	Anchor:      pass.AnyOp,
	New:         func(pass.Options) (pass.Pass, error) { return Pass{}, nil },
}

func init() { pass.Register(info) }

// Pass is tcp-fuse.
type Pass struct{}

func (Pass) Info() *pass.Info { return info }

// Run applies Patterns greedily to the regions of op.
func (Pass) Run(op *ir.Operation) error {
	_, err := passes.ApplyPatternsGreedily(op, Patterns(), passes.DefaultGreedyConfig())
	return err
}

// Patterns returns the fusion patterns.
func Patterns() []ir.Pattern {
	var ps []ir.Pattern
	ps = append(ps, &ir.PatternFunc{RootName: tcp.GatherName, PatternName: "gather-of-gather", Fn: gatherOfGather})
	ps = append(ps, &ir.PatternFunc{RootName: tcp.SliceName, PatternName: "slice-of-slice", Fn: sliceOfSlice})
	for _, n := range []string{tcp.BroadcastToName, tcp.BroadcastName} {
		ps = append(ps, &ir.PatternFunc{RootName: n, PatternName: "broadcast-of-broadcast", Fn: broadcastOfBroadcast})
	}
	return ps
}

func ranked(v ir.Value) *ir.RankedTensorType { t, _ := v.Type().(*ir.RankedTensorType); return t }

func gatherOfGather(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	outer := tcp.GatherOp{Operation: op}
	def := outer.Input().DefiningOp()
	if def == nil || def.Name() != tcp.GatherName || !ir.HasOneUse(outer.Input()) {
		return false, nil
	}
	inner := tcp.GatherOp{Operation: def}
	d := outer.Dim()
	if inner.Dim() != d || outer.Mode() == tcp.ModeFill {
		return false, nil
	}
	switch inner.Mode() {
	case tcp.ModePromiseInBounds, tcp.ModeFill:
	case tcp.ModeClip, tcp.ModeWrap:
		if s := ranked(inner.Input()).Dim(int(d)); s == ir.Dynamic || s == 0 {
			return false, nil
		}
	default:
		return false, nil
	}
	rw.SetInsertionPointBefore(op)
	jt := ranked(outer.Indices())
	it := ranked(inner.Indices())
	k := tcp.BuildGather(rw, op.Loc(), inner.Indices(), outer.Indices(), d, outer.Mode(), ir.RankedTensor(jt.Shape(), it.Elem()))
	g := tcp.BuildGather(rw, op.Loc(), inner.Input(), k.Result(0), d, inner.Mode(), op.Result(0).Type())
	if fv := def.Attr("fill_value"); fv != nil {
		g.SetAttr("fill_value", fv)
	}
	rw.ReplaceOp(op, []ir.Value{g.Result(0)})
	return true, nil
}

func consts(vs []ir.Value) ([]int64, bool) {
	out := make([]int64, len(vs))
	for i, v := range vs {
		c, ok := ir.ConstantInt(v)
		if !ok {
			return nil, false
		}
		out[i] = c
	}
	return out, true
}

func sliceOfSlice(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	outer := tcp.SliceOp{Operation: op}
	def := outer.In().DefiningOp()
	if def == nil || def.Name() != tcp.SliceName {
		return false, nil
	}
	inner := tcp.SliceOp{Operation: def}
	s1, ok1 := consts(inner.Starts())
	n1, ok2 := consts(inner.Sizes())
	t1, ok3 := consts(inner.Strides())
	s2, ok4 := consts(outer.Starts())
	n2, ok5 := consts(outer.Sizes())
	t2, ok6 := consts(outer.Strides())
	in := ranked(inner.In())
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || !in.HasStaticShape() {
		return false, nil
	}
	valid := func(s, n, t, dim int64) bool {
		if t == 0 || n < 0 {
			return false
		}
		if n == 0 {
			return true
		}
		last := s + t*(n-1) // small: dims are static and checked below
		return s >= 0 && s < dim && last >= 0 && last < dim
	}
	r := in.Rank()
	starts, strides := make([]int64, r), make([]int64, r)
	for d := 0; d < r; d++ {
		if abs(t1[d]) > 1<<20 || abs(t2[d]) > 1<<20 || !valid(s1[d], n1[d], t1[d], in.Dim(d)) || !valid(s2[d], n2[d], t2[d], n1[d]) {
			return false, nil
		}
		starts[d], strides[d] = s1[d]+t1[d]*s2[d], t1[d]*t2[d]
		if n2[d] == 0 {
			starts[d] = 0
		}
	}
	rw.SetInsertionPointBefore(op)
	mk := func(vs []int64) []ir.Value {
		out := make([]ir.Value, len(vs))
		for i, v := range vs {
			out[i] = arith.ConstantIndex(rw, op.Loc(), v).Result(0)
		}
		return out
	}
	s := tcp.BuildSlice(rw, op.Loc(), inner.In(), mk(starts), outer.Sizes(), mk(strides), op.Result(0).Type())
	rw.ReplaceOp(op, []ir.Value{s.Result(0)})
	return true, nil
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func broadcastOfBroadcast(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	outer := tcp.BroadcastOp{Operation: op}
	def := outer.In().DefiningOp()
	if !tcp.IsBroadcast(def) {
		return false, nil
	}
	inner := tcp.BroadcastOp{Operation: def}
	type ax struct {
		a int64
		s ir.Value
	}
	var all []ax
	seen := map[int64]bool{}
	for k, a := range inner.Axes() {
		all = append(all, ax{a, inner.NewDimSizes()[k]})
		seen[a] = true
	}
	for k, a := range outer.Axes() {
		if seen[a] {
			return false, nil
		}
		all = append(all, ax{a, outer.NewDimSizes()[k]})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].a < all[j].a })
	axes := make([]int64, len(all))
	sizes := make([]ir.Value, len(all))
	for i, x := range all {
		axes[i], sizes[i] = x.a, x.s
	}
	rw.SetInsertionPointBefore(op)
	b := tcp.BuildBroadcastTo(rw, op.Loc(), inner.In(), sizes, axes, op.Result(0).Type())
	rw.ReplaceOp(op, []ir.Value{b.Result(0)})
	return true, nil
}
