package filecheck

import (
	"math/big"
	"sort"
	"strings"
)

// checkKind is the kind of a directive (Check::FileCheckKind).
type checkKind int

const (
	checkNone checkKind = iota
	checkPlain
	checkNext
	checkSame
	checkNot
	checkDAG
	checkLabel
	checkEmpty
	checkComment
	checkEOF
	checkBadNot
	checkBadCount
	checkMisspelled
)

type checkType struct {
	kind    checkKind
	count   int // for CHECK-COUNT-n; 1 otherwise
	literal bool
}

func (t checkType) getCount() int {
	if t.count < 1 {
		return 1
	}
	return t.count
}

// description renders the directive name used in diagnostics.
func (t checkType) description(prefix string) string {
	mods := ""
	if t.literal {
		mods = "{LITERAL}"
	}
	switch t.kind {
	case checkNone:
		return "invalid"
	case checkMisspelled:
		return "misspelled"
	case checkPlain:
		if t.getCount() > 1 {
			return prefix + "-COUNT" + mods
		}
		return prefix + mods
	case checkNext:
		return prefix + "-NEXT" + mods
	case checkSame:
		return prefix + "-SAME" + mods
	case checkNot:
		return prefix + "-NOT" + mods
	case checkDAG:
		return prefix + "-DAG" + mods
	case checkLabel:
		return prefix + "-LABEL" + mods
	case checkEmpty:
		return prefix + "-EMPTY" + mods
	case checkComment:
		return prefix
	case checkEOF:
		return "implicit EOF"
	case checkBadNot:
		return "bad NOT"
	case checkBadCount:
		return "bad COUNT"
	}
	return "invalid"
}

// strVal is the value of a string variable. at is valid when the value was
// captured from the input.
type strVal struct {
	val string
	at  loc
}

// patternContext holds the variables shared by all patterns
// (FileCheckPatternContext).
type patternContext struct {
	globalVars    map[string]strVal
	definedVars   map[string]bool
	globalNumVars map[string]*numVar
	lineVar       *numVar
}

func newPatternContext() *patternContext {
	return &patternContext{
		globalVars:    map[string]strVal{},
		definedVars:   map[string]bool{},
		globalNumVars: map[string]*numVar{},
	}
}

// clearLocalVars implements --enable-var-scope at each CHECK-LABEL block.
func (c *patternContext) clearLocalVars() {
	for name := range c.globalVars {
		if !strings.HasPrefix(name, "$") {
			delete(c.globalVars, name)
		}
	}
	for name, v := range c.globalNumVars {
		if !strings.HasPrefix(name, "$") {
			v.value = nil
			v.hasStr = false
			delete(c.globalNumVars, name)
		}
	}
}

type substitution struct {
	from  sref // the text that was substituted, for diagnostics
	idx   int  // insertion index in regexStr
	isNum bool
	expr  *expression
	ctx   *patternContext
}

// result returns the regex text to insert, or evaluation errors.
func (s *substitution) result() (string, []evalErr) {
	if !s.isNum {
		v, ok := s.ctx.globalVars[s.from.str()]
		if !ok {
			return "", []evalErr{{undefName: s.from.str(), at: s.from.at()}}
		}
		return regexEscape(v.val), nil
	}
	val, errs := s.expr.ast.eval()
	if errs != nil {
		return "", errs
	}
	str, err := s.expr.format.matchingString(val)
	if err != nil {
		return "", []evalErr{{overflow: true}}
	}
	return str, nil
}

// resultForDiagnostics renders the value for a 'with "X" equal to ...' note.
// Like LLVM-16, it shows the value as substituted into the regex (so string
// values appear regex-escaped), then escaped for printing.
func (s *substitution) resultForDiagnostics() (string, bool) {
	r, errs := s.result()
	if errs != nil {
		return "", false
	}
	return `"` + writeEscaped(r) + `"`, true
}

func isPrint(c byte) bool { return c >= 0x20 && c < 0x7f }

