package golang

import (
	"fmt"
	"strconv"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	tensord "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
)

// Elementwise integer arith on index tensors.
//
// jax wraps every gather in index arithmetic (compare, select, add,
// clamp, remainder on the index tensor), which --convert-stablehlo-to-tcp
// turns into arith ops on tensors. Like a cast (emit_casts.go), such a
// value is never materialized: read composes it at the coordinates it is
// read at, loads its operands there (through views, gathers and casts)
// and computes the element as a Go int expression, recorded in ref.val,
// which loadInt returns; a cast above it converts the expression, and a
// fill guard of a gather above it selects the fill value. Elements are
// ints sign-extended from their width, as loadInt reads them; i1 is 0 or
// -1 (true). addi, subi and muli wrap at the width (tcpTrunc8..32,
// tcpTrunc1); andi, ori, maxsi and minsi keep a sign-extended value; cmpi
// compares signed values directly and unsigned ones as uint64, which
// orders sign-extended values like their zero-extended bits; select
// tests its condition against 0. The interpreter fails remsi by zero, so
// the divisor must be a nonzero constant splat (then no element can
// fail; Go's % truncates like remsi, and x % -1 is 0 as the interpreter
// says); any other divisor is a located error. Operands that are splat
// constants (through views) are literals; an i1 operand that is a buffer
// (an argument, a gather of one) is read as tcpB2I of its Go bool. A
// value computed here that is returned, or gathered as data into a
// returned result, is a located error like a cast's.

// isIntElementwise reports whether op is an integer arith op on tensors
// that this file fuses into index reads.
func isIntElementwise(op *ir.Operation) bool {
	if op == nil || op.NumResults() != 1 {
		return false
	}
	switch op.Name() {
	case arith.AddIName, arith.SubIName, arith.MulIName, arith.RemSIName, arith.DivSIName, arith.AndIName, arith.OrIName,
		arith.MaxSIName, arith.MinSIName, arith.CmpIName, arith.SelectName, arith.CmpFName:
		_, ok := op.Result(0).Type().(*ir.RankedTensorType)
		return ok
	}
	return false
}

// elemWidth is the width of an integer or index element type, with
// whether this file computes it (1, 8, 16, 32 or 64 bits).
func elemWidth(t ir.Type) (int, bool) {
	w, ok := bitWidth(t)
	if !ok {
		return 0, false
	}
	if it, isInt := t.(ir.IntegerType); isInt && it.Sign == ir.Unsigned {
		return 0, false
	}
	switch w {
	case 1, 8, 16, 32, 64:
		return w, true
	}
	return 0, false
}

// intElementwise checks an op where walk meets it: no code, its dims.
func (f *funcGen) intElementwise(op *ir.Operation) error {
	if op.Name() == arith.CmpFName {
		return f.cmpF(op)
	}
	first := 0
	if op.Name() == arith.SelectName {
		first = 1
		if w, ok := elemWidth(ir.ElementType(op.Operand(0).Type())); !ok || w != 1 {
			return unsupported(op, fmt.Sprintf("the condition must be an i1 tensor, got %s", op.Operand(0).Type()))
		}
	}
	et := ir.ElementType(op.Operand(first).Type())
	if _, isInt := elemWidth(et); !isInt && first == 1 {
		if _, err := goElem(et); err != nil {
			return unsupported(op, err.Error())
		}
	} else if _, ok := elemWidth(et); !ok {
		return unsupported(op, fmt.Sprintf("elementwise ops on signless integer or index tensors only (float math on data is not fused), got %s", et))
	}
	if op.Name() == arith.RemSIName || op.Name() == arith.DivSIName {
		if c, ok := splatInt(op.Operand(1)); !ok || c == 0 {
			return unsupported(op, "the divisor must be a nonzero constant splat, since the interpreter fails a division by zero")
		}
	}
	_, err := f.dims(op.Result(0))
	return err
}

