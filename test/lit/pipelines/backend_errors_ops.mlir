// The Go backend and DirectML refuse frontend ops and frontend types at
// function boundaries with a located error that says to convert first
// and names the pipeline that does it.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s --check-prefix=GO
// RUN: not tcp-opt --convert-tcp-to-dml %s 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: not tcp-translate --mlir-to-dml-json %s 2>&1 | FileCheck %s --check-prefix=JSON

// GO: backend_errors_ops.mlir:[[# @LINE + 4]]:8: error: 'onnx.Gather' op is not supported by the Go backend: no Go kernel for this op; 'onnx.Gather' is a frontend op: convert first with the frontends-to-tcp-pipeline (tcp-opt --frontends-to-tcp-pipeline)
// LOWER: backend_errors_ops.mlir:[[# @LINE + 3]]:8: error: 'onnx.Gather' op cannot be lowered to DirectML: no DirectML lowering for this op; 'onnx.Gather' is a frontend op: convert first with the frontends-to-tcp-pipeline
// JSON: backend_errors_ops.mlir:[[# @LINE + 2]]:8: error: 'onnx.Gather' op is not a DirectML operator; 'onnx.Gather' is a frontend op: convert first with the frontends-to-tcp-pipeline (tcp-opt --frontends-to-tcp-pipeline), then lower it with --convert-tcp-to-dml
func.func @onnx(%data: tensor<3x2xf32>, %idx: tensor<2xi64>) -> tensor<2x2xf32> {
  %0 = "onnx.Gather"(%data, %idx) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
