package golang

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	tensord "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
)

// Integer casts of index tensors and data-dependent index scalars.
//
// A cast of an index tensor (tcp.cast_indices, arith.extsi, extui,
// trunci, index_cast, index_castui) is never materialized: read composes
// it like a view and records the value conversion in ref.conv, which
// loadInt applies to the element it loads (one inlined call per index
// read). Every element is loaded as a Go int (sign-extended for signless
// and signed types, zero-extended for unsigned ones), so a conversion is
// an int -> int function: saturation (tcp.cast_indices), a zero
// extension (extui) or a truncation (trunci, narrowing index casts). A
// cast value that is not read as an index (returned, or gathered as
// data) is a located error.
//
// tensor.extract of an integer tensor is a scalar like tensor.dim: it
// loads the element before the loops (its coordinates are scalars), and
// arith.maxsi / minsi over such scalars are Go's min and max. These are
// what --convert-stablehlo-to-tcp emits to clamp the starts of a
// dynamic_slice. A result size that depends on an extracted value cannot
// be computed by the Dims function, which gets no tensor data; that is a
// located error.

// castOps are the tensor casts read by conversion at the index load.
func isCast(op *ir.Operation) bool {
	if op == nil || op.NumOperands() != 1 || op.NumResults() != 1 {
		return false
	}
	switch op.Name() {
	case tcp.CastIndicesName, tcp.BitcastName, arith.ExtSIName, arith.ExtUIName, arith.TruncIName, arith.IndexCastName, arith.IndexCastUIName, arith.FPToSIName:
		_, ok := op.Result(0).Type().(*ir.RankedTensorType)
		return ok
	}
	return false
}

// bitWidth is the width of an integer or index element (index: 64).
func bitWidth(t ir.Type) (int, bool) {
	switch t := t.(type) {
	case ir.IntegerType:
		return t.Width, true
	case ir.IndexType:
		return 64, true
	}
	return 0, false
}

// castConv returns the helpers (applied in order) that turn the int value
// of a cast's operand element into the int value of its result element.
func castConv(op *ir.Operation) ([]string, error) {
	from, to := ir.ElementType(op.Operand(0).Type()), ir.ElementType(op.Result(0).Type())
	if op.Name() == arith.FPToSIName {
		// The float element is loaded with int(), which truncates toward
		// zero; the values it cannot convert are refused before the
		// kernel's loops (fpToSICheck).
		wt, ok := bitWidth(to)
		if ft, isF := from.(ir.FloatType); !isF || (ft.Kind != ir.F32 && ft.Kind != ir.F64) || !ok || wt == 1 {
			return nil, unsupported(op, fmt.Sprintf("fptosi from f32 or f64 to 8- to 64-bit integer or index elements only, got %s to %s", from, to))
		}
		return nil, nil
	}
	wf, ok1 := bitWidth(from)
	wt, ok2 := bitWidth(to)
	if ok1 && ok2 && wf == 1 && wt > 1 && (op.Name() == arith.ExtUIName || op.Name() == arith.ExtSIName) {
		// An i1 element is loaded as 0 or -1 (tcpB2I); extsi keeps it,
		// extui keeps the low bit.
		if op.Name() == arith.ExtUIName {
			return []string{"tcpZext1"}, nil
		}
		return nil, nil
	}
	if !ok1 || !ok2 || wf == 1 || wt == 1 {
		return nil, unsupported(op, fmt.Sprintf("casts between 8- to 64-bit integer or index elements only, got %s to %s", from, to))
	}
	unsigned := false
	if it, ok := from.(ir.IntegerType); ok && it.Sign == ir.Unsigned {
		unsigned = true
	}
	var conv []string
	switch op.Name() {
	case tcp.CastIndicesName:
		if unsigned && wf == 64 {
			conv = append(conv, "tcpSatU64")
		}
		if wt == 32 && (wf == 64 || unsigned && wf == 32) {
			conv = append(conv, "tcpSatI32")
		}
	case tcp.BitcastName:
		// Same bits, read by the result's signedness: zero-extended for
		// an unsigned result, sign-extended otherwise.
		if it, ok := to.(ir.IntegerType); ok && it.Sign == ir.Unsigned && !unsigned && wt < 64 {
			conv = append(conv, fmt.Sprintf("tcpZext%d", wt))
		} else if unsigned && wt < 64 && (!ok || it.Sign != ir.Unsigned) {
			conv = append(conv, fmt.Sprintf("tcpTrunc%d", wt))
		}
	case arith.ExtSIName:
		// The int load already sign-extends a signless element.
	case arith.ExtUIName:
		if wf < 64 {
			conv = append(conv, fmt.Sprintf("tcpZext%d", wf))
		}
	case arith.TruncIName:
		if wt < 64 {
			conv = append(conv, fmt.Sprintf("tcpTrunc%d", wt))
		}
	case arith.IndexCastName, arith.IndexCastUIName:
		switch {
		case wt < wf:
			conv = append(conv, fmt.Sprintf("tcpTrunc%d", wt))
		case wt > wf && op.Name() == arith.IndexCastUIName:
			conv = append(conv, fmt.Sprintf("tcpZext%d", wf))
		}
	}
	return conv, nil
}

