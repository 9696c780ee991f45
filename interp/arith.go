package interp

import (
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The arith dialect, with MLIR's semantics. Every op is elementwise: it
// applies to scalars (0-d values) and to tensors of equal shape alike.
// Integers are two's complement at the operand width (i1 included);
// signless values are read as signed or unsigned as the op says. Float ops
// compute exactly in float64 and round once to the result type.
//
// Where MLIR makes a result undefined (poison or undefined behaviour), the
// interpreter reports a runtime error instead: division by zero, signed
// division overflow (MIN / -1), and fptosi/fptoui of NaN or of a value out
// of the result range.

func init() {
	ks := map[string]kernelFunc{
		"arith.constant":     runArithConstant,
		"arith.select":       runSelect,
		"arith.cmpi":         runCmpI,
		"arith.cmpf":         runCmpF,
		"arith.index_cast":   castInt(true),
		"arith.extsi":        castInt(true),
		"arith.trunci":       castInt(true),
		"arith.extui":        castInt(false),
		"arith.index_castui": castInt(false),
		"arith.sitofp":       intToFloat(true),
		"arith.uitofp":       intToFloat(false),
		"arith.fptosi":       floatToInt(true),
		"arith.fptoui":       floatToInt(false),
		"arith.extf":         floatToFloat,
		"arith.truncf":       floatToFloat,
		"arith.bitcast":      runBitcast,
		"arith.negf":         floatUnary(func(a float64) float64 { return -a }),
	}
	for name, f := range intBinaryOps {
		ks[name] = intBinary(f)
	}
	for name, f := range floatBinaryOps {
		ks[name] = floatBinary(f)
	}
	register(ks)
}

func runArithConstant(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	a := op.Attr("value")
	if d, ok := a.(*ir.DenseElementsAttr); ok && d.Type != nil && d.Type.HasStaticShape() {
		if dt, err := DType(d.Type.Elem()); err == nil {
			if err := x.checkSize(dt, d.Type.Shape()); err != nil {
				return nil, err
			}
		}
	}
	return one(FromAttr(a))
}

// sameShapes checks that elementwise operands have one shape.
func sameShapes(args []*tensor.Tensor) error {
	for _, a := range args[1:] {
		if !slices.Equal(a.Shape, args[0].Shape) {
			return fmt.Errorf("operands have different shapes at run time: %s and %s", tensor.ShapeString(args[0].Shape), tensor.ShapeString(a.Shape))
		}
	}
	return nil
}

// newLike allocates the result of an elementwise op: op's result element
// type, the shape of like.
func newLike(x *execState, op *ir.Operation, like *tensor.Tensor) (*tensor.Tensor, error) {
	dt, err := resultDType(op, 0)
	if err != nil {
		return nil, err
	}
	return x.alloc(dt, like.Shape)
}

// intOf reads element i of an integer or index tensor: its signed value
// and its zero-extended bits, at the element width.
func intOf(t *tensor.Tensor, i int) (s int64, u uint64) {
	w := t.DType.Bits()
	b := t.Bits(i)
	return sext(b, w), zext(b, w)
}

// intBinaryFunc computes one element: a and b as signed, ua and ub as
// unsigned, w the width. The result's low w bits are stored.
type intBinaryFunc func(a, b int64, ua, ub uint64, w int) (int64, error)

var errDivZero = fmt.Errorf("division by zero")

func minSigned(w int) int64 { return math.MinInt64 >> uint(64-w) }

var intBinaryOps = map[string]intBinaryFunc{
	"arith.addi": func(a, b int64, _, _ uint64, _ int) (int64, error) { return a + b, nil },
	"arith.subi": func(a, b int64, _, _ uint64, _ int) (int64, error) { return a - b, nil },
	"arith.muli": func(a, b int64, _, _ uint64, _ int) (int64, error) { return a * b, nil },
	"arith.andi": func(a, b int64, _, _ uint64, _ int) (int64, error) { return a & b, nil },
	"arith.ori":  func(a, b int64, _, _ uint64, _ int) (int64, error) { return a | b, nil },
	"arith.xori": func(a, b int64, _, _ uint64, _ int) (int64, error) { return a ^ b, nil },
	"arith.divsi": func(a, b int64, _, _ uint64, w int) (int64, error) {
		if b == 0 {
			return 0, errDivZero
		}
		if b == -1 && a == minSigned(w) {
			return 0, fmt.Errorf("signed division overflow: %d / -1", a)
		}
		return a / b, nil
	},
	"arith.divui": func(_, _ int64, a, b uint64, _ int) (int64, error) {
		if b == 0 {
			return 0, errDivZero
		}
		return int64(a / b), nil
	},
	"arith.remsi": func(a, b int64, _, _ uint64, _ int) (int64, error) {
		if b == 0 {
			return 0, errDivZero
		}
		if b == -1 {
			return 0, nil
		}
		return a % b, nil
	},
	"arith.remui": func(_, _ int64, a, b uint64, _ int) (int64, error) {
		if b == 0 {
			return 0, errDivZero
		}
		return int64(a % b), nil
	},
	"arith.floordivsi": func(a, b int64, _, _ uint64, w int) (int64, error) {
		if b == 0 {
			return 0, errDivZero
		}
		if b == -1 && a == minSigned(w) {
			return 0, fmt.Errorf("signed division overflow: %d / -1", a)
		}
		q := a / b
		if a%b != 0 && (a < 0) != (b < 0) {
			q--
		}
		return q, nil
	},
	"arith.ceildivsi": func(a, b int64, _, _ uint64, w int) (int64, error) {
		if b == 0 {
			return 0, errDivZero
		}
		if b == -1 && a == minSigned(w) {
			return 0, fmt.Errorf("signed division overflow: %d / -1", a)
		}
		q := a / b
		if a%b != 0 && (a < 0) == (b < 0) {
			q++
		}
		return q, nil
	},
	"arith.ceildivui": func(_, _ int64, a, b uint64, _ int) (int64, error) {
		if b == 0 {
			return 0, errDivZero
		}
		q := a / b
		if a%b != 0 {
			q++
		}
		return int64(q), nil
	},
	"arith.maxsi": func(a, b int64, _, _ uint64, _ int) (int64, error) { return max(a, b), nil },
	"arith.minsi": func(a, b int64, _, _ uint64, _ int) (int64, error) { return min(a, b), nil },
	"arith.maxui": func(_, _ int64, a, b uint64, _ int) (int64, error) { return int64(max(a, b)), nil },
	"arith.minui": func(_, _ int64, a, b uint64, _ int) (int64, error) { return int64(min(a, b)), nil },
	"arith.shli": func(a, _ int64, _, b uint64, w int) (int64, error) {
		if b >= uint64(w) {
			return 0, fmt.Errorf("shift amount %d is not less than the bit width %d", b, w)
		}
		return a << b, nil
	},
	"arith.shrsi": func(a, _ int64, _, b uint64, w int) (int64, error) {
		if b >= uint64(w) {
			return 0, fmt.Errorf("shift amount %d is not less than the bit width %d", b, w)
		}
		return a >> b, nil
	},
	"arith.shrui": func(_, _ int64, a, b uint64, w int) (int64, error) {
		if b >= uint64(w) {
			return 0, fmt.Errorf("shift amount %d is not less than the bit width %d", b, w)
		}
		return int64(a >> b), nil
	},
}

func intBinary(f intBinaryFunc) kernelFunc {
	return func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
		if err := nargs(args, 2); err != nil {
			return nil, err
		}
		if err := sameShapes(args); err != nil {
			return nil, err
		}
		a, b := args[0], args[1]
		if !a.DType.IsInt() || a.DType != b.DType {
			return nil, fmt.Errorf("expects integer operands of one type, got %s and %s", a.DType, b.DType)
		}
		out, err := newLike(x, op, a)
		if err != nil {
			return nil, err
		}
		w := a.DType.Bits()
		for i := 0; i < int(a.NumElements()); i++ {
			sa, ua := intOf(a, i)
			sb, ub := intOf(b, i)
			v, err := f(sa, sb, ua, ub, w)
			if err != nil {
				return nil, elemErr(err, i, a.Shape)
			}
			setInt(out, i, v)
		}
		return []*tensor.Tensor{out}, nil
	}
}

