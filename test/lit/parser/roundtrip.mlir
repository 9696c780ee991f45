// RUN: tcp-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tcp-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tcp-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tcp-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tcp-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// Custom and generic forms round-trip; dialect types and attributes that
// are not registered (here the made-up dialect "xla") are kept as written;
// registered ones (!torch.vtensor) print back exactly.

// CHECK-LABEL: func.func @f(%arg0: !torch.vtensor<[4,3],f32>, %arg1: tensor<3x4xf32>, %arg2: tensor<2x4xi64>) -> tensor<2x4xf32>
// CHECK-NEXT:    %0 = "torch.aten.relu"(%arg0) : (!torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32>
// CHECK-NEXT:    %1 = "xla.gather"(%arg1, %arg2) {dimension_numbers = #xla.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
// CHECK-NEXT:    %2 = tcp.gather %arg1, %arg2 {dim = 0 : index, mode = "clip"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
// CHECK-NEXT:    return %2 : tensor<2x4xf32>

// GENERIC: "func.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: !torch.vtensor<[4,3],f32>, %arg1: tensor<3x4xf32>, %arg2: tensor<2x4xi64>):
// GENERIC: "tcp.gather"(%arg1, %arg2) {dim = 0 : index, mode = "clip"} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
// GENERIC: "func.return"(%2) : (tensor<2x4xf32>) -> ()
// GENERIC: }) {function_type = (!torch.vtensor<[4,3],f32>, tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>, sym_name = "f"} : () -> ()

// LOC: tcp.gather {{.*}} loc("{{.*}}roundtrip.mlir":[[# @LINE + 4]]:8)
func.func @f(%t: !torch.vtensor<[4,3],f32>, %x: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %r = "torch.aten.relu"(%t) : (!torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32>
  %s = "xla.gather"(%x, %i) {dimension_numbers = #xla.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  %g = "tcp.gather"(%x, %i) {dim = 0 : index, mode = "clip"} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  return %g : tensor<2x4xf32>
}
