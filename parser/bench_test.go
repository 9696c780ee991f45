package parser_test

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/tcp-project/tcp/internal/benchgen"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// BenchmarkRoundTrip measures parse + verify + print (generic form) of a
// generated function; scripts/bench-parse.sh compares the same inputs with
// mlir-opt-16 in one run. Cost should grow linearly with the op count.
func BenchmarkRoundTrip(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		var buf bytes.Buffer
		benchgen.Write(&buf, n)
		src := buf.String()
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
