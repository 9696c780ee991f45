package arith

import (
	"math"

	"github.com/tcp-project/tcp/ir"
)

// Op names of the binary ops.
const (
	AddIName       = "arith.addi"
	SubIName       = "arith.subi"
	MulIName       = "arith.muli"
	DivSIName      = "arith.divsi"
	DivUIName      = "arith.divui"
	RemSIName      = "arith.remsi"
	FloorDivSIName = "arith.floordivsi"
	CeilDivSIName  = "arith.ceildivsi"
	MaxSIName      = "arith.maxsi"
	MinSIName      = "arith.minsi"
	AddFName       = "arith.addf"
	SubFName       = "arith.subf"
	MulFName       = "arith.mulf"
	DivFName       = "arith.divf"
	MaxFName       = "arith.maxf"
	MinFName       = "arith.minf"
	NegFName       = "arith.negf"
)

// intBinary describes one integer binary op.
type intBinary struct {
	name, summary, semantics string
	commutative              bool
	// eval computes the result bits at width w; ok is false when the op
	// must not fold (division by zero, signed overflow).
	eval func(a, b int64, w int) (int64, bool)
}

var intBinaries = []intBinary{
	{AddIName, "integer addition operation", "the sum modulo 2^n", true,
		func(a, b int64, w int) (int64, bool) { return a + b, true }},
	{SubIName, "integer subtraction operation", "the difference modulo 2^n", false,
		func(a, b int64, w int) (int64, bool) { return a - b, true }},
	{MulIName, "integer multiplication operation", "the product modulo 2^n", true,
		func(a, b int64, w int) (int64, bool) { return a * b, true }},
	{DivSIName, "signed integer division operation", "the signed quotient rounded towards zero; division by zero and the overflow MIN / -1 are undefined behavior", false,
		func(a, b int64, w int) (int64, bool) {
			if b == 0 || overflowsDiv(a, b, w) {
				return 0, false
			}
			return a / b, true
		}},
	{DivUIName, "unsigned integer division operation", "the unsigned quotient rounded towards zero; division by zero is undefined behavior", false,
		func(a, b int64, w int) (int64, bool) {
			ua, ub := zext(a, w), zext(b, w)
			if ub == 0 {
				return 0, false
			}
			return int64(ua / ub), true
		}},
	{RemSIName, "signed integer division remainder operation", "the remainder of the signed division, with the sign of the dividend; a zero divisor is undefined behavior", false,
		func(a, b int64, w int) (int64, bool) {
			if b == 0 {
				return 0, false
			}
			if b == -1 {
				return 0, true
			}
			return a % b, true
		}},
	{FloorDivSIName, "signed floor integer division operation", "the signed quotient rounded towards negative infinity; division by zero and MIN / -1 are undefined behavior", false,
		func(a, b int64, w int) (int64, bool) {
			if b == 0 || overflowsDiv(a, b, w) {
				return 0, false
			}
			q := a / b
			if a%b != 0 && (a < 0) != (b < 0) {
				q--
			}
			return q, true
		}},
	{CeilDivSIName, "signed ceil integer division operation", "the signed quotient rounded towards positive infinity; division by zero and MIN / -1 are undefined behavior", false,
		func(a, b int64, w int) (int64, bool) {
			if b == 0 || overflowsDiv(a, b, w) {
				return 0, false
			}
			q := a / b
			if a%b != 0 && (a < 0) == (b < 0) {
				q++
			}
			return q, true
		}},
	{MaxSIName, "signed integer maximum operation", "the larger operand, compared as signed integers", true,
		func(a, b int64, w int) (int64, bool) { return max(a, b), true }},
	{MinSIName, "signed integer minimum operation", "the smaller operand, compared as signed integers", true,
		func(a, b int64, w int) (int64, bool) { return min(a, b), true }},
}

// overflowsDiv reports MIN / -1 at width w (operands are sign-extended).
func overflowsDiv(a, b int64, w int) bool {
	if w <= 0 || w > 64 {
		w = 64
	}
	minv := int64(math.MinInt64) >> uint(64-w)
	return b == -1 && a == minv
}

var floatBinaries = []struct{ name, summary, semantics string }{
	{AddFName, "floating point addition operation", "the IEEE 754 sum"},
	{SubFName, "floating point subtraction operation", "the IEEE 754 difference"},
	{MulFName, "floating point multiplication operation", "the IEEE 754 product"},
	{DivFName, "floating point division operation", "the IEEE 754 quotient"},
	{MaxFName, "floating-point maximum operation", "the larger (NaN if either is NaN; +0 above -0)"},
	{MinFName, "floating-point minimum operation", "the smaller (NaN if either is NaN; -0 below +0)"},
}

