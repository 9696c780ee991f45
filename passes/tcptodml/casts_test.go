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

// castCase is one index cast the lowering must accept at level (and
// above): source type, the cast, and whether it may run under mode wrap.
type castCase struct {
	src, op, dst string
	level        dml.FeatureLevel
	wrap         bool
}

var castCases = []castCase{
	{"ui8", "tcp.cast_indices", "i32", dml.FL3_0, true},
	{"ui16", "tcp.cast_indices", "i64", dml.FL3_0, true},
	{"ui32", "tcp.cast_indices", "i64", dml.FL3_0, true},
	{"si32", "tcp.cast_indices", "i64", dml.FL3_0, true},
	{"i8", "tcp.cast_indices", "i32", dml.FL3_0, true},
	{"ui64", "tcp.cast_indices", "i64", dml.FL5_0, false},
	{"i64", "tcp.cast_indices", "i32", dml.FL5_0, false},
	{"ui32", "tcp.cast_indices", "i32", dml.FL5_0, false},
	{"i16", "arith.extsi", "i64", dml.FL3_0, true},
	{"i8", "arith.extsi", "i32", dml.FL3_0, true},
	{"i32", "arith.extsi", "i64", dml.FL3_0, true},
	{"i64", "arith.trunci", "i32", dml.FL4_1, true},
}

// genCastCase builds a gather_elements (or, for gather_nd, a clip over
// components of different sizes) whose indices come through a cast, in
// a random mode; indices are drawn from [-2s, 2s).
func genCastCase(rng *rand.Rand, n int) (text string, level dml.FeatureLevel, sizes func(p int) int64, kind string) {
	levels := []dml.FeatureLevel{dml.FL3_0, dml.FL4_1, dml.FL5_0, dml.FL6_4}
	if n%3 == 2 {
		// gather_nd under clip, components over dims of different sizes.
		level = levels[rng.Intn(len(levels))]
		ie := "i32"
		if level >= dml.FL5_0 && rng.Intn(2) == 0 {
			ie = "i64"
		}
		r := 2 + rng.Intn(3)
		X := dims(rng, r, 4)
		m := 2 + rng.Intn(r-1)
		I := append(dims(rng, 1+rng.Intn(2), 3), int64(m))
		O := append(append([]int64{}, I[:len(I)-1]...), X[m:]...)
		body := ""
		idx := "%arg1"
		argT := ttype(I, ie)
		if rng.Intn(2) == 0 && len(I) == 2 {
			// A transposed index view.
			T := []int64{I[1], I[0]}
			argT = ttype(T, ie)
			body = fmt.Sprintf("  %%t = tcp.transpose %%arg1 {permutation = array<i64: 1, 0>} : %s -> %s\n", argT, ttype(I, ie))
			idx = "%t"
			sizes = func(p int) int64 { return X[p/int(I[0])] }
		} else {
			sizes = func(p int) int64 { return X[p%m] }
		}
		text = fmt.Sprintf("func.func @f(%%arg0: %s, %%arg1: %s) -> %s {\n%s  %%r = tcp.gather_nd %%arg0, %s {mode = \"clip\"} : %s, %s -> %s\n  return %%r : %s\n}\n",
			ttype(X, "f32"), argT, ttype(O, "f32"), body, idx, ttype(X, "f32"), ttype(I, ie), ttype(O, "f32"), ttype(O, "f32"))
		return text, level, sizes, "gather_nd clip"
	}
	cc := castCases[rng.Intn(len(castCases))]
	levels = append(levels, dml.FL2_1) // UINT32 indices only: exact casts, in range
	for level = levels[rng.Intn(len(levels))]; level < cc.level && !(level == dml.FL2_1 && cc.level == dml.FL3_0); level = levels[rng.Intn(len(levels))] {
	}
	modes := []string{"promise_in_bounds", "clip"}
	if cc.wrap && (cc.dst == "i32" || level >= dml.FL6_0 || cc.src != "i64" && cc.src != "ui64") {
		modes = append(modes, "wrap")
	}
	if level == dml.FL2_1 {
		modes = modes[:1]
	}
	mode := modes[rng.Intn(len(modes))]
	r := 1 + rng.Intn(3)
	X := dims(rng, r, 4)
	dim := rng.Intn(r)
	I := append([]int64{}, X...)
	I[dim] = int64(1 + rng.Intn(4))
	s := X[dim]
	sizes = func(int) int64 { return s }
	modeAttr := ""
	if mode != "promise_in_bounds" {
		modeAttr = fmt.Sprintf(", mode = %q", mode)
	}
	cast := fmt.Sprintf("  %%c = %s %%arg1 : %s to %s\n", cc.op, ttype(I, cc.src), ttype(I, cc.dst))
	if cc.op == "tcp.cast_indices" {
		cast = fmt.Sprintf("  %%c = tcp.cast_indices %%arg1 : %s -> %s\n", ttype(I, cc.src), ttype(I, cc.dst))
	}
	text = fmt.Sprintf("func.func @f(%%arg0: %s, %%arg1: %s) -> %s {\n%s  %%r = tcp.gather %%arg0, %%c {dim = %d : index%s} : %s, %s -> %s\n  return %%r : %s\n}\n",
		ttype(X, "f32"), ttype(I, cc.src), ttype(I, "f32"), cast, dim, modeAttr, ttype(X, "f32"), ttype(I, cc.dst), ttype(I, "f32"), ttype(I, "f32"))
	if mode == "promise_in_bounds" {
		return text, level, func(int) int64 { return -s }, cc.src + " " + cc.op // in range: see below
	}
	return text, level, sizes, cc.src + " " + cc.op
}

