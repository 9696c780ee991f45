// Package golang emits Go source for tcp functions: one exported kernel
// per func.func that computes its results with fused loops, at memory
// speed, and proves it equal to the interpreter in its tests.
//
//	tcp-translate --mlir-to-go [--go-package=NAME] in.mlir -o kernels.go
//	src, err := golang.Emit(module, golang.Options{Package: "kernels"})
//	tcp-run --backend=go f.mlir x.npy idx.npy [--bench N] [--workers W] [--in-place]
//
// # Calling convention
//
// For func.func @index_select(%x: tensor<?x256xf32>, %i: tensor<?xi64>)
// -> tensor<?x256xf32> the output has
//
//	func IndexSelect(r0 []float32, a0 []float32, a0d0 int, a1 []int64, a1d0 int) error
//	func IndexSelectDims(a0d0 int, a1d0 int) ([][]int, error)
//
// Destinations come first and are allocated by the caller (the sizes are
// what the Dims function returns); each tensor argument is a typed slice
// followed by one int per dynamic dim; integer and index scalars are ints.
// Element types map to bool (i1), intN, uintN, float32, float64, uint16
// (f16 and bf16 bit patterns) and int64 (index); index tensors stay i32 or
// i64 and are read without conversion passes. The error result reports
// what the interpreter reports at run time: out-of-range indices under
// modes error and wrap_negative (same message text), bad slices, dynamic
// shape mismatches.
//
// The Go name of @f is quote.GoIdent(f): a lowercase snake_case symbol
// becomes CamelCase (index_select -> IndexSelect), any other "X_" and its
// bytes (letters and digits kept, every other byte "_XX": @"a.b" ->
// X_a_2Eb, @"" -> X_; one longer than 64 bytes is Y_<k> instead, k
// counting them in the file). The mapping is injective, so no symbol name can
// add code or break the file; a kernel whose name or Dims name meets
// another's (@f_dims next to @f) or Workers is a located error. Names,
// locations and file names reach comments only as quote.GoComment text
// (one line, printable ASCII) and strings only as Go literals.
//
// # Fusion
//
// The emitter composes every value of a function down to the function's
// arguments and constants (ops.go): tensor.expand_shape,
// tensor.collapse_shape, tensor.cast, tcp.broadcast_to and tcp.slice only
// rewrite coordinates, tcp.gather and tcp.gather_nd read their indices at
// the output coordinates and substitute the resolved index (so a gather of
// a gather composes indices). Nothing but the results is written: a
// broadcast or reshape is never materialized. Before that, flatTakes
// (flatten.go) rewrites a copy of the function: a take by N-d ids
// becomes a take by the ids collapsed over their dims, expanded back (a
// lookup table applied to an image is one loop, not three), and an
// element scatter with two or more dims after its dim has them collapsed
// (so the workers split the long dim by columns), and in the kernel
// binary a slice reversing its last two or more dims whole has them
// merged (one reversed run); the result's nest writes an expanded
// gather's, scatter's or slice's bytes directly, and a
// collapse_shape of an argument is read at its own offset. Offsets are
// polynomials over loop counters and shape parameters (poly.go); each
// subexpression is computed at the outermost loop where its operands are
// available, static shapes fold into constants, and the longest suffix of
// loops over which the source advances exactly like the destination
// becomes one copy (a row
// gather such as the index_select recipe of docs/semantics.md §5.1 copies whole
// rows; a static row of up to 128 bytes is copied as fixed-size arrays of
// at most 16 bytes: inline load/store pairs, with no memmove call and no
// length dispatch per row: 0.77x the time of copy on 64-byte rows, 0.9x
// on 128-byte rows; memmove's wider moves win from 256 bytes). Loops
// follow the destination's row-major order, so writes are sequential. The
// innermost loop ranges over a destination row and reads index rows and
// source rows (also reversed ones) through slices bound outside it, so the
// compiler drops their bounds checks. A reversed row with nothing else per
// element (a Slice with a negative innermost step: flip, x[::-1],
// stablehlo.reverse, alone or after a gather or broadcast) is one
// tcpReverse call per row: in the kernel binary, rows of 1-, 2-, 4- and
// 8-byte elements go to package revrow (codegen/golang/revrow, built into
// the binary like hugemem), AVX2 VPSHUFB+VPERMQ on 32-byte blocks where
// the CPU has it, and 64-bit loads with their lanes swapped in a register
// (BSWAP, rotates) for the tails, elsewhere and with -tags purego
// (revrow's tests compare the two; TestReversedRowsRevrow compares the
// kernels with the interpreter for every element type and row length
// 0..140). Byte rows reversed so run 4x faster than element by element
// ([64,512,512] i8 flipped on its last two axes: 1.4 ms, was 5.7 ms,
// one thread). A flip of an outer axis over short static rows of 2, 4, 8
// or 16 bytes (an RGBA pixel, a pair of floats) or of 3, 6, 12 or 24
// bytes (an RGB pixel of 1-, 2-, 4- or 8-byte channels) reverses each row
// of them as one tcpReverse call with the short rows as its elements
// (reversedRuns; revrow takes 16-byte elements, and moves 3- to 24-byte
// ones in 48-byte groups, three VPSHUFB per 16-byte output vector).
// Consecutive flipped axes above the short rows are one call together:
// an image flipped on height and width is one reversal of its pixels
// ([1024,64,64,3] u8 flipped on axes 1 and 2: 1.05 ms, was 9.7 ms with
// 3-byte array copies per pixel, one thread). When the reversed rows
// follow each other in both the output and the source (a flip of the
// innermost axes only: an image flipped on its width; or whole images
// flipped on both axes), a worker's rows are one tcpReverseRows call
// (revrow.ReverseRows: one assembly loop over all the rows for 3- to
// 24-byte runs), not a call per row ([256,64,64,3] u8 flipped on axis 2:
// 0.13 ms, was 0.37 ms with a call per 192-byte row); so are whole
// reversed rows of single elements that follow each other (a flip of the
// innermost axis only: [64,3,224,224] u8 flipped on axis 3, 0.58-0.81
// ms, was 1.22-1.84 ms with a call per 224-byte row). Rows reversed in
// ascending source order read their source upwards (revrow.ReverseUp,
// ReverseNTUp), one ascending stream for the prefetcher; so do the rows
// of one tcpReverseRows call when an outer flipped axis makes the calls
// descend (axes 0, 2 and 4 of [16,16,16,16,16] f32: 0.26-0.34 ms, was
// 2.0-2.3 ms reading each 64-byte row down, a call per row). Whole rows copied in
// descending source order (a flip of an outer axis, no index read) are
// tcpCopyRows calls. From revrow.NTBytes
// (12 MiB) of output on with one worker, and from revrow.NTBytesShared
// (28 MiB) with several (tcpNT), both write with non-temporal stores
// (revrow.ReverseNT, revrow.CopyNT, one SFENCE per worker): the output and
// its source no longer stay in the L3 between calls, and skipping the
// read of each destination line moved [8192,1024] f32 rows flipped on
// axis 0 1.6x faster (3.2 ms to 2.0 ms, one thread). Two workers fetch
// the destination lines fast enough for plain stores to win up to about
// 24 MiB: [2048,2048] f32 flipped on both axes took 0.33-0.50 ms with
// plain stores, 0.60-0.61 ms with non-temporal ones (on the AMD EPYC
// measured). On Intel CPUs reversed elements (tcpReverse, tcpReverseRows)
// take non-temporal stores once the output leaves a core's L2, from
// revrow.NTBytesReversed (1.5 MiB) with one worker and
// NTBytesReversedShared (1.875 MiB) with several (tcpNTReversed): the
// same flip took 0.47-0.51 ms with them against 0.58-0.61 with plain
// stores, flips of the innermost axis of 14 to 25 MB 1.2-1.3x less time,
// and a 2 MB 1-d flip 0.100 ms against 0.140, while rows copied in
// reversed order keep tcpNT (axis 0 of [3000,1500] f32: 0.64 ms either
// way); CopyNT copies each
// row from its end down, so that the source is one descending stream, and
// a reversed row is read from its end down when the source rows descend
// (revrow.ReverseNT: a flip of the innermost and an outer axis) and from
// its start up when they ascend (revrow.ReverseNTUp: the innermost axis
// only; reading a 1 KiB row down while the rows went up cost 2.5-3x on
// [64,256,512] i16). Any run that may be 1 MiB or longer is a
// tcpCopyRows call too (tcpCopyRun for embedders): Go's memmove stores
// such a run non-temporally whatever the output's size, so below tcpNT's
// size the run is copied in 256 KiB pieces through the cache (three
// 1 MiB f32 planes in reversed order: 0.065 ms, was 0.115 ms). A nest of
// fewer than 64 such rows cuts them into pieces that the workers split
// by bytes, not rows (runPieces: the three planes took 0.039 ms with two
// workers, not the 2:1 split's 0.044).
// Kernels for embedders, which use no package unsafe, keep copy and the
// loop of eight elements per step. A source row that an element gather
// reads densely is first touched once per cache line, in order, so that the
// hardware prefetcher streams it before the random reads, except, in a
// loop, rows of 512 bytes or less that follow each other in memory, which
// the prefetcher streams untouched (shortStream; the touch cost 8-10%
// there). A run of 256
// bytes or more (or of dynamic length) copied from a row chosen by
// indices (a row gather) also reads the first element of the row it will
// copy 4 iterations later (8 for static runs under 1 KiB), its position
// recomputed from the indices (through tcpAt, and tested against the
// source's length, so the read never faults and changes no result): the
// page walk and first cache line of a later random row are then in
// flight during the current copy (BenchmarkRowGather measures the ratio
// to a plain copy). It does so only when a call's working set (the
// result plus the source lines its runs cover) exceeds 12 MiB
// (maxUnaheadBytes; a test of the lengths made once per call when one is
// dynamic): a smaller one stays in the cache from one call to the next,
// and the look ahead only costs (0.62-0.71x the time without it on
// 32-byte runs of a middle-axis take). Short runs whose
// position takes two index reads (gather_nd) and runs under 256 bytes are
// not touched: there the extra work cost more than it saved (ahead.go has
// the measurements). In the kernel binary on amd64 the later row is
// prefetched instead (one call of prefetch.Line, PREFETCHT0, package
// codegen/golang/prefetch built into the binary): it does not hold the
// loop back until the row arrives, short rows and gather_nd rows are
// prefetched too (rows under 32 bytes 16 rows ahead: tinyAheadDistance;
// rows under 128 bytes 16 at a time, by one prefetch.IDs64, IDs32 or
// Elems call that reads their ids or index table: idsAhead; a plain
// take's rows are gatherrow.Take's, below), and runs of 256 bytes or more are
// prefetched whatever the working set (minAlwaysPrefetchedRun: a cached
// row costs the prefetch little, an evicted one a whole wait). A column
// gather whose index row of at most 128 positions reads its source rows
// sparsely (fewer than one element per 16) prefetches, 4 rows ahead, the
// positions of its index table in that later row with one prefetch.Elems
// call (sparseAhead). An element gather along a middle axis (index rows
// that pick elements of one block of source rows, in an order no
// hardware prefetcher follows) prefetches, in each index row, its share
// of the block the next iteration of the loop above reads (blockShare:
// 0.31x the time on GatherElements along axis 1 of [128,512,64] f32),
// for blocks of at most 512 KiB read at least once per line. Such a
// column gather's index rows, when they follow each other in the result
// and the indices, are one gatherrow.ColsRows call (colsRowsCall: no call
// per row, the look ahead inside it; 0.65x the time on 32-position rows
// of f16), else a gatherrow.Cols call per row (and a prefetch.Span of its
// share: nextBlockAhead). A loop over ids that copies, per id, a static row
// into the next row of the result (an index_select, an embedding lookup,
// a take along a middle axis), with nothing else in the loop but the id's
// read, wrap and check, is one call of gatherrow.Take for a worker's part
// of the ids (takeCall): an assembly loop that wraps and tests each id,
// prefetches a later row (gatherrow.Ahead rows on; for rows under 256
// bytes only past maxUnaheadBytes of working set) and copies the row with
// the moves of its size class (two overlapping moves for rows under 128
// bytes, 128 and 32 bytes at a time beyond), with no memmove, prefetch
// call or bounds check per row; the first bad id's position comes back
// for the interpreter's error. A gather_nd by two components whose rows
// are static and under 128 bytes (pixels of an image, whole elements of
// a matrix) is one call of gatherrow.Take2 (take2Call, take2Elems): the
// same loop over pairs of ids, and gatherrow.Bad2 names the bad id of
// the first bad pair, as the loop's checks in order would; static rows
// of gatherrow.MinNTRow bytes or more are one call of gatherrow.Take2NT
// (a row copy per assembly call after a prefetch, non-temporal for rows
// of whole lines once the result leaves the cache).
// Index reads that do not depend on
// the loops outside their own (a column gather, a take along a middle or
// last axis: the same ids for every outer row) are computed once per
// call, wrapped and widened, into a table of ints that the nest reads
// instead (indexTables; 0.65x the time of a column gather): the kernel's
// only allocation besides scatter buffers, at most one int per index.
// When such a table picks elements of a source row of at most
// gatherrow.PermRow (128) bytes and the loop does nothing else (a take
// along the last axis), the rows are one gatherrow.Permute call for the
// enclosing loop (permCall): the table becomes, once per call, the byte
// controls of an AVX-512 VBMI shuffle (gatherrow.NewPerm), and each row
// is one masked load and one VPERMI2B and store per 64 output bytes. A
// run whose elements are all one value (a broadcast of a splat constant
// or of one element per row) is filled at once: clear (memclr) when the
// value's bits are zero, else tcpSplat's block copies, never a load and a
// store per element. A strided slice whose innermost step is a constant
// jump over short groups (x[:, ::2], every third channel, an RGB image
// halved in both axes: groups of at most 16 bytes, at least four to a
// 128-byte load) is one gatherrow.Strided call for a worker's part of its
// rows (stridedRuns): per step, one masked 128-byte load and a VPERMI2B
// byte shuffle and store per 64 output bytes, not a load and a store per
// element (a [1080,1920,3] u8 image halved: 0.068 against 0.641 ms with
// one worker). So is one over wider groups, 16 to 512 bytes (every third
// row of 64 bytes, a crop of each row): one AVX2 loop of 16- and 32-byte
// moves per group, not an array copy or a memmove call per group (every
// third 64-byte row of [100000,8] f64: 0.044 against 0.080 ms).
//
// An element gather (GatherElements, torch.gather, take_along_axis, a
// column gather by a broadcast id vector: every element of the result
// reads its own id) whose ids are a raw row of an argument and whose
// innermost loop does nothing else is, in the kernel binary, one call per
// index row of package gatherrow (built into the binary like rowadd):
// gatherrow.Row when the gathered dim is the last (the row of the input
// the loop reads, touched first only when over 1 KiB and the working set
// leaves the cache, see gatherTouch; index rows of fewer than 64
// ids are gatherrow.Rows (a multiple of eight ids, read densely) or
// gatherrow.ShortRows calls (any other: a GatherElements of the top k of
// each row), which prefetch, when the source rows are 256 bytes or
// longer and the working set leaves the cache, the elements the index
// row about 64 ids ahead picks (shortRowsAheadArg; the Go loop, where
// the rows do not follow each other, the same: shortRowsAhead); a
// rank-1 gather, x[ids], is one call per worker over
// its part of the ids), gatherrow.Cols when it is an
// outer one (position k of the index row reads column k of the row its id
// picks); index rows that follow each other, untouched, are one
// gatherrow.Rows call for a worker's part of them (rowsCall). On amd64
// with AVX2, eight ids per step are wrapped and
// range-tested at once, and the elements read one at a time (Row, and 1-
// and 2-byte Cols) or by hardware gathers (4- and 8-byte Cols); the Go
// loop takes the rest and returns the
// exact position of a bad id for the interpreter's error
// (TestElementGatherRows; emit_gatherrow.go has the conditions). Inline
// index checks of mode wrap_negative are a branch-free wrap and one
// unsigned test of the result, which also removes the read's bounds
// check.
//
// # Modes and safety
//
// Index modes are inlined (tcpWrapNeg, tcpClip, tcpWrap, tcpSafe). The
// checks the interpreter makes per op run first, in op order, over the
// indices (through views, so a broadcast index is checked once per
// value); the loops then read without further tests. A returned gather
// whose indices are an argument checks them inside its own loop instead
// (one read of the indices; the first error in row-major order wins
// across workers), when no later op could fail first. Under mode fill an
// out-of-range index is a guard on the element (or the whole copied run),
// and reads under the guard use a clamped position, so they stay in the
// buffers. Under promise_in_bounds the kernel skips checks and relies on
// Go's bounds checks: a broken promise can read a wrong element of the
// same buffer, never outside it; a Go bounds panic becomes an error. No
// unsafe is used.
//
// Supported ops: tcp.gather, gather_nd, broadcast_to/broadcast, slice,
// transpose, const and cast_indices; tcp.scatter and scatter_nd (see
// Scatters); tensor.expand_shape (without
// output_shape), collapse_shape, cast, concat, dim, extract (of
// integers), extract_slice (a view like tcp.slice; emit_slices.go) and
// insert_slice (a piecewise view: source inside the window, dest
// outside, selected per element like concat's pieces; emit_slices.go);
// arith.constant, extsi, extui (also of i1), trunci, index_cast,
// index_castui and fptosi (f32/f64 indices, checked before the loops like
// the interpreter); arith.extf and truncf of data (emit_floats.go);
// arith.addf, subf, mulf, divf, negf, maxf and minf on f16, bf16, f32
// and f64 data tensors (emit_floatmath.go: each computed into its own
// buffer in float64 and rounded once to the element type, like the
// interpreter, whose NaN rules it copies), and arith.cmpf of such data,
// read as the i1 condition of a select; arith.floordivsi on integer data
// tensors, addi, subi and muli whose result is used as data, and selects
// of two data operands (emit_intdata.go: torch's integer scatter_reduce
// mean, index_add(alpha) on integers, y[mask] = v; each computed into its
// own buffer; a zero divisor or MIN / -1 fails the kernel like the
// interpreter); an i1 buffer (an argument, a gathered mask) as a select's
// condition;
// on index scalars addi, subi, muli, maxsi and minsi; on integer index
// tensors addi, subi, muli, remsi (by a nonzero constant), andi, ori,
// maxsi, minsi, cmpi and select, and select of data with a constant
// splat operand. Anything else, scalar results and float scalar
// arguments are located errors.
//
// Integer casts of index tensors (emit_casts.go) are never materialized:
// like a view, a cast is composed into the index read, as a conversion of
// the loaded int (saturation for tcp.cast_indices, zero extension,
// truncation); a cast result returned or gathered as data (x[i].to(int32))
// is stored element by element: the element loaded as an int, the casts'
// conversions applied, then converted to the result's Go type (fill
// guards below the cast converted alike; a float fill under fptosi is a
// located error). tensor.extract loads one element before the loops (the starts
// of a StableHLO dynamic_slice, clamped with maxsi/minsi); a result size
// that depends on one is a located error, since the Dims function gets
// no tensor data. tensor.concat is a piecewise index map (emit_concat.go):
// each element selects its operand's buffer and offset with tcpSel on the
// concatenated coordinate, so a StableHLO window on a dynamic dim (a
// concat of slices) reads its source directly and allocates nothing. A
// concat whose operands load indices or convert (a gather, a cast index
// column next to a constant one) and that is read at data-dependent
// coordinates is instead computed into a buffer before the loops, each
// operand's piece by a nest of its own.
//
// Elementwise integer arith on index tensors (emit_arith.go; jax's index
// wrapping, clamping and masks) extends the same mechanism: read computes
// the element at the index load as a Go int expression (ref.val),
// wrapping at the element width like the interpreter, and a cast above it
// converts that expression. A select of data with a constant splat
// operand (jax's fill) is a guard on the read of the other operand, like
// mode fill. Such a value returned or gathered as data is a located error.
// A concat read at a constant coordinate of its dim (a gather_nd index
// tuple built from computed columns) reads the one operand holding it.
//
// # Scatters
//
// A scatter is computed in its destination (emit_scatter.go): the
// destination is first written with the scatter's input by an ordinary
// fused result nest, then one nest walks the updates in row-major order,
// reads each index (tuple) and update through the same fusion (no index
// or update copy), resolves the mode (drop skips) and combines. A
// scatter returned by the function (or the input of another scatter) is
// computed in its destination; one that other ops read is first computed
// into a buffer of its own (one allocation per call, before the loops).
// The update pass is split over workers by the destination's first
// coordinate, or, for a ScatterElements add whose destination coordinate 0
// is an index (along dim 0) and whose last dim has 256 elements or more,
// by the destination's last coordinate (columns, in steps of a cache
// line, each worker walking its columns in blocks whose share of the
// destination fits L2; on an error the indices are scanned again in
// row-major order for the interpreter's first bad one), so each destination
// element is written by one worker in the sequential order: the result is
// identical for every worker count (TestScatterWorkers checks 1, 2, 3 and
// 8 workers against the interpreter). A replace of whole rows (index_put,
// ScatterND reduction none) has two more splits (TestScatterRowPut): when
// its ids are a [N, 1] argument of i32 or i64, one pass over them per
// call with a bitmap of the destination rows (tcpRowsUnique; only with
// more than one worker) tells whether they are distinct, and then the
// workers split the update rows, each copying its contiguous share whole,
// as ONNX Runtime does (any order of distinct rows is the sequential
// result); otherwise (duplicates, a bad id, other ids) rows of 129 to 512
// bytes are split by their columns in cache lines, each worker copying
// its part of every update row in order, shorter and longer rows by destination
// rows. In the kernel binary a row past 128 bytes is one gatherrow.Move
// (32-byte moves, no length dispatch; REP MOVSB from 2 KiB, whose fast
// strings write whole lines without reading them), and a worker that owns every
// destination row of shorter rows (one worker, or distinct ids) copies
// all its updates with one gatherrow.Put (scatterPutCall: an assembly
// loop, no call per row). Both spare the split by
// destination rows its test per update of
// the rows a worker owns, a branch mispredicted every other update with
// random ids. With two workers on unique random rows of tables beyond the
// cache (in-process): 1 KiB rows 2.4-2.5 ms against 3.2-3.45; 256-byte
// rows 1.3-1.4 ms against 1.6-1.7 by columns and 1.9-2.3 by destination
// rows. An add of whole rows of 129 to 512 bytes (ScatterND reduction
// add, an embedding gradient, whose Zipf ids put the hot rows with one
// worker under the split by destination rows) is split by columns the
// same way, each worker adding its cache lines of every update row in
// order, so every element's sum is the sequential one bit for bit
// (TestScatterRowAddCols): with two workers and Zipf ids, 512-byte f32
// rows 2.04 ms against 2.24 (least of the rounds), 256-byte rows 1.01
// against 1.05, 400-byte rows 2.50 against 3.52, 512-byte f64 rows (the
// Go loop) 2.56 against 3.28; the medians 0.63-0.9x (f64 0.72x and 1.09x
// in two sets), on a machine shared with other benchmarks. Both splits
// lost to one worker: in the peer harness (65536 Zipf updates of
// 512-byte f32 rows into an 8 MiB table, in place) two threads took
// 2.89-3.37 ms per call at best, one thread 1.40-1.60; so the add runs
// that code on one worker (tcpSerial), in the same order. An add of
// destination rows of 128 bytes or less that the workers would split by
// destination rows runs on one worker instead (tcpSerial,
// maxSerialAddRowBytes): both workers would read every id for rows too
// short to pay for it, and only a worker that owns every row prefetches
// (128-byte f32 rows, Zipf ids: 1.86-2.03 ms against a median of 2.9 with
// two workers); in the kernel binary, when the ids are an [N, 1] argument
// and the f32 updates an [N, W] one (modes error and wrap_negative), that
// worker makes one call of rowadd.ScatterRowsF32I64 or I32 for all the
// updates (scatterRowsCall): the id's wrap and test, a prefetch of the
// destination row 32 updates ahead when the working set leaves the cache,
// and the row's add in assembly, where a call of rowadd.AddF32 per row
// cost more than the add of a few floats (3-float rows 4.4x faster,
// TestScatterRowsCall). Float add and mul keep the
// interpreter's NaN rule, min and max propagate NaN and order -0 below
// +0; f16 and bf16 add and mul in float32 and round to nearest even,
// as the interpreter does. In the kernel binary, an f32 add of a whole
// update row that is contiguous in both the destination and the updates
// (or, split by columns, the worker's columns of it) is one call of
// rowadd.AddF32 (package codegen/golang/rowadd, built into
// the binary from its source like hugemem): AVX assembly on amd64 (SSE2
// where CPUID or XGETBV says no AVX) whose
// VADDPS, with the destination row as its first source operand, returns the
// destination's NaN first, then the update's, quieted, the interpreter's
// rule with no test per element (a Go loop elsewhere or with -tags
// purego; TestScatterRowAdd checks it with NaN payloads in both). An f32
// ScatterElements add along the last dim, with i32 or i64 indices that
// are an argument checked in the loop (modes error and wrap_negative), is
// one call of rowadd.ScatterAddF32I64 or I32 per index row: the wrap, the
// range test and the add (ADDSS, the same NaN rule) in assembly, stopping
// at the first bad index for the interpreter's error; along dim 0, split
// by columns, each block of an index row is one call of
// rowadd.ScatterAddColsF32I64 or I32 (TestScatterElementsAdd). Kernels
// for embedders import only the standard library and keep the loop. A combiner region (combine = "region",
// emit_scatter_region.go) is emitted inline as the combine statement: one
// Go variable per 0-d value, float ops widened to float64 and rounded
// once (as the float arith of data), integer ops wrapping in their Go
// type, i1 values as bools (TestScatterRegionWorkers checks it like
// TestScatterWorkers).
// When the input is an argument and the update
// nest loops over the destination's rows (ScatterElements along a dim
// other than 0, a batched scatter_nd), each worker copies a row at the
// top of its iteration and combines that row's updates while it is in
// cache, instead of a separate copy pass. A scatter of an argument that
// nothing else reads may be computed in that argument's buffer
// (CallOptions.InPlace, tcp-run --in-place, as jax updates a donated
// operand): the kernel then skips the copy (tcpSame). A replace of whole
// contiguous rows copies each row with copy, or as fixed-size arrays
// when it is static and at most 128 bytes (like a row gather); in the
// kernel binary it also prefetches the destination row of the update 8
// rows later when the working set exceeds 12 MiB (scatterAhead: random
// rows of a large table miss the cache; 0.59x the time on 256-byte rows
// of a 64 MiB table). An f32 add of static rows of at most 512 bytes
// (rowadd.AddF32, an embedding gradient) prefetches the same way, but
// only in a worker that writes every destination row (one worker, or,
// for rows of 129 to 512 bytes split by columns, each worker the first
// line of its columns): 0.8-0.95x the time on 256- and 512-byte rows
// with Zipf ids and one worker; with 1 KiB rows, or with two workers
// testing the row's owner, it cost more than it saved.
//
// # Workers
//
// A kernel splits the outermost loop of each result over Workers
// goroutines (default GOMAXPROCS), when each gets at least 64 KiB of
// output (tcpParallel). The caller runs chunks itself, joined by the
// workers of a pool the kernel package starts on first need (up to the
// largest worker count asked for) and keeps: the loop is cut into four
// chunks per worker, or into chunks of at most 512 KiB of output when
// that makes more, claimed in order from an atomic counter, so a worker
// that starts late or is descheduled takes fewer instead of holding up
// the call, and the caller's wait for the last chunk is short. Between calls a pool worker polls for the next one for
// 100 us (yielding the processor between polls) before it parks on a
// channel, like OpenMP's default wait policy: back-to-back calls start
// without a futex wake-up, and an idle package uses no CPU. Calls from
// several goroutines at once are safe: each offers its call to the idle
// workers and runs whatever chunks nobody took. The error of the first
// failing chunk is returned, which is the first error in row-major
// order, and a panic in a chunk becomes that chunk's error, whatever the
// worker count (TestParallelRace checks it under the race detector). A
// scatter's update pass, whose every chunk reads all the updates, is cut
// into exactly one chunk per worker (tcpParallelScan). A gather's index
// check pass is split over the workers too (validateSplit), so a large
// index tensor is not checked on one core while the others wait. A
// result nest whose outer loop is short (fewer than 64 iterations, or a
// dynamic count) is split over its first two loops together (flatSplit):
// a take along axis 1 of [3, 4096, 64] is cut into even chunks of
// (outer, id) pairs, not into three outer rows.
//
// # Running kernels
//
// Build compiles the kernels of a module together with a small driver
// into a binary cached by the hash of its source (CacheDir); Start runs
// it, and Process.Call sends it tensors and reads the results (and, with
// CallOptions.Bench, the median time of a call). tcp-run --backend=go and
// the differential tests use it. The driver allocates arguments and
// results with package hugemem (built into the binary from its source):
// those of 4 MiB or more start on a 2 MiB boundary and are advised
// madvise(MADV_HUGEPAGE) on Linux, as numpy and XLA place their large
// arrays; an embedder gets the same with hugemem.Make. The cache is never pruned; delete
// CacheDir to reclaim it.
//
// The cache is private and verified: CacheDir is $TCP_GO_CACHE or a
// directory under the user's cache directory (never a shared temporary
// one; without either Build is an error), created with mode 0700, and
// Build refuses one that another user owns or can write. Each build
// records the SHA-256 of its binary next to it (kernel.sha256); a cached
// binary whose hash differs (truncated, replaced) is rebuilt, and Start
// runs a binary only if it still has the recorded hash.
//
// The kernel binary checks what the interpreter checks before it
// allocates a result: negative sizes and element counts that overflow
// int64 (the shape function makes these checks for every op), and a
// result larger than CallOptions.MaxTensorBytes (tcp-run's
// --max-tensor-bytes). Its errors name the op they are about, so
// KernelError.Located reports them where and as the interpreter does; a
// panic in the driver is an error, never a goroutine dump.
package golang
