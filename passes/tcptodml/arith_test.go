package tcptodml_test

import (
	"fmt"
	"math"
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

// genArithCase builds a random index-arith program in the style jax
// emits around its gathers: integer values (two arguments, one of them
// possibly broadcast, splat and dense constants) combined by addi, subi,
// muli, maxsi, remsi by a constant, andi, ori, cmpi (every signed
// predicate and eq/ne, also on i1), andi/ori of masks and select; the last
// value is returned or, half of the time, gathers from a data tensor
// (mode "clip"), sometimes followed by a select of a float fill value.
func genArithCase(rng *rand.Rand, elem string) (text string, gathers bool) {
	r := 1 + rng.Intn(4)
	shape := dims(rng, r, 3)
	var b builder
	small := append([]int64{}, shape...)
	small[rng.Intn(r)] = 1
	ints := []string{"%x", b.broadcast("%y", small, shape, elem)}
	var bools []string
	ty, bty := ttype(shape, elem), ttype(shape, "i1")
	v := 0
	next := func() string { v++; return fmt.Sprintf("%%v%d", v) }
	konst := func(nonzero bool) string {
		name := next()
		k := int64(rng.Intn(13) - 6)
		if nonzero && k == 0 {
			k = 7
		}
		if rng.Intn(3) == 0 {
			vals := make([]string, numElements(shape))
			for i := range vals {
				x := int64(rng.Intn(13) - 6)
				if nonzero && x == 0 {
					x = -3
				}
				vals[i] = fmt.Sprint(x)
			}
			fmt.Fprintf(&b.b, "  %s = tcp.const {value = dense<%s> : %s} : %s\n", name, nested(vals, shape), ty, ty)
		} else {
			fmt.Fprintf(&b.b, "  %s = tcp.const {value = dense<%d> : %s} : %s\n", name, k, ty, ty)
		}
		return name
	}
	pick := func(s []string) string { return s[rng.Intn(len(s))] }
	steps := 2 + rng.Intn(5)
	for s := 0; s < steps; s++ {
		switch k := rng.Intn(10); {
		case k < 4:
			op := pick([]string{"addi", "subi", "muli", "maxsi", "minsi", "andi", "ori"})
			a, c := pick(ints), pick(ints)
			if rng.Intn(3) == 0 {
				c = konst(false)
			}
			name := next()
			fmt.Fprintf(&b.b, "  %s = arith.%s %s, %s : %s\n", name, op, a, c, ty)
			ints = append(ints, name)
		case k == 4:
			d := konst(true)
			name := next()
			fmt.Fprintf(&b.b, "  %s = arith.remsi %s, %s : %s\n", name, pick(ints), d, ty)
			ints = append(ints, name)
		case k < 7:
			p := pick([]string{"eq", "ne", "slt", "sle", "sgt", "sge"})
			c := pick(ints)
			if rng.Intn(2) == 0 {
				c = konst(false)
			}
			name := next()
			fmt.Fprintf(&b.b, "  %s = arith.cmpi %s, %s, %s : %s\n", name, p, pick(ints), c, ty)
			bools = append(bools, name)
		case k < 9 && len(bools) > 0:
			name := next()
			op := pick([]string{"andi", "ori", "cmpi ne,", "cmpi eq,"})
			fmt.Fprintf(&b.b, "  %s = arith.%s %s, %s : %s\n", name, op, pick(bools), pick(bools), bty)
			bools = append(bools, name)
		case len(bools) > 0:
			name := next()
			fmt.Fprintf(&b.b, "  %s = arith.select %s, %s, %s : %s, %s\n", name, pick(bools), pick(ints), pick(ints), bty, ty)
			ints = append(ints, name)
		}
	}
	if len(bools) > 0 {
		// The newest mask selects, so the masks stay live.
		name := next()
		fmt.Fprintf(&b.b, "  %s = arith.select %s, %s, %s : %s, %s\n", name, bools[len(bools)-1], pick(ints), pick(ints), bty, ty)
		ints = append(ints, name)
	}
	res := ints[len(ints)-1]
	out := ty
	args := fmt.Sprintf("%%x: %s, %%y: %s", ty, ttype(small, elem))
	if elem != "i16" && rng.Intn(2) == 0 {
		gathers = true
		data := append([]int64{}, shape...)
		data[0] = int64(2 + rng.Intn(4))
		args += ", %d: " + ttype(data, "f32")
		out = ttype(shape, "f32")
		name := next()
		fmt.Fprintf(&b.b, "  %s = tcp.gather %%d, %s {dim = 0 : index, mode = \"clip\"} : %s, %s -> %s\n", name, res, ttype(data, "f32"), ty, out)
		res = name
		if len(bools) > 0 && rng.Intn(2) == 0 {
			// A fill value selected by a mask, as jax's mode "fill" does.
			fill, sel := next(), next()
			fmt.Fprintf(&b.b, "  %s = tcp.const {value = dense<-1.5> : %s} : %s\n", fill, out, out)
			fmt.Fprintf(&b.b, "  %s = arith.select %s, %s, %s : %s, %s\n", sel, pick(bools), res, fill, bty, out)
			res = sel
		}
	}
	return fmt.Sprintf("func.func @f(%s) -> %s {\n%s  return %s : %s\n}\n", args, out, b.b.String(), res, out), gathers
}

// TestIndexArithEquivalence: random index-arith programs (genArithCase)
// on i32, i64 and i16 values drawn near 0 and at the extremes of the
// width (so addi, subi and muli wrap), at levels 3.0 to 6.4, compute the
// same before and after --convert-tcp-to-dml; the lowering refuses only
// what the level lacks (64-bit data before 5.0, 16-bit before 5.1).
func TestIndexArithEquivalence(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	levels := []dml.FeatureLevel{dml.FL3_0, dml.FL4_1, dml.FL5_0, dml.FL6_4}
	seen := map[string]int{}
	for n := 0; n < 400; n++ {
		level := levels[rng.Intn(len(levels))]
		elem := []string{"i32", "i32", "i64", "i16"}[rng.Intn(4)]
		text, gathers := genArithCase(rng, elem)
		before, err := parser.Parse("case.mlir", text, parser.Options{})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, text)
		}
		if err := ir.Verify(before, false); err != nil {
			t.Fatalf("case %d: input does not verify: %v\n%s", n, err, text)
		}
		after, _ := parser.Parse("case.mlir", text, parser.Options{})
		if err := tcptodml.New(level).Run(after); err != nil {
			if elem == "i64" && level < dml.FL5_0 || elem == "i16" && level < dml.FL5_1 {
				seen["refused below its level"]++
				continue
			}
			t.Fatalf("case %d (FL %s): lowering failed: %v\n%s", n, level, err, text)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("case %d: lowered IR does not verify: %v\n%s", n, err, text)
		}
		fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
		bits := map[string]int{"i16": 16, "i32": 32, "i64": 64}[elem]
		var in []*rt.Tensor
		for _, ty := range (function.FuncOp{Operation: fb}).Type().Inputs() {
			dt, _ := interp.DType(ir.ElementType(ty))
			v := rt.Must(rt.New(dt, ty.(*ir.RankedTensorType).Shape()))
			for p := 0; p < int(v.NumElements()); p++ {
				switch {
				case dt.IsFloat():
					v.SetFloat64(p, float64(rng.Intn(100)))
				case rng.Intn(4) == 0:
					ext := []int64{math.MinInt64 >> (64 - bits), math.MaxInt64 >> (64 - bits), math.MinInt64>>(64-bits) + 1}
					v.SetInt64(p, ext[rng.Intn(len(ext))])
				default:
					v.SetInt64(p, int64(rng.Intn(21)-10))
				}
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
			var b strings.Builder
			ir.Print(&b, after, ir.PrintOptions{})
			t.Fatalf("case %d (FL %s): tcp %s, dml %s\n%s\nlowered:\n%s", n, level, rt.Format(want[0]), rt.Format(got[0]), text, b.String())
		}
		fa.Walk(ir.PreOrder, func(op *ir.Operation) {
			if strings.HasPrefix(op.Name(), "dml.element_wise_") {
				seen["op "+op.Name()]++
			}
		})
		seen["elem "+elem]++
		if gathers {
			seen["gathers"]++
		}
		if strings.Contains(text, "dense<-1.5>") {
			seen["float select"]++
		}
	}
	for _, k := range []string{"elem i32", "elem i64", "elem i16", "gathers", "float select", "refused below its level",
		"op " + dml.AddName, "op " + dml.SubtractName, "op " + dml.MultiplyName, "op " + dml.MaxName, "op " + dml.ModulusTruncateName,
		"op " + dml.BitAndName, "op " + dml.BitOrName, "op " + dml.EqualsName, "op " + dml.LessThanName, "op " + dml.GreaterThanName,
		"op " + dml.LessOrEqualName, "op " + dml.GreaterOrEqualName, "op " + dml.LogicalNotName, "op " + dml.LogicalAndName,
		"op " + dml.LogicalOrName, "op " + dml.IfName} {
		if seen[k] == 0 {
			t.Errorf("no case with %s", k)
		}
	}
	t.Logf("coverage %v", seen)
}
