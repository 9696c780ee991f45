package golang

import (
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tcp-project/tcp/codegen/golang/internal/workloads"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// BenchmarkScatterWorkloads runs the scatter workloads (the gradient of
// an embedding lookup with Zipf-distributed repeats, index_put of unique
// rows, ScatterElements add along dim 1) through their generated kernels
// with 1 and 2 workers, reporting GB/s moved (the destination written
// twice, by the input copy and the updates, plus the update and index
// bytes read) and ms per call, timed inside the kernel binary.
func BenchmarkScatterWorkloads(b *testing.B) {
	pr := startModule(b, "scatter.mlir", workloads.ScatterModule)
	defer pr.Close()
	r := rand.New(rand.NewSource(1))
	for _, w := range workloads.Scatter {
		args := w.Args(r)
		for _, workers := range []int{1, 2} {
			b.Run(w.Name+"/workers="+string(rune('0'+workers)), func(b *testing.B) {
				res, sec, err := pr.Call(w.Name, args, CallOptions{Bench: b.N, Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
				moved := 2 * len(res[0].Data)
				for _, a := range args[1:] {
					moved += len(a.Data)
				}
				if w.Name == "embedding_grad" {
					moved = 2*len(res[0].Data) + len(args[0].Data) + len(args[1].Data)
				}
				b.ReportMetric(float64(moved)/sec/1e9, "GB/s")
				b.ReportMetric(sec*1e3, "ms/call")
				if workers == 1 {
					// The same bytes moved by copy in this process, timed
					// right after: the ratio is less sensitive to the
					// machine's load than either number.
					b.ReportMetric(float64(moved)/sec/copyGBs(moved, b.N)/1e9, "x-copy")
				}
			})
		}
	}
}

// TestScatterExamples: examples/scatter_*.mlir are the functions of
// workloads.ScatterModule (the benchmarks and the examples run the same
// programs), and each one's kernel equals the interpreter on its workload
// arguments with 1 and 2 workers.
func TestScatterExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the full-size scatter workloads")
	}
	files, _ := filepath.Glob("../../examples/scatter_*.mlir")
	if len(files) != len(workloads.Scatter) {
		t.Fatalf("found %d examples/scatter_*.mlir, want %d", len(files), len(workloads.Scatter))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		fn := src[strings.Index(src, "func.func"):]
		if !strings.Contains(workloads.ScatterModule, fn) {
			t.Errorf("%s is not a function of workloads.ScatterModule", f)
		}
	}
	m, err := parser.Parse("scatter.mlir", workloads.ScatterModule, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pr := startKernels(t, m)
	r := rand.New(rand.NewSource(1))
	for _, w := range workloads.Scatter {
		args := w.Args(r)
		want, err := interp.RunFunc(m, w.Name, args...)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			got, _, err := pr.Call(w.Name, args, CallOptions{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			if !tensor.Equal(want[0], got[0]) || string(want[0].Data) != string(got[0].Data) {
				t.Errorf("%s workers %d: the kernel differs from the interpreter", w.Name, workers)
			}
		}
	}
}

// copyGBs returns the median GB/s of n one-goroutine copies moving moved
// bytes (half read, half written) between buffers larger than the cache.
func copyGBs(moved, n int) float64 {
	src := make([]byte, moved/2)
	dst := make([]byte, moved/2)
	for i := range src {
		src[i] = byte(i)
	}
	times := make([]float64, 0, n)
	for k := 0; k < max(n, 3); k++ {
		t := time.Now()
		copy(dst, src)
		times = append(times, time.Since(t).Seconds())
	}
	sort.Float64s(times)
	return float64(moved) / times[len(times)/2] / 1e9
}
