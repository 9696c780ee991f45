package golang

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// flatScatterShape is an element scatter flatScatter collapses: the
// input's and the indices' static shapes (the updates have the indices')
// and the scatter's dim.
type flatScatterShape struct {
	in, idx []int64
	dim     int
}

var flatScatterShapes = []flatScatterShape{
	{in: []int64{5, 4, 3}, idx: []int64{3, 4, 3}, dim: 0},
	{in: []int64{3, 4, 6}, idx: []int64{7, 2, 6}, dim: 0},       // more index rows than input rows, fewer columns
	{in: []int64{4, 6, 3, 5}, idx: []int64{4, 2, 3, 5}, dim: 1}, // rank 4 along dim 1
	{in: []int64{3, 20, 40}, idx: []int64{6, 20, 40}, dim: 0},   // 800 columns: the workers split them
	{in: []int64{2, 3, 4, 5}, idx: []int64{2, 3, 4, 5}, dim: 0},
}

// TestFlatScatters is the differential test of flatTakes' scatter
// rewrite: element scatters of static shapes with two or more dims after
// their dim, of every combine and mode over f32, i32, f16 and i64 data by
// i32 and i64 indices (index values at and past each edge, duplicates
// frequent), each run by the interpreter on the original IR and by the
// kernel with 1, 2 and 3 workers (3 in place): the results must be equal
// bit for bit, and the errors the interpreter's. It also checks that
// every configuration is rewritten.
func TestFlatScatters(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	elems := []tensor.DType{tensor.F32, tensor.I32, tensor.F16, tensor.I64}
	type conf struct {
		name string
		sh   flatScatterShape
		elem tensor.DType
		it   tensor.DType
		mode string
	}
	var confs []conf
	var src strings.Builder
	for si, sh := range flatScatterShapes {
		for ei, elem := range elems {
			for ci, comb := range kernel.AllCombines {
				if !kernel.CombineAllowed(comb, elem) {
					continue
				}
				mode := kernel.ScatterModes[(si+ei+ci)%len(kernel.ScatterModes)].String()
				it := []tensor.DType{tensor.I32, tensor.I64}[(si+ci)%2]
				c := conf{name: fmt.Sprintf("fs%d", len(confs)), sh: sh, elem: elem, it: it, mode: mode}
				confs = append(confs, c)
				attrs := []string{fmt.Sprintf("dim = %d : index", sh.dim)}
				if comb != kernel.Replace {
					attrs = append(attrs, fmt.Sprintf("combine = %q", comb.String()))
				}
				if mode != "promise_in_bounds" {
					attrs = append(attrs, fmt.Sprintf("mode = %q", mode))
				}
				ty := func(shape []int64, e tensor.DType) string {
					return fmt.Sprintf("tensor<%sx%s>", strings.Trim(strings.Join(strings.Fields(fmt.Sprint(shape)), "x"), "[]"), mlirElem[e])
				}
				inT, idxT, updT := ty(sh.in, elem), ty(sh.idx, it), ty(sh.idx, elem)
				fmt.Fprintf(&src, "func.func @%s(%%x: %s, %%i: %s, %%u: %s) -> %s {\n  %%r = tcp.scatter %%x, %%i, %%u {%s} : %s, %s, %s -> %s\n  return %%r : %s\n}\n",
					c.name, inT, idxT, updT, inT, strings.Join(attrs, ", "), inT, idxT, updT, inT, inT)
			}
		}
	}
	m, err := parser.Parse("flat.mlir", src.String(), parser.Options{})
	if err == nil {
		err = ir.Verify(m, false)
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, numbered(src.String()))
	}
	for _, c := range confs {
		fn := function.Lookup(m, c.name)
		flat := flatTakes(fn, true)
		if flat == fn {
			t.Fatalf("@%s is not rewritten", c.name)
		}
		if err := ir.Verify(flat, false); err != nil {
			t.Fatalf("@%s rewritten does not verify: %v", c.name, err)
		}
	}
	pr := startKernels(t, m)
	compared, errs := 0, 0
	for _, c := range confs {
		fn := function.Lookup(m, c.name)
		for a := 0; a < 6; a++ {
			inRange := a%2 == 0 || c.mode == "promise_in_bounds"
			x := tensor.Must(tensor.New(c.elem, c.sh.in))
			scatterValues(r, x)
			ids := tensor.Must(tensor.New(c.it, c.sh.idx))
			for k := 0; k < int(ids.NumElements()); k++ {
				ids.SetInt64(k, scatterIndex(r, c.sh.in[c.sh.dim], c.it, c.mode, inRange))
			}
			u := tensor.Must(tensor.New(c.elem, c.sh.idx))
			scatterValues(r, u)
			args := []*tensor.Tensor{x, ids, u}
			want, werr := interp.Run(fn, args)
			var ie *kernel.IndexError
			if errors.As(werr, &ie) && ie.Mode == kernel.PromiseInBounds {
				continue
			}
			for _, w := range []int{1, 2, 3} {
				got, _, gerr := pr.Call(c.name, args, CallOptions{Workers: w, MinBytesPerWorker: 1, InPlace: w == 3})
				switch {
				case werr != nil && gerr == nil:
					t.Errorf("@%s workers %d: the interpreter fails (%v), the kernel does not", c.name, w, werr)
				case werr != nil && (ie == nil || gerr.Error() != ie.Error()):
					t.Errorf("@%s workers %d: error %q, want %v", c.name, w, gerr, werr)
				case werr != nil:
					errs++
				case gerr != nil:
					t.Errorf("@%s workers %d: the kernel fails: %v", c.name, w, gerr)
				case string(got[0].Data) != string(want[0].Data):
					t.Errorf("@%s workers %d: result differs\nwant %s\ngot  %s\nargs %v", c.name, w, tensor.Format(want[0]), tensor.Format(got[0]), fmtArgs(args))
				default:
					compared++
				}
			}
		}
	}
	if compared < 200 || errs < 20 {
		t.Errorf("only %d results and %d errors compared", compared, errs)
	}
}

