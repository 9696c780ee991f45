package ir

// All printing lives here (go/ssa's print.go discipline).
//
// Naming follows MLIR's SSANameState (llvm/llvm-project:mlir/lib/IR/AsmPrinter.cpp):
// values are numbered region by region; a nested region starts from the
// counters its parent region reached; entry-block arguments are %argN;
// name hints (%c4, %cst) are uniqued with a `_N` suffix from one conflict
// counter shared by the scope; blocks are ^bbN, numbered per region. In the
// generic form no name hints are used.

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// PrintOptions selects the textual form.
type PrintOptions struct {
	Generic   bool // --mlir-print-op-generic
	DebugInfo bool // --mlir-print-debuginfo: trailing loc(...) on every op
}

// AsmPrinter writes IR text. Op Print hooks and format directives use it.
type AsmPrinter struct {
	w       *bufio.Writer
	names   *nameState
	opts    PrintOptions
	indent  int
	dialect []string          // default-dialect stack (func.func sets "func")
	aliases map[string]string // attribute text -> #alias (affine maps)
	num     []byte            // scratch for value numbers
	types   []Type            // scratch for the format printer's type lists
	attrBuf []NamedAttr       // scratch for visible attributes
	vals    []Value           // operand stack of the custom-printed ops
	groups  [][]Value         // their operand groups
	// dictText caches the text of shared (interned) attribute lists.
	dictText map[*NamedAttr]string
	// replace, if set, is printed as text in place of replaceOp (crash
	// reproducers put an op as it was before a pass into the module).
	replaceOp *Operation
	replace   string
}

// PrintReplacing prints root with op printed as text (the pass manager's
// crash reproducers put an op as it was before a failing pass into the IR).
func PrintReplacing(w io.Writer, root *Operation, opts PrintOptions, op *Operation, text string) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	p := &AsmPrinter{w: bw, names: newNameState(root, opts.Generic), opts: opts, replaceOp: op, replace: strings.TrimRight(text, "\n")}
	p.collectAliases(root)
	p.printOp(root)
	p.WriteByte('\n')
	return bw.Flush()
}

// Print writes op (usually a module) and a final newline. Attribute aliases
// (#map for affine maps, as MLIR assigns them) are defined first.
func Print(w io.Writer, op *Operation, opts PrintOptions) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	p := &AsmPrinter{w: bw, names: newNameState(op, opts.Generic), opts: opts}
	p.collectAliases(op)
	p.printOp(op)
	p.WriteByte('\n')
	return bw.Flush()
}

// collectAliases names affine maps and sets #map, #map1, … (#set, …) in
// order of first use, and prints their definitions, as MLIR's AsmPrinter.
func (p *AsmPrinter) collectAliases(root *Operation) {
	var order []string
	counts := map[string]int{}
	var visit func(a Attribute)
	visit = func(a Attribute) {
		switch a := a.(type) {
		case OpaqueAttr:
			prefix := ""
			switch {
			case strings.HasPrefix(a.Text, "affine_map<"):
				prefix = "map"
			case strings.HasPrefix(a.Text, "affine_set<"):
				prefix = "set"
			default:
				return
			}
			if p.aliases == nil {
				p.aliases = map[string]string{}
			}
			if _, ok := p.aliases[a.Text]; ok {
				return
			}
			name := "#" + prefix
			if n := counts[prefix]; n > 0 {
				name += strconv.Itoa(n)
			}
			counts[prefix]++
			p.aliases[a.Text] = name
			order = append(order, a.Text)
		case ArrayAttr:
			for _, e := range a {
				visit(e)
			}
		case DictAttr:
			for _, e := range a {
				visit(e.Value)
			}
		}
	}
	root.Walk(PreOrder, func(op *Operation) {
		for _, na := range op.attrs {
			visit(na.Value)
		}
	})
	for _, t := range order {
		p.WriteString(p.aliases[t] + " = " + t + "\n")
	}
}

// attrText prints an attribute, using aliases where defined.
func (p *AsmPrinter) attrText(a Attribute) string {
	if p.aliases == nil {
		return a.String()
	}
	switch a := a.(type) {
	case OpaqueAttr:
		if n, ok := p.aliases[a.Text]; ok {
			return n
		}
	case ArrayAttr:
		var b strings.Builder
		b.WriteByte('[')
		for i, e := range a {
			if i > 0 {
				b.WriteString(", ")
			}
			if _, ok := e.(IntegerAttr); ok {
				b.WriteString(elideI64(e))
			} else {
				b.WriteString(p.attrText(e))
			}
		}
		b.WriteByte(']')
		return b.String()
	case DictAttr:
		var b strings.Builder
		b.WriteByte('{')
		p.writeAttrs(&b, a)
		b.WriteByte('}')
		return b.String()
	}
	return a.String()
}

