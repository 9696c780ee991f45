// Package onnx registers the subset of onnx-mlir's ONNX dialect that tcp
// imports: onnx.Gather, onnx.GatherElements, onnx.GatherND, onnx.Slice,
// onnx.Constant and onnx.NoValue (onnx/onnx-mlir:src/Dialect/ONNX/ONNXOps.td.inc),
// and the index arithmetic and shape plumbing exporters put around
// gathers (MXNet 1.9.1's take and gather_nd): onnx.Shape, Cast, Add, Sub,
// Mod, Greater, Less, Where (arith.go; numpy broadcasting),
// onnx.Concat, Pad, Reshape, Transpose (shape.go), and the ops
// torch.onnx.export and MXNet's reverse put there: onnx.Unsqueeze and
// Squeeze (opset 13+, axes as an input), Size, Expand, ConstantOfShape,
// Range and Equal (shapeops.go), Split (split.go).
//
// Syntax is what onnx-mlir prints: the generic form with si64 attributes,
// in either the attribute dictionary or the properties form,
//
//	%0 = "onnx.Gather"(%arg0, %arg1) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2x2xi64>) -> tensor<2x2x2xf32>
//	%1 = "onnx.GatherND"(%arg0, %arg1) <{batch_dims = 0 : si64}> : (tensor<2x2xf32>, tensor<2x2xi64>) -> tensor<2xf32>
//
// (the parser merges `<{…}>` into the attributes, so both read alike; the
// printer writes `{…}`), except onnx.Constant, whose custom form
// `onnx.Constant dense<[1, 2]> : tensor<2xi64>` newer onnx-mlir prints.
// Results may be unranked (`tensor<*xf32>`), as before shape inference.
//
// The scatters onnx.ScatterElements and onnx.ScatterND (scatter.go) take
// a reduction attribute (none, add, mul, max, min; opsets 11 to 18+) and
// the same index rule; their updates are applied in row-major order of the
// index positions, as ONNX Runtime's CPU kernels do.
//
// Semantics are ONNX's (opset 11+; the importer reads opsets 11 to 28):
// indices in [-s, s-1] with negatives
// counted from the end, anything else an error, checked for every index
// even when the result is empty (the interpreter kernels in interp/onnx.go
// do so). Conversion into tcp is passes/onnxtotcp.
package onnx
