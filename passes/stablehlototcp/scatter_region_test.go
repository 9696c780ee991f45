package stablehlototcp_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/stablehlototcp"
)

// Regions that are no single combiner, by element type ("T" is replaced by
// the element type; %a is the current element, %b the update).
var scatterRegions = map[string][]string{
	"f32": {
		`%two = stablehlo.constant dense<2.0> : tensor<T>
    %m = stablehlo.multiply %a, %two : tensor<T>
    %r = stablehlo.add %m, %b : tensor<T>
    stablehlo.return %r : tensor<T>`,
		`%m = stablehlo.multiply %a, %b : tensor<T>
    %n = stablehlo.negate %m : tensor<T>
    %r = stablehlo.maximum %n, %a : tensor<T>
    stablehlo.return %r : tensor<T>`,
		`%c = stablehlo.compare GT, %a, %b, FLOAT : (tensor<T>, tensor<T>) -> tensor<i1>
    %d = stablehlo.subtract %a, %b : tensor<T>
    %r = stablehlo.select %c, %d, %b : tensor<i1>, tensor<T>
    stablehlo.return %r : tensor<T>`,
		`%k = stablehlo.constant dense<3.0> : tensor<T>
    %d = stablehlo.divide %b, %k : tensor<T>
    %r = stablehlo.minimum %a, %d : tensor<T>
    stablehlo.return %r : tensor<T>`,
	},
	"i32": {
		`%m = stablehlo.multiply %a, %b : tensor<T>
    %r = stablehlo.subtract %m, %a : tensor<T>
    stablehlo.return %r : tensor<T>`,
		`%k = stablehlo.constant dense<7> : tensor<T>
    %c = stablehlo.compare LT, %a, %b, SIGNED : (tensor<T>, tensor<T>) -> tensor<i1>
    %o = stablehlo.or %a, %k : tensor<T>
    %n = stablehlo.and %o, %b : tensor<T>
    %r = stablehlo.select %c, %n, %a : tensor<i1>, tensor<T>
    stablehlo.return %r : tensor<T>`,
		`%r = stablehlo.add %a, %a : tensor<T>
    stablehlo.return %r : tensor<T>`,
	},
}

// TestScatterRegionRandom converts random valid scatters (the dimension
// numbers of TestScatterRandom) whose regions are several scalar ops (or
// ignore the update) into combine = "region" and compares the interpreter
// on the stablehlo op with the interpreter on the tcp program on random
// inputs, duplicates and out-of-range indices included.
func TestScatterRegionRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1919))
	regions := 0
	for n := 0; n < 300; n++ {
		c := randomScatter(rng)
		if n%3 == 0 {
			c = scatterElementsCase(rng)
		}
		rs := scatterRegions[c.elem]
		c.region = rs[rng.Intn(len(rs))]
		src := c.program()
		before, after := parseOK(t, src), parseOK(t, src)
		if err := stablehlototcp.Run(after); err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, src)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("case %d: %v\n%s\n%s", n, err, src, after.String())
		}
		text := after.String()
		if strings.Contains(text, `combine = "region"`) {
			regions++
		}
		if strings.Contains(text, "stablehlo.") {
			t.Fatalf("case %d: stablehlo ops left\n%s", n, text)
		}
		if k, err := interp.CheckEquivalent(before, after, 12, int64(n)); err != nil || k != 1 {
			t.Fatalf("case %d: %v\n%s\n%s", n, err, src, text)
		}
	}
	if regions != 300 {
		t.Errorf("%d of 300 conversions have a combiner region", regions)
	}
}

