package golang

import (
	"fmt"

	"github.com/tcp-project/tcp/codegen/golang/gatherrow"
)

// stridedRuns returns, in the kernel binary, one gatherrow.Strided call
// that replaces the loop at level j = k-1 of result nest n, or "": the
// loop whose iterations copy a static run of c elements (k < nl; single
// elements when k == nl) to the next run of the output from a source
// that steps by a constant p elements with p neither c nor -c (a strided
// slice: x[:, ::2], x[::-2], every third channel, an image halved in
// both axes), groups the byte shuffles take (gatherrow.StridedGroups:
// at most 16 bytes, at least four to 128 source bytes) or the AVX2 loop
// of wide groups does (gatherrow.StridedWide: 16 to 512 bytes, rows of
// a strided slice of an outer axis, sub-rows of a crop), with nothing
// else in the loop and no index read. When the loop at level j-1 only
// steps the output by a whole row of groups and the source by any step
// bound outside it (the rows of a 2-d strided slice), the call does its
// rows too. Past revrow.NTBytes of output (tcpNT) the call stores whole
// 64-byte steps non-temporally (every other column of a 64 MB f32
// matrix: 32 MB of output whose lines are then not read before they are
// written). Its range is the worker's part when the level it replaces is
// split (level 0, or level 1 under flatSplit). Without it each element
// was a bounds-checked load and store, each RGB pixel a 3-byte array
// copy: halving a [1080,1920,3] u8 image took 8.7x XLA's time; every
// third 64-byte row of [100000,8] f64, four 16-byte array copies a row,
// took 0.079 ms against XLA's 0.067 (0.057 with the wide loop).
func (f *funcGen) stridedRuns(r ref, n *nest, k int, outOff, run, total poly, et, dst string) string {
	nl := len(n.vars)
	if !f.g.driver || k < 1 || k > nl || len(r.guards) != 0 || len(r.dconv) != 0 || r.conv != nil || r.val != "" || r.load != "" ||
		r.buf == "" || n.innerCall != "" || n.rangeOver != "" || n.splitInner || !gatherElems[et] || f.gatheredRuns(r, n, k) {
		return ""
	}
	c, ok := run.constant()
	es := int64(elemSize(et))
	j := k - 1
	if !ok || c < 1 || !onlyTemps(n.lets[j]) {
		return ""
	}
	out, src := outOff.without(n, k), r.off.without(n, k)
	v := n.vars[j]
	oc, ok1 := out.coeff(v)
	sc, ok2 := src.coeff(v)
	p, ok3 := sc.constant()
	if G, P := int(c*es), int(p*es); !ok1 || !ok2 || !ok3 || !oc.equal(pconst(c)) || !gatherrow.StridedGroups(G, P) && !gatherrow.StridedWide(G, P) {
		return ""
	}
	// The groups' offsets at iteration 0 of level j, and their count.
	ob0, sb0, groups := out.without(n, j), src.without(n, j), n.sizes[j]
	if f.levelOf(ob0) >= j || f.levelOf(sb0) >= j || f.levelOf(groups) >= j || f.levelOfAtoms(r.buf, dst) >= j {
		return ""
	}
	f.g.used["gatherrow"] = true
	// Past revrow.NTBytes of output (tcpNT), stored non-temporally where
	// the steps are whole 64-byte lines.
	nt := f.ntFlag(total, int(es))
	flat := flatSplit(n, k)
	if l := j - 1; l >= 0 && !(flat && l == 0) && onlyTemps(n.lets[l]) {
		// Rows: level l steps the output by a row of groups.
		w := groups.scale(c)
		rv := n.vars[l]
		ocl, ok1 := ob0.coeff(rv)
		scl, ok2 := sb0.coeff(rv)
		ob1, sb1 := ob0.without(n, l), sb0.without(n, l)
		if ok1 && ok2 && ocl.equal(w) && f.levelOf(scl, ob1, sb1, groups) < l && f.levelOfAtoms(r.buf, dst) < l {
			lvl := max(f.levelOf(scl, ob1, sb1, groups), -1)
			ob, sb, rs, g, ws := f.hoist(ob1, lvl), f.hoist(sb1, lvl), f.hoist(scl, lvl), f.hoist(groups, lvl), f.hoist(w, lvl)
			a, b := f.levelRange(n, l, k)
			n.callRuns, n.callLevel = true, l
			return fmt.Sprintf("gatherrow.Strided(%s[%s+%s*%s : %s+%s*%s], %s, %s+%s*%s, %d, %d, %s, %s-%s, %s, %s)",
				dst, ob, ws, a, ob, ws, b, r.buf, sb, rs, a, c, p, g, b, a, rs, nt)
		}
	}
	lvl := max(f.levelOf(ob0, sb0), -1)
	ob, sb := f.hoist(ob0, lvl), f.hoist(sb0, lvl)
	a, b := f.levelRange(n, j, k)
	n.callRuns, n.callLevel = true, j
	return fmt.Sprintf("gatherrow.Strided(%s[%s+%d*%s : %s+%d*%s], %s, %s+%d*%s, %d, %d, %s-%s, 1, 0, %s)",
		dst, ob, c, a, ob, c, b, r.buf, sb, p, a, c, p, b, a, nt)
}
