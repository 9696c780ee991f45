package tcptodml

import (
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/ir"
)

// Integer arith on index tensors (jax wraps its gathers in index
// normalization: x < 0 ? x + n : x, remsi by the dim size, in-bounds
// masks) lowers to one DirectML elementwise operator each:
//
//	arith.addi/subi/muli/maxsi  ELEMENT_WISE_ADD/SUBTRACT/MULTIPLY/MAX
//	arith.minsi                 ELEMENT_WISE_MIN
//	arith.remsi                 ELEMENT_WISE_MODULUS_TRUNCATE (constant divisor without zeros only)
//	arith.andi/ori              ELEMENT_WISE_BIT_AND/BIT_OR (LOGICAL_AND/OR on i1)
//	arith.cmpi                  ELEMENT_WISE_LOGICAL_EQUALS/LESS_THAN/… (ne: LOGICAL_NOT of EQUALS)
//	arith.cmpf (f32, f16)       the same for oeq/olt/ole/ogt/oge (false on NaN) and une (NOT of EQUALS)
//	arith.select                ELEMENT_WISE_IF (any data type: jax selects its fill value)
//
// Operands are read through views (broadcasts fold into zero strides), and
// a splat constant operand becomes a one-element DML-owned constant read
// with zero strides. The ops' feature levels are checked only if they are
// still used after the gathers are lowered (dead masks are erased).
// Integer overflow: DirectML's add, subtract and multiply run as HLSL
// integer instructions, which wrap at the width like arith's (see the
// dml ops' docs); remsi by zero, which the interpreter reports, is
// refused since DirectML has no error path.

var arithToDML = map[string]string{
	arith.AddIName:  dml.AddName,
	arith.SubIName:  dml.SubtractName,
	arith.MulIName:  dml.MultiplyName,
	arith.MaxSIName: dml.MaxName,
	arith.MinSIName: dml.MinName,
	arith.RemSIName: dml.ModulusTruncateName,
	arith.AndIName:  dml.BitAndName,
	arith.OrIName:   dml.BitOrName,
}

// isIndexArith reports the tensor arith ops lowered here.
func isIndexArith(op *ir.Operation) bool {
	_, ok := arithToDML[op.Name()]
	if !ok && op.Name() != arith.CmpIName && op.Name() != arith.CmpFName && op.Name() != arith.SelectName {
		return false
	}
	return op.NumResults() == 1 && isTensor(op.Result(0).Type())
}

