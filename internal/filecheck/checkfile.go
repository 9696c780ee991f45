package filecheck

import (
	"sort"
	"strconv"
	"strings"
)

// checkString is a positive directive together with the CHECK-DAG and
// CHECK-NOT directives that precede it (llvm::FileCheckString).
type checkString struct {
	pat     *pattern
	prefix  string
	loc     loc
	dagNots []*pattern
}

func isPartOfWord(c byte) bool { return isAlnum(c) || c == '-' || c == '_' }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// findCheckType mirrors FindCheckType. buf starts at the prefix. The returned
// sref is the text after the directive's suffix (its zero value means none).
func findCheckType(req *Options, buf sref, prefix string) (checkType, sref) {
	misspelled := false
	ty, rest := findCheckTypeImpl(req, buf, prefix, &misspelled)
	if ty.kind != checkNone && misspelled {
		return checkType{kind: checkMisspelled}, rest
	}
	return ty, rest
}

func findCheckTypeImpl(req *Options, buf sref, prefix string, misspelled *bool) (checkType, sref) {
	if buf.len() <= len(prefix) {
		return checkType{}, sref{}
	}
	rest := buf.dropFront(len(prefix))
	if contains(req.commentPrefixes(), prefix) {
		if rest.consumeFront(":") {
			return checkType{kind: checkComment}, rest
		}
		return checkType{}, sref{}
	}
	consumeModifiers := func(ret checkType) (checkType, sref) {
		if rest.consumeFront(":") {
			return ret, rest
		}
		if !rest.consumeFront("{") {
			return checkType{}, sref{}
		}
		for {
			rest = rest.ltrim(" \t\n\v\f\r")
			if rest.consumeFront("LITERAL") {
				ret.literal = true
			} else {
				return checkType{}, rest
			}
			rest = rest.ltrim(" \t\n\v\f\r")
			if !rest.consumeFront(",") {
				break
			}
		}
		if !rest.consumeFront("}:") {
			return checkType{}, rest
		}
		return ret, rest
	}
	plain := checkType{kind: checkPlain, count: 1}
	if rest.consumeFront(":") {
		return plain, rest
	}
	if rest.front() == '{' {
		return consumeModifiers(plain)
	}
	if rest.consumeFront("_") {
		*misspelled = true
	} else if !rest.consumeFront("-") {
		return checkType{}, sref{}
	}
	if rest.consumeFront("COUNT-") {
		count, ok := rest.consumeSigned(10)
		if !ok || count <= 0 || count > 1<<31-1 {
			return checkType{kind: checkBadCount}, rest
		}
		if rest.front() != ':' && rest.front() != '{' {
			return checkType{kind: checkBadCount}, rest
		}
		return consumeModifiers(checkType{kind: checkPlain, count: int(count)})
	}
	for _, bad := range []string{"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:", "SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"} {
		if rest.startsWith(bad) {
			return checkType{kind: checkBadNot}, rest
		}
	}
	for _, k := range []struct {
		name string
		kind checkKind
	}{{"NEXT", checkNext}, {"SAME", checkSame}, {"NOT", checkNot}, {"DAG", checkDAG}, {"LABEL", checkLabel}, {"EMPTY", checkEmpty}} {
		if rest.consumeFront(k.name) {
			return consumeModifiers(checkType{kind: k.kind, count: 1})
		}
	}
	return checkType{}, rest
}

// prefixMatcher finds the earliest (and, among those, longest) occurrence of
// any check or comment prefix.
type prefixMatcher struct {
	prefixes []string
	pos      []int
	text     string
}

func newPrefixMatcher(checkPrefixes, commentPrefixes []string, text string) *prefixMatcher {
	m := &prefixMatcher{text: text}
	m.prefixes = append(m.prefixes, checkPrefixes...)
	m.prefixes = append(m.prefixes, commentPrefixes...)
	sort.SliceStable(m.prefixes, func(i, j int) bool { return len(m.prefixes[i]) > len(m.prefixes[j]) })
	m.pos = make([]int, len(m.prefixes))
	for i, p := range m.prefixes {
		m.pos[i] = strings.Index(text, p)
	}
	return m
}

// match returns the offset and prefix of the next prefix occurrence at or
// after from, or -1.
func (m *prefixMatcher) match(from int) (int, string) {
	best, bestPrefix := -1, ""
	for i, p := range m.prefixes {
		if m.pos[i] >= 0 && m.pos[i] < from {
			j := strings.Index(m.text[from:], p)
			if j >= 0 {
				j += from
			}
			m.pos[i] = j
		}
		if m.pos[i] >= 0 && (best < 0 || m.pos[i] < best) {
			best, bestPrefix = m.pos[i], p
		}
	}
	return best, bestPrefix
}

