package frontends_test

// Differential test of the onnx and tf frontends against NumPy 1.24
// (testdata/oracle.py through internal/oracle's /usr/bin/python3): for
// random shapes, axes, batch dims, index types, dynamic dims and index
// values (in and out of range), each frontend op is run three ways and
// compared:
//
//	frontend   the frontend op itself in the interpreter (the framework's semantics)
//	converted  the same function after --convert-frontends-to-tcp
//	numpy      the oracle
//
// frontend must equal numpy exactly (same result, or both raise).
// converted must too, except for the documented difference: numpy (and the
// frontend op) raise for an out-of-range index whose gathered slice is
// empty, which the tcp recipe never reads; those cases are counted and
// must have an empty result.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/internal/oracle/npybatch"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/tensor"
)

// casesPerOp is the number of random cases per frontend op (at least 200).
const casesPerOp = 200

type oracleCase struct {
	op     string
	spec   map[string]any
	src    string // frontend IR defining @f
	inputs []*tensor.Tensor
}

type gen struct{ r *rand.Rand }

func (g *gen) intn(n int) int { return g.r.IntN(n) }

// shape returns rank dims in [1, 4], with a 0 now and then.
func (g *gen) shape(rank int) []int64 {
	s := make([]int64, rank)
	for d := range s {
		s[d] = int64(1 + g.intn(4))
		if g.intn(14) == 0 {
			s[d] = 0
		}
	}
	return s
}

var dataTypes = []tensor.DType{tensor.F32, tensor.F64, tensor.I32, tensor.I64, tensor.I8}

func (g *gen) data(shape []int64) *tensor.Tensor {
	dt := dataTypes[g.intn(len(dataTypes))]
	t := tensor.Must(tensor.New(dt, shape))
	for i := range int(t.NumElements()) {
		t.SetInt64(i, int64(g.intn(100)-50))
	}
	return t
}

// indices fills an index tensor with values for a dim of size s: mostly in
// [-s, s), sometimes just outside.
func (g *gen) indices(dt tensor.DType, shape []int64, s func(pos int) int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(dt, shape))
	for i := range int(t.NumElements()) {
		n := s(i)
		v := int64(g.intn(int(2*n)+1)) - n
		if g.intn(25) == 0 {
			v = n + int64(g.intn(3))
		}
		if g.intn(40) == 0 {
			v = -n - 1 - int64(g.intn(3))
		}
		t.SetInt64(i, v)
	}
	return t
}

// inRange rewrites, in three cases out of four, every value of t into the
// valid range of its dim ([-s, s) with negatives, else [0, s)), so that
// results, not only errors, are compared often.
func (g *gen) inRange(t *tensor.Tensor, s func(pos int) int64, negatives bool) {
	if g.intn(4) == 0 {
		return
	}
	for i := range int(t.NumElements()) {
		n := s(i)
		if n == 0 {
			continue
		}
		v := ((t.Int64At(i) % n) + n) % n
		if negatives && g.intn(2) == 0 {
			v -= n
		}
		t.SetInt64(i, v)
	}
}

func (g *gen) indexType(withI16 bool) tensor.DType {
	if withI16 && g.intn(6) == 0 {
		return tensor.I16
	}
	if g.intn(2) == 0 {
		return tensor.I32
	}
	return tensor.I64
}

// ty prints a tensor type; dims listed in dyn print as ?.
func ty(dt tensor.DType, shape []int64, dyn []bool) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for d, n := range shape {
		if d < len(dyn) && dyn[d] {
			b.WriteString("?x")
		} else {
			fmt.Fprintf(&b, "%dx", n)
		}
	}
	return b.String() + dt.String() + ">"
}

func (g *gen) dyn(rank int) []bool {
	out := make([]bool, rank)
	if g.intn(3) == 0 {
		for d := range out {
			out[d] = g.intn(2) == 0
		}
	}
	return out
}

// fn wraps one frontend op into @f(%x, %i) returning out.
func fn(xt, it, out, body string) string {
	return fmt.Sprintf("func.func @f(%%x: %s, %%i: %s) -> %s {\n%s  return %%0 : %s\n}\n", xt, it, out, body, out)
}

