package golang

import (
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/tcp-project/tcp/codegen/golang/gatherrow"
	"github.com/tcp-project/tcp/ir"
)

// touchDistance is how many runs ahead a row gather touches its source
// (see touchAhead): 4 for runs of 1 KiB or more (or of dynamic length),
// shortTouchDistance for shorter ones, whose copies take less time.
const touchDistance = 4

// shortTouchDistance is the distance for static runs shorter than 1 KiB:
// on 256-byte rows (the middle-axis take and the f16 embedding) 8 ahead
// took 0.94x the time of 4 ahead (medians of interleaved A/B runs); on
// 1 KiB rows it gained less (0.97x in L3, 1.01x beyond it).
const shortTouchDistance = 8

// shortAheadDistance is how many runs ahead the kernel binary prefetches
// static runs of minPrefetchedRun to 1023 bytes (a gather_nd of rows:
// Take's own loops prefetch 16 rows of up to 512 bytes ahead too, see
// gatherrow.Ahead); a prefetch takes no load, so it can start further
// ahead than a touch. Interleaved A/B runs of tcp-run, one worker, best
// rounds: 100000 64-byte rows of a 64 MiB f64 table by [100000,2] ids
// 1.30-1.58 ms 8 ahead, 0.79-0.86 16 ahead (24: 0.78-0.84; XLA 0.74);
// 65536 128-byte rows of 32 MiB 1.10-1.22 against 0.70-0.76 (24 ahead
// 0.67-0.76, 12 ahead 0.92-1.00, but 32 ahead 3.0-3.4); 65536 256-byte
// rows of 16 MiB 1.22-1.43 against 1.03-1.11.
const shortAheadDistance = 16

// minTouchedRun is the least static run, in bytes, that touchAhead
// serves. Interleaved A/B runs of the generated kernels (CPU time, one
// worker): touching paid on 1 KiB rows and on 256-byte rows (0.83-0.90x
// the time on the middle-axis take, 0.85-0.87x on the f16 embedding),
// and cost on 64-byte rows (1.30-1.35x on short_rows, where the copy is
// a few inline moves and the extra index read and test are not free).
const minTouchedRun = 256

// maxUnaheadBytes is the largest working set, in bytes, for which the
// look ahead (touchAhead, scatterAhead) is never started: the random
// rows a call reads (or writes) and its sequential side then stay in the
// cache from one call to the next (this EPYC's L3 slice is 16 MiB), and
// the look ahead (an index read, a test and a call per run) only costs.
// The working set (see aheadCond) is the sequential buffer (a gather's
// result, a scatter's updates) plus the part of the random one that the
// runs cover, in cache lines: at most the sequential side's bytes times
// 64 / the run's bytes for runs under 64 bytes. Measured in interleaved
// A/B runs, one worker, 2-core EPYC: a take of 32-byte runs along the
// middle axis of [n,512,8] f32 took 0.62x the time without the look
// ahead at 2 MiB of source and 1 MiB of output, 0.63x at 4+2 MiB, 0.71x
// at 8+4 MiB (a working set of 12 MiB), but 1.15x at 16+8 MiB and 1.19x
// at 32+16 MiB; 256-byte gather_nd rows of a 16 MiB source took 0.43-0.50x
// the time with it for 8 MiB of output (16 MiB), 64-byte rows 1.14-1.20x
// for 2.5 MiB of output (5 MiB).
const maxUnaheadBytes = 12 << 20

// maxUnaheadBytesIntel is maxUnaheadBytes for the short rows that
// gatherrow.Take and Take2 gather, in a kernel built on an Intel CPU
// (rowsAhead): there the look ahead paid from a working set past one
// core's L2. Measured on the 2-core Intel Xeon (2 MiB of L2 per core),
// interleaved tcp-run runs, one worker, ahead 0 against Ahead's 64:
// 65536 64-byte rows of an 8 MiB table 0.348-0.351 ms against
// 0.307-0.311, 32768 of a 4 MiB one 0.160-0.165 against 0.147, a
// gather_nd of 200000 i32 elements of [1024,1024] 0.52-0.53 against
// 0.484-0.489, 100000 16-byte rows of [512,512,4] 0.289 against
// 0.280-0.282, 200000 12-byte rows of a 3.6 MB table the same (0.434
// against 0.433-0.435); 16384 rows of a 2 MiB table 0.053-0.075 against
// 0.045-0.071, within the noise.
const maxUnaheadBytesIntel = 2 << 20

