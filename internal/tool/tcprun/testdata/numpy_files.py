"""Write .npy files with numpy for numpy_test.go: the same arrays in C
order, Fortran order (np.asfortranarray, and np.save of a transpose) and
big-endian, and the expected result of the test program computed by numpy.

Usage: python3 numpy_files.py DIR
Exit status 3 means numpy is not importable.
"""
import sys

try:
    import numpy as np
except ImportError as e:
    print("numpy not importable: %s" % e, file=sys.stderr)
    sys.exit(3)

d = sys.argv[1]
rng = np.random.default_rng(7)
x = rng.standard_normal((5, 2)).astype(np.float32)
i = rng.integers(0, 5, size=(2, 2), dtype=np.int64)
np.save(d + "/x_c.npy", x)
np.save(d + "/x_f.npy", np.asfortranarray(x))
np.save(d + "/x_t.npy", np.ascontiguousarray(x.T).T)  # what np.save(a.T) writes for a = x.T
np.save(d + "/x_fbe.npy", np.asfortranarray(x).astype(">f4"))
np.save(d + "/i_c.npy", i)
np.save(d + "/i_f.npy", np.asfortranarray(i))
# tcp.gather dim 0 with indices of the result's shape: out[a, b] = x[i[a, b], b]
np.save(d + "/want.npy", np.take_along_axis(x, i, axis=0))
for name in ("x_f", "x_t", "x_fbe", "i_f"):
    with open(d + "/" + name + ".npy", "rb") as f:
        assert b"'fortran_order': True" in f.read(128), name
