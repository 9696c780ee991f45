package golang

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/ir"
)

// Elementwise float arithmetic on data tensors (arith.addf, subf, mulf,
// divf, negf, maxf, minf): jax.grad's scatter programs scale and negate
// cotangents, .at[].divide divides, torch's scatter_reduce mean divides by
// a count.
//
// Unlike integer arith on indices (emit_arith.go), such a value is data a
// kernel stores, returns and scatters, so it is computed once into its own
// buffer where walk meets it (like a scatter another op reads): a loop
// nest over its dims reads its operands there (through views, gathers,
// float conversions and other computed buffers) and stores the result; read
// then reads that buffer. Each element is computed as the interpreter
// computes it: both operands widened exactly to float64, one float64
// operation, then rounded once to the element type (float32 conversion for
// f32, tcpF64ToF16 / tcpF64ToBF16 for the 16-bit formats, which are the
// interpreter's rounding). maxf and minf return NaN when either operand is
// NaN (the canonical float64 NaN, rounded to the type like any result) and
// otherwise math.Max / math.Min, so -0 < +0. addf, subf, mulf and divf
// with a NaN operand return the first NaN operand, made quiet, like the
// interpreter (hardware picks one of two NaNs by an operand order the Go
// compiler may swap). Every result is wrapped in an explicit conversion,
// which the Go spec makes round, so no operations fuse.

// arith.cmpf of data tensors is an i1 value like arith.cmpi's
// (emit_arith.go): fused into the read of a select's condition as
// tcpB2I of a Go comparison of the operands widened to float64, with the
// interpreter's predicates: ordered ones are false and unordered ones true
// when either operand is NaN.

// cmpF checks an arith.cmpf where walk meets it: no code, its dims.
func (f *funcGen) cmpF(op *ir.Operation) error {
	et := ir.ElementType(op.Operand(0).Type())
	if floatMathKind(et) == "" {
		return unsupported(op, fmt.Sprintf("cmpf of f16, bf16, f32 or f64 tensors only, got %s", et))
	}
	if _, err := cmpFPredicate(op); err != nil {
		return err
	}
	_, err := f.dims(op.Result(0))
	return err
}

// cmpFPredicate is the predicate keyword of an arith.cmpf.
func cmpFPredicate(op *ir.Operation) (string, error) {
	p := op.IntAttr("predicate")
	if p < 0 || p >= int64(len(arith.CmpFPredicates)) {
		return "", unsupported(op, fmt.Sprintf("unknown predicate %d", p))
	}
	return arith.CmpFPredicates[p], nil
}

// readCmpF computes the i1 element of an arith.cmpf at coords.
func (f *funcGen) readCmpF(op *ir.Operation, coords []poly, checked bool) (ref, error) {
	name, err := cmpFPredicate(op)
	if err != nil {
		return ref{}, err
	}
	kind := floatMathKind(ir.ElementType(op.Operand(0).Type()))
	vs := make([]string, 2)
	level := -1 // the deepest loop level the loads use
	for k := range vs {
		r, err := f.read(op.Operand(k), coords, checked)
		if err != nil {
			return ref{}, err
		}
		if r.val != "" || r.conv != nil {
			return ref{}, unsupported(op, fmt.Sprintf("operand #%d is a fused index value, not data", k))
		}
		level = max(level, f.levelOf(r.off))
		for _, g := range r.guards {
			level = max(level, f.levelOfAtoms(g.cond))
		}
		vs[k] = f.widen(kind, f.loadData(r))
	}
	a, b := vs[0], vs[1]
	ord := fmt.Sprintf("%s == %s && %s == %s", a, a, b, b)
	uno := fmt.Sprintf("%s != %s || %s != %s", a, a, b, b)
	var cond string
	switch name {
	case "false":
		cond = "false"
	case "true":
		cond = "true"
	case "ord":
		cond = ord
	case "uno":
		cond = uno
	default:
		cmp := map[string]string{"eq": "==", "gt": ">", "ge": ">=", "lt": "<", "le": "<=", "ne": "!="}[name[1:]]
		if name[0] == 'o' {
			cond = fmt.Sprintf("%s && %s %s %s", ord, a, cmp, b)
		} else {
			cond = fmt.Sprintf("%s || %s %s %s", uno, a, cmp, b)
		}
	}
	f.g.used["b2i"] = true
	return ref{val: f.bind(level, "tcpB2I("+cond+")")}, nil
}

// isFloatElementwise reports the float arith ops on tensors handled here.
func isFloatElementwise(op *ir.Operation) bool {
	if op == nil || op.NumResults() != 1 {
		return false
	}
	switch op.Name() {
	case arith.AddFName, arith.SubFName, arith.MulFName, arith.DivFName, arith.MaxFName, arith.MinFName, arith.NegFName:
		_, ok := op.Result(0).Type().(*ir.RankedTensorType)
		return ok
	}
	return false
}

// floatMathKind names the element type ("F16", "BF16", "F32", "F64"), or
// "" for any other type.
func floatMathKind(t ir.Type) string {
	ft, ok := t.(ir.FloatType)
	if !ok {
		return ""
	}
	return map[ir.FloatKind]string{ir.F16: "F16", ir.BF16: "BF16", ir.F32: "F32", ir.F64: "F64"}[ft.Kind]
}

