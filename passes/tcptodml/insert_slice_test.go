package tcptodml_test

import (
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

// TestInsertSliceEquivalence: random in-bounds tensor.insert_slice
// windows (static entries and constant index operands, negative and
// non-unit strides, rank-reduced and 0-d sources, empty windows), of an
// argument or a gather into an argument or a gather, for f32, i32 and
// bf16 data (compared bit for bit), compute the same before and after
// --convert-tcp-to-dml.
func TestInsertSliceEquivalence(t *testing.T) {
	rng := rand.New(rand.NewSource(18))
	seen := map[string]int{}
	for n := 0; n < 300; n++ {
		elem := []string{"f32", "i32", "bf16"}[rng.Intn(3)]
		r := 1 + rng.Intn(3)
		X := dims(rng, r, 5)
		var offs, sizes, strides []string
		var consts strings.Builder
		var kept, full []int64
		empty := rng.Intn(15) == 0
		for d := 0; d < r; d++ {
			t := int64(1 + rng.Intn(2))
			if rng.Intn(3) == 0 {
				t = -t
			}
			size := int64(1 + rng.Intn(int(X[d])))
			hi := X[d] - 1 - (size-1)*abs64(t)
			if hi < 0 {
				size, hi = 1, X[d]-1
			}
			st := rng.Int63n(hi + 1)
			if t < 0 {
				st += (size - 1) * -t
			}
			if empty && d == 0 {
				size = 0
			}
			o := fmt.Sprint(st)
			if rng.Intn(3) == 0 {
				fmt.Fprintf(&consts, "  %%o%d = arith.constant %d : index\n", d, st)
				o = fmt.Sprintf("%%o%d", d)
				seen["constant operand"]++
			}
			offs, sizes, strides = append(offs, o), append(sizes, fmt.Sprint(size)), append(strides, fmt.Sprint(t))
			full = append(full, size)
			if size != 1 || rng.Intn(2) == 0 {
				kept = append(kept, size)
			}
		}
		switch {
		case empty:
			seen["empty"]++
		case len(kept) == 0:
			seen["0-d source"]++
		case len(kept) < r:
			seen["rank-reduced"]++
		}
		if slices := strings.Join(strides, ","); strings.Contains(slices, "-") {
			seen["negative stride"]++
		}
		body := consts.String()
		src, dst := "%arg2", "%arg0"
		if rng.Intn(2) == 0 {
			body += fmt.Sprintf("  %%g = tcp.gather %%arg0, %%arg1 {dim = 0 : index, mode = \"clip\"} : %[1]s, %[2]s -> %[1]s\n", ttype(X, elem), ttype(X, "i32"))
			dst = "%g"
			seen["into a gather"]++
		}
		if len(kept) > 0 && rng.Intn(2) == 0 {
			is := append([]int64{}, kept...)
			body += fmt.Sprintf("  %%h = tcp.gather %%arg2, %%arg3 {dim = 0 : index, mode = \"wrap\"} : %[1]s, %[2]s -> %[1]s\n", ttype(kept, elem), ttype(is, "i32"))
			src = "%h"
			seen["of a gather"]++
			if empty {
				seen["empty gathered source"]++
			}
		}
		text := fmt.Sprintf("func.func @f(%%arg0: %s, %%arg1: %s, %%arg2: %s, %%arg3: %s) -> %s {\n%s  %%s = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s\n  return %%s : %s\n}\n",
			ttype(X, elem), ttype(X, "i32"), ttype(kept, elem), ttype(kept, "i32"), ttype(X, elem), body, src, dst,
			strings.Join(offs, ", "), strings.Join(sizes, ", "), strings.Join(strides, ", "), ttype(kept, elem), ttype(X, elem), ttype(X, elem))
		before, err := parser.Parse("case.mlir", text, parser.Options{})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, text)
		}
		if err := ir.Verify(before, false); err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, text)
		}
		after, _ := parser.Parse("case.mlir", text, parser.Options{})
		if err := tcptodml.New(dml.FL4_1).Run(after); err != nil {
			t.Fatalf("case %d: lowering failed: %v\n%s", n, err, text)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("case %d: lowered IR does not verify: %v\n%s", n, err, text)
		}
		fb, fa := function.Lookup(before, "f"), function.Lookup(after, "f")
		for k := 0; k < 3; k++ {
			args := []*rt.Tensor{randElems(rng, elem, X), randInts(rng, X, 2*X[0]), randElems(rng, elem, kept), randInts(rng, kept, 7)}
			want, err := interp.Run(fb, args)
			if err != nil {
				t.Fatalf("case %d: tcp run failed: %v\n%s", n, err, text)
			}
			got, err := interp.Run(fa, args)
			if err != nil {
				t.Fatalf("case %d: dml run failed: %v\n%s", n, err, text)
			}
			if string(want[0].Data) != string(got[0].Data) {
				t.Fatalf("case %d: tcp %s, dml %s\n%s", n, rt.Format(want[0]), rt.Format(got[0]), text)
			}
			seen["compared"]++
		}
	}
	for _, k := range []string{"constant operand", "rank-reduced", "0-d source", "empty", "negative stride", "into a gather", "of a gather", "empty gathered source"} {
		if seen[k] == 0 {
			t.Errorf("no case %s", k)
		}
	}
	t.Logf("coverage %v", seen)
}

// randElems returns a tensor of elem with random bits (bf16: every bit
// pattern, NaNs included) or small values.
func randElems(rng *rand.Rand, elem string, shape []int64) *rt.Tensor {
	dt := map[string]rt.DType{"f32": rt.F32, "i32": rt.I32, "bf16": rt.BF16}[elem]
	x := rt.Must(rt.New(dt, shape))
	for p := 0; p < int(x.NumElements()); p++ {
		switch elem {
		case "bf16":
			x.SetBits(p, uint64(rng.Intn(1<<16)))
		case "i32":
			x.SetInt64(p, int64(rng.Intn(2001)-1000))
		default:
			x.SetFloat64(p, float64(rng.Intn(2001)-1000)/8)
		}
	}
	return x
}

// randInts returns i32 indices in [-span/2, span).
func randInts(rng *rand.Rand, shape []int64, span int64) *rt.Tensor {
	x := rt.Must(rt.New(rt.I32, shape))
	for p := 0; p < int(x.NumElements()); p++ {
		x.SetInt64(p, rng.Int63n(span+span/2+1)-span/2)
	}
	return x
}
