package stablehlototcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/tensor"

	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/stablehlototcp"
)

// scatterCase is a random valid stablehlo.scatter.
type scatterCase struct {
	x, s, u []int64
	d       stablehlo.ScatterDims
	elem    string
	idxElem string
	body    string // the region's op, or "" for replace
	region  string // a whole region body over %a, %b (overrides body)
}

func dimsStr(s []int64, elem string) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range s {
		fmt.Fprintf(&b, "%dx", d)
	}
	return b.String() + elem + ">"
}

// randomScatter draws dimension numbers by the spec's constraints: some
// input dims batching, some scattered (inserted or with a window of size
// 1 or more), the rest windows of any size up to the dim, and the update
// dims interleaved at random.
func randomScatter(rng *rand.Rand) scatterCase {
	var c scatterCase
	r := 1 + rng.Intn(3)
	c.x = make([]int64, r)
	for i := range c.x {
		c.x[i] = int64(1 + rng.Intn(4))
	}
	perm := rng.Perm(r)
	nb := 0
	if r > 1 && rng.Intn(3) == 0 {
		nb = 1
	}
	batching := perm[:nb]
	rest := perm[nb:]
	m := 1 + rng.Intn(len(rest))
	if rng.Intn(5) == 0 {
		m = 0
	}
	scattered := rest[:m]
	var inserted []int64
	for _, d := range scattered {
		if rng.Intn(2) == 0 {
			inserted = append(inserted, int64(d))
		}
	}
	for _, d := range batching {
		c.d.InputBatchingDims = append(c.d.InputBatchingDims, int64(d))
	}
	sortI(c.d.InputBatchingDims)
	sortI(inserted)
	c.d.InsertedWindowDims = inserted
	for _, d := range scattered {
		c.d.ScatterDimsToOperandDims = append(c.d.ScatterDimsToOperandDims, int64(d))
	}
	// scatter indices: batch dims (random sizes, the batching ones sized
	// like the input), index vector dim somewhere or implicit
	nsc := rng.Intn(3)
	if nb > 0 && nsc == 0 {
		nsc = 1
	}
	scatterShape := make([]int64, nsc)
	for i := range scatterShape {
		scatterShape[i] = int64(1 + rng.Intn(4))
	}
	bpos := rng.Perm(nsc)[:nb]
	for i, p := range bpos {
		scatterShape[p] = c.x[c.d.InputBatchingDims[i]]
	}
	implicit := m == 1 && rng.Intn(3) == 0
	q := nsc
	ivd := nsc
	if !implicit {
		ivd = rng.Intn(nsc + 1)
		q = nsc + 1
	}
	c.d.IndexVectorDim = int64(ivd)
	c.s = make([]int64, 0, q)
	k := 0
	for i := 0; i < q; i++ {
		if !implicit && i == ivd {
			c.s = append(c.s, int64(m))
			continue
		}
		c.s = append(c.s, scatterShape[k])
		k++
	}
	for _, p := range bpos {
		sd := p
		if !implicit && sd >= ivd {
			sd++
		}
		c.d.ScatterIndicesBatchingDims = append(c.d.ScatterIndicesBatchingDims, int64(sd))
	}
	// window sizes of the window input dims
	win := c.d.WindowInputDims(r)
	wsz := make([]int64, len(win))
	for i, d := range win {
		wsz[i] = c.x[d]
		if rng.Intn(2) == 0 {
			wsz[i] = int64(1 + rng.Intn(int(c.x[d])))
		}
	}
	// updates: scatter dims and window dims interleaved
	nu := nsc + len(win)
	pos := rng.Perm(nu)[:len(win)]
	sortInts(pos)
	c.u = make([]int64, nu)
	for i, p := range pos {
		c.d.UpdateWindowDims = append(c.d.UpdateWindowDims, int64(p))
		c.u[p] = wsz[i]
	}
	k = 0
	for i := 0; i < nu; i++ {
		if !containsInt(pos, i) {
			c.u[i] = scatterShape[k]
			k++
		}
	}
	c.elem = []string{"f32", "i32", "f32"}[rng.Intn(3)]
	c.idxElem = []string{"i32", "i64", "i8", "ui16"}[rng.Intn(4)]
	bodies := []string{"", "stablehlo.add", "stablehlo.maximum", "stablehlo.minimum", "stablehlo.multiply"}
	c.body = bodies[rng.Intn(len(bodies))]
	return c
}

