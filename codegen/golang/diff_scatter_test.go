package golang

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"strings"
	"testing"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/internal/boundary"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// TestScatterWorkers is the randomized differential test of the scatter
// kernels: random configurations of tcp.scatter and tcp.scatter_nd (rank,
// dim or batch_dims and tuple length, dynamic and zero-size dims), every
// scatter mode and combine, several element and index types, and fused
// operands (updates broadcast from a row, indices reshaped, the input a
// broadcast constant, the input another scatter, the result read by
// another op). Index values include the exact edges of each dim
// (-s-1, -s, -1, 0, s-1, s, s+1) and the index type's extremes, and small
// dims make duplicates frequent. Each argument set runs in the interpreter
// and in the kernel with 1, 2, 3 and 8 workers (every worker count given
// a share of even tiny outputs): every result must equal the
// interpreter's bit for bit, and every index error its message. Broken
// promise_in_bounds promises may give anything but a crash. With 3 and 8
// workers the kernels run with CallOptions.InPlace (a scatter of an
// argument then updates that argument's buffer, without the copy).

var workerCounts = []int{1, 2, 3, 8}

type scatterConfig struct {
	name    string
	src     string
	nd      bool
	mode    string
	combine string
	elem    tensor.DType
	it      tensor.DType
	rank    int   // input rank
	dim     int   // scatter
	b, m, g int   // scatter_nd: batch dims, tuple length, grid rank
	fused   int   // 0: plain arguments; 1: broadcast updates; 2: zeros input and reshaped indices; 3: a chain of two scatters; 4: read by a transpose
	static  []int // dims of the input given statically (others dynamic)
}

var mlirElem = map[tensor.DType]string{tensor.F32: "f32", tensor.F64: "f64", tensor.I32: "i32", tensor.I8: "i8", tensor.UI8: "ui8", tensor.I1: "i1", tensor.I64: "i64", tensor.BF16: "bf16", tensor.F16: "f16", tensor.Index: "index"}

func dynType(rank int, fixed map[int]int64, elem string) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for d := 0; d < rank; d++ {
		if v, ok := fixed[d]; ok {
			fmt.Fprintf(&b, "%dx", v)
		} else {
			b.WriteString("?x")
		}
	}
	b.WriteString(elem + ">")
	return b.String()
}

