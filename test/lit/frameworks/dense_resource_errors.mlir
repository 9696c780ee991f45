// RUN: tcp-opt %s -split-input-file -verify-diagnostics

func.func @unknown() {
  // expected-error@+1 {{unknown dense_resource 'nope' (no such blob in the file's dialect_resources)}}
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<nope> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64>
  return
}

// -----

func.func @size() {
  // expected-error@+1 {{dense_resource 'short' holds 8 bytes, tensor<2xsi64> needs 16}}
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<short> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64>
  return
}

{-#
  dialect_resources: {
    builtin: {
      short: "0x08000000FFFFFFFFFFFFFFFF"
    }
  }
#-}
