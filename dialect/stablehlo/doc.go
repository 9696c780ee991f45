// Package stablehlo registers the StableHLO frontend ops the gather family
// needs, in the syntax the StableHLO project prints: stablehlo.gather
// (generic form; dimension numbers in #stablehlo.gather<…>),
// stablehlo.dynamic_slice, stablehlo.dynamic_update_slice (dus.go), stablehlo.slice, stablehlo.torch_index_select,
// stablehlo.iota, stablehlo.constant, stablehlo.concatenate,
// stablehlo.reshape, stablehlo.dynamic_iota and stablehlo.dynamic_reshape
// (the last four for the iota-concat form of gather_elements that
// onnx-mlir and older jax emit), each also registered under its
// mhlo. spelling (mhlo.gather with #mhlo.gather<…>, …). It also registers
// the test-support check dialect (check.expect_eq, check.expect_eq_const,
// check.expect_almost_eq_const) that the StableHLO interpreter tests use.
//
// GatherDims is the Go form of the dimension numbers; ParseGatherDims reads
// the attribute text (any field order, omitted empty fields, with or
// without the batching dims of newer StableHLO) and GatherDims.Attr prints
// it as StableHLO does. VerifyGather implements the constraints C1–C23 of
// the spec with StableHLO's own messages; the other verifiers likewise.
//
// stablehlo.scatter (scatter.go, scatterdims.go: #stablehlo.scatter<…>,
// VerifyScatter for C1–C25, ScatterCombiner to classify its region) and
// the float elementwise ops jax emits in gradients (negate and divide
// beside add, subtract, multiply, maximum, minimum, broadcast_in_dim).
//
// Semantics (the spec's, including the clamping of start indices to
// [0, dim - slice_size]) are run by package interp; the conversion into tcp
// is package passes/stablehlototcp.
package stablehlo