func scatterConfigs(r *rand.Rand, n int) []scatterConfig {
	elems := []tensor.DType{tensor.F32, tensor.F32, tensor.F64, tensor.I32, tensor.I8, tensor.UI8, tensor.I1, tensor.I64, tensor.BF16, tensor.F16, tensor.Index}
	var out []scatterConfig
	for len(out) < n {
		c := scatterConfig{nd: r.Intn(2) == 0}
		c.mode = kernel.ScatterModes[r.Intn(len(kernel.ScatterModes))].String()
		c.elem = elems[r.Intn(len(elems))]
		c.it = []tensor.DType{tensor.I32, tensor.I64}[r.Intn(2)]
		var combs []kernel.Combine
		for _, k := range kernel.AllCombines {
			if kernel.CombineAllowed(k, c.elem) {
				combs = append(combs, k)
			}
		}
		c.combine = combs[r.Intn(len(combs))].String()
		c.rank = 1 + r.Intn(3)
		c.fused = r.Intn(5) % 3 // 0 plain (3 in 5), 1 and 2 fused
		if c.fused == 1 {
			c.nd, c.rank = false, 2
		}
		if c.fused == 2 {
			c.nd = true
		}
		c.name = fmt.Sprintf("s%d", len(out))
		e, it := mlirElem[c.elem], mlirElem[c.it]
		attrs := []string{}
		if c.combine != "replace" {
			attrs = append(attrs, fmt.Sprintf("combine = %q", c.combine))
		}
		if c.mode != "promise_in_bounds" {
			attrs = append(attrs, fmt.Sprintf("mode = %q", c.mode))
		}
		inT := dynType(c.rank, nil, e)
		var idxT, updT, op string
		if !c.nd {
			c.dim = r.Intn(c.rank)
			attrs = append([]string{fmt.Sprintf("dim = %d : index", c.dim)}, attrs...)
			idxT, updT, op = dynType(c.rank, nil, it), dynType(c.rank, nil, e), "tcp.scatter"
		} else {
			c.b = r.Intn(c.rank) // b < r
			if c.b > 1 {
				c.b = 1
			}
			c.m = r.Intn(c.rank - c.b + 1)
			c.g = r.Intn(3)
			if c.fused == 2 {
				c.b, c.m, c.g = 0, 1, 1
			}
			if c.b > 0 {
				attrs = append([]string{fmt.Sprintf("batch_dims = %d : index", c.b)}, attrs...)
			}
			q := c.b + c.g + 1
			idxT = dynType(q, dimMap{q - 1: c.m}.toI64(), it)
			updT = dynType(c.b+c.g+c.rank-c.b-c.m, nil, e)
			op = "tcp.scatter_nd"
		}
		a := strings.Join(attrs, ", ")
		if a != "" {
			a = " {" + a + "}"
		}
		switch {
		case c.fused == 1:
			// Updates broadcast along dim 0 from a 1xN row.
			rowT := strings.Replace(updT, "tensor<?x", "tensor<1x", 1)
			c.src = fmt.Sprintf(`func.func @%s(%%x: %s, %%i: %s, %%row: %s) -> %s {
  %%c0 = arith.constant 0 : index
  %%n = tensor.dim %%i, %%c0 : %s
  %%u = tcp.broadcast_to %%row, %%n {axes = [0]} : %s, index -> %s
  %%0 = %s %%x, %%i, %%u%s : %s, %s, %s -> %s
  return %%0 : %s
}`, c.name, inT, idxT, rowT, inT, idxT, rowT, updT, op, a, inT, idxT, updT, inT, inT)
		case c.fused == 2 && c.nd:
			// tf.scatter_nd: zeros of a shape, ids reshaped from 1-D.
			zero := "0"
			if c.elem.IsFloat() {
				zero = "0.0"
			}
			if c.elem == tensor.I1 {
				zero = "false"
			}
			sizes, sizeDecl := []string{}, ""
			for d := 0; d < c.rank; d++ {
				sizeDecl += fmt.Sprintf("  %%c%d = arith.constant %d : index\n  %%s%d = tensor.dim %%shape, %%c%d : %s\n", d, d, d, d, dynType(c.rank, nil, "i8"))
				sizes = append(sizes, fmt.Sprintf("%%s%d", d))
			}
			axes := []string{}
			for d := 0; d < c.rank; d++ {
				axes = append(axes, fmt.Sprint(d))
			}
			// broadcast_to needs static-1 dims on every axis: a splat of
			// shape 1x…x1.
			ones := "tensor<" + strings.Repeat("1x", c.rank) + e + ">"
			c.src = fmt.Sprintf(`func.func @%s(%%shape: %s, %%ids: tensor<?x%s>, %%u: %s) -> %s {
  %%z = tcp.const {value = dense<%s> : %s} : %s
%s  %%x = tcp.broadcast_to %%z, %s {axes = [%s]} : %s, %s -> %s
  %%i = tensor.expand_shape %%ids [[0, 1]] : tensor<?x%s> into %s
  %%0 = %s %%x, %%i, %%u%s : %s, %s, %s -> %s
  return %%0 : %s
}`, c.name, dynType(c.rank, nil, "i8"), it, updT, inT, zero, ones, ones, sizeDecl, strings.Join(sizes, ", "), strings.Join(axes, ", "), ones,
				strings.TrimSuffix(strings.Repeat("index, ", c.rank), ", "), inT, it, idxT, op, a, inT, idxT, updT, inT, inT)
		case r.Intn(5) == 0:
			// A scatter read by another op (a reversing transpose): it is
			// computed into a buffer of its own, and also returned.
			c.fused = 4
			perm := make([]string, c.rank)
			for d := range perm {
				perm[d] = fmt.Sprint(c.rank - 1 - d)
			}
			c.src = fmt.Sprintf(`func.func @%s(%%x: %s, %%i: %s, %%u: %s) -> (%s, %s) {
  %%a = %s %%x, %%i, %%u%s : %s, %s, %s -> %s
  %%0 = tcp.transpose %%a {permutation = array<i64: %s>} : %s -> %s
  return %%0, %%a : %s, %s
}`, c.name, inT, idxT, updT, inT, inT, op, a, inT, idxT, updT, inT, strings.Join(perm, ", "), inT, inT, inT, inT)
		case r.Intn(4) == 0:
			// A chain: the second scatter's input is the first's result.
			c.fused = 3
			c.src = fmt.Sprintf(`func.func @%s(%%x: %s, %%i: %s, %%u: %s) -> %s {
  %%a = %s %%x, %%i, %%u%s : %s, %s, %s -> %s
  %%0 = %s %%a, %%i, %%u%s : %s, %s, %s -> %s
  return %%0 : %s
}`, c.name, inT, idxT, updT, inT, op, a, inT, idxT, updT, inT, op, a, inT, idxT, updT, inT, inT)
		default:
			c.fused = 0
			c.src = fmt.Sprintf(`func.func @%s(%%x: %s, %%i: %s, %%u: %s) -> %s {
  %%0 = %s %%x, %%i, %%u%s : %s, %s, %s -> %s
  return %%0 : %s
}`, c.name, inT, idxT, updT, inT, op, a, inT, idxT, updT, inT, inT)
		}
		out = append(out, c)
	}
	return out
}

