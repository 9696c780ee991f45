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
// Each result is printed as a line "result #N: TYPE" followed by its value
// as numpy prints the same array (--print=numpy, the default;
// tensor.ArrayString, which is np.array2string with numpy's default print
// options):
//
//	result #0: tensor<2x4xf32>
//	[[ 0.  1.  2.  3.]
//	 [ 8.  9. 10. 11.]]
//
// Results of more than 1000 elements are summarized as numpy does (3 items
// at each end of every dim, "..." between), so a 500x1000 result prints as
// 7 rows of 6 values (14 lines for f32 values that need 8 digits). A scalar result (index, iN, fN) prints as numpy's str prints a
// scalar (tensor.ScalarString): "result #0: index" and then "4".
// With --print=mlir each result is printed on its own line as an MLIR
// literal instead, the way mlir-opt prints constants (tensor.Format):
//
//	dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>
//
// and a scalar result as `4 : index`. With --out-dir DIR,
// the results are written to DIR/result_0.npy, DIR/result_1.npy, … instead
// (DIR is created if missing). All files are first written to temporary
// files in DIR and renamed into place only when every result has been
// written, so a failure leaves no partial output.
//
// With --expect FILE (once per result, in order; .pb or .npy as for
// arguments) tcp-run also compares each result with the expected value:
// element type, shape and every element bit for bit, except that any two
// float NaNs are equal. A difference in values is reported with the number
// of differing elements and the first 10 of them, coordinates and both
// values (expected first) as numpy prints scalars:
//
//	tcp-run: error: result #0 of @main differs from out.pb in 2 of 8 elements (expected vs actual):
//	  at [1, 0]: 2.5 vs 3.0
//	  at [1, 3]: nan vs 1.0
//
// and a difference in element type or shape on one line ("shape [1, 2] vs
// [2]"). The exit status is then 1; the results are still printed (or
// written) first, so the mismatch can be inspected.
//
// Arguments must match the function type: element type, rank and static
// dims. .npy files may be in C or Fortran order, either byte order, and
// format version 1.0, 2.0 or 3.0 (tensor/npy). Because .npy has no index
// dtype, an int64 array is accepted for index elements; bf16 elements come
// from ml_dtypes' bfloat16 files ("<V2") or from a float32 array (each
// value rounded to nearest even); bool arrays are i1. --out-dir writes
// index results as int64 and bf16 results as "<V2", which numpy loads
// (np.load(f).view(ml_dtypes.bfloat16) for bf16).
//
// Every error (usage, unreadable or malformed .npy, argument count, type
// or shape mismatch, parse, verifier and runtime errors) is printed to
// stderr as one clear message, located in the MLIR file where it has a
// location, and the exit status is 1. Main never calls os.Exit and keeps
// no global state, so it can run in-process (test/lit).
package tcprun