// TestFlatTakes checks which takes of the take_flat and take_nd_ids
// patterns flatTakes rewrites (those whose ids' dims have at most one
// dynamic size) and that the rewritten functions verify; the
// differential test compares their kernels with the interpreter.
func TestFlatTakes(t *testing.T) {
	want := map[string]int{"take_flat": 4, "take_nd_ids": 3}
	for _, p := range patterns {
		n, ok := want[p.name]
		if !ok {
			continue
		}
		delete(want, p.name)
		for _, it := range []string{"i32", "i64"} {
			attr := `, mode = "error"`
			src := fmt.Sprintf(p.mlir, attr, it, "f", "f32", strings.TrimPrefix(attr, ", "), attr)
			m, err := parser.Parse(p.name+".mlir", src, parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			fn := function.Lookup(m, "f")
			got := 0
			fn.Walk(ir.PreOrder, func(op *ir.Operation) {
				if _, ok := takeGroup(op); ok {
					got++
				}
			})
			if got != n {
				t.Errorf("%s (%s): %d takes to collapse, want %d", p.name, it, got, n)
			}
			flat := flatTakes(fn, true)
			if err := ir.Verify(flat, false); err != nil {
				t.Fatalf("%s (%s) rewritten does not verify: %v", p.name, it, err)
			}
			flat.Walk(ir.PreOrder, func(op *ir.Operation) {
				if _, ok := takeGroup(op); ok {
					t.Errorf("%s (%s): a take to collapse is left after the rewrite", p.name, it)
				}
			})
		}
	}
	for name := range want {
		t.Errorf("no pattern %s", name)
	}
}

// TestFlatSlices is the differential test of flatTakes' slice rewrite
// (reversedRuns): slices reversing every axis, or the last two or three
// whole, merged into one reversed dim, over elements of 1, 2, 4 and 8
// bytes; and slices it must leave alone (a reversed run that does not
// end at the last dim: an image turned 180 degrees, its channels in
// order; the last dim reversed but not whole; one dim reversed). Each is
// run by the interpreter and by the kernel with 1, 2 and 3 workers: the
// results must be equal bit for bit.
func TestFlatSlices(t *testing.T) {
	type conf struct {
		shape   []int64
		starts  []int64
		sizes   []int64
		strides []int64
		elem    tensor.DType
		merged  bool
	}
	rev := func(shape []int64, axes ...int) conf {
		c := conf{shape: shape}
		for e, n := range shape {
			start, stride := int64(0), int64(1)
			for _, a := range axes {
				if a == e {
					start, stride = n-1, -1
				}
			}
			c.starts, c.sizes, c.strides = append(c.starts, start), append(c.sizes, n), append(c.strides, stride)
		}
		return c
	}
	var confs []conf
	for k, elem := range []tensor.DType{tensor.F32, tensor.I8, tensor.F16, tensor.I64} {
		all := rev([]int64{3, 5, 7, 9 + int64(k)}, 0, 1, 2, 3)
		last2 := rev([]int64{4, 6, 33}, 1, 2)
		last3 := rev([]int64{2, 3, 4, 70}, 1, 2, 3)
		all.merged, last2.merged, last3.merged = true, true, true
		pixels := rev([]int64{5, 17, 3}, 0, 1)
		part := rev([]int64{6, 40}, 0, 1)
		part.starts[1], part.sizes[1] = 30, 25 // columns 30 down to 6
		one := rev([]int64{9, 20}, 1)
		for _, c := range []conf{all, last2, last3, pixels, part, one} {
			c.elem = elem
			confs = append(confs, c)
		}
	}
	var src strings.Builder
	for k, c := range confs {
		ty := func(shape []int64) string {
			return fmt.Sprintf("tensor<%sx%s>", strings.Trim(strings.Join(strings.Fields(fmt.Sprint(shape)), "x"), "[]"), mlirElem[c.elem])
		}
		var consts []string
		idx := func(vs []int64) string {
			var names []string
			for _, v := range vs {
				name := fmt.Sprintf("%%c%d_%d", k, len(consts))
				consts = append(consts, fmt.Sprintf("  %s = arith.constant %d : index\n", name, v))
				names = append(names, name)
			}
			return strings.Join(names, ", ")
		}
		st, sz, sd := idx(c.starts), idx(c.sizes), idx(c.strides)
		fmt.Fprintf(&src, "func.func @s%d(%%x: %s) -> %s {\n%s  %%r = tcp.slice %%x starts(%s) sizes(%s) strides(%s) : %s -> %s\n  return %%r : %s\n}\n",
			k, ty(c.shape), ty(c.sizes), strings.Join(consts, ""), st, sz, sd, ty(c.shape), ty(c.sizes), ty(c.sizes))
	}
	m, err := parser.Parse("flatslice.mlir", src.String(), parser.Options{})
	if err == nil {
		err = ir.Verify(m, false)
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, numbered(src.String()))
	}
	for k, c := range confs {
		fn := function.Lookup(m, fmt.Sprintf("s%d", k))
		flat := flatTakes(fn, true)
		if got := flat != fn; got != c.merged {
			t.Errorf("@s%d (%v strides %v): rewritten %v, want %v", k, c.shape, c.strides, got, c.merged)
		}
		if err := ir.Verify(flat, false); err != nil {
			t.Fatalf("@s%d rewritten does not verify: %v", k, err)
		}
	}
	pr := startKernels(t, m)
	r := rand.New(rand.NewSource(5))
	compared := 0
	for k, c := range confs {
		name := fmt.Sprintf("s%d", k)
		x := tensor.Must(tensor.New(c.elem, c.shape))
		_, _ = r.Read(x.Data)
		want, err := interp.Run(function.Lookup(m, name), []*tensor.Tensor{x})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{1, 2, 3} {
			got, _, err := pr.Call(name, []*tensor.Tensor{x}, CallOptions{Workers: w, MinBytesPerWorker: 1})
			switch {
			case err != nil:
				t.Errorf("@%s workers %d: %v", name, w, err)
			case string(got[0].Data) != string(want[0].Data):
				t.Errorf("@%s workers %d: result differs\nwant %s\ngot  %s", name, w, tensor.Format(want[0]), tensor.Format(got[0]))
			default:
				compared++
			}
		}
	}
	if compared != 3*len(confs) {
		t.Errorf("%d results compared, want %d", compared, 3*len(confs))
	}
}