// writeAttrs writes `name = value, …` with aliases.
func (p *AsmPrinter) writeAttrs(b textWriter, attrs []NamedAttr) {
	if p.aliases == nil {
		writeNamedAttrs(b, attrs)
		return
	}
	for i, na := range attrs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(AttrName(na.Name))
		if _, unit := na.Value.(UnitAttr); unit {
			continue
		}
		b.WriteString(" = ")
		b.WriteString(p.attrText(na.Value))
	}
}

// FormatOp prints op alone, with value names as they appear when its
// outermost ancestor is printed (for "see current operation" notes).
func FormatOp(op *Operation, opts PrintOptions) string {
	root := op
	for p := root.ParentOp(); p != nil; p = p.ParentOp() {
		root = p
	}
	var b strings.Builder
	bw := bufio.NewWriter(&b)
	p := &AsmPrinter{w: bw, names: newNameState(root, opts.Generic), opts: opts}
	p.printOp(op)
	bw.Flush()
	return b.String()
}

// String prints the op in custom form (generic where it has none).
func (op *Operation) String() string { return FormatOp(op, PrintOptions{}) }

// WriteString writes raw text.
func (p *AsmPrinter) WriteString(s string) { p.w.WriteString(s) }

// WriteByte writes one byte.
func (p *AsmPrinter) WriteByte(c byte) error { return p.w.WriteByte(c) }

// Options returns the print options in effect.
func (p *AsmPrinter) Options() PrintOptions { return p.opts }

// ValueName returns the printed name of v, including the %.
func (p *AsmPrinter) ValueName(v Value) string { return p.names.valueName(v) }

// PrintOperand writes %name for v.
func (p *AsmPrinter) PrintOperand(v Value) {
	// Default-numbered results, the bulk of any large function, are
	// written without building their name.
	if r, ok := v.(*OpResult); ok && len(r.owner.results) == 1 {
		// (a single result is either hint-named or numbered, never both)
		if id, ok := p.names.opIDs[r.owner]; ok {
			p.num = strconv.AppendInt(append(p.num[:0], '%'), int64(id), 10)
			p.w.Write(p.num)
			return
		}
	}
	if n, ok := p.names.named[v]; ok {
		p.WriteByte('%')
		p.WriteString(n)
		return
	}
	p.WriteString(p.names.valueName(v))
}

// PrintOperands writes a comma-separated operand list.
func (p *AsmPrinter) PrintOperands(vs []Value) {
	for i, v := range vs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(v)
	}
}

// PrintType writes a type.
func (p *AsmPrinter) PrintType(t Type) {
	if t == nil {
		p.WriteString("<<NULL TYPE>>")
		return
	}
	p.WriteString(t.String())
}

// PrintAttribute writes an attribute with its type.
func (p *AsmPrinter) PrintAttribute(a Attribute) {
	if p.aliases == nil {
		writeAttr(p.w, a)
		return
	}
	p.WriteString(p.attrText(a))
}

// PrintAttributeElided writes a, omitting `: T` when T is the buildable type.
func (p *AsmPrinter) PrintAttributeElided(a Attribute, buildable Type) {
	if buildable != nil {
		switch a := a.(type) {
		case IntegerAttr:
			if a.Type == buildable {
				p.WriteString(formatIntValue(a.Value, a.Type))
				return
			}
		case FloatAttr:
			if Type(a.Type) == buildable {
				p.WriteString(FormatFloat(a.Value, a.Type.Kind))
				return
			}
		}
	}
	p.WriteString(p.attrText(a))
}

// PrintSuccessor writes ^bbN.
func (p *AsmPrinter) PrintSuccessor(b *Block) { p.WriteString(p.names.blockName(b)) }

// PrintOptionalAttrDict writes ` {…}` (or ` attributes {…}`) with the
// attributes not in elided, not equal to their declared default, and not an
// operand-segment-size attribute. Nothing is written if none remain.
func (p *AsmPrinter) PrintOptionalAttrDict(op *Operation, elided map[string]bool, withKeyword bool) {
	attrs := p.visibleAttrs(op, elided)
	defer func() { p.attrBuf = attrs[:0] }()
	if len(attrs) == 0 {
		return
	}
	if withKeyword {
		p.WriteString(" attributes")
	}
	p.WriteString(" {")
	p.writeAttrs(p.w, attrs)
	p.WriteByte('}')
}