// elemErr names the element of a tensor operand where err happened.
func elemErr(err error, i int, shape []int64) error {
	if len(shape) == 0 {
		return err
	}
	return fmt.Errorf("%v (at element %s)", err, tensor.ShapeString(tensor.Unravel(int64(i), shape)))
}

var floatBinaryOps = map[string]func(a, b float64) float64{
	"arith.addf": func(a, b float64) float64 {
		if a != a || b != b {
			return nanOf(a, b)
		}
		return a + b
	},
	"arith.subf": func(a, b float64) float64 {
		if a != a || b != b {
			return nanOf(a, b)
		}
		return a - b
	},
	"arith.mulf": func(a, b float64) float64 {
		if a != a || b != b {
			return nanOf(a, b)
		}
		return a * b
	},
	"arith.divf": func(a, b float64) float64 {
		if a != a || b != b {
			return nanOf(a, b)
		}
		return a / b
	},
	"arith.remf": math.Mod,
	"arith.maxf": func(a, b float64) float64 {
		if math.IsNaN(a) || math.IsNaN(b) {
			return math.NaN()
		}
		return math.Max(a, b)
	},
	"arith.minf": func(a, b float64) float64 {
		if math.IsNaN(a) || math.IsNaN(b) {
			return math.NaN()
		}
		return math.Min(a, b)
	},
}