// readCast reads a cast value: its operand's element, converted.
func (f *funcGen) readCast(op *ir.Operation, coords []poly, checked bool) (ref, error) {
	conv, err := castConv(op)
	if err != nil {
		return ref{}, err
	}
	r, err := f.read(op.Operand(0), coords, checked)
	if err != nil {
		return ref{}, err
	}
	if ir.ElementType(op.Operand(0).Type()) == ir.I1 && r.val == "" {
		// A bool buffer element (or a bool fill) as an int.
		f.g.used["b2i"] = true
		r.load = "tcpB2I"
	}
	for _, c := range conv {
		f.g.used[c] = true
	}
	if r.val != "" {
		for _, c := range conv {
			r.val = f.bind(f.levelOfAtoms(r.val), c+"("+r.val+")")
		}
		return r, nil
	}
	r.conv = append(append([]string{}, r.conv...), conv...) // non-nil: a cast
	return r, nil
}

// convert applies the conversions of r to the int expression v.
func (f *funcGen) convert(r ref, v string) string {
	for _, c := range r.conv {
		v = f.bind(f.levelOfAtoms(v), c+"("+v+")")
	}
	return v
}

// castDims: a cast has its operand's shape.
func (f *funcGen) castDims(op *ir.Operation, t *ir.RankedTensorType) ([]poly, error) {
	src, err := f.dims(op.Operand(0))
	if err != nil {
		return nil, err
	}
	ds := make([]poly, len(src))
	for d := range ds {
		ds[d] = src[d]
		if !t.IsDynamicDim(d) {
			ds[d] = pconst(t.Dim(d))
		}
	}
	return ds, nil
}

// isDataScalar reports whether a scalar op is computed from tensor
// elements (tensor.extract, or an op over such a scalar).
func isDataScalar(op *ir.Operation) bool {
	if op == nil {
		return false
	}
	if op.Name() == tensord.ExtractName {
		return true
	}
	for _, v := range op.Operands() {
		if _, ok := v.Type().(*ir.RankedTensorType); ok {
			continue
		}
		if isDataScalar(v.DefiningOp()) {
			return true
		}
	}
	return false
}

