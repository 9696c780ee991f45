package golang

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/tcp-project/tcp/codegen/golang/gatherrow"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
)

// elemGather is a tcp.gather read in the innermost loop of a result
// nest whose index is a raw load from a row of an argument's indices:
// the candidate of gatherRowCall.
type elemGather struct {
	idxRow string // the index row slice (int32 or int64 elements); flat: the whole indices
	flat   bool   // a nest of one loop, whose ids are idxRow[i] at its counter i
	wrap   bool   // mode wrap_negative: a negative index counts from the end
	size   poly   // the size of the gathered dim
	dim    int
	stmts  int // the innermost level's statements once the position is bound
	// idxBuf and idxOff: the indices' buffer and the offset of idxRow in
	// it, over the outer levels (see rowsCall).
	idxBuf string
	idxOff poly
	idx64  bool // int64 indices (else int32)
	// op is the gather, whose tag the calls' errors carry (they are
	// emitted when the nest is closed, after the op).
	op *ir.Operation
}

// noteElemGather records, in the kernel binary, that pos (bound at the
// innermost level of the current nest) is the position gather g reads
// for index value iv, when iv is a raw load (idx, its read) from an index
// row of an argument that moves with the outer loops (the first
// statement of that level: first == 0), read unchecked, in mode
// wrap_negative or error, with no fill guard (gd). gatherRowCall may then
// replace the whole innermost loop. In a nest of one loop (flat) the ids
// are instead the argument itself, read at the loop's counter
// (flatGatherCall).
func (f *funcGen) noteElemGather(g tcp.GatherOp, idx ref, iv, pos string, gd *guard, first int, checked bool, size poly) {
	n := f.cur
	if !f.g.driver || n == nil || first != 0 || gd != nil || checked {
		return
	}
	flat := len(n.vars) == 1
	if !n.rows && !flat {
		return
	}
	if !flat && f.levelOf(idx.off.without(n, len(n.vars)-1)) < 0 && !fewRowsOfIds(n, len(n.vars)-1) {
		// The same ids for every outer row (a column gather, a take
		// along the last axis): indexTables wraps them once per call,
		// and its loop over the table was as fast for 4-byte data and
		// 8% faster for 8-byte data (a take of 256 ids along axis 1 of
		// [4096,1024] int64, one worker). Few long rows of them
		// (fewRowsOfIds) have no table and go on to Row.
		return
	}
	mode := g.Mode()
	if mode != tcp.ModeWrapNegative && mode != tcp.ModeError {
		return
	}
	row, ok := f.idxRows[iv]
	l := len(n.vars) - 1
	if flat {
		// The raw id at the loop's counter (loadInt's plain load), of
		// the argument under the indices' views (a [N,1] take of
		// one-element rows reads its ids through an expand_shape).
		row, ok = f.args[root(g.Indices())]
		ok = ok && idx.buf == row && idx.off.equal(patom(n.vars[0])) && idx.val == "" && len(idx.guards) == 0 &&
			idx.conv == nil && idx.load == "" && len(idx.dconv) == 0
	}
	if !ok || f.levelOfAtoms(iv) != l {
		return
	}
	// An argument's indices, seen through views only: the row has the
	// indices' element type.
	if root(g.Indices()).DefiningOp() != nil {
		return
	}
	it, err := goElem(ir.ElementType(g.Indices().Type()))
	if err != nil || it != "int32" && it != "int64" {
		return
	}
	f.egather[pos] = elemGather{idxRow: row, flat: flat, wrap: mode == tcp.ModeWrapNegative, size: size, dim: int(g.Dim()), stmts: len(n.lets[l].stmts),
		idxBuf: idx.buf, idxOff: idx.off.without(n, l), idx64: it == "int64", op: f.op}
}