// nanOf is the result of addf, subf, mulf and divf with a NaN operand:
// the first NaN operand, made quiet (sign and payload kept). Hardware
// propagates one of two NaN operands, but which one depends on the order
// the compiler gives a commutative instruction its operands; this rule
// does not, so generated code can reproduce it bit for bit.
func nanOf(a, b float64) float64 {
	if a != a {
		return a + a
	}
	return b + b
}

// floatBinary applies f in float64. For +, -, *, / of f32, f16 and bf16
// operands this rounds exactly like native arithmetic of the type: float64
// has more than twice their precision plus two bits, so rounding twice is
// innocuous.
func floatBinary(f func(a, b float64) float64) kernelFunc {
	return func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
		if err := nargs(args, 2); err != nil {
			return nil, err
		}
		if err := sameShapes(args); err != nil {
			return nil, err
		}
		a, b := args[0], args[1]
		if !a.DType.IsFloat() || a.DType != b.DType {
			return nil, fmt.Errorf("expects float operands of one type, got %s and %s", a.DType, b.DType)
		}
		out, err := newLike(x, op, a)
		if err != nil {
			return nil, err
		}
		for i := 0; i < int(a.NumElements()); i++ {
			out.SetFloat64(i, f(a.Float64At(i), b.Float64At(i)))
		}
		return []*tensor.Tensor{out}, nil
	}
}

func floatUnary(f func(a float64) float64) kernelFunc {
	return func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
		if err := nargs(args, 1); err != nil {
			return nil, err
		}
		a := args[0]
		if !a.DType.IsFloat() {
			return nil, fmt.Errorf("expects a float operand, got %s", a.DType)
		}
		out, err := newLike(x, op, a)
		if err != nil {
			return nil, err
		}
		for i := 0; i < int(a.NumElements()); i++ {
			out.SetFloat64(i, f(a.Float64At(i)))
		}
		return []*tensor.Tensor{out}, nil
	}
}

// MLIR's arith.cmpi predicates (arith::CmpIPredicate).
var cmpiPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

func predicate(op *ir.Operation, names []string) (int, error) {
	switch a := op.Attr("predicate").(type) {
	case ir.IntegerAttr:
		if a.Value >= 0 && a.Value < int64(len(names)) {
			return int(a.Value), nil
		}
	case ir.StringAttr:
		for i, n := range names {
			if n == string(a) {
				return i, nil
			}
		}
	case ir.OpaqueAttr:
		for i, n := range names {
			if a.Text == n || a.Text == "#arith<cmpi "+n+">" || a.Text == "#arith<cmpf "+n+">" {
				return i, nil
			}
		}
	}
	return 0, fmt.Errorf("unknown predicate %v", op.Attr("predicate"))
}

// newBool allocates an i1 result shaped like like.
func newBool(x *execState, like *tensor.Tensor) (*tensor.Tensor, error) {
	return x.alloc(tensor.I1, like.Shape)
}

