package ir

// The declarative assembly format engine.
//
// A format string (MLIR's assemblyFormat language) is compiled once, at
// registration, into a formatProgram: a slice of elements. Every element
// type implements both directions next to each other: print (op → text) and
// parse (tokens → ParseState). After the last element, resolveTypes fills in
// operand and result types that the format does not spell (buildable types,
// trait relations, InferResultTypes), so the custom form yields exactly what
// the generic form would.
//
// Phases: lexFormat → parseFormat (elements) → checkFormat (ODS's
// tablegen-time rules: every operand and region appears once, every type is
// resolvable, anchors are optional).

import (
	"fmt"
	"strings"
)

type formatProgram struct {
	elems []fmtElem
	// used marks attributes printed by variables, so attr-dict skips them.
	used map[string]bool
}

type fmtElem interface{ fmtElem() }

type litElem struct{ text string }
type operandElem struct{ idx int }
type allOperandsElem struct{}
type attrElem struct {
	name string
	def  *AttrDef
}
type regionElem struct{ idx int }
type allRegionsElem struct{}
type successorElem struct{ idx int }
type allSuccessorsElem struct{}
type attrDictElem struct{ withKeyword bool }
type typeElem struct{ target typeTarget }
type funcTypeElem struct{ in, out typeTarget }
type customElem struct {
	name string
	dir  *CustomDirective
	args []fmtElem
}
type groupElem struct {
	then, els []fmtElem
	anchor    fmtElem
}

type targetKind int

const (
	tgtOperand targetKind = iota
	tgtResult
	tgtAllOperands
	tgtAllResults
)

type typeTarget struct {
	kind targetKind
	idx  int
}

func (litElem) fmtElem()           {}
func (operandElem) fmtElem()       {}
func (allOperandsElem) fmtElem()   {}
func (attrElem) fmtElem()          {}
func (regionElem) fmtElem()        {}
func (allRegionsElem) fmtElem()    {}
func (successorElem) fmtElem()     {}
func (allSuccessorsElem) fmtElem() {}
func (attrDictElem) fmtElem()      {}
func (typeElem) fmtElem()          {}
func (funcTypeElem) fmtElem()      {}
func (customElem) fmtElem()        {}
func (groupElem) fmtElem()         {}

// CustomDirective is a Go directive pair for `custom<Name>(args)`. The args
// are the format variables named in the call, in order.
type CustomDirective struct {
	Parse func(p AsmParser, st *ParseState, args []CustomArg) error
	Print func(pr *AsmPrinter, op *Operation, args []CustomArg)
}

// CustomArg is one argument of a custom directive: an operand group index,
// an attribute name, or a type target, as written in the format.
type CustomArg struct {
	Operand int    // operand group index, or -1
	Attr    string // attribute name, or ""
	Type    bool   // wrapped in type(...)
}

var customDirectives = map[string]*CustomDirective{}

// RegisterCustomDirective makes custom<name>(...) available to formats.
func RegisterCustomDirective(name string, d *CustomDirective) { customDirectives[name] = d }

// ---------------------------------------------------------------- compile

type fmtTok struct {
	kind byte // 'l' literal, '$' variable, 'i' identifier, or the punctuation itself
	text string
}

func lexFormat(s string) ([]fmtTok, error) {
	var toks []fmtTok
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c == '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				return nil, fmt.Errorf("unterminated literal")
			}
			toks = append(toks, fmtTok{'l', s[i+1 : i+1+j]})
			i += j + 2
		case c == '$':
			j := i + 1
			for j < len(s) && isFmtIdent(s[j]) {
				j++
			}
			if j == i+1 {
				return nil, fmt.Errorf("expected variable name after '$'")
			}
			toks = append(toks, fmtTok{'$', s[i+1 : j]})
			i = j
		case isFmtIdent(c):
			j := i
			for j < len(s) && (isFmtIdent(s[j]) || s[j] == '-') {
				j++
			}
			toks = append(toks, fmtTok{'i', s[i:j]})
			i = j
		case strings.IndexByte("()?^:,<>", c) >= 0:
			toks = append(toks, fmtTok{c, string(c)})
			i++
		default:
			return nil, fmt.Errorf("unexpected character %q", c)
		}
	}
	return toks, nil
}

func isFmtIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

type fmtCompiler struct {
	def     *OpDef
	toks    []fmtTok
	pos     int
	used    map[string]bool
	anchors map[string]fmtElem // elements marked with '^', by anchorKey
}

func compileFormat(def *OpDef) (*formatProgram, error) {
	toks, err := lexFormat(def.Format)
	if err != nil {
		return nil, err
	}
	c := &fmtCompiler{def: def, toks: toks, used: map[string]bool{}, anchors: map[string]fmtElem{}}
	elems, err := c.elements(false)
	if err != nil {
		return nil, err
	}
	if c.pos != len(c.toks) {
		return nil, fmt.Errorf("unexpected %q", c.toks[c.pos].text)
	}
	prog := &formatProgram{elems: elems, used: c.used}
	if err := checkFormat(def, prog); err != nil {
		return nil, err
	}
	return prog, nil
}

func (c *fmtCompiler) peek() *fmtTok {
	if c.pos < len(c.toks) {
		return &c.toks[c.pos]
	}
	return nil
}

func (c *fmtCompiler) expect(k byte) error {
	t := c.peek()
	if t == nil || t.kind != k {
		return fmt.Errorf("expected '%c'", k)
	}
	c.pos++
	return nil
}

// elements parses until ')' (inGroup) or the end.
func (c *fmtCompiler) elements(inGroup bool) ([]fmtElem, error) {
	var out []fmtElem
	for {
		t := c.peek()
		if t == nil || (inGroup && t.kind == ')') {
			return out, nil
		}
		e, err := c.element()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
}

func (c *fmtCompiler) element() (fmtElem, error) {
	t := c.peek()
	c.pos++
	switch t.kind {
	case 'l':
		return litElem{t.text}, nil
	case '$':
		return c.variable(t.text)
	case '(':
		then, err := c.elements(true)
		if err != nil {
			return nil, err
		}
		if err := c.expect(')'); err != nil {
			return nil, err
		}
		g := groupElem{then: then}
		if n := c.peek(); n != nil && n.kind == ':' {
			c.pos++
			if err := c.expect('('); err != nil {
				return nil, err
			}
			if g.els, err = c.elements(true); err != nil {
				return nil, err
			}
			if err := c.expect(')'); err != nil {
				return nil, err
			}
		}
		if err := c.expect('?'); err != nil {
			return nil, fmt.Errorf("optional group must end with '?'")
		}
		g.anchor = c.findAnchor(then)
		if g.anchor == nil {
			return nil, fmt.Errorf("optional group has no anchor '^'")
		}
		return g, nil
	case 'i':
		return c.directive(t.text)
	}
	return nil, fmt.Errorf("unexpected %q", t.text)
}

// findAnchor returns the element of a group marked with '^'.
func (c *fmtCompiler) findAnchor(elems []fmtElem) fmtElem {
	for _, e := range elems {
		if a, ok := c.anchors[anchorKey(e)]; ok {
			return a
		}
	}
	return nil
}

// anchorKey identifies an element by kind and target (elements are values).
func anchorKey(e fmtElem) string { return fmt.Sprintf("%T%v", e, e) }

func (c *fmtCompiler) markAnchor(e fmtElem) {
	if t := c.peek(); t != nil && t.kind == '^' {
		c.pos++
		c.anchors[anchorKey(e)] = e
	}
}

func (c *fmtCompiler) variable(name string) (fmtElem, error) {
	def := c.def
	var e fmtElem
	if i := def.OperandIndex(name); i >= 0 {
		e = operandElem{i}
	} else if a := def.AttrDef(name); a != nil {
		c.used[name] = true
		e = attrElem{name: name, def: a}
	} else if i := regionIndex(def, name); i >= 0 {
		e = regionElem{i}
	} else if i := successorIndex(def, name); i >= 0 {
		e = successorElem{i}
	} else {
		return nil, fmt.Errorf("unknown variable $%s", name)
	}
	c.markAnchor(e)
	return e, nil
}

func regionIndex(def *OpDef, name string) int {
	for i, r := range def.Regions {
		if r.Name == name {
			return i
		}
	}
	return -1
}

func successorIndex(def *OpDef, name string) int {
	for i, r := range def.Successors {
		if r.Name == name {
			return i
		}
	}
	return -1
}

func (c *fmtCompiler) target() (typeTarget, error) {
	t := c.peek()
	if t == nil {
		return typeTarget{}, fmt.Errorf("expected type target")
	}
	c.pos++
	switch {
	case t.kind == '$':
		if i := c.def.OperandIndex(t.text); i >= 0 {
			return typeTarget{tgtOperand, i}, nil
		}
		if i := c.def.ResultIndex(t.text); i >= 0 {
			return typeTarget{tgtResult, i}, nil
		}
		return typeTarget{}, fmt.Errorf("type target $%s is not an operand or result", t.text)
	case t.kind == 'i' && t.text == "operands":
		return typeTarget{kind: tgtAllOperands}, nil
	case t.kind == 'i' && t.text == "results":
		return typeTarget{kind: tgtAllResults}, nil
	}
	return typeTarget{}, fmt.Errorf("bad type target %q", t.text)
}

func (c *fmtCompiler) directive(name string) (fmtElem, error) {
	switch name {
	case "attr-dict":
		return attrDictElem{}, nil
	case "attr-dict-with-keyword":
		return attrDictElem{withKeyword: true}, nil
	case "operands":
		return allOperandsElem{}, nil
	case "regions":
		return allRegionsElem{}, nil
	case "successors":
		return allSuccessorsElem{}, nil
	case "type", "qualified":
		if err := c.expect('('); err != nil {
			return nil, err
		}
		if name == "qualified" { // printing is always qualified here
			if t := c.peek(); t == nil || t.kind != 'i' || t.text != "type" {
				e, err := c.element()
				if err != nil {
					return nil, err
				}
				return e, c.expect(')')
			}
			c.pos++
			if err := c.expect('('); err != nil {
				return nil, err
			}
			inner, err := c.directiveRest("type")
			if err != nil {
				return nil, err
			}
			return inner, c.expect(')')
		}
		return c.directiveRest("type")
	case "functional-type":
		if err := c.expect('('); err != nil {
			return nil, err
		}
		in, err := c.target()
		if err != nil {
			return nil, err
		}
		if err := c.expect(','); err != nil {
			return nil, err
		}
		out, err := c.target()
		if err != nil {
			return nil, err
		}
		return funcTypeElem{in, out}, c.expect(')')
	case "custom":
		if err := c.expect('<'); err != nil {
			return nil, err
		}
		t := c.peek()
		if t == nil || t.kind != 'i' {
			return nil, fmt.Errorf("expected custom directive name")
		}
		c.pos++
		dir := customDirectives[t.text]
		if dir == nil {
			return nil, fmt.Errorf("unknown custom directive %q", t.text)
		}
		ce := customElem{name: t.text, dir: dir}
		if err := c.expect('>'); err != nil {
			return nil, err
		}
		if err := c.expect('('); err != nil {
			return nil, err
		}
		for {
			n := c.peek()
			if n == nil {
				return nil, fmt.Errorf("unterminated custom directive")
			}
			if n.kind == ')' {
				c.pos++
				break
			}
			if n.kind == ',' {
				c.pos++
				continue
			}
			e, err := c.element()
			if err != nil {
				return nil, err
			}
			ce.args = append(ce.args, e)
		}
		c.markAnchor(ce.anchorKeyElem())
		return ce, nil
	}
	return nil, fmt.Errorf("unknown directive %q", name)
}

func (ce customElem) anchorKeyElem() fmtElem { return ce }

// directiveRest parses "(target)" after "type(" has been consumed.
func (c *fmtCompiler) directiveRest(string) (fmtElem, error) {
	tg, err := c.target()
	if err != nil {
		return nil, err
	}
	if err := c.expect(')'); err != nil {
		return nil, err
	}
	e := typeElem{tg}
	c.markAnchor(e)
	return e, nil
}

// checkFormat applies ODS's registration-time rules.
func checkFormat(def *OpDef, prog *formatProgram) error {
	operandSeen := make([]int, len(def.Operands))
	regionSeen := make([]int, len(def.Regions))
	opTypes := make([]bool, len(def.Operands))
	resTypes := make([]bool, len(def.Results))
	hasDict := false
	var walk func([]fmtElem)
	markTarget := func(t typeTarget) {
		switch t.kind {
		case tgtOperand:
			opTypes[t.idx] = true
		case tgtResult:
			resTypes[t.idx] = true
		case tgtAllOperands:
			for i := range opTypes {
				opTypes[i] = true
			}
		case tgtAllResults:
			for i := range resTypes {
				resTypes[i] = true
			}
		}
	}
	walk = func(es []fmtElem) {
		for _, e := range es {
			switch e := e.(type) {
			case operandElem:
				operandSeen[e.idx]++
			case allOperandsElem:
				for i := range operandSeen {
					operandSeen[i]++
				}
			case regionElem:
				regionSeen[e.idx]++
			case allRegionsElem:
				for i := range regionSeen {
					regionSeen[i]++
				}
			case attrDictElem:
				hasDict = true
			case typeElem:
				markTarget(e.target)
			case funcTypeElem:
				markTarget(e.in)
				markTarget(e.out)
			case customElem:
				for _, a := range e.args {
					switch a := a.(type) {
					case operandElem:
						operandSeen[a.idx]++
					case typeElem:
						markTarget(a.target)
					}
				}
			case groupElem:
				walk(e.then)
				walk(e.els)
			}
		}
	}
	walk(prog.elems)
	for i, n := range operandSeen {
		if n != 1 {
			return fmt.Errorf("operand $%s appears %d times, want once", def.Operands[i].Name, n)
		}
	}
	for i, n := range regionSeen {
		if n != 1 {
			return fmt.Errorf("region $%s appears %d times, want once", def.Regions[i].Name, n)
		}
	}
	related := map[string]bool{}
	for _, t := range def.Traits {
		switch t := t.(type) {
		case *AllTypesMatchTrait:
			known := false
			for _, n := range t.Names {
				if i := def.OperandIndex(n); i >= 0 && (opTypes[i] || def.Operands[i].Type.Buildable() != nil) {
					known = true
				}
				if i := def.ResultIndex(n); i >= 0 && resTypes[i] {
					known = true
				}
				if prog.used[n] {
					known = true
				}
			}
			if known {
				for _, n := range t.Names {
					related[n] = true
				}
			}
		}
		if t == SameOperandsAndResultType {
			for _, o := range def.Operands {
				related[o.Name] = true
			}
			for _, r := range def.Results {
				related[r.Name] = true
			}
		}
	}
	for i, o := range def.Operands {
		if !opTypes[i] && o.Type.Buildable() == nil && !related[o.Name] {
			return fmt.Errorf("type of operand $%s is not resolvable", o.Name)
		}
	}
	for i, r := range def.Results {
		if !resTypes[i] && r.Type.Buildable() == nil && !related[r.Name] && def.InferResultTypes == nil {
			return fmt.Errorf("type of result $%s is not resolvable", r.Name)
		}
	}
	for _, a := range def.Attrs {
		if a.Required && !prog.used[a.Name] && !hasDict {
			return fmt.Errorf("required attribute %q is neither a variable nor in attr-dict", a.Name)
		}
	}
	return nil
}

// ---------------------------------------------------------------- print

type fmtPrintState struct {
	p                          *AsmPrinter
	op                         *Operation
	operands                   [][]Value
	shouldEmitSpace, lastPunct bool
}

// print runs the program over op, whose operands are already split into
// the definition's groups (printOp checked that they split).
func (prog *formatProgram) print(p *AsmPrinter, op *Operation, groups [][]Value) {
	s := &fmtPrintState{p: p, op: op, operands: groups, shouldEmitSpace: true}
	s.elems(prog.elems, prog)
}

func (s *fmtPrintState) elems(es []fmtElem, prog *formatProgram) {
	for _, e := range es {
		s.elem(e, prog)
	}
}

// spaceBefore is MLIR's shouldEmitSpaceBefore (OpFormatGen.cpp).
func spaceBefore(v string, lastPunct bool) bool {
	if len(v) != 1 && v != "->" {
		return true
	}
	if lastPunct {
		return !strings.ContainsRune(">)}],", rune(v[0]))
	}
	return !strings.ContainsRune("<>(){}[],", rune(v[0]))
}

func (s *fmtPrintState) space() {
	if s.shouldEmitSpace || !s.lastPunct {
		s.p.WriteByte(' ')
	}
	s.lastPunct = false
	s.shouldEmitSpace = true
}

func (s *fmtPrintState) elem(e fmtElem, prog *formatProgram) {
	p, op := s.p, s.op
	switch e := e.(type) {
	case litElem:
		switch e.text {
		case "":
			s.shouldEmitSpace = false
			s.lastPunct = true
			return
		case " ":
			s.p.WriteByte(' ')
			s.shouldEmitSpace = false
			s.lastPunct = true
			return
		}
		if s.shouldEmitSpace && spaceBefore(e.text, s.lastPunct) {
			p.WriteByte(' ')
		}
		p.WriteString(e.text)
		s.shouldEmitSpace = len(e.text) != 1 || !strings.ContainsRune("<({[", rune(e.text[0]))
		s.lastPunct = e.text[0] != '_' && !isAlpha(e.text[0])
	case operandElem:
		if len(s.operands[e.idx]) == 0 {
			return
		}
		s.space()
		p.PrintOperands(s.operands[e.idx])
	case allOperandsElem:
		if op.NumOperands() == 0 {
			return
		}
		s.space()
		p.PrintOperands(op.Operands())
	case attrElem:
		a := op.Attr(e.name)
		if a == nil {
			return
		}
		s.space()
		p.PrintAttributeElided(a, e.def.Kind.BuildableType())
	case regionElem:
		s.space()
		p.PrintRegion(op.Region(e.idx), true, true)
	case allRegionsElem:
		for i, r := range op.Regions() {
			if i > 0 {
				p.WriteString(",")
			}
			s.space()
			p.PrintRegion(r, true, true)
		}
	case successorElem:
		s.space()
		p.PrintSuccessor(op.Successors()[e.idx])
	case allSuccessorsElem:
		for i, b := range op.Successors() {
			if i > 0 {
				p.WriteString(",")
			}
			s.space()
			p.PrintSuccessor(b)
		}
	case attrDictElem:
		p.PrintOptionalAttrDict(op, prog.used, e.withKeyword)
		s.lastPunct = false
	case typeElem:
		ts := s.targetTypes(e.target)
		if len(ts) == 0 {
			return
		}
		s.space()
		for i, t := range ts {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintType(t)
		}
	case funcTypeElem:
		s.space()
		var b strings.Builder
		b.WriteByte('(')
		writeTypeList(&b, s.targetTypes(e.in))
		b.WriteString(") -> ")
		writeResultTypes(&b, s.targetTypes(e.out))
		p.WriteString(b.String())
	case customElem:
		s.space()
		e.dir.Print(p, op, customArgs(e.args))
	case groupElem:
		if s.present(e.anchor) {
			s.elems(e.then, prog)
		} else {
			s.elems(e.els, prog)
		}
	}
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func customArgs(es []fmtElem) []CustomArg {
	out := make([]CustomArg, len(es))
	for i, e := range es {
		out[i] = CustomArg{Operand: -1}
		switch e := e.(type) {
		case operandElem:
			out[i].Operand = e.idx
		case attrElem:
			out[i].Attr = e.name
		case typeElem:
			out[i].Type = true
			if e.target.kind == tgtOperand {
				out[i].Operand = e.target.idx
			}
		}
	}
	return out
}

func (s *fmtPrintState) targetTypes(t typeTarget) []Type {
	// The result is consumed before the next call: one buffer on the
	// printer serves every op.
	ts := s.p.types[:0]
	defer func() { s.p.types = ts[:0] }()
	switch t.kind {
	case tgtOperand:
		for _, v := range s.operands[t.idx] {
			ts = append(ts, v.Type())
		}
		return ts
	case tgtResult:
		if def := s.op.Def(); def.fixedGroups(s.op) {
			return append(ts, s.op.results[t.idx].typ)
		}
		var buf [8]int
		b, err := s.op.Def().resultBounds(s.op, buf[:0])
		if err != nil {
			return nil
		}
		for i := b[t.idx]; i < b[t.idx+1]; i++ {
			ts = append(ts, s.op.results[i].typ)
		}
		return ts
	case tgtAllOperands:
		for i := range s.op.operands {
			ts = append(ts, s.op.operands[i].value.Type())
		}
		return ts
	}
	for i := range s.op.results {
		ts = append(ts, s.op.results[i].typ)
	}
	return ts
}

func (s *fmtPrintState) present(e fmtElem) bool {
	switch e := e.(type) {
	case operandElem:
		return len(s.operands[e.idx]) > 0
	case attrElem:
		a := s.op.Attr(e.name)
		return a != nil
	case regionElem:
		return !s.op.Region(e.idx).Empty()
	case typeElem:
		return len(s.targetTypes(e.target)) > 0
	case customElem:
		for _, a := range e.args {
			if s.present(a) {
				return true
			}
		}
	}
	return false
}

// ---------------------------------------------------------------- parse

func (prog *formatProgram) parse(p AsmParser, st *ParseState) error {
	if err := parseElems(p, st, prog.elems); err != nil {
		return err
	}
	return resolveTypes(p, st, prog)
}

func parseElems(p AsmParser, st *ParseState, es []fmtElem) error {
	for _, e := range es {
		if err := parseElem(p, st, e); err != nil {
			return err
		}
	}
	return nil
}

func parseOperandList(p AsmParser) ([]UnresolvedOperand, error) {
	first, ok, err := p.ParseOptionalOperand()
	if err != nil || !ok {
		return nil, err
	}
	out := []UnresolvedOperand{first}
	for {
		cp := p.Checkpoint()
		if !p.ParseOptionalPunct(",") {
			return out, nil
		}
		o, ok, err := p.ParseOptionalOperand()
		if err != nil {
			return nil, err
		}
		if !ok {
			p.Restore(cp)
			return out, nil
		}
		out = append(out, o)
	}
}

func parseTypeList(p AsmParser) ([]Type, error) {
	if !p.CanStartType() {
		return nil, nil
	}
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	out := []Type{t}
	for {
		cp := p.Checkpoint()
		if !p.ParseOptionalPunct(",") {
			return out, nil
		}
		if !p.CanStartType() {
			p.Restore(cp)
			return out, nil
		}
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
}

func parseElem(p AsmParser, st *ParseState, e fmtElem) error {
	def := st.Def
	switch e := e.(type) {
	case litElem:
		switch e.text {
		case "", " ":
			return nil
		}
		if e.text == "->" && st.parenTypes {
			if err := p.ParsePunct(")"); err != nil {
				return err
			}
			st.parenTypes = false
		}
		if isAlpha(e.text[0]) || e.text[0] == '_' {
			// MLIR's custom-op parser prefixes its errors with the op.
			err := p.ParseKeyword(e.text)
			if d, ok := err.(*Diagnostic); ok && !strings.HasPrefix(d.Message, "custom op ") {
				d.Message = fmt.Sprintf("custom op '%s' %s", st.Name.Name, d.Message)
			}
			return err
		}
		return p.ParsePunct(e.text)
	case operandElem:
		od := def.Operands[e.idx]
		if !od.Variadic && !od.Optional {
			o, err := p.ParseOperand()
			if err != nil {
				return err
			}
			st.Operands[e.idx] = []UnresolvedOperand{o}
			return nil
		}
		if od.Optional && !od.Variadic {
			o, ok, err := p.ParseOptionalOperand()
			if err != nil {
				return err
			}
			if ok {
				st.Operands[e.idx] = []UnresolvedOperand{o}
			}
			return nil
		}
		l, err := parseOperandList(p)
		st.Operands[e.idx] = l
		return err
	case allOperandsElem:
		l, err := parseOperandList(p)
		if err != nil {
			return err
		}
		return distribute(p, def, l, func(i int, part []UnresolvedOperand) { st.Operands[i] = part })
	case attrElem:
		a, err := p.ParseAttribute(e.def.Kind.BuildableType())
		if err != nil {
			return err
		}
		if c, ok := e.def.Kind.Coerce(a); ok {
			a = c
		}
		st.AddAttr(e.name, a)
		return nil
	case regionElem:
		r, err := p.ParseRegion(nil)
		if err != nil {
			return err
		}
		setRegion(st, e.idx, r)
		return nil
	case allRegionsElem:
		for i := 0; ; i++ {
			r, ok, err := p.ParseOptionalRegion(nil)
			if err != nil {
				return err
			}
			if !ok {
				return nil
			}
			setRegion(st, i, r)
			if !p.ParseOptionalPunct(",") {
				return nil
			}
		}
	case successorElem, allSuccessorsElem:
		for {
			b, err := p.ParseSuccessor()
			if err != nil {
				return err
			}
			st.Successors = append(st.Successors, b)
			if _, one := e.(successorElem); one || !p.ParseOptionalPunct(",") {
				return nil
			}
		}
	case attrDictElem:
		if e.withKeyword && !p.ParseOptionalKeyword("attributes") {
			return nil
		}
		attrs, untyped, err := p.ParseOptionalAttrDict()
		if err != nil {
			return err
		}
		for _, na := range attrs {
			st.AddAttr(na.Name, na.Value)
		}
		st.UntypedInts = append(st.UntypedInts, untyped...)
		return nil
	case typeElem:
		if def.AcceptParenthesizedOperandTypes && e.target.kind == tgtOperand && !st.parenTypes && p.PeekPunct("(") {
			p.ParseOptionalPunct("(")
			st.parenTypes = true
		}
		var ts []Type
		var err error
		if isVariadicTarget(def, e.target) {
			ts, err = parseTypeList(p)
		} else {
			var t Type
			t, err = p.ParseType()
			ts = []Type{t}
		}
		if err != nil {
			return err
		}
		return assignTypes(p, st, e.target, ts)
	case funcTypeElem:
		loc := p.CurrentLoc()
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		ft, ok := t.(*FunctionType)
		if !ok {
			return Errorf(loc, "expected function type, got %s", t)
		}
		if err := assignTypes(p, st, e.in, ft.Inputs()); err != nil {
			return err
		}
		return assignTypes(p, st, e.out, ft.Results())
	case customElem:
		return e.dir.Parse(p, st, customArgs(e.args))
	case groupElem:
		if groupPresent(p, e.then[0]) {
			return parseElems(p, st, e.then)
		}
		return parseElems(p, st, e.els)
	}
	return nil
}

func setRegion(st *ParseState, i int, r *Region) {
	for len(st.Regions) <= i {
		st.Regions = append(st.Regions, &Region{})
	}
	st.Regions[i] = r
}

func isVariadicTarget(def *OpDef, t typeTarget) bool {
	switch t.kind {
	case tgtOperand:
		return def.Operands[t.idx].Variadic || def.Operands[t.idx].Optional
	case tgtResult:
		return def.Results[t.idx].Variadic
	}
	return true
}

// groupPresent decides an optional group by its first element.
func groupPresent(p AsmParser, first fmtElem) bool {
	switch e := first.(type) {
	case litElem:
		if isAlpha(e.text[0]) || e.text[0] == '_' {
			cp := p.Checkpoint()
			ok := p.ParseOptionalKeyword(e.text)
			p.Restore(cp)
			return ok
		}
		return p.PeekPunct(e.text)
	case operandElem, allOperandsElem:
		cp := p.Checkpoint()
		_, ok, _ := p.ParseOptionalOperand()
		p.Restore(cp)
		return ok
	case attrElem:
		return p.CanStartAttribute()
	case regionElem:
		return p.PeekPunct("{")
	case typeElem:
		return p.CanStartType()
	case attrDictElem:
		return p.PeekPunct("{")
	case customElem:
		if len(e.args) > 0 {
			return groupPresent(p, e.args[0]) || p.PeekPunct("[")
		}
	}
	return false
}

// distribute splits a flat list across the def's operand groups.
func distribute[T any](p AsmParser, def *OpDef, l []T, set func(int, []T)) error {
	fixed, nvar := 0, 0
	for _, o := range def.Operands {
		if o.Variadic || o.Optional {
			nvar++
		} else {
			fixed++
		}
	}
	rest := len(l) - fixed
	if rest < 0 || nvar == 0 && rest != 0 || nvar > 1 && rest%nvar != 0 {
		return p.Errorf("%d operands present, but expected %d", len(l), fixed)
	}
	each := 0
	if nvar > 0 {
		each = rest / nvar
	}
	pos := 0
	for i, o := range def.Operands {
		n := 1
		if o.Variadic || o.Optional {
			n = each
		}
		set(i, l[pos:pos+n])
		pos += n
	}
	return nil
}

func assignTypes(p AsmParser, st *ParseState, t typeTarget, ts []Type) error {
	switch t.kind {
	case tgtOperand:
		st.OperandTypes[t.idx] = ts
	case tgtResult:
		st.ResultTypes[t.idx] = ts
	case tgtAllOperands:
		// Split like the operands themselves.
		sizes := make([]int, len(st.Operands))
		total := 0
		for i, g := range st.Operands {
			sizes[i] = len(g)
			total += len(g)
		}
		if total != len(ts) {
			return p.Errorf("%d operands present, but expected %d", total, len(ts))
		}
		pos := 0
		for i, n := range sizes {
			st.OperandTypes[i] = ts[pos : pos+n]
			pos += n
		}
	case tgtAllResults:
		if len(st.Def.Results) == 1 && st.Def.Results[0].Variadic || len(st.Def.Results) == len(ts) {
			if len(st.Def.Results) == 1 && st.Def.Results[0].Variadic {
				st.ResultTypes[0] = ts
				return nil
			}
			for i := range st.Def.Results {
				st.ResultTypes[i] = ts[i : i+1]
			}
			return nil
		}
		return p.Errorf("expected %d result types, got %d", len(st.Def.Results), len(ts))
	}
	return nil
}

// resolveTypes fills in unspelled operand/result types and checks counts.
func resolveTypes(p AsmParser, st *ParseState, prog *formatProgram) error {
	def := st.Def
	lookup := func(name string) Type {
		if i := def.OperandIndex(name); i >= 0 && len(st.OperandTypes[i]) > 0 {
			return st.OperandTypes[i][0]
		}
		if i := def.ResultIndex(name); i >= 0 && len(st.ResultTypes[i]) > 0 {
			return st.ResultTypes[i][0]
		}
		if a, ok := st.Attr(name).(TypedAttr); ok {
			return a.AttrType()
		}
		return nil
	}
	related := func(name string) Type {
		for _, tr := range def.Traits {
			if tm, ok := tr.(*AllTypesMatchTrait); ok {
				for _, n := range tm.Names {
					if n == name {
						for _, m := range tm.Names {
							if t := lookup(m); t != nil && m != name {
								return t
							}
						}
					}
				}
			}
			if tr == SameOperandsAndResultType {
				for _, o := range def.Operands {
					if t := lookup(o.Name); t != nil {
						return t
					}
				}
				for _, r := range def.Results {
					if t := lookup(r.Name); t != nil {
						return t
					}
				}
			}
		}
		return nil
	}
	for i, o := range def.Operands {
		n := len(st.Operands[i])
		if st.OperandTypes[i] == nil {
			t := o.Type.Buildable()
			if t == nil {
				t = related(o.Name)
			}
			if t == nil {
				if n == 0 {
					continue
				}
				return p.Errorf("cannot infer the type of operand '%s'", o.Name)
			}
			ts := make([]Type, n)
			for j := range ts {
				ts[j] = t
			}
			st.OperandTypes[i] = ts
		}
		if len(st.OperandTypes[i]) != n {
			return Errorf(st.Loc, "%d operands present, but expected %d", n, len(st.OperandTypes[i]))
		}
	}
	if def.InferResultTypes != nil {
		missing := false
		for i := range def.Results {
			if st.ResultTypes[i] == nil {
				missing = true
			}
		}
		if missing {
			if err := def.InferResultTypes(st); err != nil {
				return err
			}
		}
	}
	for i, r := range def.Results {
		if st.ResultTypes[i] != nil {
			continue
		}
		t := r.Type.Buildable()
		if t == nil {
			t = related(r.Name)
		}
		if t == nil {
			if r.Variadic {
				continue
			}
			return p.Errorf("cannot infer the type of result '%s'", r.Name)
		}
		st.ResultTypes[i] = []Type{t}
	}
	return nil
}

// ParseCustom runs the op's format (or Parse hook) over p.
func ParseCustom(p AsmParser, st *ParseState) error {
	def := st.Def
	if def.Parse != nil {
		return def.Parse(p, st)
	}
	if def.format == nil {
		return p.Errorf("custom op '%s' has no custom assembly form; use the generic form", def.Name)
	}
	return def.format.parse(p, st)
}