// TestCastEquivalence: index casts and per-component clip bounds compute
// the same before and after --convert-tcp-to-dml on random programs and
// indices (in range under promise_in_bounds, in [-2s, 2s) otherwise), and
// the lowered module verifies at its level.
func TestCastEquivalence(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	seen := map[string]int{}
	for n := 0; n < 600; n++ {
		text, level, sizes, kind := genCastCase(rng, n)
		before, err := parser.Parse("case.mlir", text, parser.Options{})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, text)
		}
		after, _ := parser.Parse("case.mlir", text, parser.Options{})
		if err := tcptodml.New(level).Run(after); err != nil {
			t.Fatalf("case %d (FL %s): lowering failed: %v\n%s", n, level, err, text)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("case %d: lowered IR does not verify: %v\n%s", n, err, text)
		}
		fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
		types := function.FuncOp{Operation: fb}.Type().Inputs()
		args := make([]*rt.Tensor, len(types))
		for i, ty := range types {
			dt, _ := interp.DType(ir.ElementType(ty))
			v := rt.Must(rt.New(dt, ty.(*ir.RankedTensorType).Shape()))
			for p := 0; p < int(v.NumElements()); p++ {
				if i == 0 {
					v.SetFloat64(p, float64(rng.Intn(2001)-1000)/8)
					continue
				}
				switch s := sizes(p); {
				case s < 0:
					v.SetInt64(p, rng.Int63n(-s))
				default:
					v.SetInt64(p, rng.Int63n(4*s)-2*s)
				}
			}
			args[i] = v
		}
		want, err := interp.Run(fb, args)
		if err != nil {
			t.Fatalf("case %d: tcp run failed: %v\n%s", n, err, text)
		}
		got, err := interp.Run(fa, args)
		if err != nil {
			t.Fatalf("case %d: dml run failed: %v\n%s", n, err, text)
		}
		if !rt.Equal(want[0], got[0], rt.NaNEqual) {
			var b strings.Builder
			ir.Print(&b, after, ir.PrintOptions{})
			t.Fatalf("case %d (FL %s): results differ: tcp %s, dml %s\nargs %s\n%s\nlowered:\n%s", n, level, rt.Format(want[0]), rt.Format(got[0]), rt.Format(args[1]), text, b.String())
		}
		seen[kind]++
		seen["level "+level.String()]++
		if kind == "gather_nd clip" {
			// DirectML leaves out-of-range reads unspecified (the emulator
			// clamps, which would hide a missing bound): the indices the
			// lowered gather_nd reads must be in range per component.
			if err := ndIndicesInRange(text, level, args); err != nil {
				t.Fatalf("case %d (FL %s): %v\n%s", n, level, err, text)
			}
			seen["indices in range"]++
		}
		fa.Walk(ir.PreOrder, func(op *ir.Operation) {
			if strings.HasPrefix(op.Name(), "dml.") {
				seen["op "+op.Name()]++
			}
		})
	}
	for _, k := range []string{"level 2.1", "op dml.cast", "op dml.element_wise_min", "op dml.element_wise_clip", "op dml.element_wise_modulus_floor", "gather_nd clip", "indices in range", "ui64 tcp.cast_indices", "i16 arith.extsi"} {
		if seen[k] == 0 {
			t.Errorf("no case with %s", k)
		}
	}
	t.Logf("coverage %v", seen)
}

