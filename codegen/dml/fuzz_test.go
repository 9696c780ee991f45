package dml_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	codegen "github.com/tcp-project/tcp/codegen/dml"
	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcptodml"
)

// FuzzLowerAndEmit: any text that parses and verifies either lowers (at a
// level chosen by the input) to IR that verifies at that level, or gets
// diagnostics; a lowered module either emits in all three forms or gets
// diagnostics. Nothing panics. Seeded with the golden inputs and the dml
// lit files.
func FuzzLowerAndEmit(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range files {
		data, _ := os.ReadFile(file)
		for _, tf := range txtar.Parse(data).Files {
			if tf.Name == "input.mlir" || tf.Name == "lowered.mlir" {
				f.Add(string(tf.Data), uint8(6))
			}
		}
	}
	lits, _ := filepath.Glob("../../test/lit/dml/*.mlir")
	for _, file := range lits {
		data, _ := os.ReadFile(file)
		f.Add(string(data), uint8(2))
	}
	f.Fuzz(func(t *testing.T, src string, level uint8) {
		m, err := parser.Parse("fuzz.mlir", src, parser.Options{})
		if err != nil || ir.Verify(m, false) != nil {
			return
		}
		fl := dml.FeatureLevels[int(level)%len(dml.FeatureLevels)]
		if err := tcptodml.New(fl).Run(m); err != nil {
			return
		}
		if err := ir.Verify(m, false); err != nil {
			t.Fatalf("lowered IR does not verify at %s: %v\n%s", fl, err, src)
		}
		mod, err := codegen.BuildModule(m)
		if err != nil {
			return
		}
		for _, write := range []func(*bytes.Buffer, *codegen.Module) error{
			func(b *bytes.Buffer, m *codegen.Module) error { return codegen.WriteJSON(b, m) },
			func(b *bytes.Buffer, m *codegen.Module) error { return codegen.WriteCPP(b, m) },
			func(b *bytes.Buffer, m *codegen.Module) error { return codegen.WriteDOT(b, m) },
		} {
			var b bytes.Buffer
			if err := write(&b, mod); err != nil {
				t.Fatal(err)
			}
		}
	})
}
