// onnx.Gather with 2-D indices, as onnx-mlir prints it (docs/semantics.md
// §5.3): rows of %data selected by every index of %indices; ONNX indices
// may be negative (-2 reads row 1). examples/onnx_gather/model.onnx is this
// function as an ONNX model, with its inputs and expected output in
// examples/onnx_gather/test_data_set_0 (made by internal/examplefiles).
func.func @main_graph(%data: tensor<3x2xf32>, %indices: tensor<2x2xi64>) -> tensor<2x2x2xf32> {
  %0 = "onnx.Gather"(%data, %indices) {axis = 0 : si64} : (tensor<3x2xf32>, tensor<2x2xi64>) -> tensor<2x2x2xf32>
  return %0 : tensor<2x2x2xf32>
}