// minAheadRandomIntel is the least of the table, in bytes (the lines the
// ids may cover), for which rowsAhead prefetches short rows below
// maxUnaheadBytes on an Intel CPU: a smaller table stays in the L2 next
// to the result streaming through, and the prefetch only costs. Same
// runs: 1M 2-byte u8 rows of a 200 KB table 0.62-0.72 ms against
// 0.70-0.71 with the prefetch, 200000 12-byte rows of a 600 KB table
// 0.192-0.267 against 0.196-0.198; 500000 6-byte f16 rows of a 1.2 MB
// table 0.52-0.545 against 0.486-0.503.
const minAheadRandomIntel = 1 << 20

// aheadCond decides whether a look ahead over the random buffer rnd (the
// gather's source, the scatter's destination) pays, by the working set
// of a call (see maxUnaheadBytes) with the sequential buffer seq, both of
// es-byte elements, for runs of run bytes (0: dynamic). never: it does
// not, from static sizes; else cond is "" (it does) or a test of the
// buffers' lengths bound before the loops (made once per call).
func (f *funcGen) aheadCond(rnd, seq string, es, run int) (cond string, never bool) {
	return f.aheadCondFrom(rnd, seq, es, run, maxUnaheadBytes, 0)
}

// aheadCondFrom is aheadCond with the working set's gate at limit bytes,
// and past minRandom bytes of the random side's lines the working set
// covers (0: no such gate).
func (f *funcGen) aheadCondFrom(rnd, seq string, es, run int, limit, minRandom int64) (cond string, never bool) {
	lines := int64(1)
	if run > 0 && run < 64 {
		lines = int64(64 / run)
	}
	rn, sn := f.argLen[rnd], f.resLen[seq]
	if sn == nil {
		sn = f.argLen[seq]
	}
	rc, rok := rn.constant()
	sc, sok := sn.constant()
	if rn != nil && sn != nil && rok && sok {
		covered := min(rc, lines*sc) * int64(es)
		return "", covered+sc*int64(es) <= limit || covered <= minRandom
	}
	// min(len(rnd), lines*len(seq)) + len(seq) > n, without the min
	// builtin (kernels compile as modules older than Go 1.21).
	n := limit / int64(es)
	cond = fmt.Sprintf("len(%s)+len(%s) > %d && %d*len(%s) > %d", rnd, seq, n, lines+1, seq, n)
	if minRandom > 0 {
		m := minRandom / int64(es)
		cond += fmt.Sprintf(" && len(%s) > %d && %d*len(%s) > %d", rnd, m, lines, seq, m)
	}
	return f.bind(-1, cond), false
}

// rowsAhead returns the ahead argument of a gatherrow.Take, Take2 or Put
// call over rows of rowBytes bytes of es-byte elements at random in rnd,
// the other side (seq) moving in order: gatherrow.Ahead's distance for
// rows of minAlwaysPrefetchedRun bytes or more, else only past
// aheadCond's working-set gate (0 where it never opens), which for the
// gathers (gather set) of a kernel built on an Intel CPU is
// maxUnaheadBytesIntel, with minAheadRandomIntel of the table's lines.
func (f *funcGen) rowsAhead(rnd, seq string, es, rowBytes int, gather bool) string {
	ahead := fmt.Sprintf("gatherrow.Ahead(%d)", rowBytes)
	limit, minRandom := int64(maxUnaheadBytes), int64(0)
	if gather && gatherrow.IsIntel() {
		limit, minRandom = maxUnaheadBytesIntel, minAheadRandomIntel
	}
	if rowBytes < minAlwaysPrefetchedRun {
		switch cond, never := f.aheadCondFrom(rnd, seq, es, rowBytes, limit, minRandom); {
		case never:
			ahead = "0"
		case cond != "":
			ahead = fmt.Sprintf("gatherrow.AheadIf(%s, %d)", cond, rowBytes)
		}
	}
	return ahead
}

// scatterAheadRows is how many update rows ahead scatterAhead prefetches
// a destination row (8: 0.34x the time of plain copies, 4: 0.40x, on
// 256-byte rows).
const scatterAheadRows = 8

// maxArrayRun is the largest static run, in bytes, copied as one
// fixed-size array (inline moves) instead of by copy (a memmove call).
// Random rows of a 4 MiB f32 table in the cache (in-process interleaved
// A/B, one worker): 16-byte moves took 0.77x the time of copy on 64-byte
// rows, 0.88-0.92x on 128-byte rows, 1.01-1.03x on 256-byte rows and
// 1.17-1.24x on 512- and 1024-byte rows (memmove moves 32 bytes at once).
const maxArrayRun = 128

