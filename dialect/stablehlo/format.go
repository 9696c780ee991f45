package stablehlo

import (
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// The custom directives of StableHLO's pretty forms (its
// dialect/AssemblyFormat.cpp):
//
//	custom<SliceRanges>($start_indices, $limit_indices, $strides)
//	    [0:3:2, 2:6:3]   (":stride" omitted when it is 1)
//	custom<VariadicOperandWithAttribute>($start_indices)
//	    %a, %b,          (each operand followed by a comma)
//	custom<I64List>($slice_sizes)
//	    [2, 2]           (an i64 array without the array<i64: ...> wrapper)
//
// They are registered before the op definitions that use them (register
// refers to directivesRegistered, so Go initializes it first).
var directivesRegistered = func() bool {
	ir.RegisterCustomDirective("SliceRanges", &ir.CustomDirective{Parse: parseSliceRanges, Print: printSliceRanges})
	ir.RegisterCustomDirective("VariadicOperandWithAttribute", &ir.CustomDirective{Parse: parseVariadicOperands, Print: printVariadicOperands})
	ir.RegisterCustomDirective("I64List", &ir.CustomDirective{Parse: parseI64List, Print: printI64List})
	return true
}()

func i64Array(v []int64) *ir.DenseArrayAttr {
	if v == nil {
		v = []int64{}
	}
	return &ir.DenseArrayAttr{Elem: ir.I64, Ints: v}
}

func parseSliceRanges(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
	if err := p.ParsePunct("["); err != nil {
		return err
	}
	var start, limit, stride []int64
	if !p.ParseOptionalPunct("]") {
		for {
			s, err := parseInt(p)
			if err != nil {
				return err
			}
			if err := p.ParsePunct(":"); err != nil {
				return err
			}
			l, err := parseInt(p)
			if err != nil {
				return err
			}
			t := int64(1)
			if p.ParseOptionalPunct(":") {
				if t, err = parseInt(p); err != nil {
					return err
				}
			}
			start, limit, stride = append(start, s), append(limit, l), append(stride, t)
			if p.ParseOptionalPunct("]") {
				break
			}
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
	}
	st.AddAttr(args[0].Attr, i64Array(start))
	st.AddAttr(args[1].Attr, i64Array(limit))
	st.AddAttr(args[2].Attr, i64Array(stride))
	return nil
}

func printSliceRanges(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
	start, _ := I64List(op.Attr(args[0].Attr))
	limit, _ := I64List(op.Attr(args[1].Attr))
	stride, _ := I64List(op.Attr(args[2].Attr))
	var b strings.Builder
	b.WriteByte('[')
	for i := range start {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(start[i], 10) + ":")
		if i < len(limit) {
			b.WriteString(strconv.FormatInt(limit[i], 10))
		}
		if i < len(stride) && stride[i] != 1 {
			b.WriteString(":" + strconv.FormatInt(stride[i], 10))
		}
	}
	b.WriteByte(']')
	p.WriteString(b.String())
}

func parseVariadicOperands(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
	var vals []ir.UnresolvedOperand
	for {
		u, ok, err := p.ParseOptionalOperand()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		vals = append(vals, u)
		if err := p.ParsePunct(","); err != nil {
			return err
		}
	}
	st.Operands[args[0].Operand] = vals
	return nil
}

func printVariadicOperands(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
	groups, err := op.Def().OperandGroups(op)
	if err != nil {
		return
	}
	for i, v := range groups[args[0].Operand] {
		if i > 0 {
			p.WriteString(" ")
		}
		p.PrintOperand(v)
		p.WriteString(",")
	}
}

func parseI64List(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
	if !p.PeekPunct("[") {
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		st.AddAttr(args[0].Attr, a)
		return nil
	}
	p.ParsePunct("[")
	list := []int64{}
	if !p.ParseOptionalPunct("]") {
		for {
			v, err := parseInt(p)
			if err != nil {
				return err
			}
			list = append(list, v)
			if p.ParseOptionalPunct("]") {
				break
			}
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
	}
	st.AddAttr(args[0].Attr, i64Array(list))
	return nil
}

// printI64List prints an array<i64: ...> as [...]; another attribute (an
// older mhlo dense<...> list) is printed as it is, and parses back as such.
func printI64List(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
	a := op.Attr(args[0].Attr)
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		p.PrintAttribute(a)
		return
	}
	parts := make([]string, len(d.Ints))
	for i, v := range d.Ints {
		parts[i] = strconv.FormatInt(v, 10)
	}
	p.WriteString("[" + strings.Join(parts, ", ") + "]")
}
