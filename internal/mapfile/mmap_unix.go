//go:build linux || darwin || freebsd || netbsd || openbsd

package mapfile

import (
	"os"
	"syscall"
)

// mmap maps n bytes of f read-only. It reports false when the mapping
// fails, and the caller reads the file instead.
func mmap(f *os.File, n int) ([]byte, func(), bool) {
	data, err := syscall.Mmap(int(f.Fd()), 0, n, syscall.PROT_READ, syscall.MAP_PRIVATE|mapPopulate)
	if err != nil {
		return nil, nil, false
	}
	return data, func() { _ = syscall.Munmap(data) }, true
}
