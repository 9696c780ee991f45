// Package gatherrow gathers one row of elements at the positions a row of
// indices gives, for the generated element-gather kernels (tcp.gather
// with every index read from an index tensor, ONNX GatherElements,
// torch.gather, jnp.take_along_axis) and for the code that tests them.
//
// Row(dst, src, idx, wrap) sets dst[k] = src[w] for k = 0, 1, ..., w being
// idx[k], or idx[k]+len(src) when idx[k] is negative and wrap is set
// (ONNX's negative indices): a gather along the last dim, src one row of
// the input. Cols(dst, src, idx, size, stride, wrap) sets
// dst[k] = src[k + stride*w] with w checked against size: a gather along
// an outer dim, where position k of an index row picks the row w of
// column k (src starts at the row's first column). Both stop at the first
// k whose w is outside [0, size) (size = len(src) for Row), every element
// before it written, and return that k; they return -1 when every index
// is in range, which is the interpreter's first error of a row-major
// index check.
//
// On amd64 the loops are AVX2 assembly when CPUID and XGETBV say the CPU
// has it and the OS saves the YMM registers, checked once at package
// initialization. Eight indices per step are loaded, wrapped (the size
// added where negative, branch-free), range-tested at once and, when all
// eight are good, turned into eight 32-bit element offsets (VPMULLD by
// the stride, plus the lane for Cols); one VPGATHERDD reads eight 4-byte
// elements, or two VPGATHERDQ eight 8-byte ones, for Cols; 1- and
// 2-byte elements of Cols, and every element of Row, are read one at a
// time at the offsets taken out of the vector (faster than the hardware
// gathers there, see GATHERS and GATHER2 in gatherrow_amd64.s). A 64-bit
// index must fit in 32 bits (its high dword the sign of its low one) and
// is then tested as a 32-bit one. A step with a bad index, the
// last partial step and rows whose offsets do not fit in 31 bits are left
// to the Go loop, which finds the exact position. Row reads its source
// row sparsely when it has more than 16 elements per index: the Go loop
// then does the row (the hardware gathers were twice as slow there, the
// scalar loads 1.2x). On Intel CPUs, a row of 4- or 8-byte elements
// of at least FarRow bytes (16 MiB, past the cache) is neither: each
// read misses, and a loop that reads each id twice (the second read an
// L1 hit) keeps more of the misses in flight (1M f64 of an 80 MB row,
// one worker: 0.75x the hardware gathers' time, 0.85x the Go loop's).
// A hardware gather keeps
// eight loads in flight per instruction: on the 2-core AMD EPYC, a
// GatherElements along the last dim of [1024,4096] float32 by i32 indices
// took 0.67x the time of the Go loop with one worker and 0.7x with two,
// and along dim 0 of [2048,2048] by i64 indices 0.65-0.9x. Elsewhere, or
// with the purego build tag, or without AVX2, the Go loop does it all.
//
// With AVX-512 VBMI, Row and Rows of 1-byte elements from source rows of
// at most 256 bytes load each row once into four 64-byte registers and
// look up 16 elements per step with one or two VPERMI2B byte shuffles
// (the indices wrapped, tested and narrowed to bytes with AVX-512), no
// load per element.
//
// Rows and ColsRows are Row and Cols over many index rows in one call
// (the rows of a GatherElements), with no Go call between rows where the
// rows are a multiple of eight positions; ColsRows also prefetches,
// before each row, that row's share of the block of the source the
// caller gathers from next. Rows that all read one block of more than
// ColsTileBytes go in column bands, every row's first columns before
// any row's next ones, so that the lines a band reads stay in the cache
// (an axis-0 GatherElements of a 16 MiB source: 0.6x the time).
//
// On Intel CPUs ColsRows reads 4- and 8-byte elements with scalar loads
// instead of the hardware gathers where the ids pick from a block of
// MinScalarColsBytes or more (an axis-0 GatherElements of a 16 MiB
// source), whose reads leave the cache; and blocks of more than
// GoColsFrom in rows of at most GoColsRow bytes go through the Go loop a
// row at a time, which measured faster there than both (0.8x the time
// of a 32 MiB f32 source in 4 KiB rows). With AVX-512, ColsRows, Row
// and Rows gather 1- and 2-byte elements 16 to a step, one VPGATHERDD
// of the aligned dwords they lie in (so no read leaves src's pages),
// shifted and narrowed, where the 8-lane loops load them one by one
// (0.8-0.87x the time of an axis-0 GatherElements of i8 or f16; Row and
// Rows keep the byte shuffles for 1-byte rows of at most 256 bytes).
//
// ShortRows is Rows for index rows of any length, read however sparsely
// (the top k of each long row): on amd64 the rows are one assembly loop
// with a scalar step per id (load, one unsigned test, the element's
// move; the wrap of a negative id out of line), and a prefetch of the
// elements a row some rows ahead picks.
//
// Take copies whole rows instead, a take along an outer axis:
// dst's row k is the row of src that idx[k] picks (wrapped and checked
// the same way), rows stride elements apart in src. On amd64 with AVX2,
// the rows are one assembly loop over all the ids (the id's wrap and
// test, a prefetch of a later row at the caller's distance, the row's
// moves by its size class: a row under 128 bytes is its first and last
// 2^k bytes, or, for rows of 2 to 15 bytes but the last, one move of
// 2^(k+1) bytes; rows of 17, 18, 20, 24, 36 and 40 bytes, when nothing is
// prefetched, a head of 16 or 32 bytes and a tail of 1 to 8 with no
// overlap; a longer one 128 and 32 bytes at a time), with no call
// per row. Until the first negative id the loop leaves out the wrap
// (four instructions per row); from there it wraps every id. The purego
// build and other architectures take the Go loop (copy per row).
//
// TakeNT is Take with non-temporal stores for rows of whole 64-byte
// lines into a destination on a line: a result past the cache then skips
// the read of each line before its write (0.77x the time of 32768 1 KiB
// rows of a 128 MiB table with one worker).
//
// Take2 is Take over pairs of ids (a gather_nd by two index components:
// the row at i*stride0 + j*stride1), each id wrapped and tested against
// its own size; on amd64 with AVX2, rows under 128 bytes take Take's
// short-row loops with the second id read, wrapped, tested and scaled in
// the same step, and single elements picked by a row and a column (a
// gather_nd of [m,n] by [k,2]) take a vector loop, eight pairs wrapped,
// tested and turned into offsets at once, then moved one by one (0.9x
// the time with one worker, 0.78x with two, of 200000 i32 elements of
// [1024,1024]); Bad2 says which id of the first bad pair is bad.
// Take2NT is Take2 for rows of MinNTRow bytes or more: a Go loop over
// the pairs with one assembly call per row that prefetches a later row
// and copies this one, non-temporally (VMOVNTDQ) for rows of whole lines
// into a destination on a line when asked (0.7x the time of 16384 1 KiB
// rows with one worker).
//
// Put is Take's inverse (a replace of whole rows: index_put, ScatterND
// reduction none), the same short-row loop with the directions swapped.
//
// Move is one row's copy with Take's moves for long rows (REP MOVSB from
// 2 KiB), for the scatters that replace whole rows (a call per row,
// inlined up to the assembly).
//
// Permute applies one selection to many short rows: output element k of
// each row is element tab[k] of its source row (NewPerm checks tab once),
// a take along the last axis by ids shared by every row. On amd64 with
// AVX-512 VBMI (CPUID and XGETBV: the opmask and ZMM state saved) and
// source rows of up to PermRow (128) bytes, a row is one or two masked
// 64-byte loads (nothing past the row is read) and, per 64 bytes of
// output, one VPERMI2B byte shuffle by controls NewPerm builds from tab
// and one store, the row's last one masked; otherwise the Go loop.
//
// Strided copies a strided slice of short groups: rows of n groups of g
// elements, each p elements after the last (p may be negative), rows
// rowStride apart. With AVX-512 VBMI and groups of up to StridedGroup (16)
// bytes at least four to 128 bytes (StridedGroups), each step is
// Permute's loop over a virtual row: the 128 bytes that hold as many
// groups as fit, loaded masked to the groups' span, and one VPERMI2B and
// store per 64 bytes of their output; rows that follow on are one row,
// a row's last groups one step of their own plan (plans are cached by
// group, step and count), and rows of fewer groups than one step several
// whole rows per step where they fit in 128 bytes. Past the kernels'
// non-temporal size, steps of exactly 64 bytes are stored with VMOVNTDQ
// from each row's first aligned group on. With AVX2, groups of 16 to
// StridedWideGroup (512) bytes the shuffles do not take are 32-byte
// moves each, the last ending at the group's end, or two 16-byte moves
// (StridedWide). Otherwise, and in the purego build, a Go loop.
//
// Elements of 1 byte (bool, int8, uint8), 2 bytes (f16 and bf16 bits,
// int16, uint16), 4 bytes
// (float32, int32, uint32) and 8 bytes (float64, int64, uint64) are
// gathered as raw bits: a NaN's payload is kept.
//
// The kernel binary built by package golang compiles a copy of this
// source as package tcpkernels/gatherrow.
package gatherrow