func (p *AsmPrinter) visibleAttrs(op *Operation, elided map[string]bool) []NamedAttr {
	def := op.Def()
	out := p.attrBuf[:0]
	for _, na := range op.Attrs() {
		if elided[na.Name] {
			continue
		}
		if def != nil {
			if na.Name == SegmentSizesAttrName && def.HasTrait(AttrSizedOperandSegments) {
				continue
			}
			if ad := def.AttrDef(na.Name); ad != nil {
				if ad.Default != nil && AttrEqual(ad.Default, na.Value) {
					continue
				}
				if ad.IsDefault != nil && ad.IsDefault(op, na.Value) {
					continue
				}
			}
		}
		out = append(out, na)
	}
	return out
}

// PrintRegion writes `{` blocks `}` at the current indentation.
// printEntryArgs forces the entry block header when it has arguments.
func (p *AsmPrinter) PrintRegion(r *Region, printEntryArgs, printEmptyBlock bool) {
	p.WriteString("{\n")
	if len(r.Blocks) > 0 {
		entry := r.Blocks[0]
		header := (printEmptyBlock && entry.Empty()) || (printEntryArgs && entry.NumArguments() != 0)
		preds := predecessors(r)
		p.printBlock(entry, header, preds)
		for _, b := range r.Blocks[1:] {
			p.printBlock(b, true, preds)
		}
	}
	p.writeIndent()
	p.WriteByte('}')
}

// PrintRegionWithDefaultDialect is PrintRegion with ops of dialect d printed
// without their prefix (func.func bodies print `return`).
func (p *AsmPrinter) PrintRegionWithDefaultDialect(r *Region, d string, printEntryArgs bool) {
	p.dialect = append(p.dialect, d)
	p.PrintRegion(r, printEntryArgs, false)
	p.dialect = p.dialect[:len(p.dialect)-1]
}

func (p *AsmPrinter) writeIndent() {
	for i := 0; i < p.indent; i++ {
		p.WriteByte(' ')
	}
}

func predecessors(r *Region) map[*Block][]*Block {
	if len(r.Blocks) < 2 {
		return nil
	}
	preds := map[*Block][]*Block{}
	for _, b := range r.Blocks {
		if t := b.last; t != nil {
			for _, s := range t.successors() {
				preds[s] = append(preds[s], b)
			}
		}
	}
	return preds
}

func (p *AsmPrinter) printBlock(b *Block, header bool, preds map[*Block][]*Block) {
	if header {
		p.writeIndent()
		p.WriteString(p.names.blockName(b))
		if len(b.args) > 0 {
			p.WriteByte('(')
			for i, a := range b.args {
				if i > 0 {
					p.WriteString(", ")
				}
				p.PrintOperand(a)
				p.WriteString(": ")
				p.PrintType(a.typ)
				if p.opts.DebugInfo && a.Loc != nil {
					p.WriteByte(' ')
					p.WriteString(a.Loc.String())
				}
			}
			p.WriteByte(')')
		}
		p.WriteByte(':')
		ps := preds[b]
		switch {
		case len(ps) == 0:
			if !b.IsEntry() {
				p.WriteString("  // no predecessors")
			}
		case len(ps) == 1:
			p.WriteString("  // pred: ")
			p.WriteString(p.names.blockName(ps[0]))
		default:
			p.WriteString("  // " + strconv.Itoa(len(ps)) + " preds: ")
			for i, x := range ps {
				if i > 0 {
					p.WriteString(", ")
				}
				p.WriteString(p.names.blockName(x))
			}
		}
		p.WriteByte('\n')
	}
	p.indent += 2
	for o := b.first; o != nil; o = o.next {
		p.writeIndent()
		if o == p.replaceOp {
			p.WriteString(strings.ReplaceAll(p.replace, "\n", "\n"+strings.Repeat(" ", p.indent)))
		} else {
			p.printOp(o)
		}
		p.WriteByte('\n')
	}
	p.indent -= 2
}

