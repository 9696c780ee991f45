// The Go backend and DirectML refuse frontend ops and frontend types at
// function boundaries with a located error that says to convert first
// and names the pipeline that does it.
// RUN: not tcp-translate --mlir-to-go %s 2>&1 | FileCheck %s --check-prefix=GO
// RUN: not tcp-opt --convert-tcp-to-dml %s 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: not tcp-translate --mlir-to-dml-json %s 2>&1 | FileCheck %s --check-prefix=JSON

// What --convert-frontends-to-tcp alone leaves: tcp ops between torch_c
// casts, and !torch.vtensor at the boundary.
// GO: backend_errors_types.mlir:[[# @LINE + 3]]:1: error: 'func.func' op result #0 has type !torch.vtensor<[4,3],f32>, a frontend type at the function boundary: convert first with the frontends-to-tcp-pipeline (tcp-opt --frontends-to-tcp-pipeline), whose torch-func-backend-type-conversion makes it a builtin tensor
// LOWER: backend_errors_types.mlir:[[# @LINE + 2]]:1: error: 'func.func' op cannot be lowered to DirectML: result #0 has type !torch.vtensor<[4,3],f32>, a frontend type at the function boundary: convert first with the frontends-to-tcp-pipeline
// JSON: backend_errors_types.mlir:[[# @LINE + 1]]:1: error: 'func.func' op result #0 cannot be a DirectML graph output: it has type !torch.vtensor<[4,3],f32>, a frontend type at the function boundary: convert first with the frontends-to-tcp-pipeline
func.func @boundary(%x: tensor<4x3xf32>) -> !torch.vtensor<[4,3],f32> {
  %0 = torch_c.from_builtin_tensor %x : tensor<4x3xf32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}
