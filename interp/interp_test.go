package interp_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

func i64s(shape []int64, vals ...int64) *tensor.Tensor {
	return tensor.Must(tensor.FromInt64s(tensor.I64, shape, vals))
}

func typed(dt tensor.DType, shape []int64, vals ...int64) *tensor.Tensor {
	return tensor.Must(tensor.FromInt64s(dt, shape, vals))
}

func sh(dims ...int64) []int64 { return dims }

// parseFunc parses src (verifying it) and returns the function name.
func parseFunc(t *testing.T, src, name string) *ir.Operation {
	t.Helper()
	if m := missingOps(src); len(m) > 0 {
		t.Fatalf("needs ops that are not registered: %v (register them; a test never skips for a missing op)", m)
	}
	module, err := parser.Parse("t.mlir", src, parser.Options{})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(module, false); err != nil {
		t.Fatalf("verify: %v", err)
	}
	fn := function.Lookup(module, name)
	if fn == nil {
		t.Fatalf("no @%s", name)
	}
	return fn
}

// runCase is one run of a function: arguments, and the printed results or
// an error substring.
type runCase struct {
	name string
	args []*tensor.Tensor
	want []string
	err  string
}

func checkRun(t *testing.T, fn *ir.Operation, c runCase) {
	t.Helper()
	res, err := interp.Run(fn, c.args)
	if c.err != "" {
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: got %v, %v; want error containing %q", c.name, formatAll(res), err, c.err)
		}
		return
	}
	if err != nil {
		t.Errorf("%s: %v", c.name, err)
		return
	}
	if diff := cmp.Diff(c.want, formatAll(res)); diff != "" {
		t.Errorf("%s: mismatch (-want +got):\n%s", c.name, diff)
	}
}

