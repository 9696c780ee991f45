// Replaces of whole rows (index_put, ScatterND reduction none) by [N, 1]
// argument ids: the kernel tests per call whether the ids are distinct
// (tcpRowsUnique, a bitmap of the destination rows); if so the workers
// split the update rows, each copying whole rows (any order is the
// sequential result), else a split that keeps the order of duplicates:
// by the columns of each row for rows of 129 to 512 bytes (put), by
// destination rows for longer ones (put_wide). Distinct ids, duplicates
// (the last update wins) and a bad id (the interpreter's error, the first
// in row-major order) give the interpreter's results with any worker
// count. An add of such rows (add, an embedding gradient) runs the
// column split's code on one worker (tcpSerial), adding the columns of
// every update row in order (duplicates sum in the sequential order): a
// Go loop over them in kernels for embedders, rowadd.AddF32 in the
// kernel binary that tcp-run builds. An add of rows of at most 128 bytes
// (add_pts, 3-float points) runs on one worker too: the loop over the updates in kernels
// for embedders, one call of rowadd.ScatterRowsF32I64 for all of them in
// the kernel binary; its results and its error are the interpreter's.
// RUN: tcp-translate --mlir-to-go %s | FileCheck %s
// RUN: rm -rf %t && tcp-run --print=mlir %s -e args --out-dir %t
// RUN: tcp-run %s -e put %t/result_0.npy %t/result_1.npy %t/result_4.npy --backend=interp --out-dir %t/uniq
// RUN: tcp-run %s -e put %t/result_0.npy %t/result_1.npy %t/result_4.npy --backend=go --workers 2 --expect %t/uniq/result_0.npy
// RUN: tcp-run %s -e put %t/result_0.npy %t/result_1.npy %t/result_4.npy --backend=go --workers 3 --in-place --expect %t/uniq/result_0.npy
// RUN: tcp-run %s -e put %t/result_0.npy %t/result_2.npy %t/result_4.npy --backend=interp --out-dir %t/dup
// RUN: tcp-run %s -e put %t/result_0.npy %t/result_2.npy %t/result_4.npy --backend=go --workers 2 --expect %t/dup/result_0.npy
// RUN: tcp-run %s -e put %t/result_0.npy %t/result_2.npy %t/result_4.npy --backend=go --workers 3 --in-place --expect %t/dup/result_0.npy
// RUN: not tcp-run %s -e put %t/result_0.npy %t/result_3.npy %t/result_4.npy --backend=go --workers 2 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not tcp-run %s -e put %t/result_0.npy %t/result_3.npy %t/result_4.npy --backend=interp 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: tcp-run %s -e put_wide %t/result_5.npy %t/result_2.npy %t/result_6.npy --backend=interp --out-dir %t/wide
// RUN: tcp-run %s -e put_wide %t/result_5.npy %t/result_2.npy %t/result_6.npy --backend=go --workers 2 --expect %t/wide/result_0.npy
// RUN: tcp-run %s -e put_wide %t/result_5.npy %t/result_1.npy %t/result_6.npy --backend=interp --out-dir %t/wideu
// RUN: tcp-run %s -e put_wide %t/result_5.npy %t/result_1.npy %t/result_6.npy --backend=go --workers 2 --expect %t/wideu/result_0.npy
// RUN: tcp-run %s -e add %t/result_0.npy %t/result_2.npy %t/result_4.npy --backend=interp --out-dir %t/add
// RUN: tcp-run %s -e add %t/result_0.npy %t/result_2.npy %t/result_4.npy --backend=go --workers 2 --expect %t/add/result_0.npy
// RUN: tcp-run %s -e add %t/result_0.npy %t/result_2.npy %t/result_4.npy --backend=go --workers 3 --in-place --expect %t/add/result_0.npy
// RUN: not tcp-run %s -e add %t/result_0.npy %t/result_3.npy %t/result_4.npy --backend=go --workers 2 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: tcp-run %s -e add_pts %t/result_7.npy %t/result_2.npy %t/result_8.npy --backend=interp --out-dir %t/pts
// RUN: tcp-run %s -e add_pts %t/result_7.npy %t/result_2.npy %t/result_8.npy --backend=go --workers 2 --expect %t/pts/result_0.npy
// RUN: tcp-run %s -e add_pts %t/result_7.npy %t/result_2.npy %t/result_8.npy --backend=go --workers 1 --in-place --expect %t/pts/result_0.npy
// RUN: not tcp-run %s -e add_pts %t/result_7.npy %t/result_3.npy %t/result_8.npy --backend=go 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-LABEL: func Put(
// CHECK:         [[U:ut[0-9]+]] := tcpRowsUnique(a1, 6, 256, 1)
// CHECK-NEXT:    [[U]]body := func(lo, hi int) error {
// CHECK-NEXT:      [[U]]s0, [[U]]e0 := 0, 4
// CHECK-NEXT:      if [[U]] {
// CHECK-NEXT:        [[U]]s0, [[U]]e0, lo, hi = lo, hi, 0, 64
// CHECK-NEXT:      } else {
// CHECK-NEXT:        lo, hi = lo*16, min(hi*16, 64)
// CHECK-NEXT:      }
// CHECK-NEXT:      for [[I:i[0-9]+_0]] := [[U]]s0; [[I]] < [[U]]e0; [[I]]++ {
// CHECK:             copy([[D:t[0-9]+]][lo:hi], [[S:t[0-9]+]][lo:hi])
// CHECK:         if [[U]] {
// CHECK-NEXT:      [[U]]err = tcpParallel(4, 256, [[U]]body)
// CHECK-NEXT:    } else {
// CHECK-NEXT:      [[U]]err = tcpParallelScan(4, 256, [[U]]body)
// CHECK-LABEL: func PutWide(
// CHECK:         [[W:ut[0-9]+]] := tcpRowsUnique(a1, 6, 1200, 1)
// CHECK:           [[W]]s0, [[W]]e0, lo, hi = lo, hi, 0, 6
// CHECK-NEXT:      }
// CHECK-NEXT:      for [[J:i[0-9]+_0]] := [[W]]s0; [[J]] < [[W]]e0; [[J]]++ {
// CHECK:             if [[T:t[0-9]+]] < lo || [[T]] >= hi {
// CHECK:             copy(
// CHECK:           [[W]]err = tcpParallelScan(6, 1200, [[W]]body)
// CHECK-LABEL: func Add(
// CHECK:         tcpSerial(4, func(lo, hi int) error {
// CHECK-NEXT:      lo, hi = lo*16, min(hi*16, 64)
// CHECK-NEXT:      for [[K:i[0-9]+_0]] := 0; [[K]] < 4; [[K]]++ {
// CHECK-NOT:         < lo ||
// CHECK:             [[D:t[0-9]+]], [[S:t[0-9]+]] := {{t[0-9]+}}[lo:hi], {{t[0-9]+}}[lo:hi]
// CHECK-NEXT:        [[S]] = [[S]][:len([[D]])]
// CHECK-NEXT:        for [[J:t[0-9]+]] := range [[D]] {
// CHECK-NEXT:          [[D]][[[J]]] = tcpAdd32([[D]][[[J]]], [[S]][[[J]]])
// CHECK-LABEL: func AddPts(
// CHECK:         tcpSerial(6, func(lo, hi int) error {
// CHECK-NEXT:      for [[K:i[0-9]+_0]] := 0; [[K]] < 4; [[K]]++ {

