package filecheck

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// This file implements the dialect of POSIX extended regular expressions
// accepted by LLVM's Regex class (a descendant of Henry Spencer's regcomp),
// which is what FileCheck uses for {{...}} blocks and for the regular
// expression it assembles from a whole pattern.
//
// The parser mirrors llvm/lib/Support/regcomp.c closely so that the same
// patterns are accepted and rejected, with the same error messages, and so
// that capture groups are numbered identically. Matching is done either by
// Go's regexp package in leftmost-longest mode (translating the parsed
// expression to Go syntax over a byte-per-rune view of the input), or, for
// expressions Go cannot express (back-references, word boundaries), by a small
// backtracking matcher.

// Error codes of the regcomp family, with LLVM's regerror() texts.
const (
	regOK       = ""
	regECOLLATE = "invalid collating element"
	regECTYPE   = "invalid character class"
	regEESCAPE  = "trailing backslash (\\)"
	regESUBREG  = "invalid backreference number"
	regEBRACK   = "brackets ([ ]) not balanced"
	regEPAREN   = "parentheses not balanced"
	regEBRACE   = "braces not balanced"
	regBADBR    = "invalid repetition count(s)"
	regERANGE   = "invalid character range"
	regBADRPT   = "repetition-operator operand invalid"
	regEMPTY    = "empty (sub)expression"
)

const (
	reDupMax   = 255
	reInfinity = reDupMax + 1
)

type reOp uint8

const (
	reChar    reOp = iota // a single byte
	reSet                 // a set of bytes
	reBOL                 // ^
	reEOL                 // $
	reBOW                 // [[:<:]]
	reEOW                 // [[:>:]]
	reGroup               // ( ... ), n = group number
	reBackref             // \n
	reConcat
	reAlt
	reRepeat // min, max (max == reInfinity means unbounded)
)

type byteSet [4]uint64

func (s *byteSet) add(c byte)      { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) del(c byte)      { s[c>>6] &^= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }
func (s *byteSet) addString(str string) {
	for i := 0; i < len(str); i++ {
		s.add(str[i])
	}
}

func (s *byteSet) count() int {
	n := 0
	for c := 0; c < 256; c++ {
		if s.has(byte(c)) {
			n++
		}
	}
	return n
}

type reNode struct {
	op       reOp
	c        byte
	set      *byteSet
	n        int // group or back-reference number
	min, max int
	subs     []*reNode
}

// ere is a compiled extended regular expression.
type ere struct {
	src     string
	nsub    int
	root    *reNode
	goRE    *regexp.Regexp // nil when the backtracker must be used
	icase   bool
	hasBack bool
	hasWord bool // uses [[:<:]] or [[:>:]]
}

type ereParser struct {
	s       string
	pos     int
	err     string
	icase   bool
	nsub    int
	closed  [10]bool // groups 1-9 whose ')' has been seen (pend != 0)
	hasBack bool
	hasWord bool
}

func (p *ereParser) more() bool  { return p.err == "" && p.pos < len(p.s) }
func (p *ereParser) more2() bool { return p.err == "" && p.pos+1 < len(p.s) }
func (p *ereParser) peek() byte {
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}
func (p *ereParser) peek2() byte {
	if p.pos+1 < len(p.s) {
		return p.s[p.pos+1]
	}
	return 0
}
func (p *ereParser) see(c byte) bool { return p.more() && p.peek() == c }
func (p *ereParser) seeTwo(a, b byte) bool {
	return p.more2() && p.peek() == a && p.peek2() == b
}
func (p *ereParser) eat(c byte) bool {
	if p.see(c) {
		p.pos++
		return true
	}
	return false
}
func (p *ereParser) eatTwo(a, b byte) bool {
	if p.seeTwo(a, b) {
		p.pos += 2
		return true
	}
	return false
}
func (p *ereParser) getNext() byte {
	c := p.peek()
	p.pos++
	return c
}

// setErr records the first error and halts parsing, like regcomp's seterr.
func (p *ereParser) setErr(e string) {
	if p.err == "" {
		p.err = e
	}
	p.pos = len(p.s)
}

