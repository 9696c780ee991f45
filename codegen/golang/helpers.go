package golang

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/internal/quote"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
)

// helpers are the small functions the kernels call; the Go compiler
// inlines the index-mode ones.
var helpers = map[string]string{
	"wrapneg": `// tcpWrapNeg reads a negative index from the end (checked before).
func tcpWrapNeg(v, s int) int {
	if v < 0 {
		return v + s
	}
	return v
}
`,
	"clip": `// tcpClip clamps v to [0, s-1] (s > 0 is checked before).
func tcpClip(v, s int) int {
	if v < 0 {
		return 0
	}
	if v >= s {
		return s - 1
	}
	return v
}
`,
	"wrap": `// tcpWrap is the floor modulo of v by s (s > 0 is checked before).
func tcpWrap(v, s int) int {
	v %= s
	if v < 0 {
		v += s
	}
	return v
}
`,
	"safe": `// tcpSafe returns v in range, else 0, so that reads under a fill guard
// stay in bounds.
func tcpSafe(v, s int) int {
	if uint(v) < uint(s) {
		return v
	}
	return 0
}
`,
	"at": `// tcpAt reads s[i], or the zero value outside s (index loads under a
// fill guard, whose coordinates may address an empty dim).
func tcpAt[T any](s []T, i int) T {
	if uint(i) < uint(len(s)) {
		return s[i]
	}
	var z T
	return z
}
`,
	"sel": `// tcpSel returns a if c, else b.
func tcpSel[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}
`,
	"touch": `// tcpTouch reads s in order, one element per step (a cache line), so that
// the prefetcher streams it before the random reads of a gather. The
// count it returns keeps the reads alive.
func tcpTouch[T comparable](s []T, step int) int {
	var z T
	n := 0
	for k := 0; k < len(s); k += step {
		if s[k] == z {
			n++
		}
	}
	return n
}
`,
	"reverse": `// tcpReverse sets dst[j] = src[len(src)-1-j] for every j of dst (a
// reversed row: src ends at the element that goes to dst[0]), eight
// elements per step with one bounds check each.
func tcpReverse[T any](dst, src []T) {
	n := len(dst)
	src = src[len(src)-n:]
	j := 0
	for ; j+8 <= n; j += 8 {
		d := dst[j : j+8 : j+8]
		s := src[n-8-j : n-j : n-j]
		d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = s[7], s[6], s[5], s[4], s[3], s[2], s[1], s[0]
	}
	for ; j < n; j++ {
		dst[j] = src[n-1-j]
	}
}
`,
	"reverse_driver": `// tcpReverse sets dst[j] = src[len(src)-1-j] for every j of dst (a
// reversed row: src ends at the element that goes to dst[0]). Rows of
// elements of a size revrow.ValidSize accepts (1, 2, 4, 8 and 16 bytes,
// and 3, 6, 12 and 24: runs of 1- to 8-byte elements as [c]T arrays, RGB
// pixels) move as bytes through revrow.Reverse (AVX2 where the CPU has
// it, else 64-bit loads with their lanes swapped in a register; src read
// from its start up if up, else from its end down; with nt,
// non-temporal stores: the caller fences); other sizes eight elements per step with
// one bounds check each. (Kernels for embedders, which use no package
// unsafe, keep that loop for every size.)
func tcpReverse[T any](dst, src []T, nt, up bool) {
	n := len(dst)
	src = src[len(src)-n:]
	var z T
	if es := int(unsafe.Sizeof(z)); n > 0 && revrow.ValidSize(es) {
		d := unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), n*es)
		s := unsafe.Slice((*byte)(unsafe.Pointer(&src[0])), n*es)
		if nt && up {
			revrow.ReverseNTUp(d, s, es)
		} else if nt {
			revrow.ReverseNT(d, s, es)
		} else if up {
			revrow.ReverseUp(d, s, es)
		} else {
			revrow.Reverse(d, s, es)
		}
		return
	}
	j := 0
	for ; j+8 <= n; j += 8 {
		d := dst[j : j+8 : j+8]
		s := src[n-8-j : n-j : n-j]
		d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = s[7], s[6], s[5], s[4], s[3], s[2], s[1], s[0]
	}
	for ; j < n; j++ {
		dst[j] = src[n-1-j]
	}
}
`,
	"reverse_rows": `// tcpReverseRows reverses each row of n elements of src into the same
// row of dst (rows that follow each other in both: a flip of the
// innermost axes only): one revrow.ReverseRows call for all of them when
// revrow.ValidSize accepts the element size (src read from the start of
// each row up if up, else from its end down; with nt, non-temporal
// stores: the caller fences), else a loop per element.
func tcpReverseRows[T any](dst, src []T, n int, nt, up bool) {
	var z T
	if es := int(unsafe.Sizeof(z)); len(dst) > 0 && n > 0 && revrow.ValidSize(es) {
		d := unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), len(dst)*es)
		s := unsafe.Slice((*byte)(unsafe.Pointer(&src[0])), len(src)*es)
		revrow.ReverseRows(d, s, es, n*es, nt, up)
		return
	}
	for r := 0; r+n <= len(dst) && n > 0; r += n {
		d, s := dst[r:r+n], src[r:r+n]
		for j := range d {
			d[j] = s[n-1-j]
		}
	}
}
`,
	"nt": `// tcpNT reports whether a result of size bytes is written with
// non-temporal stores: from revrow.NTBytes when one worker writes it, from
// revrow.NTBytesShared when tcpParallel splits it over several (there
// plain stores stay faster longer). It counts the workers as tcpSplit
// does from the output's size (tcpWorkers); tcpSplit's other bound, one
// worker per outer iteration, leaves a single worker only for an output
// of 12 MiB or more in one outer iteration, which then keeps plain stores.
func tcpNT(size int) bool {
	if tcpNTBytes > 0 {
		return size >= tcpNTBytes
	}
	if tcpWorkers(size) > 1 {
		return size >= revrow.NTBytesShared
	}
	return size >= revrow.NTBytes
}
`,
	"slab": `// tcpSlabs holds the scratch of column-block scatter-adds (a slab: see
// tcpSlabIn), one per worker at a time.
var tcpSlabs sync.Pool

// tcpSlabGet returns a scratch of at least n float32.
func tcpSlabGet(n int) *[]float32 {
	if p, ok := tcpSlabs.Get().(*[]float32); ok && cap(*p) >= n {
		*p = (*p)[:n]
		return p
	}
	s := make([]float32, n)
	return &s
}

// tcpSlabPut returns a scratch to tcpSlabs.
func tcpSlabPut(p *[]float32) { tcpSlabs.Put(p) }

// tcpSlabIn copies columns [b, b+w) of each of the rows rows of dst
// (cols long) to row r of sc, w long: a column block's destination,
// contiguous.
func tcpSlabIn(sc, dst []float32, rows, cols, b, w int) {
	for r := 0; r < rows; r++ {
		copy(sc[r*w:r*w+w], dst[r*cols+b:r*cols+b+w])
	}
}

// tcpSlabOut copies the slab sc back to its columns of dst.
func tcpSlabOut(dst, sc []float32, rows, cols, b, w int) {
	for r := 0; r < rows; r++ {
		copy(dst[r*cols+b:r*cols+b+w], sc[r*w:r*w+w])
	}
}
`,
	"ntreread": `// tcpNTReread is tcpNT for a result the kernel reads back right after
// writing it (a scatter's copy of its input, which its adds then read
// and write): from revrow.NTBytesReread, whatever the workers.
func tcpNTReread(size int) bool {
	if tcpNTBytes > 0 {
		return size >= tcpNTBytes
	}
	return size >= revrow.NTBytesReread
}
`,
	"ntrev": `// tcpNTReversed is tcpNT for a result whose elements are reversed
// within their rows, on a CPU where non-temporal stores win those once
// the output leaves a core's L2: from revrow.NTBytesReversed when one
// worker writes it, from revrow.NTBytesReversedShared when several do.
func tcpNTReversed(size int) bool {
	if tcpNTBytes > 0 {
		return size >= tcpNTBytes
	}
	if tcpWorkers(size) > 1 {
		return size >= revrow.NTBytesReversedShared
	}
	return size >= revrow.NTBytesReversed
}
`,
	"unreplaced": `// tcpMarkRows returns a bitmap of the rows of [0, rows) that an id
// picks: v in [0, rows), or v+rows for v in [-rows, 0) with wrapNeg (the
// rows a scatter that follows replaces whole).
func tcpMarkRows[I int32 | int64](ids []I, rows int, wrapNeg bool) []uint64 {
	marks := make([]uint64, (rows+63)/64)
	for _, v := range ids {
		w := int(v)
		if w < 0 && wrapNeg {
			w += rows
		}
		if uint(w) < uint(rows) {
			marks[w>>6] |= 1 << (w & 63)
		}
	}
	return marks
}

// tcpCopyUnmarked copies rows [lo, hi) of row elements from src to dst
// but the rows marks picks, each run of unpicked rows by tcpCopyRows
// (with nt, non-temporal stores: the caller fences).
func tcpCopyUnmarked[T any](dst, src []T, marks []uint64, row, lo, hi int, nt bool) {
	picked := func(r int) bool { return marks[r>>6]>>(r&63)&1 != 0 }
	for r := lo; r < hi; {
		for r < hi && picked(r) {
			if r&63 == 0 && r+64 <= hi && marks[r>>6] == ^uint64(0) {
				r += 64
				continue
			}
			r++
		}
		s := r
		for r < hi && !picked(r) {
			if r&63 == 0 && r+64 <= hi && marks[r>>6] == 0 {
				r += 64
				continue
			}
			r++
		}
		if r > s {
			tcpCopyRows(dst[s*row:r*row], src[s*row:r*row], nt)
		}
	}
}
`,
	"copyrows": `// tcpCopyRows copies src to dst (of the same length), with nt through
// revrow.CopyNT: non-temporal stores, from the end of the row down (the
// caller fences).
func tcpCopyRows[T any](dst, src []T, nt bool) {
	var z T
	es := int(unsafe.Sizeof(z))
	if !nt || len(dst) == 0 {
		tcpCopyRun(dst, src, es)
		return
	}
	src = src[:len(dst)]
	d := unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), len(dst)*es)
	s := unsafe.Slice((*byte)(unsafe.Pointer(&src[0])), len(dst)*es)
	revrow.CopyNT(d, s)
}
`,
	"copyrun": `// tcpCopyRun is copy for a run that may be long. Go's memmove writes a
// run of 1 MiB or more with non-temporal stores, which leave it out of
// the cache, whatever the size of the whole output; the kernel binary
// chooses non-temporal stores itself from the output's size, so
// tcpCopyRun copies a long run in pieces of tcpCopyPiece bytes, which
// memmove writes through the cache. (Three 1 MiB planes of an f32 image
// copied in reversed order took 0.115 ms as three copies, 0.065 ms in
// pieces, one worker on the 2-core AMD EPYC measured.) es is the size of
// an element in bytes.
func tcpCopyRun[T any](dst, src []T, es int) {
	step := tcpCopyPiece / es
	for len(dst) > step && len(src) > step {
		copy(dst[:step], src[:step])
		dst, src = dst[step:], src[step:]
	}
	copy(dst, src)
}

// tcpCopyPiece is the piece, in bytes, tcpCopyRun copies at a time: under
// the 1 MiB from which memmove stores non-temporally.
const tcpCopyPiece = 256 << 10
`,
	"fill": `// tcpFill sets every element of s to v.
func tcpFill[T any](s []T, v T) {
	for i := range s {
		s[i] = v
	}
}
`,
	"splat": `// tcpSplat sets every element of s to v without a store per element: v
// doubled by copies up to a block of 1024 elements, then that block copied
// over the rest (memmove from the L1 cache). The kernels clear a run of
// zero bytes instead (memclr).
func tcpSplat[T any](s []T, v T) {
	if len(s) == 0 {
		return
	}
	s[0] = v
	n := 1
	for n < len(s) && n < 1024 {
		n += copy(s[n:], s[:n])
	}
	for i := n; i < len(s); i += n {
		copy(s[i:], s[:n])
	}
}
`,
	"slice": `// tcpCheckSlice checks one dim of a tcp.slice as the interpreter does.
func tcpCheckSlice(d, dim, s, n, t int) error {
	if t == 0 {
		return fmt.Errorf("stride of dimension %d is 0", d)
	}
	if n < 0 {
		return fmt.Errorf("size of dimension %d is negative: %d", d, n)
	}
	if n == 0 {
		return nil
	}
	if s < 0 || s >= dim {
		return fmt.Errorf("slice out of bounds for dimension %d with size %d: start %d, size %d, stride %d reads index %d", d, dim, s, n, t, s)
	}
	at := t
	if at < 0 {
		at = -at
	}
	hi, lo := bits.Mul64(uint64(at), uint64(n-1))
	if hi != 0 || lo >= 1<<62 {
		return fmt.Errorf("slice out of bounds for dimension %d with size %d: start %d, size %d, stride %d reads past the int64 range", d, dim, s, n, t)
	}
	if last := s + t*(n-1); last < 0 || last >= dim {
		return fmt.Errorf("slice out of bounds for dimension %d with size %d: start %d, size %d, stride %d reads index %d", d, dim, s, n, t, last)
	}
	return nil
}
`,
	"count": `// tcpCount returns the element count of a shape, or the interpreter's
// error for a negative size or a count that overflows int64.
func tcpCount(dims ...int) (int, error) {
	for k, d := range dims {
		if d < 0 {
			return 0, fmt.Errorf("dynamic size %d of dim %d is negative", d, k)
		}
	}
	n := 1
	for _, d := range dims {
		if d == 0 {
			return 0, nil
		}
	}
	for _, d := range dims {
		if n > math.MaxInt64/d {
			return 0, fmt.Errorf("tensor: element count of shape %s overflows int64", strings.ReplaceAll(fmt.Sprint(dims), " ", ", "))
		}
		n *= d
	}
	return n, nil
}
`,
	"serial": `// tcpSerial runs body over [0, n) on the calling goroutine, whatever
// Workers says (a loop that two workers would slow down); a panic in
// body becomes an error (tcpRecover: with "parallel").
func tcpSerial(n int, body func(lo, hi int) error) (err error) {
	defer tcpRecover(&err)
	if n > 0 {
		return body(0, n)
	}
	return nil
}
`,
	"parallel": `// Workers is the number of goroutines a kernel splits its outer loop
// over; 0 or less means runtime.GOMAXPROCS(0). A kernel uses fewer when
// each would get less than tcpMinBytesPerWorker of output. The calling
// goroutine is one of them; the others come from a pool of goroutines
// the package starts on first need and keeps (parked when idle).
var Workers int

// tcpMinBytesPerWorker is the least output a worker gets (a variable so
// that tests can split small outputs).
var tcpMinBytesPerWorker = 1 << 16

// tcpNTBytes, when positive, is the output size from which tcpNT chooses
// non-temporal stores whatever the number of workers (tests set it).
var tcpNTBytes int

// tcpChunksPerWorker is the least number of chunks tcpParallel cuts a
// loop into per worker: the caller and the pool's workers claim them in
// order, so one that starts late or is descheduled takes fewer and does
// not hold up the call.
const tcpChunksPerWorker = 4

// tcpChunkBytes is the most output of one chunk when there are more
// than tcpChunksPerWorker per worker: a chunk of a long call takes tens
// of microseconds, so the caller's wait for the last one stays within
// tcpSpin (no park and wake-up at the end of the call), and a chunk's
// first rows, which its row prefetches do not cover, are few.
const tcpChunkBytes = 1 << 19

// tcpSpin is how long an idle pool worker polls for the next call, and
// how long a caller polls for the chunks other workers still run, before
// it parks: back-to-back calls (a model's layers, a benchmark loop) then
// start without a futex wake-up, as OpenMP's default wait policy does;
// an idle package burns no CPU past it.
const tcpSpin = 100 * time.Microsecond

// tcpJob is one call of tcpParallel: chunks of [0, n) that the caller
// and the idle workers of the pool claim in order from next.
type tcpJob struct {
	body   func(lo, hi int) error
	n      int
	chunks int
	next   atomic.Int64 // the next chunk to claim
	left   atomic.Int64 // chunks not yet finished
	done   chan struct{}
	errs   []error // per chunk
}

// run claims and runs chunks of j until none is left; whoever finishes
// the last one closes done.
func (j *tcpJob) run() {
	for {
		c := int(j.next.Add(1) - 1)
		if c >= j.chunks {
			return
		}
		j.chunk(c)
		if j.left.Add(-1) == 0 {
			close(j.done)
		}
	}
}

func (j *tcpJob) chunk(c int) {
	defer tcpRecover(&j.errs[c])
	// Stored only when set: the chunks' error slots share cache lines.
	if err := j.body(j.n*c/j.chunks, j.n*(c+1)/j.chunks); err != nil {
		j.errs[c] = err
	}
}

// tcpJobs carries offers of a call to idle pool workers (one per helper
// wanted; an offer nobody takes in time finds the job done).
var tcpJobs = make(chan *tcpJob, 256)

// tcpPool is the pool's size: the worker goroutines started so far. They
// are started on first need, up to the largest worker count a call has
// asked for (at most cap(tcpJobs)+1), and live as long as the process,
// parked when idle.
var tcpPool struct {
	mu   sync.Mutex
	size atomic.Int64
}

func tcpGrowPool(k int) {
	tcpPool.mu.Lock()
	defer tcpPool.mu.Unlock()
	for int(tcpPool.size.Load()) < k {
		tcpPool.size.Add(1)
		go tcpWorker()
	}
}

// tcpWorker runs the calls offered to it; between calls it polls for the
// next one for tcpSpin, then parks on the channel.
func tcpWorker() {
	for {
		j := <-tcpJobs
		for j != nil {
			j.run()
			j = tcpPoll()
		}
	}
}

// tcpPoll returns the next offer if one comes within tcpSpin, else nil.
// It yields the processor between polls, so it delays no runnable
// goroutine (nor the caller under GOMAXPROCS 1).
func tcpPoll() *tcpJob {
	var t0 time.Time
	for i := 0; ; i++ {
		select {
		case j := <-tcpJobs:
			return j
		default:
		}
		if i&15 == 0 {
			if i == 0 {
				t0 = time.Now()
			} else if time.Since(t0) > tcpSpin {
				return nil
			}
		}
		runtime.Gosched()
	}
}

// tcpParallel runs body over [0, n) in contiguous chunks: the caller runs
// chunks itself while up to w-1 workers of the pool join it, w being
// Workers (or GOMAXPROCS) capped so that each worker gets at least
// tcpMinBytesPerWorker of output. rowBytes is the output size of one
// step, to size the chunks. The loop is cut into tcpChunksPerWorker
// chunks per worker or more (tcpChunkBytes), claimed in order; scan, for
// a body that reads something whole per call whatever its chunk (a
// scatter's updates), cuts it into exactly w. The error of the first failing chunk is returned
// (chunks run in order inside, so it is the first error in row-major
// order). A panic in body (a Go bounds check under mode
// promise_in_bounds) becomes an error.
func tcpParallel(n, rowBytes int, body func(lo, hi int) error) error {
	return tcpSplit(n, rowBytes, false, body)
}

// tcpParallelScan is tcpParallel with one chunk per worker.
func tcpParallelScan(n, rowBytes int, body func(lo, hi int) error) error {
	return tcpSplit(n, rowBytes, true, body)
}

// tcpWorkers is the number of workers an output of size bytes gets:
// Workers (or GOMAXPROCS), fewer when each would get less than
// tcpMinBytesPerWorker.
func tcpWorkers(size int) int {
	w := Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	if m := size / tcpMinBytesPerWorker; w > m {
		w = m
	}
	return w
}

func tcpSplit(n, rowBytes int, scan bool, body func(lo, hi int) error) (err error) {
	w := tcpWorkers(n * rowBytes)
	if w > n {
		w = n
	}
	if w <= 1 {
		defer tcpRecover(&err)
		if n > 0 {
			return body(0, n)
		}
		return nil
	}
	// (No min and max builtins: the kernels compile in modules older
	// than Go 1.21 too.)
	chunks := w
	if !scan {
		chunks = n * rowBytes / tcpChunkBytes
		if c := w * tcpChunksPerWorker; chunks < c {
			chunks = c
		}
		// No chunk under half of tcpMinBytesPerWorker: each claim costs
		// the workers a shared cache line.
		if c := 2 * n * rowBytes / tcpMinBytesPerWorker; chunks > c {
			chunks = c
		}
		if chunks < w {
			chunks = w
		}
		if chunks > n {
			chunks = n
		}
	}
	j := &tcpJob{body: body, n: n, chunks: chunks, done: make(chan struct{}), errs: make([]error, chunks)}
	j.left.Store(int64(chunks))
	k := w - 1
	if k > cap(tcpJobs) {
		k = cap(tcpJobs)
	}
	if int(tcpPool.size.Load()) < k {
		tcpGrowPool(k)
	}
	for o := 1; o < w; o++ {
		select {
		case tcpJobs <- j:
		default:
		}
	}
	j.run()
	if j.left.Load() != 0 {
		t0 := time.Now()
		for i := 1; j.left.Load() != 0; i++ {
			if i&15 == 0 && time.Since(t0) > tcpSpin {
				<-j.done
				break
			}
			runtime.Gosched()
		}
	}
	for _, e := range j.errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func tcpRecover(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%v (an index broke its promise_in_bounds promise)", r)
	}
}
`,
}

