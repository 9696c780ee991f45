// torch.aten.select_scatter (y[i] = v along one dim), run by the
// interpreter as written and after --convert-torch-to-tcp, with the same
// results; and the expand_shape + insert_slice it becomes. tcp-pipeline
// checks the Go kernel and DirectML against the interpreter.

// RUN: tcp-run --print=mlir %s -e set_col | FileCheck %s --check-prefix=COL
// RUN: tcp-opt %s --convert-torch-to-tcp | tcp-run --print=mlir - -e set_col | FileCheck %s --check-prefix=COL
// COL: {{^}}dense<{{\[\[}}1, 7], [3, 8], [5, 9]]> : tensor<3x2xi64>{{$}}
// RUN: tcp-opt %s --convert-torch-to-tcp | FileCheck %s --check-prefix=COL-TCP
// COL-TCP-LABEL: func.func @set_col(
// COL-TCP: %[[E:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] : tensor<3xi64> into tensor<3x1xi64>
// COL-TCP: tensor.insert_slice %[[E]] into %{{.*}}[0, 1] [3, 1] [1, 1] : tensor<3x1xi64> into tensor<3x2xi64>
// RUN: tcp-pipeline %s -e set_col | FileCheck %s --check-prefix=PIPE
// PIPE: OK: every stage computes the frontend's values
func.func @set_col() -> !torch.vtensor<[3,2],si64> {
  %x = torch.vtensor.literal(dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xsi64>) : !torch.vtensor<[3,2],si64>
  %v = torch.vtensor.literal(dense<[7, 8, 9]> : tensor<3xsi64>) : !torch.vtensor<[3],si64>
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %0 = torch.aten.select_scatter %x, %v, %int1, %int-1 : !torch.vtensor<[3,2],si64>, !torch.vtensor<[3],si64>, !torch.int, !torch.int -> !torch.vtensor<[3,2],si64>
  return %0 : !torch.vtensor<[3,2],si64>
}