func sortI(v []int64) {
	for i := range v {
		for j := i + 1; j < len(v); j++ {
			if v[j] < v[i] {
				v[i], v[j] = v[j], v[i]
			}
		}
	}
}

func sortInts(v []int) {
	for i := range v {
		for j := i + 1; j < len(v); j++ {
			if v[j] < v[i] {
				v[i], v[j] = v[j], v[i]
			}
		}
	}
}

func containsInt(v []int, x int) bool {
	for _, y := range v {
		if y == x {
			return true
		}
	}
	return false
}

func (c scatterCase) program() string {
	body := "stablehlo.return %b : tensor<" + c.elem + ">"
	if c.body != "" {
		body = "%r = " + c.body + " %a, %b : tensor<" + c.elem + ">\n    stablehlo.return %r : tensor<" + c.elem + ">"
	}
	if c.region != "" {
		body = strings.ReplaceAll(c.region, "tensor<T>", "tensor<"+c.elem+">")
	}
	xt, st, ut := dimsStr(c.x, c.elem), dimsStr(c.s, c.idxElem), dimsStr(c.u, c.elem)
	return fmt.Sprintf(`func.func @f(%%x: %s, %%i: %s, %%u: %s) -> %s {
  %%0 = "stablehlo.scatter"(%%x, %%i, %%u) <{indices_are_sorted = false, scatter_dimension_numbers = %s, unique_indices = false}> ({
  ^bb0(%%a: tensor<%s>, %%b: tensor<%s>):
    %s
  }) : (%s, %s, %s) -> %s
  return %%0 : %s
}
`, xt, st, ut, xt, c.d, c.elem, c.elem, body, xt, st, ut, xt, xt)
}

// TestScatterRandom converts 600 random valid scatters (a third of them
// x.at[..., i]-like, the tcp.scatter form) (batching dims,
// partial windows, implicit index vectors, unsorted
// scatter_dims_to_operand_dims, indices of four types) and compares the
// interpreter on the stablehlo op with the interpreter on the tcp program
// on random inputs, indices in and out of range, duplicates included.
func TestScatterRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	compact, elements := 0, 0
	for n := 0; n < 600; n++ {
		c := randomScatter(rng)
		if n%3 == 0 {
			c = scatterElementsCase(rng)
		}
		src := c.program()
		parse := func() *ir.Operation {
			m, err := parser.Parse("scatter.mlir", src, parser.Options{})
			if err == nil {
				err = ir.Verify(m, false)
			}
			if err != nil {
				t.Fatalf("case %d: %v\n%s", n, err, src)
			}
			return m
		}
		before, after := parse(), parse()
		if err := stablehlototcp.Run(after); err != nil {
			t.Fatalf("case %d: %v\n%s", n, err, src)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("case %d: %v\n%s\n%s", n, err, src, after.String())
		}
		switch text := after.String(); {
		case strings.Contains(text, "tcp.scatter "):
			elements++
		case !strings.Contains(text, "arith.addi"):
			compact++
		}
		if k, err := interp.CheckEquivalent(before, after, 20, int64(n)); err != nil || k != 1 {
			t.Fatalf("case %d: %v\n%s\n%s", n, err, src, after.String())
		}
	}
	t.Logf("600 random scatters equivalent after conversion (%d as tcp.scatter, %d in the compact form)", elements, compact)
	if elements < 100 || compact < 100 {
		t.Errorf("too few cases of a form: %d tcp.scatter, %d compact", elements, compact)
	}
}

