package arith_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// errorCase is invalid input and the diagnostics it must produce (the
// `error:` lines, in order), located in file neg.mlir.
type errorCase struct {
	name, src string
	want      []string
	// notMlirOpt marks an expectation that is ours, not mlir-opt-16's (the
	// reason is given in the name).
	notMlirOpt bool
}

// fn wraps body in a function with the given arguments; the body starts on
// line 2, column 3.
func fn(args, body string) string {
	return "func.func @f(" + args + ") {\n  " + body + "\n  return\n}\n"
}

const at = "neg.mlir:2:"

var errorCases = []errorCase{
	// arith.constant
	{name: "constant unsigned", src: fn("", "%0 = arith.constant 1 : ui32"),
		want: []string{at + "8: error: 'arith.constant' op integer return type must be signless"}},
	{name: "constant signed generic", src: fn("", `%0 = "arith.constant"() {value = 1 : si32} : () -> si32`),
		want: []string{at + "8: error: 'arith.constant' op integer return type must be signless"}},
	{name: "constant type mismatch", src: fn("", `%0 = "arith.constant"() {value = 1 : i32} : () -> i64`),
		want: []string{at + "8: error: 'arith.constant' op failed to verify that all of {value, result} have same type"}},
	{name: "constant missing value", src: fn("", `%0 = "arith.constant"() : () -> i64`),
		want: []string{at + "8: error: 'arith.constant' op requires attribute 'value'"}},
	{name: "constant untyped value", src: fn("", `%0 = "arith.constant"() {value = i32} : () -> none`),
		want: []string{at + "8: error: 'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance"}},
	{name: "constant dense array value", src: fn("", `%0 = "arith.constant"() {value = array<i64: 1>} : () -> none`),
		want: []string{at + "8: error: 'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance"}},
	{name: "constant string value", src: fn("", `%0 = "arith.constant"() {value = "s"} : () -> i64`),
		want: []string{at + "8: error: 'arith.constant' op failed to verify that all of {value, result} have same type"}},
	{name: "constant string of type none", src: fn("", `%0 = "arith.constant"() {value = "s"} : () -> none`),
		want: []string{at + "8: error: 'arith.constant' op value must be an integer, float, or elements attribute"}},
	{name: "constant two results", src: fn("", `%0:2 = "arith.constant"() {value = 1 : i32} : () -> (i32, i32)`),
		want: []string{at + "10: error: 'arith.constant' op requires one result"}},
	{name: "constant operand", src: fn("%a: i32", `%0 = "arith.constant"(%a) {value = 1 : i32} : (i32) -> i32`),
		want: []string{at + "8: error: 'arith.constant' op requires zero operands"}},

	// integer and float binary ops
	{name: "addi float operand", src: fn("%a: f32", "%0 = arith.addi %a, %a : f32"),
		want: []string{at + "8: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"}},
	{name: "muli unsigned operand", src: fn("%a: ui64", "%0 = arith.muli %a, %a : ui64"),
		want: []string{at + "8: error: 'arith.muli' op operand #0 must be signless-integer-like, but got 'ui64'"}},
	{name: "subi mixed operands", src: fn("%a: i64, %b: i32", `%0 = "arith.subi"(%a, %b) : (i64, i32) -> i64`),
		want: []string{at + "8: error: 'arith.subi' op requires the same type for all operands and results"}},
	{name: "divsi result type", src: fn("%a: i64", `%0 = "arith.divsi"(%a, %a) : (i64, i64) -> i32`),
		want: []string{at + "8: error: 'arith.divsi' op requires the same type for all operands and results"}},
	{name: "addi one operand", src: fn("%a: i64", `%0 = "arith.addi"(%a) : (i64) -> i64`),
		want: []string{at + "8: error: 'arith.addi' op expected 2 operands, but found 1"}},
	{name: "addf integer operand", src: fn("%a: i32", "%0 = arith.addf %a, %a : i32"),
		want: []string{at + "8: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'"}},
	{name: "mulf tensor shapes", src: fn("%a: tensor<2xf32>, %b: tensor<3xf32>", `%0 = "arith.mulf"(%a, %b) {fastmath = #arith.fastmath<none>} : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>`),
		want: []string{at + "8: error: 'arith.mulf' op requires the same type for all operands and results"}},
	{name: "addf bad fastmath", src: fn("%a: f32", `%0 = "arith.addf"(%a, %a) {fastmath = 1 : i32} : (f32, f32) -> f32`),
		want: []string{at + "8: error: 'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags"}},

	{name: "addf unknown fastmath flag", src: fn("%a: f32", "%0 = arith.addf %a, %a fastmath<bogus> : f32"),
		want: []string{
			at + "35: error: custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast",
			at + "40: error: custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`",
		}},
	{name: "addf empty fastmath", src: fn("%a: f32", "%0 = arith.addf %a, %a fastmath<> : f32"),
		want: []string{
			at + "35: error: custom op 'arith.addf' expected valid keyword",
			at + "35: error: custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`",
		}},

	// casts
	{name: "extsi narrowing", src: fn("%a: i64", "%0 = arith.extsi %a : i64 to i32"),
		want: []string{at + "8: error: 'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible"}},
	{name: "extui same width", src: fn("%a: i64", "%0 = arith.extui %a : i64 to i64"),
		want: []string{at + "8: error: 'arith.extui' op operand type 'i64' and result type 'i64' are cast incompatible"}},
	{name: "trunci widening", src: fn("%a: i32", "%0 = arith.trunci %a : i32 to i64"),
		want: []string{at + "8: error: 'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible"}},
	{name: "extsi index operand", src: fn("%a: index", "%0 = arith.extsi %a : index to i64"),
		want: []string{at + "8: error: 'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'"}},
	{name: "extsi shape", src: fn("%a: tensor<2xi32>", "%0 = arith.extsi %a : tensor<2xi32> to tensor<3xi64>"),
		want: []string{at + "8: error: 'arith.extsi' op requires the same shape for all operands and results"}},
	{name: "extsi tensor to scalar", src: fn("%a: tensor<2xi32>", "%0 = arith.extsi %a : tensor<2xi32> to i64"),
		want: []string{at + "8: error: 'arith.extsi' op requires the same shape for all operands and results"}},
	{name: "extsi ranked to unranked", src: fn("%a: tensor<2xi32>", "%0 = arith.extsi %a : tensor<2xi32> to tensor<*xi64>"),
		want: []string{at + "8: error: 'arith.extsi' op all non-scalar operands/results must have the same shape and base type"}},
	{name: "index_cast same type", src: fn("%a: i64", "%0 = arith.index_cast %a : i64 to i64"),
		want: []string{at + "8: error: 'arith.index_cast' op operand type 'i64' and result type 'i64' are cast incompatible"}},
	{name: "index_cast index to index", src: fn("%a: index", "%0 = arith.index_cast %a : index to index"),
		want: []string{at + "8: error: 'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible"}},
	{name: "index_cast float", src: fn("%a: f32", "%0 = arith.index_cast %a : f32 to index"),
		want: []string{at + "8: error: 'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'"}},
	{name: "index_cast float result", src: fn("%a: i32", "%0 = arith.index_cast %a : i32 to f32"),
		want: []string{at + "8: error: 'arith.index_cast' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'"}},
	{name: "index_castui integers", src: fn("%a: i64", "%0 = arith.index_castui %a : i64 to i32"),
		want: []string{at + "8: error: 'arith.index_castui' op operand type 'i64' and result type 'i32' are cast incompatible"}},
	{name: "sitofp float operand", src: fn("%a: f32", "%0 = arith.sitofp %a : f32 to f64"),
		want: []string{at + "8: error: 'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'"}},
	{name: "sitofp integer result", src: fn("%a: i32", "%0 = arith.sitofp %a : i32 to i64"),
		want: []string{at + "8: error: 'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'"}},
	{name: "fptosi integer operand", src: fn("%a: i32", "%0 = arith.fptosi %a : i32 to i64"),
		want: []string{at + "8: error: 'arith.fptosi' op operand #0 must be floating-point-like, but got 'i32'"}},
	{name: "bitcast width", src: fn("%a: i64", "%0 = arith.bitcast %a : i64 to f32"),
		want: []string{at + "8: error: 'arith.bitcast' op operand type 'i64' and result type 'f32' are cast incompatible"}},
	{name: "bitcast index", src: fn("%a: index", "%0 = arith.bitcast %a : index to i64"),
		want: []string{at + "8: error: 'arith.bitcast' op operand type 'index' and result type 'i64' are cast incompatible"}},
	{name: "bitcast tensor width", src: fn("%a: tensor<2xi32>", "%0 = arith.bitcast %a : tensor<2xi32> to tensor<2xf64>"),
		want: []string{at + "8: error: 'arith.bitcast' op operand type 'tensor<2xi32>' and result type 'tensor<2xf64>' are cast incompatible"}},
	{name: "bitcast unsigned", src: fn("%a: ui32", "%0 = arith.bitcast %a : ui32 to f32"),
		want: []string{at + "8: error: 'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'ui32'"}},

	// arith.cmpi
	{name: "cmpi unknown predicate", src: fn("%a: i32", "%0 = arith.cmpi foo, %a, %a : i32"),
		want: []string{at + "19: error: custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"}},
	{name: "cmpi float operands", src: fn("%a: f32", "%0 = arith.cmpi slt, %a, %a : f32"),
		want: []string{at + "8: error: custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'"}},
	{name: "cmpi predicate out of range", src: fn("%a: i32", `%0 = "arith.cmpi"(%a, %a) {predicate = 12 : i64} : (i32, i32) -> i1`),
		want: []string{at + "8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"}},
	{name: "cmpi predicate i32", src: fn("%a: i32", `%0 = "arith.cmpi"(%a, %a) {predicate = 1 : i32} : (i32, i32) -> i1`),
		want: []string{at + "8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"}},
	{name: "cmpi predicate string", src: fn("%a: i32", `%0 = "arith.cmpi"(%a, %a) {predicate = "slt"} : (i32, i32) -> i1`),
		want: []string{at + "8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"}},
	{name: "cmpi missing predicate", src: fn("%a: i32", `%0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1`),
		want: []string{at + "8: error: 'arith.cmpi' op requires attribute 'predicate'"}},
	{name: "cmpi result not bool", src: fn("%a: i32", `%0 = "arith.cmpi"(%a, %a) {predicate = 1 : i64} : (i32, i32) -> i32`),
		want: []string{at + "8: error: 'arith.cmpi' op result #0 must be bool-like, but got 'i32'"}},
	{name: "cmpi result shape", src: fn("%a: tensor<2xi32>", `%0 = "arith.cmpi"(%a, %a) {predicate = 1 : i64} : (tensor<2xi32>, tensor<2xi32>) -> i1`),
		want: []string{at + "8: error: 'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands"}},
	{name: "cmpi mixed operands", src: fn("%a: i32, %b: i64", `%0 = "arith.cmpi"(%a, %b) {predicate = 1 : i64} : (i32, i64) -> i1`),
		want: []string{at + "8: error: 'arith.cmpi' op requires all operands to have the same type"}},

	// arith.select
	{name: "select integer condition", src: fn("%a: i32", `%0 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32`),
		want: []string{at + "8: error: 'arith.select' op operand #0 must be bool-like, but got 'i32'"}},
	{name: "select value types", src: fn("%c: i1, %a: i32, %b: i64", `%0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32`),
		want: []string{at + "8: error: 'arith.select' op failed to verify that all of {true_value, false_value, result} have same type"}},
	{name: "select condition shape", src: fn("%c: tensor<3xi1>, %a: tensor<2xi32>", "%0 = arith.select %c, %a, %a : tensor<3xi1>, tensor<2xi32>"),
		want: []string{at + "8: error: 'arith.select' op all non-scalar operands/results must have the same shape and base type"}},
	{name: "select tensor condition scalar values", src: fn("%c: tensor<2xi1>, %a: i32", "%0 = arith.select %c, %a, %a : tensor<2xi1>, i32"),
		want: []string{at + "8: error: 'arith.select' op if an operand is non-scalar, then there must be at least one non-scalar result"}},
	{name: "select condition dynamic shape", src: fn("%c: tensor<?xi1>, %a: tensor<2xi32>", "%0 = arith.select %c, %a, %a : tensor<?xi1>, tensor<2xi32>"),
		want: []string{at + "8: error: 'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<2xi1>', but got 'tensor<?xi1>'"}},
}