func runCmpI(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	if err := sameShapes(args); err != nil {
		return nil, err
	}
	p, err := predicate(op, cmpiPredicates)
	if err != nil {
		return nil, err
	}
	a, b := args[0], args[1]
	if !a.DType.IsInt() || a.DType != b.DType {
		return nil, fmt.Errorf("expects integer operands of one type, got %s and %s", a.DType, b.DType)
	}
	out, err := newBool(x, a)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(a.NumElements()); i++ {
		sa, ua := intOf(a, i)
		sb, ub := intOf(b, i)
		var r bool
		switch cmpiPredicates[p] {
		case "eq":
			r = ua == ub
		case "ne":
			r = ua != ub
		case "slt":
			r = sa < sb
		case "sle":
			r = sa <= sb
		case "sgt":
			r = sa > sb
		case "sge":
			r = sa >= sb
		case "ult":
			r = ua < ub
		case "ule":
			r = ua <= ub
		case "ugt":
			r = ua > ub
		case "uge":
			r = ua >= ub
		}
		if r {
			out.Data[i] = 1
		}
	}
	return []*tensor.Tensor{out}, nil
}

// MLIR's arith.cmpf predicates (arith::CmpFPredicate).
var cmpfPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

func runCmpF(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	if err := sameShapes(args); err != nil {
		return nil, err
	}
	p, err := predicate(op, cmpfPredicates)
	if err != nil {
		return nil, err
	}
	a, b := args[0], args[1]
	if !a.DType.IsFloat() || a.DType != b.DType {
		return nil, fmt.Errorf("expects float operands of one type, got %s and %s", a.DType, b.DType)
	}
	out, err := newBool(x, a)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(a.NumElements()); i++ {
		fa, fb := a.Float64At(i), b.Float64At(i)
		uno := math.IsNaN(fa) || math.IsNaN(fb)
		var r bool
		switch name := cmpfPredicates[p]; name {
		case "false":
		case "true":
			r = true
		case "ord":
			r = !uno
		case "uno":
			r = uno
		default:
			var c bool
			switch name[1:] {
			case "eq":
				c = fa == fb
			case "gt":
				c = fa > fb
			case "ge":
				c = fa >= fb
			case "lt":
				c = fa < fb
			case "le":
				c = fa <= fb
			case "ne":
				c = fa != fb
			}
			if name[0] == 'o' {
				r = !uno && c
			} else {
				r = uno || c
			}
		}
		if r {
			out.Data[i] = 1
		}
	}
	return []*tensor.Tensor{out}, nil
}

func runSelect(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	c, t, f := args[0], args[1], args[2]
	if c.DType != tensor.I1 {
		return nil, fmt.Errorf("condition must be i1, got %s", c.DType)
	}
	if err := sameShapes(args[1:]); err != nil {
		return nil, err
	}
	if t.DType != f.DType {
		return nil, fmt.Errorf("expects true and false values of one type, got %s and %s", t.DType, f.DType)
	}
	if len(c.Shape) == 0 && c.NumElements() == 1 {
		if c.Data[0] != 0 {
			return []*tensor.Tensor{t}, nil
		}
		return []*tensor.Tensor{f}, nil
	}
	if err := sameShapes(args); err != nil {
		return nil, err
	}
	out, err := x.alloc(t.DType, t.Shape)
	if err != nil {
		return nil, err
	}
	es := t.DType.Size()
	for i := 0; i < int(t.NumElements()); i++ {
		src := f
		if c.Data[i] != 0 {
			src = t
		}
		copy(out.Data[i*es:(i+1)*es], src.Data[i*es:(i+1)*es])
	}
	return []*tensor.Tensor{out}, nil
}

// castInt converts between integer and index types: the value is sign- or
// zero-extended from the source width, then truncated to the result width.
func castInt(signed bool) kernelFunc {
	return func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
		if err := nargs(args, 1); err != nil {
			return nil, err
		}
		a := args[0]
		if !a.DType.IsInt() {
			return nil, fmt.Errorf("expects an integer or index operand, got %s", a.DType)
		}
		out, err := newLike(x, op, a)
		if err != nil {
			return nil, err
		}
		if !out.DType.IsInt() {
			return nil, fmt.Errorf("expects an integer or index result, got %s", out.DType)
		}
		for i := 0; i < int(a.NumElements()); i++ {
			s, u := intOf(a, i)
			if signed {
				setInt(out, i, s)
			} else {
				setInt(out, i, int64(u))
			}
		}
		return []*tensor.Tensor{out}, nil
	}
}

