package tensor

import (
	"strconv"

	"github.com/tcp-project/tcp/ir"
)

func registerExtractSlice() {
	ir.RegisterCustomDirective("DynamicIndexList", &ir.CustomDirective{
		Parse: parseDynamicIndexList,
		Print: printDynamicIndexList,
	})
	ExtractSliceDef = ir.MustRegister(ir.OpDef{
		Name:    ExtractSliceName,
		Summary: "extract slice operation",
		Description: `Extracts the strided window of source given by offsets, sizes and
strides (one entry per source dim). Each entry is a constant, kept in
static_offsets/static_sizes/static_strides, or an index operand, marked
there by the dynamic sentinel -9223372036854775808. The result shape is
the sizes, possibly with unit dims dropped (rank reduction).

Custom form: %src[offsets] [sizes] [strides]; the generic form carries
operand_segment_sizes = array<i32: 1, #offsets, #sizes, #strides>.

Verifier rules, with MLIR 16's messages (the last three are not prefixed
with the op name, as in MLIR):
  - "expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the
    rank of the result type is well-formed." (and sizes vs strides);
  - "expected 2 offset values" (one entry per source dim), "expected 1
    dynamic offset values" (one operand per dynamic entry);
  - "expected rank to be smaller or equal to the other rank. ";
  - "expected type to be 'tensor<2x2xf32>' or a rank-reduced version. (size
    mismatch) ";
  - "expected element type to be 'f32'".`,
		Examples: []string{
			"%extracted_slice = tensor.extract_slice %arg0[0, %arg1] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>",
			"%extracted_slice_0 = tensor.extract_slice %arg0[0, 0] [1, 4] [1, 1] : tensor<4x4xf32> to tensor<4xf32>",
		},
		Operands: []ir.OperandDef{
			{Name: "source", Type: anyRankedTensor},
			{Name: "offsets", Type: ir.IndexT, Variadic: true},
			{Name: "sizes", Type: ir.IndexT, Variadic: true},
			{Name: "strides", Type: ir.IndexT, Variadic: true},
		},
		Results: []ir.ResultDef{{Name: "result", Type: anyRankedTensor}},
		Attrs: []ir.AttrDef{
			{Name: "static_offsets", Kind: ir.DenseI64ArrayAttrKind, Required: true},
			{Name: "static_sizes", Kind: ir.DenseI64ArrayAttrKind, Required: true},
			{Name: "static_strides", Kind: ir.DenseI64ArrayAttrKind, Required: true},
		},
		Traits: []ir.Trait{ir.Pure, ir.AttrSizedOperandSegments},
		Format: "$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) " +
			"custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)",
		Verify:     verifyExtractSlice,
		Fold:       foldExtractSlice,
		ResultName: name("extracted_slice"),
	})
}

func registerInsertSlice() {
	InsertSliceDef = ir.MustRegister(ir.OpDef{
		Name:    InsertSliceName,
		Summary: "insert_slice operation",
		Description: `Returns dest with the strided window given by offsets, sizes and strides
(one entry per dest dim) replaced by source, element for element in
row-major order of the window; every other element is dest's. It is the
inverse of tensor.extract_slice: the window is the one extract_slice of
dest with the same entries would read, and the result has dest's type.
Each entry is a constant, kept in static_offsets/static_sizes/
static_strides, or an index operand, marked there by the dynamic sentinel
-9223372036854775808. source's type is the window's sizes, possibly with
unit dims dropped (rank reduction). The interpreter checks at run time
that the window lies inside dest (as for extract_slice) and that source
has the window's size.

Custom form: %source into %dest[offsets] [sizes] [strides]; the generic
form carries operand_segment_sizes = array<i32: 1, 1, #offsets, #sizes,
#strides>.

Verifier rules, with MLIR 16's messages (the last three are not prefixed
with the op name, as in MLIR):
  - "expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the
    rank of the result type is well-formed." (and sizes vs strides);
  - "expected 2 offset values" (one entry per dest dim), "expected 1
    dynamic offset values" (one operand per dynamic entry);
  - dest and the result have the same type;
  - "expected rank to be smaller or equal to the other rank. " (source has
    more dims than the window);
  - "expected type to be 'tensor<2x2xf32>' or a rank-reduced version. (size
    mismatch) " (source is not the window's sizes, unit dims dropped);
  - "expected element type to be 'f32'" (source's element type is dest's).`,
		Examples: []string{
			"%inserted_slice = tensor.insert_slice %arg0 into %arg1[0, %arg2] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>",
			"%inserted_slice_0 = tensor.insert_slice %arg3 into %arg1[1, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<4x4xf32>",
		},
		Operands: []ir.OperandDef{
			{Name: "source", Type: anyRankedTensor},
			{Name: "dest", Type: anyRankedTensor},
			{Name: "offsets", Type: ir.IndexT, Variadic: true},
			{Name: "sizes", Type: ir.IndexT, Variadic: true},
			{Name: "strides", Type: ir.IndexT, Variadic: true},
		},
		Results: []ir.ResultDef{{Name: "result", Type: anyRankedTensor}},
		Attrs: []ir.AttrDef{
			{Name: "static_offsets", Kind: ir.DenseI64ArrayAttrKind, Required: true},
			{Name: "static_sizes", Kind: ir.DenseI64ArrayAttrKind, Required: true},
			{Name: "static_strides", Kind: ir.DenseI64ArrayAttrKind, Required: true},
		},
		Traits: []ir.Trait{ir.Pure, ir.AttrSizedOperandSegments, &ir.AllTypesMatchTrait{Names: []string{"dest", "result"}, Summary: "expected result type to match dest type"}},
		Format: "$source `into` $dest `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) " +
			"custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `into` type($dest)",
		Verify:     verifyInsertSlice,
		Fold:       foldInsertSlice,
		ResultName: name("inserted_slice"),
	})
}