func firstErrors(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, ": error: ") {
			out = append(out, l)
		}
	}
	return out
}

func parseAndVerify(src string) error {
	m, err := parser.Parse("neg.mlir", src, parser.Options{})
	if err != nil {
		return err
	}
	return ir.Verify(m, false)
}

// TestErrors: one case per verifier rule (and per custom-syntax error),
// with the exact `file:line:col: error: 'op' op message` of mlir-opt-16.
func TestErrors(t *testing.T) {
	for _, tc := range errorCases {
		t.Run(tc.name, func(t *testing.T) {
			err := parseAndVerify(tc.src)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if diff := cmp.Diff(tc.want, firstErrors(err.Error())); diff != "" {
				t.Errorf("diagnostics mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestErrorsMlirOpt16 checks the expectations of TestErrors against
// mlir-opt-16 itself.
func TestErrorsMlirOpt16(t *testing.T) {
	bin := mlirOpt(t)
	for _, tc := range errorCases {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.notMlirOpt {
				t.Skip("expectation is ours, not mlir-opt-16's")
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "neg.mlir"), []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, "neg.mlir")
			cmd.Dir = dir
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Run(); err == nil {
				t.Fatalf("mlir-opt-16 accepted the input")
			}
			if diff := cmp.Diff(tc.want, firstErrors(errb.String())); diff != "" {
				t.Errorf("mlir-opt-16 diagnostics differ (-want +mlir-opt):\n%s", diff)
			}
		})
	}
}
