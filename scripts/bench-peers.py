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
"tcp baseline" column: before and after from one run.

  .venv-oracles/bin/python scripts/bench-peers.py [-n CALLS] [-r ROUNDS] [--only NAME,...] [--peers xla,ort,iree,torch]
      [--baseline CHECKOUT] [--xla-dump DIR] [--list]
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
    """A Gather (index_select / take along one axis) workload."""
    def make(r):
        x = r.standard_normal(shape).astype(dtype)
        n = shape[axis]
        i = r.integers(-n if lo == "neg" else 0, n, ids).astype(idt)
        return [x, i]
    ax = ":, " * axis
    return dict(onnx=("Gather", {"axis": axis}), make=make,
                jax="lambda x, i: jnp.take(x, i, axis=%d)" % axis,
                torch="lambda x, i: torch.index_select(x, %d, i.reshape(-1)).reshape(%s)" % (
                    axis, "x.shape[:%d] + i.shape + x.shape[%d:]" % (axis, axis + 1)),
                torch_out=("lambda x, i, o: torch.index_select(x, %d, i.reshape(-1), out=o.view(%s))" % (
                    axis, "x.shape[:%d] + (i.numel(),) + x.shape[%d:]" % (axis, axis + 1))) if len(ids) == 1 or axis == 0 else None,
                desc="Gather axis %d of %s %s by %s %s ids" % (axis, "x".join(map(str, shape)), np.dtype(dtype).name,
                                                              "x".join(map(str, ids)), np.dtype(idt).name))


def gather_elements(shape, ishape, axis):
    def make(r):
        return [r.standard_normal(shape).astype(np.float32), r.integers(0, shape[axis], ishape).astype(np.int64)]
    return dict(onnx=("GatherElements", {"axis": axis}), make=make,
                jax="lambda x, i: jnp.take_along_axis(x, i, axis=%d)" % axis,
                torch="lambda x, i: torch.gather(x, %d, i)" % axis,
                torch_out="lambda x, i, o: torch.gather(x, %d, i, out=o)" % axis,
                desc="GatherElements axis %d of %s by %s" % (axis, "x".join(map(str, shape)), "x".join(map(str, ishape))))


def gather_nd(shape, n):
    def make(r):
        return [r.standard_normal(shape).astype(np.float32),
                np.stack([r.integers(0, shape[0], n), r.integers(0, shape[1], n)], axis=1).astype(np.int64)]
    return dict(onnx=("GatherND", {}), make=make,
                jax="lambda x, i: x[i[:, 0], i[:, 1]]",
                torch="lambda x, i: x[i[:, 0], i[:, 1]]",
                desc="GatherND of %s by [%d,2]" % ("x".join(map(str, shape)), n))


def flip(shape):
    big = np.iinfo(np.int64).min
    return dict(onnx=("Slice", {}), make=lambda r: [r.standard_normal(shape).astype(np.float32)],
                consts=[("starts", [-1, -1]), ("ends", [big, big]), ("axes", [0, 1]), ("steps", [-1, -1])],
                jax="lambda x: x[::-1, ::-1]", torch="lambda x: torch.flip(x, [0, 1])",
                desc="Slice with steps -1, -1 (both-axis flip) of %s" % "x".join(map(str, shape)))


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

ONNX_TYPES = {"float32": 1, "int32": 6, "int64": 7, "float16": 10}


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


def run_tcp(bindir, d, name, nargs, n, workers):
    mlir = os.path.join(d, name + ".tcp.mlir")
    args = [os.path.join(d, "%s_%d.npy" % (name, k)) for k in range(nargs)]
    out = os.path.join(d, "tcp_out_%d" % workers)
    os.makedirs(out, exist_ok=True)
    cmd = [os.path.join(bindir, "tcp-run"), mlir, *args, "--backend=go", "--bench", str(n),
           "--workers", str(workers), "--out-dir", out]
    c0, w0 = cpu_seconds_children(), time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, check=True, preexec_fn=pin(workers))
    ratio = (cpu_seconds_children() - c0) / (time.perf_counter() - w0)
    secs = float([l for l in r.stdout.splitlines() + r.stderr.splitlines() if l.startswith("bench:")][0].split()[3])
    return secs, np.load(os.path.join(out, "result_0.npy")), ratio


