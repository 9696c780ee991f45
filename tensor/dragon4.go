package tensor

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// This file prints floats the way numpy does (its Dragon4 printer, behind
// np.format_float_positional and np.format_float_scientific, after Steele
// & White and Burger & Dybvig): the shortest digits that identify
// the value among the values of its own type (f16, f32, f64), optionally
// cut off after a number of digits and rounded there, or extended to a
// minimum number of exact digits. ArrayString and ScalarString build on it.

// floatParts is a finite or special float, taken apart the way Dragon4
// wants it: value = mant × 2^exp, mantBit the index of mant's highest set
// bit, and unequal set when the gap to the next lower float is half the
// gap to the next higher one (a power of two above the smallest normal).
type floatParts struct {
	neg      bool
	inf, nan bool
	mant     uint64
	exp      int
	mantBit  int
	unequal  bool
}

// decompose takes apart the bits of a float of type dt.
func decompose(b uint64, dt DType) floatParts {
	var fracBits, expBits uint
	switch dt {
	case F16:
		fracBits, expBits = 10, 5
	case BF16:
		fracBits, expBits = 7, 8
	case F32:
		fracBits, expBits = 23, 8
	case F64:
		fracBits, expBits = 52, 11
	default:
		panic("tensor: decompose of " + dt.String())
	}
	bias := 1<<(expBits-1) - 1
	frac := b & (1<<fracBits - 1)
	e := (b >> fracBits) & (1<<expBits - 1)
	p := floatParts{neg: (b>>(fracBits+expBits))&1 == 1}
	switch {
	case e == 1<<expBits-1:
		p.inf, p.nan = frac == 0, frac != 0
	case e != 0:
		p.mant = 1<<fracBits | frac
		p.exp = int(e) - bias - int(fracBits)
		p.mantBit = int(fracBits)
		p.unequal = e != 1 && frac == 0
	default:
		p.mant = frac
		p.exp = 1 - bias - int(fracBits)
		p.mantBit = bits.Len64(frac) - 1
	}
	return p
}

// finite reports whether p is neither infinite nor NaN.
func (p floatParts) finite() bool { return !p.inf && !p.nan }

type cutoffMode int

const (
	totalLength    cutoffMode = iota // cutoffs count all significant digits
	fractionLength                   // cutoffs count digits after the point
)

// trimMode is numpy's trim argument: what to do with trailing zeros.
type trimMode int

const (
	trimNone     trimMode = iota // 'k': keep trailing zeros
	trimZeros                    // '.': trim zeros, keep the point
	leaveOneZero                 // '0': trim zeros, keep one after the point
	dptZeros                     // '-': trim zeros and the point
)

var ten = big.NewInt(10)

