package tcpopt_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
)

// TestFunctionPassesInParallel runs every pass the pipeline fuzzer draws
// from, nested on func.func, over modules of several functions (the lit
// and dialect test inputs), with the functions processed in parallel as
// tcp-opt does by default. Passes of different functions share only
// read-only state (pass infos, pattern lists, type converters; MLIR's rule
// for function passes): under `go test -race` a shared write is a failure
// (FuzzPipeline found one: a conversion's type converter recorded its
// cast op names in a shared map). `.ci/run` runs it under -race.
func TestFunctionPassesInParallel(t *testing.T) {
	setup()
	if ir.Workers() < 2 {
		// One CPU: run with two Ps anyway, so the functions are processed
		// in parallel (interleaved) and the race detector still sees it.
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	var inputs []string
	files, _ := filepath.Glob("../../../test/lit/*/*.mlir")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, chunk := range strings.Split(string(b), "// -----") {
			if strings.Count(chunk, "func.func @") >= 2 && !strings.Contains(chunk, "expected-error") {
				inputs = append(inputs, chunk)
			}
		}
	}
	if len(inputs) < 20 {
		t.Fatalf("found %d multi-function inputs, want 20 or more", len(inputs))
	}
	for _, p := range fuzzPasses() {
		if p.AnchorName() == ir.ModuleName {
			continue
		}
		text := "builtin.module(func.func(" + p.Argument + "))"
		for _, in := range inputs {
			m, err := parser.Parse("in.mlir", in, parser.Options{AllowUnregistered: true})
			if err != nil || ir.Verify(m, true) != nil {
				continue
			}
			pm, err := pass.ParsePipeline(text)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			pm.AllowUnregistered = true
			err = pm.Run(m)
			if pe, ok := err.(*pass.Error); ok && pe.Panic != nil {
				t.Fatalf("%s panicked: %v\n%s", text, pe.Panic, in)
			}
		}
	}
}
