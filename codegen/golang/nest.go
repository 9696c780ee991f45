package golang

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/codegen/golang/gatherrow"
	"github.com/tcp-project/tcp/codegen/golang/revrow"
	"github.com/tcp-project/tcp/dialect/arith"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/dialect/tcp"
	tensord "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
)

// newNest starts a loop nest over dims: one loop per dim that is not the
// constant 1 (those read coordinate 0). It returns the coordinates.
func (f *funcGen) newNest(ds []poly) (*nest, []poly) {
	n := &nest{id: f.nests}
	f.nests++
	coords := make([]poly, len(ds))
	for d, s := range ds {
		if c, ok := s.constant(); ok && c == 1 {
			coords[d] = poly{}
			continue
		}
		v := fmt.Sprintf("i%d_%d", n.id, len(n.vars))
		f.level[v] = len(n.vars)
		n.vars = append(n.vars, v)
		n.sizes = append(n.sizes, s)
		n.lets = append(n.lets, newBlock())
		n.dims = append(n.dims, d)
		coords[d] = patom(v)
	}
	return n, coords
}

// loops prints levels from..to-1 of n around inner; level 0 runs over
// [lo, hi) when lo is not empty.
func (n *nest) loops(from, to int, lo, hi, inner string) string {
	if from >= to {
		return inner
	}
	v := n.vars[from]
	start, end := "0", n.sizes[from].String()
	split := from == 0 && !n.splitInner || from == len(n.vars)-1 && n.splitInner
	if split && lo != "" {
		start, end = lo, hi
	}
	stmts := append([]string{}, n.lets[from].stmts...)
	if in := n.loops(from+1, to, lo, hi, inner); in != "" {
		stmts = append(stmts, in)
	}
	body := strings.Join(stmts, "\n")
	if from == 0 && n.pieces != "" && lo != "" {
		// [lo, hi) counts pieces of level-0 runs (see runPieces).
		j := "piece%" + n.pieces
		if n.piecesDown {
			j = fmt.Sprintf("(%s-1-%s)", n.pieces, j)
		}
		return fmt.Sprintf("for piece := %s; piece < %s; piece++ {\n%s := piece / %s\nplo, phi := %s*%s/%s, (%s+1)*%s/%s\n%s\n}",
			lo, hi, v, n.pieces, j, n.pieceRun, n.pieces, j, n.pieceRun, n.pieces, body)
	}
	if n.flat && lo != "" && from <= 1 {
		// [lo, hi) counts level-1 iterations over levels 0 and 1: level
		// 0 runs over the rows it touches, level 1 over its part of each.
		s1 := n.sizes[1].paren()
		if from == 0 {
			return fmt.Sprintf("for %s := %s / %s; %s*%s < %s; %s++ {\n%s\n}", v, lo, s1, v, s1, hi, v, body)
		}
		v0 := n.vars[0]
		loop := fmt.Sprintf("for %s := %slo; %s < %shi; %s++ {\n%s\n}", v, v, v, v, v, body)
		if n.innerCall != "" && n.callRuns && from == n.callLevel {
			// The call does the worker's part [vlo, vhi) of the row.
			loop = n.innerCall
		}
		return fmt.Sprintf("%slo, %shi := 0, %s\nif %s*%s < %s {\n%slo = %s - %s*%s\n}\nif %s-%s*%s < %shi {\n%shi = %s - %s*%s\n}\n%s",
			v, v, s1, v0, s1, lo, v, lo, v0, s1, hi, v0, s1, v, v, hi, v0, s1, loop)
	}
	if n.innerCall != "" && (!n.callRuns && from == len(n.vars)-1 || n.callRuns && from == n.callLevel) {
		return n.innerCall
	}
	if from == len(n.vars)-1 && n.rangeOver != "" {
		if split && lo != "" {
			return fmt.Sprintf("for %s := %s; %s < %s; %s++ {\n%s := %s[%s]\n%s\n}", v, start, v, end, v, n.rangeVal, n.rangeOver, v, body)
		}
		return fmt.Sprintf("for %s, %s := range %s {\n%s\n}", v, n.rangeVal, n.rangeOver, body)
	}
	if n.rows && from == len(n.vars)-1 && n.rowOf != "" && !(split && lo != "") {
		return fmt.Sprintf("for %s := range %s {\n%s\n}", v, n.rowOf, body)
	}
	return fmt.Sprintf("for %s := %s; %s < %s; %s++ {\n%s\n}", v, start, v, end, v, body)
}

// check emits the runtime checks the interpreter makes for op, in place.
func (f *funcGen) check(op *ir.Operation) error {
	switch op.Name() {
	case tcp.GatherName:
		return f.checkGather(tcp.GatherOp{Operation: op})
	case tcp.GatherNDName:
		return f.checkGatherND(tcp.GatherNDOp{Operation: op})
	case tcp.ScatterName, tcp.ScatterNDName:
		if err := f.checkScatter(op); err != nil {
			return err
		}
		return f.materialize(op)
	case tcp.BroadcastToName, tcp.BroadcastName:
		bo := tcp.BroadcastOp{Operation: op}
		for k, sz := range bo.NewDimSizes() {
			s, err := f.scalar(sz)
			if err != nil {
				return err
			}
			if _, ok := s.constant(); !ok {
				f.stmt("if %s < 0 {\nreturn %s\n}", s, f.errf("new_dim_sizes[%d] = %%d is negative", []any{k}, s.String()))
			}
		}
	case tcp.IotaName:
		for k, sz := range op.Operands() {
			s, err := f.scalar(sz)
			if err != nil {
				return err
			}
			if _, ok := s.constant(); !ok {
				f.stmt("if %s < 0 {\nreturn %s\n}", s, f.errf("size #%d = %%d is negative", []any{k}, s.String()))
			}
		}
	case tensord.ExtractSliceName:
		return f.checkExtractSlice(op)
	case tensord.InsertSliceName:
		return f.checkInsertSlice(op)
	case tcp.SliceName:
		so := tcp.SliceOp{Operation: op}
		in, err := f.dims(so.In())
		if err != nil {
			return err
		}
		for d := range in {
			s, err1 := f.scalar(so.Starts()[d])
			n, err2 := f.scalar(so.Sizes()[d])
			t, err3 := f.scalar(so.Strides()[d])
			for _, e := range []error{err1, err2, err3} {
				if e != nil {
					return e
				}
			}
			_, c1 := s.constant()
			_, c2 := n.constant()
			_, c3 := t.constant()
			_, c4 := in[d].constant()
			if c1 && c2 && c3 && c4 {
				continue // the verifier checked it
			}
			f.g.used["slice"] = true
			f.stmt("if err := tcpCheckSlice(%d, %s, %s, %s, %s); err != nil {\nreturn err\n}", d, in[d], s, n, t)
		}
	}
	return nil
}

// root strips view ops off an index value: they neither drop nor add
// values, so checking the root's elements checks the view's.
func root(v ir.Value) ir.Value {
	for isView(v.DefiningOp()) {
		v = v.DefiningOp().Operand(0)
	}
	return v
}

// guarded emits code under `if cond {…}`; a constant-true cond emits it
// plainly, a constant-false one not at all.
func (f *funcGen) guarded(n poly, cond string, body func() error) error {
	c, isConst := n.constant()
	if isConst && c == 0 {
		return nil
	}
	f.push()
	if err := body(); err != nil {
		return err
	}
	code := f.pop()
	if isConst && cond == "" {
		f.stmt("%s", code)
		return nil
	}
	conds := []string{}
	if !isConst {
		conds = append(conds, n.String()+" > 0")
	}
	if cond != "" {
		conds = append(conds, cond)
	}
	f.stmt("if %s {\n%s\n}", strings.Join(conds, " && "), code)
	return nil
}

func modeChecks(mode string) bool { return mode == tcp.ModeError || mode == tcp.ModeWrapNegative }

func (f *funcGen) checkGather(g tcp.GatherOp) error {
	in, err := f.dims(g.Input())
	if err != nil {
		return err
	}
	idx, err := f.dims(g.Indices())
	if err != nil {
		return err
	}
	dim := int(g.Dim())
	for d := range in {
		_, c1 := in[d].constant()
		_, c2 := idx[d].constant()
		if d != dim && !(c1 && c2) && !idx[d].equal(in[d]) {
			f.stmt("if %s > %s {\nreturn %s\n}", idx[d], in[d], f.errf("indices dim %d has size %%d, larger than input size %%d", []any{d}, idx[d].String(), in[d].String()))
		}
	}
	outN := product(idx)
	s := in[dim]
	mode := g.Mode()
	switch {
	case modeChecks(mode) && inlineCheck(g.Operation, true):
		f.inline[g.Operation] = true
	case modeChecks(mode):
		r := root(g.Indices())
		rd, err := f.dims(r)
		if err != nil {
			return err
		}
		it, err := goElem(ir.ElementType(r.Type()))
		if err != nil {
			return err
		}
		return f.guarded(outN, "", func() error {
			return f.validateSplit(rd, int64(elemSize(it)), func(coords []poly) (string, error) {
				ref, err := f.read(r, coords, false)
				if err != nil {
					return "", err
				}
				v := f.loadInt(ref, false)
				return f.indexCheck(mode, v, s, dim), nil
			})
		})
	case mode == tcp.ModeClip || mode == tcp.ModeWrap:
		if c, ok := s.constant(); ok && c != 0 {
			return nil
		}
		return f.guarded(outN, s.String()+" == 0", func() error {
			zero := make([]poly, len(idx))
			ref, err := f.read(g.Indices(), zero, false)
			if err != nil {
				return err
			}
			v := f.loadInt(ref, false)
			f.stmt("return %s", f.errf("cannot do a non-empty take from an empty axes: index %%d for dimension %d with size 0 (mode %s)", []any{dim, mode}, v))
			return nil
		})
	}
	return nil
}

