// Package npybatch runs a batch of differential-test cases through a
// Python oracle script in one process, the protocol of interp's and
// passes/frontends' testdata/oracle.py:
//
//	python3 SCRIPT SPEC.json INPUTS RESULTS.json
//
// SPEC.json lists the cases, {"id": n, "op": …, "ninputs": k, …extra
// fields}; INPUTS holds every case's input arrays, in order, as
// concatenated .npy records (one file is much faster than thousands);
// the script writes RESULTS.json with one entry per case, {"id": n, "npy":
// base64 .npy} or {"id": n, "err": "<ExceptionType>: <message>"} when the
// framework raises. npybatch.py is the Python half: an oracle script
// defines run(case, inputs) and hands it to npybatch.serve. Finding the
// Python (and skipping without it) is internal/oracle's job.
package npybatch