type dimMap map[int]int

func (m dimMap) toI64() map[int]int64 {
	out := map[int]int64{}
	for k, v := range m {
		out[k] = int64(v)
	}
	return out
}

// randDims returns n sizes in [0, 4], zero with probability 1/10.
func randDims(r *rand.Rand, n int) []int64 {
	ds := make([]int64, n)
	for i := range ds {
		if r.Intn(10) == 0 {
			continue
		}
		ds[i] = 1 + r.Int63n(4)
	}
	return ds
}

// scatterIndex draws one index for a dim of size s with internal/boundary's
// edge-seeking generator, as the gather tests do: in the mode's domain
// ([0, s), or [-s, s) for wrap_negative) both ends half of the time
// (inRange), else boundary.Draw's mix of the exact edges -s-1, -s, -1, 0,
// s-1, s, s+1 and the index type's extremes, ordinary in-range values
// and anything near the dim.
func scatterIndex(r *rand.Rand, s int64, it tensor.DType, mode string, inRange bool) int64 {
	lo := int64(0)
	if mode == "wrap_negative" {
		lo = -s
	}
	if inRange && s > 0 {
		return boundary.DrawIn(r, lo, s)
	}
	return boundary.Draw(r, s, it)
}

// scatterIndexSize is the size of the dim that index element p of args
// (c's arguments) addresses.
func scatterIndexSize(c scatterConfig, args []*tensor.Tensor) func(p int) int64 {
	in := args[0].Shape // fused 2: the shape tensor has the input's shape
	if !c.nd {
		return func(int) int64 { return in[c.dim] }
	}
	m := 1
	if c.fused != 2 {
		m = c.m
	}
	return func(p int) int64 { return in[c.b+p%m] }
}

// scatterValues fills t with values that exercise the combiners: small
// numbers, and for floats NaNs (two payloads), infinities and signed
// zeros; for integers their extremes.
func scatterValues(r *rand.Rand, t *tensor.Tensor) {
	for i := 0; i < int(t.NumElements()); i++ {
		switch {
		case t.DType == tensor.I1:
			t.SetInt64(i, r.Int63n(2))
		case t.DType.IsFloat() && r.Intn(8) == 0:
			specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0}
			v := specials[r.Intn(len(specials))]
			t.SetFloat64(i, v)
			if r.Intn(2) == 0 && v != v {
				t.SetBits(i, t.Bits(i)|1) // another payload
			}
		case t.DType.IsFloat():
			t.SetFloat64(i, float64(r.Intn(41)-20)/4)
		case r.Intn(10) == 0:
			t.SetBits(i, 1<<(t.DType.Bits()-1)) // the most negative (or a large unsigned)
		default:
			t.SetInt64(i, r.Int63n(21)-10)
		}
	}
}

