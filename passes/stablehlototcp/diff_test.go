package stablehlototcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/stablehlototcp"
	"github.com/tcp-project/tcp/tensor"
)

// diffCase is one random valid gather, in the JSON form gather_spec.py reads.
type diffCase struct {
	OperandShape             []int64 `json:"operand_shape"`
	Operand                  []int64 `json:"operand"`
	IndicesShape             []int64 `json:"indices_shape"`
	Indices                  []int64 `json:"indices"`
	OffsetDims               []int64 `json:"offset_dims"`
	CollapsedSliceDims       []int64 `json:"collapsed_slice_dims"`
	OperandBatchingDims      []int64 `json:"operand_batching_dims"`
	StartIndicesBatchingDims []int64 `json:"start_indices_batching_dims"`
	StartIndexMap            []int64 `json:"start_index_map"`
	IndexVectorDim           int64   `json:"index_vector_dim"`
	SliceSizes               []int64 `json:"slice_sizes"`
	// IndexType is the start indices' element type; Indices holds their
	// bits sign-extended to 64 (gather_spec.py reads unsigned types'
	// values from them).
	IndexType string `json:"index_type"`
}

type diffResult struct {
	Shape  []int64 `json:"shape"`
	Values []int64 `json:"values"`
}

func (c *diffCase) dims() stablehlo.GatherDims {
	return stablehlo.GatherDims{OffsetDims: c.OffsetDims, CollapsedSliceDims: c.CollapsedSliceDims,
		OperandBatchingDims: c.OperandBatchingDims, StartIndicesBatchingDims: c.StartIndicesBatchingDims,
		StartIndexMap: c.StartIndexMap, IndexVectorDim: c.IndexVectorDim}
}

// randomCase draws a valid configuration: operand rank 1 to 5, each dim
// batching, collapsed or offset; a random subset of the non-batching dims
// in random order as start_index_map; slice sizes from 0 to the dim on
// offset dims; extra start-index batch dims; index_vector_dim anywhere
// (implicit when the vector has length 1, sometimes); start indices from
// -2 to dim+2 so that clamping is exercised.
func randomCase(rng *rand.Rand) diffCase {
	switch rng.IntN(10) {
	case 0:
		return elementsCase(rng)
	case 1:
		return takeCase(rng)
	}
	return generalCase(rng)
}

// elementsCase draws a gather_elements gather (jax take_along_axis): all
// operand dims but a batching, an index vector of length 1.
func elementsCase(rng *rand.Rand) diffCase {
	r := 1 + rng.IntN(4)
	a := rng.IntN(r)
	var c diffCase
	X := make([]int64, r)
	for i := range X {
		X[i] = 1 + rng.Int64N(4)
	}
	S := append([]int64{}, X...)
	S[a] = rng.Int64N(5)
	c.CollapsedSliceDims, c.StartIndexMap, c.OffsetDims = []int64{int64(a)}, []int64{int64(a)}, []int64{}
	for i := 0; i < r; i++ {
		if i != a {
			c.OperandBatchingDims = append(c.OperandBatchingDims, int64(i))
			c.StartIndicesBatchingDims = append(c.StartIndicesBatchingDims, int64(i))
		}
	}
	c.IndexVectorDim = int64(r)
	if rng.IntN(2) == 0 {
		S = append(S, 1)
	}
	c.SliceSizes = make([]int64, r)
	for i := range c.SliceSizes {
		c.SliceSizes[i] = 1
	}
	return fill(rng, c, X, S)
}

