// Command benchtable measures the generated Go kernels on the issue's
// workloads and prints a table of GB/s next to the interpreter, a plain Go
// copy of the same bytes (the memory limit of the machine) and torch 1.13
// (/usr/bin/python3), all measured in the same run, with one worker/thread
// and with all of them. Run it with scripts/bench-go-kernels.sh.
//
// Bytes moved per call = 2 × output bytes (each element read once and
// written once) + index bytes read; the copy moves 2 × output bytes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tcp-project/tcp/codegen/golang"
	"github.com/tcp-project/tcp/codegen/golang/internal/workloads"
	_ "github.com/tcp-project/tcp/dialect/all"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor/npy"
)

const torchScript = `
import sys, time, numpy as np, torch
threads, n = int(sys.argv[1]), int(sys.argv[2])
torch.set_num_threads(threads)
d = sys.argv[3]
def ld(f): return torch.from_numpy(np.load(d + "/" + f))
ops = {
  "index_select_dim0": (lambda x, i: torch.index_select(x, 0, i), ["index_select_dim0_0.npy", "index_select_dim0_1.npy"]),
  "index_select_dim1": (lambda x, i: torch.index_select(x, 1, i), ["index_select_dim1_0.npy", "index_select_dim1_1.npy"]),
  "gather_dim1": (lambda x, i: torch.gather(x, 1, i), ["gather_dim1_0.npy", "gather_dim1_1.npy"]),
  "gather_nd": (lambda x, i: x[i[:, 0], i[:, 1]], ["gather_nd_0.npy", "gather_nd_1.npy"]),
  "reverse": (lambda x: torch.flip(x, [0, 1]), ["reverse_0.npy"]),
}
for name in sys.argv[4:]:
  f, files = ops[name]
  args = [ld(a) for a in files]
  f(*args)
  ts = []
  for _ in range(n):
    t0 = time.perf_counter(); f(*args); ts.append(time.perf_counter() - t0)
  ts.sort()
  print(name, ts[len(ts)//2])
`

func median(n int, f func()) float64 {
	f()
	ts := make([]float64, n)
	for i := range ts {
		t0 := time.Now()
		f()
		ts[i] = time.Since(t0).Seconds()
	}
	sort.Float64s(ts)
	return ts[n/2]
}

// copyTime is the median of n copies of nb bytes over w goroutines.
func copyTime(nb int64, w, n int) float64 {
	c := workloads.NewCopier(int(nb))
	return median(n, func() { c.Time(w) })
}

func torchTimes(dir string, threads, n int, names []string) (map[string]float64, error) {
	script := filepath.Join(dir, "bench.py")
	if err := os.WriteFile(script, []byte(torchScript), 0o644); err != nil {
		return nil, err
	}
	out, err := exec.Command("/usr/bin/python3", append([]string{script, strconv.Itoa(threads), strconv.Itoa(n), dir}, names...)...).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("torch: %v\n%s", err, out)
	}
	res := map[string]float64{}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(l)
		if len(f) == 2 {
			res[f[0]], _ = strconv.ParseFloat(f[1], 64)
		}
	}
	return res, nil
}

func main() {
	n := flag.Int("n", 10, "timed calls per measurement")
	interpN := flag.Int("interp-n", 3, "timed interpreter runs")
	noTorch := flag.Bool("no-torch", false, "skip torch")
	flag.Parse()
	m, err := parser.Parse("bench.mlir", workloads.Module, parser.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	prog, err := golang.Build(m, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	pr, err := prog.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer pr.Close()
	dir, err := os.MkdirTemp("", "tcp-bench-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	all := runtime.GOMAXPROCS(0)
	r := rand.New(rand.NewSource(1))
	type row struct {
		name                   string
		moved, copyBytes       int64
		k1, kAll, in, c1, cAll float64
	}
	var rows []row
	var names []string
	for _, w := range workloads.All {
		args := w.Args(r)
		for i, a := range args {
			var b bytes.Buffer
			npy.Write(&b, a)
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s_%d.npy", w.Name, i)), b.Bytes(), 0o644)
		}
		res, k1, err := pr.Call(w.Name, args, golang.CallOptions{Bench: *n, Workers: 1})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		_, kAll, _ := pr.Call(w.Name, args, golang.CallOptions{Bench: *n, Workers: all})
		out := int64(len(res[0].Data))
		moved := 2 * out
		if len(args) > 1 {
			moved += int64(len(args[1].Data))
		}
		fn := function.Lookup(m, w.Name)
		in := median(*interpN, func() { interp.Run(fn, args) })
		rows = append(rows, row{name: w.Name, moved: moved, copyBytes: out, k1: k1, kAll: kAll, in: in,
			c1: copyTime(out, 1, *n), cAll: copyTime(out, all, *n)})
		names = append(names, w.Name)
	}
	var t1, tAll map[string]float64
	if !*noTorch {
		if t1, err = torchTimes(dir, 1, *n, names); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
		if tAll, err = torchTimes(dir, all, *n, names); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
	}
	gbs := func(b int64, s float64) float64 {
		if s <= 0 {
			return 0
		}
		return float64(b) / s / 1e9
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("GB/s moved (2 x output + index bytes), median of %d calls; copy = Go copy of the output bytes (moves 2 x output)\n", *n)
	fmt.Printf("GOMAXPROCS %d, %s, load average %s\n", all, runtime.Version(), strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "))
	for _, threads := range []int{1, all} {
		fmt.Printf("\n%d worker(s) / torch threads:\n", threads)
		fmt.Printf("| workload | kernel GB/s | copy GB/s | kernel/copy | interp GB/s | torch GB/s | kernel/torch (time ratio) |\n|---|---|---|---|---|---|---|\n")
		for _, rw := range rows {
			k, c, tt := rw.k1, rw.c1, t1[rw.name]
			if threads != 1 {
				k, c, tt = rw.kAll, rw.cAll, tAll[rw.name]
			}
			ratio := "n/a"
			if tt > 0 {
				ratio = fmt.Sprintf("%.2fx", tt/k)
			}
			fmt.Printf("| %s | %.2f | %.2f | %.2f | %.3f | %.2f | %s |\n", rw.name, gbs(rw.moved, k), gbs(2*rw.copyBytes, c),
				gbs(rw.moved, k)/gbs(2*rw.copyBytes, c), gbs(rw.moved, rw.in), gbs(rw.moved, tt), ratio)
		}
	}
}
