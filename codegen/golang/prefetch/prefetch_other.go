//go:build !amd64 || purego

package prefetch

import "unsafe"

// Line does nothing here: a prefetch is a hint.
func Line(p unsafe.Pointer) {}

// Elems does nothing here: a prefetch is a hint.
func Elems(p unsafe.Pointer, idx []int, es int) {}
