package filecheck

import (
	"sort"
	"strconv"
	"strings"
)

// matchType classifies a recorded match result for the input dump
// (FileCheckDiag::MatchType).
type matchType int

const (
	matchFoundAndExpected matchType = iota
	matchFoundButExcluded
	matchFoundButWrongLine
	matchFoundButDiscarded
	matchFoundErrorNote
	matchNoneAndExcluded
	matchNoneButExpected
	matchNoneForInvalidPattern
	matchFuzzy
)

// fcDiag is a match result or note recorded for the input dump.
type fcDiag struct {
	checkTy                  checkType
	checkLoc                 loc
	matchTy                  matchType
	sLine, sCol, eLine, eCol int
	note                     string
}

type inputText struct {
	buf  *srcBuf
	view *latin1View
}

type checker struct {
	req     *Options
	out     *strings.Builder
	in      *inputText
	ctx     *patternContext
	diags   []fcDiag
	collect bool // whether diagnostics are recorded for the input dump
}

func (c *checker) print(at loc, kind diagKind, msg string, ranges ...srcRange) {
	d := diag{at: at, kind: kind, msg: msg, ranges: ranges}
	d.write(c.out, c.req.Color)
}

func (c *checker) inLoc(off int) loc { return loc{c.in.buf, off} }

func (c *checker) addDiag(ty checkType, checkLoc loc, mt matchType, s, e int, note string) {
	sl, sc := c.inLoc(s).lineCol()
	el, ec := c.inLoc(e).lineCol()
	c.diags = append(c.diags, fcDiag{checkTy: ty, checkLoc: checkLoc, matchTy: mt, sLine: sl, sCol: sc, eLine: el, eCol: ec, note: note})
}

// processMatchResult mirrors ProcessMatchResult.
func (c *checker) processMatchResult(mt matchType, checkLoc loc, ty checkType, s, e int, adjustPrev bool) {
	if !c.collect {
		return
	}
	if adjustPrev {
		if len(c.diags) == 0 {
			return
		}
		last := c.diags[len(c.diags)-1].checkLoc
		for i := len(c.diags) - 1; i >= 0 && c.diags[i].checkLoc == last; i-- {
			c.diags[i].matchTy = mt
		}
		return
	}
	c.addDiag(ty, checkLoc, mt, s, e, "")
}

func (c *checker) reportMatchResult(expected bool, prefix string, at loc, p *pattern, count, bufStart, bufEnd int, res matchResult) bool {
	if res.found {
		return c.printMatch(expected, prefix, at, p, count, bufStart+res.pos, res.len, res)
	}
	return c.printNoMatch(expected, prefix, at, p, count, bufStart, bufEnd, res.errs)
}

func (c *checker) printMatch(expected bool, prefix string, at loc, p *pattern, count, pos, length int, res matchResult) bool {
	hasError := !expected || len(res.errs) != 0
	printDiag := true
	if !hasError {
		if !c.req.Verbose {
			return false
		}
		if !c.req.VeryVerbose && p.ty.kind == checkEOF {
			return false
		}
		printDiag = !c.collect
	}
	mt := matchFoundAndExpected
	if !expected {
		mt = matchFoundButExcluded
	}
	c.processMatchResult(mt, at, p.ty, pos, pos+length, false)
	if c.collect {
		c.printSubstitutions(p, at, pos, mt, true)
		c.printVariableDefs(p, at, mt, true)
	}
	if !printDiag {
		return hasError
	}
	kindWord := "excluded"
	kind := diagError
	if expected {
		kindWord = "expected"
		kind = diagRemark
	}
	msg := p.ty.description(prefix) + ": " + kindWord + " string found in input"
	if p.ty.getCount() > 1 {
		msg += " (" + strconv.Itoa(count) + " out of " + strconv.Itoa(p.ty.getCount()) + ")"
	}
	c.print(at, kind, msg)
	c.print(c.inLoc(pos), diagNote, "found here", srcRange{pos, pos + length})
	c.printSubstitutions(p, at, pos, mt, false)
	c.printVariableDefs(p, at, mt, false)
	for i, e := range res.errs {
		e.write(c.out, c.req.Color)
		if c.collect {
			r := res.errRanges[i]
			c.addDiag(p.ty, at, matchFoundErrorNote, r.start, r.end, e.msg)
		}
	}
	return hasError
}

