package stablehlototcp_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/stablehlototcp"
	"github.com/tcp-project/tcp/tensor"
)

// TestDynamicUpdateSliceRandom checks stablehlo.dynamic_update_slice before
// and after --convert-stablehlo-to-tcp against the spec's formula written
// out here (result = operand with result[clamp(start, 0, dim - size) + ui] =
// update[ui]) on random shapes, update sizes (0 to the dim), start types
// (signless, signed, unsigned, 8 to 64 bits), starts in and out of range,
// some starts constants (static insert_slice offsets) and some operand and
// update dims written `?` (offsets clamped against tensor.dim).
func TestDynamicUpdateSliceRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 2026))
	types := []string{"i64", "i32", "i16", "i8", "si32", "ui8", "ui16", "ui32", "ui64"}
	n := 300
	if testing.Short() {
		n = 60
	}
	static, dynamic := 0, 0
	for c := 0; c < n; c++ {
		r := rng.IntN(4)
		X := make([]int64, r)
		U := make([]int64, r)
		for i := range X {
			X[i] = 1 + rng.Int64N(5)
			U[i] = rng.Int64N(X[i] + 1)
			if U[i] == 0 && rng.IntN(4) != 0 {
				U[i] = 1 + rng.Int64N(X[i])
			}
		}
		et := types[rng.IntN(len(types))]
		dt := mustDType(et)
		xs, us := append([]int64{}, X...), append([]int64{}, U...)
		for i := range xs {
			if rng.IntN(5) == 0 {
				xs[i] = ir.Dynamic
			}
			if rng.IntN(5) == 0 {
				us[i] = ir.Dynamic
			}
		}
		xt, ut := tensorType(xs, "i32"), tensorType(us, "i32")
		st := "tensor<" + et + ">"
		// a constant start: its bits, in range of every type
		consts := make([]int64, r)
		isConst := make([]bool, r)
		var params, operands, stypes, body []string
		for i := 0; i < r; i++ {
			stypes = append(stypes, st)
			if rng.IntN(2) == 0 {
				isConst[i] = true
				consts[i] = rng.Int64N(X[i]+5) - 2
				if strings.HasPrefix(et, "ui") && consts[i] < 0 {
					consts[i] = 0
				}
				body = append(body, fmt.Sprintf("  %%c%d = stablehlo.constant dense<%d> : %s", i, consts[i], st))
				operands = append(operands, fmt.Sprintf("%%c%d", i))
				continue
			}
			params = append(params, fmt.Sprintf("%%s%d: %s", i, st))
			operands = append(operands, fmt.Sprintf("%%s%d", i))
		}
		sig := append([]string{"%x: " + xt, "%u: " + ut}, params...)
		src := fmt.Sprintf(`func.func @f(%s) -> %s {
%s
  %%0 = stablehlo.dynamic_update_slice %s : (%s) -> %s
  return %%0 : %s
}
`, strings.Join(sig, ", "), xt, strings.Join(body, "\n"), strings.Join(append([]string{"%x", "%u"}, operands...), ", "),
			strings.Join(append([]string{xt, ut}, stypes...), ", "), xt, xt)
		m, err := parser.Parse("dus.mlir", src, parser.Options{})
		if err == nil {
			err = ir.Verify(m, false)
		}
		if err != nil {
			t.Fatalf("case %d does not verify: %v\n%s", c, err, src)
		}
		before := printIR(m)
		if err := stablehlototcp.Run(m); err != nil {
			t.Fatalf("case %d: conversion: %v\n%s", c, err, src)
		}
		if err := ir.Verify(m, false); err != nil {
			t.Fatalf("case %d: converted IR does not verify: %v\n%s", c, err, printIR(m))
		}
		after := printIR(m)
		if strings.Contains(after, "stablehlo.") {
			t.Fatalf("case %d: a stablehlo op is left:\n%s", c, after)
		}
		if strings.Contains(after, "tensor.extract ") {
			dynamic++
		} else {
			static++
		}
		orig, err := parser.Parse("dus.mlir", before, parser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for trial := 0; trial < 4; trial++ {
			nx, _ := tensor.NumElementsOf(X)
			vals := make([]int64, nx)
			for i := range vals {
				vals[i] = int64(i) + 1
			}
			x := tensor.Must(tensor.FromInt64s(tensor.I32, X, vals))
			nu, _ := tensor.NumElementsOf(U)
			uvals := make([]int64, nu)
			for i := range uvals {
				uvals[i] = -1000 - int64(i) - rng.Int64N(100)*10000
			}
			u := tensor.Must(tensor.FromInt64s(tensor.I32, U, uvals))
			args := []*tensor.Tensor{x, u}
			starts := make([]int64, r)
			for i := range starts {
				var s *tensor.Tensor
				if isConst[i] {
					s = tensor.Must(tensor.FromInt64s(dt, nil, []int64{consts[i]}))
				} else {
					bits := rng.Int64N(X[i]+7) - 3
					switch rng.IntN(10) {
					case 0:
						bits = -1
					case 1:
						bits = math.MinInt64
					}
					if !strings.HasPrefix(et, "ui") && et != "i64" {
						bits = max(-100, min(bits, 100))
					}
					s = tensor.Must(tensor.FromInt64s(dt, nil, []int64{bits}))
					args = append(args, s)
				}
				starts[i] = max(0, min(startValue(dt, s.Int64At(0)), X[i]-U[i]))
			}
			// the spec's formula
			want := x.Clone()
			ui := make([]int64, r)
			wst := want.Strides()
			for k := 0; k < int(nu); k++ {
				off := int64(0)
				for d := range ui {
					off += (starts[d] + ui[d]) * wst[d]
				}
				want.SetInt64(int(off), u.Int64At(k))
				for d := r - 1; d >= 0; d-- {
					if ui[d]++; ui[d] < U[d] {
						break
					}
					ui[d] = 0
				}
			}
			for name, mod := range map[string]*ir.Operation{"interpreter": orig, "converted": m} {
				got, err := interp.RunFunc(mod, "f", args...)
				if err != nil {
					t.Fatalf("case %d: %s: %v\n%s", c, name, err, printIR(mod))
				}
				if d := cmp.Diff(tensor.Format(want), tensor.Format(got[0])); d != "" {
					t.Fatalf("case %d (%s, starts %v): %s (-want +got):\n%s\n%s", c, et, starts, name, d, printIR(mod))
				}
			}
		}
	}
	if static == 0 || dynamic == 0 {
		t.Errorf("forms not all exercised: %d static, %d dynamic", static, dynamic)
	}
	t.Logf("%d cases: %d with static offsets only, %d with clamped run-time offsets", n, static, dynamic)
}