// ndIndicesInRange lowers text again, makes its function return the
// indices its dml.gather_nd1 reads, and checks each component against the
// size of the input dim it selects in.
func ndIndicesInRange(text string, level dml.FeatureLevel, args []*rt.Tensor) error {
	m, err := parser.Parse("case.mlir", text, parser.Options{})
	if err != nil {
		return err
	}
	if err := tcptodml.New(level).Run(m); err != nil {
		return err
	}
	fn := function.Lookup(m, "f")
	var g *ir.Operation
	fn.Walk(ir.PreOrder, func(op *ir.Operation) {
		if op.Name() == dml.GatherND1Name {
			g = op
		}
	})
	if g == nil {
		return fmt.Errorf("no dml.gather_nd1")
	}
	idx := g.Operand(1)
	in := idx.Type().(*ir.RankedTensorType).Shape()
	x := g.Operand(0).Type().(*ir.RankedTensorType).Shape()
	ret := function.FuncOp{Operation: fn}.Body().Last()
	ret.SetOperand(0, idx)
	fn.SetAttr("function_type", ir.TypeAttr{Type: ir.Function(function.FuncOp{Operation: fn}.Type().Inputs(), []ir.Type{idx.Type()})})
	got, err := interp.Run(fn, args)
	if err != nil {
		return err
	}
	mlen := int(in[len(in)-1])
	for p := 0; p < int(got[0].NumElements()); p++ {
		if v, s := got[0].Int64At(p), x[p%mlen]; v < 0 || v >= s {
			return fmt.Errorf("lowered index %d at %d is outside [0, %d)", v, p, s)
		}
	}
	return nil
}

// TestBoolFloatCastEquivalence: jax's x[m.astype(int32)] (extui of an i1
// tensor, which moves as UINT8 0 or 1) and x[f.astype(int32)] (fptosi of
// f32 or f16 data, in range, with fractions of both signs), each followed
// by jax's index normalization (x < 0 ? x + n : x) and a clipped gather,
// compute the same before and after --convert-tcp-to-dml with
// assume-in-bounds at every level from 3.0.
func TestBoolFloatCastEquivalence(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	levels := []dml.FeatureLevel{dml.FL3_0, dml.FL4_1, dml.FL5_0, dml.FL6_4}
	seen := map[string]int{}
	for n := 0; n < 300; n++ {
		level := levels[rng.Intn(len(levels))]
		src := []string{"i1", "f32", "f16"}[n%3]
		op := map[string]string{"i1": "arith.extui", "f32": "arith.fptosi", "f16": "arith.fptosi"}[src]
		ie := "i32"
		if level >= dml.FL5_0 && rng.Intn(2) == 0 {
			ie = "i64"
		}
		r := 1 + rng.Intn(3)
		X := dims(rng, r, 4)
		dim := rng.Intn(r)
		I := append([]int64{}, X...)
		I[dim] = int64(1 + rng.Intn(4))
		s := X[dim]
		text := fmt.Sprintf(`func.func @f(%%arg0: %[1]s, %%arg1: %[2]s) -> %[3]s {
  %%c = %[4]s %%arg1 : %[2]s to %[5]s
  %%z = tcp.const {value = dense<0> : %[5]s} : %[5]s
  %%n = tcp.const {value = dense<%[6]d> : %[5]s} : %[5]s
  %%lt = arith.cmpi slt, %%c, %%z : %[5]s
  %%a = arith.addi %%c, %%n : %[5]s
  %%w = arith.select %%lt, %%a, %%c : %[7]s, %[5]s
  %%r = tcp.gather %%arg0, %%w {dim = %[8]d : index, mode = "clip"} : %[1]s, %[5]s -> %[3]s
  return %%r : %[3]s
}
`, ttype(X, "f32"), ttype(I, src), ttype(I, "f32"), op, ttype(I, ie), s, ttype(I, "i1"), dim)
		before, err := parser.Parse("case.mlir", text, parser.Options{})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, text)
		}
		after, _ := parser.Parse("case.mlir", text, parser.Options{})
		if err := (&tcptodml.Pass{Level: level, AssumeInBounds: true}).Run(after); err != nil {
			t.Fatalf("case %d (FL %s): lowering failed: %v\n%s", n, level, err, text)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("case %d: lowered IR does not verify: %v\n%s", n, err, text)
		}
		fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
		types := function.FuncOp{Operation: fb}.Type().Inputs()
		args := make([]*rt.Tensor, len(types))
		for i, ty := range types {
			dt, _ := interp.DType(ir.ElementType(ty))
			v := rt.Must(rt.New(dt, ty.(*ir.RankedTensorType).Shape()))
			for p := 0; p < int(v.NumElements()); p++ {
				switch {
				case i == 0:
					v.SetFloat64(p, float64(rng.Intn(2001)-1000)/8)
				case src == "i1":
					v.SetInt64(p, int64(rng.Intn(2)))
				default:
					v.SetFloat64(p, (rng.Float64()*4-2)*float64(s))
				}
			}
			args[i] = v
		}
		want, err := interp.Run(fb, args)
		if err != nil {
			t.Fatalf("case %d: tcp run failed: %v\n%s", n, err, text)
		}
		got, err := interp.Run(fa, args)
		if err != nil {
			t.Fatalf("case %d: dml run failed: %v\n%s", n, err, text)
		}
		if !rt.Equal(want[0], got[0], rt.NaNEqual) {
			t.Fatalf("case %d (FL %s): results differ: tcp %s, dml %s\nargs %s\n%s", n, level, rt.Format(want[0]), rt.Format(got[0]), rt.Format(args[1]), text)
		}
		seen[src+" "+ie]++
	}
	for _, k := range []string{"i1 i32", "f32 i32", "f16 i32", "i1 i64", "f32 i64"} {
		if seen[k] == 0 {
			t.Errorf("no case with %s", k)
		}
	}
	t.Logf("coverage %v", seen)
}

