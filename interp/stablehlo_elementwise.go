package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The StableHLO ops jax puts around its gathers (dialect/stablehlo
// elementwise.go), with the StableHLO spec's semantics. The arithmetic
// reuses the arith kernels (integers wrap at their width, floats computed
// in float64 and rounded once), chosen by element type.

func init() {
	ks := map[string]kernelFunc{
		stablehlo.AddName:                   hloArith("arith.addi", "arith.addi", "arith.addf"),
		stablehlo.SubtractName:              hloArith("arith.subi", "arith.subi", "arith.subf"),
		stablehlo.MultiplyName:              hloArith("arith.muli", "arith.muli", "arith.mulf"),
		stablehlo.RemainderName:             hloArith("arith.remsi", "arith.remui", "arith.remf"),
		stablehlo.DivideName:                hloArith("arith.divsi", "arith.divui", "arith.divf"),
		stablehlo.NegateName:                runHLONegate,
		stablehlo.SignName:                  runHLOSign,
		stablehlo.AndName:                   hloArith("arith.andi", "arith.andi", ""),
		stablehlo.OrName:                    hloArith("arith.ori", "arith.ori", ""),
		stablehlo.MaximumName:               hloArith("arith.maxsi", "arith.maxui", "arith.maxf"),
		stablehlo.MinimumName:               hloArith("arith.minsi", "arith.minui", "arith.minf"),
		stablehlo.CompareName:               runHLOCompare,
		stablehlo.SelectName:                runHLOSelect,
		stablehlo.ClampName:                 runHLOClamp,
		stablehlo.ConvertName:               runHLOConvert,
		stablehlo.BroadcastInDimName:        runHLOBroadcastInDim,
		stablehlo.DynamicBroadcastInDimName: runHLODynamicBroadcastInDim,
		stablehlo.TransposeName:             runHLOTranspose,
	}
	for name, k := range ks {
		ks[stablehlo.MHLO(name)] = k
	}
	register(ks)
}

// hloArith runs the arith kernel for the operands' element type: signed
// integers (and i1), unsigned (ui) integers, or floats.
func hloArith(signed, unsigned, float string) kernelFunc {
	return func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
		if err := nargs(args, 2); err != nil {
			return nil, err
		}
		name := signed
		switch dt := args[0].DType; {
		case dt.IsFloat():
			name = float
		case dt.IsUnsigned():
			name = unsigned
		}
		k := kernels[name]
		if name == "" || k == nil {
			return nil, fmt.Errorf("is not defined for element type %s", args[0].DType)
		}
		return k(x, op, args)
	}
}

func runHLOCompare(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	if err := sameShapes(args); err != nil {
		return nil, err
	}
	a, b := args[0], args[1]
	dir, _ := stablehlo.EnumKeyword(op.Attr("comparison_direction"), "comparison_direction")
	typ, ok := stablehlo.EnumKeyword(op.Attr("compare_type"), "comparison_type")
	if !ok || typ == "NOTYPE" {
		switch {
		case a.DType.IsFloat():
			typ = "FLOAT"
		case a.DType.IsUnsigned() || a.DType == tensor.I1:
			typ = "UNSIGNED"
		default:
			typ = "SIGNED"
		}
	}
	if typ == "TOTALORDER" {
		return nil, fmt.Errorf("compare_type TOTALORDER is not supported by the interpreter")
	}
	if (typ == "FLOAT") != a.DType.IsFloat() {
		return nil, fmt.Errorf("compare_type %s does not fit element type %s", typ, a.DType)
	}
	out, err := newBool(x, a)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(a.NumElements()); i++ {
		var c int // -1, 0, 1; 2 for unordered
		switch typ {
		case "FLOAT":
			fa, fb := a.Float64At(i), b.Float64At(i)
			switch {
			case math.IsNaN(fa) || math.IsNaN(fb):
				c = 2
			case fa < fb:
				c = -1
			case fa > fb:
				c = 1
			}
		case "SIGNED":
			sa, _ := intOf(a, i)
			sb, _ := intOf(b, i)
			c = cmp3(sa < sb, sa > sb)
		default:
			_, ua := intOf(a, i)
			_, ub := intOf(b, i)
			c = cmp3(ua < ub, ua > ub)
		}
		var r bool
		switch dir {
		case "EQ":
			r = c == 0
		case "NE":
			r = c != 0
		case "LT":
			r = c == -1
		case "LE":
			r = c == -1 || c == 0
		case "GT":
			r = c == 1
		case "GE":
			r = c == 1 || c == 0
		default:
			return nil, fmt.Errorf("unknown comparison_direction %q", dir)
		}
		if r {
			out.Data[i] = 1
		}
	}
	return []*tensor.Tensor{out}, nil
}

