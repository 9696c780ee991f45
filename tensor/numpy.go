package tensor

import (
	"math"
	"strconv"
	"strings"
)

// PrintOptions are numpy's print options that ArrayString honours. The zero
// value of each field means numpy's default (np.get_printoptions()).
type PrintOptions struct {
	// Threshold: arrays with more elements than this are summarized, with
	// "..." standing for the middle of every dim longer than 2*EdgeItems.
	// Default 1000.
	Threshold int64
	// EdgeItems is how many items a summarized dim keeps at each end.
	// Default 3.
	EdgeItems int64
	// LineWidth is the width at which rows wrap. Default 75.
	LineWidth int
}

func (o PrintOptions) withDefaults() PrintOptions {
	if o.Threshold <= 0 {
		o.Threshold = 1000
	}
	if o.EdgeItems <= 0 {
		o.EdgeItems = 3
	}
	if o.LineWidth <= 0 {
		o.LineWidth = 75
	}
	return o
}

// numpyPrecision is numpy's default print precision: at most 8 digits
// after the point.
const numpyPrecision = 8

// ArrayString prints t exactly as numpy's np.array2string(a) does with
// the default print options of numpy 2.3 and later, a being t as a numpy
// array (i1 as bool, index as int64, bf16 as ml_dtypes.bfloat16):
//
//	[[ 0.  1.  2.  3.]
//	 [ 8.  9. 10. 11.]]
//
// That is numpy's str(a) for every array except 0-d ones, which
// array2string prints with the array formatter ("1." where str gives
// "1.0"). The rules, all numpy's:
//
//   - Nested brackets, elements separated by a space, rows by a newline
//     and each further dim by one more blank line; a row longer than 75
//     characters wraps with a one-space hanging indent per level.
//   - Arrays of more than 1000 elements are summarized: every dim longer
//     than 6 shows its first 3 and last 3 items around "...", and the
//     widths below are computed from the shown elements only.
//   - Integers print in decimal, right-aligned to the widest; booleans as
//     " True" and "False" (a 0-d one as "True").
//   - f16, f32 and f64 print with the fewest digits that identify the value
//     among the values of its type, at most 8 digits after the point. If
//     every finite non-zero magnitude is in [1e-4, C), C being 1e3 for f16,
//     1e6 for f32 and 1e8 for f64, and the largest is at most 1000 times
//     the smallest (all compared in the element type), the
//     values print positionally, integer parts right-aligned and fractions
//     left-aligned ("1.5 ", "10.25"), an integral value with a bare point
//     ("3."); otherwise all print in scientific notation with the same
//     number of fraction digits and exponent digits ("1.5e-05"). nan, inf
//     and -inf are right-aligned to the same width.
//   - bf16 (which numpy itself lacks) prints as numpy with ml_dtypes
//     prints it: each element as C++ iostream prints the float value (6
//     significant digits, "%g"), with no alignment; nan has no sign.
//   - An array with no elements prints as "[]".
//
// numpy before 2.3 differs in two places: it switched f16 and f32 arrays
// to scientific notation only from 1e8 (and scalars from 1e16), and before
// 2.0 it compared the smallest magnitude with 1e-4 in float64, so an f32
// array holding float32(1e-4) printed in scientific notation.
//
// A tensor that fails Validate prints as <invalid tensor: …>.
func ArrayString(t *Tensor) string { return PrintOptions{}.ArrayString(t) }

