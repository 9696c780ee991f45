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

// startValue is the value of a start index of type dt given its bits
// sign-extended to 64 (the spec reads integers by value), saturated to
// int64 (only ui64 exceeds it, and any such value clamps to the top).
func startValue(dt tensor.DType, bits int64) int64 {
	switch dt {
	case tensor.UI8:
		return bits & 0xff
	case tensor.UI16:
		return bits & 0xffff
	case tensor.UI32:
		return bits & 0xffffffff
	case tensor.UI64:
		if bits < 0 {
			return math.MaxInt64
		}
	}
	return bits
}

// TestDynamicSliceRandom checks stablehlo.dynamic_slice before and after
// --convert-stablehlo-to-tcp against the spec's formula written out here
// (result[ri] = operand[clamp(start, 0, dim - size) + ri]) on random shapes,
// sizes (0 to the dim), start types (signless, signed, unsigned, 8 to 64
// bits), starts in and out of range (2^N - 1 and 2^63 for unsigned types),
// with some operand dims written `?` (converted through tcp.slice) and a
// dim whose window table is too large for the gather form.
func TestDynamicSliceRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 2026))
	types := []string{"i64", "i32", "i16", "i8", "si32", "ui8", "ui16", "ui32", "ui64"}
	n := 300
	if testing.Short() {
		n = 60
	}
	forms := map[string]int{}
	for c := 0; c < n; c++ {
		r := 1 + rng.IntN(3)
		X := make([]int64, r)
		for i := range X {
			X[i] = 1 + rng.Int64N(5)
		}
		if c%50 == 49 {
			X[0] = 600 // a window table of 301*300 elements: tcp.slice instead
		}
		sizes := make([]int64, r)
		for i := range sizes {
			sizes[i] = rng.Int64N(X[i] + 1)
			if sizes[i] == 0 && rng.IntN(4) != 0 {
				sizes[i] = 1 + rng.Int64N(X[i])
			}
		}
		if c%50 == 49 {
			sizes[0] = 300
		}
		et := types[rng.IntN(len(types))]
		dt := mustDType(et)
		static := append([]int64{}, X...)
		for i := range static {
			if rng.IntN(4) == 0 {
				static[i] = ir.Dynamic
			}
		}
		xt := tensorType(static, "i32")
		st := "tensor<" + et + ">"
		out := tensorType(sizes, "i32")
		var params, operands, stypes []string
		for i := 0; i < r; i++ {
			params = append(params, fmt.Sprintf("%%s%d: %s", i, st))
			operands = append(operands, fmt.Sprintf("%%s%d", i))
			stypes = append(stypes, st)
		}
		szs := make([]string, r)
		for i, s := range sizes {
			szs[i] = fmt.Sprint(s)
		}
		src := fmt.Sprintf(`func.func @f(%%x: %s, %s) -> %s {
  %%0 = "stablehlo.dynamic_slice"(%%x, %s) {slice_sizes = array<i64: %s>} : (%s, %s) -> %s
  return %%0 : %s
}
`, xt, strings.Join(params, ", "), out, strings.Join(operands, ", "), strings.Join(szs, ", "), xt, strings.Join(stypes, ", "), out, out)
		m, err := parser.Parse("ds.mlir", src, parser.Options{})
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
		switch {
		case strings.Contains(after, "tcp.slice") && strings.Contains(after, "tcp.gather"):
			forms["gathers and tcp.slice"]++
		case strings.Contains(after, "tcp.slice"):
			forms["tcp.slice"]++
		case strings.Contains(after, "tcp.gather"):
			forms["gathers"]++
		default:
			forms["no op"]++
		}
		orig, err := parser.Parse("ds.mlir", before, parser.Options{})
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
			args := []*tensor.Tensor{x}
			starts := make([]int64, r)
			for i := range starts {
				bits := rng.Int64N(X[i]+7) - 3
				switch rng.IntN(10) {
				case 0:
					bits = -1
				case 1:
					bits = math.MinInt64
				}
				if !strings.HasPrefix(et, "ui") && et != "i64" {
					bits = max(-100, min(bits, 100)) // in range of every type
				}
				s := tensor.Must(tensor.FromInt64s(dt, nil, []int64{bits}))
				args = append(args, s)
				starts[i] = max(0, min(startValue(dt, s.Int64At(0)), X[i]-sizes[i]))
			}
			// the spec's formula
			want := tensor.Must(tensor.New(tensor.I32, sizes))
			ri := make([]int64, r)
			xs := x.Strides()
			for k := 0; k < int(want.NumElements()); k++ {
				off := int64(0)
				for d := range ri {
					off += (starts[d] + ri[d]) * xs[d]
				}
				want.SetInt64(k, x.Int64At(int(off)))
				for d := r - 1; d >= 0; d-- {
					if ri[d]++; ri[d] < sizes[d] {
						break
					}
					ri[d] = 0
				}
			}
			for name, mod := range map[string]*ir.Operation{"interpreter": orig, "converted": m} {
				got, err := interp.RunFunc(mod, "f", args...)
				if err != nil {
					t.Fatalf("case %d: %s: %v\n%s", c, name, err, printIR(mod))
				}
				if d := cmp.Diff(tensor.Format(want), tensor.Format(got[0])); d != "" {
					t.Fatalf("case %d (%s, starts %v): %s (-want +got):\n%s\n%s", c, et, args[1:], name, d, printIR(mod))
				}
			}
		}
	}
	t.Logf("%d cases; forms: %v", n, forms)
}