// intElementwiseDims: the operands' dims, which must agree at run time.
func (f *funcGen) intElementwiseDims(op *ir.Operation, t *ir.RankedTensorType) ([]poly, error) {
	first, err := f.dims(op.Operand(0))
	if err != nil {
		return nil, err
	}
	ds := append([]poly{}, first...)
	for k := 1; k < op.NumOperands(); k++ {
		od, err := f.dims(op.Operand(k))
		if err != nil {
			return nil, err
		}
		for j := range od {
			if od[j].equal(first[j]) {
				continue
			}
			f.stmt("if %s != %s {\nreturn %s\n}", od[j], first[j], f.errf("%s: operand #%d dim %d has size %%d, want %%d", []any{op.Name(), k, j}, od[j].String(), first[j].String()))
		}
	}
	for j := range ds {
		if !t.IsDynamicDim(j) {
			ds[j] = pconst(t.Dim(j))
		}
	}
	return ds, nil
}

// splatBits returns the element bits of a constant whose elements are all
// equal, seen through views.
func splatBits(v ir.Value) (uint64, bool) {
	op := v.DefiningOp()
	for isView(op) || op != nil && op.Name() == tcp.SliceName {
		op = op.Operand(0).DefiningOp()
	}
	if op == nil || op.Name() != arith.ConstantName && op.Name() != tcp.ConstName {
		return 0, false
	}
	a, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok {
		return 0, false
	}
	t, err := interp.FromAttr(a)
	if err != nil || t.NumElements() == 0 {
		return 0, false
	}
	b := t.Bits(0)
	for i := 1; i < int(t.NumElements()); i++ {
		if t.Bits(i) != b {
			return 0, false
		}
	}
	return b, true
}

// splatInt returns the value (sign-extended from its width) of an integer
// splat constant (splatBits).
func splatInt(v ir.Value) (int64, bool) {
	w, ok := elemWidth(ir.ElementType(v.Type()))
	if !ok {
		return 0, false
	}
	b, ok := splatBits(v)
	if !ok {
		return 0, false
	}
	s := uint(64 - w)
	return int64(b<<s) >> s, true
}

// operandInt returns a Go int expression for operand k of op at coords.
func (f *funcGen) operandInt(op *ir.Operation, k int, coords []poly, checked bool) (string, error) {
	v := op.Operand(k)
	if c, ok := splatInt(v); ok {
		if c < 0 {
			return fmt.Sprintf("(%d)", c), nil
		}
		return strconv.FormatInt(c, 10), nil
	}
	r, err := f.read(v, coords, checked)
	if err != nil {
		return "", err
	}
	if r.val == "" {
		if w, _ := bitWidth(ir.ElementType(v.Type())); w == 1 {
			// An i1 buffer (an argument, a gather of one: Go bools) is
			// read as the int -1 or 0, like a cmpi result (torch's
			// where(mask, c, y) with a boolean argument mask).
			if len(r.conv) > 0 {
				return "", unsupported(op, fmt.Sprintf("operand #%d is a converted i1 tensor", k))
			}
			return f.loadBool(r, checked), nil
		}
	}
	return f.loadInt(r, checked), nil
}

// loadBool is the Go int expression (-1 or 0, tcpB2I) of the element of
// the i1 buffer read r, bound at the loop level its loads need (as loadInt
// binds an integer load).
func (f *funcGen) loadBool(r ref, checked bool) string {
	f.g.used["b2i"] = true
	var names []string
	for _, g := range r.guards {
		names = append(names, g.cond)
	}
	l := max(f.levelOf(r.off), f.levelOfAtoms(names...))
	off := f.hoist(r.off, l)
	v := fmt.Sprintf("%s[%s]", r.buf, off)
	if checked || len(r.guards) > 0 {
		f.g.used["at"] = true
		v = fmt.Sprintf("tcpAt(%s, %s)", r.buf, off)
	}
	for i := len(r.guards) - 1; i >= 0; i-- {
		f.g.used["sel"] = true
		v = fmt.Sprintf("tcpSel(%s, %s, %s)", r.guards[i].cond, r.guards[i].fill, v)
	}
	return f.bind(l, "tcpB2I("+v+")")
}

