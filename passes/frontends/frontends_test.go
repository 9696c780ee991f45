package frontends_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/internal/boundary"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes/frontends"
)

func TestRegistry(t *testing.T) {
	var names []string
	for _, f := range frontends.All() {
		names = append(names, f.Name)
	}
	for _, want := range []string{"onnx", "tf"} {
		if frontends.Lookup(want) == nil {
			t.Errorf("frontend %q is not registered; have %v", want, names)
		}
	}
	for _, arg := range []string{"convert-frontends-to-tcp", "convert-onnx-to-tcp", "convert-tf-to-tcp"} {
		if pass.Lookup(arg) == nil {
			t.Errorf("pass %s is not registered", arg)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("registering onnx twice did not panic")
		}
	}()
	frontends.Register(frontends.Frontend{Name: "onnx"})
}

// litPrograms returns the functions of the conversion lit tests, one
// module per `// -----` chunk.
func litPrograms(t *testing.T) map[string]string {
	out := map[string]string{}
	for _, name := range []string{"onnx_to_tcp.mlir", "tf_to_tcp.mlir", "canonicalize.mlir", "scatter_to_tcp.mlir"} {
		src, err := os.ReadFile(filepath.Join("..", "..", "test", "lit", "frontends", name))
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range strings.Split(string(src), "// -----") {
			out[name+"#"+string(rune('a'+i))] = chunk
		}
	}
	return out
}

// TestConversionsPreserveSemantics: for every program of the conversion
// lit tests, the interpreter gives the same results (or both fail) before
// and after --convert-frontends-to-tcp and --canonicalize, on random
// inputs (interp.CompareFuncs, which also draws zero-size dynamic dims).
// The one accepted difference is the documented one (docs/frontends.md):
// the frontend op raises for an out-of-range index whose gathered slices
// are empty, the tcp form returns the empty result. CompareFuncs stops at
// its first difference, so each function is compared under several seeds.
func TestConversionsPreserveSemantics(t *testing.T) {
	checked, documented := 0, 0
	var stats boundary.Counter
	for name, src := range litPrograms(t) {
		for _, pl := range []string{"builtin.module(convert-frontends-to-tcp)", "builtin.module(canonicalize)", "builtin.module(convert-frontends-to-tcp,canonicalize,cse)"} {
			before, err := parser.Parse(name, src, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			after, _ := parser.Parse(name, src, parser.Options{})
			pm, err := pass.ParsePipeline(pl)
			if err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(after); err != nil {
				if strings.Contains(name, "canonicalize") {
					continue
				}
				t.Fatalf("%s %s: %v", name, pl, err)
			}
			for _, fb := range function.Funcs(before) {
				fa := function.Lookup(after, function.FuncOp{Operation: fb}.Name())
				if !interp.Interpretable(fb) || fa == nil || !interp.Interpretable(fa) {
					continue
				}
				checked++
				for seed := int64(0); seed < 6; seed++ {
					err := interp.CompareFuncs(fb, fa, interp.EquivOptions{Trials: 16, Seed: seed, Stats: &stats, Group: "frontends"})
					var m *interp.Mismatch
					switch {
					case err == nil:
					case errors.As(err, &m) && m.BeforeFailed && !m.AfterFailed && strings.Contains(m.Before, "is out of bounds") && strings.Contains(m.After, "dense<>"):
						documented++
					default:
						t.Errorf("%s %s: %v", name, pl, err)
					}
				}
			}
		}
	}
	if checked < 30 {
		t.Errorf("compared %d functions, want at least 30", checked)
	}
	// The index arguments of the frontend ops meet every edge of the dims
	// their conversions gather that the frameworks define (0, s-1, and
	// the negative -1 and -s of ONNX and torch's indexing); the others
	// (s, s+1, -s-1, the type's extremes) raise, and those errors are
	// compared (CompareFuncs counts a trial's values only when it returns
	// results).
	stats.Check(t, boundary.Min{Values: 5000, Classes: []boundary.Class{boundary.Zero, boundary.SMinus1, boundary.NegOne, boundary.NegS}, PerEdge: 100, Errors: 500}, "frontends")
	t.Logf("compared index values:\n%s", stats.Table())
	t.Logf("%d function comparisons, %d runs stopped at the documented empty-result difference", checked, documented)
}

// TestCanonicalizeEqualsConversion: --canonicalize and the conversion
// followed by canonicalize give the same IR, up to the order in which
// canonicalize hoists constants (lines are compared sorted, with numbered
// SSA names, which that order renumbers, written alike).
func TestCanonicalizeEqualsConversion(t *testing.T) {
	for name, src := range litPrograms(t) {
		if strings.HasPrefix(name, "canonicalize") {
			continue
		}
		var outs []string
		for _, pl := range []string{"builtin.module(canonicalize)", "builtin.module(convert-frontends-to-tcp,canonicalize)"} {
			m, err := parser.Parse(name, src, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			pm, err := pass.ParsePipeline(pl)
			if err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(m); err != nil {
				t.Fatalf("%s %s: %v", name, pl, err)
			}
			var b strings.Builder
			ir.Print(&b, m, ir.PrintOptions{})
			lines := strings.Split(ssaNumRE.ReplaceAllString(b.String(), "%#"), "\n")
			slices.Sort(lines)
			outs = append(outs, strings.Join(lines, "\n"))
		}
		if diff := cmp.Diff(outs[1], outs[0]); diff != "" {
			t.Errorf("%s: canonicalize differs from conversion + canonicalize (-conversion +canonicalize):\n%s", name, diff)
		}
	}
}

var ssaNumRE = regexp.MustCompile(`%[0-9]+\b`)

// FuzzConvert: parsing, verifying and converting any input never panics,
// and a conversion that succeeds leaves IR that verifies.
func FuzzConvert(f *testing.F) {
	for _, src := range litPrograms(&testing.T{}) {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		m, err := parser.Parse("fuzz.mlir", src, parser.Options{})
		if err != nil || ir.Verify(m, false) != nil {
			return
		}
		if err := frontends.Apply(m, frontends.All()...); err != nil {
			return
		}
		if err := ir.Verify(m, false); err != nil {
			t.Fatalf("converted IR does not verify: %v\n%s", err, src)
		}
	})
}
