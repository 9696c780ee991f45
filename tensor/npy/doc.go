// Package npy reads and writes NumPy .npy files as tensor.Tensor values.
//
// Supported: format versions 1.0 and 2.0 (read and write; Write picks 1.0
// unless the header needs more than 64 KiB) and 3.0 (read); C order
// (read and write) and Fortran order (read: what np.save(a.T) or
// np.save(np.asfortranarray(a)) writes; Read transposes the data into the
// tensor's row-major order, so a Fortran-order file and its C-order copy
// give the same tensor); the dtypes
//
//	|b1 (i1)  |i1 (i8)  <i2 (i16)  <i4 (i32)  <i8 (i64, also written for index)
//	|u1 (ui8) <u2 (ui16) <u4 (ui32) <u8 (ui64)
//	<f2 (f16) <f4 (f32)  <f8 (f64)  <V2 (bf16)
//
// and their big-endian '>' forms, which Read converts to the tensor's
// little-endian storage. Arrays may be 0-d or have zero-size dims.
//
// numpy itself has no bfloat16. The ml_dtypes package (used by jax and
// TensorFlow) adds one, and np.save writes an ml_dtypes.bfloat16 array with
// the descr "<V2": a 2-byte opaque (void) element. Read takes any 2-byte
// void descr (<V2, >V2, |V2) as bf16, and Write writes bf16 as "<V2", so
// numpy with ml_dtypes reads it back with
//
//	np.load("x.npy").view(ml_dtypes.bfloat16)
//
// A V2 file carries no proof that its elements are bfloat16; callers that
// know the expected type (tcp-run checks each argument against the
// function's declared type) catch a mismatch.
//
// Read never panics on malformed input. A bad magic string, an unknown
// version, a truncated header or data, a header that is not a dict with
// exactly the keys descr, fortran_order and shape, an
// unsupported dtype, a shape whose element count overflows, and data
// shorter or longer than the shape requires are all reported as errors
// starting with "npy: ". Headers larger than 1 MiB are rejected. Nothing
// is allocated for the data before it is known to be there: ReadFile
// compares the header's promise with the file's size first, and Read grows
// its buffer with the data actually read. ReadWith and ReadFileWith also
// take a limit on the array's size (ReadOptions.MaxBytes), checked right
// after the header.
package npy