// minAlwaysPrefetchedRun is the shortest static run, in bytes, whose
// later rows the kernel binary prefetches whatever the working set (see
// maxUnaheadBytes, which was measured with the look ahead's load): a
// prefetch costs little beside the copy of such a run and saves a wait
// whenever the rows are not in the cache, which a working set below the
// L3's size does not promise (the other core's work, other processes).
// Measured in interleaved A/B runs of tcp-run --backend=go --bench, one
// worker, the other core busy: 16384 random 256-byte rows of a 64 MB
// f32 table (8 MiB with the result) 0.35-0.42 ms against 0.74-0.92;
// 8192 512-byte rows of a 51 MB table 0.22-0.24 against 0.24-0.41; 256-byte
// rows of tables of 1 and 4 MiB and 1 KiB rows of 2 and 8 MiB the same
// within the noise. 32- and 64-byte runs of small working sets took
// 1.2-1.65x the time with the prefetch: they keep the working set's gate.
const minAlwaysPrefetchedRun = 256

// minPrefetchedRun is the static run, in bytes, under which the kernel
// binary prefetches later rows tinyAheadDistance rows ahead (and only
// past maxUnaheadBytes of working set, as every run under
// minAlwaysPrefetchedRun).
const minPrefetchedRun = 32

// tinyAheadDistance is how many rows ahead the kernel binary prefetches
// runs shorter than minPrefetchedRun: their copies take a few
// nanoseconds, so the prefetch must start further ahead. Measured with
// tcp-run, one worker, a take of 500000 random 12-byte rows (3-float
// points, i32 ids) from a 12 MB table, interleaved: 6.2-9.7 ms 16 ahead,
// 7.4-10.7 32 ahead, 9.3-15.0 with no prefetch (runs under 32 bytes had
// none before).
const tinyAheadDistance = 16

// tinyAheadBatch is how many later rows of runs under maxBatchedAheadRun
// the kernel binary prefetches at once, every tinyAheadBatch iterations,
// in one call that reads their indices (see idsAhead): a prefetch.Line
// call per row (an assembly call for a copy of a few bytes) cost more
// than the prefetch saved on a table in L3. Measured with tcp-run, a take
// of 1M 8-byte rows of an 8 MiB table by i64 ids: 4.6 ms per call with a
// call per row, 3.0 with no prefetch, 2.9 in batches of 16, 4.1 in
// batches whose positions a Go loop computed (one worker; two workers:
// 2.3, 1.5, 1.5).
const tinyAheadBatch = 16

// maxBatchedAheadRun is the static run, in bytes, under which the
// kernel binary prefetches later rows tinyAheadBatch at a time (see
// idsAhead) rather than with a call per row: measured with tcp-run, one
// worker, least of 5 interleaved runs, 262144 64-byte rows by i64 ids
// 2.2 ms against 2.9, 524288 32-byte rows 5.0 against 5.9; 100000
// 128-byte rows by i32 ids were slower batched (medians 1.7 against 1.45
// with one worker, 0.87 against 0.68 with two).
const maxBatchedAheadRun = 128

// idsAhead returns the look ahead of touchAhead for runs under
// maxBatchedAheadRun bytes in the kernel binary, or "": every
// tinyAheadBatch iterations of level l of n, one call that prefetches
// the source rows of the tinyAheadBatch iterations dist ahead, when the
// source offset so is c times one position of that level plus a base
// bound outside it. The position is read from its index table
// (prefetch.Elems) or is a raw int32 or int64 index at the loop's
// counter, wrapped or not (prefetch.IDs32, IDs64: the assembly reads,
// wraps and scales the indices itself). big is aheadCond's test of the
// working set, or "".
func (f *funcGen) idsAhead(n *nest, l int, src string, so poly, dist, es int, big string) string {
	v := n.vars[l]
	pos := ""
	for term := range so {
		for _, a := range atoms(term) {
			if a != v && f.levelOfAtoms(a) == l {
				if pos != "" && pos != a {
					return ""
				}
				pos = a
			}
		}
	}
	if pos == "" {
		return ""
	}
	cp, ok := so.coeff(pos)
	c, isC := cp.constant()
	if !ok || !isC || c <= 0 {
		return ""
	}
	rest := so.add(patom(pos).scale(-c))
	if f.levelOf(rest) >= l {
		return ""
	}
	base := f.hoist(rest, max(f.levelOf(rest), 0))
	start, hi := "0", n.sizes[l].String()
	if l == 0 {
		start, hi = "lo", "hi"
	}
	rowBytes := c * int64(es)
	var call string
	if tab, ok := f.tabled[pos]; ok {
		call = fmt.Sprintf("prefetch.Elems(unsafe.Pointer(&%s[%s]), %s[jx:e], %d)", src, base, tab, rowBytes)
	} else {
		buf, irest, et, size, ok := f.argIDs(pos, v, l)
		if !ok {
			return ""
		}
		if size == "" {
			size = "0"
		}
		fn := "IDs64"
		if et == "int32" {
			fn = "IDs32"
		}
		lo, hi := "jx", "e"
		if ib := f.hoist(irest, max(f.levelOf(irest), 0)); ib != "0" {
			lo, hi = ib+"+jx", ib+"+e"
		}
		call = fmt.Sprintf("prefetch.%s(unsafe.Pointer(&%s[%s]), %s[%s:%s], %s, %d)", fn, src, base, buf, lo, hi, size, rowBytes)
	}
	cond := fmt.Sprintf("jx < %s && uint(%s) < uint(len(%s))", hi, base, src)
	if base == "0" {
		cond = fmt.Sprintf("jx < %s && len(%s) > 0", hi, src)
	}
	if big != "" {
		cond = big + " && " + cond
	}
	return fmt.Sprintf("if (%s-%s)%%%d == 0 {\nif jx := %s + %d; %s {\ne := jx + %d\nif e > %s {\ne = %s\n}\n%s\n}\n}",
		v, start, tinyAheadBatch, v, dist, cond, tinyAheadBatch, hi, hi, call)
}

