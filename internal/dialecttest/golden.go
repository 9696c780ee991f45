package dialecttest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	_ "github.com/tcp-project/tcp/dialect/func" // every harness wraps IR in func.func
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// Golden is one <dir>/*.txtar case: sections input.mlir, want.mlir (custom
// form) and want-generic.mlir (generic form); the archive comment may
// contain "mlir-opt: skip" (see MLIROptGolden).
type Golden struct {
	File     string
	Archive  *txtar.Archive
	Sections map[string]string
}

// GoldenFiles returns the *.txtar files of dir.
func GoldenFiles(dir string) ([]string, error) { return filepath.Glob(filepath.Join(dir, "*.txtar")) }

// LoadGolden reads every <dir>/*.txtar case; it fails t if there is none.
func LoadGolden(t *testing.T, dir string) []Golden {
	t.Helper()
	files, _ := GoldenFiles(dir)
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	var out []Golden
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g := Golden{File: f, Archive: ar, Sections: map[string]string{}}
		for _, s := range ar.Files {
			g.Sections[s.Name] = string(s.Data)
		}
		out = append(out, g)
	}
	return out
}

// PrintOp prints m in custom or generic form.
func PrintOp(t *testing.T, m *ir.Operation, generic bool) string {
	t.Helper()
	s, err := printOp(m, generic)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func printOp(m *ir.Operation, generic bool) (string, error) {
	var b strings.Builder
	err := ir.Print(&b, m, ir.PrintOptions{Generic: generic})
	return b.String(), err
}

// ParseVerify parses src (named name) and verifies it, failing t on error.
func ParseVerify(t *testing.T, name, src string) *ir.Operation {
	t.Helper()
	m, err := parseVerify(name, src)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func parseVerify(name, src string) (*ir.Operation, error) {
	m, err := parser.Parse(name, src, parser.Options{})
	if err != nil {
		return nil, fmt.Errorf("parse %s: %v", name, err)
	}
	if err := ir.Verify(m, false); err != nil {
		return nil, fmt.Errorf("verify %s: %v", name, err)
	}
	return m, nil
}

// RoundTrip parses and verifies src and returns its custom and generic
// forms, checking print(parse(print(parse(x)))) == print(parse(x)) and
// that custom → generic → custom is stable.
func RoundTrip(t *testing.T, name, src string) (custom, generic string) {
	t.Helper()
	custom, generic, mismatches, err := roundTrip(name, src)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mismatches {
		t.Error(m)
	}
	return custom, generic
}

// roundTrip is RoundTrip without a *testing.T: err is what stops the check
// (parse, verify or print failure), mismatches the invariants that fail.
func roundTrip(name, src string) (custom, generic string, mismatches []string, err error) {
	if custom, generic, err = forms(name, src); err != nil {
		return "", "", nil, err
	}
	again, _, err := forms(name+" (custom output)", custom)
	if err != nil {
		return "", "", nil, err
	}
	if again != custom {
		mismatches = append(mismatches, fmt.Sprintf("print(parse(print(parse(x)))) != print(parse(x)) (-want +got):\n%s", cmp.Diff(custom, again)))
	}
	c, g, err := forms(name+" (generic output)", generic)
	if err != nil {
		return "", "", nil, err
	}
	if c != custom {
		mismatches = append(mismatches, fmt.Sprintf("custom → generic → custom differs (-want +got):\n%s", cmp.Diff(custom, c)))
	}
	if g != generic {
		mismatches = append(mismatches, fmt.Sprintf("generic form is not a fixed point (-want +got):\n%s", cmp.Diff(generic, g)))
	}
	return custom, generic, mismatches, nil
}

// forms parses and verifies src and prints it in custom and generic form.
func forms(name, src string) (custom, generic string, err error) {
	m, err := parseVerify(name, src)
	if err != nil {
		return "", "", err
	}
	if custom, err = printOp(m, false); err != nil {
		return "", "", err
	}
	generic, err = printOp(m, true)
	return custom, generic, err
}

// RunGolden: every <dir>/*.txtar input parses, verifies and prints as
// want.mlir (custom form) and want-generic.mlir (generic form), with the
// round-trip invariants of RoundTrip, one subtest per file. With update
// it rewrites the want sections instead of comparing them.
func RunGolden(t *testing.T, dir string, update bool) {
	t.Helper()
	for _, g := range LoadGolden(t, dir) {
		t.Run(filepath.Base(g.File), func(t *testing.T) {
			custom, generic := RoundTrip(t, g.File, g.Sections["input.mlir"])
			if update {
				g.Archive.Files = []txtar.File{
					{Name: "input.mlir", Data: []byte(g.Sections["input.mlir"])},
					{Name: "want.mlir", Data: []byte(custom)},
					{Name: "want-generic.mlir", Data: []byte(generic)},
				}
				if err := os.WriteFile(g.File, txtar.Format(g.Archive), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if diff := cmp.Diff(g.Sections["want.mlir"], custom); diff != "" {
				t.Errorf("custom form mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(g.Sections["want-generic.mlir"], generic); diff != "" {
				t.Errorf("generic form mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
