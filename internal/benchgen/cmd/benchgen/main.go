// Command benchgen writes the parser benchmark inputs: benchgen -o DIR N...
// writes DIR/opsN.mlir for each N.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/tcp-project/tcp/internal/benchgen"
)

func main() {
	dir := flag.String("o", ".", "output directory")
	flag.Parse()
	for _, a := range flag.Args() {
		n, err := strconv.Atoi(a)
		if err != nil || n < 0 {
			fmt.Fprintf(os.Stderr, "benchgen: bad op count %q\n", a)
			os.Exit(1)
		}
		f, err := os.Create(filepath.Join(*dir, "ops"+a+".mlir"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchgen:", err)
			os.Exit(1)
		}
		w := bufio.NewWriter(f)
		if err := benchgen.Write(w, n); err == nil {
			err = w.Flush()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchgen:", err)
			os.Exit(1)
		}
	}
}