func (g *gen) onnxGather() oracleCase {
	r := 1 + g.intn(3)
	X := g.shape(r)
	a := g.intn(r)
	axis := a
	if g.intn(2) == 0 {
		axis -= r
	}
	Q := g.shape(g.intn(3))
	x, it := g.data(X), g.indexType(false)
	idx := g.indices(it, Q, func(int) int64 { return X[a] })
	g.inRange(idx, func(int) int64 { return X[a] }, true)
	dyn := g.dyn(r)
	outDyn := slices.Concat(dyn[:a], make([]bool, len(Q)), dyn[a+1:])
	out := ty(x.DType, slices.Concat(X[:a], Q, X[a+1:]), outDyn)
	if g.intn(5) == 0 {
		out = "tensor<*x" + x.DType.String() + ">"
	}
	xt, itt := ty(x.DType, X, dyn), ty(it, Q, nil)
	attr := fmt.Sprintf("{axis = %d : si64}", axis)
	if g.intn(2) == 0 {
		attr = "<" + attr + ">"
	}
	body := fmt.Sprintf("  %%0 = \"onnx.Gather\"(%%x, %%i) %s : (%s, %s) -> %s\n", attr, xt, itt, out)
	return oracleCase{op: "onnx_gather", spec: map[string]any{"axis": axis}, src: fn(xt, itt, out, body), inputs: []*tensor.Tensor{x, idx}}
}

func (g *gen) onnxGatherElements() oracleCase {
	r := 1 + g.intn(3)
	X := g.shape(r)
	a := g.intn(r)
	axis := a
	if g.intn(2) == 0 {
		axis -= r
	}
	Q := make([]int64, r)
	for d := range Q {
		if d == a {
			Q[d] = int64(g.intn(4))
		} else {
			Q[d] = int64(g.intn(int(X[d]) + 1))
		}
	}
	x, it := g.data(X), g.indexType(false)
	idx := g.indices(it, Q, func(int) int64 { return X[a] })
	g.inRange(idx, func(int) int64 { return X[a] }, true)
	out := ty(x.DType, Q, nil)
	xt, itt := ty(x.DType, X, g.dyn(r)), ty(it, Q, nil)
	body := fmt.Sprintf("  %%0 = \"onnx.GatherElements\"(%%x, %%i) {axis = %d : si64} : (%s, %s) -> %s\n", axis, xt, itt, out)
	return oracleCase{op: "onnx_gather_elements", spec: map[string]any{"axis": axis}, src: fn(xt, itt, out, body), inputs: []*tensor.Tensor{x, idx}}
}

// gatherND draws a gather_nd case: data X, indices Q (last dim m) and b.
func (g *gen) gatherND(withBatch bool) (X, Q []int64, b int) {
	r := 1 + g.intn(3)
	X = g.shape(r)
	if withBatch {
		b = g.intn(r)
	}
	m := 1 + g.intn(r-b)
	if g.intn(8) == 0 {
		m = 0
	}
	q := b + 1 + g.intn(2)
	Q = make([]int64, q)
	copy(Q, X[:b])
	for d := b; d < q-1; d++ {
		Q[d] = int64(g.intn(4))
	}
	Q[q-1] = int64(m)
	return X, Q, b
}

func (g *gen) ndIndices(it tensor.DType, X, Q []int64, b int) *tensor.Tensor {
	m := int(Q[len(Q)-1])
	s := func(pos int) int64 { return X[b+pos%max(m, 1)] }
	t := g.indices(it, Q, s)
	g.inRange(t, s, it == tensor.I64 && g.intn(2) == 0)
	return t
}

func (g *gen) onnxGatherND() oracleCase {
	X, Q, b := g.gatherND(true)
	x := g.data(X)
	idx := g.ndIndices(tensor.I64, X, Q, b)
	m := Q[len(Q)-1]
	out := ty(x.DType, slices.Concat(Q[:len(Q)-1], X[int64(b)+m:]), nil)
	xt, itt := ty(x.DType, X, nil), ty(tensor.I64, Q, nil)
	body := fmt.Sprintf("  %%0 = \"onnx.GatherND\"(%%x, %%i) <{batch_dims = %d : si64}> : (%s, %s) -> %s\n", b, xt, itt, out)
	return oracleCase{op: "onnx_gather_nd", spec: map[string]any{"batch_dims": b}, src: fn(xt, itt, out, body), inputs: []*tensor.Tensor{x, idx}}
}

