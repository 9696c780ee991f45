package tcptodml_test

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/dialect/dml"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcptodml"
	rt "github.com/tcp-project/tcp/tensor"
)

// TestScatterEquivalence: random tcp.scatter / tcp.scatter_nd programs
// with unique destinations (known through unique_indices, constant
// indices or assume-unique-indices), every DirectML-expressible combine
// and mode, i32/i64 indices, and several feature levels, lowered with
// --convert-tcp-to-dml and run in the dml emulator: the results equal the
// tcp interpreter's bit for bit. A configuration the target level cannot
// express must be refused with a located error, never lowered wrongly.
func TestScatterEquivalence(t *testing.T) {
	rng := rand.New(rand.NewSource(1919))
	n := 400
	if testing.Short() {
		n = 100
	}
	compared, batched, refused := 0, 0, map[string]int{}
	for k := 0; k < n; k++ {
		c := genScatter(rng)
		m, err := parser.Parse("s.mlir", c.text, parser.Options{})
		if err == nil {
			err = ir.Verify(m, false)
		}
		if err != nil {
			t.Fatalf("case %d: %v\n%s", k, err, c.text)
		}
		before := m.Clone()
		p := tcptodml.New(c.level)
		p.AssumeUniqueIndices = c.assumeUnique
		p.AssumeInBounds = c.assumeInBounds
		if err := p.Run(m); err != nil {
			var dl ir.DiagnosticList
			if !errors.As(err, &dl) || !strings.Contains(err.Error(), "s.mlir:") || !strings.Contains(err.Error(), "cannot be lowered to DirectML") {
				t.Fatalf("case %d: refusal is not a located diagnostic: %v", k, err)
			}
			msg := err.Error()
			msg = msg[strings.Index(msg, "DirectML: ")+10:]
			if i := strings.IndexAny(msg, "\n"); i > 0 {
				msg = msg[:i]
			}
			if len(msg) > 60 {
				msg = msg[:60]
			}
			refused[msg]++
			continue
		}
		if err := ir.Verify(m, false); err != nil {
			t.Fatalf("case %d: lowered IR does not verify: %v\n%s", k, err, c.text)
		}
		fb, fa := function.Lookup(before, "f"), function.Lookup(m, "f")
		for a := 0; a < 3; a++ {
			args := c.args(rng)
			want, err := interp.Run(fb, args)
			if err != nil {
				t.Fatalf("case %d: tcp interpreter: %v\n%s", k, err, c.text)
			}
			got, err := interp.Run(fa, args)
			if err != nil {
				t.Fatalf("case %d: dml emulator: %v\n%s\n%s", k, err, c.text, m)
			}
			if string(want[0].Data) != string(got[0].Data) {
				t.Fatalf("case %d (FL %s): results differ\ntcp %s\ndml %s\n%s\nlowered:\n%s", k, c.level, rt.Format(want[0]), rt.Format(got[0]), c.text, m)
			}
			compared++
			if strings.Contains(c.text, "batch_dims") {
				batched++
			}
		}
	}
	if compared < n || batched == 0 {
		t.Errorf("only %d comparisons, %d of scatter_nd with batch dims (refusals: %v)", compared, batched, refused)
	}
	t.Logf("%d comparisons (%d of scatter_nd with batch dims); refusals by reason: %v", compared, batched, refused)
}

type scatterCase struct {
	text                         string
	level                        dml.FeatureLevel
	assumeUnique, assumeInBounds bool
	args                         func(*rand.Rand) []*rt.Tensor
}

// distinct returns k distinct values of [0, n) in random order.
func distinct(rng *rand.Rand, n, k int64) []int64 {
	return func() []int64 {
		p := rng.Perm(int(n))[:k]
		out := make([]int64, k)
		for i, v := range p {
			out[i] = int64(v)
		}
		return out
	}()
}

