package ir

import (
	"fmt"
	"strings"
)

// TypeConstraint restricts the type of an operand or result.
type TypeConstraint interface {
	Match(Type) bool
	// Describe reads like MLIR ODS summaries: "ranked tensor of any type values".
	Describe() string
	// Buildable returns the single type the constraint admits, or nil. Such
	// types are never printed by formats.
	Buildable() Type
}

type typePred struct {
	desc  string
	match func(Type) bool
	build Type
}

func (p typePred) Match(t Type) bool { return t != nil && p.match(t) }
func (p typePred) Describe() string  { return p.desc }
func (p typePred) Buildable() Type   { return p.build }

// TypePred builds a constraint from a predicate.
func TypePred(desc string, match func(Type) bool) TypeConstraint {
	return typePred{desc: desc, match: match}
}

// Exactly admits one type and makes it buildable.
func Exactly(t Type) TypeConstraint {
	return typePred{desc: t.String(), match: func(x Type) bool { return x == t }, build: t}
}

// Common constraints.
var (
	AnyType         = TypePred("any type", func(Type) bool { return true })
	IndexT          = Exactly(Index)
	AnyInteger      = TypePred("integer", IsInteger)
	AnySignless     = TypePred("signless integer", func(t Type) bool { it, ok := t.(IntegerType); return ok && it.Sign == Signless })
	AnyFloat        = TypePred("floating-point", IsFloat)
	SignlessOrIndex = TypePred("signless-integer-like", func(t Type) bool {
		it, ok := t.(IntegerType)
		return t == Index || ok && it.Sign == Signless
	})
	AnyTensor = TypePred("tensor of any type values", func(t Type) bool {
		switch t.(type) {
		case *RankedTensorType, *UnrankedTensorType:
			return true
		}
		return false
	})
	AnyRankedTensor = RankedTensorOf()
)

// ElemConstraint restricts element types; nil entries of RankedTensorOf mean any.
type ElemConstraint = TypeConstraint

// RankedTensorOf admits ranked tensors whose element type matches one of
// elems (any element type if none are given).
func RankedTensorOf(elems ...TypeConstraint) TypeConstraint {
	desc := "ranked tensor of any type values"
	if len(elems) > 0 {
		var parts []string
		for _, e := range elems {
			parts = append(parts, e.Describe())
		}
		desc = "ranked tensor of " + strings.Join(parts, " or ") + " values"
	}
	return TypePred(desc, func(t Type) bool {
		rt, ok := t.(*RankedTensorType)
		if !ok {
			return false
		}
		if len(elems) == 0 {
			return true
		}
		for _, e := range elems {
			if e.Match(rt.Elem()) {
				return true
			}
		}
		return false
	})
}

// IntOfWidth admits signless iN.
func IntOfWidth(w int) TypeConstraint {
	t := IntegerType{Width: w}
	return typePred{desc: fmt.Sprintf("%d-bit signless integer", w), match: func(x Type) bool { return x == t }, build: t}
}

// DialectType admits the dialect type !dialect.name<...>: a registered
// type of that definition, or an opaque one of that name.
func DialectType(dialect, name string) TypeConstraint {
	return TypePred(fmt.Sprintf("!%s.%s type", dialect, name), func(t Type) bool {
		if d, ok := t.(DefinedType); ok {
			def := d.TypeDef()
			return def.Dialect == dialect && def.Name == name
		}
		o, ok := t.(*OpaqueType)
		return ok && o.Dialect == dialect && o.Name == name
	})
}

// AttrConstraint restricts an attribute.
type AttrConstraint interface {
	Match(Attribute) bool
	Describe() string
	// BuildableType is the type elided when the attribute is printed by
	// `$attr` in a format (index for IndexAttr), or nil.
	BuildableType() Type
	// Coerce adapts a parsed attribute (e.g. an untyped integer) to the
	// constraint; ok is false if it cannot.
	Coerce(Attribute) (Attribute, bool)
}

type attrPred struct {
	desc   string
	match  func(Attribute) bool
	btype  Type
	coerce func(Attribute) (Attribute, bool)
}

func (p attrPred) Match(a Attribute) bool { return a != nil && p.match(a) }
func (p attrPred) Describe() string       { return p.desc }
func (p attrPred) BuildableType() Type    { return p.btype }
func (p attrPred) Coerce(a Attribute) (Attribute, bool) {
	if p.match(a) {
		return a, true
	}
	if p.coerce != nil {
		return p.coerce(a)
	}
	return a, false
}

