package tcpopt

import (
	"math"
	"os"
	"runtime/debug"
)

// GC tuning. tcp-opt builds one large data structure and then walks it; a
// default Go heap goal of twice the live heap doubles the peak memory of a
// large module for garbage that is mostly never produced. Instead the
// collector runs rarely (GOGC=400) under a soft memory limit that grows
// with the input: 64 MiB plus 5 times the input size, about what the IR
// of a file takes (the 1M-op benchmark input of 107 MB parses to ~450 MB
// of live heap). The limit is soft: a module whose IR needs more still
// works, with the collector running more often. A mapped input (see
// internal/mapfile) is not in the Go heap, so the limit drops by its size
// and the process's total stays the same. GOGC or GOMEMLIMIT in the
// environment turn this off (the runtime's own settings apply).
const (
	gcPercent      = 400
	gcLimitBase    = 64 << 20
	gcLimitPerByte = 5
)

// tuneGC applies the policy for an input of n bytes (mapped outside the
// heap, or read into it) and returns a function that restores the
// previous settings (Main is also a library call).
func tuneGC(n int, mapped bool) (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	per := int64(gcLimitPerByte)
	if mapped {
		per--
	}
	limit := int64(gcLimitBase) + per*int64(n)
	if limit < 0 || int64(n) > math.MaxInt64/gcLimitPerByte {
		limit = math.MaxInt64
	}
	oldLimit := debug.SetMemoryLimit(limit)
	oldPercent := debug.SetGCPercent(gcPercent)
	return func() {
		debug.SetGCPercent(oldPercent)
		debug.SetMemoryLimit(oldLimit)
	}
}
