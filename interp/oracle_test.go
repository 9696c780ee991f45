package interp_test

// Differential tests against torch 1.13 and numpy 1.24, through the
// interpreter: every case is a tcp program (IR text) generated from a
// random shape, element type, index type and index values; the program is
// parsed, verified and run, and its result (or error) is compared with what
// the framework computes on the same inputs (testdata/oracle.py, one Python
// process for all cases).
//
//	op                  tcp program                                  oracle
//	torch_gather        tcp.gather {mode = "error"}                  torch.gather
//	torch_index_select  §5.1 recipe (expand_shape, broadcast_to,     torch.index_select
//	                    gather {mode = "error"}); 0-d index keeps the dim
//	numpy_take          §5.1 recipe (with the input broadcast for    np.take(mode=raise|wrap|clip)
//	                    2-D+ indices, collapse for 0-d indices),
//	                    mode wrap_negative | wrap | clip
//	take_along_axis     tcp.gather {mode = "wrap_negative"}          np.take_along_axis
//	gather_nd           tcp.gather_nd {batch_dims, wrap_negative}    numpy advanced indexing
//	numpy_slice         tcp.slice (Python slice semantics,           x[start:stop:step, ...]
//	                    negative steps)
//
// Shapes have ranks 1-4 and dims 0-4 (size-1 and zero-size dims are
// frequent); some programs use dynamic types (`?`), with sizes from
// tensor.dim, and some break a runtime shape rule. About one case in six
// has an out-of-range index. The interpreter must error exactly when the
// oracle raises, with one documented exception: the §5.1 recipe checks an
// index only where the broadcast indices read it, so when another dim of
// the input is 0 (an empty result) torch.index_select and np.take still
// raise for an out-of-range index while the recipe has nothing to check.
// Those cases are counted and logged, not failed. (np.take with
// mode='wrap' on an empty axis loops forever in numpy 1.24 when the result
// is empty; oracle.py returns the empty result there instead.)
//
// Cases per op: 1000 with CI=true, else TCP_ORACLE_CASES (default 200).
// TCP_ORACLE_SEED changes the seed. Without numpy and torch (TCP_PYTHON,
// default /usr/bin/python3) the test skips, or fails under CI=true.

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/internal/oracle/npybatch"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

func casesPerOp() int {
	if oracle.InCI() {
		return 1000
	}
	if n, err := strconv.Atoi(os.Getenv("TCP_ORACLE_CASES")); err == nil && n > 0 {
		return n
	}
	return 200
}

// oracleCase is one generated program with its inputs.
type oracleCase struct {
	op     string
	spec   map[string]any // extra fields for oracle.py
	ir     string         // defines @f
	inputs []*tensor.Tensor
	recipe bool // built with the §5.1 recipe
}

type gen struct {
	r *rand.Rand
}

func (g *gen) intn(n int) int { return g.r.IntN(n) }

// dim returns a random dim size: 0 (10%), 1 (25%) or 2-4.
func (g *gen) dim() int64 {
	switch p := g.r.Float64(); {
	case p < 0.1:
		return 0
	case p < 0.35:
		return 1
	}
	return int64(2 + g.intn(3))
}

func (g *gen) shape(rank int) []int64 {
	s := make([]int64, rank)
	for i := range s {
		s[i] = g.dim()
	}
	return s
}

var (
	torchDTypes = []tensor.DType{tensor.I1, tensor.UI8, tensor.I8, tensor.I16, tensor.I32, tensor.I64, tensor.F16, tensor.BF16, tensor.F32, tensor.F64}
	numpyDTypes = []tensor.DType{tensor.I1, tensor.UI8, tensor.UI16, tensor.UI32, tensor.UI64, tensor.I8, tensor.I16, tensor.I32, tensor.I64, tensor.F16, tensor.F32, tensor.F64}
)

func (g *gen) pick(dts []tensor.DType) tensor.DType { return dts[g.intn(len(dts))] }