func (c *checker) printNoMatch(expected bool, prefix string, at loc, p *pattern, count, bufStart, bufEnd int, errs []*diag) bool {
	hasError := expected
	hasPatternError := false
	mt := matchNoneAndExcluded
	if expected {
		mt = matchNoneButExpected
	}
	var errMsgs []string
	for _, e := range errs {
		hasError = true
		hasPatternError = true
		mt = matchNoneForInvalidPattern
		e.write(c.out, c.req.Color)
		errMsgs = append(errMsgs, e.msg)
	}
	printDiag := true
	if !hasError {
		if !c.req.VeryVerbose {
			return false
		}
		printDiag = !c.collect
	}
	c.processMatchResult(mt, at, p.ty, bufStart, bufEnd, false)
	if c.collect {
		for _, m := range errMsgs {
			c.addDiag(p.ty, at, mt, bufStart, bufStart, m)
		}
		c.printSubstitutions(p, at, bufStart, mt, true)
	}
	if !printDiag {
		return hasError
	}
	if !hasPatternError {
		kindWord := "excluded"
		kind := diagRemark
		if expected {
			kindWord = "expected"
			kind = diagError
		}
		msg := p.ty.description(prefix) + ": " + kindWord + " string not found in input"
		if p.ty.getCount() > 1 {
			msg += " (" + strconv.Itoa(count) + " out of " + strconv.Itoa(p.ty.getCount()) + ")"
		}
		c.print(at, kind, msg)
		c.print(c.inLoc(bufStart), diagNote, "scanning from here")
	}
	c.printSubstitutions(p, at, bufStart, mt, false)
	if expected {
		c.printFuzzyMatch(p, at, bufStart, bufEnd)
	}
	return hasError
}

func (c *checker) printSubstitutions(p *pattern, at loc, rangeStart int, mt matchType, toDiags bool) {
	for _, s := range p.subs {
		val, ok := s.resultForDiagnostics()
		if !ok {
			continue
		}
		msg := `with "` + writeEscaped(s.from.str()) + `" equal to ` + val
		if toDiags {
			c.addDiag(p.ty, at, mt, rangeStart, rangeStart, msg)
		} else {
			c.print(c.inLoc(rangeStart), diagNote, msg)
		}
	}
}

func (c *checker) printVariableDefs(p *pattern, at loc, mt matchType, toDiags bool) {
	if len(p.varDefs) == 0 && len(p.numDefs) == 0 {
		return
	}
	type capture struct {
		name string
		r    srcRange
	}
	var caps []capture
	for _, name := range p.sortedVarDefs() {
		v := p.ctx.globalVars[name]
		if !v.at.valid() {
			continue
		}
		caps = append(caps, capture{name, srcRange{v.at.off, v.at.off + len(v.val)}})
	}
	for _, name := range p.numDefKeys {
		v := p.numDefs[name].v
		if !v.hasStr {
			continue
		}
		caps = append(caps, capture{name, srcRange{v.strLoc.off, v.strLoc.off + len(v.strValue)}})
	}
	sort.SliceStable(caps, func(i, j int) bool { return caps[i].r.start < caps[j].r.start })
	for _, cp := range caps {
		msg := `captured var "` + cp.name + `"`
		if toDiags {
			c.addDiag(p.ty, at, mt, cp.r.start, cp.r.end, msg)
		} else {
			c.print(c.inLoc(cp.r.start), diagNote, msg, cp.r)
		}
	}
}

func (c *checker) printFuzzyMatch(p *pattern, at loc, bufStart, bufEnd int) {
	buf := c.in.buf.text[bufStart:bufEnd]
	limit := len(buf)
	if limit > 4096 {
		limit = 4096
	}
	plen := len(p.fixedStr)
	if len(p.regexStr) > plen {
		plen = len(p.regexStr)
	}
	if 4096*2048 < limit*plen {
		return
	}
	if plen == 0 {
		// FileCheck-16 reports no fuzzy match for a pattern whose regex is
		// nothing but substitutions.
		return
	}
	numLines := 0
	best := -1
	bestQ := 0.0
	for i := 0; i < limit; i++ {
		if buf[i] == '\n' {
			numLines++
		}
		if buf[i] == ' ' || buf[i] == '\t' {
			continue
		}
		d := p.computeMatchDistance(buf[i:])
		q := float64(d) + float64(numLines)/100.
		if q < bestQ || best < 0 {
			best = i
			bestQ = q
		}
	}
	if best > 0 && bestQ < 50 {
		pos := bufStart + best
		c.processMatchResult(matchFuzzy, at, p.ty, pos, pos, false)
		c.print(c.inLoc(pos), diagNote, "possible intended match here")
	}
}

