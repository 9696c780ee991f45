package torch

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Type names (the part after "!torch.").
const (
	VTensorName  = "vtensor"
	IntName      = "int"
	BoolName     = "bool"
	FloatName    = "float"
	StrName      = "str"
	NoneName     = "none"
	ListName     = "list"
	OptionalName = "optional"
)

// VTensorType is !torch.vtensor<[sizes],dtype>: a value tensor. Sizes are
// unknown when HasSizes is false (`!torch.vtensor` or `<*,dtype>`); a size
// is ir.Dynamic for `?`. The dtype is nil when unknown (`unk`).
type VTensorType struct {
	ir.TypeBase
	sizes    []int64
	hasSizes bool
	dtype    ir.Type
	str      string
}

// IntType is !torch.int (a Python int: 64-bit signed).
type IntType struct{ ir.TypeBase }

// BoolType is !torch.bool.
type BoolType struct{ ir.TypeBase }

// FloatType is !torch.float (a Python float: f64).
type FloatType struct{ ir.TypeBase }

// StrType is !torch.str (a Python str, such as div's rounding_mode).
type StrType struct{ ir.TypeBase }

// NoneType is !torch.none.
type NoneType struct{ ir.TypeBase }

// ListType is !torch.list<T>.
type ListType struct {
	ir.TypeBase
	elem ir.Type
	str  string
}

// OptionalType is !torch.optional<T>: a T or None (the element type of
// the index list of torch.aten.index.Tensor, list<optional<vtensor>>).
type OptionalType struct {
	ir.TypeBase
	elem ir.Type
	str  string
}

// The scalar types.
var (
	Int   ir.Type = IntType{}
	Bool  ir.Type = BoolType{}
	Float ir.Type = FloatType{}
	Str   ir.Type = StrType{}
	None  ir.Type = NoneType{}
)

func (t *VTensorType) String() string  { return t.str }
func (IntType) String() string         { return "!torch.int" }
func (BoolType) String() string        { return "!torch.bool" }
func (FloatType) String() string       { return "!torch.float" }
func (NoneType) String() string        { return "!torch.none" }
func (t *ListType) String() string     { return t.str }
func (t *OptionalType) String() string { return t.str }

func (*VTensorType) TypeDef() *ir.TypeDef  { return VTensorDef }
func (IntType) TypeDef() *ir.TypeDef       { return IntDef }
func (BoolType) TypeDef() *ir.TypeDef      { return BoolDef }
func (FloatType) TypeDef() *ir.TypeDef     { return FloatDef }
func (StrType) String() string             { return "!torch.str" }
func (StrType) TypeDef() *ir.TypeDef       { return StrDef }
func (NoneType) TypeDef() *ir.TypeDef      { return NoneDef }
func (*ListType) TypeDef() *ir.TypeDef     { return ListDef }
func (*OptionalType) TypeDef() *ir.TypeDef { return OptionalDef }

// HasSizes reports whether the sizes (and so the rank) are known.
func (t *VTensorType) HasSizes() bool { return t.hasSizes }

// Sizes returns the sizes (ir.Dynamic for `?`); nil if unknown. The slice
// must not be modified.
func (t *VTensorType) Sizes() []int64 { return t.sizes }

// Rank is the number of sizes, or -1 if unknown.
func (t *VTensorType) Rank() int {
	if !t.hasSizes {
		return -1
	}
	return len(t.sizes)
}

// DType is the element type, or nil if unknown.
func (t *VTensorType) DType() ir.Type { return t.dtype }

// HasDType reports whether the dtype is known.
func (t *VTensorType) HasDType() bool { return t.dtype != nil }

// BuiltinTensorType is the builtin tensor type of the same shape and
// element type (signed integers become signless, as torch_c does); nil if
// the dtype is unknown. Unknown sizes give an unranked tensor.
func (t *VTensorType) BuiltinTensorType() ir.Type {
	if t.dtype == nil {
		return nil
	}
	elem := BuiltinElement(t.dtype)
	if !t.hasSizes {
		return ir.UnrankedTensor(elem)
	}
	return ir.RankedTensor(t.sizes, elem)
}

