package stablehlo

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Op names.
const (
	ReduceName = "stablehlo.reduce"
	ReturnName = "stablehlo.return"
)

// ReducerOps are the ops a reduce body may apply (the compact "applies"
// form jax prints for its fill-mode masks).
var ReducerOps = []string{AddName, MultiplyName, AndName, OrName, MaximumName, MinimumName}

// Return is stablehlo.return, the terminator of a reduce body.
var Return = registerEW(ir.OpDef{
	Name:    ReturnName,
	Summary: "the values a StableHLO region yields",
	Description: `Terminates the body of stablehlo.reduce with the reduced value.

Verifier rules: none of its own; stablehlo.reduce checks that its body
ends in stablehlo.return of the body op's result.`,
	Examples: []string{"stablehlo.return %0 : tensor<i1>"},
	Operands: []ir.OperandDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
	Traits:   []ir.Trait{ir.Pure, ir.Terminator},
	Format:   "$results attr-dict `:` type($results)",
})

// Reduce is stablehlo.reduce with one input and one init value.
var Reduce = registerEW(ir.OpDef{
	Name:    ReduceName,
	Summary: "reduce a tensor along dimensions with a binary op",
	Description: `result[ri] = body(... body(body(init, input[i0]), input[i1]) ...) over the
input indices i whose dims not in dimensions equal ri (in row-major order;
the ops allowed in the body are associative and commutative, so the order
does not change the value). The body is one binary elementwise op
(stablehlo.add, multiply, and, or, maximum, minimum) applied to the two
block arguments and returned, which StableHLO prints compactly:

  %r = stablehlo.reduce(%x init: %c) applies stablehlo.and across dimensions = [1] : (tensor<4x1xi1>, tensor<i1>) -> tensor<4xi1>

Only that form is supported (one input, one init; a general body is not).

Verifier rules:
  - init is 0-d with the input's element type; the result has the input's
    element type and the input's shape without dimensions;
  - dimensions are unique and in [0, rank(input));
  - the body is one block of two 0-d arguments of the element type holding
    one allowed binary op of them and stablehlo.return of its result.`,
	Examples: []string{"%0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.and across dimensions = [1] : (tensor<4x1xi1>, tensor<i1>) -> tensor<4xi1>"},
	Operands: []ir.OperandDef{{Name: "inputs", Type: ir.RankedTensorOf()}, {Name: "init_values", Type: ir.RankedTensorOf()}},
	Results:  []ir.ResultDef{{Name: "result", Type: ir.RankedTensorOf()}},
	Attrs:    []ir.AttrDef{{Name: "dimensions", Kind: i64ListKind, Required: true}},
	Regions:  []ir.RegionDef{{Name: "body"}},
	Traits:   []ir.Trait{ir.Pure},
	Parse:    parseReduce,
	Print:    printReduce,
	Verify:   verifyReduce,
})

// ReducerOf returns the name of the body's binary op, or "" if the body is
// not the supported one-op form.
func ReducerOf(op *ir.Operation) string {
	if len(op.Regions()) != 1 || len(op.Region(0).Blocks) != 1 {
		return ""
	}
	b := op.Region(0).Blocks[0]
	ops := b.Ops()
	if b.NumArguments() != 2 || len(ops) != 2 {
		return ""
	}
	body, ret := ops[0], ops[1]
	if !slices.ContainsFunc(ReducerOps, func(n string) bool { return Is(body, n) }) || !Is(ret, ReturnName) {
		return ""
	}
	if body.NumOperands() != 2 || body.Operand(0) != ir.Value(b.Argument(0)) || body.Operand(1) != ir.Value(b.Argument(1)) {
		return ""
	}
	if ret.NumOperands() != 1 || ret.Operand(0) != body.Result(0) {
		return ""
	}
	return "stablehlo." + body.Name()[strings.IndexByte(body.Name(), '.')+1:]
}

