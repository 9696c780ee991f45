package parser

// Design: participle drives the file (grammar.go: aliases, file metadata
// and top-level operations). The operation production is a hand-written
// ParseTypeWith hook over participle's PeekingLexer; the same *parser value
// implements ir.AsmParser, so the declarative-format engine, the Parse
// escape hatches (func.func, builtin.module) and the generic form all use
// one set of routines for operands, types, attributes and regions.
//
// Invariants:
//   - SSA names are scoped per region; lookups stop at a region of an
//     IsolatedFromAbove op. A use before its definition creates a
//     placeholder that the definition replaces; leftovers at the end of the
//     region are errors ("use of undeclared SSA value name").
//   - Every operation gets the location of its name token (file-absolute
//     lines, also for split chunks) unless a trailing loc(...) says otherwise.
//   - Custom syntax yields an ir.ParseState that is resolved exactly as the
//     generic form would be.

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tcp-project/tcp/ir"
)

// Options control parsing.
type Options struct {
	// Registry resolves op names (ir.Global if nil).
	Registry *ir.Registry
	// AllowUnregistered accepts generic-form ops of unknown dialects.
	AllowUnregistered bool
	// StartLine is the line number of the first line of src (1 if zero), so
	// that chunks of a split file report file-absolute positions.
	StartLine int
	// MaxNestingDepth bounds how deeply regions, types and attributes may
	// nest (DefaultMaxNestingDepth if zero, no bound if negative). Deeper
	// input is an error at the token that goes too deep: the parser, the
	// verifier, the printer and passes recurse on nesting, and unbounded
	// input could exhaust the stack.
	MaxNestingDepth int
}

// DefaultMaxNestingDepth is the nesting bound when Options leave it zero.
// Real programs nest a few levels; generated ones a few dozen.
const DefaultMaxNestingDepth = 1000

// ParseString parses MLIR text into a builtin.module.
func ParseString(filename, src string, reg *ir.Registry) (*ir.Operation, error) {
	return Parse(filename, src, Options{Registry: reg})
}

// Parse parses src (named filename in locations) into a builtin.module. If
// the text holds exactly one top-level builtin.module it is returned;
// otherwise the top-level operations are wrapped in a new module. Errors are
// *ir.Diagnostic values located at the offending token.
func Parse(filename, src string, opts Options) (*ir.Operation, error) {
	if opts.Registry == nil {
		opts.Registry = ir.Global
	}
	if opts.StartLine == 0 {
		opts.StartLine = 1
	}
	switch {
	case opts.MaxNestingDepth == 0:
		opts.MaxNestingDepth = DefaultMaxNestingDepth
	case opts.MaxNestingDepth < 0:
		opts.MaxNestingDepth = math.MaxInt
	}
	p := &parser{
		maxDepth:    opts.MaxNestingDepth,
		src:         src,
		reg:         opts.Registry,
		opts:        opts,
		file:        filename,
		typeAliases: map[string]ir.Type{},
		attrAliases: map[string]ir.Attribute{},
		locAliases:  map[string]ir.Location{},
	}
	module, err := p.parseFile(src)
	if err != nil {
		return nil, err
	}
	return module, nil
}

type ssaEntry struct {
	vals    []ir.Value
	loc     ir.Location // where the name is defined (or at, below)
	forward []bool      // per result: still a placeholder
	one     [1]ir.Value
	at      pos  // the definition's position when loc is nil
	defined bool // defined, not only used so far
}

// pos is a position in the parser's file; it becomes an ir.Location only
// when a diagnostic needs one (a boxed location per SSA name and operand
// was a third of the parser's garbage).
type pos struct{ line, col int32 }

func posOf(t *token) pos { return pos{int32(t.line), int32(t.col)} }

func (p *parser) locAt(ps pos) ir.Location {
	return ir.FileLineColLoc{File: p.file, Line: int(ps.line), Col: int(ps.col)}
}

// defLoc is where e was defined.
func (p *parser) defLoc(e *ssaEntry) ir.Location {
	if e.loc != nil {
		return e.loc
	}
	return p.locAt(e.at)
}

// ssaSlot is a name's binding in a scope: a single defined value inline
// (nearly every name: an op result), or an entry for the rest.
type ssaSlot struct {
	one ir.Value
	at  pos
	e   *ssaEntry
}

type ssaScope struct {
	// nums holds the names that are small decimal numbers (%0, %1, …: the
	// bulk of printed IR) by number, without hashing; values the rest.
	nums     []ssaSlot
	values   map[string]ssaSlot
	isolated bool
	parent   *ssaScope
	// firstForward records where each placeholder was first used.
	firstForward map[string]ir.Location
}

type blockEntry struct {
	block   *ir.Block
	defined bool
	loc     ir.Location
}

type regionState struct {
	blocks map[string]*blockEntry
}

