// Command filecheck is a Go implementation of LLVM's FileCheck utility,
// compatible with FileCheck-16. See package
// github.com/tcp-project/tcp/internal/filecheck.
package main

import (
	"os"

	"github.com/tcp-project/tcp/internal/filecheck"
)

func main() {
	os.Exit(filecheck.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
