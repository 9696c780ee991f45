package hugemem_test

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/tcp-project/tcp/codegen/golang/hugemem"
)

func TestMake(t *testing.T) {
	for _, n := range []int{0, 1, 1000, hugemem.MinBytes/4 - 1, hugemem.MinBytes / 4, 3 << 20} {
		s := hugemem.Make[float32](n)
		if len(s) != n || cap(s) != n {
			t.Fatalf("Make(%d): len %d cap %d", n, len(s), cap(s))
		}
		for i, v := range s {
			if v != 0 {
				t.Fatalf("Make(%d)[%d] = %v, want 0", n, i, v)
			}
		}
		for i := range s {
			s[i] = float32(i)
		}
		large := n*4 >= hugemem.MinBytes
		aligned := n > 0 && uintptr(unsafe.Pointer(&s[0]))%hugemem.HugePageBytes == 0
		if large && runtime.GOOS == "linux" && !aligned {
			t.Errorf("Make(%d) is not on a huge page boundary", n)
		}
	}
	for _, n := range []int{-1, int(^uint(0) >> 2)} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Make[float64](%d) did not panic", n)
				}
			}()
			hugemem.Make[float64](n)
		}()
	}
}

// TestHugePages checks with /proc/self/smaps that a large slice touched
// after Make is backed by huge pages, where the machine's THP mode allows
// it (and the kernel had a free huge page).
func TestHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || !(strings.Contains(string(mode), "[madvise]") || strings.Contains(string(mode), "[always]")) {
		t.Skipf("transparent huge pages unavailable here (%q, %v)", mode, err)
	}
	s := hugemem.Make[byte](16 << 20)
	for i := 0; i < len(s); i += 4096 {
		s[i] = 1
	}
	kb, err := anonHugeKB(uintptr(unsafe.Pointer(&s[0])))
	if err != nil {
		t.Skip(err)
	}
	if kb == 0 {
		t.Skip("no huge pages backed the slice (none free on this machine?)")
	}
	t.Logf("%d KiB of the slice's mapping on huge pages", kb)
	runtime.KeepAlive(s)
}

// anonHugeKB reads AnonHugePages of the mapping holding addr.
func anonHugeKB(addr uintptr) (int, error) {
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return 0, err
	}
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x", &lo, &hi); n == 2 && strings.Contains(line, " ") && !strings.HasSuffix(strings.Fields(line)[0], ":") {
			in = lo <= addr && addr < hi
			continue
		}
		var kb int
		if in {
			if n, _ := fmt.Sscanf(line, "AnonHugePages: %d kB", &kb); n == 1 {
				return kb, nil
			}
		}
	}
	return 0, fmt.Errorf("no mapping holds %#x", addr)
}
