package stablehlototcp_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/stablehlototcp"
)

// TestLitEquivalence runs every function of the conversion lit tests (also
// the run-only files unsigned, empty_slice and dynamic_shape) before
// and after --convert-stablehlo-to-tcp on random inputs (indices from -4 to
// 7, so that clamping is exercised) and requires equal results.
func TestLitEquivalence(t *testing.T) {
	for _, name := range []string{"convert.mlir", "jax_gather.mlir", "unsigned.mlir", "empty_slice.mlir", "dynamic_shape.mlir", "reverse.mlir", "convert_unsigned.mlir", "scatter.mlir", "unsigned_arith.mlir", "unsigned_arith_dml.mlir", "shape_poly.mlir", "sign_floor_div.mlir", "convert_unsigned_data.mlir"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("..", "..", "test", "lit", "stablehlo", name)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			parse := func() *ir.Operation {
				m, err := parser.Parse(path, string(src), parser.Options{})
				if err == nil {
					err = ir.Verify(m, false)
				}
				if err != nil {
					t.Fatal(err)
				}
				return m
			}
			before, after := parse(), parse()
			if err := stablehlototcp.Run(after); err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(after, false); err != nil {
				t.Fatal(err)
			}
			n, err := interp.CheckEquivalent(before, after, 50, 1)
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 {
				t.Fatal("no function was checked")
			}
			t.Logf("%d functions equivalent on 50 random inputs each", n)
		})
	}
}