// argIDs returns how the index behind position pos, bound at loop level
// l whose counter is v, is read: a load int(buf[irest+v]) of an
// argument's int32 or int64 indices (et their Go type), taken as it is
// or through one tcpWrapNeg (wrapSize its size, else ""), irest bound
// outside level l; ok is false for anything else.
func (f *funcGen) argIDs(pos, v string, l int) (buf string, irest poly, et, wrapSize string, ok bool) {
	return f.argIDsBy(pos, v, l, 1)
}

// argIDsBy is argIDs for ids coef apart along v (a gather_nd's id of
// one component: coef of them per position).
func (f *funcGen) argIDsBy(pos, v string, l int, coef int64) (buf string, irest poly, et, wrapSize string, ok bool) {
	r, ok := f.redo[pos]
	if ok && r.fn == "tcpWrapNeg" {
		wrapSize = r.size
		r, ok = f.redo[r.arg]
	}
	if !ok || r.fn != "" || r.load != "int" {
		return "", nil, "", "", false
	}
	if k, ok := r.off.coeff(v); !ok || !k.equal(pconst(coef)) {
		return "", nil, "", "", false
	}
	irest = r.off.add(patom(v).scale(-coef))
	if f.levelOf(irest) >= l {
		return "", nil, "", "", false
	}
	for val, name := range f.args {
		if name == r.buf {
			et, _ = goElem(ir.ElementType(val.Type()))
		}
	}
	if et != "int32" && et != "int64" {
		return "", nil, "", "", false
	}
	return r.buf, irest, et, wrapSize, true
}

// redo says how an index temporary was computed, so that touchAhead can
// compute it for a later iteration: a load int(buf[off]) of an index
// tensor, or a mode function fn(arg, size) of another temporary.
type redo struct {
	buf       string
	off       poly
	load      string // the raw element's conversion to int
	fn        string
	arg, size string
}

// bindRedo binds fn(v, s) (a mode function of an index) at level l and
// records how to compute it anew.
func (f *funcGen) bindRedo(l int, fn, v, s string) string {
	t := f.bind(l, fmt.Sprintf("%s(%s, %s)", fn, v, s))
	if _, seen := f.redo[t]; !seen {
		f.redo[t] = redo{fn: fn, arg: v, size: s}
	}
	return t
}

// touchAhead returns a statement that reads the first element of the run
// that the loop at level l of n copies dist iterations later,
// from src at offset so (a polynomial over that loop's counter, index
// temporaries of the level and values bound outside it), or "" when so
// cannot be computed anew. The source of a row gather is random rows,
// which the hardware prefetcher cannot predict, and a copy waits for one
// row at a time; the load (kept alive by the touched count) starts the
// page walk and the first cache line of a later row meanwhile. The
// indices are read again through tcpAt and the offset is tested against
// len(src), so the touch never faults, whatever the indices hold; it
// changes no result. Measured on the index_select workload (1 KiB rows,
// one worker, shared 2-core machine): the ratio to a plain copy went from
// a median of 0.45 to 0.49 over six runs of BenchmarkRowGather (best
// calls 0.46 to 0.51), ~1.1x; in-process A/B runs of the generated
// kernels on sources outside the cache mostly agreed (up to 1.2x), one
// run under heavy load did not.
// prefetches reports whether touchAhead starts a later row with
// prefetch.Line (package prefetch, PREFETCHT0) rather than a load: in the
// kernel binary on amd64. A load's compare holds the loop's instructions
// back from retiring until the row arrives; a prefetch does not. Measured
// in interleaved A/B runs of tcp-run --backend=go --bench, one worker,
// shared 2-core EPYC (medians of 5 pairs, median call time): a take of
// 256-byte rows along the middle axis of [64,1024,64] f32 0.63 -> 0.48 ms,
// an f16 embedding ([100000,128] by [64,512] i32 ids) 1.00 -> 0.73 ms,
// and short rows ([262144,16] f32 by 262144 ids, which had no touch at
// all) 12.1 -> 8.3 ms.
//
// Runs under minPrefetchedRun bytes are prefetched tinyAheadDistance rows
// ahead, past maxUnaheadBytes of working set only.
func (f *funcGen) prefetches() bool {
	return f.g.driver && runtime.GOARCH == "amd64"
}

