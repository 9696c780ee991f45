package ir

// Keyword enums in assembly formats.
//
// MLIR's I64EnumAttr (arith.cmpi's predicate) is an i64 IntegerAttr in the
// generic form (`predicate = 2 : i64`) and a bare keyword in the custom form
// (`arith.cmpi slt, …`). An AttrConstraint that also implements
// EnumAttrConstraint says how to map between the two; the custom directive
// `custom<EnumKeyword>($attr)` prints and parses any such attribute, so a
// format reads `custom<EnumKeyword>($predicate) `,` $lhs …` where ODS writes
// `$predicate `,` $lhs …`. The same two helpers (PrintEnumKeyword,
// ParseEnumKeyword) are what a plain `$attr` element would call once the
// engine checks for the interface itself.

import (
	"fmt"
	"strconv"
	"strings"
)

// EnumCase is one case of an integer enum: its keyword and stored value.
type EnumCase struct {
	Keyword string
	Value   int64
}

// EnumAttrConstraint is an optional interface of AttrConstraint for
// attributes printed as a keyword in custom assembly.
type EnumAttrConstraint interface {
	AttrConstraint
	// Cases lists the keywords in declaration order.
	Cases() []EnumCase
	// Keyword returns the keyword of a stored attribute.
	Keyword(Attribute) (string, bool)
	// FromKeyword returns the stored attribute for a keyword.
	FromKeyword(string) (Attribute, bool)
}

type intEnumKind struct {
	attrPred
	typ   Type
	cases []EnumCase
}

// I64EnumKind is MLIR's I64EnumAttr: a 64-bit signless integer attribute
// whose value is one of the cases. Its constraint reads "allowed 64-bit
// signless integer cases: 0, 1, …" as ODS generates it.
func I64EnumKind(cases ...EnumCase) EnumAttrConstraint {
	return IntEnumKind(I64, "64-bit signless integer", cases...)
}

// IntEnumKind is an integer enum stored with type t (I32EnumAttr: i32,
// "32-bit signless integer").
func IntEnumKind(t Type, typeDesc string, cases ...EnumCase) EnumAttrConstraint {
	vals := make([]string, len(cases))
	for i, c := range cases {
		vals[i] = strconv.FormatInt(c.Value, 10)
	}
	k := &intEnumKind{typ: t, cases: append([]EnumCase(nil), cases...)}
	k.attrPred = attrPred{
		desc:  fmt.Sprintf("allowed %s cases: %s", typeDesc, strings.Join(vals, ", ")),
		btype: t,
		match: func(a Attribute) bool {
			_, ok := k.Keyword(a)
			return ok
		},
	}
	return k
}

func (k *intEnumKind) Cases() []EnumCase { return k.cases }

func (k *intEnumKind) Keyword(a Attribute) (string, bool) {
	i, ok := a.(IntegerAttr)
	if !ok || i.Type != k.typ {
		return "", false
	}
	for _, c := range k.cases {
		if c.Value == i.Value {
			return c.Keyword, true
		}
	}
	return "", false
}

func (k *intEnumKind) FromKeyword(s string) (Attribute, bool) {
	for _, c := range k.cases {
		if c.Keyword == s {
			return IntegerAttr{Type: k.typ, Value: c.Value}, true
		}
	}
	return nil, false
}

// PrintEnumKeyword writes the keyword of a if kind is an enum constraint
// and a is one of its cases; otherwise it writes nothing and returns false.
func PrintEnumKeyword(p *AsmPrinter, kind AttrConstraint, a Attribute) bool {
	ek, ok := kind.(EnumAttrConstraint)
	if !ok {
		return false
	}
	kw, ok := ek.Keyword(a)
	if ok {
		p.WriteString(kw)
	}
	return ok
}

// ParseEnumKeyword parses a keyword (or a string holding one, as MLIR also
// accepts) for attribute attrName of op opName. The error matches MLIR's:
// `custom op 'arith.cmpi' expected string or keyword containing one of the
// following enum values for attribute 'predicate' [eq, ne, …]`.
func ParseEnumKeyword(p AsmParser, kind EnumAttrConstraint, opName, attrName string) (Attribute, error) {
	loc := p.CurrentLoc()
	kw, ok := p.ParseOptionalIdentifier()
	if !ok && p.CanStartAttribute() {
		cp := p.Checkpoint()
		if a, err := p.ParseAttribute(nil); err == nil {
			if s, isStr := a.(StringAttr); isStr {
				kw, ok = string(s), true
			}
		}
		if !ok {
			p.Restore(cp)
		}
	}
	if ok {
		if a, found := kind.FromKeyword(kw); found {
			return a, nil
		}
	}
	names := make([]string, len(kind.Cases()))
	for i, c := range kind.Cases() {
		names[i] = c.Keyword
	}
	return nil, Errorf(loc, "custom op '%s' expected string or keyword containing one of the following enum values for attribute '%s' [%s]",
		opName, attrName, strings.Join(names, ", "))
}

func init() {
	RegisterCustomDirective("EnumKeyword", &CustomDirective{
		Parse: func(p AsmParser, st *ParseState, args []CustomArg) error {
			if len(args) != 1 || args[0].Attr == "" {
				return p.Errorf("custom<EnumKeyword> takes one attribute")
			}
			name := args[0].Attr
			ad := st.Def.AttrDef(name)
			ek, ok := ad.Kind.(EnumAttrConstraint)
			if !ok {
				return p.Errorf("attribute '%s' is not a keyword enum", name)
			}
			a, err := ParseEnumKeyword(p, ek, st.Name.Name, name)
			if err != nil {
				return err
			}
			st.AddAttr(name, a)
			return nil
		},
		Print: func(p *AsmPrinter, op *Operation, args []CustomArg) {
			if len(args) != 1 {
				return
			}
			a := op.Attr(args[0].Attr)
			if a == nil {
				return
			}
			if ad := op.Def().AttrDef(args[0].Attr); ad == nil || !PrintEnumKeyword(p, ad.Kind, a) {
				p.PrintAttribute(a)
			}
		},
	})
}
