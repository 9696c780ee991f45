package parser_test

import (
	_ "github.com/tcp-project/tcp/dialect/all"

	"fmt"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// TestNumericNames: numbered SSA names are kept in a dense table, names
// far beyond it in a map; both kinds resolve, and redefinition is caught
// whichever table holds the name.
func TestNumericNames(t *testing.T) {
	var b strings.Builder
	b.WriteString("func.func @f(%a: i32) -> i32 {\n  %5000 = arith.addi %a, %a : i32\n")
	for i := 0; i < 6000; i++ {
		if i != 5000 {
			fmt.Fprintf(&b, "  %%%d = arith.addi %%5000, %%a : i32\n", i)
		}
	}
	b.WriteString("  %x = arith.addi %5999, %5000 : i32\n  %007 = arith.addi %0, %x : i32\n  return %007 : i32\n}\n")
	m, err := parser.Parse("n.mlir", b.String(), parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m, false); err != nil {
		t.Fatal(err)
	}
	dup := strings.Replace(b.String(), "  %x =", "  %5000 = arith.addi %a, %a : i32\n  %x =", 1)
	if _, err = parser.Parse("n.mlir", dup, parser.Options{}); err == nil || !strings.Contains(err.Error(), "redefinition of SSA value '%5000'") {
		t.Errorf("redefinition of a map-held name: %v", err)
	}
	dup = strings.Replace(b.String(), "  %x =", "  %17 = arith.addi %a, %a : i32\n  %x =", 1)
	if _, err = parser.Parse("n.mlir", dup, parser.Options{}); err == nil || !strings.Contains(err.Error(), "redefinition of SSA value '%17'") {
		t.Errorf("redefinition of a table-held name: %v", err)
	}
}
