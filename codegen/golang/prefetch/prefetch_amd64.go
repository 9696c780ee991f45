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
