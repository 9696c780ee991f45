package golang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/parser"
)

// parallelModule has kernels whose parallel loops fail inside a chunk
// (inline index checks, a broken promise_in_bounds promise) and a scatter
// (one chunk per worker, tcpParallelScan), a row gather whose index
// check pass is split over the workers, and a take along a middle axis
// whose short outer loop is split together with the next (flatSplit),
// for TestParallelRace.
const parallelModule = `func.func @ge(%x: tensor<64x32xf32>, %i: tensor<256x32xi64>) -> tensor<256x32xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<64x32xf32>, tensor<256x32xi64> -> tensor<256x32xf32>
  return %0 : tensor<256x32xf32>
}
func.func @gp(%x: tensor<64x32xf32>, %i: tensor<256x32xi64>) -> tensor<256x32xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "promise_in_bounds"} : tensor<64x32xf32>, tensor<256x32xi64> -> tensor<256x32xf32>
  return %0 : tensor<256x32xf32>
}
func.func @rows(%x: tensor<64x32xf32>, %i: tensor<256xi64>) -> tensor<256x32xf32> {
  %c32 = arith.constant 32 : index
  %e = tensor.expand_shape %i [[0, 1]] : tensor<256xi64> into tensor<256x1xi64>
  %b = tcp.broadcast_to %e, %c32 {axes = [1]} : tensor<256x1xi64>, index -> tensor<256x32xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "wrap_negative"} : tensor<64x32xf32>, tensor<256x32xi64> -> tensor<256x32xf32>
  return %0 : tensor<256x32xf32>
}
func.func @mid(%x: tensor<3x64x8xf32>, %i: tensor<50xi64>) -> tensor<3x50x8xf32> {
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %e = tensor.expand_shape %i [[0, 1, 2]] : tensor<50xi64> into tensor<1x50x1xi64>
  %b = tcp.broadcast_to %e, %c3, %c8 {axes = [0, 2]} : tensor<1x50x1xi64>, index, index -> tensor<3x50x8xi64>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "wrap_negative"} : tensor<3x64x8xf32>, tensor<3x50x8xi64> -> tensor<3x50x8xf32>
  return %0 : tensor<3x50x8xf32>
}
func.func @sc(%x: tensor<64x32xf32>, %i: tensor<256x32xi64>, %u: tensor<256x32xf32>) -> tensor<64x32xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index, mode = "error"} : tensor<64x32xf32>, tensor<256x32xi64>, tensor<256x32xf32> -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}
`

// parallelRaceTest is the test file written beside the emitted package:
// each kernel is called from several goroutines at once, with several
// worker counts and back to back (the pool's workers polling) and after
// a pause (parked), and every result and error must equal the one
// worker's.
const parallelRaceTest = `package kernels

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

func args(bad int) ([]float32, []int64, []float32) {
	x := make([]float32, 64*32)
	for k := range x {
		x[k] = float32(k)
	}
	i := make([]int64, 256*32)
	u := make([]float32, 256*32)
	for k := range i {
		i[k] = int64((k*7 + k/32) % 64)
		u[k] = float32(k % 5)
	}
	if bad >= 0 {
		i[bad] = 64 + int64(bad)
		// A later bad index, in a later chunk, must not be the one
		// reported.
		i[(bad+4096)%len(i)] = -1000 - int64(bad)
	}
	return x, i, u
}

func run(bad int) (string, error) {
	x, i, u := args(bad)
	r0 := make([]float32, 256*32)
	var out []string
	if err := Ge(r0, x, i); err != nil {
		out = append(out, "ge: "+err.Error())
	} else {
		out = append(out, fmt.Sprint(r0))
	}
	r1 := make([]float32, 256*32)
	if err := Gp(r1, x, i); err != nil {
		out = append(out, "gp: "+err.Error())
	} else {
		out = append(out, fmt.Sprint(r1))
	}
	// The row gather's ids: every 32nd, so that a bad one is the
	// first bad id when bad is a multiple of 32.
	j := make([]int64, 256)
	for k := range j {
		j[k] = i[32*k]
	}
	r3 := make([]float32, 256*32)
	if err := Rows(r3, x, j); err != nil {
		out = append(out, "rows: "+err.Error())
	} else {
		out = append(out, fmt.Sprint(r3))
	}
	r4 := make([]float32, 3*50*8)
	if err := Mid(r4, x[:3*64*8], j[:50]); err != nil {
		out = append(out, "mid: "+err.Error())
	} else {
		out = append(out, fmt.Sprint(r4))
	}
	r2 := make([]float32, 64*32)
	if err := Sc(r2, x, i, u); err != nil {
		out = append(out, "sc: "+err.Error())
	} else {
		out = append(out, fmt.Sprint(r2))
	}
	return fmt.Sprint(out), nil
}

func TestConcurrentCalls(t *testing.T) {
	tcpMinBytesPerWorker = 1
	cases := []int{-1, 0, 31, 32, 4000, 4096 + 64, 256*32 - 41}
	Workers = 1
	want := map[int]string{}
	for _, bad := range cases {
		want[bad], _ = run(bad)
	}
	if want[-1] == want[4000] {
		t.Fatal("a bad index changed nothing")
	}
	for _, w := range []int{2, 3, 7, 0} {
		Workers = w
		for _, pause := range []bool{false, true} {
			if pause {
				time.Sleep(2 * tcpSpin)
			}
			var wg sync.WaitGroup
			for g := 0; g < 4; g++ {
				wg.Add(1)
				go func(g int) {
					defer wg.Done()
					for rep := 0; rep < 3; rep++ {
						bad := cases[(g+rep)%len(cases)]
						if got, _ := run(bad); got != want[bad] {
							t.Errorf("workers %d, bad index at %d: got\n%.300s\nwant\n%.300s", w, bad, got, want[bad])
						}
					}
				}(g)
			}
			wg.Wait()
		}
	}
}
`

// TestParallelRace runs the emitted package's kernels concurrently from
// several goroutines under the race detector (go test -race): the worker
// pool, the chunk claims and the per-chunk errors must be race-free, and
// the first error in row-major order (an index error or a recovered
// panic) must come out whatever the worker count.
func TestParallelRace(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test -race")
	}
	goCmd, err := goTool()
	if err != nil {
		oracle.Missing(t, "the go command: %v", err)
	}
	m, err := parser.Parse("par.mlir", parallelModule, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := Emit(m, Options{Package: "kernels", Source: "par.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, b := range map[string][]byte{
		"go.mod":          []byte("module kernels\n\ngo 1.22\n"),
		"kernels.go":      out,
		"kernels_test.go": []byte(parallelRaceTest),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goCmd, "test", "-race", "-count=1", "-v", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off", "GOFLAGS=-mod=mod")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test -race: %v\n%s", err, b)
	} else if !strings.Contains(string(b), "--- PASS: TestConcurrentCalls") {
		t.Fatalf("go test -race ran no test:\n%s", b)
	}
}