// gatherRowCall returns the call that replaces the innermost loop of
// result nest n, which stores into its destination row dst the elements
// of r, or "": in the kernel binary, one call of package gatherrow per
// index row when r is an element gather noted by noteElemGather whose
// loop does nothing else (the innermost level holds only the index's
// load, wrap and check), of elements of any type (f16 and bf16 as their
// bits) with no conversion. The call gathers the row with AVX2 (eight
// indices wrapped and tested per step, hardware gathers) and returns the
// position of the first bad index, for the interpreter's error. Along
// the last dim (the offset is
// a row base plus the position, rowRead's row) it is gatherrow.Row; along
// an outer dim (base + j + stride*position, j the loop's counter) it is
// gatherrow.Cols. Kernels for embedders import only the standard library
// and keep the loop.
func (f *funcGen) gatherRowCall(r *ref, n *nest, et, dst string) string {
	nl := len(n.vars)
	if !f.g.driver || !n.rows || nl < 2 || n.rowOf == "" || dst != n.rowOf || len(r.guards) != 0 || len(r.dconv) != 0 || r.val != "" || r.buf == "" {
		return ""
	}
	if !gatherElems[et] {
		return ""
	}
	l := nl - 1
	j := n.vars[l]
	c, static := n.sizes[l].constant()
	for _, term := range positions(r.off) {
		e, ok := f.egather[term]
		if !ok || len(n.lets[l].stmts) != e.stmts {
			continue
		}
		stride, ok := r.off.coeff(term)
		if !ok || f.levelOf(stride) >= l {
			return ""
		}
		call := ""
		if cj, ok := r.off.coeff(j); !ok {
			return ""
		} else if len(cj) > 0 {
			// Along an outer dim: column j of the row the index picks.
			if one, isC := cj.constant(); !isC || one != 1 || static && c < minGatherCols {
				return ""
			}
			rest := r.off.add(patom(j).scale(-1)).add(stride.mul(patom(term)).scale(-1))
			if f.levelOf(rest) >= l {
				return ""
			}
			if call := f.colsRowsCall(n, e, r.buf, rest, stride, elemSize(et)); call != "" {
				return call
			}
			base := f.hoist(rest, max(f.levelOf(rest), 0))
			call = fmt.Sprintf("gatherrow.Cols(%s, %s[%s:], %s, %s, %s, %v)", dst, r.buf, base, e.idxRow, e.size, f.hoist(stride, max(f.levelOf(stride), 0)), e.wrap)
			if t := f.nextBlockAhead(n, r.buf, rest, stride, e.size, elemSize(et)); t != "" {
				n.lets[l-1].stmts = append(n.lets[l-1].stmts, t)
			}
		} else {
			// Along the last dim: rowRead's source row, of the
			// gathered dim's size. Rows shorter than minGatherRow take
			// gatherrow.Rows only (no call per row), when its assembly
			// takes them: a multiple of 8 ids, each row read densely.
			short := static && c < minGatherRow
			if one, isC := stride.constant(); !isC || one != 1 {
				return ""
			}
			n.readScale = gatherReadScale(n.sizes[l], e.size, elemSize(et))
			srcBuf, srcOff := r.buf, r.off.add(patom(term).scale(-1))
			if !f.rowTerm(r, n, term) || !f.bound[term].equal(e.size) {
				return ""
			}
			if w, ok := e.size.constant(); short && (c%8 != 0 || !ok || c*gatherrow.DenseRow < w) {
				// Rows' assembly does not take them: ShortRows,
				// with no touch of the source rows.
				return f.rowsCall(n, e, srcBuf, srcOff, f.shortRowsAheadArg(r.buf, n.out, e, c, elemSize(et)))
			}
			if !f.sourceRow(r, n, et, term, true) {
				return ""
			}
			if call := f.rowsCall(n, e, srcBuf, srcOff, ""); call != "" {
				return call
			}
			if short {
				return ""
			}
			call = fmt.Sprintf("gatherrow.Row(%s, %s, %s, %v)", dst, r.buf, e.idxRow, e.wrap)
		}
		k := f.temp()
		return fmt.Sprintf("if %s := %s; %s >= 0 {\nreturn %s\n}", k, call, k,
			e.errf(f, []any{e.dim}, fmt.Sprintf("%s[%s]", e.idxRow, k), e.size.String()))
	}
	return ""
}

// takeNTFlag binds the bool that chooses gatherrow.TakeNT's
// non-temporal stores for a take's result of total elements of es
// bytes: on Intel CPUs from revrow.NTBytesReversed (one worker) or
// NTBytesReversedShared (several), as for reversals (ntReversedFlag),
// elsewhere from revrow.NTBytes (ntFlag). Measured with tcp-run on the
// 2-core Intel Xeon (2 MiB of L2 per core), interleaved, 1 KiB rows of
// a 16 MiB f32 table, non-temporal against plain stores: 1 MiB of
// result 0.049 against 0.068 ms with one worker, 0.025 against 0.013
// with two; 2 MiB 0.127 against 0.165 and 0.049 against 0.063; 4 MiB
// 0.27 against 0.37 and 0.126 against 0.172; 8 MiB (index_select_dim0)
// 0.56 against 0.68 and 0.25 against 0.33; 16 MiB of 512-byte rows with
// two workers 0.58 against 0.64-0.70.
func (f *funcGen) takeNTFlag(total poly, es int) string {
	return f.ntReversedFlag(total, es)
}

// gatherReadScale is how many times its output an element gather along
// the last dim reads, c ids per row from source rows of w elements of es
// bytes, both static (else 1): the source lines the ids may touch, at
// most the row and at most a line per id, over the output row. A gather
// of few elements of long rows reads far more than it writes, and the
// workers split it by what it reads: the top 32 of each 1024 f16 of
// [16,64,1024] (64 KiB of output, one worker by its output) took 9.5-10
// us with two workers against 25-28 with one (interleaved tcp-run runs on
// the 2-core Intel Xeon).
func gatherReadScale(c, w poly, es int) int64 {
	cc, ok1 := c.constant()
	ww, ok2 := w.constant()
	if !ok1 || !ok2 || cc <= 0 || es <= 0 {
		return 1
	}
	return max(1, min(ww*int64(es), cc*64)/(cc*int64(es)))
}