// ArrayString is the package-level ArrayString with options o.
func (o PrintOptions) ArrayString(t *Tensor) string {
	if err := t.Validate(); err != nil {
		return "<invalid tensor: " + err.Error() + ">"
	}
	o = o.withDefaults()
	n := t.NumElements()
	if n == 0 {
		return "[]"
	}
	summarize := n > o.Threshold
	format := newElementFormat(t, shownElements(t.Shape, summarize, o.EdgeItems), len(t.Shape) == 0)
	strides := t.Strides()
	rank := len(t.Shape)

	var rec func(off int64, axis int, hanging string, width int) string
	rec = func(off int64, axis int, hanging string, width int) string {
		if axis == rank {
			return format(int(off))
		}
		nextHanging := hanging + " "
		nextWidth := width - 1 // len("]")
		aLen := t.Shape[axis]
		elem := func(i int64) int64 { return off + i*strides[axis] }
		lead, trail := int64(0), aLen
		show := summarize && 2*o.EdgeItems < aLen
		if show {
			lead, trail = o.EdgeItems, o.EdgeItems
		}
		var s strings.Builder
		if rank-axis == 1 {
			// separator ' ' stripped is "", so the element width leaves
			// room for len("]").
			elemWidth := width - 1
			line := hanging
			add := func(word string) {
				if len(line)+len(word) > elemWidth && len(line) > len(hanging) {
					s.WriteString(strings.TrimRight(line, " "))
					s.WriteByte('\n')
					line = hanging
				}
				line += word
			}
			for i := int64(0); i < lead; i++ {
				add(rec(elem(i), axis+1, nextHanging, nextWidth))
				line += " "
			}
			if show {
				add("...")
				line += " "
			}
			for i := trail; i > 1; i-- {
				add(rec(elem(aLen-i), axis+1, nextHanging, nextWidth))
				line += " "
			}
			add(rec(elem(aLen-1), axis+1, nextHanging, nextWidth))
			s.WriteString(line)
		} else {
			lineSep := strings.Repeat("\n", rank-axis-1)
			for i := int64(0); i < lead; i++ {
				s.WriteString(hanging + rec(elem(i), axis+1, nextHanging, nextWidth) + lineSep)
			}
			if show {
				s.WriteString(hanging + "..." + lineSep)
			}
			for i := trail; i > 1; i-- {
				s.WriteString(hanging + rec(elem(aLen-i), axis+1, nextHanging, nextWidth) + lineSep)
			}
			s.WriteString(hanging + rec(elem(aLen-1), axis+1, nextHanging, nextWidth))
		}
		return "[" + s.String()[len(hanging):] + "]"
	}
	return rec(0, 0, " ", o.LineWidth)
}

// shownElements returns the flat indices of the elements a print shows:
// all of them, or for a summarized array those whose every coordinate is
// within edge items of either end of a dim longer than 2*edge.
func shownElements(shape []int64, summarize bool, edge int64) []int64 {
	idx := []int64{0}
	strides := Strides(shape)
	for d, n := range shape {
		var keep []int64
		if summarize && n > 2*edge {
			for i := int64(0); i < edge; i++ {
				keep = append(keep, i)
			}
			for i := n - edge; i < n; i++ {
				keep = append(keep, i)
			}
		} else {
			for i := int64(0); i < n; i++ {
				keep = append(keep, i)
			}
		}
		next := make([]int64, 0, len(idx)*len(keep))
		for _, base := range idx {
			for _, k := range keep {
				next = append(next, base+k*strides[d])
			}
		}
		idx = next
	}
	return idx
}

// newElementFormat returns numpy's format function for t's dtype, fitted
// (widths, notation) to the shown elements.
func newElementFormat(t *Tensor, shown []int64, zeroD bool) func(i int) string {
	switch {
	case t.DType == I1:
		trueStr := " True"
		if zeroD {
			trueStr = "True"
		}
		return func(i int) string {
			if t.Data[i] != 0 {
				return trueStr
			}
			return "False"
		}
	case t.DType == BF16:
		return func(i int) string { return bf16String(t.Bits(i)) }
	case t.DType.IsFloat():
		return newFloatFormat(t, shown)
	case t.DType.IsUnsigned():
		width := 0
		for _, i := range shown {
			width = max(width, len(strconv.FormatUint(t.Bits(int(i)), 10)))
		}
		return func(i int) string { return padLeft(strconv.FormatUint(t.Bits(i), 10), width) }
	default:
		width := 0
		for _, i := range shown {
			width = max(width, len(strconv.FormatInt(t.Int64At(int(i)), 10)))
		}
		return func(i int) string { return padLeft(strconv.FormatInt(t.Int64At(i), 10), width) }
	}
}

func padLeft(s string, width int) string {
	if len(s) >= width {
		return s
	}
	return strings.Repeat(" ", width-len(s)) + s
}

// bf16String prints a bfloat16 the way ml_dtypes' repr does: the float
// value through a C++ ostream (6 significant digits, like %g), nan
// without a sign.
func bf16String(b uint64) string {
	f := BF16ToFloat64(uint16(b))
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'g', 6, 64)
}

// expCutoff is the magnitude from which numpy prints an array of dt in
// scientific notation: 10**min(8, np.finfo(dt).precision).
func expCutoff(dt DType) float64 {
	switch dt {
	case F16:
		return 1e3
	case F32:
		return 1e6
	}
	return 1e8
}

// scalarExpCutoff is the magnitude from which numpy's str prints a scalar
// of dt in scientific notation.
func scalarExpCutoff(dt DType) float64 {
	switch dt {
	case F16:
		return 1e3
	case F32:
		return 1e6
	}
	return 1e16
}

// roundTo rounds v to the float type dt and back.
func roundTo(v float64, dt DType) float64 {
	switch dt {
	case F16:
		return F16ToFloat64(Float64ToF16(v))
	case F32:
		return float64(float32(v))
	}
	return v
}

