//go:build !amd64 || purego

package prefetch

import "unsafe"

// Line does nothing here: a prefetch is a hint.
func Line(p unsafe.Pointer) {}

// Elems does nothing here: a prefetch is a hint.
func Elems(p unsafe.Pointer, idx []int, es int) {}

// IDs64 does nothing here: a prefetch is a hint.
func IDs64(p unsafe.Pointer, ids []int64, size, rowBytes int) {}

// IDs32 does nothing here: a prefetch is a hint.
func IDs32(p unsafe.Pointer, ids []int32, size, rowBytes int) {}

// Span does nothing here: a prefetch is a hint.
func Span(p unsafe.Pointer, n int) {}