func (f *funcGen) touchAhead(n *nest, l int, src, dst string, so poly, dist, es, run int) string {
	v := n.vars[l]
	j := fmt.Sprintf("j%d", n.id)
	off, ok := f.later(n, l, so, j)
	if !ok {
		return ""
	}
	hi := n.sizes[l].String()
	if l == 0 {
		hi = "hi"
	}
	// A working set that stays in the cache between calls gains nothing
	// from a look ahead (see maxUnaheadBytes), except the prefetch of
	// long runs (see minAlwaysPrefetchedRun).
	cond := fmt.Sprintf("%s < %s", j, hi)
	big := ""
	if !f.prefetches() || run < minAlwaysPrefetchedRun {
		b, never := f.aheadCond(src, dst, es, run)
		if never {
			return ""
		}
		if big = b; big != "" {
			cond = big + " && " + cond
		}
	}
	n.touch = true
	if f.prefetches() && run > 0 && run < maxBatchedAheadRun {
		if t := f.idsAhead(n, l, src, so, dist, es, big); t != "" {
			return t
		}
	}
	if f.prefetches() {
		return fmt.Sprintf("if %s := %s + %d; %s {\nif p := %s; uint(p) < uint(len(%s)) {\nprefetch.Line(unsafe.Pointer(&%s[p]))\n}\n}",
			j, v, dist, cond, off, src, src)
	}
	return fmt.Sprintf("if %s := %s + %d; %s {\nif p := %s; uint(p) < uint(len(%s)) && %s[p] == 0 {\ntouched++\n}\n}",
		j, v, dist, cond, off, src, src)
}

// elemsAheadBlock and elemsAheadDistance: elemsAhead prefetches, every
// elemsAheadBlock iterations, the elements of the block that starts
// elemsAheadDistance iterations later.
const (
	elemsAheadBlock    = 16
	elemsAheadDistance = 64
)

// elemsAhead returns the statement, at level 0 of a flat nest n whose
// loop reads one es-byte element of src per iteration at offset so,
// computed from indices (a gather_nd of whole elements), that every
// elemsAheadBlock iterations prefetches the elements of the block
// elemsAheadDistance iterations later: their offsets computed anew from
// the indices (later) into a buffer (n.pfBuf, declared before the loop),
// then one prefetch.Elems call for all of them; "" when the offset
// cannot be computed anew or the working set stays in the cache
// (aheadCond, each element a line of src). A prefetch of every element
// one call each, 16 ahead, took 7.2-8.4 ms with one worker on 1M
// elements of a 16 MiB f32 table by [1M,2] i64 ids; a block of 16, 16
// ahead 6.0-7.1, 48 ahead 4.8-7.3, 96 ahead 4.9-7.9 (XLA: 5.7), with
// no prefetch 11-13.5.
func (f *funcGen) elemsAhead(n *nest, src, dst string, so poly, es int) string {
	v := n.vars[0]
	j := fmt.Sprintf("j%d", n.id)
	off, ok := f.later(n, 0, so, j)
	if !ok {
		return ""
	}
	cond := ""
	if big, never := f.aheadCond(src, dst, es, es); never {
		return ""
	} else if big != "" {
		cond = big + " && "
	}
	buf, k := fmt.Sprintf("pf%d", n.id), fmt.Sprintf("pk%d", n.id)
	n.pfBuf = buf
	return fmt.Sprintf("if %s(%s-lo)&%d == 0 && len(%s) > 0 {\n%s := 0\nfor %s := %s + %d; %s < %s+%d && %s < hi; %s++ {\n%s[%s] = %s\n%s++\n}\nprefetch.Elems(unsafe.Pointer(&%s[0]), %s[:%s], %d)\n}",
		cond, v, elemsAheadBlock-1, src, k, j, v, elemsAheadDistance, j, v, elemsAheadDistance+elemsAheadBlock, j, j, buf, k, off, k, src, buf, k, es)
}