// countNewlines mirrors CountNumNewlinesBetween; firstNL is the offset just
// after the first newline sequence.
func countNewlines(s string) (n, firstNL int) {
	i := 0
	for {
		j := strings.IndexAny(s[i:], "\n\r")
		if j < 0 {
			return n, firstNL
		}
		i += j
		n++
		if i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r') && s[i] != s[i+1] {
			i++
		}
		i++
		if n == 1 {
			firstNL = i
		}
	}
}

// check mirrors FileCheckString::Check on the region [start, end). It
// returns the absolute match position (or -1) and the match length.
func (c *checker) check(cs *checkString, start, end int, labelScan bool) (int, int) {
	lastPos := start
	var notStrings []*pattern
	if !labelScan {
		lastPos = c.checkDag(cs, start, end, &notStrings)
		if lastPos < 0 {
			return -1, 0
		}
	}
	lastMatchEnd := lastPos
	firstMatchPos := 0
	p := cs.pat
	for i := 1; i <= p.ty.getCount(); i++ {
		res := p.match(c.in, lastMatchEnd, end)
		if c.reportMatchResult(true, cs.prefix, cs.loc, p, i, lastMatchEnd, end, res) {
			return -1, 0
		}
		if i == 1 {
			firstMatchPos = lastMatchEnd + res.pos
		}
		lastMatchEnd += res.pos + res.len
		if res.len == 0 && !res.wordBoundary && len(res.errs) == 0 && !c.req.Verbose {
			// An empty match makes every remaining CHECK-COUNT iteration
			// match again at the same place with the same captures, and
			// nothing is reported for them without -v: skip them rather
			// than looping up to 2^31 times.
			break
		}
	}
	matchLen := lastMatchEnd - firstMatchPos
	if !labelScan {
		text := c.in.buf.text
		if c.checkNext(cs, lastPos, firstMatchPos, text) {
			c.processMatchResult(matchFoundButWrongLine, cs.loc, p.ty, firstMatchPos, firstMatchPos+matchLen, c.req.Verbose)
			return -1, 0
		}
		if c.checkSame(cs, lastPos, firstMatchPos, text) {
			c.processMatchResult(matchFoundButWrongLine, cs.loc, p.ty, firstMatchPos, firstMatchPos+matchLen, c.req.Verbose)
			return -1, 0
		}
		if c.checkNot(cs, lastPos, firstMatchPos, notStrings) {
			return -1, 0
		}
	}
	return firstMatchPos, matchLen
}

func (c *checker) checkNext(cs *checkString, s, e int, text string) bool {
	k := cs.pat.ty.kind
	if k != checkNext && k != checkEmpty {
		return false
	}
	name := cs.prefix + "-NEXT"
	if k == checkEmpty {
		name = cs.prefix + "-EMPTY"
	}
	n, first := countNewlines(text[s:e])
	if n == 0 {
		c.print(cs.loc, diagError, name+": is on the same line as previous match")
		c.print(c.inLoc(e), diagNote, "'next' match was here")
		c.print(c.inLoc(s), diagNote, "previous match ended here")
		return true
	}
	if n != 1 {
		c.print(cs.loc, diagError, name+": is not on the line after the previous match")
		c.print(c.inLoc(e), diagNote, "'next' match was here")
		c.print(c.inLoc(s), diagNote, "previous match ended here")
		c.print(c.inLoc(s+first), diagNote, "non-matching line after previous match is here")
		return true
	}
	return false
}

func (c *checker) checkSame(cs *checkString, s, e int, text string) bool {
	if cs.pat.ty.kind != checkSame {
		return false
	}
	if n, _ := countNewlines(text[s:e]); n != 0 {
		c.print(cs.loc, diagError, cs.prefix+"-SAME: is not on the same line as the previous match")
		c.print(c.inLoc(e), diagNote, "'next' match was here")
		c.print(c.inLoc(s), diagNote, "previous match ended here")
		return true
	}
	return false
}

