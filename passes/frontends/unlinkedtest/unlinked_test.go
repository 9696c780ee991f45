// Package unlinkedtest checks the frontends library in a program that
// links the frontend dialects but none of their conversions.
package unlinkedtest

import (
	"strings"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/frontends"
)

// TestApplyUnlinked: Apply(m, Lookup("onnx")) without the conversion
// package is an error that names the missing import, not a nil
// dereference.
func TestApplyUnlinked(t *testing.T) {
	m, err := parser.Parse("u.mlir", `func.func @f(%x: tensor<3xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  %0 = "onnx.Gather"(%x, %i) {axis = 0 : si64} : (tensor<3xf32>, tensor<2xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f := frontends.Lookup("onnx"); f != nil {
		t.Fatalf("the onnx conversions are linked into this test: %v", f.Name)
	}
	err = frontends.Apply(m, frontends.Lookup("onnx"))
	want := `frontends.Apply: frontend #0 is nil: frontends.Lookup returns nil for a frontend whose conversions are not linked into this program (registered: none); import _ "github.com/tcp-project/tcp/passes/all"`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Apply = %v\nwant prefix %s", err, want)
	}
	for name, f := range map[string]func() error{
		"Apply(nil)":    func() error { return frontends.Apply(nil) },
		"Legalize(nil)": func() error { return frontends.Legalize(nil, []string{"onnx"}) },
	} {
		if err := f(); err == nil || !strings.Contains(err.Error(), "nil root operation") {
			t.Errorf("%s = %v", name, err)
		}
	}
}
