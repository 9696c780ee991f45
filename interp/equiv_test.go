package interp_test

import (
	"errors"
	"strings"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/parser"
)

func TestCheckEquivalentDetectsDifferences(t *testing.T) {
	prog := func(mode string) string {
		return `func.func @f(%a: tensor<5xi32>, %i: tensor<6xi64>) -> tensor<6xi32> {
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "` + mode + `"} : tensor<5xi32>, tensor<6xi64> -> tensor<6xi32>
  return %0 : tensor<6xi32>
}`
	}
	a, _ := parser.Parse("a.mlir", prog("clip"), parser.Options{})
	b, _ := parser.Parse("b.mlir", prog("clip"), parser.Options{})
	c, _ := parser.Parse("c.mlir", prog("wrap"), parser.Options{})
	d, _ := parser.Parse("d.mlir", prog("error"), parser.Options{})
	if n, err := interp.CheckEquivalent(a, b, 20, 1); err != nil || n != 1 {
		t.Fatalf("identical programs: n=%d err=%v", n, err)
	}
	if _, err := interp.CheckEquivalent(a, c, 20, 1); err == nil || !strings.Contains(err.Error(), "result 0 differs") {
		t.Errorf("clip vs wrap: got %v, want a result difference", err)
	}
	if _, err := interp.CheckEquivalent(a, d, 20, 1); err == nil || !strings.Contains(err.Error(), "error") {
		t.Errorf("clip vs error: got %v, want an error-vs-result difference", err)
	}
}

// TestCompareFuncsCatchesModeViolations: rewrites that would be right for
// some modes or shapes only are caught thanks to the dynamic dims and the
// out-of-range index draws; right rewrites pass.
func TestCompareFuncsCatchesModeViolations(t *testing.T) {
	gather := func(in, mode string) string {
		return `func.func @f(%x: ` + in + `) -> tensor<3xf32> {
  %i = tcp.const {value = dense<[0, 1, 2]> : tensor<3xi64>} : tensor<3xi64>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "` + mode + `"} : ` + in + `, tensor<3xi64> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}`
	}
	slice := func(in string) string {
		return `func.func @f(%x: ` + in + `) -> tensor<3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %0 = tcp.slice %x starts(%c0) sizes(%c3) strides(%c1) : ` + in + ` -> tensor<3xf32>
  return %0 : tensor<3xf32>
}`
	}
	dropMode := func(mode string) string {
		return `func.func @f(%x: tensor<?xf32>, %i: tensor<?xi64>) -> tensor<?xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "` + mode + `"} : tensor<?xf32>, tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`
	}
	dead := `func.func @f(%x: tensor<?xf32>, %i: tensor<?xi64>) -> tensor<?xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<?xf32>, tensor<?xi64> -> tensor<?xf32>
  return %x : tensor<?xf32>
}`
	deadGone := `func.func @f(%x: tensor<?xf32>, %i: tensor<?xi64>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}`
	tests := []struct {
		name          string
		before, after string
		wantMismatch  bool
	}{
		{"dead erroring gather erased", dead, deadGone, false},
		{"erroring gather made dead", dropMode("error"), deadGone, true},
		{"error appears only after", deadGone, dead, true},
		{"iota gather to slice, dynamic dim, error", gather("tensor<?xf32>", "error"), slice("tensor<?xf32>"), false},
		{"iota gather to slice, dynamic dim, promise", gather("tensor<?xf32>", "promise_in_bounds"), slice("tensor<?xf32>"), false},
		{"iota gather to slice, dynamic dim, clip", gather("tensor<?xf32>", "clip"), slice("tensor<?xf32>"), true},
		{"iota gather to slice, dynamic dim, wrap", gather("tensor<?xf32>", "wrap"), slice("tensor<?xf32>"), true},
		{"iota gather to slice, dynamic dim, fill", gather("tensor<?xf32>", "fill"), slice("tensor<?xf32>"), true},
		{"iota gather to slice, static in range, fill", gather("tensor<5xf32>", "fill"), slice("tensor<5xf32>"), false},
		{"error to wrap_negative", dropMode("error"), dropMode("wrap_negative"), true},
		{"wrap_negative to wrap", dropMode("wrap_negative"), dropMode("wrap"), true},
		{"clip to promise_in_bounds", dropMode("clip"), dropMode("promise_in_bounds"), true},
		{"promise_in_bounds to clip (a refinement)", dropMode("promise_in_bounds"), dropMode("clip"), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := parser.Parse("b.mlir", tc.before, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			a, err := parser.Parse("a.mlir", tc.after, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			err = interp.CompareFuncs(function.Lookup(b, "f"), function.Lookup(a, "f"), interp.EquivOptions{Seed: 5})
			var m *interp.Mismatch
			if got := errors.As(err, &m); got != tc.wantMismatch {
				t.Errorf("mismatch = %v (%v), want %v", got, err, tc.wantMismatch)
			}
		})
	}
}

func TestRandomArgsMatchCompareFuncs(t *testing.T) {
	m, err := parser.Parse("r.mlir", `func.func @f(%x: tensor<?x3xf32>, %i: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<?x3xf32>, tensor<2x3xi64> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}`, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fn := function.Lookup(m, "f")
	a, err := interp.RandomArgs(fn, interp.EquivOptions{Trials: 6, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := interp.RandomArgs(fn, interp.EquivOptions{Trials: 6, Seed: 7})
	if len(a) != 6 {
		t.Fatalf("got %d sets, want 6", len(a))
	}
	for k := range a {
		if got, want := interp.FormatArgs(b[k]), interp.FormatArgs(a[k]); got != want {
			t.Errorf("set %d differs for the same seed: %s vs %s", k, got, want)
		}
		for i, ty := range (function.FuncOp{Operation: fn}).Type().Inputs() {
			if err := interp.CheckValue(a[k][i], ty); err != nil {
				t.Errorf("set %d, argument %d does not fit the function: %v", k, i, err)
			}
		}
	}
}