func verifyReduce(op *ir.Operation) error {
	in, init, out := rankedOf(op.Operand(0)), rankedOf(op.Operand(1)), rankedOf(op.Result(0))
	if init.Rank() != 0 || init.Elem() != in.Elem() || out.Elem() != in.Elem() {
		return op.EmitOpError("expects a 0-d init and a result of the input's element type %s, got %s and %s", in.Elem(), init, out)
	}
	dims := list(op, "dimensions")
	var want []int64
	for d := 0; d < in.Rank(); d++ {
		if !slices.Contains(dims, int64(d)) {
			want = append(want, in.Dim(d))
		}
	}
	seen := map[int64]bool{}
	for _, d := range dims {
		if d < 0 || d >= int64(in.Rank()) || seen[d] {
			return op.EmitOpError("dimensions %v must be unique and in [0, %d)", dims, in.Rank())
		}
		seen[d] = true
	}
	if !slices.Equal(out.Shape(), want) {
		return op.EmitOpError("expects result shape %v, got %s", want, out)
	}
	if ReducerOf(op) == "" {
		return op.EmitOpError("supports only a body of one binary op (%s) on the two block arguments, returned", strings.Join(ReducerOps, ", "))
	}
	return nil
}

func parseReduce(p ir.AsmParser, st *ir.ParseState) error {
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	x, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("init"); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	init, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(")"); err != nil {
		return err
	}
	if err := p.ParseKeyword("applies"); err != nil {
		return err
	}
	name, ok := p.ParseOptionalIdentifier()
	if !ok || !slices.Contains(ReducerOps, strings.Replace(name, "mhlo.", "stablehlo.", 1)) {
		return p.Errorf("expected one of %s after 'applies'", strings.Join(ReducerOps, ", "))
	}
	for _, kw := range []string{"across", "dimensions"} {
		if err := p.ParseKeyword(kw); err != nil {
			return err
		}
	}
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	if err := parseI64List(p, st, []ir.CustomArg{{Operand: -1, Attr: "dimensions"}}); err != nil {
		return err
	}
	attrs, _, err := p.ParseOptionalAttrDict()
	if err != nil {
		return err
	}
	for _, a := range attrs {
		st.AddAttr(a.Name, a.Value)
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok || len(ft.Inputs()) != 2 || len(ft.Results()) != 1 {
		return p.Errorf("expected a function type (input, init) -> result, got %s", t)
	}
	st.Operands[0], st.Operands[1] = []ir.UnresolvedOperand{x}, []ir.UnresolvedOperand{init}
	st.OperandTypes[0], st.OperandTypes[1] = []ir.Type{ft.Inputs()[0]}, []ir.Type{ft.Inputs()[1]}
	st.ResultTypes[0] = []ir.Type{ft.Results()[0]}
	// The body: ^bb0(%a: T, %b: T): %r = name %a, %b : T; stablehlo.return %r : T
	elem := ir.RankedTensor(nil, ir.ElementType(ft.Inputs()[1]))
	blk := ir.NewBlock([]ir.Type{elem, elem}, []ir.Location{st.Loc, st.Loc})
	bodyName := ir.Global.Lookup(name)
	body := ir.NewOperation(&ir.OperationState{Name: bodyName, Loc: st.Loc, Operands: []ir.Value{blk.Argument(0), blk.Argument(1)}, Types: []ir.Type{elem}})
	blk.Append(body)
	retName := ReturnName
	if strings.HasPrefix(name, "mhlo.") {
		retName = MHLO(ReturnName)
	}
	blk.Append(ir.NewOperation(&ir.OperationState{Name: ir.Global.Lookup(retName), Loc: st.Loc, Operands: []ir.Value{body.Result(0)}}))
	st.Regions = []*ir.Region{ir.NewRegion(blk)}
	return nil
}

func printReduce(p *ir.AsmPrinter, op *ir.Operation) {
	p.WriteString("(")
	p.PrintOperand(op.Operand(0))
	p.WriteString(" init: ")
	p.PrintOperand(op.Operand(1))
	p.WriteString(") applies ")
	body := ""
	if b := op.Region(0).Blocks; len(b) == 1 && b[0].First() != nil {
		body = b[0].First().Name()
	}
	p.WriteString(body)
	p.WriteString(" across dimensions = [")
	for i, d := range list(op, "dimensions") {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(strconv.FormatInt(d, 10))
	}
	p.WriteString("]")
	p.PrintOptionalAttrDict(op, map[string]bool{"dimensions": true}, false)
	p.WriteString(" : ")
	p.PrintType(ir.Function([]ir.Type{op.Operand(0).Type(), op.Operand(1).Type()}, []ir.Type{op.Result(0).Type()}))
}
