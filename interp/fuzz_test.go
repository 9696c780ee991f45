package interp_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// fuzzOpts keep fuzzed programs small and fast.
var fuzzOpts = interp.Options{MaxTensorBytes: 1 << 20, MaxCallDepth: 20, MaxSteps: 10000}

// byteSrc draws choices from fuzz input; it yields zeros when exhausted.
type byteSrc struct {
	b []byte
	i int
}

func (s *byteSrc) n(k int) int {
	if s.i >= len(s.b) || k <= 0 {
		return 0
	}
	v := int(s.b[s.i]) % k
	s.i++
	return v
}

// val returns a small value, sometimes an extreme one.
func (s *byteSrc) val() int64 {
	switch s.n(16) {
	case 0:
		return math.MinInt64
	case 1:
		return math.MaxInt64
	case 2:
		return math.MinInt32
	case 3:
		return 1 << 40
	}
	return int64(s.n(13)) - 6
}

func (s *byteSrc) shape() []int64 {
	r := s.n(4)
	sh := make([]int64, r)
	for i := range sh {
		sh[i] = int64(s.n(4))
	}
	return sh
}

var fuzzDTypes = []tensor.DType{tensor.F32, tensor.I64, tensor.I32, tensor.I1, tensor.BF16, tensor.UI8, tensor.F16}

// tensorType prints a type whose dims are dynamic where s says so.
func (s *byteSrc) tensorType(dt tensor.DType, shape []int64) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		if s.n(3) == 0 {
			b.WriteString("?x")
		} else {
			fmt.Fprintf(&b, "%dx", d)
		}
	}
	return b.String() + dt.String() + ">"
}

// value returns an argument for a declared shape: usually the shape
// itself, sometimes another one (argument checks), filled from s.
func (s *byteSrc) value(dt tensor.DType, shape []int64) *tensor.Tensor {
	if s.n(8) == 0 {
		shape = s.shape()
	}
	t, err := tensor.New(dt, shape)
	if err != nil {
		return nil
	}
	for i := 0; i < int(t.NumElements()); i++ {
		t.SetInt64(i, s.val())
	}
	return t
}

// program builds a random tcp program with its arguments.
func program(s *byteSrc) (string, []*tensor.Tensor) {
	dt := fuzzDTypes[s.n(len(fuzzDTypes))]
	X := s.shape()
	it := []tensor.DType{tensor.I64, tensor.I32}[s.n(2)]
	mode := ""
	if k := s.n(8); k < len(modeNames) {
		mode = fmt.Sprintf(", mode = %q", modeNames[k])
		if modeNames[k] == "fill" && s.n(2) == 0 {
			mode += ", fill_value = 0 : " + dt.String()
		}
	}
	tx := s.tensorType(dt, X)
	args := []*tensor.Tensor{s.value(dt, X)}
	switch s.n(4) {
	case 0: // tcp.gather
		Q := s.shape()
		ti, to := s.tensorType(it, Q), s.tensorType(dt, Q)
		args = append(args, s.value(it, Q))
		return fmt.Sprintf(`func.func @f(%%x: %s, %%i: %s) -> %s {
  %%0 = tcp.gather %%x, %%i {dim = %d : index%s} : %s, %s -> %s
  return %%0 : %s
}`, tx, ti, to, s.n(4), mode, tx, ti, to, to), args
	case 1: // tcp.gather_nd
		Q := s.shape()
		b := s.n(3)
		var O []int64
		if len(Q) > 0 {
			O = append(O, Q[:len(Q)-1]...)
			if m := int(Q[len(Q)-1]) + b; m <= len(X) {
				O = append(O, X[m:]...)
			}
		}
		ti, to := s.tensorType(it, Q), s.tensorType(dt, O)
		args = append(args, s.value(it, Q))
		return fmt.Sprintf(`func.func @f(%%x: %s, %%i: %s) -> %s {
  %%0 = tcp.gather_nd %%x, %%i {batch_dims = %d : index%s} : %s, %s -> %s
  return %%0 : %s
}`, tx, ti, to, b, mode, tx, ti, to, to), args
	case 2: // tcp.broadcast_to with runtime sizes
		var axes, params, sizes []string
		O := append([]int64{}, X...)
		for d := range X {
			if X[d] == 1 && s.n(2) == 0 {
				axes = append(axes, fmt.Sprint(d))
				params = append(params, fmt.Sprintf("%%n%d: index", d))
				sizes = append(sizes, fmt.Sprintf("%%n%d", d))
				n := s.val()
				args = append(args, tensor.Must(tensor.FromInt64s(tensor.Index, nil, []int64{n})))
				O[d] = max(n, 0)
			}
		}
		to := s.tensorType(dt, O)
		ptypes := strings.TrimSuffix(strings.Repeat("index, ", len(sizes)), ", ")
		// With no axes the custom form keeps its commas: `%x, {axes = []} : T, -> T`.
		return fmt.Sprintf(`func.func @f(%%x: %s%s) -> %s {
  %%0 = tcp.broadcast_to %%x, %s {axes = [%s]} : %s, %s -> %s
  return %%0 : %s
}`, tx, prefixEach(", ", params), to, strings.Join(sizes, ", "), strings.Join(axes, ", "), tx, ptypes, to, to), args
	default: // tcp.slice with runtime starts, sizes and strides
		var params, starts, sizes, strides []string
		O := make([]int64, len(X))
		for d := range X {
			for _, kind := range []string{"s", "n", "t"} {
				name := fmt.Sprintf("%%%s%d", kind, d)
				params = append(params, name+": index")
				v := s.val()
				if kind == "n" {
					O[d] = max(v, 0)
					sizes = append(sizes, name)
				} else if kind == "s" {
					starts = append(starts, name)
				} else {
					strides = append(strides, name)
				}
				args = append(args, tensor.Must(tensor.FromInt64s(tensor.Index, nil, []int64{v})))
			}
		}
		to := s.tensorType(dt, O)
		// Arguments are in the order s0 n0 t0 s1 …; reorder to match.
		return fmt.Sprintf(`func.func @f(%%x: %s%s) -> %s {
  %%0 = tcp.slice %%x starts(%s) sizes(%s) strides(%s) : %s -> %s
  return %%0 : %s
}`, tx, prefixEach(", ", params), to, strings.Join(starts, ", "), strings.Join(sizes, ", "), strings.Join(strides, ", "), tx, to, to), args
	}
}

