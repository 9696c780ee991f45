package golang

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/ir"
)

// Float conversions of data (arith.extf, arith.truncf): jax's
// x[i].astype(float16) and friends.
//
// Like an index cast, a float conversion is never materialized: read
// composes it at the coordinates it is read at and records the Go
// conversion function in ref.dconv, which store applies to the element it
// copies (so a converted result is written element by element, never with
// copy) and loadInt before its int conversion. A fill guard already on
// the read (a gather under mode fill below the conversion) has its fill
// converted too; a guard added above it has the result type's fill. f16
// and bf16 elements are uint16 bit patterns: widening decodes them
// exactly, narrowing rounds once from the float64 value (to nearest, ties
// to even; overflow to infinity; NaNs stay quiet NaNs with their sign and
// top payload bits), the interpreter's rule. Between f32 and f64, Go's
// conversions are exact (widening) or round to nearest even (narrowing).

// isFloatCast reports the tensor float conversions handled here.
func isFloatCast(op *ir.Operation) bool {
	if op == nil || op.NumOperands() != 1 || op.NumResults() != 1 {
		return false
	}
	switch op.Name() {
	case arith.ExtFName, arith.TruncFName, arith.SIToFPName:
		_, ok := op.Result(0).Type().(*ir.RankedTensorType)
		return ok
	}
	return false
}

// castFns returns the Go functions (applied in order) converting op's
// operand element to its result element: floatConvFn for extf and
// truncf; for arith.sitofp (an ONNX Cast of integer data to float) Go's
// integer-to-float conversion, which rounds once to nearest even as the
// interpreter does, through float64 (exact for integers of at most 32
// bits) to f16 and bf16. A 64-bit integer to f16 or bf16 would round
// twice and is refused, as are i1 sources.
func castFns(op *ir.Operation) ([]string, error) {
	from, to := ir.ElementType(op.Operand(0).Type()), ir.ElementType(op.Result(0).Type())
	if op.Name() != arith.SIToFPName {
		fn := floatConvFn(from, to)
		if fn == "" {
			return nil, unsupported(op, fmt.Sprintf("converts between f16, bf16, f32 and f64 only, got %s to %s", from, to))
		}
		return []string{fn}, nil
	}
	it, ok1 := from.(ir.IntegerType)
	ft, ok2 := to.(ir.FloatType)
	if !ok1 || !ok2 || it.Sign != ir.Signless || it.Width == 1 {
		return nil, unsupported(op, fmt.Sprintf("sitofp from 8- to 64-bit signless integers to a float only, got %s to %s", from, to))
	}
	switch ft.Kind {
	case ir.F32:
		return []string{"float32"}, nil
	case ir.F64:
		return []string{"float64"}, nil
	case ir.F16, ir.BF16:
		if it.Width > 32 {
			return nil, unsupported(op, fmt.Sprintf("sitofp from %s to %s would round twice through float64; integers of at most 32 bits only", from, to))
		}
		return []string{"float64", floatConvFn(ir.F64T, to)}, nil
	}
	return nil, unsupported(op, fmt.Sprintf("sitofp to %s is not supported", to))
}

// floatConvFn is the Go function converting a from element to a to
// element ("" when none applies).
func floatConvFn(from, to ir.Type) string {
	ft, ok1 := from.(ir.FloatType)
	tt, ok2 := to.(ir.FloatType)
	if !ok1 || !ok2 {
		return ""
	}
	name := map[ir.FloatKind]string{ir.F16: "F16", ir.BF16: "BF16", ir.F32: "F32", ir.F64: "F64"}
	a, b := name[ft.Kind], name[tt.Kind]
	switch {
	case a == "" || b == "" || a == b:
		return ""
	case a == "F32" && b == "F64":
		return "float64"
	case a == "F64" && b == "F32":
		return "float32"
	}
	return "tcp" + a + "To" + b
}

// floatCast checks a float conversion where walk meets it: no code.
func (f *funcGen) floatCast(op *ir.Operation) error {
	if _, err := castFns(op); err != nil {
		return err
	}
	_, err := f.dims(op.Result(0))
	return err
}

// readFloatCast reads a float conversion: its operand's element,
// converted.
func (f *funcGen) readFloatCast(op *ir.Operation, coords []poly, checked bool) (ref, error) {
	fns, err := castFns(op)
	if err != nil {
		return ref{}, err
	}
	r, err := f.read(op.Operand(0), coords, checked)
	if err != nil {
		return ref{}, err
	}
	if r.val != "" || r.conv != nil {
		return ref{}, unsupported(op, "its operand is a fused index value, not data")
	}
	for _, fn := range fns {
		if _, ok := floatHelpers[fn]; ok {
			f.g.used[fn] = true
			for _, d := range floatDeps(fn) {
				f.g.used[d] = true
			}
		}
	}
	gs := make([]guard, len(r.guards))
	for i, g := range r.guards {
		fill := g.fill
		for _, fn := range fns {
			fill = fn + "(" + fill + ")"
		}
		gs[i] = guard{cond: g.cond, fill: fill}
	}
	r.guards = gs
	r.dconv = append(append([]string{}, r.dconv...), fns...)
	return r, nil
}

