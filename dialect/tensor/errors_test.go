package tensor_test

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
	// tensor.cast
	{name: "cast incompatible size", src: fn("%a: tensor<2xf32>", "%0 = tensor.cast %a : tensor<2xf32> to tensor<3xf32>"),
		want: []string{at + "8: error: 'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<3xf32>' are cast incompatible"}},
	{name: "cast element type", src: fn("%a: tensor<2xf32>", "%0 = tensor.cast %a : tensor<2xf32> to tensor<2xi32>"),
		want: []string{at + "8: error: 'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<2xi32>' are cast incompatible"}},
	{name: "cast rank", src: fn("%a: tensor<2xf32>", "%0 = tensor.cast %a : tensor<2xf32> to tensor<2x1xf32>"),
		want: []string{at + "8: error: 'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<2x1xf32>' are cast incompatible"}},
	{name: "cast scalar", src: fn("%a: f32", `%0 = "tensor.cast"(%a) : (f32) -> tensor<2xf32>`),
		want: []string{at + "8: error: 'tensor.cast' op operand #0 must be tensor of any type values, but got 'f32'"}},

	// tensor.dim
	{name: "dim constant index out of range", src: fn("%a: tensor<2xf32>", "%c = arith.constant 1 : index\n  %0 = tensor.dim %a, %c : tensor<2xf32>"),
		want: []string{"neg.mlir:3:8: error: 'tensor.dim' op index is out of range"}},
	{name: "dim index type", src: fn("%a: tensor<2xf32>, %i: i64", `%0 = "tensor.dim"(%a, %i) : (tensor<2xf32>, i64) -> index`),
		want: []string{at + "8: error: 'tensor.dim' op operand #1 must be index, but got 'i64'"}},
	{name: "dim of scalar", src: fn("%a: f32, %i: index", `%0 = "tensor.dim"(%a, %i) : (f32, index) -> index`),
		want: []string{at + "8: error: 'tensor.dim' op operand #0 must be tensor of any type values, but got 'f32'"}},

	// tensor.empty
	{name: "empty too few sizes", src: fn("%i: index", "%0 = tensor.empty(%i) : tensor<?x?xf32>"),
		want: []string{at + "8: error: 'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 2"}},
	{name: "empty too many sizes", src: fn("%i: index", "%0 = tensor.empty(%i) : tensor<2xf32>"),
		want: []string{at + "8: error: 'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0"}},
	{name: "empty unranked", src: fn("", "%0 = tensor.empty() : tensor<*xf32>"),
		want: []string{at + "8: error: 'tensor.empty' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'"}},

	// tensor.extract
	{name: "extract index count", src: fn("%a: tensor<2x2xf32>, %i: index", "%0 = tensor.extract %a[%i] : tensor<2x2xf32>"),
		want: []string{at + "8: error: 'tensor.extract' op incorrect number of indices for extract_element"}},
	{name: "extract result type", src: fn("%a: tensor<2xf32>, %i: index", `%0 = "tensor.extract"(%a, %i) : (tensor<2xf32>, index) -> i32`),
		want: []string{at + "8: error: 'tensor.extract' op failed to verify that result type matches element type of tensor"}},
	{name: "extract unranked", src: fn("%a: tensor<*xf32>, %i: index", "%0 = tensor.extract %a[%i] : tensor<*xf32>"),
		want: []string{at + "8: error: custom op 'tensor.extract' 'tensor' must be ranked tensor of any type values, but got 'tensor<*xf32>'"}},

	// tensor.insert
	{name: "insert index count", src: fn("%a: tensor<2x2xf32>, %s: f32, %i: index", "%0 = tensor.insert %s into %a[%i] : tensor<2x2xf32>"),
		want: []string{at + "8: error: 'tensor.insert' op incorrect number of indices"}},
	{name: "insert scalar type", src: fn("%a: tensor<2xf32>, %s: i32, %i: index", `%0 = "tensor.insert"(%s, %a, %i) : (i32, tensor<2xf32>, index) -> tensor<2xf32>`),
		want: []string{at + "8: error: 'tensor.insert' op failed to verify that scalar type matches element type of dest"}},
	{name: "insert result type", src: fn("%a: tensor<2xf32>, %s: f32, %i: index", `%0 = "tensor.insert"(%s, %a, %i) : (f32, tensor<2xf32>, index) -> tensor<3xf32>`),
		want: []string{at + "8: error: 'tensor.insert' op failed to verify that result type matches type of dest"}},

	// tensor.from_elements
	{name: "from_elements count", src: fn("%a: f32", "%0 = tensor.from_elements %a, %a : tensor<3xf32>"),
		want: []string{at + "29: error: custom op 'tensor.from_elements' 2 operands present, but expected 3"}},
	{name: "from_elements count generic", src: fn("%a: f32", `%0 = "tensor.from_elements"(%a, %a) : (f32, f32) -> tensor<3xf32>`),
		want: []string{at + "8: error: 'tensor.from_elements' op failed to verify that operand types match result element type"}},
	{name: "from_elements element type", src: fn("%a: f32, %b: i32", `%0 = "tensor.from_elements"(%a, %b) : (f32, i32) -> tensor<2xf32>`),
		want: []string{at + "8: error: 'tensor.from_elements' op failed to verify that operand types match result element type"}},
	{name: "from_elements dynamic", src: fn("%a: f32", "%0 = tensor.from_elements %a : tensor<?xf32>"),
		want: []string{at + "8: error: custom op 'tensor.from_elements' 'result' must be statically shaped tensor of any type values, but got 'tensor<?xf32>'"}},

	// tensor.expand_shape
	{name: "expand rank", src: fn("%a: tensor<2x2xf32>", "%0 = tensor.expand_shape %a [[0], [1]] : tensor<2x2xf32> into tensor<2x2xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected rank expansion, but found source rank 2 >= result rank 2"}},
	{name: "expand static size", src: fn("%a: tensor<2xf32>", "%0 = tensor.expand_shape %a [[0, 1]] : tensor<2xf32> into tensor<2x4xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 8"}},
	{name: "expand static dynamic", src: fn("%a: tensor<8xf32>", "%0 = tensor.expand_shape %a [[0, 1]] : tensor<8xf32> into tensor<?x2xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"}},
	{name: "expand two dynamic dims", src: fn("%a: tensor<?xf32>", "%0 = tensor.expand_shape %a [[0, 1]] : tensor<?xf32> into tensor<?x?xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op invalid to have a single dimension (0) expanded into multiple dynamic dims (0,1)"}},
	{name: "expand group count", src: fn("%a: tensor<2x2xf32>", "%0 = tensor.expand_shape %a [[0, 1, 2]] : tensor<2x2xf32> into tensor<2x2x1xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected rank of the collapsed type(2) to be the number of reassociation maps(1)"}},
	{name: "expand map rank too high", src: fn("%a: tensor<4xf32>", "%0 = tensor.expand_shape %a [[0, 1, 2]] : tensor<4xf32> into tensor<2x2xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected reassociation map #0 of same rank as expanded memref(2), but got 3"}},
	{name: "expand map rank too low", src: fn("%a: tensor<4xf32>", "%0 = tensor.expand_shape %a [[0, 1]] : tensor<4xf32> into tensor<2x2x1xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected reassociation map #0 of same rank as expanded memref(3), but got 2"}},
	{name: "expand negative index", src: fn("%a: tensor<4xf32>", "%0 = tensor.expand_shape %a [[0, -1]] : tensor<4xf32> into tensor<2x2xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected reassociation map #0 of same rank as expanded memref(2), but got 0"}},
	{name: "expand not contiguous", src: fn("%a: tensor<2x2xf32>", "%0 = tensor.expand_shape %a [[0, 2], [1]] : tensor<2x2xf32> into tensor<2x2x1xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected reassociation map #0 to be valid and contiguous"}},
	{name: "expand out of order", src: fn("%a: tensor<2x2xf32>", "%0 = tensor.expand_shape %a [[1], [0, 2]] : tensor<2x2xf32> into tensor<2x2x1xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected reassociation map #0 to be valid and contiguous"}},
	{name: "expand empty group (mlir-opt-16 crashes)", src: fn("%a: tensor<4x1xf32>", "%0 = tensor.expand_shape %a [[0, 1, 2], []] : tensor<4x1xf32> into tensor<2x2x1xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected reassociation map #1 to be valid and contiguous"}, notMlirOpt: true},
	{name: "expand scalar non-unit", src: fn("%a: tensor<f32>", "%0 = tensor.expand_shape %a [] : tensor<f32> into tensor<1x2xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref"}},
	{name: "expand empty reassociation", src: fn("%a: tensor<1xf32>", "%0 = tensor.expand_shape %a [] : tensor<1xf32> into tensor<1x1xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected rank of the collapsed type(1) to be the number of reassociation maps(0)"}},
	{name: "expand element type", src: fn("%a: tensor<4xf32>", "%0 = tensor.expand_shape %a [[0, 1]] : tensor<4xf32> into tensor<2x2xi32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected collapsed type to be 'tensor<4xi32>', but got 'tensor<4xf32>'"}},
	{name: "expand unranked source", src: fn("%a: tensor<*xf32>", `%0 = "tensor.expand_shape"(%a) {reassociation = [[0, 1]]} : (tensor<*xf32>) -> tensor<2x2xf32>`),
		want: []string{at + "8: error: 'tensor.expand_shape' op invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref"}},
	{name: "expand unranked result", src: fn("%a: tensor<2xf32>", `%0 = "tensor.expand_shape"(%a) {reassociation = []} : (tensor<2xf32>) -> tensor<*xf32>`),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected rank expansion, but found source rank 1 >= result rank 0"}},
	{name: "expand flat reassociation", src: fn("%a: tensor<4xf32>", `%0 = "tensor.expand_shape"(%a) {reassociation = [0, 1]} : (tensor<4xf32>) -> tensor<2x2xf32>`),
		want: []string{at + "8: error: 'tensor.expand_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes"}},
	{name: "expand i32 reassociation", src: fn("%a: tensor<4xf32>", `%0 = "tensor.expand_shape"(%a) {reassociation = [[0 : i32, 1 : i32]]} : (tensor<4xf32>) -> tensor<2x2xf32>`),
		want: []string{at + "8: error: 'tensor.expand_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes"}},
	{name: "expand missing reassociation", src: fn("%a: tensor<4xf32>", `%0 = "tensor.expand_shape"(%a) : (tensor<4xf32>) -> tensor<2x2xf32>`),
		want: []string{at + "8: error: 'tensor.expand_shape' op requires attribute 'reassociation'"}},
	{name: "expand LLVM 19 output_shape rank (ours)", src: fn("%a: tensor<2xf32>", "%0 = tensor.expand_shape %a [[0, 1]] output_shape [2] : tensor<2xf32> into tensor<2x1xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 1 inputs instead"}, notMlirOpt: true},
	{name: "expand LLVM 19 output_shape value (ours)", src: fn("%a: tensor<2xf32>, %n: index", "%0 = tensor.expand_shape %a [[0, 1]] output_shape [2, %n] : tensor<2xf32> into tensor<2x1xf32>"),
		want: []string{at + "8: error: 'tensor.expand_shape' op invalid output shape provided at pos 1"}, notMlirOpt: true},
	{name: "expand design-doc notation with two results (ours)", src: fn("%a: tensor<2xf32>", "%0 = tensor.expand_shape %a [[0, 1]] : (tensor<2xf32>) -> (tensor<2x1xf32>, f32)"),
		want: []string{at + "42: error: expected '(T) -> U' with one operand and one result type, got '(tensor<2xf32>) -> (tensor<2x1xf32>, f32)'"}, notMlirOpt: true},

	{name: "expand missing into", src: fn("%a: tensor<4xf32>", "%0 = tensor.expand_shape %a [[0, 1]] : tensor<4xf32> tensor<2x2xf32>"),
		want: []string{at + "56: error: custom op 'tensor.expand_shape' expected 'into'"}},

	// tensor.collapse_shape
	{name: "collapse rank", src: fn("%a: tensor<2x2xf32>", "%0 = tensor.collapse_shape %a [[0], [1]] : tensor<2x2xf32> into tensor<2x2xf32>"),
		want: []string{at + "8: error: 'tensor.collapse_shape' op expected rank reduction, but found source rank 2 <= result rank 2"}},
	{name: "collapse rank 0", src: fn("%a: tensor<f32>", "%0 = tensor.collapse_shape %a [] : tensor<f32> into tensor<f32>"),
		want: []string{at + "8: error: 'tensor.collapse_shape' op expected rank reduction, but found source rank 0 <= result rank 0"}},
	{name: "collapse static size", src: fn("%a: tensor<2x4xf32>", "%0 = tensor.collapse_shape %a [[0, 1]] : tensor<2x4xf32> into tensor<9xf32>"),
		want: []string{at + "8: error: 'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 8"}},
	{name: "collapse dynamic into static", src: fn("%a: tensor<?x4xf32>", "%0 = tensor.collapse_shape %a [[0, 1]] : tensor<?x4xf32> into tensor<8xf32>"),
		want: []string{at + "8: error: 'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"}},
	{name: "collapse to scalar non-unit", src: fn("%a: tensor<1x2xf32>", "%0 = tensor.collapse_shape %a [] : tensor<1x2xf32> into tensor<f32>"),
		want: []string{at + "8: error: 'tensor.collapse_shape' op invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref"}},
	{name: "collapse group count", src: fn("%a: tensor<2x2x2xf32>", "%0 = tensor.collapse_shape %a [[0, 1, 2]] : tensor<2x2x2xf32> into tensor<4x2xf32>"),
		want: []string{at + "8: error: 'tensor.collapse_shape' op expected rank of the collapsed type(2) to be the number of reassociation maps(1)"}},

	// tensor.extract_slice
	{name: "slice offsets count", src: fn("%a: tensor<4x4xf32>", "%0 = tensor.extract_slice %a[0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>"),
		want: []string{at + "8: error: expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed."}},
	{name: "slice strides count", src: fn("%a: tensor<4x4xf32>", "%0 = tensor.extract_slice %a[0, 0] [2, 2] [1] : tensor<4x4xf32> to tensor<2x2xf32>"),
		want: []string{at + "8: error: expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed."}},
	{name: "slice source rank", src: fn("%a: tensor<4x4xf32>", "%0 = tensor.extract_slice %a[0] [2] [1] : tensor<4x4xf32> to tensor<2xf32>"),
		want: []string{at + "8: error: expected 2 offset values"}},
	{name: "slice dynamic count", src: fn("%a: tensor<4x4xf32>", `%0 = "tensor.extract_slice"(%a) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>`),
		want: []string{at + "8: error: expected 1 dynamic offset values"}},
	{name: "slice size mismatch", src: fn("%a: tensor<4x4xf32>", "%0 = tensor.extract_slice %a[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x3xf32>"),
		want: []string{at + "8: error: expected type to be 'tensor<2x2xf32>' or a rank-reduced version. (size mismatch) "}},
	{name: "slice negative size", src: fn("%a: tensor<4x4xf32>", "%0 = tensor.extract_slice %a[-1, 0] [2, -2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>"),
		want: []string{at + "8: error: expected type to be 'tensor<2x-2xf32>' or a rank-reduced version. (size mismatch) "}},
	{name: "slice element type", src: fn("%a: tensor<4x4xf32>", "%0 = tensor.extract_slice %a[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xi32>"),
		want: []string{at + "8: error: expected element type to be 'f32'"}},
	{name: "slice result rank", src: fn("%a: tensor<4x4xf32>", "%0 = tensor.extract_slice %a[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2x1xf32>"),
		want: []string{at + "8: error: expected rank to be smaller or equal to the other rank. "}},
	{name: "slice unranked source", src: fn("%a: tensor<*xf32>", "%0 = tensor.extract_slice %a[0] [2] [1] : tensor<*xf32> to tensor<2xf32>"),
		want: []string{at + "8: error: 'tensor.extract_slice' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'"}},
	{name: "slice static attribute kind", src: fn("%a: tensor<4x4xf32>", `%0 = "tensor.extract_slice"(%a) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = [0, 0], static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>`),
		want: []string{at + "8: error: 'tensor.extract_slice' op attribute 'static_offsets' failed to satisfy constraint: i64 dense array attribute"}},
	{name: "slice missing static attribute", src: fn("%a: tensor<4x4xf32>", `%0 = "tensor.extract_slice"(%a) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>`),
		want: []string{at + "8: error: 'tensor.extract_slice' op requires attribute 'static_offsets'"}},
	{name: "slice missing segment sizes", src: fn("%a: tensor<4x4xf32>", `%0 = "tensor.extract_slice"(%a) {static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>`),
		want: []string{at + "8: error: 'tensor.extract_slice' op requires dense i32 array attribute 'operand_segment_sizes'"}},
	{name: "slice segment count", src: fn("%a: tensor<4x4xf32>", `%0 = "tensor.extract_slice"(%a) {operand_segment_sizes = array<i32: 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>`),
		want: []string{at + "8: error: 'tensor.extract_slice' op 'operand_segment_sizes' attribute for specifying operand segments must have 4 elements, but got 3"}},
	{name: "slice segment total", src: fn("%a: tensor<4x4xf32>", `%0 = "tensor.extract_slice"(%a) {operand_segment_sizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>`),
		want: []string{at + "8: error: 'tensor.extract_slice' op operand count (1) does not match with the total size (2) specified in attribute 'operand_segment_sizes'"}},
	{name: "slice bad list entry", src: fn("%a: tensor<4x4xf32>", "%0 = tensor.extract_slice %a[0, x] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>"),
		want: []string{at + "35: error: custom op 'tensor.extract_slice' expected integer value", at + "8: error: custom op 'tensor.extract_slice' expected SSA value or integer"}},
	{name: "slice unterminated list", src: fn("%a: tensor<4x4xf32>", "%0 = tensor.extract_slice %a[0, 0 [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>"),
		want: []string{at + "36: error: expected ']' in dynamic index list", at + "8: error: custom op 'tensor.extract_slice' expected SSA value or integer"}},
	{name: "slice list bracket", src: fn("%a: tensor<4x4xf32>", "%0 = tensor.extract_slice %a(0, 0) [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>"),
		want: []string{at + "31: error: expected '[' in dynamic index list", at + "8: error: custom op 'tensor.extract_slice' expected SSA value or integer"}},

	// tensor.concat (LLVM 18; not in mlir-opt-16)
	{name: "concat no inputs (ours)", src: fn("", `%0 = "tensor.concat"() {dim = 0 : i64} : () -> tensor<2xf32>`),
		want: []string{at + "8: error: 'tensor.concat' op requires at least one input"}, notMlirOpt: true},
	{name: "concat rank (ours)", src: fn("%a: tensor<2xf32>", "%0 = tensor.concat dim(0) %a : (tensor<2xf32>) -> tensor<2x1xf32>"),
		want: []string{at + "8: error: 'tensor.concat' op rank of concatenated inputs must match result rank"}, notMlirOpt: true},
	{name: "concat element type (ours)", src: fn("%a: tensor<2xf32>", "%0 = tensor.concat dim(0) %a : (tensor<2xf32>) -> tensor<2xi32>"),
		want: []string{at + "8: error: 'tensor.concat' op inputs and result element type must match"}, notMlirOpt: true},
	{name: "concat dim (ours)", src: fn("%a: tensor<2xf32>", "%0 = tensor.concat dim(1) %a : (tensor<2xf32>) -> tensor<2xf32>"),
		want: []string{at + "8: error: 'tensor.concat' op concatenation dim must be less than the tensor rank"}, notMlirOpt: true},
	{name: "concat other dim (ours)", src: fn("%a: tensor<2x3xf32>, %b: tensor<2x4xf32>", "%0 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>"),
		want: []string{at + "8: error: 'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1"}, notMlirOpt: true},
	{name: "concat result size (ours)", src: fn("%a: tensor<2xf32>", "%0 = tensor.concat dim(0) %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>"),
		want: []string{at + "8: error: 'tensor.concat' op result type 'tensor<5xf32>'does not match inferred shape 'tensor<4xf32>' static sizes"}, notMlirOpt: true},
	{name: "concat dim attribute (ours)", src: fn("%a: tensor<2xf32>", `%0 = "tensor.concat"(%a) {dim = 0 : i32} : (tensor<2xf32>) -> tensor<2xf32>`),
		want: []string{at + "8: error: 'tensor.concat' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute"}, notMlirOpt: true},
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
