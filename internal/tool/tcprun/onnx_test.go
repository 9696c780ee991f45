package tcprun

import (
	"math"
	"testing"

	"github.com/tcp-project/tcp/frontend/onnxpb"
	"github.com/tcp-project/tcp/tensor"
)

// pb encodes t as an ONNX TensorProto named name.
func pb(name string, t *tensor.Tensor) []byte {
	p, err := onnxpb.FromTensor(name, t)
	if err != nil {
		panic(err)
	}
	return p.Marshal()
}

const nanProg = `func.func @main(%x: tensor<3xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<3xf32>, tensor<2xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @idx() -> tensor<2xindex> {
  %0 = tcp.const {value = dense<[4, 5]> : tensor<2xindex>} : tensor<2xindex>
  return %0 : tensor<2xindex>
}
`

// TestONNXTensors covers .pb arguments and --expect with .pb and .npy
// files: matches, mismatches (with the located element), NaN == NaN, the
// count check, and malformed files.
func TestONNXTensors(t *testing.T) {
	nan, negz := math.NaN(), math.Copysign(0, -1)
	negNaN := math.Float32frombits(0xffc00001) // another NaN payload and sign
	xs := f32s([]int64{3}, 1, nan, negz)
	typed := &onnxpb.Tensor{Name: "x", Dims: []int64{3}, DataType: onnxpb.Float, FloatData: []float32{1, negNaN, float32(negz)}}
	files := map[string][]byte{
		"n.mlir":     []byte(nanProg),
		"x.pb":       pb("x", xs),
		"xt.pb":      typed.Marshal(),
		"i.pb":       pb("i", i64s([]int64{2}, 1, 2)),
		"i.npy":      npyV1(i64s([]int64{2}, 1, 2)),
		"want.pb":    pb("y", f32s([]int64{2}, nan, negz)),
		"want.npy":   npyV1(f32s([]int64{2}, nan, negz)),
		"poszero.pb": pb("y", f32s([]int64{2}, nan, 0)),
		"wrong.pb":   pb("y", f32s([]int64{2}, nan, 1)),
		"shape.pb":   pb("y", f32s([]int64{1, 2}, nan, 0)),
		"idx.pb":     pb("y", i64s([]int64{2}, 4, 5)),
		"trunc.pb":   pb("i", i64s([]int64{2}, 1, 2))[:10],
		"short.pb":   (&onnxpb.Tensor{Name: "i", Dims: []int64{2}, DataType: onnxpb.Int64, Int64Data: []int64{1}}).Marshal(),
		"text.pb":    []byte("not a protobuf\n"),
	}
	for _, c := range []mainCase{
		{name: "pb arguments", files: files, args: []string{"DIR/n.mlir", "DIR/x.pb", "DIR/i.pb"},
			stdout: "result #0: tensor<2xf32>\n[nan -0.]\n"},
		{name: "pb typed data", files: files, args: []string{"DIR/n.mlir", "DIR/xt.pb", "DIR/i.npy", "--expect", "DIR/want.pb"},
			stdout: "result #0: tensor<2xf32>\n[nan -0.]\n"},
		{name: "expect pb", files: files, args: []string{"DIR/n.mlir", "DIR/x.pb", "DIR/i.npy", "--expect", "DIR/want.pb"},
			stdout: "result #0: tensor<2xf32>\n[nan -0.]\n"},
		{name: "expect npy", files: files, args: []string{"DIR/n.mlir", "DIR/x.pb", "DIR/i.pb", "--expect=DIR/want.npy"},
			stdout: "result #0: tensor<2xf32>\n[nan -0.]\n"},
		{name: "expect index as int64", files: files, args: []string{"DIR/n.mlir", "-e", "idx", "--expect", "DIR/idx.pb"},
			stdout: "result #0: tensor<2xindex>\n[4 5]\n"},
		{name: "mismatch", files: files, args: []string{"DIR/n.mlir", "DIR/x.pb", "DIR/i.pb", "--expect", "DIR/wrong.pb"}, code: 1,
			stdout: "result #0: tensor<2xf32>\n[nan -0.]\n",
			stderr: "tcp-run: error: result #0 of @main differs from DIR/wrong.pb in 1 of 2 elements (expected vs actual):\n  at [1]: 1.0 vs -0.0\n"},
		{name: "signed zero differs", files: files, args: []string{"DIR/n.mlir", "DIR/x.pb", "DIR/i.pb", "--expect", "DIR/poszero.pb"}, code: 1,
			stdout: "result #0: tensor<2xf32>\n[nan -0.]\n",
			stderr: "tcp-run: error: result #0 of @main differs from DIR/poszero.pb in 1 of 2 elements (expected vs actual):\n  at [1]: 0.0 vs -0.0\n"},
		{name: "shape mismatch", files: files, args: []string{"DIR/n.mlir", "DIR/x.pb", "DIR/i.pb", "--expect", "DIR/shape.pb"}, code: 1,
			stdout: "result #0: tensor<2xf32>\n[nan -0.]\n",
			stderr: "tcp-run: error: result #0 of @main differs from DIR/shape.pb (expected vs actual): shape [1, 2] vs [2]\n"},
		{name: "expect count", files: files, args: []string{"DIR/n.mlir", "DIR/x.pb", "DIR/i.pb", "--expect", "DIR/want.pb", "--expect", "DIR/want.pb"}, code: 1,
			stderr: "DIR/n.mlir:1:1: error: @main has 1 result(s), got 2 --expect file(s)\nfunc.func @main(%x: tensor<3xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {\n^\n"},
		{name: "truncated pb", files: files, args: []string{"DIR/n.mlir", "DIR/x.pb", "DIR/trunc.pb"}, code: 1,
			stderr: "tcp-run: error: argument #1: DIR/trunc.pb: malformed TensorProto: byte 8: TensorProto: field 9 (raw_data) needs 16 bytes, 0 left\n"},
		{name: "short pb data", files: files, args: []string{"DIR/n.mlir", "DIR/x.pb", "DIR/short.pb"}, code: 1,
			stderr: "tcp-run: error: argument #1: DIR/short.pb: tensor \"i\": int64_data holds 1 values, want 2 (dims [2])\n"},
		{name: "text as pb", files: files, args: []string{"DIR/n.mlir", "DIR/x.pb", "DIR/text.pb"}, code: 1,
			stderr: "tcp-run: error: argument #1: DIR/text.pb: malformed TensorProto: byte 0: TensorProto: field 13 (external_data) has invalid wire type 6\n"},
		{name: "missing expected file", files: files, args: []string{"DIR/n.mlir", "DIR/x.pb", "DIR/i.pb", "--expect", "DIR/nope.pb"}, code: 1,
			stderr: "cannot open input file 'DIR/nope.pb': No such file or directory\n"},
	} {
		runMainCase(t, c)
	}
}