// data returns a tensor of random values, with NaN, infinities and -0 among
// the floats.
func (g *gen) data(dt tensor.DType, shape []int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(dt, shape))
	for i := 0; i < int(t.NumElements()); i++ {
		switch {
		case dt == tensor.I1:
			t.SetInt64(i, int64(g.intn(2)))
		case dt.IsUnsigned():
			v := uint64(g.intn(200))
			if g.intn(10) == 0 {
				v = math.MaxUint64 >> (64 - dt.Bits())
			}
			t.SetBits(i, v)
		case dt.IsFloat():
			v := float64(g.intn(65)-32) / 4
			switch g.intn(20) {
			case 0:
				v = math.NaN()
			case 1:
				v = math.Inf(1 - 2*g.intn(2))
			case 2:
				v = math.Copysign(0, -1)
			}
			t.SetFloat64(i, v)
		default:
			v := int64(g.intn(201) - 100)
			if g.intn(10) == 0 {
				v = math.MinInt64 >> (64 - dt.Bits())
			}
			t.SetInt64(i, v)
		}
	}
	return t
}

// index returns a random index value for a dim of size s: in [lo(s), s)
// where lo is 0 (modes error) or -s (wrap_negative), or anything for
// wrap/clip.
func (g *gen) index(s int64, kind string) int64 {
	switch kind {
	case "error":
		if s == 0 {
			return int64(g.intn(3))
		}
		return int64(g.intn(int(s)))
	case "wrap_negative":
		if s == 0 {
			return int64(g.intn(3)) - 1
		}
		return int64(g.intn(int(2*s))) - s
	}
	return int64(g.intn(int(6*s+7))) - 3*s - 3
}

// bad returns an out-of-range index for a dim of size s.
func (g *gen) bad(s int64, kind string) int64 {
	c := []int64{s, s + 2, -s - 1}
	if kind == "error" {
		c = append(c, -1)
	}
	return c[g.intn(len(c))]
}

// indices fills an index tensor whose value at each element is drawn for
// the dim size size(i); with probability 1/6 one value is out of range.
func (g *gen) indices(dt tensor.DType, shape []int64, kind string, size func(i int) int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(dt, shape))
	n := int(t.NumElements())
	for i := 0; i < n; i++ {
		t.SetInt64(i, g.index(size(i), kind))
	}
	if n > 0 && kind != "wrap" && kind != "clip" && g.intn(6) == 0 {
		i := g.intn(n)
		t.SetInt64(i, g.bad(size(i), kind))
	}
	return t
}

func (g *gen) indexDType() tensor.DType {
	if g.intn(2) == 0 {
		return tensor.I32
	}
	return tensor.I64
}

// ty prints a tensor type; dyn makes every dim dynamic.
func ty(dt tensor.DType, shape []int64, dyn bool) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		if dyn {
			b.WriteString("?x")
		} else {
			fmt.Fprintf(&b, "%dx", d)
		}
	}
	b.WriteString(dt.String())
	b.WriteByte('>')
	return b.String()
}

// ---------------------------------------------------------------- cases

func (g *gen) torchGather() oracleCase {
	r := 1 + g.intn(4)
	dt := g.pick(torchDTypes)
	X := g.shape(r)
	dim := g.intn(r)
	Q := make([]int64, r)
	for d := range Q {
		if d == dim {
			Q[d] = g.dim()
		} else {
			Q[d] = int64(g.intn(int(X[d]) + 1))
		}
	}
	dyn := g.intn(4) == 0
	if dyn && g.intn(3) == 0 && r > 1 {
		// Break the shape rule at run time: an indices dim larger than
		// the input's (torch: "Size does not match").
		d := (dim + 1 + g.intn(r-1)) % r
		Q[d] = X[d] + 1
		for k := range Q {
			Q[k] = max(Q[k], 1) // keep the indices non-empty, or torch checks nothing
		}
	}
	it := g.indexDType()
	x := g.data(dt, X)
	idx := g.indices(it, Q, "error", func(int) int64 { return X[dim] })
	tx, ti, to := ty(dt, X, dyn), ty(it, Q, dyn), ty(dt, Q, dyn)
	src := fmt.Sprintf(`func.func @f(%%x: %s, %%i: %s) -> %s {
  %%0 = tcp.gather %%x, %%i {dim = %d : index, mode = "error"} : %s, %s -> %s
  return %%0 : %s
}`, tx, ti, to, dim, tx, ti, to, to)
	return oracleCase{op: "torch_gather", spec: map[string]any{"dim": dim, "bf16": dt == tensor.BF16}, ir: src, inputs: []*tensor.Tensor{x, idx}}
}

