package tensor_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/dialecttest"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes"
)

// TestCanonicalizeFolds runs the canonicalize pass, which folds through
// OpDef.Fold and materializes constants with the arith materializer, and
// compares with mlir-opt-16 --canonicalize (the expected text is its output,
// minus the trailing empty line).
func TestCanonicalizeFolds(t *testing.T) {
	src := `func.func @f(%x: i64, %t: tensor<4x?xf32>) -> (i64, i1, index, index, i8) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %0 = arith.addi %c3, %c4 : i64
  %1 = arith.muli %0, %x : i64
  %2 = arith.cmpi slt, %c3, %c4 : i64
  %c0 = arith.constant 0 : index
  %3 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %4 = arith.index_cast %0 : i64 to index
  %m = arith.constant -1 : i64
  %5 = arith.trunci %m : i64 to i8
  return %1, %2, %3, %4, %5 : i64, i1, index, index, i8
}
`
	want := `module {
  func.func @f(%arg0: i64, %arg1: tensor<4x?xf32>) -> (i64, i1, index, index, i8) {
    %c-1_i8 = arith.constant -1 : i8
    %c7 = arith.constant 7 : index
    %c4 = arith.constant 4 : index
    %true = arith.constant true
    %c7_i64 = arith.constant 7 : i64
    %0 = arith.muli %arg0, %c7_i64 : i64
    return %0, %true, %c4, %c7, %c-1_i8 : i64, i1, index, index, i8
  }
}
`
	m := dialecttest.ParseVerify(t, "canon.mlir", src)
	if err := passes.NewCanonicalize().Run(m); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m, false); err != nil {
		t.Fatal(err)
	}
	got := dialecttest.PrintOp(t, m, false)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("canonicalize mismatch with mlir-opt-16 (-want +got):\n%s", diff)
	}
}