// floatElementwise checks a float op where walk meets it and, in the
// kernel, computes it into a new buffer.
func (f *funcGen) floatElementwise(op *ir.Operation) error {
	et := ir.ElementType(op.Result(0).Type())
	kind := floatMathKind(et)
	if kind == "" {
		return unsupported(op, fmt.Sprintf("float arith on f16, bf16, f32 or f64 tensors only, got %s", et))
	}
	for k := 0; k < op.NumOperands(); k++ {
		if ot := ir.ElementType(op.Operand(k).Type()); ot.String() != et.String() {
			return unsupported(op, fmt.Sprintf("operand #%d has element type %s, want %s", k, ot, et))
		}
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
			vs := make([]string, op.NumOperands())
			for k := range vs {
				r, err := f.read(op.Operand(k), coords, false)
				if err != nil {
					return "", err
				}
				if r.val != "" || r.conv != nil {
					return "", unsupported(op, fmt.Sprintf("operand #%d is a fused index value, not data", k))
				}
				vs[k] = f.widen(kind, f.loadData(r))
			}
			return fmt.Sprintf("%s[%s] = %s", name, linear(coords, ds), f.narrow(kind, floatExpr(f, op.Name(), vs))), nil
		})
	})
	if err != nil {
		return err
	}
	f.mat[op] = name
	return nil
}

// loadData is the element of the data read r, its float conversions
// applied (fill guards already hold converted fills).
func (f *funcGen) loadData(r ref) string {
	var names []string
	for _, g := range r.guards {
		names = append(names, g.cond)
	}
	off := f.hoist(r.off, max(f.levelOf(r.off), f.levelOfAtoms(names...)))
	if len(r.guards) == 0 {
		return r.convData(fmt.Sprintf("%s[%s]", r.buf, off))
	}
	f.g.used["at"] = true
	f.g.used["sel"] = true
	v := r.convData(fmt.Sprintf("tcpAt(%s, %s)", r.buf, off))
	for k := len(r.guards) - 1; k >= 0; k-- {
		v = fmt.Sprintf("tcpSel(%s, %s, %s)", r.guards[k].cond, r.guards[k].fill, v)
	}
	return v
}

// widen is the exact float64 value of the element expression x.
func (f *funcGen) widen(kind, x string) string {
	switch kind {
	case "F64":
		return x
	case "F32":
		return "float64(" + x + ")"
	}
	fn := "tcp" + kind + "ToF64"
	f.g.used[fn] = true
	f.g.used["tcpHalfToF64"] = true
	return fn + "(" + x + ")"
}

// narrow rounds the float64 expression x once to the element type.
func (f *funcGen) narrow(kind, x string) string {
	switch kind {
	case "F64":
		return "float64(" + x + ")"
	case "F32":
		return "float32(" + x + ")"
	}
	fn := "tcpF64To" + kind
	f.g.used[fn] = true
	f.g.used["tcpRound16"] = true
	return fn + "(" + x + ")"
}

// floatExpr is the float64 expression of op on the float64 operands vs.
func floatExpr(f *funcGen, name string, vs []string) string {
	switch name {
	case arith.NegFName:
		return "-" + vs[0]
	case arith.MaxFName:
		f.g.used["tcpMaxF"] = true
		return "tcpMaxF(" + vs[0] + ", " + vs[1] + ")"
	case arith.MinFName:
		f.g.used["tcpMinF"] = true
		return "tcpMinF(" + vs[0] + ", " + vs[1] + ")"
	}
	fn := map[string]string{arith.AddFName: "tcpAddF", arith.SubFName: "tcpSubF", arith.MulFName: "tcpMulF", arith.DivFName: "tcpDivF"}[name]
	f.g.used[fn] = true
	f.g.used["tcpNaNOf"] = true
	return fn + "(" + strings.Join(vs, ", ") + ")"
}

// readFloatElementwise reads the buffer floatElementwise computed.
func (f *funcGen) readFloatElementwise(op *ir.Operation, coords []poly) (ref, error) {
	name, ok := f.mat[op]
	if !ok {
		return ref{}, unsupported(op, "internal error: a float op read before it is computed")
	}
	ds, err := f.dims(op.Result(0))
	if err != nil {
		return ref{}, err
	}
	return ref{buf: name, off: linear(coords, ds)}, nil
}

func init() {
	for name, sym := range map[string]string{"tcpAddF": "+", "tcpSubF": "-", "tcpMulF": "*", "tcpDivF": "/"} {
		helpers[name] = fmt.Sprintf("func %s(a, b float64) float64 {\n\tif a != a || b != b {\n\t\treturn tcpNaNOf(a, b)\n\t}\n\treturn a %s b\n}\n", name, sym)
	}
	helpers["tcpNaNOf"] = `// tcpNaNOf is the result of a float op with a NaN operand: the first
// NaN operand, made quiet (the interpreter's rule, which does not depend
// on the operand order the compiler picks).
func tcpNaNOf(a, b float64) float64 {
	if a != a {
		return a + a
	}
	return b + b
}
`
	helpers["tcpMaxF"] = `// tcpMaxF is arith.maxf: NaN when either operand is NaN, else math.Max.
func tcpMaxF(a, b float64) float64 {
	if a != a || b != b {
		return math.NaN()
	}
	return math.Max(a, b)
}
`
	helpers["tcpMinF"] = `// tcpMinF is arith.minf: NaN when either operand is NaN, else math.Min.
func tcpMinF(a, b float64) float64 {
	if a != a || b != b {
		return math.NaN()
	}
	return math.Min(a, b)
}
`
}