// readIntElementwise computes the element of op at coords (see above).
func (f *funcGen) readIntElementwise(op *ir.Operation, coords []poly, checked bool) (ref, error) {
	if op.Name() == arith.CmpFName {
		return f.readCmpF(op, coords, checked)
	}
	if op.Name() == arith.SelectName {
		_, isInt := elemWidth(ir.ElementType(op.Result(0).Type()))
		if !isInt {
			return f.readSelectData(op, coords, checked)
		}
		// An integer select with one splat operand whose other operand
		// is a plain read (data, or indices gathered from a buffer) is a
		// guarded read too, so that it can also be returned.
		_, s1 := splatBits(op.Operand(1))
		_, s2 := splatBits(op.Operand(2))
		if s1 != s2 {
			other := op.Operand(1)
			if s1 {
				other = op.Operand(2)
			}
			if d := other.DefiningOp(); d == nil || !isIntElementwise(d) && !isCast(d) {
				if r, err := f.read(other, coords, checked); err == nil && r.val == "" && r.conv == nil {
					return f.readSelectData(op, coords, checked)
				}
			}
		}
	}
	vs := make([]string, op.NumOperands())
	for k := range vs {
		v, err := f.operandInt(op, k, coords, checked)
		if err != nil {
			return ref{}, err
		}
		vs[k] = v
	}
	et := ir.ElementType(op.Result(0).Type())
	if op.Name() == arith.CmpIName {
		et = ir.ElementType(op.Operand(0).Type())
	}
	w, _ := elemWidth(et)
	a := vs[0]
	b := ""
	if len(vs) > 1 {
		b = vs[1]
	}
	var expr string
	wrap := false
	switch op.Name() {
	case arith.AddIName:
		expr, wrap = a+" + "+b, true
	case arith.SubIName:
		expr, wrap = a+" - "+b, true
	case arith.MulIName:
		expr, wrap = a+" * "+b, true
	case arith.RemSIName:
		expr = a + " % " + b
	case arith.DivSIName:
		// Go's division truncates toward zero like divsi; the minimum
		// value divided by -1 wraps (at 64 bits in Go, at narrower widths
		// through the truncation).
		expr, wrap = a+" / "+b, true
	case arith.AndIName:
		expr = a + " & " + b
	case arith.OrIName:
		expr = a + " | " + b
	case arith.MaxSIName:
		expr = "max(" + a + ", " + b + ")"
	case arith.MinSIName:
		expr = "min(" + a + ", " + b + ")"
	case arith.SelectName:
		f.g.used["sel"] = true
		expr = fmt.Sprintf("tcpSel(%s != 0, %s, %s)", a, b, vs[2])
	case arith.CmpIName:
		p := arith.CmpIPredicate(op.IntAttr("predicate")).String()
		ops := map[string]string{"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=", "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}
		cmp, ok := ops[p]
		if !ok {
			return ref{}, unsupported(op, "unknown predicate "+p)
		}
		if p[0] == 'u' {
			a, b = "uint64("+a+")", "uint64("+b+")"
		}
		f.g.used["b2i"] = true
		expr = fmt.Sprintf("tcpB2I(%s %s %s)", a, cmp, b)
	}
	if wrap && w < 64 {
		h := fmt.Sprintf("tcpTrunc%d", w)
		f.g.used[h] = true
		expr = h + "(" + expr + ")"
	}
	return ref{val: f.bind(f.levelOfAtoms(vs...), expr)}, nil
}

// readSelectData reads a select of data with a constant splat operand
// (jax's fill: select(in_bounds, gathered, fill)) as a read of the other
// operand under a guard whose fill is the splat, like a gather's mode
// fill; the result nest then stores whole runs or the fill.
func (f *funcGen) readSelectData(op *ir.Operation, coords []poly, checked bool) (ref, error) {
	c, err := f.operandInt(op, 0, coords, checked)
	if err != nil {
		return ref{}, err
	}
	et := ir.ElementType(op.Result(0).Type())
	_, s1 := splatBits(op.Operand(1))
	_, s2 := splatBits(op.Operand(2))
	if !s1 && !s2 {
		return f.readSelectTwo(op, c, coords, checked)
	}
	k, test := 1, "%s == 0" // the splat is operand 2: it replaces false
	bits, ok := splatBits(op.Operand(2))
	if !ok {
		bits, _ = splatBits(op.Operand(1))
		k, test = 2, "%s != 0"
	}
	r, err := f.read(op.Operand(k), coords, checked)
	if err != nil {
		return ref{}, err
	}
	if r.val != "" || r.conv != nil {
		return ref{}, unsupported(op, fmt.Sprintf("operand #%d is a fused cast or integer arith value, read here as data", k))
	}
	g := guard{cond: f.bind(f.levelOfAtoms(c), fmt.Sprintf(test, c)), fill: literal(et, bits)}
	r.guards = append([]guard{g}, r.guards...)
	return r, nil
}

// readSelectTwo reads a select of two data tensors (jnp.where(m, x[i],
// x[j])): the true operand's read, with a guard that takes the false
// operand's element at the same coordinates where the condition c is
// false. Both must be plain buffer reads (no guards, casts or
// conversions of their own on the false side).
func (f *funcGen) readSelectTwo(op *ir.Operation, c string, coords []poly, checked bool) (ref, error) {
	a, err := f.read(op.Operand(1), coords, checked)
	if err != nil {
		return ref{}, err
	}
	b, err := f.read(op.Operand(2), coords, checked)
	if err != nil {
		return ref{}, err
	}
	plain := func(r ref) bool { return r.val == "" && r.conv == nil && len(r.dconv) == 0 && r.load == "" }
	if !plain(a) || !plain(b) || len(b.guards) > 0 {
		return ref{}, unsupported(op, "a select of two data tensors needs plain buffer reads on both sides (the false side without fill guards or conversions)")
	}
	g := guard{cond: f.bind(f.levelOfAtoms(c), fmt.Sprintf("%s == 0", c)), fill: fmt.Sprintf("%s[%s]", b.buf, b.off.String()), varying: true}
	a.guards = append([]guard{g}, a.guards...)
	return a, nil
}

// foldGuards applies the fill guards of a gather to a computed value.
func (f *funcGen) foldGuards(r ref) ref {
	if r.val == "" || len(r.guards) == 0 {
		return r
	}
	f.g.used["sel"] = true
	v := r.val
	names := []string{v}
	for i := len(r.guards) - 1; i >= 0; i-- {
		v = fmt.Sprintf("tcpSel(%s, %s, %s)", r.guards[i].cond, r.guards[i].fill, v)
		names = append(names, r.guards[i].cond)
	}
	return ref{val: f.bind(f.levelOfAtoms(names...), v)}
}

// notIndex is the error for a fused cast or elementwise value read as
// data (returned, or gathered into a returned result).
func notIndex(v ir.Value) error {
	for op := v.DefiningOp(); op != nil && op.NumOperands() > 0; op = op.Operand(0).DefiningOp() {
		if op.Name() == tcp.IotaName || op.Name() == tensord.FromElementsName {
			return unsupported(op, "its elements are computed into index reads only; its result is returned or gathered as data")
		}
		if isIntElementwise(op) {
			return unsupported(op, "elementwise integer arith is fused into index reads only; its result is returned or gathered as data")
		}
		if isCast(op) {
			break
		}
	}
	return castNotIndex(v)
}

func init() {
	helpers["b2i"] = `// tcpB2I is an i1 element as an int: -1 (all bits set) for true.
func tcpB2I(c bool) int {
	if c {
		return -1
	}
	return 0
}
`
	helpers["tcpTrunc1"] = `// tcpTrunc1 keeps the low bit of v, sign-extended.
func tcpTrunc1(v int) int { return -(v & 1) }
`
}
