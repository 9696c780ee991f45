package stablehlototcp_test

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/stablehlototcp"
	"github.com/tcp-project/tcp/tensor"
)

// FuzzConvert draws a valid gather from the seed (the generators of the
// differential test), runs it in the interpreter, converts it and runs it
// again: the conversion never fails or panics on a valid gather, the
// result verifies, and both runs agree.
func FuzzConvert(f *testing.F) {
	for s := uint64(0); s < 16; s++ {
		f.Add(s, s*7+1)
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		c := randomCase(rand.New(rand.NewPCG(s1, s2)))
		src := c.program(s1%2 == 1)
		m, err := parser.Parse("case.mlir", src, parser.Options{})
		if err == nil {
			err = ir.Verify(m, false)
		}
		if err != nil {
			t.Fatalf("generated gather does not verify: %v\n%s", err, src)
		}
		x := tensor.Must(tensor.FromInt64s(tensor.I32, c.OperandShape, c.Operand))
		idx := tensor.Must(tensor.FromInt64s(mustDType(c.IndexType), c.IndicesShape, c.Indices))
		before, err := interp.RunFunc(m, "f", x, idx)
		if err != nil {
			t.Fatalf("interpreter: %v\n%s", err, src)
		}
		if err := stablehlototcp.Run(m); err != nil {
			t.Fatalf("conversion: %v\n%s", err, src)
		}
		if err := ir.Verify(m, false); err != nil {
			t.Fatalf("converted IR does not verify: %v\n%s", err, printIR(m))
		}
		after, err := interp.RunFunc(m, "f", x, idx)
		if err != nil {
			t.Fatalf("interpreter after conversion: %v\n%s", err, printIR(m))
		}
		if d := cmp.Diff(tensor.Format(before[0]), tensor.Format(after[0])); d != "" {
			t.Fatalf("before vs after conversion (-before +after):\n%s\n%s\n%s", d, src, printIR(m))
		}
	})
}
