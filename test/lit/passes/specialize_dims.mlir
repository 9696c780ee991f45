// --specialize-dims gives a function's dynamic argument dims sizes (a model
// exported with a symbolic batch, lowered for one batch) and carries the
// static shapes through its ops, so that DirectML can take it; without it,
// the DirectML lowering names the dynamic dim and the option.
// RUN: tcp-opt %s --pass-pipeline='builtin.module(specialize-dims{shapes=3x6;4})' | FileCheck %s
// RUN: tcp-opt %s --pass-pipeline='builtin.module(specialize-dims{shapes=3x6;4},convert-tcp-to-dml{assume-in-bounds=true})' | FileCheck %s --check-prefix=DML
// RUN: not tcp-opt %s --convert-tcp-to-dml 2>&1 | FileCheck %s --check-prefix=NOSPEC
// RUN: not tcp-opt %s --pass-pipeline='builtin.module(specialize-dims{shapes=3x5;4})' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not tcp-opt %s --pass-pipeline='builtin.module(specialize-dims{shapes=3xq})' 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: tcp-pipeline --specialize-dims '3x6;4' %s | FileCheck %s --check-prefix=PIPE

// CHECK-LABEL: func.func @main(%arg0: tensor<3x6xf32>, %arg1: tensor<4xi64>) -> tensor<3x4xf32>
// CHECK:         tcp.broadcast_to %{{.*}}, %{{.*}} {axes = [0]} : tensor<1x4x1xi64>, index -> tensor<3x4x1xi64>
// CHECK:         tcp.gather_nd %arg0, %{{.*}} {batch_dims = 1 : index, mode = "wrap_negative"} : tensor<3x6xf32>, tensor<3x4x1xi64> -> tensor<3x4xf32>
// DML: dml.gather_nd1
// NOSPEC: error: 'tcp.gather_nd' op cannot be lowered to DirectML: tensor must have a static shape, got tensor<?x6xf32> (dim 0 is dynamic): give the function's dynamic argument dims sizes with specialize-dims{shapes=...} (tcp-pipeline --specialize-dims) before lowering
// BAD: error: 'func.func' op specialize-dims: argument #0: size 5 for dim 1 contradicts the static size 6 of tensor<?x6xf32>
// SYNTAX: specialize-dims: bad size "q" in shape "3xq"
// PIPE: (dims specialized: shapes=3x6;4)
// PIPE: 3. DirectML {{.*}}dml.gather_nd1
// PIPE: OK: every stage computes the frontend's values
func.func @main(%arg0: tensor<?x6xf32>, %arg1: tensor<?xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %expanded = tensor.expand_shape %arg1 [[0, 1]] : tensor<?xi64> into tensor<?x1xi64>
  %expanded_0 = tensor.expand_shape %expanded [[0, 1], [2]] : tensor<?x1xi64> into tensor<1x?x1xi64>
  %dim = tensor.dim %arg0, %c0 : tensor<?x6xf32>
  %0 = tcp.broadcast_to %expanded_0, %dim {axes = [0]} : tensor<1x?x1xi64>, index -> tensor<?x?x1xi64>
  %1 = tcp.gather_nd %arg0, %0 {batch_dims = 1 : index, mode = "wrap_negative"} : tensor<?x6xf32>, tensor<?x?x1xi64> -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
