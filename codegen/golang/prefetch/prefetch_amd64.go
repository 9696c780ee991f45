//go:build amd64 && !purego

package prefetch

import "unsafe"

// Line starts loading the cache line that holds p into every cache level
// (prefetch_amd64.s). p must point into a live Go object.
//
//go:noescape
func Line(p unsafe.Pointer)

// Elems starts loading the cache line of element idx[k] of es bytes from
// p, for every k, in one call (prefetch_amd64.s): the positions a column
// gather reads in a later row. PREFETCHT0 never faults, so the positions
// need not be in p's object, but p must point into a live Go object.
//
//go:noescape
func Elems(p unsafe.Pointer, idx []int, es int)

// IDs64 starts loading the cache line of row w of rowBytes bytes from p
// for each index of ids, w being the index, or the index plus size where
// it is negative (pass size 0 for indices that are never wrapped), in one
// call (prefetch_amd64.s): the rows a gather of short rows copies in its
// next iterations, read from its indices directly. PREFETCHT0 never
// faults, so an index out of range prefetches nothing useful and harms
// nothing, but p must point into a live Go object.
//
//go:noescape
func IDs64(p unsafe.Pointer, ids []int64, size, rowBytes int)

// IDs32 is IDs64 for int32 indices.
//
//go:noescape
func IDs32(p unsafe.Pointer, ids []int32, size, rowBytes int)

// Span starts loading every cache line of the n bytes from p (one
// PREFETCHT0 per 64 bytes, prefetch_amd64.s): a block of the source that
// later iterations will read densely in an order the hardware prefetcher
// cannot follow. PREFETCHT0 never faults, but p must point into a live
// Go object.
//
//go:noescape
func Span(p unsafe.Pointer, n int)
