//go:build amd64 && !purego

package rowadd

// addF32 adds n float32s at src into those at dst (rowadd_amd64.s).
//
//go:noescape
func addF32(dst, src *float32, n int)
