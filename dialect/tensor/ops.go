package tensor

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/ir"
)

// Op names.
const (
	CastName          = "tensor.cast"
	ConcatName        = "tensor.concat"
	DimName           = "tensor.dim"
	EmptyName         = "tensor.empty"
	ExpandShapeName   = "tensor.expand_shape"
	CollapseShapeName = "tensor.collapse_shape"
	ExtractName       = "tensor.extract"
	ExtractSliceName  = "tensor.extract_slice"
	FromElementsName  = "tensor.from_elements"
	InsertName        = "tensor.insert"
	InsertSliceName   = "tensor.insert_slice"
)

// Type constraints, described as ODS does.
var (
	anyTensor       = ir.AnyTensor
	anyRankedTensor = ir.RankedTensorOf()
	staticTensor    = ir.TypePred("statically shaped tensor of any type values", func(t ir.Type) bool {
		r, ok := t.(*ir.RankedTensorType)
		return ok && r.HasStaticShape()
	})
)

// The registered definitions.
var (
	CastDef, ConcatDef, DimDef, EmptyDef, ExpandShapeDef, CollapseShapeDef  *ir.OpDef
	ExtractDef, ExtractSliceDef, FromElementsDef, InsertDef, InsertSliceDef *ir.OpDef
)

// Registration order matters: the custom directives must exist before the
// formats that name them are compiled.
func init() {
	registerDirectives()
	registerOps()
	registerReshapes()
	registerExtractSlice()
	registerInsertSlice()
	// TensorDialect::materializeConstant builds arith.constant.
	ir.RegisterConstantMaterializer("tensor", arith.MaterializeConstant)
}

func name(s string) func(*ir.Operation) string { return func(*ir.Operation) string { return s } }

