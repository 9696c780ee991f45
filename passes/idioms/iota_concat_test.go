package idioms_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
)

// iotaConcat builds a random gather_nd whose index is tensor.concat(C, I)
// along the last dim, C a constant of k columns. With near = "" C holds
// the coordinates (C[p..., j] = p_j, j < k) and the index dims in front
// equal the input's, so the canonicalizer must fold it into
// gather_nd(x, I, batch_dims = k). Otherwise it is a near miss that must
// not fold:
//
//	"value":     one element of C, in a random column, off by one
//	"swap":      two columns exchanged (k >= 2, some dims differ)
//	"dims":      a coordinate dim of the index differs from the input's
//	"batch":     the gather already has batch_dims = 1
//	"transpose": C[p..., j] = p_{k-1-j} (k >= 2)
//	"wide":      C has one column more than the index has leading dims
//	             (the extra column holds k), so no batch_dims can express it
func iotaConcat(rng *rand.Rand, near string) string {
	k := 1 + rng.Intn(3)
	if near == "swap" || near == "transpose" {
		k = 2 + rng.Intn(2)
	}
	m := 1 + rng.Intn(2) // columns of I
	extra := rng.Intn(3) // index dims after the coordinates
	kc := k              // columns of C
	if near == "wide" {
		extra, kc = 0, k+1
	}
	r := kc + m + rng.Intn(2)
	X := make([]int64, r)
	for d := range X {
		X[d] = int64(1 + rng.Intn(3))
	}
	if near == "wide" {
		// C's extra column holds k, and the input dim k has the size of
		// the index's last dim, as an over-eager check would want.
		X[k] = int64(kc + m)
	}
	P := append([]int64{}, X[:k]...)
	if near == "dims" {
		j := rng.Intn(k)
		P[j] = X[j] + 1
	}
	if near == "swap" || near == "transpose" {
		// Make the coordinates distinguishable: dims 0 and 1 of
		// different sizes, both > 1.
		X[0], X[1] = 2, 3
		P[0], P[1] = 2, 3
	}
	for e := 0; e < extra; e++ {
		P = append(P, int64(1+rng.Intn(3)))
	}
	q := len(P)
	// C: shape P + [k]; I: shape P + [m].
	cShape := append(append([]int64{}, P...), int64(kc))
	iShape := append(append([]int64{}, P...), int64(m))
	allShape := append(append([]int64{}, P...), int64(kc+m))
	n := int64(1)
	for _, d := range cShape {
		n *= d
	}
	vals := make([]int64, n)
	pos := make([]int64, len(cShape))
	for f := int64(0); f < n; f++ {
		rem := f
		for d := len(cShape) - 1; d >= 0; d-- {
			pos[d] = rem % cShape[d]
			rem /= cShape[d]
		}
		j := pos[q]
		if near == "transpose" {
			j = int64(k) - 1 - j
		}
		vals[f] = pos[j]
	}
	switch near {
	case "value":
		col := rng.Intn(k)
		// a random element of that column
		f := int64(rng.Intn(int(n/int64(k))))*int64(k) + int64(col)
		if rng.Intn(2) == 0 {
			vals[f]++
		} else {
			vals[f]--
		}
	case "swap":
		a, b := rng.Intn(k), rng.Intn(k)
		for a == b || (a > 1 && b > 1 && X[a] == X[b]) {
			a, b = rng.Intn(2), 2+rng.Intn(k-1)
			if b >= k {
				b = 1 - a
			}
		}
		for f := int64(0); f < n; f += int64(k) {
			vals[f+int64(a)], vals[f+int64(b)] = vals[f+int64(b)], vals[f+int64(a)]
		}
	}
	it := []string{"i32", "i64"}[rng.Intn(2)]
	mode := []string{"", "error", "wrap_negative", "clip", "wrap", "fill"}[rng.Intn(6)]
	var attrs []string
	if near == "batch" {
		attrs = append(attrs, "batch_dims = 1 : index")
	}
	if mode != "" {
		attrs = append(attrs, fmt.Sprintf("mode = %q", mode))
	}
	attr := ""
	if len(attrs) > 0 {
		attr = " {" + strings.Join(attrs, ", ") + "}"
	}
	// The result: P + X[(batch) + k + m:].
	b := 0
	if near == "batch" {
		b = 1
		if P[0] != X[0] {
			P[0] = X[0]
		}
	}
	res := append(append([]int64{}, P...), X[min(r, b+kc+m):]...)
	if near == "batch" {
		// with batch_dims = 1 the index tuple has k + m components
		// after the batch dim: keep it within the input's rank.
		if b+k+m > r {
			X = append(X, 1)
			r++
			res = append(append([]int64{}, P...), X[b+k+m:]...)
		}
		cShape[0], iShape[0], allShape[0] = X[0], X[0], X[0]
	}
	ty := func(s []int64, e string) string {
		parts := make([]string, len(s))
		for i, d := range s {
			parts[i] = fmt.Sprint(d)
		}
		if len(s) == 0 {
			return "tensor<" + e + ">"
		}
		return "tensor<" + strings.Join(parts, "x") + "x" + e + ">"
	}
	cLit := make([]string, len(vals))
	for i, v := range vals {
		cLit[i] = fmt.Sprint(v)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "func.func @f(%%x: %s, %%i: %s) -> %s {\n", ty(X, "f32"), ty(iShape, it), ty(res, "f32"))
	fmt.Fprintf(&sb, "  %%c = tcp.const {value = %s} : %s\n", denseLit(cLit, cShape, it), ty(cShape, it))
	fmt.Fprintf(&sb, "  %%idx = tensor.concat dim(%d) %%c, %%i : (%s, %s) -> %s\n", q, ty(cShape, it), ty(iShape, it), ty(allShape, it))
	fmt.Fprintf(&sb, "  %%0 = tcp.gather_nd %%x, %%idx%s : %s, %s -> %s\n", attr, ty(X, "f32"), ty(allShape, it), ty(res, "f32"))
	fmt.Fprintf(&sb, "  return %%0 : %s\n}\n", ty(res, "f32"))
	return sb.String()
}

