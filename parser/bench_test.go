package parser_test

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/tcp-project/tcp/internal/benchgen"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	_ "github.com/tcp-project/tcp/passes"
)

// BenchmarkRoundTrip measures parse + verify + print (generic form) of a
// generated function; scripts/bench-parse.sh compares the same inputs with
// mlir-opt-16 in one run. Cost should grow linearly with the op count.
func BenchmarkRoundTrip(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		src := generated(n)
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				m, err := parser.Parse("big.mlir", src, parser.Options{})
				if err != nil {
					b.Fatal(err)
				}
				if err := ir.Verify(m, false); err != nil {
					b.Fatal(err)
				}
				if err := ir.Print(io.Discard, m, ir.PrintOptions{Generic: true}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/op-ir")
		})
	}
}

func generated(n int) string {
	var buf bytes.Buffer
	benchgen.Write(&buf, n)
	return buf.String()
}

// BenchmarkStages times each stage of tcp-opt on its own: parse, verify,
// print in generic and in custom form, and the canonicalize + cse
// pipeline (on a fresh parse each iteration, not timed).
//
//	go test -bench Stages -benchmem ./parser
func BenchmarkStages(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		src := generated(n)
		parse := func(b *testing.B) *ir.Operation {
			m, err := parser.Parse("big.mlir", src, parser.Options{})
			if err != nil {
				b.Fatal(err)
			}
			return m
		}
		perOp := func(b *testing.B) {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/op-ir")
		}
		b.Run(fmt.Sprintf("parse/ops=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				parse(b)
			}
			perOp(b)
		})
		m := parse(b)
		b.Run(fmt.Sprintf("verify/ops=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if err := ir.Verify(m, false); err != nil {
					b.Fatal(err)
				}
			}
			perOp(b)
		})
		for _, generic := range []bool{true, false} {
			form := map[bool]string{true: "generic", false: "custom"}[generic]
			b.Run(fmt.Sprintf("print-%s/ops=%d", form, n), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if err := ir.Print(io.Discard, m, ir.PrintOptions{Generic: generic}); err != nil {
						b.Fatal(err)
					}
				}
				perOp(b)
			})
		}
		b.Run(fmt.Sprintf("canonicalize-cse/ops=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m := parse(b)
				pm, err := pass.ParsePipeline("builtin.module(func.func(canonicalize,cse))")
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if err := pm.Run(m); err != nil {
					b.Fatal(err)
				}
			}
			perOp(b)
		})
	}
}