func (g *gen) takeAlongAxis() oracleCase {
	r := 1 + g.intn(4)
	dt := g.pick(numpyDTypes)
	X := g.shape(r)
	axis := g.intn(r)
	Q := append([]int64{}, X...)
	Q[axis] = g.dim()
	it := g.indexDType()
	x := g.data(dt, X)
	idx := g.indices(it, Q, "wrap_negative", func(int) int64 { return X[axis] })
	tx, ti, to := ty(dt, X, false), ty(it, Q, false), ty(dt, Q, false)
	src := fmt.Sprintf(`func.func @f(%%x: %s, %%i: %s) -> %s {
  %%0 = tcp.gather %%x, %%i {dim = %d : index, mode = "wrap_negative"} : %s, %s -> %s
  return %%0 : %s
}`, tx, ti, to, axis, tx, ti, to, to)
	return oracleCase{op: "take_along_axis", spec: map[string]any{"axis": axis}, ir: src, inputs: []*tensor.Tensor{x, idx}}
}

func (g *gen) gatherND() oracleCase {
	r := 1 + g.intn(4)
	dt := g.pick(numpyDTypes)
	X := g.shape(r)
	b := 0
	if r > 1 && g.intn(3) == 0 {
		b = 1 + g.intn(min(r-1, 2))
	}
	m := g.intn(r - b + 1)
	// indices: X[:b] ++ grid ++ [m], grid of rank 0-2.
	Q := append([]int64{}, X[:b]...)
	for k := g.intn(3); k > 0; k-- {
		Q = append(Q, g.dim())
	}
	Q = append(Q, int64(m))
	it := g.indexDType()
	x := g.data(dt, X)
	idx := g.indices(it, Q, "wrap_negative", func(i int) int64 { return X[b+i%max(m, 1)] })
	O := append(append([]int64{}, Q[:len(Q)-1]...), X[b+m:]...)
	tx, ti, to := ty(dt, X, false), ty(it, Q, false), ty(dt, O, false)
	attrs := `mode = "wrap_negative"`
	if b > 0 {
		attrs = fmt.Sprintf("batch_dims = %d : index, %s", b, attrs)
	}
	src := fmt.Sprintf(`func.func @f(%%x: %s, %%i: %s) -> %s {
  %%0 = tcp.gather_nd %%x, %%i {%s} : %s, %s -> %s
  return %%0 : %s
}`, tx, ti, to, attrs, tx, ti, to, to)
	return oracleCase{op: "gather_nd", spec: map[string]any{"batch_dims": b}, ir: src, inputs: []*tensor.Tensor{x, idx}}
}

// pySlice normalizes a Python slice for a dim of size n (CPython's
// PySlice_AdjustIndices) and returns the first index and the count.
func pySlice(start, stop *int64, step, n int64) (first, count int64) {
	adjust := func(v *int64, def int64) int64 {
		if v == nil {
			return def
		}
		x := *v
		if x < 0 {
			x += n
			if x < 0 {
				if step < 0 {
					return -1
				}
				return 0
			}
		} else if x >= n {
			if step < 0 {
				return n - 1
			}
			return n
		}
		return x
	}
	var s, e int64
	if step < 0 {
		s, e = adjust(start, n-1), adjust(stop, -1)
		if e < s {
			count = (s-e-1)/(-step) + 1
		}
	} else {
		s, e = adjust(start, 0), adjust(stop, n)
		if s < e {
			count = (e-s-1)/step + 1
		}
	}
	return s, count
}

