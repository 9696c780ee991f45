package parser_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// Literals of any length parse in time linear in their length, and an
// integer literal past its type's range is refused. These sizes took
// minutes when big.Int converted every digit (a 4 MB literal: 50 s; time
// quadratic in the length); now each case takes well under a second.
func TestLongLiterals(t *testing.T) {
	const n = 16 << 20
	nines := strings.Repeat("9", n)
	zeros := strings.Repeat("0", n)
	for _, tc := range []struct {
		name, attr string
		want       string // printed attribute, or the error
	}{
		{"decimal", nines + " : i64", "1:32: error: integer constant out of range for attribute"},
		{"hex", "0x" + strings.Repeat("f", n) + " : i64", "1:32: error: integer constant out of range for attribute"},
		{"negative", "-" + nines + " : i64", "1:33: error: integer constant out of range for attribute"},
		{"leading zeros", zeros + "7 : i64", "7 : i64"},
		{"hex leading zeros", "0x" + zeros + "ff : i32", "255 : i32"},
		{"dense", "dense<[" + nines + "]> : tensor<1xi32>", "1:39: error: integer constant out of range for attribute"},
		{"dense leading zeros", "dense<[" + zeros + "5]> : tensor<1xi32>", "dense<5> : tensor<1xi32>"},
		{"float", "1." + nines + " : f32", "2.000000e+00 : f32"},
		{"dense float", "dense<[1." + nines + "]> : tensor<1xbf16>", "dense<2.000000e+00> : tensor<1xbf16>"},
		{"float exponent", "1.0e" + nines + " : f64", "0x7FF0000000000000 : f64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "func.func @f() attributes {a = " + tc.attr + "} {\n  return\n}\n"
			m, err := parser.Parse("x.mlir", src, parser.Options{})
			if err != nil {
				if got := firstLine(err.Error()); !strings.HasSuffix(got, tc.want) {
					t.Fatalf("error %q, want %q", trunc(got), tc.want)
				}
				return
			}
			got := m.Regions()[0].Blocks[0].Ops()[0].Attr("a").String()
			if got != tc.want {
				t.Fatalf("got %s, want %s", trunc(got), tc.want)
			}
		})
	}
}

// A decimal literal with a leading zero is decimal, as in MLIR (big.Int's
// base prefixes once read 0123 as octal 83).
func TestLeadingZeroIsDecimal(t *testing.T) {
	m, err := parser.Parse("x.mlir", "func.func @f() attributes {a = 0123 : i64, b = dense<[010, 0x10]> : tensor<2xi64>} {\n  return\n}\n", parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := m.Regions()[0].Blocks[0].Ops()[0]
	if got := f.Attr("a").String(); got != "123 : i64" {
		t.Errorf("a = %s, want 123 : i64", got)
	}
	if got := f.Attr("b").String(); got != "dense<[10, 16]> : tensor<2xi64>" {
		t.Errorf("b = %s, want dense<[10, 16]> : tensor<2xi64>", got)
	}
}

// manyAttrs is a module whose function (custom form) and generic op carry
// n attributes each.
func manyAttrs(n int) string {
	var b strings.Builder
	b.WriteString("func.func @f() attributes {")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "a%d = %d", n-i, i)
	}
	b.WriteString("} {\n  \"test.op\"() {")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "b%d = %d : i32", i, i)
	}
	b.WriteString("} : () -> ()\n  return\n}\n")
	return b.String()
}

// An attribute dictionary of n entries parses in O(n log n): 200,000
// attributes took minutes when every added attribute scanned the list
// (100,000: 16 s); now well under a second.
func TestManyAttributes(t *testing.T) {
	const n = 200_000
	m, err := parser.Parse("x.mlir", manyAttrs(n), parser.Options{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	f := m.Regions()[0].Blocks[0].Ops()[0]
	if err := ir.Verify(m, true); err != nil {
		t.Fatal(err)
	}
	if got := len(f.Attrs()); got != n+2 { // + sym_name, function_type
		t.Fatalf("%d attributes, want %d", got, n+2)
	}
	if got := f.Attr("a1").String(); got != fmt.Sprintf("%d : i64", n-1) {
		t.Errorf("a1 = %s", got)
	}
	op := f.Regions()[0].Blocks[0].Ops()[0]
	op.SetAttr("b77", ir.UnitAttr{})
	op.SetAttr("zz", ir.UnitAttr{})
	op.RemoveAttr("b78")
	if got := len(op.Attrs()); got != n {
		t.Fatalf("%d attributes after set, add and remove, want %d", got, n)
	}
	if op.Attr("b78") != nil || op.Attr("zz") == nil || op.Attr("b77").String() != "unit" {
		t.Errorf("SetAttr/RemoveAttr on a long list: b78=%v zz=%v b77=%v", op.Attr("b78"), op.Attr("zz"), op.Attr("b77"))
	}
	names := op.Attrs()
	for i := 1; i < len(names); i++ {
		if names[i-1].Name >= names[i].Name {
			t.Fatalf("attributes not sorted at %d: %s, %s", i, names[i-1].Name, names[i].Name)
		}
	}
}

// BenchmarkLinearInputs reports parse time at 1x and 8x input sizes:
// linear parsing shows about 8x the time per op, quadratic about 64x.
func BenchmarkLinearInputs(b *testing.B) {
	for _, n := range []int{1 << 20, 8 << 20} {
		src := "func.func @f() attributes {a = " + strings.Repeat("9", n) + " : i64} {\n  return\n}\n"
		b.Run(fmt.Sprintf("literal=%dMB", n>>20), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				parser.Parse("x.mlir", src, parser.Options{})
			}
		})
	}
	for _, n := range []int{25_000, 200_000} {
		src := manyAttrs(n)
		b.Run(fmt.Sprintf("attributes=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := parser.Parse("x.mlir", src, parser.Options{AllowUnregistered: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func trunc(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

// A dense literal's storage is bounded by its text: elements of a
// 16777215-bit integer type are stored whole (2 MiB each), so 1000 of them
// in 4 KB of text asked for 2 GB. 64-bit elements are never refused.
func TestDenseStorageBound(t *testing.T) {
	nums := make([]string, 1000)
	for i := range nums {
		nums[i] = fmt.Sprint(i)
	}
	src := "func.func @f() attributes {a = dense<[" + strings.Join(nums, ",") + "]> : tensor<1000xi16777215>} {\n  return\n}\n"
	_, err := parser.Parse("x.mlir", src, parser.Options{})
	if err == nil || !strings.Contains(err.Error(), "x.mlir:1:38: error: dense literal of 1000 elements of i16777215 needs 2097152000 bytes, more than 16 times its 3892 bytes of text") {
		t.Errorf("got %v", err)
	}
	// 8M i64 zeros ("0," is 2 bytes of text, 8 bytes stored: 64 MiB, just
	// past the bound's floor) parse.
	const n = 8<<20 + 1
	big := "func.func @f() attributes {a = dense<[" + strings.Repeat("0,", n-1) + "0]> : tensor<" + fmt.Sprint(n) + "xi64>} {\n  return\n}\n"
	if _, err := parser.Parse("x.mlir", big, parser.Options{}); err != nil {
		t.Errorf("%d i64 elements: %v", n, err)
	}
}
