// Package tensor is the runtime tensor value of the tcp interpreter and
// kernels: a dense, row-major array of one of MLIR's builtin element
// types. It depends on the standard library only and knows nothing of the
// IR.
//
// # Representation
//
// A Tensor is {DType, Shape, Data}. Data holds the elements' raw
// little-endian bytes, row-major (the last dim varies fastest):
//
//	DType            storage
//	i1               1 byte, 0 or 1
//	i8 … i64         two's complement; signless types are read as signed
//	ui8 … ui64       unsigned
//	f16, bf16        2 bytes (IEEE binary16, bfloat16)
//	f32, f64         IEEE binary32, binary64
//	index            8 bytes, signed (MLIR's index type)
//
// A shape may have zero-size dims (no elements, empty Data) or no dims at
// all (a 0-d tensor with one element). Element counts are computed with
// overflow checks: NumElementsOf and Validate reject shapes whose product
// does not fit in int64.
//
// # Conversions
//
// SetFloat64 and the Float*ToF16/BF16 functions round to nearest, ties to
// even, directly from the source value, with correct overflow to Inf,
// subnormals, and NaN payloads kept where they fit. F16ToFloat32 and
// BF16ToFloat32 are exact.
//
// # Printing
//
// Format prints a tensor as an MLIR dense literal exactly as mlir-opt-16
// prints an arith.constant: nested lists, splats when every element is
// identical, dense<> for no elements, and a hex string for more than 100
// elements. FormatFloat holds MLIR's float printing rule (a %.6e-like form
// if it round-trips, else APFloat's shortest exact form, else hex bits) so
// that the IR printer can reuse it.
//
// ArrayString prints a tensor the way numpy prints the same array with
// np.array2string and the default print options (numpy 2.3 and later):
// nested brackets, aligned columns, rows wrapped at 75 characters, arrays
// of more than 1000 elements summarized with "..." and 3 items at each
// end of every dim, integers in decimal, booleans as True/False, and
// floats with the fewest digits that identify the value in its type
// (numpy's Dragon4), switching to scientific notation by numpy's rules.
// ScalarString prints one element as numpy's str() prints a scalar. The
// tools print results with them (tcp-run's default --print=numpy).
package tensor
