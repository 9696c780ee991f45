package filecheck

import (
	"math/big"
	"strconv"
	"strings"
)

// Numeric variables and expressions ([[#...]] blocks), following the
// semantics of FileCheck-16: values are integers in [-2^63, 2^64-1];
// any operation whose exact result leaves that range is an overflow error.

type fmtKind int

const (
	fmtNone fmtKind = iota
	fmtUnsigned
	fmtSigned
	fmtHexUpper
	fmtHexLower
)

type exprFormat struct {
	kind      fmtKind
	precision int
	alt       bool
}

func (f exprFormat) String() string {
	switch f.kind {
	case fmtUnsigned:
		return "%u"
	case fmtSigned:
		return "%d"
	case fmtHexUpper:
		return "%X"
	case fmtHexLower:
		return "%x"
	}
	return "<none>"
}

func (f exprFormat) equal(o exprFormat) bool {
	return f.kind != fmtNone && f.kind == o.kind && f.precision == o.precision && f.alt == o.alt
}

// wildcardRegex is the (LLVM ERE) regex matching any value in format f.
func (f exprFormat) wildcardRegex() string {
	pfx := ""
	if f.alt {
		pfx = "0x"
	}
	prec := func(s string) string { return pfx + s + "{" + strconv.Itoa(f.precision) + "}" }
	switch f.kind {
	case fmtSigned:
		if f.precision > 0 {
			return prec("-?([1-9][0-9]*)?[0-9]")
		}
		return "-?[0-9]+"
	case fmtHexUpper:
		if f.precision > 0 {
			return prec("([1-9A-F][0-9A-F]*)?[0-9A-F]")
		}
		return pfx + "[0-9A-F]+"
	case fmtHexLower:
		if f.precision > 0 {
			return prec("([1-9a-f][0-9a-f]*)?[0-9a-f]")
		}
		return pfx + "[0-9a-f]+"
	default:
		if f.precision > 0 {
			return prec("([1-9][0-9]*)?[0-9]")
		}
		return "[0-9]+"
	}
}

var (
	minValue = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 63))
	maxValue = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 64), big.NewInt(1))
	maxInt64 = big.NewInt(1<<63 - 1)
)

type errOverflow struct{}

func (errOverflow) Error() string { return "overflow error" }

func inRange(v *big.Int) bool { return v.Cmp(minValue) >= 0 && v.Cmp(maxValue) <= 0 }

// matchingString renders v in format f, or fails with errOverflow.
func (f exprFormat) matchingString(v *big.Int) (string, error) {
	neg := v.Sign() < 0
	if f.kind == fmtSigned {
		if v.Cmp(maxInt64) > 0 {
			return "", errOverflow{}
		}
	} else if neg {
		return "", errOverflow{}
	}
	abs := new(big.Int).Abs(v)
	var digits string
	switch f.kind {
	case fmtHexUpper:
		digits = strings.ToUpper(abs.Text(16))
	case fmtHexLower:
		digits = abs.Text(16)
	default:
		digits = abs.Text(10)
	}
	sign := ""
	if neg {
		sign = "-"
	}
	pfx := ""
	if f.alt {
		pfx = "0x"
	}
	if f.precision > len(digits) {
		digits = strings.Repeat("0", f.precision-len(digits)) + digits
	}
	return sign + pfx + digits, nil
}

// valueFromString parses a matched numeric value. The bool reports
// "unable to represent numeric value"; the string is a secondary error.
func (f exprFormat) valueFromString(s string) (*big.Int, string) {
	const parseErr = "unable to represent numeric value"
	if f.kind == fmtSigned {
		v, ok := new(big.Int).SetString(s, 10)
		if !ok || v.Cmp(minValue) < 0 || v.Cmp(maxInt64) > 0 {
			return nil, parseErr
		}
		return v, ""
	}
	missingPrefix := false
	if f.alt {
		if strings.HasPrefix(s, "0x") {
			s = s[2:]
		} else {
			missingPrefix = true
		}
	}
	base := 10
	if f.kind == fmtHexUpper || f.kind == fmtHexLower {
		base = 16
	}
	if s == "" || s[0] == '-' || s[0] == '+' {
		return nil, parseErr
	}
	v, ok := new(big.Int).SetString(s, base)
	if !ok || v.Cmp(maxValue) > 0 {
		return nil, parseErr
	}
	if missingPrefix {
		return nil, "missing alternate form prefix"
	}
	return v, ""
}