func cmp3(lt, gt bool) int {
	switch {
	case lt:
		return -1
	case gt:
		return 1
	}
	return 0
}

func runHLOSelect(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	p, a, b := args[0], args[1], args[2]
	if err := sameShapes(args[1:]); err != nil {
		return nil, err
	}
	if p.Rank() != 0 {
		if err := sameShapes([]*tensor.Tensor{p, a}); err != nil {
			return nil, err
		}
	}
	out, err := x.alloc(a.DType, a.Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(a.NumElements()); i++ {
		pi := i
		if p.Rank() == 0 {
			pi = 0
		}
		src := b
		if p.Data[pi] != 0 {
			src = a
		}
		out.SetBits(i, src.Bits(i))
	}
	return []*tensor.Tensor{out}, nil
}

func runHLOClamp(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	lo, v, hi := args[0], args[1], args[2]
	for _, b := range []*tensor.Tensor{lo, hi} {
		if b.Rank() != 0 {
			if err := sameShapes([]*tensor.Tensor{v, b}); err != nil {
				return nil, err
			}
		}
	}
	at := func(t *tensor.Tensor, i int) int {
		if t.Rank() == 0 {
			return 0
		}
		return i
	}
	out, err := x.alloc(v.DType, v.Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(v.NumElements()); i++ {
		l, h := at(lo, i), at(hi, i)
		switch {
		case v.DType.IsFloat():
			fv, fl, fh := v.Float64At(i), lo.Float64At(l), hi.Float64At(h)
			r := fv
			if math.IsNaN(fv) || math.IsNaN(fl) || math.IsNaN(fh) {
				r = math.NaN()
			} else {
				r = math.Min(math.Max(fv, fl), fh)
			}
			out.SetFloat64(i, r)
		case v.DType.IsUnsigned() || v.DType == tensor.I1:
			_, uv := intOf(v, i)
			_, ul := intOf(lo, l)
			_, uh := intOf(hi, h)
			setInt(out, i, int64(min(max(uv, ul), uh)))
		default:
			sv, _ := intOf(v, i)
			sl, _ := intOf(lo, l)
			sh, _ := intOf(hi, h)
			setInt(out, i, min(max(sv, sl), sh))
		}
	}
	return []*tensor.Tensor{out}, nil
}

func runHLOConvert(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	a := args[0]
	dt, err := resultDType(op, 0)
	if err != nil {
		return nil, err
	}
	out, err := x.alloc(dt, a.Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(a.NumElements()); i++ {
		switch {
		case a.DType.IsFloat() && dt.IsFloat():
			out.SetFloat64(i, a.Float64At(i))
		case a.DType.IsFloat():
			f := a.Float64At(i)
			if dt == tensor.I1 {
				setInt(out, i, b2i(f != 0))
				continue
			}
			t := math.Trunc(f)
			if math.IsNaN(f) || !fitsInt(t, dt) {
				return nil, fmt.Errorf("converting %v to %s is out of range (implementation-defined in StableHLO)", f, dt)
			}
			out.SetFloat64(i, t)
		default:
			s, u := intOf(a, i)
			unsigned := a.DType.IsUnsigned() || a.DType == tensor.I1
			switch {
			case dt.IsFloat() && unsigned:
				out.SetFloat64(i, float64(u))
			case dt.IsFloat():
				out.SetFloat64(i, float64(s))
			case dt == tensor.I1:
				setInt(out, i, b2i(u != 0))
			case unsigned:
				setInt(out, i, int64(u))
			default:
				setInt(out, i, s)
			}
		}
	}
	return []*tensor.Tensor{out}, nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// fitsInt reports whether the integral float t is representable in dt.
func fitsInt(t float64, dt tensor.DType) bool {
	w := dt.Bits()
	if dt.IsUnsigned() {
		return t >= 0 && t < math.Ldexp(1, w)
	}
	return t >= -math.Ldexp(1, w-1) && t < math.Ldexp(1, w-1)
}

func runHLOBroadcastInDim(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return nil, fmt.Errorf("needs a static result type, got %s", op.Result(0).Type())
	}
	return x.broadcastInDim(op, args[0], rt.Shape())
}

// runHLODynamicBroadcastInDim is broadcast_in_dim into the shape its
// output_dimensions operand holds.
func runHLODynamicBroadcastInDim(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	t, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	shape, err := shapeOperand(args[1], t)
	if err != nil {
		return nil, err
	}
	return x.broadcastInDim(op, args[0], shape)
}

func (x *execState) broadcastInDim(op *ir.Operation, a *tensor.Tensor, shape []int64) ([]*tensor.Tensor, error) {
	dims, _ := stablehlo.I64List(op.Attr("broadcast_dimensions"))
	if len(dims) != a.Rank() {
		return nil, fmt.Errorf("broadcast_dimensions %v do not fit an operand of rank %d", dims, a.Rank())
	}
	for i, d := range dims {
		if a.Shape[i] != 1 && a.Shape[i] != shape[d] {
			return nil, fmt.Errorf("operand dimension %d is %d at run time, result dimension %d is %d", i, a.Shape[i], d, shape[d])
		}
	}
	out, err := x.alloc(a.DType, shape)
	if err != nil {
		return nil, err
	}
	st := a.Strides()
	for i := 0; i < int(out.NumElements()); i++ {
		ri := tensor.Unravel(int64(i), shape)
		var off int64
		for k, d := range dims {
			if a.Shape[k] != 1 {
				off += ri[d] * st[k]
			}
		}
		out.SetBits(i, a.Bits(int(off)))
	}
	return []*tensor.Tensor{out}, nil
}

func runHLOTranspose(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	a := args[0]
	perm, _ := stablehlo.I64List(op.Attr("permutation"))
	if len(perm) != a.Rank() {
		return nil, fmt.Errorf("permutation %v does not fit rank %d", perm, a.Rank())
	}
	p := make([]int, len(perm))
	shape := make([]int64, len(perm))
	for d, q := range perm {
		p[d], shape[d] = int(q), a.Shape[q]
	}
	if err := x.checkSize(a.DType, shape); err != nil {
		return nil, err
	}
	return one(kernel.Transpose(a, p))
}

// runHLONegate flips the sign bit of floats (NaN and zero included, as
// XLA does) and negates integers modulo their width.
func runHLONegate(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	a := args[0]
	out, err := x.alloc(a.DType, a.Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(a.NumElements()); i++ {
		if a.DType.IsFloat() {
			out.SetBits(i, a.Bits(i)^(uint64(1)<<(a.DType.Bits()-1)))
			continue
		}
		s, _ := intOf(a, i)
		setInt(out, i, -s)
	}
	return []*tensor.Tensor{out}, nil
}

// runHLOSign gives -1, 0 or +1 by the operand's sign; a float zero keeps
// its sign bit and a NaN stays NaN (returned as is).
func runHLOSign(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	a := args[0]
	out, err := x.alloc(a.DType, a.Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(a.NumElements()); i++ {
		if a.DType.IsFloat() {
			v := a.Float64At(i)
			switch {
			case v > 0:
				out.SetFloat64(i, 1)
			case v < 0:
				out.SetFloat64(i, -1)
			default:
				out.SetBits(i, a.Bits(i))
			}
			continue
		}
		s, u := intOf(a, i)
		if a.DType.IsUnsigned() && u != 0 {
			s = 1
		}
		switch {
		case s > 0:
			setInt(out, i, 1)
		case s < 0:
			setInt(out, i, -1)
		default:
			setInt(out, i, 0)
		}
	}
	return []*tensor.Tensor{out}, nil
}
