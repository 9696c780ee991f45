package tensor

import (
	"github.com/tcp-project/tcp/ir"
)

func registerReshapes() {
	ExpandShapeDef = ir.MustRegister(ir.OpDef{
		Name:    ExpandShapeName,
		Summary: "operation to produce a tensor with a higher rank",
		Description: `Reshapes src into a result of higher rank without moving data: each
reassociation group lists the consecutive result dims that one src dim
splits into. A rank-0 src expands into all-ones dims with the empty
reassociation [].

Input syntax: besides the LLVM 16 form that is printed, the parser accepts
LLVM ≥ 19's "output_shape [2, %d]" before the attribute dictionary (it is
checked against the result type: "expected number of static shape dims to
be equal to the output rank (2) but found 1 inputs instead", "invalid output
shape provided at pos 1", then dropped) and the design-doc notation
": (tensor<2xi64>) -> tensor<2x1xi64>" for ": tensor<2xi64> into
tensor<2x1xi64>".

Folds: expand_shape(collapse_shape(x)) with the same reassociation and x of
the result type is x.

Verifier rules, with MLIR 16's messages (an unranked tensor reads as rank 0):
  - "expected rank expansion, but found source rank 2 >= result rank 2";
  - reassociation is an array of i64 arrays ("attribute 'reassociation'
    failed to satisfy constraint: Array of 64-bit integer array attributes");
  - "invalid to reshape tensor/memref with non-unit extent dimensions to
    zero-rank tensor/memref";
  - "expected rank of the collapsed type(2) to be the number of reassociation
    maps(1)";
  - "expected reassociation map #0 of same rank as expanded memref(3), but
    got 2";
  - "expected reassociation map #0 to be valid and contiguous" (also for an
    empty group, on which mlir-opt-16 crashes);
  - "invalid to have a single dimension (0) expanded into multiple dynamic
    dims (0,1)";
  - "expected dimension 0 of collapsed type to be dynamic since one or more
    of the corresponding dimensions in the expanded type is dynamic";
  - "expected dimension 0 of collapsed type to be static value of 8";
  - "expected collapsed type to be 'tensor<4xi32>', but got 'tensor<4xf32>'".`,
		Examples: []string{
			"%expanded = tensor.expand_shape %arg0 [[0, 1]] : tensor<2xi64> into tensor<2x1xi64>",
			"%expanded_0 = tensor.expand_shape %arg1 [] : tensor<i64> into tensor<1x1xi64>",
		},
		Operands:   []ir.OperandDef{{Name: "src", Type: anyTensor}},
		Results:    []ir.ResultDef{{Name: "result", Type: anyTensor}},
		Attrs:      []ir.AttrDef{{Name: "reassociation", Kind: reassociationKind, Required: true}},
		Traits:     []ir.Trait{ir.Pure},
		Format:     "$src $reassociation attr-dict `:` type($src) `into` type($result)",
		Parse:      func(p ir.AsmParser, st *ir.ParseState) error { return parseReshape(p, st, true) },
		ResultName: name("expanded"),
		Fold:       foldReshapeOfReshape(CollapseShapeName),
		Verify: func(op *ir.Operation) error {
			src, res := op.Operand(0).Type(), op.Result(0).Type()
			if s, r := len(shapeOf(src)), len(shapeOf(res)); s >= r {
				return op.EmitOpError("expected rank expansion, but found source rank %d >= result rank %d", s, r)
			}
			return verifyReshape(op, res, src, true)
		},
	})

	CollapseShapeDef = ir.MustRegister(ir.OpDef{
		Name:    CollapseShapeName,
		Summary: "operation to produce a tensor with a smaller rank",
		Description: `Reshapes src into a result of lower rank without moving data: each
reassociation group lists the consecutive src dims that merge into one
result dim. A tensor of all-ones dims collapses into rank 0 with [].

The design-doc notation ": (T) -> U" is accepted on input for ": T into U".

Folds: collapse_shape(expand_shape(x)) with the same reassociation and x of
the result type is x.

Verifier rules: as tensor.expand_shape with the roles of the types swapped,
first "expected rank reduction, but found source rank 2 <= result rank 2";
several dynamic dims may collapse into one dynamic dim.`,
		Examples:   []string{"%collapsed = tensor.collapse_shape %arg0 [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>"},
		Operands:   []ir.OperandDef{{Name: "src", Type: anyTensor}},
		Results:    []ir.ResultDef{{Name: "result", Type: anyTensor}},
		Attrs:      []ir.AttrDef{{Name: "reassociation", Kind: reassociationKind, Required: true}},
		Traits:     []ir.Trait{ir.Pure},
		Format:     "$src $reassociation attr-dict `:` type($src) `into` type($result)",
		Parse:      func(p ir.AsmParser, st *ir.ParseState) error { return parseReshape(p, st, false) },
		ResultName: name("collapsed"),
		Fold:       foldReshapeOfReshape(ExpandShapeName),
		Verify: func(op *ir.Operation) error {
			src, res := op.Operand(0).Type(), op.Result(0).Type()
			if s, r := len(shapeOf(src)), len(shapeOf(res)); s <= r {
				return op.EmitOpError("expected rank reduction, but found source rank %d <= result rank %d", s, r)
			}
			return verifyReshape(op, src, res, false)
		},
	})
}

