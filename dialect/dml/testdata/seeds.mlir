func.func @ex4() -> tensor<3x1x2xf32> {
  %x = dml.constant {value = dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]> : tensor<1x3x3xf32>} : tensor<1x3x3xf32>
  %i = dml.constant {value = dense<[[[0, 2]]]> : tensor<1x1x2xui32>} : tensor<1x1x2xui32>
  %0 = dml.gather %x, %i {axis = 2 : index, dimension_count = 3 : index, index_dimensions = 2 : index} : tensor<1x3x3xf32>, tensor<1x1x2xui32> -> tensor<3x1x2xf32>
  return %0 : tensor<3x1x2xf32>
}
func.func @s2() -> tensor<1x1x2x2xf32> {
  %x = dml.constant {value = dense<[[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]]]> : tensor<1x1x4x4xf32>} : tensor<1x1x4x4xf32>
  %0 = dml.slice1 %x {dimension_count = 4 : index, input_window_offsets = [0, 0, 0, 1], input_window_sizes = [1, 1, 4, 3], input_window_strides = [1, 1, -2, 2]} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}