// takeCase draws a take / GatherV2 gather: batching dims [0, b), axis a,
// full slices elsewhere.
func takeCase(rng *rand.Rand) diffCase {
	r := 1 + rng.IntN(4)
	a := rng.IntN(r)
	b := rng.IntN(a + 1)
	var c diffCase
	X := make([]int64, r)
	for i := range X {
		X[i] = 1 + rng.Int64N(4)
	}
	S := append([]int64{}, X[:b]...)
	for k := rng.IntN(3); k > 0; k-- {
		S = append(S, rng.Int64N(4))
	}
	qq := len(S)
	c.IndexVectorDim = int64(qq)
	if rng.IntN(2) == 0 {
		S = append(S, 1)
	}
	c.CollapsedSliceDims, c.StartIndexMap = []int64{int64(a)}, []int64{int64(a)}
	c.SliceSizes = append([]int64{}, X...)
	c.SliceSizes[a] = 1
	for i := 0; i < b; i++ {
		c.OperandBatchingDims = append(c.OperandBatchingDims, int64(i))
		c.StartIndicesBatchingDims = append(c.StartIndicesBatchingDims, int64(i))
		c.SliceSizes[i] = 1
	}
	c.OffsetDims = []int64{}
	for i := b; i < a; i++ {
		c.OffsetDims = append(c.OffsetDims, int64(i))
	}
	for i := a + qq - b; i < r+qq-b-1; i++ {
		c.OffsetDims = append(c.OffsetDims, int64(i))
	}
	return fill(rng, c, X, S)
}

// fill sets the shapes, the operand values 1, 2, ... and random start
// indices from -2 to dim+2 of the dim each vector component indexes.
func fill(rng *rand.Rand, c diffCase, X, S []int64) diffCase {
	c.OperandShape, c.IndicesShape = X, S
	n, _ := tensor.NumElementsOf(X)
	for i := int64(0); i < n; i++ {
		c.Operand = append(c.Operand, i+1)
	}
	m, _ := tensor.NumElementsOf(S)
	strides := tensor.Strides(S)
	for i := int64(0); i < m; i++ {
		k := int64(0)
		if c.IndexVectorDim < int64(len(S)) {
			k = (i / strides[c.IndexVectorDim]) % S[c.IndexVectorDim]
		}
		D := X[c.StartIndexMap[k]]
		c.Indices = append(c.Indices, rng.Int64N(D+5)-2)
	}
	// Unsigned types read the negative draws as large values: 2^N - 1 and
	// 2^N - 2; for ui64 some are 2^63 (MinInt64's bits).
	c.IndexType = []string{"i64", "i32", "i16", "i8", "ui8", "ui16", "ui32", "ui64", "si32"}[rng.IntN(9)]
	if c.IndexType == "ui64" {
		for i := range c.Indices {
			if rng.IntN(8) == 0 {
				c.Indices[i] = math.MinInt64
			}
		}
	}
	for _, f := range []*[]int64{&c.CollapsedSliceDims, &c.OperandBatchingDims, &c.StartIndicesBatchingDims, &c.Operand, &c.Indices, &c.OffsetDims, &c.StartIndexMap} {
		if *f == nil {
			*f = []int64{}
		}
	}
	return c
}

