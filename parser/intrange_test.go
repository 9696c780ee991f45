package parser_test

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/parser"
)

// TestIntegerAttrEdges: an integer attribute literal is accepted exactly
// inside its type's range, checked at the edges (the range's ends and one
// past each) for every width and signedness: signless iN takes
// [-2^(N-1), 2^N - 1] (MLIR's APInt of N bits, read back as signed),
// siN [-2^(N-1), 2^(N-1) - 1], uiN [0, 2^N - 1]; index as i64.
// The same in a dense literal.
func TestIntegerAttrEdges(t *testing.T) {
	pow := func(n int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(n)) }
	one := big.NewInt(1)
	sub := func(a, b *big.Int) *big.Int { return new(big.Int).Sub(a, b) }
	add := func(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) }
	neg := func(a *big.Int) *big.Int { return new(big.Int).Neg(a) }
	for _, w := range []int{8, 16, 32, 64} {
		for _, sign := range []string{"i", "si", "ui"} {
			ty := fmt.Sprintf("%s%d", sign, w)
			var lo, hi *big.Int
			switch sign {
			case "i":
				lo, hi = neg(pow(w-1)), sub(pow(w), one)
			case "si":
				lo, hi = neg(pow(w-1)), sub(pow(w-1), one)
			case "ui":
				lo, hi = big.NewInt(0), sub(pow(w), one)
			}
			check(t, ty, lo, hi, sub(lo, one), add(hi, one))
		}
	}
	// index is signless 64-bit, as in MLIR.
	check(t, "index", neg(pow(63)), sub(pow(64), one), sub(neg(pow(63)), one), pow(64))
}

func check(t *testing.T, ty string, lo, hi, below, above *big.Int) {
	t.Helper()
	for _, c := range []struct {
		v  *big.Int
		ok bool
	}{{lo, true}, {hi, true}, {below, false}, {above, false}} {
		for _, form := range []string{"%s : %s", "dense<%s> : tensor<1x%s>"} {
			lit := fmt.Sprintf(form, c.v, ty)
			src := fmt.Sprintf("func.func @f() {\n  \"x.y\"() {v = %s} : () -> ()\n  return\n}", lit)
			_, err := parser.Parse("e.mlir", src, parser.Options{AllowUnregistered: true})
			switch {
			case c.ok && err != nil:
				t.Errorf("%s: rejected: %v", lit, err)
			case !c.ok && err == nil:
				t.Errorf("%s: accepted, want an out-of-range error", lit)
			case !c.ok && !strings.Contains(err.Error(), "out of range"):
				t.Errorf("%s: error %v, want an out-of-range error", lit, err)
			}
		}
	}
}