func parseOK(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := parser.Parse("scatter.mlir", src, parser.Options{})
	if err == nil {
		err = ir.Verify(m, false)
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return m
}

// TestScatterVariadicSplit: a scatter of two or three inputs whose region
// computes each result from its own pair of arguments becomes one tcp
// scatter per input, equal to the interpreter on the stablehlo op; one
// whose results mix the inputs is a located conversion error.
func TestScatterVariadicSplit(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	split, refused := 0, 0
	parts := map[string][]string{
		"f32": {"stablehlo.add %A, %B", "stablehlo.maximum %A, %B", "stablehlo.multiply %A, %A", "stablehlo.subtract %B, %A"},
		"i32": {"stablehlo.add %A, %B", "stablehlo.minimum %A, %B", "stablehlo.or %A, %B", "stablehlo.multiply %B, %B"},
	}
	for n := 0; n < 60; n++ {
		c := randomScatter(rng)
		k := 2 + rng.Intn(2)
		elems := make([]string, k)
		for i := range elems {
			elems[i] = []string{"f32", "i32"}[rng.Intn(2)]
		}
		var args, ins, ups, types, blockArgs, body, rets, retTypes, results []string
		for i, e := range elems {
			args = append(args, fmt.Sprintf("%%x%d: %s", i, dimsStr(c.x, e)))
			ins = append(ins, fmt.Sprintf("%%x%d", i))
			ups = append(ups, fmt.Sprintf("%%u%d", i))
			results = append(results, dimsStr(c.x, e))
			blockArgs = append(blockArgs, fmt.Sprintf("%%a%d: tensor<%s>", i, e))
		}
		for i, e := range elems {
			args = append(args, fmt.Sprintf("%%u%d: %s", i, dimsStr(c.u, e)))
			blockArgs = append(blockArgs, fmt.Sprintf("%%b%d: tensor<%s>", i, e))
			p := parts[e][rng.Intn(len(parts[e]))]
			p = strings.NewReplacer("%A", fmt.Sprintf("%%a%d", i), "%B", fmt.Sprintf("%%b%d", i)).Replace(p)
			body = append(body, fmt.Sprintf("%%r%d = %s : tensor<%s>", i, p, e))
			rets = append(rets, fmt.Sprintf("%%r%d", i))
			retTypes = append(retTypes, "tensor<"+e+">")
		}
		for _, e := range elems {
			types = append(types, dimsStr(c.x, e))
		}
		st := dimsStr(c.s, c.idxElem)
		var opTypes []string
		opTypes = append(opTypes, types...)
		opTypes = append(opTypes, st)
		for _, e := range elems {
			opTypes = append(opTypes, dimsStr(c.u, e))
		}
		mix := n%5 == 4 && elems[0] == elems[1]
		if mix {
			// result 0 reads input 1's update
			body[0] = fmt.Sprintf("%%r0 = stablehlo.add %%a0, %%b1 : tensor<%s>", elems[0])
		}
		src := fmt.Sprintf(`func.func @f(%s, %%i: %s) -> (%s) {
  %%0:%d = "stablehlo.scatter"(%s, %%i, %s) <{indices_are_sorted = false, scatter_dimension_numbers = %s, unique_indices = false}> ({
  ^bb0(%s):
    %s
    stablehlo.return %s : %s
  }) : (%s) -> (%s)
  return %s : %s
}
`, strings.Join(args, ", "), st, strings.Join(results, ", "), k, strings.Join(ins, ", "), strings.Join(ups, ", "), c.d,
			strings.Join(blockArgs, ", "), strings.Join(body, "\n    "), strings.Join(rets, ", "), strings.Join(retTypes, ", "),
			strings.Join(opTypes, ", "), strings.Join(results, ", "), resultList(k), strings.Join(results, ", "))
		before, after := parseOK(t, src), parseOK(t, src)
		err := stablehlototcp.Run(after)
		if mix {
			if err == nil || !strings.Contains(err.Error(), "computes result #0 from argument #") {
				t.Fatalf("case %d: a mixing region: got %v, want a located refusal\n%s", n, err, src)
			}
			refused++
			continue
		}
		if err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, src)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, after.String())
		}
		if got := strings.Count(after.String(), "tcp.scatter"); got != k {
			t.Fatalf("case %d: %d tcp scatters, want %d\n%s", n, got, k, after.String())
		}
		if c, err := interp.CheckEquivalent(before, after, 10, int64(n)); err != nil || c != 1 {
			t.Fatalf("case %d: %v\n%s\n%s", n, err, src, after.String())
		}
		split++
	}
	if split < 40 || refused == 0 {
		t.Errorf("%d split, %d refused: the generator is too narrow", split, refused)
	}
}

func resultList(k int) string {
	var s []string
	for i := 0; i < k; i++ {
		s = append(s, fmt.Sprintf("%%0#%d", i))
	}
	return strings.Join(s, ", ")
}

// FuzzScatterRegionConvert draws a valid scatter (the generators of
// TestScatterRegionRandom) with a multi-op region from the seed, converts
// it to combine = "region" and compares the interpreter before and after:
// the conversion of such a region never fails or panics, and both agree.
func FuzzScatterRegionConvert(f *testing.F) {
	for s := int64(0); s < 12; s++ {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		rng := rand.New(rand.NewSource(seed))
		c := randomScatter(rng)
		if seed%3 == 0 {
			c = scatterElementsCase(rng)
		}
		rs := scatterRegions[c.elem]
		c.region = rs[rng.Intn(len(rs))]
		src := c.program()
		before, after := parseOK(t, src), parseOK(t, src)
		if err := stablehlototcp.Run(after); err != nil {
			t.Fatalf("conversion: %v\n%s", err, src)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("converted IR does not verify: %v\n%s", err, after)
		}
		if k, err := interp.CheckEquivalent(before, after, 5, seed); err != nil || k != 1 {
			t.Fatalf("%v\n%s\n%s", err, src, after)
		}
	})
}
