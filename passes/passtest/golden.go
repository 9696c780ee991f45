package passtest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
)

// CheckSemantics, if set, is called by RunGolden with the parsed input
// and the IR after the pipeline of each test; an error fails the test. It
// is the hook for checking that passes preserve behaviour (for example by
// running the interpreter on both).
var CheckSemantics func(before, after *ir.Operation) error

// CountSemantics, if set, is used instead of CheckSemantics and also
// returns how many functions it compared. RunGolden then checks that
// count: an archive whose comment has a line `semantics: N (why)` must
// compare exactly N functions; any other must compare at least one, so
// that a golden never claims a semantic check it does not make.
var CountSemantics func(before, after *ir.Operation) (int, error)

// Golden is one parsed golden file.
type Golden struct {
	Pipeline    string
	Input       string
	Want        string // want.mlir, the printed IR after the pipeline
	Diagnostics string // optional: the diagnostics of a failing pipeline
	HasDiags    bool
	// Semantics is the number of functions the archive's `semantics: N`
	// line says the semantic check compares, or -1 without such a line.
	Semantics int
	// Checked is the number of functions the last Run compared with
	// CountSemantics.
	Checked int
	archive *txtar.Archive
}

// ParseGolden reads a golden archive: the comment holds a line
// `pipeline: <pipeline>`; the files are input.mlir, want.mlir and an
// optional diagnostics.
func ParseGolden(data []byte) (*Golden, error) {
	a := txtar.Parse(data)
	g := &Golden{archive: a, Semantics: -1}
	for _, line := range strings.Split(string(a.Comment), "\n") {
		if p, ok := strings.CutPrefix(strings.TrimSpace(line), "pipeline:"); ok {
			g.Pipeline = strings.TrimSpace(p)
		}
		if p, ok := strings.CutPrefix(strings.TrimSpace(line), "semantics:"); ok {
			if _, err := fmt.Sscanf(strings.TrimSpace(p), "%d", &g.Semantics); err != nil || g.Semantics < 0 {
				return nil, fmt.Errorf("bad `semantics: N (why)` line %q", line)
			}
		}
	}
	if g.Pipeline == "" {
		return nil, errors.New("no `pipeline: ...` line in the archive comment")
	}
	seen := false
	for _, f := range a.Files {
		switch f.Name {
		case "input.mlir":
			g.Input, seen = string(f.Data), true
		case "want.mlir":
			g.Want = string(f.Data)
		case "diagnostics":
			g.Diagnostics, g.HasDiags = string(f.Data), true
		default:
			return nil, fmt.Errorf("unexpected file %q (want input.mlir, want.mlir, diagnostics)", f.Name)
		}
	}
	if !seen {
		return nil, errors.New("no input.mlir")
	}
	return g, nil
}

// Run parses the input (unregistered ops allowed), runs the pipeline with
// VerifyEach, and returns the printed result and the diagnostics of a
// failure ("" if none). It also calls CheckSemantics when set.
func (g *Golden) Run() (out, diags string, err error) {
	opts := parser.Options{AllowUnregistered: true}
	m, err := parser.Parse("input.mlir", g.Input, opts)
	if err != nil {
		return "", "", fmt.Errorf("parsing input.mlir: %v", err)
	}
	if err := ir.Verify(m, true); err != nil {
		return "", "", fmt.Errorf("input.mlir does not verify: %v", err)
	}
	pm, err := pass.ParsePipeline(g.Pipeline)
	if err != nil {
		return "", "", fmt.Errorf("pipeline: %v", err)
	}
	pm.AllowUnregistered = true
	if rerr := pm.Run(m); rerr != nil {
		var pe *pass.Error
		if errors.As(rerr, &pe) {
			return "", pe.Diagnostics().Error() + "\n", nil
		}
		return "", rerr.Error() + "\n", nil
	}
	var b strings.Builder
	if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
		return "", "", err
	}
	if CountSemantics != nil || CheckSemantics != nil {
		before, err := parser.Parse("input.mlir", g.Input, opts)
		if err != nil {
			return "", "", err
		}
		if CountSemantics != nil {
			g.Checked, err = CountSemantics(before, m)
		} else {
			err = CheckSemantics(before, m)
		}
		if err != nil {
			return "", "", fmt.Errorf("semantics changed: %v", err)
		}
	}
	return b.String(), "", nil
}

// Update returns the archive with want.mlir (and diagnostics) replaced.
func (g *Golden) Update(out, diags string) []byte {
	a := &txtar.Archive{Comment: g.archive.Comment}
	for _, f := range g.archive.Files {
		if f.Name == "input.mlir" {
			a.Files = append(a.Files, f)
		}
	}
	if diags != "" {
		a.Files = append(a.Files, txtar.File{Name: "diagnostics", Data: []byte(diags)})
	} else {
		a.Files = append(a.Files, txtar.File{Name: "want.mlir", Data: []byte(out)})
	}
	return txtar.Format(a)
}

// RunGolden runs every archive matching pattern (for example
// "testdata/*.txtar") as a subtest. With update set, it rewrites want.mlir
// (or diagnostics) instead of comparing.
func RunGolden(t *testing.T, pattern string, update bool) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no golden files match %s", pattern)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			g, err := ParseGolden(data)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			out, diags, err := g.Run()
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			if update {
				if err := os.WriteFile(file, g.Update(out, diags), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if CountSemantics != nil && !update && diags == "" {
				switch {
				case g.Semantics >= 0 && g.Checked != g.Semantics:
					t.Errorf("%s: the interpreter compared %d functions, the archive says `semantics: %d`", file, g.Checked, g.Semantics)
				case g.Semantics < 0 && g.Checked == 0:
					t.Errorf("%s: the interpreter compared no function: make the functions interpretable, or say why not with a `semantics: 0 (why)` line in the archive comment", file)
				}
			}
			if g.HasDiags || diags != "" {
				if diags != g.Diagnostics {
					t.Errorf("%s: diagnostics mismatch\n--- want\n%s--- got\n%s", file, g.Diagnostics, diags)
				}
				return
			}
			if out != g.Want {
				t.Errorf("%s: output mismatch (pipeline %s)\n--- want\n%s--- got\n%s%s", file, g.Pipeline, g.Want, out, lineDiff(g.Want, out))
			}
		})
	}
}

// lineDiff names the first differing line.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("--- first difference at line %d:\nwant: %q\ngot:  %q\n", i+1, a, b)
		}
	}
	return ""
}
