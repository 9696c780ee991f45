// Package npy reads and writes NumPy .npy files as tensor.Tensor values.
//
// Supported: format versions 1.0 and 2.0 (read and write; Write picks 1.0
// unless the header needs more than 64 KiB) and 3.0 (read); C order only;
// the dtypes
//
//	|b1 (i1)  |i1 (i8)  <i2 (i16)  <i4 (i32)  <i8 (i64, also written for index)
//	|u1 (ui8) <u2 (ui16) <u4 (ui32) <u8 (ui64)
//	<f2 (f16) <f4 (f32)  <f8 (f64)
//
// and their big-endian '>' forms, which Read converts to the tensor's
// little-endian storage. Arrays may be 0-d or have zero-size dims.
//
// There is no numpy bfloat16 dtype, so a bf16 tensor can neither come from
// nor go to a .npy file: Write and Descr report an error for it. Store
// bf16 data as f32 (exact) and round with tensor.Float32ToBF16.
//
// Read never panics on malformed input. A bad magic string, an unknown
// version, a truncated header or data, a header that is not a dict with
// exactly the keys descr, fortran_order and shape, Fortran order, an
// unsupported dtype, a shape whose element count overflows, and data
// shorter or longer than the shape requires are all reported as errors
// starting with "npy: ". Headers larger than 1 MiB are rejected, and data
// are read incrementally, so a corrupt length cannot force a large
// allocation.
package npy
