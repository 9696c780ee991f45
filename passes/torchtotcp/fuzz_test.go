package torchtotcp_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/torchtotcp"
)

// FuzzConvert: on any text that parses and verifies, --convert-torch-to-tcp
// (with and without converting signatures) never panics, fails only with a
// located diagnostic, and leaves IR that verifies. Seeded with
// testdata/equiv.mlir and the chunks of test/lit/torch/*.mlir.
func FuzzConvert(f *testing.F) {
	seeds := []string{}
	if b, err := os.ReadFile("testdata/equiv.mlir"); err == nil {
		seeds = append(seeds, string(b))
	}
	files, _ := filepath.Glob("../../test/lit/torch/*.mlir")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, strings.Split(string(b), "// -----")...)
	}
	if len(seeds) < 2 {
		f.Fatal("no seeds")
	}
	for _, s := range seeds {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, src string, signatures bool) {
		m, err := parser.Parse("fuzz.mlir", src, parser.Options{})
		if err != nil || ir.Verify(m, false) != nil {
			return
		}
		err = torchtotcp.ConvertWith(m, torchtotcp.Options{ConvertFuncSignatures: signatures})
		var d *ir.Diagnostic
		if err != nil && !errors.As(err, &d) {
			t.Fatalf("conversion error is not a diagnostic: %v", err)
		}
		if err == nil {
			if verr := ir.Verify(m, false); verr != nil {
				t.Fatalf("converted IR does not verify: %v\n%s", verr, src)
			}
		}
	})
}
