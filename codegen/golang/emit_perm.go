package golang

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/codegen/golang/gatherrow"
)

// permSource is the element read of a result nest's innermost loop, for
// permCall: the source buffer and offset before rowRead renamed the
// buffer to a row, and the loop's store.
type permSource struct {
	dst   string // the whole destination buffer
	buf   string
	off   poly
	store string
}

// permCall returns the call that replaces the innermost loop of result
// nest n, or the loop around it too, when that loop only stores into its
// destination row the element of a short source row that an index table
// picks (indexTables: the same wrapped and checked indices for every row,
// a take along the last axis or along an axis whose inner block and size
// make one row): one gatherrow.Permute, the selection built once per
// call from the table (gatherrow.NewPerm): byte shuffles for source rows
// of up to gatherrow.PermRow bytes, Row's gathers for longer ones of 1-
// and 2-byte elements (where the Perm has them, Perm.Fast; else the loop
// stays, in the call's else branch). For the short rows it sets
// n.callRuns and n.callLevel when the call does the rows of the
// enclosing loop (whose statements only bind temporaries, stepping the
// output and the source by a stride bound outside it); "" when it does
// not apply.
func (f *funcGen) permCall(n *nest, et string, outOff poly, src permSource) string {
	nl := len(n.vars)
	l := nl - 1
	if !f.g.driver || nl < 2 || !n.rows || n.rowOf == "" || n.splitInner {
		return ""
	}
	stmts := n.lets[l].stmts
	// The loop's statements: temporaries (the table read, and index
	// reads the table made unused), then the store.
	if len(stmts) < 2 || stmts[len(stmts)-1] != src.store || !onlyTemps(&block{stmts: stmts[:len(stmts)-1]}) {
		return ""
	}
	term := ""
	for t, c := range src.off {
		if c == 1 && f.tableOf[t] != "" && f.levelOfAtoms(t) == l {
			term = t
		}
	}
	if term == "" || f.bound[term] == nil {
		return ""
	}
	w, ok := f.bound[term].constant()
	if !ok || w < 1 || w >= 1<<31 {
		return ""
	}
	rest := src.off.add(patom(term).scale(-1))
	if f.levelOf(rest) >= l {
		return ""
	}
	es := int64(elemSize(et))
	if long := w*es > gatherrow.PermRow; long && es > 2 && !(es == 4 && gatherrow.WideRowGathers()) {
		// Past the shuffles, Row's gathers of 1- and 2-byte elements
		// only (gatherrow's gatherIDs), and of 4-byte ones where this
		// machine (the kernel binary's) takes them; wider ones keep
		// the loop.
		return ""
	} else if c, ok := n.sizes[l].constant(); long && ok && (c < 8 || c*16 < w || es == 4 && c < gatherrow.MinWideGatherIDs) {
		// Too few ids, or too sparse a row, for the gathers.
		return ""
	}
	p := f.bind(-1, fmt.Sprintf("gatherrow.NewPerm[%s](%s, %d)", et, f.tableOf[term], w))
	// The rows of level l-1 in one call: their output and source bases
	// at its iteration 0 and their strides, bound outside it.
	if j := l - 1; w*es <= gatherrow.PermRow && onlyTemps(n.lets[j]) && !(j == 0 && flatSplit(n, nl)) {
		v := n.vars[j]
		oc, ok1 := outOff.coeff(v)
		sc, ok2 := rest.coeff(v)
		ob0, sb0 := outOff.without(n, j), rest.without(n, j)
		if ok1 && ok2 && f.levelOf(oc, sc, ob0, sb0) < j && nonNegative(oc) && nonNegative(sc) {
			lvl := max(f.levelOf(oc, sc, ob0, sb0, n.sizes[j]), -1)
			ob, sb, ds, ss := f.hoist(ob0, lvl), f.hoist(sb0, lvl), f.hoist(oc, lvl), f.hoist(sc, lvl)
			a, b := f.levelRange(n, j, nl)
			n.callRuns, n.callLevel = true, j
			from, rows := func(base, stride string) string { return base }, b
			if a != "0" {
				from = func(base, stride string) string { return fmt.Sprintf("%s+%s*%s", base, stride, a) }
				rows = b + "-" + a
			}
			return fmt.Sprintf("gatherrow.Permute(%s[%s:], %s[%s:], %s, %s, %s, %s)",
				src.dst, from(ob, ds), src.buf, from(sb, ss), p, rows, ds, ss)
		}
	}
	// One row.
	call := fmt.Sprintf("gatherrow.Permute(%s, %s[%s:], %s, 1, 0, 0)", n.rowOf, src.buf, f.hoist(rest, l-1), p)
	if w*es <= gatherrow.PermRow {
		return call
	}
	// A row past the shuffles: Row's gathers where Permute has them
	// (p.Fast: AVX2, the ids dense enough), else the loop itself, which
	// measured faster than Permute's Go loop in the kernel (256 of 1024
	// i64 of [4096,1024]: 1.28-1.87 against 2.0-2.1 ms, one worker). The
	// loop in the else branch measured slower than the same loop alone
	// (1.58-1.73 against 1.24-1.34 ms there), so the cases known from the
	// static sizes to take it keep the loop alone (above).
	return fmt.Sprintf("if %s.Fast() {\n%s\n} else {\nfor %s := range %s {\n%s\n}\n}", p, call, n.vars[l], n.rowOf, strings.Join(stmts, "\n"))
}

// nonNegative reports whether every term of p is positive or zero (a
// product of sizes and constants, which are not negative).
func nonNegative(p poly) bool {
	for _, c := range p {
		if c < 0 {
			return false
		}
	}
	return true
}
