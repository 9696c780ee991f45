// Package tcptodml is --convert-tcp-to-dml: it lowers tcp to the dml
// dialect (DirectML operators) for a feature level, as docs/semantics.md §7.7
// maps them.
//
//	tcp-opt --convert-tcp-to-dml='feature-level=3.0' in.mlir
//	tcp-opt --pass-pipeline='builtin.module(convert-tcp-to-dml{feature-level=2.1 assume-in-bounds=true})' in.mlir
//
// Options: feature-level (1.0 … 6.4, default 4.1), assume-in-bounds and
// assume-unique-indices (default false). The module gets the attribute
// dml.feature_level.
//
// Mapping:
//
//	tcp op                                   dml op
//	gather(bcast(expand(x)), bcast(expand(i)))  gather {axis = a + D - r, index_dimensions = rank(i)} on x and i
//	gather (any other)                       gather_elements {axis = dim + D - r}; broadcast operands become
//	                                         zero-stride views, a larger input a sub-view
//	gather_nd {batch_dims = b}               gather_nd1 (FL >= 3.0), gather_nd (b = 0 below 3.0)
//	slice (constant parameters)              slice1 (window = the read elements, strides signed)
//	tensor.extract_slice (constant entries)  tcp.slice, then slice1; collapse_shape view if rank-reducing
//	tensor.insert_slice (constant entries)   tcp.scatter_nd of the source at the window's dest coordinates
//	                                         (constant, distinct: unique_indices), then scatter_nd; an
//	                                         empty window is dest
//	broadcast_to, transpose                  folded into the consumer's tensor desc (zero or permuted
//	                                         strides); element_wise_identity over that view if still used
//	const, arith.constant tensors            constant (a DML-owned graph input)
//	cast_indices, arith.extsi/trunci tensors cast (element_wise_clip first when cast_indices
//	                                         saturates); peeled off gather indices when exact
//	arith.extui of i1, arith.fptosi tensors  cast (fptosi from FLOAT32/FLOAT16, with assume-in-bounds only)
//	arith.extf/truncf tensors                cast (FLOAT16/32/64; bf16 has no DirectML type)
//	tensor.concat                            join (operands packed; views materialized by identity)
//	arith.addi/subi/muli/maxsi/andi/ori      element_wise_add/subtract/multiply/max/bit_and/bit_or
//	                                         (andi/ori of i1: element_wise_logical_and/or)
//	arith.remsi (constant non-zero divisor)  element_wise_modulus_truncate
//	arith.cmpi                               element_wise_logical_equals/less_than/greater_than/
//	                                         ..._or_equal (ne: logical_not of equals)
//	arith.select (tensor condition)          element_wise_if (any data type)
//	scatter (unique indices, replace)        scatter_elements {axis = dim + D - r}
//	scatter_nd (unique, replace)             scatter_nd; with batch dims b, each tuple prefixed
//	                                         with its batch coordinates (constant + join)
//	scatter*, combine add/mul/min/max/and/or gather_elements / gather_nd(1) of the destinations,
//	  (unique indices)                       element_wise_add/multiply/min/max/bit_and/bit_or,
//	                                         then the scatter of the combined updates
//
// Scatters (scatter.go): DirectML documents no order among updates that
// write the same element and has no scatter reduction, while tcp applies
// duplicates in row-major order. A scatter is lowered only when no two
// updates can write the same element: it carries unique_indices, its
// indices are constants whose resolved destinations are distinct (checked
// here), or the pass runs with assume-unique-indices=true; otherwise it
// is a located error naming the option. Refused as well, with the reason:
// mode drop on non-constant indices (a scatter cannot skip an update), an
// empty index tuple without batch dims,
// scatter indices smaller than the input off the axis (SCATTER_ELEMENTS
// needs equal sizes there, and its output is the whole input),
// and min/max on floats (DirectML does not document MIN/MAX on NaN and
// signed zeros). Other modes are legalized as for the gathers. A scatter
// with no updates is replaced by its input when it checks nothing.
//
// DimensionCount D is the largest rank involved from FL 3.0 and 4 (4 or 5
// for SLICE1, IDENTITY and CAST) before; larger ranks are an error there.
//
// Index modes keep their meaning or fail with a located error, never
// silently: on constant indices the mode is applied at compile time
// (clip, wrap, wrap_negative resolved; error and promise_in_bounds checked;
// fill accepted when every index is in range). On other indices
// promise_in_bounds passes through; wrap_negative passes through from FL
// 3.0 (DirectML reads negative signed indices from the end); clip becomes
// a dml.element_wise_clip of the indices into [0, size-1] (FL 3.0; 5.0
// for 64-bit indices; gather_nd components over dims of different sizes
// add a dml.element_wise_min with a constant of per-component bounds read
// through strides 0…0 1); wrap a
// dml.element_wise_modulus_floor by a one-element constant read through
// zero strides (FL 3.0; for 64-bit indices 6.0, and from 5.0
// ((i rem n) + n) rem n with MODULUS_TRUNCATE and ADD on INT64, exact
// because |i rem n| < n); error is rejected unless
// assume-in-bounds=true; fill on tcp.gather becomes the gather under clip,
// an in-range mask of the indices (element_wise_logical_greater_than_or_equal,
// _less_than, _and) and a dml.element_wise_if with the fill value (fill.go;
// the clip's levels apply), or, for 8- and 16-bit data (bf16 included)
// below 5.1, where ELEMENT_WISE_IF does not take them, a clipped gather at
// the indices plus one of the input joined with a row of the fill value on
// each side (only data movement on the data); fill on tcp.gather_nd is rejected (its mask
// would reduce over each index tuple).
//
// Index casts (casts.go): a gather reads through exact widening casts of
// its indices (tcp.cast_indices from ui8/16/32 or signed types, extsi), so
// ui32 indices stay UINT32 and 8- or 16-bit ones become INT32 (no 64-bit
// CAST or CLIP needed); a saturating tcp.cast_indices (ui64 to i64, or
// narrowing to i32) clamps with CLIP to the largest FLOAT below the
// result's maximum, exact for every mode but wrap, where it is an error;
// arith.extui is lowered from i1 only (i1 moves as UINT8 0 or 1; CAST
// sign-extends a wider signless source), and extsi/trunci of i1 not at
// all; arith.fptosi (jax's f.astype(int32)) is a CAST, which truncates
// toward zero as D3D converts floats, lowered only with assume-in-bounds
// because DirectML cannot report the NaN and out-of-range values the
// interpreter refuses. A
// cast's feature level is checked only if it is still used after the
// gathers are lowered.
//
// Index arithmetic (arith.go): jax wraps its gathers in integer arith on
// index tensors; each op is one DirectML elementwise operator reading its
// operands through views, a splat constant as a one-element input with
// zero strides. Integer add/subtract/multiply wrap at the width on
// DirectML as in arith (the dml ops' docs give our reading). Refused with
// a located error: remsi by a computed or zero divisor (DirectML cannot
// report division by zero, the interpreter does), predicates whose
// signedness differs from DirectML's reading of the data type (INTn
// signed; UINTn and i1 as UINT8 unsigned), arithmetic on i1, scalar
// select conditions, and data types the level lacks (32-bit from 3.0,
// 64-bit from 5.0). As for casts, the level is checked only for ops
// still used after the gathers are lowered.
//
// Types: below FL 3.0 indices must be UINT32, so constant indices are
// rewritten as ui32 and i32 indices are cast (dml.cast); i64 indices are an
// error there. Data and index types, ranks and operators the level lacks
// are errors naming the level they need (dml.Needs). i1 data is moved as
// UINT8 and bf16 as UINT16 bits (an operator that computes on bf16 is an
// error; DirectML has no bfloat16 type); index tensors, dynamic shapes
// and empty tensors are errors. An empty tensor (a zero-size dim) has no
// DirectML form at all: every size of a DML_BUFFER_TENSOR_DESC is at
// least 1, so it can be neither an operator's tensor nor a graph input or
// output (the JSON and C++ emitters refuse it too). An op that can drop
// an empty operand without reading it is lowered without it (an empty
// insert_slice window is its dest); any other empty operand or result
// stays a located error rather than a value the graph does not hold.
package tcptodml
