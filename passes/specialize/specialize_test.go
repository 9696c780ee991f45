package specialize_test

import (
	"os"
	"strings"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/specialize"
)

// TestSpecialize: each function of testdata/dynamic.mlir, specialized to
// its shapes, has no dynamic dim left in any op result, and computes what
// the original computes on random arguments of those shapes (indices in
// and out of range, so that errors must agree too).
func TestSpecialize(t *testing.T) {
	src, err := os.ReadFile("testdata/dynamic.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ fn, shapes string }{
		{"index_dynamic", "*;4"},
		{"colindex_dynamic", "3x6;5"},
		{"embedding_dynamic", "*;3x2"},
		{"pairindex_dynamic", "*;3x1;2"},
		{"reshapes", "4x6;4x2"},
		{"arith_concat", "3;2"},
	} {
		t.Run(c.fn, func(t *testing.T) {
			orig, err := parser.Parse("dynamic.mlir", string(src), parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			spec := orig.Clone()
			shapes, err := specialize.ParseShapes(c.shapes)
			if err != nil {
				t.Fatal(err)
			}
			if err := specialize.Run(spec, c.fn, shapes); err != nil {
				t.Fatal(err)
			}
			f := function.Lookup(spec, c.fn)
			f.Walk(ir.PreOrder, func(op *ir.Operation) {
				for _, r := range op.Results() {
					if rt, ok := r.Type().(*ir.RankedTensorType); ok && !rt.HasStaticShape() {
						t.Errorf("%s still has the dynamic type %s", op.Name(), rt)
					}
				}
			})
			if ft := (function.FuncOp{Operation: f}).Type(); strings.Contains(ft.String(), "?") {
				t.Errorf("function type %s is not static", ft)
			}
			// Arguments are drawn for the specialized function.
			if err := interp.CompareFuncs(f, function.Lookup(orig, c.fn), interp.EquivOptions{Trials: 50, Seed: 7}); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestErrors: located errors for shapes that do not fit.
func TestErrors(t *testing.T) {
	src := `func.func @f(%x: tensor<?x6xf32>) -> tensor<?x6xf32> {
  return %x : tensor<?x6xf32>
}`
	for _, c := range []struct{ shapes, want string }{
		{"3x5", "size 5 for dim 1 contradicts the static size 6 of tensor<?x6xf32>"},
		{"3", "shape 3 has rank 1, the type tensor<?x6xf32> has rank 2"},
		{"3x6;2", "2 shapes given for 1 arguments"},
	} {
		m, err := parser.Parse("f.mlir", src, parser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		shapes, err := specialize.ParseShapes(c.shapes)
		if err != nil {
			t.Fatal(err)
		}
		err = specialize.Run(m, "", shapes)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "f.mlir:1:1: error:") {
			t.Errorf("shapes %s: got %v, want a located error containing %q", c.shapes, err, c.want)
		}
	}
	if _, err := specialize.ParseShapes("3xa"); err == nil {
		t.Error("ParseShapes(3xa): no error")
	}
}

// FuzzParseShapes: the shapes option never panics, and what it accepts
// formats back to an equivalent option.
func FuzzParseShapes(f *testing.F) {
	for _, s := range []string{"3x6;4", "*;scalar;2x0", "", ";;", "3xq", "-1", "1x2x3x4x5x6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		shapes, err := specialize.ParseShapes(s)
		if err != nil {
			return
		}
		again, err := specialize.ParseShapes(specialize.FormatShapes(shapes))
		if err != nil {
			t.Fatalf("FormatShapes(%q) does not parse: %v", s, err)
		}
		if specialize.FormatShapes(again) != specialize.FormatShapes(shapes) {
			t.Fatalf("%q: %q formats as %q after a round trip", s, specialize.FormatShapes(shapes), specialize.FormatShapes(again))
		}
	})
}