// dragon4 returns the decimal digits of the positive value p (unique mode:
// the shortest digits that round to p in its type, rounding to nearest at
// the last digit) and the decimal exponent of the first digit. cutoffMax
// (if >= 0) stops after that many digits, counted by mode, rounding the
// last one to nearest even; cutoffMin (if >= 0) continues the exact digits
// of the value until that many. It is numpy's Dragon4 in unique mode.
func dragon4(p floatParts, mode cutoffMode, cutoffMax, cutoffMin int) ([]byte, int) {
	if p.mant == 0 {
		return []byte{'0'}, 0
	}
	isEven := p.mant%2 == 0
	value := new(big.Int).SetUint64(p.mant)
	scale := new(big.Int)
	marginLow := new(big.Int)
	var marginHigh *big.Int // nil: equal to marginLow
	one := big.NewInt(1)
	if p.unequal {
		if p.exp > 0 {
			value.Lsh(value, uint(p.exp+2))
			scale.SetInt64(4)
			marginLow.Lsh(one, uint(p.exp))
			marginHigh = new(big.Int).Lsh(one, uint(p.exp+1))
		} else {
			value.Lsh(value, 2)
			scale.Lsh(one, uint(-p.exp+2))
			marginLow.SetInt64(1)
			marginHigh = big.NewInt(2)
		}
	} else {
		if p.exp > 0 {
			value.Lsh(value, uint(p.exp+1))
			scale.SetInt64(2)
			marginLow.Lsh(one, uint(p.exp))
		} else {
			value.Lsh(value, 1)
			scale.Lsh(one, uint(-p.exp+1))
			marginLow.SetInt64(1)
		}
	}
	setHigh := func() {
		if marginHigh != nil {
			marginHigh.Lsh(marginLow, 1)
		}
	}
	const log10of2 = 0.30102999566398119521373889472449
	digitExp := int(math.Ceil(float64(p.mantBit+p.exp)*log10of2 - 0.69))
	if cutoffMax >= 0 && mode == fractionLength && digitExp <= -cutoffMax {
		digitExp = -cutoffMax + 1
	}
	if digitExp > 0 {
		scale.Mul(scale, new(big.Int).Exp(ten, big.NewInt(int64(digitExp)), nil))
	} else if digitExp < 0 {
		pow := new(big.Int).Exp(ten, big.NewInt(int64(-digitExp)), nil)
		value.Mul(value, pow)
		marginLow.Mul(marginLow, pow)
		setHigh()
	}
	if value.Cmp(scale) >= 0 {
		digitExp++
	} else {
		value.Mul(value, ten)
		marginLow.Mul(marginLow, ten)
		setHigh()
	}
	const bufferSize = 16384 // numpy's output buffer bounds the digits
	cutoffMaxExp := digitExp - bufferSize
	if cutoffMax >= 0 {
		d := -cutoffMax
		if mode == totalLength {
			d = digitExp - cutoffMax
		}
		cutoffMaxExp = max(cutoffMaxExp, d)
	}
	cutoffMinExp := digitExp
	if cutoffMin >= 0 {
		d := -cutoffMin
		if mode == totalLength {
			d = digitExp - cutoffMin
		}
		cutoffMinExp = min(cutoffMinExp, d)
	}
	outExp := digitExp - 1

	var digits []byte
	var digit int64
	var low, high bool
	q := new(big.Int)
	valueHigh := new(big.Int)
	for {
		digitExp--
		q.QuoRem(value, scale, value)
		digit = q.Int64()
		mh := marginLow
		if marginHigh != nil {
			mh = marginHigh
		}
		valueHigh.Add(value, mh)
		c := value.Cmp(marginLow)
		low = c < 0 || (isEven && c == 0)
		c = valueHigh.Cmp(scale)
		high = c > 0 || (isEven && c == 0)
		if ((low || high) && digitExp <= cutoffMinExp) || digitExp == cutoffMaxExp {
			break
		}
		digits = append(digits, byte('0'+digit))
		value.Mul(value, ten)
		marginLow.Mul(marginLow, ten)
		setHigh()
	}
	roundDown := low
	if low == high {
		value.Lsh(value, 1)
		c := value.Cmp(scale)
		roundDown = c < 0
		if c == 0 {
			roundDown = digit&1 == 0
		}
	}
	switch {
	case roundDown:
		digits = append(digits, byte('0'+digit))
	case digit < 9:
		digits = append(digits, byte('0'+digit+1))
	default:
		for len(digits) > 0 && digits[len(digits)-1] == '9' {
			digits = digits[:len(digits)-1]
		}
		if len(digits) == 0 {
			digits = append(digits, '1')
			outExp++
		} else {
			digits[len(digits)-1]++
		}
	}
	return digits, outExp
}