// later prints p (a polynomial over the counter of level l of n, index
// temporaries of that level and values bound outside it) as it is at
// iteration j of that loop, the index temporaries computed anew from the
// indices (read through tcpAt, so any j is safe) or read from their index
// tables (see indexTables: the caller tests j against the loop's size);
// false when one cannot be.
func (f *funcGen) later(n *nest, l int, p poly, j string) (string, bool) {
	v := n.vars[l]
	var expr func(a string, depth int) (string, bool)
	expr = func(a string, depth int) (string, bool) {
		if a == v {
			return j, true
		}
		if f.levelOfAtoms(a) < l {
			return a, true
		}
		if row, ok := f.tabled[a]; ok && f.levelOfAtoms(a) == l {
			// Its index table, at an iteration the caller tests to be
			// below the loop's size (the table's length).
			return fmt.Sprintf("%s[%s]", row, j), true
		}
		r, ok := f.redo[a]
		if !ok || depth > 8 {
			return "", false
		}
		if r.fn != "" {
			x, ok := expr(r.arg, depth+1)
			return fmt.Sprintf("%s(%s, %s)", r.fn, x, r.size), ok
		}
		off, ok := f.substitute(r.off, func(b string) (string, bool) { return expr(b, depth+1) })
		f.g.used["at"] = true
		return fmt.Sprintf("%s(tcpAt(%s, %s))", r.load, r.buf, off), ok
	}
	return f.substitute(p, func(a string) (string, bool) { return expr(a, 0) })
}

// scatterAhead returns a statement for the loop at level l of a scatter
// nest n (which runs from 0 to its size) that prefetches the first line
// of the destination row that iteration dist later writes: dOff is the
// row's offset in dst, c0 its first coordinate (split, when lo and hi
// bound the worker's rows, so that a worker prefetches only rows it
// writes). "" when the offset cannot be computed anew, or when the
// working set with the updates upd (runs of run bytes, 0: dynamic) stays
// in the cache (aheadCond). Measured on ScatterND replacing 65536 random 256-byte rows of
// a [262144,64] f32 table (in-process A/B, one worker): 0.34-0.40x the
// time of the plain copies 4 or 8 rows ahead (PREFETCHW, for writing,
// did worse: 0.45-0.54x).
func (f *funcGen) scatterAhead(n *nest, l int, dst, upd string, dOff, c0 poly, split bool, dist, es, run int) string {
	if !f.prefetches() {
		return ""
	}
	j := fmt.Sprintf("j%d", n.id)
	off, ok := f.later(n, l, dOff, j)
	if !ok {
		return ""
	}
	first := ""
	if split {
		if first, ok = f.later(n, l, c0, j); !ok {
			return ""
		}
	}
	cond := fmt.Sprintf("%s < %s", j, n.sizes[l])
	if big, never := f.aheadCond(dst, upd, es, run); never {
		return ""
	} else if big != "" {
		cond = big + " && " + cond
	}
	if w := f.warm[dst]; w != "" {
		cond = "!" + w + " && " + cond
	}
	pf := fmt.Sprintf("if p := %s; uint(p) < uint(len(%s)) {\nprefetch.Line(unsafe.Pointer(&%s[p]))\n}", off, dst, dst)
	if split {
		pf = fmt.Sprintf("if q := %s; q >= lo && q < hi {\n%s\n}", first, pf)
	}
	return fmt.Sprintf("if %s := %s + %d; %s {\n%s\n}", j, n.vars[l], dist, cond, pf)
}

// substitute prints p as a Go int expression with each atom a replaced
// by sub(a).
func (f *funcGen) substitute(p poly, sub func(a string) (string, bool)) (string, bool) {
	terms := make([]string, 0, len(p))
	for term := range p {
		terms = append(terms, term)
	}
	sort.Strings(terms)
	var parts []string
	for _, term := range terms {
		var factors []string
		if c := p[term]; c != 1 || term == "" {
			factors = append(factors, fmt.Sprint(c))
		}
		for _, a := range atoms(term) {
			x, ok := sub(a)
			if !ok {
				return "", false
			}
			if !primary(x) {
				x = "(" + x + ")"
			}
			factors = append(factors, x)
		}
		parts = append(parts, strings.Join(factors, "*"))
	}
	if len(parts) == 0 {
		return "0", true
	}
	return strings.Join(parts, " + "), true
}

// primary reports whether x, a Go expression, is a name or a call (needs
// no parentheses as a factor).
func primary(x string) bool {
	i := strings.IndexByte(x, '(')
	if i < 0 {
		return !strings.ContainsAny(x, " +-*")
	}
	if strings.ContainsAny(x[:i], " +-*") {
		return false
	}
	depth := 0
	for k := i; k < len(x); k++ {
		switch x[k] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 && k != len(x)-1 {
				return false
			}
		}
	}
	return true
}