// dataScalar returns the scalars that only this file handles: extract,
// maxsi, minsi and scalar integer casts; ok is false for other ops.
func (f *funcGen) dataScalar(op *ir.Operation) (p poly, ok bool, err error) {
	switch op.Name() {
	case tensord.ExtractName:
		if f.dimsFor {
			return nil, true, unsupported(op, "a result size depends on a tensor element, which the Dims function does not get")
		}
		et := ir.ElementType(op.Operand(0).Type())
		if w, isInt := bitWidth(et); !isInt || w == 1 {
			return nil, true, unsupported(op, fmt.Sprintf("extracts integer or index elements only, got %s", et))
		}
		coords := make([]poly, op.NumOperands()-1)
		for i := range coords {
			c, err := f.scalar(op.Operand(i + 1))
			if err != nil {
				return nil, true, err
			}
			coords[i] = c
		}
		ds, err := f.dims(op.Operand(0))
		if err != nil {
			return nil, true, err
		}
		for i := range coords {
			cv, c1 := coords[i].constant()
			dv, c2 := ds[i].constant()
			if c1 && c2 && (cv < 0 || cv >= dv) {
				return nil, true, unsupported(op, fmt.Sprintf("index %d out of bounds for dim %d of size %d", cv, i, dv))
			}
			if !c1 || !c2 {
				f.stmt("if uint(%s) >= uint(%s) {\nreturn %s\n}", coords[i], ds[i], f.errf("tensor.extract: index %%d is out of bounds for dim %d with size %%d", []any{i}, coords[i].String(), ds[i].String()))
			}
		}
		r, err := f.read(op.Operand(0), coords, false)
		if err != nil {
			return nil, true, err
		}
		return patom(f.loadInt(r, false)), true, nil
	case arith.MaxSIName, arith.MinSIName:
		a, err := f.scalar(op.Operand(0))
		if err != nil {
			return nil, true, err
		}
		b, err := f.scalar(op.Operand(1))
		if err != nil {
			return nil, true, err
		}
		fn := "max"
		if op.Name() == arith.MinSIName {
			fn = "min"
		}
		if x, ok1 := a.constant(); ok1 {
			if y, ok2 := b.constant(); ok2 {
				if fn == "max" {
					return pconst(max(x, y)), true, nil
				}
				return pconst(min(x, y)), true, nil
			}
		}
		return patom(f.bind(f.levelOf(a, b), fmt.Sprintf("%s(%s, %s)", fn, a, b))), true, nil
	case arith.DivSIName, arith.RemSIName, arith.CmpIName, arith.SelectName, arith.AndIName, arith.OrIName:
		return f.sizeLogic(op)
	case arith.ExtSIName, arith.ExtUIName, arith.TruncIName, arith.IndexCastUIName:
		conv, err := castConv(op)
		if err != nil {
			return nil, true, err
		}
		a, err := f.scalar(op.Operand(0))
		if err != nil {
			return nil, true, err
		}
		if len(conv) == 0 {
			return a, true, nil
		}
		v := a.String()
		for _, c := range conv {
			f.g.used[c] = true
			v = f.bind(f.levelOf(a), c+"("+v+")")
		}
		return patom(v), true, nil
	}
	return nil, false, nil
}

