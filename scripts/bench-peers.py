#!/usr/bin/env python3
"""The frameworks' compilers as peers of the generated Go kernels.

Each workload is one ONNX node (the form every peer reads), and each of its
shape classes is a case the kernels must win: row gathers in and beyond L3,
short rows, f16 embeddings with i32 ids, column gathers, element gathers,
gather_nd, a take along a middle axis, a two-axis flip, and a tiny lookup
timed per call. The tcp side goes through the product's own front door:
tcp-translate --import-onnx, tcp-opt --convert-frontends-to-tcp
--canonicalize, then tcp-run --backend=go --bench (the generated Go kernel,
with the ONNX index rules it must keep: negative indices wrap, others are
checked). The peers, each in its best variant:

  xla    jax.jit of the same op (XLA CPU). One thread: NPROC=1 in XLA's
         environment (the thread pool's size), XLA_FLAGS
         --xla_cpu_multi_thread_eigen=false, and the process pinned to one
         core
  ort    ONNX Runtime CPU, IO binding with a preallocated output
  iree   the model through iree-import-onnx and iree-compile (llvm-cpu,
         host CPU), run by iree.runtime (local-sync for one thread)
  torch  torch with out= where the op has it (torch.set_num_threads), the
         out tensor a numpy array's memory

One-thread columns pin every process (tcp's included) to one core with
sched_setaffinity, and the table prints each peer's CPU time per wall time
over its timed calls (about 1.00 means it really used one core; tcp's is
its kernel process's over the whole tcp-run, loading included). Every
peer's output is compared with the tcp kernel's, bit for bit, before its
time counts. Rounds are interleaved (every workload and peer once per
round); a cell is the best of the rounds' medians, and the spread
(slowest round / best round) is printed beside the ratio.

Scatter rows (scatter_*, issue 19's workloads): the gradient of an
embedding lookup (ScatterND reduction=add into a [65536,256] f32 table of
zeros, 32768 ids drawn from a Zipf law, so rows repeat, [32768,256]
updates), index_put (ScatterND reduction=none, 32768 unique rows of a
random [65536,256] table) and ScatterElements reduction=add along dim 1
of [4096,4096] (random ids: duplicates in every row). The plain rows run
every side in place, each in its best form: tcp-run --in-place (the
kernel skips the input copy), jax with the operand donated, ONNX Runtime
with x and y bound to one buffer, torch's index_add_ / index_copy_ /
scatter_add_ on a copy made once; IREE returns a new buffer (it copies).
Each timed call updates the same buffer again; the first call's result is
the one compared. The *_copy rows compute a new output, the input copied
first, as the ONNX node means it: tcp without --in-place, jax without
donation, ONNX Runtime into a preallocated output, torch with out=. Both
count the same bytes (2 x table + indices + updates). The kernel sums
duplicates in the indices' row-major order; a peer whose float sum is
not bit-equal to it is checked against the exact (float64) sum: within
the bound of a float32 sum of the same terms in another order (which the
frameworks leave unspecified) it is timed and its cell gives the largest
difference in ulps; beyond it (a lost update: ONNX Runtime's two-thread
ScatterND add races) the cell says WRONG and the peer is not timed.

Huge pages, the same on both sides: numpy (the peers' inputs, ONNX
Runtime's bound output and torch's out tensor are numpy arrays) and XLA
madvise(MADV_HUGEPAGE) their large arrays, and tcp-run --backend=go's
kernel binary allocates its arguments and results with package hugemem,
which does the same; the header prints the machine's THP mode (with
"madvise" the advice is what gives huge pages, with "never" nobody gets
them).

The output ends with markdown tables (one per thread count) ready for
README, with the load average before and after and the run's length. A
full run (12 gather workloads, -n 10 -r 3, both thread counts) takes
about 25 minutes on the 2-core machine (0.65 minutes per workload and
round, measured at load average 14); --xla-dump DIR keeps XLA's
optimized HLO and assembly per workload (XLA_FLAGS=--xla_dump_to) for
the profiles behind a cell a peer wins.

--baseline CHECKOUT times the kernels of another checkout of tcp (for
example /work/main before a kernel change) in the same rounds, as a
"tcp baseline" column: before and after from one run (a checkout
without tcp-run --bench-warmup needs --warmup 0).

Every side repeats untimed calls for --warmup SECONDS (default 0.2)
before its timed ones (tcp-run --bench-warmup; --warmup 0: tcp after its
one checked call, each peer after two). Most workloads here move a few
MiB, under the 32 MiB L3, and on the 2-core VM a new process's calls get
faster over its first hundred or so as its buffers settle in the L3
(sw_middle_axis_1k, two workers: 321-453 us for the first call, 72-121
us for the 400th). It is the cache, not the process: 50 ms of the
kernel's own calls first made the first timed call 71-110 us; 50 ms
of a 64 MiB memcpy, a busy loop, or the kernel's calls followed by a 192
MiB memcpy or a 200 ms sleep did not (the L3 is shared with whatever
runs beside the VM). Without the warm-up a cell times whichever side's
buffers the cache happened to hold.

  .venv-oracles/bin/python scripts/bench-peers.py [-n CALLS] [-r ROUNDS] [--only NAME,...] [--peers xla,ort,iree,torch]
      [--baseline CHECKOUT] [--xla-dump DIR] [--warmup SECONDS] [--list]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NCPU = os.cpu_count() or 1


def take(shape, axis, ids, dtype=np.float32, idt=np.int64, lo=None):
    """A Gather (index_select / take along one axis) workload. lo="neg":
    ids in [-n, n) (negative ids count from the end); lo="sorted": ids in
    [0, n) in ascending order (the rows of a sparse tensor's CSR/COO)."""
    def make(r):
        x = data(r, shape, dtype)
        n = shape[axis]
        i = r.integers(-n if lo == "neg" else 0, n, ids)
        if lo == "sorted":
            i = np.sort(i, axis=None).reshape(ids)
        return [x, i.astype(idt)]
    ax = ":, " * axis
    return dict(onnx=("Gather", {"axis": axis}), make=make,
                jax="lambda x, i: jnp.take(x, i, axis=%d)" % axis,
                torch="lambda x, i: torch.index_select(x, %d, i.reshape(-1)).reshape(%s)" % (
                    axis, "x.shape[:%d] + i.shape + x.shape[%d:]" % (axis, axis + 1)),
                torch_out=("lambda x, i, o: torch.index_select(x, %d, i.reshape(-1), out=o.view(%s))" % (
                    axis, "x.shape[:%d] + (i.numel(),) + x.shape[%d:]" % (axis, axis + 1))) if len(ids) == 1 or axis == 0 else None,
                desc="Gather axis %d of %s %s by %s %s%s ids" % (axis, "x".join(map(str, shape)), np.dtype(dtype).name,
                                                                "x".join(map(str, ids)), "sorted " if lo == "sorted" else "",
                                                                np.dtype(idt).name))


def gather_elements(shape, ishape, axis, dtype=np.float32, idt=np.int64):
    def make(r):
        return [data(r, shape, dtype), r.integers(0, shape[axis], ishape).astype(idt)]
    li = "i" if np.dtype(idt) == np.int64 else "i.long()"  # torch.gather takes int64 only
    return dict(onnx=("GatherElements", {"axis": axis}), make=make,
                jax="lambda x, i: jnp.take_along_axis(x, i, axis=%d)" % axis,
                torch="lambda x, i: torch.gather(x, %d, %s)" % (axis, li),
                torch_out="lambda x, i, o: torch.gather(x, %d, %s, out=o)" % (axis, li),
                desc="GatherElements axis %d of %s %s by %s %s" % (axis, "x".join(map(str, shape)), np.dtype(dtype).name,
                                                                 "x".join(map(str, ishape)), np.dtype(idt).name))


def gather_nd(shape, n, dtype=np.float32, idt=np.int64, k=2):
    """A GatherND of shape by [n, k] indices (k leading axes indexed)."""
    def make(r):
        return [data(r, shape, dtype), np.stack([r.integers(0, shape[j], n) for j in range(k)], axis=1).astype(idt)]
    sub = "x[%s]" % ", ".join("i[:, %d]" % j for j in range(k))
    return dict(onnx=("GatherND", {}), make=make, jax="lambda x, i: " + sub, torch="lambda x, i: " + sub,
                desc="GatherND of %s %s by [%d,%d] %s" % ("x".join(map(str, shape)), np.dtype(dtype).name, n, k,
                                                         np.dtype(idt).name))


def data(r, shape, dtype):
    """Random data of any workload dtype (integers span their range)."""
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return r.integers(0, 2, shape).astype(bool)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return r.integers(info.min, info.max, shape, dtype=dt, endpoint=True)
    return r.standard_normal(shape).astype(dt)


def flip(shape, axes=(0, 1), dtype=np.float32):
    """A Slice with step -1 on each of axes (torch.flip, x[::-1])."""
    big = np.iinfo(np.int64).min
    sl = ", ".join("::-1" if d in axes else ":" for d in range(len(shape)))
    return dict(onnx=("Slice", {}), make=lambda r: [data(r, shape, dtype)],
                consts=[("starts", [-1] * len(axes)), ("ends", [big] * len(axes)), ("axes", list(axes)),
                        ("steps", [-1] * len(axes))],
                jax="lambda x: x[%s]" % sl, torch="lambda x: torch.flip(x, %s)" % list(axes),
                desc="Slice with steps -1 on axes %s (flip) of %s %s" % (
                    ",".join(map(str, axes)), "x".join(map(str, shape)), np.dtype(dtype).name))


def strided(shape, steps, dtype=np.float32):
    """A Slice with a step on each axis of steps (axis -> step, negative
    for a reversed stride) over the whole axis: x[::2], x[:, ::-3], an
    image downsampled by 2 (x[::2, ::2])."""
    big = np.iinfo(np.int64).max
    axes = sorted(steps)
    sl = ", ".join("::%d" % steps[d] if d in steps else ":" for d in range(len(shape)))
    return dict(onnx=("Slice", {}), make=lambda r: [data(r, shape, dtype)],
                consts=[("starts", [0 if steps[d] > 0 else -1 for d in axes]),
                        ("ends", [big if steps[d] > 0 else -big - 1 for d in axes]), ("axes", axes),
                        ("steps", [steps[d] for d in axes])],
                jax="lambda x: x[%s]" % sl,
                torch="lambda x: x[%s].contiguous()" % sl if all(s > 0 for s in steps.values()) else
                      "lambda x: torch.flip(x, %s)[%s].contiguous()" % (
                          [d for d in axes if steps[d] < 0],
                          ", ".join("::%d" % abs(steps[d]) if d in steps else ":" for d in range(len(shape)))),
                torch_out=("lambda x, o: o.copy_(x[%s])" % sl) if all(s > 0 for s in steps.values()) else None,
                desc="Slice with steps %s on axes %s of %s %s" % (
                    ",".join(str(steps[d]) for d in axes), ",".join(map(str, axes)), "x".join(map(str, shape)),
                    np.dtype(dtype).name))


def window(shape, lo, hi, dtype=np.float32):
    """A Slice of [lo[d], hi[d]) on each axis d, step 1: a crop
    (x[:, :, 16:240, 16:240] of an NCHW batch), a window of rows."""
    axes = [d for d in range(len(shape)) if (lo[d], hi[d]) != (0, shape[d])]
    sl = ", ".join("%d:%d" % (lo[d], hi[d]) for d in range(len(shape)))
    return dict(onnx=("Slice", {}), make=lambda r: [data(r, shape, dtype)],
                consts=[("starts", [lo[d] for d in axes]), ("ends", [hi[d] for d in axes]), ("axes", axes),
                        ("steps", [1] * len(axes))],
                jax="lambda x: x[%s]" % sl, torch="lambda x: x[%s].contiguous()" % sl,
                torch_out="lambda x, o: o.copy_(x[%s])" % sl,
                desc="Slice [%s] of %s %s" % (sl, "x".join(map(str, shape)), np.dtype(dtype).name))


# --- scatter workloads -------------------------------------------------
# Each is one ONNX ScatterND or ScatterElements node with inputs x (the
# table or tensor scattered into), i (the indices) and u (the updates); the
# peers run it in their best in-place or preallocated form (see
# PEER_SCRIPT's "inplace" branches). dups says the indices repeat, so a
# float add sums duplicates in an order the framework may leave undefined:
# a peer's output that is not bit-equal to the kernel's is then compared in
# ulps and the table says how far it is.


def zipf_ids(r, n, rows, a=1.1):
    """n ids in [0, rows) from a Zipf law (a few rows take most updates, as
    token ids do), spread over the table by a fixed permutation."""
    ranks = r.zipf(a, n) - 1
    while (ranks >= rows).any():
        bad = ranks >= rows
        ranks[bad] = r.zipf(a, int(bad.sum())) - 1
    return np.random.default_rng(7).permutation(rows)[ranks]


def scatter_rows(rows, width, n, add, inplace=True):
    """ScatterND of n rows of updates into a [rows, width] f32 table by
    indices [n, 1]: with add, the gradient of an embedding lookup (a table
    of zeros, Zipf ids with repeats); without, index_put of unique rows.
    inplace: every side updates the table in place (else into a new
    output, the input copied first)."""
    def make(r):
        if add:
            x, ids = np.zeros((rows, width), np.float32), zipf_ids(r, n, rows)
        else:
            x, ids = r.standard_normal((rows, width)).astype(np.float32), r.permutation(rows)[:n]
        return [x, ids.reshape(n, 1).astype(np.int64), r.standard_normal((n, width)).astype(np.float32)]
    def exact(args):
        x, i, u = args
        return exact_sums(x, (i[:, 0],), u)
    red, fn = ("add", "index_add") if add else ("none", "index_copy")
    return dict(onnx=("ScatterND", {"reduction": red}), make=make, inplace=inplace, dups=add, exact=exact,
                jax="lambda x, i, u: x.at[i[:, 0]].%s(u)" % ("add" if add else "set"),
                torch="lambda x, i, u: torch.%s(x, 0, i[:, 0], u)" % fn,
                torch_out="lambda x, i, u, o: torch.%s(x, 0, i[:, 0], u, out=o)" % fn,
                torch_inplace="lambda o, i, u: o.%s_(0, i[:, 0], u)" % fn,
                desc="ScatterND reduction=%s of [%d,%d] f32 by [%d,1] %s ids, %s" % (
                    red, rows, width, n, "Zipf (repeated)" if add else "unique", "in place" if inplace else "new output"))


def scatter_elements_add(shape, axis, inplace=True):
    """ScatterElements reduction=add along axis of shape: every update is
    added at its own index (random, so each row has duplicates)."""
    def make(r):
        return [r.standard_normal(shape).astype(np.float32), r.integers(0, shape[axis], shape).astype(np.int64),
                r.standard_normal(shape).astype(np.float32)]
    jidx = ", ".join("i" if d == axis else "jnp.arange(%d).reshape(%s)" % (
        n, ",".join("-1" if e == d else "1" for e in range(len(shape)))) for d, n in enumerate(shape))
    def exact(args):
        x, i, u = args
        where = tuple(i if d == axis else np.arange(n).reshape([-1 if e == d else 1 for e in range(len(shape))])
                      for d, n in enumerate(shape))
        return exact_sums(x, where, u)
    return dict(onnx=("ScatterElements", {"axis": axis, "reduction": "add"}), make=make, inplace=inplace, dups=True,
                exact=exact,
                jax="lambda x, i, u: x.at[%s].add(u)" % jidx,
                torch="lambda x, i, u: torch.scatter_add(x, %d, i, u)" % axis,
                torch_out="lambda x, i, u, o: torch.scatter_add(x, %d, i, u, out=o)" % axis,
                torch_inplace="lambda o, i, u: o.scatter_add_(%d, i, u)" % axis,
                desc="ScatterElements reduction=add axis %d of %s f32 (random ids, repeats), %s" % (
                    axis, "x".join(map(str, shape)), "in place" if inplace else "new output"))


SCATTER_WORKLOADS = {
    "scatter_embedding_grad": scatter_rows(65536, 256, 32768, add=True),
    "scatter_index_put": scatter_rows(65536, 256, 32768, add=False),
    "scatter_elements_add": scatter_elements_add((4096, 4096), 1),
    "scatter_embedding_grad_copy": scatter_rows(65536, 256, 32768, add=True, inplace=False),
    "scatter_index_put_copy": scatter_rows(65536, 256, 32768, add=False, inplace=False),
    "scatter_elements_add_copy": scatter_elements_add((4096, 4096), 1, inplace=False),
}


def exact_sums(x, where, u):
    """x with u added at where (numpy advanced indices) in float64: the
    sums, the sums of absolute values and the number of terms per element
    (for the error bound of a float32 sum in any order)."""
    e, a, c = x.astype(np.float64), np.abs(x).astype(np.float64), np.ones(x.shape)
    np.add.at(e, where, u)
    np.add.at(a, where, np.abs(u).astype(np.float64))
    np.add.at(c, where, 1.0)
    return e, a, c


def check_sums(spec, args, out, ref):
    """For a float add with duplicates whose output is not bit-equal to the
    kernel's: None if it is a sum of the same terms in another order (every
    element within the float32 bound count * 2^-24 * sum |terms| of the
    exact sum), else what is wrong (a lost update, as a racy reduction
    gives, is far outside that bound)."""
    if out.shape != ref.shape or out.dtype != ref.dtype:
        return "DIFFERS from tcp"
    if "_exact" not in spec:
        spec["_exact"] = spec["exact"](args)
    e, a, c = spec["_exact"]
    err = np.abs(out.astype(np.float64) - e)
    bound = c * 2.0 ** -24 * a
    bad = ~(err <= bound)
    if bad.any():
        k = np.unravel_index(np.argmax(np.where(bad, err, 0)), err.shape)
        return "WRONG: %d elements off the exact sum beyond reordering (e.g. by %.3g: lost updates)" % (
            int(bad.sum()), err[k])
    return None


def max_ulps(a, b):
    """The largest distance in units of the last place between two f32
    arrays of one shape (None when they differ in shape, type or NaNs)."""
    if a.shape != b.shape or a.dtype != b.dtype or a.dtype != np.float32:
        return None
    if not np.array_equal(np.isnan(a), np.isnan(b)):
        return None
    def key(v):
        i = v.view(np.int32).astype(np.int64)
        return np.where(i < 0, -(i & 0x7fffffff), i)
    m = ~np.isnan(a)
    return int(np.abs(key(a[m]) - key(b[m])).max(initial=0))


def scatter_note(u):
    """The table's mark for a peer that summed duplicates in another order."""
    return "" if u is None else " (sum order differs: max %d ulp)" % u


# --- end of scatter workloads ------------------------------------------


# name: workload. The first five are the table's long-standing ones; the
# rest are the shape classes where a peer led in an earlier run.
WORKLOADS = {
    "index_select_dim0": take((16384, 256), 0, (8192,)),
    "index_select_dim1": take((2048, 2048), 1, (512,)),
    "gather_dim1": gather_elements((2048, 2048), (2048, 512), 1),
    "gather_nd": gather_nd((128, 128, 64), 16384),
    "reverse": flip((2048, 2048)),
    "rows_beyond_l3": take((131072, 256), 0, (32768,)),
    "short_rows": take((262144, 16), 0, (262144,)),
    "embedding_f16": take((100000, 128), 0, (64, 512), np.float16, np.int32),
    "middle_axis_take": take((64, 1024, 64), 1, (512,)),
    "flip_4096": flip((4096, 4096)),
    "gather_nd_256": gather_nd((256, 256, 64), 65536),
    "tiny_lookup": take((16, 4), 0, (3,)),
}
WORKLOADS.update(SCATTER_WORKLOADS)

# Held-out workloads: the same shape classes at other sizes, dtypes, index
# types and axes, never tuned for (run them with --set heldout, or add
# your own with --workload NAME=EXPR).
HELDOUT = {
    "ho_rows_512b_i32": take((32768, 128), 0, (16384,), idt=np.int32),
    "ho_rows_beyond_l3_f16": take((524288, 128), 0, (65536,), np.float16, np.int32),
    "ho_short_rows_32b": take((1048576, 8), 0, (524288,)),
    "ho_short_rows_8b_i32": take((1048576, 2), 0, (1048576,), idt=np.int32),
    "ho_short_rows_u8": take((262144, 48), 0, (262144,), np.uint8),
    "ho_embedding_f16_i64": take((50000, 64), 0, (32, 256), np.float16, np.int64),
    "ho_embedding_f64": take((30000, 300), 0, (4096,), np.float64, np.int32),
    "ho_cols_1024x4096": take((1024, 4096), 1, (1024,)),
    "ho_cols_i32_int64data": take((4096, 1024), 1, (256,), np.int64, np.int32),
    "ho_gather_elements_axis0": gather_elements((2048, 2048), (512, 2048), 0),
    "ho_gather_elements_i32": gather_elements((1024, 4096), (1024, 1024), 1, idt=np.int32),
    "ho_gather_elements_f64": gather_elements((1024, 2048), (1024, 1024), 1, np.float64, np.int32),
    "ho_gather_elements_3d": gather_elements((64, 256, 256), (64, 256, 64), 2),
    "ho_gather_nd_128b": gather_nd((512, 512, 32), 65536),
    "ho_gather_nd_f16": gather_nd((256, 256, 128), 32768, np.float16),
    "ho_middle_axis_512b": take((32, 2048, 128), 1, (1024,)),
    "ho_middle_axis_short": take((256, 512, 8), 1, (256,), idt=np.int32),
    "ho_last_axis_3d": take((64, 256, 512), 2, (128,)),
    "ho_flip_rows": flip((8192, 1024), (0,)),
    "ho_flip_cols": flip((1024, 8192), (1,)),
    "ho_flip_3d_i8": flip((64, 512, 512), (1, 2), np.int8),
    "ho_tiny_lookup_i32": take((100, 8), 0, (5,), idt=np.int32),
    "ho_scatter_grad_128": scatter_rows(16384, 128, 65536, add=True),
    "ho_scatter_put_64": scatter_rows(262144, 64, 65536, add=False),
    "ho_scatter_elements_axis0": scatter_elements_add((2048, 2048), 0),
    "ho_scatter_elements_copy_wide": scatter_elements_add((1024, 8192), 1, inplace=False),
}
# A third set, tried as a new user would after the held-out one: the
# same classes at more sizes, dtypes and layouts (a rank-1 take, a
# 64 MB embedding table, RGB and RGBA images flipped, 128-byte scatter
# rows, a BERT-sized embedding, odd row sizes).
SWEEP = {
    "sw_rows_128b_i32": take((200000, 32), 0, (100000,), idt=np.int32),
    "sw_rows_1k_f16": take((8192, 512), 0, (16384,), np.float16),
    "sw_short_rows_f16": take((1048576, 4), 0, (1048576,), np.float16),
    "sw_embedding_big_table": take((250000, 64), 0, (128, 128)),
    "sw_bert_embedding": take((30522, 768), 0, (8, 128)),
    "sw_take_1d": take((100000,), 0, (1000000,), idt=np.int32),
    "sw_tiny_lookup": take((50, 16), 0, (7,), idt=np.int32),
    "sw_cols_64": take((4096, 2048), 1, (64,)),
    "sw_cols_f16": take((4096, 4096), 1, (2048,), np.float16, np.int32),
    "sw_middle_axis_i8": take((16, 4096, 32), 1, (2048,), np.int8),
    "sw_middle_axis_1k": take((32, 1024, 256), 1, (128,)),
    "sw_last_axis_i8": take((512, 64, 64), 2, (32,), np.int8),
    "sw_gather_elements_f16": gather_elements((4096, 512), (4096, 128), 1, np.float16, np.int32),
    "sw_gather_elements_i8": gather_elements((8192, 256), (8192, 256), 1, np.int8),
    "sw_gather_elements_mid": gather_elements((128, 512, 64), (128, 128, 64), 1),
    "sw_gather_nd_2k_f16": gather_nd((64, 64, 1024), 8192, np.float16),
    "sw_flip_f16": flip((2048, 2048), (0, 1), np.float16),
    "sw_flip_last_f16": flip((4096, 1024), (1,), np.float16),
    "sw_flip_outer": flip((256, 256, 64), (0,)),
    "sw_flip_rgba": flip((16, 256, 256, 4), (1, 2)),
    "sw_flip_rgb_u8": flip((1024, 64, 64, 3), (1, 2), np.uint8),
    "sw_scatter_grad_32": scatter_rows(65536, 32, 131072, add=True),
    "sw_scatter_put_1k": scatter_rows(32768, 256, 32768, add=False),
    "sw_scatter_put_2k": scatter_rows(16384, 512, 8192, add=False),
    "sw_scatter_elements": scatter_elements_add((4096, 1024), 1),
    "sw_scatter_elements_3d": scatter_elements_add((512, 512, 8), 1),
    # Odd sizes, added after a sweep of them found 3-float scatter rows
    # 4.4x behind XLA: points (12-byte rows), 64-byte gradient rows, a
    # histogram (rows of one float), 3 KB BERT-width gradient rows, a
    # middle-axis take of 12-byte runs, a take of 12-byte rows, RGB f32
    # images flipped on both axes.
    "sw_points_scatter_add": scatter_rows(10000, 3, 100000, add=True),
    "sw_scatter_grad_64b": scatter_rows(100000, 16, 200000, add=True),
    "sw_histogram": scatter_rows(1000000, 1, 2000000, add=True),
    "sw_scatter_grad_3k": scatter_rows(30522, 768, 16384, add=True),
    "sw_middle_axis_12b": take((64, 4096, 3), 1, (2048,)),
    "sw_points_take": take((1000000, 3), 0, (500000,), np.float32, np.int32),
    "sw_flip_rgb_f32": flip((8, 256, 256, 3), (1, 2), np.float32),
    # A second sweep, tried as a new user would on 2026-11-27, found a
    # 5-d flip of every other axis 4.7x behind XLA (a call per 64-byte
    # row), 2-float scatter rows, last-axis f16 takes of 1 KiB rows and
    # 192-byte index_put rows behind or at parity; kept with the rest of
    # that sweep: 12-byte rows by i32 ids, an f16 element gather with more
    # ids than the row, a u8 image flipped on its height, 4-float scatter
    # rows, a ScatterElements add along axis 0, an f64 column take, a
    # middle-axis element gather, an f16 embedding by [64,200] ids.
    "sw_rows_12b_i32": take((50000, 3), 0, (200000,), np.float32, np.int32),
    "sw_gather_elements_wide_f16": gather_elements((512, 512), (512, 2048), 1, np.float16),
    "sw_flip_height_u8": flip((2, 1000, 1000, 3), (1,), np.uint8),
    "sw_flip_5d": flip((16, 16, 16, 16, 16), (0, 2, 4)),
    "sw_points2_scatter_add": scatter_rows(100000, 2, 500000, add=True),
    "sw_quads_scatter_add": scatter_rows(50000, 4, 300000, add=True),
    "sw_scatter_put_192b": scatter_rows(20000, 48, 10000, add=False),
    "sw_scatter_elements_axis0": scatter_elements_add((1024, 1024), 0),
    "sw_cols_f64": take((1000, 1000), 1, (1000,), np.int64),
    "sw_last_axis_f16": take((8, 512, 512), 2, (256,), np.float16, np.int32),
    "sw_gather_elements_mid_i32": gather_elements((256, 128, 64), (256, 32, 64), 1, np.float32, np.int32),
    "sw_embedding_f16_2d": take((100000, 32), 0, (64, 200), np.float16, np.int32),
    # A third sweep (2026-11-27, later) found a rank-1 flip 2.6x behind
    # torch (one element per step), 48-byte index_put rows 1.27x behind
    # XLA and near-ties on rows of 2, 8 and 24 bytes; kept with the rest
    # of it: 6-byte f16 rows, bool rows, a u8 column take, an f16
    # GatherElements along axis 0, a flip of all three axes of f16, a
    # scatter-add into a new output, ScatterElements along the last axis
    # of a 3-d tensor, a middle-axis f16 take by i32 ids.
    "sw_rows_2b_u8": take((100000, 2), 0, (1000000,), np.uint8, np.int32),
    "sw_rows_6b_f16": take((200000, 3), 0, (500000,), np.float16, np.int32),
    "sw_rows_24b_f64": take((100000, 3), 0, (300000,), np.float64),
    "sw_rows_8b_i64data": take((500000, 1), 0, (1000000,), np.int64),
    "sw_rows_bool": take((20000, 16), 0, (200000,), np.bool_, np.int32),
    "sw_cols_u8": take((2048, 2048), 1, (1024,), np.uint8),
    "sw_gather_elements_axis0_f16": gather_elements((1024, 1024), (256, 1024), 0, np.float16, np.int32),
    "sw_flip_1d": flip((4000000,), (0,)),
    "sw_flip_3axes_f16": flip((64, 128, 128), (0, 1, 2), np.float16),
    "sw_scatter_put_48b": scatter_rows(100000, 12, 50000, add=False),
    "sw_scatter_grad_copy": scatter_rows(32768, 64, 65536, add=True, inplace=False),
    "sw_scatter_elements_3d_axis2": scatter_elements_add((64, 64, 256), 2),
    "sw_middle_axis_f16_i32": take((32, 2048, 64), 1, (512,), np.float16, np.int32),
    # A fourth sweep (2026-11-27, evening) found an RGB image's channels
    # flipped (BGR) 110x behind XLA (a call per 3-byte row), a gather_nd
    # of whole elements 2.3x behind XLA (no look-ahead), index_put of
    # 1-element rows 4.3x behind torch with two threads (each worker
    # tested every id) and ScatterElements add along a 1-d tensor 1.75x
    # behind torch; kept with the rest of it: NCHW images flipped on
    # width and height, gather_nd by 1 and 3 index components, negative
    # ids, a take of 1 KiB blocks, GatherElements along axis 0 of 3-d, a
    # tiny table read by 2M ids, a middle-axis take of 16 KiB blocks.
    "sw_bgr_u8": flip((1, 1080, 1920, 3), (3,), np.uint8),
    "sw_hflip_nchw": flip((8, 3, 224, 224), (3,)),
    "sw_vflip_nchw": flip((8, 3, 224, 224), (2,)),
    "sw_gather_nd_k1": gather_nd((100000, 64), 50000, k=1),
    "sw_gather_nd_k3": gather_nd((64, 64, 64, 16), 65536, k=3),
    "sw_gather_nd_elems": gather_nd((2048, 2048), 1000000),
    "sw_take_neg_ids": take((262144, 16), 0, (262144,), lo="neg"),
    "sw_take_blocks": take((4096, 16, 16), 0, (8192,)),
    "sw_gather_elements_axis0_3d": gather_elements((64, 128, 128), (32, 128, 128), 0),
    "sw_put_scalars": scatter_rows(1000000, 1, 500000, add=False),
    "sw_scatter_elements_1d": scatter_elements_add((1000000,), 0),
    "sw_small_table": take((256, 8), 0, (2000000,), idt=np.int32),
    "sw_middle_axis_rank4": take((16, 32, 64, 64), 1, (16,), np.int32),
    # A fifth sweep (2026-11-27, night) found strided slices with a step
    # along the innermost axis or over short inner blocks behind XLA and
    # torch (an element or a 3-byte pixel per step): an RGB image halved
    # in both axes 8.7x, every fourth f16 2.8x, one channel of three 2.2x,
    # every other element of a 1-d tensor backwards 1.5x, every other
    # column 1.4x (torch, one thread); and a GatherElements of 5 of each
    # 1000-float row at parity; kept with the rest of it: every other row,
    # the top 10 of f16 rows by i32 ids, a take along the middle axis of
    # a 2-d index.
    "sw_strided_cols2": strided((4096, 4096), {1: 2}),
    "sw_strided_rows2": strided((8192, 1024), {0: 2}),
    "sw_downsample_u8": strided((1080, 1920, 3), {0: 2, 1: 2}, np.uint8),
    "sw_strided_neg2_1d": strided((4000000,), {0: -2}),
    "sw_every4_f16": strided((8192, 1024), {1: 4}, np.float16),
    "sw_chan_pick": strided((1000000, 3), {1: 3}),
    "sw_ge_topk": gather_elements((65536, 1000), (65536, 5), 1),
    "sw_ge_topk_f16": gather_elements((32768, 512), (32768, 10), 1, np.float16, np.int32),
    "sw_take_mid_2d": take((64, 1000, 32), 1, (16, 16)),
    # A sixth sweep (2026-11-27, late night) found three 1 MiB planes of
    # an image in reversed order 1.6x behind ONNX Runtime with one thread
    # and 2.2x behind torch with two (Go's copy stores 1 MiB or more
    # non-temporally; three rows for two workers), every third 64-byte row
    # 1.24x behind XLA (four 16-byte moves a row), a gather_nd of 64-byte
    # rows of a 64 MiB table 1.41x behind XLA (prefetched 8 rows ahead),
    # and near-ties on a 180-degree turn of an RGB image, a channel
    # shuffle, a 23 MB window of rows and 4 KiB index_put rows; kept with
    # the rest of it: sorted ids, a 3x3 subsample, int16 and u8 rows, a
    # 1-d take from 80 MB, an f64 GatherElements along the last axis, a
    # tiny strided slice, a crop of an NCHW batch, 32-byte f16 rows, an
    # int16 audio signal halved, a small ScatterElements, a take along H
    # of NCHW, every other 128-byte f16 row. (A gather_nd by i32 ids is
    # not ONNX: GatherND takes int64 indices only.)
    "sw_rows_sorted": take((1000000, 32), 0, (500000,), lo="sorted"),
    "sw_strided_3x3": strided((3000, 3000), {0: 3, 1: 3}),
    "sw_rows3_f64": strided((100000, 8), {0: 3}, np.float64),
    "sw_take_i16": take((65536, 64), 0, (65536,), np.int16, np.int32),
    "sw_take_1d_big": take((10000000,), 0, (1000000,), np.float64),
    "sw_ge_last_f64": gather_elements((128, 128, 256), (128, 128, 64), 2, np.float64, np.int32),
    "sw_channel_shuffle": take((8, 256, 28, 28), 1, (256,)),
    "sw_flip_planes": flip((1, 3, 512, 512), (1,)),
    "sw_tiny_strided": strided((16, 16), {0: 2, 1: 2}),
    "sw_scatter_put_4k": scatter_rows(8192, 1024, 4096, add=False),
    "sw_embedding_u8": take((100000, 64), 0, (32, 512), np.uint8, np.int32),
    "sw_crop_nchw": window((8, 3, 256, 256), (0, 0, 16, 16), (8, 3, 240, 240)),
    "sw_rows_f16_32b": take((1000000, 16), 0, (1000000,), np.float16),
    "sw_gather_nd_f64": gather_nd((1024, 1024, 8), 100000, np.float64),
    "sw_rot180_u8": flip((1, 1080, 1920, 3), (1, 2), np.uint8),
    "sw_audio_every2": strided((64, 16000), {1: 2}, np.int16),
    "sw_scatter_elements_small": scatter_elements_add((256, 256), 1),
    "sw_take_h_4d": take((8, 64, 56, 56), 2, (28,)),
    "sw_rows_i32_i32": take((65536, 32), 0, (131072,), np.int32, np.int32),
    "sw_rows2_f16": strided((4096, 64), {0: 2}, np.float16),
    "sw_window_rows": window((100000, 64), (1000, 0), (91000, 64)),
    # A seventh sweep (2026-11-27, near midnight) found a lookup table of
    # 256 bytes applied to an RGB image 2.3x behind XLA (a loop of three
    # elements per pixel), ScatterElements add along axis 0 of a 3-d
    # tensor 2.2x behind torch with two threads (each worker walked every
    # update), a take along axis 1 by 2-d ids 1.6x behind XLA, 16 of each
    # 64-float row gathered 1.3x behind torch (a Go loop per element),
    # a gather_nd of 3-byte pixels 1.6x behind XLA and 20-byte rows 1.4x
    # behind XLA with one thread; kept with the rest of it: 96-byte f16
    # rows, 17-byte i8 rows, GatherElements along axis 0 by i32 ids,
    # 1 KiB gather_nd rows, an RGB f32 image to BGR, a flip of the middle
    # axis, a 1-d i64 flip, every other row backwards, every other f16 of
    # the last axis, a crop of columns, a crop of an NHWC u8 batch,
    # 32-byte index_put rows, a scatter-add into a new output, a tiny f64
    # take, GPT-2's embedding, 960 columns of an RGB image.
    "sw7_lut_u8": take((256,), 0, (1080, 1920, 3), np.uint8, np.int32),
    "sw7_rows_20b": take((100000, 5), 0, (400000,)),
    "sw7_rows_96b_f16": take((200000, 48), 0, (200000,), np.float16, np.int32),
    "sw7_rows_17b_i8": take((100000, 17), 0, (300000,), np.int8),
    "sw7_take_axis1_2d": take((512, 4096), 1, (32, 32)),
    "sw7_ge_4d_axis3": gather_elements((16, 32, 64, 64), (16, 32, 64, 16), 3),
    "sw7_ge_axis0_i32": gather_elements((1024, 2048), (1024, 2048), 0, np.float32, np.int32),
    "sw7_gnd_pixels_u8": gather_nd((512, 512, 3), 200000, np.uint8),
    "sw7_gnd_1k": gather_nd((128, 128, 256), 16384),
    "sw7_bgr_f32": flip((1, 1080, 1920, 3), (3,), np.float32),
    "sw7_flip_mid": flip((64, 512, 64), (1,)),
    "sw7_flip_i64_1d": flip((1000000,), (0,), np.int64),
    "sw7_strided_neg_rows": strided((8192, 1024), {0: -2}),
    "sw7_strided_last_f16": strided((64, 256, 256), {2: 2}, np.float16),
    "sw7_crop_cols": window((4096, 4096), (0, 100), (4096, 3000)),
    "sw7_crop_nhwc_u8": window((4, 1080, 1920, 3), (0, 60, 320, 0), (4, 1020, 1600, 3), np.uint8),
    "sw7_scatter_put_32b": scatter_rows(200000, 8, 100000, add=False),
    "sw7_scatter_grad_copy_512b": scatter_rows(50000, 128, 50000, add=True, inplace=False),
    "sw7_scatter_elements_axis0_3d": scatter_elements_add((64, 256, 128), 0),
    "sw7_tiny_take_f64": take((8, 8), 1, (2,), np.float64),
    "sw7_gpt2_embedding": take((50257, 768), 0, (4, 1024)),
    "sw7_image_cols_u8": take((1080, 1920, 3), 1, (960,), np.uint8),
    # The eighth version's held-out gather_nd by two components, the
    # shapes gatherrow.Take2 was not tuned on: RGBA u8 pixels (4-byte rows,
    # one move each), whole f16 elements of a 32 MiB matrix, 12-byte f32
    # points, 48-byte rows.
    "sw8_gnd_rgba_u8": gather_nd((1024, 1024, 4), 300000, np.uint8),
    "sw8_gnd_f16_elems": gather_nd((4096, 4096), 500000, np.float16),
    "sw8_gnd_pts12": gather_nd((512, 512, 3), 200000),
    "sw8_gnd_rows48": gather_nd((256, 256, 12), 100000),
    # A ninth sweep (2026-11-28), tried as a new user would, found a flip
    # of 100003 i32 2.25x behind torch (every 32-byte store split a
    # line: the length's end off a boundary), GatherElements along axis 0
    # of u8 at a tie, a gather_nd of i32 elements 1.34x behind XLA, three
    # rows of a 1M-float table gathered by 100000 ids 1.34x behind XLA
    # and 400-byte rows 1.12x behind XLA with one thread; kept with the
    # rest of it: 256-byte rows by i32 ids, 384-byte f16 rows of a 96 MiB
    # table, a 1-d i32 take, 12-byte i16 rows, a Llama-sized f16
    # embedding, a table of 40-byte rows read by 262144 ids, 100 f16
    # columns, a GatherElements permutation of each row, the last axis of
    # f16 by i64, gather_nd of 32-byte f16 rows and 4 KiB rows, middle-axis
    # takes of f16 and of 4-byte u8 runs, a planar u8 image flipped on its
    # width, i16 columns flipped, a 3-d f16 flip, tiny takes, rows reversed
    # with every other column, an RGB image subsampled by four, 96-byte
    # gradient rows, a hot 1000-row table's gradient, a ScatterElements
    # along a 512-wide axis, a window of the middle axis.
    "s9_rows_400b": take((20000, 100), 0, (50000,)),
    "s9_rows_256b_i32": take((65536, 64), 0, (32768,), np.float32, np.int32),
    "s9_rows_big_f16_384b": take((262144, 192), 0, (65536,), np.float16, np.int32),
    "s9_scalars_i32": take((2000000,), 0, (2000000,), np.int32, np.int32),
    "s9_rows_12b_i16": take((500000, 6), 0, (500000,), np.int16),
    "s9_llama_embed": take((32000, 4096), 0, (1, 64), np.float16, np.int32),
    "s9_embed_small": take((1000, 10), 0, (512, 512)),
    "s9_cols_f16_100": take((8192, 512), 1, (100,), np.float16),
    "s9_cols_3xN": take((3, 1000000), 1, (100000,)),
    "s9_ge_perm": gather_elements((512, 4096), (512, 4096), 1, np.float32, np.int32),
    "s9_ge_last_f16": gather_elements((16, 64, 1024), (16, 64, 32), 2, np.float16),
    "s9_ge_axis0_i8": gather_elements((4096, 256), (2048, 256), 0, np.int8),
    "s9_gnd_i32_elems": gather_nd((1024, 1024), 200000, np.int32),
    "s9_gnd_rows32_f16": gather_nd((128, 128, 16), 65536, np.float16),
    "s9_gnd_4k": gather_nd((32, 32, 1024), 10000),
    "s9_mid_f16": take((128, 256, 16), 1, (300,), np.float16),
    "s9_mid_u8_4b": take((4, 8192, 4), 1, (4096,), np.uint8),
    "s9_hflip_planar_u8": flip((3, 1080, 1920), (2,), np.uint8),
    "s9_flip_cols_i16": flip((1024, 1024), (1,), np.int16),
    "s9_flip_f16_3d": flip((512, 512, 16), (0, 1), np.float16),
    "s9_flip_odd_1d_i32": flip((100003,), (0,), np.int32),
    "s9_tiny_take_1": take((1000,), 0, (1,)),
    "s9_tiny_3d_i8": take((4, 4, 4), 1, (2,), np.int8),
    "s9_strided_revrows_cols2": strided((2048, 2048), {0: -1, 1: 2}),
    "s9_downsample4_u8": strided((1000, 1000, 3), {0: 4, 1: 4}, np.uint8),
    "s9_scatter_grad_96b": scatter_rows(50000, 24, 100000, add=True),
    "s9_scatter_hot": scatter_rows(1000, 256, 50000, add=True),
    "s9_scatter_elements_wide": scatter_elements_add((2048, 512), 1),
    "s9_window_mid": window((64, 512, 512), (0, 128, 0), (64, 384, 512)),
    # Found while fixing the flip above: rows that are not a whole number
    # of 64-byte lines, reversed with non-temporal stores, went to memory
    # in parts (1000 i16 per row 2.6x the time of 1024); GatherElements
    # along axis 0 of wider blocks.
    "s9_flip_rows_2000b": flip((1024, 1000), (1,), np.int16),
    "s9_hflip_rgb_1000": flip((1, 1000, 1000, 3), (2,), np.uint8),
    "s9_ge_axis0_f64": gather_elements((2048, 1024), (512, 1024), 0, np.float64),
    "s9_ge_axis0_big": gather_elements((8192, 1024), (1024, 1024), 0),
    # The tenth sweep, held out from the changes that closed the ninth's
    # cells (few long rows by the same ids, axis-0 GatherElements of big
    # blocks, gather_nd of single elements, sparse gathers with small
    # outputs): other sizes, dtypes, index types and axes of each.
    "s10_cols_5xN_i32": take((5, 500000), 1, (200000,), np.float32, np.int32),
    "s10_cols_2xN_f16": take((2, 2000000), 1, (300000,), np.float16),
    "s10_mid_few_rows": take((4, 100000, 8), 1, (50000,)),
    "s10_cols_16xN_u8": take((16, 262144), 1, (65536,), np.uint8),
    "s10_ge_axis0_f64_2k": gather_elements((16384, 256), (2048, 256), 0, np.float64),
    "s10_ge_axis0_i32_i32": gather_elements((8192, 1024), (512, 1024), 0, np.int32, np.int32),
    "s10_ge_axis0_f32_2k": gather_elements((16384, 512), (768, 512), 0),
    "s10_gnd_f32_elems": gather_nd((2048, 2048), 500000),
    "s10_gnd_f16_elems": gather_nd((1024, 4096), 300000, np.float16),
    "s10_gnd_u8_elems": gather_nd((4096, 4096), 400000, np.uint8),
    "s10_ge_last_small_f32": gather_elements((8, 128, 2048), (8, 128, 16), 2),
    "s10_ge_last_small_u8": gather_elements((32, 32, 4096), (32, 32, 48), 2, np.uint8, np.int32),
    # The eleventh sweep, tried as a new user would before this version's
    # changes: other sizes, dtypes and axes of every class. It found the
    # axis-0 ScatterElements adds of big tables (a block's lines a row
    # stride apart) and 256-byte gradient rows of a 25 MB table.
    "s11_rows_64b_i32": take((500000, 16), 0, (250000,), idt=np.int32),
    "s11_rows_2k": take((65536, 512), 0, (16384,)),
    "s11_embed_f16_1k": take((50000, 512), 0, (16, 256), np.float16, np.int64),
    "s11_embed_f32_i32": take((10000, 300), 0, (128, 64), np.float32, np.int32),
    "s11_cols_i8": take((4096, 4096), 1, (333,), np.int8),
    "s11_cols_f64_i32": take((2048, 1024), 1, (512,), np.float64, np.int32),
    "s11_ge_i64data": gather_elements((2048, 1024), (2048, 256), 1, np.int64),
    "s11_ge_axis0_f16": gather_elements((4096, 512), (1024, 512), 0, np.float16),
    "s11_ge_mid_f16": gather_elements((32, 1024, 32), (32, 256, 32), 1, np.float16, np.int32),
    "s11_gnd_64b": gather_nd((512, 512, 16), 100000),
    "s11_gnd_k1_f16": gather_nd((200000, 32), 100000, np.float16, k=1),
    "s11_mid_i16": take((64, 2048, 16), 1, (1000,), np.int16),
    "s11_mid_f64_i32": take((16, 4096, 8), 1, (4096,), np.float64, np.int32),
    "s11_last_i32": take((256, 256, 256), 2, (64,), np.int32),
    "s11_flip0_f64": flip((4096, 2048), (0,), np.float64),
    "s11_flip1_u8_odd": flip((2000, 3001), (1,), np.uint8),
    "s11_flip_both_i16": flip((3000, 3000), (0, 1), np.int16),
    "s11_flip_last_big": flip((16, 1024, 1024), (2,)),
    "s11_tiny_f16": take((32, 32), 1, (4,), np.float16),
    "s11_tiny_ge": gather_elements((4, 8), (4, 3), 1),
    "s11_strided_2x2_f16": strided((4096, 4096), {0: 2, 1: 2}, np.float16),
    "s11_strided_5x5": strided((5000, 5000), {0: 5, 1: 5}),
    "s11_strided_3x3_u8": strided((3000, 3000, 3), {0: 3, 1: 3}, np.uint8),
    "s11_scatter_grad_256b": scatter_rows(100000, 64, 100000, add=True),
    "s11_scatter_put_16b": scatter_rows(500000, 4, 200000, add=False),
    "s11_scatter_el_axis1": scatter_elements_add((8192, 512), 1),
    "s11_scatter_el_axis0_big": scatter_elements_add((4096, 2048), 0),
    "s11_scatter_grad_copy_128b": scatter_rows(65536, 32, 131072, add=True, inplace=False),
    "s11_window_f16": window((32, 1024, 1024), (0, 100, 100), (32, 900, 900), np.float16),
    # The twelfth, after the eleventh's scratch for axis-0 adds: more
    # axis-0 GatherElements and ScatterElements (tall, 3-d, into a new
    # output), gradient rows of 160 to 512 bytes, 3 KiB f16 rows, 40-byte
    # i64 rows, both strides of a strided slice, gather_nd of f64.
    "s12_ge_axis0_pow2": gather_elements((4096, 2048), (4096, 2048), 0),
    "s12_ge_axis0_f16_wide": gather_elements((2048, 4096), (2048, 4096), 0, np.float16, np.int32),
    "s12_ge_axis0_few": gather_elements((8192, 1024), (256, 1024), 0),
    "s12_se_axis0_3d": scatter_elements_add((512, 64, 256), 0),
    "s12_se_axis1_3d": scatter_elements_add((64, 1024, 64), 1),
    "s12_se_axis0_copy": scatter_elements_add((2048, 1024), 0, inplace=False),
    "s12_se_axis0_tall": scatter_elements_add((16384, 512), 0),
    "s12_scatter_grad_192b": scatter_rows(200000, 48, 150000, add=True),
    "s12_scatter_grad_256b_small": scatter_rows(20000, 64, 100000, add=True),
    "s12_scatter_put_256b": scatter_rows(100000, 64, 50000, add=False),
    "s12_rows_3k_f16": take((20000, 1536), 0, (4096,), np.float16, np.int32),
    "s12_rows_40b_i64": take((1000000, 5), 0, (500000,), np.int64),
    "s12_cols_f32_many": take((1024, 8192), 1, (4096,)),
    "s12_mid_axis_2k": take((16, 1024, 512), 1, (256,)),
    "s12_flip_all_4d": flip((8, 64, 64, 64), (0, 1, 2, 3)),
    "s12_flip_mid_f16": flip((128, 1024, 64), (1,), np.float16),
    "s12_strided_2x2_f32": strided((4096, 4096), {0: 2, 1: 2}),
    "s12_strided_neg3": strided((3000, 3000), {1: -3}),
    "s12_gnd_f64": gather_nd((512, 512, 4), 200000, np.float64),
    "s12_gnd_k3_rows": gather_nd((32, 32, 32, 64), 50000, k=3),
    "s12_window_rows_f64": window((50000, 128), (5000, 0), (45000, 128), np.float64),
    "s12_embed_f32_big": take((200000, 256), 0, (32, 128), np.float32, np.int32),
}
SETS = {"main": WORKLOADS, "heldout": HELDOUT, "sweep": SWEEP}

ONNX_TYPES = {"bool": 9, "float32": 1, "uint8": 2, "int8": 3, "uint16": 4, "int16": 5, "int32": 6, "int64": 7, "float16": 10,
              "float64": 11, "uint32": 12, "uint64": 13}


def moved_bytes(args, out):
    idx = sum(a.nbytes for a in args[1:])
    return 2 * out.nbytes + idx


def pin(threads):
    """preexec_fn that pins a one-thread run to one core."""
    if threads != 1:
        return None
    cpu = min(os.sched_getaffinity(0))
    return lambda: os.sched_setaffinity(0, {cpu})


def cpu_seconds_children():
    import resource
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def build_tools(d, root=ROOT, sub="bin"):
    bindir = os.path.join(d, sub)
    subprocess.run(["go", "build", "-o", bindir + "/", "./cmd/tcp-run", "./cmd/tcp-opt", "./cmd/tcp-translate"],
                   cwd=root, check=True)
    return bindir


def prepare_tcp(bindir, d, name):
    """ONNX model -> onnx dialect -> tcp, as a user's model would go."""
    model = os.path.join(d, name + ".onnx")
    onnx_mlir = os.path.join(d, name + ".onnx.mlir")
    tcp_mlir = os.path.join(d, name + ".tcp.mlir")
    subprocess.run([os.path.join(bindir, "tcp-translate"), "--import-onnx", model, "-o", onnx_mlir], check=True)
    subprocess.run([os.path.join(bindir, "tcp-opt"), "--convert-frontends-to-tcp", "--canonicalize", onnx_mlir,
                    "-o", tcp_mlir], check=True)
    return tcp_mlir


def run_tcp(bindir, d, name, nargs, n, workers, extra=(), warmup=0):
    mlir = os.path.join(d, name + ".tcp.mlir")
    args = [os.path.join(d, "%s_%d.npy" % (name, k)) for k in range(nargs)]
    out = os.path.join(d, "tcp_out_%d" % workers)
    os.makedirs(out, exist_ok=True)
    cmd = [os.path.join(bindir, "tcp-run"), mlir, *args, "--backend=go", "--bench", str(n),
           "--workers", str(workers), "--out-dir", out, *extra]
    if warmup > 0:
        cmd += ["--bench-warmup", "%gs" % warmup]
    for attempt in (1, 2):
        c0, w0 = cpu_seconds_children(), time.perf_counter()
        r = subprocess.run(cmd, capture_output=True, text=True, preexec_fn=pin(workers))
        ratio = (cpu_seconds_children() - c0) / (time.perf_counter() - w0)
        if r.returncode == 0:
            break
        # Say why (tcp-run's own error), then try once more: a second
        # failure ends the run with that error.
        print("tcp-run failed (exit %d, attempt %d): %s\n%s" % (r.returncode, attempt, " ".join(cmd),
              "\n".join(r.stderr.strip().splitlines()[-5:])), file=sys.stderr)
        if attempt == 2:
            raise subprocess.CalledProcessError(r.returncode, cmd, r.stdout, r.stderr)
    secs = float([l for l in r.stdout.splitlines() + r.stderr.splitlines() if l.startswith("bench:")][0].split()[3])
    return secs, np.load(os.path.join(out, "result_0.npy")), ratio


PEER_SCRIPT = r'''
import json, os, sys, time, numpy as np
kind, threads, n, d, name, spec = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], json.loads(sys.argv[6])
args = [np.load(os.path.join(d, "%s_%d.npy" % (name, k))) for k in range(spec["nargs"])]
def timeit(f):
    f(); f()
    w0 = time.perf_counter()
    while time.perf_counter() - w0 < spec.get("warmup", 0):
        f()
    ts = []
    c0, w0 = time.process_time(), time.perf_counter()
    for _ in range(n):
        t0 = time.perf_counter(); f(); ts.append(time.perf_counter() - t0)
    # CPU / wall over at least 0.2 s of calls (the timed ones and more):
    # over a few microseconds the process's CPU clock is too coarse.
    while time.perf_counter() - w0 < 0.2:
        f()
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    ts.sort(); return ts[len(ts) // 2], cpu / wall
def x64(jax):
    # 64-bit data (f64, i64, u64) needs jax's x64 mode, or jax computes in
    # 32 bits; index arrays alone do not (jax's default narrows them to
    # int32, as a user's jax program gets), unless --jax-x64 asks for the
    # ids as they are.
    if args[0].dtype.itemsize == 8 or spec.get("x64"):
        jax.config.update("jax_enable_x64", True)
if kind == "xla" and spec.get("inplace"):
    # A scatter at its best in XLA: the operand donated, so the update is
    # done in place (no copy of x per call; each call's result is the next
    # call's operand, and the first call's result is the one checked).
    import jax, jax.numpy as jnp
    x64(jax)
    f = jax.jit(eval(spec["jax"]), donate_argnums=0)
    xs = [jax.device_put(a) for a in args]
    state = [f(jax.device_put(args[0]), *xs[1:])]
    out = np.array(state[0])
    def step():
        state[0] = f(state[0], *xs[1:]); state[0].block_until_ready()
    t, ratio = timeit(step)
elif kind == "xla":
    import jax, jax.numpy as jnp
    x64(jax)
    f = jax.jit(eval(spec["jax"]))
    xs = [jax.device_put(a) for a in args]
    out = np.asarray(f(*xs))
    t, ratio = timeit(lambda: f(*xs).block_until_ready())
elif kind == "torch" and spec.get("inplace"):
    # In place on a copy made once (index_add_ and friends): each call
    # updates it again; the first call's result is the one checked.
    import torch
    torch.set_num_threads(threads)
    xs = [torch.from_numpy(a) for a in args]
    o = xs[0].clone(); g = eval(spec["torch_inplace"])
    g(o, *xs[1:]); out = o.numpy().copy()
    t, ratio = timeit(lambda: g(o, *xs[1:]))
elif kind == "ort" and spec.get("inplace"):
    # In place: the input x and the output bound to one buffer (ONNX
    # Runtime's scatters skip their copy when the two are the same).
    import onnxruntime as ort
    so = ort.SessionOptions(); so.intra_op_num_threads = threads; so.inter_op_num_threads = 1
    s = ort.InferenceSession(os.path.join(d, name + ".onnx"), so, providers=["CPUExecutionProvider"])
    names = [i.name for i in s.get_inputs()]
    io = s.io_binding()
    buf = ort.OrtValue.ortvalue_from_numpy(args[0].copy())
    io.bind_ortvalue_input(names[0], buf)
    for nm, a in zip(names[1:], args[1:]):
        io.bind_ortvalue_input(nm, ort.OrtValue.ortvalue_from_numpy(a))
    io.bind_ortvalue_output(s.get_outputs()[0].name, buf)
    s.run_with_iobinding(io); out = buf.numpy().copy()
    t, ratio = timeit(lambda: s.run_with_iobinding(io))
elif kind == "torch":
    import torch
    torch.set_num_threads(threads)
    xs = [torch.from_numpy(a) for a in args]
    out = eval(spec["torch"])(*xs)
    if spec.get("torch_out"):
        g = eval(spec["torch_out"]); o = torch.from_numpy(np.empty_like(out.numpy()))
        t, ratio = timeit(lambda: g(*xs, o))
        out = o
    else:
        f = eval(spec["torch"])
        t, ratio = timeit(lambda: f(*xs))
    out = out.numpy()
elif kind == "ort":
    import onnxruntime as ort
    so = ort.SessionOptions(); so.intra_op_num_threads = threads; so.inter_op_num_threads = 1
    s = ort.InferenceSession(os.path.join(d, name + ".onnx"), so, providers=["CPUExecutionProvider"])
    names = [i.name for i in s.get_inputs()]
    out = s.run(None, dict(zip(names, args)))[0]
    io = s.io_binding()
    for nm, a in zip(names, args):
        io.bind_ortvalue_input(nm, ort.OrtValue.ortvalue_from_numpy(a))
    res = ort.OrtValue.ortvalue_from_numpy(np.empty_like(out))
    io.bind_ortvalue_output(s.get_outputs()[0].name, res)
    t, ratio = timeit(lambda: s.run_with_iobinding(io))
    out = res.numpy()
else:
    import iree.runtime as rt
    cfg = rt.Config("local-task") if threads > 1 else rt.Config("local-sync")
    ctx = rt.SystemContext(config=cfg)
    with open(os.path.join(d, name + ".vmfb"), "rb") as fh:
        ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, fh.read()))
    fn = ctx.modules.module[name]
    out = np.asarray(fn(*args)); t, ratio = timeit(lambda: fn(*args))
np.save(os.path.join(d, "%s_%s_%d.npy" % (name, kind, threads)), out)
print(t, ratio)
'''


def torch_version():
    from importlib.metadata import version
    try:
        return version("torch").split("+")[0]
    except Exception:  # noqa: BLE001
        return "missing"


def run_peer(kind, threads, n, d, name, spec, xla_dump=None, warmup=0, jax_x64=False):
    env = dict(os.environ)
    flags = []
    if threads == 1:
        env["OMP_NUM_THREADS"] = "1"
        if kind == "xla":
            # NPROC sizes XLA's CPU thread pool (tsl's MaxParallelism);
            # the flag keeps Eigen's own pool off.
            flags.append("--xla_cpu_multi_thread_eigen=false")
            env["NPROC"] = "1"
    if kind == "xla" and xla_dump:
        flags.append("--xla_dump_to=" + os.path.join(xla_dump, "%s_%dthread" % (name, threads)))
    if flags:
        env["XLA_FLAGS"] = " ".join(flags)
    script = os.path.join(d, "peer.py")
    if not os.path.exists(script):
        with open(script, "w") as f:
            f.write(PEER_SCRIPT)
    s = {k: spec.get(k) for k in ("jax", "torch", "torch_out", "nargs", "inplace", "torch_inplace")}
    s["warmup"] = warmup
    s["x64"] = jax_x64
    try:
        r = subprocess.run([sys.executable, script, kind, str(threads), str(n), d, name, json.dumps(s)], env=env,
                           capture_output=True, text=True, check=True, preexec_fn=pin(threads))
    except subprocess.CalledProcessError as e:
        return None, None, None, e.stderr.strip().splitlines()[-1:] if e.stderr else ["failed"]
    out = np.load(os.path.join(d, "%s_%s_%d.npy" % (name, kind, threads)))
    t, ratio = r.stdout.strip().splitlines()[-1].split()
    return float(t), out, float(ratio), None


def build_onnx(d, name, spec, args):
    import onnx
    from onnx import helper
    op, attrs = spec["onnx"]
    names = ["x", "i", "u"][:len(args)]
    consts = spec.get("consts", [])
    inits = [helper.make_tensor(c, ONNX_TYPES["int64"], [len(v)], v) for c, v in consts]
    g = helper.make_graph([helper.make_node(op, names + [c for c, _ in consts], ["y"], **attrs)], name,
                          [helper.make_tensor_value_info(v, ONNX_TYPES[a.dtype.name], list(a.shape)) for v, a in zip(names, args)],
                          [helper.make_tensor_value_info("y", ONNX_TYPES[args[0].dtype.name], None)], initializer=inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)])
    m = onnx.shape_inference.infer_shapes(m)
    path = os.path.join(d, name + ".onnx")
    onnx.save(m, path)
    bindir = os.path.dirname(sys.executable)
    mlir = os.path.join(d, name + ".iree.mlir")
    subprocess.run([os.path.join(bindir, "iree-import-onnx"), path, "-o", mlir], check=True, capture_output=True)
    subprocess.run([os.path.join(bindir, "iree-compile"), mlir, "--iree-hal-target-backends=llvm-cpu",
                    "--iree-llvmcpu-target-cpu=host", "-o", os.path.join(d, name + ".vmfb")], check=True, capture_output=True)


