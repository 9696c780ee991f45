// Scatters in the Go backend: the destination is written with the input
// (here a broadcast of zeros, never materialized), then the updates are
// combined in row-major order by workers that each own a range of
// destination rows; the same values as the interpreter, duplicates
// included, for every worker count.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: tcp-run --print=mlir %s -e segment_sum --backend=go --workers 1 | FileCheck %s --check-prefix=OUT
// RUN: tcp-run --print=mlir %s -e segment_sum --backend=go --workers 3 | FileCheck %s --check-prefix=OUT
// RUN: tcp-run --print=mlir %s -e segment_sum --backend=interp | FileCheck %s --check-prefix=OUT
// RUN: tcp-run --print=mlir %s -e put_last --backend=go | FileCheck %s --check-prefix=LAST
// RUN: tcp-run --print=mlir %s -e put_last --backend=interp | FileCheck %s --check-prefix=LAST
// RUN: not tcp-run --print=mlir %s -e out_of_range --backend=go 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not tcp-run --print=mlir %s -e out_of_range --backend=interp 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-LABEL: func SegmentSum(
// CHECK-NOT:     make(
// CHECK:         tcpParallel(
// CHECK:         if {{.*}} < lo || {{.*}} >= hi {
// CHECK-NEXT:      continue
// CHECK:         tcpAdd32(
// CHECK-LABEL: func SegmentSumDims(
// OUT: dense<{{\[\[}}4.000000e+00, 6.000000e+00], [0.000000e+00, 0.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
func.func @segment_sum() -> tensor<3x2xf32> {
  %z = tcp.const {value = dense<0.0> : tensor<1x1xf32>} : tensor<1x1xf32>
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %t = tcp.broadcast_to %z, %c3, %c2 {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<3x2xf32>
  %i = tcp.const {value = dense<[[0], [2], [0], [7]]> : tensor<4x1xi64>} : tensor<4x1xi64>
  %u = tcp.const {value = dense<[[1.0, 2.0], [5.0, 6.0], [3.0, 4.0], [9.0, 9.0]]> : tensor<4x2xf32>} : tensor<4x2xf32>
  %0 = tcp.scatter_nd %t, %i, %u {combine = "add", mode = "drop"} : tensor<3x2xf32>, tensor<4x1xi64>, tensor<4x2xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// Duplicates under replace: the last update of row-major order wins.
// LAST: dense<[30, 2, 3]> : tensor<3xi32>
func.func @put_last() -> tensor<3xi32> {
  %x = tcp.const {value = dense<[1, 2, 3]> : tensor<3xi32>} : tensor<3xi32>
  %i = tcp.const {value = dense<[0, -3, 0]> : tensor<3xi64>} : tensor<3xi64>
  %u = tcp.const {value = dense<[10, 20, 30]> : tensor<3xi32>} : tensor<3xi32>
  %0 = tcp.scatter %x, %i, %u {dim = 0 : index, mode = "wrap_negative"} : tensor<3xi32>, tensor<3xi64>, tensor<3xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// ERR: index 3 is out of bounds for dimension 0 with size 3
func.func @out_of_range() -> tensor<3xi32> {
  %x = tcp.const {value = dense<[1, 2, 3]> : tensor<3xi32>} : tensor<3xi32>
  %i = tcp.const {value = dense<[0, 3]> : tensor<2xi64>} : tensor<2xi64>
  %u = tcp.const {value = dense<[10, 20]> : tensor<2xi32>} : tensor<2xi32>
  %0 = tcp.scatter %x, %i, %u {dim = 0 : index, mode = "error"} : tensor<3xi32>, tensor<2xi64>, tensor<2xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// f16 add rounds in index order like the interpreter: 1 + 2^-11 + 2^-11
// stays 1 (each addend is half an ulp, a tie to even), where one sum of
// both addends would give 1 + 2^-10.
// HALF: dense<[1.000000e+00, 1.000980e+00]> : tensor<2xf16>
// RUN: tcp-run --print=mlir %s -e half_order --backend=go | FileCheck %s --check-prefix=HALF
// RUN: tcp-run --print=mlir %s -e half_order --backend=interp | FileCheck %s --check-prefix=HALF
func.func @half_order() -> tensor<2xf16> {
  %x = tcp.const {value = dense<[1.0, 1.0]> : tensor<2xf16>} : tensor<2xf16>
  %i = tcp.const {value = dense<[0, 0, 1]> : tensor<3xi64>} : tensor<3xi64>
  %u = tcp.const {value = dense<[4.8828125E-4, 4.8828125E-4, 9.765625E-4]> : tensor<3xf16>} : tensor<3xf16>
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index} : tensor<2xf16>, tensor<3xi64>, tensor<3xf16> -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// A scatter that another op reads is computed into a buffer of its own
// (allocated once per call), which the gather reads.
// READ: dense<[4, 32, 4]> : tensor<3xi32>
// RUN: tcp-run --print=mlir %s -e read_back --backend=go | FileCheck %s --check-prefix=READ
// RUN: tcp-run --print=mlir %s -e read_back --backend=interp | FileCheck %s --check-prefix=READ
func.func @read_back() -> tensor<3xi32> {
  %x = tcp.const {value = dense<[1, 2, 3, 4]> : tensor<4xi32>} : tensor<4xi32>
  %i = tcp.const {value = dense<[1, 1]> : tensor<2xi64>} : tensor<2xi64>
  %u = tcp.const {value = dense<[10, 20]> : tensor<2xi32>} : tensor<2xi32>
  %s = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index, mode = "error"} : tensor<4xi32>, tensor<2xi64>, tensor<2xi32> -> tensor<4xi32>
  %j = tcp.const {value = dense<[3, 1, 3]> : tensor<3xi64>} : tensor<3xi64>
  %0 = tcp.gather %s, %j {dim = 0 : index} : tensor<4xi32>, tensor<3xi64> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// A scatter along dim 1 of an argument: the input is copied row by row in
// the update nest (each worker copies a destination row, then adds its
// updates while it is in cache), not by a copy pass before it, and not at
// all when the kernel runs in place (tcp-run --in-place); the rows past
// the indices' 3 are copied on their own.
// CHECK-LABEL: func RowFused(
// CHECK-NOT:     copy(r0[lo:hi]
// CHECK:         copy(r0[12:], a0[12:])
// CHECK:         tcpParallel(3,
// CHECK-NEXT:      for i{{[0-9]+}}_0 := lo; i{{[0-9]+}}_0 < hi; i{{[0-9]+}}_0++ {
// CHECK-NEXT:        if !tcpSame(r0, a0) {
// CHECK-NEXT:          copy(r0[i{{[0-9]+}}_0*4:(i{{[0-9]+}}_0+1)*4], a0[i{{[0-9]+}}_0*4:(i{{[0-9]+}}_0+1)*4])
// CHECK:             tcpAdd32(
// CHECK-LABEL: func RowFusedDims(
func.func @row_fused(%x: tensor<5x4xf32>, %i: tensor<3x2xi64>, %u: tensor<3x2xf32>) -> tensor<5x4xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 1 : index, mode = "error"} : tensor<5x4xf32>, tensor<3x2xi64>, tensor<3x2xf32> -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// A ScatterElements add along dim 0 with 256 columns or more: the workers
// split the columns in steps of a cache line (16 f32) and walk their
// columns in blocks of 64 or more over all the rows; on an error the indices are
// scanned again in row-major order for the interpreter's first bad one.
// CHECK-LABEL: func ColumnSplit(
// CHECK:         tcpParallel(16, 192, func(lo, hi int) error {
// CHECK-NEXT:      lo, hi = lo*16, min(hi*16, 256)
// CHECK-NEXT:      [[STEP:t[0-9]+]] := max(64, 262144/max(1, 12)) &^ 15
// CHECK-NEXT:      for [[B:t[0-9]+]] := lo; [[B]] < hi; [[B]] += [[STEP]] {
// CHECK-NEXT:        [[E:t[0-9]+]] := min([[B]]+[[STEP]], hi)
// CHECK-NEXT:        for i{{[0-9]+}}_0 := 0; i{{[0-9]+}}_0 < 5; i{{[0-9]+}}_0++ {
// CHECK:               for [[J:i[0-9]+_1]] := [[B]]; [[J]] < [[E]]; [[J]]++ {
// CHECK-NOT:             lo ||
// CHECK:                 tcpAdd32(
// CHECK:         }); err != nil {
// CHECK-NEXT:      for i{{[0-9]+}}_0 := 0; i{{[0-9]+}}_0 < 5; i{{[0-9]+}}_0++ {
// CHECK-NEXT:        for i{{[0-9]+}}_1 := 0; i{{[0-9]+}}_1 < 256; i{{[0-9]+}}_1++ {
// CHECK:               return fmt.Errorf("index %d is out of bounds for dimension 0 with size %d"
// CHECK:           return err
func.func @column_split(%x: tensor<3x256xf32>, %i: tensor<5x256xi64>, %u: tensor<5x256xf32>) -> tensor<3x256xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index, mode = "wrap_negative"} : tensor<3x256xf32>, tensor<5x256xi64>, tensor<5x256xf32> -> tensor<3x256xf32>
  return %0 : tensor<3x256xf32>
}
