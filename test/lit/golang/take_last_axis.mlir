// A take along the last axis by ids shared by every row (ONNX Gather
// on the last axis, x[..., ids]): in the kernel binary the rows are one
// gatherrow.Permute call (an AVX-512 VBMI byte shuffle per row where the
// CPU has it, the Go loop elsewhere). With one worker or two, rows of 40
// i8 and 24 f32 (96 bytes: both tables of the shuffle), more ids than
// the row has elements, negative ids wrapped: the interpreter's results;
// a bad id: the interpreter's error.
// RUN: rm -rf %t && tcp-run --print=mlir %s -e args --out-dir %t
// RUN: tcp-run %s -e take %t/result_0.npy %t/result_1.npy %t/result_2.npy --backend=interp --out-dir %t/want
// RUN: tcp-run %s -e take %t/result_0.npy %t/result_1.npy %t/result_2.npy --backend=go --workers 1 --expect %t/want/result_0.npy --expect %t/want/result_1.npy
// RUN: tcp-run %s -e take %t/result_0.npy %t/result_1.npy %t/result_2.npy --backend=go --workers 2 --expect %t/want/result_0.npy --expect %t/want/result_1.npy
// RUN: not tcp-run %s -e take %t/result_0.npy %t/result_1.npy %t/result_3.npy --backend=go 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not tcp-run %s -e take %t/result_0.npy %t/result_1.npy %t/result_3.npy --backend=interp 2>&1 | FileCheck %s --check-prefix=ERR

// ERR: error: 'tcp.gather' op index 40 is out of bounds for dimension 2 with size 40

func.func @args() -> (tensor<3x2x40xi8>, tensor<4x24xf32>, tensor<70xi64>, tensor<70xi64>) {
  %x = tcp.const {value = dense<[[[-117, -80, -43, -6, 31, 68, 105, -114, -77, -40, -3, 34, 71, 108, -111, -74, -37, 0, 37, 74, 111, -108, -71, -34, 3, 40, 77, 114, -105, -68, -31, 6, 43, 80, 117, -102, -65, -28, 9, 46], [83, 120, -99, -62, -25, 12, 49, 86, 123, -96, -59, -22, 15, 52, 89, 126, -93, -56, -19, 18, 55, 92, -127, -90, -53, -16, 21, 58, 95, -124, -87, -50, -13, 24, 61, 98, -121, -84, -47, -10]], [[27, 64, 101, -118, -81, -44, -7, 30, 67, 104, -115, -78, -41, -4, 33, 70, 107, -112, -75, -38, -1, 36, 73, 110, -109, -72, -35, 2, 39, 76, 113, -106, -69, -32, 5, 42, 79, 116, -103, -66], [-29, 8, 45, 82, 119, -100, -63, -26, 11, 48, 85, 122, -97, -60, -23, 14, 51, 88, 125, -94, -57, -20, 17, 54, 91, -128, -91, -54, -17, 20, 57, 94, -125, -88, -51, -14, 23, 60, 97, -122]], [[-85, -48, -11, 26, 63, 100, -119, -82, -45, -8, 29, 66, 103, -116, -79, -42, -5, 32, 69, 106, -113, -76, -39, -2, 35, 72, 109, -110, -73, -36, 1, 38, 75, 112, -107, -70, -33, 4, 41, 78], [115, -104, -67, -30, 7, 44, 81, 118, -101, -64, -27, 10, 47, 84, 121, -98, -61, -24, 13, 50, 87, 124, -95, -58, -21, 16, 53, 90, 127, -92, -55, -18, 19, 56, 93, -126, -89, -52, -15, 22]]]> : tensor<3x2x40xi8>} : tensor<3x2x40xi8>
  %y = tcp.const {value = dense<[[-59.125, -52.5, -45.875, -39.25, -32.625, -26, -19.375, -12.75, -6.125, 0.5, 7.125, 13.75, 20.375, 27, 33.625, 40.25, 46.875, 53.5, 60.125, -58.25, -51.625, -45, -38.375, -31.75], [-25.125, -18.5, -11.875, -5.25, 1.375, 8, 14.625, 21.25, 27.875, 34.5, 41.125, 47.75, 54.375, 61, -57.375, -50.75, -44.125, -37.5, -30.875, -24.25, -17.625, -11, -4.375, 2.25], [8.875, 15.5, 22.125, 28.75, 35.375, 42, 48.625, 55.25, 61.875, -56.5, -49.875, -43.25, -36.625, -30, -23.375, -16.75, -10.125, -3.5, 3.125, 9.75, 16.375, 23, 29.625, 36.25], [42.875, 49.5, 56.125, 62.75, -55.625, -49, -42.375, -35.75, -29.125, -22.5, -15.875, -9.25, -2.625, 4, 10.625, 17.25, 23.875, 30.5, 37.125, 43.75, 50.375, 57, 63.625, -54.75]]> : tensor<4x24xf32>} : tensor<4x24xf32>
  %i = tcp.const {value = dense<[-24, -17, -10, -3, 4, 11, 18, -23, -16, -9, -2, 5, 12, 19, -22, -15, -8, -1, 6, 13, 20, -21, -14, -7, 0, 7, 14, 21, -20, -13, -6, 1, 8, 15, 22, -19, -12, -5, 2, 9, 16, 23, -18, -11, -4, 3, 10, 17, -24, -17, -10, -3, 4, 11, 18, -23, -16, -9, -2, 5, 12, 19, -22, -15, -8, -1, 6, 13, 20, -21]> : tensor<70xi64>} : tensor<70xi64>
  %bad = tcp.const {value = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 40, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]> : tensor<70xi64>} : tensor<70xi64>
  return %x, %y, %i, %bad : tensor<3x2x40xi8>, tensor<4x24xf32>, tensor<70xi64>, tensor<70xi64>
}

func.func @take(%x: tensor<3x2x40xi8>, %y: tensor<4x24xf32>, %i: tensor<70xi64>) -> (tensor<3x2x70xi8>, tensor<4x70xf32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %e3 = tensor.expand_shape %i [[0, 1, 2]] : tensor<70xi64> into tensor<1x1x70xi64>
  %b3 = tcp.broadcast_to %e3, %c3, %c2 {axes = [0, 1]} : tensor<1x1x70xi64>, index, index -> tensor<3x2x70xi64>
  %r0 = tcp.gather %x, %b3 {dim = 2 : index, mode = "wrap_negative"} : tensor<3x2x40xi8>, tensor<3x2x70xi64> -> tensor<3x2x70xi8>
  %e2 = tensor.expand_shape %i [[0, 1]] : tensor<70xi64> into tensor<1x70xi64>
  %b2 = tcp.broadcast_to %e2, %c4 {axes = [0]} : tensor<1x70xi64>, index -> tensor<4x70xi64>
  %r1 = tcp.gather %y, %b2 {dim = 1 : index, mode = "wrap_negative"} : tensor<4x24xf32>, tensor<4x70xi64> -> tensor<4x70xf32>
  return %r0, %r1 : tensor<3x2x70xi8>, tensor<4x70xf32>
}