func registerOps() {
	CastDef = ir.MustRegister(ir.OpDef{
		Name:    CastName,
		Summary: "tensor cast operation",
		Description: `Converts a tensor to an equivalent type without changing any data: the
element types are equal and the shapes are compatible (equal ranks, and
static dims equal where both are static; an unranked tensor is compatible
with any). A cast to a more static type asserts the sizes at run time.

Verifier rule: "operand type 'tensor<2xf32>' and result type
'tensor<3xf32>' are cast incompatible".

Folding: a cast to its operand's own type is the operand; a cast back to
the type a cast came from (cast(cast(x : T) : U) : T) is x.`,
		Examples:   []string{"%cast = tensor.cast %arg0 : tensor<?x4xf32> to tensor<*xf32>", "%cast_0 = tensor.cast %0 : tensor<?xf32> to tensor<8xf32>"},
		Operands:   []ir.OperandDef{{Name: "source", Type: anyTensor}},
		Results:    []ir.ResultDef{{Name: "dest", Type: anyTensor}},
		Traits:     []ir.Trait{ir.Pure},
		Format:     "$source attr-dict `:` type($source) `to` type($dest)",
		ResultName: name("cast"),
		Fold: func(op *ir.Operation) []ir.OpFoldResult {
			src, to := op.Operand(0), op.Result(0).Type()
			if src.Type() == to {
				return []ir.OpFoldResult{{Value: src}}
			}
			if d := src.DefiningOp(); d != nil && d.Name() == CastName && d.Operand(0).Type() == to {
				return []ir.OpFoldResult{{Value: d.Operand(0)}}
			}
			return nil
		},
		Verify: func(op *ir.Operation) error {
			a, b := op.Operand(0).Type(), op.Result(0).Type()
			if ir.ElementType(a) != ir.ElementType(b) || !compatibleShape(a, b) {
				return op.EmitOpError("operand type '%s' and result type '%s' are cast incompatible", a, b)
			}
			return nil
		},
	})

	ConcatDef = ir.MustRegister(ir.OpDef{
		Name:    ConcatName,
		Summary: "tensor concatenation operation",
		Description: `Concatenates the inputs along dimension dim. All inputs and the result
share rank and element type; the result's size along dim is the sum of the
inputs' sizes, and every other dim agrees among inputs and result (a
dynamic size agrees with anything).

tensor.concat is not in LLVM 16 (it appeared in LLVM 18); its syntax and
verifier follow MLIR's TensorOps.td/TensorOps.cpp of that version:
  - "requires at least one input";
  - "rank of concatenated inputs must match result rank";
  - "inputs and result element type must match";
  - "concatenation dim must be less than the tensor rank";
  - "static concatenation size mismatch along non-concatenated dimension 1";
  - "result type 'tensor<5xf32>'does not match inferred shape 'tensor<4xf32>'
    static sizes" (sic, MLIR's wording).`,
		Examples: []string{"%concat = tensor.concat dim(0) %arg0, %arg1 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>"},
		Operands: []ir.OperandDef{{Name: "inputs", Type: anyRankedTensor, Variadic: true}},
		Results:  []ir.ResultDef{{Name: "result", Type: anyRankedTensor}},
		Attrs:    []ir.AttrDef{{Name: "dim", Kind: ir.I64AttrKind, Required: true}},
		Traits:   []ir.Trait{ir.Pure},
		Format:   "`dim` `(` $dim `)` $inputs attr-dict `:` functional-type(operands, results)",
		Verify:   verifyConcat,
		Fold: func(op *ir.Operation) []ir.OpFoldResult {
			if op.NumOperands() == 1 && op.Operand(0).Type() == op.Result(0).Type() {
				return []ir.OpFoldResult{{Value: op.Operand(0)}}
			}
			return nil
		},
		ResultName: name("concat"),
	})

	DimDef = ir.MustRegister(ir.OpDef{
		Name:    DimName,
		Summary: "dimension index operation",
		Description: `Returns the size of dimension index of source (an index). An index out
of range at run time is undefined behavior (MLIR 16 also accepts rank-0
tensors here).

Verifier rules: a constant index at or beyond the rank of a ranked source
is rejected ("index is out of range").`,
		Examples: []string{"%dim = tensor.dim %arg0, %c0 : tensor<?x4xf32>"},
		Operands: []ir.OperandDef{{Name: "source", Type: anyTensor}, {Name: "index", Type: ir.IndexT}},
		Results:  []ir.ResultDef{{Name: "result", Type: ir.IndexT}},
		// MLIR 16: NoMemoryEffect, so a dead tensor.dim is erased.
		Traits: []ir.Trait{ir.Pure},
		Format: "attr-dict $source `,` $index `:` type($source)",
		Verify: func(op *ir.Operation) error {
			i, ok := arith.ConstantIntValue(op.Operand(1))
			if !ok {
				return nil
			}
			if r, ranked := op.Operand(0).Type().(*ir.RankedTensorType); ranked && i >= int64(r.Rank()) {
				return op.EmitOpError("index is out of range")
			}
			return nil
		},
		Fold: func(op *ir.Operation) []ir.OpFoldResult {
			i, ok := arith.ConstantIntValue(op.Operand(1))
			r, ranked := op.Operand(0).Type().(*ir.RankedTensorType)
			if !ok || !ranked || i < 0 || i >= int64(r.Rank()) || r.IsDynamicDim(int(i)) {
				return nil
			}
			return []ir.OpFoldResult{{Attr: ir.IndexAttr(r.Dim(int(i)))}}
		},
		ResultName: name("dim"),
	})

	EmptyDef = ir.MustRegister(ir.OpDef{
		Name:    EmptyName,
		Summary: "empty tensor operation",
		Description: `Defines a tensor of the result type with unspecified contents; one index
operand gives the size of each dynamic dim, in order.

Verifier rule: "incorrect number of dynamic sizes, has 1, expected 2".`,
		Examples: []string{"%0 = tensor.empty() : tensor<2x3xf32>", "%1 = tensor.empty(%dim) : tensor<?x3xf32>"},
		Operands: []ir.OperandDef{{Name: "dynamicSizes", Type: ir.IndexT, Variadic: true}},
		Results:  []ir.ResultDef{{Name: "result", Type: anyRankedTensor}},
		Traits:   []ir.Trait{ir.Pure},
		Format:   "`(`$dynamicSizes`)` attr-dict `:` type($result)",
		Verify: func(op *ir.Operation) error {
			r := op.Result(0).Type().(*ir.RankedTensorType)
			if n := numDynamic(r.Shape()); n != op.NumOperands() {
				return op.EmitOpError("incorrect number of dynamic sizes, has %d, expected %d", op.NumOperands(), n)
			}
			return nil
		},
	})

	ExtractDef = ir.MustRegister(ir.OpDef{
		Name:    ExtractName,
		Summary: "element extraction operation",
		Description: `Reads the element of a ranked tensor at the given indices (one index
per dim); the result type is the element type.

Verifier rules: "failed to verify that result type matches element type of
tensor"; "incorrect number of indices for extract_element". While parsing,
an unranked tensor is reported at once ("custom op 'tensor.extract'
'tensor' must be ranked tensor of any type values, but got
'tensor<*xf32>'").`,
		Examples: []string{"%extracted = tensor.extract %arg0[%c0, %c1] : tensor<4x4xf32>"},
		Operands: []ir.OperandDef{{Name: "tensor", Type: anyRankedTensor}, {Name: "indices", Type: ir.IndexT, Variadic: true}},
		Results:  []ir.ResultDef{{Name: "result", Type: ir.AnyType}},
		Traits:   []ir.Trait{ir.Pure},
		Format:   "$tensor `[` $indices `]` attr-dict `:` type($tensor)",
		InferResultTypes: func(st *ir.ParseState) error {
			t := st.OperandTypes[0]
			if len(t) != 1 {
				return nil
			}
			if !anyRankedTensor.Match(t[0]) {
				return ir.Errorf(st.Loc, "custom op '%s' 'tensor' must be ranked tensor of any type values, but got '%s'", st.Name.Name, t[0])
			}
			st.ResultTypes[0] = []ir.Type{ir.ElementType(t[0])}
			return nil
		},
		Verify: func(op *ir.Operation) error {
			t := op.Operand(0).Type().(*ir.RankedTensorType)
			if op.Result(0).Type() != t.Elem() {
				return op.EmitOpError("failed to verify that result type matches element type of tensor")
			}
			if t.Rank() != op.NumOperands()-1 {
				return op.EmitOpError("incorrect number of indices for extract_element")
			}
			return nil
		},
		Fold:       foldExtract,
		ResultName: name("extracted"),
	})

	InsertDef = ir.MustRegister(ir.OpDef{
		Name:    InsertName,
		Summary: "element insertion operation",
		Description: `Returns dest with the element at the given indices replaced by scalar.
The scalar type is dest's element type and the result type is dest's type.

Verifier rules: "failed to verify that result type matches type of dest";
"failed to verify that scalar type matches element type of dest";
"incorrect number of indices".`,
		Examples: []string{"%inserted = tensor.insert %arg0 into %arg1[%c0] : tensor<2xi64>"},
		Operands: []ir.OperandDef{
			{Name: "scalar", Type: ir.AnyType},
			{Name: "dest", Type: anyRankedTensor},
			{Name: "indices", Type: ir.IndexT, Variadic: true},
		},
		Results: []ir.ResultDef{{Name: "result", Type: anyRankedTensor}},
		Traits:  []ir.Trait{ir.Pure},
		Format:  "$scalar `into` $dest `[` $indices `]` attr-dict `:` custom<TensorAndElementType>(type($dest), type($scalar))",
		InferResultTypes: func(st *ir.ParseState) error {
			if t := st.OperandTypes[1]; len(t) == 1 {
				st.ResultTypes[0] = []ir.Type{t[0]}
			}
			return nil
		},
		Verify: func(op *ir.Operation) error {
			dest := op.Operand(1).Type().(*ir.RankedTensorType)
			if op.Result(0).Type() != ir.Type(dest) {
				return op.EmitOpError("failed to verify that result type matches type of dest")
			}
			if op.Operand(0).Type() != dest.Elem() {
				return op.EmitOpError("failed to verify that scalar type matches element type of dest")
			}
			if dest.Rank() != op.NumOperands()-2 {
				return op.EmitOpError("incorrect number of indices")
			}
			return nil
		},
		ResultName: name("inserted"),
	})

	FromElementsDef = ir.MustRegister(ir.OpDef{
		Name:    FromElementsName,
		Summary: "tensor from elements operation.",
		Description: `Builds a statically shaped tensor from its elements in row-major order;
there is one operand per element, of the element type.

Verifier rule: "failed to verify that operand types match result element
type". While parsing, the operand count is checked against the result type
("custom op 'tensor.from_elements' 2 operands present, but expected 3"), as
is the static shape ("… 'result' must be statically shaped tensor of any
type values, but got 'tensor<?xf32>'").`,
		Examples: []string{"%from_elements = tensor.from_elements %arg0, %arg1 : tensor<2xi64>", "%from_elements_0 = tensor.from_elements %arg2 : tensor<f32>"},
		Operands: []ir.OperandDef{{Name: "elements", Type: ir.AnyType, Variadic: true}},
		Results:  []ir.ResultDef{{Name: "result", Type: staticTensor}},
		Traits:   []ir.Trait{ir.Pure},
		Format:   "$elements attr-dict `:` custom<FromElementsType>(type($result), type($elements))",
		Verify: func(op *ir.Operation) error {
			r := op.Result(0).Type().(*ir.RankedTensorType)
			if int64(op.NumOperands()) != r.NumElements() {
				return op.EmitOpError("failed to verify that operand types match result element type")
			}
			for _, t := range op.OperandTypes() {
				if t != r.Elem() {
					return op.EmitOpError("failed to verify that operand types match result element type")
				}
			}
			return nil
		},
		ResultName: name("from_elements"),
	})
}

