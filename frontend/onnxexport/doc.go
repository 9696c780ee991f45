// Package onnxexport writes a function of onnx dialect ops as an ONNX
// model, the inverse of frontend/onnximport, and registers it as the
// FromMLIR translation mlir-to-onnx:
//
//	tcp-translate --mlir-to-onnx model.mlir -o model.onnx [--onnx-opset=13] [--onnx-func=main_graph] [--onnx-value-info=false]
//
// It exists so that .onnx inputs can be written from text (lit tests need
// no committed binaries) and so that tcp's ONNX round trip is checked:
// import(export(m)) prints as m for the importer's golden modules.
//
// Mapping (the importer's, reversed): the function's arguments are the
// graph inputs and its returned values the graph outputs, named by the
// function's input_names/output_names attributes where present (else
// arg<i> and out<i>); onnx.Constant becomes an initializer; the result of
// onnx.NoValue becomes an absent input (""), and absent inputs at the end
// of a node's list are dropped; every other "onnx.<T>" op becomes a node
// of op_type T, with onnx_node_name as its name and its other attributes
// as ONNX attributes (si64 and other integers INT, floats FLOAT, strings
// STRING, arrays of one of those INTS/FLOATS/STRINGS, dense elements
// TENSOR). Each op result that is not a graph output gets a value_info
// with its type, so the importer finds every type again.
//
// Errors (ops of other dialects, attributes without an ONNX kind, element
// types ONNX has none for, a value returned twice) are diagnostics located
// at the op.
package onnxexport
