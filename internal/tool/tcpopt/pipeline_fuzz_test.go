package tcpopt_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
)

// fuzzPasses are the registered passes the pipeline fuzzer draws from:
// every pass tcp-opt links in (new passes join by being registered), minus
// the failing test passes of this package.
func fuzzPasses() []*pass.Info {
	var out []*pass.Info
	for _, p := range pass.Registered() {
		if strings.HasPrefix(p.Argument, "test-") {
			continue
		}
		switch p.AnchorName() {
		case pass.AnyOp, ir.ModuleName, "func.func":
			out = append(out, p)
		}
	}
	// Named pipelines (frontends-to-tcp-pipeline) are drawn too, at module
	// level, where they expand to their passes.
	for _, p := range pass.RegisteredPipelines() {
		out = append(out, &pass.Info{Argument: p.Argument, Anchor: ir.ModuleName})
	}
	return out
}

// pipelineOf spells a pipeline from fuzz bytes: each byte picks a pass
// (module-anchored passes at module level, the others nested on func.func).
func pipelineOf(sel []byte, passes []*pass.Info) string {
	var items []string
	for _, b := range sel {
		if len(items) == 6 {
			break
		}
		p := passes[int(b)%len(passes)]
		if p.AnchorName() == ir.ModuleName {
			items = append(items, p.Argument)
		} else {
			items = append(items, "func.func("+p.Argument+")")
		}
	}
	return "builtin.module(" + strings.Join(items, ",") + ")"
}

// FuzzPipeline runs random pipelines of the registered passes on random
// input. A pass may fail with a diagnostic, but on IR that verifies it must
// not panic and must not leave IR that fails to verify or does not print
// and parse back.
func FuzzPipeline(f *testing.F) {
	setup()
	passes := fuzzPasses()
	seeds := []string{dupPure, fn, oracleOps, oracleCFG}
	files, _ := filepath.Glob("../../../dialect/*/testdata/*.mlir")
	lit, _ := filepath.Glob("../../../test/lit/*/*.mlir")
	for _, name := range append(files, lit...) {
		b, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		for _, chunk := range strings.Split(string(b), "// -----") {
			if len(chunk) < 4096 && !strings.Contains(chunk, "expected-error") {
				seeds = append(seeds, chunk)
			}
		}
	}
	for i, s := range seeds {
		f.Add(s, []byte{byte(i), byte(i + 1), byte(i * 7)})
	}
	f.Fuzz(func(t *testing.T, input string, sel []byte) {
		if len(sel) == 0 || len(input) > 1<<14 {
			return
		}
		m, err := parser.Parse("fuzz.mlir", input, parser.Options{AllowUnregistered: true})
		if err != nil || ir.Verify(m, true) != nil {
			return
		}
		text := pipelineOf(sel, passes)
		pm, err := pass.ParsePipeline(text)
		if err != nil {
			t.Fatalf("pipeline %s: %v", text, err)
		}
		pm.AllowUnregistered = true
		pm.VerifyEach = false
		err = pm.Run(m)
		if pe, ok := err.(*pass.Error); ok && pe.Panic != nil {
			t.Fatalf("%s panicked on\n%s\n%v (at %s)", text, input, pe.Panic, pe.PanicSite())
		}
		if err != nil {
			return // a pass may refuse its input
		}
		if verr := ir.Verify(m, true); verr != nil {
			t.Fatalf("%s turned valid IR invalid: %v\ninput:\n%s", text, verr, input)
		}
		for _, generic := range []bool{true, false} {
			var b strings.Builder
			if err := ir.Print(&b, m, ir.PrintOptions{Generic: generic}); err != nil {
				t.Fatal(err)
			}
			if _, err := parser.Parse("out.mlir", b.String(), parser.Options{AllowUnregistered: true}); err != nil {
				t.Fatalf("%s: output does not parse back (generic=%v): %v\n%s\ninput:\n%s", text, generic, err, b.String(), input)
			}
		}
	})
}
