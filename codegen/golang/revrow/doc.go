// Package revrow reverses rows of 1-, 2-, 4-, 8- and 16-byte elements,
// and of 3-, 6-, 12- and 24-byte ones, for the generated kernels that
// read a row backwards (a Slice with a negative step on the innermost
// axis: torch.flip, x[::-1], stablehlo.reverse) and for the code that
// tests them (an element may also be a run of smaller ones: a flip of an
// outer axis over short rows, such as RGB pixels of 1-, 2-, 4- or 8-byte
// channels: 3, 6, 12 or 24 bytes).
//
// Reverse(dst, src, es) sets element j of dst to element n-1-j of src, for
// the n = len(dst)/es elements of es bytes each. The bytes of one element
// keep their order; only the elements' order is reversed. ReverseUp reads
// src from its start up (rows reversed in ascending order: one ascending
// stream), ReverseNT and ReverseNTUp write with non-temporal stores (large
// outputs; on whole 64-byte lines only, the partial lines at a row's ends
// with plain stores), and ReverseRows reverses many rows that follow each other in
// one call (short rows: a horizontal flip of an RGB image).
//
// On amd64 with AVX2 (checked once with CPUID and XGETBV) the whole 32-byte
// blocks move through assembly: one 32-byte load from the end of src,
// VPSHUFB with a mask per element size (the elements reversed inside each
// 16-byte lane), VPERMQ (the two lanes swapped), one 32-byte store at the
// start of dst, two blocks per step. Elements of 3 to 24 bytes, which do
// not divide a lane, move in 48-byte groups (48 is a multiple of each):
// three 16-byte loads from the end of src, and each of the three output
// vectors the OR of the three inputs shuffled by VPSHUFB with masks
// computed at init (0x80 zeroes the bytes another input supplies); a row
// of one group or more ends with one more group, the last 48 bytes of
// dst, overlapping the one before. With AVX-512 VBMI, Reverse and
// ReverseUp move such a row 192 bytes at a time first (reverse192: per 64 output bytes two
// masked loads of the 128 source bytes they come from and one VPERMI2B).
// ReverseRows moves rows shorter than
// 32 bytes (an image's RGB channels flipped) 32/rowBytes rows at a time:
// one 32-byte load, two VPSHUFBs (the bytes that stay in their lane, and
// those that cross, from the lanes swapped by VPERMQ) ORed, one 32-byte
// store that the next one partly rewrites. The rest, and everything elsewhere,
// with the purego build tag or without AVX2, is Go (reverse_go.go): eight
// bytes per load, their lanes reversed in a register (math/bits'
// ReverseBytes64, compiled to BSWAP, for bytes; a rotate by 32 and a swap
// of 16-bit halves for 2-byte elements; a rotate by 32 for 4-byte ones),
// four loads per step, then eight bytes, then one element at a time; 3-
// to 24-byte elements as fixed-size array copies, four per step.
//
// The kernel binary built by package golang compiles a copy of this
// source as package tcpkernels/revrow. Kernels for embedders, which import
// only the standard library and no package unsafe, keep their
// element-by-element loop.
package revrow