func (p *ereParser) require(cond bool, e string) {
	if !cond {
		p.setErr(e)
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func isAlnum(c byte) bool { return isAlpha(c) || isDigit(c) }

func otherCase(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	if c >= 'A' && c <= 'Z' {
		return c - 'A' + 'a'
	}
	return c
}

// compileERE parses and compiles an LLVM extended regular expression.
// The returned error string is empty on success and otherwise one of LLVM's
// regerror() explanations.
func compileERE(src string, icase bool) (*ere, string) {
	p := &ereParser{s: src, icase: icase}
	root := p.parseERE(-1)
	if p.err != "" {
		return nil, p.err
	}
	re := &ere{src: src, nsub: p.nsub, root: root, icase: icase, hasBack: p.hasBack, hasWord: p.hasWord}
	if !p.hasBack && !p.hasWord {
		var sb strings.Builder
		toGoSyntax(&sb, root)
		if g, err := regexp.Compile(sb.String()); err == nil {
			g.Longest()
			re.goRE = g
		}
	}
	return re, ""
}

// parseERE mirrors p_ere: alternation of concatenations, ending at stop
// (-1 for end of input).
func (p *ereParser) parseERE(stop int) *reNode {
	var alts []*reNode
	for {
		conc := &reNode{op: reConcat}
		emitted := false
		for p.more() && p.peek() != '|' && int(p.peek()) != stop {
			n, ok := p.parseEREExp()
			if n != nil {
				conc.subs = append(conc.subs, n)
			}
			if ok {
				emitted = true
			}
		}
		p.require(emitted, regEMPTY)
		alts = append(alts, conc)
		if !p.eat('|') {
			break
		}
	}
	if p.err != "" {
		return nil
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &reNode{op: reAlt, subs: alts}
}

// parseEREExp mirrors p_ere_exp: an atom possibly followed by a repetition.
// The boolean reports whether anything was emitted (x{0} emits nothing).
func (p *ereParser) parseEREExp() (*reNode, bool) {
	c := p.getNext()
	var atom *reNode
	wasCaret := false
	switch c {
	case '(':
		p.require(p.more(), regEPAREN)
		p.nsub++
		subno := p.nsub
		var body *reNode
		if !p.see(')') {
			body = p.parseERE(')')
		}
		if p.err == "" && subno < len(p.closed) {
			p.closed[subno] = true
		}
		if body == nil {
			body = &reNode{op: reConcat}
		}
		atom = &reNode{op: reGroup, n: subno, subs: []*reNode{body}}
		p.require(p.more() && p.getNext() == ')', regEPAREN)
	case ')':
		p.setErr(regEPAREN)
	case '^':
		atom = &reNode{op: reBOL}
		wasCaret = true
	case '$':
		atom = &reNode{op: reEOL}
	case '|':
		p.setErr(regEMPTY)
	case '*', '+', '?':
		p.setErr(regBADRPT)
	case '.':
		s := &byteSet{}
		for i := 0; i < 256; i++ {
			s.add(byte(i))
		}
		s.del('\n')
		atom = &reNode{op: reSet, set: s}
	case '[':
		atom = p.parseBracket()
	case '\\':
		p.require(p.more(), regEESCAPE)
		if p.err != "" {
			break
		}
		c = p.getNext()
		if c >= '1' && c <= '9' {
			n := int(c - '0')
			if !p.closed[n] {
				p.setErr(regESUBREG)
				break
			}
			atom = &reNode{op: reBackref, n: n}
			p.hasBack = true
		} else {
			atom = p.ordinary(c)
		}
	case '{':
		p.require(!p.more() || !isDigit(p.peek()), regBADRPT)
		if p.err != "" {
			break
		}
		atom = p.ordinary(c)
	default:
		atom = p.ordinary(c)
	}
	if p.err != "" {
		return nil, false
	}

	if !p.more() {
		return atom, true
	}
	c = p.peek()
	if !(c == '*' || c == '+' || c == '?' || (c == '{' && p.more2() && isDigit(p.peek2()))) {
		return atom, true
	}
	p.pos++
	p.require(!wasCaret, regBADRPT)
	if p.err != "" {
		return nil, false
	}
	rep := &reNode{op: reRepeat, subs: []*reNode{atom}}
	switch c {
	case '*':
		rep.min, rep.max = 0, reInfinity
	case '+':
		rep.min, rep.max = 1, reInfinity
	case '?':
		rep.min, rep.max = 0, 1
	case '{':
		count := p.parseCount()
		count2 := count
		if p.eat(',') {
			if isDigit(p.peek()) && p.err == "" {
				count2 = p.parseCount()
				p.require(count <= count2, regBADBR)
			} else {
				count2 = reInfinity
			}
		}
		if !p.eat('}') {
			for p.more() && p.peek() != '}' {
				p.pos++
			}
			p.require(p.more(), regEBRACE)
			p.setErr(regBADBR)
		}
		rep.min, rep.max = count, count2
	}
	if p.err != "" {
		return nil, false
	}
	emitted := !(rep.min == 0 && rep.max == 0)
	if p.more() {
		c = p.peek()
		if c == '*' || c == '+' || c == '?' || (c == '{' && p.more2() && isDigit(p.peek2())) {
			p.setErr(regBADRPT)
			return nil, false
		}
	}
	if !emitted {
		return nil, false
	}
	return rep, true
}

func (p *ereParser) parseCount() int {
	count, ndigits := 0, 0
	for p.more() && isDigit(p.peek()) && count <= reDupMax {
		count = count*10 + int(p.getNext()-'0')
		ndigits++
	}
	p.require(ndigits > 0 && count <= reDupMax, regBADBR)
	return count
}

func (p *ereParser) ordinary(c byte) *reNode {
	if p.icase && isAlpha(c) {
		s := &byteSet{}
		s.add(c)
		s.add(otherCase(c))
		return &reNode{op: reSet, set: s}
	}
	return &reNode{op: reChar, c: c}
}

var ereClasses = map[string]string{
	"alnum":  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
	"alpha":  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
	"blank":  " \t",
	"cntrl":  "\007\b\t\n\v\f\r\001\002\003\004\005\006\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\177",
	"digit":  "0123456789",
	"graph":  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
	"lower":  "abcdefghijklmnopqrstuvwxyz",
	"print":  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ",
	"punct":  "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
	"space":  "\t\n\v\f\r ",
	"upper":  "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
	"xdigit": "0123456789ABCDEFabcdef",
}

var ereCollNames = map[string]byte{
	"NUL": 0, "SOH": 1, "STX": 2, "ETX": 3, "EOT": 4, "ENQ": 5, "ACK": 6,
	"BEL": 7, "alert": 7, "BS": 8, "backspace": '\b', "HT": 9, "tab": '\t',
	"LF": 10, "newline": '\n', "VT": 11, "vertical-tab": '\v', "FF": 12,
	"form-feed": '\f', "CR": 13, "carriage-return": '\r', "SO": 14, "SI": 15,
	"DLE": 16, "DC1": 17, "DC2": 18, "DC3": 19, "DC4": 20, "NAK": 21,
	"SYN": 22, "ETB": 23, "CAN": 24, "EM": 25, "SUB": 26, "ESC": 27,
	"IS4": 28, "FS": 28, "IS3": 29, "GS": 29, "IS2": 30, "RS": 30, "IS1": 31,
	"US": 31, "space": ' ', "exclamation-mark": '!', "quotation-mark": '"',
	"number-sign": '#', "dollar-sign": '$', "percent-sign": '%',
	"ampersand": '&', "apostrophe": '\'', "left-parenthesis": '(',
	"right-parenthesis": ')', "asterisk": '*', "plus-sign": '+', "comma": ',',
	"hyphen": '-', "hyphen-minus": '-', "period": '.', "full-stop": '.',
	"slash": '/', "solidus": '/', "zero": '0', "one": '1', "two": '2',
	"three": '3', "four": '4', "five": '5', "six": '6', "seven": '7',
	"eight": '8', "nine": '9', "colon": ':', "semicolon": ';',
	"less-than-sign": '<', "equals-sign": '=', "greater-than-sign": '>',
	"question-mark": '?', "commercial-at": '@', "left-square-bracket": '[',
	"backslash": '\\', "reverse-solidus": '\\', "right-square-bracket": ']',
	"circumflex": '^', "circumflex-accent": '^', "underscore": '_',
	"low-line": '_', "grave-accent": '`', "left-brace": '{',
	"left-curly-bracket": '{', "vertical-line": '|', "right-brace": '}',
	"right-curly-bracket": '}', "tilde": '~', "DEL": 127,
}

// parseBracket mirrors p_bracket; the '[' has been consumed.
func (p *ereParser) parseBracket() *reNode {
	if len(p.s)-p.pos > 5 {
		if strings.HasPrefix(p.s[p.pos:], "[:<:]]") {
			p.pos += 6
			p.hasWord = true
			return &reNode{op: reBOW}
		}
		if strings.HasPrefix(p.s[p.pos:], "[:>:]]") {
			p.pos += 6
			p.hasWord = true
			return &reNode{op: reEOW}
		}
	}
	cs := &byteSet{}
	invert := false
	if p.eat('^') {
		invert = true
	}
	if p.eat(']') {
		cs.add(']')
	} else if p.eat('-') {
		cs.add('-')
	}
	for p.more() && p.peek() != ']' && !p.seeTwo('-', ']') {
		p.parseBracketTerm(cs)
	}
	if p.eat('-') {
		cs.add('-')
	}
	p.require(p.more() && p.getNext() == ']', regEBRACK)
	if p.err != "" {
		return nil
	}
	if p.icase {
		for i := 255; i >= 0; i-- {
			if cs.has(byte(i)) && isAlpha(byte(i)) {
				cs.add(otherCase(byte(i)))
			}
		}
	}
	if invert {
		for i := 0; i < 4; i++ {
			cs[i] = ^cs[i]
		}
		cs.del('\n')
	}
	return &reNode{op: reSet, set: cs}
}

func (p *ereParser) parseBracketTerm(cs *byteSet) {
	var c byte
	switch {
	case p.more() && p.peek() == '[':
		if p.more2() {
			c = p.peek2()
		}
	case p.more() && p.peek() == '-':
		p.setErr(regERANGE)
		return
	}
	switch c {
	case ':':
		p.pos += 2
		p.require(p.more(), regEBRACK)
		c = p.peek()
		p.require(c != '-' && c != ']', regECTYPE)
		if p.err != "" {
			return
		}
		start := p.pos
		for p.more() && isAlpha(p.peek()) {
			p.pos++
		}
		chars, ok := ereClasses[p.s[start:p.pos]]
		if !ok {
			p.setErr(regECTYPE)
			return
		}
		cs.addString(chars)
		p.require(p.more(), regEBRACK)
		p.require(p.eatTwo(':', ']'), regECTYPE)
	case '=':
		p.pos += 2
		p.require(p.more(), regEBRACK)
		c = p.peek()
		p.require(c != '-' && c != ']', regECOLLATE)
		if p.err != "" {
			return
		}
		v := p.parseCollElem('=')
		if p.err != "" {
			return
		}
		cs.add(v)
		p.require(p.more(), regEBRACK)
		p.require(p.eatTwo('=', ']'), regECOLLATE)
	default:
		start := p.parseBracketSymbol()
		finish := start
		if p.see('-') && p.more2() && p.peek2() != ']' {
			p.pos++
			if p.eat('-') {
				finish = '-'
			} else {
				finish = p.parseBracketSymbol()
			}
		}
		if p.err != "" {
			return
		}
		// regcomp compares plain (signed) chars.
		p.require(int8(start) <= int8(finish), regERANGE)
		if p.err != "" {
			return
		}
		for i := int(int8(start)); i <= int(int8(finish)); i++ {
			cs.add(byte(i))
		}
	}
}

func (p *ereParser) parseBracketSymbol() byte {
	p.require(p.more(), regEBRACK)
	if p.err != "" {
		return 0
	}
	if !p.eatTwo('[', '.') {
		return p.getNext()
	}
	v := p.parseCollElem('.')
	p.require(p.eatTwo('.', ']'), regECOLLATE)
	return v
}

func (p *ereParser) parseCollElem(endc byte) byte {
	start := p.pos
	for p.more() && !p.seeTwo(endc, ']') {
		p.pos++
	}
	if !p.more() {
		p.setErr(regEBRACK)
		return 0
	}
	name := p.s[start:p.pos]
	if v, ok := ereCollNames[name]; ok {
		return v
	}
	if len(name) == 1 {
		return name[0]
	}
	p.setErr(regECOLLATE)
	return 0
}

// toGoSyntax renders a parsed expression in Go regexp syntax. Input bytes are
// presented to Go as runes U+0000..U+00FF (see latin1View), so every byte is
// written as an explicit code point.
func toGoSyntax(sb *strings.Builder, n *reNode) {
	switch n.op {
	case reChar:
		writeGoByte(sb, n.c)
	case reSet:
		writeGoSet(sb, n.set)
	case reBOL:
		sb.WriteString(`(?m:^)`)
	case reEOL:
		sb.WriteString(`(?m:$)`)
	case reGroup:
		sb.WriteByte('(')
		toGoSyntax(sb, n.subs[0])
		sb.WriteByte(')')
	case reConcat:
		sb.WriteString("(?:")
		for _, s := range n.subs {
			toGoSyntax(sb, s)
		}
		sb.WriteString(")")
	case reAlt:
		sb.WriteString("(?:")
		for i, s := range n.subs {
			if i > 0 {
				sb.WriteByte('|')
			}
			toGoSyntax(sb, s)
		}
		sb.WriteString(")")
	case reRepeat:
		sb.WriteString("(?:")
		toGoSyntax(sb, n.subs[0])
		sb.WriteString(")")
		switch {
		case n.min == 0 && n.max == reInfinity:
			sb.WriteByte('*')
		case n.min == 1 && n.max == reInfinity:
			sb.WriteByte('+')
		case n.min == 0 && n.max == 1:
			sb.WriteByte('?')
		case n.max == reInfinity:
			fmt.Fprintf(sb, "{%d,}", n.min)
		default:
			fmt.Fprintf(sb, "{%d,%d}", n.min, n.max)
		}
	default:
		// Back-references and word boundaries are handled by the
		// backtracker; compileERE never renders them.
		sb.WriteString(`[^\x00-\x{10FFFF}]`)
	}
}

func writeGoByte(sb *strings.Builder, c byte) {
	if isAlnum(c) || c == '_' {
		sb.WriteByte(c)
		return
	}
	fmt.Fprintf(sb, `\x{%x}`, c)
}

func writeGoSet(sb *strings.Builder, s *byteSet) {
	if s.count() == 0 {
		sb.WriteString(`[^\x00-\x{10FFFF}]`)
		return
	}
	sb.WriteByte('[')
	for c := 0; c < 256; {
		if !s.has(byte(c)) {
			c++
			continue
		}
		e := c
		for e+1 < 256 && s.has(byte(e+1)) {
			e++
		}
		writeGoByte(sb, byte(c))
		if e > c {
			sb.WriteByte('-')
			writeGoByte(sb, byte(e))
		}
		c = e + 1
	}
	sb.WriteByte(']')
}

// latin1View presents a byte string to Go's regexp as a sequence of runes
// U+0000..U+00FF, one per byte, so that matching is byte-exact like LLVM's.
type latin1View struct {
	text   string  // the original bytes
	mapped string  // UTF-8 encoding of the Latin-1 interpretation
	toMap  []int32 // byte offset -> offset in mapped (len(text)+1 entries); nil if ASCII
}

func newLatin1View(text string) *latin1View {
	v := &latin1View{text: text, mapped: text}
	ascii := true
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii || len(text) >= 1<<30 {
		return v
	}
	var sb strings.Builder
	sb.Grow(len(text) + len(text)/4)
	v.toMap = make([]int32, len(text)+1)
	for i := 0; i < len(text); i++ {
		v.toMap[i] = int32(sb.Len())
		sb.WriteRune(rune(text[i]))
	}
	v.toMap[len(text)] = int32(sb.Len())
	v.mapped = sb.String()
	return v
}

// origOffset maps an offset in mapped back to a byte offset.
func (v *latin1View) origOffset(o int) int {
	if v.toMap == nil {
		return o
	}
	return sort.Search(len(v.toMap), func(i int) bool { return int(v.toMap[i]) >= o })
}

// match finds the leftmost-longest match of re in text[start:end]. It returns
// the capture offsets (absolute, -1 for unset), 2*(nsub+1) entries, or nil.
func (re *ere) match(v *latin1View, start, end int) []int {
	if re.goRE == nil {
		return btMatch(re, v.text, start, end)
	}
	ms, me := start, end
	if v.toMap != nil {
		ms, me = int(v.toMap[start]), int(v.toMap[end])
	}
	loc := re.goRE.FindStringSubmatchIndex(v.mapped[ms:me])
	if loc == nil {
		return nil
	}
	caps := make([]int, 2*(re.nsub+1))
	for i := range caps {
		caps[i] = -1
		if i < len(loc) && loc[i] >= 0 {
			caps[i] = v.origOffset(loc[i] + ms)
		}
	}
	return caps
}
