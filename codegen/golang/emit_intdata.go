package golang

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/ir"
)

// Integer division on data tensors (arith.floordivsi): torch's
// scatter_reduce with reduce "mean" on an integer tensor divides the
// scattered sums by the counts with floor division, and returns the
// quotient as data. Like float arith on data (emit_floatmath.go), the
// value is computed once into its own buffer where walk meets it; read
// then reads that buffer. Each element is the interpreter's: the operands
// sign-extended to int64, the quotient rounded towards negative infinity,
// stored at the element width. A zero divisor, and the most negative
// value of the width divided by -1 (whose quotient does not fit), fail
// the kernel with an error, as they fail the interpreter.

// isIntDataElementwise reports the integer arith ops on data tensors
// computed here.
func isIntDataElementwise(op *ir.Operation) bool {
	if op == nil || op.NumResults() != 1 || op.Name() != arith.FloorDivSIName {
		return false
	}
	_, ok := op.Result(0).Type().(*ir.RankedTensorType)
	return ok
}

// intDataElementwise checks the op where walk meets it and, in the
// kernel, computes it into a new buffer.
func (f *funcGen) intDataElementwise(op *ir.Operation) error {
	et := ir.ElementType(op.Result(0).Type())
	w, ok := elemWidth(et)
	if !ok || w < 8 {
		return unsupported(op, fmt.Sprintf("floordivsi of i8, i16, i32, i64 or index tensors only, got %s", et))
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
				r, err := f.read(op.Operand(k), coords, false)
				if err != nil {
					return "", err
				}
				if r.val != "" || r.conv != nil {
					return "", unsupported(op, fmt.Sprintf("operand #%d is a fused index value, not data", k))
				}
				vs[k] = "int64(" + f.loadData(r) + ")"
			}
			a, b, q := f.temp(), f.temp(), f.temp()
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
