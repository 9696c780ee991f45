package tcptodml_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/dialect/dml"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/internal/boundary"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcptodml"
	rt "github.com/tcp-project/tcp/tensor"
)

// A random case: one tcp program (as text), its target level, and how to
// draw in-range index values for each argument.
type randCase struct {
	kind    string
	level   dml.FeatureLevel
	text    string
	rank    int    // the largest rank in the program
	idxType string // i32, i64 or const
	negIdx  bool   // indices drawn from [-s, s) (mode wrap_negative)
	clipIdx bool   // indices drawn from [-2s, 2s) (mode clip, wrap or fill, lowered to ELEMENT_WISE_CLIP, MODULUS_FLOOR or a masked ELEMENT_WISE_IF)
	// idxSize gives, for index argument element p, the size it selects in;
	// nil for data arguments.
	argSizes []func(p int) int64
}

func shp(s []int64) string {
	if len(s) == 0 {
		return ""
	}
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = fmt.Sprint(d)
	}
	return strings.Join(parts, "x") + "x"
}

func ttype(s []int64, elem string) string { return "tensor<" + shp(s) + elem + ">" }

func dims(rng *rand.Rand, n, max int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(1 + rng.Intn(max))
	}
	return out
}

// builder accumulates a function body.
type builder struct {
	b      strings.Builder
	consts int
}

func (b *builder) index(v int64) string {
	b.consts++
	name := fmt.Sprintf("%%c%d", b.consts)
	fmt.Fprintf(&b.b, "  %s = arith.constant %d : index\n", name, v)
	return name
}

// broadcast emits tcp.broadcast_to of v (shape from) to shape to along
// the dims where from is 1 and to is not; it returns v if there are none.
func (b *builder) broadcast(v string, from, to []int64, elem string) string {
	var axes []string
	var sizes []string
	var types []string
	for d := range from {
		if from[d] == 1 && to[d] != 1 {
			axes = append(axes, fmt.Sprint(d))
			sizes = append(sizes, b.index(to[d]))
			types = append(types, "index")
		}
	}
	if len(axes) == 0 {
		return v
	}
	b.consts++
	name := fmt.Sprintf("%%b%d", b.consts)
	fmt.Fprintf(&b.b, "  %s = tcp.broadcast_to %s, %s {axes = [%s]} : %s, %s -> %s\n", name, v, strings.Join(sizes, ", "),
		strings.Join(axes, ", "), ttype(from, elem), strings.Join(types, ", "), ttype(to, elem))
	return name
}

func (b *builder) expand(v string, from, to []int64, elem string) string {
	if len(from) == len(to) {
		return v
	}
	groups, err := tensor.Reassociation(from, to)
	if err != nil {
		panic(err)
	}
	b.consts++
	name := fmt.Sprintf("%%e%d", b.consts)
	fmt.Fprintf(&b.b, "  %s = tensor.expand_shape %s %s : %s into %s\n", name, v, tensor.ReassociationAttr(groups), ttype(from, elem), ttype(to, elem))
	return name
}

var levelsLow = []dml.FeatureLevel{dml.FL2_1}
var levelsHigh = []dml.FeatureLevel{dml.FL3_0, dml.FL4_1, dml.FL6_4}