// parseIndexList parses `[` (ssa-use | integer) list `]` with MLIR 16's
// diagnostics (parseDynamicIndexList): the specific error, then "custom op
// 'name' expected SSA value or integer" at the op name. A missing `,` or
// `]` is reported right after the previous token, as MLIR's
// emitWrongTokenError does.
func parseIndexList(p ir.AsmParser, st *ir.ParseState, onOperand func(ir.UnresolvedOperand), onInt func(int64)) error {
	fail := func(d *ir.Diagnostic) error {
		return ir.DiagnosticList{d, ir.Errorf(st.Loc, "custom op '%s' expected SSA value or integer", st.Name.Name)}
	}
	if !p.ParseOptionalPunct("[") {
		return fail(ir.Errorf(p.CurrentLoc(), "expected '[' in dynamic index list"))
	}
	if p.ParseOptionalPunct("]") {
		return nil
	}
	for {
		var end ir.Location // just after the entry
		u, ok, err := p.ParseOptionalOperand()
		if err != nil {
			return err
		}
		if ok {
			onOperand(u)
			spelling := "%" + u.Name
			if u.Number != 0 {
				spelling += "#" + strconv.Itoa(u.Number)
			}
			end = after(u.Loc, len(spelling))
		} else {
			loc := p.CurrentLoc()
			v, ok, err := p.ParseOptionalInteger()
			if err != nil {
				return fail(ir.Errorf(loc, "custom op '%s' integer value too large", st.Name.Name))
			}
			if !ok {
				return fail(ir.Errorf(loc, "custom op '%s' expected integer value", st.Name.Name))
			}
			onInt(v)
			end = after(loc, len(strconv.FormatInt(v, 10)))
		}
		if p.ParseOptionalPunct(",") {
			continue
		}
		if p.ParseOptionalPunct("]") {
			return nil
		}
		return fail(ir.Errorf(end, "expected ']' in dynamic index list"))
	}
}

// after returns the location n columns after l (same line).
func after(l ir.Location, n int) ir.Location {
	if f, ok := ir.FileLineCol(l); ok {
		f.Col += n
		return f
	}
	return l
}

// parseDynamicIndexList is custom<DynamicIndexList>($values, $static).
func parseDynamicIndexList(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
	var vals []ir.UnresolvedOperand
	ints := []int64{}
	err := parseIndexList(p, st,
		func(u ir.UnresolvedOperand) { vals = append(vals, u); ints = append(ints, ir.Dynamic) },
		func(v int64) { ints = append(ints, v) })
	if err != nil {
		return err
	}
	st.Operands[args[0].Operand] = vals
	st.AddAttr(args[1].Attr, &ir.DenseArrayAttr{Elem: ir.I64, Ints: ints})
	return nil
}

func printDynamicIndexList(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
	groups, err := op.Def().OperandGroups(op)
	var vals []ir.Value
	if err == nil {
		vals = groups[args[0].Operand]
	}
	static := denseInts(op.Attr(args[1].Attr))
	p.WriteString("[")
	k := 0
	for i, s := range static {
		if i > 0 {
			p.WriteString(", ")
		}
		if s == ir.Dynamic && k < len(vals) {
			p.PrintOperand(vals[k])
			k++
		} else {
			p.WriteString(strconv.FormatInt(s, 10))
		}
	}
	p.WriteString("]")
}

func denseInts(a ir.Attribute) []int64 {
	if d, ok := a.(*ir.DenseArrayAttr); ok {
		return d.Ints
	}
	return nil
}

