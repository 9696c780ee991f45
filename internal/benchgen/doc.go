// Package benchgen generates large MLIR inputs for parser benchmarks: one
// func.func with n operations in generic form, mixing tcp ops (gather,
// gather_nd, broadcast, slice, const) with func ops, all of which verify.
package benchgen