// scatterElementsCase is x.at[..., i, ...]: one inserted dim a > 0, updates laid
// out as the input with n at a, index vectors of length 1 (explicit or
// implicit); sometimes a window is partial (then it is not the
// tcp.scatter form).
func scatterElementsCase(rng *rand.Rand) scatterCase {
	var c scatterCase
	r := 2 + rng.Intn(2)
	c.x = make([]int64, r)
	for i := range c.x {
		c.x[i] = int64(1 + rng.Intn(4))
	}
	a := 1 + rng.Intn(r-1)
	n := int64(1 + rng.Intn(5))
	c.d.InsertedWindowDims = []int64{int64(a)}
	c.d.ScatterDimsToOperandDims = []int64{int64(a)}
	if rng.Intn(2) == 0 {
		c.s = []int64{n}
		c.d.IndexVectorDim = 1
	} else {
		c.s = []int64{n, 1}
		c.d.IndexVectorDim = 1
	}
	c.u = append([]int64{}, c.x...)
	c.u[a] = n
	if rng.Intn(6) == 0 {
		c.u[0] = int64(1 + rng.Intn(int(c.x[0])))
	}
	for i := 0; i < r; i++ {
		if i != a {
			c.d.UpdateWindowDims = append(c.d.UpdateWindowDims, int64(i))
		}
	}
	c.elem = []string{"f32", "i32"}[rng.Intn(2)]
	c.idxElem = []string{"i32", "i64", "ui8"}[rng.Intn(3)]
	c.body = []string{"", "stablehlo.add", "stablehlo.minimum"}[rng.Intn(3)]
	return c
}

// FuzzScatterConvert draws a valid scatter from the seed (the generators
// of TestScatterRandom), converts it and compares the interpreter before
// and after on random inputs: the conversion never fails or panics on a
// valid scatter with a combiner region, and both sides agree.
func FuzzScatterConvert(f *testing.F) {
	for s := int64(0); s < 16; s++ {
		f.Add(s, s%3 == 0)
	}
	f.Fuzz(func(t *testing.T, seed int64, elements bool) {
		rng := rand.New(rand.NewSource(seed))
		c := randomScatter(rng)
		if elements {
			c = scatterElementsCase(rng)
		}
		src := c.program()
		parse := func() *ir.Operation {
			m, err := parser.Parse("scatter.mlir", src, parser.Options{})
			if err == nil {
				err = ir.Verify(m, false)
			}
			if err != nil {
				t.Fatalf("generated scatter does not verify: %v\n%s", err, src)
			}
			return m
		}
		before, after := parse(), parse()
		if err := stablehlototcp.Run(after); err != nil {
			t.Fatalf("conversion: %v\n%s", err, src)
		}
		if err := ir.Verify(after, false); err != nil {
			t.Fatalf("converted IR does not verify: %v\n%s", err, after)
		}
		if k, err := interp.CheckEquivalent(before, after, 5, seed); err != nil || k != 1 {
			t.Fatalf("%v\n%s\n%s", err, src, after)
		}
	})
}

// specCase is one random scatter in the JSON form scatter_spec.py reads.
type specCase struct {
	InputShape                 []int64 `json:"input_shape"`
	Input                      []int64 `json:"input"`
	IndicesShape               []int64 `json:"indices_shape"`
	Indices                    []int64 `json:"indices"`
	IndexType                  string  `json:"index_type"`
	UpdatesShape               []int64 `json:"updates_shape"`
	Updates                    []int64 `json:"updates"`
	UpdateWindowDims           []int64 `json:"update_window_dims"`
	InsertedWindowDims         []int64 `json:"inserted_window_dims"`
	InputBatchingDims          []int64 `json:"input_batching_dims"`
	ScatterIndicesBatchingDims []int64 `json:"scatter_indices_batching_dims"`
	ScatterDimsToOperandDims   []int64 `json:"scatter_dims_to_operand_dims"`
	IndexVectorDim             int64   `json:"index_vector_dim"`
	Combine                    string  `json:"combine"`
}

func nonNil(v []int64) []int64 {
	if v == nil {
		return []int64{}
	}
	return v
}

func numel(s []int64) int {
	n := 1
	for _, d := range s {
		n *= int(d)
	}
	return n
}