// BuiltinElement maps a torch dtype to the builtin element type of the
// converted tensor: siN → iN, the rest unchanged.
func BuiltinElement(dtype ir.Type) ir.Type {
	if it, ok := dtype.(ir.IntegerType); ok && it.Sign == ir.Signed {
		return ir.IntegerType{Width: it.Width}
	}
	return dtype
}

// FromBuiltin returns the vtensor type of a builtin tensor type, with
// dtype given (the builtin element type loses the signedness).
func FromBuiltin(t ir.Type, dtype ir.Type) *VTensorType {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		return VTensor(t.Shape(), dtype)
	case *ir.UnrankedTensorType:
		return VTensorUnranked(dtype)
	}
	return nil
}

// DefaultDType is the torch dtype a builtin element type comes from:
// signless integers other than i1 are taken as signed (torch has no
// signless integers), everything else is unchanged.
func DefaultDType(elem ir.Type) ir.Type {
	if it, ok := elem.(ir.IntegerType); ok && it.Sign == ir.Signless && it.Width != 1 {
		return ir.IntegerType{Width: it.Width, Sign: ir.Signed}
	}
	return elem
}

// Elem is the element type of the list.
func (t *ListType) Elem() ir.Type { return t.elem }

// Elem is the type of the value when it is not None.
func (t *OptionalType) Elem() ir.Type { return t.elem }

// VTensor returns !torch.vtensor<[sizes],dtype> (dtype nil: unk). It
// panics on a negative static size or an invalid dtype (programmer errors;
// the parser checks first), as ir.RankedTensor does.
func VTensor(sizes []int64, dtype ir.Type) *VTensorType {
	return vtensor(sizes, true, dtype)
}

// VTensorUnranked returns !torch.vtensor<*,dtype>, or !torch.vtensor when
// dtype is nil as well.
func VTensorUnranked(dtype ir.Type) *VTensorType { return vtensor(nil, false, dtype) }

func vtensor(sizes []int64, hasSizes bool, dtype ir.Type) *VTensorType {
	for _, s := range sizes {
		if s < 0 && s != ir.Dynamic {
			panic(fmt.Sprintf("torch: negative vtensor size %d", s))
		}
	}
	if dtype != nil && !IsValidDType(dtype) {
		panic(fmt.Sprintf("torch: invalid vtensor dtype %s", dtype))
	}
	var b strings.Builder
	b.WriteString("!torch.vtensor")
	if hasSizes || dtype != nil {
		b.WriteByte('<')
		if hasSizes {
			b.WriteByte('[')
			for i, s := range sizes {
				if i > 0 {
					b.WriteByte(',')
				}
				if s == ir.Dynamic {
					b.WriteByte('?')
				} else {
					b.WriteString(strconv.FormatInt(s, 10))
				}
			}
			b.WriteByte(']')
		} else {
			b.WriteByte('*')
		}
		b.WriteByte(',')
		if dtype == nil {
			b.WriteString("unk")
		} else {
			b.WriteString(dtype.String())
		}
		b.WriteByte('>')
	}
	key := b.String()
	if hasSizes && sizes == nil {
		sizes = []int64{}
	}
	return ir.InternType(key, func() ir.Type {
		return &VTensorType{sizes: append([]int64(nil), sizes...), hasSizes: hasSizes, dtype: dtype, str: key}
	}).(*VTensorType)
}

// List returns !torch.list<elem>.
func List(elem ir.Type) *ListType {
	key := "!torch.list<" + shortName(elem) + ">"
	return ir.InternType(key, func() ir.Type { return &ListType{elem: elem, str: key} }).(*ListType)
}

// Optional returns !torch.optional<elem>.
func Optional(elem ir.Type) *OptionalType {
	key := "!torch.optional<" + shortName(elem) + ">"
	return ir.InternType(key, func() ir.Type { return &OptionalType{elem: elem, str: key} }).(*OptionalType)
}