func (g *gen) numpySlice() oracleCase {
	r := 1 + g.intn(4)
	dt := g.pick(numpyDTypes)
	X := g.shape(r)
	x := g.data(dt, X)
	var slices []any
	starts, sizes, strides := make([]int64, r), make([]int64, r), make([]int64, r)
	opt := func(n int64) *int64 {
		if g.intn(4) == 0 {
			return nil
		}
		v := int64(g.intn(int(2*n+5))) - n - 2
		return &v
	}
	for d := 0; d < r; d++ {
		step := int64(1 + g.intn(3))
		if g.intn(2) == 0 {
			step = -step
		}
		start, stop := opt(X[d]), opt(X[d])
		first, n := pySlice(start, stop, step, X[d])
		if n == 0 {
			first = 0
		}
		starts[d], sizes[d], strides[d] = first, n, step
		slices = append(slices, []any{start, stop, step})
	}
	all := append(append(append([]int64{}, starts...), sizes...), strides...)
	seen := map[int64]bool{}
	var consts strings.Builder
	for _, v := range all {
		if !seen[v] {
			seen[v] = true
			fmt.Fprintf(&consts, "  %s = arith.constant %d : index\n", ref(v), v)
		}
	}
	tx, to := ty(dt, X, false), ty(dt, sizes, false)
	src := fmt.Sprintf(`func.func @f(%%x: %s) -> %s {
%s  %%0 = tcp.slice %%x starts(%s) sizes(%s) strides(%s) : %s -> %s
  return %%0 : %s
}`, tx, to, consts.String(), refs(starts), refs(sizes), refs(strides), tx, to, to)
	return oracleCase{op: "numpy_slice", spec: map[string]any{"slices": slices}, ir: src, inputs: []*tensor.Tensor{x}}
}

