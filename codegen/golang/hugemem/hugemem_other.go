//go:build !linux

package hugemem

// Without madvise(MADV_HUGEPAGE) Make is make.
const hugePages = false

func advise([]byte) {}