// findFirstMatchingPrefix mirrors FindFirstMatchingPrefix.
func findFirstMatchingPrefix(req *Options, m *prefixMatcher, buf *sref, lineNumber *int) (string, checkType, sref) {
	for !buf.empty() {
		at, prefix := m.match(buf.s)
		if at < 0 {
			return "", checkType{}, sref{}
		}
		skipped := buf.b.text[buf.s:at]
		buf.s = at
		*lineNumber += strings.Count(skipped, "\n")
		if skipped == "" || !isPartOfWord(skipped[len(skipped)-1]) {
			ty, after := findCheckType(req, *buf, prefix)
			if ty.kind != checkNone {
				return prefix, ty, after
			}
		}
		// Skip the prefix and the rest of the word.
		i := len(prefix)
		for i < buf.len() && isPartOfWord(buf.byteAt(i)) {
			i++
		}
		*buf = buf.dropFront(i)
	}
	return "", checkType{}, sref{}
}

// defineCmdlineVariables mirrors FileCheckPatternContext::defineCmdlineVariables.
func (ps *parser) defineCmdlineVariables(defines []string) bool {
	if len(defines) == 0 {
		return false
	}
	var text strings.Builder
	type idx struct{ start, n int }
	var indices []idx
	for i, def := range defines {
		pfx := "Global define #" + strconv.Itoa(i+1) + ": "
		eq := strings.IndexByte(def, '=')
		if eq < 0 {
			indices = append(indices, idx{text.Len(), 0})
			continue
		}
		if def[0] == '#' {
			text.WriteString(pfx + def + " (parsed as: [[")
			subst := def[:eq] + ":" + def[eq+1:]
			indices = append(indices, idx{text.Len(), len(subst)})
			text.WriteString(subst + "]])\n")
		} else {
			text.WriteString(pfx)
			indices = append(indices, idx{text.Len(), len(def)})
			text.WriteString(def + "\n")
		}
	}
	buf := &srcBuf{name: "Global defines", text: text.String()}
	failed := false
	for _, ix := range indices {
		def := sref{buf, ix.start, ix.start + ix.n}
		if def.empty() {
			ps.logDiag(errAt(def, "missing equal sign in global definition"))
			failed = true
			continue
		}
		if def.front() == '#' {
			e, v, d := ps.parseNumericSubstitutionBlock(def.dropFront(1), false, 0)
			if d != nil {
				ps.logDiag(d)
				failed = true
				continue
			}
			if e.ast == nil || v == nil {
				// LLVM-16 dereferences a null expression here; report the
				// definition as invalid instead of crashing.
				ps.logDiag(errAt(def, "invalid numeric variable definition"))
				failed = true
				continue
			}
			val, errs := e.ast.eval()
			if errs != nil {
				for _, ee := range errs {
					if ee.overflow {
						ps.out.WriteString("overflow error\n")
					} else {
						ps.out.WriteString("undefined variable: " + ee.undefName + "\n")
					}
				}
				failed = true
				continue
			}
			v.value = val
			ps.ctx.globalNumVars[v.name] = v
			continue
		}
		eq := def.findByte('=')
		nameRef := def.takeFront(eq)
		orig := nameRef
		name, pseudo, d := parseVariable(&nameRef)
		if d != nil {
			ps.logDiag(d)
			failed = true
			continue
		}
		if pseudo || !nameRef.empty() {
			ps.logDiag(errAt(orig, "invalid name in string variable definition '"+orig.str()+"'"))
			failed = true
			continue
		}
		if _, ok := ps.ctx.globalNumVars[name.str()]; ok {
			ps.logDiag(errAt(name, "numeric variable with name '"+name.str()+"' already exists"))
			failed = true
			continue
		}
		if _, ok := ps.ctx.globalVars[name.str()]; !ok {
			ps.ctx.globalVars[name.str()] = strVal{val: def.str()[eq+1:]}
		}
		ps.ctx.definedVars[name.str()] = true
	}
	return failed
}