func (p *AsmPrinter) printOp(op *Operation) {
	if n := len(op.results); n > 0 {
		p.printResultNames(op)
		p.WriteString(" = ")
	}
	def := op.Def()
	var groups [][]Value
	custom := !p.opts.Generic && def != nil && (def.format != nil || def.Print != nil)
	if custom {
		// The groups are views of a stack shared by the ops being
		// printed (nested ops push above, and pop when done).
		var buf [8]int
		bounds, err := def.operandBounds(op, buf[:0])
		if err == nil && !def.fixedGroups(op) {
			_, err = def.resultBounds(op, buf[len(bounds):len(bounds)])
		}
		if err != nil {
			custom = false
		} else {
			base, gbase := len(p.vals), len(p.groups)
			for i := range op.operands {
				p.vals = append(p.vals, op.operands[i].value)
			}
			vals := p.vals[base:]
			for i := 0; i+1 < len(bounds); i++ {
				p.groups = append(p.groups, vals[bounds[i]:bounds[i+1]:bounds[i+1]])
			}
			groups = p.groups[gbase:]
			custom = printableAttrsRegions(op, def)
			defer func() {
				clear(p.vals[base:])
				clear(p.groups[gbase:])
				p.vals, p.groups = p.vals[:base], p.groups[:gbase]
			}()
		}
	}
	if custom {
		name := op.Name()
		if op.name.Dialect == "builtin" {
			name = name[len("builtin."):]
		} else if len(p.dialect) > 0 {
			if d := p.dialect[len(p.dialect)-1]; op.name.Dialect == d {
				name = name[len(d)+1:]
			}
		}
		p.WriteString(name)
		if def.Print != nil {
			def.Print(p, op)
		} else {
			def.format.print(p, op, groups)
		}
	} else {
		p.printGeneric(op)
	}
	if p.opts.DebugInfo {
		p.WriteByte(' ')
		p.WriteString(op.loc.String())
	}
}

// printableAttrsRegions reports whether op's attributes and regions are
// what its definition declares, so that its custom printer can rely on
// them (its operand and result groups must split too). Unverified IR that
// is not falls back to the generic form, as MLIR does.
func printableAttrsRegions(op *Operation, def *OpDef) bool {
	for i := range def.Attrs {
		ad := &def.Attrs[i]
		a := op.Attr(ad.Name)
		if a == nil && ad.Required || a != nil && !ad.Kind.Match(a) {
			return false
		}
	}
	if n := len(def.Regions); n != len(op.regions) && !(n > 0 && def.Regions[n-1].Variadic) {
		return false
	}
	return true
}

func (p *AsmPrinter) printResultNames(op *Operation) {
	ns := p.names
	if _, numbered := ns.opIDs[op]; numbered && len(op.results) > 1 && ns.allDefault(op) {
		p.WriteString("%" + strconv.Itoa(ns.opIDs[op]) + ":" + strconv.Itoa(len(op.results)))
		return
	}
	for i := range op.results {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(&op.results[i])
	}
}

func (p *AsmPrinter) printGeneric(op *Operation) {
	writeQuoted(p.w, op.Name())
	p.WriteByte('(')
	for i := range op.operands {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(op.operands[i].value)
	}
	p.WriteByte(')')
	if len(op.successors()) > 0 {
		p.WriteByte('[')
		for i, s := range op.successors() {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintSuccessor(s)
		}
		p.WriteByte(']')
	}
	if len(op.regions) > 0 {
		p.WriteString(" (")
		saved := p.dialect
		p.dialect = nil
		for i, r := range op.regions {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintRegion(r, true, true)
		}
		p.dialect = saved
		p.WriteByte(')')
	}
	if len(op.attrs) > 0 {
		p.WriteString(" {")
		if op.sharedAttrs {
			// An interned dictionary is printed once per printer.
			key := &op.attrs[0]
			text, ok := p.dictText[key]
			if !ok {
				var b strings.Builder
				p.writeAttrs(&b, op.attrs)
				text = b.String()
				if p.dictText == nil {
					p.dictText = map[*NamedAttr]string{}
				}
				p.dictText[key] = text
			}
			p.WriteString(text)
		} else {
			p.writeAttrs(p.w, op.attrs)
		}
		p.WriteByte('}')
	}
	p.WriteString(" : (")
	for i := range op.operands {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(op.operands[i].value.Type())
	}
	p.WriteString(") -> ")
	if len(op.results) == 1 {
		if _, isFn := op.results[0].typ.(*FunctionType); !isFn {
			p.PrintType(op.results[0].typ)
			return
		}
	}
	p.WriteByte('(')
	for i := range op.results {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(op.results[i].typ)
	}
	p.WriteByte(')')
}

// ---------------------------------------------------------------- naming

type nameScope struct {
	parent *nameScope
	used   map[string]bool
}

func (s *nameScope) has(n string) bool {
	for ; s != nil; s = s.parent {
		if s.used[n] {
			return true
		}
	}
	return false
}