type parser struct {
	lex *tokenStream
	src string
	ops []*ir.Operation // top-level operations
	// resources are the dialect_resources blobs of the file (resources.go).
	resources map[string][]byte
	reg       *ir.Registry
	opts      Options
	file      string

	scope       *ssaScope
	regions     []*regionState
	dialects    []string
	isolateNext bool // the next region parsed belongs to an IsolatedFromAbove op

	typeAliases map[string]ir.Type
	// dialectTypes and dialectAttrs cache registered dialect types and
	// attributes by token text.
	dialectTypes map[string]ir.Type
	dialectAttrs map[string]ir.Attribute
	attrAliases  map[string]ir.Attribute
	locAliases   map[string]ir.Location
	pendingLocs  []pendingLoc

	lastUntyped bool
	err         error

	entries []ssaEntry                // slab for SSA definitions
	unres   []operandRef              // operand stack of the generic ops being parsed
	binds   []resultBinding           // result-binding stack of the ops being parsed
	vals    []ir.Value                // operand values of the op being created
	dicts   map[string][]ir.NamedAttr // interned attribute dictionaries by text

	depth, maxDepth int // nesting of regions, types and attributes
}

// pendingLoc is a use of a location alias before its definition (mlir-opt
// prints `loc(#loc3)` and defines #loc3 at the end of the file). The use
// gets a placeholder that resolveLocs replaces.
type pendingLoc struct {
	name        string
	at          ir.Location
	placeholder *ir.NameLoc
}

var placeholderName = &ir.OpName{Name: "builtin.unresolved_forward_reference", Dialect: "builtin"}

// ---------------------------------------------------------------- errors

// nest enters one level of nesting (a region, type or attribute) at the
// next token; it fails beyond Options.MaxNestingDepth.
func (p *parser) nest() error {
	p.depth++
	if p.depth > p.maxDepth {
		p.depth--
		return p.Errorf("%s", p.tooDeep())
	}
	return nil
}

func (p *parser) unnest() { p.depth-- }

func (p *parser) tooDeep() string {
	return fmt.Sprintf("nesting is deeper than %d levels of regions, types and attributes (see --max-nesting-depth)", p.maxDepth)
}

func (p *parser) locOf(t *token) ir.Location {
	return ir.FileLineColLoc{File: p.file, Line: t.line, Col: t.col}
}

// errorAt reports an error at t; a lexing error met earlier takes precedence
// (it is the cause of whatever token the parser did not expect).
func (p *parser) errorAt(t *token, format string, args ...any) error {
	if p.lex.err != nil {
		return p.lex.err
	}
	return ir.Errorf(p.locOf(t), format, args...)
}

// Errorf reports an error at the next token.
func (p *parser) Errorf(format string, args ...any) error {
	return p.errorAt(p.lex.Peek(), format, args...)
}

// CurrentLoc is the location of the next token.
func (p *parser) CurrentLoc() ir.Location { return p.locOf(p.lex.Peek()) }

func describe(t *token) string {
	if t.EOF() {
		return "end of file"
	}
	return "'" + t.val + "'"
}

// ---------------------------------------------------------------- tokens

func (p *parser) peekIs(typ tokType, v string) bool {
	t := p.lex.Peek()
	return t.typ == typ && t.val == v
}

func (p *parser) PeekPunct(s string) bool { return p.peekIs(tPunct, s) }

func (p *parser) ParseOptionalPunct(s string) bool {
	if p.peekIs(tPunct, s) {
		p.lex.Next()
		return true
	}
	return false
}

func (p *parser) ParsePunct(s string) error {
	if p.ParseOptionalPunct(s) {
		return nil
	}
	return p.wrongTokenf("expected '%s'", s)
}

// wrongTokenf reports an unexpected token as MLIR's emitWrongTokenError
// does: when the token starts a later line than the end of the previous
// token, the error points just past the previous token instead.
func (p *parser) wrongTokenf(format string, args ...any) error {
	t := p.lex.Peek()
	if line, col, ok := p.lex.prevEnd(); ok && t.line > line {
		if p.lex.err != nil {
			return p.lex.err
		}
		return ir.Errorf(ir.FileLineColLoc{File: p.file, Line: line, Col: col}, format, args...)
	}
	return p.errorAt(t, format, args...)
}

func (p *parser) ParseOptionalKeyword(kw string) bool {
	if p.peekIs(tBare, kw) {
		p.lex.Next()
		return true
	}
	return false
}

func (p *parser) ParseKeyword(kw string) error {
	if p.ParseOptionalKeyword(kw) {
		return nil
	}
	return p.wrongTokenf("expected '%s'", kw)
}

func (p *parser) ParseOptionalIdentifier() (string, bool) {
	if t := p.lex.Peek(); t.typ == tBare {
		p.lex.Next()
		return t.val, true
	}
	return "", false
}

func (p *parser) Checkpoint() any { return p.lex.checkpoint() }
func (p *parser) Restore(c any)   { p.lex.restore(c.(streamCheckpoint)) }
func (p *parser) CanStartType() bool {
	t := p.lex.Peek()
	switch t.typ {
	case tBuiltinType, tBang, tBangBody:
		return true
	case tBare:
		_, ok := scalarType(t.val)
		return ok
	case tPunct:
		return t.val == "("
	}
	return false
}

// ---------------------------------------------------------------- operands

