#!/usr/bin/env python3
"""The frameworks' compilers as peers of the generated Go kernels.

For each workload (the gather family of the Go kernel benchmark, at sizes
that fit a shared CI machine) this script writes one set of inputs (.npy),
then in the same run times, with one thread and with all threads:

  tcp    the generated Go kernel: tcp-run --backend=go --bench N --workers W
  xla    jax.jit of the same op (XLA CPU; one thread through XLA_FLAGS)
  ort    ONNX Runtime CPU on a one-node model (intra_op_num_threads)
  iree   the one-node model through iree-import-onnx, iree-compile
         --iree-hal-target-backends=llvm-cpu, run by iree.runtime (local-task
         with one worker, or local-task with all)
  torch  torch 2.15 from the same venv (torch.set_num_threads)

and prints GB/s moved (2 x output bytes + index bytes, as
codegen/golang/internal/benchtable counts them) and the ratio of the tcp
kernel's time to the best peer's (below 1: tcp is faster). Every peer's
output is compared with the tcp kernel's, bit for bit, before timing.

  .venv-oracles/bin/python scripts/bench-peers.py [-n CALLS] [--only NAME,...]
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

# name: (tcp function, inputs, onnx node, jax expression, torch expression)
WORKLOADS = {
    "index_select_dim0": dict(
        mlir="""func.func @main(%x: tensor<16384x256xf32>, %i: tensor<8192xi64>) -> tensor<8192x256xf32> {
  %c8192 = arith.constant 8192 : index
  %e = tensor.expand_shape %i [[0, 1]] : tensor<8192xi64> into tensor<8192x1xi64>
  %c256 = arith.constant 256 : index
  %b = tcp.broadcast_to %e, %c256 {axes = [1]} : tensor<8192x1xi64>, index -> tensor<8192x256xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index} : tensor<16384x256xf32>, tensor<8192x256xi64> -> tensor<8192x256xf32>
  return %0 : tensor<8192x256xf32>
}""",
        make=lambda r: [r.standard_normal((16384, 256), dtype=np.float32), r.integers(0, 16384, 8192).astype(np.int64)],
        onnx=("Gather", {"axis": 0}),
        jax="lambda x, i: x[i]",
        torch="lambda x, i: torch.index_select(x, 0, i)"),
    "index_select_dim1": dict(
        mlir="""func.func @main(%x: tensor<2048x2048xf32>, %i: tensor<512xi64>) -> tensor<2048x512xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<512xi64> into tensor<1x512xi64>
  %c2048 = arith.constant 2048 : index
  %b = tcp.broadcast_to %e, %c2048 {axes = [0]} : tensor<1x512xi64>, index -> tensor<2048x512xi64>
  %0 = tcp.gather %x, %b {dim = 1 : index} : tensor<2048x2048xf32>, tensor<2048x512xi64> -> tensor<2048x512xf32>
  return %0 : tensor<2048x512xf32>
}""",
        make=lambda r: [r.standard_normal((2048, 2048), dtype=np.float32), r.integers(0, 2048, 512).astype(np.int64)],
        onnx=("Gather", {"axis": 1}),
        jax="lambda x, i: x[:, i]",
        torch="lambda x, i: torch.index_select(x, 1, i)"),
    "gather_dim1": dict(
        mlir="""func.func @main(%x: tensor<2048x2048xf32>, %i: tensor<2048x512xi64>) -> tensor<2048x512xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index} : tensor<2048x2048xf32>, tensor<2048x512xi64> -> tensor<2048x512xf32>
  return %0 : tensor<2048x512xf32>
}""",
        make=lambda r: [r.standard_normal((2048, 2048), dtype=np.float32), r.integers(0, 2048, (2048, 512)).astype(np.int64)],
        onnx=("GatherElements", {"axis": 1}),
        jax="lambda x, i: jnp.take_along_axis(x, i, axis=1)",
        torch="lambda x, i: torch.gather(x, 1, i)"),
    "gather_nd": dict(
        mlir="""func.func @main(%x: tensor<128x128x64xf32>, %i: tensor<16384x2xi64>) -> tensor<16384x64xf32> {
  %0 = tcp.gather_nd %x, %i : tensor<128x128x64xf32>, tensor<16384x2xi64> -> tensor<16384x64xf32>
  return %0 : tensor<16384x64xf32>
}""",
        make=lambda r: [r.standard_normal((128, 128, 64), dtype=np.float32), r.integers(0, 128, (16384, 2)).astype(np.int64)],
        onnx=("GatherND", {}),
        jax="lambda x, i: x[i[:, 0], i[:, 1]]",
        torch="lambda x, i: x[i[:, 0], i[:, 1]]"),
    # Both dims reversed, as the Go benchmark's reverse; ONNX Slice takes its
    # starts, ends, axes and steps as constant inputs (initializers).
    "reverse": dict(
        mlir="""func.func @main(%x: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %c2047 = arith.constant 2047 : index
  %c2048 = arith.constant 2048 : index
  %m1 = arith.constant -1 : index
  %0 = tcp.slice %x starts(%c2047, %c2047) sizes(%c2048, %c2048) strides(%m1, %m1) : tensor<2048x2048xf32> -> tensor<2048x2048xf32>
  return %0 : tensor<2048x2048xf32>
}""",
        make=lambda r: [r.standard_normal((2048, 2048), dtype=np.float32)],
        onnx=("Slice", {}),
        consts=[("starts", [-1, -1]), ("ends", [np.iinfo(np.int64).min] * 2), ("axes", [0, 1]), ("steps", [-1, -1])],
        jax="lambda x: x[::-1, ::-1]",
        torch="lambda x: torch.flip(x, [0, 1])"),
}


def moved_bytes(args, out):
    idx = sum(a.nbytes for a in args[1:])
    return 2 * out.nbytes + idx


def run_tcp(d, name, nargs, n, workers):
    mlir = os.path.join(d, name + ".mlir")
    args = [os.path.join(d, "%s_%d.npy" % (name, k)) for k in range(nargs)]
    out = os.path.join(d, "tcp_out_%d" % workers)
    os.makedirs(out, exist_ok=True)
    r = subprocess.run(["go", "run", "./cmd/tcp-run", mlir, *args, "--backend=go", "--bench", str(n),
                        "--workers", str(workers), "--out-dir", out], cwd=ROOT, capture_output=True, text=True, check=True)
    secs = float([l for l in r.stdout.splitlines() + r.stderr.splitlines() if l.startswith("bench:")][0].split()[3])
    return secs, np.load(os.path.join(out, "result_0.npy"))


PEER_SCRIPT = r'''
import json, os, sys, time, numpy as np
kind, threads, n, d, name, spec = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], json.loads(sys.argv[6])
args = [np.load(os.path.join(d, "%s_%d.npy" % (name, k))) for k in range(spec["nargs"])]
def timeit(f):
    f()
    ts = []
    for _ in range(n):
        t0 = time.perf_counter(); f(); ts.append(time.perf_counter() - t0)
    ts.sort(); return ts[len(ts) // 2]
if kind == "xla":
    import jax, jax.numpy as jnp
    f = jax.jit(eval(spec["jax"]))
    xs = [jax.device_put(a) for a in args]
    out = np.asarray(f(*xs))
    t = timeit(lambda: f(*xs).block_until_ready())
elif kind == "torch":
    import torch
    torch.set_num_threads(threads)
    f = eval(spec["torch"]); xs = [torch.from_numpy(a) for a in args]
    out = f(*xs).numpy(); t = timeit(lambda: f(*xs))
else:
    import onnx, onnxruntime as ort
    from onnx import helper, TensorProto
    op, attrs = spec["onnx"]
    model = os.path.join(d, name + ".onnx")
    if kind == "ort":
        so = ort.SessionOptions(); so.intra_op_num_threads = threads; so.inter_op_num_threads = 1
        s = ort.InferenceSession(model, so, providers=["CPUExecutionProvider"])
        feed = dict(zip(["x", "i"], args))
        out = s.run(None, feed)[0]; t = timeit(lambda: s.run(None, feed))
    else:
        import iree.runtime as rt
        vmfb = os.path.join(d, name + ".vmfb")
        cfg = rt.Config("local-task") if threads > 1 else rt.Config("local-sync")
        ctx = rt.SystemContext(config=cfg)
        with open(vmfb, "rb") as fh:
            ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, fh.read()))
        fn = ctx.modules.module[name]
        out = np.asarray(fn(*args)); t = timeit(lambda: fn(*args))
np.save(os.path.join(d, "%s_%s_%d.npy" % (name, kind, threads)), out)
print(t)
'''


def torch_version():
    from importlib.metadata import version
    try:
        return version("torch").split("+")[0]
    except Exception:  # noqa: BLE001
        return "missing"


def run_peer(kind, threads, n, d, name, spec):
    env = dict(os.environ)
    if kind == "xla" and threads == 1:
        env["XLA_FLAGS"] = "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
        env["OMP_NUM_THREADS"] = "1"
    py = sys.executable
    script = os.path.join(d, "peer.py")
    with open(script, "w") as f:
        f.write(PEER_SCRIPT)
    s = {k: spec[k] for k in ("jax", "torch", "onnx", "nargs")}
    try:
        r = subprocess.run([py, script, kind, str(threads), str(n), d, name, json.dumps(s)], env=env,
                           capture_output=True, text=True, check=True)
    except subprocess.CalledProcessError as e:
        return None, None, e.stderr.strip().splitlines()[-1:] if e.stderr else ["failed"]
    out = np.load(os.path.join(d, "%s_%s_%d.npy" % (name, kind, threads)))
    return float(r.stdout.strip().splitlines()[-1]), out, None


def build_onnx(d, name, spec, args):
    import onnx
    from onnx import TensorProto, helper
    op, attrs = spec["onnx"]
    tp = {np.dtype(np.float32): TensorProto.FLOAT, np.dtype(np.int64): TensorProto.INT64}
    names = ["x", "i"][:len(args)]
    consts = spec.get("consts", [])
    inits = [helper.make_tensor(c, TensorProto.INT64, [len(v)], v) for c, v in consts]
    g = helper.make_graph([helper.make_node(op, names + [c for c, _ in consts], ["y"], **attrs)], name,
                          [helper.make_tensor_value_info(v, tp[a.dtype], list(a.shape)) for v, a in zip(names, args)],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], initializer=inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)])
    m = onnx.shape_inference.infer_shapes(m)
    path = os.path.join(d, name + ".onnx")
    onnx.save(m, path)
    bindir = os.path.dirname(sys.executable)
    mlir = os.path.join(d, name + ".iree.mlir")
    subprocess.run([os.path.join(bindir, "iree-import-onnx"), path, "-o", mlir], check=True, capture_output=True)
    subprocess.run([os.path.join(bindir, "iree-compile"), mlir, "--iree-hal-target-backends=llvm-cpu",
                    "--iree-llvmcpu-target-cpu=host", "-o", os.path.join(d, name + ".vmfb")], check=True, capture_output=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=10, help="timed calls per measurement (median)")
    ap.add_argument("--only", default=",".join(WORKLOADS))
    a = ap.parse_args()
    names = [s for s in a.only.split(",") if s]
    peers = ["xla", "ort", "iree", "torch"]
    with tempfile.TemporaryDirectory(prefix="tcp-peers-") as d:
        rows = {1: [], NCPU: []}
        for name in names:
            spec = WORKLOADS[name]
            args = spec["make"](np.random.default_rng(1))
            spec["nargs"] = len(args)
            for k, arr in enumerate(args):
                np.save(os.path.join(d, "%s_%d.npy" % (name, k)), arr)
            with open(os.path.join(d, name + ".mlir"), "w") as f:
                f.write(spec["mlir"])
            build_onnx(d, name, spec, args)
            for threads in sorted(rows):
                t, ref = run_tcp(d, name, len(args), a.n, threads)
                gb = moved_bytes(args, ref) / 1e9
                cells, best = [], None
                for p in peers:
                    pt, out, err = run_peer(p, threads, a.n, d, name, spec)
                    if pt is None:
                        cells.append("failed: %s" % " ".join(err)[:60])
                        continue
                    same = out.shape == ref.shape and out.dtype == ref.dtype and np.array_equal(out.view(np.uint32), ref.view(np.uint32))
                    cells.append("%.2f%s" % (gb / pt, "" if same else " (DIFFERS)"))
                    if same and (best is None or pt < best[1]):
                        best = (p, pt)
                ratio = "%.2f (vs %s)" % (t / best[1], best[0]) if best else "-"
                rows[threads].append("| %s | %.2f | %s | %s |" % (name, gb / t, " | ".join(cells), ratio))
        for threads, rs in rows.items():
            print("\n%d thread(s); GB/s moved (2 x output + index bytes), median of %d calls:\n" % (threads, a.n))
            print("| workload | tcp Go kernel | XLA CPU (jax) | ONNX Runtime | IREE llvm-cpu | torch %s | tcp time / best peer time |" % torch_version())
            print("|---|---|---|---|---|---|---|")
            print("\n".join(rs))


if __name__ == "__main__":
    main()
