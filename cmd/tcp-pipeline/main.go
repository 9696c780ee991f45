// Command tcp-pipeline runs the whole compiler on one function — frontend
// IR to tcp, then a DirectML graph and a fused Go kernel — and checks that
// every stage computes the same values. It reads FILE.mlir, or stdin for
// "-" or when a file is piped in; without either it runs an embedded
// onnx.Gather example. See package internal/tool/tcppipeline.
package main

import (
	"os"

	"github.com/tcp-project/tcp/internal/tool/tcppipeline"
)

func main() {
	os.Exit(tcppipeline.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