type nameState struct {
	generic   bool
	opIDs     map[*Operation]int // first-result number of default-named ops
	named     map[Value]string   // hint or argN names
	argIDs    map[*BlockArgument]int
	blocks    map[*Block]string
	nextValue int
	nextArg   int
	nextConf  int
	scope     *nameScope
}

func newNameState(root *Operation, generic bool) *nameState {
	// Size the numbering table once (a million-op function otherwise
	// rehashes it twenty times, holding old and new tables at once).
	numbered := 0
	root.Walk(PreOrder, func(op *Operation) {
		if len(op.results) > 0 {
			numbered++
		}
	})
	ns := &nameState{
		generic: generic,
		opIDs:   make(map[*Operation]int, numbered),
		named:   map[Value]string{},
		argIDs:  map[*BlockArgument]int{},
		blocks:  map[*Block]string{},
	}
	type ctx struct {
		r                   *Region
		value, arg, conflct int
		scope               *nameScope
	}
	top := &nameScope{used: map[string]bool{}}
	ns.scope = top
	var stack []ctx
	for _, r := range root.regions {
		stack = append(stack, ctx{r, 0, 0, 0, top})
	}
	ns.numberOp(root)
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		ns.nextValue, ns.nextArg, ns.nextConf = c.value, c.arg, c.conflct
		ns.scope = &nameScope{parent: c.scope, used: map[string]bool{}}
		ns.numberRegion(c.r)
		cur := ns.scope
		for _, b := range c.r.Blocks {
			for o := b.first; o != nil; o = o.next {
				for _, r := range o.regions {
					stack = append(stack, ctx{r, ns.nextValue, ns.nextArg, ns.nextConf, cur})
				}
			}
		}
	}
	return ns
}

func (ns *nameState) numberRegion(r *Region) {
	for i, b := range r.Blocks {
		ns.blocks[b] = "^bb" + strconv.Itoa(i)
		entry := i == 0
		for _, a := range b.args {
			if entry {
				ns.named[a] = ns.unique("arg" + strconv.Itoa(ns.nextArg))
				ns.nextArg++
			} else {
				ns.argIDs[a] = ns.nextValue
				ns.nextValue++
			}
		}
		for o := b.first; o != nil; o = o.next {
			ns.numberOp(o)
		}
	}
}

func (ns *nameState) numberOp(op *Operation) {
	if len(op.results) == 0 {
		return
	}
	if !ns.generic {
		if def := op.Def(); def != nil && def.ResultName != nil {
			if hint := def.ResultName(op); hint != "" {
				ns.named[&op.results[0]] = ns.unique(sanitizeName(hint))
				if len(op.results) > 1 {
					// Remaining results share the op's default number.
					ns.opIDs[op] = ns.nextValue
					ns.nextValue++
				}
				return
			}
		}
	}
	ns.opIDs[op] = ns.nextValue
	ns.nextValue++
}

func (ns *nameState) unique(name string) string {
	if !ns.scope.has(name) {
		ns.scope.used[name] = true
		return name
	}
	for {
		probe := name + "_" + strconv.Itoa(ns.nextConf)
		ns.nextConf++
		if !ns.scope.has(probe) {
			ns.scope.used[probe] = true
			return probe
		}
	}
}

// sanitizeName keeps [a-zA-Z0-9$._-] and prefixes a leading digit with '_'.
func sanitizeName(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("$._-", c) >= 0 {
			b.WriteByte(c)
		} else {
			b.WriteByte('_')
		}
	}
	out := b.String()
	if out == "" || out[0] >= '0' && out[0] <= '9' {
		out = "_" + out
	}
	return out
}

func (ns *nameState) allDefault(op *Operation) bool {
	for i := range op.results {
		if _, ok := ns.named[&op.results[i]]; ok {
			return false
		}
	}
	return true
}

func (ns *nameState) valueName(v Value) string {
	if n, ok := ns.named[v]; ok {
		return "%" + n
	}
	switch v := v.(type) {
	case *OpResult:
		if id, ok := ns.opIDs[v.owner]; ok {
			if len(v.owner.results) == 1 {
				return "%" + strconv.Itoa(id)
			}
			return "%" + strconv.Itoa(id) + "#" + strconv.Itoa(v.index)
		}
	case *BlockArgument:
		if id, ok := ns.argIDs[v]; ok {
			return "%" + strconv.Itoa(id)
		}
	}
	return "<<UNKNOWN SSA VALUE>>"
}

func (ns *nameState) blockName(b *Block) string {
	if n, ok := ns.blocks[b]; ok {
		return n
	}
	return "^INVALIDBLOCK"
}
