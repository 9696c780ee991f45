// Strided slices whose step jumps over short groups (an image halved in
// both axes: 12-byte i32 pixels 24 bytes apart; every other f16 of a
// vector, backwards; one channel of three): in the kernel binary one
// gatherrow.Strided call per worker's rows (AVX-512 VBMI byte shuffles
// where the CPU has them, a Go loop elsewhere). With one worker or two:
// the interpreter's results.
// RUN: rm -rf %t && tcp-run --print=mlir %s -e args --out-dir %t
// RUN: tcp-run %s -e slices %t/result_0.npy %t/result_1.npy --backend=interp --out-dir %t/want
// RUN: tcp-run %s -e slices %t/result_0.npy %t/result_1.npy --backend=go --workers 1 --expect %t/want/result_0.npy --expect %t/want/result_1.npy --expect %t/want/result_2.npy
// RUN: tcp-run %s -e slices %t/result_0.npy %t/result_1.npy --backend=go --workers 2 --expect %t/want/result_0.npy --expect %t/want/result_1.npy --expect %t/want/result_2.npy
// RUN: tcp-run --print=mlir %s -e slices %t/result_0.npy %t/result_1.npy --backend=go | FileCheck %s

// The first pixels of the halved image (pixels 0 and 2 of row 0: 0, 1,
// 2 and 6, 7, 8), every other element of the vector from 5000 down
// (5000 = 0x6CE2 in f16; 4998 ties to even, 5000; 4996 = 0x6CE1; 4994
// ties to 4992 = 0x6CE0), channel 1 of the first pixels (1, 4, 7); large
// results print as little-endian hex.
// CHECK: dense<"0x000000000100000002000000060000000700000008000000
// CHECK: dense<"0xE26CE26CE16CE06C
// CHECK: dense<"0x010000000400000007000000

func.func @args() -> (tensor<200x40x3xi32>, tensor<5001xf16>) {
  %c200 = arith.constant 200 : index
  %c40 = arith.constant 40 : index
  %c3 = arith.constant 3 : index
  %c5001 = arith.constant 5001 : index
  %y = tcp.iota(%c200, %c40, %c3) {dim = 0 : index} : tensor<200x40x3xi32>
  %x = tcp.iota(%c200, %c40, %c3) {dim = 1 : index} : tensor<200x40x3xi32>
  %c = tcp.iota(%c200, %c40, %c3) {dim = 2 : index} : tensor<200x40x3xi32>
  %k120 = arith.constant dense<120> : tensor<200x40x3xi32>
  %k3 = arith.constant dense<3> : tensor<200x40x3xi32>
  %y120 = arith.muli %y, %k120 : tensor<200x40x3xi32>
  %x3 = arith.muli %x, %k3 : tensor<200x40x3xi32>
  %s = arith.addi %y120, %x3 : tensor<200x40x3xi32>
  %img = arith.addi %s, %c : tensor<200x40x3xi32>
  %i = tcp.iota(%c5001) {dim = 0 : index} : tensor<5001xi32>
  %v = arith.sitofp %i : tensor<5001xi32> to tensor<5001xf16>
  return %img, %v : tensor<200x40x3xi32>, tensor<5001xf16>
}

func.func @slices(%img: tensor<200x40x3xi32>, %v: tensor<5001xf16>) -> (tensor<100x20x3xi32>, tensor<2501xf16>, tensor<8000x1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c20 = arith.constant 20 : index
  %c100 = arith.constant 100 : index
  %c2501 = arith.constant 2501 : index
  %c5000 = arith.constant 5000 : index
  %c8000 = arith.constant 8000 : index
  %m2 = arith.constant -2 : index
  %half = tcp.slice %img starts(%c0, %c0, %c0) sizes(%c100, %c20, %c3) strides(%c2, %c2, %c1) : tensor<200x40x3xi32> -> tensor<100x20x3xi32>
  %down = tcp.slice %v starts(%c5000) sizes(%c2501) strides(%m2) : tensor<5001xf16> -> tensor<2501xf16>
  %flat = tensor.collapse_shape %img [[0, 1], [2]] : tensor<200x40x3xi32> into tensor<8000x3xi32>
  %chan = tcp.slice %flat starts(%c0, %c1) sizes(%c8000, %c1) strides(%c1, %c1) : tensor<8000x3xi32> -> tensor<8000x1xi32>
  return %half, %down, %chan : tensor<100x20x3xi32>, tensor<2501xf16>, tensor<8000x1xi32>
}