// foldExtract folds extract of a splat constant and of a constant at
// constant indices.
func foldExtract(op *ir.Operation) []ir.OpFoldResult {
	d, ok := arith.ConstantValue(op.Operand(0)).(*ir.DenseElementsAttr)
	if !ok {
		return nil
	}
	idx := 0
	if !d.Splat {
		shape := d.Type.Shape()
		if len(shape) != op.NumOperands()-1 {
			return nil
		}
		for k, s := range shape {
			i, ok := arith.ConstantIntValue(op.Operand(k + 1))
			if !ok || i < 0 || i >= s {
				return nil
			}
			idx = idx*int(s) + int(i)
		}
	}
	elem := d.Type.Elem()
	switch t := elem.(type) {
	case ir.FloatType:
		return []ir.OpFoldResult{{Attr: ir.Float(d.FloatAt(idx), t)}}
	case ir.IntegerType, ir.IndexType:
		return []ir.OpFoldResult{{Attr: arith.IntAttr(d.IntAt(idx), elem)}}
	}
	return nil
}

func numDynamic(shape []int64) int {
	n := 0
	for _, d := range shape {
		if d == ir.Dynamic {
			n++
		}
	}
	return n
}

// compatibleShape is MLIR's verifyCompatibleShape for two tensor types.
func compatibleShape(a, b ir.Type) bool {
	ra, oka := a.(*ir.RankedTensorType)
	rb, okb := b.(*ir.RankedTensorType)
	if !oka || !okb {
		return true
	}
	if ra.Rank() != rb.Rank() {
		return false
	}
	for i := 0; i < ra.Rank(); i++ {
		x, y := ra.Dim(i), rb.Dim(i)
		if x != ir.Dynamic && y != ir.Dynamic && x != y {
			return false
		}
	}
	return true
}