// ERR: index 6 is out of bounds for dimension 0 with size 6

func.func @args() -> (tensor<6x64xf32>, tensor<4x1xi64>, tensor<4x1xi64>, tensor<4x1xi64>, tensor<4x64xf32>, tensor<6x300xf32>, tensor<4x300xf32>, tensor<6x3xf32>, tensor<4x3xf32>) {
  %x = tcp.const {value = dense<1.0> : tensor<6x64xf32>} : tensor<6x64xf32>
  %uniq = tcp.const {value = dense<[[5], [-6], [2], [3]]> : tensor<4x1xi64>} : tensor<4x1xi64>
  %dup = tcp.const {value = dense<[[1], [4], [1], [-5]]> : tensor<4x1xi64>} : tensor<4x1xi64>
  %bad = tcp.const {value = dense<[[0], [6], [2], [9]]> : tensor<4x1xi64>} : tensor<4x1xi64>
  %c64 = arith.constant 64 : index
  %c300 = arith.constant 300 : index
  %r = tcp.const {value = dense<[[2.0], [3.0], [4.0], [5.0]]> : tensor<4x1xf32>} : tensor<4x1xf32>
  %u = tcp.broadcast_to %r, %c64 {axes = [1]} : tensor<4x1xf32>, index -> tensor<4x64xf32>
  %x2 = tcp.const {value = dense<-1.0> : tensor<6x300xf32>} : tensor<6x300xf32>
  %u2 = tcp.broadcast_to %r, %c300 {axes = [1]} : tensor<4x1xf32>, index -> tensor<4x300xf32>
  %x3 = tcp.const {value = dense<[[0.5, 1.0, 1.5], [2.0, 2.5, 3.0], [3.5, 4.0, 4.5], [5.0, 5.5, 6.0], [6.5, 7.0, 7.5], [8.0, 8.5, 9.0]]> : tensor<6x3xf32>} : tensor<6x3xf32>
  %u3 = tcp.const {value = dense<[[1.0, 2.0, 3.0], [10.0, 20.0, 30.0], [100.0, 200.0, 300.0], [0.25, 0.5, 0.75]]> : tensor<4x3xf32>} : tensor<4x3xf32>
  return %x, %uniq, %dup, %bad, %u, %x2, %u2, %x3, %u3 : tensor<6x64xf32>, tensor<4x1xi64>, tensor<4x1xi64>, tensor<4x1xi64>, tensor<4x64xf32>, tensor<6x300xf32>, tensor<4x300xf32>, tensor<6x3xf32>, tensor<4x3xf32>
}

func.func @put(%x: tensor<6x64xf32>, %i: tensor<4x1xi64>, %u: tensor<4x64xf32>) -> tensor<6x64xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<6x64xf32>, tensor<4x1xi64>, tensor<4x64xf32> -> tensor<6x64xf32>
  return %0 : tensor<6x64xf32>
}

func.func @put_wide(%x: tensor<6x300xf32>, %i: tensor<4x1xi64>, %u: tensor<4x300xf32>) -> tensor<6x300xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {mode = "wrap_negative"} : tensor<6x300xf32>, tensor<4x1xi64>, tensor<4x300xf32> -> tensor<6x300xf32>
  return %0 : tensor<6x300xf32>
}

func.func @add(%x: tensor<6x64xf32>, %i: tensor<4x1xi64>, %u: tensor<4x64xf32>) -> tensor<6x64xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<6x64xf32>, tensor<4x1xi64>, tensor<4x64xf32> -> tensor<6x64xf32>
  return %0 : tensor<6x64xf32>
}

func.func @add_pts(%x: tensor<6x3xf32>, %i: tensor<4x1xi64>, %u: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<6x3xf32>, tensor<4x1xi64>, tensor<4x3xf32> -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}
