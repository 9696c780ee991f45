package ir

import (
	"fmt"
	"sort"
	"strings"
)

// Dialect types and attributes are defined once, like ops: a TypeDef or
// DialectAttrDef names the dialect and mnemonic, documents the parameters,
// parses the body after the mnemonic through AsmParser, and verifies the
// result (MLIR's TypeDef / AttrDef with a custom parser and genVerifyDecl).
//
// A registered type is a Go value of the dialect's own type that embeds
// TypeBase and implements DefinedType; it is interned with InternType, so ==
// is equality, and its String() is the exact printed form (`!torch.int`,
// `!torch.vtensor<[3,?],f32>`). The parser dispatches `!dialect.name…` to
// the registered definition and `#dialect.name…` to the registered
// attribute definition; names without a definition stay OpaqueType /
// OpaqueAttr, printed back verbatim.

// TypeDef defines one dialect type.
type TypeDef struct {
	Dialect, Name string // !Dialect.Name
	Summary       string
	// Description states the parameters, the syntax and the verifier
	// rules; Markdown.
	Description string
	// Parameters documents the type's parameters (name: meaning).
	Parameters []ParamDoc
	// Examples in printed form.
	Examples []string
	// Parse parses the body after `!dialect.name` (for example
	// `<[3,?],f32>`, possibly empty) and returns the type. The AsmParser
	// reads only that body; text left over is an error of the caller.
	Parse func(p AsmParser) (Type, error)
	// Verify checks a constructed type (nil: always valid). The parser
	// calls it and locates its error at the type.
	Verify func(t Type) error
}

// DialectAttrDef defines one dialect attribute (MLIR's AttrDef; the name
// AttrDef is the declaration of an op's attribute in this package).
type DialectAttrDef struct {
	Dialect, Name string // #Dialect.Name
	Summary       string
	Description   string
	Parameters    []ParamDoc
	Examples      []string
	// Parse parses the body after `#dialect.name` (possibly empty).
	Parse func(p AsmParser) (Attribute, error)
	// Verify checks a constructed attribute (nil: always valid).
	Verify func(a Attribute) error
}

// ParamDoc documents one parameter of a type or attribute.
type ParamDoc struct {
	Name, Doc string
}

// FullName is "dialect.name".
func (d *TypeDef) FullName() string { return d.Dialect + "." + d.Name }

// FullName is "dialect.name".
func (d *DialectAttrDef) FullName() string { return d.Dialect + "." + d.Name }

// DefinedType is implemented by every registered dialect type.
type DefinedType interface {
	Type
	// TypeDef returns the type's definition.
	TypeDef() *TypeDef
}

// DefinedAttr is implemented by every registered dialect attribute.
type DefinedAttr interface {
	Attribute
	// AttrDef returns the attribute's definition.
	AttrDef() *DialectAttrDef
}

// TypeBase is embedded by dialect type structs to make them ir.Type values.
type TypeBase struct{}

func (TypeBase) isType() {}

// AttrBase is embedded by dialect attribute structs to make them
// ir.Attribute values.
type AttrBase struct{}

func (AttrBase) isAttr() {}

// InternType returns the unique type for key, building it with mk the
// first time. key must be the type's canonical spelling (its String()),
// so that structurally equal types are the same value. Dialect types live
// in their own key space: an OpaqueType of the same spelling (parsed with a
// registry that lacks the definition) is a different type.
func InternType(key string, mk func() Type) Type {
	return intern("\x00"+key, mk)
}

// VerifyType runs the definition's verifier of a dialect type, and nothing
// for other types.
func VerifyType(t Type) error {
	if dt, ok := t.(DefinedType); ok {
		if def := dt.TypeDef(); def != nil && def.Verify != nil {
			return def.Verify(t)
		}
	}
	return nil
}

// VerifyAttr runs the definition's verifier of a dialect attribute.
func VerifyAttr(a Attribute) error {
	if da, ok := a.(DefinedAttr); ok {
		if def := da.AttrDef(); def != nil && def.Verify != nil {
			return def.Verify(a)
		}
	}
	return nil
}

type typeAttrDefs struct {
	types map[string]*TypeDef
	attrs map[string]*DialectAttrDef
}

// MustRegisterType registers def in Global and returns it; it panics on a
// malformed or duplicate definition.
func MustRegisterType(def TypeDef) *TypeDef {
	d := &def
	if err := Global.RegisterType(d); err != nil {
		panic(err)
	}
	return d
}

// MustRegisterAttr registers def in Global and returns it.
func MustRegisterAttr(def DialectAttrDef) *DialectAttrDef {
	d := &def
	if err := Global.RegisterAttr(d); err != nil {
		panic(err)
	}
	return d
}

func checkMnemonic(kind, dialect, name string, hasParse bool) error {
	if dialect == "" || name == "" || strings.ContainsAny(dialect, ".<>") || strings.ContainsAny(name, "<>") {
		return fmt.Errorf("ir: %s %q.%q: bad dialect or name", kind, dialect, name)
	}
	if !hasParse {
		return fmt.Errorf("ir: %s %s.%s has no Parse", kind, dialect, name)
	}
	return nil
}

// RegisterType adds a type definition.
func (r *Registry) RegisterType(def *TypeDef) error {
	if err := checkMnemonic("type", def.Dialect, def.Name, def.Parse != nil); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.typeDefs.types == nil {
		r.typeDefs.types = map[string]*TypeDef{}
	}
	if _, ok := r.typeDefs.types[def.FullName()]; ok {
		return fmt.Errorf("ir: type !%s registered twice", def.FullName())
	}
	r.typeDefs.types[def.FullName()] = def
	return nil
}

// RegisterAttr adds an attribute definition.
func (r *Registry) RegisterAttr(def *DialectAttrDef) error {
	if err := checkMnemonic("attribute", def.Dialect, def.Name, def.Parse != nil); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.typeDefs.attrs == nil {
		r.typeDefs.attrs = map[string]*DialectAttrDef{}
	}
	if _, ok := r.typeDefs.attrs[def.FullName()]; ok {
		return fmt.Errorf("ir: attribute #%s registered twice", def.FullName())
	}
	r.typeDefs.attrs[def.FullName()] = def
	return nil
}

// LookupTypeDef returns the definition of !dialect.name, or nil.
func (r *Registry) LookupTypeDef(dialect, name string) *TypeDef {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.typeDefs.types[dialect+"."+name]
}

// LookupAttrDef returns the definition of #dialect.name, or nil.
func (r *Registry) LookupAttrDef(dialect, name string) *DialectAttrDef {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.typeDefs.attrs[dialect+"."+name]
}

// TypeDefs returns every registered type definition, sorted by full name.
func (r *Registry) TypeDefs() []*TypeDef {
	r.mu.RLock()
	var out []*TypeDef
	for _, d := range r.typeDefs.types {
		out = append(out, d)
	}
	r.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].FullName() < out[j].FullName() })
	return out
}

// AttrDefs returns every registered attribute definition, sorted.
func (r *Registry) AttrDefs() []*DialectAttrDef {
	r.mu.RLock()
	var out []*DialectAttrDef
	for _, d := range r.typeDefs.attrs {
		out = append(out, d)
	}
	r.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].FullName() < out[j].FullName() })
	return out
}