PEER_SCRIPT = r'''
import json, os, sys, time, numpy as np
kind, threads, n, d, name, spec = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], json.loads(sys.argv[6])
args = [np.load(os.path.join(d, "%s_%d.npy" % (name, k))) for k in range(spec["nargs"])]
def timeit(f):
    f(); f()
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
if kind == "xla":
    import jax, jax.numpy as jnp
    f = jax.jit(eval(spec["jax"]))
    xs = [jax.device_put(a) for a in args]
    out = np.asarray(f(*xs))
    t, ratio = timeit(lambda: f(*xs).block_until_ready())
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


def run_peer(kind, threads, n, d, name, spec, xla_dump=None):
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
    s = {k: spec.get(k) for k in ("jax", "torch", "torch_out", "nargs")}
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
    names = ["x", "i"][:len(args)]
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


def header():
    return "\n".join([
        "load average (1, 5, 15 min): " + loadavg(),
        "transparent huge pages: mode %s; the peers' large arrays (numpy, XLA) and tcp-run's buffers (hugemem) are"
        " all advised MADV_HUGEPAGE" % thp_mode(),
        "cpus: %d (%s); one-thread runs pinned to one core" % (NCPU, cpu_model()),
    ])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=10, help="timed calls per measurement (median)")
    ap.add_argument("-r", "--rounds", type=int, default=3, help="interleaved rounds (best of rounds is reported)")
    ap.add_argument("--only", default=",".join(WORKLOADS))
    ap.add_argument("--peers", default="xla,ort,iree,torch")
    ap.add_argument("--baseline", metavar="CHECKOUT",
                    help="also time the Go kernels of another checkout of tcp (e.g. main's worktree) in the same rounds,"
                         " as a 'tcp baseline' column: before and after in one run")
    ap.add_argument("--xla-dump", metavar="DIR", help="XLA_FLAGS=--xla_dump_to=DIR/<workload>_<n>thread for every XLA run")
    ap.add_argument("--list", action="store_true", help="list the workloads and exit")
    a = ap.parse_args()
    if a.list:
        for k, w in WORKLOADS.items():
            print("%-18s %s" % (k, w["desc"]))
        return
    names = [s for s in a.only.split(",") if s]
    peers = [s for s in a.peers.split(",") if s]
    threads_list = sorted({1, NCPU})
    started, load_before = time.time(), loadavg()
    print(header())
    with tempfile.TemporaryDirectory(prefix="tcp-peers-") as d:
        bindir = build_tools(d)
        basedir = build_tools(d, os.path.abspath(a.baseline), "bin-baseline") if a.baseline else None
        data = {}
        for name in names:
            spec = WORKLOADS[name]
            args = spec["make"](np.random.default_rng(1))
            spec["nargs"] = len(args)
            for k, arr in enumerate(args):
                np.save(os.path.join(d, "%s_%d.npy" % (name, k)), arr)
            build_onnx(d, name, spec, args)
            prepare_tcp(bindir, d, name)
            data[name] = args
        # times[(name, threads, who)] = list of per-round medians
        times, cpu, outs, errs = {}, {}, {}, {}
        for rnd in range(a.rounds):
            for name in names:
                spec = WORKLOADS[name]
                for threads in threads_list:
                    t, ref, c = run_tcp(bindir, d, name, spec["nargs"], a.n, threads)
                    times.setdefault((name, threads, "tcp"), []).append(t)
                    cpu[(name, threads, "tcp")] = max(cpu.get((name, threads, "tcp"), 0), c)
                    if basedir:
                        bt, bref, bc = run_tcp(basedir, d, name, spec["nargs"], a.n, threads)
                        key = (name, threads, "base")
                        if same_bits(bref, ref):
                            times.setdefault(key, []).append(bt)
                            cpu[key] = max(cpu.get(key, 0), bc)
                        else:
                            errs[key] = "DIFFERS from tcp"
                    outs[(name, threads)] = ref
                    for p in peers:
                        pt, out, ratio, err = run_peer(p, threads, a.n, d, name, spec, a.xla_dump and os.path.abspath(a.xla_dump))
                        key = (name, threads, p)
                        if pt is None:
                            errs[key] = " ".join(err)[:60]
                            continue
                        if not same_bits(out, ref):
                            errs[key] = "DIFFERS from tcp"
                            continue
                        times.setdefault(key, []).append(pt)
                        cpu[key] = max(cpu.get(key, 0), ratio)
        minutes = (time.time() - started) / 60
        print("\n%d workload(s), %d round(s) of %d calls, %s; load average %s before, %s after; %.1f minutes; THP mode %s,"
              " every side's large buffers advised MADV_HUGEPAGE"
              % (len(names), a.rounds, a.n, cpu_model(), load_before, loadavg(), minutes, thp_mode()))
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
                        cells.append("failed: " + errs[key])
                    else:
                        pt = min(times[key])
                        cells.append("%.2f [%.2f]" % (gb / pt, cpu[key]))
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