// The registered definitions, by name.
var (
	AddIDef, SubIDef, MulIDef, DivSIDef, DivUIDef, RemSIDef, FloorDivSIDef, CeilDivSIDef, MaxSIDef, MinSIDef *ir.OpDef
	AddFDef, SubFDef, MulFDef, DivFDef, MaxFDef, MinFDef, NegFDef                                            *ir.OpDef
)

func registerBinaries() {
	defs := map[string]**ir.OpDef{
		AddIName: &AddIDef, SubIName: &SubIDef, MulIName: &MulIDef, DivSIName: &DivSIDef, DivUIName: &DivUIDef,
		RemSIName: &RemSIDef, FloorDivSIName: &FloorDivSIDef, CeilDivSIName: &CeilDivSIDef, MaxSIName: &MaxSIDef, MinSIName: &MinSIDef,
		AddFName: &AddFDef, SubFName: &SubFDef, MulFName: &MulFDef, DivFName: &DivFDef,
		MaxFName: &MaxFDef, MinFName: &MinFDef,
	}
	for _, b := range intBinaries {
		b := b
		traits := []ir.Trait{ir.Pure, ir.SameOperandsAndResultType}
		if b.commutative {
			traits = append(traits, ir.Commutative)
		}
		*defs[b.name] = ir.MustRegister(ir.OpDef{
			Name:    b.name,
			Summary: b.summary,
			Description: "Computes " + b.semantics + ` of two signless integers (or
index values, or tensors of them, elementwise) of one type n bits wide; the
operands are two's-complement bit vectors.

Verifier rules: operands and result are signless-integer-like ("operand #0
must be signless-integer-like, but got 'f32'") and have one type ("requires
the same type for all operands and results").

Folds when both operands are scalar constants.`,
			Examples: []string{"%0 = " + b.name + " %arg0, %arg1 : i64", "%1 = " + b.name + " %arg2, %arg3 : tensor<4xindex>"},
			Operands: []ir.OperandDef{{Name: "lhs", Type: SignlessIntegerOrIndexLike}, {Name: "rhs", Type: SignlessIntegerOrIndexLike}},
			Results:  []ir.ResultDef{{Name: "result", Type: SignlessIntegerOrIndexLike}},
			Traits:   traits,
			Format:   "$lhs `,` $rhs attr-dict `:` type($result)",
			Fold:     foldIntBinary(b),
		})
	}
	for _, b := range floatBinaries {
		*defs[b.name] = ir.MustRegister(ir.OpDef{
			Name:    b.name,
			Summary: b.summary,
			Description: "Computes " + b.semantics + ` of two floats (or tensors of floats,
elementwise) of one type. The fastmath attribute (#arith.fastmath<…>, flags
none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast) defaults to none;
MLIR 16 materializes the default, so the generic form always carries it and
the custom form prints fastmath<…> only when it is not none.

Verifier rules: operands and result are floating-point-like and have one
type; fastmath is a fast-math flags attribute ("attribute 'fastmath'
failed to satisfy constraint: Floating point fast math flags").`,
			Examples: []string{"%0 = " + b.name + " %arg0, %arg1 : f32", "%1 = " + b.name + " %arg2, %arg3 fastmath<nnan,ninf> : tensor<4xf32>"},
			Operands: []ir.OperandDef{{Name: "lhs", Type: FloatLike}, {Name: "rhs", Type: FloatLike}},
			Results:  []ir.ResultDef{{Name: "result", Type: FloatLike}},
			Attrs:    []ir.AttrDef{{Name: "fastmath", Kind: FastMathKind, Default: FastMathNone}},
			Traits:   []ir.Trait{ir.Pure, ir.SameOperandsAndResultType},
			Format:   "custom<FloatOperands>($lhs, $rhs, $fastmath) attr-dict `:` type($result)",
		})
	}
}

// NegF is arith.negf.
var _ = func() bool {
	NegFDef = ir.MustRegister(ir.OpDef{
		Name:    NegFName,
		Summary: "floating point negation",
		Description: `Flips the sign of a float (or of each element of a tensor of floats),
NaN and zero included. fastmath (default none, elided) as for the binary
float ops; a non-default value prints in the attribute dictionary.

Verifier rules: operand and result are floating-point-like and have one
type.`,
		Examples: []string{"%0 = arith.negf %arg0 : f32", "%1 = arith.negf %arg1 : tensor<4xf32>"},
		Operands: []ir.OperandDef{{Name: "operand", Type: FloatLike}},
		Results:  []ir.ResultDef{{Name: "result", Type: FloatLike}},
		Attrs:    []ir.AttrDef{{Name: "fastmath", Kind: FastMathKind, Default: FastMathNone, Populate: true}},
		Traits:   []ir.Trait{ir.Pure, ir.SameOperandsAndResultType},
		Format:   "$operand attr-dict `:` type($result)",
	})
	return true
}()

