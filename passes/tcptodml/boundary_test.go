package tcptodml_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/dialect/dml"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/internal/boundary"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcptodml"
	rt "github.com/tcp-project/tcp/tensor"
)

// boundaryOp is one gather form of TestBoundaryLowering: its input shape,
// index shape and result shape for a given leading index dim, and the
// size each index component selects in.
type boundaryOp struct {
	name  string
	input []int64
	index func(n int64) []int64
	comp  []int64 // the size index component k (position p % len) selects in
	op    func(x, i, attrs, tx, ti, tr string) string
	res   func(n int64) []int64
}

var boundaryOps = []boundaryOp{
	{"gather", []int64{4, 3}, func(n int64) []int64 { return []int64{n, 3} }, []int64{4},
		func(x, i, attrs, tx, ti, tr string) string {
			return fmt.Sprintf("tcp.gather %s, %s {dim = 0 : index%s} : %s, %s -> %s", x, i, attrs, tx, ti, tr)
		}, func(n int64) []int64 { return []int64{n, 3} }},
	{"gather_nd_uniform", []int64{3, 3, 2}, func(n int64) []int64 { return []int64{n, 2} }, []int64{3, 3},
		func(x, i, attrs, tx, ti, tr string) string {
			return fmt.Sprintf("tcp.gather_nd %s, %s {%s} : %s, %s -> %s", x, i, strings.TrimPrefix(attrs, ", "), tx, ti, tr)
		}, func(n int64) []int64 { return []int64{n, 2} }},
	{"gather_nd_mixed", []int64{4, 3, 2}, func(n int64) []int64 { return []int64{n, 2} }, []int64{4, 3},
		func(x, i, attrs, tx, ti, tr string) string {
			return fmt.Sprintf("tcp.gather_nd %s, %s {%s} : %s, %s -> %s", x, i, strings.TrimPrefix(attrs, ", "), tx, ti, tr)
		}, func(n int64) []int64 { return []int64{n, 2} }},
	{"gather_nd_batch", []int64{2, 5, 3}, func(n int64) []int64 { return []int64{2, n, 1} }, []int64{5},
		func(x, i, attrs, tx, ti, tr string) string {
			return fmt.Sprintf("tcp.gather_nd %s, %s {batch_dims = 1 : index%s} : %s, %s -> %s", x, i, attrs, tx, ti, tr)
		}, func(n int64) []int64 { return []int64{2, n, 3} }},
}

