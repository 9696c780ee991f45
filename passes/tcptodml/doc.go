// Package tcptodml is --convert-tcp-to-dml: it lowers tcp to the dml
// dialect (DirectML operators) for a feature level, as SEMANTICS.md §8.7
// maps them.
//
//	tcp-opt --convert-tcp-to-dml='feature-level=3.0' in.mlir
//	tcp-opt --pass-pipeline='builtin.module(convert-tcp-to-dml{feature-level=2.1 assume-in-bounds=true})' in.mlir
//
// Options: feature-level (1.0 … 6.4, default 4.1) and assume-in-bounds
// (default false). The module gets the attribute dml.feature_level.
//
// Mapping:
//
//	tcp op                                   dml op
//	gather(bcast(expand(x)), bcast(expand(i)))  gather {axis = a + D - r, index_dimensions = rank(i)} on x and i
//	gather (any other)                       gather_elements {axis = dim + D - r}; broadcast operands become
//	                                         zero-stride views, a larger input a sub-view
//	gather_nd {batch_dims = b}               gather_nd1 (FL >= 3.0), gather_nd (b = 0 below 3.0)
//	slice (constant parameters)              slice1 (window = the read elements, strides signed)
//	broadcast_to, transpose                  folded into the consumer's tensor desc (zero or permuted
//	                                         strides); element_wise_identity over that view if still used
//	const, arith.constant tensors            constant (a DML-owned graph input)
//
// DimensionCount D is the largest rank involved from FL 3.0 and 4 (4 or 5
// for SLICE1, IDENTITY and CAST) before; larger ranks are an error there.
//
// Index modes keep their meaning or fail with a located error, never
// silently: on constant indices the mode is applied at compile time
// (clip, wrap, wrap_negative resolved; error and promise_in_bounds checked;
// fill accepted when every index is in range). On other indices
// promise_in_bounds passes through; wrap_negative passes through from FL
// 3.0 (DirectML reads negative signed indices from the end); error is
// rejected unless assume-in-bounds=true; clip, wrap and fill are
// rejected (they would need CLIP, MODULUS_FLOOR and IF nodes).
//
// Types: below FL 3.0 indices must be UINT32, so constant indices are
// rewritten as ui32 and i32 indices are cast (dml.cast); i64 indices are an
// error there. Data and index types, ranks and operators the level lacks
// are errors naming the level they need (dml.Needs). i1, bf16 and index
// tensors, dynamic shapes and empty tensors are errors.
package tcptodml