// verifyOffsetsSizesStrides is MLIR 16's OffsetSizeAndStrideOpInterface
// verifier for a slice op over a tensor of the given rank whose dynamic
// offsets, sizes and strides are the operand groups after the first lead
// ones; it returns the static sizes.
func verifyOffsetsSizesStrides(op *ir.Operation, rank, lead int) ([]int64, error) {
	groups, err := op.Def().OperandGroups(op)
	if err != nil {
		return nil, op.EmitOpError("%v", err)
	}
	offs, sizes, strides := denseInts(op.Attr("static_offsets")), denseInts(op.Attr("static_sizes")), denseInts(op.Attr("static_strides"))
	if !(len(offs) == 1 && rank == 1) && len(offs) != len(sizes) {
		return nil, op.EmitError("expected mixed offsets rank to match mixed sizes rank (%d vs %d) so the rank of the result type is well-formed.", len(offs), len(sizes))
	}
	if len(sizes) != len(strides) {
		return nil, op.EmitError("expected mixed sizes rank to match mixed strides rank (%d vs %d) so the rank of the result type is well-formed.", len(sizes), len(strides))
	}
	for i, l := range []struct {
		name   string
		static []int64
	}{{"offset", offs}, {"size", sizes}, {"stride", strides}} {
		if len(l.static) != rank {
			return nil, op.EmitError("expected %d %s values", rank, l.name)
		}
		if n := numDynamic(l.static); n != len(groups[i+lead]) {
			return nil, op.EmitError("expected %d dynamic %s values", n, l.name)
		}
	}
	return sizes, nil
}

func verifyExtractSlice(op *ir.Operation) error {
	src := op.Operand(0).Type().(*ir.RankedTensorType)
	sizes, err := verifyOffsetsSizesStrides(op, src.Rank(), 1)
	if err != nil {
		return err
	}
	return verifySliceType(op, op.Result(0).Type().(*ir.RankedTensorType), sizes, src.Elem())
}

// verifySliceType is MLIR 16's check that a slice's type t (the result
// of an extract_slice, the source of an insert_slice) is the window of
// the given sizes and element type, or a rank-reduced version of it.
func verifySliceType(op *ir.Operation, t *ir.RankedTensorType, sizes []int64, elem ir.Type) error {
	expected := typeString(sizes, elem)
	if t.String() == expected {
		return nil
	}
	if t.Rank() > len(sizes) {
		return op.EmitError("expected rank to be smaller or equal to the other rank. ")
	}
	if !rankReducible(sizes, t.Shape()) {
		return op.EmitError("expected type to be '%s' or a rank-reduced version. (size mismatch) ", expected)
	}
	if t.Elem() != elem {
		return op.EmitError("expected element type to be '%s'", elem)
	}
	return nil
}

// verifyInsertSlice is MLIR 16's InsertSliceOp::verify with the
// OffsetSizeAndStrideOpInterface checks against dest's rank.
func verifyInsertSlice(op *ir.Operation) error {
	src, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	dest, ok2 := op.Operand(1).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return op.EmitOpError("expects ranked source and dest")
	}
	sizes, err := verifyOffsetsSizesStrides(op, dest.Rank(), 2)
	if err != nil {
		return err
	}
	return verifySliceType(op, src, sizes, dest.Elem())
}

// foldInsertSlice folds the insertion of a whole tensor (zero offsets,
// unit strides, the window is all of dest, source has dest's type) to the
// source, as MLIR's foldIdentityOffsetSizeAndStrideOpInterface does.
func foldInsertSlice(op *ir.Operation) []ir.OpFoldResult {
	src := op.Operand(0)
	if op.NumOperands() != 2 || src.Type() != op.Result(0).Type() {
		return nil
	}
	r := src.Type().(*ir.RankedTensorType)
	offs, sizes, strides := denseInts(op.Attr("static_offsets")), denseInts(op.Attr("static_sizes")), denseInts(op.Attr("static_strides"))
	if len(offs) != r.Rank() || len(sizes) != r.Rank() || len(strides) != r.Rank() {
		return nil
	}
	for i := range offs {
		if offs[i] != 0 || strides[i] != 1 || sizes[i] != r.Dim(i) || sizes[i] == ir.Dynamic {
			return nil
		}
	}
	return []ir.OpFoldResult{{Value: src}}
}

// rankReducible is MLIR's computeRankReductionMask succeeding: reduced is
// original with some unit dims dropped, matched greedily.
func rankReducible(original, reduced []int64) bool {
	j := 0
	for _, d := range original {
		if j < len(reduced) && d == reduced[j] {
			j++
			continue
		}
		if d != 1 {
			return false
		}
	}
	return j == len(reduced)
}

// foldExtractSlice folds the identity slice (zero offsets, unit strides,
// the whole source, same type) to its source.
func foldExtractSlice(op *ir.Operation) []ir.OpFoldResult {
	src := op.Operand(0)
	if op.NumOperands() != 1 || src.Type() != op.Result(0).Type() {
		return nil
	}
	r := src.Type().(*ir.RankedTensorType)
	offs, sizes, strides := denseInts(op.Attr("static_offsets")), denseInts(op.Attr("static_sizes")), denseInts(op.Attr("static_strides"))
	if len(offs) != r.Rank() || len(sizes) != r.Rank() || len(strides) != r.Rank() {
		return nil
	}
	for i := range offs {
		if offs[i] != 0 || strides[i] != 1 || sizes[i] != r.Dim(i) {
			return nil
		}
	}
	return []ir.OpFoldResult{{Value: src}}
}
