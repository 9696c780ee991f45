package golang

import (
	"fmt"
	"strings"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/dialect/tcp"
	tensord "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
)

// Scatters (tcp.scatter, tcp.scatter_nd). A scatter is not a function of
// its output coordinates, so it is not read like the other ops: it must be
// a result of the function (its only uses are func.return, or the input
// operand of another scatter), and it is computed in its destination in
// two phases:
//
//  1. the destination is written with the input, by the ordinary fused
//     result nest (a broadcast of zeros, an argument, a gather …), or, for
//     a chain, by the inner scatter; when the input is an argument and
//     phase 2 loops over the destination's rows (see rowCopySource), each
//     row is copied at the top of its iteration of that loop instead, so
//     it is still in cache when its updates are combined;
//  2. one nest walks the updates in row-major order; each reads its index
//     (or index tuple) and update through the fusion analysis (no index or
//     update tensor is materialized), resolves the mode and combines the
//     update into the destination element.
//
// The checks of the interpreter (shapes, modes error and wrap_negative,
// clip and wrap into an empty dim) run before, in op order, like those of
// the gathers. Phase 2 is split over workers by the destination's first
// coordinate: each worker owns a range of destination rows and applies, in
// row-major order, exactly the updates that land there. When that
// coordinate is the outermost update loop's own counter (a scatter along a
// dim other than 0, a batched scatter_nd), the loop itself is split;
// otherwise every worker walks all the index values and skips updates
// outside its rows. Every destination element is thus written by one
// worker, in the sequential order, so the result is the same for every
// worker count. Two exceptions for whole rows: rows of 129 to 512 bytes
// of a replace are split by their columns instead (rowColSplit: every
// worker copies its cache lines of every update row, in order; an add
// of such rows runs that code on one worker, as adds of shorter rows
// do), and when a replace's ids are a [N, 1] argument,
// one pass over them per call with a bitmap of the destination rows (the
// only allocation) finds whether they are distinct; if so the workers
// split the update rows themselves (uniqueRowsSplit), since no two
// updates then write the same row.
// unique_indices is a promise the kernel does not check (the ordered
// result is one allowed answer).

func isScatter(op *ir.Operation) bool { return tcp.IsScatter(op) }

// inPlaceArg returns the argument whose buffer result k of a function may
// be computed in (CallOptions.InPlace), or -1: result k must be a
// scatter, returned once and read by nothing else, whose input is a
// tensor argument that nothing else reads (the updates and indices
// included). The kernel then skips the copy of the input when the two
// buffers are one (tcpSame), and applies the updates where they are.
func inPlaceArg(body *ir.Block, ret *ir.Operation, k int) int {
	op := ret.Operand(k).DefiningOp()
	if op == nil || !isScatter(op) || len(ir.Uses(op.Result(0))) != 1 {
		return -1
	}
	in := op.Operand(0)
	for j, a := range body.Arguments() {
		if a != in {
			continue
		}
		if _, ok := a.Type().(*ir.RankedTensorType); !ok || len(ir.Uses(a)) != 1 {
			return -1
		}
		return j
	}
	return -1
}

// materialized reports whether a scatter's result is read by an op other
// than func.return or (as its input) another scatter: it is then computed
// into a buffer of its own (one allocation per call, before the loops)
// that those ops read.
func materialized(op *ir.Operation) bool {
	for _, u := range ir.Uses(op.Result(0)) {
		o := u.Owner()
		if o.Name() == tensord.ExpandShapeName && ir.HasOneUse(o.Result(0)) && ir.Uses(o.Result(0))[0].Owner().Name() == function.ReturnName {
			// Returned expanded (see flatTakes): resultNestInto computes
			// it into the result.
			continue
		}
		if o.Name() != function.ReturnName && !(isScatter(o) && u.OperandNumber() == 0) {
			return true
		}
	}
	return false
}

// argOf returns the argument v is a reshape of (the same buffer), if any.
func (f *funcGen) argOf(v ir.Value) (string, bool) {
	for isReshape(v.DefiningOp()) {
		v = v.DefiningOp().Operand(0)
	}
	a, ok := f.args[v]
	return a, ok
}

// scatterElem checks the element type and combine of a scatter.
func scatterElem(op *ir.Operation) (string, error) {
	et, err := goElem(ir.ElementType(op.Result(0).Type()))
	if err != nil {
		return "", unsupported(op, err.Error())
	}
	return et, nil
}

// halfKind returns "F16" or "BF16" for a scatter on those element types
// (their Go type is uint16 bits), else "".
func halfKind(op *ir.Operation) string {
	if t, ok := ir.ElementType(op.Result(0).Type()).(ir.FloatType); ok {
		switch t.Kind {
		case ir.F16:
			return "F16"
		case ir.BF16:
			return "BF16"
		}
	}
	return ""
}