// floatHelpers are the generated conversion functions (exact decoding of
// the 16-bit formats; rounding to them from float64, ties to even).
var floatHelpers = map[string]string{
	"tcpF16ToF64":  "func tcpF16ToF64(h uint16) float64 { return tcpHalfToF64(uint64(h), 10, 5) }\n",
	"tcpBF16ToF64": "func tcpBF16ToF64(h uint16) float64 { return tcpHalfToF64(uint64(h), 7, 8) }\n",
	"tcpF16ToF32":  "func tcpF16ToF32(h uint16) float32 { return float32(tcpHalfToF64(uint64(h), 10, 5)) }\n",
	"tcpBF16ToF32": "func tcpBF16ToF32(h uint16) float32 { return float32(tcpHalfToF64(uint64(h), 7, 8)) }\n",
	"tcpF64ToF16":  "func tcpF64ToF16(x float64) uint16 { return uint16(tcpRound16(x, 10, 5)) }\n",
	"tcpF32ToF16":  "func tcpF32ToF16(x float32) uint16 { return uint16(tcpRound16(float64(x), 10, 5)) }\n",
	"tcpF64ToBF16": "func tcpF64ToBF16(x float64) uint16 { return uint16(tcpRound16(x, 7, 8)) }\n",
	"tcpF32ToBF16": "func tcpF32ToBF16(x float32) uint16 { return uint16(tcpRound16(float64(x), 7, 8)) }\n",
	"tcpF16ToBF16": "func tcpF16ToBF16(h uint16) uint16 { return uint16(tcpRound16(tcpHalfToF64(uint64(h), 10, 5), 7, 8)) }\n",
	"tcpBF16ToF16": "func tcpBF16ToF16(h uint16) uint16 { return uint16(tcpRound16(tcpHalfToF64(uint64(h), 7, 8), 10, 5)) }\n",
	"tcpHalfToF64": `// tcpHalfToF64 decodes a 16-bit float with mant fraction and exp
// exponent bits (exact; a NaN keeps its payload).
func tcpHalfToF64(bits uint64, mant, exp uint) float64 {
	sign := bits >> (mant + exp) & 1
	e := int(bits>>mant) & (1<<exp - 1)
	m := bits & (1<<mant - 1)
	var out uint64
	switch {
	case e == 1<<exp-1: // Inf or NaN
		out = 0x7FF<<52 | m<<(52-mant)
	case e == 0 && m == 0:
		out = 0
	case e == 0: // subnormal: m * 2^(1-bias-mant)
		bias := 1<<(exp-1) - 1
		v := math.Ldexp(float64(m), 1-bias-int(mant))
		out = math.Float64bits(v)
	default:
		bias := 1<<(exp-1) - 1
		out = uint64(e-bias+1023)<<52 | m<<(52-mant)
	}
	return math.Float64frombits(sign<<63 | out)
}
`,
	"tcpRound16": `// tcpRound16 rounds f to a float with mant fraction and exp exponent
// bits: to nearest, ties to even, once; overflow gives infinity; a NaN
// keeps its sign and top payload bits and is made quiet.
func tcpRound16(f float64, mant, exp uint) uint64 {
	b := math.Float64bits(f)
	sign := b >> 63 << (mant + exp)
	e := int(b>>52) & 0x7FF
	m := b & (1<<52 - 1)
	expMask := uint64(1<<exp-1) << mant
	if e == 0x7FF {
		if m == 0 {
			return sign | expMask // Inf
		}
		quiet := uint64(1) << (mant - 1)
		return sign | expMask | quiet | m>>(52-mant)
	}
	if e == 0 {
		// Zero, or a float64 subnormal: far below the smallest subnormal
		// of any narrower format, so it rounds to zero.
		return sign
	}
	bias := 1<<(exp-1) - 1
	te := e - 1023 + bias // biased target exponent
	sig := m | 1<<52      // value = sig * 2^(e-1075)
	shift := 52 - mant
	if te < 1 { // subnormal result: fewer significant bits
		shift += uint(1 - te)
		te = 0
	}
	if shift >= 54 { // below half the smallest subnormal
		return sign
	}
	r := sig >> shift
	rem := sig & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rem > half || (rem == half && r&1 == 1) {
		r++
	}
	if te == 0 {
		// r may have carried into the implicit bit: then it encodes the
		// smallest normal (exponent field 1), which is exactly right.
		return sign | r
	}
	if r == 1<<(mant+1) {
		r >>= 1
		te++
	}
	if te >= 1<<exp-1 {
		return sign | expMask // overflow to Inf
	}
	return sign | uint64(te)<<mant | r&(1<<mant-1)
}
`,
}

// floatDeps are the helpers each conversion calls.
func floatDeps(fn string) []string {
	var d []string
	if strings.Contains(fn, "16To") {
		d = append(d, "tcpHalfToF64")
	}
	if strings.HasSuffix(fn, "F16") {
		d = append(d, "tcpRound16")
	}
	return d
}

func init() {
	for name, h := range floatHelpers {
		helpers[name] = h
	}
}