// shortName prints a torch type without its "!torch." prefix, as
// torch-mlir writes list elements.
func shortName(t ir.Type) string {
	if _, ok := t.(ir.DefinedType); ok {
		if d := t.(ir.DefinedType).TypeDef(); d.Dialect == "torch" {
			return strings.TrimPrefix(t.String(), "!torch.")
		}
	}
	return t.String()
}

// IsValidDType reports whether t is a torch dtype: i1, si8/si16/si32/si64,
// ui8, f16, bf16, f32, f64.
func IsValidDType(t ir.Type) bool {
	switch t := t.(type) {
	case ir.IntegerType:
		switch {
		case t.Width == 1:
			return t.Sign == ir.Signless
		case t.Sign == ir.Signed:
			return t.Width == 8 || t.Width == 16 || t.Width == 32 || t.Width == 64
		case t.Sign == ir.Unsigned:
			return t.Width == 8
		}
	case ir.FloatType:
		return true
	}
	return false
}

const dtypeList = "i1, si8, si16, si32, si64, ui8, f16, bf16, f32, f64 or unk"

// parseVTensorBody parses `<[3,?],f32>`, `<*,f32>`, `<[],unk>` or nothing.
func parseVTensorBody(p ir.AsmParser) (ir.Type, error) {
	if !p.ParseOptionalPunct("<") {
		return VTensorUnranked(nil), nil
	}
	var sizes []int64
	hasSizes := false
	if !p.ParseOptionalPunct("*") {
		if err := p.ParsePunct("["); err != nil {
			return nil, p.Errorf("expected '[' or '*' to start the sizes of !torch.vtensor")
		}
		hasSizes = true
		sizes = []int64{}
		for !p.ParseOptionalPunct("]") {
			if len(sizes) > 0 {
				if err := p.ParsePunct(","); err != nil {
					return nil, err
				}
			}
			if p.ParseOptionalPunct("?") {
				sizes = append(sizes, ir.Dynamic)
				continue
			}
			at := p.CurrentLoc()
			n, ok, err := p.ParseOptionalInteger()
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, p.Errorf("expected a size or '?'")
			}
			if n < 0 {
				return nil, ir.Errorf(at, "expected a non-negative size or '?', got %d", n)
			}
			sizes = append(sizes, n)
		}
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	var dtype ir.Type
	if !p.ParseOptionalKeyword("unk") {
		at := p.CurrentLoc()
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		if !IsValidDType(t) {
			return nil, ir.Errorf(at, "invalid dtype for !torch.vtensor: expected %s, got %s", dtypeList, t)
		}
		dtype = t
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	return vtensor(sizes, hasSizes, dtype), nil
}

// parseTorchType parses a torch type with or without its !torch. prefix
// (list elements).
func parseTorchType(p ir.AsmParser) (ir.Type, error) {
	cp := p.Checkpoint()
	if name, ok := p.ParseOptionalIdentifier(); ok {
		switch name {
		case VTensorName:
			return parseVTensorBody(p)
		case IntName:
			return Int, nil
		case BoolName:
			return Bool, nil
		case FloatName:
			return Float, nil
		case StrName:
			return Str, nil
		case NoneName:
			return None, nil
		case ListName:
			return parseListBody(p)
		case OptionalName:
			return parseOptionalBody(p)
		}
		p.Restore(cp)
	}
	return p.ParseType()
}

func parseListBody(p ir.AsmParser) (ir.Type, error) {
	elem, err := parseElemBody(p)
	if err != nil {
		return nil, err
	}
	return List(elem), nil
}

func parseOptionalBody(p ir.AsmParser) (ir.Type, error) {
	elem, err := parseElemBody(p)
	if err != nil {
		return nil, err
	}
	return Optional(elem), nil
}

// parseElemBody parses `<T>`, T a torch type with or without its prefix.
func parseElemBody(p ir.AsmParser) (ir.Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	elem, err := parseTorchType(p)
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	return elem, nil
}

func singleton(t ir.Type) func(ir.AsmParser) (ir.Type, error) {
	return func(ir.AsmParser) (ir.Type, error) { return t, nil }
}

// The type definitions.
var (
	VTensorDef = ir.MustRegisterType(ir.TypeDef{
		Dialect: "torch", Name: VTensorName,
		Summary: "a value-semantic tensor with optional sizes and dtype",
		Description: `torch-mlir's value tensor. Syntax: !torch.vtensor<[s0,s1,...],dtype>
where each size is a non-negative integer or ? (dynamic); <*,dtype> or a
bare !torch.vtensor leaves the sizes unknown; dtype unk leaves the dtype
unknown. Printed without spaces, as torch-mlir prints it.

Verifier rules:
  1. Sizes are non-negative integers or ?.
  2. The dtype is one of ` + dtypeList + `.`,
		Parameters: []ir.ParamDoc{
			{Name: "sizes", Doc: "optional list of sizes (`?` dynamic)"},
			{Name: "dtype", Doc: "optional element type (" + dtypeList + ")"},
		},
		Examples: []string{"!torch.vtensor<[3,?],f32>", "!torch.vtensor<[2],si64>", "!torch.vtensor<[],i1>", "!torch.vtensor<*,f32>", "!torch.vtensor"},
		Parse:    parseVTensorBody,
		Verify: func(t ir.Type) error {
			vt := t.(*VTensorType)
			for _, s := range vt.sizes {
				if s < 0 && s != ir.Dynamic {
					return fmt.Errorf("!torch.vtensor size must be non-negative or ?, got %d", s)
				}
			}
			if vt.dtype != nil && !IsValidDType(vt.dtype) {
				return fmt.Errorf("invalid dtype for !torch.vtensor: expected %s, got %s", dtypeList, vt.dtype)
			}
			return nil
		},
	})
	IntDef = ir.MustRegisterType(ir.TypeDef{
		Dialect: "torch", Name: IntName, Summary: "a Python int (64-bit signed)",
		Examples: []string{"!torch.int"}, Parse: singleton(Int),
	})
	BoolDef = ir.MustRegisterType(ir.TypeDef{
		Dialect: "torch", Name: BoolName, Summary: "a Python bool",
		Examples: []string{"!torch.bool"}, Parse: singleton(Bool),
	})
	FloatDef = ir.MustRegisterType(ir.TypeDef{
		Dialect: "torch", Name: FloatName, Summary: "a Python float (f64)",
		Examples: []string{"!torch.float"}, Parse: singleton(Float),
	})
	StrDef = ir.MustRegisterType(ir.TypeDef{
		Dialect: "torch", Name: StrName, Summary: "a Python str",
		Examples: []string{"!torch.str"}, Parse: singleton(Str),
	})
	NoneDef = ir.MustRegisterType(ir.TypeDef{
		Dialect: "torch", Name: NoneName, Summary: "Python None",
		Examples: []string{"!torch.none"}, Parse: singleton(None),
	})
	ListDef = ir.MustRegisterType(ir.TypeDef{
		Dialect: "torch", Name: ListName, Summary: "a Python list of one element type",
		Description: `Syntax: !torch.list<T>, where a torch element type is written without
its !torch. prefix (list<int>, list<vtensor>, list<vtensor<[2],si64>>).`,
		Parameters: []ir.ParamDoc{{Name: "elem", Doc: "the element type"}},
		Examples:   []string{"!torch.list<int>", "!torch.list<vtensor>", "!torch.list<vtensor<[2],si64>>", "!torch.list<optional<vtensor>>"},
		Parse:      parseListBody,
	})
	OptionalDef = ir.MustRegisterType(ir.TypeDef{
		Dialect: "torch", Name: OptionalName, Summary: "a value of one type, or None",
		Description: `Syntax: !torch.optional<T>, T written without its !torch. prefix as in
lists; torch-mlir's FX importer types the index list of
torch.aten.index.Tensor as !torch.list<optional<vtensor>> (x[:, i] puts a
None in it).`,
		Parameters: []ir.ParamDoc{{Name: "elem", Doc: "the type of a value that is not None"}},
		Examples:   []string{"!torch.optional<vtensor>", "!torch.optional<int>"},
		Parse:      parseOptionalBody,
	})
)
