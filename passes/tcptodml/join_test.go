package tcptodml_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/dialect/dml"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcptodml"
	rt "github.com/tcp-project/tcp/tensor"
)

// TestJoinEquivalence: tensor.concat of 1 to 4 operands (some broadcast)
// along a random dim of rank 1 to 5, at levels 1.0 to 6.4 (padded to 4 or
// 5 dims before 3.0), computes the same as dml.join.
func TestJoinEquivalence(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	levels := []dml.FeatureLevel{dml.FL1_0, dml.FL2_1, dml.FL3_0, dml.FL4_1, dml.FL6_4}
	seen := map[string]int{}
	for n := 0; n < 300; n++ {
		level := levels[rng.Intn(len(levels))]
		r := 1 + rng.Intn(5)
		elems := []string{"f32", "f16", "i32", "i8"}
		if level >= dml.FL4_1 {
			elems = append(elems, "i64")
		}
		elem := elems[rng.Intn(len(elems))]
		shape := dims(rng, r, 3)
		dim := rng.Intn(r)
		k := 1 + rng.Intn(4)
		var args, body, ins, tys []string
		total := int64(0)
		for i := 0; i < k; i++ {
			s := append([]int64{}, shape...)
			s[dim] = int64(1 + rng.Intn(3))
			total += s[dim]
			v := fmt.Sprintf("%%a%d", i)
			if rng.Intn(3) == 0 && r > 1 {
				// A broadcast operand: stored with a unit dim off the axis.
				b := (dim + 1) % r
				st := append([]int64{}, s...)
				st[b] = 1
				args = append(args, v+": "+ttype(st, elem))
				body = append(body, fmt.Sprintf("  %%n%d = arith.constant %d : index\n  %%b%d = tcp.broadcast_to %s, %%n%d {axes = [%d]} : %s, index -> %s\n", i, s[b], i, v, i, b, ttype(st, elem), ttype(s, elem)))
				v = fmt.Sprintf("%%b%d", i)
				seen["broadcast operand"]++
			} else {
				args = append(args, v+": "+ttype(s, elem))
			}
			ins = append(ins, v)
			tys = append(tys, ttype(s, elem))
		}
		out := append([]int64{}, shape...)
		out[dim] = total
		text := fmt.Sprintf("func.func @f(%s) -> %s {\n%s  %%0 = tensor.concat dim(%d) %s : (%s) -> %s\n  return %%0 : %s\n}\n",
			strings.Join(args, ", "), ttype(out, elem), strings.Join(body, ""), dim, strings.Join(ins, ", "), strings.Join(tys, ", "), ttype(out, elem), ttype(out, elem))
		before, err := parser.Parse("case.mlir", text, parser.Options{})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, text)
		}
		after, _ := parser.Parse("case.mlir", text, parser.Options{})
		if err := tcptodml.New(level).Run(after); err != nil {
			if r > 4 && level < dml.FL3_0 || level < dml.FL2_1 && elem != "f32" && elem != "f16" {
				continue // 5 dims or IDENTITY of integers before the level allows them
			}
			t.Fatalf("case %d (FL %s): lowering failed: %v\n%s", n, level, err, text)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("case %d: lowered IR does not verify: %v\n%s", n, err, text)
		}
		fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
		var in []*rt.Tensor
		for _, ty := range (function.FuncOp{Operation: fb}).Type().Inputs() {
			dt, _ := interp.DType(ir.ElementType(ty))
			v := rt.Must(rt.New(dt, ty.(*ir.RankedTensorType).Shape()))
			for p := 0; p < int(v.NumElements()); p++ {
				v.SetInt64(p, int64(rng.Intn(100)))
			}
			in = append(in, v)
		}
		want, err := interp.Run(fb, in)
		if err != nil {
			t.Fatal(err)
		}
		got, err := interp.Run(fa, in)
		if err != nil {
			t.Fatalf("case %d: dml run failed: %v\n%s", n, err, text)
		}
		if !rt.Equal(want[0], got[0], rt.NaNEqual) {
			t.Fatalf("case %d (FL %s): tcp %s, dml %s\n%s", n, level, rt.Format(want[0]), rt.Format(got[0]), text)
		}
		seen["level "+level.String()]++
		seen[fmt.Sprintf("%d operands", k)]++
	}
	for _, k := range []string{"level 1.0", "level 2.1", "level 6.4", "broadcast operand", "1 operands", "4 operands"} {
		if seen[k] == 0 {
			t.Errorf("no case with %s", k)
		}
	}
	t.Logf("coverage %v", seen)
}
