"""The frameworks as the oracle for out-of-range indices.

For every TensorFlow, ONNX, PyTorch and jax program of the catalogue whose
exported form is in testdata/, this feeds the framework its stored
arguments with one index element replaced by an edge value (for each size
d of the data argument's dims: d, d + 1, -d - 1, -d, and -1, 0, and the
index type's minimum and maximum), and records what the framework does:
raises, or returns outputs. TensorFlow's CPU kernels, ONNX Runtime and
torch raise on indices they do not define (jax defines a value for every
index: its values at the edges are compared); the Go test
(oob_test.go) runs tcp's conversion of the same exported program on the
same inputs and requires the same outcome: an error exactly where the
framework raises (tcp's modes error and wrap_negative), equal values
elsewhere.

    python oob.py OUTDIR [FW ...]

writes OUTDIR/<fw>/<program>/<k>/argN.npy and either outN.npy or RAISES
(with the framework's message).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402

import export  # noqa: E402


def variants(args):
    """Argument sets with one element of one integer argument at an edge."""
    data = next((a for a in args if np.issubdtype(a.dtype, np.floating)), args[0])
    sizes = sorted(set(data.shape))
    out = []
    for k, a in enumerate(args):
        if not np.issubdtype(a.dtype, np.integer) or a.size == 0 or a is data:
            continue
        info = np.iinfo(a.dtype)
        vals = [0, -1, int(info.min), int(info.max)]
        for d in sizes:
            vals += [d, d + 1, -d - 1, -d]
        seen = set()
        for v in vals:
            if v in seen or v < info.min or v > info.max:
                continue
            seen.add(v)
            for pos in sorted({0, a.size - 1}):
                b = a.copy().reshape(-1)
                b[pos] = v
                na = list(args)
                na[k] = b.reshape(a.shape)
                out.append(na)
    return out


def save(d, args, outs, err):
    os.makedirs(d, exist_ok=True)
    for k, a in enumerate(args):
        export.write_npy(os.path.join(d, "arg%d.npy" % k), a)
    if err is not None:
        with open(os.path.join(d, "RAISES"), "w") as f:
            f.write(err.replace("\n", " ")[:300] + "\n")
        return
    for k, o in enumerate(outs):
        export.write_npy(os.path.join(d, "out%d.npy" % k), np.asarray(o))


def stored_args(fw, name):
    d = os.path.join(HERE, "testdata", fw, name)
    if not os.path.isdir(d):
        return None
    args = []
    while os.path.exists(os.path.join(d, "arg%d.npy" % len(args))):
        a = np.load(os.path.join(d, "arg%d.npy" % len(args)))
        if a.dtype.kind == "V" and a.dtype.itemsize == 2:
            # bfloat16 as ml_dtypes saves it ('<V2'): numpy alone reads raw bytes
            import ml_dtypes
            a = a.view(ml_dtypes.bfloat16)
        args.append(a)
    return args


def run_tf(outdir):
    import tensorflow as tf

    tf.config.threading.set_inter_op_parallelism_threads(1)
    n = 0
    for prog in export.tf_programs():  # (name, src, f, specs, make, executor, ...)
        name, f, specs = prog[0], prog[2], prog[3]
        args = stored_args("tf", name)
        if not args:
            continue
        cf = f.get_concrete_function(*specs)
        for k, va in enumerate(variants(args)):
            try:
                res = cf(*[tf.constant(a) for a in va])
                outs, err = [np.asarray(r) for r in (res if isinstance(res, (tuple, list)) else [res])], None
            except (tf.errors.InvalidArgumentError, tf.errors.OutOfRangeError) as e:
                outs, err = None, type(e).__name__ + ": " + str(e.message)
            save(os.path.join(outdir, "tf", name, str(k)), va, outs, err)
            n += 1
    return n


def run_onnx(outdir):
    import onnxruntime as ort

    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    so.inter_op_num_threads = 1
    so.log_severity_level = 4
    n = 0
    for prog in export.onnx_programs():
        name = prog[0]
        args = stored_args("onnx", name)
        if not args:
            continue
        with open(os.path.join(HERE, "testdata", "onnx", name, "model.onnx"), "rb") as f:
            sess = ort.InferenceSession(f.read(), so, providers=["CPUExecutionProvider"])
        names = [i.name for i in sess.get_inputs()]  # the model's own input names, in order
        for k, va in enumerate(variants(args)):
            try:
                outs, err = sess.run(None, dict(zip(names, va))), None
            except ValueError:
                raise  # a mistake of this script (a missing input), not the model's answer
            except Exception as e:  # noqa: BLE001 (onnxruntime raises its own Fail/InvalidArgument types)
                outs, err = None, type(e).__name__ + ": " + str(e)
            save(os.path.join(outdir, "onnx", name, str(k)), va, outs, err)
            n += 1
    return n


# torch's eager index_add and index_copy raise on a negative index, but
# torch.export (through torch-mlir's decompositions) writes them as
# aten.index_put, whose advanced indexing wraps a negative index once: the
# exported file, which tcp compiles, means something else than the eager
# call for negatives. As for MXNet, the file's meaning rules; argument sets
# with a negative index are not compared for these programs (out-of-range
# positive indices still are: both raise).
EXPORT_WRAPS_NEGATIVES = {"index_add", "index_add_dim1", "index_copy",
                          "ho_index_add_alpha", "ho_index_add_alpha_int_dim_neg", "ho_index_copy_dim1"}


def has_negative_index(va):
    return any(np.issubdtype(a.dtype, np.signedinteger) and (a < 0).any() for a in va)


def run_torch(outdir):
    import torch

    torch.set_num_threads(1)
    n = 0
    for prog in export.torch_programs():  # (name, src, f, make[, options])
        name, f = prog[0], prog[2]
        args = stored_args("torch", name)
        if not args:
            continue
        for k, va in enumerate(variants(args)):
            if name in EXPORT_WRAPS_NEGATIVES and has_negative_index(va):
                continue
            try:
                res = f(*[export.torch_tensor(a) for a in va])
                outs, err = [export.torch_numpy(r) for r in (res if isinstance(res, (tuple, list)) else [res])], None
            except (IndexError, RuntimeError) as e:
                outs, err = None, type(e).__name__ + ": " + str(e)
            save(os.path.join(outdir, "torch", name, str(k)), va, outs, err)
            n += 1
    return n


def run_jax(outdir):
    import jax

    n = 0
    for prog in export.jax_programs():  # (name, src, f, make, ...)
        name, f = prog[0], prog[2]
        args = stored_args("jax", name)
        if not args:
            continue
        jf = jax.jit(f)
        for k, va in enumerate(variants(args)):
            with export.jax_context(f):
                res = jf(*va)  # jax defines a value for every index
            outs = [np.asarray(r) for r in (res if isinstance(res, (tuple, list)) else [res])]
            save(os.path.join(outdir, "jax", name, str(k)), va, outs, None)
            n += 1
    return n


def main():
    outdir = sys.argv[1]
    fws = sys.argv[2:] or ["tf", "onnx", "torch", "jax"]
    runners = {"tf": run_tf, "onnx": run_onnx, "torch": run_torch, "jax": run_jax}
    for fw in fws:
        print("%s: %d argument sets" % (fw, runners[fw](outdir)))


if __name__ == "__main__":
    main()