func (c scatterConfig) args(r *rand.Rand) []*tensor.Tensor {
	inRange := r.Intn(2) == 0 || c.mode == "promise_in_bounds" && r.Intn(4) > 0
	in := randDims(r, c.rank)
	mk := func(dt tensor.DType, shape []int64) *tensor.Tensor {
		return tensor.Must(tensor.New(dt, shape))
	}
	var idx, upd *tensor.Tensor
	if !c.nd {
		ish := make([]int64, c.rank)
		for d := range ish {
			if d == c.dim {
				ish[d] = r.Int63n(6)
			} else {
				ish[d] = r.Int63n(in[d] + 1)
			}
		}
		idx = mk(c.it, ish)
		for k := 0; k < int(idx.NumElements()); k++ {
			idx.SetInt64(k, scatterIndex(r, in[c.dim], c.it, c.mode, inRange))
		}
		upd = mk(c.elem, ish)
	} else {
		ish := append(append(append([]int64{}, in[:c.b]...), randDims(r, c.g)...), int64(c.m))
		idx = mk(c.it, ish)
		for k := 0; k < int(idx.NumElements()); k++ {
			idx.SetInt64(k, scatterIndex(r, in[c.b+k%c.m], c.it, c.mode, inRange))
		}
		upd = mk(c.elem, append(append([]int64{}, ish[:len(ish)-1]...), in[c.b+c.m:]...))
	}
	scatterValues(r, upd)
	switch c.fused {
	case 1:
		row := mk(c.elem, []int64{1, upd.Shape[1]})
		scatterValues(r, row)
		return []*tensor.Tensor{randInput(r, c.elem, in), idx, row}
	case 2:
		ids := tensor.Must(tensor.New(c.it, idx.Shape[:1]))
		copy(ids.Data, idx.Data)
		return []*tensor.Tensor{mk(tensor.I8, in), ids, upd}
	}
	return []*tensor.Tensor{randInput(r, c.elem, in), idx, upd}
}

func randInput(r *rand.Rand, dt tensor.DType, shape []int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(dt, shape))
	scatterValues(r, t)
	return t
}

