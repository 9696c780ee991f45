// Command tcp-translate is the tcp project's mlir-translate: it runs one
// registered translation (emitters to DirectML JSON and C++, Graphviz and
// Go source; importers) on an input. See package internal/tool/tcptranslate.
package main

import (
	"os"

	"github.com/tcp-project/tcp/internal/tool/tcptranslate"
)

func main() {
	os.Exit(tcptranslate.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