// readCheckFile mirrors FileCheck::readCheckFile. It returns the check
// strings, the number of implicit pattern buffers, and whether an error was
// reported.
func (ps *parser) readCheckFile(checkBuf *srcBuf) ([]*checkString, bool) {
	req := ps.req
	if ps.defineCmdlineVariables(req.Defines) {
		return nil, true
	}
	ps.ctx.lineVar = &numVar{name: "@LINE", format: exprFormat{kind: fmtUnsigned}}
	ps.ctx.globalNumVars["@LINE"] = ps.ctx.lineVar

	var implicit []*pattern
	for _, pat := range req.ImplicitCheckNot {
		const pfx = "-implicit-check-not='"
		b := &srcBuf{name: "command line", text: pfx + pat + "'"}
		p := newPattern(checkType{kind: checkNot, count: 1}, ps.ctx, 0)
		// As in LLVM, a parse error here is reported but not fatal.
		ps.parsePattern(p, sref{b, len(pfx), len(pfx) + len(pat)}, "IMPLICIT-CHECK")
		if ps.fatalExit != 0 {
			return nil, true
		}
		implicit = append(implicit, p)
	}
	ps.implicit = implicit
	dagNots := append([]*pattern(nil), implicit...)

	lineNumber := 1
	checkPrefixes := req.checkPrefixes()
	m := newPrefixMatcher(checkPrefixes, req.commentPrefixes(), checkBuf.text)
	notFound := map[string]bool{}
	for _, p := range checkPrefixes {
		notFound[p] = true
	}
	distinct := len(notFound)
	buf := wholeBuf(checkBuf)
	var checks []*checkString
	for {
		usedPrefix, ty, after := findFirstMatchingPrefix(req, m, &buf, &lineNumber)
		if usedPrefix == "" {
			break
		}
		if ty.kind != checkComment {
			delete(notFound, usedPrefix)
		}
		prefixStart := buf.at()
		if after.b == nil || after.empty() {
			buf = buf.dropFront(len(usedPrefix))
		} else {
			buf = after
		}
		switch ty.kind {
		case checkMisspelled:
			directive := checkBuf.text[prefixStart.off:after.s]
			ps.printDiag(&diag{at: prefixStart, kind: diagError, msg: "misspelled directive '" + directive + "'"})
			return nil, true
		case checkBadNot:
			ps.printDiag(&diag{at: buf.at(), kind: diagError, msg: "unsupported -NOT combo on prefix '" + usedPrefix + "'"})
			return nil, true
		case checkBadCount:
			ps.printDiag(&diag{at: buf.at(), kind: diagError, msg: "invalid count in -COUNT specification on prefix '" + usedPrefix + "'"})
			return nil, true
		}
		if !(req.StrictWhitespace && req.MatchFullLines) {
			buf = buf.ltrim(" \t")
		}
		eol := strings.IndexAny(buf.str(), "\n\r")
		patternBuf := buf
		if eol >= 0 {
			patternBuf = buf.takeFront(eol)
			buf = buf.dropFront(eol)
		} else {
			buf = buf.dropFront(buf.len())
		}
		if ty.kind == checkComment {
			continue
		}
		p := newPattern(ty, ps.ctx, lineNumber)
		if ps.parsePattern(p, patternBuf, usedPrefix) {
			return nil, true
		}
		if ty.kind == checkLabel && p.hasVariable() {
			ps.printDiag(&diag{at: prefixStart, kind: diagError, msg: "found '" + usedPrefix + "-LABEL:' with variable definition or use"})
			return nil, true
		}
		if (ty.kind == checkNext || ty.kind == checkSame || ty.kind == checkEmpty) && len(checks) == 0 {
			typ := "SAME"
			if ty.kind == checkNext {
				typ = "NEXT"
			} else if ty.kind == checkEmpty {
				typ = "EMPTY"
			}
			ps.printDiag(&diag{at: prefixStart, kind: diagError, msg: "found '" + usedPrefix + "-" + typ + "' without previous '" + usedPrefix + ": line"})
			return nil, true
		}
		if ty.kind == checkDAG || ty.kind == checkNot {
			dagNots = append(dagNots, p)
			continue
		}
		checks = append(checks, &checkString{pat: p, prefix: usedPrefix, loc: patternBuf.at(), dagNots: dagNots})
		dagNots = append([]*pattern(nil), implicit...)
	}

	noPrefixesFound := len(notFound) == distinct
	someUnused := !req.AllowUnusedPrefixes && len(notFound) != 0
	if (noPrefixesFound || someUnused) && (len(implicit) == 0 || len(req.CheckPrefixes) != 0) {
		missing := make([]string, 0, len(notFound))
		for p := range notFound {
			missing = append(missing, p)
		}
		sort.Strings(missing)
		ps.out.WriteString("error: no check strings found with prefix")
		if len(missing) > 1 {
			ps.out.WriteString("es ")
		} else {
			ps.out.WriteString(" ")
		}
		for i, p := range missing {
			if i > 0 {
				ps.out.WriteString(", ")
			}
			ps.out.WriteString("'" + p + ":'")
		}
		ps.out.WriteString("\n")
		return nil, true
	}

	if len(dagNots) != 0 {
		eof := newPattern(checkType{kind: checkEOF, count: 1}, ps.ctx, lineNumber+1)
		eof.loc = buf.at()
		checks = append(checks, &checkString{pat: eof, prefix: checkPrefixes[0], loc: buf.at(), dagNots: dagNots})
	}
	return checks, false
}
