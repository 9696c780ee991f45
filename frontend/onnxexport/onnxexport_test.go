package onnxexport_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/frontend/onnxexport"
	"github.com/tcp-project/tcp/frontend/onnximport"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

func printModule(t *testing.T, m *ir.Operation) string {
	t.Helper()
	var b bytes.Buffer
	if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	return b.String() + "\n"
}

// TestRoundTrip exports each of the importer's golden modules
// (frontend/onnximport/testdata/import.txtar) and imports the result: the
// module must print exactly as before.
func TestRoundTrip(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "onnximport", "testdata", "import.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	arch := txtar.Parse(raw)
	if len(arch.Files) < 5 {
		t.Fatalf("%d golden modules", len(arch.Files))
	}
	for _, f := range arch.Files {
		t.Run(f.Name, func(t *testing.T) {
			m, err := parser.Parse(f.Name, string(f.Data), parser.Options{AllowUnregistered: true})
			if err != nil {
				t.Fatal(err)
			}
			fn := ""
			if strings.Contains(string(f.Data), "@net(") {
				fn = "net"
			}
			model, err := onnxexport.Export(m, onnxexport.Options{Func: fn})
			if err != nil {
				t.Fatal(err)
			}
			back, err := onnximport.Import("x.onnx", model.Marshal(), onnximport.Options{FuncName: fn})
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(string(f.Data), printModule(t, back)); d != "" {
				t.Errorf("import(export(m)) (-m +got):\n%s", d)
			}
		})
	}
}

// TestErrors checks the located diagnostics of modules that cannot be
// written as ONNX.
func TestErrors(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"tcp op", `func.func @f(%a: tensor<2xi64>) -> tensor<2xi64> {
  %0 = tcp.const {value = dense<1> : tensor<2xi64>} : tensor<2xi64>
  return %0 : tensor<2xi64>
}`, "x.mlir:2:8: error: 'tcp.const' is not an onnx dialect op; only onnx ops can be written as ONNX"},
		{"scalar argument", `func.func @f(%a: i64) {
  return
}`, "x.mlir:1:1: error: argument #0: value of type i64: ONNX graph values are tensors"},
		{"index tensor", `func.func @f(%a: tensor<2xindex>) -> tensor<2xindex> {
  return %a : tensor<2xindex>
}`, "x.mlir:1:1: error: argument #0: value of type tensor<2xindex>: element type index has no ONNX data type"},
		{"returned twice", `func.func @f(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = "onnx.Relu"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0, %0 : tensor<2xf32>, tensor<2xf32>
}`, "x.mlir:3:3: error: returns the value of result #1 again; ONNX graph outputs are distinct values"},
		{"mixed list", `func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "onnx.Relu"(%a) {l = [1 : si64, "x"]} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`, `x.mlir:2:8: error: 'onnx.Relu' op attribute l: an ONNX list holds one kind of element, got [1 : si64, "x"]`},
		{"unit attribute", `func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "onnx.Relu"(%a) {u} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`, "x.mlir:2:8: error: 'onnx.Relu' op attribute u = unit has no ONNX kind"},
		{"two functions", `func.func @f() {
  return
}
func.func @g() {
  return
}`, "cannot choose the function to export: no @main_graph and 2 functions; use --onnx-func=NAME"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := parser.Parse("x.mlir", c.src, parser.Options{AllowUnregistered: true})
			if err != nil {
				t.Fatal(err)
			}
			_, err = onnxexport.Export(m, onnxexport.Options{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}

// TestNoValueInfo: NoValueInfo writes no value_info (the importer then
// infers the intermediate types), and the default writes one per value
// between the inputs and the outputs.
func TestNoValueInfo(t *testing.T) {
	src := `func.func @main_graph(%x: tensor<3x4xf32>, %i: tensor<2xi64>) -> tensor<1x2xf32> {
  %g = "onnx.Gather"(%x, %i) {axis = 1 : si64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %k = onnx.Constant dense<[0]> : tensor<1xi64>
  %r = "onnx.Gather"(%g, %k) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<1xi64>) -> tensor<1x2xf32>
  return %r : tensor<1x2xf32>
}`
	for _, noVI := range []bool{false, true} {
		m, err := parser.Parse("x.mlir", src, parser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		model, err := onnxexport.Export(m, onnxexport.Options{NoValueInfo: noVI})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(model.Graph.ValueInfo); (got == 0) != noVI {
			t.Errorf("NoValueInfo=%v: %d value_info entries", noVI, got)
		}
		back, err := onnximport.Import("x.onnx", model.Marshal(), onnximport.Options{})
		if err != nil {
			t.Fatalf("NoValueInfo=%v: %v", noVI, err)
		}
		var b strings.Builder
		ir.Print(&b, back, ir.PrintOptions{})
		if !strings.Contains(b.String(), "-> tensor<3x2xf32>") {
			t.Errorf("NoValueInfo=%v: the Gather's type is not tensor<3x2xf32>:\n%s", noVI, b.String())
		}
	}
}
