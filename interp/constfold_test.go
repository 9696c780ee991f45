package interp_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// TestEvaluateConstantOp checks the interpreter as ir's constant
// evaluator: which ops fold, to what, and that runtime errors and the size
// bound keep an op unfolded.
func TestEvaluateConstantOp(t *testing.T) {
	tests := []struct {
		name string
		body string // defines %r from constants
		want string // the folded attribute, "" for no fold
	}{
		{"gather", `%a = tcp.const {value = dense<[10, 20, 30]> : tensor<3xi64>} : tensor<3xi64>
  %i = tcp.const {value = dense<[2, 0]> : tensor<2xi64>} : tensor<2xi64>
  %r = tcp.gather %a, %i {dim = 0 : index} : tensor<3xi64>, tensor<2xi64> -> tensor<2xi64>`,
			"dense<[30, 10]> : tensor<2xi64>"},
		{"wrap mode folds its wrapped read", `%a = tcp.const {value = dense<[10, 20, 30]> : tensor<3xi64>} : tensor<3xi64>
  %i = tcp.const {value = dense<[-1, 4]> : tensor<2xi64>} : tensor<2xi64>
  %r = tcp.gather %a, %i {dim = 0 : index, mode = "wrap"} : tensor<3xi64>, tensor<2xi64> -> tensor<2xi64>`,
			"dense<[30, 20]> : tensor<2xi64>"},
		{"splat result", `%a = tcp.const {value = dense<1.5> : tensor<1xf32>} : tensor<1xf32>
  %c = arith.constant 4 : index
  %r = tcp.broadcast_to %a, %c {axes = [0]} : tensor<1xf32>, index -> tensor<4xf32>`,
			"dense<1.500000e+00> : tensor<4xf32>"},
		{"i1 data", `%a = tcp.const {value = dense<[true, false]> : tensor<2xi1>} : tensor<2xi1>
  %i = tcp.const {value = dense<[1, 1, 0]> : tensor<3xi32>} : tensor<3xi32>
  %r = tcp.gather %a, %i {dim = 0 : index} : tensor<2xi1>, tensor<3xi32> -> tensor<3xi1>`,
			"dense<[false, false, true]> : tensor<3xi1>"},
		{"error mode out of range stays", `%a = tcp.const {value = dense<[10, 20, 30]> : tensor<3xi64>} : tensor<3xi64>
  %i = tcp.const {value = dense<[3]> : tensor<1xi64>} : tensor<1xi64>
  %r = tcp.gather %a, %i {dim = 0 : index, mode = "error"} : tensor<3xi64>, tensor<1xi64> -> tensor<1xi64>`, ""},
		{"broken promise stays", `%a = tcp.const {value = dense<[10, 20, 30]> : tensor<3xi64>} : tensor<3xi64>
  %i = tcp.const {value = dense<[-1]> : tensor<1xi64>} : tensor<1xi64>
  %r = tcp.gather %a, %i {dim = 0 : index} : tensor<3xi64>, tensor<1xi64> -> tensor<1xi64>`, ""},
		{"slice out of bounds stays", `%a = tcp.const {value = dense<[10, 20, 30]> : tensor<3xi64>} : tensor<3xi64>
  %s = arith.constant 2 : index
  %n = arith.constant 2 : index
  %r = tcp.slice %a starts(%s) sizes(%n) strides(%n) : tensor<3xi64> -> tensor<2xi64>`, ""},
		{"too large a result stays", `%a = tcp.const {value = dense<0> : tensor<1xi8>} : tensor<1xi8>
  %c = arith.constant 1025 : index
  %r = tcp.broadcast_to %a, %c {axes = [0]} : tensor<1xi8>, index -> tensor<1025xi8>`, ""},
		{"at the bound folds", `%a = tcp.const {value = dense<0> : tensor<1xi8>} : tensor<1xi8>
  %c = arith.constant 1024 : index
  %r = tcp.broadcast_to %a, %c {axes = [0]} : tensor<1xi8>, index -> tensor<1024xi8>`, "dense<0> : tensor<1024xi8>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := parser.Parse("in.mlir", "func.func @f() {\n  "+tc.body+"\n  return\n}\n", parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var r *ir.Operation
			m.Walk(ir.PreOrder, func(op *ir.Operation) {
				if op.NumResults() == 1 && op.Def() != nil && !op.HasTrait(ir.ConstantLike) && op.Name() != "func.func" {
					r = op
				}
			})
			got := ""
			if res := ir.EvaluateConstantOp(r); res != nil {
				got = res[0].Attr.String()
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("fold of %s (-want +got):\n%s", r.Name(), diff)
			}
		})
	}
}

// TestToAttrRoundTrip checks ToAttr against FromAttr.
func TestToAttrRoundTrip(t *testing.T) {
	for _, a := range []ir.Attribute{
		ir.NewDenseInts(ir.RankedTensor([]int64{2, 2}, ir.I64), []int64{1, -2, 3, 4}),
		ir.NewDenseFloats(ir.RankedTensor([]int64{3}, ir.F16T), []float64{0.5, -1, 2}),
		ir.IndexAttr(7),
		ir.BoolAttr(true),
		ir.Int(-3, ir.I32),
	} {
		v, err := interp.FromAttr(a)
		if err != nil {
			t.Fatal(err)
		}
		back, err := interp.ToAttr(v, a.(ir.TypedAttr).AttrType())
		if err != nil {
			t.Fatal(err)
		}
		if !ir.AttrEqual(a, back) {
			t.Errorf("ToAttr(FromAttr(%s)) = %s", a, back)
		}
	}
}