var modeNames = []string{"promise_in_bounds", "error", "wrap_negative", "clip", "wrap", "fill"}

func prefixEach(p string, xs []string) string {
	var b strings.Builder
	for _, x := range xs {
		b.WriteString(p + x)
	}
	return b.String()
}

// FuzzRun runs random small tcp programs on random inputs: the interpreter
// may report errors but must never panic, and results must match their
// declared types.
func FuzzRun(f *testing.F) {
	for _, seed := range [][]byte{
		{0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
		{1, 2, 2, 2, 1, 1, 5, 6, 7, 8, 200, 3, 3, 3, 3},
		{2, 3, 1, 1, 1, 2, 2, 0, 0, 0, 0, 0, 0, 9, 9},
		{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3},
		{4, 0, 2, 4, 4, 1, 0, 0, 0, 0, 17, 1, 18, 6},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src, args := program(&byteSrc{b: data})
		module, err := parser.Parse("fuzz.mlir", src, parser.Options{})
		if err != nil {
			return
		}
		if ir.Verify(module, false) != nil {
			return
		}
		fn := function.Lookup(module, "f")
		res, err := fuzzOpts.Run(fn, args)
		if err != nil {
			return
		}
		ft := function.FuncOp{Operation: fn}.Type()
		for i, r := range res {
			if err := interp.CheckValue(r, ft.Results()[i]); err != nil {
				t.Fatalf("result #%d: %v\n%s", i, err, src)
			}
		}
	})
}

// FuzzRunText parses arbitrary text and runs every function that takes no
// arguments: errors are fine, panics are not.
func FuzzRunText(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(litDir, "*.mlir"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err == nil {
			f.Add(string(b))
		}
	}
	for _, e := range examples() {
		f.Add(e.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		module, err := parser.Parse("fuzz.mlir", src, parser.Options{})
		if err != nil || ir.Verify(module, false) != nil {
			return
		}
		for _, fn := range function.Funcs(module) {
			f := function.FuncOp{Operation: fn}
			if f.IsDeclaration() || len(f.Type().Inputs()) != 0 {
				continue
			}
			fuzzOpts.Run(fn, nil)
		}
	})
}