// TestBoundaryLowering drives --convert-tcp-to-dml at its boundaries:
// every mode on tcp.gather and tcp.gather_nd (batch_dims 0 and 1, one or
// several indexed dims), i32 and i64 indices, argument and constant
// indices holding the exact edges and type extremes, zero-size and
// dynamic dims, with and without assume-in-bounds. The lowering must
// either refuse with a located error for exactly the documented cases
// (dynamic or zero-size dims, mode error on arguments without
// assume-in-bounds, fill on a gather_nd, wrap over dims of different
// sizes, a constant index its mode rejects) or compute what the
// interpreter computes on every argument set where tcp does not raise;
// DirectML cannot raise, so a raising tcp run allows any result. Each
// (op, mode) group must compare at least 400 index values and meet every
// edge of its mode's domain.
func TestBoundaryLowering(t *testing.T) {
	rng := rand.New(rand.NewSource(22))
	var stats boundary.Counter
	refused := map[string]int{}
	for _, op := range boundaryOps {
		for _, mode := range []string{"promise_in_bounds", "error", "wrap_negative", "clip", "wrap", "fill"} {
			for _, it := range []string{"i32", "i64"} {
				dt := map[string]rt.DType{"i32": rt.I32, "i64": rt.I64}[it]
				for _, variant := range []string{"arg", "arg", "arg", "assume", "const", "const", "zero_input", "zero_index", "dynamic"} {
					group := op.name + "/" + mode
					n := int64(1 + rng.Intn(4))
					in, idx, res := append([]int64{}, op.input...), op.index(n), op.res(n)
					inT, idxT := ttype(in, "f32"), ttype(idx, it)
					resT := ttype(res, "f32")
					switch variant {
					case "zero_input":
						in[len(in)-1] = 0
						res[len(res)-1] = 0
						if op.name == "gather" {
							idx[len(idx)-1], res[len(res)-1] = 0, 0
						}
						inT, idxT, resT = ttype(in, "f32"), ttype(idx, it), ttype(res, "f32")
					case "zero_index":
						idx[len(idx)-2] = 0
						res = op.res(0)
						if op.name == "gather_nd_batch" {
							res[1] = 0
						}
						idxT, resT = ttype(idx, it), ttype(res, "f32")
					case "dynamic":
						inT = strings.Replace(inT, fmt.Sprint(in[0])+"x", "?x", 1)
					}
					attrs := ""
					if mode != "promise_in_bounds" {
						attrs = fmt.Sprintf(", mode = %q", mode)
					}
					comp := func(p int) int64 { return op.comp[p%len(op.comp)] }
					var body strings.Builder
					args := "%x: " + inT + ", %i: " + idxT
					iv := "%i"
					if variant == "const" {
						args = "%x: " + inT
						cnt := numElements(idx)
						vals := make([]string, cnt)
						for p := range vals {
							vals[p] = fmt.Sprint(boundary.Draw(rng, comp(p), dt))
						}
						fmt.Fprintf(&body, "  %%k = tcp.const {value = dense<%s> : %s} : %s\n", nested(vals, idx), idxT, idxT)
						iv = "%k"
					}
					fmt.Fprintf(&body, "  %%r = %s\n", op.op("%x", iv, attrs, inT, idxT, resT))
					src := fmt.Sprintf("func.func @f(%s) -> %s {\n%s  return %%r : %s\n}\n", args, resT, body.String(), resT)
					before, err := parser.Parse("case.mlir", src, parser.Options{})
					if err != nil {
						t.Fatalf("%v\n%s", err, src)
					}
					if err := ir.Verify(before, false); err != nil {
						t.Fatalf("%s (%s): the input does not verify: %v\n%s", group, variant, err, src)
					}
					fb := function.Lookup(before, "f")
					after := before.Clone()
					p := tcptodml.New(dml.FL6_4)
					p.AssumeInBounds = variant == "assume"
					lerr := p.Run(after)

					// Which cases must be refused.
					var why string
					switch {
					case variant == "dynamic":
						why = "static shape"
					case variant == "zero_input" || variant == "zero_index":
						why = "zero-size dims"
					case variant == "const":
						// A constant index is resolved at compile time:
						// refused exactly when tcp raises on it (or, for
						// fill, when one is out of range).
						_, rerr := interp.Run(fb, []*rt.Tensor{randData(rng, in)})
						switch {
						case rerr != nil:
							why = "out of bounds"
						case mode == "fill" && constOutOfRange(before, comp):
							why = "fill"
						}
					case mode == "error" && variant != "assume":
						why = "mode \"error\" cannot be expressed"
					case mode == "fill" && strings.HasPrefix(op.name, "gather_nd"):
						why = "mode \"fill\" of tcp.gather_nd"
					case mode == "wrap" && op.name == "gather_nd_mixed":
						why = "one divisor"
					}
					if why != "" {
						if lerr == nil {
							t.Errorf("%s (%s, %s): lowered, want a located error about %s\n%s", group, variant, it, why, src)
						} else if !strings.Contains(lerr.Error(), "case.mlir:") || !strings.Contains(lerr.Error(), why) {
							t.Errorf("%s (%s, %s): error %q, want a located error about %s", group, variant, it, lerr, why)
						}
						refused[why]++
						continue
					}
					if lerr != nil {
						t.Errorf("%s (%s, %s): lowering failed: %v\n%s", group, variant, it, lerr, src)
						continue
					}
					fa := function.Lookup(after, "f")
					trials := 40
					if variant == "assume" {
						trials = 160
					}
					for trial := 0; trial < trials; trial++ {
						x := randData(rng, in)
						targs := []*rt.Tensor{x}
						var iarg *rt.Tensor
						if variant != "const" {
							iarg = rt.Must(rt.New(dt, idx))
							for q := 0; q < int(iarg.NumElements()); q++ {
								if trial%2 == 0 {
									iarg.SetInt64(q, boundary.Draw(rng, comp(q), dt))
								} else if mode == "wrap_negative" { // a whole set in the mode's domain
									iarg.SetInt64(q, boundary.DrawIn(rng, -comp(q), comp(q)))
								} else {
									iarg.SetInt64(q, boundary.DrawIn(rng, 0, comp(q)))
								}
							}
							targs = append(targs, iarg)
						}
						want, werr := interp.Run(fb, targs)
						got, gerr := interp.Run(fa, targs)
						if werr != nil {
							stats.Error(group) // DirectML does not raise: any result
							continue
						}
						if gerr != nil {
							t.Fatalf("%s (%s): the lowered program fails where tcp runs: %v\n%s", group, variant, gerr, src)
						}
						if !rt.Equal(want[0], got[0], rt.NaNEqual) {
							t.Fatalf("%s (%s, %s) on %s: tcp %s, dml %s\n%s", group, variant, it, interp.FormatArgs(targs), rt.Format(want[0]), rt.Format(got[0]), src)
						}
						stats.Case(group)
						if iarg != nil {
							stats.AddTensor(group, iarg, comp)
						}
					}
				}
			}
		}
	}
	for _, op := range boundaryOps {
		for _, mode := range []string{"promise_in_bounds", "error", "wrap_negative", "clip", "wrap", "fill"} {
			g := op.name + "/" + mode
			m := boundary.Min{Values: 400, PerEdge: 5}
			switch mode {
			case "promise_in_bounds", "error":
				m.Classes = []boundary.Class{boundary.Zero, boundary.SMinus1}
			case "wrap_negative":
				m.Classes = []boundary.Class{boundary.Zero, boundary.SMinus1, boundary.NegOne, boundary.NegS}
			default:
				m.Classes = boundary.Edges
			}
			if (mode == "fill" && strings.HasPrefix(op.name, "gather_nd")) || (mode == "wrap" && op.name == "gather_nd_mixed") {
				m = boundary.Min{} // refused on arguments: checked above
			}
			stats.Check(t, m, g)
		}
	}
	for _, why := range []string{"static shape", "zero-size dims", "out of bounds", "fill", "mode \"error\" cannot be expressed", "mode \"fill\" of tcp.gather_nd", "one divisor"} {
		if refused[why] == 0 {
			t.Errorf("no case refused for %s", why)
		}
	}
	if t.Failed() || testing.Verbose() {
		t.Logf("refused: %v\ncompared index values:\n%s", refused, stats.Table())
	}
}

func randData(rng *rand.Rand, shape []int64) *rt.Tensor {
	x := rt.Must(rt.New(rt.F32, shape))
	for p := 0; p < int(x.NumElements()); p++ {
		x.SetFloat64(p, float64(rng.Intn(2001)-1000)/8)
	}
	return x
}

// constOutOfRange reports whether the tcp.const of module m holds an
// index outside [0, size) for its component.
func constOutOfRange(m *ir.Operation, comp func(int) int64) bool {
	out := false
	m.Walk(ir.PreOrder, func(op *ir.Operation) {
		if op.Name() != "tcp.const" {
			return
		}
		a, ok := op.Attr("value").(*ir.DenseElementsAttr)
		if !ok {
			return
		}
		for p, v := range a.Ints() {
			if v < 0 || v >= comp(p) {
				out = true
			}
		}
	})
	return out
}