// TestScatterSpec compares stablehlo.scatter in the interpreter, before
// and after --convert-stablehlo-to-tcp, with a direct numpy transcription
// of the spec's formula (testdata/scatter_spec.py: per-element bounds
// check, the schedule of tcp's doc) on 1000 random valid configurations
// (batching dims, partial windows, implicit index vectors, unsorted
// scatter_dims_to_operand_dims, i8/i32/i64/ui16 indices in and out of
// range, duplicates) with i64 data and every combiner. One Python process
// evaluates every case; skipped without numpy, a failure under CI=true.
func TestScatterSpec(t *testing.T) {
	py := oracle.Python(t, "numpy")
	rng := rand.New(rand.NewSource(2026))
	n := 1000
	cases := make([]scatterCase, n)
	specs := make([]specCase, n)
	combines := map[string]string{"": "replace", "stablehlo.add": "add", "stablehlo.multiply": "mul", "stablehlo.minimum": "min", "stablehlo.maximum": "max"}
	for i := range cases {
		c := randomScatter(rng)
		if i%4 == 0 {
			c = scatterElementsCase(rng)
		}
		c.elem = "i64"
		cases[i] = c
		s := specCase{InputShape: nonNil(c.x), IndicesShape: nonNil(c.s), IndexType: c.idxElem, UpdatesShape: nonNil(c.u),
			UpdateWindowDims: nonNil(c.d.UpdateWindowDims), InsertedWindowDims: nonNil(c.d.InsertedWindowDims),
			InputBatchingDims: nonNil(c.d.InputBatchingDims), ScatterIndicesBatchingDims: nonNil(c.d.ScatterIndicesBatchingDims),
			ScatterDimsToOperandDims: nonNil(c.d.ScatterDimsToOperandDims), IndexVectorDim: c.d.IndexVectorDim, Combine: combines[c.body]}
		s.Input = make([]int64, numel(c.x))
		for k := range s.Input {
			s.Input[k] = int64(rng.Intn(41) - 20)
		}
		s.Updates = make([]int64, numel(c.u))
		for k := range s.Updates {
			s.Updates[k] = int64(rng.Intn(21) - 10)
		}
		s.Indices = make([]int64, numel(c.s))
		for k := range s.Indices {
			v := int64(rng.Intn(9) - 3)
			if c.idxElem == "ui16" && v < 0 {
				v += 1 << 16 // a large unsigned value: out of range
			}
			s.Indices[k] = v
		}
		specs[i] = s
	}
	dir := t.TempDir()
	js, err := json.Marshal(specs)
	if err != nil {
		t.Fatal(err)
	}
	in, outPath := filepath.Join(dir, "cases.json"), filepath.Join(dir, "results.json")
	if err := os.WriteFile(in, js, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, py, "testdata/scatter_spec.py", in, outPath).CombinedOutput(); err != nil {
		t.Fatalf("scatter_spec.py: %v\n%s", err, out)
	}
	raw, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	var want [][]int64
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != n {
		t.Fatalf("scatter_spec.py returned %d results for %d cases", len(want), n)
	}
	dtypes := map[string]tensor.DType{"i8": tensor.I8, "i32": tensor.I32, "i64": tensor.I64, "ui16": tensor.UI16, "ui8": tensor.UI8}
	for i, c := range cases {
		s := specs[i]
		src := c.program()
		m, err := parser.Parse("case.mlir", src, parser.Options{})
		if err == nil {
			err = ir.Verify(m, false)
		}
		if err != nil {
			t.Fatalf("case %d does not verify: %v\n%s", i, err, src)
		}
		args := []*tensor.Tensor{
			tensor.Must(tensor.FromInt64s(tensor.I64, c.x, s.Input)),
			tensor.Must(tensor.FromInt64s(dtypes[c.idxElem], c.s, s.Indices)),
			tensor.Must(tensor.FromInt64s(tensor.I64, c.u, s.Updates)),
		}
		wantT := tensor.Must(tensor.FromInt64s(tensor.I64, c.x, want[i]))
		before, err := interp.RunFunc(m, "f", args...)
		if err != nil {
			t.Fatalf("case %d: interpreter: %v\n%s", i, err, src)
		}
		if err := stablehlototcp.Run(m); err != nil {
			t.Fatalf("case %d: conversion: %v\n%s", i, err, src)
		}
		after, err := interp.RunFunc(m, "f", args...)
		if err != nil {
			t.Fatalf("case %d: interpreter after conversion: %v\n%s", i, err, src)
		}
		if d := cmp.Diff(tensor.Format(wantT), tensor.Format(before[0])); d != "" {
			t.Fatalf("case %d: interpreter vs the spec (-want +got):\n%s\n%s", i, d, src)
		}
		if d := cmp.Diff(tensor.Format(wantT), tensor.Format(after[0])); d != "" {
			t.Fatalf("case %d: converted vs the spec (-want +got):\n%s\n%s", i, d, src)
		}
	}
	t.Logf("%d random scatters equal the spec's formula before and after conversion", n)
}