// numVar is a numeric variable. Its definition line is that of its first
// definition (as in LLVM, redefinitions reuse the same object).
type numVar struct {
	name     string
	format   exprFormat
	defLine  int // 0 if none
	value    *big.Int
	strValue string
	strLoc   loc
	hasStr   bool
}

// exprNode is a node of a numeric expression AST.
type exprNode interface {
	eval() (*big.Int, []evalErr)
	implicitFormat() (exprFormat, *diag)
	exprStr() loc // location of the expression text, for diagnostics
}

// evalErr is an evaluation error: an undefined variable (name set) or an
// overflow.
type evalErr struct {
	undefName string
	at        loc
	overflow  bool
}

type exprLiteral struct {
	at   loc
	text string
	val  *big.Int
}

func (e *exprLiteral) eval() (*big.Int, []evalErr)         { return e.val, nil }
func (e *exprLiteral) implicitFormat() (exprFormat, *diag) { return exprFormat{}, nil }
func (e *exprLiteral) exprStr() loc                        { return e.at }

type exprVarUse struct {
	at loc
	v  *numVar
}

func (e *exprVarUse) eval() (*big.Int, []evalErr) {
	if e.v.value == nil {
		return nil, []evalErr{{undefName: e.v.name, at: e.at}}
	}
	return e.v.value, nil
}
func (e *exprVarUse) implicitFormat() (exprFormat, *diag) { return e.v.format, nil }
func (e *exprVarUse) exprStr() loc                        { return e.at }

type binopFn func(a, b *big.Int) (*big.Int, bool)

type exprBinop struct {
	at          loc
	str         string
	op          binopFn
	left, right exprNode
}

func (e *exprBinop) exprStr() loc { return e.at }

func (e *exprBinop) eval() (*big.Int, []evalErr) {
	l, le := e.left.eval()
	r, re := e.right.eval()
	if le != nil || re != nil {
		return nil, append(le, re...)
	}
	v, ok := e.op(l, r)
	if !ok || !inRange(v) {
		return nil, []evalErr{{overflow: true}}
	}
	return v, nil
}

func (e *exprBinop) implicitFormat() (exprFormat, *diag) {
	lf, ld := e.left.implicitFormat()
	rf, rd := e.right.implicitFormat()
	if ld != nil {
		return exprFormat{}, ld
	}
	if rd != nil {
		return exprFormat{}, rd
	}
	if lf.kind != fmtNone && rf.kind != fmtNone && !lf.equal(rf) {
		return exprFormat{}, &diag{at: e.at, kind: diagError, msg: "implicit format conflict between '" +
			exprText(e.left) + "' (" + lf.String() + ") and '" + exprText(e.right) + "' (" + rf.String() +
			"), need an explicit format specifier"}
	}
	if lf.kind != fmtNone {
		return lf, nil
	}
	return rf, nil
}

func exprText(n exprNode) string {
	switch e := n.(type) {
	case *exprLiteral:
		return e.text
	case *exprVarUse:
		return e.v.name
	case *exprBinop:
		return e.str
	}
	return ""
}

func opAdd(a, b *big.Int) (*big.Int, bool) { return new(big.Int).Add(a, b), true }
func opSub(a, b *big.Int) (*big.Int, bool) { return new(big.Int).Sub(a, b), true }
func opMul(a, b *big.Int) (*big.Int, bool) { return new(big.Int).Mul(a, b), true }
func opDiv(a, b *big.Int) (*big.Int, bool) {
	if b.Sign() == 0 {
		return nil, false
	}
	return new(big.Int).Quo(a, b), true
}
func opMax(a, b *big.Int) (*big.Int, bool) {
	if a.Cmp(b) < 0 {
		return b, true
	}
	return a, true
}
func opMin(a, b *big.Int) (*big.Int, bool) {
	if a.Cmp(b) < 0 {
		return a, true
	}
	return b, true
}

// expression is a parsed numeric substitution block.
type expression struct {
	ast    exprNode // nil for [[#N:]] or [[#]]
	format exprFormat
}