// foldIntBinary folds scalar constant operands, and the identities x+0,
// x-0, x*1, x*0 (scalars), x/1 (signed and unsigned), maxsi/minsi(x, x);
// the identities also with splat tensor constants.
func foldIntBinary(b intBinary) func(op *ir.Operation) []ir.OpFoldResult {
	return func(op *ir.Operation) []ir.OpFoldResult {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return nil
		}
		t := op.Result(0).Type()
		w := bitWidth(ir.ElementType(t))
		if w == 0 {
			return nil
		}
		lhs, rhs := op.Operand(0), op.Operand(1)
		x, xok := ConstantIntValue(lhs)
		y, yok := ConstantIntValue(rhs)
		if xok && yok {
			r, ok := b.eval(x, y, w)
			if !ok {
				return nil
			}
			return []ir.OpFoldResult{{Attr: IntAttr(r, t)}}
		}
		if !yok {
			y, yok = SplatIntValue(rhs) // identities hold elementwise too
		}
		if !xok {
			x, xok = SplatIntValue(lhs)
		}
		switch {
		case yok && y == 0 && (b.name == AddIName || b.name == SubIName):
			return []ir.OpFoldResult{{Value: lhs}}
		case xok && x == 0 && b.name == AddIName:
			return []ir.OpFoldResult{{Value: rhs}}
		case yok && y == 1 && (b.name == MulIName || b.name == DivSIName || b.name == DivUIName):
			return []ir.OpFoldResult{{Value: lhs}}
		case xok && x == 1 && b.name == MulIName:
			return []ir.OpFoldResult{{Value: rhs}}
		case (xok && x == 0 || yok && y == 0) && b.name == MulIName && !isTensor(t):
			return []ir.OpFoldResult{{Attr: IntAttr(0, t)}}
		case lhs == rhs && (b.name == MaxSIName || b.name == MinSIName):
			return []ir.OpFoldResult{{Value: lhs}}
		}
		return nil
	}
}

// ---------------------------------------------------------------- fastmath

// Fast-math flags, as arith::FastMathFlags (bit values).
var fastMathFlags = []struct {
	name string
	bit  uint
}{
	{"reassoc", 1}, {"nnan", 2}, {"ninf", 4}, {"nsz", 8}, {"arcp", 16}, {"contract", 32}, {"afn", 64},
}

const fastMathAll = 127

// FastMathNone is #arith.fastmath<none>, the default.
var FastMathNone ir.Attribute = ir.OpaqueAttr{Text: "#arith.fastmath<none>"}

// FastMathKind admits #arith.fastmath<flags>.
var FastMathKind = ir.AttrPred("Floating point fast math flags", func(a ir.Attribute) bool {
	_, ok := fastMathBits(a)
	return ok
})

// fastMathBits decodes #arith.fastmath<…>.
func fastMathBits(a ir.Attribute) (uint, bool) {
	o, ok := a.(ir.OpaqueAttr)
	const pre = "#arith.fastmath<"
	if !ok || len(o.Text) < len(pre)+1 || o.Text[:len(pre)] != pre || o.Text[len(o.Text)-1] != '>' {
		return 0, false
	}
	return parseFastMathList(o.Text[len(pre) : len(o.Text)-1])
}

func parseFastMathList(s string) (uint, bool) {
	var v uint
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != ',' {
			continue
		}
		f, ok := fastMathFlag(trimSpace(s[start:i]))
		if !ok {
			return 0, false
		}
		v |= f
		start = i + 1
	}
	return v, true
}

func trimSpace(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t' || s[0] == '\n') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t' || s[len(s)-1] == '\n') {
		s = s[:len(s)-1]
	}
	return s
}

func fastMathFlag(s string) (uint, bool) {
	switch s {
	case "none":
		return 0, true
	case "fast":
		return fastMathAll, true
	}
	for _, f := range fastMathFlags {
		if f.name == s {
			return f.bit, true
		}
	}
	return 0, false
}

// fastMathString is MLIR's stringifyFastMathFlags: none, fast, or the set
// flags joined by ','.
func fastMathString(v uint) string {
	switch v {
	case 0:
		return "none"
	case fastMathAll:
		return "fast"
	}
	s := ""
	for _, f := range fastMathFlags {
		if v&f.bit != 0 {
			if s != "" {
				s += ","
			}
			s += f.name
		}
	}
	return s
}

// FastMath returns the #arith.fastmath attribute for flag names
// ("nnan", "ninf", "fast", …); unknown names are an error.
func FastMath(flags ...string) (ir.Attribute, bool) {
	var v uint
	for _, f := range flags {
		b, ok := fastMathFlag(f)
		if !ok {
			return nil, false
		}
		v |= b
	}
	return ir.OpaqueAttr{Text: "#arith.fastmath<" + fastMathString(v) + ">"}, true
}
