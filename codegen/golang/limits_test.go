package golang

import (
	"errors"
	"strings"
	"testing"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

const limitsSrc = `func.func @bcast(%x: tensor<1x1xf32>, %n: index, %m: index) -> tensor<?x?xf32> {
  %b = tcp.broadcast_to %x, %n, %m {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x?xf32>
  return %b : tensor<?x?xf32>
}
func.func @inner(%x: tensor<1x1xf32>, %n: index, %m: index) -> tensor<1x1xf32> {
  %b = tcp.broadcast_to %x, %n, %m {axes = [0, 1]} : tensor<1x1xf32>, index, index -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = tcp.slice %b starts(%c0, %c0) sizes(%c1, %c1) strides(%c1, %c1) : tensor<?x?xf32> -> tensor<1x1xf32>
  return %s : tensor<1x1xf32>
}
func.func private @decl(%x: tensor<1x1xf32>) -> tensor<1x1xf32>
func.func @promise() -> tensor<2xf32> {
  %x = tcp.const {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : tensor<3xf32>
  %idx = tcp.const {value = dense<[2, 7]> : tensor<2xi64>} : tensor<2xi64>
  %out = tcp.gather %x, %idx {dim = 0 : index, mode = "promise_in_bounds"} : tensor<3xf32>, tensor<2xi64> -> tensor<2xf32>
  return %out : tensor<2xf32>
}`

// TestGoBackendLimits: the kernel binary makes the interpreter's checks
// on sizes and the result size limit before it allocates, and its errors
// are located at the op as the interpreter's are.
func TestGoBackendLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a kernel binary")
	}
	if _, err := goTool(); err != nil {
		t.Skip(err)
	}
	m, err := parser.Parse("l.mlir", limitsSrc, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	x := tensor.Must(tensor.FromFloat64s(tensor.F32, []int64{1, 1}, []float64{1}))
	idx := func(v int64) *tensor.Tensor { return tensor.Must(tensor.FromInt64s(tensor.Index, nil, []int64{v})) }
	tests := []struct {
		name, fn string
		n, m     int64
		maxBytes int64
		want     string
	}{
		{"overflow", "bcast", 1 << 32, 1 << 32, 0, "l.mlir:2:8: error: 'tcp.broadcast_to' op tensor: element count of shape [4294967296, 4294967296] overflows int64"},
		{"overflow inside", "inner", 1 << 32, 1 << 32, 0, "l.mlir:6:8: error: 'tcp.broadcast_to' op tensor: element count of shape [4294967296, 4294967296] overflows int64"},
		{"negative", "bcast", -1, 2, 0, "l.mlir:2:8: error: 'tcp.broadcast_to' op new_dim_sizes[0] = -1 is negative"},
		{"negative inside", "inner", 2, -1, 0, "l.mlir:6:8: error: 'tcp.broadcast_to' op new_dim_sizes[1] = -1 is negative"},
		{"limit", "bcast", 1000000, 1000000, 0, "l.mlir:2:8: error: 'tcp.broadcast_to' op result tensor<1000000x1000000xf32> needs more than the interpreter's limit of 1073741824 bytes"},
		{"small limit", "bcast", 2, 2, 15, "l.mlir:2:8: error: 'tcp.broadcast_to' op result tensor<2x2xf32> needs more than the interpreter's limit of 15 bytes"},
		{"at the limit", "bcast", 2, 2, 16, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []*tensor.Tensor{x, idx(tt.n), idx(tt.m)}
			fn := function.Lookup(m, tt.fn)
			_, _, err := Run(m, tt.fn, args, CallOptions{MaxTensorBytes: tt.maxBytes})
			var ke *KernelError
			if errors.As(err, &ke) {
				err = ke.Located(fn)
			}
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("Go backend: %q\nwant        %q", got, tt.want)
			}
			// The interpreter says the same (it also checks tensors the
			// fused kernel never creates; these cases have none).
			_, ierr := interp.Options{MaxTensorBytes: tt.maxBytes}.Run(fn, args)
			if igot := errString(ierr); tt.want != "" && !strings.HasPrefix(igot, tt.want) {
				t.Errorf("interpreter: %q\nwant         %q", igot, tt.want)
			}
		})
	}
	// A broken promise_in_bounds promise is a Go bounds check that fails
	// in the kernel: an error at the gather, not a goroutine dump.
	_, _, err = Run(m, "promise", nil, CallOptions{})
	var ke *KernelError
	if !errors.As(err, &ke) {
		t.Fatalf("promise: %v", err)
	}
	if got, want := ke.Located(function.Lookup(m, "promise")).Error(), "l.mlir:16:10: error: 'tcp.gather' op runtime error: index out of range [7] with length 3 (an index broke its promise_in_bounds promise)"; got != want {
		t.Errorf("promise: %q\nwant     %q", got, want)
	}
	_, err = Build(m, []string{"decl"})
	if got, want := errString(err), "l.mlir:12:1: error: cannot run @decl: it is a declaration without a body"; got != want {
		t.Errorf("Build(@decl) = %q, want %q", got, want)
	}
	_, err = Build(m, []string{"nothing"})
	if got, want := errString(err), "l.mlir:1:1: error: no function named @nothing to run"; got != want {
		t.Errorf("Build(@nothing) = %q, want %q", got, want)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