// rowsCall returns, for gatherRowCall's gatherrow.Row along the last
// dim, one gatherrow.Rows call that replaces the loop over the index
// rows too (level nl-2 of n, the worker's part [lo, hi) at level 0),
// or "": when that loop only binds the rows (no touch), and its rows
// follow each other in the result, the indices (idxBuf at e.idxOff) and
// the source (srcBuf at srcOff), by a row of each per iteration (under
// flatSplit, the worker's part of level 1). The
// rows then cost no call each. Measured with tcp-run, least of 5
// interleaved runs against a call per row: a GatherElements of 64-id
// rows of [64,256,256] f32 by i64 ids (16384 rows, 256 per call) 0.87x
// the time with one worker and 0.89x with two; of [4096,512] f16 by 128
// i32 ids 0.76x and 0.85x. It sets n.callRuns and n.callLevel.
//
// With ahead set (the expression of its rows ahead), the call is
// gatherrow.ShortRows instead: index rows shorter than minGatherRow
// that Rows' assembly leaves to the Go loop (not a multiple of eight
// ids, or read sparsely), which the kernel's loop did with a bounds
// check or two and a spilled index per element. Measured with tcp-run,
// interleaved, one worker, on the 2-core Intel Xeon: the top 5 of each
// 1000-float row of a 262 MB table (GatherElements by [65536,5] i64
// ids) 0.86-0.88 ms against 0.99-1.07 for the loop.
func (f *funcGen) rowsCall(n *nest, e elemGather, srcBuf string, srcOff poly, ahead string) string {
	nl := len(n.vars)
	l := nl - 2
	rdp, rip, ok := f.indexRows(n, e)
	if !ok {
		return ""
	}
	rsp, ok := f.rowStart(n, l, srcBuf, srcOff, e.size)
	if !ok {
		return ""
	}
	rd, ri, rs := f.ready(rdp), f.ready(rip), f.ready(rsp)
	a, b := f.levelRange(n, l, nl)
	w, s := f.ready(n.sizes[nl-1]), f.ready(e.size)
	span := func(base, step string) string {
		return fmt.Sprintf("%s+%s*%s : %s+%s*%s", base, step, a, base, step, b)
	}
	k := f.temp()
	call := fmt.Sprintf("gatherrow.Rows(%s[%s], %s[%s], %s[%s], %s, %v)", n.out, span(rd, w), srcBuf, span(rs, s), e.idxBuf, span(ri, w), w, e.wrap)
	if ahead != "" {
		call = fmt.Sprintf("gatherrow.ShortRows(%s[%s], %s[%s], %s[%s], %s, %v, %s)", n.out, span(rd, w), srcBuf, span(rs, s), e.idxBuf, span(ri, w), w, e.wrap, ahead)
	}
	n.callRuns, n.callLevel = true, l
	return fmt.Sprintf("if %s := %s; %s >= 0 {\nreturn %s\n}", k, call, k,
		e.errf(f, []any{e.dim}, fmt.Sprintf("%s[%s+%s*%s+%s]", e.idxBuf, ri, w, a, k), e.size.String()))
}

// indexRows is what rowsCall and colsRowsCall need of the loop over the
// index rows (level nl-2 of n, whose statements must only bind names):
// the offsets, at its iteration 0, of its rows in the result (n.out) and
// in the indices (idxBuf), which must follow each other by a row of
// n.sizes[nl-1] per iteration, bound outside the loop.
func (f *funcGen) indexRows(n *nest, e elemGather) (rd, ri poly, ok bool) {
	nl := len(n.vars)
	l := nl - 2
	if n.out == "" || n.rowOff == nil || e.idxBuf == "" || l < 0 {
		return nil, nil, false
	}
	for _, st := range n.lets[l].stmts {
		if !simpleBinding.MatchString(st) {
			return nil, nil, false
		}
	}
	width := n.sizes[nl-1]
	rd, ok1 := f.rowStart(n, l, n.out, n.rowOff, width)
	ri, ok2 := f.rowStart(n, l, e.idxBuf, e.idxOff, width)
	return rd, ri, ok1 && ok2
}

// rowStart returns off at iteration 0 of level l of n when off steps by
// step per iteration of that level and the rest is bound outside it (buf
// too).
func (f *funcGen) rowStart(n *nest, l int, buf string, off, step poly) (poly, bool) {
	v := n.vars[l]
	c, ok := off.coeff(v)
	if !ok || !c.equal(step) || f.levelOfAtoms(buf) >= l {
		return nil, false
	}
	r := off.add(patom(v).mul(c).scale(-1))
	return r, f.levelOf(r) < l
}

// simpleBinding matches a statement that only binds a name.
var simpleBinding = regexp.MustCompile(`^t[0-9]+ := [^\n]*$`)