func verifyConcat(op *ir.Operation) error {
	if op.NumOperands() < 1 {
		return op.EmitOpError("requires at least one input")
	}
	res := op.Result(0).Type().(*ir.RankedTensorType)
	rank := res.Rank()
	var ins []*ir.RankedTensorType
	for _, t := range op.OperandTypes() {
		ins = append(ins, t.(*ir.RankedTensorType))
	}
	for _, t := range ins {
		if t.Rank() != rank {
			return op.EmitOpError("rank of concatenated inputs must match result rank")
		}
	}
	for _, t := range ins {
		if t.Elem() != res.Elem() {
			return op.EmitOpError("inputs and result element type must match")
		}
	}
	dim := op.IntAttr("dim")
	if dim >= int64(rank) {
		return op.EmitOpError("concatenation dim must be less than the tensor rank")
	}
	sizes := make([]int64, rank)
	for i := 0; i < rank; i++ {
		if int64(i) == dim {
			continue
		}
		size := ir.Dynamic
		for _, t := range ins {
			d := t.Dim(i)
			if d == ir.Dynamic {
				continue
			}
			if size != ir.Dynamic && size != d {
				return op.EmitOpError("static concatenation size mismatch along non-concatenated dimension %d", i)
			}
			size = d
		}
		sizes[i] = size
	}
	if dim >= 0 {
		sum := int64(0)
		for _, t := range ins {
			if t.Dim(int(dim)) == ir.Dynamic {
				sum = ir.Dynamic
				break
			}
			sum += t.Dim(int(dim))
		}
		sizes[dim] = sum
	}
	for i, s := range sizes {
		a := res.Dim(i)
		if s != ir.Dynamic && a != ir.Dynamic && s != a {
			return op.EmitOpError("result type '%s'does not match inferred shape '%s' static sizes", res, typeString(sizes, ins[0].Elem()))
		}
	}
	return nil
}

