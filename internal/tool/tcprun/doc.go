// Package tcprun implements tcp-run, which parses an MLIR file, verifies
// it and runs one function with the interpreter (package interp):
//
//	tcp-run FILE.mlir [-e NAME] [ARG.npy|ARG.pb ...] [--out-dir DIR] [--expect OUT.pb|OUT.npy ...]
//
// The function is NAME, or else @main if there is one, or else the only
// public function with a body; otherwise tcp-run lists the functions and
// fails. Its arguments are read from the files, in order (a function
// without arguments runs on its constants): a file whose name ends in .pb
// is an ONNX TensorProto (as in the ONNX backend tests' test_data_set_N
// directories, read with frontend/onnxpb), any other a NumPy .npy file.
// FILE may be "-" for the standard input.
//
// Each result is printed on its own line as an MLIR literal, the way
// mlir-opt prints constants (tensor.Format):
//
//	dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>
//
// and a scalar result (index, iN, fN) as `4 : index`. With --out-dir DIR,
// the results are written to DIR/result_0.npy, DIR/result_1.npy, … instead
// (DIR is created if missing). All files are first written to temporary
// files in DIR and renamed into place only when every result has been
// written, so a failure leaves no partial output.
//
// With --expect FILE (once per result, in order; .pb or .npy as for
// arguments) tcp-run also compares each result with the expected value:
// element type, shape and every element bit for bit, except that any two
// float NaNs are equal. The first difference is reported as
//
//	tcp-run: error: result #0 of @main differs from out.pb (expected vs actual): element 3 (at [1 0]): 2.500000e+00 vs 3.000000e+00
//
// (expected value first) and the exit status is 1; the results are still
// printed (or written) first, so the mismatch can be inspected.
//
// Arguments must match the function type: element type, rank and static
// dims. Because .npy has no index or bfloat16 dtype, an int64 array is
// accepted for index elements and a float32 array for bf16 elements (each
// value rounded to nearest even); bool arrays are i1.
//
// Every error (usage, unreadable or malformed .npy, argument count, type
// or shape mismatch, parse, verifier and runtime errors) is printed to
// stderr as one clear message, located in the MLIR file where it has a
// location, and the exit status is 1. Main never calls os.Exit and keeps
// no global state, so it can run in-process (test/lit).
package tcprun
