//go:build linux

package hugemem

import "syscall"

const hugePages = true

// advise asks the kernel to back b with transparent huge pages. An error
// (a kernel built without them) leaves b on ordinary pages: the advice
// changes no contents.
func advise(b []byte) {
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
