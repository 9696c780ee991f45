package golang

import (
	"errors"
	"testing"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// The casts and data scalars of emit_casts.go the backend refuses.
func TestEmitCastErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"cast returned", `func.func @f(%a: tensor<2xui32>) -> tensor<2xi64> {
  %0 = tcp.cast_indices %a : tensor<2xui32> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}`, "f.mlir:2:8: error: 'tcp.cast_indices' op is not supported by the Go backend: a cast is fused into index reads only; its result is returned or gathered as data"},
		{"cast gathered as data", `func.func @f(%a: tensor<2xi16>, %i: tensor<3xi64>) -> tensor<3xi64> {
  %0 = arith.extsi %a : tensor<2xi16> to tensor<2xi64>
  %1 = tcp.gather %0, %i {dim = 0 : index} : tensor<2xi64>, tensor<3xi64> -> tensor<3xi64>
  return %1 : tensor<3xi64>
}`, "f.mlir:2:8: error: 'arith.extsi' op is not supported by the Go backend: a cast is fused into index reads only; its result is returned or gathered as data"},
		{"size from data", `func.func @f(%x: tensor<?xf32>, %s: tensor<i64>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.extract %s[] : tensor<i64>
  %n = arith.index_cast %e : i64 to index
  %0 = tcp.slice %x starts(%c0) sizes(%n) strides(%c1) : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`, "f.mlir:4:8: error: 'tensor.extract' op is not supported by the Go backend: a result size depends on a tensor element, which the Dims function does not get"},
		{"float extract", `func.func @f(%x: tensor<4xf32>, %s: tensor<f32>) -> tensor<2xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tensor.extract %s[] : tensor<f32>
  %n = arith.fptosi %e : f32 to i64
  %i = arith.index_cast %n : i64 to index
  %0 = tcp.slice %x starts(%i) sizes(%c2) strides(%c1) : tensor<4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`, "f.mlir:5:8: error: 'arith.fptosi' op is not supported by the Go backend: no Go kernel for this op"},
		{"extract out of bounds", `func.func @f(%x: tensor<4xf32>, %s: tensor<2xi64>) -> tensor<2xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tensor.extract %s[%c2] : tensor<2xi64>
  %i = arith.index_cast %e : i64 to index
  %0 = tcp.slice %x starts(%i) sizes(%c2) strides(%c1) : tensor<4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`, "f.mlir:4:8: error: 'tensor.extract' op is not supported by the Go backend: index 2 out of bounds for dim 0 of size 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := parser.Parse("f.mlir", tc.src, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, err = Emit(m, Options{Package: "k"})
			var dl ir.DiagnosticList
			if errors.As(err, &dl) && len(dl) == 1 {
				err = dl[0]
			}
			if err == nil || err.Error() != tc.want {
				t.Errorf("error = %v\nwant    %s", err, tc.want)
			}
		})
	}
}
