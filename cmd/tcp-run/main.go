// Command tcp-run parses an MLIR file, verifies it and runs one function
// with the tcp interpreter. See package
// github.com/tcp-project/tcp/internal/tool/tcprun.
package main

import (
	"os"

	"github.com/tcp-project/tcp/internal/tool/tcprun"
)

func main() {
	os.Exit(tcprun.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