// flatGatherCall is gatherRowCall for a result nest of one loop (a
// rank-1 element gather, x[ids] of a 1-d x): in the kernel binary, one
// call of gatherrow.Row per worker over its part [lo, hi) of the result
// (at offset outOff, the loop's counter) and of the ids, from the whole
// gathered dim. Measured with tcp-run, one worker, 1M i32 ids: 0.74-1.0 ms
// against 1.2-1.7 for the loop from a 20000-float table, 0.79-0.87
// against 1.7-3.0 from 100000 floats, 9.5-14 ms against 20-24 from 16M
// floats (the hardware gathers keep eight reads in flight).
func (f *funcGen) flatGatherCall(r *ref, n *nest, et, dst string, outOff poly) string {
	if !f.g.driver || len(n.vars) != 1 || len(r.guards) != 0 || len(r.dconv) != 0 || r.val != "" || r.buf == "" {
		return ""
	}
	if !gatherElems[et] {
		return ""
	}
	v := n.vars[0]
	if !outOff.equal(patom(v)) {
		return ""
	}
	if c, ok := n.sizes[0].constant(); ok && c < minGatherRow {
		return ""
	}
	for _, term := range positions(r.off) {
		e, ok := f.egather[term]
		if !ok || !e.flat || len(n.lets[0].stmts) != e.stmts {
			continue
		}
		if c, ok := r.off.coeff(term); !ok || !c.equal(pconst(1)) {
			return ""
		}
		rest := r.off.add(patom(term).scale(-1))
		if f.levelOf(rest) >= 0 || f.levelOf(e.size) >= 0 {
			return ""
		}
		base := f.hoist(rest, -1)
		src := f.bind(-1, fmt.Sprintf("%s[%s : %s+%s]", r.buf, base, base, e.size.paren()))
		k := f.temp()
		call := fmt.Sprintf("gatherrow.Row(%s[lo:hi], %s, %s[lo:hi], %v)", dst, src, e.idxRow, e.wrap)
		return fmt.Sprintf("if %s := %s; %s >= 0 {\nreturn %s\n}", k, call, k,
			e.errf(f, []any{e.dim}, fmt.Sprintf("%s[lo+%s]", e.idxRow, k), e.size.String()))
	}
	return ""
}

// gatherElems are the Go element types package gatherrow moves (f16 and
// bf16 data as their uint16 bits).
var gatherElems = map[string]bool{"bool": true, "uint8": true, "int8": true, "uint16": true, "int16": true,
	"float32": true, "int32": true, "uint32": true, "float64": true, "int64": true, "uint64": true}

// minGatherRow is the shortest static index row gatherRowCall takes: a
// call, the assembly's setup, the row's touch and its Go tail cost more
// than the loop's few elements. Measured with the kernel binary, one
// worker, 1M i64 ids along the last axis of f32 data: rows of 16 ids
// (128-byte source rows) 1.27-1.85 ms in the loop against 1.73-2.77
// touched in gatherrow.Row, of 32 ids 1.17-1.22 against 1.45-1.48
// (512-byte rows) and 3.10-3.52 against 3.32-3.43 (1 KiB rows); of 64
// ids the same within the noise (256-byte and 1 KiB rows), and Row
// faster from 128 ids on (512-byte rows: 2.55-2.9 against 3.4; i8 rows
// of 256 ids: 1.8-2.7 against 3.1-3.7).
const minGatherRow = 64

// minGatherCols is the shortest static index row of gatherrow.Cols,
// whose rows are not touched: its hardware gathers keep eight reads of
// different rows in flight, where the loop waits on L3 latency.
const minGatherCols = 16

