package tcp_test

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// TestDesignDocSnippets: every IR snippet of the gather design parses as
// written, verifies, prints in the declared (mlir-tcp) syntax, and that
// printed form is a fixed point.
func TestDesignDocSnippets(t *testing.T) {
	src, err := os.ReadFile("testdata/design_doc.mlir")
	if err != nil {
		t.Fatal(err)
	}
	m, err := parser.Parse("design_doc.mlir", string(src), parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m, false); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	ir.Print(&b, m, ir.PrintOptions{})
	got := b.String()
	want := `module {
  func.func @torch_gather(%arg0: tensor<3x4xf32>, %arg1: tensor<3x2xi64>) -> tensor<3x2xf32> {
    %0 = tcp.gather %arg0, %arg1 {dim = 1 : index} : tensor<3x4xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }
  func.func @onnx_gather_elements(%arg0: tensor<3x3xf32>, %arg1: tensor<2x3xi64>) -> tensor<2x3xf32> {
    %0 = tcp.gather %arg0, %arg1 {dim = 0 : index} : tensor<3x3xf32>, tensor<2x3xi64> -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
  func.func @torch_index_select(%arg0: tensor<3x4xf32>, %arg1: tensor<2xi64>) -> tensor<2x4xf32> {
    %expanded = tensor.expand_shape %arg1 [[0, 1]] : tensor<2xi64> into tensor<2x1xi64>
    %c4 = arith.constant 4 : index
    %0 = tcp.broadcast_to %expanded, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
    %1 = tcp.gather %arg0, %0 {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
    return %1 : tensor<2x4xf32>
  }
  func.func @tf_gather(%arg0: tensor<3x4x5xf32>, %arg1: tensor<3xi64>) -> tensor<3x3x5xf32> {
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %expanded = tensor.expand_shape %arg1 [[0, 1, 2]] : tensor<3xi64> into tensor<1x3x1xi64>
    %0 = tcp.broadcast_to %expanded, %c3, %c5 {axes = [0, 2]} : tensor<1x3x1xi64>, index, index -> tensor<3x3x5xi64>
    %1 = tcp.gather %arg0, %0 {dim = 1 : index} : tensor<3x4x5xf32>, tensor<3x3x5xi64> -> tensor<3x3x5xf32>
    return %1 : tensor<3x3x5xf32>
  }
  func.func @tf_gather_nd(%arg0: tensor<5x7x3xf32>, %arg1: tensor<4x2xi64>) -> tensor<4x3xf32> {
    %0 = tcp.gather_nd %arg0, %arg1 : tensor<5x7x3xf32>, tensor<4x2xi64> -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("printed form mismatch (-want +got):\n%s", diff)
	}
	m2, err := parser.Parse("printed.mlir", got, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b2 strings.Builder
	ir.Print(&b2, m2, ir.PrintOptions{})
	if diff := cmp.Diff(got, b2.String()); diff != "" {
		t.Errorf("print(parse(print(x))) differs (-want +got):\n%s", diff)
	}
}
