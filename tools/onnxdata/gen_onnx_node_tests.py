"""Regenerate ONNX backend node-test data from the installed onnx package.

Usage: /usr/bin/python3 gen_onnx_node_tests.py OUTDIR OP_TYPE
Run once per op type: onnx imports its case generators only once per process,
so a second op type in the same process would produce nothing.
"""
import sys
import warnings

import numpy

# onnx 1.12's case generators still use numpy aliases (np.float, np.int, ...)
# that numpy 1.24 removed; restore them before the generators are imported.
for alias, builtin in (("float", float), ("int", int), ("bool", bool),
                       ("object", object), ("str", str)):
    if alias not in vars(numpy):
        setattr(numpy, alias, builtin)
warnings.filterwarnings("ignore")

from onnx.backend.test import cmd_tools  # noqa: E402

if len(sys.argv) != 3:
    sys.exit("usage: gen_onnx_node_tests.py OUTDIR OP_TYPE")
sys.argv = ["backend-test-tools", "generate-data", "-o", sys.argv[1], "-t", sys.argv[2]]
cmd_tools.main()
