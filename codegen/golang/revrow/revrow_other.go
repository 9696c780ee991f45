//go:build !amd64 || purego

package revrow

// reverseBlocks moves nothing here: Reverse's Go loops move every byte.
func reverseBlocks(dst, src []byte, es int) int { return 0 }
