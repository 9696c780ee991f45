package parser

import (
	"math/big"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
)

// FuzzIntLiteral checks intLiteral against big.Int on any digit string:
// the same value when it fits the type, "out of range" when it does not,
// whatever the length and the leading zeros (the bounded fast path must
// never accept what big.Int says is out of range).
func FuzzIntLiteral(f *testing.F) {
	for _, s := range []string{"0", "7", "0123", "18446744073709551615", "18446744073709551616", "9223372036854775808",
		"0x0", "0xFFFFFFFFFFFFFFFF", "0x10000000000000000", "000000000000000000000000001", "0x0000000000000000000000ff"} {
		f.Add(s, false, uint8(64), uint8(0))
		f.Add(s, true, uint8(8), uint8(1))
	}
	f.Fuzz(func(t *testing.T, s string, neg bool, width, sign uint8) {
		if s == "" || strings.Trim(strings.TrimPrefix(s, "0x"), "0123456789abcdefABCDEF") != "" {
			return
		}
		hex := strings.HasPrefix(s, "0x") && len(s) > 2
		if !hex && strings.Trim(s, "0123456789") != "" {
			return
		}
		w := int(width%64) + 1
		ty := ir.Type(ir.IntegerType{Width: w, Sign: ir.Signedness(sign % 3)})
		got, err := intLiteral(s, neg, ty)
		// The reference: big.Int of the whole literal, checked against
		// the type's range.
		ref := new(big.Int)
		var ok bool
		if hex {
			_, ok = ref.SetString(s[2:], 16)
		} else {
			_, ok = ref.SetString(s, 10)
		}
		if !ok {
			return
		}
		if neg {
			ref.Neg(ref)
		}
		it := ty.(ir.IntegerType)
		lo, hi := new(big.Int), new(big.Int)
		switch {
		case it.Sign == ir.Unsigned:
			hi.Lsh(big.NewInt(1), uint(w)).Sub(hi, big.NewInt(1))
		case it.Sign == ir.Signed:
			lo.Lsh(big.NewInt(1), uint(w-1)).Neg(lo)
			hi.Lsh(big.NewInt(1), uint(w-1)).Sub(hi, big.NewInt(1))
		case w == 1:
			lo.SetInt64(-1)
			hi.SetInt64(1)
		default:
			lo.Lsh(big.NewInt(1), uint(w-1)).Neg(lo)
			hi.Lsh(big.NewInt(1), uint(w)).Sub(hi, big.NewInt(1))
		}
		inRange := ref.Cmp(lo) >= 0 && ref.Cmp(hi) <= 0
		if inRange != (err == nil) {
			t.Fatalf("intLiteral(%q, neg=%v, %s) = %d, %v; the value is %v, range [%v, %v]", s, neg, ty, got, err, ref, lo, hi)
		}
		if err != nil {
			return
		}
		// Signless values are kept as the type's two's complement, read
		// back signed; others as they are.
		want := ref
		if it.Sign == ir.Signless && w > 1 && w < 64 && ref.Cmp(new(big.Int).Lsh(big.NewInt(1), uint(w-1))) >= 0 {
			want = new(big.Int).Sub(ref, new(big.Int).Lsh(big.NewInt(1), uint(w)))
		}
		if w == 64 && want.Sign() > 0 && want.BitLen() == 64 {
			want = new(big.Int).Sub(want, new(big.Int).Lsh(big.NewInt(1), 64))
		}
		if want.IsInt64() && got != want.Int64() {
			t.Fatalf("intLiteral(%q, neg=%v, %s) = %d, want %v", s, neg, ty, got, want)
		}
	})
}