// providedBy names the helpers that another helper's source also defines:
// the scatter kernels' "half" source holds its own f16/bf16 conversions
// (float32-only, for the hot loop), which compute the same bits as the
// generic ones of the float conversions (both are checked bit for bit
// against the interpreter's conversions), so a module that uses both
// emits the function once.
var providedBy = map[string]string{
	"tcpF16ToF32":  "half",
	"tcpF32ToF16":  "half",
	"tcpBF16ToF32": "half",
	"tcpF32ToBF16": "half",
}

func helperSource(used map[string]bool) string {
	var b strings.Builder
	for _, k := range sortedKeys(used) {
		if p, ok := providedBy[k]; ok && used[p] {
			continue
		}
		b.WriteString(helpers[k])
		b.WriteString("\n")
	}
	return b.String()
}

// constant emits a constant tensor as a package-level slice and returns
// its name.
func (g *gen) constant(op *ir.Operation) (string, error) {
	if n, ok := g.constNames[op]; ok {
		return n, nil
	}
	a, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok {
		return "", unsupported(op, "only dense constants")
	}
	t, err := interp.FromAttr(a)
	if err != nil {
		return "", unsupported(op, err.Error())
	}
	et, err := goElem(a.Type.Elem())
	if err != nil {
		return "", unsupported(op, err.Error())
	}
	g.nconst++
	name := fmt.Sprintf("tcpConst%d", g.nconst)
	fmt.Fprintf(&g.consts, "// %s is %s at %s.\nvar %s = []%s{", name, quote.GoComment(quote.Abbrev(a.Type.String())), quote.GoComment(quote.Abbrev(op.Loc().String())), name, et)
	for i := 0; i < int(t.NumElements()); i++ {
		if i > 0 {
			g.consts.WriteString(", ")
		}
		g.consts.WriteString(literal(a.Type.Elem(), t.Bits(i)))
	}
	g.consts.WriteString("}\n\n")
	g.constNames[op] = name
	return name, nil
}