// intToFloat converts signed (sitofp) or unsigned (uitofp) integers to the
// nearest float of the result type, rounding once (ties to even).
func intToFloat(signed bool) kernelFunc {
	return func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
		if err := nargs(args, 1); err != nil {
			return nil, err
		}
		a := args[0]
		if !a.DType.IsInt() {
			return nil, fmt.Errorf("expects an integer operand, got %s", a.DType)
		}
		out, err := newLike(x, op, a)
		if err != nil {
			return nil, err
		}
		if !out.DType.IsFloat() {
			return nil, fmt.Errorf("expects a float result, got %s", out.DType)
		}
		for i := 0; i < int(a.NumElements()); i++ {
			s, u := intOf(a, i)
			var f big.Float
			if signed {
				f.SetInt64(s)
			} else {
				f.SetUint64(u)
			}
			out.SetFloat64(i, roundTo(&f, out.DType))
		}
		return []*tensor.Tensor{out}, nil
	}
}

// roundTo rounds f to the precision of dt (nearest, ties to even) and
// returns it as a float64 that SetFloat64 stores exactly (or overflows to
// infinity as the type does).
func roundTo(f *big.Float, dt tensor.DType) float64 {
	prec := uint(53)
	switch dt {
	case tensor.F16:
		prec = 11
	case tensor.BF16:
		prec = 8
	case tensor.F32:
		prec = 24
	}
	f.SetMode(big.ToNearestEven).SetPrec(prec)
	v, _ := f.Float64()
	return v
}

// floatToInt truncates toward zero; NaN and values outside the result
// range are errors (MLIR: poison).
func floatToInt(signed bool) kernelFunc {
	return func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
		if err := nargs(args, 1); err != nil {
			return nil, err
		}
		a := args[0]
		if !a.DType.IsFloat() {
			return nil, fmt.Errorf("expects a float operand, got %s", a.DType)
		}
		out, err := newLike(x, op, a)
		if err != nil {
			return nil, err
		}
		if !out.DType.IsInt() {
			return nil, fmt.Errorf("expects an integer result, got %s", out.DType)
		}
		w := out.DType.Bits()
		for i := 0; i < int(a.NumElements()); i++ {
			f := math.Trunc(a.Float64At(i))
			var lo, hi float64 // the range is [lo, hi)
			if signed {
				lo, hi = -math.Ldexp(1, w-1), math.Ldexp(1, w-1)
			} else {
				lo, hi = 0, math.Ldexp(1, w)
			}
			if w == 1 && signed {
				lo, hi = -1, 1
			}
			if math.IsNaN(f) || f < lo || f >= hi {
				return nil, elemErr(fmt.Errorf("%v does not fit in %s", a.Float64At(i), out.DType), i, a.Shape)
			}
			if signed {
				setInt(out, i, int64(f))
			} else {
				u, _ := new(big.Float).SetFloat64(f).Uint64()
				setInt(out, i, int64(u))
			}
		}
		return []*tensor.Tensor{out}, nil
	}
}

// floatToFloat is extf and truncf: the value is widened exactly and
// rounded once to the result type.
func floatToFloat(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	a := args[0]
	if !a.DType.IsFloat() {
		return nil, fmt.Errorf("expects a float operand, got %s", a.DType)
	}
	out, err := newLike(x, op, a)
	if err != nil {
		return nil, err
	}
	if !out.DType.IsFloat() {
		return nil, fmt.Errorf("expects a float result, got %s", out.DType)
	}
	for i := 0; i < int(a.NumElements()); i++ {
		out.SetFloat64(i, a.Float64At(i))
	}
	return []*tensor.Tensor{out}, nil
}

// runBitcast reinterprets the bits of each element as the result type,
// which has the same width.
func runBitcast(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	a := args[0]
	out, err := newLike(x, op, a)
	if err != nil {
		return nil, err
	}
	if out.DType.Bits() != a.DType.Bits() {
		return nil, fmt.Errorf("bitcast between types of different widths: %s and %s", a.DType, out.DType)
	}
	copy(out.Data, a.Data)
	return []*tensor.Tensor{out}, nil
}