func TestScatterWorkers(t *testing.T) {
	r := rand.New(rand.NewSource(19))
	nconf, nargs := 240, 8
	if testing.Short() {
		nconf, nargs = 60, 4
	}
	configs := scatterConfigs(r, nconf)
	var src strings.Builder
	for _, c := range configs {
		src.WriteString(c.src)
		src.WriteString("\n")
	}
	m, err := parser.Parse("scatter.mlir", src.String(), parser.Options{})
	if err == nil {
		err = ir.Verify(m, false)
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, numbered(src.String()))
	}
	pr := startKernels(t, m)
	calls, compared, errCases, dupCases, broken := 0, 0, 0, 0, 0
	var stats boundary.Counter
	fused := map[int]int{}
	for _, c := range configs {
		fused[c.fused]++
		fn := function.Lookup(m, c.name)
		for a := 0; a < nargs; a++ {
			args := c.args(r)
			want, werr := interp.Run(fn, args)
			if hasDuplicates(c, args) {
				dupCases++
			}
			var ie *kernel.IndexError
			promise := errors.As(werr, &ie) && ie.Mode == kernel.PromiseInBounds
			if promise {
				broken++
			} else if werr != nil {
				errCases++
			}
			group := "scatter/" + c.mode
			sameErrs, sameResults := 0, 0
			for _, w := range workerCounts {
				// With 3 and 8 workers the kernel runs in place where it
				// may (the input argument's buffer is the destination),
				// and with 8 it is also timed twice more after the checked
				// call: the results must still be the first call's.
				o := CallOptions{Workers: w, MinBytesPerWorker: 1, InPlace: w >= 3}
				if w == 8 {
					o.Bench = 2
				}
				got, _, gerr := pr.Call(c.name, args, o)
				calls++
				var ke *KernelError
				if gerr != nil && !errors.As(gerr, &ke) {
					t.Fatalf("@%s: %v", c.name, gerr)
				}
				if promise {
					continue // a broken promise: any result, or an error
				}
				if werr != nil {
					if gerr == nil {
						t.Errorf("@%s workers %d: interpreter fails (%v), kernel does not; args %v\n%s", c.name, w, werr, shapes(args), c.src)
					} else if errors.As(werr, &ie) && ie.Error() != gerr.Error() {
						t.Errorf("@%s workers %d: error %q, want %q\n%s", c.name, w, gerr, ie.Error(), c.src)
					} else if errors.As(werr, &ie) {
						sameErrs++
					}
					continue
				}
				if gerr != nil {
					t.Errorf("@%s workers %d: kernel fails: %v (args %v)\n%s", c.name, w, gerr, shapes(args), c.src)
					continue
				}
				compared++
				same := true
				for k := range want {
					if string(want[k].Data) != string(got[k].Data) {
						same = false
						t.Errorf("@%s workers %d: result %d differs\nwant %s\ngot  %s\nargs %v\n%s", c.name, w, k, tensor.Format(want[k]), tensor.Format(got[k]), fmtArgs(args), c.src)
					}
				}
				if same {
					sameResults++
				}
			}
			// Count the argument set once, when every worker count agreed
			// with the interpreter: its index values (results compared) or
			// the error (an index error of the interpreter's, reported
			// alike by every worker count).
			switch n := len(workerCounts); {
			case sameResults == n:
				stats.AddTensor(group, args[1], scatterIndexSize(c, args))
				stats.Case(group)
			case sameErrs == n:
				stats.Error(group)
				stats.Case(group)
			}
			if t.Failed() {
				t.FailNow()
			}
		}
	}
	if !testing.Short() && (compared < 4000 || dupCases < 300) {
		t.Errorf("only %d bitwise comparisons (%d argument sets with duplicates); the generator is too narrow", compared, dupCases)
	}
	// Every mode's index values meet the edges of its domain: the ends of
	// [0, s) (and -1, -s for wrap_negative) where the result is defined,
	// every edge and the type's extremes for the modes that define a
	// result everywhere (clip, wrap, drop), and compared index errors for
	// error and wrap_negative.
	if !testing.Short() {
		for _, mode := range kernel.ScatterModes {
			m := boundary.Min{Values: 300, PerEdge: 5, Classes: []boundary.Class{boundary.Zero, boundary.SMinus1}}
			switch mode.String() {
			case "wrap_negative":
				m.Classes = append(m.Classes, boundary.NegOne, boundary.NegS)
				m.Errors = 20
			case "error":
				m.Errors = 20
			case "clip", "wrap", "drop":
				m.Classes = boundary.Edges
			}
			stats.Check(t, m, "scatter/"+mode.String())
		}
	}
	if os.Getenv("TCP_DIFF_VERBOSE") != "" {
		t.Logf("compared index values:\n%s", stats.Table())
		t.Logf("configurations by fusion (0 plain, 1 broadcast updates, 2 zeros input + reshaped ids, 3 chained scatters, 4 a scatter read by a transpose): %v", fused)
		t.Logf("%d configurations, %d kernel calls: %d results compared bit for bit, %d argument sets with duplicate destinations, %d index-error sets (x%d workers), %d broken promises",
			len(configs), calls, compared, dupCases, errCases, len(workerCounts), broken)
	}
}

func fmtArgs(ts []*tensor.Tensor) []string {
	var s []string
	for _, t := range ts {
		s = append(s, tensor.Format(t))
	}
	return s
}

// hasDuplicates reports whether two index positions (tuples) of args
// hold the same raw values (a cheap proxy for duplicate destinations).
func hasDuplicates(c scatterConfig, args []*tensor.Tensor) bool {
	idx := args[1]
	seen := map[string]bool{}
	step := 1
	if c.nd && c.m > 0 {
		step = c.m
	}
	vals := idx.Int64s()
	for k := 0; k+step <= len(vals); k += step {
		key := fmt.Sprint(vals[k : k+step])
		if !c.nd {
			// Along dim: the same value at the same other coordinates.
			co := tensor.Unravel(int64(k), idx.Shape)
			co[c.dim] = idx.Int64At(k)
			key = fmt.Sprint(co)
		}
		if seen[key] {
			return true
		}
		seen[key] = true
	}
	return false
}