// foldReshapeOfReshape folds expand_shape(collapse_shape(x)) and
// collapse_shape(expand_shape(x)) to x when the two reshapes cancel: the
// same reassociation and x of the result type (MLIR's foldReshapeOp). The
// inner op is named inverse.
func foldReshapeOfReshape(inverse string) func(op *ir.Operation) []ir.OpFoldResult {
	return func(op *ir.Operation) []ir.OpFoldResult {
		inner := op.Operand(0).DefiningOp()
		if inner == nil || inner.Name() != inverse || inner.Operand(0).Type() != op.Result(0).Type() {
			return nil
		}
		if !ir.AttrEqual(inner.Attr("reassociation"), op.Attr("reassociation")) {
			return nil
		}
		return []ir.OpFoldResult{{Value: inner.Operand(0)}}
	}
}

// parseReshape parses the declared format
//
//	$src $reassociation attr-dict `:` type($src) `into` type($result)
//
// and, on input only, LLVM ≥ 19's `output_shape [...]` before attr-dict
// (expand_shape) and the design-doc `: (T) -> U`.
func parseReshape(p ir.AsmParser, st *ir.ParseState, expand bool) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands[0] = []ir.UnresolvedOperand{src}
	reassoc, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	st.AddAttr("reassociation", reassoc)
	var outputShape []int64 // ir.Dynamic for SSA entries
	if expand {
		if p.ParseOptionalKeyword("output_shape") {
			outputShape = []int64{}
			if err := parseIndexList(p, st, func(ir.UnresolvedOperand) { outputShape = append(outputShape, ir.Dynamic) },
				func(v int64) { outputShape = append(outputShape, v) }); err != nil {
				return err
			}
		}
	}
	attrs, untyped, err := p.ParseOptionalAttrDict()
	if err != nil {
		return err
	}
	for _, na := range attrs {
		st.AddAttr(na.Name, na.Value)
	}
	st.UntypedInts = append(st.UntypedInts, untyped...)
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	var in, out ir.Type
	if p.PeekPunct("(") {
		loc := p.CurrentLoc()
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		ft, ok := t.(*ir.FunctionType)
		if !ok || len(ft.Inputs()) != 1 || len(ft.Results()) != 1 {
			return ir.Errorf(loc, "expected '(T) -> U' with one operand and one result type, got '%s'", t)
		}
		in, out = ft.Inputs()[0], ft.Results()[0]
	} else {
		if in, err = p.ParseType(); err != nil {
			return err
		}
		if err := p.ParseKeyword("into"); err != nil {
			// MLIR's OpAsmParser::parseKeyword prefixes the op name.
			if d, ok := err.(*ir.Diagnostic); ok {
				return ir.Errorf(d.Loc, "custom op '%s' %s", st.Name.Name, d.Message)
			}
			return err
		}
		if out, err = p.ParseType(); err != nil {
			return err
		}
	}
	st.OperandTypes[0] = []ir.Type{in}
	st.ResultTypes[0] = []ir.Type{out}
	if outputShape != nil {
		return checkOutputShape(st, outputShape, out)
	}
	return nil
}

// checkOutputShape applies LLVM ≥ 19's output_shape checks against the
// result type (the entries are then dropped: LLVM 16 has no such operands).
func checkOutputShape(st *ir.ParseState, shape []int64, out ir.Type) error {
	r, ok := out.(*ir.RankedTensorType)
	if !ok {
		return nil // the verifier reports the type
	}
	if len(shape) != r.Rank() {
		return ir.Errorf(st.Loc, "'%s' op expected number of static shape dims to be equal to the output rank (%d) but found %d inputs instead", st.Name.Name, r.Rank(), len(shape))
	}
	for i, d := range r.Shape() {
		if d != ir.Dynamic && d != shape[i] {
			return ir.Errorf(st.Loc, "'%s' op invalid output shape provided at pos %d", st.Name.Name, i)
		}
	}
	return nil
}