// inlineCheck reports whether the index checks of gather op can run
// inside its result loop instead of a pass of their own: its indices are
// a function argument (so the loop reads each exactly once, in row-major
// order, as the interpreter checks them), its only use is func.return,
// and no op after it can fail (its error would otherwise come first).
// This saves one read of the indices, the largest input of an element
// gather. With broadcasts (a gather's ids, which its loop reads in
// row-major order), the indices may also be an argument seen through
// tcp.broadcast_to and reshapes (an index_select's [N] ids broadcast
// over the row, a take's over the outer dims): the loop then reads some
// ids more than once, but the first bad one it meets in row-major order
// is still the argument's first bad one in its own order, where the
// interpreter's check stops (a broadcast's first visit of each element
// comes in the argument's row-major order, before every repeat). A take
// of 1M 8-byte rows by i64 ids (ids as large as the table) took 0.7x the
// time with the checks in its loop.
func inlineCheck(op *ir.Operation, broadcasts bool) bool {
	idx := op.Operand(1)
	for broadcasts && orderKeeping(idx.DefiningOp()) || isReshape(idx.DefiningOp()) {
		idx = idx.DefiningOp().Operand(0)
	}
	if idx.DefiningOp() != nil || !ir.HasOneUse(op.Result(0)) {
		return false
	}
	u := ir.Uses(op.Result(0))[0].Owner()
	if u.Name() == tensord.ExpandShapeName && ir.HasOneUse(u.Result(0)) {
		// A take by collapsed ids (see flatTakes), returned expanded.
		u = ir.Uses(u.Result(0))[0].Owner()
	}
	if u.Name() != function.ReturnName {
		return false
	}
	for o := op.Next(); o != nil; o = o.Next() {
		switch o.Name() {
		case function.ReturnName, arith.ConstantName, tensord.ExpandShapeName:
		default:
			return false
		}
	}
	return true
}

// isReshape reports whether op is a reshape view (the same elements in
// the same row-major order).
func isReshape(op *ir.Operation) bool {
	if op == nil {
		return false
	}
	switch op.Name() {
	case tensord.ExpandShapeName, tensord.CollapseShapeName, tensord.CastName:
		return op.NumOperands() == 1
	}
	return false
}

// flatResult reports whether v, returned through an expand_shape, is
// computed by its own nest into the result's buffer (resultNestInto): a
// gather (a flatter nest), a scatter or a slice, as flatTakes writes them.
func flatResult(v ir.Value) bool {
	op := v.DefiningOp()
	return op != nil && (op.Name() == tcp.GatherName || op.Name() == tcp.SliceName || isScatter(op))
}

// orderKeeping reports whether op is a view whose row-major reads visit
// its operand's elements first in the operand's row-major order (see
// inlineCheck): a reshape, a cast or a broadcast_to, not a transpose. A
// broadcast must add trailing axes only (an index_select's ids along its
// rows), so that the ids still change with the outer loop: ids repeated
// for every outer row (a column gather, a take along a middle axis) are
// few, and their index table then needs no check in the loop. The
// exception is a broadcast over a few leading axes of many ids
// (fewRowsBroadcast), which has no table: its first row reads every id
// in order, and its loop checks them.
func orderKeeping(op *ir.Operation) bool {
	if op == nil {
		return false
	}
	switch op.Name() {
	case tensord.ExpandShapeName, tensord.CollapseShapeName, tensord.CastName:
		return true
	case tcp.BroadcastToName:
		axes := tcp.BroadcastOp{Operation: op}.Axes()
		r := int64(rankedOf(op.Result(0)).Rank())
		for k, a := range axes {
			if a != r-int64(len(axes))+int64(k) {
				return fewRowsBroadcast(op)
			}
		}
		return true
	}
	return false
}

// fewRowsBroadcast reports whether broadcast_to op adds leading axes only
// to ids that its static result then holds in rows as fewRowsOfIds
// takes them: at most maxDirectRows rows (the product of every dim but
// the last) of minDirectIDs or more.
func fewRowsBroadcast(op *ir.Operation) bool {
	t := rankedOf(op.Result(0))
	if t == nil || !t.HasStaticShape() || t.Rank() < 2 {
		return false
	}
	axes := tcp.BroadcastOp{Operation: op}.Axes()
	for k, a := range axes {
		if a != int64(k) {
			return false
		}
	}
	rows := int64(1)
	for _, d := range t.Shape()[:t.Rank()-1] {
		rows *= d
	}
	return rows <= maxDirectRows && t.Dim(t.Rank()-1) >= minDirectIDs
}

// indexCheck returns the statement that fails for a bad index v.
func (f *funcGen) indexCheck(mode, v string, s poly, dim int) string {
	cond := fmt.Sprintf("uint(%s) >= uint(%s)", v, s)
	if mode == tcp.ModeWrapNegative {
		cond = fmt.Sprintf("%s < -%s || %s >= %s", v, s.paren(), v, s.paren())
	}
	return fmt.Sprintf("if %s {\nreturn %s\n}", cond, f.errf("index %%d is out of bounds for dimension %d with size %%d", []any{dim}, v, s.String()))
}

// wrapChecked binds at level l the wrap_negative position of index v
// into a dim of size sz (dim d), branch-free, and adds at that level the
// check of the index as one unsigned test of the wrapped value (the range
// of indexCheck's two tests): v < -sz wraps below zero and v >= sz stays
// at or above sz. It returns the position's name and the check. Against the two tests
// and a separate wrap: 11% less time per element in a ScatterElements
// add loop over cached rows and 10% in a GatherElements along the last
// dim, and the compiler drops the bounds check of the read or update.
func (f *funcGen) wrapChecked(l int, v string, sz poly, d int) (string, string) {
	x := v
	if strings.ContainsAny(x, " ()[]+-*/") {
		x = "(" + x + ")"
	}
	w := f.bind(l, fmt.Sprintf("%s + int(uint(%s>>63)&uint(%s))", x, x, sz.paren()))
	if _, seen := f.redo[w]; !seen {
		// The same value for the indices the check passes (all that a
		// look-ahead prefetch needs).
		f.g.used["wrapneg"] = true
		f.redo[w] = redo{fn: "tcpWrapNeg", arg: v, size: sz.String()}
	}
	check := fmt.Sprintf("if uint(%s) >= uint(%s) {\nreturn %s\n}", w, sz.paren(),
		f.errf("index %%d is out of bounds for dimension %d with size %%d", []any{d}, v, sz.String()))
	b := f.blockAt(l)
	b.stmts = append(b.stmts, check)
	return w, check
}

// validate emits a nest over ds whose innermost body is the statement
// body returns.
func (f *funcGen) validate(ds []poly, body func(coords []poly) (string, error)) error {
	saved := f.cur
	n, coords := f.newNest(ds)
	f.cur = n
	inner, err := body(coords)
	f.cur = saved
	if err != nil {
		return err
	}
	if len(n.vars) > 0 {
		n.lets[len(n.vars)-1].stmts = append(n.lets[len(n.vars)-1].stmts, inner)
		inner = ""
	}
	f.stmt("%s", n.loops(0, len(n.vars), "", "", inner))
	return nil
}

// validateSplit is validate with the outer loop of the nest split over
// the workers by tcpParallel (es: the bytes one innermost step reads), so
// that the index check pass of a gather, which the gather's own loops
// wait for, does not run on one core alone (the index reads of a
// 1M-row gather of 8-byte rows were a tenth of its two-worker time).
// Each chunk checks its rows in order and tcpParallel returns the error
// of the first failing chunk: the first bad index in row-major order, as
// the sequential pass reports.
func (f *funcGen) validateSplit(ds []poly, es int64, body func(coords []poly) (string, error)) error {
	saved := f.cur
	n, coords := f.newNest(ds)
	f.cur = n
	inner, err := body(coords)
	f.cur = saved
	if err != nil {
		return err
	}
	if len(n.vars) == 0 {
		f.stmt("%s", inner)
		return nil
	}
	n.lets[len(n.vars)-1].stmts = append(n.lets[len(n.vars)-1].stmts, inner)
	f.g.used["parallel"] = true
	f.stmt("if err := tcpParallel(%s, %s, func(lo, hi int) error {\n%s\nreturn nil\n}); err != nil {\nreturn err\n}",
		n.sizes[0], product(n.sizes[1:]).scale(es), n.loops(0, len(n.vars), "lo", "hi", ""))
	return nil
}