func (c *checker) checkNot(cs *checkString, s, e int, notStrings []*pattern) bool {
	failed := false
	for _, p := range notStrings {
		res := p.match(c.in, s, e)
		if c.reportMatchResult(false, cs.prefix, p.loc, p, 1, s, e, res) {
			failed = true
		}
	}
	return failed
}

func (c *checker) checkDag(cs *checkString, start, end int, notStrings *[]*pattern) int {
	if len(cs.dagNots) == 0 {
		return start
	}
	startPos := start
	type mrange struct{ pos, end int }
	var ranges []mrange
	for idx, p := range cs.dagNots {
		if p.ty.kind == checkNot {
			*notStrings = append(*notStrings, p)
			continue
		}
		matchLen := 0
		matchPos := startPos
		mi := 0
		for {
			res := p.match(c.in, matchPos, end)
			if !res.found || len(res.errs) != 0 || c.req.VeryVerbose {
				if c.reportMatchResult(true, cs.prefix, p.loc, p, 1, matchPos, end, res) {
					return -1
				}
			}
			matchLen = res.len
			matchPos += res.pos
			m := mrange{matchPos, matchPos + matchLen}
			if c.req.AllowDeprecatedDAGOverlap {
				if len(ranges) == 0 {
					ranges = append(ranges, m)
				} else {
					if m.pos < ranges[0].pos {
						ranges[0].pos = m.pos
					}
					if m.end > ranges[0].end {
						ranges[0].end = m.end
					}
				}
				break
			}
			overlap := false
			for ; mi < len(ranges); mi++ {
				if m.pos < ranges[mi].end {
					overlap = ranges[mi].pos < m.end
					break
				}
			}
			if !overlap {
				ranges = append(ranges, mrange{})
				copy(ranges[mi+1:], ranges[mi:])
				ranges[mi] = m
				break
			}
			if c.req.VeryVerbose {
				if !c.collect {
					c.print(c.inLoc(ranges[mi].pos), diagNote, "match discarded, overlaps earlier DAG match here", srcRange{ranges[mi].pos, ranges[mi].end})
				} else if len(c.diags) > 0 {
					last := c.diags[len(c.diags)-1].checkLoc
					for i := len(c.diags) - 1; i >= 0 && c.diags[i].checkLoc == last; i-- {
						c.diags[i].matchTy = matchFoundButDiscarded
					}
				}
			}
			matchPos = ranges[mi].end
			mi++
		}
		if !c.req.VeryVerbose {
			c.printMatch(true, cs.prefix, p.loc, p, 1, matchPos, matchLen, matchResult{found: true})
		}
		if idx+1 == len(cs.dagNots) || cs.dagNots[idx+1].ty.kind == checkNot {
			if len(*notStrings) != 0 {
				if c.checkNot(cs, startPos, ranges[0].pos, *notStrings) {
					return -1
				}
				*notStrings = nil
			}
			startPos = ranges[len(ranges)-1].end
			ranges = nil
		}
	}
	return startPos
}

// checkInput mirrors FileCheck::checkInput; it returns true on success.
func (c *checker) checkInput(checks []*checkString) bool {
	failed := false
	bufStart, bufEnd := 0, len(c.in.buf.text)
	i, j, e := 0, 0, len(checks)
	for {
		var regStart, regEnd int
		if j == e {
			regStart, regEnd = bufStart, bufEnd
		} else {
			label := checks[j]
			if label.pat.ty.kind != checkLabel {
				j++
				continue
			}
			pos, n := c.check(label, bufStart, bufEnd, true)
			if pos < 0 {
				return false
			}
			regStart, regEnd = bufStart, pos+n
			bufStart = pos + n
			j++
		}
		if i != 0 && c.req.EnableVarScope {
			c.ctx.clearLocalVars()
		}
		for ; i != j; i++ {
			pos, n := c.check(checks[i], regStart, regEnd, false)
			if pos < 0 {
				failed = true
				i = j
				break
			}
			regStart = pos + n
		}
		if j == e {
			break
		}
	}
	return !failed
}
