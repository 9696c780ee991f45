package golang

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
)

// Combiner regions (combine = "region"). The scatter loop is the one of
// the named combiners (emit_scatter.go); only the statement that merges
// an update into its destination element differs: the region's ops are
// emitted inline, in a block of their own, one Go variable per 0-d value,
// starting from the destination element and the update and ending in the
// store of the yielded value. The float ops compute as floatElementwise
// does (widened to float64, one rounding to the element type, the
// interpreter's NaN rules through the tcp*F helpers); integer ops wrap in
// their Go type, as arith's do at their width; i1 values are Go bools.
// Nothing is allocated. The worker split is unchanged, so the result is
// the sequential one for every worker count.

// checkScatterRegion checks that the Go backend emits every op of a
// scatter's combiner region (called from checkScatter).
func (f *funcGen) checkScatterRegion(op *ir.Operation) error {
	_, err := f.regionCode(op, "d", "u")
	return err
}

// regionCombine is combineStmt for combine = "region": the region of the
// current op (the scatter being emitted) on destination d and update u.
func (f *funcGen) regionCombine(d, u string) string {
	code, err := f.regionCode(f.op, d, u)
	if err != nil {
		// checkScatterRegion rejects such a program before any emission;
		// should it not, the kernel must not compile (an undefined name)
		// rather than combine silently wrong.
		return "tcpCombinerRegionNotEmitted()"
	}
	return code
}

// regionCode is the Go block that applies op's combiner region to the
// addressable destination element d and the update expression u.
func (f *funcGen) regionCode(op *ir.Operation, d, u string) (string, error) {
	b := tcp.CombinerRegion(op)
	if b == nil || b.NumArguments() != 2 {
		return "", unsupported(op, "combine = \"region\" without a combiner region of one block and 2 arguments")
	}
	names := map[ir.Value]string{}
	var lines []string
	for i, init := range []string{d, u} {
		n := f.temp()
		names[b.Argument(i)] = n
		lines = append(lines, fmt.Sprintf("%s := %s", n, init), "_ = "+n)
	}
	for o := b.First(); o != nil; o = o.Next() {
		if o.Name() == tcp.YieldName {
			if o.NumOperands() != 1 {
				return "", unsupported(o, "a combiner region yields one value")
			}
			lines = append(lines, fmt.Sprintf("%s = %s", d, names[o.Operand(0)]))
			break
		}
		if o.NumResults() != 1 {
			return "", unsupported(o, "expected one result in a combiner region")
		}
		expr, err := f.regionExpr(o, names)
		if err != nil {
			return "", err
		}
		n := f.temp()
		names[o.Result(0)] = n
		lines = append(lines, fmt.Sprintf("%s := %s", n, expr))
		lines = append(lines, "_ = "+n)
	}
	return "{\n" + strings.Join(lines, "\n") + "\n}", nil
}

