package idioms_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/internal/boundary"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
)

var idiomModes = []string{"", "error", "wrap_negative", "clip", "wrap", "fill"}

// clampedGather: gather(x, clamp(i, lo, hi)) as minsi(maxsi(i, lo), hi)
// or maxsi(minsi(i, hi), lo). It must become gather(x, i) under mode clip
// exactly when lo = 0 and hi = n - 1 (n the gathered dim).
func clampedGather(rng *rand.Rand) (src string, n int64, wantFold bool) {
	n = int64(1 + rng.Intn(4))
	a, c := 1+rng.Intn(3), 1+rng.Intn(3)
	lo := []int64{0, 0, 0, -1, 1}[rng.Intn(5)]
	hi := []int64{n - 1, n - 1, n - 1, n, n - 2, n + 1}[rng.Intn(6)]
	mode := idiomModes[rng.Intn(len(idiomModes))]
	it := fmt.Sprintf("tensor<%dx%dxi32>", a, c)
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @f(%%x: tensor<%dx%dxf32>, %%i: %s) -> tensor<%dx%dxf32> {\n", n, c, it, a, c)
	fmt.Fprintf(&b, "  %%lo = arith.constant dense<%d> : %s\n  %%hi = arith.constant dense<%d> : %s\n", lo, it, hi, it)
	if rng.Intn(2) == 0 {
		fmt.Fprintf(&b, "  %%m = arith.maxsi %%i, %%lo : %s\n  %%k = arith.minsi %%m, %%hi : %s\n", it, it)
	} else {
		fmt.Fprintf(&b, "  %%m = arith.minsi %%i, %%hi : %s\n  %%k = arith.maxsi %%m, %%lo : %s\n", it, it)
	}
	fmt.Fprintf(&b, "  %%g = tcp.gather %%x, %%k {dim = 0 : index%s} : tensor<%dx%dxf32>, %s -> tensor<%dx%dxf32>\n", modeAttr(mode), n, c, it, a, c)
	fmt.Fprintf(&b, "  return %%g : tensor<%dx%dxf32>\n}\n", a, c)
	return b.String(), n, lo == 0 && hi == n-1 && n >= 1
}

// wrappedGather: gather(x, select(i < 0, i + k, i)) (or select(i >= 0,
// i, i + k)). It must become gather(x, i) under mode wrap_negative exactly
// when k = n and the mode is promise_in_bounds or error (under
// wrap_negative the select and the mode would wrap twice).
func wrappedGather(rng *rand.Rand) (src string, n int64, wantFold bool) {
	n = int64(1 + rng.Intn(4))
	a, c := 1+rng.Intn(3), 1+rng.Intn(3)
	// (Not k = 0: i + 0 folds away, and the select with it.)
	k := []int64{n, n, n, n + 1, n + 2, n - 1}[rng.Intn(5+min(int(n)-1, 1))]
	mode := idiomModes[rng.Intn(len(idiomModes))]
	it := fmt.Sprintf("tensor<%dx%dxi32>", a, c)
	bt := fmt.Sprintf("tensor<%dx%dxi1>", a, c)
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @f(%%x: tensor<%dx%dxf32>, %%i: %s) -> tensor<%dx%dxf32> {\n", n, c, it, a, c)
	fmt.Fprintf(&b, "  %%z = arith.constant dense<0> : %s\n  %%n = arith.constant dense<%d> : %s\n", it, k, it)
	fmt.Fprintf(&b, "  %%w = arith.addi %%i, %%n : %s\n", it)
	if rng.Intn(2) == 0 {
		fmt.Fprintf(&b, "  %%neg = arith.cmpi slt, %%i, %%z : %s\n  %%k = arith.select %%neg, %%w, %%i : %s, %s\n", it, bt, it)
	} else {
		fmt.Fprintf(&b, "  %%pos = arith.cmpi sge, %%i, %%z : %s\n  %%k = arith.select %%pos, %%i, %%w : %s, %s\n", it, bt, it)
	}
	fmt.Fprintf(&b, "  %%g = tcp.gather %%x, %%k {dim = 0 : index%s} : tensor<%dx%dxf32>, %s -> tensor<%dx%dxf32>\n", modeAttr(mode), n, c, it, a, c)
	fmt.Fprintf(&b, "  return %%g : tensor<%dx%dxf32>\n}\n", a, c)
	safe := mode == "" || mode == "error"
	return b.String(), n, k == n && safe
}

func modeAttr(mode string) string {
	if mode == "" {
		return ""
	}
	return fmt.Sprintf(", mode = %q", mode)
}

// TestIndexModeIdiomsRandom canonicalizes random clamped and wrapped
// index computations (exact ones and near misses: other bounds or
// offsets, modes where the fold would change behaviour) and checks which
// fold and, with the interpreter on indices drawn against the gathered
// dim (its exact edges included), that none changes a result or an error.
func TestIndexModeIdiomsRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(22))
	var stats boundary.Counter
	for _, tc := range []struct {
		name  string
		gen   func(*rand.Rand) (string, int64, bool)
		arith string // the op that disappears when the idiom folds
	}{
		{"clamp", clampedGather, "arith.maxsi"},
		{"wrap", wrappedGather, "arith.select"},
	} {
		folded, kept := 0, 0
		for c := 0; c < 300; c++ {
			src, n, want := tc.gen(rng)
			before, err := parser.Parse("in.mlir", src, parser.Options{})
			if err != nil {
				t.Fatalf("%v\n%s", err, src)
			}
			if err := ir.Verify(before, false); err != nil {
				t.Fatalf("%v\n%s", err, src)
			}
			after := before.Clone()
			pm, err := pass.ParsePipeline("builtin.module(canonicalize)")
			if err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(after); err != nil {
				t.Fatalf("%v\n%s", err, src)
			}
			var out strings.Builder
			ir.Print(&out, after, ir.PrintOptions{})
			got := !strings.Contains(out.String(), tc.arith)
			if got != want {
				t.Errorf("%s case %d: folded = %v, want %v\n%s\nafter:\n%s", tc.name, c, got, want, src, out.String())
			}
			if got {
				folded++
			} else {
				kept++
			}
			// The index argument reaches the gather through arith ops,
			// so it is drawn against MaxDim: the gathered dim.
			fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
			if err := interp.CompareFuncs(fb, fa, interp.EquivOptions{Trials: 24, Seed: int64(c), MaxDim: n, Stats: &stats, Group: tc.name}); err != nil {
				t.Errorf("%s case %d: %v\n%s\nafter:\n%s", tc.name, c, err, src, out.String())
			}
		}
		if folded < 30 || kept < 30 {
			t.Errorf("%s: folded %d, kept %d: the generator does not cover both outcomes", tc.name, folded, kept)
		}
		t.Logf("%s: folded %d, kept %d", tc.name, folded, kept)
	}
	// Every trial compares results or errors.
	for _, g := range []string{"clamp", "wrap"} {
		stats.Check(t, boundary.Min{Errors: 100}, g)
	}
}
