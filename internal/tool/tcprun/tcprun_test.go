package tcprun

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/filecheck"
	"github.com/tcp-project/tcp/internal/lit"
	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
	"github.com/tcp-project/tcp/tensor/npy"
)

// npyV1 encodes t with tensor/npy (format 1.0).
func npyV1(t *tensor.Tensor) []byte {
	var b bytes.Buffer
	if err := npy.Write(&b, t); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// npyRaw builds a .npy file by hand: format version major.0 and a header
// dict literal.
func npyRaw(major byte, header string, data []byte) []byte {
	header += "\n"
	b := []byte("\x93NUMPY")
	b = append(b, major, 0)
	if major == 1 {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(header)))
	} else {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(header)))
	}
	return append(append(b, header...), data...)
}

func f32s(shape []int64, vals ...float64) *tensor.Tensor {
	return tensor.Must(tensor.FromFloat64s(tensor.F32, shape, vals))
}

func i64s(shape []int64, vals ...int64) *tensor.Tensor {
	return tensor.Must(tensor.FromInt64s(tensor.I64, shape, vals))
}

func le64(vals ...int64) []byte {
	var b []byte
	for _, v := range vals {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	return b
}

const prog = `func.func @main(%x: tensor<?x2xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<?x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
func.func @consts() -> (tensor<2xi64>, tensor<2x2xi1>) {
  %0 = tcp.const {value = dense<[4, 5]> : tensor<2xi64>} : tensor<2xi64>
  %1 = tcp.const {value = dense<[[true, false], [false, true]]> : tensor<2x2xi1>} : tensor<2x2xi1>
  return %0, %1 : tensor<2xi64>, tensor<2x2xi1>
}
func.func @bf16() -> tensor<2xbf16> {
  %0 = tcp.const {value = dense<[1.0, 2.5]> : tensor<2xbf16>} : tensor<2xbf16>
  return %0 : tensor<2xbf16>
}
func.func @half(%x: tensor<3xf16>, %b: tensor<3xi1>, %i: tensor<2xi32>) -> (tensor<2xf16>, tensor<2xi1>) {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap"} : tensor<3xf16>, tensor<2xi32> -> tensor<2xf16>
  %1 = tcp.gather %b, %i {dim = 0 : index, mode = "wrap"} : tensor<3xi1>, tensor<2xi32> -> tensor<2xi1>
  return %0, %1 : tensor<2xf16>, tensor<2xi1>
}
func.func @scalar(%n: index, %b: tensor<2xbf16>) -> (index, tensor<2xbf16>) {
  return %n, %b : index, tensor<2xbf16>
}
`

const twoPublic = `func.func @a() -> tensor<1xi64> {
  %0 = tcp.const {value = dense<1> : tensor<1xi64>} : tensor<1xi64>
  return %0 : tensor<1xi64>
}
func.func @b() -> tensor<1xi64> {
  %0 = tcp.const {value = dense<2> : tensor<1xi64>} : tensor<1xi64>
  return %0 : tensor<1xi64>
}
`

const onePublic = `func.func private @helper() -> tensor<1xi64> {
  %0 = tcp.const {value = dense<3> : tensor<1xi64>} : tensor<1xi64>
  return %0 : tensor<1xi64>
}
func.func @only() -> tensor<1xi64> {
  %0 = func.call @helper() : () -> tensor<1xi64>
  return %0 : tensor<1xi64>
}
`

var (
	x32   = npyV1(f32s([]int64{3, 2}, 1, 2, 3, 4, 5, 6))
	idx22 = npyV1(i64s([]int64{2, 2}, 2, 0, 1, 1))
)

type mainCase struct {
	name   string
	files  map[string][]byte // created in a fresh directory, the working directory of the paths in args
	args   []string          // "DIR/" is replaced by that directory
	stdin  string
	code   int
	stdout string
	stderr string // exact, after replacing the directory with "DIR/"
}

func TestMain_(t *testing.T) {
	base := map[string][]byte{"p.mlir": []byte(prog), "x.npy": x32, "i.npy": idx22}
	with := func(extra map[string][]byte) map[string][]byte {
		m := map[string][]byte{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	for _, c := range []mainCase{
		{name: "numpy form", files: base, args: []string{"DIR/p.mlir", "DIR/x.npy", "DIR/i.npy"},
			stdout: "result #0: tensor<2x2xf32>\n[[5. 2.]\n [3. 4.]]\n"},
		{name: "numpy form, several results", files: base, args: []string{"DIR/p.mlir", "-e", "consts", "--print", "numpy"},
			stdout: "result #0: tensor<2xi64>\n[4 5]\nresult #1: tensor<2x2xi1>\n[[ True False]\n [False  True]]\n"},
		{name: "numpy form, scalar and bf16", files: with(map[string][]byte{
			"n.npy":  npyRaw(1, "{'descr': '<i8', 'fortran_order': False, 'shape': (), }", le64(7)),
			"bf.npy": npyRaw(1, "{'descr': '<V2', 'fortran_order': False, 'shape': (2,), }", []byte{0x80, 0x3f, 0xcd, 0x3d}),
		}), args: []string{"DIR/p.mlir", "-e", "scalar", "DIR/n.npy", "DIR/bf.npy"},
			stdout: "result #0: index\n7\nresult #1: tensor<2xbf16>\n[1 0.100098]\n"},
		{name: "fortran order npy is the C-order array", files: with(map[string][]byte{
			// x32 ([[1, 2], [3, 4], [5, 6]]) as np.save(np.asfortranarray(x)) writes it.
			"f.npy": npyRaw(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (3, 2), }", f32s([]int64{6}, 1, 3, 5, 2, 4, 6).Data),
		}), args: []string{"DIR/p.mlir", "DIR/f.npy", "DIR/i.npy"},
			stdout: "result #0: tensor<2x2xf32>\n[[5. 2.]\n [3. 4.]]\n"},
		{name: "run main", files: base, args: []string{"DIR/p.mlir", "DIR/x.npy", "DIR/i.npy", "--print=mlir"},
			stdout: "dense<[[5.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>\n"},
		{name: "entry without arguments", files: base, args: []string{"DIR/p.mlir", "-e", "consts", "--print=mlir"},
			stdout: "dense<[4, 5]> : tensor<2xi64>\ndense<[[true, false], [false, true]]> : tensor<2x2xi1>\n"},
		{name: "entry with @ and =", files: base, args: []string{"--entry=@consts", "DIR/p.mlir", "--print=mlir"},
			stdout: "dense<[4, 5]> : tensor<2xi64>\ndense<[[true, false], [false, true]]> : tensor<2x2xi1>\n"},
		{name: "bf16 result", files: base, args: []string{"DIR/p.mlir", "-e", "bf16", "--print=mlir"},
			stdout: "dense<[1.000000e+00, 2.500000e+00]> : tensor<2xbf16>\n"},
		{name: "f16 and bool arguments", files: with(map[string][]byte{
			"h.npy": npyV1(tensor.Must(tensor.FromFloat64s(tensor.F16, []int64{3}, []float64{0.5, -1.5, 65504}))),
			"b.npy": npyRaw(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", []byte{1, 0, 1}),
			"k.npy": npyV1(tensor.Must(tensor.FromInt64s(tensor.I32, []int64{2}, []int64{-1, 4}))),
		}), args: []string{"DIR/p.mlir", "-e", "half", "DIR/h.npy", "DIR/b.npy", "DIR/k.npy", "--print=mlir"},
			stdout: "dense<[6.550400e+04, -1.500000e+00]> : tensor<2xf16>\ndense<[true, false]> : tensor<2xi1>\n"},
		{name: "npy format 2.0", files: with(map[string][]byte{
			"x2.npy": npyRaw(2, "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 2), }", x32[len(x32)-24:]),
		}), args: []string{"DIR/p.mlir", "DIR/x2.npy", "DIR/i.npy", "--print=mlir"},
			stdout: "dense<[[5.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>\n"},
		{name: "big-endian npy", files: with(map[string][]byte{
			"xb.npy": npyRaw(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (1, 2), }", []byte{0x3f, 0x80, 0, 0, 0x40, 0, 0, 0}),
			"i0.npy": npyV1(i64s([]int64{2, 2}, 0, 0, 0, 0)),
		}), args: []string{"DIR/p.mlir", "DIR/xb.npy", "DIR/i0.npy", "--print=mlir"},
			stdout: "dense<[[1.000000e+00, 2.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<2x2xf32>\n"},
		{name: "index scalar from int64 and bf16 from float32", files: with(map[string][]byte{
			"n.npy":  npyRaw(1, "{'descr': '<i8', 'fortran_order': False, 'shape': (), }", le64(7)),
			"bf.npy": npyV1(f32s([]int64{2}, 1.00390625, 3)),
		}), args: []string{"DIR/p.mlir", "-e", "scalar", "DIR/n.npy", "DIR/bf.npy", "--print=mlir"},
			stdout: "7 : index\ndense<[1.000000e+00, 3.000000e+00]> : tensor<2xbf16>\n"},
		{name: "stdin", stdin: twoPublic, args: []string{"-", "-e", "b", "--print=mlir"}, stdout: "dense<2> : tensor<1xi64>\n"},
		{name: "the only public function", files: map[string][]byte{"o.mlir": []byte(onePublic)}, args: []string{"DIR/o.mlir", "--print=mlir"},
			stdout: "dense<3> : tensor<1xi64>\n"},
		{name: "help", args: []string{"--help"}, stdout: usage},
		{name: "go backend", files: base, args: []string{"DIR/p.mlir", "--backend=go", "DIR/x.npy", "DIR/i.npy", "--print=mlir"},
			stdout: "dense<[[5.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>\n"},
		{name: "go backend, f16 and bool", files: with(map[string][]byte{
			"h.npy": npyV1(tensor.Must(tensor.FromFloat64s(tensor.F16, []int64{3}, []float64{0.5, -1.5, 65504}))),
			"b.npy": npyRaw(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", []byte{1, 0, 1}),
			"k.npy": npyV1(tensor.Must(tensor.FromInt64s(tensor.I32, []int64{2}, []int64{-1, 4}))),
		}), args: []string{"DIR/p.mlir", "-e", "half", "--backend", "go", "DIR/h.npy", "DIR/b.npy", "DIR/k.npy", "--print=mlir"},
			stdout: "dense<[6.550400e+04, -1.500000e+00]> : tensor<2xf16>\ndense<[true, false]> : tensor<2xi1>\n"},
		{name: "go backend index error", files: with(map[string][]byte{"i9.npy": npyV1(i64s([]int64{2, 2}, 0, 9, 0, 0))}),
			args: []string{"DIR/p.mlir", "--backend=go", "DIR/x.npy", "DIR/i9.npy"}, code: 1,
			stderr: "DIR/p.mlir:2:8: error: 'tcp.gather' op index 9 is out of bounds for dimension 0 with size 3\n  %0 = tcp.gather %x, %i {dim = 0 : index, mode = \"error\"} : tensor<?x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>\n       ^\n"},
		{name: "go backend, scalar result", files: with(map[string][]byte{
			"n.npy":  npyRaw(1, "{'descr': '<i8', 'fortran_order': False, 'shape': (), }", le64(7)),
			"bf.npy": npyV1(f32s([]int64{2}, 1.00390625, 3)),
		}), args: []string{"DIR/p.mlir", "-e", "scalar", "--backend=go", "DIR/n.npy", "DIR/bf.npy"}, code: 1,
			stderr: "DIR/p.mlir:19:1: error: 'func.func' op result #0 has type index; the Go backend returns ranked tensors only\nfunc.func @scalar(%n: index, %b: tensor<2xbf16>) -> (index, tensor<2xbf16>) {\n^\n"},
		{name: "go backend in place", files: map[string][]byte{
			"s.mlir": []byte("func.func @main(%x: tensor<3xf32>, %i: tensor<2xi64>, %u: tensor<2xf32>) -> tensor<3xf32> {\n" +
				"  %0 = tcp.scatter %x, %i, %u {combine = \"add\", dim = 0 : index, mode = \"error\"} : tensor<3xf32>, tensor<2xi64>, tensor<2xf32> -> tensor<3xf32>\n" +
				"  return %0 : tensor<3xf32>\n}\n"),
			"sx.npy": npyV1(f32s([]int64{3}, 1, 2, 3)),
			"si.npy": npyV1(i64s([]int64{2}, 1, 1)),
			"su.npy": npyV1(f32s([]int64{2}, 10, 20)),
		}, args: []string{"DIR/s.mlir", "--backend=go", "--in-place", "DIR/sx.npy", "DIR/si.npy", "DIR/su.npy", "--print=mlir"},
			stdout: "dense<[1.000000e+00, 3.200000e+01, 3.000000e+00]> : tensor<3xf32>\n"},
		{name: "in place without the go backend", args: []string{"--in-place", "p.mlir"}, code: 1, stderr: "tcp-run: --in-place needs --backend=go\n" + usage},
		{name: "in place with a value", args: []string{"--in-place=1", "--backend=go", "p.mlir"}, code: 1, stderr: "tcp-run: --in-place takes no value\n" + usage},
		{name: "unknown backend", args: []string{"--backend=llvm", "p.mlir"}, code: 1, stderr: "tcp-run: unknown backend \"llvm\"; want interp or go\n" + usage},
		{name: "bad bench count", args: []string{"--bench", "x", "p.mlir"}, code: 1, stderr: "tcp-run: --bench needs a non-negative integer, got \"x\"\n" + usage},
		{name: "bad bench warm-up", args: []string{"--bench-warmup", "50", "p.mlir"}, code: 1, stderr: "tcp-run: --bench-warmup needs a duration from 0 to 1h such as 50ms, got \"50\"\n" + usage},
		{name: "negative bench warm-up", args: []string{"--bench-warmup=-1s", "p.mlir"}, code: 1, stderr: "tcp-run: --bench-warmup needs a duration from 0 to 1h such as 50ms, got \"-1s\"\n" + usage},
		{name: "bench warm-up over an hour", args: []string{"--bench-warmup", "61m", "p.mlir"}, code: 1, stderr: "tcp-run: --bench-warmup needs a duration from 0 to 1h such as 50ms, got \"61m\"\n" + usage},

		// Errors.
		{name: "no arguments reads stdin", code: 1, stderr: "tcp-run: error: cannot choose the function to run: no @main and 0 public functions (the module has none); use -e NAME\n"},
		{name: "stdin twice", args: []string{"-", "-"}, code: 1, stderr: "tcp-run: only one input can be read from stdin (\"-\")\n" + usage},
		{name: "unknown option", args: []string{"--bogus", "p.mlir"}, code: 1, stderr: "tcp-run: unknown option --bogus\n" + usage},
		{name: "option without value", args: []string{"p.mlir", "-e"}, code: 1, stderr: "tcp-run: option -e needs a value\n" + usage},
		{name: "missing file", args: []string{"DIR/nope.mlir"}, code: 1, stderr: "cannot open input file 'DIR/nope.mlir': No such file or directory\n"},
		{name: "parse error", files: map[string][]byte{"bad.mlir": []byte("func.func @main() {\n  %0 = tcp.const : \n}\n")}, args: []string{"DIR/bad.mlir"}, code: 1,
			stderr: "DIR/bad.mlir:3:1: error: expected non-function type\n}\n^\n"},
		{name: "verifier error", files: map[string][]byte{"v.mlir": []byte("func.func @main() -> tensor<2xi64> {\n  %0 = tcp.const {value = dense<[1, 2]> : tensor<2xi32>} : tensor<2xi64>\n  return %0 : tensor<2xi64>\n}\n")},
			args: []string{"DIR/v.mlir"}, code: 1,
			stderr: "DIR/v.mlir:2:8: error: 'tcp.const' op expects the type of value (tensor<2xi32>) to equal the result type (tensor<2xi64>); tcp.const cannot be used to cast types\n  %0 = tcp.const {value = dense<[1, 2]> : tensor<2xi32>} : tensor<2xi64>\n       ^\n"},
		{name: "ambiguous function", files: map[string][]byte{"t.mlir": []byte(twoPublic)}, args: []string{"DIR/t.mlir"}, code: 1,
			stderr: "tcp-run: error: cannot choose the function to run: no @main and 2 public functions (the module has @a, @b); use -e NAME\n"},
		{name: "unknown function", files: base, args: []string{"DIR/p.mlir", "-e", "nope"}, code: 1,
			stderr: "tcp-run: error: no function @nope; the module has @main, @consts, @bf16, @half, @scalar\n"},
		{name: "too few arguments", files: base, args: []string{"DIR/p.mlir", "DIR/x.npy"}, code: 1,
			stderr: "DIR/p.mlir:1:1: error: @main takes 2 argument(s), got 1 file(s)\nfunc.func @main(%x: tensor<?x2xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {\n^\n"},
		{name: "too many arguments", files: base, args: []string{"DIR/p.mlir", "-e", "consts", "DIR/x.npy"}, code: 1,
			stderr: "DIR/p.mlir:5:1: error: @consts takes 0 argument(s), got 1 file(s)\nfunc.func @consts() -> (tensor<2xi64>, tensor<2x2xi1>) {\n^\n"},
		{name: "missing npy", files: base, args: []string{"DIR/p.mlir", "DIR/x.npy", "DIR/nope.npy"}, code: 1,
			stderr: "cannot open input file 'DIR/nope.npy': No such file or directory\n"},
		{name: "truncated npy", files: with(map[string][]byte{"t.npy": x32[:len(x32)-3]}), args: []string{"DIR/p.mlir", "DIR/t.npy", "DIR/i.npy"}, code: 1,
			stderr: "tcp-run: error: argument #0: DIR/t.npy: npy: truncated data: shape [3, 2] of f32 needs 24 bytes, file has 21\n"},
		{name: "truncated header", files: with(map[string][]byte{"t.npy": x32[:20]}), args: []string{"DIR/p.mlir", "DIR/t.npy", "DIR/i.npy"}, code: 1,
			stderr: "tcp-run: error: argument #0: DIR/t.npy: npy: reading 118-byte header: truncated file\n"},
		{name: "bad print form", args: []string{"--print=text", "p.mlir"}, code: 1, stderr: "tcp-run: unknown --print form \"text\"; want numpy or mlir\n" + usage},
		{name: "unsupported dtype", files: with(map[string][]byte{"c.npy": npyRaw(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (3, 2), }", make([]byte, 48))}),
			args: []string{"DIR/p.mlir", "DIR/c.npy", "DIR/i.npy"}, code: 1,
			stderr: "tcp-run: error: argument #0: DIR/c.npy: npy: unsupported dtype \"<c8\" (supported: |b1 |i1 |u1 <i2 <i4 <i8 <u2 <u4 <u8 <f2 <f4 <f8 <V2 (bfloat16), and '>' variants)\n"},
		{name: "not an npy file", files: with(map[string][]byte{"n.npy": []byte("hello")}), args: []string{"DIR/p.mlir", "DIR/n.npy", "DIR/i.npy"}, code: 1,
			stderr: "tcp-run: error: argument #0: DIR/n.npy: npy: reading magic: truncated file\n"},
		{name: "dtype mismatch", files: base, args: []string{"DIR/p.mlir", "DIR/i.npy", "DIR/i.npy"}, code: 1,
			stderr: "tcp-run: error: DIR/i.npy: argument #0 of @main: got tensor<2x2xi64>, want tensor<?x2xf32> (element type i64, want f32)\n"},
		{name: "shape mismatch", files: with(map[string][]byte{"i3.npy": npyV1(i64s([]int64{3, 2}, 0, 0, 0, 0, 0, 0))}),
			args: []string{"DIR/p.mlir", "DIR/x.npy", "DIR/i3.npy"}, code: 1,
			stderr: "tcp-run: error: DIR/i3.npy: argument #1 of @main: got tensor<3x2xi64>, want tensor<2x2xi64> (dim 0 has size 3, want 2)\n"},
		{name: "rank mismatch", files: with(map[string][]byte{"r.npy": npyV1(f32s([]int64{6}, 1, 2, 3, 4, 5, 6))}),
			args: []string{"DIR/p.mlir", "DIR/r.npy", "DIR/i.npy"}, code: 1,
			stderr: "tcp-run: error: DIR/r.npy: argument #0 of @main: got tensor<6xf32>, want tensor<?x2xf32> (rank 1, want 2)\n"},
		{name: "runtime error", files: with(map[string][]byte{"bad.npy": npyV1(i64s([]int64{2, 2}, 0, 0, 3, 0))}),
			args: []string{"DIR/p.mlir", "DIR/x.npy", "DIR/bad.npy"}, code: 1,
			stderr: "DIR/p.mlir:2:8: error: 'tcp.gather' op index 3 is out of bounds for dimension 0 with size 3\n  %0 = tcp.gather %x, %i {dim = 0 : index, mode = \"error\"} : tensor<?x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>\n       ^\nDIR/p.mlir:2:8: note: the index is at position [1, 0] of the indices\n"},
		{name: "runtime error in callee", files: map[string][]byte{"c.mlir": []byte(`func.func private @f(%x: tensor<2xi64>) -> tensor<1xi64> {
  %i = tcp.const {value = dense<-3> : tensor<1xi64>} : tensor<1xi64>
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap_negative"} : tensor<2xi64>, tensor<1xi64> -> tensor<1xi64>
  return %0 : tensor<1xi64>
}
func.func @main() -> tensor<1xi64> {
  %x = tcp.const {value = dense<[1, 2]> : tensor<2xi64>} : tensor<2xi64>
  %0 = func.call @f(%x) : (tensor<2xi64>) -> tensor<1xi64>
  return %0 : tensor<1xi64>
}
`)}, args: []string{"DIR/c.mlir"}, code: 1,
			stderr: "DIR/c.mlir:3:8: error: 'tcp.gather' op index -3 is out of bounds for dimension 0 with size 2\n  %0 = tcp.gather %x, %i {dim = 0 : index, mode = \"wrap_negative\"} : tensor<2xi64>, tensor<1xi64> -> tensor<1xi64>\n       ^\nDIR/c.mlir:3:8: note: the index is at position [0] of the indices\nDIR/c.mlir:8:8: note: called from here\n  %0 = func.call @f(%x) : (tensor<2xi64>) -> tensor<1xi64>\n       ^\n"},
	} {
		runMainCase(t, c)
	}
}

// runMainCase runs one table case as a subtest.
func runMainCase(t *testing.T, c mainCase) {
	t.Run(c.name, func(t *testing.T) {
		dir := t.TempDir()
		for name, data := range c.files {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		args := make([]string, len(c.args))
		for i, a := range c.args {
			args[i] = strings.ReplaceAll(a, "DIR/", dir+"/")
		}
		var stdout, stderr bytes.Buffer
		code := Main(args, strings.NewReader(c.stdin), &stdout, &stderr)
		errText := strings.ReplaceAll(stderr.String(), dir+"/", "DIR/")
		if code != c.code || stdout.String() != c.stdout || errText != c.stderr {
			t.Errorf("Main(%q) = %d\nstdout:\n%s\nstderr:\n%s\nwant %d\nstdout:\n%s\nstderr:\n%s", c.args, code, stdout.String(), errText, c.code, c.stdout, c.stderr)
		}
	})
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// --out-dir writes every result as DIR/result_N.npy, creating DIR, and on
// error writes nothing and leaves existing files alone.
func TestOutDir(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string][]byte{"p.mlir": []byte(prog), "x.npy": x32, "i.npy": idx22} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := Main(args, nil, &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	out := filepath.Join(dir, "out", "nested")
	code, stdout, stderr := run(filepath.Join(dir, "p.mlir"), "-e", "consts", "--out-dir", out)
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("got %d %q %q", code, stdout, stderr)
	}
	if got := listDir(t, out); fmt.Sprint(got) != "[result_0.npy result_1.npy]" {
		t.Fatalf("files %v", got)
	}
	r1, err := npy.ReadFile(filepath.Join(out, "result_1.npy"))
	if err != nil || tensor.Format(r1) != "dense<[[true, false], [false, true]]> : tensor<2x2xi1>" {
		t.Errorf("result_1.npy: %v %v", r1, err)
	}
	r0, err := npy.ReadFile(filepath.Join(out, "result_0.npy"))
	if err != nil || tensor.Format(r0) != "dense<[4, 5]> : tensor<2xi64>" {
		t.Errorf("result_0.npy: %v %v", r0, err)
	}

	// bf16 results are written as ml_dtypes writes bfloat16 (<V2).
	bfDir := filepath.Join(dir, "bf")
	if code, _, stderr := run(filepath.Join(dir, "p.mlir"), "-e", "bf16", "--out-dir", bfDir); code != 0 {
		t.Errorf("bf16: got %d %q", code, stderr)
	}
	if rb, err := npy.ReadFile(filepath.Join(bfDir, "result_0.npy")); err != nil || tensor.Format(rb) != "dense<[1.000000e+00, 2.500000e+00]> : tensor<2xbf16>" {
		t.Errorf("bf16 result_0.npy: %v %v", rb, err)
	}

	// A run that fails leaves the directory as it was.
	before, _ := os.ReadFile(filepath.Join(out, "result_0.npy"))
	bad := filepath.Join(dir, "bad.npy")
	os.WriteFile(bad, npyV1(i64s([]int64{2, 2}, 9, 9, 9, 9)), 0o644)
	if code, _, stderr := run(filepath.Join(dir, "p.mlir"), filepath.Join(dir, "x.npy"), bad, "--out-dir="+out); code != 1 || !strings.Contains(stderr, "out of bounds") {
		t.Errorf("runtime error: got %d %q", code, stderr)
	}
	if got := listDir(t, out); fmt.Sprint(got) != "[result_0.npy result_1.npy]" {
		t.Errorf("files after failures %v", got)
	}
	if after, _ := os.ReadFile(filepath.Join(out, "result_0.npy")); !bytes.Equal(before, after) {
		t.Error("result_0.npy changed")
	}
	// The output of @main overwrites result_0.npy (and leaves result_1.npy).
	if code, _, stderr := run(filepath.Join(dir, "p.mlir"), filepath.Join(dir, "x.npy"), filepath.Join(dir, "i.npy"), "--out-dir", out); code != 0 {
		t.Fatalf("main: %d %q", code, stderr)
	}
	r0, err = npy.ReadFile(filepath.Join(out, "result_0.npy"))
	if err != nil || tensor.Format(r0) != "dense<[[5.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>" {
		t.Errorf("result_0.npy: %v %v", tensor.Format(r0), err)
	}
	// An out-dir that is a file.
	if code, _, stderr := run(filepath.Join(dir, "p.mlir"), "-e", "consts", "--out-dir", bad); code != 1 || stderr == "" {
		t.Errorf("out-dir on a file: %d %q", code, stderr)
	}
}

// TestLit runs the lit tests of the interpreter (test/lit/interp) in
// process with tcp-run, once with the Go FileCheck and once with LLVM's
// FileCheck-16 (every lit file must pass with both; without FileCheck-16
// the second run skips, or fails under CI=true).
func TestLit(t *testing.T) {
	for _, name := range []string{"go", "llvm"} {
		t.Run(name, func(t *testing.T) {
			fc := filecheck.Main
			if name == "llvm" {
				fc = lit.ExecTool(oracle.FileCheck(t))
			}
			cfg := &lit.Config{
				Tools:    map[string]lit.Tool{"tcp-run": Main, "FileCheck": fc},
				Features: map[string]bool{},
				TempDir:  t.TempDir(),
			}
			tests, err := lit.FindTests(cfg, litDir)
			if err != nil || len(tests) == 0 {
				t.Fatalf("no lit tests under %s: %v", litDir, err)
			}
			for _, path := range tests {
				t.Run(filepath.Base(path), func(t *testing.T) {
					src, err := os.ReadFile(path)
					if err != nil {
						t.Fatal(err)
					}
					if m := missingOps(string(src)); len(m) > 0 {
						t.Fatalf("needs ops that are not registered: %v (register them; a test never skips for a missing op)", m)
					}
					res, err := lit.RunFile(cfg, path)
					if err != nil {
						t.Fatal(err)
					}
					if res.Status.Failed() {
						t.Errorf("%s", res.Report)
					}
				})
			}
		})
	}
}

const litDir = "../../../test/lit/interp"

var opNameRE = regexp.MustCompile(`\b(?:arith|tensor)\.[a-z_]+\b`)

// missingOps lists the ops src uses that no dialect has registered yet
// (the arith and tensor dialects are being written).
func missingOps(src string) []string {
	var out []string
	for _, n := range opNameRE.FindAllString(src, -1) {
		if ir.Global.LookupDef(n) == nil {
			out = append(out, n)
		}
	}
	return out
}

// FuzzMain feeds random .npy bytes to tcp-run: it must fail cleanly or
// succeed, never panic, and write output only on success.
func FuzzMain(f *testing.F) {
	f.Add(x32, idx22)
	f.Add(x32[:30], idx22)
	f.Add(npyRaw(2, "{'descr': '<f4', 'fortran_order': False, 'shape': (0, 2), }", nil), npyV1(i64s([]int64{2, 2}, -1, -2, 0, 1)))
	f.Add(npyRaw(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (9223372036854775807, 2), }", nil), idx22)
	f.Add(npyRaw(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (1, 2), }", []byte{1, 0}), idx22)
	f.Add(npyRaw(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (3, 2), }", f32s([]int64{6}, 1, 3, 5, 2, 4, 6).Data),
		npyRaw(3, "{'descr': '>i8', 'fortran_order': True, 'shape': (2, 2), }", make([]byte, 32)))
	f.Add(npyRaw(1, "{'descr': '>V2', 'fortran_order': True, 'shape': (3, 2), }", make([]byte, 12)), idx22)
	dir := f.TempDir()
	progPath := filepath.Join(dir, "p.mlir")
	if err := os.WriteFile(progPath, []byte(prog), 0o644); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		d := t.TempDir()
		pa, pb := filepath.Join(d, "a.npy"), filepath.Join(d, "b.npy")
		os.WriteFile(pa, a, 0o644)
		os.WriteFile(pb, b, 0o644)
		out := filepath.Join(d, "out")
		var stdout, stderr bytes.Buffer
		code := Main([]string{progPath, pa, pb, "--out-dir", out}, nil, &stdout, &stderr)
		switch code {
		case 0:
			if stderr.Len() != 0 {
				t.Errorf("exit 0 with stderr %q", stderr.String())
			}
			// The same run prints its result.
			stdout.Reset()
			if code := Main([]string{progPath, pa, pb}, nil, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "result #0: tensor<2x2xf32>\n[[") {
				t.Errorf("printing run: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
			}
		case 1:
			if stderr.Len() == 0 {
				t.Error("exit 1 without a message")
			}
			if _, err := os.Stat(out); err == nil {
				if names, _ := os.ReadDir(out); len(names) != 0 {
					t.Errorf("partial output after an error: %v", names)
				}
			}
		default:
			t.Errorf("exit %d", code)
		}
	})
}

// differences lists how many elements differ and the first ones, with
// coordinates and numpy's scalar forms; NaNs are equal to each other.
func TestDifferences(t *testing.T) {
	seq := func(dt tensor.DType, shape []int64, f func(i int) float64) *tensor.Tensor {
		x := tensor.Must(tensor.New(dt, shape))
		for i := range int(x.NumElements()) {
			x.SetFloat64(i, f(i))
		}
		return x
	}
	nan := math.NaN()
	for _, c := range []struct {
		name      string
		want, got *tensor.Tensor
		out       string
	}{
		{"one", f32s([]int64{2, 2}, 1, 2, 3, 4), f32s([]int64{2, 2}, 1, 2, 3.5, 4),
			" in 1 of 4 elements (expected vs actual):\n  at [1, 0]: 3.0 vs 3.5"},
		{"nan equal, nan differs", f32s([]int64{3}, nan, nan, 1e-5), f32s([]int64{3}, nan, 1, 1e-5),
			" in 1 of 3 elements (expected vs actual):\n  at [1]: nan vs 1.0"},
		{"ints", i64s([]int64{3}, 1, 2, 3), i64s([]int64{3}, 1, -2, 30),
			" in 2 of 3 elements (expected vs actual):\n  at [1]: 2 vs -2\n  at [2]: 3 vs 30"},
		{"only the first ten", seq(tensor.F64, []int64{4, 5}, func(i int) float64 { return float64(i) }), seq(tensor.F64, []int64{4, 5}, func(i int) float64 { return float64(-i) }),
			" in 19 of 20 elements (expected vs actual; the first 10):\n" +
				"  at [0, 1]: 1.0 vs -1.0\n  at [0, 2]: 2.0 vs -2.0\n  at [0, 3]: 3.0 vs -3.0\n  at [0, 4]: 4.0 vs -4.0\n  at [1, 0]: 5.0 vs -5.0\n" +
				"  at [1, 1]: 6.0 vs -6.0\n  at [1, 2]: 7.0 vs -7.0\n  at [1, 3]: 8.0 vs -8.0\n  at [1, 4]: 9.0 vs -9.0\n  at [2, 0]: 10.0 vs -10.0"},
	} {
		if d := cmp.Diff(c.out, differences(c.want, c.got, maxShownDifferences)); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, d)
		}
	}
}