def same_bits(a, b):
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()


def loadavg():
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "unknown"


def thp_mode():
    try:
        m = open("/sys/kernel/mm/transparent_hugepage/enabled").read().strip()
        return m[m.index("[") + 1:m.index("]")] if "[" in m else m
    except OSError:
        return "unavailable"


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def header(jax_x64=False):
    ids = ("index arrays: --jax-x64, jax's x64 mode for every workload: XLA reads int64 ids as int64, as the other"
           " sides do" if jax_x64 else
           "index arrays: jax's default 32-bit mode narrows int64 ids to int32 when they are put on the device,"
           " before the timed calls (as a user's jax program gets), so XLA's kernels read half the index bytes"
           " of the other sides' where the workload's ids are int64 and its data is not 64-bit")
    return "\n".join([
        "load average (1, 5, 15 min): " + loadavg(),
        "transparent huge pages: mode %s; the peers' large arrays (numpy, XLA) and tcp-run's buffers (hugemem) are"
        " all advised MADV_HUGEPAGE" % thp_mode(),
        "cpus: %d (%s); one-thread runs pinned to one core" % (NCPU, cpu_model()),
        ids,
    ])


def progress(rnd, name, threads, who, t):
    """One line per measurement on stderr, so a long run shows where it is."""
    print("round %d %s %d thread(s) %s: %.3f ms" % (rnd + 1, name, threads, who, t * 1e3), file=sys.stderr, flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=10, help="timed calls per measurement (median)")
    ap.add_argument("-r", "--rounds", type=int, default=3, help="interleaved rounds (best of rounds is reported)")
    ap.add_argument("--set", choices=sorted(SETS), default="main",
                    help="the workload set: main (the README table's), heldout (other sizes, dtypes, index types"
                         " and axes of the same shape classes) or sweep (more of them, tried after the held-out set)")
    ap.add_argument("--workload", action="append", default=[], metavar="NAME=EXPR",
                    help="add a workload, EXPR a call of take, gather_elements, gather_nd, flip, strided, window, scatter_rows or"
                         " scatter_elements_add (np is numpy), e.g. 'mine=take((50000,64),0,(4096,),np.float16,np.int32)';"
                         " repeatable")
    ap.add_argument("--only", default="", help="comma-separated workload names (default: the whole set)")
    ap.add_argument("--peers", default="xla,ort,iree,torch")
    ap.add_argument("--baseline", metavar="CHECKOUT",
                    help="also time the Go kernels of another checkout of tcp (e.g. main's worktree) in the same rounds,"
                         " as a 'tcp baseline' column: before and after in one run")
    ap.add_argument("--jax-x64", action="store_true",
                    help="run jax in its x64 mode for every workload, so XLA reads int64 ids as int64, the index bytes"
                         " the other sides read (by default jax narrows them to int32)")
    ap.add_argument("--xla-dump", metavar="DIR", help="XLA_FLAGS=--xla_dump_to=DIR/<workload>_<n>thread for every XLA run")
    ap.add_argument("--warmup", type=float, default=0.2, metavar="SECONDS",
                    help="before its timed calls, every side (tcp-run --bench-warmup, each peer) repeats untimed calls"
                         " for at least SECONDS (default 0.2; 0: tcp after its one checked call, the peers after two),"
                         " so that the median is of calls whose buffers have settled in the cache")
    ap.add_argument("--list", action="store_true", help="list the workloads and exit")
    a = ap.parse_args()
    workloads = dict(SETS[a.set])
    env = {k: globals()[k] for k in ("take", "gather_elements", "gather_nd", "flip", "strided", "window", "scatter_rows",
                                      "scatter_elements_add")}
    env["np"] = np
    for w in a.workload:
        name, eq, expr = w.partition("=")
        if not eq or not name.isidentifier():
            ap.error("--workload %r: want NAME=EXPR, NAME an identifier" % w)
        try:
            workloads[name] = eval(expr, {"__builtins__": {}}, env)
        except Exception as e:  # noqa: BLE001
            ap.error("--workload %s: %s" % (name, e))
    if a.list:
        for k, w in workloads.items():
            print("%-18s %s" % (k, w["desc"]))
        return
    names = [s for s in a.only.split(",") if s] or list(workloads)
    for s in names:
        if s not in workloads:
            ap.error("unknown workload %r (--list shows the set's)" % s)
    peers = [s for s in a.peers.split(",") if s]
    threads_list = sorted({1, NCPU})
    started, load_before = time.time(), loadavg()
    print(header(a.jax_x64))
    with tempfile.TemporaryDirectory(prefix="tcp-peers-") as d:
        bindir = build_tools(d)
        basedir = build_tools(d, os.path.abspath(a.baseline), "bin-baseline") if a.baseline else None
        data = {}
        for name in names:
            spec = workloads[name]
            args = spec["make"](np.random.default_rng(1))
            spec["nargs"] = len(args)
            for k, arr in enumerate(args):
                np.save(os.path.join(d, "%s_%d.npy" % (name, k)), arr)
            try:
                build_onnx(d, name, spec, args)
                prepare_tcp(bindir, d, name)
            except subprocess.CalledProcessError as e:
                err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else e.stderr or ""
                print("skipping %s: %s" % (name, " ".join(err.strip().splitlines()[-1:]) or e), file=sys.stderr)
                continue
            data[name] = args
        names = [n for n in names if n in data]
        # times[(name, threads, who)] = list of per-round medians
        times, cpu, outs, errs, ulps = {}, {}, {}, {}, {}
        for rnd in range(a.rounds):
            for name in names:
                spec = workloads[name]
                for threads in threads_list:
                    inplace = ["--in-place"] if spec.get("inplace") else []
                    t, ref, c = run_tcp(bindir, d, name, spec["nargs"], a.n, threads, inplace, a.warmup)
                    times.setdefault((name, threads, "tcp"), []).append(t)
                    progress(rnd, name, threads, "tcp", t)
                    cpu[(name, threads, "tcp")] = max(cpu.get((name, threads, "tcp"), 0), c)
                    if basedir:
                        bt, bref, bc = run_tcp(basedir, d, name, spec["nargs"], a.n, threads, inplace, a.warmup)
                        key = (name, threads, "base")
                        if same_bits(bref, ref):
                            times.setdefault(key, []).append(bt)
                            cpu[key] = max(cpu.get(key, 0), bc)
                        else:
                            errs[key] = "DIFFERS from tcp"
                    outs[(name, threads)] = ref
                    for p in peers:
                        pt, out, ratio, err = run_peer(p, threads, a.n, d, name, spec, a.xla_dump and os.path.abspath(a.xla_dump),
                                                       a.warmup, a.jax_x64)
                        key = (name, threads, p)
                        if pt is None:
                            errs[key] = " ".join(err)[:60]
                            continue
                        if not same_bits(out, ref):
                            wrong = check_sums(spec, data[name], out, ref) if spec.get("dups") else "DIFFERS from tcp"
                            if wrong:
                                errs[key] = wrong
                                continue
                            ulps[key] = max(ulps.get(key, 0), max_ulps(out, ref))
                        times.setdefault(key, []).append(pt)
                        cpu[key] = max(cpu.get(key, 0), ratio)
                        progress(rnd, name, threads, p, pt)
        minutes = (time.time() - started) / 60
        print("\n%d workload(s), %d round(s) of %d calls, %s; load average %s before, %s after; %.1f minutes; THP mode %s,"
              " every side's large buffers advised MADV_HUGEPAGE%s"
              % (len(names), a.rounds, a.n, cpu_model(), load_before, loadavg(), minutes, thp_mode(),
                 "; every side warmed up with at least %g s of untimed calls before its timed ones" % a.warmup
                 if a.warmup > 0 else ""))
        for threads in threads_list:
            what = "one thread, every process pinned to one core" if threads == 1 else "%d threads" % threads
            print("\n%s; GB/s moved (2 x output + index bytes), best of %d rounds of the median of %d calls;"
                  " [CPU s / wall s] of each process (tcp: the whole tcp-run); last column: tcp time / best peer time"
                  " (below 1: tcp is faster), with the spread (slowest / best round) of tcp and that peer:\n"
                  % (what, a.rounds, a.n))
            base_head = ("tcp baseline | baseline / best peer | ", "---|---|") if basedir else ("", "")
            print("| workload | tcp Go kernel | XLA CPU (jax) | ONNX Runtime | IREE llvm-cpu | torch %s | %stcp time / best peer (spread tcp, peer) |"
                  % (torch_version(), base_head[0]))
            print("|---|---|---|---|---|---|%s---|" % base_head[1])
            for name in names:
                gb = moved_bytes(data[name], outs[(name, threads)]) / 1e9
                tt = times[(name, threads, "tcp")]
                cells, best = [], None
                for p in ["xla", "ort", "iree", "torch"]:
                    key = (name, threads, p)
                    if p not in peers:
                        cells.append("-")
                    elif key in errs:
                        cells.append(("" if errs[key].startswith("WRONG") else "failed: ") + errs[key])
                    else:
                        pt = min(times[key])
                        cells.append("%.2f [%.2f]" % (gb / pt, cpu[key]) + scatter_note(ulps.get(key)))
                        if best is None or pt < best[1]:
                            best = (p, pt, max(times[key]) / pt)
                ratio = "-"
                if best:
                    ratio = "%.2f vs %s (%.2f, %.2f)" % (min(tt) / best[1], best[0], max(tt) / min(tt), best[2])
                if basedir:
                    key = (name, threads, "base")
                    if key in errs:
                        cells += [errs[key], "-"]
                    else:
                        bt = times[key]
                        cells += ["%.2f [%.2f]" % (gb / min(bt), cpu[key]),
                                  "%.2f vs %s" % (min(bt) / best[1], best[0]) if best else "-"]
                print("| %s | %.2f [%.2f] | %s | %s |" % (name, gb / min(tt), cpu[(name, threads, "tcp")], " | ".join(cells), ratio))


if __name__ == "__main__":
    main()