// regionExpr is the Go expression of one region op over the variables of
// its operands.
func (f *funcGen) regionExpr(o *ir.Operation, names map[ir.Value]string) (string, error) {
	et := ir.ElementType(o.Result(0).Type())
	goT, err := goElem(et)
	if err != nil {
		return "", unsupported(o, err.Error())
	}
	vs := make([]string, o.NumOperands())
	for i, v := range o.Operands() {
		n, ok := names[v]
		if !ok {
			return "", unsupported(o, fmt.Sprintf("operand #%d is not defined earlier in the combiner region", i))
		}
		vs[i] = n
	}
	switch o.Name() {
	case tcp.ConstName, arith.ConstantName:
		t, err := interp.FromAttr(o.Attr("value"))
		if err != nil || t.NumElements() != 1 {
			return "", unsupported(o, "a combiner region constant must be a 0-d dense value")
		}
		return fmt.Sprintf("%s(%s)", goT, literal(et, t.Bits(0))), nil
	case arith.AddFName, arith.SubFName, arith.MulFName, arith.DivFName, arith.MaxFName, arith.MinFName, arith.NegFName:
		kind := floatMathKind(et)
		if kind == "" {
			return "", unsupported(o, fmt.Sprintf("float arith on f16, bf16, f32 or f64 only, got %s", et))
		}
		ws := make([]string, len(vs))
		for i, v := range vs {
			ws[i] = f.widen(kind, v)
		}
		return f.narrow(kind, floatExpr(f, o.Name(), ws)), nil
	case arith.CmpFName:
		kind := floatMathKind(ir.ElementType(o.Operand(0).Type()))
		if kind == "" {
			return "", unsupported(o, "arith.cmpf on f16, bf16, f32 or f64 only")
		}
		p, err := cmpFPredicate(o)
		if err != nil {
			return "", err
		}
		return cmpFExpr(p, f.widen(kind, vs[0]), f.widen(kind, vs[1]))
	case arith.SelectName:
		return fmt.Sprintf("func() %s {\nif %s {\nreturn %s\n}\nreturn %s\n}()", goT, vs[0], vs[1], vs[2]), nil
	case arith.CmpIName:
		ot, err := goElem(ir.ElementType(o.Operand(0).Type()))
		if err != nil {
			return "", unsupported(o, err.Error())
		}
		p := arith.CmpIPredicate(o.IntAttr("predicate")).String()
		ops := map[string]string{"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=", "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}
		cmp, ok := ops[p]
		if !ok {
			return "", unsupported(o, "unknown predicate "+p)
		}
		a, c := vs[0], vs[1]
		switch {
		case ot == "bool" && cmp != "==" && cmp != "!=":
			return "", unsupported(o, "arith.cmpi "+p+" on i1 in a combiner region")
		case strings.HasPrefix(ot, "uint") && p[0] == 's':
			return "", unsupported(o, "signed arith.cmpi on unsigned element types")
		case strings.HasPrefix(ot, "int") && p[0] == 'u':
			a, c = "u"+ot+"("+a+")", "u"+ot+"("+c+")"
		}
		return fmt.Sprintf("%s %s %s", a, cmp, c), nil
	}
	// integer arith
	if goT == "bool" {
		switch o.Name() {
		case arith.AndIName:
			return vs[0] + " && " + vs[1], nil
		case arith.OrIName:
			return vs[0] + " || " + vs[1], nil
		}
		return "", unsupported(o, "i1 values in a combiner region take arith.andi and arith.ori only")
	}
	if !strings.HasPrefix(goT, "int") {
		return "", unsupported(o, fmt.Sprintf("integer arith on signless integers only, got %s", et))
	}
	switch o.Name() {
	case arith.AddIName:
		return vs[0] + " + " + vs[1], nil
	case arith.SubIName:
		return vs[0] + " - " + vs[1], nil
	case arith.MulIName:
		return vs[0] + " * " + vs[1], nil
	case arith.AndIName:
		return vs[0] + " & " + vs[1], nil
	case arith.OrIName:
		return vs[0] + " | " + vs[1], nil
	case arith.MaxSIName:
		return "max(" + vs[0] + ", " + vs[1] + ")", nil
	case arith.MinSIName:
		return "min(" + vs[0] + ", " + vs[1] + ")", nil
	}
	return "", unsupported(o, "no Go code for this op in a combiner region")
}

// cmpFExpr is arith.cmpf's predicate p on the float64 values a and b:
// ordered predicates are false and unordered ones true when either is NaN.
func cmpFExpr(p, a, b string) (string, error) {
	ord := fmt.Sprintf("(%s == %s && %s == %s)", a, a, b, b)
	switch p {
	case "false":
		return "false", nil
	case "true":
		return "true", nil
	case "ord":
		return ord, nil
	case "uno":
		return "!" + ord, nil
	}
	ops := map[string]string{"eq": "==", "gt": ">", "ge": ">=", "lt": "<", "le": "<=", "ne": "!="}
	cmp, ok := ops[p[1:]]
	if !ok || (p[0] != 'o' && p[0] != 'u') {
		return "", fmt.Errorf("unknown arith.cmpf predicate %s", p)
	}
	if p[0] == 'o' {
		return fmt.Sprintf("(%s && %s %s %s)", ord, a, cmp, b), nil
	}
	return fmt.Sprintf("(!%s || %s %s %s)", ord, a, cmp, b), nil
}