// ---------------------------------------------------------------- directives

func registerDirectives() {
	// TensorAndElementType(type($t), type($e)): prints the tensor type;
	// parsing gives $e the tensor's element type.
	ir.RegisterCustomDirective("TensorAndElementType", &ir.CustomDirective{
		Parse: func(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
			t, err := p.ParseType()
			if err != nil {
				return err
			}
			if !anyRankedTensor.Match(t) {
				return ir.Errorf(st.Loc, "custom op '%s' '%s' must be ranked tensor of any type values, but got '%s'",
					st.Name.Name, st.Def.Operands[args[0].Operand].Name, t)
			}
			st.OperandTypes[args[0].Operand] = []ir.Type{t}
			st.OperandTypes[args[1].Operand] = []ir.Type{ir.ElementType(t)}
			return nil
		},
		Print: func(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
			if i := args[0].Operand; i >= 0 && i < op.NumOperands() {
				p.PrintType(op.Operand(i).Type())
			}
		},
	})
	// FromElementsType(type($result), type($elements)): prints the result
	// type; parsing gives every element the element type.
	ir.RegisterCustomDirective("FromElementsType", &ir.CustomDirective{
		Parse: func(p ir.AsmParser, st *ir.ParseState, args []ir.CustomArg) error {
			t, err := p.ParseType()
			if err != nil {
				return err
			}
			r, ok := t.(*ir.RankedTensorType)
			if !ok || !r.HasStaticShape() {
				return ir.Errorf(st.Loc, "custom op '%s' 'result' must be statically shaped tensor of any type values, but got '%s'", st.Name.Name, t)
			}
			elems := st.Operands[args[1].Operand]
			if int64(len(elems)) != r.NumElements() {
				loc := st.Loc
				if len(elems) > 0 {
					loc = elems[0].Loc
				}
				return ir.Errorf(loc, "custom op '%s' %d operands present, but expected %d", st.Name.Name, len(elems), r.NumElements())
			}
			ts := make([]ir.Type, len(elems))
			for i := range ts {
				ts[i] = r.Elem()
			}
			st.OperandTypes[args[1].Operand] = ts
			st.ResultTypes[0] = []ir.Type{t}
			return nil
		},
		Print: func(p *ir.AsmPrinter, op *ir.Operation, args []ir.CustomArg) {
			if op.NumResults() == 1 {
				p.PrintType(op.Result(0).Type())
			}
		},
	})
}
