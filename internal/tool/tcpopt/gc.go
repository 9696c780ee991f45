package tcpopt

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
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
//
// The limit follows the live heap: a file of many short ops (a 20 MB file
// of 480k generic ops) needs more IR per input byte than the estimate,
// and a live heap above a soft limit makes the collector run back to back
// (it doubled the CPU time of such a file). After every collection the
// limit is raised to 1.5 times the live heap when it is below that, so the
// estimate only sets the floor.
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
	stop := new(atomic.Bool)
	armLimitFollower(stop)
	return func() {
		followMu.Lock()
		defer followMu.Unlock()
		stop.Store(true)
		debug.SetGCPercent(oldPercent)
		debug.SetMemoryLimit(oldLimit)
	}
}

// gcSentinel is an object whose finalizer runs once after the collection
// that finds it unreachable; re-arming it gives a hook after every cycle.
type gcSentinel struct{ _ [16]byte }

// armLimitFollower raises the soft memory limit to 1.5 times the live heap
// after every collection until stop is set.
func armLimitFollower(stop *atomic.Bool) {
	s := &gcSentinel{}
	runtime.SetFinalizer(s, func(*gcSentinel) {
		followMu.Lock()
		defer followMu.Unlock()
		if stop.Load() {
			return // restored: a late finalizer must not move the limit
		}
		followLiveHeap()
		armLimitFollower(stop)
	})
}

// followMu orders the follower against restore.
var followMu sync.Mutex

var liveSample = []metrics.Sample{{Name: "/gc/heap/live:bytes"}}

func followLiveHeap() {
	metrics.Read(liveSample)
	if liveSample[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	want := int64(liveSample[0].Value.Uint64()) / 2 * 3
	if cur := debug.SetMemoryLimit(-1); want > cur {
		debug.SetMemoryLimit(want)
	}
}
