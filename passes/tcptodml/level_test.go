package tcptodml_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcptodml"
)

// TestNeededLevel: a refusal only for want of a feature level names the
// level that lowers the program (and lowering there succeeds); a refusal
// no level lifts is not mistaken for one.
func TestNeededLevel(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		at         dml.FeatureLevel
		want       dml.FeatureLevel // 0: not a feature-level refusal
	}{
		{"wrap on i64 indices", `func.func @f(%x: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}`, dml.FL4_1, dml.FL5_0},
		{"clip on i64 indices", `func.func @f(%x: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}`, dml.FL4_1, dml.FL5_0},
		{"i64 compare", `func.func @f(%a: tensor<4xi64>, %b: tensor<4xi64>) -> tensor<4xi1> {
  %0 = arith.cmpi slt, %a, %b : tensor<4xi64>
  return %0 : tensor<4xi1>
}`, dml.FL4_1, dml.FL5_0},
		{"clip below 3.0", `func.func @f(%x: tensor<3x4xf32>, %i: tensor<2x4xi32>) -> tensor<2x4xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<3x4xf32>, tensor<2x4xi32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}`, dml.FL2_1, dml.FL3_0},
		{"mode error is no level's", `func.func @f(%x: tensor<3x4xf32>, %i: tensor<2x4xi32>) -> tensor<2x4xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<3x4xf32>, tensor<2x4xi32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}`, dml.FL4_1, 0},
		{"scatter duplicates are no level's", `func.func @f(%x: tensor<5xf32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>) -> tensor<5xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "promise_in_bounds"} : tensor<5xf32>, tensor<3x1xi32>, tensor<3xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}`, dml.FL6_4, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := parser.Parse("case.mlir", tc.text, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			err = tcptodml.New(tc.at).Run(m.Clone())
			if err == nil {
				t.Fatalf("lowering at %s succeeded, want a refusal", tc.at)
			}
			got, ok := tcptodml.NeededLevel(err)
			if !ok {
				got = 0
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Fatalf("NeededLevel(%v) (-want +got):\n%s", err, diff)
			}
			if ok {
				if err := tcptodml.New(got).Run(m.Clone()); err != nil {
					t.Fatalf("lowering at the level named, %s, fails: %v", got, err)
				}
			}
		})
	}
	if _, ok := tcptodml.NeededLevel(errors.New("x.mlir:1:1: error: 'tcp.gather' op cannot be lowered to DirectML: needs feature level 9.9, got 4.1")); ok {
		t.Error("an unknown level was accepted")
	}
	if _, ok := tcptodml.NeededLevel(nil); ok {
		t.Error("NeededLevel(nil) reports a level")
	}
}