// recipe writes the §5.1 slice-gather recipe (b = 0) for x of shape X
// (dynamic dims if dyn) and indices of shape Q along axis a, as IR lines
// defining %0. collapse removes the axis for 0-d indices (onnx.Gather,
// np.take); without it the axis is kept with size 1 (index_select).
func recipe(dt, it tensor.DType, X, Q []int64, a int, mode string, dyn, collapse bool) (body, outType string) {
	r, q := len(X), len(Q)
	var b strings.Builder
	xt := ty(dt, X, dyn)
	// xdim returns the IR value of X[d]: a constant or a tensor.dim.
	defined := map[string]bool{}
	cst := func(v int64) string {
		name := ref(v)
		if !defined[name] {
			defined[name] = true
			fmt.Fprintf(&b, "  %s = arith.constant %d : index\n", name, v)
		}
		return name
	}
	xdim := func(d int) string {
		if !dyn {
			return cst(X[d])
		}
		name := fmt.Sprintf("%%dim%d", d)
		if !defined[name] {
			defined[name] = true
			c := cst(int64(d))
			fmt.Fprintf(&b, "  %s = tensor.dim %%x, %s : %s\n", name, c, xt)
		}
		return name
	}
	// dims formats a type shape where entries < 0 are X dims (dynamic if dyn).
	type dimv struct {
		v   int64
		isX bool
	}
	tyOf := func(elem tensor.DType, dims []dimv) string {
		var s strings.Builder
		s.WriteString("tensor<")
		for _, d := range dims {
			if d.isX && dyn {
				s.WriteString("?x")
			} else {
				fmt.Fprintf(&s, "%dx", d.v)
			}
		}
		s.WriteString(elem.String() + ">")
		return s.String()
	}
	// groups builds a reassociation for a result of rank n whose source
	// dims sit at positions pos (sorted): unit dims join the group of the
	// nearest source dim to their left, leading ones the first group.
	groups := func(pos []int, n int) string {
		if len(pos) == 0 {
			return "[]"
		}
		var gs []string
		for k := range pos {
			lo, hi := pos[k], n
			if k == 0 {
				lo = 0
			}
			if k+1 < len(pos) {
				hi = pos[k+1]
			}
			var ds []string
			for d := lo; d < hi; d++ {
				ds = append(ds, strconv.Itoa(d))
			}
			gs = append(gs, "["+strings.Join(ds, ", ")+"]")
		}
		return "[" + strings.Join(gs, ", ") + "]"
	}
	qt := ty(it, Q, false)
	var ibDims []dimv // shape of the broadcast indices
	idx := "%i"
	var xb = "%x"
	xbt := xt
	if q == 0 {
		ones := make([]dimv, r)
		for d := range ones {
			ones[d] = dimv{v: 1}
		}
		et := tyOf(it, ones)
		fmt.Fprintf(&b, "  %%ie = tensor.expand_shape %%i [] : %s into %s\n", qt, et)
		idx = "%ie"
		var axes, sizes []string
		ibDims = make([]dimv, r)
		for d := 0; d < r; d++ {
			ibDims[d] = dimv{v: 1}
			if d != a {
				axes = append(axes, strconv.Itoa(d))
				sizes = append(sizes, xdim(d))
				ibDims[d] = dimv{v: X[d], isX: true}
			}
		}
		if len(axes) > 0 {
			bt := tyOf(it, ibDims)
			fmt.Fprintf(&b, "  %%ib = tcp.broadcast_to %%ie, %s {axes = [%s]} : %s, %s -> %s\n", strings.Join(sizes, ", "), strings.Join(axes, ", "), et, strings.Repeat("index, ", len(sizes)-1)+"index", bt)
			idx = "%ib"
		}
	} else {
		R := r + q - 1
		ieDims := make([]dimv, 0, R)
		for d := 0; d < a; d++ {
			ieDims = append(ieDims, dimv{v: 1})
		}
		var pos []int
		for k := 0; k < q; k++ {
			pos = append(pos, a+k)
			ieDims = append(ieDims, dimv{v: Q[k]})
		}
		for d := a + 1; d < r; d++ {
			ieDims = append(ieDims, dimv{v: 1})
		}
		et := qt
		if R != q {
			et = tyOf(it, ieDims)
			fmt.Fprintf(&b, "  %%ie = tensor.expand_shape %%i %s : %s into %s\n", groups(pos, R), qt, et)
			idx = "%ie"
		}
		ibDims = append([]dimv{}, ieDims...)
		var axes, sizes []string
		for d := 0; d < a; d++ {
			axes = append(axes, strconv.Itoa(d))
			sizes = append(sizes, xdim(d))
			ibDims[d] = dimv{v: X[d], isX: true}
		}
		for d := a + q; d < R; d++ {
			axes = append(axes, strconv.Itoa(d))
			sizes = append(sizes, xdim(d-q+1))
			ibDims[d] = dimv{v: X[d-q+1], isX: true}
		}
		if len(axes) > 0 {
			bt := tyOf(it, ibDims)
			fmt.Fprintf(&b, "  %%ib = tcp.broadcast_to %s, %s {axes = [%s]} : %s, %s -> %s\n", idx, strings.Join(sizes, ", "), strings.Join(axes, ", "), et, strings.Repeat("index, ", len(sizes)-1)+"index", bt)
			idx = "%ib"
		}
		if q > 1 {
			var xeDims []dimv
			var xpos []int
			for d := 0; d <= a; d++ {
				xpos = append(xpos, len(xeDims))
				xeDims = append(xeDims, dimv{v: X[d], isX: true})
			}
			for k := 1; k < q; k++ {
				xeDims = append(xeDims, dimv{v: 1})
			}
			for d := a + 1; d < r; d++ {
				xpos = append(xpos, len(xeDims))
				xeDims = append(xeDims, dimv{v: X[d], isX: true})
			}
			xet := tyOf(dt, xeDims)
			fmt.Fprintf(&b, "  %%xe = tensor.expand_shape %%x %s : %s into %s\n", groups(xpos, R), xt, xet)
			xbDims := append([]dimv{}, xeDims...)
			var xaxes, xsizes []string
			for k := 1; k < q; k++ {
				xaxes = append(xaxes, strconv.Itoa(a+k))
				xsizes = append(xsizes, cst(Q[k]))
				xbDims[a+k] = dimv{v: Q[k]}
			}
			xbt = tyOf(dt, xbDims)
			fmt.Fprintf(&b, "  %%xb = tcp.broadcast_to %%xe, %s {axes = [%s]} : %s, %s -> %s\n", strings.Join(xsizes, ", "), strings.Join(xaxes, ", "), xet, strings.Repeat("index, ", len(xsizes)-1)+"index", xbt)
			xb = "%xb"
		}
	}
	it2 := tyOf(it, ibDims)
	gt := tyOf(dt, ibDims)
	res := "%0"
	if q == 0 && collapse {
		res = "%g"
	}
	fmt.Fprintf(&b, "  %s = tcp.gather %s, %s {dim = %d : index, mode = %q} : %s, %s -> %s\n", res, xb, idx, a, mode, xbt, it2, gt)
	outType = gt
	if q == 0 && collapse {
		var outDims []dimv
		var pos []int
		for d := 0; d < r; d++ {
			if d != a {
				pos = append(pos, d)
				outDims = append(outDims, ibDims[d])
			}
		}
		outType = tyOf(dt, outDims)
		// The removed unit dim joins the group of the dim to its left (or
		// the first group); a rank-1 input collapses to 0-d with [].
		fmt.Fprintf(&b, "  %%0 = tensor.collapse_shape %%g %s : %s into %s\n", groups(pos, r), gt, outType)
	}
	return b.String(), outType
}

