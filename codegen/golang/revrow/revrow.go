package revrow

import "fmt"

// Reverse sets element j of dst to element n-1-j of src for every j < n,
// where n = len(dst)/es and es, the element size in bytes, is 1, 2, 4 or
// 8. len(src) must equal len(dst), a multiple of es; dst and src must not
// overlap.
func Reverse(dst, src []byte, es int) {
	if es != 1 && es != 2 && es != 4 && es != 8 || len(dst)%es != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.Reverse: %d and %d bytes of %d-byte elements", len(dst), len(src), es))
	}
	k := reverseBlocks(dst, src, es)
	reverseGo(dst[k:], src[:len(src)-k], es)
}

// ReverseGo is Reverse without the assembly: the Go loops of every build,
// which the tests compare it with.
func ReverseGo(dst, src []byte, es int) {
	if es != 1 && es != 2 && es != 4 && es != 8 || len(dst)%es != 0 || len(src) != len(dst) {
		panic(fmt.Sprintf("revrow.ReverseGo: %d and %d bytes of %d-byte elements", len(dst), len(src), es))
	}
	reverseGo(dst, src, es)
}
