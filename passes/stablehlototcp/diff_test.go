package stablehlototcp_test

import (
	"context"
	"encoding/json"
	"fmt"
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
	indexType                string
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
	c.OperandShape, c.IndicesShape, c.SliceSizes = X, S, sizes
	n, _ := tensor.NumElementsOf(X)
	for i := int64(0); i < n; i++ {
		c.Operand = append(c.Operand, i+1)
	}
	m, _ := tensor.NumElementsOf(S)
	// The component of each index element: its position along the vector dim.
	strides := tensor.Strides(S)
	for i := int64(0); i < m; i++ {
		k := int64(0)
		if !implicit {
			k = (i / strides[c.IndexVectorDim]) % S[c.IndexVectorDim]
		}
		D := X[c.StartIndexMap[k]]
		c.Indices = append(c.Indices, rng.Int64N(D+5)-2)
	}
	c.indexType = []string{"i64", "i32", "i16"}[rng.IntN(3)]
	for _, f := range []*[]int64{&c.CollapsedSliceDims, &c.OperandBatchingDims, &c.StartIndicesBatchingDims, &c.Operand, &c.Indices} {
		if *f == nil {
			*f = []int64{}
		}
	}
	return c
}

func tensorType(shape []int64, elem string) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		fmt.Fprintf(&b, "%dx", d)
	}
	return b.String() + elem + ">"
}

func (c *diffCase) program() string {
	out := c.dims().ResultShape(c.IndicesShape, c.SliceSizes)
	xt, st, ot := tensorType(c.OperandShape, "i32"), tensorType(c.IndicesShape, c.indexType), tensorType(out, "i32")
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
// numbers. One Python process evaluates every case.
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
	stats := map[string]int{}
	mismatches := 0
	for i := range cases {
		c := &cases[i]
		src := c.program()
		m, err := parser.Parse("case.mlir", src, parser.Options{})
		if err == nil {
			err = ir.Verify(m, false)
		}
		if err != nil {
			t.Fatalf("case %d does not verify: %v\n%s", i, err, src)
		}
		x := tensor.Must(tensor.FromInt64s(tensor.I32, c.OperandShape, c.Operand))
		idx := tensor.Must(tensor.FromInt64s(mustDType(c.indexType), c.IndicesShape, c.Indices))
		wantT := tensor.Must(tensor.FromInt64s(tensor.I32, want[i].Shape, want[i].Values))
		before, err := interp.RunFunc(m, "f", x, idx)
		if err != nil {
			t.Fatalf("case %d: interpreter: %v\n%s", i, err, src)
		}
		if err := stablehlototcp.Run(m); err != nil {
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
		m.Walk(ir.PreOrder, func(o *ir.Operation) { stats[o.Name()]++ })
	}
	t.Logf("%d cases, %d mismatches; ops after conversion: %v", n, mismatches, stats)
}

func printIR(m *ir.Operation) string {
	var b strings.Builder
	if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
		return err.Error()
	}
	return b.String()
}
