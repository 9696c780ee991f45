// Command tcp-opt is the tcp project's modular optimizer driver, with
// mlir-opt's interface: it parses MLIR, runs a pass pipeline and prints the
// result. See package internal/tool/tcpopt.
package main

import (
	"os"

	"github.com/tcp-project/tcp/internal/tool/tcpopt"
)

func main() {
	os.Exit(tcpopt.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
