// Package onnximport turns an ONNX model into onnx dialect IR in
// onnx-mlir's form, and registers that as the ToMLIR translation
// import-onnx (tcp-translate --import-onnx model.onnx). The model is read
// with frontend/onnxpb, so neither onnx-mlir nor Python is needed.
//
// The module has one function, @main_graph (the name is an option:
// --onnx-func-name=NAME, Options.FuncName), whose arguments are the graph
// inputs that have no initializer and whose results are the graph
// outputs, with onnx-mlir's input_names/output_names attributes:
//
//	func.func @main_graph(%arg0: tensor<3x4xf32>) -> tensor<3x2xf32> attributes {input_names = ["data"], output_names = ["y"]} {
//	  %0 = onnx.Constant dense<[0, -1]> : tensor<2xi64>
//	  %1 = "onnx.Gather"(%arg0, %0) {axis = 1 : si64, onnx_node_name = "g0"} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
//	  return %1 : tensor<3x2xf32>
//	}
//
// Mapping, as onnx-mlir's importer (src/Builder/FrontendDialectTransformer.cpp)
// does it:
//
//   - Types come from the graph's inputs, outputs and value_info: tensor
//     element types as MLIR's (INTn signless iN, UINTn uiN, BOOL i1,
//     FLOAT16/BFLOAT16/FLOAT/DOUBLE f16/bf16/f32/f64), a dim without a
//     value (unknown or symbolic) as ?, a type without a shape as
//     tensor<*xT>. A node output without a type is an error: run ONNX
//     shape inference on the model first (onnx-mlir runs it itself).
//   - Each node of the default domain becomes "onnx.<op_type>" in the
//     generic form, its attributes INT as si64, FLOAT as f32, STRING as a
//     string, INTS/FLOATS/STRINGS as arrays of those, TENSOR as a dense
//     elements attribute; a node name is kept as onnx_node_name.
//   - An initializer becomes onnx.Constant at its first use (unused ones
//     are dropped); a graph input with an initializer is that constant,
//     not an argument.
//   - An absent optional input ("" in the node) is the result of one
//     "onnx.NoValue"() {value} : () -> none; so are absent trailing inputs
//     when the op's definition (dialect/onnx) declares more operands than
//     the node lists and they are not Optional (onnx.Slice's axes, steps).
//   - Shape arithmetic is folded (fold.go): a node of Shape, Cast, Add,
//     Sub, Mod, Greater, Less, Where, Concat, Pad, Slice, Reshape or
//     Transpose whose inputs are all constants (or absent), with a static
//     result of at most 1024 elements, becomes an onnx.Constant of the
//     value the interpreter computes with ONNX's semantics, and a Shape of
//     static dims becomes one directly. Exporters compute the shapes
//     around their gathers at run time (MXNet 1.9.1's gather_nd pads the
//     index shape to rank 8 with Shape/Sub/Concat/Pad); folded, a Reshape
//     to such a shape gets a static type. A node whose evaluation fails
//     (Mod by zero) is kept, so its error stays observable.
//   - The module ends with onnx-mlir's marker of the entry function,
//     "onnx.EntryPoint"() {func = @main_graph} : () -> ().
//
// Not supported (a located error): subgraphs (GRAPH attributes, If/Loop),
// sparse tensors, external data, non-tensor values, STRING and COMPLEX
// element types, operator domains other than the default one.
//
// Refused (a located error), though protobuf would accept them: a model
// that does not import exactly one default-domain opset in MinOpset to
// MaxOpset (11 to 28); a singular field given twice (a second graph); two
// initializers, value_infos or graph outputs of one name; a typed-list
// value outside its data type's range (a UINT32 above 2^32-1 in
// uint64_data); a tensor type whose static dims hold more bytes than int64
// counts (a dim of 2^63-1 f32 elements). Memory stays proportional to the
// file: a packed INTS attribute of one-byte values costs about 24 times
// its size.
//
// Locations: a binary file has no lines, so a location in it is line 1,
// column byte-offset+1 — model.onnx:1:58 is the message starting at byte
// 57. Malformed protobuf is reported at the damaged field, every other
// problem at the node, value info or tensor that holds it; each op
// carries its node's location (loc("name"("model.onnx":1:58)) with
// --mlir-print-debuginfo), so verifier errors point into the file too.
package onnximport
