package semcheck_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/internal/semcheck"
	"github.com/tcp-project/tcp/internal/semcheck/semchecktest"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	_ "github.com/tcp-project/tcp/passes"
)

func init() { semchecktest.Register() }

const program = `func.func @clip(%x: tensor<?x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<?x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @main(%x: tensor<?x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %0 = call @clip(%x, %i) : (tensor<?x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %1 = tcp.slice %0 starts(%c0, %c0) sizes(%c2, %c4) strides(%c1, %c1) : tensor<2x4xf32> -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}
`

func TestChecker(t *testing.T) {
	tests := []struct {
		pipeline string
		want     string // substring of the error, "" for none
	}{
		{"builtin.module(canonicalize,cse,dce)", ""},
		{"builtin.module(func.func(canonicalize,cse))", ""},
		{"builtin.module(test-drop-gather-mode)", "in.mlir:1:1: error: pass 'test-drop-gather-mode' changed the semantics of @clip: only after the rewrite it raises an error"},
		{"builtin.module(func.func(canonicalize,test-gather-to-wrap))", "pass 'test-gather-to-wrap' changed the semantics of @clip: result 0 differs"},
	}
	for _, tc := range tests {
		t.Run(tc.pipeline, func(t *testing.T) {
			m, err := parser.Parse("in.mlir", program, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			pm, err := pass.ParsePipeline(tc.pipeline)
			if err != nil {
				t.Fatal(err)
			}
			chk := semcheck.New(semcheck.Options{Trials: 32, Seed: 1})
			pm.Instrumentations = append(pm.Instrumentations, chk)
			if err := pm.Run(m); err != nil {
				t.Fatal(err)
			}
			err = chk.Err()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("unexpected difference: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
			var d *ir.Diagnostic
			if err != nil && (!errors.As(err, &d) || len(d.Notes) != 3) {
				t.Errorf("want a located diagnostic with three notes (input, before, after), got %#v", err)
			}
		})
	}
}

// A pass instrumented by a Checker: the deliberately wrong test pass
// changes what @f returns for out-of-range indices, and the checker says
// which pass, which function and on what input.
func Example() {
	semchecktest.Register() // test-only wrong passes
	m, _ := parser.Parse("f.mlir", `func.func @f(%x: tensor<3xi32>, %i: tensor<2xi64>) -> tensor<2xi32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<3xi32>, tensor<2xi64> -> tensor<2xi32>
  return %0 : tensor<2xi32>
}`, parser.Options{})
	pm, _ := pass.ParsePipeline("builtin.module(test-gather-to-wrap)")
	chk := semcheck.New(semcheck.Options{Seed: 1})
	pm.Instrumentations = append(pm.Instrumentations, chk)
	if err := pm.Run(m); err != nil {
		fmt.Println(err)
	}
	var d *ir.Diagnostic
	errors.As(chk.Err(), &d)
	fmt.Println(d.Message)
	// Output:
	// pass 'test-gather-to-wrap' changed the semantics of @f: result 0 differs
}