// sizeLogic handles the index arithmetic jax's run-time sizes need (the
// floor division in the size of a strided slice of a symbolic dim):
// divsi and remsi on index values (Go's / and % truncate toward zero, as
// they do; a zero divisor is a kernel error, not a panic), cmpi on index
// or i1 values, select of index values, andi and ori of i1 values. An i1
// is an int that is zero for false. Scalars of other integer types are
// not handled here (their arithmetic wraps at their width).
func (f *funcGen) sizeLogic(op *ir.Operation) (poly, bool, error) {
	isIdx := func(v ir.Value) bool { return v.Type() == ir.Index }
	isBool := func(v ir.Value) bool { return v.Type() == ir.I1 }
	var ok bool
	switch op.Name() {
	case arith.DivSIName, arith.RemSIName:
		ok = isIdx(op.Operand(0))
	case arith.CmpIName:
		ok = isIdx(op.Operand(0)) || isBool(op.Operand(0))
	case arith.SelectName:
		ok = isBool(op.Operand(0)) && isIdx(op.Operand(1))
	case arith.AndIName, arith.OrIName:
		ok = isBool(op.Operand(0))
	}
	if !ok {
		return nil, false, nil
	}
	ps := make([]poly, op.NumOperands())
	for i := range ps {
		p, err := f.scalar(op.Operand(i))
		if err != nil {
			return nil, true, err
		}
		ps[i] = p
	}
	lvl := f.levelOf(ps...)
	switch op.Name() {
	case arith.DivSIName, arith.RemSIName:
		if d, c := ps[1].constant(); !c || d == 0 {
			f.stmt("if %s == 0 {\nreturn %s\n}", ps[1], f.errf(op.Name()+": division by zero", nil))
		}
		sym := "/"
		if op.Name() == arith.RemSIName {
			sym = "%"
		}
		return patom(f.bind(lvl, fmt.Sprintf("(%s) %s (%s)", ps[0], sym, ps[1]))), true, nil
	case arith.CmpIName:
		a, b := ps[0].String(), ps[1].String()
		if isBool(op.Operand(0)) {
			a, b = "tcpBool("+a+" != 0)", "tcpBool("+b+" != 0)"
		}
		p := arith.Predicate(op)
		sym := map[arith.CmpIPredicate]string{arith.CmpEQ: "==", arith.CmpNE: "!=", arith.CmpSLT: "<", arith.CmpSLE: "<=", arith.CmpSGT: ">", arith.CmpSGE: ">=",
			arith.CmpULT: "<", arith.CmpULE: "<=", arith.CmpUGT: ">", arith.CmpUGE: ">="}[p]
		if p >= arith.CmpULT {
			a, b = "uint("+a+")", "uint("+b+")"
		}
		f.g.used["tcpBool"] = true
		return patom(f.bind(lvl, fmt.Sprintf("tcpBool(%s %s %s)", a, sym, b))), true, nil
	case arith.SelectName:
		f.g.used["tcpSelect"] = true
		return patom(f.bind(lvl, fmt.Sprintf("tcpSelect(%s, %s, %s)", ps[0], ps[1], ps[2]))), true, nil
	}
	sym := "&"
	if op.Name() == arith.OrIName {
		sym = "|"
	}
	f.g.used["tcpBool"] = true
	return patom(f.bind(lvl, fmt.Sprintf("tcpBool((%s != 0) %s (%s != 0))", ps[0], sym+sym, ps[1]))), true, nil
}

func init() {
	helpers["tcpBool"] = `// tcpBool is 1 for true and 0 for false (an i1 scalar).
func tcpBool(b bool) int {
	if b {
		return 1
	}
	return 0
}
`
	helpers["tcpSelect"] = `// tcpSelect is arith.select on scalars: a where c is not zero, else b.
func tcpSelect(c, a, b int) int {
	if c != 0 {
		return a
	}
	return b
}
`
	helpers["tcpSatU64"] = `// tcpSatU64 saturates a ui64 index loaded as int (2^63 and more wrap to
// negative values) to the largest int64.
func tcpSatU64(v int) int {
	if v < 0 {
		return 1<<63 - 1
	}
	return v
}
`
	helpers["tcpSatI32"] = `// tcpSatI32 clamps v into the int32 range (tcp.cast_indices to i32).
func tcpSatI32(v int) int {
	return min(max(v, -1<<31), 1<<31-1)
}
`
	helpers["tcpZext1"] = `// tcpZext1 zero-extends the low bit of v (an i1 loaded as 0 or -1).
func tcpZext1(v int) int { return v & 1 }
`
	for _, w := range []int{8, 16, 32} {
		helpers[fmt.Sprintf("tcpZext%d", w)] = fmt.Sprintf(`// tcpZext%[1]d zero-extends the low %[1]d bits of v.
func tcpZext%[1]d(v int) int { return int(uint%[1]d(v)) }
`, w)
		helpers[fmt.Sprintf("tcpTrunc%d", w)] = fmt.Sprintf(`// tcpTrunc%[1]d keeps the low %[1]d bits of v, sign-extended.
func tcpTrunc%[1]d(v int) int { return int(int%[1]d(v)) }
`, w)
	}
}