func (g *gen) indexSelect() oracleCase {
	r := 1 + g.intn(4)
	dt := g.pick(torchDTypes)
	X := g.shape(r)
	a := g.intn(r)
	var Q []int64
	if g.intn(5) != 0 {
		Q = []int64{int64(g.intn(5))}
	}
	it := g.indexDType()
	dyn := g.intn(3) == 0
	x := g.data(dt, X)
	idx := g.indices(it, Q, "error", func(int) int64 { return X[a] })
	body, out := recipe(dt, it, X, Q, a, "error", dyn, false)
	src := fmt.Sprintf("func.func @f(%%x: %s, %%i: %s) -> %s {\n%s  return %%0 : %s\n}", ty(dt, X, dyn), ty(it, Q, false), out, body, out)
	return oracleCase{op: "torch_index_select", spec: map[string]any{"dim": a, "bf16": dt == tensor.BF16}, ir: src, inputs: []*tensor.Tensor{x, idx}, recipe: true}
}

func (g *gen) numpyTake() oracleCase {
	r := 1 + g.intn(3)
	dt := g.pick(numpyDTypes)
	X := g.shape(r)
	a := g.intn(r)
	Q := g.shape(g.intn(4))
	modes := []struct{ np, tcp string }{{"raise", "wrap_negative"}, {"wrap", "wrap"}, {"clip", "clip"}}
	m := modes[g.intn(3)]
	it := g.indexDType()
	dyn := g.intn(3) == 0
	x := g.data(dt, X)
	kind := m.tcp
	idx := g.indices(it, Q, kind, func(int) int64 { return X[a] })
	body, out := recipe(dt, it, X, Q, a, m.tcp, dyn, true)
	src := fmt.Sprintf("func.func @f(%%x: %s, %%i: %s) -> %s {\n%s  return %%0 : %s\n}", ty(dt, X, dyn), ty(it, Q, false), out, body, out)
	return oracleCase{op: "numpy_take", spec: map[string]any{"axis": a, "mode": m.np}, ir: src, inputs: []*tensor.Tensor{x, idx}, recipe: true}
}

// ---------------------------------------------------------------- driver

var (
	torchOOB = regexp.MustCompile(`out of bounds for dimension (\d+) with size (\d+)`)
	// rangeError matches the oracles' out-of-range index errors.
	rangeError = regexp.MustCompile(`(?i)out of range|out of bounds|out of DATA bounds|indexing axis dim should be positive`)
)