// formatPositional is numpy's dragon4_positional (fractional=True,
// unique=True, sign=False) for a finite value: precision and minDigits
// count digits after the point (-1: none), padLeft and padRight (-1: none)
// pad the integer and fraction parts with spaces.
func formatPositional(p floatParts, precision, minDigits int, trim trimMode, padLeft, padRight int) string {
	var b []byte
	hasSign := 0
	if p.neg {
		b = append(b, '-')
		hasSign = 1
	}
	digits, pe := dragon4(p, fractionLength, precision, minDigits)
	numWhole, numFrac := 0, 0
	if pe >= 0 {
		numWhole = pe + 1
		if len(digits) <= numWhole {
			b = append(b, digits...)
			b = append(b, strings.Repeat("0", numWhole-len(digits))...)
		} else {
			numFrac = len(digits) - numWhole
			b = append(b, digits[:numWhole]...)
			b = append(b, '.')
			b = append(b, digits[numWhole:]...)
		}
	} else {
		zeros := -(pe + 1)
		b = append(b, "0."...)
		b = append(b, strings.Repeat("0", zeros)...)
		b = append(b, digits...)
		numFrac = len(digits) + zeros
		numWhole = 1
	}
	if trim != dptZeros && numFrac == 0 {
		b = append(b, '.')
	}
	want := max(minDigits, 0)
	if trim == leaveOneZero {
		if numFrac == 0 {
			b = append(b, '0')
			numFrac++
		}
	} else if trim == trimNone && want > numFrac {
		b = append(b, strings.Repeat("0", want-numFrac)...)
		numFrac = want
	}
	if trim != trimNone && numFrac > 0 {
		for b[len(b)-1] == '0' {
			b = b[:len(b)-1]
			numFrac--
		}
		if b[len(b)-1] == '.' {
			switch trim {
			case leaveOneZero:
				b = append(b, '0')
				numFrac++
			case dptZeros:
				b = b[:len(b)-1]
			}
		}
	}
	if padRight >= numFrac {
		if trim == dptZeros && numFrac == 0 {
			b = append(b, ' ')
		}
		b = append(b, strings.Repeat(" ", padRight-numFrac)...)
	}
	s := string(b)
	if padLeft > numWhole+hasSign {
		s = strings.Repeat(" ", padLeft-numWhole-hasSign) + s
	}
	return s
}

// formatScientific is numpy's dragon4_scientific (unique=True,
// sign=False) for a finite value: precision and minDigits count digits
// after the point (-1: none), padLeft pads before the first digit and
// sign, expDigits is the least number of exponent digits (-1: 2).
func formatScientific(p floatParts, precision, minDigits int, trim trimMode, padLeft, expDigits int) string {
	var b []byte
	leftChars := 1
	if p.neg {
		leftChars++
	}
	if padLeft > leftChars {
		b = append(b, strings.Repeat(" ", padLeft-leftChars)...)
	}
	if p.neg {
		b = append(b, '-')
	}
	cmax, cmin := -1, -1
	if precision >= 0 {
		cmax = precision + 1
	}
	if minDigits >= 0 {
		cmin = minDigits + 1
	}
	digits, pe := dragon4(p, totalLength, cmax, cmin)
	b = append(b, digits[0])
	numFrac := len(digits) - 1
	if numFrac > 0 {
		b = append(b, '.')
		b = append(b, digits[1:]...)
	}
	if trim != dptZeros && numFrac == 0 {
		b = append(b, '.')
	}
	want := max(minDigits, 0)
	if trim == leaveOneZero {
		if numFrac == 0 {
			b = append(b, '0')
			numFrac++
		}
	} else if trim == trimNone && want > numFrac {
		b = append(b, strings.Repeat("0", want-numFrac)...)
		numFrac = want
	}
	if trim != trimNone && numFrac > 0 {
		for b[len(b)-1] == '0' {
			b = b[:len(b)-1]
			numFrac--
		}
		if trim == leaveOneZero && b[len(b)-1] == '.' {
			b = append(b, '0')
		}
	}
	if expDigits < 0 {
		expDigits = 2
	}
	expDigits = min(expDigits, 5)
	b = append(b, 'e')
	if pe >= 0 {
		b = append(b, '+')
	} else {
		b = append(b, '-')
		pe = -pe
	}
	e := strconv.Itoa(pe)
	if len(e) < expDigits {
		e = strings.Repeat("0", expDigits-len(e)) + e
	}
	return string(append(b, e...))
}
