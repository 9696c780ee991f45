package golang

import (
	"fmt"
	"math/rand"
	"runtime"
	"sort"
	"testing"

	"github.com/tcp-project/tcp/codegen/golang/internal/workloads"
	"github.com/tcp-project/tcp/parser"
)

// BenchmarkWorkloads runs the issue-9 workloads through their generated
// kernels (one worker and GOMAXPROCS) and reports GB/s moved (2 x output
// + index bytes). Each b.N is one timed call inside the kernel binary, so
// the numbers exclude the transfer of the arguments. The table with the
// interpreter, a Go copy and torch side by side is
// scripts/bench-go-kernels.sh.
func BenchmarkWorkloads(b *testing.B) {
	pr := startModule(b, "bench.mlir", workloads.Module)
	defer pr.Close()
	r := rand.New(rand.NewSource(1))
	for _, w := range workloads.All {
		args := w.Args(r)
		for _, workers := range []int{1, 0} {
			name := w.Name + "/workers=1"
			if workers == 0 {
				name = w.Name + "/workers=all"
			}
			b.Run(name, func(b *testing.B) {
				res, sec, err := pr.Call(w.Name, args, CallOptions{Bench: b.N, Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
				moved := 2 * len(res[0].Data)
				if len(args) > 1 {
					moved += len(args[1].Data)
				}
				b.ReportMetric(float64(moved)/sec/1e9, "GB/s")
				b.ReportMetric(sec*1e3, "ms/call")
			})
		}
	}
}

// BenchmarkRowGather reports the issue-9 ratio of the row gather
// (index_select_dim0: 32768 random 1 KiB rows of a 64 MiB source) to a
// plain Go copy of the same 32 MiB, each with one worker and with
// GOMAXPROCS. Kernel calls (in the kernel binary) and copies (here, from
// 256 MiB pools, so never from the cache) alternate, one of each per
// iteration, so that both see the same load on a shared machine; ratio
// is the median of the per-iteration copy/kernel time ratios, the GB/s
// are medians of 2 x output bytes per call, and best-ratio is the fastest
// copy over the fastest kernel call (the least disturbed by other jobs).
// The kernel's source is warm from the checked call before its timed one
// (the rows a call reads, ~25 MiB, may partly stay in a 32 MiB L3), which
// favours the kernel a little. Run it with -benchtime 20x or more.
func BenchmarkRowGather(b *testing.B) {
	pr := startModule(b, "bench.mlir", workloads.Module)
	defer pr.Close()
	w := workloads.All[0]
	args := w.Args(rand.New(rand.NewSource(1)))
	const out = 32768 * 256 * 4
	cp := workloads.NewCopier(out)
	median := func(s []float64) float64 {
		s = append([]float64(nil), s...)
		sort.Float64s(s)
		return s[len(s)/2]
	}
	for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			var ks, cs, rs []float64
			for i := 0; i < b.N; i++ {
				_, k, err := pr.Call(w.Name, args, CallOptions{Bench: 1, Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
				c := cp.Time(workers)
				ks, cs, rs = append(ks, k), append(cs, c), append(rs, c/k)
			}
			b.ReportMetric(2*out/median(ks)/1e9, "kernel-GB/s")
			b.ReportMetric(2*out/median(cs)/1e9, "copy-GB/s")
			b.ReportMetric(median(rs), "ratio")
			sort.Float64s(ks)
			sort.Float64s(cs)
			b.ReportMetric(cs[0]/ks[0], "best-ratio")
		})
	}
}

// BenchmarkCopy is the memory limit: a Go copy of the output bytes of
// index_select_dim0 (32 MiB).
func BenchmarkCopy(b *testing.B) {
	src, dst := make([]byte, 32<<20), make([]byte, 32<<20)
	for i := range src {
		src[i] = byte(i)
	}
	b.SetBytes(2 * int64(len(src)))
	for i := 0; i < b.N; i++ {
		copy(dst, src)
	}
}

// startModule parses src, builds its kernel binary and starts it (the
// benchmarks' common preamble).
func startModule(tb testing.TB, name, src string) *Process {
	tb.Helper()
	m, err := parser.Parse(name, src, parser.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	p, err := Build(m, nil)
	if err != nil {
		tb.Fatal(err)
	}
	pr, err := p.Start()
	if err != nil {
		tb.Fatal(err)
	}
	return pr
}