// genCase builds one random program of the given kind.
func genCase(rng *rand.Rand, kind string) randCase {
	c := randCase{kind: kind}
	low := rng.Intn(4) == 0
	if low {
		c.level = levelsLow[rng.Intn(len(levelsLow))]
	} else {
		c.level = levelsHigh[rng.Intn(len(levelsHigh))]
	}
	maxR := 8
	if low {
		maxR = 4
	}
	data := []string{"f32", "f16", "i32", "i8", "i1"}
	if c.level >= dml.FL4_1 {
		data = append(data, "f64", "i64")
	}
	elem := data[rng.Intn(len(data))]
	if low && kind == "take" && rng.Intn(3) == 0 {
		c.level = dml.FL1_0 // GATHER: F32/F16, constant (UINT32) indices
		elem = "f32"
	}
	idxElem := "i64"
	if low || rng.Intn(2) == 0 {
		idxElem = "i32"
	}
	constIdx := rng.Intn(5) == 0 || c.level < dml.FL2_1
	mode := "promise_in_bounds"
	if !low && rng.Intn(2) == 0 {
		mode, c.negIdx = "wrap_negative", true
	}
	if !constIdx && !low && (kind == "gather_elements" || kind == "take" || kind == "gather_nd") && rng.Intn(4) == 0 && (idxElem == "i32" || c.level >= dml.FL5_0) {
		mode, c.negIdx, c.clipIdx = "clip", false, true
		if kind == "gather_nd" {
			// clip only: wrap needs one divisor for every component (a
			// located error otherwise), fill is not lowered on gather_nd.
		} else if rng.Intn(2) == 0 && (idxElem == "i32" || c.level >= dml.FL6_0) {
			mode = "wrap"
		} else if rng.Intn(2) == 0 && (c.level >= dml.FL5_1 || elem == "f32" || elem == "f16" || elem == "i32") {
			mode = "fill" // decomposed: clip, in-range mask, ELEMENT_WISE_IF (8-bit data from FL 5.1)
		}
	}
	if constIdx {
		c.idxType = "const"
		modes := []string{"clip", "wrap", "wrap_negative", "error", "promise_in_bounds"}
		mode = modes[rng.Intn(len(modes))]
	} else {
		c.idxType = idxElem
	}
	b := &builder{}
	var args []string
	var argTypes []string
	addArg := func(t string, sizes func(int) int64) string {
		name := fmt.Sprintf("%%arg%d", len(args))
		args = append(args, name+": "+t)
		argTypes = append(argTypes, t)
		c.argSizes = append(c.argSizes, sizes)
		return name
	}
	// idx returns an index operand of shape s whose element p selects in a
	// dim of size size(p): an argument, or a constant with values that the
	// mode resolves (some out of range for clip and wrap).
	idx := func(s []int64, size func(int) int64) string {
		if !constIdx {
			return addArg(ttype(s, idxElem), size)
		}
		n := int(numElements(s))
		vals := make([]string, n)
		for p := 0; p < n; p++ {
			sz := size(p)
			var v int64
			switch mode {
			case "clip", "wrap":
				v = rng.Int63n(4*sz) - 2*sz
			case "wrap_negative":
				v = rng.Int63n(2*sz) - sz
			default:
				v = rng.Int63n(sz)
			}
			vals[p] = fmt.Sprint(v)
		}
		b.consts++
		name := fmt.Sprintf("%%k%d", b.consts)
		fmt.Fprintf(&b.b, "  %s = tcp.const {value = dense<%s> : %s} : %s\n", name, nested(vals, s), ttype(s, "i64"), ttype(s, "i64"))
		idxElem = "i64"
		return name
	}
	modeAttr := ""
	if mode != "promise_in_bounds" {
		modeAttr = fmt.Sprintf(", mode = %q", mode)
	}
	var result, resType string
	switch kind {
	case "gather_elements":
		r := 1 + rng.Intn(maxR)
		c.rank = r
		X := dims(rng, r, 3)
		dim := rng.Intn(r)
		I := make([]int64, r)
		for d := range I {
			if d == dim {
				I[d] = int64(1 + rng.Intn(3))
			} else {
				I[d] = int64(1 + rng.Intn(int(X[d])))
			}
		}
		// The stored indices: some dims 1, broadcast to I.
		IB := append([]int64{}, I...)
		for d := range IB {
			if rng.Intn(3) == 0 {
				IB[d] = 1
			}
		}
		x := addArg(ttype(X, elem), nil)
		s := X[dim]
		i := idx(IB, func(int) int64 { return s })
		ib := b.broadcast(i, IB, I, idxElem)
		fmt.Fprintf(&b.b, "  %%r = tcp.gather %s, %s {dim = %d : index%s} : %s, %s -> %s\n", x, ib, dim, modeAttr, ttype(X, elem), ttype(I, idxElem), ttype(I, elem))
		result, resType = "%r", ttype(I, elem)
	case "take":
		var r, q int
		for {
			r, q = 1+rng.Intn(maxR), rng.Intn(4)
			if R := r + q - 1; R >= 1 && R <= maxR && (q > 0 || r >= 1) {
				break
			}
		}
		X := dims(rng, r, 3)
		a := rng.Intn(r)
		Q := dims(rng, q, 3)
		E := append(append(ones(a), Q...), ones(r-a-1)...)
		O := append(append(append([]int64{}, X[:a]...), Q...), X[a+1:]...)
		if q == 0 {
			E, O = ones(r), append([]int64{}, X...)
			O[a] = 1
		}
		c.rank = max(len(O), r)
		x := addArg(ttype(X, elem), nil)
		s := X[a]
		i := idx(Q, func(int) int64 { return s })
		ie := b.expand(i, Q, E, idxElem)
		ib := b.broadcast(ie, E, O, idxElem)
		xin, xinShape := x, X
		if q > 1 {
			XE := append(append(append([]int64{}, X[:a+1]...), ones(q-1)...), X[a+1:]...)
			XB := append(append(append([]int64{}, X[:a+1]...), Q[1:]...), X[a+1:]...)
			xe := b.expand(x, X, XE, elem)
			xin, xinShape = b.broadcast(xe, XE, XB, elem), XB
		}
		fmt.Fprintf(&b.b, "  %%r = tcp.gather %s, %s {dim = %d : index%s} : %s, %s -> %s\n", xin, ib, a, modeAttr, ttype(xinShape, elem), ttype(O, idxElem), ttype(O, elem))
		result, resType = "%r", ttype(O, elem)
	case "gather_nd":
		var r, bd, m, q, o int
		for {
			r = 1 + rng.Intn(maxR)
			bd = 0
			if !low && rng.Intn(2) == 0 {
				bd = rng.Intn(r)
			}
			m = 1 + rng.Intn(r-bd)
			q = bd + 1 + rng.Intn(3)
			o = q - 1 + r - bd - m
			if q <= maxR && o <= maxR && o >= 0 {
				break
			}
		}
		X := dims(rng, r, 3)
		I := append(append(append([]int64{}, X[:bd]...), dims(rng, q-1-bd, 3)...), int64(m))
		O := append(append([]int64{}, I[:q-1]...), X[bd+m:]...)
		if len(O) == 0 {
			// A rank-0 result is not a DirectML tensor; keep one dim.
			continue2 := genCase(rng, kind)
			return continue2
		}
		c.rank = max(r, q, o)
		x := addArg(ttype(X, elem), nil)
		i := idx(I, func(p int) int64 { return X[bd+p%m] })
		bdAttr := ""
		if bd > 0 {
			bdAttr = fmt.Sprintf("batch_dims = %d : index", bd)
		}
		attr := strings.TrimPrefix(bdAttr+modeAttr, ", ")
		if attr != "" {
			attr = " {" + attr + "}"
		}
		fmt.Fprintf(&b.b, "  %%r = tcp.gather_nd %s, %s%s : %s, %s -> %s\n", x, i, attr, ttype(X, elem), ttype(I, idxElem), ttype(O, elem))
		result, resType = "%r", ttype(O, elem)
	case "slice":
		r := 1 + rng.Intn(maxR)
		if low {
			r = 1 + rng.Intn(5)
		}
		c.rank = r
		X := dims(rng, r, 5)
		var st, sz, sd []string
		out := make([]int64, r)
		for d := 0; d < r; d++ {
			t := int64(1 + rng.Intn(3))
			if rng.Intn(2) == 0 {
				t = -t
			}
			at := t
			if at < 0 {
				at = -at
			}
			n := 1 + rng.Int63n(1+(X[d]-1)/at)
			var s int64
			if t > 0 {
				s = rng.Int63n(X[d] - (n-1)*t)
			} else {
				s = (n-1)*at + rng.Int63n(X[d]-(n-1)*at)
			}
			out[d] = n
			st, sz, sd = append(st, b.index(s)), append(sz, b.index(n)), append(sd, b.index(t))
		}
		x := addArg(ttype(X, elem), nil)
		fmt.Fprintf(&b.b, "  %%r = tcp.slice %s starts(%s) sizes(%s) strides(%s) : %s -> %s\n", x, strings.Join(st, ", "), strings.Join(sz, ", "), strings.Join(sd, ", "), ttype(X, elem), ttype(out, elem))
		result, resType = "%r", ttype(out, elem)
		c.idxType = "none"
	case "transpose":
		// A transpose, returned (an IDENTITY over permuted strides) or
		// read by a gather (folded into its input desc).
		r := 1 + rng.Intn(maxR)
		if low {
			r = 1 + rng.Intn(4)
		}
		c.rank = r
		X := dims(rng, r, 3)
		perm := rng.Perm(r)
		T := make([]int64, r)
		ps := make([]string, r)
		for i, p := range perm {
			T[i], ps[i] = X[p], fmt.Sprint(p)
		}
		x := addArg(ttype(X, elem), nil)
		fmt.Fprintf(&b.b, "  %%t = tcp.transpose %s {permutation = array<i64: %s>} : %s -> %s\n", x, strings.Join(ps, ", "), ttype(X, elem), ttype(T, elem))
		result, resType = "%t", ttype(T, elem)
		c.idxType = "none"
		if rng.Intn(2) == 0 {
			dim := rng.Intn(r)
			I := append([]int64{}, T...)
			I[dim] = int64(1 + rng.Intn(3))
			s := T[dim]
			i := idx(I, func(int) int64 { return s })
			c.idxType = idxElem
			if constIdx {
				c.idxType = "const"
			}
			fmt.Fprintf(&b.b, "  %%r = tcp.gather %%t, %s {dim = %d : index%s} : %s, %s -> %s\n", i, dim, modeAttr, ttype(T, elem), ttype(I, idxElem), ttype(I, elem))
			result, resType = "%r", ttype(I, elem)
		}
	case "broadcast":
		r := 1 + rng.Intn(maxR)
		if low {
			r = 1 + rng.Intn(5)
		}
		c.rank = r
		O := dims(rng, r, 3)
		X := append([]int64{}, O...)
		for d := range X {
			if rng.Intn(2) == 0 {
				X[d] = 1
			}
		}
		x := addArg(ttype(X, elem), nil)
		result, resType = b.broadcast(x, X, O, elem), ttype(O, elem)
		if result == x {
			return genCase(rng, kind)
		}
		c.idxType = "none"
	}
	c.text = fmt.Sprintf("func.func @f(%s) -> %s {\n%s  return %s : %s\n}\n", strings.Join(args, ", "), resType, b.b.String(), result, resType)
	return c
}