// positions returns the atoms of p's terms, each once, in order.
func positions(p poly) []string {
	var out []string
	seen := map[string]bool{}
	for _, term := range p.terms() {
		for _, a := range atoms(term) {
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
	}
	return out
}

// levelRange returns the range [a, b) of level l's counter that a call
// replacing that loop of n (whose first k levels are the nest's) covers:
// the worker's part [lo, hi) at level 0; at level 1 when levels 0 and 1
// split as one (flatSplit), the worker's part of level 1's rows, which
// loops names v+"lo" and v+"hi"; else the whole level.
func (f *funcGen) levelRange(n *nest, l, k int) (a, b string) {
	switch {
	case l == 0:
		return "lo", "hi"
	case l == 1 && flatSplit(n, k):
		v := n.vars[l]
		return v + "lo", v + "hi"
	}
	return "0", f.ready(n.sizes[l])
}

// takePos is what a gathered position needs for takeCall: the gather's
// dim and its size, whether negative indices wrap (mode wrap_negative,
// else error), the check of the index in the loop ("" when the indices
// were checked before the nest), and the op its errors name.
type takePos struct {
	dim   int
	size  poly
	wrap  bool
	check string
	op    *ir.Operation // the op whose errors name it (f.op then)
}

// takeCall returns, in the kernel binary, one gatherrow.Take call that
// replaces the loop at level l = k-1 of result nest n, or "": the loop
// whose every iteration copies a static run of c elements from the row
// of r that an index picks into the next run of the result (dst at
// outOff), the index read from an argument's indices at the loop's
// counter (wrapped and checked in the loop, or checked before the nest)
// or from a table of them (indexTables, checked before the nest), with
// nothing else in the loop but bindings and that check. The rows then
// cost no call each (copy's memmove, the look-ahead's prefetch) and no
// bounds check: Take wraps and tests each index, copies the row with
// moves of its size class and prefetches a later row: always for runs of
// minAlwaysPrefetchedRun bytes or more, past maxUnaheadBytes of working
// set for shorter ones (aheadCond), as touchAhead would. Rows of whole
// 64-byte lines (gatherrow.MinNTRow bytes or more) go through
// gatherrow.TakeNT, whose non-temporal stores takeNTFlag turns on for a
// result of total elements past the cache; the second result is that
// flag's name ("" for Take). Measured with tcp-run, interleaved, on
// the 2-core Intel Xeon: a take of 32768 1 KiB rows of a 128 MiB table
// 3.15-3.27 ms against 2.44-2.49 with one worker, 1.45-1.57 against
// 1.23-1.29 with two; 65536 384-byte f16 rows of 100 MB 2.15-2.21
// against 1.83-1.87 (one worker; two keep plain stores below
// revrow.NTBytesShared).
// It sets n.callRuns and n.callLevel.
func (f *funcGen) takeCall(r ref, n *nest, k int, outOff, run, total poly, es int, dst string) (string, string) {
	l := k - 1
	if !f.g.driver || l < 0 || n.innerCall != "" || n.splitInner || len(r.guards) != 0 || len(r.dconv) != 0 || r.val != "" || r.buf == "" {
		return "", ""
	}
	c, ok := run.constant()
	if !ok || c < 1 {
		return "", ""
	}
	rowBytes := int(c) * es
	v := n.vars[l]
	so := r.off.without(n, k)
	var at []string // the positions of level l
	for _, a := range positions(so) {
		if a != v && f.levelOfAtoms(a) == l {
			at = append(at, a)
		}
	}
	if len(at) == 2 {
		return f.take2Call(r, n, k, at, outOff, run, total, es, dst)
	}
	pos := ""
	if len(at) == 1 {
		pos = at[0]
	}
	tp, ok := f.takePos[pos]
	if pos == "" || !ok {
		return "", ""
	}
	stride, ok := so.coeff(pos)
	if !ok || f.levelOf(stride) >= l {
		return "", ""
	}
	if sc, isC := stride.constant(); isC && sc < c {
		return "", ""
	}
	srest := so.add(stride.mul(patom(pos)).scale(-1))
	var checks []string
	if tp.check != "" {
		checks = []string{tp.check}
	}
	drest, ok := f.takenRows(n, k, outOff, run, srest, checks)
	if !ok {
		return "", ""
	}
	a, b := f.levelRange(n, l, k)
	var ids, raw string
	wrap := tp.wrap
	if tab, ok := f.tabled[pos]; ok {
		// Positions already wrapped, checked before the nest.
		if tp.check != "" {
			return "", ""
		}
		ids, wrap = fmt.Sprintf("%s[%s:%s]", tab, a, b), false
		raw = tab
	} else {
		buf, irest, _, wrapSize, ok := f.argIDs(pos, v, l)
		if !ok || wrapSize != "" && !wrap {
			return "", ""
		}
		base := f.ready(irest)
		ids = fmt.Sprintf("%s[%s+%s : %s+%s]", buf, base, a, base, b)
		raw = fmt.Sprintf("%s[%s+%s:]", buf, base, a)
	}
	ahead := f.rowsAhead(r.buf, dst, es, rowBytes, true)
	rs, ds, w := f.ready(srest), f.ready(drest), f.ready(run)
	f.g.used["gatherrow"] = true
	t := f.temp()
	call := fmt.Sprintf("gatherrow.Take(%s[%s+%s*%s : %s+%s*%s], %s[%s:], %s, %s, %s, %s, %v, %s)",
		dst, ds, w, a, ds, w, b, r.buf, rs, ids, w, f.ready(stride), f.ready(tp.size), wrap, ahead)
	nt := ""
	if rowBytes >= gatherrow.MinNTRow && rowBytes%64 == 0 {
		// Rows of whole lines: non-temporal stores (gatherrow.TakeNT)
		// once the output leaves the cache (takeNTFlag).
		nt = f.takeNTFlag(total, es)
		call = fmt.Sprintf("gatherrow.TakeNT(%s[%s+%s*%s : %s+%s*%s], %s[%s:], %s, %s, %s, %s, %v, %s, %s)",
			dst, ds, w, a, ds, w, b, r.buf, rs, ids, w, f.ready(stride), f.ready(tp.size), wrap, ahead, nt)
	}
	n.callRuns, n.callLevel = true, l
	saved := f.op
	f.op = tp.op
	msg := f.errf("index %%d is out of bounds for dimension %d with size %%d", []any{tp.dim}, fmt.Sprintf("%s[%s]", raw, t), tp.size.String())
	f.op = saved
	return fmt.Sprintf("if %s := %s; %s >= 0 {\nreturn %s\n}", t, call, t, msg), nt
}

// maxSpannedBlock is the largest block (bytes) that nextBlockAhead
// prefetches: the block being gathered and the next one stay in a 1 MiB
// L2 together.
const maxSpannedBlock = 512 << 10

// minSpannedSource is the smallest source (bytes) whose blocks
// nextBlockAhead prefetches: a smaller one stays in the cache between
// calls.
const minSpannedSource = 1 << 20

// blockShare decides the look ahead of a column gather (gatherrow.Cols
// over source rows stride elements apart, rest the offset of the first,
// in each index row's iteration: level len(n.vars)-2) whose index rows
// pick, within one block of size rows, elements in an order no hardware
// prefetcher follows (GatherElements along a middle axis): most lines of
// the block once there are as many positions as lines. The block is
// size*stride elements at rest, and the next iteration of the level
// above reads the one at rest plus step; each index row prefetches
// share elements of it, its 1/rows part. Only in the kernel binary on
// amd64, for blocks of at most maxSpannedBlock bytes, at least as many
// positions per block as lines and sources of minSpannedSource bytes or
// more; share is 0 when a test of dynamic sizes (made once per call)
// says no. ok false: it does not apply. Measured (interleaved tcp-run
// A/B, GatherElements along axis 1 of [128,512,64] f32 by [128,128,64]
// i64, 128 KiB blocks, a Cols call per index row): 0.31x the time with
// one worker, 0.35x with two.
func (f *funcGen) blockShare(n *nest, buf string, rest, stride, size poly, es int) (step poly, share string, ok bool) {
	nl := len(n.vars)
	j, m := nl-2, nl-3
	if !f.prefetches() || m < 0 || f.argLen[buf] == nil {
		return nil, "", false
	}
	if c, ok := rest.coeff(n.vars[j]); !ok || len(c) != 0 {
		return nil, "", false
	}
	step, ok = rest.coeff(n.vars[m])
	if !ok || f.levelOf(step) >= 0 || !nonNegative(step) || len(step) == 0 {
		return nil, "", false
	}
	block := size.mul(stride)
	if f.levelOf(block, n.sizes[j], n.sizes[j+1]) >= 0 {
		return nil, "", false
	}
	// Positions per block >= lines per block, the block small enough,
	// the source big enough.
	positions := n.sizes[j].mul(n.sizes[j+1])
	cond := fmt.Sprintf("%s*64 >= %s*%d && %s*%d <= %d && len(%s)*%d >= %d", positions.paren(), block.paren(), es, block.paren(), es, maxSpannedBlock, buf, es, minSpannedSource)
	if pc, ok := positions.constant(); ok {
		if bc, ok := block.constant(); ok {
			if lc, ok := f.argLen[buf].constant(); ok {
				if pc*64 < bc*int64(es) || bc*int64(es) > maxSpannedBlock || lc*int64(es) < minSpannedSource {
					return nil, "", false
				}
				cond = ""
			}
		}
	}
	// Each index row's share, in elements, rounded up; 0 unless cond.
	share = fmt.Sprintf("(%s + %s - 1) / %s", block.paren(), n.sizes[j].paren(), n.sizes[j].paren())
	if cond != "" {
		share = fmt.Sprintf("func() int {\nif %s {\nreturn %s\n}\nreturn 0\n}()", cond, share)
	}
	return step, f.bind(-1, share), true
}

// nextBlockAhead returns the statement that, in each index row's
// iteration of a column gather with a Cols call per index row, starts
// loading its share of the next block (see blockShare: one
// prefetch.Span), or "".
func (f *funcGen) nextBlockAhead(n *nest, buf string, rest, stride, size poly, es int) string {
	step, share, ok := f.blockShare(n, buf, rest, stride, size, es)
	if !ok {
		return ""
	}
	j := len(n.vars) - 2
	at := rest.add(step).add(patom(share).mul(patom(n.vars[j])))
	return fmt.Sprintf("if p := %s; %s > 0 && uint(p) < uint(len(%s)) {\nprefetch.Span(unsafe.Pointer(&%s[p]), %s*%d)\n}", f.hoist(at, j), share, buf, buf, share, es)
}

// colsRowsCall returns, for gatherRowCall's gatherrow.Cols along an outer
// dim, one gatherrow.ColsRows call that replaces the loop over the index
// rows too (level nl-2 of n, the worker's part [lo, hi) at level 0), or
// "": when that loop only binds the rows, and its rows follow each other
// in the result and the indices (idxBuf at e.idxOff), while the source
// rows' start moves by a step bound outside it (0 in a GatherElements
// along the middle axis of three dims, whose index rows all read one
// block). The index rows then cost no call each (about 20 ns of call,
// dispatch and setup, more than a 32-position row takes in the cache),
// and the look ahead of blockShare, when it applies, is ColsRows' own
// (a share per row). It sets n.callRuns and n.callLevel.
func (f *funcGen) colsRowsCall(n *nest, e elemGather, srcBuf string, rest, stride poly, es int) string {
	nl := len(n.vars)
	l := nl - 2
	rd, ri, ok := f.indexRows(n, e)
	if !ok {
		return ""
	}
	v, width := n.vars[l], n.sizes[nl-1]
	c, ok := rest.coeff(v)
	if !ok || f.levelOf(c) >= l || !nonNegative(c) {
		return ""
	}
	rs := rest.add(patom(v).mul(c).scale(-1))
	if f.levelOf(rs) >= l {
		return ""
	}
	a, b := f.levelRange(n, l, nl)
	w, step := f.ready(width), "0"
	if len(c) != 0 {
		step = f.ready(c)
	}
	from := func(base poly, by string) string {
		if by == "0" || a == "0" {
			return f.ready(base)
		}
		return fmt.Sprintf("%s+%s*%s", f.ready(base), by, a)
	}
	to := func(base poly) string { return fmt.Sprintf("%s+%s*%s", f.ready(base), w, b) }
	ahead, share := "0", "0"
	if bstep, sh, ok := f.blockShare(n, srcBuf, rest, stride, e.size, es); ok && len(c) == 0 {
		// The next block, from the call's source start (rs): the
		// share of row a on.
		ahead, share = f.ready(bstep), sh
		if a != "0" {
			ahead = fmt.Sprintf("%s+%s*%s", ahead, sh, a)
		}
	}
	k := f.temp()
	call := fmt.Sprintf("gatherrow.ColsRows(%s[%s : %s], %s[%s:], %s[%s : %s], %s, %s, %s, %s, %v, %s, %s)",
		n.out, from(rd, w), to(rd), srcBuf, from(rs, step), e.idxBuf, from(ri, w), to(ri),
		w, step, e.size, f.ready(stride), e.wrap, ahead, share)
	n.callRuns, n.callLevel = true, l
	return fmt.Sprintf("if %s := %s; %s >= 0 {\nreturn %s\n}", k, call, k,
		e.errf(f, []any{e.dim}, fmt.Sprintf("%s[%s+%s]", e.idxBuf, from(ri, w), k), e.size.String()))
}

// takenRows checks what takeCall and take2Call replace, the loop at
// level l = k-1 of n: the source's offset without the picked row (srest)
// and the output's without the loop's counter times the run (the rest
// returned) bound outside the loop, and nothing in the loop but bindings
// and the ids' checks.
func (f *funcGen) takenRows(n *nest, k int, outOff, run, srest poly, checks []string) (poly, bool) {
	l := k - 1
	ob := outOff.without(n, k)
	cv, ok := ob.coeff(n.vars[l])
	if !ok || !cv.equal(run) || f.levelOf(srest) >= l {
		return nil, false
	}
	drest := ob.add(patom(n.vars[l]).mul(cv).scale(-1))
	if f.levelOf(drest) >= l {
		return nil, false
	}
	for _, st := range n.lets[l].stmts {
		if !simpleBinding.MatchString(st) && !slices.Contains(checks, st) {
			return nil, false
		}
	}
	return drest, true
}

// takePair is what a gather_nd's position of two ids needs for
// take2Call: both positions, their dims and sizes, whether negative ids
// wrap, the ids' checks in the loop (none when checked before the nest)
// and the op its errors name.
type takePair struct {
	pos    [2]string
	dims   [2]int
	sizes  [2]poly
	wrap   bool
	checks []string
	op     *ir.Operation
}

// take2Call is takeCall for rows that a pair of ids picks (at, the two
// positions of level l = k-1 in the read's offset): a gather_nd by two
// index components, its ids read from an argument's last dim of 2 at
// the loop's counter. It returns one gatherrow.Take2 call for the loop,
// or "", and sets n.callRuns and n.callLevel. An error names the first
// bad pair's bad id (gatherrow.Bad2), as the loop's checks in order do.
// Rows under 128 bytes go to Take2's assembly loops; rows of
// gatherrow.MinNTRow bytes or more to gatherrow.Take2NT, with, for rows
// of whole 64-byte lines, takeNTFlag's non-temporal stores for a result
// of total elements (the second result: that flag's name, else ""); the
// rows between stay the kernel's loop of copies.
func (f *funcGen) take2Call(r ref, n *nest, k int, at []string, outOff, run, total poly, es int, dst string) (string, string) {
	l := k - 1
	tp, ok := f.takePair[at[0]]
	if !ok {
		tp, ok = f.takePair[at[1]]
	}
	if !ok || !(tp.pos[0] == at[0] && tp.pos[1] == at[1] || tp.pos[0] == at[1] && tp.pos[1] == at[0]) {
		return "", ""
	}
	c, ok := run.constant()
	if !ok || c < 1 {
		return "", ""
	}
	rowBytes := c * int64(es)
	ntRow := rowBytes >= gatherrow.MinNTRow
	if rowBytes >= 128 && !ntRow {
		return "", "" // Take2's loops are for short rows; a long row's copy is most of its time
	}
	v := n.vars[l]
	so := r.off.without(n, k)
	var strides [2]poly
	srest := so
	for i, p := range tp.pos {
		s, ok := so.coeff(p)
		if !ok || f.levelOf(s) >= l {
			return "", ""
		}
		strides[i] = s
		srest = srest.add(s.mul(patom(p)).scale(-1))
	}
	drest, ok := f.takenRows(n, k, outOff, run, srest, tp.checks)
	if !ok {
		return "", ""
	}
	var base poly
	buf := ""
	for i, p := range tp.pos {
		if _, tabled := f.tabled[p]; tabled {
			return "", ""
		}
		b, irest, _, wrapSize, ok := f.argIDsBy(p, v, l, 2)
		if !ok || wrapSize != "" && !tp.wrap {
			return "", ""
		}
		if i == 0 {
			buf, base = b, irest
		} else if b != buf || !irest.equal(base.add(pconst(1))) {
			return "", ""
		}
	}
	a, b := f.levelRange(n, l, k)
	bs := f.ready(base)
	ids := fmt.Sprintf("%s[%s+2*%s : %s+2*%s]", buf, bs, a, bs, b)
	raw := fmt.Sprintf("%s[%s+2*%s:]", buf, bs, a)
	ahead := f.rowsAhead(r.buf, dst, es, int(c)*es, true)
	rs, ds, w := f.ready(srest), f.ready(drest), f.ready(run)
	f.g.used["gatherrow"] = true
	t := f.temp()
	call := fmt.Sprintf("gatherrow.Take2(%s[%s+%s*%s : %s+%s*%s], %s[%s:], %s, %s, %s, %s, %s, %s, %v, %s)",
		dst, ds, w, a, ds, w, b, r.buf, rs, ids, w, f.ready(strides[0]), f.ready(tp.sizes[0]), f.ready(strides[1]), f.ready(tp.sizes[1]), tp.wrap, ahead)
	nt := ""
	if ntRow {
		flag := "false"
		if rowBytes%64 == 0 {
			nt = f.takeNTFlag(total, es)
			flag = nt
		}
		call = fmt.Sprintf("gatherrow.Take2NT(%s[%s+%s*%s : %s+%s*%s], %s[%s:], %s, %s, %s, %s, %s, %s, %v, %s, %s)",
			dst, ds, w, a, ds, w, b, r.buf, rs, ids, w, f.ready(strides[0]), f.ready(tp.sizes[0]), f.ready(strides[1]), f.ready(tp.sizes[1]), tp.wrap, ahead, flag)
	}
	n.callRuns, n.callLevel = true, l
	saved := f.op
	f.op = tp.op
	msg0 := f.errf("index %%d is out of bounds for dimension %d with size %%d", []any{tp.dims[0]}, fmt.Sprintf("%s[2*%s]", raw, t), tp.sizes[0].String())
	msg1 := f.errf("index %%d is out of bounds for dimension %d with size %%d", []any{tp.dims[1]}, fmt.Sprintf("%s[2*%s+1]", raw, t), tp.sizes[1].String())
	f.op = saved
	return fmt.Sprintf("if %s := %s; %s >= 0 {\nif gatherrow.Bad2(%s, %s, %s, %v) == 0 {\nreturn %s\n}\nreturn %s\n}",
		t, call, t, raw, t, f.ready(tp.sizes[0]), tp.wrap, msg0, msg1), nt
}

// take2Elems is take2Call for single elements that a pair of ids picks,
// the innermost loop's (a gather_nd of whole elements, [2048,2048] f32
// by [N,2] ids), or "".
func (f *funcGen) take2Elems(r ref, n *nest, outOff poly, es int, dst string) string {
	nl := len(n.vars)
	if !f.g.driver || nl < 1 || n.innerCall != "" || n.splitInner || len(r.guards) != 0 || len(r.dconv) != 0 || r.conv != nil || r.val != "" || r.buf == "" {
		return ""
	}
	v := n.vars[nl-1]
	var at []string
	for _, a := range positions(r.off) {
		if a != v && f.levelOfAtoms(a) == nl-1 {
			at = append(at, a)
		}
	}
	if len(at) != 2 {
		return ""
	}
	// One element, under 128 bytes: no Take2NT, so no result size.
	call, _ := f.take2Call(r, n, nl, at, outOff, pconst(1), nil, es, dst)
	return call
}

// errf is f.errf's out-of-bounds error of e's gather, tagged with its op.
func (e elemGather) errf(f *funcGen, static []any, dyn ...string) string {
	saved := f.op
	f.op = e.op
	defer func() { f.op = saved }()
	return f.errf("index %%d is out of bounds for dimension %d with size %%d", static, dyn...)
}
