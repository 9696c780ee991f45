// RUN: tcp-run --print=mlir %s -e region_apply | FileCheck %s --check-prefix=APPLY
// RUN: not tcp-opt %s --convert-stablehlo-to-tcp 2>&1 | FileCheck %s --check-prefix=ERR

// Any other region of scalar ops is run by the interpreter for every
// update (jax's .at[i].apply(lambda v: v * 2 + 1)); index 0 twice: 2*(2*1+1)+1.
// APPLY: dense<[7.000000e+00, 2.000000e+00, 7.000000e+00]> : tensor<3xf32>
func.func @region_apply() -> tensor<3xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %i = stablehlo.constant dense<[[0], [2], [0]]> : tensor<3x1xi32>
  %u = stablehlo.constant dense<0.0> : tensor<3xf32>
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %two = stablehlo.constant dense<2.0> : tensor<f32>
    %one = stablehlo.constant dense<1.0> : tensor<f32>
    %m = stablehlo.multiply %a, %two : tensor<f32>
    %r = stablehlo.add %m, %one : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<3xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// ERR: scatter_region.mlir:11:8: error: failed to legalize operation 'stablehlo.scatter' that was explicitly marked illegal
// ERR: note: 'stablehlo.scatter' op cannot be converted to tcp: its update_computation is not a combiner tcp.scatter_nd expresses
