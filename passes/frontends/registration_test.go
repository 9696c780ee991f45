package frontends_test

import (
	"strings"
	"testing"

	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/frontends"
)

// Missing registrations are errors that name the import, never panics.
func TestMissingRegistrationErrors(t *testing.T) {
	if _, err := frontends.Require("mxnet"); err == nil || !strings.Contains(err.Error(), "known frontends") {
		t.Errorf("Require(mxnet) = %v", err)
	}
	if f, err := frontends.Require("onnx"); err != nil || f == nil {
		t.Errorf("Require(onnx) = %v, %v", f, err)
	}
	if p := frontends.Package("torch"); p != "github.com/tcp-project/tcp/passes/torchtotcp" {
		t.Errorf("Package(torch) = %q", p)
	}
	src := `func.func @f(%d: tensor<3xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  %0 = "onnx.Gather"(%d, %i) {axis = 0 : si64} : (tensor<3xf32>, tensor<2xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`
	m, err := parser.Parse("f.mlir", src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := frontends.Apply(m, nil); err == nil || !strings.Contains(err.Error(), "frontend #0 is nil") {
		t.Errorf("Apply(m, nil) = %v", err)
	}
	if err := frontends.Apply(m); err == nil || !strings.Contains(err.Error(), `import _ "github.com/tcp-project/tcp/passes/all"`) {
		t.Errorf("Apply(m) with no frontends = %v", err)
	}
	empty, _ := parser.Parse("e.mlir", "func.func @e() {\n  return\n}", parser.Options{})
	if err := frontends.Apply(empty); err != nil {
		t.Errorf("Apply on IR without frontend ops = %v, want nil", err)
	}
}
