// Package tcp registers the tcp dialect's gather-family ops: tcp.gather,
// tcp.gather_nd, tcp.broadcast_to (also registered as mlir-tcp's
// tcp.broadcast), tcp.slice and tcp.const; tcp.transpose (transpose.go)
// and tcp.cast_indices (castindices.go: index values of any signedness to
// the i32/i64 index tensors the gathers read, saturating) serve the
// StableHLO conversion.
//
// Each op is one ir.OpDef (ops.go) carrying its operands, attributes,
// traits, assembly format, verifier and documentation. The printed form is
// the original mlir-tcp layout, for example
//
//	%0 = tcp.gather %arg0, %arg1 {dim = 0 : index} : tensor<?x?xf32>, tensor<2x?xi64> -> tensor<2x?xf32>
//
// Spelling decisions:
//   - tcp.broadcast_to (the gather design's name, which passes emit) and
//     tcp.broadcast (mlir-tcp's name) are one definition registered under
//     both names; each prints as written. No pass renames one to the other.
//   - On input only, the gather design's variants are accepted: a
//     parenthesized operand-type list `(T, T) -> T`, and untyped integer
//     attributes such as `{ dim = 1 }` for index attributes (coerced to
//     `1 : index`). The printer always emits the declared format.
//   - The optional attributes `mode` (index mode, default
//     "promise_in_bounds"), `fill_value` (only with mode "fill"; default per
//     element type as jax) and `batch_dims` (tcp.gather_nd, default 0) are
//     elided when equal to their defaults, so mlir-tcp files round-trip
//     unchanged.
//
// Semantics of every op and index mode: see each op's Description and the
// interpreter (package interp).
package tcp
