//go:build !amd64 || purego

package revrow

// reverseBlocks moves nothing here: Reverse's Go loops move every byte.
func reverseBlocks(dst, src []byte, es int) int { return 0 }

// reverseBlocksNT moves nothing here either.
func reverseBlocksNT(dst, src []byte, es int) (h, m int) { return 0, 0 }

// copyNT leaves the copy to CopyNT's copy here.
func copyNT(dst, src []byte) bool { return false }

// Fence does nothing here: no store is non-temporal.
func Fence() {}

// reverseBlocksNTUp moves nothing here either.
func reverseBlocksNTUp(dst, src []byte, es int) (t, m int) { return 0, 0 }

// reverseBlocksUp moves nothing here either.
func reverseBlocksUp(dst, src []byte, es int) int { return 0 }

// reverseRowsUp leaves the rows to ReverseRows' loop here.
func reverseRowsUp(dst, src []byte, es, rowBytes int) bool { return false }

// shortRows leaves the rows to reverseShortRows' loop here.
func shortRows(dst, src []byte, es, rowBytes int) int { return 0 }
