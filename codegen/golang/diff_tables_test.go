package golang

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// Differential patterns for the index tables (ahead.go's indexTables): a
// column gather (axis 1 of a matrix, one element per index), a take of
// 8-element runs along the middle axis and a take along the last axis of
// a 3-d tensor, all by one id vector, with dynamic dims and with static
// ones (static short runs are array copies), in every mode and index type.

func init() {
	patterns = append(patterns,
		pattern{name: "index_tables", mlir: `func.func @%[3]s(%%x: tensor<?x?xf32>, %%y: tensor<?x?x8xf16>, %%z: tensor<?x3x?xi8>, %%i: tensor<?x%[2]s>) -> (tensor<?x?xf32>, tensor<?x?x8xf16>, tensor<?x3x?xi8>) {
  %%c0 = arith.constant 0 : index
  %%c3 = arith.constant 3 : index
  %%c8 = arith.constant 8 : index
  %%m = tensor.dim %%x, %%c0 : tensor<?x?xf32>
  %%p = tensor.dim %%y, %%c0 : tensor<?x?x8xf16>
  %%q = tensor.dim %%z, %%c0 : tensor<?x3x?xi8>
  %%e0 = tensor.expand_shape %%i [[0, 1]] : tensor<?x%[2]s> into tensor<1x?x%[2]s>
  %%b0 = tcp.broadcast_to %%e0, %%m {axes = [0]} : tensor<1x?x%[2]s>, index -> tensor<?x?x%[2]s>
  %%r0 = tcp.gather %%x, %%b0 {dim = 1 : index%[6]s} : tensor<?x?xf32>, tensor<?x?x%[2]s> -> tensor<?x?xf32>
  %%e1 = tensor.expand_shape %%i [[0, 1, 2]] : tensor<?x%[2]s> into tensor<1x?x1x%[2]s>
  %%b1 = tcp.broadcast_to %%e1, %%p, %%c8 {axes = [0, 2]} : tensor<1x?x1x%[2]s>, index, index -> tensor<?x?x8x%[2]s>
  %%r1 = tcp.gather %%y, %%b1 {dim = 1 : index%[6]s} : tensor<?x?x8xf16>, tensor<?x?x8x%[2]s> -> tensor<?x?x8xf16>
  %%e2 = tensor.expand_shape %%i [[0, 1, 2]] : tensor<?x%[2]s> into tensor<1x1x?x%[2]s>
  %%b2 = tcp.broadcast_to %%e2, %%q, %%c3 {axes = [0, 1]} : tensor<1x1x?x%[2]s>, index, index -> tensor<?x3x?x%[2]s>
  %%r2 = tcp.gather %%z, %%b2 {dim = 2 : index%[6]s} : tensor<?x3x?xi8>, tensor<?x3x?x%[2]s> -> tensor<?x3x?xi8>
  return %%r0, %%r1, %%r2 : tensor<?x?xf32>, tensor<?x?x8xf16>, tensor<?x3x?xi8>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			a := dim(r, 6)
			return []*tensor.Tensor{randOf(r, tensor.F32, dim(r, 4), a), randOf(r, tensor.F16, dim(r, 4), a, 8), randOf(r, tensor.I8, dim(r, 4), 3, a), randIdx(r, oob, it, a, dim(r, 9))}
		}},
		pattern{name: "index_tables_static", mlir: `func.func @%[3]s(%%x: tensor<3x5xf32>, %%y: tensor<2x5x3xf64>, %%z: tensor<2x3x5xi64>, %%i: tensor<7x%[2]s>) -> (tensor<3x7xf32>, tensor<2x7x3xf64>, tensor<2x3x7xi64>) {
  %%c2 = arith.constant 2 : index
  %%c3 = arith.constant 3 : index
  %%e0 = tensor.expand_shape %%i [[0, 1]] : tensor<7x%[2]s> into tensor<1x7x%[2]s>
  %%b0 = tcp.broadcast_to %%e0, %%c3 {axes = [0]} : tensor<1x7x%[2]s>, index -> tensor<3x7x%[2]s>
  %%r0 = tcp.gather %%x, %%b0 {dim = 1 : index%[6]s} : tensor<3x5xf32>, tensor<3x7x%[2]s> -> tensor<3x7xf32>
  %%e1 = tensor.expand_shape %%i [[0, 1, 2]] : tensor<7x%[2]s> into tensor<1x7x1x%[2]s>
  %%b1 = tcp.broadcast_to %%e1, %%c2, %%c3 {axes = [0, 2]} : tensor<1x7x1x%[2]s>, index, index -> tensor<2x7x3x%[2]s>
  %%r1 = tcp.gather %%y, %%b1 {dim = 1 : index%[6]s} : tensor<2x5x3xf64>, tensor<2x7x3x%[2]s> -> tensor<2x7x3xf64>
  %%e2 = tensor.expand_shape %%i [[0, 1, 2]] : tensor<7x%[2]s> into tensor<1x1x7x%[2]s>
  %%b2 = tcp.broadcast_to %%e2, %%c2, %%c3 {axes = [0, 1]} : tensor<1x1x7x%[2]s>, index, index -> tensor<2x3x7x%[2]s>
  %%r2 = tcp.gather %%z, %%b2 {dim = 2 : index%[6]s} : tensor<2x3x5xi64>, tensor<2x3x7x%[2]s> -> tensor<2x3x7xi64>
  return %%r0, %%r1, %%r2 : tensor<3x7xf32>, tensor<2x7x3xf64>, tensor<2x3x7xi64>
}`, args: func(r *rand.Rand, oob bool, it tensor.DType) []*tensor.Tensor {
			return []*tensor.Tensor{randOf(r, tensor.F32, 3, 5), randOf(r, tensor.F64, 2, 5, 3), randOf(r, tensor.I64, 2, 3, 5), randIdx(r, oob, it, 5, 7)}
		}},
	)
}

// TestIndexTables checks where the index reads leave the nest for a
// table computed once per call: loops that read the same indices for
// every outer row, not a row gather (its indices change with the only
// loop).
func TestIndexTables(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // in the emitted code; empty: no table
	}{
		{"column gather", `func.func @f(%x: tensor<?x64xf32>, %i: tensor<16xi32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e = tensor.expand_shape %i [[0, 1]] : tensor<16xi32> into tensor<1x16xi32>
  %b = tcp.broadcast_to %e, %m {axes = [0]} : tensor<1x16xi32>, index -> tensor<?x16xi32>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "wrap_negative"} : tensor<?x64xf32>, tensor<?x16xi32> -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}`, []string{"t7 := make([]int, 16)\nfor j := range t7 {\nt7[j] = tcpWrapNeg(int(a1[j]), 64)", "t8 := t7[:16]", "t4 := t8[i1_1]\nt5[i1_1] = t6[t4]"}},
		{"middle axis, clip", `func.func @f(%x: tensor<4x64x8xf32>, %i: tensor<?xi64>) -> tensor<4x?x8xf32> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %e = tensor.expand_shape %i [[0, 1, 2]] : tensor<?xi64> into tensor<1x?x1xi64>
  %b = tcp.broadcast_to %e, %c4, %c8 {axes = [0, 2]} : tensor<1x?x1xi64>, index, index -> tensor<4x?x8xi64>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "clip"} : tensor<4x64x8xf32>, tensor<4x?x8xi64> -> tensor<4x?x8xf32>
  return %0 : tensor<4x?x8xf32>
}`, []string{"make([]int, a1d0)", "= tcpClip(int(a1[j]), 64)"}},
		{"row gather", `func.func @f(%x: tensor<64x4xf32>, %i: tensor<16xi64>) -> tensor<16x4xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<16xi64> into tensor<16x1xi64>
  %c = arith.constant 4 : index
  %b = tcp.broadcast_to %e, %c {axes = [1]} : tensor<16x1xi64>, index -> tensor<16x4xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index} : tensor<64x4xf32>, tensor<16x4xi64> -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}`, nil},
		{"column gather under fill: the guard reads the raw index", `func.func @f(%x: tensor<8x64xf32>, %i: tensor<16xi32>) -> tensor<8x16xf32> {
  %c8 = arith.constant 8 : index
  %e = tensor.expand_shape %i [[0, 1]] : tensor<16xi32> into tensor<1x16xi32>
  %b = tcp.broadcast_to %e, %c8 {axes = [0]} : tensor<1x16xi32>, index -> tensor<8x16xi32>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "fill"} : tensor<8x64xf32>, tensor<8x16xi32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}`, []string{"t7[j] = tcpSafe(int(a1[j]), 64)", "t2 := int(t1[i0_1])\nt3 := t8[i0_1]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := parser.Parse("f.mlir", tc.src, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := Emit(m, Options{Package: "k"})
			if err != nil {
				t.Fatal(err)
			}
			out := strings.ReplaceAll(string(b), "\t", "") // gofmt's indentation
			if len(tc.want) == 0 && strings.Contains(out, "make([]int") {
				t.Errorf("unexpected table:\n%s", out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q in:\n%s", w, out)
				}
			}
		})
	}
}
