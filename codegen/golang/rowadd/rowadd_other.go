//go:build !amd64 || purego

package rowadd

func addF32(dst, src *float32, n int) { addGo(dst, src, n) }