// generalCase draws any valid configuration.
func generalCase(rng *rand.Rand) diffCase {
	var c diffCase
	r := 1 + rng.IntN(5)
	X := make([]int64, r)
	for i := range X {
		X[i] = 1 + rng.Int64N(4)
	}
	kind := make([]byte, r) // 'b', 'c', 'o'
	for i := range kind {
		switch p := rng.IntN(10); {
		case p < 2:
			kind[i] = 'b'
		case p < 5:
			kind[i] = 'c'
		default:
			kind[i] = 'o'
		}
	}
	sizes := make([]int64, r)
	var nonBatch []int64
	for i := range kind {
		switch kind[i] {
		case 'b':
			c.OperandBatchingDims = append(c.OperandBatchingDims, int64(i))
			sizes[i] = 1
		case 'c':
			c.CollapsedSliceDims = append(c.CollapsedSliceDims, int64(i))
			sizes[i] = 1
			if rng.IntN(6) == 0 {
				sizes[i] = 0 // allowed on a collapsed dim (C9, C21)
			}
			nonBatch = append(nonBatch, int64(i))
		default:
			sizes[i] = rng.Int64N(X[i] + 1)
			if rng.IntN(8) != 0 && sizes[i] == 0 {
				sizes[i] = 1 + rng.Int64N(X[i])
			}
			nonBatch = append(nonBatch, int64(i))
		}
	}
	rng.Shuffle(len(nonBatch), func(i, j int) { nonBatch[i], nonBatch[j] = nonBatch[j], nonBatch[i] })
	K := rng.IntN(len(nonBatch) + 1)
	c.StartIndexMap = append([]int64{}, nonBatch[:K]...)
	if c.StartIndexMap == nil {
		c.StartIndexMap = []int64{}
	}
	nb := len(c.OperandBatchingDims)
	extra := rng.IntN(3)
	nS := nb + extra
	implicit := K == 1 && rng.IntN(3) == 0
	q := nS
	if !implicit {
		q++
	}
	if implicit {
		c.IndexVectorDim = int64(q)
	} else {
		c.IndexVectorDim = int64(rng.IntN(q + 1))
		if c.IndexVectorDim == int64(q) {
			c.IndexVectorDim = int64(q - 1)
		}
	}
	var sBatch []int64
	for i := 0; i < q; i++ {
		if int64(i) != c.IndexVectorDim {
			sBatch = append(sBatch, int64(i))
		}
	}
	S := make([]int64, q)
	perm := rng.Perm(len(sBatch))
	for i := 0; i < nb; i++ {
		sd := sBatch[perm[i]]
		c.StartIndicesBatchingDims = append(c.StartIndicesBatchingDims, sd)
		S[sd] = X[c.OperandBatchingDims[i]]
	}
	for _, p := range perm[nb:] {
		S[sBatch[p]] = rng.Int64N(4)
		if S[sBatch[p]] == 0 && rng.IntN(4) != 0 {
			S[sBatch[p]] = 1 + rng.Int64N(3)
		}
	}
	if !implicit {
		S[c.IndexVectorDim] = int64(K)
	}
	nOff := r - nb - len(c.CollapsedSliceDims)
	rr := nOff + nS
	pos := rng.Perm(rr)[:nOff]
	slices.Sort(pos)
	c.OffsetDims = []int64{}
	for _, p := range pos {
		c.OffsetDims = append(c.OffsetDims, int64(p))
	}
	c.SliceSizes = sizes
	return fill(rng, c, X, S)
}

func tensorType(shape []int64, elem string) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		if d == ir.Dynamic {
			b.WriteString("?x")
		} else {
			fmt.Fprintf(&b, "%dx", d)
		}
	}
	return b.String() + elem + ">"
}

// program is the gather as a function of the operand and the start
// indices. With dynamic, the start-indices dims other than the index
// vector and every operand dim (windowed dims too) are written `?`.
func (c *diffCase) program(dynamic bool) string {
	X, S := append([]int64{}, c.OperandShape...), append([]int64{}, c.IndicesShape...)
	if dynamic {
		for i := range S {
			if int64(i) != c.IndexVectorDim {
				S[i] = ir.Dynamic
			}
		}
		for i := range X {
			X[i] = ir.Dynamic
		}
	}
	out := c.dims().ResultShape(S, c.SliceSizes)
	xt, st, ot := tensorType(X, "i32"), tensorType(S, c.IndexType), tensorType(out, "i32")
	sizes := make([]string, len(c.SliceSizes))
	for i, s := range c.SliceSizes {
		sizes[i] = fmt.Sprint(s)
	}
	sz := "array<i64>"
	if len(sizes) > 0 {
		sz = "array<i64: " + strings.Join(sizes, ", ") + ">"
	}
	return fmt.Sprintf(`func.func @f(%%x: %s, %%i: %s) -> %s {
  %%0 = "stablehlo.gather"(%%x, %%i) {dimension_numbers = %s, slice_sizes = %s} : (%s, %s) -> %s
  return %%0 : %s
}
`, xt, st, ot, stablehlo.NewGatherDimsAttr(c.dims()), sz, xt, st, ot, ot)
}

func mustDType(s string) tensor.DType {
	dt, err := tensor.ParseDType(s)
	if err != nil {
		panic(err)
	}
	return dt
}

