package golang

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
)

// Integer arith on data tensors: torch's scatter_reduce with reduce
// "mean" on an integer tensor divides the scattered sums by the counts
// with arith.floordivsi, and index_add(alpha=a) on integers scales the
// source with arith.muli before scattering it. Integer arith whose
// result is only read as indices is fused into the index reads
// (emit_arith.go); arith.floordivsi, and addi, subi and muli with a use
// as data (returned, the input or updates of a scatter, the input of a
// gather or of other data ops), are instead computed once into their own
// buffer where walk meets them, like float arith on data
// (emit_floatmath.go); read then reads that buffer (as data, or loaded as
// an index). Each element is the interpreter's: the operands sign-extended
// to int64, addi, subi and muli wrapping at the element width, the
// quotient of floordivsi rounded towards negative infinity. A zero divisor,
// and the most negative value of the width divided by -1 (whose quotient
// does not fit), fail the kernel with an error, as they fail the
// interpreter.

// isIntDataElementwise reports the integer arith ops on data tensors
// computed here.
func isIntDataElementwise(op *ir.Operation) bool {
	if op == nil || op.NumResults() != 1 {
		return false
	}
	if _, ok := op.Result(0).Type().(*ir.RankedTensorType); !ok {
		return false
	}
	switch op.Name() {
	case arith.FloorDivSIName:
		return true
	case arith.AddIName, arith.SubIName, arith.MulIName:
		return usedAsData(op.Result(0))
	case arith.SelectName:
		// A select of two data operands (torch's x[mask] = v): computed
		// here. With a splat operand it is a fill guard on a read
		// (emit_arith.go).
		_, s1 := splatBits(op.Operand(1))
		_, s2 := splatBits(op.Operand(2))
		if s1 || s2 {
			return false
		}
		if _, isInt := elemWidth(ir.ElementType(op.Result(0).Type())); isInt {
			return usedAsData(op.Result(0))
		}
		return true
	}
	return false
}

// usedAsData reports whether v has a use that reads it as data rather
// than as indices: anything but the index operand (#1) of a gather or
// scatter, an operand of integer index arithmetic or an index cast, or
// the operand of a view or slice (whose own uses decide).
func usedAsData(v ir.Value) bool {
	for u := v.FirstUse(); u != nil; u = u.NextUse() {
		o := u.Owner()
		switch {
		case (o.Name() == tcp.GatherName || o.Name() == tcp.GatherNDName || tcp.IsScatter(o)) && u.OperandNumber() == 1:
		case isIntElementwise(o) && !isIntDataElementwise(o), isCast(o):
		case (isView(o) || o.Name() == tcp.SliceName) && u.OperandNumber() == 0 && o.NumResults() == 1:
			// A reshape, broadcast, transpose or slice: its uses decide.
			if usedAsData(o.Result(0)) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// intDataElementwise checks the op where walk meets it and, in the
// kernel, computes it into a new buffer.
func (f *funcGen) intDataElementwise(op *ir.Operation) error {
	et := ir.ElementType(op.Result(0).Type())
	if op.Name() == arith.SelectName {
		return f.selectData(op)
	}
	w, ok := elemWidth(et)
	if !ok || w < 8 {
		return unsupported(op, fmt.Sprintf("integer arith on i8, i16, i32, i64 or index data tensors only, got %s", et))
	}
	ds, err := f.dims(op.Result(0))
	if err != nil {
		return err
	}
	if f.dimsFor {
		return nil
	}
	goT, err := goElem(et)
	if err != nil {
		return unsupported(op, err.Error())
	}
	name := fmt.Sprintf("s%d", len(f.mat))
	f.stmt("%s := make([]%s, %s)", name, goT, product(ds))
	err = f.guarded(product(ds), "", func() error {
		return f.validate(ds, func(coords []poly) (string, error) {
			vs := make([]string, 2)
			for k := range vs {
				e, err := f.operandInt(op, k, coords, false)
				if err != nil {
					return "", err
				}
				vs[k] = "int64(" + e + ")"
			}
			a, b, q := f.temp(), f.temp(), f.temp()
			if op.Name() != arith.FloorDivSIName {
				sym := map[string]string{arith.AddIName: "+", arith.SubIName: "-", arith.MulIName: "*"}[op.Name()]
				return fmt.Sprintf("%s[%s] = %s(%s %s %s)", name, linear(coords, ds), goT, vs[0], sym, vs[1]), nil
			}
			minW := fmt.Sprintf("%d", int64(-1)<<(w-1))
			return fmt.Sprintf(`%[1]s, %[2]s := %[4]s, %[5]s
if %[2]s == 0 {
return %[6]s
}
if %[2]s == -1 && %[1]s == %[7]s {
return %[8]s
}
%[3]s := %[1]s / %[2]s
if %[1]s%%%[2]s != 0 && (%[1]s < 0) != (%[2]s < 0) {
%[3]s--
}
%[9]s[%[10]s] = %[11]s(%[3]s)`, a, b, q, vs[0], vs[1],
				f.errf("%s: division by zero", []any{op.Name()}), minW,
				f.errf("%s: signed division overflow: %%d / -1", []any{op.Name()}, a),
				name, linear(coords, ds), goT), nil
		})
	})
	if err != nil {
		return err
	}
	f.mat[op] = name
	return nil
}

// selectData computes a select of two data operands into a new buffer:
// the condition read as an int (a cmpi or cmpf value, or an i1 buffer),
// each operand read as data (integers of an index type as ints).
func (f *funcGen) selectData(op *ir.Operation) error {
	et := ir.ElementType(op.Result(0).Type())
	if w, ok := elemWidth(ir.ElementType(op.Operand(0).Type())); !ok || w != 1 {
		return unsupported(op, fmt.Sprintf("the condition must be an i1 tensor, got %s", op.Operand(0).Type()))
	}
	ds, err := f.dims(op.Result(0))
	if err != nil {
		return err
	}
	if f.dimsFor {
		return nil
	}
	goT, err := goElem(et)
	if err != nil {
		return unsupported(op, err.Error())
	}
	_, isInt := elemWidth(et)
	name := fmt.Sprintf("s%d", len(f.mat))
	f.stmt("%s := make([]%s, %s)", name, goT, product(ds))
	err = f.guarded(product(ds), "", func() error {
		return f.validate(ds, func(coords []poly) (string, error) {
			c, err := f.operandInt(op, 0, coords, false)
			if err != nil {
				return "", err
			}
			vs := make([]string, 2)
			for k := range vs {
				if isInt {
					e, err := f.operandInt(op, k+1, coords, false)
					if err != nil {
						return "", err
					}
					vs[k] = goT + "(" + e + ")"
					continue
				}
				r, err := f.read(op.Operand(k+1), coords, false)
				if err != nil {
					return "", err
				}
				if r.val != "" || r.conv != nil {
					return "", unsupported(op, fmt.Sprintf("operand #%d is a fused index value, not data", k+1))
				}
				vs[k] = f.loadData(r)
			}
			at := fmt.Sprintf("%s[%s]", name, linear(coords, ds))
			return fmt.Sprintf("if %s != 0 {\n%s = %s\n} else {\n%s = %s\n}", c, at, vs[0], at, vs[1]), nil
		})
	})
	if err != nil {
		return err
	}
	f.mat[op] = name
	return nil
}
