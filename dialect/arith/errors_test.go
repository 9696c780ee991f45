package arith_test

import "github.com/tcp-project/tcp/internal/dialecttest"

// fn wraps body in a function with the given arguments; the body starts on
// line 2, column 3.
var fn = dialecttest.WrapFunc

// at locates line 2 of the file the cases are parsed as.
const at = dialecttest.At

// errorCases: invalid arith IR and the exact `error:` lines mlir-opt-16
// reports for it (TestErrors, TestErrorsMlirOpt16; fuzz seeds).
var errorCases = []dialecttest.ErrorCase{
	// arith.constant
	{Name: "constant unsigned", Src: fn("", "%0 = arith.constant 1 : ui32"),
		Want: []string{at + "8: error: 'arith.constant' op integer return type must be signless"}},
	{Name: "constant signed generic", Src: fn("", `%0 = "arith.constant"() {value = 1 : si32} : () -> si32`),
		Want: []string{at + "8: error: 'arith.constant' op integer return type must be signless"}},
	{Name: "constant type mismatch", Src: fn("", `%0 = "arith.constant"() {value = 1 : i32} : () -> i64`),
		Want: []string{at + "8: error: 'arith.constant' op failed to verify that all of {value, result} have same type"}},
	{Name: "constant missing value", Src: fn("", `%0 = "arith.constant"() : () -> i64`),
		Want: []string{at + "8: error: 'arith.constant' op requires attribute 'value'"}},
	{Name: "constant untyped value", Src: fn("", `%0 = "arith.constant"() {value = i32} : () -> none`),
		Want: []string{at + "8: error: 'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance"}},
	{Name: "constant dense array value", Src: fn("", `%0 = "arith.constant"() {value = array<i64: 1>} : () -> none`),
		Want: []string{at + "8: error: 'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance"}},
	{Name: "constant string value", Src: fn("", `%0 = "arith.constant"() {value = "s"} : () -> i64`),
		Want: []string{at + "8: error: 'arith.constant' op failed to verify that all of {value, result} have same type"}},
	{Name: "constant string of type none", Src: fn("", `%0 = "arith.constant"() {value = "s"} : () -> none`),
		Want: []string{at + "8: error: 'arith.constant' op value must be an integer, float, or elements attribute"}},
	{Name: "constant two results", Src: fn("", `%0:2 = "arith.constant"() {value = 1 : i32} : () -> (i32, i32)`),
		Want: []string{at + "10: error: 'arith.constant' op requires one result"}},
	{Name: "constant operand", Src: fn("%a: i32", `%0 = "arith.constant"(%a) {value = 1 : i32} : (i32) -> i32`),
		Want: []string{at + "8: error: 'arith.constant' op requires zero operands"}},

	// integer and float binary ops
	{Name: "addi float operand", Src: fn("%a: f32", "%0 = arith.addi %a, %a : f32"),
		Want: []string{at + "8: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"}},
	{Name: "muli unsigned operand", Src: fn("%a: ui64", "%0 = arith.muli %a, %a : ui64"),
		Want: []string{at + "8: error: 'arith.muli' op operand #0 must be signless-integer-like, but got 'ui64'"}},
	{Name: "subi mixed operands", Src: fn("%a: i64, %b: i32", `%0 = "arith.subi"(%a, %b) : (i64, i32) -> i64`),
		Want: []string{at + "8: error: 'arith.subi' op requires the same type for all operands and results"}},
	{Name: "divsi result type", Src: fn("%a: i64", `%0 = "arith.divsi"(%a, %a) : (i64, i64) -> i32`),
		Want: []string{at + "8: error: 'arith.divsi' op requires the same type for all operands and results"}},
	{Name: "addi one operand", Src: fn("%a: i64", `%0 = "arith.addi"(%a) : (i64) -> i64`),
		Want: []string{at + "8: error: 'arith.addi' op expected 2 operands, but found 1"}},
	{Name: "addf integer operand", Src: fn("%a: i32", "%0 = arith.addf %a, %a : i32"),
		Want: []string{at + "8: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'"}},
	{Name: "mulf tensor shapes", Src: fn("%a: tensor<2xf32>, %b: tensor<3xf32>", `%0 = "arith.mulf"(%a, %b) {fastmath = #arith.fastmath<none>} : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>`),
		Want: []string{at + "8: error: 'arith.mulf' op requires the same type for all operands and results"}},
	{Name: "addf bad fastmath", Src: fn("%a: f32", `%0 = "arith.addf"(%a, %a) {fastmath = 1 : i32} : (f32, f32) -> f32`),
		Want: []string{at + "8: error: 'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags"}},

	{Name: "addf unknown fastmath flag", Src: fn("%a: f32", "%0 = arith.addf %a, %a fastmath<bogus> : f32"),
		Want: []string{
			at + "35: error: custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast",
			at + "40: error: custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`",
		}},
	{Name: "addf empty fastmath", Src: fn("%a: f32", "%0 = arith.addf %a, %a fastmath<> : f32"),
		Want: []string{
			at + "35: error: custom op 'arith.addf' expected valid keyword",
			at + "35: error: custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`",
		}},

	// casts
	{Name: "extsi narrowing", Src: fn("%a: i64", "%0 = arith.extsi %a : i64 to i32"),
		Want: []string{at + "8: error: 'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible"}},
	{Name: "extui same width", Src: fn("%a: i64", "%0 = arith.extui %a : i64 to i64"),
		Want: []string{at + "8: error: 'arith.extui' op operand type 'i64' and result type 'i64' are cast incompatible"}},
	{Name: "trunci widening", Src: fn("%a: i32", "%0 = arith.trunci %a : i32 to i64"),
		Want: []string{at + "8: error: 'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible"}},
	{Name: "extsi index operand", Src: fn("%a: index", "%0 = arith.extsi %a : index to i64"),
		Want: []string{at + "8: error: 'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'"}},
	{Name: "extsi shape", Src: fn("%a: tensor<2xi32>", "%0 = arith.extsi %a : tensor<2xi32> to tensor<3xi64>"),
		Want: []string{at + "8: error: 'arith.extsi' op requires the same shape for all operands and results"}},
	{Name: "extsi tensor to scalar", Src: fn("%a: tensor<2xi32>", "%0 = arith.extsi %a : tensor<2xi32> to i64"),
		Want: []string{at + "8: error: 'arith.extsi' op requires the same shape for all operands and results"}},
	{Name: "extsi ranked to unranked", Src: fn("%a: tensor<2xi32>", "%0 = arith.extsi %a : tensor<2xi32> to tensor<*xi64>"),
		Want: []string{at + "8: error: 'arith.extsi' op all non-scalar operands/results must have the same shape and base type"}},
	{Name: "index_cast same type", Src: fn("%a: i64", "%0 = arith.index_cast %a : i64 to i64"),
		Want: []string{at + "8: error: 'arith.index_cast' op operand type 'i64' and result type 'i64' are cast incompatible"}},
	{Name: "index_cast index to index", Src: fn("%a: index", "%0 = arith.index_cast %a : index to index"),
		Want: []string{at + "8: error: 'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible"}},
	{Name: "index_cast float", Src: fn("%a: f32", "%0 = arith.index_cast %a : f32 to index"),
		Want: []string{at + "8: error: 'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'"}},
	{Name: "index_cast float result", Src: fn("%a: i32", "%0 = arith.index_cast %a : i32 to f32"),
		Want: []string{at + "8: error: 'arith.index_cast' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'"}},
	{Name: "index_castui integers", Src: fn("%a: i64", "%0 = arith.index_castui %a : i64 to i32"),
		Want: []string{at + "8: error: 'arith.index_castui' op operand type 'i64' and result type 'i32' are cast incompatible"}},
	{Name: "sitofp float operand", Src: fn("%a: f32", "%0 = arith.sitofp %a : f32 to f64"),
		Want: []string{at + "8: error: 'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'"}},
	{Name: "sitofp integer result", Src: fn("%a: i32", "%0 = arith.sitofp %a : i32 to i64"),
		Want: []string{at + "8: error: 'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'"}},
	{Name: "fptosi integer operand", Src: fn("%a: i32", "%0 = arith.fptosi %a : i32 to i64"),
		Want: []string{at + "8: error: 'arith.fptosi' op operand #0 must be floating-point-like, but got 'i32'"}},
	{Name: "bitcast width", Src: fn("%a: i64", "%0 = arith.bitcast %a : i64 to f32"),
		Want: []string{at + "8: error: 'arith.bitcast' op operand type 'i64' and result type 'f32' are cast incompatible"}},
	{Name: "bitcast index", Src: fn("%a: index", "%0 = arith.bitcast %a : index to i64"),
		Want: []string{at + "8: error: 'arith.bitcast' op operand type 'index' and result type 'i64' are cast incompatible"}},
	{Name: "bitcast tensor width", Src: fn("%a: tensor<2xi32>", "%0 = arith.bitcast %a : tensor<2xi32> to tensor<2xf64>"),
		Want: []string{at + "8: error: 'arith.bitcast' op operand type 'tensor<2xi32>' and result type 'tensor<2xf64>' are cast incompatible"}},
	{Name: "bitcast unsigned", Src: fn("%a: ui32", "%0 = arith.bitcast %a : ui32 to f32"),
		Want: []string{at + "8: error: 'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'ui32'"}},

	// arith.cmpi
	{Name: "cmpi unknown predicate", Src: fn("%a: i32", "%0 = arith.cmpi foo, %a, %a : i32"),
		Want: []string{at + "19: error: custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"}},
	{Name: "cmpi float operands", Src: fn("%a: f32", "%0 = arith.cmpi slt, %a, %a : f32"),
		Want: []string{at + "8: error: custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'"}},
	{Name: "cmpi predicate out of range", Src: fn("%a: i32", `%0 = "arith.cmpi"(%a, %a) {predicate = 12 : i64} : (i32, i32) -> i1`),
		Want: []string{at + "8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"}},
	{Name: "cmpi predicate i32", Src: fn("%a: i32", `%0 = "arith.cmpi"(%a, %a) {predicate = 1 : i32} : (i32, i32) -> i1`),
		Want: []string{at + "8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"}},
	{Name: "cmpi predicate string", Src: fn("%a: i32", `%0 = "arith.cmpi"(%a, %a) {predicate = "slt"} : (i32, i32) -> i1`),
		Want: []string{at + "8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"}},
	{Name: "cmpi missing predicate", Src: fn("%a: i32", `%0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1`),
		Want: []string{at + "8: error: 'arith.cmpi' op requires attribute 'predicate'"}},
	{Name: "cmpi result not bool", Src: fn("%a: i32", `%0 = "arith.cmpi"(%a, %a) {predicate = 1 : i64} : (i32, i32) -> i32`),
		Want: []string{at + "8: error: 'arith.cmpi' op result #0 must be bool-like, but got 'i32'"}},
	{Name: "cmpi result shape", Src: fn("%a: tensor<2xi32>", `%0 = "arith.cmpi"(%a, %a) {predicate = 1 : i64} : (tensor<2xi32>, tensor<2xi32>) -> i1`),
		Want: []string{at + "8: error: 'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands"}},
	{Name: "cmpi mixed operands", Src: fn("%a: i32, %b: i64", `%0 = "arith.cmpi"(%a, %b) {predicate = 1 : i64} : (i32, i64) -> i1`),
		Want: []string{at + "8: error: 'arith.cmpi' op requires all operands to have the same type"}},

	// arith.select
	{Name: "select integer condition", Src: fn("%a: i32", `%0 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32`),
		Want: []string{at + "8: error: 'arith.select' op operand #0 must be bool-like, but got 'i32'"}},
	{Name: "select value types", Src: fn("%c: i1, %a: i32, %b: i64", `%0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32`),
		Want: []string{at + "8: error: 'arith.select' op failed to verify that all of {true_value, false_value, result} have same type"}},
	{Name: "select condition shape", Src: fn("%c: tensor<3xi1>, %a: tensor<2xi32>", "%0 = arith.select %c, %a, %a : tensor<3xi1>, tensor<2xi32>"),
		Want: []string{at + "8: error: 'arith.select' op all non-scalar operands/results must have the same shape and base type"}},
	{Name: "select tensor condition scalar values", Src: fn("%c: tensor<2xi1>, %a: i32", "%0 = arith.select %c, %a, %a : tensor<2xi1>, i32"),
		Want: []string{at + "8: error: 'arith.select' op if an operand is non-scalar, then there must be at least one non-scalar result"}},
	{Name: "select condition dynamic shape", Src: fn("%c: tensor<?xi1>, %a: tensor<2xi32>", "%0 = arith.select %c, %a, %a : tensor<?xi1>, tensor<2xi32>"),
		Want: []string{at + "8: error: 'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<2xi1>', but got 'tensor<?xi1>'"}},
}