func (c *conv) arith(op *ir.Operation) *ir.Diagnostic {
	for _, v := range append(op.Operands(), op.Result(0)) {
		if !isTensor(v.Type()) {
			return errorf(op, "operands must be tensors, got %s", v.Type())
		}
		if err := checkTensor(op, "tensor", v.Type()); err != nil {
			return err
		}
	}
	et, ok := ir.ElementType(op.Operand(op.NumOperands() - 1).Type()).(ir.IntegerType)
	if op.Name() == arith.CmpFName {
		if ft, isF := ir.ElementType(op.Operand(0).Type()).(ir.FloatType); !isF || ft.Kind != ir.F32 && ft.Kind != ir.F16 {
			return errorf(op, "only f32 and f16 comparisons are lowered, got %s", ir.ElementType(op.Operand(0).Type()))
		}
	} else if !ok && op.Name() != arith.SelectName {
		return errorf(op, "only integer data is lowered, got %s", ir.ElementType(op.Operand(op.NumOperands()-1).Type()))
	}
	name := arithToDML[op.Name()]
	not := false
	switch op.Name() {
	case arith.CmpIName:
		p := arith.Predicate(op)
		name, not = cmpiToDML(p, et)
		if name == "" {
			return errorf(op, "predicate %s on %s: DirectML compares %s data %s", p, et, dtOf(et), map[bool]string{true: "as unsigned", false: "as signed"}[et.Width == 1 || et.Sign == ir.Unsigned])
		}
	case arith.CmpFName:
		p := arith.CmpFPredicates[op.IntAttr("predicate")]
		name, not = cmpfToDML(p)
		if name == "" {
			return errorf(op, "predicate %s: DirectML's comparisons are ordered (false on NaN) and its not-equals is NOT(EQUALS); only oeq, une, olt, ole, ogt and oge are lowered", p)
		}
	case arith.SelectName:
		name = dml.IfName
	case arith.AndIName, arith.OrIName:
		if et.Width == 1 {
			name = map[string]string{arith.AndIName: dml.LogicalAndName, arith.OrIName: dml.LogicalOrName}[op.Name()]
		}
	default:
		if et.Width == 1 {
			return errorf(op, "i1 arithmetic is not lowered (DirectML would compute it on UINT8 without wrapping at 1 bit)")
		}
	}
	if (op.Name() == arith.MaxSIName || op.Name() == arith.MinSIName) && et.Sign == ir.Unsigned {
		return errorf(op, "%s on %s: DirectML's MAX and MIN compare UINT data as unsigned", op.Name(), et)
	}
	if op.Name() == arith.RemSIName {
		if et.Sign == ir.Unsigned {
			return errorf(op, "arith.remsi on %s: DirectML's MODULUS_TRUNCATE reads UINT data as unsigned", et)
		}
		if err := constDivisor(op); err != nil {
			return err
		}
	}
	r := len(shapeOf(op.Result(0)))
	d, err := c.dims(op, dml.Info(name).Type, true, r)
	if err != nil {
		return err
	}
	c.rw.SetInsertionPointBefore(op)
	attrs := []ir.NamedAttr{{Name: "dimension_count", Value: ir.IndexAttr(int64(d))}}
	var operands []ir.Value
	names := map[int][]string{2: {"a", "b"}, 3: {"condition", "a", "b"}}[op.NumOperands()]
	for i, v := range op.Operands() {
		w, err := viewOf(op, v)
		if err != nil {
			return err
		}
		w = c.splatView(op, w)
		operands = append(operands, w.base)
		attrs = append(attrs, w.attrs(names[i], d)...)
	}
	rt := op.Result(0).Type()
	if not {
		rt = ir.RankedTensor(shapeOf(op.Result(0)), ir.IntegerType{Width: 1})
	}
	n := c.rw.Create(name, c.loc(op), operands, []ir.Type{rt}, sortAttrs(attrs))
	if op.Name() != arith.CmpFName && c.needsWiden(n, et) {
		n.Erase()
		n = c.widened(op, name, d, rt, operands, attrs, names)
	}
	c.defer1(op, n)
	if not {
		n = c.rw.Create(dml.LogicalNotName, c.loc(op), n.Results(), []ir.Type{op.Result(0).Type()}, attrs[:1])
		c.defer1(op, n)
	}
	op.ReplaceAllUsesWith(n.Results())
	op.Erase()
	return nil
}

// cmpfToDML maps an arith.cmpf predicate to the DirectML comparison and
// whether its result is negated: DirectML's float comparisons are HLSL's,
// false when either operand is NaN (the ordered predicates), and une is
// NOT(EQUALS); "" for the others.
func cmpfToDML(p string) (string, bool) {
	switch p {
	case "oeq":
		return dml.EqualsName, false
	case "une":
		return dml.EqualsName, true
	case "olt":
		return dml.LessThanName, false
	case "ole":
		return dml.LessOrEqualName, false
	case "ogt":
		return dml.GreaterThanName, false
	case "oge":
		return dml.GreaterOrEqualName, false
	}
	return "", false
}

func dtOf(t ir.IntegerType) string {
	dt, _ := dml.DataTypeOf(t)
	return dt.String()
}

// cmpiToDML maps a predicate to the DirectML comparison and whether its
// result is negated; "" if DirectML compares t the other way (INTn
// signed; UINTn and i1, which moves as UINT8, unsigned).
func cmpiToDML(p arith.CmpIPredicate, t ir.IntegerType) (string, bool) {
	unsigned := t.Width == 1 || t.Sign == ir.Unsigned
	switch p.String() {
	case "eq":
		return dml.EqualsName, false
	case "ne":
		return dml.EqualsName, true
	}
	if (p.String()[0] == 'u') != unsigned {
		return "", false
	}
	switch p.String()[1:] {
	case "lt":
		return dml.LessThanName, false
	case "le":
		return dml.LessOrEqualName, false
	case "gt":
		return dml.GreaterThanName, false
	case "ge":
		return dml.GreaterOrEqualName, false
	}
	return "", false
}

// needsWiden reports whether n, an operator on INT8 or INT16 data, needs
// a feature level above the target's (DirectML takes 8- and 16-bit data
// in most element-wise operators only from 5.1) while INT32 would not.
func (c *conv) needsWiden(n *ir.Operation, et ir.IntegerType) bool {
	if et.Sign == ir.Unsigned || et.Width != 8 && et.Width != 16 {
		return false
	}
	needs, err := dml.Needs(n)
	if err != nil {
		return false
	}
	for _, nd := range needs {
		if nd.Level > c.level {
			return true
		}
	}
	return false
}