// quotient computes a/b the way numpy computes it for scalars of type dt:
// f16 through float32, f32 in float32, f64 in float64.
func quotient(a, b float64, dt DType) float64 {
	switch dt {
	case F16:
		return roundTo(float64(float32(a)/float32(b)), F16)
	case F32:
		return float64(float32(a) / float32(b))
	}
	return a / b
}

// newFloatFormat is numpy's FloatingFormat (precision 8, floatmode
// 'maxprec', sign '-', suppress False) fitted to the shown elements.
func newFloatFormat(t *Tensor, shown []int64) func(i int) string {
	dt := t.DType
	var finite []floatParts
	var maxAbs, minAbs float64
	haveNonZero, nonFinite, negInf := false, false, false
	for _, i := range shown {
		p := decompose(t.Bits(int(i)), dt)
		if !p.finite() {
			nonFinite = true
			negInf = negInf || (p.inf && p.neg)
			continue
		}
		finite = append(finite, p)
		if p.mant == 0 {
			continue
		}
		a := math.Abs(t.Float64At(int(i)))
		if !haveNonZero {
			maxAbs, minAbs, haveNonZero = a, a, true
		}
		maxAbs, minAbs = max(maxAbs, a), min(minAbs, a)
	}
	// The comparisons are numpy's, made in the element type: max_val >=
	// 10**min(8, finfo.precision) (1e3 for f16, 1e6 for f32, 1e8 for f64)
	// or min_val < 0.0001 or max_val/min_val > 1000.
	exp := haveNonZero && (maxAbs >= expCutoff(dt) || minAbs < roundTo(1e-4, dt) || quotient(maxAbs, minAbs, dt) > 1000)

	padL, padR := 0, 0
	precision, minDigits, expSize := numpyPrecision, -1, -1
	trim := trimZeros
	switch {
	case len(finite) == 0:
	case exp:
		for _, p := range finite {
			s := formatScientific(p, numpyPrecision, -1, trimZeros, -1, -1)
			mant, e, _ := strings.Cut(s, "e")
			ip, fp, _ := strings.Cut(mant, ".")
			expSize = max(expSize, len(e)-1)
			padL = max(padL, len(ip))
			padR = max(padR, len(fp)) // the fraction digits, for now
		}
		precision, minDigits, trim = padR, padR, trimNone
		padR = expSize + 2 + precision
	default:
		for _, p := range finite {
			s := formatPositional(p, numpyPrecision, -1, trimZeros, -1, -1)
			ip, fp, _ := strings.Cut(s, ".")
			padL = max(padL, len(ip))
			padR = max(padR, len(fp))
		}
		minDigits = 0
	}
	if nonFinite {
		infLen := 3
		if negInf {
			infLen++
		}
		padL = max(padL, 3-(padR+1), infLen-(padR+1))
	}
	return func(i int) string {
		p := decompose(t.Bits(i), dt)
		switch {
		case p.nan:
			return padLeft("nan", padL+padR+1)
		case p.inf && p.neg:
			return padLeft("-inf", padL+padR+1)
		case p.inf:
			return padLeft("inf", padL+padR+1)
		case exp:
			return formatScientific(p, precision, minDigits, trim, padL, expSize)
		}
		return formatPositional(p, precision, minDigits, trim, padL, padR)
	}
}

// ScalarString prints element i of t as numpy's str() prints that element
// as a scalar: integers in decimal, True/False, and floats with the fewest
// digits that identify the value in its type: positionally with at least
// one fraction digit ("3.0", "0.1") when the magnitude is 0 or in [1e-4,
// C) with C = 1e3 for f16, 1e6 for f32 and 1e16 for f64, else in
// scientific notation ("1e-05", "1.5e+06"); "nan", "inf", "-inf". bf16
// prints as ml_dtypes does (see ArrayString).
func ScalarString(t *Tensor, i int) string {
	switch {
	case t.DType == I1:
		if t.Data[i] != 0 {
			return "True"
		}
		return "False"
	case t.DType.IsUnsigned():
		return strconv.FormatUint(t.Bits(i), 10)
	case t.DType == BF16:
		return bf16String(t.Bits(i))
	case t.DType.IsFloat():
		p := decompose(t.Bits(i), t.DType)
		switch {
		case p.nan:
			return "nan"
		case p.inf && p.neg:
			return "-inf"
		case p.inf:
			return "inf"
		}
		a := math.Abs(t.Float64At(i))
		if a == 0 || (a >= 1e-4 && a < scalarExpCutoff(t.DType)) {
			return formatPositional(p, -1, -1, leaveOneZero, -1, -1)
		}
		return formatScientific(p, -1, -1, dptZeros, -1, -1)
	}
	return strconv.FormatInt(t.Int64At(i), 10)
}