func ones(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

func numElements(s []int64) int64 {
	n := int64(1)
	for _, d := range s {
		n *= d
	}
	return n
}

// nested formats row-major values as a dense literal of shape s.
func nested(vals []string, s []int64) string {
	if len(s) == 0 {
		return vals[0]
	}
	step := len(vals) / int(s[0])
	parts := make([]string, s[0])
	for i := range parts {
		parts[i] = nested(vals[i*step:(i+1)*step], s[1:])
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// randomArgs draws data arguments freely and index arguments in range
// (from [-s, s) under wrap_negative, else [0, s)).
func randomArgs(rng *rand.Rand, c randCase, fn *ir.Operation) ([]*rt.Tensor, error) {
	types := function.FuncOp{Operation: fn}.Type().Inputs()
	args := make([]*rt.Tensor, len(types))
	for i, t := range types {
		dt, err := interp.DType(ir.ElementType(t))
		if err != nil {
			return nil, err
		}
		v, err := rt.New(dt, t.(*ir.RankedTensorType).Shape())
		if err != nil {
			return nil, err
		}
		for p := 0; p < int(v.NumElements()); p++ {
			if size := c.argSizes[i]; size != nil {
				s := size(p)
				lo, hi := int64(0), s
				if c.negIdx {
					lo = -s
				}
				if c.clipIdx {
					// The exact edges and the type's extremes too.
					v.SetInt64(p, boundary.Draw(rng, s, dt))
					continue
				}
				v.SetInt64(p, boundary.DrawIn(rng, lo, hi))
			} else if dt.IsFloat() {
				v.SetFloat64(p, float64(rng.Intn(2001)-1000)/8)
			} else {
				v.SetInt64(p, int64(rng.Intn(200)-100))
			}
		}
		args[i] = v
	}
	return args, nil
}

// TestRandomEquivalence: on random tcp programs (gathers, the
// slice-gather recipe, gather_nd, slices, broadcasts, transposes) across ranks 1–8, index
// types (i32, i64, constants), negative indices and feature levels
// (including 1.0 and 2.1: 4-D descs and UINT32 indices), the interpreter
// gives the same result before and after --convert-tcp-to-dml, and the
// lowered module verifies at its level.
func TestRandomEquivalence(t *testing.T) {
	const cases = 1500
	rng := rand.New(rand.NewSource(1))
	kinds := []string{"gather_elements", "take", "gather_nd", "slice", "broadcast", "transpose"}
	seenRank := map[int]bool{}
	seen := map[string]int{}
	compared := 0
	for n := 0; n < cases; n++ {
		c := genCase(rng, kinds[n%len(kinds)])
		before, err := parser.Parse("case.mlir", c.text, parser.Options{})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, c.text)
		}
		if err := ir.Verify(before, false); err != nil {
			t.Fatalf("case %d: input does not verify: %v\n%s", n, err, c.text)
		}
		after, _ := parser.Parse("case.mlir", c.text, parser.Options{})
		if err := tcptodml.New(c.level).Run(after); err != nil {
			t.Fatalf("case %d (%s, FL %s): lowering failed: %v\n%s", n, c.kind, c.level, err, c.text)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("case %d: lowered IR does not verify: %v\n%s", n, err, c.text)
		}
		fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
		args, err := randomArgs(rng, c, fb)
		if err != nil {
			t.Fatal(err)
		}
		want, err := interp.Run(fb, args)
		if err != nil {
			t.Fatalf("case %d: tcp run failed on in-range inputs: %v\n%s", n, err, c.text)
		}
		got, err := interp.Run(fa, args)
		if err != nil {
			t.Fatalf("case %d: dml run failed: %v\n%s", n, err, c.text)
		}
		if !rt.Equal(want[0], got[0], rt.NaNEqual) {
			var b strings.Builder
			ir.Print(&b, after, ir.PrintOptions{})
			t.Fatalf("case %d (FL %s): results differ: tcp %s, dml %s\n%s\nlowered:\n%s", n, c.level, rt.Format(want[0]), rt.Format(got[0]), c.text, b.String())
		}
		compared++
		fa.Walk(ir.PreOrder, func(op *ir.Operation) {
			if strings.HasPrefix(op.Name(), "dml.") {
				seen["op "+op.Name()]++
			}
		})
		seenRank[c.rank] = true
		seen["level "+c.level.String()]++
		seen["index "+c.idxType]++
		seen["kind "+c.kind]++
		if c.negIdx {
			seen["negative indices"]++
		}
		if c.clipIdx {
			seen["clipped or wrapped indices"]++
			if c.kind == "gather_nd" {
				seen["gather_nd clip"]++
			}
		}
	}
	for r := 1; r <= 8; r++ {
		if !seenRank[r] {
			t.Errorf("no case of rank %d", r)
		}
	}
	for _, k := range []string{"op dml.gather", "op dml.gather_elements", "op dml.gather_nd", "op dml.gather_nd1", "op dml.slice1",
		"op dml.element_wise_identity", "op dml.cast", "op dml.constant", "op dml.element_wise_clip", "op dml.element_wise_modulus_floor", "clipped or wrapped indices", "gather_nd clip", "level 1.0", "level 2.1", "level 3.0", "level 4.1", "index i32", "index i64", "index const", "negative indices"} {
		if seen[k] == 0 {
			t.Errorf("no case with %s", k)
		}
	}
	t.Logf("compared %d cases; coverage %v", compared, seen)
}
