package ir

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// OpDef defines an operation once: its name, operands, results, attributes,
// traits, assembly format, verifier, folder, canonicalization patterns and
// docs. Generic code (parser, printer, verifier, passes, interpreter) reads
// these fields instead of special-casing ops.
type OpDef struct {
	Name        string
	Aliases     []string // further names sharing this definition, each printed as written
	Summary     string
	Description string // semantics, verifier rules; Markdown
	Examples    []string

	Operands   []OperandDef
	Results    []ResultDef
	Attrs      []AttrDef
	Regions    []RegionDef
	Successors []SuccessorDef
	Traits     []Trait

	// Format is an MLIR declarative assembly format. Empty: generic form only
	// unless Parse/Print are set.
	Format string
	// AcceptParenthesizedOperandTypes lets the parser accept `(T, T) -> T`
	// where the format says `T, T -> T` (tolerance for design-doc syntax).
	AcceptParenthesizedOperandTypes bool

	// Parse and Print replace Format for syntax outside the format language.
	Parse func(p AsmParser, st *ParseState) error
	Print func(p *AsmPrinter, op *Operation)

	// InferResultTypes computes result types when the format cannot name them.
	InferResultTypes func(st *ParseState) error
	// Verify checks what the declarative fields cannot express. It must
	// read only op, its regions and its operands' types.
	Verify func(op *Operation) error
	// VerifySymbolUses checks the symbols op refers to (a call's callee
	// and its type), as MLIR's SymbolUserOpInterface: it runs only when an
	// enclosing symbol table op (a module) is part of the verification, not
	// when a function is verified alone, as after a function pass, when
	// other functions may be changing in parallel.
	VerifySymbolUses func(op *Operation) error
	// Fold returns replacement attributes/values for the results, or nil.
	Fold func(op *Operation) []OpFoldResult
	// Canonicalize lists the op's canonicalization patterns.
	Canonicalize []Pattern
	// ResultName suggests SSA name hints for the custom form (%c4, %cst).
	ResultName func(op *Operation) string
	// DefaultDialect lets nested ops drop this dialect prefix (func.func: "func").
	DefaultDialect string

	format *formatProgram
}

// OpFoldResult is either an attribute (a constant) or an existing value.
type OpFoldResult struct {
	Attr  Attribute
	Value Value
}

// OperandDef declares an operand (or a variadic/optional group).
type OperandDef struct {
	Name     string
	Type     TypeConstraint
	Variadic bool
	Optional bool
}

// ResultDef declares a result.
type ResultDef struct {
	Name     string
	Type     TypeConstraint
	Variadic bool
}

// AttrDef declares an attribute.
type AttrDef struct {
	Name     string
	Kind     AttrConstraint
	Required bool
	// Default, if set, is implied when absent; attr-dict elides an equal value.
	Default Attribute
	// IsDefault reports whether a value equals a default that depends on the
	// op (fill_value's default follows the element type); attr-dict elides it.
	IsDefault func(op *Operation, a Attribute) bool
	// Populate stores Default on the op when the attribute is absent at
	// creation (MLIR 16's DefaultValuedAttr behaviour, e.g. arith fastmath),
	// so the generic form shows it.
	Populate bool
}

// RegionDef declares a region.
type RegionDef struct {
	Name     string
	Variadic bool
}

// SuccessorDef declares a successor.
type SuccessorDef struct {
	Name     string
	Variadic bool
}

// Registry holds op definitions by name.
type Registry struct {
	mu    sync.RWMutex
	names map[string]*OpName
	defs  []*OpDef
	// typeDefs holds the dialect type and attribute definitions (typedef.go).
	typeDefs typeAttrDefs
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{names: map[string]*OpName{}} }

// Global is the registry that dialect packages register into from init().
var Global = NewRegistry()

// MustRegister registers def in Global and returns it; it panics if the
// definition is inconsistent (bad format, unresolvable types, duplicate name).
func MustRegister(def OpDef) *OpDef {
	d := &def
	if err := Global.Register(d); err != nil {
		panic(err)
	}
	return d
}