func (f *funcGen) checkScatter(op *ir.Operation) error {
	if _, err := scatterElem(op); err != nil {
		return err
	}
	if tcp.CombineOf(op) == tcp.CombineRegion {
		if err := f.checkScatterRegion(op); err != nil { // emit_scatter_region.go
			return err
		}
	}
	s := tcp.ScatterOp{Operation: op}
	in, err := f.dims(s.Input())
	if err != nil {
		return err
	}
	idx, err := f.dims(s.Indices())
	if err != nil {
		return err
	}
	upd, err := f.dims(s.Updates())
	if err != nil {
		return err
	}
	mode := s.Mode()
	name := strings.TrimPrefix(op.Name(), "tcp.")
	sameDim := func(a, b poly, msg string, static []any) {
		_, c1 := a.constant()
		_, c2 := b.constant()
		if !(c1 && c2) && !a.equal(b) {
			f.stmt("if %s != %s {\nreturn %s\n}", a, b, f.errf(name+": "+msg, static, a.String(), b.String()))
		}
	}
	if op.Name() == tcp.ScatterName {
		dim := int(s.Dim())
		for d := range idx {
			sameDim(upd[d], idx[d], "updates dim %d has size %%d, want the indices size %%d", []any{d})
		}
		for d := range in {
			_, c1 := in[d].constant()
			_, c2 := idx[d].constant()
			if d != dim && !(c1 && c2) && !idx[d].equal(in[d]) {
				f.stmt("if %s > %s {\nreturn %s\n}", idx[d], in[d], f.errf(name+": indices dim %d has size %%d, larger than input size %%d", []any{d}, idx[d].String(), in[d].String()))
			}
		}
		n := product(idx)
		sz := in[dim]
		// Checked inside the scatter loop when inlineCheck allows, except
		// for an empty input, where that loop does not run.
		cond := ""
		if modeChecks(mode) && inlineCheck(op, false) {
			f.inline[op] = true
			if !isEmptyStatic(in) {
				if c, ok := product(in).constant(); ok && c != 0 {
					return nil
				}
				cond = emptyCond(in)
			}
		}
		switch mode {
		case tcp.ModeError, tcp.ModeWrapNegative:
			r := root(s.Indices())
			rd, err := f.dims(r)
			if err != nil {
				return err
			}
			return f.guarded(n, cond, func() error {
				return f.validate(rd, func(coords []poly) (string, error) {
					ref, err := f.read(r, coords, false)
					if err != nil {
						return "", err
					}
					return f.indexCheck(mode, f.loadInt(ref, false), sz, dim), nil
				})
			})
		case tcp.ModeClip, tcp.ModeWrap:
			if c, ok := sz.constant(); ok && c != 0 {
				return nil
			}
			return f.guarded(n, sz.String()+" == 0", func() error {
				ref, err := f.read(s.Indices(), make([]poly, len(idx)), false)
				if err != nil {
					return err
				}
				v := f.loadInt(ref, false)
				f.stmt("return %s", f.errf("cannot scatter into an empty dimension: index %%d for dimension %d with size 0 (mode %s)", []any{dim, mode}, v))
				return nil
			})
		}
		return nil
	}
	// scatter_nd
	b := int(s.BatchDims())
	q := len(idx)
	m := int(rankedOf(s.Indices()).Dim(q - 1))
	for d := 0; d < b; d++ {
		sameDim(idx[d], in[d], "batch dim %d has size %%d in indices but %%d in input", []any{d})
	}
	want := append(append([]poly{}, idx[:q-1]...), in[b+m:]...)
	for d := range want {
		sameDim(upd[d], want[d], "updates dim %d has size %%d, want %%d (indices.shape[:-1] ++ input.shape[batch_dims+m:])", []any{d})
	}
	cond := ""
	if modeChecks(mode) && m > 0 && inlineCheck(op, false) {
		f.inline[op] = true
		both := append(append([]poly{}, want...), in...)
		if !isEmptyStatic(both) {
			if c, ok := product(both).constant(); ok && c != 0 {
				cond = "false"
			} else {
				cond = emptyCond(both)
			}
		}
	}
	switch {
	case cond == "false":
	case modeChecks(mode) && m > 0:
		return f.guarded(pconst(1), cond, func() error {
			return f.validate(idx[:q-1], func(coords []poly) (string, error) {
				var stmts []string
				for k := 0; k < m; k++ {
					ref, err := f.read(s.Indices(), append(append([]poly{}, coords...), pconst(int64(k))), false)
					if err != nil {
						return "", err
					}
					stmts = append(stmts, f.indexCheck(mode, f.loadInt(ref, false), in[b+k], b+k))
				}
				return strings.Join(stmts, "\n"), nil
			})
		})
	case (mode == tcp.ModeClip || mode == tcp.ModeWrap) && m > 0:
		for k := 0; k < m; k++ {
			sz := in[b+k]
			if c, ok := sz.constant(); ok && c != 0 {
				continue
			}
			err := f.guarded(product(upd), sz.String()+" == 0", func() error {
				c := make([]poly, q)
				c[q-1] = pconst(int64(k))
				ref, err := f.read(s.Indices(), c, false)
				if err != nil {
					return err
				}
				v := f.loadInt(ref, false)
				f.stmt("return %s", f.errf("cannot scatter into an empty dimension: index %%d for dimension %d with size 0 (mode %s)", []any{b + k, mode}, v))
				return nil
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// warmCopy binds, after the copy of an add scatter's input arg into its
// result dst (of sizes ds), the bool that says this call made that copy
// through the cache (not in place, and plain stores: tcpNTReread), so
// that the adds' rows are in the cache and scatterAhead does not
// prefetch them. Measured with tcp-run, one worker, least of 5
// interleaved runs, 65536 Zipf updates of 256-byte f32 rows into a copy
// of an 8 MiB table: 1.55-1.63 ms without the prefetch against
// 1.61-1.66 with it; into a copy of a 25.6 MB table of 512-byte rows
// the same (3.29-3.47 against 3.32-3.47).
func (f *funcGen) warmCopy(dst, arg string, ds []poly, s tcp.ScatterOp) {
	et, err := goElem(ir.ElementType(s.Input().Type()))
	if err != nil || !f.prefetches() {
		return
	}
	f.g.used["nt"], f.g.used["ntreread"] = true, true
	if f.warm == nil {
		f.warm = map[string]string{}
	}
	f.warm[dst] = f.bind(-1, fmt.Sprintf("!tcpSame(%s, %s) && !tcpNTReread(%s)", dst, arg, product(ds).scale(int64(elemSize(et)))))
}

// scatterInto computes the scatter op, of sizes ds, into the slice dst.
func (f *funcGen) scatterInto(dst string, op *ir.Operation, ds []poly) error {
	s := tcp.ScatterOp{Operation: op}
	upd, err := f.dims(s.Updates())
	if err != nil {
		return err
	}
	src, rows := f.rowCopySource(s, ds)
	if arg, ok := f.argOf(s.Input()); ok && src == "" && f.unreplacedCopy(s, dst, arg, ds, upd) {
		// The input's rows that the scatter does not replace.
	} else if ok && src == "" {
		// The input's copy, unless the destination is the input's own
		// buffer (a call in place).
		f.g.used["same"] = true
		f.push()
		// An add's updates read the copy back: it keeps plain stores
		// longer (revrow.NTBytesReread).
		reread := s.Combine() != tcp.CombineReplace
		f.reread = reread
		err := f.resultNestInto(dst, s.Input(), ds)
		f.reread = false
		if err != nil {
			return err
		}
		f.stmt("if !tcpSame(%s, %s) {\n%s\n}", dst, arg, f.pop())
		if reread {
			f.warmCopy(dst, arg, ds, s)
		}
	} else if src == "" {
		if err := f.resultNestInto(dst, s.Input(), ds); err != nil {
			return err
		}
	}
	return f.guarded(product(ds), "", func() error {
		if src != "" {
			// Without updates the nest that copies the rows does not
			// run; with fewer index rows than input rows, the rows
			// beyond them are copied here.
			if c, ok := product(upd).constant(); !ok {
				f.stmt("if %s == 0 {\ncopy(%s, %s)\n}", product(upd), dst, src)
			} else if c == 0 {
				f.stmt("copy(%s, %s)", dst, src)
			}
			if !rows.equal(ds[0]) {
				tail := rows.mul(product(ds[1:]))
				cp := fmt.Sprintf("copy(%s[%s:], %s[%s:])", dst, tail, src, tail)
				r, c1 := rows.constant()
				n, c2 := ds[0].constant()
				switch {
				case !c1 || !c2:
					f.stmt("if %s < %s {\n%s\n}", rows, ds[0], cp)
				case r < n:
					f.stmt("%s", cp)
				}
			}
		}
		return f.guarded(product(upd), "", func() error { return f.scatterNest(dst, s, ds, upd, src) })
	})
}

// rowCopySource returns the buffer of a scatter's input when the copy of
// the input can be fused into the update nest row by row, else "", and
// the number of rows that nest runs over. That is when the input is a
// function argument (a buffer of the destination's layout) and the update
// nest's outer loop runs over the destination's first dim (a scatter along
// a dim other than 0, a batched scatter_nd): the worker that owns row r
// copies it and then applies its updates while it is in cache, instead of
// a copy pass over the whole destination followed by a second pass that
// reads it back. Rows past the indices' first dim (which may be shorter
// than the input's in a scatter) are copied on their own.
func (f *funcGen) rowCopySource(s tcp.ScatterOp, ds []poly) (string, poly) {
	src, ok := f.argOf(s.Input())
	if !ok || len(ds) < 2 {
		return "", nil
	}
	if s.Name() == tcp.ScatterName && s.Dim() == 0 || s.Name() == tcp.ScatterNDName && s.BatchDims() == 0 {
		return "", nil
	}
	idx, err := f.dims(s.Indices())
	if err != nil || len(idx) == 0 {
		return "", nil
	}
	if c, ok := idx[0].constant(); ok && c == 1 {
		return "", nil // no loop over dim 0 (newNest drops size-1 dims)
	}
	return src, idx[0]
}

func (f *funcGen) scatterNest(dst string, s tcp.ScatterOp, ds, upd []poly, src string) error {
	defer f.at(s.Operation)()
	et, err := scatterElem(s.Operation)
	if err != nil {
		return err
	}
	in := ds
	// The iteration space: the updates' shape, spelled with the indices'
	// and the input's sizes (checked equal before), so that a destination
	// row and the loop over it have the same length expression.
	idx, err := f.dims(s.Indices())
	if err != nil {
		return err
	}
	iter := idx
	if s.Name() == tcp.ScatterNDName {
		q := len(idx)
		m := int(rankedOf(s.Indices()).Dim(q - 1))
		iter = append(append([]poly{}, idx[:q-1]...), in[int(s.BatchDims())+m:]...)
	}
	n, coords := f.newNest(iter)
	f.cur = n
	defer func() { f.cur = nil }()
	nl := len(n.vars)
	n.rows = nl >= 2
	n.scatter = true
	mode := s.Mode()
	// The destination coordinates, and the conditions to skip an update
	// (mode drop), each at its level.
	dest := append([]poly{}, coords...)
	type cond struct {
		expr  string
		level int
	}
	var skips []cond
	resolve := func(v string, sz poly, d int) poly {
		l := max(f.levelOfAtoms(v), f.levelOf(sz))
		if f.inline[s.Operation] && mode == tcp.ModeWrapNegative {
			w, _ := f.wrapChecked(l, v, sz, d)
			return patom(w)
		}
		if f.inline[s.Operation] {
			b := f.blockAt(l)
			b.stmts = append(b.stmts, f.indexCheck(mode, v, sz, d))
		}
		switch mode {
		case tcp.ModeWrapNegative:
			f.g.used["wrapneg"] = true
			return patom(f.bindRedo(l, "tcpWrapNeg", v, sz.String()))
		case tcp.ModeClip:
			f.g.used["clip"] = true
			return patom(f.bindRedo(l, "tcpClip", v, sz.String()))
		case tcp.ModeWrap:
			f.g.used["wrap"] = true
			return patom(f.bindRedo(l, "tcpWrap", v, sz.String()))
		case tcp.ModeDrop:
			skips = append(skips, cond{fmt.Sprintf("uint(%s) >= uint(%s)", v, sz), l})
		}
		return patom(v)
	}
	var dimPos poly // the resolved index of a scatter along its dim
	// An element scatter along its last dim reads its index row by a
	// range loop (idxRow, see loadInt); innerLets is how many statements
	// the index's load, wrap and check put in the innermost loop.
	idxRow, innerLets := "", -1
	var idxRef ref
	var rowsIdx ref // the ids' read for scatterRowsCall: [N, 1] or, 1-d, [N]
	if s.Name() == tcp.ScatterName {
		dim := int(s.Dim())
		r, err := f.read(s.Indices(), coords, false)
		if err != nil {
			return err
		}
		if len(coords) == 1 {
			rowsIdx = r
		}
		had := nl > 0 && n.rangeOver != ""
		dimPos = resolve(f.loadInt(r, false), in[dim], dim)
		dest[dim] = dimPos
		if nl > 0 && !had && n.rangeOver != "" {
			idxRow, idxRef, innerLets = n.rangeOver, r, len(n.lets[nl-1].stmts)
		}
	} else {
		b := int(s.BatchDims())
		q := rankedOf(s.Indices()).Rank()
		m := int(rankedOf(s.Indices()).Dim(q - 1))
		dest = append([]poly{}, coords[:b]...)
		for k := 0; k < m; k++ {
			ic := append(append([]poly{}, coords[:q-1]...), pconst(int64(k)))
			r, err := f.read(s.Indices(), ic, false)
			if err != nil {
				return err
			}
			if q == 2 && m == 1 {
				idxRef, rowsIdx = r, r
			}
			dest = append(dest, resolve(f.loadInt(r, false), in[b+k], b+k))
		}
		dest = append(dest, coords[q-1:]...)
	}
	if mode == tcp.ModePromiseInBounds {
		f.promise = true
		f.promiseOps[s.Operation] = true
	}
	// Worker split: by the destination's first coordinate.
	c0 := dest[0]
	splitLoop := nl > 0 && n.dims[0] == 0 && c0.equal(patom(n.vars[0]))
	// An element scatter along dim 0 (or any dim whose destination
	// coordinate 0 is an index): split the innermost loop instead, by
	// the destination's last coordinate, when that is the loop's own
	// counter and the loop is long (so that a worker's columns of a row
	// are a run of cache lines). Every destination element is still
	// written by one worker in the sequential order, and each worker
	// reads only its columns of the indices and updates, where a split
	// by destination rows has every worker read all of them and skip
	// (a mispredicted branch per update) those of the other workers.
	// Only for combine add so far, the combine measured (the split is as
	// exact for every combine). Whole rows of a scatter_nd are split by
	// columns in rowColSplit instead.
	splitInner, cols := false, int64(0)
	if !splitLoop && s.Name() == tcp.ScatterName && s.Combine() == tcp.CombineAdd && nl >= 2 && n.dims[nl-1] == len(iter)-1 &&
		dest[len(ds)-1].equal(patom(n.vars[nl-1])) {
		if c, ok := n.sizes[nl-1].constant(); ok && c >= minSplitColumns {
			splitInner, n.splitInner, cols = true, true, c
		}
	}
	// A replace or add of whole rows (scatter_nd: index_put, an
	// embedding gradient) of minRowSplitBytes to maxRowSplitBytes: the
	// workers split each row's columns in cache lines, every worker
	// copying or adding its part of every update row in order (see
	// rowColSplit).
	rowCols, lineElems := f.rowColSplit(s, n, iter, dest, splitLoop, et)
	if rowCols {
		n.splitInner = true
	}
	tileB, tileE := "", "" // the column block of a split by columns
	var sl *slab           // its copy in a worker's scratch, when scatterAddCols takes it
	if splitInner {
		tileB, tileE = f.temp(), f.temp()
		sl = f.newSlab(ds, iter, et)
	}
	if !splitLoop && !splitInner && !rowCols {
		skips = append(skips, cond{fmt.Sprintf("%s < lo || %s >= hi", c0.paren(), c0.paren()), f.levelOf(c0)})
	}
	if src != "" {
		if !splitLoop {
			return fmt.Errorf("internal error: %s: a row-fused input copy needs the update loop split by destination rows", s.Name())
		}
		// The destination row of this iteration, copied from the input
		// before any update of it (first in the outer loop's body).
		i0, r := n.vars[0], product(ds[1:]).paren()
		f.g.used["same"] = true
		cp := fmt.Sprintf("if !tcpSame(%s, %s) {\ncopy(%s[%s*%s:(%s+1)*%s], %s[%s*%s:(%s+1)*%s])\n}", dst, src, dst, i0, r, i0, r, src, i0, r, i0, r)
		n.lets[0].stmts = append([]string{cp}, n.lets[0].stmts...)
	}
	var outer []string // conditions at level -1
	for _, c := range skips {
		if c.level < 0 || nl == 0 {
			outer = append(outer, c.expr)
			continue
		}
		blk := n.lets[c.level]
		blk.stmts = append(blk.stmts, fmt.Sprintf("if %s {\ncontinue\n}", c.expr))
	}
	// The update.
	ur, err := f.read(s.Updates(), coords, false)
	if err != nil {
		return err
	}
	if ur.conv != nil || ur.val != "" {
		return notIndex(s.Updates())
	}
	dOff := linear(dest, ds)
	combine := s.Combine()
	var stmt string
	if nl == 0 {
		stmt = f.combineStmt(et, halfKind(s.Operation), combine, fmt.Sprintf("%s[%s]", dst, f.hoist(dOff, -1)), f.loadElem(ur, -1))
	} else {
		l := nl - 1
		j := n.vars[l]
		dIdx := ""
		rowLevel := -1
		dimRow := "" // the destination row indexed by dimPos
		// A destination row: the innermost counter (or, along the last
		// dim, the resolved index) is the last destination coordinate and
		// the rest of the offset is bound outside the loop.
		last := len(ds) - 1
		for _, term := range []poly{patom(j), dimPos} {
			if l < 1 || term == nil || !dest[last].equal(term) || f.levelOf(term) != l {
				continue
			}
			rest := dOff.add(term.scale(-1))
			size := ds[last]
			if rl := f.levelOf(rest, size); rl < l {
				base := f.hoist(rest, max(rl, 0))
				row := f.bind(max(rl, 0), fmt.Sprintf("%s[%s : %s+%s]", dst, base, base, size.paren()))
				dIdx = fmt.Sprintf("%s[%s]", row, term)
				if term.equal(patom(j)) && n.sizes[l].equal(size) {
					n.rowOf, rowLevel = row, max(rl, 0)
				} else if !term.equal(patom(j)) {
					dimRow = row
				}
				break
			}
		}
		if dIdx == "" {
			dIdx = fmt.Sprintf("%s[%s]", dst, f.hoist(dOff, l))
		}
		uval := ""
		if len(ur.guards) == 0 && l >= 1 {
			if c, ok := ur.off.coeff(j); ok {
				rest := ur.off.add(patom(j).scale(-1))
				if one, isC := c.constant(); isC && one == 1 && f.levelOf(rest, n.sizes[l]) < l {
					rl := max(f.levelOf(rest, n.sizes[l]), 0)
					// Sliced to the destination row's length when that
					// row is in scope, so the compiler drops the bounds
					// check of the update read in the range loop.
					size := n.sizes[l].paren()
					if n.rowOf != "" && rowLevel <= rl {
						size = "len(" + n.rowOf + ")"
					}
					base := f.hoist(rest, rl)
					urow := f.bind(rl, fmt.Sprintf("%s[%s : %s+%s]", ur.buf, base, base, size))
					if n.rowOf == "" && n.rangeOver != "" && f.levelOfAtoms(n.rangeOver) <= rl {
						// Resliced to the index row the loop ranges
						// over: the compiler proves the reads in bounds
						// (a bound of base+len(row) it does not).
						urow = f.bind(rl, fmt.Sprintf("%s[:len(%s)]", urow, n.rangeOver))
					}
					uval = fmt.Sprintf("%s[%s]", urow, j)
					if rowCols && n.rowOf != "" && len(n.lets[l].stmts) == 0 {
						// The worker's columns [lo, hi) of the row, and a
						// prefetch of their first line a few rows ahead
						// (with one worker, the whole row and its first
						// line: the prefetch of maxAddAheadBytes). An
						// add: rowadd.AddF32 for f32 in the kernel
						// binary, else the Go loop over the columns,
						// resliced to one length (no bounds checks).
						n.innerCall = fmt.Sprintf("copy(%s[lo:hi], %s[lo:hi])", n.rowOf, urow)
						if combine == tcp.CombineReplace && f.g.driver {
							// The kernel binary: gatherrow.Move's 32-byte
							// moves (rows here are past maxArrayRun).
							n.innerCall = fmt.Sprintf("gatherrow.Move(%s[lo:hi], %s[lo:hi])", n.rowOf, urow)
						} else if c, ok := n.sizes[l].constant(); ok && combine == tcp.CombineReplace && c*int64(elemSize(et)) <= maxScatterArrayRun {
							// A worker that owns the whole row (one
							// worker, or the split of distinct rows)
							// copies it with inline moves (see
							// maxScatterArrayRun).
							n.innerCall = fmt.Sprintf("if lo == 0 && hi == %d %s else {\n%s\n}", c,
								arrayRowCopy(n.rowOf, "0", urow, "0", et, c, int64(elemSize(et))), n.innerCall)
						}
						if combine == tcp.CombineAdd {
							n.innerCall = fmt.Sprintf("rowadd.AddF32(%s[lo:hi], %s[lo:hi])", n.rowOf, urow)
							if !(f.g.driver && et == "float32") {
								d, u, k := f.temp(), f.temp(), f.temp()
								n.innerCall = fmt.Sprintf("%s, %s := %s[lo:hi], %s[lo:hi]\n%s = %s[:len(%s)]\nfor %s := range %s {\n%s\n}",
									d, u, n.rowOf, urow, u, u, d, k, d, f.combineStmt(et, halfKind(s.Operation), combine, d+"["+k+"]", u+"["+k+"]"))
							}
						}
						if t := f.scatterAhead(n, l-1, dst, ur.buf, dOff.without(n, l).add(patom("lo")), c0, false, scatterAheadRows, elemSize(et), 0); t != "" {
							n.lets[l-1].stmts = append([]string{t}, n.lets[l-1].stmts...)
						}
					} else if combine == tcp.CombineReplace && n.rowOf != "" && len(n.lets[l].stmts) == 0 && !splitInner {
						n.innerCall = fmt.Sprintf("copy(%s, %s)", n.rowOf, urow)
						if c, ok := n.sizes[l].constant(); ok && c > 1 && c*int64(elemSize(et)) <= maxArrayRun {
							// A short static row: inline moves, no
							// memmove call (see arrayRowCopy).
							n.innerCall = arrayRowCopy(n.rowOf, "0", urow, "0", et, c, int64(elemSize(et)))
						} else if f.g.driver {
							// The kernel binary: gatherrow.Move's 32-byte
							// moves.
							n.innerCall = fmt.Sprintf("gatherrow.Move(%s, %s)", n.rowOf, urow)
						}
						// The destination rows are random: start the
						// one written a few rows later (kernel binary),
						// before this row's worker test (see skips).
						run, _ := n.sizes[l].constant()
						if t := f.scatterAhead(n, l-1, dst, ur.buf, dOff.without(n, l), c0, !splitLoop, scatterAheadRows, elemSize(et), int(run)*elemSize(et)); t != "" {
							n.lets[l-1].stmts = append([]string{t}, n.lets[l-1].stmts...)
						}
					}
					if f.g.driver && combine == tcp.CombineAdd && et == "float32" && n.rowOf != "" && len(n.lets[l].stmts) == 0 && !splitInner && !rowCols {
						// A whole contiguous f32 row added in the kernel
						// binary: SSE with the NaN rule for free (package
						// rowadd), not a NaN test per element. Kernels
						// for embedders import only the standard library
						// and keep the loop.
						n.innerCall = fmt.Sprintf("rowadd.AddF32(%s, %s)", n.rowOf, urow)
						if run, ok := n.sizes[l].constant(); ok && run*4 <= maxAddAheadBytes && !splitLoop {
							// The destination row of the update a few rows
							// later, started as for a replace, by a worker
							// that owns every row (see maxAddAheadBytes).
							if t := f.scatterAhead(n, l-1, dst, ur.buf, dOff.without(n, l), c0, false, scatterAheadRows, elemSize(et), int(run)*4); t != "" {
								n.lets[l-1].stmts = append([]string{fmt.Sprintf("if lo == 0 && hi == %s {\n%s\n}", ds[0], t)}, n.lets[l-1].stmts...)
							}
						}
					}
					if call := f.scatterAddRow(s, et, idxRef, idxRow, dimRow, urow, innerLets, len(n.lets[l].stmts), in); call != "" {
						n.innerCall = call
					}
					if splitInner {
						if call := f.scatterAddCols(s, et, idxRef, idxRow, urow, innerLets, len(n.lets[l].stmts), in, dst, dOff, dimPos, j, l, tileB, tileE, sl); call != "" {
							n.innerCall = call
							if sl != nil && sl.used { // (measured with the scratch only)
								if t := f.colsAhead(n, l-1, idxRef, ur, idxBytes(s), 4, tileB, tileE); t != "" {
									n.lets[l-1].stmts = append([]string{t}, n.lets[l-1].stmts...)
								}
							}
						}
					}
				}
			}
		}
		if uval == "" {
			uval = f.loadElem(ur, l)
		}
		stmt = f.combineStmt(et, halfKind(s.Operation), combine, dIdx, uval)
	}
	uniq := f.uniqueRowsSplit(s, n, iter, splitLoop, len(outer) > 0)
	var code string
	if nl == 0 {
		code = stmt
	} else {
		n.lets[nl-1].stmts = append(n.lets[nl-1].stmts, stmt)
		lo, hi := "", ""
		if splitLoop || splitInner || rowCols {
			lo, hi = "lo", "hi"
		}
		if uniq != "" {
			// Level 0 over [s0, e0): all the update rows, or the
			// worker's when the ids are distinct (then lo and hi are
			// the whole row or all the destination rows).
			lo, hi = uniq+"s0", uniq+"e0"
			saved := n.splitInner
			n.splitInner = false
			code = n.loops(0, nl, lo, hi, "")
			n.splitInner = saved
			if call := f.scatterPutCall(s, n, iter, ds, dst, et, idxRef, ur, lo, hi); call != "" {
				// A worker that owns every destination row (one worker,
				// or distinct ids): one gatherrow.Put for its updates.
				code = fmt.Sprintf("if lo == 0 && hi == %s {\n%s\n} else {\n%s\n}", ds[0], call, code)
			}
		} else if rowCols {
			code = n.loops(0, nl, lo, hi, "")
		} else if splitInner {
			// Blocks of the worker's columns, each over all the rows:
			// a block's destination (its columns of every row) stays
			// in L2 across the rows, where a whole row of updates
			// would touch one line of every destination row.
			step, b, e := f.temp(), tileB, tileE
			block := product(ds[:len(ds)-1]).scale(int64(elemSize(et)))
			if sl != nil && sl.used {
				// The block's columns of every destination row are
				// added to in a worker's scratch of sl.rows rows of
				// sl.width (copied in and out around the block): its
				// lines are contiguous, where the destination's would
				// be a row stride apart (on a stride of a power of two,
				// all in a few sets of the caches).
				f.g.used["slab"] = true
				code = fmt.Sprintf("%s := %d\n%s := tcpSlabGet(%d)\ndefer tcpSlabPut(%s)\nfor %s := lo; %s < hi; %s += %s {\n%s := min(%s+%s, hi)\n%s := %s - %s\ntcpSlabIn(*%s, %s, %d, %d, %s, %s)\n%s\ntcpSlabOut(%s, *%s, %d, %d, %s, %s)\n}",
					step, sl.width, sl.buf, sl.rows*sl.width, sl.buf, b, b, b, step, e, b, step, sl.w, e, b,
					sl.buf, dst, sl.rows, sl.cols, b, sl.w, n.loops(0, nl, b, e, ""), dst, sl.buf, sl.rows, sl.cols, b, sl.w)
			} else {
				code = fmt.Sprintf("%s := max(%d, %d/max(1, %s))&^15\nfor %s := lo; %s < hi; %s += %s {\n%s := min(%s+%s, hi)\n%s\n}",
					step, minScatterBlock, scatterBlockBytes, block, b, b, b, step, e, b, step, n.loops(0, nl, b, e, ""))
			}
		} else {
			code = n.loops(0, nl, lo, hi, "")
		}
	}
	if len(outer) > 0 {
		code = fmt.Sprintf("if !(%s) {\n%s\n}", strings.Join(outer, " || "), code)
	}
	f.g.used["parallel"] = true
	es := elemSize(et)
	recheck := ""
	if splitInner && f.inline[s.Operation] && modeChecks(mode) {
		// A worker that meets a bad index stops with its own first one,
		// which need not be the first in row-major order (the
		// interpreter's error): on an error, scan the indices in order
		// for that one.
		f.push()
		if err := f.checkIndicesInOrder(s, in); err != nil {
			return err
		}
		recheck = f.pop()
	}
	if splitInner {
		// The worker split is by columns, in steps of a cache line (so
		// that workers share no destination line where rows start on
		// one): a step's share of the destination is its size over
		// the last dim.
		b := int64(max(1, 64/es))
		colBytes := product(ds[:len(ds)-1]).scale(int64(es) * b)
		f.stmt("if err := tcpParallel(%d, %s, func(lo, hi int) error {\nlo, hi = lo*%d, min(hi*%d, %d)\n%s\nreturn nil\n}); err != nil {\n%s\nreturn err\n}",
			(cols+b-1)/b, colBytes, b, b, cols, code, recheck)
		return nil
	}
	if uniq != "" {
		// Distinct ids (uniq, tcpRowsUnique): the workers split the
		// update rows, each copying whole rows; else the split below,
		// which keeps the order of duplicates.
		ids := f.args[s.Indices()]
		updRow := product(iter[1:]).scale(int64(es))
		f.g.used["rowsunique"] = true
		f.stmt("%s := tcpRowsUnique(%s, %s, %s, %d)", uniq, ids, ds[0], updRow, uniqueMode[mode])
		full, scan := ds[0].String(), fmt.Sprintf("tcpParallelScan(%s, %s, %sbody)", ds[0], product(ds[1:]).scale(int64(es)), uniq)
		adjust := ""
		if rowCols {
			b := lineElems
			cols, _ := n.sizes[nl-1].constant()
			full = fmt.Sprint(cols)
			scan = fmt.Sprintf("tcpParallelScan(%d, %s, %sbody)", (cols+b-1)/b, product(iter[:len(iter)-1]).scale(int64(es)*b), uniq)
			adjust = fmt.Sprintf(" else {\nlo, hi = lo*%d, min(hi*%d, %d)\n}", b, b, cols)
		}
		f.stmt("%sbody := func(lo, hi int) error {\n%ss0, %se0 := 0, %s\nif %s {\n%ss0, %se0, lo, hi = lo, hi, 0, %s\n}%s\n%s\nreturn nil\n}",
			uniq, uniq, uniq, n.sizes[0], uniq, uniq, uniq, full, adjust, code)
		f.stmt("%serr := error(nil)\nif %s {\n%serr = tcpParallel(%s, %s, %sbody)\n} else {\n%serr = %s\n}\nif %serr != nil {\nreturn %serr\n}",
			uniq, uniq, uniq, n.sizes[0], updRow, uniq, uniq, scan, uniq, uniq)
		return nil
	}
	if rowCols {
		// One chunk per worker (scan): each walks every update row. A
		// step of lineElems columns writes a line of every update row:
		// one call (copy, rowadd.AddF32) on [lo, hi) of the row, or,
		// when the update is not a contiguous row (a broadcast …), the
		// element loop over [lo, hi).
		b := lineElems
		cols, _ := n.sizes[nl-1].constant()
		run := fmt.Sprintf("tcpParallelScan(%d, %s, ", (cols+b-1)/b, product(iter[:len(iter)-1]).scale(int64(es)*b))
		if combine == tcp.CombineAdd {
			// An add (an embedding gradient, ids that may repeat)
			// runs the split's code on one worker: every worker of
			// the split walks every update row, and two took twice
			// the time of one. Measured with scripts/bench-peers.py
			// (ho_scatter_grad_128: 65536 Zipf updates of 512-byte
			// f32 rows into an 8 MiB table, in place), three runs:
			// one thread 1.40-1.60 ms per call at best, two threads
			// 2.89-3.37 (21.3 against 23.5 GB/s in an earlier run).
			f.g.used["serial"] = true
			run = fmt.Sprintf("tcpSerial(%d, ", (cols+b-1)/b)
			if call := f.scatterRowsCall(s, n, iter, ds, dst, et, rowsIdx, ur, len(outer) > 0); call != "" {
				// f32 rows by [N, 1] ids: all of them in one
				// rowadd.ScatterRowsF32I64 call, whose loop prefetches
				// rowadd.AheadRows rows on (see scatterRowsCall).
				f.stmt("if err := tcpSerial(1, func(lo, hi int) error {\n%s\nreturn nil\n}); err != nil {\nreturn err\n}", call)
				return nil
			}
		}
		f.stmt("if err := %sfunc(lo, hi int) error {\nlo, hi = lo*%d, min(hi*%d, %d)\n%s\nreturn nil\n}); err != nil {\nreturn err\n}",
			run, b, b, cols, code)
		return nil
	}
	if splitLoop {
		rowBytes := product(iter[n.dims[0]+1:]).scale(int64(es))
		f.stmt("if err := tcpParallel(%s, %s, func(lo, hi int) error {\n%s\nreturn nil\n}); err != nil {\nreturn err\n}", n.sizes[0], rowBytes, code)
		return nil
	}
	rowBytes := product(ds[1:]).scale(int64(es))
	if rb, ok := rowBytes.constant(); ok && rb <= maxSerialAddRowBytes {
		// Short rows split by destination rows: one worker (see
		// maxSerialAddRowBytes).
		f.g.used["serial"] = true
		switch combine {
		case tcp.CombineAdd:
			if call := f.scatterRowsCall(s, n, iter, ds, dst, et, rowsIdx, ur, len(outer) > 0); call != "" {
				code = call
			}
		case tcp.CombineReplace:
			// One worker owns every destination row: one gatherrow.Put
			// for all the updates (ids not known distinct: rows of one
			// element).
			if len(outer) == 0 {
				if call := f.scatterPutCall(s, n, iter, ds, dst, et, rowsIdx, ur, "0", n.sizes[0].String()); call != "" {
					code = call
				}
			}
		}
		f.stmt("if err := tcpSerial(%s, func(lo, hi int) error {\n%s\nreturn nil\n}); err != nil {\nreturn err\n}", ds[0], code)
		return nil
	}
	f.stmt("if err := tcpParallelScan(%s, %s, func(lo, hi int) error {\n%s\nreturn nil\n}); err != nil {\nreturn err\n}", ds[0], rowBytes, code)
	return nil
}

// maxSerialAddRowBytes is the longest static destination row of an add
// scatter that one worker runs when the workers would split the
// destination rows (each reading every id and skipping those of the
// others; longer rows split by columns, see rowColSplit): the update
// rows are too short for two workers to gain on the id scan they both
// make, and the prefetch of the destination row a few updates ahead
// runs only when one worker owns every row. Measured with tcp-run
// --in-place, 131072 updates of 128-byte f32 rows into [65536,32]:
// Zipf ids 1.86-2.03 ms with one worker against 1.86-3.87 (median 2.9)
// with two, and 3.1-3.35 with two split by columns; uniform ids 2.6-4.0
// against 4.4-5.7. The same holds for the other combines: a replace of
// one-element rows (500000 updates of a [1000000,1] f32 table, the
// indices not known distinct) took 2.2 ms with two workers, each
// mispredicting its test of whether it owns the row half the time,
// against 0.66 ms with one.
const maxSerialAddRowBytes = maxArrayRun

// scatterRowsCall returns, in the kernel binary, the call that replaces
// the whole update nest of a ScatterND add of f32 rows run by one worker
// (tcpSerial: destination rows of at most maxSerialAddRowBytes, or the
// column split's rows of up to maxRowSplitBytes), or "": one call of rowadd.ScatterRowsF32I64 or I32, whose assembly
// loop wraps and tests each id (dropping a bad one under mode drop),
// prefetches the destination row rowadd.AheadRows updates later when the
// working set leaves the cache (aheadCond, as scatterAhead), and adds the
// row, in update order with the NaN rule of rowadd.AddF32; under modes
// error and wrap_negative a bad id returns its position for the
// interpreter's error. It applies to a scatter_nd without batch dims of a
// [R, W] f32 destination by [N, 1] i32 or i64 ids read raw from a buffer
// (idx: the ids' read, at offset i for update i) and [N, W] updates read
// as contiguous rows (ur), no outer condition, and to a scatter of an [R]
// f32 destination by [N] ids and updates (a 1-d ScatterElements add: 1M
// random updates of a 1M-float table took 2.3 ms in the element loop,
// 1.6x torch's time). The loop it replaces calls
// rowadd.AddF32 per row, whose call and length dispatch cost more than a
// few floats' add. Measured with scripts/bench-peers.py --baseline, one
// thread, Zipf ids, in place (GB/s moved, this / the per-row loop / XLA):
// [10000,3] by 100000 10.9 / 2.5 / 8.0; [2000000,3] by 1000000 7.2 /
// 3.6 / 4.9; [100000,16] by 200000 10.9 / 8.1 / 11.4; [65536,32] by
// 131072 19.5 / 11.6 / 13.3. With the AVX adds of rows of 8 floats or
// more and no loop for 16 and 32 floats (harness GB/s, this / before /
// XLA, one thread): [100000,16] 45.1 / 26.9 / 38.8, [65536,32] 54.7 /
// 31.5 / 33.4.
func (f *funcGen) scatterRowsCall(s tcp.ScatterOp, n *nest, iter, ds []poly, dst, et string, idx, ur ref, outer bool) string {
	mode := s.Mode()
	// A scatter (ScatterElements) of a 1-d tensor is a scatter_nd of
	// rows of one element: its ids and updates are [N].
	nd := s.Name() == tcp.ScatterNDName && s.BatchDims() == 0 && len(iter) == 2 && len(ds) == 2
	elems := s.Name() == tcp.ScatterName && s.Dim() == 0 && len(iter) == 1 && len(ds) == 1
	if !f.g.driver || outer || !nd && !elems || s.Combine() != tcp.CombineAdd || et != "float32" ||
		mode != tcp.ModeError && mode != tcp.ModeWrapNegative && mode != tcp.ModeDrop ||
		len(n.vars) == 0 || n.dims[0] != 0 {
		return ""
	}
	w := int64(1)
	if nd {
		var ok bool
		if w, ok = ds[1].constant(); !ok || w <= 0 || !iter[1].equal(ds[1]) {
			return ""
		}
	}
	i0 := patom(n.vars[0])
	// Rows of W floats (a loop over the row, its add one rowadd.AddF32
	// call), or of one float (a histogram: the row's loop is gone).
	row := len(n.vars) == 2 && strings.HasPrefix(n.innerCall, "rowadd.AddF32(") && plainRef(ur, i0.scale(w).add(patom(n.vars[1])))
	one := len(n.vars) == 1 && w == 1 && plainRef(ur, i0)
	if !plainRef(idx, i0) || !row && !one {
		return ""
	}
	it, err := goElem(ir.ElementType(s.Indices().Type()))
	if err != nil {
		return ""
	}
	fn := map[string]string{"int64": "ScatterRowsF32I64", "int32": "ScatterRowsF32I32"}[it]
	if fn == "" {
		return ""
	}
	ahead := "false"
	if f.prefetches() {
		if big, never := f.aheadCond(dst, ur.buf, 4, int(w)*4); !never {
			ahead = "true"
			if big != "" {
				ahead = big
			}
			if warm := f.warm[dst]; warm != "" && w*4 > maxSerialAddRowBytes {
				// Rows of the column split's sizes, as their loop's
				// scatterAhead: no prefetch after a copy through the
				// cache (rows of 128 bytes or less measured the same
				// either way and keep the prefetch).
				ahead = "!" + warm + " && " + ahead
			}
		}
	}
	// The ids and the update rows as slices of exactly N and N*W.
	nn := n.sizes[0].paren()
	ids := f.bind(-1, fmt.Sprintf("%s[:%s]", idx.buf, nn))
	upd := fmt.Sprintf("%s[:%s]", ur.buf, n.sizes[0].scale(w).paren())
	k := f.temp()
	call := fmt.Sprintf("rowadd.%s(%s, %d, %s, %s, %v, %v, %s)", fn, dst, w, ids, upd, mode == tcp.ModeWrapNegative, mode == tcp.ModeDrop, ahead)
	if mode == tcp.ModeDrop {
		return call
	}
	return fmt.Sprintf("if %s := %s; %s < len(%s) {\nreturn %s\n}", k, call, k, ids,
		f.errf("index %%d is out of bounds for dimension 0 with size %%d", nil, fmt.Sprintf("%s[%s]", ids, k), ds[0].String()))
}

// scatterPutCall returns, in the kernel binary, one gatherrow.Put call
// for the update rows [lo, hi) of a replace of whole short rows, or "":
// a scatter_nd without batch dims of a [R, W] destination by [N, 1] i32
// or i64 ids read raw (idx) and [N, W] updates read as contiguous rows
// (ur), W static and under 128 bytes, mode error or wrap_negative, no
// outer condition (uniqueRowsSplit's nests). Put's assembly loop wraps
// and tests each id and copies the row with two moves (no call per
// row), in the updates' order; the destination row some updates ahead
// is prefetched when the table and the updates leave the cache
// (aheadCond). The loop it replaces took, per row, the id's wrap and
// test, the worker's row test, two bounds-checked reslices and the
// inline moves. Measured with tcp-run --in-place, interleaved, 50000
// unique 48-byte rows of a [100000,12] f32 table (4.8 MB, in L3 but not
// L2): one worker 0.095-0.098 ms against 0.153-0.161, two workers
// (distinct ids: each its share) 0.198-0.221 against 0.282-0.374; with
// the prefetch forced on, 0.090-0.095 (within the noise, so the
// working-set bound stays the gathers').
func (f *funcGen) scatterPutCall(s tcp.ScatterOp, n *nest, iter, ds []poly, dst, et string, idx, ur ref, lo, hi string) string {
	mode := s.Mode()
	if !f.g.driver || s.Name() != tcp.ScatterNDName || s.Combine() != tcp.CombineReplace || s.BatchDims() != 0 ||
		mode != tcp.ModeError && mode != tcp.ModeWrapNegative || !gatherElems[et] ||
		len(n.vars) == 0 || n.dims[0] != 0 || len(iter) != 2 || len(ds) != 2 {
		return ""
	}
	w, ok := ds[1].constant()
	if !ok || w <= 0 || w*int64(elemSize(et)) >= 128 || !iter[1].equal(ds[1]) {
		return ""
	}
	// Rows of W elements (a loop over the row), or of one (no loop
	// over the row: index_put of scalars).
	i0 := patom(n.vars[0])
	row := len(n.vars) == 2 && plainRef(ur, i0.scale(w).add(patom(n.vars[1])))
	one := len(n.vars) == 1 && w == 1 && plainRef(ur, i0)
	if !plainRef(idx, i0) || !row && !one {
		return ""
	}
	ahead := f.rowsAhead(dst, ur.buf, elemSize(et), int(w)*elemSize(et), false)
	f.g.used["gatherrow"] = true
	k := f.temp()
	ids := fmt.Sprintf("%s[%s:%s]", idx.buf, lo, hi)
	call := fmt.Sprintf("gatherrow.Put(%s, %s[%d*%s:%d*%s], %s, %d, %d, %s, %v, %s)", dst, ur.buf, w, lo, w, hi, ids, w, w, ds[0], mode == tcp.ModeWrapNegative, ahead)
	return fmt.Sprintf("if %s := %s; %s >= 0 {\nreturn %s\n}", k, call, k,
		f.errf("index %%d is out of bounds for dimension 0 with size %%d", nil, fmt.Sprintf("%s[%s+%s]", idx.buf, lo, k), ds[0].String()))
}

// plainRef reports whether r reads a buffer raw (no guard, conversion,
// value or load) at offset off.
func plainRef(r ref, off poly) bool {
	return r.buf != "" && len(r.guards) == 0 && r.conv == nil && r.val == "" && r.load == "" && len(r.dconv) == 0 && r.off.equal(off)
}

// uniqueRowsSplit returns the name prefix of the flag that tells, per
// call, whether a replace of whole rows has distinct ids, or "" when the
// scatter does not take that test: a scatter_nd without batch dims whose
// indices are a [N, 1] argument of i32 or i64 (one row id per update
// row, read raw), an update nest of two loops (update rows, the row)
// whose row is one copy (innerCall), any mode but promise_in_bounds. With
// distinct ids (tcpRowsUnique, one pass over the ids with a bitmap of the
// destination rows) no two updates write the same row, so the order of
// the row copies does not matter: the workers split the update rows, as
// ONNX Runtime's ScatterND does, and each reads its contiguous part of
// the ids and updates once, with no test of the rows it owns. Otherwise
// (duplicates, a bad id: its error comes from the ordered split) the
// split by destination rows or by columns keeps the sequential order.
// Measured in-process with two workers, unique random rows of tables
// beyond the cache: 1 KiB rows 2.4-2.5 ms against 3.2-3.45 by
// destination rows; 256-byte rows 1.29-1.44 ms against 1.58-1.70 by
// columns and 1.9-2.3 by destination rows.
func (f *funcGen) uniqueRowsSplit(s tcp.ScatterOp, n *nest, iter []poly, splitLoop, outer bool) string {
	if splitLoop || outer || s.Name() != tcp.ScatterNDName || s.Combine() != tcp.CombineReplace || s.BatchDims() != 0 ||
		s.Mode() == tcp.ModePromiseInBounds || len(n.vars) != 2 || n.dims[0] != 0 || n.innerCall == "" {
		return ""
	}
	if _, ok := f.args[s.Indices()]; !ok {
		return ""
	}
	t := rankedOf(s.Indices())
	if t.Rank() != 2 || t.Dim(1) != 1 || len(iter) != 2 {
		return ""
	}
	if it, err := goElem(ir.ElementType(s.Indices().Type())); err != nil || it != "int32" && it != "int64" {
		return ""
	}
	if _, ok := uniqueMode[s.Mode()]; !ok {
		return ""
	}
	if c, ok := iter[1].constant(); ok {
		if et, err := scatterElem(s.Operation); err == nil && c*int64(elemSize(et)) <= maxSerialAddRowBytes {
			// Rows of up to 128 bytes: the bitmap's pass over the ids
			// costs about what a second worker saves on the copies,
			// and one gatherrow.Put on one worker (the split by
			// destination rows below) is faster. Measured with tcp-run
			// --in-place, two workers, 100000 unique 32-byte rows into
			// [200000,8] f32: 0.15-0.18 ms on one worker against
			// 0.28-0.39 split after the test (one worker alone
			// 0.145).
			return ""
		}
	}
	return "u" + f.temp()
}

// uniqueMode numbers the modes for tcpRowsUnique.
var uniqueMode = map[string]int{tcp.ModeError: 0, tcp.ModeWrapNegative: 1, tcp.ModeClip: 2, tcp.ModeWrap: 3, tcp.ModeDrop: 4}

// rowColSplit reports whether the workers of a scatter nest n split the
// columns of whole destination rows instead of the rows (the second
// result: the columns of a cache line): a replace or an add (no combine
// order to keep within a worker beyond the row order, which each worker
// keeps) whose innermost loop runs over the destination's last dim, a
// static row of minRowSplitBytes to maxRowSplitBytes, and a destination
// first coordinate that is an index (not the outer loop's own counter,
// whose split needs no scan). Each worker then copies or adds its
// columns of every update row in row-major order, so duplicate ids still
// leave the last update's values in every column, or every column's sum
// in the updates' order (the sequential result bit for bit), and no
// worker tests the rows it owns: the split by destination rows has each
// worker read every id and skip half of them, a mispredicted branch per
// update row (and another in its prefetch), and with Zipf ids (an
// embedding gradient) the hot rows sit with one worker. Measured
// in-process with two workers on unique random rows of tables beyond the
// cache (replace): 512-byte rows 2.8 ms against 3.7, 256-byte rows
// 1.6-1.9 ms against 2.1-2.7, 128-byte rows slightly faster, 1 KiB rows
// the same, 4 KiB rows 3.3 ms against 2.4 (slower). Adds, Zipf ids
// (a = 1.1, the hottest row 15 % of the updates), in place, two workers,
// interleaved tcp-run --bench 20 on a 2-core EPYC shared with other
// benchmarks, least and median of 6-30 rounds: f32 [16384,128] by 65536
// ids (512-byte rows) 2.04/2.24 ms against 2.24/3.31 in a quiet spell,
// 3.9-4.1/4.1-4.6 against 4.2-4.9/4.5-5.2 with the other core busy, the
// same with i32 ids 4.66/5.53 against 5.29/8.34; f32 [65536,64] by 65536
// (256-byte rows) 1.01/1.11 against 1.05/1.76; f32 [20000,100] by 50000
// (400-byte rows) 2.50/3.32 against 3.52/3.85; f64 [16384,64] by 65536
// (512-byte rows, the Go loop) 2.56/4.59 against 3.28/4.22. One worker
// runs the same code as before on the whole row (f32 2.17/2.33 against
// 2.12/2.32, f64 4.21/4.67 against 4.23/4.70).
func (f *funcGen) rowColSplit(s tcp.ScatterOp, n *nest, iter, dest []poly, splitLoop bool, et string) (bool, int64) {
	nl := len(n.vars)
	add := s.Combine() == tcp.CombineAdd
	if splitLoop || s.Combine() != tcp.CombineReplace && !add || s.Name() != tcp.ScatterNDName || nl < 2 ||
		n.dims[nl-1] != len(iter)-1 || !dest[len(dest)-1].equal(patom(n.vars[nl-1])) {
		return false, 0
	}
	cols, ok := n.sizes[nl-1].constant()
	es := int64(elemSize(et))
	if !ok || cols*es < minRowSplitBytes || cols*es > maxRowSplitBytes {
		return false, 0
	}
	return true, max(1, 64/es)
}

// maxScatterArrayRun is the longest static row, in bytes, that a replace
// scatter split by columns (rows past maxArrayRun) copies with inline
// 16-byte moves (arrayRowCopy) when a worker owns the whole row, instead
// of copy (a memmove call with its length dispatch), in kernels for
// embedders; the kernel binary calls gatherrow.Move instead (192-byte
// rows 0.068-0.070 ms against these 0.074, see Move). Measured with
// tcp-run --in-place, one worker, 10000 unique rows of a [20000,48] f32
// table (192-byte rows): 0.074-0.075 ms against 0.086-0.097 (and 0.081-
// 0.082 as one [48]float32 array assignment, which Go makes a memmove of
// a constant size); 256-byte rows of [15000,64] by 7500 were slower
// inline (0.072 against 0.066-0.068).
const maxScatterArrayRun = 192

// maxAddAheadBytes is the longest static f32 row whose add (rowadd.AddF32,
// an embedding gradient) prefetches the destination row scatterAheadRows
// updates ahead, when scatterAhead's working set says so. Measured
// in-process, one worker, Zipf ids: 512-byte rows of an 8 MiB table
// 2.31-2.42 ms against 2.50-2.63, of a 32 MiB table 2.9-3.0 against
// 3.5-3.7; 256-byte rows of a 16 MiB table 3.2-3.4 against 4.0-4.9; but
// 1 KiB rows of 8 and 64 MiB tables the same or slower (3.0-3.3 against
// 2.8-3.0). Only a worker that owns every destination row (one worker)
// prefetches: with two splitting the rows, the prefetch's test of the
// row's owner (mispredicted every other update) made the 512-byte rows
// slower (3.0-3.25 ms against 2.55-2.7). Rows of 129 to 512 bytes are
// split by columns (rowColSplit), run on one worker: f32 rows by [N, 1]
// ids take scatterRowsCall's one call, whose loop prefetches; the others
// prefetch the first line of the row, unconditionally (prefetching every
// line of the worker's columns, or none, measured slower).
const maxAddAheadBytes = 512

// minRowSplitBytes and maxRowSplitBytes bound the rows a replace or an
// add scatter splits by columns (see rowColSplit): past maxArrayRun
// (shorter rows keep their fixed-size array moves, faster than copy on
// one worker, which the split by columns would turn into copy calls) and
// 512 bytes (at 1 KiB the two splits measured the same in-process for a
// replace, and the harness had the column split slower). Adds take the
// same bounds (f32 rows of 128 bytes and less were not measured split).
const (
	minRowSplitBytes = maxArrayRun + 1
	maxRowSplitBytes = 512
)

// minSplitColumns is the least innermost trip count of an element
// scatter whose workers split that loop (see scatterNest's splitInner).
const minSplitColumns = 256

// scatterBlockBytes is the destination share of a block of columns an
// element scatter split by columns walks over all rows (see
// scatterNest): half the L2 of the EPYC it was measured on.
const scatterBlockBytes = 256 << 10

// minScatterBlock is the fewest columns of a column block in place: 64
// f32, four lines of each update row, which the hardware prefetcher
// then follows (16 columns took 1.5x the time on a [4096, 2048] f32
// ScatterElements along dim 0).
const minScatterBlock = 64

// colsAheadRows is how many update rows ahead colsAhead prefetches.
const colsAheadRows = 8

// checkIndicesInOrder emits the range checks of a scatter's indices
// (modes error and wrap_negative) in row-major order, each returning the
// interpreter's error.
func (f *funcGen) checkIndicesInOrder(s tcp.ScatterOp, in []poly) error {
	saved := f.cur
	defer func() { f.cur = saved }()
	dim := int(s.Dim())
	r := root(s.Indices())
	rd, err := f.dims(r)
	if err != nil {
		return err
	}
	return f.validate(rd, func(coords []poly) (string, error) {
		ref, err := f.read(r, coords, false)
		if err != nil {
			return "", err
		}
		return f.indexCheck(s.Mode(), f.loadInt(ref, false), in[dim], dim), nil
	})
}

// scatterAddRow returns the call that replaces the innermost loop of an
// element scatter (tcp.scatter, ScatterElements) add of float32 along
// its last dim in the kernel binary, or "": one call of
// rowadd.ScatterAddF32I64 or I32 per index row, which adds the update
// row into the destination row (dimRow) at the index row's positions
// (idxRow), in order, with the NaN rule and the wrap and range test of
// modes wrap_negative and error in assembly, and returns the position of
// the first bad index for the interpreter's error. 1.5 ns per element
// against 2.1 for the Go loop (BenchmarkScatterAdd, a cached 4096-float
// row). It applies when the indices are an argument of i32 or i64
// (read raw, as a range over idxRow) checked in the loop (inline), the
// updates a contiguous row (urow), and the innermost loop holds only the
// index's load, wrap and check (lets == innerLets) besides the add.
func (f *funcGen) scatterAddRow(s tcp.ScatterOp, et string, r ref, idxRow, dimRow, urow string, innerLets, lets int, in []poly) string {
	mode := s.Mode()
	if !f.g.driver || s.Name() != tcp.ScatterName || s.Combine() != tcp.CombineAdd || et != "float32" ||
		!f.inline[s.Operation] || mode != tcp.ModeWrapNegative && mode != tcp.ModeError ||
		idxRow == "" || dimRow == "" || urow == "" || innerLets != lets ||
		f.cur.splitInner || len(r.guards) != 0 || r.conv != nil || len(r.dconv) != 0 || r.load != "" || r.val != "" {
		return ""
	}
	dim := int(s.Dim())
	if dim != len(in)-1 {
		return ""
	}
	it, err := goElem(ir.ElementType(s.Indices().Type()))
	if err != nil {
		return ""
	}
	fn := map[string]string{"int64": "ScatterAddF32I64", "int32": "ScatterAddF32I32"}[it]
	if fn == "" {
		return ""
	}
	k := f.temp()
	return fmt.Sprintf("if %s := rowadd.%s(%s, %s, %s, %v); %s < len(%s) {\nreturn %s\n}", k, fn, dimRow, idxRow, urow,
		mode == tcp.ModeWrapNegative, k, idxRow,
		f.errf("index %%d is out of bounds for dimension %d with size %%d", []any{dim}, fmt.Sprintf("%s[%s]", idxRow, k), in[dim].String()))
}

// scatterAddCols returns the call that replaces the innermost loop of an
// element scatter add of float32 split by columns (along dim 0: the
// destination offset is rest + w*stride + j, w the resolved index, j the
// loop's counter, rest and stride bound outside the loop) in the kernel
// binary, or "": one call of rowadd.ScatterAddColsF32I64 or I32 for the
// block [b, e) of an index row, the wrap, the range test and the add in
// assembly; a bad index returns the interpreter's error for it (the
// split's scan in row-major order then finds the first overall). The
// conditions on the indices, updates and loop are scatterAddRow's.
func (f *funcGen) scatterAddCols(s tcp.ScatterOp, et string, r ref, idxRow, urow string, innerLets, lets int, in []poly, dst string, dOff, dimPos poly, j string, l int, b, e string, sl *slab) string {
	mode := s.Mode()
	if !f.g.driver || s.Name() != tcp.ScatterName || s.Combine() != tcp.CombineAdd || et != "float32" ||
		!f.inline[s.Operation] || mode != tcp.ModeWrapNegative && mode != tcp.ModeError ||
		idxRow == "" || urow == "" || innerLets != lets || dimPos == nil || len(dimPos) != 1 ||
		len(r.guards) != 0 || r.conv != nil || len(r.dconv) != 0 || r.load != "" || r.val != "" {
		return ""
	}
	var w string
	for a := range dimPos {
		w = a
	}
	if c := dimPos[w]; c != 1 || len(atoms(w)) != 1 {
		return ""
	}
	cj, ok := dOff.coeff(j)
	if one, isC := cj.constant(); !ok || !isC || one != 1 {
		return ""
	}
	stride, ok := dOff.coeff(w)
	if !ok || len(stride) == 0 || f.levelOf(stride) >= l {
		return ""
	}
	rest := dOff.add(patom(j).scale(-1)).add(stride.mul(dimPos).scale(-1))
	if f.levelOf(rest) >= l {
		return ""
	}
	dim := int(s.Dim())
	it, err := goElem(ir.ElementType(s.Indices().Type()))
	if err != nil {
		return ""
	}
	fn := map[string]string{"int64": "ScatterAddColsF32I64", "int32": "ScatterAddColsF32I32"}[it]
	if fn == "" {
		return ""
	}
	base := f.hoist(rest.add(patom(b)), max(f.levelOf(rest), 0))
	buf, strideS := dst, stride.String()
	if sl != nil {
		// In the block's scratch: a destination row r's columns
		// [b, e) are its row r, sl.w long.
		rs, ok1 := rest.divide(sl.cols)
		ss, ok2 := stride.divide(sl.cols)
		if ok1 && ok2 {
			sl.used = true
			buf = "*" + sl.buf
			base, strideS = scaledBy(rs, sl.w), scaledBy(ss, sl.w)
		}
	}
	k := f.temp()
	return fmt.Sprintf("if %s := rowadd.%s((%s)[%s:], %s, %s, %s[%s:%s], %s[%s:%s], %v); %s < %s-%s {\nreturn %s\n}",
		k, fn, buf, base, strideS, in[dim].paren(), idxRow, b, e, urow, b, e, mode == tcp.ModeWrapNegative, k, e, b,
		f.errf("index %%d is out of bounds for dimension %d with size %%d", []any{dim}, fmt.Sprintf("%s[%s+%s]", idxRow, b, k), in[dim].String()))
}

// A slab is the scratch of a column-block split of an f32 element
// scatter-add (scatterAddCols): every destination row's columns of the
// block, rows rows of at most width, each worker's own.
type slab struct {
	rows, cols, width int64
	buf, w            string // the scratch (a *[]float32) and the block's width
	used              bool   // the add call is on it
}

// Scratch sizes of a slab (see newSlab).
const (
	slabBytes    = 1 << 20 // the scratch a block aims at: half a core's L2 on the machine measured
	slabMaxBytes = 2 << 20 // the most, at 16 columns
	// The scratch is for blocks of short runs a long stride apart: a
	// destination row of slabMinRowBytes or more, a block in place of
	// fewer than slabMaxInPlace columns. A [64, 32768] f32 destination
	// (blocks of 1024 columns in place) took 1.25x the time in scratch.
	slabMinRowBytes = 1024
	slabMaxInPlace  = 128
)

// newSlab returns the slab of a column-block split of an f32 scatter-add
// into ds with updates iter, or nil where the scratch does not pay: a
// destination that fits slabBytes (its blocks stay in L2 in place),
// fewer update rows than a quarter of the destination rows (the copies
// in and out would outweigh the adds), dynamic sizes, or rows so many
// that 16 columns of them pass slabMaxBytes.
//
// Measured on a [4096, 2048] f32 ScatterElements along dim 0, one worker:
// 71 ms with 16-column blocks in place, 45 ms with 256-column blocks in
// place, 31-33 ms in a scratch of 64 or 128 columns (with colsAhead's
// prefetch; 74 ms in a 16-column scratch without it). In place, the
// block's lines are 8 KiB apart and fall in 1/16 of L2's sets.
func (f *funcGen) newSlab(ds, iter []poly, et string) *slab {
	if !f.g.driver || et != "float32" || len(ds) < 2 || len(iter) < 2 {
		return nil
	}
	cols, ok1 := ds[len(ds)-1].constant()
	rows, ok2 := product(ds[:len(ds)-1]).constant()
	upd, ok3 := product(iter[:len(iter)-1]).constant()
	n, ok4 := iter[len(iter)-1].constant()
	if !ok1 || !ok2 || !ok3 || !ok4 || rows*cols*4 <= slabBytes || upd*4 < rows || rows*16*4 > slabMaxBytes ||
		cols*4 < slabMinRowBytes || scatterBlockBytes/(rows*4) >= slabMaxInPlace {
		return nil
	}
	width := max(16, slabBytes/(rows*4)&^15)
	width = min(width, (n+15)&^15)
	return &slab{rows: rows, cols: cols, width: width, buf: f.temp(), w: f.temp()}
}

// scaledBy prints p*w, w a Go int variable.
func scaledBy(p poly, w string) string {
	if c, ok := p.constant(); ok {
		switch c {
		case 0:
			return "0"
		case 1:
			return w
		}
	}
	return p.paren() + "*" + w
}

// idxBytes is the size of an element of s's indices.
func idxBytes(s tcp.ScatterOp) int {
	t, err := goElem(ir.ElementType(s.Indices().Type()))
	if err != nil {
		return 8
	}
	return elemSize(t)
}

// colsAhead returns the statement for loop level l of a column-block
// scatter-add (scatterAddCols) that prefetches the block's columns of
// the indices and updates colsAheadRows iterations later: rows a row
// stride apart, which the hardware prefetcher does not follow.
func (f *funcGen) colsAhead(n *nest, l int, idx, upd ref, ies, ues int, b, e string) string {
	if !f.prefetches() || l < 0 {
		return ""
	}
	j := fmt.Sprintf("j%d", n.id)
	var pfs []string
	for _, r := range []struct {
		ref
		es int
	}{{idx, ies}, {upd, ues}} {
		if len(r.guards) != 0 || r.conv != nil || r.val != "" || r.buf == "" {
			return ""
		}
		off, ok := f.later(n, l, r.off.without(n, l+1).add(patom(b)), j)
		if !ok {
			return ""
		}
		pfs = append(pfs, fmt.Sprintf("if p := %s; uint(p) < uint(len(%s)) {\nprefetch.Span(unsafe.Pointer(&%s[p]), (%s-%s)*%d)\n}", off, r.buf, r.buf, e, b, r.es))
	}
	return fmt.Sprintf("if %s := %s + %d; %s < %s {\n%s\n}", j, n.vars[l], colsAheadRows, j, n.sizes[l], strings.Join(pfs, "\n"))
}

// loadElem binds the element of r (a data read, possibly under fill
// guards) at level l or deeper as its address needs.
func (f *funcGen) loadElem(r ref, l int) string {
	var names []string
	for _, g := range r.guards {
		names = append(names, g.cond)
	}
	lv := max(l, f.levelOf(r.off), f.levelOfAtoms(names...))
	off := f.hoist(r.off, lv)
	if len(r.guards) == 0 {
		return fmt.Sprintf("%s[%s]", r.buf, off)
	}
	f.g.used["at"] = true
	f.g.used["sel"] = true
	v := fmt.Sprintf("tcpAt(%s, %s)", r.buf, off)
	for k := len(r.guards) - 1; k >= 0; k-- {
		v = fmt.Sprintf("tcpSel(%s, %s, %s)", r.guards[k].cond, r.guards[k].fill, v)
	}
	return v
}

// combineStmt merges u into the destination element d (an addressable
// expression) with the combiner's exact rules (interp/kernel's
// CombineFunc): integers wrap, i1 min/max are and/or, floats keep the NaN
// rules through the tcp* helpers.
func (f *funcGen) combineStmt(et, half, combine, d, u string) string {
	if combine == tcp.CombineRegion {
		return f.regionCombine(d, u) // emit_scatter_region.go
	}
	isFloat := et == "float32" || et == "float64"
	bits := "32"
	if et == "float64" {
		bits = "64"
	}
	if half != "" && combine != tcp.CombineReplace {
		// f16 and bf16 bits: add and mul in float32 (exact for them) and
		// rounded back, min and max compared as float32, keeping bits.
		f.g.used["half"] = true
		f.g.used["combine32"] = true
		switch combine {
		case tcp.CombineAdd, tcp.CombineMul:
			fn := "tcpAdd32"
			if combine == tcp.CombineMul {
				fn = "tcpMul32"
			}
			return fmt.Sprintf("%s = tcpF32To%s(%s(tcp%sToF32(%s), tcp%sToF32(%s)))", d, half, fn, half, d, half, u)
		case tcp.CombineMin, tcp.CombineMax:
			fn := "tcpMinHalf"
			if combine == tcp.CombineMax {
				fn = "tcpMaxHalf"
			}
			return fmt.Sprintf("%s = %s(%s, %s, tcp%sToF32)", d, fn, d, u, half)
		}
	}
	switch combine {
	case tcp.CombineReplace:
		return fmt.Sprintf("%s = %s", d, u)
	case tcp.CombineAdd, tcp.CombineMul:
		if isFloat {
			fn := "tcpAdd" + bits
			if combine == tcp.CombineMul {
				fn = "tcpMul" + bits
			}
			f.g.used["combine"+bits] = true
			return fmt.Sprintf("%s = %s(%s, %s)", d, fn, d, u)
		}
		op := "+="
		if combine == tcp.CombineMul {
			op = "*="
		}
		return fmt.Sprintf("%s %s %s", d, op, u)
	case tcp.CombineAnd, tcp.CombineOr, tcp.CombineMin, tcp.CombineMax:
		if et == "bool" {
			op := "&&"
			if combine == tcp.CombineOr || combine == tcp.CombineMax {
				op = "||"
			}
			return fmt.Sprintf("%s = %s %s %s", d, d, op, u)
		}
		switch combine {
		case tcp.CombineAnd:
			return fmt.Sprintf("%s &= %s", d, u)
		case tcp.CombineOr:
			return fmt.Sprintf("%s |= %s", d, u)
		}
		if isFloat {
			fn := "tcpMin" + bits
			if combine == tcp.CombineMax {
				fn = "tcpMax" + bits
			}
			f.g.used["combine"+bits] = true
			return fmt.Sprintf("%s = %s(%s, %s)", d, fn, d, u)
		}
		cmp := "<"
		if combine == tcp.CombineMax {
			cmp = ">"
		}
		t := f.temp()
		return fmt.Sprintf("if %s := %s; %s %s %s {\n%s = %s\n}", t, u, t, cmp, d, d, t)
	}
	return fmt.Sprintf("%s = %s", d, u)
}

func init() {
	helpers["rowsunique"] = `// tcpRowsUnique reports whether a scatter's row ids, resolved by mode
// (0 error, 1 wrap_negative, 2 clip, 3 wrap, 4 drop: an id dropped
// names no row), all name rows of [0, rows), each at most once, and the
// call is worth splitting over its updates (rowBytes each): more than
// one worker, at least two workers' minimum of bytes, and a bitmap of
// the rows (allocated here) small next to the updates. Its updates may
// then be applied in any order.
func tcpRowsUnique[T int32 | int64](ids []T, rows, rowBytes, mode int) bool {
	n := len(ids) * rowBytes
	if tcpWorkers(n) <= 1 || rows <= 0 || rows/8 > n/16 {
		return false
	}
	seen := make([]uint64, (rows+63)/64)
	for _, v := range ids {
		k := int(v)
		switch mode {
		case 1:
			if k < 0 {
				k += rows
			}
		case 2:
			if k < 0 {
				k = 0
			} else if k >= rows {
				k = rows - 1
			}
		case 3:
			if k %= rows; k < 0 {
				k += rows
			}
		}
		if uint(k) >= uint(rows) {
			if mode == 4 {
				continue
			}
			return false
		}
		b, m := &seen[k>>6], uint64(1)<<(uint(k)&63)
		if *b&m != 0 {
			return false
		}
		*b |= m
	}
	return true
}
`
	helpers["same"] = `// tcpSame reports whether two slices start at the same element (a
// scatter called in place: its destination is its input's buffer).
func tcpSame[T any](a, b []T) bool {
	return len(a) > 0 && len(b) > 0 && &a[0] == &b[0]
}
`
	helpers["half"] = `// tcpF16ToF32 widens IEEE binary16 bits to float32 (exact; a NaN keeps
// its payload and is made quiet, as the interpreter's conversion).
func tcpF16ToF32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	e := uint32(h>>10) & 0x1f
	m := uint32(h & 0x3ff)
	switch {
	case e == 0x1f && m != 0:
		return math.Float32frombits(sign | 0x7fc00000 | m<<13)
	case e == 0x1f:
		return math.Float32frombits(sign | 0x7f800000)
	case e == 0:
		v := float32(m) * (1.0 / 16777216)
		if sign != 0 {
			v = -v
		}
		return v
	}
	return math.Float32frombits(sign | (e+112)<<23 | m<<13)
}

// tcpF32ToF16 rounds a float32 to binary16 bits, to nearest even
// (overflow to Inf, subnormals exact; a NaN stays a quiet NaN with the
// top bits of its payload).
func tcpF32ToF16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	a := b & 0x7fffffff
	switch {
	case a > 0x7f800000:
		return sign | 0x7e00 | uint16(a>>13)&0x3ff
	case a >= 0x477ff000:
		return sign | 0x7c00
	case a >= 0x38800000:
		r := a - 0x38000000
		r += 0xfff + (r>>13)&1
		return sign | uint16(r>>13)
	case a >= 0x33000000:
		s := 126 - (a >> 23)
		m := a&0x7fffff | 0x800000
		q, rem, half := m>>s, m&(1<<s-1), uint32(1)<<(s-1)
		if rem > half || rem == half && q&1 == 1 {
			q++
		}
		return sign | uint16(q)
	}
	return sign
}

// tcpBF16ToF32 widens bfloat16 bits to float32 (exact).
func tcpBF16ToF32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// tcpF32ToBF16 rounds a float32 to bfloat16 bits, to nearest even (a NaN
// stays a quiet NaN with the top bits of its payload).
func tcpF32ToBF16(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return uint16(b>>16) | 0x40
	}
	return uint16((b + 0x7fff + (b>>16)&1) >> 16)
}

// tcpMinHalf and tcpMaxHalf compare 16-bit float bits as float32 values
// and return one operand's bits: NaN propagates (the destination's
// first), -0 orders below +0.
func tcpMinHalf(a, b uint16, wide func(uint16) float32) uint16 {
	x, y := wide(a), wide(b)
	if x != x {
		return a
	}
	if y != y || y < x || y == x && b&0x8000 != 0 {
		return b
	}
	return a
}

func tcpMaxHalf(a, b uint16, wide func(uint16) float32) uint16 {
	x, y := wide(a), wide(b)
	if x != x {
		return a
	}
	if y != y || y > x || y == x && b&0x8000 == 0 {
		return b
	}
	return a
}
`
	for _, w := range []struct{ bits, quiet, signbit string }{{"32", "0x00400000", "0x80000000"}, {"64", "0x0008000000000000", "0x8000000000000000"}} {
		helpers["combine"+w.bits] = strings.NewReplacer("@@", w.bits, "QUIET", w.quiet, "SIGN", w.signbit).Replace(`// tcpAdd@@ and tcpMul@@ add and multiply with tcp's NaN rule: a NaN
// result is the destination's NaN (quieted), else the update's, else the
// hardware's.
func tcpAdd@@(a, b float@@) float@@ {
	r := a + b
	if r != r {
		return tcpNaN@@(a, b, r)
	}
	return r
}

func tcpMul@@(a, b float@@) float@@ {
	r := a * b
	if r != r {
		return tcpNaN@@(a, b, r)
	}
	return r
}

func tcpNaN@@(a, b, r float@@) float@@ {
	if a != a {
		return math.Float@@frombits(math.Float@@bits(a) | QUIET)
	}
	if b != b {
		return math.Float@@frombits(math.Float@@bits(b) | QUIET)
	}
	return r
}

// tcpMin@@ and tcpMax@@: NaN propagates (the destination's first, bits
// kept), and -0 orders below +0.
func tcpMin@@(a, b float@@) float@@ {
	if a != a {
		return a
	}
	if b != b || b < a || b == a && math.Float@@bits(b) == SIGN {
		return b
	}
	return a
}

func tcpMax@@(a, b float@@) float@@ {
	if a != a {
		return a
	}
	if b != b || b > a || b == a && math.Float@@bits(b) == 0 {
		return b
	}
	return a
}
`)
	}
}

// isEmptyStatic reports a static zero among ds (then the kernel never
// reaches the scatter loop, and its checks must run on their own).
func isEmptyStatic(ds []poly) bool {
	for _, d := range ds {
		if c, ok := d.constant(); ok && c == 0 {
			return true
		}
	}
	return false
}

// emptyCond is a Go condition that holds when a dim of ds is zero (its
// static dims are non-zero).
func emptyCond(ds []poly) string {
	var cs []string
	for _, d := range ds {
		if _, ok := d.constant(); !ok {
			cs = append(cs, d.String()+" == 0")
		}
	}
	return "(" + strings.Join(cs, " || ") + ")"
}

// materialize computes a scatter that other ops read into a new buffer at
// its place in the function (after the checks of the ops before it, as
// the interpreter orders errors) and records the buffer for read.
func (f *funcGen) materialize(op *ir.Operation) error {
	if !materialized(op) || f.dimsFor {
		return nil
	}
	et, err := scatterElem(op)
	if err != nil {
		return err
	}
	ds, err := f.dims(op.Result(0))
	if err != nil {
		return err
	}
	name := fmt.Sprintf("s%d", len(f.mat))
	f.stmt("%s := make([]%s, %s)", name, et, product(ds))
	if err := f.scatterInto(name, op, ds); err != nil {
		return err
	}
	f.mat[op] = name
	return nil
}

// minUnreplacedRow is the shortest destination row, in bytes, whose
// scatter copies only the rows it does not replace (unreplacedCopy).
const minUnreplacedRow = 256

// unreplacedCopy emits, in the kernel binary, the copy of a scatter's
// input (the argument arg) into its output dst when the scatter replaces
// whole rows (a scatter_nd without batch dims, combine replace, by
// [N, 1] ids read from an argument, of rows of minUnreplacedRow bytes or
// more): the rows no id picks (tcpMarkRows, an id v in [0, R), or in
// [-R, 0) under wrap_negative; other ids pick nothing here, so their rows
// are copied and then replaced as before), copied by the workers in runs
// (tcpCopyUnmarked, non-temporal stores past tcpNT). A picked row is
// written whole by the scatter that follows, so it need not be read and
// written first; a bad id (mode error) fails the call, whose output then
// holds nothing defined. It reports whether it applied. In a new output,
// 32768 unique 1 KiB rows replaced in a [65536,256] f32 table (ONNX
// ScatterND, index_put): see the README.
func (f *funcGen) unreplacedCopy(s tcp.ScatterOp, dst, arg string, ds, upd []poly) bool {
	if !f.g.driver || s.Name() != tcp.ScatterNDName || s.BatchDims() != 0 || s.Combine() != tcp.CombineReplace || len(ds) < 2 || len(upd) != len(ds) {
		return false
	}
	it := rankedOf(s.Indices())
	if it.Rank() != 2 || it.IsDynamicDim(1) || it.Dim(1) != 1 {
		return false
	}
	ids, ok := f.argOf(s.Indices())
	if !ok || ids == arg {
		return false
	}
	if et, err := goElem(ir.ElementType(s.Indices().Type())); err != nil || et != "int32" && et != "int64" {
		return false
	}
	for d := 1; d < len(ds); d++ {
		if !upd[d].equal(ds[d]) {
			return false
		}
	}
	et, err := goElem(ir.ElementType(s.Input().Type()))
	if err != nil {
		return false
	}
	es := elemSize(et)
	row := product(ds[1:])
	rowLen, ok := row.constant()
	if !ok || rowLen*int64(es) < minUnreplacedRow {
		return false
	}
	f.g.used["same"], f.g.used["unreplaced"], f.g.used["copyrows"], f.g.used["copyrun"] = true, true, true, true
	f.unreplaced = true
	rows, rw := f.ready(ds[0]), f.ready(row)
	nt := f.ntFlag(product(ds), es)
	marks := f.temp()
	f.stmt("if !tcpSame(%s, %s) {\n%s := tcpMarkRows(%s[:%s], %s, %v)\nif err := tcpParallel(%s, %d, func(lo, hi int) error {\nif %s {\ndefer revrow.Fence()\n}\ntcpCopyUnmarked(%s, %s, %s, %s, lo, hi, %s)\nreturn nil\n}); err != nil {\nreturn err\n}\n}",
		dst, arg, marks, ids, f.ready(upd[0]), rows, s.Mode() == tcp.ModeWrapNegative,
		rows, int64(es)*rowLen, nt, dst, arg, marks, rw, nt)
	return true
}