// castTensor checks a tensor cast where walk meets it: no code, its dims.
func (f *funcGen) castTensor(op *ir.Operation) error {
	if _, err := goElem(ir.ElementType(op.Result(0).Type())); err != nil {
		return unsupported(op, err.Error())
	}
	if _, err := castConv(op); err != nil {
		return err
	}
	if _, err := f.dims(op.Result(0)); err != nil {
		return err
	}
	if op.Name() == arith.FPToSIName && !f.dimsFor {
		return f.fpToSICheck(op)
	}
	return nil
}

// fpToSICheck emits a nest over every element of an fptosi's operand
// that fails, like the interpreter, on NaN and on values whose truncation
// toward zero is outside the result type: the valid x are lo-1 < x < hi
// for [lo, hi) the result's range (lo for 64 bits, where no float64 lies
// between -2^63-1 and -2^63, and the bound is not representable).
func (f *funcGen) fpToSICheck(op *ir.Operation) error {
	ds, err := f.dims(op.Operand(0))
	if err != nil {
		return err
	}
	to := ir.ElementType(op.Result(0).Type())
	w, _ := bitWidth(to)
	lo, hi := -math.Ldexp(1, w-1)-1, math.Ldexp(1, w-1)
	if w == 64 {
		lo = -math.Ldexp(1, 63)
	}
	cmpLo := ">"
	if w == 64 {
		cmpLo = ">="
	}
	return f.validate(ds, func(coords []poly) (string, error) {
		r, err := f.read(op.Operand(0), coords, false)
		if err != nil {
			return "", err
		}
		r.load = "float64"
		v := f.loadInt(r, false)
		return fmt.Sprintf("if !(%s %s %s && %s < %s) {\nreturn %s\n}", v, cmpLo, strconv.FormatFloat(lo, 'g', -1, 64), v, strconv.FormatFloat(hi, 'g', -1, 64),
			f.errf("arith.fptosi: %%v does not fit in %s", []any{to}, v)), nil
	})
}

// castNotIndex is the error for a cast value read as data.
func castNotIndex(v ir.Value) error {
	for op := v.DefiningOp(); op != nil; op = op.Operand(0).DefiningOp() {
		if isCast(op) {
			return unsupported(op, "a cast is fused into index reads only; its result is returned or gathered as data")
		}
		if op.NumOperands() == 0 {
			break
		}
	}
	return fmt.Errorf("internal error: a converted read of %s", v.Type())
}

// intDataCast turns a read through integer casts (extsi, extui, trunci,
// index_cast, fptosi: r.conv) of a buffer element into a data read of the
// result's element type: the element is loaded as an int (sign- or
// zero-extended by its Go type), the casts' conversions applied, and the
// value converted to the result's Go type (which wraps as trunci does).
// Fill guards below the casts have their fill converted the same way. It
// leaves r unchanged (and the caller refuses it) for a bool or float
// result, or a float source under fill guards.
func (f *funcGen) intDataCast(v ir.Value, r ref) (ref, error) {
	et := ir.ElementType(v.Type())
	// Unsigned results too (tcp.bitcast to uiN): Go's conversion to
	// uintN keeps the low N bits of the converted int.
	if w, ok := bitWidth(et); !ok || (w != 8 && w != 16 && w != 32 && w != 64) {
		return r, nil
	}
	goT, err := goElem(et)
	if err != nil {
		return r, nil
	}
	if len(r.dconv) > 0 {
		return r, nil
	}
	fns := append(append([]string{r.loadFn()}, r.conv...), goT)
	gs := make([]guard, len(r.guards))
	for i, g := range r.guards {
		if r.load == "" && !isIntLiteral(g.fill) {
			return r, nil
		}
		fill := g.fill
		for _, fn := range fns {
			fill = fn + "(" + fill + ")"
		}
		gs[i] = guard{cond: g.cond, fill: fill, varying: g.varying}
	}
	r.guards = gs
	r.dconv = fns
	r.conv = nil
	r.load = ""
	return r, nil
}

// isIntLiteral reports a fill that is an integer literal (possibly
// negative), safe to pass through int().
func isIntLiteral(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
