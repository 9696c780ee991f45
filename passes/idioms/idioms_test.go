package idioms_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	_ "github.com/tcp-project/tcp/passes/all"
)

// maskedGather builds a jax-like fill program: a root index vector J of A
// values; the gather reads I = broadcast(expand(J)) (A x C, along dim 0 of
// an N x C input); the mask tests lo <= K <= hi for K a reshaped J, and is
// brought to A x C along the same axis as I (placement 0), along the other
// one (placement 1, a transpose when A == C), or from another vector
// (placement 2). Only placement 0 with the bounds [0, N - 1] and a mode
// that never fails is mode fill.
func maskedGather(rng *rand.Rand) (src string, wantFill bool) {
	a := 1 + rng.Intn(4)
	c := a
	if rng.Intn(2) == 0 {
		c = 1 + rng.Intn(4)
	}
	n := 1 + rng.Intn(5)
	hi := n - 1
	if rng.Intn(5) == 0 {
		hi += rng.Intn(3) - 1
	}
	placement := rng.Intn(3)
	if placement == 1 && a != c {
		placement = 0
	}
	modes := []string{"clip", "clip", "wrap", "fill", "", "error", "wrap_negative"}
	mode := modes[rng.Intn(len(modes))]
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, "  "+format+"\n", args...) }
	fmt.Fprintf(&b, "func.func @f(%%x: tensor<%dx%dxf32>, %%j: tensor<%dxi32>, %%k: tensor<%dxi32>) -> tensor<%dx%dxf32> {\n", n, c, a, a, a, c)
	p("%%cc = arith.constant %d : index", c)
	p("%%ca = arith.constant %d : index", a)
	p("%%z = arith.constant dense<0> : tensor<%dx1xi32>", a)
	p("%%h = arith.constant dense<%d> : tensor<%dx1xi32>", hi, a)
	p("%%fill = arith.constant dense<%d.5> : tensor<%dx%dxf32>", rng.Intn(9)-4, a, c)
	p("%%je = tensor.expand_shape %%j [[0, 1]] : tensor<%dxi32> into tensor<%dx1xi32>", a, a)
	p("%%i = tcp.broadcast_to %%je, %%cc {axes = [1]} : tensor<%dx1xi32>, index -> tensor<%dx%dxi32>", a, a, c)
	modeAttr := ""
	if mode != "" {
		modeAttr = fmt.Sprintf(", mode = %q", mode)
	}
	p("%%g = tcp.gather %%x, %%i {dim = 0 : index%s} : tensor<%dx%dxf32>, tensor<%dx%dxi32> -> tensor<%dx%dxf32>", modeAttr, n, c, a, c, a, c)
	root := "%je"
	if placement == 2 {
		p("%%ke = tensor.expand_shape %%k [[0, 1]] : tensor<%dxi32> into tensor<%dx1xi32>", a, a)
		root = "%ke"
	}
	ge, le := "sge", "sle"
	zero, top := "%z", "%h"
	if rng.Intn(2) == 0 {
		ge = "sgt"
		p("%%m1 = arith.constant dense<-1> : tensor<%dx1xi32>", a)
		zero = "%m1"
	}
	if rng.Intn(2) == 0 {
		le = "slt"
		p("%%hp = arith.constant dense<%d> : tensor<%dx1xi32>", hi+1, a)
		top = "%hp"
	}
	p("%%lo = arith.cmpi %s, %s, %s : tensor<%dx1xi32>", ge, root, zero, a)
	p("%%up = arith.cmpi %s, %s, %s : tensor<%dx1xi32>", le, root, top, a)
	p("%%in = arith.andi %%lo, %%up : tensor<%dx1xi1>", a)
	if placement == 1 {
		p("%%inc = tensor.collapse_shape %%in [[0, 1]] : tensor<%dx1xi1> into tensor<%dxi1>", a, a)
		p("%%ine = tensor.expand_shape %%inc [[0, 1]] : tensor<%dxi1> into tensor<1x%dxi1>", a, a)
		p("%%m = tcp.broadcast_to %%ine, %%ca {axes = [0]} : tensor<1x%dxi1>, index -> tensor<%dx%dxi1>", a, a, a)
	} else {
		p("%%m = tcp.broadcast_to %%in, %%cc {axes = [1]} : tensor<%dx1xi1>, index -> tensor<%dx%dxi1>", a, a, c)
	}
	p("%%r = arith.select %%m, %%g, %%fill : tensor<%dx%dxi1>, tensor<%dx%dxf32>", a, c, a, c)
	p("return %%r : tensor<%dx%dxf32>", a, c)
	b.WriteString("}\n")
	safe := mode == "clip" || mode == "wrap" || mode == "fill" || mode == ""
	// With a == c == 1 every placement reads the same single position.
	samePlace := placement == 0 || placement == 1 && a == 1
	return b.String(), samePlace && hi == n-1 && safe
}

// TestMaskedGatherRandom folds random jax-like masked gathers, checks that
// exactly the exact ones become mode fill, and compares every program with
// the interpreter before and after on random (also out-of-range) indices.
func TestMaskedGatherRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	folded := 0
	const cases = 300
	for k := 0; k < cases; k++ {
		src, wantFill := maskedGather(rng)
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
		gotFill := !strings.Contains(out.String(), "arith.select")
		if gotFill != wantFill {
			t.Errorf("case %d: folded = %v, want %v\n%s\nafter:\n%s", k, gotFill, wantFill, src, out.String())
		}
		if gotFill {
			folded++
		}
		if _, err := interp.CheckEquivalent(before, after, 20, int64(k)); err != nil {
			t.Errorf("case %d: %v\n%s\nafter:\n%s", k, err, src, out.String())
		}
	}
	if folded < cases/10 || folded == cases {
		t.Errorf("folded %d of %d cases: the generator does not cover both outcomes", folded, cases)
	}
	t.Logf("folded %d of %d random masked gathers into mode fill", folded, cases)
}
