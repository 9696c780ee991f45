package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

func init() {
	m := map[string]kernelFunc{}
	for _, n := range []string{dml.AddName, dml.SubtractName, dml.MultiplyName, dml.MaxName, dml.ModulusTruncateName,
		dml.BitAndName, dml.BitOrName, dml.EqualsName, dml.LessThanName, dml.GreaterThanName, dml.LessOrEqualName,
		dml.GreaterOrEqualName, dml.LogicalAndName, dml.LogicalOrName} {
		m[n] = runDMLBinary
	}
	m[dml.LogicalNotName] = runDMLLogicalNot
	m[dml.IfName] = runDMLIf
	register(m)
}

// dmlSigned reports whether DirectML reads t's elements as signed values
// (the INTn data types of tcp's signless and signed integers).
func dmlSigned(t *tensor.Tensor) bool {
	return !t.DType.IsFloat() && !t.DType.IsUnsigned() && t.DType != tensor.I1
}

// runDMLBinary computes the two-input elementwise ops of
// dialect/dml/elementwise.go through both views. Integer results wrap at
// the width (the low bits are stored), like arith's addi, subi and muli;
// comparisons read signed data types as signed and unsigned ones (and i1
// as UINT8) as unsigned, giving 0 or 1; a zero divisor of
// modulus_truncate is an error (DirectML does not define the result).
func runDMLBinary(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 2)
	if err != nil {
		return nil, err
	}
	a, b := v[0], v[1]
	var out *tensor.Tensor
	name := op.Name()
	compare := name == dml.EqualsName || name == dml.LessThanName || name == dml.GreaterThanName ||
		name == dml.LessOrEqualName || name == dml.GreaterOrEqualName || name == dml.LogicalAndName || name == dml.LogicalOrName
	if compare {
		if out, err = tensor.New(tensor.I1, a.Shape); err != nil {
			return nil, err
		}
	} else {
		out = a.Clone()
	}
	for i := 0; i < int(out.NumElements()); i++ {
		if compare {
			var c int
			switch {
			case a.DType.IsFloat():
				c = cmpFloat(a.Float64At(i), b.Float64At(i))
			case dmlSigned(a):
				c = dmlCmp(a.Int64At(i), b.Int64At(i))
			default:
				c = dmlCmp(a.Bits(i), b.Bits(i))
			}
			r := false
			switch name {
			case dml.EqualsName:
				r = c == 0
			case dml.LessThanName:
				r = c < 0
			case dml.GreaterThanName:
				r = c > 0 && c != 2 // 2: a NaN operand, for which HLSL's comparisons are false
			case dml.LessOrEqualName:
				r = c <= 0
			case dml.GreaterOrEqualName:
				r = c >= 0 && c != 2
			case dml.LogicalAndName:
				r = a.Bits(i) != 0 && b.Bits(i) != 0
			case dml.LogicalOrName:
				r = a.Bits(i) != 0 || b.Bits(i) != 0
			}
			if r {
				out.SetBits(i, 1)
			}
			continue
		}
		if a.DType.IsFloat() {
			av, bv := a.Float64At(i), b.Float64At(i)
			var r float64
			switch name {
			case dml.AddName:
				r = av + bv
			case dml.SubtractName:
				r = av - bv
			case dml.MultiplyName:
				r = av * bv
			case dml.MaxName:
				r = math.Max(av, bv)
			case dml.ModulusTruncateName:
				r = math.Mod(av, bv)
			default:
				return nil, fmt.Errorf("%s needs integer data, got %s", name, a.DType)
			}
			out.SetFloat64(i, r)
			continue
		}
		ua, ub := a.Bits(i), b.Bits(i)
		sa, sb := a.Int64At(i), b.Int64At(i)
		var r uint64
		switch name {
		case dml.AddName:
			r = ua + ub
		case dml.SubtractName:
			r = ua - ub
		case dml.MultiplyName:
			r = ua * ub
		case dml.BitAndName:
			r = ua & ub
		case dml.BitOrName:
			r = ua | ub
		case dml.MaxName:
			if dmlSigned(a) {
				r = uint64(max(sa, sb))
			} else {
				r = max(ua, ub)
			}
		case dml.ModulusTruncateName:
			if ub == 0 {
				return nil, fmt.Errorf("%s by zero at element %d", name, i)
			}
			if dmlSigned(a) {
				r = uint64(sa % sb) // Go's % truncates; x % -1 is 0
			} else {
				r = ua % ub
			}
		}
		out.SetBits(i, r)
	}
	return asResult(op, out)
}

func dmlCmp[T int64 | uint64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// cmpFloat orders floats; NaN compares unequal to everything (2).
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	case a == b:
		return 0
	}
	return 2
}

func runDMLLogicalNot(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 1)
	if err != nil {
		return nil, err
	}
	out, err := tensor.New(tensor.I1, v[0].Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(out.NumElements()); i++ {
		if v[0].Bits(i) == 0 {
			out.SetBits(i, 1)
		}
	}
	return asResult(op, out)
}

func runDMLIf(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	v, err := dmlViews(x, op, args, 3)
	if err != nil {
		return nil, err
	}
	c, a, b := v[0], v[1], v[2]
	out := a.Clone()
	for i := 0; i < int(out.NumElements()); i++ {
		if c.Bits(i) == 0 {
			out.SetBits(i, b.Bits(i))
		}
	}
	return asResult(op, out)
}