// AttrPred builds an attribute constraint from a predicate.
func AttrPred(desc string, match func(Attribute) bool) AttrConstraint {
	return attrPred{desc: desc, match: match}
}

// UntypedInt marks integer literals parsed without a type (`{dim = 1}`); the
// parser gives them type i64 as MLIR does, with this flag so that an
// index-typed attribute constraint may coerce them (docs/semantics.md §3.8).
type untypedMarker struct{}

// Attribute constraints.
var (
	IndexAttrKind AttrConstraint = attrPred{
		desc:  "index attribute",
		match: func(a Attribute) bool { i, ok := a.(IntegerAttr); return ok && i.Type == Index },
		btype: Index,
		coerce: func(a Attribute) (Attribute, bool) {
			if i, ok := a.(IntegerAttr); ok && i.Type == I64 {
				return IntegerAttr{Type: Index, Value: i.Value}, true
			}
			return a, false
		},
	}
	I64AttrKind AttrConstraint = attrPred{
		desc:  "64-bit signless integer attribute",
		match: func(a Attribute) bool { i, ok := a.(IntegerAttr); return ok && i.Type == I64 },
		btype: I64,
	}
	SI64AttrKind AttrConstraint = attrPred{
		desc:  "64-bit signed integer attribute",
		match: func(a Attribute) bool { i, ok := a.(IntegerAttr); return ok && i.Type == IntegerType{64, Signed} },
		btype: IntegerType{64, Signed},
	}
	AnyIntAttrKind   AttrConstraint = AttrPred("integer attribute", func(a Attribute) bool { _, ok := a.(IntegerAttr); return ok })
	BoolAttrKind     AttrConstraint = AttrPred("bool attribute", func(a Attribute) bool { _, ok := a.(BoolAttr); return ok })
	StrAttrKind      AttrConstraint = AttrPred("string attribute", func(a Attribute) bool { _, ok := a.(StringAttr); return ok })
	UnitAttrKind     AttrConstraint = AttrPred("unit attribute", func(a Attribute) bool { _, ok := a.(UnitAttr); return ok })
	TypeAttrKind     AttrConstraint = AttrPred("type attribute", func(a Attribute) bool { _, ok := a.(TypeAttr); return ok })
	FuncTypeAttrKind AttrConstraint = AttrPred("type attribute of function type", func(a Attribute) bool {
		t, ok := a.(TypeAttr)
		if !ok {
			return false
		}
		_, ok = t.Type.(*FunctionType)
		return ok
	})
	SymbolRefAttrKind     AttrConstraint = AttrPred("symbol reference attribute", func(a Attribute) bool { _, ok := a.(SymbolRefAttr); return ok })
	FlatSymbolRefAttrKind AttrConstraint = AttrPred("flat symbol reference attribute", func(a Attribute) bool {
		s, ok := a.(SymbolRefAttr)
		return ok && len(s.Nested) == 0
	})
	ArrayAttrKind    AttrConstraint = AttrPred("array attribute", func(a Attribute) bool { _, ok := a.(ArrayAttr); return ok })
	DictAttrKind     AttrConstraint = AttrPred("dictionary of named attribute values", func(a Attribute) bool { _, ok := a.(DictAttr); return ok })
	I64ArrayAttrKind AttrConstraint = AttrPred("64-bit integer array attribute", func(a Attribute) bool {
		arr, ok := a.(ArrayAttr)
		if !ok {
			return false
		}
		for _, e := range arr {
			if i, ok := e.(IntegerAttr); !ok || i.Type != I64 {
				return false
			}
		}
		return true
	})
	DenseI64ArrayAttrKind AttrConstraint = AttrPred("i64 dense array attribute", func(a Attribute) bool {
		d, ok := a.(*DenseArrayAttr)
		return ok && d.Elem == I64
	})
	ElementsAttrKind AttrConstraint = AttrPred("constant vector/tensor attribute", func(a Attribute) bool { _, ok := a.(*DenseElementsAttr); return ok })
	TypedAttrKind    AttrConstraint = AttrPred("TypedAttr instance", func(a Attribute) bool { _, ok := a.(TypedAttr); return ok })
	AnyAttrKind      AttrConstraint = AttrPred("any attribute", func(a Attribute) bool { return true })
)

// StringEnumKind admits a string attribute with one of the given values.
func StringEnumKind(values ...string) AttrConstraint {
	return AttrPred(fmt.Sprintf("string attribute whose value is %s", strings.Join(values, ", or ")), func(a Attribute) bool {
		s, ok := a.(StringAttr)
		if !ok {
			return false
		}
		for _, v := range values {
			if string(s) == v {
				return true
			}
		}
		return false
	})
}
