"""The Python half of package npybatch (see doc.go for the protocol).

An oracle script defines run(case, inputs) -> array (raising the
framework's exception on error) and ends with

    sys.path.insert(0, <this directory>)
    import npybatch
    npybatch.serve(run)

serve reads SPEC.json and INPUTS from argv, runs every case and writes
RESULTS.json; an exception raised by run is the case's answer.
"""
import base64
import io
import json
import sys

import numpy as np


def serve(run):
    spec_path, inputs_path, results_path = sys.argv[1:4]
    with open(spec_path) as f:
        spec = json.load(f)
    results = []
    with open(inputs_path, "rb") as f:
        for c in spec:
            ins = [np.lib.format.read_array(f) for _ in range(c["ninputs"])]
            try:
                out = np.asarray(run(c, ins))
            except Exception as e:  # the framework's error is the oracle's answer
                results.append({"id": c["id"], "err": "%s: %s" % (type(e).__name__, e)})
                continue
            buf = io.BytesIO()
            # copy(order="C"), not ascontiguousarray, which makes 0-d arrays 1-d
            np.save(buf, out.copy(order="C"))
            results.append({"id": c["id"], "npy": base64.b64encode(buf.getvalue()).decode()})
    with open(results_path, "w") as f:
        json.dump(results, f)
