package passes_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/internal/boundary"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes/passtest"

	_ "github.com/tcp-project/tcp/passes"
)

func init() {
	// Every golden pass test also checks semantics with the interpreter;
	// functions whose ops have no kernels, like the test dialect's, are
	// skipped by CheckEquivalent, and RunGolden fails an archive that
	// compares fewer functions than its `semantics: N` line says (or none
	// without such a line).
	passtest.CountSemantics = func(before, after *ir.Operation) (int, error) {
		return interp.CheckEquivalent(before, after, 50, 1)
	}
}

// TestPassesPreserveSemantics runs each pipeline over the programs in
// testdata/semantics and compares the interpreter's results before and
// after on random inputs.
func TestPassesPreserveSemantics(t *testing.T) {
	pipelines := []string{
		"builtin.module(canonicalize)",
		"builtin.module(cse)",
		"builtin.module(dce)",
		"builtin.module(func.func(canonicalize,cse),dce)",
		"builtin.module(canonicalize{top-down=false},cse,canonicalize)",
	}
	files, _ := filepath.Glob("testdata/semantics/*.mlir")
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	var stats boundary.Counter
	defer func() {
		// Every program compares index values at every edge of the
		// gathers it indexes, and its error cases, over the pipelines.
		for _, f := range files {
			stats.Check(t, boundary.Min{Values: 1000, Classes: []boundary.Class{boundary.Zero, boundary.SMinus1, boundary.S, boundary.NegOne}, PerEdge: 20, Errors: 20}, filepath.Base(f))
		}
		t.Logf("compared index values per program:\n%s", stats.Table())
	}()
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, pl := range pipelines {
			t.Run(filepath.Base(f)+"/"+pl, func(t *testing.T) {
				before, err := parser.Parse(f, string(src), parser.Options{})
				if err != nil {
					t.Fatal(err)
				}
				after, err := parser.Parse(f, string(src), parser.Options{})
				if err != nil {
					t.Fatal(err)
				}
				pm, err := pass.ParsePipeline(pl)
				if err != nil {
					t.Fatal(err)
				}
				if err := pm.Run(after); err != nil {
					t.Fatal(err)
				}
				n, err := interp.CheckEquivalentOpts(before, after, interp.EquivOptions{Trials: 50, Seed: 7, Stats: &stats, Group: filepath.Base(f)})
				if err != nil {
					var b strings.Builder
					ir.Print(&b, after, ir.PrintOptions{})
					t.Fatalf("%v\nafter %s:\n%s", err, pl, b.String())
				}
				if n < 6 {
					t.Errorf("compared %d functions, want 6", n)
				}
			})
		}
	}
}

// TestFoldKeepsUsersValid checks that canonicalize never folds a value
// into a constant that a user's verifier rejects (tcp.broadcast_to and
// tcp.slice check constant sizes against their static result dims): the
// input verifies, fails at run time, and must still verify after
// canonicalization, with the same run-time behaviour. A fold that agrees
// with the user's type still happens.
func TestFoldKeepsUsersValid(t *testing.T) {
	tests := []struct {
		name, src string
		wantKept  string // op that must survive ("" if the fold must happen)
	}{
		{"broadcast size from addi", `
func.func @f(%x: tensor<2x1xi64>) -> tensor<2x4xi64> {
  %a = arith.constant 2 : index
  %b = arith.constant 3 : index
  %c = arith.addi %a, %b : index
  %r = tcp.broadcast_to %x, %c {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  return %r : tensor<2x4xi64>
}`, "arith.addi"},
		{"broadcast size from tensor.dim", `
func.func @f(%x: tensor<2x1xi64>, %y: tensor<5xf32>) -> tensor<2x4xi64> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %y, %c0 : tensor<5xf32>
  %r = tcp.broadcast_to %x, %d {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  return %r : tensor<2x4xi64>
}`, "tensor.dim"},
		{"slice size from addi", `
func.func @f(%x: tensor<8xf32>) -> tensor<2xf32> {
  %a = arith.constant 2 : index
  %b = arith.constant 1 : index
  %c = arith.addi %a, %b : index
  %r = tcp.slice %x starts(%b) sizes(%c) strides(%b) : tensor<8xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}`, "arith.addi"},
		{"agreeing size folds", `
func.func @f(%x: tensor<2x1xi64>) -> tensor<2x4xi64> {
  %a = arith.constant 2 : index
  %c = arith.addi %a, %a : index
  %r = tcp.broadcast_to %x, %c {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  return %r : tensor<2x4xi64>
}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, err := parser.Parse("in.mlir", tt.src, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(before, false); err != nil {
				t.Fatalf("input does not verify: %v", err)
			}
			after := before.Clone()
			pm, err := pass.ParsePipeline("builtin.module(canonicalize)")
			if err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(after); err != nil {
				t.Fatalf("canonicalize: %v", err)
			}
			if err := ir.Verify(after, false); err != nil {
				t.Fatalf("canonicalize turned valid IR invalid: %v", err)
			}
			var b strings.Builder
			ir.Print(&b, after, ir.PrintOptions{})
			folded := !strings.Contains(b.String(), "arith.addi") && !strings.Contains(b.String(), "tensor.dim")
			if tt.wantKept != "" && !strings.Contains(b.String(), tt.wantKept) {
				t.Errorf("%s was folded away:\n%s", tt.wantKept, b.String())
			}
			if tt.wantKept == "" && !folded {
				t.Errorf("the agreeing fold did not happen:\n%s", b.String())
			}
			if _, err := interp.CheckEquivalent(before, after, 5, 1); err != nil {
				t.Errorf("semantics changed: %v\n%s", err, b.String())
			}
		})
	}
}