// indexTables moves the index reads of level l of n out of the nest when
// they do not depend on the loops outside it: a column gather (axis 1 of
// [m,n]) or a take along a middle axis reads the same indices for every
// outer row, and each read is a load, a widening and a mode function
// (wrap_negative: a test and an add). Each index temporary t of level l
// that off (the source offset) uses, and that is computed from level l's
// counter and values bound before the loops only, is then computed once
// per call into a table of level l's size (before the workers start),
// and the nest reads t := table[i] instead: one load of an int. The
// table reads the indices at the positions the loop reads them, so it
// faults where the loop would and nowhere else; its values are the
// loop's, so the result is unchanged. Measured (one worker, interleaved
// A/B of the kernels' loops): a column gather of [2048,2048] f32 by 512
// ids took 0.65x the time, a take of 32-byte runs along the middle axis
// of [256,512,8] f32 0.8x.
func (f *funcGen) indexTables(n *nest, l int, off poly) {
	if l < 1 || l >= len(n.vars) || fewRowsOfIds(n, l) {
		return
	}
	v := n.vars[l]
	var expr func(a string, depth int) (string, bool)
	expr = func(a string, depth int) (string, bool) {
		if a == v {
			return "j", true
		}
		if _, isLoop := f.level[a]; !isLoop {
			return a, true
		}
		r, ok := f.redo[a]
		if !ok || depth > 8 || f.levelOfAtoms(a) != l {
			return "", false
		}
		if r.fn != "" {
			x, ok := expr(r.arg, depth+1)
			return fmt.Sprintf("%s(%s, %s)", r.fn, x, r.size), ok
		}
		o, ok := f.substitute(r.off, func(b string) (string, bool) { return expr(b, depth+1) })
		return fmt.Sprintf("%s(%s[%s])", r.load, r.buf, o), ok
	}
	size := n.sizes[l]
	var done []string
	for term := range off {
		for _, a := range atoms(term) {
			if a == v || f.levelOfAtoms(a) != l || slices.Contains(done, a) {
				continue
			}
			if _, ok := f.redo[a]; !ok {
				continue
			}
			e, ok := expr(a, 0)
			if !ok || !strings.Contains(e, "[") {
				continue
			}
			done = append(done, a)
			prefix := a + " := "
			at := slices.IndexFunc(n.lets[l].stmts, func(s string) bool { return strings.HasPrefix(s, prefix) })
			if at < 0 {
				continue
			}
			tab := f.temp()
			f.top().stmts = append(f.top().stmts, fmt.Sprintf("%s := make([]int, %s)\nfor j := range %s {\n%s[j] = %s\n}", tab, size, tab, tab, e))
			row := f.bind(max(l-1, f.levelOf(size)), fmt.Sprintf("%s[:%s]", tab, size))
			n.lets[l].stmts[at] = fmt.Sprintf("%s%s[%s]", prefix, row, v)
			f.tabled[a] = row
			f.tableOf[a] = tab
			if sp, ok := f.sparse[a]; ok && sp.level == l-1 && n.out != "" {
				if t := f.sparseAhead(n, sp, row, n.out); t != "" {
					n.lets[l-1].stmts = append(n.lets[l-1].stmts, t)
				}
			}
		}
	}
}

// fewRowsOfIds reports whether level l of n reads its indices in rows
// too few and too long for indexTables: a static level l of
// minDirectIDs or more, under at most maxDirectRows outer rows (a take
// along axis 1 of [3,1000000] by 100000 ids). The table costs a pass
// over the indices, an int of memory per index (allocated per call) and,
// for the gathers, a narrowed copy, which those few rows' wraps do not
// repay: the rows read the indices themselves (noteElemGather's
// gathers, gatherrow.Row per row). Measured with tcp-run, one worker,
// least of 5 interleaved runs on the 2-core Intel Xeon, takes along
// axis 1 of f32 by i64 ids, rows read directly against the tables:
// [3,1000000] by 100000 ids 0.62 against 0.80 ms, [8,1000000] by 100000
// 1.58 against 1.76, [16,250000] by 50000 0.90 against 1.01, [64,100000]
// by 10000 0.83 against 0.85, [4,65536] f16 by 8192 i32 ids 0.019
// against 0.035, [32,65536] f16 by 8192 i32 0.206 against 0.225; and
// the tables won for more rows: [128,32768] by 8192 i32 ids 0.89
// against 1.00, [256,16384] by 4096 0.82 against 0.98.
func fewRowsOfIds(n *nest, l int) bool {
	c, ok := n.sizes[l].constant()
	if !ok || c < minDirectIDs {
		return false
	}
	r, ok := product(n.sizes[:l]).constant()
	return ok && r <= maxDirectRows
}

const (
	minDirectIDs  = 4096
	maxDirectRows = 64
)