// writeEscaped mirrors raw_ostream::write_escaped.
func writeEscaped(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			sb.WriteString(`\\`)
		case '\t':
			sb.WriteString(`\t`)
		case '\n':
			sb.WriteString(`\n`)
		case '"':
			sb.WriteString(`\"`)
		default:
			if isPrint(c) {
				sb.WriteByte(c)
			} else {
				sb.WriteByte('\\')
				sb.WriteByte('0' + (c>>6)&7)
				sb.WriteByte('0' + (c>>3)&7)
				sb.WriteByte('0' + c&7)
			}
		}
	}
	return sb.String()
}

// regexEscape mirrors llvm::Regex::escape.
func regexEscape(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("()^$|*+?.[]\\{}\x00", s[i]) >= 0 {
			sb.WriteByte('\\')
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

type numDef struct {
	v     *numVar
	group int
}

// pattern is a parsed check pattern (llvm::Pattern).
type pattern struct {
	ctx        *patternContext
	ty         checkType
	loc        loc
	line       int // 0 if none
	fixedStr   string
	regexStr   string
	subs       []*substitution
	varDefs    map[string]int
	numDefs    map[string]numDef
	numDefKeys []string
	ignoreCase bool

	cached    *ere
	cachedErr bool
}

func newPattern(ty checkType, ctx *patternContext, line int) *pattern {
	return &pattern{ctx: ctx, ty: ty, line: line, varDefs: map[string]int{}, numDefs: map[string]numDef{}}
}

func (p *pattern) hasVariable() bool { return len(p.subs) != 0 || len(p.varDefs) != 0 }

// parser carries the state shared by check-file parsing: where to print
// diagnostics, and the request.
type parser struct {
	ctx *patternContext
	req *Options
	out *strings.Builder
	// fatalExit is set to an exit code when parsing must stop the program
	// immediately (LLVM calls exit(1) for an unbalanced ']').
	fatalExit int
	// implicit holds the --implicit-check-not patterns, in order.
	implicit []*pattern
}

func (ps *parser) printDiag(d *diag) {
	d.write(ps.out, ps.req.Color)
}

// logDiag prints a diagnostic the way logAllUnhandledErrors does (with an
// extra newline).
func (ps *parser) logDiag(d *diag) {
	d.write(ps.out, ps.req.Color)
	ps.out.WriteByte('\n')
}

func errAt(r sref, msg string) *diag { return &diag{at: r.at(), kind: diagError, msg: msg} }

// findRegexVarEnd mirrors Pattern::FindRegexVarEnd. ok is false (with a
// diagnostic) for an unbalanced ']'.
func findRegexVarEnd(str sref) (int, *diag) {
	offset := 0
	depth := 0
	for !str.empty() {
		if str.startsWith("]]") && depth == 0 {
			return offset, nil
		}
		if str.front() == '\\' {
			str = str.dropFront(2)
			offset += 2
			continue
		}
		switch str.front() {
		case '[':
			depth++
		case ']':
			if depth == 0 {
				return npos, errAt(str, `missing closing "]" for regex variable`)
			}
			depth--
		}
		str = str.dropFront(1)
		offset++
	}
	return npos, nil
}

// parsePattern mirrors Pattern::parsePattern; it returns true on error.
func (ps *parser) parsePattern(p *pattern, patternStr sref, prefix string) bool {
	req := ps.req
	matchFullLinesHere := req.MatchFullLines && p.ty.kind != checkNot
	p.ignoreCase = req.IgnoreCase
	p.loc = patternStr.at()

	if !(req.StrictWhitespace && req.MatchFullLines) {
		patternStr = patternStr.rtrim(" \t")
	}
	if patternStr.empty() && p.ty.kind != checkEmpty {
		ps.printDiag(&diag{at: p.loc, kind: diagError, msg: "found empty check string with prefix '" + prefix + ":'"})
		return true
	}
	if !patternStr.empty() && p.ty.kind == checkEmpty {
		ps.printDiag(&diag{at: p.loc, kind: diagError, msg: "found non-empty check string for empty check with prefix '" + prefix + ":'"})
		return true
	}
	if p.ty.kind == checkEmpty {
		p.regexStr = "(\n$)"
		return false
	}
	if p.ty.literal {
		p.fixedStr = patternStr.str()
		return false
	}
	if !matchFullLinesHere && (patternStr.len() < 2 || (patternStr.find("{{") < 0 && patternStr.find("[[") < 0)) {
		p.fixedStr = patternStr.str()
		return false
	}

	var rx strings.Builder
	if matchFullLinesHere {
		rx.WriteByte('^')
		if !req.StrictWhitespace {
			rx.WriteString(" *")
		}
	}
	curParen := 1

	addRegex := func(rs sref) bool {
		re, msg := compileERE(rs.str(), false)
		if msg != "" {
			ps.printDiag(&diag{at: rs.at(), kind: diagError, msg: "invalid regex: " + msg})
			return true
		}
		rx.WriteString(rs.str())
		curParen += re.nsub
		return false
	}

	for !patternStr.empty() {
		if patternStr.startsWith("{{") {
			end := patternStr.find("}}")
			if end < 0 {
				ps.printDiag(&diag{at: patternStr.at(), kind: diagError, msg: "found start of regex string with no end '}}'"})
				return true
			}
			// LLVM-16 always encloses {{...}} in a capture group (so that
			// alternations stay local); this shifts group numbers, which
			// is visible through back-references.
			rx.WriteByte('(')
			curParen++
			if addRegex(patternStr.substr(2, end-2)) {
				return true
			}
			rx.WriteByte(')')
			patternStr = patternStr.substr(end+2, -1)
			continue
		}

		if patternStr.startsWith("[[") && !patternStr.startsWith("[[[") {
			unparsed := patternStr.substr(2, -1)
			end, d := findRegexVarEnd(unparsed)
			if d != nil {
				ps.printDiag(d)
				ps.fatalExit = 1
				return true
			}
			matchStr := unparsed.substr(0, end)
			isNumBlock := matchStr.consumeFront("#")
			if end == npos {
				ps.printDiag(&diag{at: patternStr.at(), kind: diagError, msg: "Invalid substitution block, no ]] found"})
				return true
			}
			patternStr = unparsed.substr(end+2, -1)

			isDefinition := false
			substNeeded := false
			isLegacyLineExpr := false
			var defName string
			var substStr sref
			var matchRegexp sref
			hasMatchRegexp := false
			substInsertIdx := rx.Len()

			if !isNumBlock {
				varEndIdx := matchStr.findByte(':')
				head := matchStr
				if varEndIdx >= 0 {
					head = matchStr.substr(0, varEndIdx)
				}
				if sp := strings.IndexAny(head.str(), " \t"); sp >= 0 {
					ps.printDiag(&diag{at: loc{matchStr.b, matchStr.s + sp}, kind: diagError, msg: "unexpected whitespace"})
					return true
				}
				orig := matchStr
				name, pseudo, d := parseVariable(&matchStr)
				if d != nil {
					ps.logDiag(d)
					return true
				}
				isDefinition = varEndIdx >= 0
				substNeeded = !isDefinition
				if isDefinition {
					if pseudo || !matchStr.consumeFront(":") {
						ps.printDiag(&diag{at: name.at(), kind: diagError, msg: "invalid name in string variable definition"})
						return true
					}
					if _, ok := ps.ctx.globalNumVars[name.str()]; ok {
						ps.printDiag(&diag{at: name.at(), kind: diagError, msg: "numeric variable with name '" + name.str() + "' already exists"})
						return true
					}
					defName = name.str()
					matchRegexp = matchStr
					hasMatchRegexp = !matchStr.empty()
				} else {
					if pseudo {
						matchStr = orig
						isLegacyLineExpr = true
						isNumBlock = true
					} else {
						if !matchStr.empty() {
							ps.printDiag(&diag{at: name.at(), kind: diagError, msg: "invalid name in string variable use"})
							return true
						}
						substStr = name
					}
				}
			}

			var expr *expression
			var definedNum *numVar
			wildcard := ""
			if isNumBlock {
				e, dv, d := ps.parseNumericSubstitutionBlock(matchStr, isLegacyLineExpr, p.line)
				if d != nil {
					ps.logDiag(d)
					return true
				}
				expr = e
				definedNum = dv
				substNeeded = e.ast != nil
				if dv != nil {
					isDefinition = true
					defName = dv.name
				}
				if substNeeded {
					substStr = matchStr
				} else {
					wildcard = e.format.wildcardRegex()
				}
			}

			if isDefinition {
				rx.WriteByte('(')
				substInsertIdx++
				if isNumBlock {
					if _, ok := p.numDefs[defName]; !ok {
						p.numDefKeys = append(p.numDefKeys, defName)
					}
					p.numDefs[defName] = numDef{v: definedNum, group: curParen}
					ps.ctx.globalNumVars[defName] = definedNum
				} else {
					p.varDefs[defName] = curParen
					ps.ctx.definedVars[defName] = true
				}
				curParen++
			}

			if wildcard != "" {
				re, _ := compileERE(wildcard, false)
				rx.WriteString(wildcard)
				curParen += re.nsub
			} else if hasMatchRegexp && addRegex(matchRegexp) {
				return true
			}

			if isDefinition {
				rx.WriteByte(')')
			}

			if substNeeded {
				if g, ok := p.varDefs[substStr.str()]; !isNumBlock && ok {
					// Back-reference to a variable defined earlier on the
					// same line. LLVM-16 writes '\' followed by '0'+n.
					rx.WriteByte('\\')
					rx.WriteByte(byte('0' + g))
				} else {
					p.subs = append(p.subs, &substitution{from: substStr, idx: substInsertIdx, isNum: isNumBlock, expr: expr, ctx: ps.ctx})
				}
			}
			continue
		}

		// Fixed text up to the next {{ or [[.
		fixedEnd := patternStr.len()
		if i := patternStr.findFrom("{{", 1); i >= 0 && i < fixedEnd {
			fixedEnd = i
		}
		if i := patternStr.findFrom("[[", 1); i >= 0 && i < fixedEnd {
			fixedEnd = i
		}
		rx.WriteString(regexEscape(patternStr.substr(0, fixedEnd).str()))
		patternStr = patternStr.substr(fixedEnd, -1)
	}

	if matchFullLinesHere {
		if !req.StrictWhitespace {
			rx.WriteString(" *")
		}
		rx.WriteByte('$')
	}
	p.regexStr = rx.String()
	return false
}

// matchResult is the outcome of pattern.match.
type matchResult struct {
	found    bool
	pos, len int     // relative to the search start
	errs     []*diag // pattern errors (undefined variables, overflow, ...)
	// errRanges holds, for errors found after a successful match, the input
	// range each error is about.
	errRanges []srcRange
	// wordBoundary reports that the regex used [[:<:]] or [[:>:]], whose
	// meaning at the start of the search range depends on context.
	wordBoundary bool
}

// match mirrors Pattern::match on in[start:end].
func (p *pattern) match(in *inputText, start, end int) matchResult {
	if p.ty.kind == checkEOF {
		return matchResult{found: true, pos: end - start}
	}
	buf := in.buf.text[start:end]
	if p.fixedStr != "" {
		var pos int
		if p.ignoreCase {
			pos = indexFold(buf, p.fixedStr)
		} else {
			pos = strings.Index(buf, p.fixedStr)
		}
		if pos < 0 {
			return matchResult{}
		}
		return matchResult{found: true, pos: pos, len: len(p.fixedStr)}
	}

	var re *ere
	if len(p.subs) == 0 {
		// Keep the compiled regex only for patterns that are typically
		// matched many times; a plain CHECK is matched once, and caching
		// thousands of them would waste memory.
		k := p.ty.kind
		if k != checkNot && k != checkDAG && k != checkLabel && p.ty.getCount() == 1 {
			re, _ = compileERE(p.regexStr, p.ignoreCase)
		} else {
			if p.cached == nil && !p.cachedErr {
				r, msg := compileERE(p.regexStr, p.ignoreCase)
				if msg != "" {
					p.cachedErr = true
				}
				p.cached = r
			}
			re = p.cached
		}
	} else {
		if p.line != 0 {
			p.ctx.lineVar.value = big.NewInt(int64(p.line))
		}
		var sb strings.Builder
		last := 0
		var errs []*diag
		for _, s := range p.subs {
			val, evErrs := s.result()
			if evErrs != nil {
				for _, e := range evErrs {
					if e.overflow {
						errs = append(errs, &diag{at: s.from.at(), kind: diagError, msg: "unable to substitute variable or numeric expression: overflow error"})
					} else {
						errs = append(errs, &diag{at: e.at, kind: diagError, msg: "undefined variable: " + e.undefName})
					}
				}
				continue
			}
			sb.WriteString(p.regexStr[last:s.idx])
			sb.WriteString(val)
			last = s.idx
		}
		if errs != nil {
			return matchResult{errs: errs}
		}
		sb.WriteString(p.regexStr[last:])
		re, _ = compileERE(sb.String(), p.ignoreCase)
	}
	if re == nil {
		return matchResult{}
	}
	caps := re.match(in.view, start, end)
	if caps == nil {
		return matchResult{}
	}

	for name, g := range p.varDefs {
		if 2*g+1 < len(caps) && caps[2*g] >= 0 {
			p.ctx.globalVars[name] = strVal{val: in.buf.text[caps[2*g]:caps[2*g+1]], at: loc{in.buf, caps[2*g]}}
		} else {
			p.ctx.globalVars[name] = strVal{at: loc{in.buf, caps[0]}}
		}
	}
	skip := 0
	if p.ty.kind == checkEmpty {
		skip = 1
	}
	res := matchResult{found: true, pos: caps[0] - start + skip, len: caps[1] - caps[0] - skip, wordBoundary: re.hasWord}
	for _, name := range p.numDefKeys {
		nd := p.numDefs[name]
		g := nd.group
		s, e := caps[0], caps[0]
		if 2*g+1 < len(caps) && caps[2*g] >= 0 {
			s, e = caps[2*g], caps[2*g+1]
		}
		text := in.buf.text[s:e]
		v, msg := nd.v.format.valueFromString(text)
		if msg != "" {
			res.errs = append(res.errs, &diag{at: loc{in.buf, s}, kind: diagError, msg: msg})
			res.errRanges = append(res.errRanges, srcRange{s, e})
			return res
		}
		nd.v.value = v
		nd.v.strValue = text
		nd.v.strLoc = loc{in.buf, s}
		nd.v.hasStr = true
	}
	return res
}

// indexFold is StringRef::find_insensitive (ASCII case folding).
func indexFold(s, sub string) int {
	n := len(sub)
	for i := 0; i+n <= len(s); i++ {
		ok := true
		for j := 0; j < n; j++ {
			a, b := s[i+j], sub[j]
			if a >= 'A' && a <= 'Z' {
				a += 'a' - 'A'
			}
			if b >= 'A' && b <= 'Z' {
				b += 'a' - 'A'
			}
			if a != b {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}

// sortedVarDefs returns the string variable definitions in name order
// (LLVM keeps them in a std::map).
func (p *pattern) sortedVarDefs() []string {
	names := make([]string, 0, len(p.varDefs))
	for n := range p.varDefs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// computeMatchDistance mirrors Pattern::computeMatchDistance.
func (p *pattern) computeMatchDistance(buf string) int {
	example := p.fixedStr
	if example == "" {
		example = p.regexStr
	}
	prefix := buf
	if len(prefix) > len(example) {
		prefix = prefix[:len(example)]
	}
	if i := strings.IndexByte(prefix, '\n'); i >= 0 {
		prefix = prefix[:i]
	}
	return editDistance(prefix, example)
}

// editDistance is llvm::ComputeEditDistance with replacements allowed.
func editDistance(a, b string) int {
	m, n := len(a), len(b)
	row := make([]int, n+1)
	for i := range row {
		row[i] = i
	}
	for y := 1; y <= m; y++ {
		row[0] = y
		best := row[0]
		prev := y - 1
		for x := 1; x <= n; x++ {
			old := row[x]
			if a[y-1] == b[x-1] {
				row[x] = prev
			} else {
				v := prev
				if row[x-1] < v {
					v = row[x-1]
				}
				if row[x] < v {
					v = row[x]
				}
				row[x] = v + 1
			}
			prev = old
			if row[x] < best {
				best = row[x]
			}
		}
	}
	return row[n]
}