// TestFloatCastEquivalence: arith.truncf/extf of gathered data (jax's
// x[i].astype(float16)) compute the same bits before and after
// --convert-tcp-to-dml on values that round every way.
func TestFloatCastEquivalence(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	pairs := [][3]string{{"f32", "arith.truncf", "f16"}, {"f16", "arith.extf", "f32"}, {"f64", "arith.truncf", "f32"}, {"f64", "arith.truncf", "f16"}, {"f32", "arith.extf", "f64"}}
	special := []float64{math.NaN(), math.Inf(-1), math.Copysign(0, -1), 65504, 65520, 1 + 1.0/2048, 1 + 3.0/2048, 2.98e-08, 1e-40, 1e300}
	seen := map[string]int{}
	for n := 0; n < 200; n++ {
		p := pairs[n%len(pairs)]
		level := []dml.FeatureLevel{dml.FL4_1, dml.FL5_0, dml.FL6_4}[rng.Intn(3)]
		r := 1 + rng.Intn(3)
		X := dims(rng, r, 4)
		dim := rng.Intn(r)
		I := append([]int64{}, X...)
		I[dim] = int64(1 + rng.Intn(4))
		text := fmt.Sprintf(`func.func @f(%%arg0: %[1]s, %%arg1: %[2]s) -> %[4]s {
  %%g = tcp.gather %%arg0, %%arg1 {dim = %[5]d : index, mode = "clip"} : %[1]s, %[2]s -> %[3]s
  %%c = %[6]s %%g : %[3]s to %[4]s
  return %%c : %[4]s
}
`, ttype(X, p[0]), ttype(I, "i32"), ttype(I, p[0]), ttype(I, p[2]), dim, p[1])
		before, err := parser.Parse("case.mlir", text, parser.Options{})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, text)
		}
		after, _ := parser.Parse("case.mlir", text, parser.Options{})
		if err := tcptodml.New(level).Run(after); err != nil {
			t.Fatalf("case %d (FL %s): lowering failed: %v\n%s", n, level, err, text)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("case %d: lowered IR does not verify: %v\n%s", n, err, text)
		}
		fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
		types := function.FuncOp{Operation: fb}.Type().Inputs()
		args := make([]*rt.Tensor, len(types))
		for i, ty := range types {
			dt, _ := interp.DType(ir.ElementType(ty))
			v := rt.Must(rt.New(dt, ty.(*ir.RankedTensorType).Shape()))
			for q := 0; q < int(v.NumElements()); q++ {
				switch {
				case i == 1:
					v.SetInt64(q, rng.Int63n(4*X[dim])-2*X[dim])
				case rng.Intn(2) == 0:
					v.SetFloat64(q, special[rng.Intn(len(special))])
				default:
					v.SetFloat64(q, math.Ldexp(rng.Float64()*2-1, rng.Intn(60)-30))
				}
			}
			args[i] = v
		}
		want, err := interp.Run(fb, args)
		if err != nil {
			t.Fatalf("case %d: tcp run failed: %v\n%s", n, err, text)
		}
		got, err := interp.Run(fa, args)
		if err != nil {
			t.Fatalf("case %d: dml run failed: %v\n%s", n, err, text)
		}
		if string(want[0].Data) != string(got[0].Data) {
			t.Fatalf("case %d (FL %s): results differ: tcp %s, dml %s\n%s", n, level, rt.Format(want[0]), rt.Format(got[0]), text)
		}
		seen[p[0]+" "+p[1]+" "+p[2]]++
	}
	t.Logf("coverage %v", seen)
}