func splitSSA(v string) (string, int, error) {
	name := v[1:]
	if i := strings.IndexByte(name, '#'); i >= 0 {
		n, err := strconv.Atoi(name[i+1:])
		if err != nil {
			return "", 0, err
		}
		return name[:i], n, nil
	}
	return name, 0, nil
}

func (p *parser) ParseOptionalOperand() (ir.UnresolvedOperand, bool, error) {
	t := p.lex.Peek()
	if t.typ != tPercent {
		return ir.UnresolvedOperand{}, false, nil
	}
	p.lex.Next()
	name, num, err := splitSSA(t.val)
	if err != nil {
		return ir.UnresolvedOperand{}, false, p.errorAt(t, "invalid SSA value result number")
	}
	return ir.UnresolvedOperand{Name: name, Number: num, Loc: p.locOf(t)}, true, nil
}

func (p *parser) ParseOperand() (ir.UnresolvedOperand, error) {
	u, ok, err := p.ParseOptionalOperand()
	if err != nil {
		return u, err
	}
	if !ok {
		return u, p.Errorf("expected SSA operand")
	}
	return u, nil
}

func (p *parser) ParseOptionalInteger() (int64, bool, error) {
	neg := false
	cp := p.lex.checkpoint()
	if p.ParseOptionalPunct("-") {
		neg = true
	}
	t := p.lex.Peek()
	if t.typ != tInt {
		p.lex.restore(cp)
		return 0, false, nil
	}
	p.lex.Next()
	v, err := strconv.ParseInt(t.val, 0, 64)
	if err != nil {
		return 0, false, p.errorAt(t, "integer value too large")
	}
	if neg {
		v = -v
	}
	return v, true, nil
}