// widened computes op (lowered to the operator name) in INT32: each
// 8- or 16-bit operand view is CAST to INT32 (exact sign extension), the
// operator runs on the packed INT32 tensors, and an integer result is
// CAST back, which keeps the low bits: addi, subi and muli then wrap at
// the narrow width as arith's do, and the other ops' values fit. The
// casts need feature level 1.0 for 8- to 32-bit types and D = 4 or 5.
func (c *conv) widened(op *ir.Operation, name string, d int, rt ir.Type, operands []ir.Value, attrs []ir.NamedAttr, names []string) *ir.Operation {
	shape := shapeOf(op.Result(0))
	dc := ir.NamedAttr{Name: "dimension_count", Value: ir.IndexAttr(int64(d))}
	byName := map[string][]ir.NamedAttr{}
	for _, a := range attrs[1:] {
		for _, nm := range names {
			if strings.HasPrefix(a.Name, nm+"_") {
				byName[nm] = append(byName[nm], ir.NamedAttr{Name: "input" + strings.TrimPrefix(a.Name, nm), Value: a.Value})
			}
		}
	}
	var wide []ir.Value
	var wattrs []ir.NamedAttr
	for i, v := range operands {
		et := ir.ElementType(v.Type()).(ir.IntegerType)
		if et.Width == 1 {
			wide = append(wide, v)
			for _, a := range attrs[1:] {
				if strings.HasPrefix(a.Name, names[i]+"_") {
					wattrs = append(wattrs, a)
				}
			}
			continue
		}
		k := c.rw.Create(dml.CastName, c.loc(op), []ir.Value{v}, []ir.Type{ir.RankedTensor(shape, ir.I32)}, sortAttrs(append([]ir.NamedAttr{dc}, byName[names[i]]...)))
		c.defer1(op, k)
		wide = append(wide, k.Result(0))
	}
	out := rt
	narrow := ir.ElementType(rt).(ir.IntegerType).Width > 1
	if narrow {
		out = ir.RankedTensor(shape, ir.I32)
	}
	n := c.rw.Create(name, c.loc(op), wide, []ir.Type{out}, sortAttrs(append([]ir.NamedAttr{dc}, wattrs...)))
	if !narrow {
		return n
	}
	c.defer1(op, n)
	return c.rw.Create(dml.CastName, c.loc(op), n.Results(), []ir.Type{rt}, []ir.NamedAttr{dc})
}

// constDivisor checks that remsi's divisor is a compile-time constant
// without zeros.
func constDivisor(op *ir.Operation) *ir.Diagnostic {
	w, err := viewOf(op, op.Operand(1))
	if err != nil {
		return err
	}
	a, ok := ir.ConstantAttr(w.base).(*ir.DenseElementsAttr)
	if !ok {
		return errorf(op, "arith.remsi needs a constant divisor: DirectML's MODULUS_TRUNCATE has no division-by-zero error, got a computed divisor")
	}
	for i, v := range a.Ints() {
		if v == 0 {
			return errorf(op, "arith.remsi divides by zero (element %d of the constant divisor), which DirectML cannot report", i)
		}
	}
	return nil
}

// splatView replaces a view of a splat constant with more than one element
// by a one-element DML-owned constant read through zero strides, one per
// value in the function.
func (c *conv) splatView(op *ir.Operation, w view) view {
	a, ok := ir.ConstantAttr(w.base).(*ir.DenseElementsAttr)
	if !ok || !a.Splat || numElements(shapeOf(w.base)) == 1 {
		return w
	}
	et := ir.ElementType(w.base.Type())
	kt := ir.RankedTensor([]int64{1}, et)
	value := &ir.DenseElementsAttr{Type: kt, Raw: a.Raw[:ir.ElemByteSize(et)]}
	key := value.String()
	k, ok := c.splats[key]
	if !ok {
		// The function body is one block lowered in order, so a constant
		// created before an earlier op dominates the later uses.
		k = c.rw.Create(dml.ConstantName, c.loc(op), nil, []ir.Type{kt}, []ir.NamedAttr{{Name: "value", Value: value}}).Result(0)
		if c.splats == nil {
			c.splats = map[string]ir.Value{}
		}
		c.splats[key] = k
	}
	return view{base: k, sizes: append([]int64{}, w.sizes...), strides: make([]int64, len(w.sizes))}
}

// sortAttrs orders attributes by name (the printed order of the other
// lowerings).
func sortAttrs(a []ir.NamedAttr) []ir.NamedAttr {
	out := append([]ir.NamedAttr{}, a...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Name < out[j-1].Name; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