func ints(vs []int64) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprint(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (g *gen) onnxSlice() oracleCase {
	r := 1 + g.intn(3)
	X := g.shape(r)
	x := g.data(X)
	n := 1 + g.intn(r)
	axes := g.r.Perm(r)[:n]
	var starts, ends, axs, steps []int64
	for _, a := range axes {
		dim := X[a]
		starts = append(starts, int64(g.intn(int(2*dim)+5))-dim-2)
		ends = append(ends, int64(g.intn(int(2*dim)+5))-dim-2)
		k := int64(1 + g.intn(3))
		if g.intn(3) == 0 {
			k = -k
		}
		steps = append(steps, k)
		ax := int64(a)
		if g.intn(3) == 0 {
			ax -= int64(r)
		}
		axs = append(axs, ax)
	}
	vt := fmt.Sprintf("tensor<%dxi64>", n)
	var b strings.Builder
	fmt.Fprintf(&b, "  %%s = onnx.Constant dense<%s> : %s\n", ints(starts), vt)
	fmt.Fprintf(&b, "  %%e = \"onnx.Constant\"() {value = dense<%s> : %s} : () -> %s\n", ints(ends), vt, vt)
	axesRef, axesT, stepsRef, stepsT := "%a", vt, "%k", vt
	if g.intn(4) == 0 && slices.Equal(axes, g.identity(n)) {
		fmt.Fprintf(&b, "  %%a = \"onnx.NoValue\"() {value} : () -> none\n")
		axesT = "none"
	} else {
		fmt.Fprintf(&b, "  %%a = onnx.Constant dense<%s> : %s\n", ints(axs), vt)
	}
	if g.intn(4) == 0 && !slices.ContainsFunc(steps, func(k int64) bool { return k != 1 }) {
		fmt.Fprintf(&b, "  %%k = \"onnx.NoValue\"() {value} : () -> none\n")
		stepsT = "none"
	} else {
		fmt.Fprintf(&b, "  %%k = onnx.Constant dense<%s> : %s\n", ints(steps), vt)
	}
	xt := ty(x.DType, X, nil)
	out := "tensor<*x" + x.DType.String() + ">"
	fmt.Fprintf(&b, "  %%0 = \"onnx.Slice\"(%%x, %%s, %%e, %s, %s) : (%s, %s, %s, %s, %s) -> %s\n", axesRef, stepsRef, xt, vt, vt, axesT, stepsT, out)
	src := fmt.Sprintf("func.func @f(%%x: %s) -> %s {\n%s  return %%0 : %s\n}\n", xt, out, b.String(), out)
	return oracleCase{op: "onnx_slice", spec: map[string]any{"starts": starts, "ends": ends, "axes": axs, "steps": steps}, src: src, inputs: []*tensor.Tensor{x}}
}

func (g *gen) identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func (g *gen) tfGatherV2() oracleCase { return g.tfGather(false) }

// tfGatherLegacy draws the legacy tf.Gather (axis 0, no batch dims).
func (g *gen) tfGatherLegacy() oracleCase { return g.tfGather(true) }

func (g *gen) tfGather(legacy bool) oracleCase {
	r := 1 + g.intn(3)
	X := g.shape(r)
	a := g.intn(r)
	b := g.intn(a + 1)
	if legacy {
		a, b = 0, 0
	}
	q := b + g.intn(3)
	Q := make([]int64, q)
	copy(Q, X[:b])
	for d := b; d < q; d++ {
		Q[d] = int64(g.intn(4))
	}
	x, it := g.data(X), g.indexType(true)
	idx := g.indices(it, Q, func(int) int64 { return X[a] })
	g.inRange(idx, func(int) int64 { return X[a] }, false)
	axis, bd := int64(a), int64(b)
	if g.intn(2) == 0 {
		axis -= int64(r)
	}
	if g.intn(3) == 0 && b < q {
		bd -= int64(q) // TensorFlow counts negative batch_dims from rank(indices)
	}
	dyn := g.dyn(r)
	for d := 0; d < b; d++ {
		dyn[d] = false
	}
	outDyn := slices.Concat(dyn[:a], make([]bool, q-b), dyn[a+1:])
	out := ty(x.DType, slices.Concat(X[:a], Q[b:], X[a+1:]), outDyn)
	xt, itt := ty(x.DType, X, dyn), ty(it, Q, nil)
	var body string
	if legacy {
		body = fmt.Sprintf("  %%0 = \"tf.Gather\"(%%x, %%i) {validate_indices = true} : (%s, %s) -> %s\n", xt, itt, out)
		axis, bd = 0, 0
	} else {
		at := "tensor<i32>"
		av := fmt.Sprintf("dense<%d> : tensor<i32>", axis)
		if g.intn(2) == 0 {
			at = "tensor<1xi64>"
			av = fmt.Sprintf("dense<[%d]> : tensor<1xi64>", axis)
		}
		body = fmt.Sprintf("  %%axis = \"tf.Const\"() {device = \"\", value = %s} : () -> %s\n  %%0 = \"tf.GatherV2\"(%%x, %%i, %%axis) {batch_dims = %d : i64} : (%s, %s, %s) -> %s\n", av, at, bd, xt, itt, at, out)
	}
	op := "tf_gather_v2"
	if legacy {
		op = "tf_gather"
	}
	return oracleCase{op: op, spec: map[string]any{"axis": axis, "batch_dims": bd, "i16": it == tensor.I16}, src: fn(xt, itt, out, body), inputs: []*tensor.Tensor{x, idx}}
}

func (g *gen) tfGatherNd() oracleCase {
	X, Q, _ := g.gatherND(false)
	x, it := g.data(X), g.indexType(true)
	idx := g.ndIndices(it, X, Q, 0)
	m := Q[len(Q)-1]
	out := ty(x.DType, slices.Concat(Q[:len(Q)-1], X[m:]), nil)
	xt, itt := ty(x.DType, X, nil), ty(it, Q, nil)
	body := fmt.Sprintf("  %%0 = \"tf.GatherNd\"(%%x, %%i) : (%s, %s) -> %s\n", xt, itt, out)
	return oracleCase{op: "tf_gather_nd", spec: map[string]any{"i16": it == tensor.I16}, src: fn(xt, itt, out, body), inputs: []*tensor.Tensor{x, idx}}
}

// run parses src, optionally converts it, verifies it and runs @f.
func run(src string, inputs []*tensor.Tensor, convert bool) (*tensor.Tensor, string, error) {
	m, err := parser.Parse("case.mlir", src, parser.Options{})
	if err != nil {
		return nil, "", fmt.Errorf("parse: %w", err)
	}
	if convert {
		pm, err := pass.ParsePipeline("builtin.module(convert-frontends-to-tcp)")
		if err != nil {
			return nil, "", err
		}
		if err := pm.Run(m); err != nil {
			return nil, "", fmt.Errorf("convert: %w", err)
		}
	}
	var b strings.Builder
	ir.Print(&b, m, ir.PrintOptions{})
	if err := ir.Verify(m, false); err != nil {
		return nil, b.String(), fmt.Errorf("verify: %w", err)
	}
	res, err := interp.RunFunc(m, "f", inputs...)
	if err != nil {
		return nil, b.String(), err
	}
	return res[0], b.String(), nil
}

func TestNumPyOracle(t *testing.T) {
	py := oracle.Python(t, "numpy")
	g := &gen{r: rand.New(rand.NewPCG(11, 0xfe))}
	ops := []struct {
		name string
		fn   func() oracleCase
	}{
		{"onnx_gather", g.onnxGather},
		{"onnx_gather_elements", g.onnxGatherElements},
		{"onnx_gather_nd", g.onnxGatherND},
		{"onnx_slice", g.onnxSlice},
		{"tf_gather_v2", g.tfGatherV2},
		{"tf_gather", g.tfGatherLegacy},
		{"tf_gather_nd", g.tfGatherNd},
	}
	var cases []oracleCase
	var batch []npybatch.Case
	for _, o := range ops {
		for range casesPerOp {
			c := o.fn()
			cases = append(cases, c)
			batch = append(batch, npybatch.Case{Op: c.op, Spec: c.spec, Inputs: c.inputs})
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	results, err := npybatch.Run(ctx, py, "testdata/oracle.py", t.TempDir(), nil, batch)
	if err != nil {
		t.Fatal(err)
	}
	type stats struct{ results, errors, empty, unconvertible, numpySkips int }
	counts := map[string]*stats{}
	bad := 0
	for id, c := range cases {
		st := counts[c.op]
		if st == nil {
			st = &stats{}
			counts[c.op] = st
		}
		want, oerr := results[id].Out, results[id].Err
		fail := func(format string, args ...any) {
			bad++
			if bad <= 15 {
				t.Errorf("case %d (%s %v): %s\ninputs: %s, %v\n%s", id, c.op, c.spec, fmt.Sprintf(format, args...), tensor.Format(c.inputs[0]), formatRest(c.inputs[1:]), c.src)
			}
		}
		// The frontend op itself: exactly numpy.
		got, _, ferr := run(c.src, c.inputs, false)
		switch {
		case oerr != "" && ferr != nil:
		case oerr != "":
			fail("numpy raises %q, the frontend op returns %s", oerr, tensor.Format(got))
		case ferr != nil && want.NumElements() == 0 && c.op == "onnx_gather" && isIndexError(ferr):
			// np.take checks the indices only while it copies, not at all
			// when a dim before the axis is 0; ONNX (and the frontend
			// op) check every index. Documented in docs/frontends.md.
			st.numpySkips++
		case ferr != nil:
			fail("numpy returns %s, the frontend op fails: %v", tensor.Format(want), ferr)
		default:
			if d := tensor.Diff(want, got); d != "" {
				fail("frontend op: %s", d)
			}
		}
		// After conversion: numpy, but for the documented empty-result
		// difference. i16 indices are reported as unconvertible.
		got, conv, cerr := run(c.src, c.inputs, true)
		if i16, _ := c.spec["i16"].(bool); i16 {
			if cerr == nil || !strings.Contains(cerr.Error(), "has element type i16; tcp gathers take i32 or i64 indices") {
				fail("i16 indices: want the conversion error, got %v", cerr)
			}
			st.unconvertible++
			continue
		}
		switch {
		case cerr != nil && (strings.HasPrefix(cerr.Error(), "convert:") || strings.HasPrefix(cerr.Error(), "verify:")):
			fail("conversion: %v\n%s", cerr, conv)
		case oerr != "" && cerr != nil:
			st.errors++
		case oerr != "":
			if got.NumElements() == 0 && ferr != nil && isIndexError(ferr) {
				st.empty++
				continue
			}
			fail("numpy raises %q, the converted program returns %s\n%s", oerr, tensor.Format(got), conv)
		case cerr != nil:
			fail("numpy returns %s, the converted program fails: %v\n%s", tensor.Format(want), cerr, conv)
		default:
			st.results++
			if d := tensor.Diff(want, got); d != "" {
				fail("converted: %s\n%s", d, conv)
			}
		}
	}
	for _, o := range ops {
		st := counts[o.name]
		t.Logf("%-21s %d cases: %3d equal results, %3d both raise, %2d empty results where numpy raises (documented), %2d i16 unconvertible, %d np.take skips the check", o.name, casesPerOp, st.results, st.errors, st.empty, st.unconvertible, st.numpySkips)
	}
	if bad > 0 {
		t.Errorf("%d mismatches", bad)
	}
}

func formatRest(ts []*tensor.Tensor) []string {
	var out []string
	for _, t := range ts {
		out = append(out, tensor.Format(t))
	}
	return out
}

// isIndexError reports whether err is the interpreter's out-of-range index
// error.
func isIndexError(err error) bool {
	var ie *kernel.IndexError
	return errors.As(err, &ie)
}

// TestGeneratorCoverage checks that the random cases reach the corners the
// differential test is meant to cover.
func TestGeneratorCoverage(t *testing.T) {
	g := &gen{r: rand.New(rand.NewPCG(11, 0xfe))}
	negBatch, batch, negAxis, dyn, props, unranked := 0, 0, 0, 0, 0, 0
	for range 300 {
		c := g.tfGatherV2()
		if bd := c.spec["batch_dims"].(int64); bd < 0 {
			negBatch++
		} else if bd > 0 {
			batch++
		}
		if c.spec["axis"].(int64) < 0 {
			negAxis++
		}
		if strings.Contains(c.src, "?x") {
			dyn++
		}
		o := g.onnxGather()
		if strings.Contains(o.src, "<{") {
			props++
		}
		if strings.Contains(o.src, "tensor<*x") {
			unranked++
		}
	}
	for name, n := range map[string]int{"negative batch_dims": negBatch, "batch_dims > 0": batch, "negative axis": negAxis, "dynamic dims": dyn, "<{...}> properties": props, "unranked results": unranked} {
		if n < 10 {
			t.Errorf("%s: %d of 300 cases", name, n)
		}
	}
}
