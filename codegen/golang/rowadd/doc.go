// Package rowadd adds one float32 row into another with tcp's NaN rule,
// for the generated scatter kernels (a combine of add over a whole
// contiguous update row) and for the code that tests them.
//
// AddF32(dst, src) sets dst[i] = dst[i] + src[i] for every i of dst. A NaN
// result is dst[i]'s NaN, quieted, if dst[i] is a NaN; else src[i]'s NaN,
// quieted, if src[i] is one; else the hardware's NaN (inf + -inf). This is
// the interpreter's rule for addf, with the destination as the first
// operand.
//
// On amd64 the loop is assembly: AVX (eight floats per VADDPS) when
// CPUID and XGETBV say the CPU has it and the OS saves the YMM
// registers, checked once at package initialization (the kernel binary
// imports only the standard library, so the check is in assembly too),
// else SSE2 (the GOAMD64=v1 baseline, four per ADDPS). ADDPS, and VADDPS
// with the destination row as its first source operand, return, when
// both operands are NaNs, the destination's NaN quieted, and when one is,
// that one quieted: the rule above with no test
// per element. Elsewhere, or with the purego build tag, a Go loop tests
// for a NaN result and applies the rule itself (Go's compiler may commute
// a float addition, so a plain a+b does not fix which NaN comes out).
//
// ScatterAddF32I64 and ScatterAddF32I32 add a row of updates into one
// destination row at the positions a row of indices gives (a
// ScatterElements add along the last dim), ScatterAddColsF32I64 and
// ScatterAddColsF32I32 each update k into column k of the destination
// row its index gives (along dim 0): in index order, so repeated indices
// sum as the interpreter's scatter does, with ONNX's negative indices
// when asked, stopping at the first index out of range and returning its
// position. On amd64 they are assembly (ADDSS with the destination
// element as the destination operand: the same NaN rule as ADDPS), else a
// Go loop.
//
// ScatterRowsF32I64 and ScatterRowsF32I32 add whole update rows into the
// destination rows the indices give (ScatterND's add over rows), with
// the same order, wrapping and stop (or, asked to, skip) at a bad index;
// asked to, they prefetch the destination row AheadRows updates later.
// On amd64, rows of 2, 3 and 4 floats (points, RGBA) have loops of their
// own with no test of the width per row, longer rows the SSE or AVX row
// loop.
//
// The kernel binary built by package golang compiles a copy of this
// source as package tcpkernels/rowadd.
package rowadd
