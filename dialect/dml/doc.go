// Package dml is the DirectML dialect: one op per DirectML operator the
// tcp lowering uses, named after the DML_OPERATOR_* enumerator in lower
// case (dml.gather, dml.gather_elements, dml.gather_nd, dml.gather_nd1,
// dml.slice1, dml.element_wise_identity, dml.element_wise_clip,
// dml.element_wise_modulus_floor, dml.element_wise_min, dml.cast,
// dml.join, and the integer elementwise operators of elementwise.go:
// dml.element_wise_add, _subtract, _multiply, _max, _modulus_truncate,
// _bit_and, _bit_or, _logical_equals, _logical_less_than,
// _logical_greater_than, _logical_less_than_or_equal,
// _logical_greater_than_or_equal, _logical_not, _logical_and,
// _logical_or and dml.element_wise_if),
// plus dml.constant for
// data bound as DML-owned graph inputs.
//
// # Mirroring the operator descs
//
// An op's operands are the desc's *Tensor fields before OutputTensor, in
// DirectML's schema order; its result is OutputTensor. The other fields
// are snake-case attributes holding exactly the struct's values
// (Axis = axis, IndexDimensions = index_dimensions, …), in padded
// coordinates, so an emitter prints them without arithmetic. Every op
// carries dimension_count, the DimensionCount all its tensor descs share.
//
// Each tensor is read through a DML_BUFFER_TENSOR_DESC (TensorDesc): by
// default the operand's shape left-padded with 1s to dimension_count,
// packed; the optional attributes <operand>_sizes and <operand>_strides
// give a view of the operand's buffer instead (zero strides broadcast,
// smaller sizes take a sub-view, permuted strides transpose, sizes alone
// reshape). The result's desc is the result type padded, packed. The data
// type comes from the element type (DataTypeOf). Flags and
// TotalTensorSizeInBytes are graph properties and belong to the emitter
// (codegen/dml), which computes the latter with BufferTensorSize.
//
// # Feature levels
//
// A module lowered by --convert-tcp-to-dml records its target in the
// string attribute dml.feature_level ("4.1"). Needs lists what an op
// requires (operator, DimensionCount, data and index types), and each
// verifier rejects an op that needs more than the recorded level, e.g.
//
//	'dml.gather' op INT64 indices (UINT32 only before 3.0) needs feature level 3.0, got 2.1
//
// Without the attribute only the level-independent rules are checked.
//
// Semantics (negative indices of signed index types counted from the end;
// out-of-range indices read inside the input, their output undefined) are implemented by the interpreter (interp/dml.go); the
// emitters are in codegen/dml and the lowering in passes/tcptodml.
package dml
