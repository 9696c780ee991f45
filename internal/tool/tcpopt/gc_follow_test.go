package tcpopt

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestLimitFollowsLiveHeap: a live heap above the input-based floor raises
// the soft limit (a 20 MB file of short ops used to make the collector run
// back to back), and restoring puts the caller's limit back.
func TestLimitFollowsLiveHeap(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetMemoryLimit(-1)
	restore := tuneGC(0, false) // floor: 64 MiB
	live := make([][]byte, 0, 96)
	for i := 0; i < 96; i++ { // 96 MiB live, above the floor
		live = append(live, make([]byte, 1<<20))
	}
	raised := false
	for try := 0; try < 50 && !raised; try++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // finalizers run on their own goroutine
		raised = debug.SetMemoryLimit(-1) >= 96<<20
	}
	runtime.KeepAlive(live)
	if !raised {
		t.Errorf("memory limit %d after collections with 96 MiB live, want at least 1.5 x live (floor %d)", debug.SetMemoryLimit(-1), gcLimitBase)
	}
	restore()
	runtime.GC()
	time.Sleep(10 * time.Millisecond)
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("memory limit after restore = %d, want the caller's %d", got, before)
	}
}