// shortRowsAheadArg returns the ahead argument of a gatherrow.ShortRows
// call over index rows of c ids of e, from the rows of buf into out:
// shortRowsAhead's distance (the ids of the row about
// shortRowsAheadLines ids ahead) for static source rows of
// minShortRowsAheadSource bytes or more past aheadCond's working-set
// gate, else "0". Measured on the 2-core Intel Xeon (5 of each
// 1000-float row of 262 MB, one worker): 0.869 ms 12 rows ahead against
// 0.875 with no prefetch; on the AMD EPYC the loop without it had taken
// 3x the time.
func (f *funcGen) shortRowsAheadArg(buf, out string, e elemGather, c int64, es int) string {
	if !f.prefetches() {
		return "0"
	}
	if s, ok := e.size.constant(); !ok || s*int64(es) < minShortRowsAheadSource {
		return "0"
	}
	d := max(2, shortRowsAheadLines/c)
	big, never := f.aheadCond(buf, out, es, es)
	switch {
	case never:
		return "0"
	case big == "":
		return fmt.Sprint(d)
	}
	f.g.used["sel"] = true
	return fmt.Sprintf("tcpSel(%s, %d, 0)", big, d)
}

// minShortRowsAheadSource is the shortest static source row, in bytes,
// for which shortRowsAhead prefetches: a few ids in a row of a line or
// two read lines the hardware prefetcher already streams in (the rows
// follow each other).
const minShortRowsAheadSource = 256

// shortRowsAheadLines is about the number of lines shortRowsAhead keeps
// in flight: it prefetches the elements of the index row that many ids
// ahead, in rows (at least two).
const shortRowsAheadLines = 64

// shortRowsAhead returns the statement, at level nl-2 of result nest n,
// that prefetches the elements a later iteration reads when the
// innermost loop gathers a few elements (fewer than minGatherRow: not a
// gatherrow call) from each source row by a row of an argument's int32
// or int64 ids (a GatherElements of the top k of each long row, an
// element gather along the last axis), of rows that follow each other
// in the source, the ids and the result; "" otherwise, or where the
// working set stays in the cache (aheadCond). The ids of the row about
// shortRowsAheadLines ids ahead go to one prefetch.IDs64 or IDs32 call
// (wrapped when negative ids count from the end; an id out of range
// prefetches a line at worst and its row's check fails as before).
// Without it the loads of each row waited on DRAM in turn: 5 f32 of
// each 4000-byte row of a 262 MB table (65536 rows) took 3.0-3.5 ms
// with one worker and 1.3-2.1 with two, 1.0-1.4 and 0.56-0.73 in the
// quicker runs of a hand-patched kernel prefetching 8 rows ahead.
func (f *funcGen) shortRowsAhead(r ref, n *nest, et, dst string) string {
	nl := len(n.vars)
	if !f.prefetches() || nl < 2 || len(r.guards) != 0 || len(r.dconv) != 0 || r.conv != nil || r.val != "" || r.buf == "" {
		return ""
	}
	l := nl - 1
	c, static := n.sizes[l].constant()
	if !static || c < 1 || c >= minGatherRow {
		return ""
	}
	es := elemSize(et)
	for _, term := range positions(r.off) {
		e, ok := f.egather[term]
		if !ok || e.flat || e.idxBuf == "" {
			continue
		}
		if one, ok := r.off.coeff(term); !ok || !one.equal(pconst(1)) {
			return ""
		}
		if cj, ok := r.off.coeff(n.vars[l]); !ok || len(cj) > 0 {
			return ""
		}
		if s, ok := e.size.constant(); ok && s*int64(es) < minShortRowsAheadSource {
			return ""
		}
		rs, ok1 := f.rowStart(n, l-1, r.buf, r.off.add(patom(term).scale(-1)), e.size)
		ri, ok2 := f.rowStart(n, l-1, e.idxBuf, e.idxOff, n.sizes[l])
		if !ok1 || !ok2 {
			return ""
		}
		cond := ""
		if big, never := f.aheadCond(r.buf, dst, es, es); never {
			return ""
		} else if big != "" {
			cond = big + " && "
		}
		d := max(2, shortRowsAheadLines/c)
		j := fmt.Sprintf("j%d", n.id)
		_, b := f.levelRange(n, l-1, nl)
		sb, ib, w, s := f.ready(rs), f.ready(ri), f.ready(n.sizes[l]), f.ready(e.size)
		wrap := "0"
		if e.wrap {
			wrap = s
		}
		fn := "IDs32"
		if e.idx64 {
			fn = "IDs64"
		}
		// base + j*step, without a zero base.
		at := func(base, step string) string {
			if base == "0" {
				return fmt.Sprintf("%s*%s", j, step)
			}
			return fmt.Sprintf("%s+%s*%s", base, j, step)
		}
		v := n.vars[l-1]
		return fmt.Sprintf("if %s := %s + %d; %s%s < %s {\nif p := %s; uint(p) < uint(len(%s)) {\nprefetch.%s(unsafe.Pointer(&%s[p]), %s[%s : %s+%s], %s, %d)\n}\n}",
			j, v, d, cond, j, b, at(sb, s), r.buf, fn, r.buf, e.idxBuf, at(ib, w), at(ib, w), w, wrap, es)
	}
	return ""
}
