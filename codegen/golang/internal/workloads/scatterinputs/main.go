// Command scatterinputs writes the arguments of the scatter workloads
// (workloads.Scatter) as .npy files, NAME_0.npy, NAME_1.npy, … in DIR, for
// tcp-run --backend=go --bench on the examples/scatter_*.mlir programs
// (scripts/scatter-bench.sh).
//
//	go run ./codegen/golang/internal/workloads/scatterinputs DIR
package main

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"

	"github.com/tcp-project/tcp/codegen/golang/internal/workloads"
	"github.com/tcp-project/tcp/tensor/npy"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: scatterinputs DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	r := rand.New(rand.NewSource(1))
	for _, w := range workloads.Scatter {
		for k, a := range w.Args(r) {
			p := filepath.Join(dir, fmt.Sprintf("%s_%d.npy", w.Name, k))
			if err := npy.WriteFile(p, a); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
	}
}
