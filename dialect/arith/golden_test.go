package arith_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	_ "github.com/tcp-project/tcp/dialect/arith"
	_ "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar")

// golden is one testdata/*.txtar case.
type golden struct {
	file     string
	ar       *txtar.Archive
	sections map[string]string
}

func loadGolden(t *testing.T) []golden {
	t.Helper()
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	var out []golden
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g := golden{file: f, ar: ar, sections: map[string]string{}}
		for _, s := range ar.Files {
			g.sections[s.Name] = string(s.Data)
		}
		out = append(out, g)
	}
	return out
}

func printOp(t *testing.T, m *ir.Operation, generic bool) string {
	t.Helper()
	var b strings.Builder
	if err := ir.Print(&b, m, ir.PrintOptions{Generic: generic}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func parseVerify(t *testing.T, name, src string) *ir.Operation {
	t.Helper()
	m, err := parser.Parse(name, src, parser.Options{})
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	if err := ir.Verify(m, false); err != nil {
		t.Fatalf("verify %s: %v", name, err)
	}
	return m
}

// roundTrip parses and verifies src and returns its custom and generic
// forms, checking print(parse(print(parse(x)))) == print(parse(x)) and
// that custom → generic → custom is stable.
func roundTrip(t *testing.T, name, src string) (custom, generic string) {
	t.Helper()
	m := parseVerify(t, name, src)
	custom, generic = printOp(t, m, false), printOp(t, m, true)
	if again := printOp(t, parseVerify(t, name+" (custom output)", custom), false); again != custom {
		t.Errorf("print(parse(print(parse(x)))) != print(parse(x)) (-want +got):\n%s", cmp.Diff(custom, again))
	}
	fromGeneric := parseVerify(t, name+" (generic output)", generic)
	if c := printOp(t, fromGeneric, false); c != custom {
		t.Errorf("custom → generic → custom differs (-want +got):\n%s", cmp.Diff(custom, c))
	}
	if g := printOp(t, fromGeneric, true); g != generic {
		t.Errorf("generic form is not a fixed point (-want +got):\n%s", cmp.Diff(generic, g))
	}
	return custom, generic
}

// TestGolden: every testdata/*.txtar input parses, verifies and prints as
// want.mlir (custom form) and want-generic.mlir (generic form), with the
// round-trip invariants. -update rewrites the want sections.
func TestGolden(t *testing.T) {
	for _, g := range loadGolden(t) {
		t.Run(filepath.Base(g.file), func(t *testing.T) {
			custom, generic := roundTrip(t, g.file, g.sections["input.mlir"])
			if *update {
				g.ar.Files = []txtar.File{
					{Name: "input.mlir", Data: []byte(g.sections["input.mlir"])},
					{Name: "want.mlir", Data: []byte(custom)},
					{Name: "want-generic.mlir", Data: []byte(generic)},
				}
				if err := os.WriteFile(g.file, txtar.Format(g.ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if diff := cmp.Diff(g.sections["want.mlir"], custom); diff != "" {
				t.Errorf("custom form mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(g.sections["want-generic.mlir"], generic); diff != "" {
				t.Errorf("generic form mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func globGolden() ([]string, error) { return filepath.Glob("testdata/*.txtar") }