// TestDifferential compares stablehlo.gather in our interpreter, before and
// after --convert-stablehlo-to-tcp, with a direct numpy transcription of
// the spec formula (testdata/gather_spec.py) on random valid dimension
// numbers. One Python process evaluates every case. Every fourth case is
// written with dynamic dims (start-indices batch dims, all operand dims),
// and another fourth converted with the window-table bound 0 (windows from
// tcp.slice and tensor.concat).
func TestDifferential(t *testing.T) {
	py := oracle.Python(t, "numpy")
	n := 2000
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewPCG(42, 2026))
	cases := make([]diffCase, n)
	for i := range cases {
		cases[i] = randomCase(rng)
	}
	dir := t.TempDir()
	js, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	in, outPath := filepath.Join(dir, "cases.json"), filepath.Join(dir, "results.json")
	if err := os.WriteFile(in, js, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, py, "testdata/gather_spec.py", in, outPath).CombinedOutput(); err != nil {
		t.Fatalf("gather_spec.py: %v\n%s", err, out)
	}
	raw, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	var want []diffResult
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != n {
		t.Fatalf("gather_spec.py returned %d results for %d cases", len(want), n)
	}
	stats, forms := map[string]int{}, map[string]int{}
	mismatches := 0
	for i := range cases {
		c := &cases[i]
		src := c.program(i%4 == 3)
		m, err := parser.Parse("case.mlir", src, parser.Options{})
		if err == nil {
			err = ir.Verify(m, false)
		}
		if err != nil {
			t.Fatalf("case %d does not verify: %v\n%s", i, err, src)
		}
		x := tensor.Must(tensor.FromInt64s(tensor.I32, c.OperandShape, c.Operand))
		idx := tensor.Must(tensor.FromInt64s(mustDType(c.IndexType), c.IndicesShape, c.Indices))
		wantT := tensor.Must(tensor.FromInt64s(tensor.I32, want[i].Shape, want[i].Values))
		before, err := interp.RunFunc(m, "f", x, idx)
		if err != nil {
			t.Fatalf("case %d: interpreter: %v\n%s", i, err, src)
		}
		// Every fourth case (offset by one from the dynamic ones) builds
		// its windows from slices, as large static windows are.
		restore := func() {}
		if i%4 == 1 {
			restore = stablehlototcp.SetMaxWindowTable(0)
		}
		err = stablehlototcp.Run(m)
		restore()
		if err != nil {
			t.Fatalf("case %d: conversion: %v\n%s", i, err, src)
		}
		if err := ir.Verify(m, false); err != nil {
			t.Fatalf("case %d: converted IR does not verify: %v\n%s\n%s", i, err, src, printIR(m))
		}
		after, err := interp.RunFunc(m, "f", x, idx)
		if err != nil {
			t.Fatalf("case %d: interpreter after conversion: %v\n%s\n%s", i, err, src, printIR(m))
		}
		if d := cmp.Diff(tensor.Format(wantT), tensor.Format(before[0])); d != "" {
			mismatches++
			t.Errorf("case %d: interpreter vs numpy (-want +got):\n%s\n%s", i, d, src)
		}
		if d := cmp.Diff(tensor.Format(wantT), tensor.Format(after[0])); d != "" {
			mismatches++
			t.Errorf("case %d: converted vs numpy (-want +got):\n%s\n%s\n%s", i, d, src, printIR(m))
		}
		if mismatches > 5 {
			t.Fatal("too many mismatches")
		}
		ops := map[string]int{}
		m.Walk(ir.PreOrder, func(o *ir.Operation) { stats[o.Name()]++; ops[o.Name()]++ })
		switch {
		case ops["tcp.const"] == 1 && ops["tcp.gather"]+ops["tcp.gather_nd"] == 0:
			forms["empty result"]++
		case ops["tcp.transpose"]+ops["tcp.slice"]+ops["tcp.const"] > 0:
			forms["general decomposition"]++
		case ops["tcp.gather_nd"] == 1:
			forms["one tcp.gather_nd"]++
		case ops["tcp.gather"] == 1 && ops["tcp.broadcast_to"] == 0:
			forms["one tcp.gather"]++
		default:
			forms["slice-gather recipe"]++
		}
	}
	t.Logf("%d cases, %d mismatches; forms: %v; ops after conversion: %v", n, mismatches, forms, stats)
}

func printIR(m *ir.Operation) string {
	var b strings.Builder
	if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
		return err.Error()
	}
	return b.String()
}
