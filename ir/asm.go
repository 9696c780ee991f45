package ir

// AsmParser is what op-specific parsing (format directives and the Parse
// escape hatch) needs from a concrete parser. Package parser implements it
// over participle's token stream; ir stays free of participle.
type AsmParser interface {
	// CurrentLoc is the location of the next token.
	CurrentLoc() Location
	// Errorf returns an error located at the next token.
	Errorf(format string, args ...any) error

	// ParseOptionalPunct consumes p (one of `: , = < > ( ) { } [ ] -> ? + * ...`) if next.
	ParseOptionalPunct(p string) bool
	// ParsePunct consumes p or fails with "expected 'p'".
	ParsePunct(p string) error
	// ParseOptionalKeyword consumes the bare identifier kw if next.
	ParseOptionalKeyword(kw string) bool
	// ParseKeyword consumes kw or fails.
	ParseKeyword(kw string) error
	// ParseOptionalIdentifier consumes and returns any bare identifier.
	ParseOptionalIdentifier() (string, bool)
	// PeekPunct reports whether p is next, without consuming it.
	PeekPunct(p string) bool

	// ParseOptionalOperand parses %name or %name#N if next.
	ParseOptionalOperand() (UnresolvedOperand, bool, error)
	// ParseOperand parses an SSA use or fails.
	ParseOperand() (UnresolvedOperand, error)
	// ParseOptionalInteger parses a (possibly negative) integer literal.
	ParseOptionalInteger() (int64, bool, error)

	// ParseType parses any type.
	ParseType() (Type, error)
	// CanStartType reports whether the next token can begin a type.
	CanStartType() bool
	// ParseAttribute parses an attribute. For an integer or float literal
	// without `: type`, hint (if non-nil) is its type; else i64 / f64.
	ParseAttribute(hint Type) (Attribute, error)
	// CanStartAttribute reports whether the next token can begin an attribute.
	CanStartAttribute() bool
	// ParseOptionalAttrDict parses `{…}` if next. untyped lists the entries
	// whose value was an integer literal without a type.
	ParseOptionalAttrDict() (attrs []NamedAttr, untyped []string, err error)
	// ParseOptionalSymbolName parses @name if next.
	ParseOptionalSymbolName() (string, bool, error)

	// ParseRegion parses `{ … }`. If args is non-nil, they become the entry
	// block's arguments (as in function bodies) and the region must not
	// start with a block label of its own.
	ParseRegion(args []RegionArg) (*Region, error)
	// ParseOptionalRegion parses a region if `{` is next.
	ParseOptionalRegion(args []RegionArg) (*Region, bool, error)
	// ParseSuccessor parses ^label.
	ParseSuccessor() (*Block, error)
	// ParseOptionalLocation parses a trailing `loc(...)` if next.
	ParseOptionalLocation() (Location, bool, error)

	// Checkpoint and Restore implement backtracking over optional syntax.
	Checkpoint() any
	Restore(any)
}

// UnresolvedOperand is an SSA use seen by the parser before resolution.
type UnresolvedOperand struct {
	Name   string // without %
	Number int    // result number after #
	Loc    Location
}

// RegionArg is an entry-block argument declared outside the region
// (function signatures).
type RegionArg struct {
	Operand UnresolvedOperand
	Type    Type
	Attrs   []NamedAttr
	Loc     Location // nil if none was written
}

// ParseState accumulates what custom syntax denotes; once resolved it is
// exactly the generic form's content, so custom syntax is sugar.
type ParseState struct {
	Def  *OpDef
	Name *OpName
	Loc  Location

	// Per declared operand group (Def.Operands order).
	Operands     [][]UnresolvedOperand
	OperandTypes [][]Type
	// Per declared result group.
	ResultTypes [][]Type
	// NumResults is the count bound by the result list (`%0:2 =`), or -1.
	NumResults int

	Attrs       []NamedAttr
	UntypedInts []string
	// attrIndex finds an attribute of a long Attrs list by name, so that
	// adding n attributes is O(n), not O(n²).
	attrIndex  attrIndex
	Regions    []*Region
	Successors []*Block

	// parenTypes is set while a lenient `(T, T) -> T` list is open.
	parenTypes bool
}

// NewParseState prepares a state for def.
func NewParseState(name *OpName, loc Location, numResults int) *ParseState {
	def := name.Def
	st := &ParseState{Def: def, Name: name, Loc: loc, NumResults: numResults}
	if def != nil {
		st.Operands = make([][]UnresolvedOperand, len(def.Operands))
		st.OperandTypes = make([][]Type, len(def.Operands))
		st.ResultTypes = make([][]Type, len(def.Results))
	}
	return st
}

// AddAttr sets an attribute (replacing one of the same name).
func (st *ParseState) AddAttr(name string, a Attribute) {
	st.Attrs = st.attrIndex.add(st.Attrs, name, a)
}

// Attr returns a parsed attribute or nil.
func (st *ParseState) Attr(name string) Attribute {
	for _, na := range st.Attrs {
		if na.Name == name {
			return na.Value
		}
	}
	return nil
}

// FlatOperands concatenates the operand groups.
func (st *ParseState) FlatOperands() []UnresolvedOperand {
	var out []UnresolvedOperand
	for _, g := range st.Operands {
		out = append(out, g...)
	}
	return out
}

// FlatOperandTypes concatenates operand types.
func (st *ParseState) FlatOperandTypes() []Type {
	var out []Type
	for _, g := range st.OperandTypes {
		out = append(out, g...)
	}
	return out
}

// FlatResultTypes concatenates result types.
func (st *ParseState) FlatResultTypes() []Type {
	var out []Type
	for _, g := range st.ResultTypes {
		out = append(out, g...)
	}
	return out
}
