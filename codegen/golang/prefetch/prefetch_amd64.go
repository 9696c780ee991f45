//go:build amd64 && !purego

package prefetch

import "unsafe"

// Line starts loading the cache line that holds p into every cache level
// (prefetch_amd64.s). p must point into a live Go object.
//
//go:noescape
func Line(p unsafe.Pointer)