// Register adds def, compiling and checking its assembly format.
func (r *Registry) Register(def *OpDef) error {
	if !strings.Contains(def.Name, ".") {
		return fmt.Errorf("ir: op name %q has no dialect prefix", def.Name)
	}
	if def.Format != "" {
		prog, err := compileFormat(def)
		if err != nil {
			return fmt.Errorf("ir: %s: bad assembly format: %v", def.Name, err)
		}
		def.format = prog
	}
	if err := checkDef(def); err != nil {
		return fmt.Errorf("ir: %s: %v", def.Name, err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, n := range append([]string{def.Name}, def.Aliases...) {
		if old, ok := r.names[n]; ok && old.Def != nil {
			return fmt.Errorf("ir: op %q registered twice", n)
		}
		r.names[n] = &OpName{Name: n, Dialect: n[:strings.IndexByte(n, '.')], Def: def}
	}
	r.defs = append(r.defs, def)
	return nil
}

func checkDef(def *OpDef) error {
	seen := map[string]bool{}
	for _, o := range def.Operands {
		if seen[o.Name] {
			return fmt.Errorf("duplicate operand/attr name %q", o.Name)
		}
		seen[o.Name] = true
	}
	for _, a := range def.Attrs {
		if a.Kind == nil {
			return fmt.Errorf("attribute %q has no constraint", a.Name)
		}
	}
	variadic := 0
	for _, o := range def.Operands {
		if o.Variadic || o.Optional {
			variadic++
		}
	}
	if variadic > 1 && !def.HasTrait(SameVariadicOperandSize) && !def.HasTrait(AttrSizedOperandSegments) {
		return fmt.Errorf("several variadic operands need SameVariadicOperandSize or AttrSizedOperandSegments")
	}
	return nil
}

// Lookup returns the interned name for s. Unregistered names get an OpName
// with a nil Def (interned too, so pointer comparison works).
func (r *Registry) Lookup(s string) *OpName {
	r.mu.RLock()
	n, ok := r.names[s]
	r.mu.RUnlock()
	if ok {
		return n
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if n, ok := r.names[s]; ok {
		return n
	}
	d := ""
	if i := strings.IndexByte(s, '.'); i > 0 {
		d = s[:i]
	}
	n = &OpName{Name: s, Dialect: d}
	r.names[s] = n
	return n
}

// LookupDef returns the registered definition for s, or nil.
func (r *Registry) LookupDef(s string) *OpDef {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if n, ok := r.names[s]; ok {
		return n.Def
	}
	return nil
}

// Defs returns every registered definition, sorted by name.
func (r *Registry) Defs() []*OpDef {
	r.mu.RLock()
	out := append([]*OpDef(nil), r.defs...)
	r.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Dialects returns the names of the dialects with registered ops.
func (r *Registry) Dialects() []string {
	set := map[string]bool{}
	for _, d := range r.Defs() {
		set[d.Name[:strings.IndexByte(d.Name, '.')]] = true
	}
	var out []string
	for d := range set {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// HasDialect reports whether any op of dialect d is registered.
func (r *Registry) HasDialect(d string) bool {
	for _, x := range r.Dialects() {
		if x == d {
			return true
		}
	}
	return false
}

// HasTrait reports whether def lists trait t.
func (def *OpDef) HasTrait(t Trait) bool {
	for _, x := range def.Traits {
		if x == t {
			return true
		}
	}
	return false
}

// HasFormat reports whether the op has a custom assembly form.
func (def *OpDef) HasFormat() bool { return def.format != nil || def.Parse != nil }

// AttrDef returns the declaration of attribute name, or nil.
func (def *OpDef) AttrDef(name string) *AttrDef {
	for i := range def.Attrs {
		if def.Attrs[i].Name == name {
			return &def.Attrs[i]
		}
	}
	return nil
}

// OperandIndex returns the index of the named operand group, or -1.
func (def *OpDef) OperandIndex(name string) int {
	for i, o := range def.Operands {
		if o.Name == name {
			return i
		}
	}
	return -1
}

// ResultIndex returns the index of the named result group, or -1.
func (def *OpDef) ResultIndex(name string) int {
	for i, o := range def.Results {
		if o.Name == name {
			return i
		}
	}
	return -1
}

// fixedGroups reports whether every operand and result group of def is a
// single value and op has exactly that many operands and results, so that
// group i is operand (result) i. Verification and trait checks use it to
// skip building groups.
func (def *OpDef) fixedGroups(op *Operation) bool {
	if len(op.operands) != len(def.Operands) || len(op.results) != len(def.Results) {
		return false
	}
	for i := range def.Operands {
		if def.Operands[i].Variadic || def.Operands[i].Optional {
			return false
		}
	}
	for i := range def.Results {
		if def.Results[i].Variadic {
			return false
		}
	}
	return !def.HasTrait(AttrSizedOperandSegments)
}

// OperandGroups splits op's operands into the def's declared groups.
func (def *OpDef) OperandGroups(op *Operation) ([][]Value, error) {
	return splitGroups(op, len(def.Operands), func(i int) (bool, bool) {
		return def.Operands[i].Variadic, def.Operands[i].Optional
	}, op.Operands(), def.HasTrait(AttrSizedOperandSegments), SegmentSizesAttrName)
}

// ResultGroups splits op's results into the def's declared groups.
func (def *OpDef) ResultGroups(op *Operation) ([][]Value, error) {
	return splitGroups(op, len(def.Results), func(i int) (bool, bool) {
		return def.Results[i].Variadic, false
	}, op.Results(), false, "")
}

// SegmentSizesAttrName is the attribute that sizes operand groups of ops
// with AttrSizedOperandSegments (the MLIR 16 spelling).
const SegmentSizesAttrName = "operand_segment_sizes"

func splitGroups(op *Operation, n int, kind func(int) (bool, bool), vals []Value, sized bool, sizeAttr string) ([][]Value, error) {
	var buf [8]int
	bounds, err := groupBounds(op, n, kind, len(vals), sized, sizeAttr, buf[:0])
	if err != nil {
		return nil, err
	}
	groups := make([][]Value, n)
	for i := range groups {
		groups[i] = vals[bounds[i]:bounds[i+1]]
	}
	return groups, nil
}

// groupBounds computes where each of n groups of count values starts:
// group i is values [b[i], b[i+1]). It appends the n+1 bounds to buf and
// allocates nothing when buf has room, so the verifier can check ops with
// variadic groups without building them.
func groupBounds(op *Operation, n int, kind func(int) (bool, bool), count int, sized bool, sizeAttr string, buf []int) ([]int, error) {
	b := append(buf, 0)
	if sized {
		a, ok := op.Attr(sizeAttr).(*DenseArrayAttr)
		if !ok {
			if a2 := op.Attr("operandSegmentSizes"); a2 != nil {
				a, ok = a2.(*DenseArrayAttr)
			}
		}
		if !ok || a.Elem != I32 {
			return nil, fmt.Errorf("requires dense i32 array attribute '%s'", sizeAttr)
		}
		if len(a.Ints) != n {
			return nil, fmt.Errorf("'%s' attribute for specifying operand segments must have %d elements, but got %d", sizeAttr, n, len(a.Ints))
		}
		total := int64(0)
		for _, s := range a.Ints {
			if s < 0 {
				return nil, fmt.Errorf("'%s' attribute cannot have negative elements", sizeAttr)
			}
			total += s
		}
		if total != int64(count) {
			return nil, fmt.Errorf("operand count (%d) does not match with the total size (%d) specified in attribute '%s'", count, total, sizeAttr)
		}
		pos := 0
		for _, s := range a.Ints {
			pos += int(s)
			b = append(b, pos)
		}
		return b, nil
	}
	fixed, nvar := 0, 0
	for i := 0; i < n; i++ {
		v, o := kind(i)
		if v || o {
			nvar++
		} else {
			fixed++
		}
	}
	rest := count - fixed
	if rest < 0 || (nvar == 0 && rest != 0) {
		return nil, fmt.Errorf("expected %d, got %d", fixed, count)
	}
	each := 0
	if nvar > 0 {
		if rest%nvar != 0 {
			return nil, fmt.Errorf("variadic groups need the same size, got %d values for %d groups", rest, nvar)
		}
		each = rest / nvar
	}
	pos := 0
	for i := 0; i < n; i++ {
		v, o := kind(i)
		sz := 1
		if v || o {
			sz = each
			if o && !v && sz > 1 {
				return nil, fmt.Errorf("optional group has %d values", sz)
			}
		}
		pos += sz
		b = append(b, pos)
	}
	return b, nil
}

// operandBounds is groupBounds for def's operand groups.
func (def *OpDef) operandBounds(op *Operation, buf []int) ([]int, error) {
	return groupBounds(op, len(def.Operands), func(i int) (bool, bool) {
		return def.Operands[i].Variadic, def.Operands[i].Optional
	}, len(op.operands), def.HasTrait(AttrSizedOperandSegments), SegmentSizesAttrName, buf)
}

// resultBounds is groupBounds for def's result groups.
func (def *OpDef) resultBounds(op *Operation, buf []int) ([]int, error) {
	return groupBounds(op, len(def.Results), func(i int) (bool, bool) {
		return def.Results[i].Variadic, false
	}, len(op.results), false, "", buf)
}

// AddCanonicalizationPatterns appends patterns to the canonicalization
// patterns of the registered op name. Conversion packages, which sit above
// the dialects, use it from init so that their rewrites of a frontend op
// also serve --canonicalize (MLIR's getCanonicalizationPatterns lives in
// the dialect; our frontend rewrites need tcp, tensor and arith builders
// that a dialect package may not import). It panics if name is not
// registered (a programmer error found by every test).
func (r *Registry) AddCanonicalizationPatterns(name string, ps ...Pattern) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n, ok := r.names[name]
	if !ok || n.Def == nil {
		panic("ir: AddCanonicalizationPatterns: op " + name + " is not registered")
	}
	n.Def.Canonicalize = append(n.Def.Canonicalize, ps...)
}