func denseLit(vals []string, shape []int64, it string) string {
	var nest func(v []string, s []int64) string
	nest = func(v []string, s []int64) string {
		if len(s) == 0 {
			return v[0]
		}
		step := len(v) / int(s[0])
		parts := make([]string, s[0])
		for i := range parts {
			parts[i] = nest(v[i*step:(i+1)*step], s[1:])
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = fmt.Sprint(d)
	}
	return "dense<" + nest(vals, shape) + "> : tensor<" + strings.Join(parts, "x") + "x" + it + ">"
}

// TestIotaConcatRandom canonicalizes random iota-concatenated gather_nd
// indices: exact coordinates must fold into batch_dims, every near miss
// must not, and the interpreter must give the same results (and errors)
// before and after on random indices, out-of-range ones included.
func TestIotaConcatRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(22))
	nears := []string{"", "", "", "value", "value", "swap", "dims", "batch", "transpose", "wide"}
	const cases = 400
	folded, kept := 0, 0
	perNear := map[string]int{}
	for c := 0; c < cases; c++ {
		near := nears[c%len(nears)]
		src := iotaConcat(rng, near)
		before, err := parser.Parse("in.mlir", src, parser.Options{})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", c, err, src)
		}
		if err := ir.Verify(before, false); err != nil {
			t.Fatalf("case %d (%q): the input does not verify: %v\n%s", c, near, err, src)
		}
		after := before.Clone()
		pm, err := pass.ParsePipeline("builtin.module(canonicalize)")
		if err != nil {
			t.Fatal(err)
		}
		if err := pm.Run(after); err != nil {
			t.Fatalf("case %d: %v\n%s", c, err, src)
		}
		var out strings.Builder
		ir.Print(&out, after, ir.PrintOptions{})
		didFold := !strings.Contains(out.String(), "tensor.concat")
		if want := near == ""; didFold != want {
			t.Errorf("case %d (near miss %q): folded = %v, want %v\n%s\nafter:\n%s", c, near, didFold, want, src, out.String())
		}
		if didFold {
			folded++
		} else {
			kept++
		}
		perNear[near]++
		n, err := interp.CheckEquivalent(before, after, 16, int64(c))
		if err != nil {
			t.Errorf("case %d (near miss %q): %v\n%s\nafter:\n%s", c, near, err, src, out.String())
		}
		if n != 1 {
			t.Errorf("case %d: compared %d functions, want 1", c, n)
		}
	}
	if folded < cases/4 || kept < cases/2 {
		t.Errorf("folded %d, kept %d of %d: the generator does not cover both outcomes", folded, kept, cases)
	}
	t.Logf("folded %d, kept %d (near misses per kind: %v)", folded, kept, perNear)
}
