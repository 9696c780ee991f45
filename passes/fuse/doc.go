// Package fuse is the tcp-fuse pass: rewrites that shorten chains of tcp
// data-movement ops before code generation, so that fewer ops remain for a
// backend to compose.
//
//	tcp-opt --tcp-fuse in.mlir
//	tcp-opt --pass-pipeline='builtin.module(tcp-fuse)' in.mlir
//
// Patterns (each preserves the interpreter's results and errors; the
// tests check it on random inputs):
//
//   - gather of gather: tcp.gather(tcp.gather(x, i, d, m1), j, d, m2)
//     becomes tcp.gather(x, tcp.gather(i, j, d, m2), d, m1): the indices
//     compose and the intermediate tensor disappears. It fires when the
//     inner gather has one use, m1 raises no error (promise_in_bounds,
//     fill, or clip/wrap on a static non-empty dim; error modes would
//     check indices the outer gather never selects) and m2 is not fill.
//   - slice of slice with constant parameters on a statically valid inner
//     window: one slice with start s1 + t1*s2 and stride t1*t2.
//   - broadcast of broadcast over disjoint axes: one broadcast.
//
// The Go backend (codegen/golang) fuses whole chains on its own, without
// this pass; the pass makes the same compositions visible in the IR, for
// every backend.
package fuse