// Dynamic dims are resolved from the arguments; arguments are checked
// against the signature; data-dependent shape rules are checked at run
// time.
func TestDynamicAndArguments(t *testing.T) {
	fn := parseFunc(t, `func.func @g(%x: tensor<?x?xi64>, %i: tensor<?x2xi32>) -> tensor<?x2xi64> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "error"} : tensor<?x?xi64>, tensor<?x2xi32> -> tensor<?x2xi64>
  return %0 : tensor<?x2xi64>
}`, "g")
	x := i64s(sh(3, 4), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
	for _, c := range []runCase{
		{name: "dynamic", args: []*tensor.Tensor{x, typed(tensor.I32, sh(2, 2), 3, 0, 1, 1)}, want: []string{"dense<[[3, 0], [5, 5]]> : tensor<2x2xi64>"}},
		{name: "zero rows", args: []*tensor.Tensor{x, typed(tensor.I32, sh(0, 2))}, want: []string{"dense<> : tensor<0x2xi64>"}},
		{name: "empty input", args: []*tensor.Tensor{i64s(sh(0, 0)), typed(tensor.I32, sh(0, 2))}, want: []string{"dense<> : tensor<0x2xi64>"}},
		{name: "indices larger than input at run time", args: []*tensor.Tensor{x, typed(tensor.I32, sh(4, 2), 0, 0, 0, 0, 0, 0, 0, 0)},
			err: "t.mlir:2:8: error: 'tcp.gather' op indices dim 0 has size 4, larger than input size 3"},
		{name: "too few arguments", args: []*tensor.Tensor{x}, err: "t.mlir:1:1: error: @g takes 2 argument(s), got 1"},
		{name: "element type", args: []*tensor.Tensor{x, i64s(sh(2, 2), 0, 0, 0, 0)},
			err: "@g: argument #1: got tensor<2x2xi64>, want tensor<?x2xi32> (element type i64, want i32)"},
		{name: "rank", args: []*tensor.Tensor{i64s(sh(2), 1, 2), typed(tensor.I32, sh(2, 2), 0, 0, 0, 0)},
			err: "@g: argument #0: got tensor<2xi64>, want tensor<?x?xi64> (rank 1, want 2)"},
		{name: "static dim", args: []*tensor.Tensor{x, typed(tensor.I32, sh(2, 3), 0, 0, 0, 0, 0, 0)},
			err: "@g: argument #1: got tensor<2x3xi32>, want tensor<?x2xi32> (dim 1 has size 3, want 2)"},
		{name: "nil", args: []*tensor.Tensor{x, nil}, err: "@g: argument #1: no value for type tensor<?x2xi32>"},
		{name: "invalid tensor", args: []*tensor.Tensor{x, {DType: tensor.I32, Shape: sh(1, 2), Data: []byte{1}}},
			err: "@g: argument #1: tensor: tensor<1x2xi32> holds 1 data bytes, want 8"},
	} {
		checkRun(t, fn, c)
	}
}

// The declared result type is checked at run time (a dynamic dim matches
// anything), and so are the returned values.
func TestResultTypeChecks(t *testing.T) {
	fn := parseFunc(t, `func.func @f(%x: tensor<?xi64>, %i: tensor<?xi64>) -> tensor<2xi64> {
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<?xi64>, tensor<?xi64> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}`, "f")
	checkRun(t, fn, runCase{name: "ok", args: []*tensor.Tensor{i64s(sh(3), 1, 2, 3), i64s(sh(2), 2, 0)}, want: []string{"dense<[3, 1]> : tensor<2xi64>"}})
	checkRun(t, fn, runCase{name: "mismatch", args: []*tensor.Tensor{i64s(sh(3), 1, 2, 3), i64s(sh(3), 2, 0, 1)},
		err: "t.mlir:2:8: error: 'tcp.gather' op result #0: got tensor<3xi64>, want tensor<2xi64> (dim 0 has size 3, want 2)"})
}

// promise_in_bounds is checked and reported; the error unwraps to the
// kernel's IndexError with its position.
func TestRuntimeErrorUnwrap(t *testing.T) {
	fn := parseFunc(t, `func.func @f(%x: tensor<2x2xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index} : tensor<2x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}`, "f")
	x := tensor.Must(tensor.FromFloat64s(tensor.F32, sh(2, 2), []float64{1, 2, 3, 4}))
	_, err := interp.Run(fn, []*tensor.Tensor{x, i64s(sh(2, 2), 0, 1, 1, 2)})
	var re *interp.RuntimeError
	var ie *kernel.IndexError
	if !errors.As(err, &re) || !errors.As(err, &ie) {
		t.Fatalf("got %T %v, want a RuntimeError wrapping a kernel.IndexError", err, err)
	}
	if ie.Value != 2 || ie.Dim != 1 || ie.Size != 2 || !cmp.Equal(ie.Position, []int64{1, 1}) || ie.Mode != kernel.PromiseInBounds {
		t.Errorf("IndexError = %+v", ie)
	}
	want := "t.mlir:2:8: error: 'tcp.gather' op index 2 is out of bounds for dimension 1 with size 2 (mode promise_in_bounds)\n" +
		"t.mlir:2:8: note: the index is at position [1, 1] of the indices"
	if err.Error() != want {
		t.Errorf("error:\n%s\nwant:\n%s", err, want)
	}
}

// Every element type goes through the tcp ops.
func TestElementTypes(t *testing.T) {
	for _, dt := range tensor.DTypes {
		t.Run(dt.String(), func(t *testing.T) {
			ty := "tensor<3x" + dt.String() + ">"
			src := `func.func @f(%x: ` + ty + `, %i: tensor<4xi64>) -> tensor<4x` + dt.String() + `> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "fill"} : ` + ty + `, tensor<4xi64> -> tensor<4x` + dt.String() + `>
  return %0 : tensor<4x` + dt.String() + `>
}`
			fn := parseFunc(t, src, "f")
			x := tensor.Must(tensor.New(dt, sh(3)))
			for i := 0; i < 3; i++ {
				x.SetInt64(i, int64(i))
			}
			res, err := interp.Run(fn, []*tensor.Tensor{x, i64s(sh(4), 2, 0, 3, 1)})
			if err != nil {
				t.Fatal(err)
			}
			want := tensor.Must(tensor.New(dt, sh(4)))
			want.SetInt64(0, 2)
			want.SetInt64(2, 0)
			copy(want.Data[2*dt.Size():3*dt.Size()], kernel.DefaultFillValue(dt).Data)
			want.SetInt64(3, 1)
			if d := tensor.Diff(want, res[0], tensor.NaNEqual); d != "" {
				t.Errorf("%s: %s", tensor.Format(res[0]), d)
			}
		})
	}
}

// Ops without a kernel, operations with regions and malformed calls give
// located errors, never panics.
func TestUnsupported(t *testing.T) {
	src := `func.func @f() -> tensor<1xf32> {
  %0 = "foo.bar"() : () -> tensor<1xf32>
  return %0 : tensor<1xf32>
}`
	module, err := parser.Parse("u.mlir", src, parser.Options{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	_, err = interp.RunFunc(module, "f")
	if err == nil || err.Error() != "u.mlir:2:8: error: 'foo.bar' op has no interpreter kernel" {
		t.Errorf("got %v", err)
	}
	if _, err := interp.RunFunc(module, "nope"); err == nil || !strings.Contains(err.Error(), "no func.func @nope in the module (functions: @f)") {
		t.Errorf("got %v", err)
	}
	decl, err := parser.Parse("d.mlir", "func.func private @d(tensor<2xf32>) -> tensor<2xf32>", parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := interp.RunFunc(decl, "d", nil); err == nil || !strings.Contains(err.Error(), "cannot run @d: it is a declaration") {
		t.Errorf("got %v", err)
	}
	if _, err := interp.Run(nil, nil); err == nil {
		t.Error("Run(nil) succeeded")
	}
	if !interp.Supported("func.func") || !interp.Supported("tcp.gather") || interp.Supported("foo.bar") {
		t.Error("Supported is wrong")
	}
}

// The size limit stops programs that would exhaust memory.
func TestSizeLimit(t *testing.T) {
	fn := parseFunc(t, `func.func @f(%x: tensor<1x1xi64>, %n: index) -> tensor<?x?xi64> {
  %0 = tcp.broadcast_to %x, %n, %n {axes = [0, 1]} : tensor<1x1xi64>, index, index -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}`, "f")
	n := typed(tensor.Index, nil, 1<<20)
	_, err := interp.Run(fn, []*tensor.Tensor{i64s(sh(1, 1), 7), n})
	if err == nil || !strings.Contains(err.Error(), "'tcp.broadcast_to' op result tensor<1048576x1048576xi64> needs more than the interpreter's limit of 1073741824 bytes") {
		t.Errorf("got %v", err)
	}
	res, err := interp.Options{MaxTensorBytes: 64}.Run(fn, []*tensor.Tensor{i64s(sh(1, 1), 7), typed(tensor.Index, nil, 2)})
	if err != nil || tensor.Format(res[0]) != "dense<7> : tensor<2x2xi64>" {
		t.Errorf("got %v, %v", formatAll(res), err)
	}
	if _, err := (interp.Options{MaxTensorBytes: 64}).Run(fn, []*tensor.Tensor{i64s(sh(1, 1), 7), typed(tensor.Index, nil, 3)}); err == nil {
		t.Error("limit of 64 bytes not enforced")
	}
	// Broadcasting to a zero-size dim is fine, whatever the other dims.
	res, err = interp.Run(fn, []*tensor.Tensor{i64s(sh(1, 1), 7), typed(tensor.Index, nil, 0)})
	if err != nil || tensor.Format(res[0]) != "dense<> : tensor<0x0xi64>" {
		t.Errorf("got %v, %v", formatAll(res), err)
	}
	// gather_nd's result can be larger than its operands.
	nd := parseFunc(t, `func.func @nd(%x: tensor<4x4xi64>, %i: tensor<?x?x0xi64>) -> tensor<?x?x4x4xi64> {
  %0 = tcp.gather_nd %x, %i : tensor<4x4xi64>, tensor<?x?x0xi64> -> tensor<?x?x4x4xi64>
  return %0 : tensor<?x?x4x4xi64>
}`, "nd")
	_, err = interp.Run(nd, []*tensor.Tensor{i64s(sh(4, 4), make([]int64, 16)...), {DType: tensor.I64, Shape: sh(1<<20, 1<<20, 0)}})
	if err == nil || !strings.Contains(err.Error(), "needs more than the interpreter's limit") {
		t.Errorf("got %v", err)
	}
}

// A function with several results, scalars and a call chain.
func TestCallsAndScalars(t *testing.T) {
	src := `func.func private @pick(%x: tensor<3xi64>, %n: index) -> (tensor<?xi64>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tcp.slice %x starts(%c0) sizes(%n) strides(%c1) : tensor<3xi64> -> tensor<?xi64>
  return %0, %n : tensor<?xi64>, index
}
func.func @main(%x: tensor<3xi64>) -> (tensor<?xi64>, index) {
  %c2 = arith.constant 2 : index
  %0:2 = func.call @pick(%x, %c2) : (tensor<3xi64>, index) -> (tensor<?xi64>, index)
  return %0#0, %0#1 : tensor<?xi64>, index
}`
	fn := parseFunc(t, src, "main")
	checkRun(t, fn, runCase{name: "call", args: []*tensor.Tensor{i64s(sh(3), 4, 5, 6)},
		want: []string{"dense<[4, 5]> : tensor<2xi64>", "dense<2> : tensor<index>"}})
}