func genScatter(rng *rand.Rand) scatterCase {
	var c scatterCase
	c.level = []dml.FeatureLevel{dml.FL2_1, dml.FL3_0, dml.FL4_1, dml.FL5_1, dml.FL6_4}[rng.Intn(5)]
	elems := []string{"f32", "f32", "i32", "i64", "f16", "i8", "i1"}
	elem := elems[rng.Intn(len(elems))]
	it := []string{"i32", "i64"}[rng.Intn(2)]
	combs := []string{"replace", "add", "mul"}
	switch elem {
	case "i1":
		combs = []string{"replace", "and", "or", "min", "max"}
	case "i32", "i64", "i8":
		combs = append(combs, "min", "max", "and", "or")
	}
	comb := combs[rng.Intn(len(combs))]
	modes := []string{"promise_in_bounds", "wrap_negative", "clip", "wrap", "error", "drop"}
	mode := modes[rng.Intn(len(modes))]
	nd := rng.Intn(2) == 0
	r := 1 + rng.Intn(3)
	in := dims(rng, r, 4)
	constIdx := rng.Intn(3) == 0
	unique := rng.Intn(2) == 0
	c.assumeUnique = !unique && rng.Intn(2) == 0
	c.assumeInBounds = mode == "error"
	var idxShape, updShape []int64
	var gen func(*rand.Rand) []int64 // index values: unique destinations
	dim, bd := 0, 0
	if !nd {
		dim = rng.Intn(r)
		idxShape = make([]int64, r)
		for d := range idxShape {
			idxShape[d] = in[d] // DirectML's constraint off the axis
			if d == dim || rng.Intn(8) == 0 {
				idxShape[d] = 1 + rng.Int63n(in[d])
			}
		}
		updShape = idxShape
		gen = func(rng *rand.Rand) []int64 {
			vals := make([]int64, numElements(idxShape))
			// Per line along dim: distinct values.
			st := rt.Strides(idxShape)
			for p := range vals {
				co := rt.Unravel(int64(p), idxShape)
				if co[dim] != 0 {
					continue
				}
				vs := distinct(rng, in[dim], idxShape[dim])
				for j, v := range vs {
					vals[int64(p)+int64(j)*st[dim]] = v
				}
			}
			return vals
		}
	} else {
		if r >= 2 && rng.Intn(3) == 0 {
			bd = 1
		}
		mlen := 1 + rng.Intn(r-bd)
		grid := dims(rng, 1+rng.Intn(2), 3)
		space := numElements(in[bd : bd+mlen])
		tuples := numElements(grid)
		for tuples > space {
			grid[0] = 1
			tuples = numElements(grid)
			if tuples > space {
				grid = []int64{space}
				tuples = space
			}
		}
		bgrid := append(append([]int64{}, in[:bd]...), grid...)
		idxShape = append(append([]int64{}, bgrid...), int64(mlen))
		updShape = append(append([]int64{}, bgrid...), in[bd+mlen:]...)
		gen = func(rng *rand.Rand) []int64 {
			var vals []int64
			for batch := int64(0); batch < numElements(in[:bd]); batch++ {
				for _, f := range distinct(rng, space, tuples) {
					vals = append(vals, rt.Unravel(f, in[bd:bd+mlen])...)
				}
			}
			return vals
		}
	}
	sizeOf := func(p int) int64 {
		if nd {
			return in[bd+p%int(idxShape[len(idxShape)-1])]
		}
		return in[dim]
	}
	// Mode-specific spellings of the same destinations.
	spell := func(rng *rand.Rand, vals []int64) []int64 {
		for p, v := range vals {
			s := sizeOf(p)
			switch {
			case mode == "wrap_negative" && rng.Intn(2) == 0:
				vals[p] = v - s
			case mode == "wrap" && rng.Intn(2) == 0:
				vals[p] = v + s*int64(rng.Intn(5)-2)
			}
		}
		return vals
	}
	attrs := []string{}
	if !nd {
		attrs = append(attrs, fmt.Sprintf("dim = %d : index", dim))
	} else if bd > 0 {
		attrs = append(attrs, fmt.Sprintf("batch_dims = %d : index", bd))
	}
	if comb != "replace" {
		attrs = append(attrs, fmt.Sprintf("combine = %q", comb))
	}
	if mode != "promise_in_bounds" {
		attrs = append(attrs, fmt.Sprintf("mode = %q", mode))
	}
	if unique {
		attrs = append(attrs, "unique_indices")
	}
	op := "tcp.scatter"
	if nd {
		op = "tcp.scatter_nd"
	}
	inT, idxT, updT := ttype(in, elem), ttype(idxShape, it), ttype(updShape, elem)
	var b strings.Builder
	if constIdx {
		vals := spell(rng, gen(rng))
		lit := make([]string, len(vals))
		for i, v := range vals {
			lit[i] = fmt.Sprint(v)
		}
		fmt.Fprintf(&b, "func.func @f(%%x: %s, %%u: %s) -> %s {\n  %%i = tcp.const {value = dense<%s> : %s} : %s\n", inT, updT, inT, nested(lit, idxShape), idxT, idxT)
	} else {
		fmt.Fprintf(&b, "func.func @f(%%x: %s, %%i: %s, %%u: %s) -> %s {\n", inT, idxT, updT, inT)
	}
	fmt.Fprintf(&b, "  %%0 = %s %%x, %%i, %%u {%s} : %s, %s, %s -> %s\n  return %%0 : %s\n}\n", op, strings.Join(attrs, ", "), inT, idxT, updT, inT, inT)
	c.text = b.String()
	dt, _ := rt.ParseDType(elem)
	idt, _ := rt.ParseDType(it)
	data := func(rng *rand.Rand, shape []int64) *rt.Tensor {
		t := rt.Must(rt.New(dt, shape))
		for i := 0; i < int(t.NumElements()); i++ {
			if dt.IsFloat() {
				t.SetFloat64(i, float64(rng.Intn(41)-20)/4)
			} else {
				t.SetInt64(i, int64(rng.Intn(41)-20))
			}
		}
		return t
	}
	c.args = func(rng *rand.Rand) []*rt.Tensor {
		x, u := data(rng, in), data(rng, updShape)
		if constIdx {
			return []*rt.Tensor{x, u}
		}
		i := rt.Must(rt.FromInt64s(idt, idxShape, spell(rng, gen(rng))))
		return []*rt.Tensor{x, i, u}
	}
	return c
}