func TestOracle(t *testing.T) {
	py := oracle.Python(t, "numpy", "torch")
	n := casesPerOp()
	seed := uint64(1)
	if s, err := strconv.ParseUint(os.Getenv("TCP_ORACLE_SEED"), 10, 64); err == nil {
		seed = s
	}
	g := &gen{r: rand.New(rand.NewPCG(seed, 0x7c9))}
	type opGen struct {
		name string
		fn   func() oracleCase
		ops  []string // ops that must be registered
	}
	ops := []opGen{
		{"torch_gather", g.torchGather, nil},
		{"take_along_axis", g.takeAlongAxis, nil},
		{"gather_nd", g.gatherND, nil},
		{"numpy_slice", g.numpySlice, []string{"arith.constant"}},
		{"torch_index_select", g.indexSelect, []string{"arith.constant", "tensor.expand_shape", "tensor.dim"}},
		{"numpy_take", g.numpyTake, []string{"arith.constant", "tensor.expand_shape", "tensor.collapse_shape", "tensor.dim"}},
	}
	dir := t.TempDir()
	var cases []oracleCase
	var batch []npybatch.Case
	for _, o := range ops {
		var missing []string
		for _, name := range o.ops {
			if ir.Global.LookupDef(name) == nil {
				missing = append(missing, name)
			}
		}
		if len(missing) > 0 {
			t.Logf("%s: skipped, needs ops that are not registered yet: %v", o.name, missing)
			continue
		}
		for k := 0; k < n; k++ {
			c := o.fn()
			var ins []*tensor.Tensor
			for _, in := range c.inputs {
				if in.DType == tensor.BF16 {
					in = toF32(in)
				}
				ins = append(ins, in)
			}
			cases = append(cases, c)
			batch = append(batch, npybatch.Case{Op: c.op, Spec: c.spec, Inputs: ins})
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	if d, ok := t.Deadline(); ok {
		ctx, cancel = context.WithDeadline(context.Background(), d.Add(-20*time.Second))
	}
	defer cancel()
	start := time.Now()
	results, err := npybatch.Run(ctx, py, "testdata/oracle.py", dir, []string{"OMP_NUM_THREADS=1"}, batch)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("oracle.py: %d cases in %v", len(cases), time.Since(start).Round(time.Millisecond))

	type stats struct{ cases, results, errors, divergences int }
	counts := map[string]*stats{}
	mismatches := 0
	for id, c := range cases {
		st := counts[c.op]
		if st == nil {
			st = &stats{}
			counts[c.op] = st
		}
		st.cases++
		want, oracleErr := results[id].Out, results[id].Err
		got, err := runOracleCase(c)
		fail := func(format string, args ...any) {
			mismatches++
			if mismatches <= 20 {
				t.Errorf("case %d (%s %v): %s\ninputs: %s\n%s", id, c.op, c.spec, fmt.Sprintf(format, args...), formatAll(c.inputs), c.ir)
			}
		}
		switch {
		case oracleErr != "" && err != nil:
			st.errors++
			if c.op == "torch_gather" {
				if m := torchOOB.FindStringSubmatch(oracleErr); m != nil && !strings.Contains(err.Error(), m[0]) {
					fail("torch says %q, the interpreter %q", oracleErr, err)
				}
			}
		case oracleErr != "":
			if c.recipe && got != nil && got.NumElements() == 0 && rangeError.MatchString(oracleErr) {
				st.divergences++
				continue
			}
			fail("the oracle raises %q, the interpreter returns %s", oracleErr, tensor.Format(got))
		case err != nil:
			fail("the oracle returns %s, the interpreter fails: %v", tensor.Format(want), err)
		default:
			st.results++
			var opts []tensor.EqualOption
			if got.DType == tensor.BF16 {
				// torch's float32 -> bfloat16 conversion does not keep NaN
				// payloads; gathers copy bits, so elsewhere they must match.
				got = toF32(got)
				opts = append(opts, tensor.NaNEqual)
			}
			if d := tensor.Diff(want, got, opts...); d != "" {
				fail("%s\n got %s\nwant %s", d, tensor.Format(got), tensor.Format(want))
			}
		}
	}
	for _, o := range ops {
		if st := counts[o.name]; st != nil {
			t.Logf("%-18s %5d cases: %5d results, %4d errors (both raise), %d recipe divergences on empty results", o.name, st.cases, st.results, st.errors, st.divergences)
		}
	}
	if mismatches > 0 {
		t.Errorf("%d mismatches in %d cases", mismatches, len(cases))
	}
}

// runOracleCase parses, verifies and runs @f of c.
func runOracleCase(c oracleCase) (*tensor.Tensor, error) {
	module, err := parser.Parse("oracle.mlir", c.ir, parser.Options{})
	if err != nil {
		return nil, fmt.Errorf("parse: %w", err)
	}
	if err := ir.Verify(module, false); err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	res, err := interp.RunFunc(module, "f", c.inputs...)
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// toF32 widens a bf16 tensor exactly.
func toF32(t *tensor.Tensor) *tensor.Tensor {
	out := tensor.Must(tensor.New(tensor.F32, t.Shape))
	for i := 0; i < int(t.NumElements()); i++ {
		out.SetFloat64(i, t.Float64At(i))
	}
	return out
}
