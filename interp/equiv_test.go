package interp_test

import (
	"strings"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/parser"
)

func TestCheckEquivalentDetectsDifferences(t *testing.T) {
	prog := func(mode string) string {
		return `func.func @f(%a: tensor<5xi32>, %i: tensor<6xi64>) -> tensor<6xi32> {
  %0 = tcp.gather %a, %i {dim = 0 : index, mode = "` + mode + `"} : tensor<5xi32>, tensor<6xi64> -> tensor<6xi32>
  return %0 : tensor<6xi32>
}`
	}
	a, _ := parser.Parse("a.mlir", prog("clip"), parser.Options{})
	b, _ := parser.Parse("b.mlir", prog("clip"), parser.Options{})
	c, _ := parser.Parse("c.mlir", prog("wrap"), parser.Options{})
	d, _ := parser.Parse("d.mlir", prog("error"), parser.Options{})
	if n, err := interp.CheckEquivalent(a, b, 20, 1); err != nil || n != 1 {
		t.Fatalf("identical programs: n=%d err=%v", n, err)
	}
	if _, err := interp.CheckEquivalent(a, c, 20, 1); err == nil || !strings.Contains(err.Error(), "result 0 differs") {
		t.Errorf("clip vs wrap: got %v, want a result difference", err)
	}
	if _, err := interp.CheckEquivalent(a, d, 20, 1); err == nil || !strings.Contains(err.Error(), "error") {
		t.Errorf("clip vs error: got %v, want an error-vs-result difference", err)
	}
}