// numIndex returns the number a name spells if it is a decimal number
// without leading zeros that is small enough to index nums.
func numIndex(name string) (int, bool) {
	if len(name) == 0 || len(name) > 9 || name[0] == '0' && len(name) > 1 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func (s *ssaScope) get(name string) (ssaSlot, bool) {
	if i, ok := numIndex(name); ok && i < len(s.nums) {
		if sl := s.nums[i]; sl.one != nil || sl.e != nil {
			return sl, true
		}
		if len(s.values) == 0 {
			return ssaSlot{}, false
		}
	}
	sl, ok := s.values[name]
	return sl, ok
}

func (s *ssaScope) put(name string, sl ssaSlot) {
	if i, ok := numIndex(name); ok {
		if len(s.values) > 0 {
			if _, inMap := s.values[name]; inMap {
				s.values[name] = sl // bound while nums was too short
				return
			}
		}
		if i < len(s.nums) {
			s.nums[i] = sl
			return
		}
		// Grow densely only (a hostile %999999999 goes to the map).
		if i < 2*len(s.nums)+1024 {
			if i >= cap(s.nums) {
				s.nums = append(s.nums[:cap(s.nums)], make([]ssaSlot, i+1-cap(s.nums))...)
			}
			s.nums = s.nums[:i+1]
			s.nums[i] = sl
			return
		}
	}
	s.values[name] = sl
}

// lookupSlot finds name in the scopes visible from the current one.
func (p *parser) lookupSlot(name string) (ssaSlot, *ssaScope, bool) {
	for s := p.scope; s != nil; s = s.parent {
		if e, ok := s.get(name); ok {
			return e, s, true
		}
		if s.isolated {
			break
		}
	}
	return ssaSlot{}, nil, false
}

// lookup finds name's entry, turning an inline slot into an entry.
func (p *parser) lookup(name string) (*ssaEntry, bool) {
	sl, s, ok := p.lookupSlot(name)
	if !ok {
		return nil, false
	}
	return p.entryOf(s, name, sl), true
}

func (p *parser) entryOf(s *ssaScope, name string, sl ssaSlot) *ssaEntry {
	if sl.e != nil {
		return sl.e
	}
	e := p.newEntry()
	e.one[0] = sl.one
	e.vals, e.at, e.defined = e.one[:], sl.at, true
	s.put(name, ssaSlot{e: e})
	return e
}

// operandRef is an operand of a generic op whose location is made only if
// needed.
type operandRef struct {
	ir.UnresolvedOperand
	at pos
}

// resolveRef is resolve for an operandRef: a use of a defined value of the
// right type (nearly every use) needs no location.
func (p *parser) resolveRef(r operandRef, t ir.Type) (ir.Value, error) {
	if sl, _, ok := p.lookupSlot(r.Name); ok {
		if sl.e == nil && r.Number == 0 && sl.one.Type() == t {
			return sl.one, nil
		}
		// Block arguments and multi-result ops have entries.
		if e := sl.e; e != nil && e.defined && len(e.forward) == 0 && r.Number < len(e.vals) && e.vals[r.Number].Type() == t {
			return e.vals[r.Number], nil
		}
	}
	r.Loc = p.locAt(r.at)
	return p.resolve(r.UnresolvedOperand, t)
}

// resolve returns the value for u, which must have type t.
func (p *parser) resolve(u ir.UnresolvedOperand, t ir.Type) (ir.Value, error) {
	e, ok := p.lookup(u.Name)
	if !ok {
		e = &ssaEntry{}
		p.scope.put(u.Name, ssaSlot{e: e})
		if p.scope.firstForward == nil {
			p.scope.firstForward = map[string]ir.Location{}
		}
		p.scope.firstForward[u.Name] = u.Loc
	}
	for len(e.vals) <= u.Number {
		if e.defined && len(e.forward) == 0 {
			return nil, ir.Errorf(u.Loc, "result number %d is out of range for '%%%s' (it has %d results)", u.Number, u.Name, len(e.vals))
		}
		e.vals = append(e.vals, nil)
		e.forward = append(e.forward, true)
	}
	v := e.vals[u.Number]
	if v == nil {
		ph := ir.NewOperation(&ir.OperationState{Name: placeholderName, Loc: u.Loc, Types: []ir.Type{t}})
		v = ph.Result(0)
		e.vals[u.Number] = v
		return v, nil
	}
	if v.Type() != t {
		d := ir.Errorf(u.Loc, "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'", u.Name, t, v.Type())
		if e.defined {
			d.AttachNote(p.defLoc(e), "prior use here")
		}
		return nil, d
	}
	return v, nil
}

// define binds name to vals in the current scope.
func (p *parser) define(name string, vals []ir.Value, loc ir.Location) error {
	if sl, ok := p.scope.get(name); ok {
		e := p.entryOf(p.scope, name, sl)
		if e.defined {
			return ir.Errorf(loc, "redefinition of SSA value '%%%s'", name).AttachNote(p.defLoc(e), "previously defined here")
		}
		// Replace forward-reference placeholders.
		for i, ph := range e.vals {
			if ph == nil {
				continue
			}
			if i >= len(vals) {
				return ir.Errorf(loc, "reference to invalid result number %d of '%%%s'", i, name)
			}
			if ph.Type() != vals[i].Type() {
				return ir.Errorf(p.scope.firstForward[name], "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'", name, ph.Type(), vals[i].Type()).
					AttachNote(loc, "prior use here")
			}
			ir.ReplaceAllUsesWith(ph, vals[i])
		}
		delete(p.scope.firstForward, name)
		e.vals, e.loc, e.forward, e.defined = vals, loc, nil, true
		return nil
	}
	e := p.newEntry()
	e.vals, e.loc, e.defined = vals, loc, true
	p.scope.put(name, ssaSlot{e: e})
	return nil
}

// define1At binds name to the single value v defined at ps (an op result:
// no slice and no location are allocated).
func (p *parser) define1At(name string, v ir.Value, ps pos) error {
	if _, ok := p.scope.get(name); ok {
		return p.define(name, []ir.Value{v}, p.locAt(ps))
	}
	p.scope.put(name, ssaSlot{one: v, at: ps})
	return nil
}

// define1 binds name to the single value v (the common case, without
// allocating a slice).
func (p *parser) define1(name string, v ir.Value, loc ir.Location) error {
	if _, ok := p.scope.get(name); ok {
		return p.define(name, []ir.Value{v}, loc)
	}
	e := p.newEntry()
	e.one[0] = v
	e.vals, e.loc, e.defined = e.one[:], loc, true
	p.scope.put(name, ssaSlot{e: e})
	return nil
}

// newEntry returns a zero ssaEntry carved from a slab (one allocation per
// 256 definitions).
func (p *parser) newEntry() *ssaEntry {
	if len(p.entries) == 0 {
		p.entries = make([]ssaEntry, 256)
	}
	e := &p.entries[0]
	p.entries = p.entries[1:]
	return e
}

func (p *parser) pushScope(isolated bool) {
	p.scope = &ssaScope{values: map[string]ssaSlot{}, isolated: isolated, parent: p.scope}
}

// popScope ends a region's scope; unresolved forward references are errors.
// A name still forward at a non-isolated scope may be defined later in an
// enclosing region only for graph regions, which we do not model.
func (p *parser) popScope() error {
	s := p.scope
	p.scope = s.parent
	var first ir.Location
	firstName := ""
	for name, loc := range s.firstForward {
		f, _ := ir.FileLineCol(loc)
		if first == nil {
			first, firstName = loc, name
			continue
		}
		g, _ := ir.FileLineCol(first)
		if f.Line < g.Line || f.Line == g.Line && f.Col < g.Col {
			first, firstName = loc, name
		}
	}
	if first != nil {
		return ir.Errorf(first, "use of undeclared SSA value name '%%%s'", firstName)
	}
	return nil
}

// ---------------------------------------------------------------- regions

func (p *parser) ParseOptionalRegion(args []ir.RegionArg) (*ir.Region, bool, error) {
	if !p.PeekPunct("{") {
		return nil, false, nil
	}
	r, err := p.ParseRegion(args)
	return r, err == nil, err
}

func (p *parser) ParseRegion(args []ir.RegionArg) (*ir.Region, error) {
	if err := p.nest(); err != nil {
		return nil, err
	}
	defer p.unnest()
	if err := p.ParsePunct("{"); err != nil {
		return nil, err
	}
	p.pushScope(p.isolateNext)
	p.isolateNext = false
	rs := &regionState{blocks: map[string]*blockEntry{}}
	p.regions = append(p.regions, rs)
	r, err := p.regionBody(args, rs)
	p.regions = p.regions[:len(p.regions)-1]
	if err != nil {
		p.scope = p.scope.parent
		return nil, err
	}
	if err := p.popScope(); err != nil {
		return nil, err
	}
	return r, nil
}

func (p *parser) regionBody(args []ir.RegionArg, rs *regionState) (*ir.Region, error) {
	r := ir.NewRegion()
	var cur *ir.Block
	if args != nil {
		cur = ir.NewBlock(nil, nil)
		r.AddBlock(cur)
		for _, a := range args {
			loc := a.Loc
			if loc == nil {
				loc = a.Operand.Loc
			}
			ba := cur.AddArgument(a.Type, loc)
			if err := p.define1(a.Operand.Name, ba, a.Operand.Loc); err != nil {
				return nil, err
			}
		}
		if p.lex.Peek().typ == tCaret {
			return nil, p.Errorf("invalid block name in region with named arguments")
		}
	}
	for {
		t := p.lex.Peek()
		if t.typ == tPunct && t.val == "}" {
			p.lex.Next()
			break
		}
		if t.EOF() {
			return nil, p.errorAt(t, "expected '}' to end the region")
		}
		if t.typ == tCaret {
			b, err := p.blockLabel(rs)
			if err != nil {
				return nil, err
			}
			r.AddBlock(b)
			cur = b
			continue
		}
		if cur == nil {
			cur = ir.NewBlock(nil, nil)
			r.AddBlock(cur)
		}
		op, err := p.operation()
		if err != nil {
			return nil, err
		}
		cur.Append(op)
	}
	for name, be := range rs.blocks {
		if !be.defined {
			return nil, ir.Errorf(be.loc, "reference to an undefined block '^%s'", name)
		}
	}
	return r, nil
}

func (p *parser) blockLabel(rs *regionState) (*ir.Block, error) {
	t := p.lex.Next()
	name := t.val[1:]
	be, ok := rs.blocks[name]
	if ok && be.defined {
		return nil, p.errorAt(t, "redefinition of block '^%s'", name)
	}
	if !ok {
		be = &blockEntry{block: ir.NewBlock(nil, nil)}
		rs.blocks[name] = be
	}
	be.defined, be.loc = true, p.locOf(t)
	b := be.block
	if p.ParseOptionalPunct("(") {
		for !p.ParseOptionalPunct(")") {
			if b.NumArguments() > 0 {
				if err := p.ParsePunct(","); err != nil {
					return nil, err
				}
			}
			u, err := p.ParseOperand()
			if err != nil {
				return nil, err
			}
			if err := p.ParsePunct(":"); err != nil {
				return nil, err
			}
			ty, err := p.ParseType()
			if err != nil {
				return nil, err
			}
			loc := u.Loc
			if l, ok, err := p.ParseOptionalLocation(); err != nil {
				return nil, err
			} else if ok {
				loc = l
			}
			a := b.AddArgument(ty, loc)
			if err := p.define1(u.Name, a, u.Loc); err != nil {
				return nil, err
			}
		}
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	return b, nil
}

func (p *parser) ParseSuccessor() (*ir.Block, error) {
	t := p.lex.Peek()
	if t.typ != tCaret {
		return nil, p.Errorf("expected block name")
	}
	p.lex.Next()
	if len(p.regions) == 0 {
		return nil, p.errorAt(t, "successor outside of a region")
	}
	rs := p.regions[len(p.regions)-1]
	name := t.val[1:]
	be, ok := rs.blocks[name]
	if !ok {
		be = &blockEntry{block: ir.NewBlock(nil, nil), loc: p.locOf(t)}
		rs.blocks[name] = be
	}
	return be.block, nil
}

// ---------------------------------------------------------------- operations

type resultBinding struct {
	name  string
	count int
	at    pos
}

func (p *parser) operation() (*ir.Operation, error) {
	base := len(p.binds)
	defer func() { clear(p.binds[base:]); p.binds = p.binds[:base] }()
	numResults := 0
	if p.lex.Peek().typ == tPercent {
		for {
			t := p.lex.Peek()
			if t.typ != tPercent || strings.Contains(t.val, "#") {
				return nil, p.Errorf("expected SSA result name")
			}
			p.lex.Next()
			b := resultBinding{name: t.val[1:], count: 1, at: posOf(t)}
			if p.ParseOptionalPunct(":") {
				n := p.lex.Peek()
				v, err := strconv.Atoi(n.val)
				if n.typ != tInt || err != nil || v < 1 {
					return nil, p.Errorf("expected integer number of results")
				}
				p.lex.Next()
				b.count = v
			}
			p.binds = append(p.binds, b)
			numResults += b.count
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunct("="); err != nil {
			return nil, err
		}
	} else {
		numResults = -1
	}
	nameTokv := *p.lex.Peek()
	nameTok := &nameTokv // a copy: kept across unbounded parsing
	var op *ir.Operation
	var err error
	switch nameTok.typ {
	case tString:
		op, err = p.genericOp()
	case tBare:
		op, err = p.customOp(numResults)
	default:
		return nil, p.errorAt(nameTok, "expected operation name in quotes")
	}
	if err != nil {
		return nil, err
	}
	if l, ok, err := p.ParseOptionalLocation(); err != nil {
		return nil, err
	} else if ok {
		op.SetLoc(l)
	}
	if numResults < 0 {
		numResults = 0
	}
	if op.NumResults() != numResults {
		return nil, ir.Errorf(p.locOf(nameTok), "operation defines %d results but was provided %d to bind", op.NumResults(), numResults)
	}
	idx := 0
	for _, b := range p.binds[base:] {
		var err error
		if b.count == 1 {
			err = p.define1At(b.name, op.Result(idx), b.at)
		} else {
			err = p.define(b.name, op.Results()[idx:idx+b.count], p.locAt(b.at))
		}
		idx += b.count
		if err != nil {
			return nil, err
		}
	}
	return op, nil
}

func unquote(s string) (string, error) {
	body := s[1 : len(s)-1]
	if !strings.ContainsRune(body, '\\') {
		return body, nil
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(body) {
			return "", errors.New("bad escape")
		}
		switch body[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '"', '\\':
			b.WriteByte(body[i])
		default:
			if i+1 < len(body) && isHex(body[i]) && isHex(body[i+1]) {
				v, _ := strconv.ParseUint(body[i:i+2], 16, 8)
				b.WriteByte(byte(v))
				i++
			} else {
				return "", errors.New("unknown escape in string literal")
			}
		}
	}
	return b.String(), nil
}

func (p *parser) genericOp() (*ir.Operation, error) {
	nameTok := p.lex.Next()
	name, err := unquote(nameTok.val)
	if err != nil {
		return nil, p.errorAt(nameTok, "%v", err)
	}
	opName := p.reg.Lookup(name)
	if opName.Def == nil && !p.opts.AllowUnregistered {
		if !strings.Contains(name, ".") || !p.reg.HasDialect(opName.Dialect) {
			if h := ir.MissingDialectHint(opName.Dialect); h != "" {
				return nil, p.errorAt(nameTok, "operation '%s' is of the unregistered dialect '%s'%s", name, opName.Dialect, h)
			}
			return nil, p.errorAt(nameTok, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used")
		}
		return nil, p.errorAt(nameTok, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", name, opName.Dialect)
	}
	loc := p.locOf(nameTok)
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	// The operands live on p.unres while the op's regions are parsed
	// (nested ops push above them), so no slice is allocated per op.
	base := len(p.unres)
	defer func() { clear(p.unres[base:]); p.unres = p.unres[:base] }()
	for !p.ParseOptionalPunct(")") {
		if len(p.unres) > base {
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
		t := p.lex.Peek()
		if t.typ != tPercent {
			return nil, p.Errorf("expected SSA operand")
		}
		p.lex.Next()
		name, num, err := splitSSA(t.val)
		if err != nil {
			return nil, p.errorAt(t, "invalid SSA value result number")
		}
		p.unres = append(p.unres, operandRef{ir.UnresolvedOperand{Name: name, Number: num}, posOf(t)})
	}
	st := &ir.OperationState{Name: opName, Loc: loc}
	if p.ParseOptionalPunct("[") {
		for !p.ParseOptionalPunct("]") {
			if len(st.Successors) > 0 {
				if err := p.ParsePunct(","); err != nil {
					return nil, err
				}
			}
			b, err := p.ParseSuccessor()
			if err != nil {
				return nil, err
			}
			st.Successors = append(st.Successors, b)
		}
	}
	var untyped []string
	if p.PeekPunct("<") { // properties (newer MLIR), merged into attributes
		p.lex.Next()
		attrs, u, err := p.ParseOptionalAttrDict()
		if err != nil {
			return nil, err
		}
		st.Attrs = append(st.Attrs, attrs...)
		untyped = append(untyped, u...)
		if err := p.ParsePunct(">"); err != nil {
			return nil, err
		}
	}
	if p.PeekPunct("(") {
		p.lex.Next()
		for {
			p.setIsolation(opName)
			p.pushDialect(opName)
			r, err := p.ParseRegion(nil)
			p.popDialect(opName)
			if err != nil {
				return nil, err
			}
			st.Regions = append(st.Regions, r)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunct(")"); err != nil {
			return nil, err
		}
	}
	attrs, shared, u, err := p.internedAttrDict()
	if err != nil {
		return nil, err
	}
	if st.Attrs == nil {
		st.Attrs, st.SharedAttrs = attrs, shared
	} else {
		st.Attrs = append(st.Attrs, attrs...)
	}
	untyped = append(untyped, u...)
	if !p.ParseOptionalPunct(":") {
		return nil, p.wrongTokenf("expected ':' followed by operation type")
	}
	typeTokv := *p.lex.Peek()
	typeTok := &typeTokv // a copy: kept across unbounded parsing
	ty, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	ft, ok := ty.(*ir.FunctionType)
	if !ok {
		return nil, p.errorAt(typeTok, "expected function type")
	}
	operands := p.unres[base:]
	if len(ft.Inputs()) != len(operands) {
		return nil, p.errorAt(typeTok, "expected %d operand type%s but had %d", len(operands), plural(len(operands)), len(ft.Inputs()))
	}
	// NewOperation copies the operand values, so a reused buffer will do.
	vals := p.vals[:0]
	for i, r := range operands {
		v, err := p.resolveRef(r, ft.Inputs()[i])
		if err != nil {
			return nil, err
		}
		vals = append(vals, v)
	}
	st.Operands = vals
	defer func() { clear(vals); p.vals = vals[:0] }()
	st.Types = ft.Results()
	p.coerceUntyped(opName.Def, st.Attrs, untyped)
	return ir.NewOperation(st), nil
}

// maxInternedDict is the longest attribute dictionary text that is
// interned (longer ones, such as big dense literals, rarely repeat).
const maxInternedDict = 512

// internedAttrDict parses an optional attribute dictionary of a generic
// op. Dictionaries are interned by their text, as MLIR uniques attribute
// dictionaries: a dictionary spelled like an earlier one is not parsed
// again, and the operations share one sorted list (ir.OperationState
// SharedAttrs). Dictionaries with untyped integers (coerced per op) are
// not interned.
func (p *parser) internedAttrDict() (attrs []ir.NamedAttr, shared bool, untyped []string, err error) {
	t := p.lex.Peek()
	if t.typ != tPunct || t.val != "{" {
		return nil, false, nil, nil
	}
	end := dictEnd(p.src, t.off)
	var key string
	if end > 0 {
		key = p.src[t.off:end]
		if c, ok := p.dicts[key]; ok {
			p.lex.skipTo(end)
			return c, true, nil, nil
		}
	}
	attrs, untyped, err = p.ParseOptionalAttrDict()
	if err != nil || end <= 0 || len(untyped) > 0 || p.lex.prev == nil || p.lex.prev.off+1 != end {
		return attrs, false, untyped, err
	}
	ir.SortNamedAttrs(attrs)
	attrs = attrs[:len(attrs):len(attrs)]
	if p.dicts == nil {
		p.dicts = map[string][]ir.NamedAttr{}
	}
	p.dicts[key] = attrs
	return attrs, true, nil, nil
}

// dictEnd returns the offset just past the '}' that closes the dictionary
// opening at src[off], or -1 if it is longer than maxInternedDict or holds
// a comment or a newline.
func dictEnd(src string, off int) int {
	depth := 0
	for i := off; i < len(src) && i-off < maxInternedDict; i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
				if i < len(src) && src[i] == '\n' {
					return -1
				}
			}
		case '\n', '/':
			return -1
		}
	}
	return -1
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// coerceUntyped turns untyped integer literals into the type an attribute
// declares when that type is index (docs/semantics.md §3.8: `{ dim = 1 }`).
func (p *parser) coerceUntyped(def *ir.OpDef, attrs []ir.NamedAttr, untyped []string) {
	if def == nil || len(untyped) == 0 {
		return
	}
	for _, n := range untyped {
		ad := def.AttrDef(n)
		if ad == nil || ad.Kind.BuildableType() != ir.Index {
			continue
		}
		for i := range attrs {
			if attrs[i].Name == n {
				if c, ok := ad.Kind.Coerce(attrs[i].Value); ok {
					attrs[i].Value = c
				}
			}
		}
	}
}

func (p *parser) setIsolation(n *ir.OpName) {
	p.isolateNext = n.Def != nil && n.Def.HasTrait(ir.IsolatedFromAbove)
}

func (p *parser) pushDialect(n *ir.OpName) {
	if n.Def != nil && n.Def.DefaultDialect != "" {
		p.dialects = append(p.dialects, n.Def.DefaultDialect)
	} else {
		p.dialects = append(p.dialects, "")
	}
}

func (p *parser) popDialect(*ir.OpName) { p.dialects = p.dialects[:len(p.dialects)-1] }

func (p *parser) customOp(numResults int) (*ir.Operation, error) {
	nameTokv := *p.lex.Next()
	nameTok := &nameTokv // a copy: kept across unbounded parsing
	name := nameTok.val
	var opName *ir.OpName
	if !strings.Contains(name, ".") {
		for i := len(p.dialects) - 1; i >= 0; i-- {
			if d := p.dialects[i]; d != "" {
				opName = p.reg.Lookup(d + "." + name)
				break
			}
		}
		if opName == nil || opName.Def == nil {
			// The builtin dialect is always a fallback (`module`).
			opName = p.reg.Lookup("builtin." + name)
		}
		if opName.Def == nil {
			return nil, p.errorAt(nameTok, "custom op '%s' is unknown", name)
		}
	} else {
		opName = p.reg.Lookup(name)
	}
	def := opName.Def
	if def == nil {
		d := opName.Dialect
		if !p.reg.HasDialect(d) {
			if h := ir.MissingDialectHint(d); h != "" {
				return nil, p.errorAt(nameTok, "Dialect `%s' not found for custom op '%s'%s", d, name, h)
			}
			return nil, p.errorAt(nameTok, "Dialect `%s' not found for custom op '%s' ", d, name)
		}
		return nil, p.errorAt(nameTok, "custom op '%s' is unknown", name)
	}
	if !def.HasFormat() {
		return nil, p.errorAt(nameTok, "custom op '%s' has no custom assembly form; use the generic form", name)
	}
	loc := p.locOf(nameTok)
	st := ir.NewParseState(opName, loc, numResults)
	p.pushDialect(opName)
	saved := p.isolateNext
	p.setIsolation(opName)
	err := ir.ParseCustom(p, st)
	p.isolateNext = saved
	p.popDialect(opName)
	if err != nil {
		return nil, err
	}
	return p.finishCustom(st)
}

// finishCustom resolves a ParseState into an operation, as the generic
// form would have produced it.
func (p *parser) finishCustom(st *ir.ParseState) (*ir.Operation, error) {
	def := st.Def
	out := &ir.OperationState{Name: st.Name, Loc: st.Loc, Attrs: st.Attrs, Regions: st.Regions, Successors: st.Successors}
	for gi, g := range st.Operands {
		for i, u := range g {
			var t ir.Type
			if gi < len(st.OperandTypes) && i < len(st.OperandTypes[gi]) {
				t = st.OperandTypes[gi][i]
			}
			if t == nil {
				return nil, ir.Errorf(u.Loc, "cannot resolve the type of operand '%%%s'", u.Name)
			}
			v, err := p.resolve(u, t)
			if err != nil {
				return nil, err
			}
			out.Operands = append(out.Operands, v)
		}
	}
	if def.HasTrait(ir.AttrSizedOperandSegments) {
		sizes := make([]int64, len(st.Operands))
		for i, g := range st.Operands {
			sizes[i] = int64(len(g))
		}
		out.Attrs = append(out.Attrs, ir.NamedAttr{Name: ir.SegmentSizesAttrName, Value: &ir.DenseArrayAttr{Elem: ir.I32, Ints: sizes}})
	}
	out.Types = st.FlatResultTypes()
	p.coerceUntyped(def, out.Attrs, st.UntypedInts)
	return ir.NewOperation(out), nil
}

// ---------------------------------------------------------------- file

func (p *parser) parseFile(src string) (*ir.Operation, error) {
	fail := func(err error) error {
		if p.err == nil {
			p.err = err
		}
		return err
	}
	opsHook := func(lex *lexer.PeekingLexer) (opNode, error) {
		if t := lex.Peek(); t.Type != topOps {
			return nil, participle.NextMatch
		}
		if err := p.parseOps(lex.Next()); err != nil {
			return nil, fail(err)
		}
		return opRun{}, nil
	}
	aliasHook := func(lex *lexer.PeekingLexer) (aliasNode, error) {
		if t := lex.Peek(); t.Type != topAlias {
			return nil, participle.NextMatch
		}
		if err := p.parseAlias(lex.Next()); err != nil {
			return nil, fail(err)
		}
		return aliasDef{}, nil
	}
	grammar, err := participle.Build[fileAST](
		participle.Lexer(topDef{startLine: p.opts.StartLine}),
		participle.ParseTypeWith(opsHook),
		participle.ParseTypeWith(aliasHook),
	)
	if err != nil {
		return nil, fmt.Errorf("parser: grammar: %w", err)
	}
	p.pushScope(true)
	p.regions = append(p.regions, &regionState{blocks: map[string]*blockEntry{}})
	p.dialects = []string{""}
	p.resources = scanResources(src)
	_, perr := grammar.ParseString(p.file, src)
	if p.err != nil {
		return nil, p.err
	}
	var d *ir.Diagnostic
	if errors.As(perr, &d) {
		return nil, d
	}
	if perr != nil {
		var pe participle.Error
		if errors.As(perr, &pe) {
			pos := pe.Position()
			return nil, ir.Errorf(ir.FileLineColLoc{File: pos.Filename, Line: pos.Line, Col: pos.Column}, "%s", pe.Message())
		}
		return nil, perr
	}
	if err := p.popScope(); err != nil {
		return nil, err
	}
	m := ops0(p.ops)
	if m == nil {
		m = ir.NewModule(ir.FileLineColLoc{File: p.file, Line: p.opts.StartLine, Col: 1})
		body := ir.Body(m)
		for _, op := range p.ops {
			body.Append(op)
		}
	}
	if err := p.resolveLocs(m); err != nil {
		return nil, err
	}
	return m, nil
}

func ops0(ops []*ir.Operation) *ir.Operation {
	if len(ops) == 1 && ops[0].Name() == ir.ModuleName {
		return ops[0]
	}
	return nil
}

func (p *parser) resolveLocs(m *ir.Operation) error {
	if len(p.pendingLocs) == 0 {
		return nil
	}
	repl := map[ir.Location]ir.Location{}
	for _, pl := range p.pendingLocs {
		l, ok := p.locAliases[pl.name]
		if !ok {
			return ir.Errorf(pl.at, "operation location alias was never defined")
		}
		repl[pl.placeholder] = l
	}
	m.Walk(ir.PreOrder, func(op *ir.Operation) {
		if l, ok := repl[op.Loc()]; ok {
			op.SetLoc(l)
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks {
				for _, a := range b.Arguments() {
					if l, ok := repl[a.Loc]; ok {
						a.Loc = l
					}
				}
			}
		}
	})
	return nil
}
