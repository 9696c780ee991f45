package passes_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestScatterRegionToCombineRandom: combiner regions of one integer op of
// the two arguments (either order), of the update alone, and near misses
// (float ops, i1 orderings, a constant operand, two ops) on random
// scatters of every mode; canonicalization must turn exactly the named
// ones into combine attributes and keep every function's results.
func TestScatterRegionToCombineRandom(t *testing.T) {
	r := rand.New(rand.NewSource(19))
	type body struct {
		elem, ops, want string // want: the combine after, "region" if kept
	}
	bodies := []body{
		{"i32", "tcp.yield %v : tensor<i32>", "replace"},
		{"i32", "%s = arith.addi %c, %v : tensor<i32>\n    tcp.yield %s : tensor<i32>", "add"},
		{"i64", "%s = arith.muli %v, %c : tensor<i64>\n    tcp.yield %s : tensor<i64>", "mul"},
		{"i32", "%s = arith.maxsi %v, %c : tensor<i32>\n    tcp.yield %s : tensor<i32>", "max"},
		{"i8", "%s = arith.minsi %c, %v : tensor<i8>\n    tcp.yield %s : tensor<i8>", "min"},
		{"i32", "%s = arith.andi %c, %v : tensor<i32>\n    tcp.yield %s : tensor<i32>", "and"},
		{"i1", "%s = arith.ori %v, %c : tensor<i1>\n    tcp.yield %s : tensor<i1>", "or"},
		{"i1", "%s = arith.maxsi %c, %v : tensor<i1>\n    tcp.yield %s : tensor<i1>", "region"},
		{"f32", "%s = arith.addf %c, %v : tensor<f32>\n    tcp.yield %s : tensor<f32>", "region"},
		{"i32", "%s = arith.subi %c, %v : tensor<i32>\n    tcp.yield %s : tensor<i32>", "region"},
		{"i32", "%s = arith.addi %c, %c : tensor<i32>\n    tcp.yield %s : tensor<i32>", "region"},
		{"i32", "tcp.yield %c : tensor<i32>", "region"},
		{"i32", "%k = arith.constant dense<1> : tensor<i32>\n    %s = arith.addi %c, %k : tensor<i32>\n    tcp.yield %s : tensor<i32>", "region"},
	}
	modes := []string{"promise_in_bounds", "error", "wrap_negative", "clip", "wrap", "drop"}
	fired := map[string]int{}
	for n := 0; n < 60; n++ {
		b := bodies[n%len(bodies)]
		mode := modes[r.Intn(len(modes))]
		if mode == "promise_in_bounds" {
			mode = "clip" // random indices would break the promise
		}
		rows, upd := 2+r.Intn(4), 1+r.Intn(6)
		var src string
		if r.Intn(2) == 0 {
			src = fmt.Sprintf(`func.func @f(%%x: tensor<%dx3x%s>, %%i: tensor<%dx3xi64>, %%u: tensor<%dx3x%s>) -> tensor<%dx3x%s> {
  %%0 = tcp.scatter %%x, %%i, %%u {combine = "region", dim = 0 : index, mode = %q} : tensor<%dx3x%s>, tensor<%dx3xi64>, tensor<%dx3x%s> -> tensor<%dx3x%s> {
  ^bb0(%%c: tensor<%s>, %%v: tensor<%s>):
    %s
  }
  return %%0 : tensor<%dx3x%s>
}
`, rows, b.elem, upd, upd, b.elem, rows, b.elem, mode, rows, b.elem, upd, upd, b.elem, rows, b.elem, b.elem, b.elem, b.ops, rows, b.elem)
		} else {
			src = fmt.Sprintf(`func.func @f(%%x: tensor<%dx3x%s>, %%i: tensor<%dx1xi64>, %%u: tensor<%dx3x%s>) -> tensor<%dx3x%s> {
  %%0 = tcp.scatter_nd %%x, %%i, %%u {combine = "region", mode = %q} : tensor<%dx3x%s>, tensor<%dx1xi64>, tensor<%dx3x%s> -> tensor<%dx3x%s> {
  ^bb0(%%c: tensor<%s>, %%v: tensor<%s>):
    %s
  }
  return %%0 : tensor<%dx3x%s>
}
`, rows, b.elem, upd, upd, b.elem, rows, b.elem, mode, rows, b.elem, upd, upd, b.elem, rows, b.elem, b.elem, b.elem, b.ops, rows, b.elem)
		}
		out := canonicalizeAndCompare(t, src, 40)
		got := "region"
		switch {
		case strings.Contains(out, `combine = "region"`):
		case strings.Contains(out, "combine = "):
			got = strings.SplitN(strings.SplitN(out, `combine = "`, 2)[1], `"`, 2)[0]
		default:
			got = "replace"
		}
		if got != b.want {
			t.Fatalf("case %d: combine %q after canonicalization, want %q\n%s\n%s", n, got, b.want, src, out)
		}
		fired[got]++
	}
	if len(fired) < 8 {
		t.Errorf("only %v", fired)
	}
}