func (f *funcGen) checkGatherND(g tcp.GatherNDOp) error {
	in, err := f.dims(g.Input())
	if err != nil {
		return err
	}
	idx, err := f.dims(g.Indices())
	if err != nil {
		return err
	}
	out, err := f.dims(g.Result(0))
	if err != nil {
		return err
	}
	b := int(g.BatchDims())
	q := len(idx)
	m := int(rankedOf(g.Indices()).Dim(q - 1))
	for d := 0; d < b; d++ {
		_, c1 := in[d].constant()
		_, c2 := idx[d].constant()
		if !(c1 && c2) && !idx[d].equal(in[d]) {
			f.stmt("if %s != %s {\nreturn %s\n}", idx[d], in[d], f.errf("batch dim %d has size %%d in indices but %%d in input", []any{d}, idx[d].String(), in[d].String()))
		}
	}
	mode := g.Mode()
	switch {
	case modeChecks(mode) && m > 0 && inlineCheck(g.Operation, false) && nonEmpty(in[b+m:]):
		// The result loop reads every index row once, in order, and
		// checks it there (the slices it reads are never empty, so the
		// loop reaches each row). A pass of its own read the [N,2] i64
		// ids of an element gather_nd (16 MB for 1M ids) once more.
		f.inline[g.Operation] = true
	case modeChecks(mode) && m > 0:
		it, err := goElem(ir.ElementType(g.Indices().Type()))
		if err != nil {
			return err
		}
		return f.validateSplit(idx[:q-1], int64(m*elemSize(it)), func(coords []poly) (string, error) {
			var stmts []string
			for k := 0; k < m; k++ {
				ref, err := f.read(g.Indices(), append(append([]poly{}, coords...), pconst(int64(k))), false)
				if err != nil {
					return "", err
				}
				v := f.loadInt(ref, false)
				stmts = append(stmts, f.indexCheck(mode, v, in[b+k], b+k))
			}
			return strings.Join(stmts, "\n"), nil
		})
	case (mode == tcp.ModeClip || mode == tcp.ModeWrap) && m > 0:
		for k := 0; k < m; k++ {
			s := in[b+k]
			if c, ok := s.constant(); ok && c != 0 {
				continue
			}
			err := f.guarded(product(out), s.String()+" == 0", func() error {
				c := make([]poly, q)
				c[q-1] = pconst(int64(k))
				ref, err := f.read(g.Indices(), c, false)
				if err != nil {
					return err
				}
				v := f.loadInt(ref, false)
				f.stmt("return %s", f.errf("cannot do a non-empty take from an empty axes: index %%d for dimension %d with size 0 (mode %s)", []any{b + k, mode}, v))
				return nil
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// nonEmpty reports whether every dim of ds is a positive constant.
func nonEmpty(ds []poly) bool {
	for _, d := range ds {
		if c, ok := d.constant(); !ok || c <= 0 {
			return false
		}
	}
	return true
}

// resultNest emits the loops that write result i (value v, sizes ds).
//
// The read offset is a polynomial in the loop counters. The longest
// suffix of loops over which it advances exactly like the destination
// (same stride per counter, no gathered index and no fill guard depending
// on them) is one contiguous run, written with copy; the remaining loops
// are ordered as the destination is (row-major), so writes are
// sequential. Level 0 is split over goroutines by tcpParallel.
func (f *funcGen) resultNest(i int, v ir.Value, ds []poly) error {
	return f.resultNestInto(fmt.Sprintf("r%d", i), v, ds)
}

// resultNestInto is resultNest writing the slice named dst.
func (f *funcGen) resultNestInto(dst string, v ir.Value, ds []poly) error {
	if op := v.DefiningOp(); op != nil && op.Name() == tensord.ExpandShapeName && op.NumOperands() == 1 {
		// A gather or a scatter expanded (see flatTakes): its own
		// nest writes the same bytes.
		if u := op.Operand(0); flatResult(u) {
			uds, err := f.dims(u)
			if err != nil {
				return err
			}
			v, ds = u, uds
		}
	}
	if op := v.DefiningOp(); isScatter(op) {
		return f.scatterInto(dst, op, ds)
	}
	// Everything for an empty result is skipped, the hoisted index
	// arithmetic included (a mode must not see the empty dim).
	return f.guarded(product(ds), "", func() error { return f.resultNestBody(dst, v, ds) })
}

func (f *funcGen) resultNestBody(dst string, v ir.Value, ds []poly) error {
	n, coords := f.newNest(ds)
	f.cur = n
	defer func() { f.cur = nil }()
	n.rows = len(n.vars) >= 2
	n.out = dst
	r, err := f.read(v, coords, false)
	if err != nil {
		return err
	}
	if r.conv != nil && r.val == "" {
		if r, err = f.intDataCast(v, r); err != nil {
			return err
		}
	}
	if r.conv != nil || r.val != "" {
		return notIndex(v)
	}
	et, _ := goElem(ir.ElementType(v.Type()))
	outOff := linear(coords, ds)
	nl := len(n.vars)
	guardLevel := -1
	for _, g := range r.guards {
		guardLevel = max(guardLevel, f.levelOfAtoms(g.cond))
	}
	// k: the first level of the contiguous run (none when each element
	// is converted).
	k := nl
	varying := false
	for _, g := range r.guards {
		varying = varying || g.varying
	}
	for l := nl - 1; l >= 0 && len(r.dconv) == 0 && !varying; l-- {
		if guardLevel >= l {
			break
		}
		ok := true
		for term := range r.off {
			for _, a := range atoms(term) {
				if f.levelOfAtoms(a) >= l && !f.isLoopVarAtOrAbove(n, a, l) {
					ok = false
				}
			}
		}
		c, linearIn := r.off.coeff(n.vars[l])
		oc, _ := outOff.coeff(n.vars[l])
		if !ok || !linearIn || !c.equal(oc) || f.levelOf(c) >= 0 {
			break
		}
		k = l
	}
	total := product(ds)
	f.g.used["parallel"] = true
	es := elemSize(et)
	if nl == 0 {
		// One element.
		f.stmt("%s", f.store(dst, r, "0", f.hoist(r.off, -1), -1))
		return nil
	}
	if k == 0 {
		// The whole result is one contiguous run of the source.
		base := f.hoist(r.off.without(n, 0), -1)
		var body string
		if longRun(total, es) {
			// A worker's part may be long (one worker copies all of it).
			var nt string
			body, nt = f.longRunCopy(r, total, es, dst, "lo", "hi", "("+base+")+lo", "("+base+")+hi")
			if nt != "" {
				body = fmt.Sprintf("if %s {\ndefer revrow.Fence()\n}\n%s", nt, body)
			}
		} else {
			body = f.guardedRun(r, dst, "lo", "hi", "("+base+")+lo", "("+base+")+hi")
		}
		f.stmt("if err := tcpParallel(%s, %d, func(lo, hi int) error {\n%s\nreturn nil\n}); err != nil {\nreturn err\n}", total, es, body)
		return nil
	}
	m, splat := f.splatLevel(r, n, es)
	splat = splat && k == nl
	if splat {
		// Every element of the run over levels m.. is the same value (a
		// broadcast of a splat or a scalar): one tcpSplat per run, not a
		// load and a store per element.
		f.g.used["splat"] = true
		val := r.convData(fmt.Sprintf("%s[%s]", r.buf, f.hoist(r.off, m-1)))
		if m == 0 {
			v := f.bind(-1, val)
			f.stmt("if err := tcpParallel(%s, %d, func(lo, hi int) error {\n%s\nreturn nil\n}); err != nil {\nreturn err\n}", total, es, splatRun(dst+"[lo:hi]", v, et))
			return nil
		}
		v := f.bind(m-1, val)
		rs := f.hoist(product(ds[n.dims[m]:]), -1)
		ob := f.hoist(outOff.without(n, m), m-1)
		n.lets[m-1].stmts = append(n.lets[m-1].stmts, splatRun(fmt.Sprintf("%s[%s:%s+%s]", dst, ob, ob, rs), v, et))
		k = m
	}
	var inner string
	nt := ""             // the bool that chooses non-temporal stores, if any
	var perm *permSource // an element read from a source row, for permCall
	if splat {
		// The fills are in place.
	} else if k < nl {
		// Before touchAhead, which then reads the tables too.
		f.indexTables(n, k-1, r.off)
		run := product(ds[n.dims[k]:])
		rs := f.hoist(run, -1)
		ob := f.hoist(outOff.without(n, k), k-1)
		sb := f.hoist(r.off.without(n, k), k-1)
		inner = f.guardedRun(r, dst, ob, fmt.Sprintf("%s+%s", ob, rs), sb, fmt.Sprintf("%s+%s", sb, rs))
		// The run copy's forms so far: plain, in descending rows (desc),
		// long (through the cache in pieces); runPieces below takes any.
		plain, desc, long := inner, "", ""
		if c, ok := run.constant(); f.g.driver && len(r.guards) == 0 && (!ok || c*int64(es) >= minNTRun) && f.descendingRuns(r, n, k) {
			// Whole rows in descending source order (a flip of an
			// outer axis): past revrow.NTBytes of output, copied from
			// the end of each row down with non-temporal stores
			// (tcpCopyRows), so that the source is read as one
			// descending stream and the destination lines are not
			// read before they are written.
			f.g.used["copyrows"], f.g.used["copyrun"] = true, true
			nt = f.ntFlag(total, es)
			inner = fmt.Sprintf("tcpCopyRows(%s[%s:%s+%s], %s[%s:%s+%s], %s)", dst, ob, ob, rs, r.buf, sb, sb, rs, nt)
			desc = inner
		}
		if c, ok := run.constant(); ok && c > 1 && c*int64(es) <= maxArrayRun && len(r.guards) == 0 {
			// A row of static length up to maxArrayRun bytes: inline
			// moves with no memmove call and no length dispatch (see
			// arrayRowCopy).
			inner = arrayRowCopy(dst, ob, r.buf, sb, et, c, int64(es))
		}
		if call, ntc := f.reversedRuns(r, n, k, outOff, run, total, et, dst); call != "" {
			// Short runs in reversed order along level k-1 and the
			// flipped levels above it (a flip of outer axes over rows
			// of 2 to 24 bytes): those loops are one reversal of runs
			// as elements.
			n.innerCall, n.callRuns, nt = call, true, ntc
			inner = ""
		}
		if call := f.stridedRuns(r, n, k, outOff, run, total, et, dst); call != "" {
			// Short runs a constant step apart in the source (a strided
			// slice of an outer axis over short rows): byte shuffles.
			n.innerCall, inner = call, ""
		}
		if inner == plain && longRun(run, es) {
			// Rows that may be 1 MiB or longer (three planes of an
			// image in reversed order): through the cache in pieces
			// unless the output takes non-temporal stores.
			inner, nt = f.longRunCopy(r, total, es, dst, ob, fmt.Sprintf("%s+%s", ob, rs), sb, fmt.Sprintf("%s+%s", sb, rs))
			long = inner
		}
		if c, ok := run.constant(); (!ok || c*int64(es) >= minTouchedRun || f.prefetches()) && len(r.guards) == 0 && et != "bool" && f.gatheredRuns(r, n, k) {
			dist := touchDistance
			if ok && c*int64(es) < 1024 {
				dist = shortTouchDistance
			}
			if ok && c*int64(es) < minPrefetchedRun {
				dist = tinyAheadDistance
			} else if ok && c*int64(es) < 1024 && f.prefetches() {
				dist = shortAheadDistance
			}
			// A short row whose position takes more than one index read
			// (gather_nd) is not touched by a load: recomputing it cost
			// more than it saved (1.12-1.16x the time on 256-byte
			// gather_nd rows). A prefetch of it pays (0.42-0.50x the
			// time on 256-byte rows of a 16 MiB source, 0.22x on
			// 128-byte rows of 32 MiB).
			was, wasAt := n.touch, f.g.used["at"]
			t := f.touchAhead(n, k-1, r.buf, dst, r.off.without(n, k), dist, es, int(c)*es)
			if dist != touchDistance && strings.Count(t, "tcpAt(") > 1 && !f.prefetches() {
				t, n.touch = "", was
				if !wasAt {
					delete(f.g.used, "at")
				}
			}
			if t != "" {
				inner = t + "\n" + inner
			}
		}
		if f.gatheredRuns(r, n, k) {
			if call, ntc := f.takeCall(r, n, k, outOff, run, total, es, dst); call != "" {
				// Whole rows an index picks: one gatherrow.Take call
				// for the loop over the indices (no copy of the run
				// left: only the call's own non-temporal stores).
				n.innerCall, inner, nt = call, "", ntc
			}
		}
		if k == 1 && inner != "" && (inner == plain || inner == desc || inner == long) && len(r.guards) == 0 {
			if p := f.runPieces(n, run, es); p != "" {
				// Few long rows (three 1 MiB planes of an image for two
				// workers): the workers split them by bytes.
				n.pieces, n.pieceRun, n.piecesDown = p, "("+rs+")", inner == desc
				inner, nt = f.longRunCopy(r, total, es, dst, ob+"+plo", ob+"+phi", sb+"+plo", sb+"+phi")
			}
		}
		if inner != "" {
			n.lets[k-1].stmts = append(n.lets[k-1].stmts, inner)
		}
	} else if call := f.take2Elems(r, n, outOff, es, dst); call != "" {
		// Elements that pairs of ids pick (a gather_nd of whole
		// elements by two components): one gatherrow.Take2 call.
		n.innerCall = call
	} else if call, ntc := f.reversedRuns(r, n, nl, outOff, pconst(1), total, et, dst); call != "" {
		// Whole reversed rows that follow each other in the output and
		// the source (a flip of the innermost axis only): one call for
		// a worker's rows.
		n.innerCall, n.callRuns, nt = call, true, ntc
	} else if call := f.stridedRuns(r, n, nl, outOff, pconst(1), total, et, dst); call != "" {
		// Elements a constant step apart in the source (a strided slice
		// of the innermost axis): byte shuffles.
		n.innerCall = call
	} else {
		dst0 := dst
		ob := f.hoist(outOff, nl-1)
		if n.rows {
			j := n.vars[nl-1]
			n.rowOff = outOff.without(n, nl-1)
			base := f.hoist(n.rowOff, nl-2)
			n.rowOf = f.bind(nl-2, fmt.Sprintf("%s[%s : %s+%s]", dst, base, base, n.sizes[nl-1].paren()))
			dst, ob = n.rowOf, j
		}
		// Rows in descending source order (read each from its end
		// down) or not (from its start up), for the non-temporal
		// reversal below.
		up := !f.descendingRuns(r, n, nl-1)
		buf0, off0 := r.buf, r.off
		// Before rowRead changes r to read from the row.
		ahead := f.shortRowsAhead(r, n, et, dst0)
		if call, ntc := f.flatReverseCall(r, n, et, dst0, outOff, total, es); call != "" {
			// A flip of every axis (a rank-1 flip too): a worker's
			// part as one reversed run.
			n.innerCall, nt = call, ntc
		} else if call := f.flatGatherCall(&r, n, et, dst, outOff); call != "" {
			// A rank-1 element gather: a worker's part in assembly.
			f.g.used["gatherrow"] = true
			n.innerCall = call
		} else if call := f.gatherRowCall(&r, n, et, dst); call != "" {
			// An element gather of a whole index row in assembly.
			f.g.used["gatherrow"] = true
			n.innerCall = call
		} else if off := f.rowRead(&r, n, et); n.rows && nl >= 2 && len(r.guards) == 0 && len(r.dconv) == 0 && len(n.lets[nl-1].stmts) == 0 && off == fmt.Sprintf("len(%s)-1-%s", r.buf, ob) {
			// A reversed row with nothing else per element: one call
			// that reverses it several elements at a time (tcpReverse:
			// AVX2 or 64-bit lane swaps for 1- to 8-byte elements).
			if f.g.driver {
				// Past revrow.NTBytes of output, with non-temporal
				// stores, each row read in the direction its source
				// rows follow (one stream for the prefetcher).
				f.g.used["reverse_driver"] = true
				nt = f.ntReversedFlag(total, es)
				n.innerCall = fmt.Sprintf("tcpReverse(%s, %s, %s, %t)", dst, r.buf, nt, up)
			} else {
				f.g.used["reverse"] = true
				n.innerCall = fmt.Sprintf("tcpReverse(%s, %s)", dst, r.buf)
			}
		} else {
			inner = f.store(dst, r, ob, off, nl-1)
			if nl == 1 && f.prefetches() && len(r.guards) == 0 && r.buf != "" && f.gatheredRuns(r, n, 1) {
				// A flat element gather (gather_nd of whole elements):
				// the elements of later iterations prefetched, a block
				// at a time (elemsAhead).
				if t := f.elemsAhead(n, r.buf, dst0, r.off, es); t != "" {
					n.lets[0].stmts = append(n.lets[0].stmts, t)
				}
			}
			n.lets[nl-1].stmts = append(n.lets[nl-1].stmts, inner)
			if ahead != "" {
				// A few elements of each long source row: those of a
				// later row prefetched.
				n.lets[nl-2].stmts = append(n.lets[nl-2].stmts, ahead)
			}
			if len(r.guards) == 0 && len(r.dconv) == 0 && r.conv == nil && r.val == "" && buf0 != "" {
				perm = &permSource{dst: dst0, buf: buf0, off: off0, store: inner}
			}
		}
	}
	if !splat && k == nl && n.innerCall == "" {
		f.indexTables(n, nl-1, r.off)
		if perm != nil {
			if call := f.permCall(n, et, outOff, *perm); call != "" {
				f.g.used["gatherrow"] = true
				n.innerCall = call
			}
		}
	}
	n.flat = flatSplit(n, min(k, nl))
	code := n.loops(0, min(k, nl), "lo", "hi", "")
	if nt != "" {
		// Non-temporal stores are ordered before the worker's return
		// (and its error or panic) by one SFENCE.
		code = fmt.Sprintf("if %s {\ndefer revrow.Fence()\n}\n%s", nt, code)
	}
	if n.touch {
		code = "touched := 0\n" + code + "\nif touched < 0 {\npanic(\"unreachable\")\n}"
	}
	if n.pfBuf != "" {
		code = fmt.Sprintf("var %s [%d]int\n%s", n.pfBuf, elemsAheadBlock, code)
	}
	rowBytes := fmt.Sprintf("%d", es)
	if len(ds) > 0 {
		rowBytes = product(ds[n.dims[0]+1:]).scale(int64(es)).String()
	}
	steps := n.sizes[0].String()
	if n.pieces != "" {
		steps = fmt.Sprintf("%s*(%s)", n.sizes[0].paren(), n.pieces)
		rowBytes = fmt.Sprintf("(%s)/(%s)", rowBytes, n.pieces)
	}
	if n.flat {
		steps = product(n.sizes[:2]).String()
		rowBytes = product(ds[n.dims[1]+1:]).scale(int64(es)).String()
	}
	if n.readScale > 1 {
		rowBytes = fmt.Sprintf("(%s)*%d", rowBytes, n.readScale)
	}
	f.stmt("if err := tcpParallel(%s, %s, func(lo, hi int) error {\n%s\nreturn nil\n}); err != nil {\nreturn err\n}", steps, rowBytes, code)
	return nil
}

// flatOuter is the outer trip count below which a result nest splits its
// first two levels together over the workers (flatSplit).
const flatOuter = 64

// flatSplit reports whether the workers split levels 0 and 1 of result
// nest n (of which levels 0..emitted-1 are loops) as one loop: when
// level 0 is short (fewer than flatOuter, or dynamic), chunks of whole
// level-0 rows would be few and uneven (a take along axis 1 of
// [3, 4096, 64] has three rows for two workers), while level 1 is a plain
// loop (not the innermost level, whose loop may be a range or one call).
func flatSplit(n *nest, emitted int) bool {
	if emitted < 2 || len(n.vars) < 3 {
		return false
	}
	c, ok := n.sizes[0].constant()
	return !ok || c < flatOuter
}

// minSplatRun is the shortest static run, in bytes, that resultNest
// fills with one tcpSplat call rather than a store per element.
const minSplatRun = 64

// splatRun sets every element of the slice expression run to the value
// named v of Go type et: clear (memclr) when v's bits are all zero (+0.0,
// not -0.0), else tcpSplat.
func splatRun(run, v, et string) string {
	zero := v + " == 0"
	switch et {
	case "bool":
		zero = "!" + v
	case "float32":
		zero = "math.Float32bits(" + v + ") == 0"
	case "float64":
		zero = "math.Float64bits(" + v + ") == 0"
	}
	return fmt.Sprintf("if %s {\nclear(%s)\n} else {\ntcpSplat(%s, %s)\n}", zero, run, run, v)
}

// splatLevel returns the first loop level m of n from which r reads one
// element for the whole run of levels m.. (its offset and buffer use no
// counter of those levels), when that is at least the innermost level,
// r has no fill guards, those levels bind nothing else and the run is
// not known to be shorter than minSplatRun bytes (a call would cost
// more than the stores).
func (f *funcGen) splatLevel(r ref, n *nest, es int) (int, bool) {
	nl := len(n.vars)
	if len(r.guards) != 0 || r.conv != nil || r.val != "" || r.buf == "" {
		return 0, false
	}
	m := max(f.levelOf(r.off), f.levelOfAtoms(r.buf)) + 1
	if m >= nl {
		return 0, false
	}
	if c, ok := product(n.sizes[m:]).constant(); ok && c*int64(es) < minSplatRun {
		return 0, false
	}
	for l := m; l < nl; l++ {
		if len(n.lets[l].stmts) != 0 {
			return 0, false
		}
	}
	return m, true
}

// reversedRuns returns, in the kernel binary, the call that replaces the
// loops at levels j..k-1 of result nest n when they copy runs (the levels
// from k on: run elements of type et) of 2 to 24 bytes (a size
// revrow.ValidSize accepts: 2, 4, 8 or 16, or 3, 6, 12 or 24, RGB pixels)
// in reversed order: a flip of outer axes over short rows ([16,256,256,4]
// f32 flipped on axes 1 and 2: 16-byte runs; [N,64,64,3] u8 flipped on
// axes 1 and 2: 3-byte runs, 4096 per image). Level k-1 and each level
// above it merged in step the output offset by the run times the runs
// of the levels below, and the source offset by minus that: consecutive
// flipped axes, such as the height and width of an image, are one
// reversal of their runs together. Level 0, split over the workers,
// merges in too (the call reverses the runs of the worker's rows; a
// [1080,1920,3] u8 image turned 180 degrees took 0.171 ms with a call
// per row, 0.150 with one per worker's part, one worker; two 0.089 and
// 0.077), unless flatSplit splits it with level 1. Those loops do nothing else (the levels above k-1
// only bind temporaries), and read no index. The call is tcpReverse of
// the row as runs ([c]et elements, seen through package unsafe over
// bounds-checked slices), or tcpReverseRows for rows of such rows (see
// reversedRows; with k == nl, whole rows of single elements reversed,
// only that): revrow's AVX2 reversal, with non-temporal
// stores past revrow.NTBytes of output (the second result, the bool's
// name); it sets n.callLevel to j. "" when it does not apply. Under
// flatSplit, level 1 (the first level merged, or the only one) reverses
// the worker's part of its rows. Measured with tcp-run, one worker,
// [16,256,256,4] f32 flipped on axes 1 and 2, the other core busy
// (interleaved, 7 pairs): 1.47-2.23 ms, median 1.97, against 1.74-2.73,
// median 2.42, for the 16-byte array copies.
func (f *funcGen) reversedRuns(r ref, n *nest, k int, outOff, run, total poly, et, dst string) (string, string) {
	nl := len(n.vars)
	// k == nl: runs of one element (whole reversed rows), taken only
	// as rows of one tcpReverseRows call (see reversedRows).
	rowsOnly := k == nl
	if !f.g.driver || k > nl || k < 2 || len(r.guards) != 0 || len(r.dconv) != 0 || r.conv != nil || r.val != "" || r.buf == "" ||
		len(n.lets[k-1].stmts) != 0 || n.innerCall != "" || f.gatheredRuns(r, n, k) {
		return "", ""
	}
	c, ok := run.constant()
	es := int64(elemSize(et))
	if !ok || c < 2 && !(rowsOnly && c == 1) || !revrow.ValidSize(int(c*es)) {
		return "", ""
	}
	out, src := outOff.without(n, k), r.off.without(n, k)
	// Levels j..k-1 step by stride elements (c times the runs below).
	// Level 0 joins too unless flatSplit splits it with level 1: the
	// call then reverses the runs of the worker's rows [lo, hi).
	j, stride, lowest := k, pconst(c), 0
	if flatSplit(n, k) {
		lowest = 1
	}
	for l := k - 1; l >= lowest; l-- {
		v := n.vars[l]
		oc, ok1 := out.coeff(v)
		sc, ok2 := src.coeff(v)
		if !ok1 || !ok2 || !oc.equal(stride) || !sc.equal(stride.scale(-1)) {
			break
		}
		if l < k-1 && !onlyTemps(n.lets[l]) {
			break
		}
		j, stride = l, stride.mul(n.sizes[l])
	}
	if j == k {
		return "", ""
	}
	// The runs' offsets at iteration 0 of levels j..k-1.
	ob0, sb0 := out.without(n, j), src.without(n, j)
	runs := product(n.sizes[j:k])
	if f.levelOf(ob0) >= j || f.levelOf(sb0) >= j || f.levelOf(runs) >= j {
		return "", ""
	}
	if call, nt := f.reversedRows(r, n, k, j, out, src, stride, runs, c, total, et, dst); call != "" || rowsOnly {
		return call, nt
	}
	lvl := max(f.levelOf(ob0), f.levelOf(sb0), f.levelOf(runs), -1)
	ob, sb := f.hoist(ob0, lvl), f.hoist(sb0, lvl)
	// The runs' range [a, b): all of them, or under flatSplit (level 1)
	// the worker's part of level 1's rows, which loops names v+"lo" and
	// v+"hi", times the runs of the levels below.
	a, b := "0", f.hoist(runs, lvl)
	if flatSplit(n, k) && j == 1 {
		v, below := n.vars[1], product(n.sizes[2:k])
		a, b = patom(v+"lo").mul(below).paren(), patom(v+"hi").mul(below).paren()
	} else if j == 0 {
		below := product(n.sizes[1:k])
		a, b = patom("lo").mul(below).paren(), patom("hi").mul(below).paren()
	}
	arr := fmt.Sprintf("[%d]%s", c, et)
	view := func(s string) string {
		return fmt.Sprintf("unsafe.Slice((*%s)(unsafe.Pointer(unsafe.SliceData(%s))), %s-%s)", arr, s, b, a)
	}
	// Runs a..b-1 of the output row, and their sources: the run of
	// iteration q starts at sb - c*q.
	d := fmt.Sprintf("%s[%s+%d*%s : %s+%d*%s]", dst, ob, c, a, ob, c, b)
	sr := fmt.Sprintf("%s[%s-%d*(%s-1) : %s-%d*%s+%d]", r.buf, sb, c, b, sb, c, a, c)
	f.g.used["reverse_driver"] = true
	nt := f.ntReversedFlag(total, int(es))
	up := !f.descendingRuns(r, n, j)
	n.callLevel = j
	return fmt.Sprintf("tcpReverse(%s, %s, %s, %t)", view(d), view(sr), nt, up), nt
}

// reversedRows returns the call that replaces, beyond reversedRuns'
// levels j..k-1, the loop at level j-1 too when that loop steps the
// output and the source both by the whole reversed row (stride
// elements, upwards: rows that follow each other in both, a flip of the
// innermost axes only, such as an image flipped on its width): one
// tcpReverseRows call (revrow.ReverseRows) for all of the loop's rows,
// or the worker's part of them when level j-1 is split, instead of one
// call per row, which costs a row of 64 RGB pixels (192 bytes) as much
// as it moves, and the loops outside it whose rows follow on. It sets
// n.callLevel to the outermost level it replaces; "" when it does not
// apply.
func (f *funcGen) reversedRows(r ref, n *nest, k, j int, out, src, stride, runs poly, c int64, total poly, et, dst string) (string, string) {
	l := j - 1
	flat := flatSplit(n, k)
	if l < 0 || flat && l == 0 || !onlyTemps(n.lets[l]) {
		return "", ""
	}
	v := n.vars[l]
	oc, ok1 := out.coeff(v)
	sc, ok2 := src.coeff(v)
	if !ok1 || !ok2 || !oc.equal(stride) || !sc.equal(stride) {
		return "", ""
	}
	// The loops outside level l whose rows follow on from its rows in
	// both (an image's rows of pixels, each pixel's channels reversed)
	// join the call: levels top..l, the rows of one call, not one call
	// per row of level top-1 (1080 calls of 5760 bytes for a
	// 1920x1080 RGB image flipped on its channels, 65 ns each).
	top := l
	for m := l - 1; m >= 0 && !flat && onlyTemps(n.lets[m]); m-- {
		step := stride.mul(product(n.sizes[m+1 : l+1]))
		oc, ok1 := out.coeff(n.vars[m])
		sc, ok2 := src.coeff(n.vars[m])
		if !ok1 || !ok2 || !oc.equal(step) || !sc.equal(step) {
			break
		}
		top = m
	}
	// Row 0: its output offset, and the start of its source (the last
	// run of the reversed row is the first in memory).
	ob0 := out.without(n, top)
	sb0 := src.without(n, top).add(pconst(c)).add(stride.scale(-1))
	if f.levelOf(ob0) >= top || f.levelOf(sb0) >= top || f.levelOf(stride) >= top {
		return "", ""
	}
	lvl := max(f.levelOf(ob0), f.levelOf(sb0), f.levelOf(stride), -1)
	ob, sb, st := f.hoist(ob0, lvl), f.hoist(sb0, lvl), f.hoist(stride, lvl)
	// The rows [a, b): the worker's part at the split level (level 0, or
	// level 1 under flatSplit), else all of them.
	a, b := "0", f.hoist(product(n.sizes[top:l+1]), lvl)
	switch {
	case top == 0 && l == 0:
		a, b = "lo", "hi"
	case top == 0:
		below := f.hoist(product(n.sizes[1:l+1]), -1)
		a, b = "lo*"+below, "hi*"+below
	case l == 1 && flat:
		a, b = v+"lo", v+"hi"
	}
	arr := fmt.Sprintf("[%d]%s", c, et)
	view := func(s string) string {
		return fmt.Sprintf("unsafe.Slice((*%s)(unsafe.Pointer(unsafe.SliceData(%s))), (%s-%s)*%s/%d)", arr, s, b, a, st, c)
	}
	d := fmt.Sprintf("%s[%s+%s*%s : %s+%s*%s]", dst, ob, st, a, ob, st, b)
	sr := fmt.Sprintf("%s[%s+%s*%s : %s+%s*%s]", r.buf, sb, st, a, sb, st, b)
	f.g.used["reverse_rows"] = true
	nt := f.ntReversedFlag(total, elemSize(et))
	// The rows of one call ascend in the source, so each is read
	// upwards even when an outer loop descends (a flip of outer axes
	// too): reading each row down would zigzag, and without
	// non-temporal stores it would take a call per row. Measured with
	// tcp-run, one worker, a flip of axes 0, 2 and 4 of [16,16,16,16,16]
	// f32 (64-byte rows, 4 MiB): 0.26-0.34 ms against 2.0-2.3 ms read
	// down; with non-temporal stores, 1 GiB of [16,16,16,64,1024] (4 KiB
	// rows) 0.059-0.065 s against 0.118-0.124 s, of [16,16,16,256,256]
	// 0.058-0.075 s against 0.21-0.22 s.
	n.callLevel = top
	return fmt.Sprintf("tcpReverseRows(%s, %s, %s, %s, true)", view(d), view(sr), f.hoist(runs, lvl), nt), nt
}

// onlyTemps reports whether every statement of b binds a temporary
// (tN := ...), which dropUnusedTemps deletes when nothing uses it.
func onlyTemps(b *block) bool {
	for _, s := range b.stmts {
		name, _, ok := strings.Cut(s, " := ")
		if !ok || len(name) < 2 || name[0] != 't' || strings.Trim(name[1:], "0123456789") != "" || strings.Contains(s, "\n") {
			return false
		}
	}
	return true
}

// ntFlag binds, once per call, the bool that chooses non-temporal stores
// for a result of total elements of es bytes (tcpNT: revrow.NTBytes or
// more for one worker, revrow.NTBytesShared for several; tcpNTReread,
// revrow.NTBytesReread, while f.reread is set).
func (f *funcGen) ntFlag(total poly, es int) string {
	f.g.used["nt"] = true
	if f.reread {
		f.g.used["ntreread"] = true
		return f.bind(-1, fmt.Sprintf("tcpNTReread(%s)", total.scale(int64(es))))
	}
	return f.bind(-1, fmt.Sprintf("tcpNT(%s)", total.scale(int64(es))))
}

// ntReversedFlag is ntFlag for a result whose elements are reversed
// within their rows (tcpReverse's calls). On Intel CPUs it is
// tcpNTReversed, non-temporal from revrow.NTBytesReversed (one worker)
// or NTBytesReversedShared (several), once the output leaves a core's
// L2: there two workers reversing 16 MiB of f32 with plain stores took
// 0.59-0.63 ms against 0.46-0.55 with non-temporal ones, and 8 MB of
// i64 0.39-0.43 against 0.24-0.26, while row copies in reversed order
// (tcpCopyRows, ntFlag) stayed faster with plain stores up to
// NTBytesShared (18 MB of rows: 0.64-0.65 ms against 0.71). On the AMD
// EPYC measured, plain stores won reversals up to NTBytes and
// NTBytesShared.
func (f *funcGen) ntReversedFlag(total poly, es int) string {
	if !gatherrow.IsIntel() {
		return f.ntFlag(total, es)
	}
	f.g.used["nt"], f.g.used["ntrev"] = true, true
	return f.bind(-1, fmt.Sprintf("tcpNTReversed(%s)", total.scale(int64(es))))
}

// flatReverseCall returns, in the kernel binary, the call that replaces
// every loop of a result nest that reads its whole source backwards
// (element e of the dense output from C-e: a flip of a 1-d tensor, or
// of every axis of one), and the flag of its non-temporal stores: one
// tcpReverse of the worker's part, levels [lo, hi) of level 0 (not
// under flatSplit), whose source ends at element C-lo*S, S the
// elements of a level-0 step. Without it a 1-d flip moved one element
// per step (4M f32: 2.3 ms with one worker, 2.6x torch's time) and a
// flip of all axes called tcpReverse per innermost row ([64,128,128]
// f16: 0.127 ms, 2.0-2.3x XLA's best rounds).
func (f *funcGen) flatReverseCall(r ref, n *nest, et, dst string, outOff, total poly, es int) (string, string) {
	nl := len(n.vars)
	if !f.g.driver || nl == 0 || flatSplit(n, nl) || len(r.guards) != 0 || len(r.dconv) != 0 || r.conv != nil || r.val != "" ||
		r.load != "" || r.buf == "" || len(n.lets[nl-1].stmts) != 0 || n.rangeOver != "" {
		return "", ""
	}
	// The output is dense (level l steps by the product of the sizes
	// inside it) and the source offset is C minus it.
	for l, v := range n.vars {
		if c, ok := outOff.coeff(v); !ok || !c.equal(product(n.sizes[l+1:])) {
			return "", ""
		}
	}
	if len(outOff) != nl {
		return "", ""
	}
	end := r.off.add(outOff) // C: the source of element 0
	if f.levelOf(end) >= 0 {
		return "", ""
	}
	f.g.used["reverse_driver"] = true
	nt := f.ntReversedFlag(total, es)
	e := f.hoist(end.add(pconst(1)), -1)
	step := f.hoist(product(n.sizes[1:]), -1)
	n.callRuns, n.callLevel = true, 0
	return fmt.Sprintf("tcpReverse(%s[lo*%s:hi*%s], %s[:%s-lo*%s], %s, true)", dst, step, step, r.buf, e, step, nt), nt
}

// pieceBytes is the size, in bytes, of the pieces runPieces cuts long
// runs into.
const pieceBytes = 256 << 10

// runPieces returns, for a result nest whose level 0 copies one run of
// run elements of es bytes per iteration, the number of pieces each run
// is cut into so that the workers split the output by bytes, not rows;
// or "" to split it by rows. It cuts when level 0 is short (fewer than
// flatOuter rows, or dynamic: three 1 MiB planes are two rows for one
// worker and one for the other) and a run may be 2*pieceBytes or more.
func (f *funcGen) runPieces(n *nest, run poly, es int) string {
	if c, ok := n.sizes[0].constant(); ok && c >= flatOuter {
		return ""
	}
	b := run.scale(int64(es))
	if c, ok := b.constant(); ok {
		if c < 2*pieceBytes {
			return ""
		}
		return fmt.Sprint((c + pieceBytes - 1) / pieceBytes)
	}
	// At least one piece (an empty run has one empty piece), so that the
	// bytes of a piece divide by it.
	return f.bind(-1, fmt.Sprintf("(%s)/%d", f.hoist(b.add(pconst(pieceBytes)), -1), pieceBytes))
}

// minNTRun is the shortest static row, in bytes, that resultNest copies
// with tcpCopyRows (revrow.CopyNT's own bound).
const minNTRun = 256

// descendingRuns reports whether the runs copied at level k-1 of n come
// from rows in descending order with no index read (a flip of an outer
// axis): the source offset steps by a negative amount (every term of the
// step negative, a product of sizes) along some loop counter outside the
// run, and moves with no value read from a tensor.
func (f *funcGen) descendingRuns(r ref, n *nest, k int) bool {
	if f.gatheredRuns(r, n, k) {
		return false
	}
	for l := 0; l < k; l++ {
		if c, ok := r.off.coeff(n.vars[l]); ok && len(c) > 0 && f.levelOf(c) < 0 {
			neg := true // every term negative: a product of sizes, which are not
			for _, v := range c {
				neg = neg && v < 0
			}
			if neg {
				return true
			}
		}
	}
	return false
}

// gatheredRuns reports whether the source of the runs copied at level k-1
// of n moves with a value read from an index tensor (an atom of that
// level that is not a loop counter): consecutive runs are then random
// rows, which the hardware prefetcher cannot predict.
func (f *funcGen) gatheredRuns(r ref, n *nest, k int) bool {
	loopVar := map[string]bool{}
	for _, v := range n.vars {
		loopVar[v] = true
	}
	for term := range r.off.without(n, k) {
		for _, a := range atoms(term) {
			if !loopVar[a] && f.levelOfAtoms(a) == k-1 {
				return true
			}
		}
	}
	return false
}

func (f *funcGen) isLoopVarAtOrAbove(n *nest, a string, l int) bool {
	for j := l; j < len(n.vars); j++ {
		if n.vars[j] == a {
			return true
		}
	}
	return false
}

// without drops the terms of p that use loop counters of n at level >= l.
func (p poly) without(n *nest, l int) poly {
	drop := map[string]bool{}
	for _, v := range n.vars[l:] {
		drop[v] = true
	}
	keep, _ := p.split(func(term string) bool {
		for _, a := range atoms(term) {
			if drop[a] {
				return false
			}
		}
		return true
	})
	return keep
}

// rowRead returns the innermost offset of r, reading through a source row
// when the offset is base + p with p a gathered position of a unit-stride
// dim of size s (the row is buf[base : base+s], bound outside the loop):
// the compiler then checks p against the row only, and the address needs
// no add. It may rename r.buf.
//
// When the row is bound once per destination row and the loop reads a
// good part of it, the row is first touched one element per cache line
// (tcpTouch), in order: the hardware prefetcher then streams it, and the
// random reads that follow hit the cache.
func (f *funcGen) rowRead(r *ref, n *nest, et string) string {
	l := len(n.vars) - 1
	for term, c := range r.off {
		if c != 1 || f.bound[term] == nil || f.levelOfAtoms(term) != l {
			continue
		}
		if f.sourceRow(r, n, et, term, false) {
			return term
		}
		break
	}
	// A reversed row (the offset steps by -1 along the innermost loop):
	// read row[len(row)-1-j] of the row that ends at the first element.
	j := n.vars[l]
	if c, ok := r.off.coeff(j); ok && n.rowOf != "" {
		if m1, isConst := c.constant(); isConst && m1 == -1 {
			rest := r.off.add(patom(j))
			if rl := max(f.levelOf(rest, n.sizes[l]), 0); rl < l {
				hi := f.hoist(rest.add(pconst(1)), rl)
				lo := f.hoist(rest.add(pconst(1)).add(n.sizes[l].scale(-1)), rl)
				r.buf = f.bind(rl, fmt.Sprintf("%s[%s : %s]", r.buf, lo, hi))
				return fmt.Sprintf("len(%s)-1-%s", r.buf, j)
			}
		}
	}
	return f.hoist(r.off, l)
}

// rowTerm reports whether term is a gathered position of r's offset
// that a source row can be bound for: coefficient 1, bound at the
// innermost level of n, indexing a dim of known size (f.bound).
func (f *funcGen) rowTerm(r *ref, n *nest, term string) bool {
	return r.off[term] == 1 && f.bound[term] != nil && f.levelOfAtoms(term) == len(n.vars)-1
}

// sourceRow makes r read through the source row of the gathered position
// term (a term of r's offset with coefficient 1, bound at the innermost
// level of n, indexing a dim of size s = f.bound[term]): when the rest of
// the offset and s are bound outside the innermost loop, it binds the
// row buf[base : base+s] there, renames r.buf to it, adds the row's touch
// (see rowRead; for the hardware gathers of gatherrow.Row, gathers, even
// a short streamed one) and returns true; r's offset is then term in the
// row. Else it changes nothing and returns false.
func (f *funcGen) sourceRow(r *ref, n *nest, et, term string, gathers bool) bool {
	if !f.rowTerm(r, n, term) {
		return false
	}
	l := len(n.vars) - 1
	s := f.bound[term]
	rest := poly{}
	for k, v := range r.off {
		if k != term {
			rest[k] = v
		}
	}
	rl := f.levelOf(rest, s)
	if rl >= l {
		return false
	}
	base := f.hoist(rest, rl)
	buf := r.buf
	r.buf = f.bind(rl, fmt.Sprintf("%s[%s : %s+%s]", r.buf, base, base, s.paren()))
	if rl == l-1 && n.rowOf != "" && et != "bool" && (gathers || !shortStream(rest, s, n, et)) {
		f.sparse[term] = sparseRow{buf: buf, row: r.buf, rest: rest, level: rl, es: elemSize(et)}
		cond, never := f.gatherTouch(buf, n.out, r.buf, et, s, gathers)
		if never {
			return true
		}
		f.g.used["touch"] = true
		n.touch = true
		b := n.lets[rl]
		b.stmts = append(b.stmts, fmt.Sprintf("if %slen(%s)*16 >= len(%s) {\ntouched += tcpTouch(%s, %d)\n}", cond, n.rowOf, r.buf, r.buf, max(1, 64/elemSize(et))))
	}
	return true
}

// gatherTouch decides the touch of a source row buf[...] bound as row,
// of s elements of type et: for one that gatherrow.Row gathers from
// (gathers), Row reads its elements one at a time, and such loads keep
// many misses in flight, so a touch pays only for rows over
// maxUntouchedGatherRow bytes, and up to maxTouchedGatherRow, once the
// working set leaves the cache
// (aheadCond, for the source buf and the result out, arguments of the
// function); other rows, which the Go loop reads, are touched once the
// working set leaves the cache. never: no touch, from static sizes; else
// cond is "" or the tests of lengths to join with "&&" before the
// touch's own.
func (f *funcGen) gatherTouch(buf, out, row, et string, s poly, gathers bool) (cond string, never bool) {
	es := elemSize(et)
	var conds []string
	if c, ok := s.constant(); !gathers && gatherrow.IsIntel() {
		// The Go loop's row on Intel CPUs: never touched (interleaved
		// tcp-run runs, one worker, on the 2-core Intel Xeon: 100 of
		// each 1000 f32 of a 16 MB source 0.53-0.54 ms untouched against
		// 0.65, of 262 MB 22.2-22.5 against 27.1-28.0; 256 of each 1024
		// i64 by i32 ids 1.40-1.42 against 1.59-1.69).
		return "", true
	} else if !gathers {
		// The Go loop's row: touched past the working-set gate only (a
		// take of 1024 of the 4096 floats of each row, 8 MiB of source
		// and 2 MiB of result, one worker: 0.34-0.42 ms untouched
		// against 0.46-0.56, interleaved, on the AMD EPYC).
	} else if ok {
		if c*int64(es) <= maxUntouchedGatherRow || c*int64(es) > maxTouchedGatherRow {
			return "", true
		}
	} else {
		conds = append(conds, fmt.Sprintf("len(%s) > %d && len(%s) <= %d", row, maxUntouchedGatherRow/es, row, maxTouchedGatherRow/es))
	}
	if f.argLen[buf] != nil && out != "" && (f.resLen[out] != nil || f.argLen[out] != nil) {
		big, never := f.aheadCond(buf, out, es, es)
		if never {
			return "", true
		}
		if big != "" {
			conds = append([]string{big}, conds...)
		}
	}
	if len(conds) == 0 {
		return "", false
	}
	return strings.Join(conds, " && ") + " && ", false
}

// maxUntouchedGatherRow is the longest source row, in bytes, that
// gatherrow.Row reads untouched. Measured with tcp-run, one worker,
// GatherElements along the last dim (least of 5 interleaved runs, touched
// against untouched): 1 KiB rows of f32 by 64 i64 ids (16 MiB of source)
// 1.27 against 1.11 ms, of f16 by 128 i32 ids (64 MiB) 6.5 against 6.0;
// 2 KiB rows of f32 by 128 ids (32 MiB) 2.55 against 2.97, of f16 (16
// MiB) the same; 4 KiB rows of f32 by 256 ids (64 MiB) 5.6 against 7.9,
// of f16 by 128 ids 4.3 against 7.1. In the cache the touch only costs:
// [2048,512] f32 by 128 ids 0.20 against 0.15 ms, [4096,512] f16 0.34
// against 0.30.
const maxUntouchedGatherRow = 1024

// maxTouchedGatherRow is the longest source row, in bytes, that
// gatherrow.Row's rows are touched for: past it the touch, a stream
// through the whole row, cost more than the random reads it spares.
// Measured with tcp-run, one worker, on the 2-core Intel Xeon (2 MiB of
// L2 per core, 260 MiB of L3), least of 5 interleaved runs, touched
// against untouched: GatherElements along the last dim of 16 MiB of f32
// by a quarter as many i64 ids, 16 KiB rows 1.03 against 1.04 ms, 64 KiB
// 1.03 against 1.09, 256 KiB 1.23 against 1.14; takes along axis 1 by
// the same ids for every row, [64,100000] by 10000 ids (400 KB rows)
// 1.18 against 0.87, [16,250000] by 50000 (1 MB) 1.15 against 0.95,
// [3,1000000] by 100000 (4 MB) 0.96 against 0.62.
const maxTouchedGatherRow = 128 << 10

// sparseRow is a source row that sourceRow binds for a gathered position
// (buf[rest : rest+len(row)], at level level of the nest): if that
// position comes from an index table, the row is read sparsely at the
// same positions for every outer iteration (a column gather), and
// indexTables prefetches them in a later row (see sparseAhead).
type sparseRow struct {
	buf, row string
	rest     poly
	level    int
	es       int
}

// sparseAheadRows is how many outer rows ahead a sparse column gather
// prefetches the positions it reads (sparseAhead), and maxSparseAhead
// the most positions per row it prefetches. Measured with tcp-run, one
// worker, interleaved (least and median of 8): 64 of 2048 f32 columns
// of a 32 MiB source 0.88/1.08 ms against 1.20/1.92 without; 256 of 8192
// columns of 64 MiB (1024 prefetches in flight, 1 to 4 rows ahead) were
// slower, 3.4/4.1 against 2.9/3.6.
const (
	sparseAheadRows = 4
	maxSparseAhead  = 128
)

// sparseAhead returns, in the kernel binary, the statement that
// prefetches, sparseAheadRows outer rows ahead, the elements a column
// gather reads from its source row sp at the positions of the index
// table row tab (one prefetch.Elems call per row: PREFETCHT0 of each
// position), when the index row reads the source row sparsely (fewer
// than one position per 16 elements: a denser row is touched whole,
// see sourceRow), has at most maxSparseAhead positions, and the working
// set leaves the cache (aheadCond); ""
// when that does not apply. The rows are random to the hardware
// prefetcher, which sees a few scattered lines per row: without the
// prefetch the loop waits for each line in turn.
func (f *funcGen) sparseAhead(n *nest, sp sparseRow, tab, dst string) string {
	if !f.prefetches() {
		return ""
	}
	j := fmt.Sprintf("j%d", n.id)
	off, ok := f.later(n, sp.level, sp.rest, j)
	if !ok {
		return ""
	}
	hi := n.sizes[sp.level].String()
	if sp.level == 0 {
		hi = "hi"
	}
	cond := fmt.Sprintf("%s < %s", j, hi)
	big, never := f.aheadCond(sp.buf, dst, sp.es, sp.es)
	if never {
		return ""
	}
	if big != "" {
		cond = big + " && " + cond
	}
	return fmt.Sprintf("if len(%s)*16 < len(%s) && len(%s) <= %d {\nif %s := %s + %d; %s {\nif p := %s; uint(p) < uint(len(%s)) {\nprefetch.Elems(unsafe.Pointer(&%s[p]), %s, %d)\n}\n}\n}",
		n.rowOf, sp.row, tab, maxSparseAhead, j, n.vars[sp.level], sparseAheadRows, cond, off, sp.buf, sp.buf, tab, sp.es)
}

// shortStream reports whether the source rows that sourceRow binds (at
// base rest, of static size s, in the level around the innermost loop of
// n) are at most maxStreamRowBytes and follow each other in memory from
// one iteration of that level to the next (rest steps by s): the
// hardware prefetcher streams them to the loop, and the touch only costs
// (gatherrow.Row's hardware gathers still need their rows touched: on
// lines not yet in L1 they took 2.5x the loop's time). Measured with the
// kernel binary, one worker, GatherElements along the last axis of 1M
// ids: 512-byte f32 rows by 32 i64 ids 1.17-1.22 ms for the loop
// untouched against 1.26-1.33 touched; a take of 32 columns of 512-byte
// rows (index tables) 1.97-2.27 against 2.27-2.31; at 2 KiB the loop
// untouched took 1.5x.
func shortStream(rest, s poly, n *nest, et string) bool {
	l := len(n.vars) - 1
	size, ok := s.constant()
	if !ok || l < 1 || size*int64(elemSize(et)) > maxStreamRowBytes {
		return false
	}
	c, ok := rest.coeff(n.vars[l-1])
	if !ok {
		return false
	}
	step, ok := c.constant()
	return ok && step == size
}

// maxStreamRowBytes is the longest source row shortStream leaves to the
// hardware prefetcher.
const maxStreamRowBytes = 512

// store writes one element at dst[o].
func (f *funcGen) store(dst string, r ref, o, off string, l int) string {
	load := r.convData(fmt.Sprintf("%s[%s]", r.buf, off))
	if len(r.guards) == 0 {
		return fmt.Sprintf("%s[%s] = %s", dst, o, load)
	}
	var b strings.Builder
	for i, g := range r.guards {
		if i > 0 {
			b.WriteString(" else ")
		}
		fmt.Fprintf(&b, "if %s {\n%s[%s] = %s\n}", g.cond, dst, o, g.fill)
	}
	fmt.Fprintf(&b, " else {\n%s[%s] = %s\n}", dst, o, load)
	return b.String()
}

// guardedRun copies src[slo:shi] to dst[dlo:dhi] with copy, or fills it
// when a guard holds.
func (f *funcGen) guardedRun(r ref, dst, dlo, dhi, slo, shi string) string {
	return f.guardedCopy(r, dst, dlo, dhi, fmt.Sprintf("copy(%s[%s:%s], %s[%s:%s])", dst, dlo, dhi, r.buf, slo, shi))
}

// maxMemmoveRun is the longest run, in bytes, a kernel copies with a
// plain copy: from 1 MiB Go's memmove stores non-temporally (see
// tcpCopyRun), so a run that may be that long goes through tcpCopyRun or,
// in the kernel binary, tcpCopyRows with the output's tcpNT flag.
const maxMemmoveRun = 1<<20 - 1

// longRun reports whether a run of run elements of es bytes may be longer
// than maxMemmoveRun.
func longRun(run poly, es int) bool {
	c, ok := run.constant()
	return !ok || c*int64(es) > maxMemmoveRun
}

// longRunCopy returns the statement that copies the long run
// src[slo:shi] to dst[dlo:dhi] of an output of total elements of es
// bytes (or fills it when a guard holds), and the bool that chooses its
// non-temporal stores (the kernel binary only; the caller fences).
func (f *funcGen) longRunCopy(r ref, total poly, es int, dst, dlo, dhi, slo, shi string) (string, string) {
	f.g.used["copyrun"] = true
	if !f.g.driver {
		return f.guardedCopy(r, dst, dlo, dhi, fmt.Sprintf("tcpCopyRun(%s[%s:%s], %s[%s:%s], %d)", dst, dlo, dhi, r.buf, slo, shi, es)), ""
	}
	f.g.used["copyrows"] = true
	nt := f.ntFlag(total, es)
	return f.guardedCopy(r, dst, dlo, dhi, fmt.Sprintf("tcpCopyRows(%s[%s:%s], %s[%s:%s], %s)", dst, dlo, dhi, r.buf, slo, shi, nt)), nt
}

// guardedCopy is the statement cp, which copies a run to dst[dlo:dhi],
// or a fill of that run when one of r's guards holds.
func (f *funcGen) guardedCopy(r ref, dst, dlo, dhi, cp string) string {
	if len(r.guards) == 0 {
		return cp
	}
	var b strings.Builder
	for i, g := range r.guards {
		if i > 0 {
			b.WriteString(" else ")
		}
		fmt.Fprintf(&b, "if %s {\ntcpFill(%s[%s:%s], %s)\n}", g.cond, dst, dlo, dhi, g.fill)
	}
	f.g.used["fill"] = true
	fmt.Fprintf(&b, " else {\n%s\n}", cp)
	return b.String()
}

func elemSize(goType string) int {
	switch goType {
	case "bool", "int8", "uint8":
		return 1
	case "int16", "uint16":
		return 2
	case "int32", "uint32", "float32":
		return 4
	}
	return 8
}

// arrayRowCopy copies the static run dst[ob : ob+c] = src[sb : sb+c] of
// element type et (es bytes each) as fixed-size arrays: both rows are
// converted to array pointers once (Go's bounds checks), then each chunk
// of up to 16 bytes is one array assignment, which Go compiles to one
// load and one store (a 16-byte MOVUPS pair on amd64) with constant
// offsets and no bounds checks. Larger arrays would not do: Go copies an
// assignment of more than 16 bytes between array pointers with a memmove
// call (the two may overlap), and one through a local via the stack.
func arrayRowCopy(dst, ob, src, sb, et string, c, es int64) string {
	per := max(1, 16/es)
	if c <= per {
		return fmt.Sprintf("*(*[%d]%s)(%s[%s : %s+%d]) = *(*[%d]%s)(%s[%s : %s+%d])", c, et, dst, ob, ob, c, c, et, src, sb, sb, c)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "{\ntcpS := (*[%d]%s)(%s[%s : %s+%d])\ntcpD := (*[%d]%s)(%s[%s : %s+%d])", c, et, src, sb, sb, c, c, et, dst, ob, ob, c)
	for j := int64(0); j < c; j += per {
		m := min(per, c-j)
		fmt.Fprintf(&b, "\n*(*[%d]%s)(tcpD[%d:%d]) = *(*[%d]%s)(tcpS[%d:%d])", m, et, j, j+m, m, et, j, j+m)
	}
	return b.String() + "\n}"
}
