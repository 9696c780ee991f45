package parser

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
	"sync"

	"github.com/tcp-project/tcp/ir"
)

// scalarType maps builtin scalar keywords to types.
func scalarType(s string) (ir.Type, bool) {
	switch s {
	case "f16":
		return ir.F16T, true
	case "bf16":
		return ir.BF16T, true
	case "f32":
		return ir.F32T, true
	case "f64":
		return ir.F64T, true
	case "index":
		return ir.Index, true
	case "none":
		return ir.None, true
	}
	var sign ir.Signedness
	rest := ""
	switch {
	case strings.HasPrefix(s, "si"):
		sign, rest = ir.Signed, s[2:]
	case strings.HasPrefix(s, "ui"):
		sign, rest = ir.Unsigned, s[2:]
	case strings.HasPrefix(s, "i"):
		sign, rest = ir.Signless, s[1:]
	default:
		return nil, false
	}
	if rest == "" || rest[0] == '0' && len(rest) > 1 {
		return nil, false
	}
	w, err := strconv.Atoi(rest)
	if err != nil || w <= 0 || w > 1<<24 {
		return nil, false
	}
	return ir.IntegerType{Width: w, Sign: sign}, true
}

// ParseType parses a type at the next token.
func (p *parser) ParseType() (ir.Type, error) {
	if err := p.nest(); err != nil {
		return nil, err
	}
	defer p.unnest()
	t := p.lex.Peek()
	switch t.typ {
	case tBuiltinType:
		p.lex.Next()
		if ty, ok := ir.LookupType(t.val); ok {
			return ty, nil
		}
		tp := p.text(t)
		ty, err := tp.typ()
		if err != nil {
			return nil, err
		}
		if tp.skipWS(); tp.i != len(tp.s) {
			return nil, tp.errorf("unexpected trailing characters in type")
		}
		return ty, nil
	case tBare:
		if ty, ok := scalarType(t.val); ok {
			p.lex.Next()
			return ty, nil
		}
		if builtinTypeKeywords[t.val] {
			return nil, p.errorAt(t, "expected '<' in %s type", t.val)
		}
	case tBang, tBangBody:
		p.lex.Next()
		return p.dialectType(t)
	case tPunct:
		if t.val == "(" {
			return p.functionType()
		}
	}
	return nil, p.errorAt(t, "expected non-function type")
}

func (p *parser) dialectType(t *token) (ir.Type, error) {
	v := t.val[1:]
	body := ""
	if i := strings.IndexByte(v, '<'); i >= 0 {
		v, body = v[:i], v[i:]
	}
	dot := strings.IndexByte(v, '.')
	if dot < 0 {
		if body == "" {
			if ty, ok := p.typeAliases[v]; ok {
				return ty, nil
			}
			return nil, p.errorAt(t, "undefined symbol alias id '%s'", v)
		}
		return ir.Opaque(v, "", body), nil
	}
	if dot == len(v)-1 && body == "" { // `!d.` would print as the alias `!d`
		return nil, p.errorAt(t, "expected a type name after '%s'", t.val)
	}
	if def := p.reg.LookupTypeDef(v[:dot], v[dot+1:]); def != nil {
		return parseDialectBody(p, t, v, body, "!", def.Parse, ir.VerifyType, &p.dialectTypes)
	}
	return ir.Opaque(v[:dot], v[dot+1:], body), nil
}

// bodyParser returns a parser over the body of a dialect type or attribute
// token t, which starts skip bytes into the token (after the name). It
// shares the registry and aliases of p, and locates what it reads at the
// exact characters of the file.
func (p *parser) bodyParser(t *token, skip int, body string) *parser {
	line, col := t.line, t.col
	for _, c := range t.val[:skip] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	q := *p
	q.lex = bodyStreams.Get().(*tokenStream)
	*q.lex = tokenStream{lx: mlirLexer{src: body, file: p.file, line: line, col: col}, ring: q.lex.ring}
	return &q
}

// bodyStreams recycles the token streams of type and attribute bodies (a
// stream's token ring is large; a file may hold many distinct types).
var bodyStreams = sync.Pool{New: func() any { return newStream("", "", 0, 1, 1) }}

// release returns a body parser's stream to the pool; the parser must not
// be used afterwards.
func (q *parser) release() {
	bodyStreams.Put(q.lex)
	q.lex = nil
}

// endOfBody reports text a Parse hook left unread in its body.
func (q *parser) endOfBody(what string) error {
	n := q.lex.Peek()
	if q.lex.err != nil {
		return q.lex.err
	}
	if !n.EOF() {
		return q.errorAt(n, "unexpected '%s' after the parameters of %s", n.val, what)
	}
	return nil
}

func (p *parser) functionType() (ir.Type, error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	var ins []ir.Type
	for !p.ParseOptionalPunct(")") {
		if len(ins) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		ins = append(ins, t)
	}
	if err := p.ParsePunct("->"); err != nil {
		return nil, err
	}
	var outs []ir.Type
	if p.PeekPunct("(") {
		// Either a parenthesized result list or a function-typed result.
		cp := p.lex.checkpoint()
		p.lex.Next()
		ok := true
		for !p.ParseOptionalPunct(")") {
			if len(outs) > 0 && !p.ParseOptionalPunct(",") {
				ok = false
				break
			}
			t, err := p.ParseType()
			if err != nil {
				ok = false
				break
			}
			outs = append(outs, t)
		}
		if ok && p.PeekPunct("->") {
			ok = false // `(a) -> (b) -> c`: the result is a function type
		}
		if !ok {
			p.lex.restore(cp)
			outs = nil
			t, err := p.functionType()
			if err != nil {
				return nil, err
			}
			outs = []ir.Type{t}
		}
	} else {
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		outs = []ir.Type{t}
	}
	return ir.Function(ins, outs), nil
}

// ---------------------------------------------------------------- text

// textParser parses the body of a compound token from its text.
type textParser struct {
	p         *parser
	s         string
	i         int
	line, col int // position of s[0]
}

func (p *parser) text(t *token) *textParser {
	return &textParser{p: p, s: t.val, line: t.line, col: t.col}
}

func (tp *textParser) loc() ir.Location {
	line, col := tp.line, tp.col
	for _, c := range tp.s[:tp.i] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return ir.FileLineColLoc{File: tp.p.file, Line: line, Col: col}
}

func (tp *textParser) errorf(format string, args ...any) error {
	return ir.Errorf(tp.loc(), format, args...)
}

func (tp *textParser) skipWS() {
	for tp.i < len(tp.s) {
		switch tp.s[tp.i] {
		case ' ', '\t', '\n', '\r':
			tp.i++
		default:
			return
		}
	}
}

func (tp *textParser) peek() byte {
	tp.skipWS()
	if tp.i < len(tp.s) {
		return tp.s[tp.i]
	}
	return 0
}

func (tp *textParser) eat(c byte) bool {
	if tp.peek() == c {
		tp.i++
		return true
	}
	return false
}

func (tp *textParser) expect(c byte) error {
	if tp.eat(c) {
		return nil
	}
	return tp.errorf("expected '%c'", c)
}

func (tp *textParser) word() string {
	tp.skipWS()
	j := tp.i
	for j < len(tp.s) && isIdentChar(tp.s[j]) {
		j++
	}
	w := tp.s[tp.i:j]
	tp.i = j
	return w
}

// balancedEnd returns the index just past the bracket group at tp.i.
func (tp *textParser) balancedEnd() int {
	depth := 0
	for j := tp.i; j < len(tp.s); j++ {
		switch tp.s[j] {
		case '<', '(', '[', '{':
			depth++
		case '>':
			if j > 0 && tp.s[j-1] == '-' {
				continue
			}
			depth--
		case ')', ']', '}':
			depth--
		case '"':
			for j++; j < len(tp.s) && tp.s[j] != '"'; j++ {
				if tp.s[j] == '\\' {
					j++
				}
			}
		}
		if depth == 0 {
			return j + 1
		}
	}
	return len(tp.s)
}

// typ parses a type from text.
func (tp *textParser) typ() (ir.Type, error) {
	if tp.p.depth++; tp.p.depth > tp.p.maxDepth {
		tp.p.depth--
		return nil, tp.errorf("%s", tp.p.tooDeep())
	}
	defer func() { tp.p.depth-- }()
	c := tp.peek()
	if c == '!' {
		start := tp.i
		tp.i++
		for tp.i < len(tp.s) && isSuffixChar(tp.s[tp.i]) {
			tp.i++
		}
		if tp.i < len(tp.s) && tp.s[tp.i] == '<' {
			tp.i = tp.balancedEnd()
		}
		end := tp.i
		tp.i = start
		at := tp.loc().(ir.FileLineColLoc)
		tp.i = end
		tok := &token{typ: tBangBody, val: tp.s[start:end], line: at.Line, col: at.Col}
		return tp.p.dialectType(tok)
	}
	w := tp.word()
	if t, ok := scalarType(w); ok {
		return t, nil
	}
	switch w {
	case "tensor":
		return tp.tensorBody()
	case "":
		return nil, tp.errorf("expected type")
	}
	return nil, tp.errorf("unsupported type '%s'", w)
}

// tensorBody parses `<` dims `x` elem [, encoding] `>` after "tensor".
func (tp *textParser) tensorBody() (ir.Type, error) {
	if err := tp.expect('<'); err != nil {
		return nil, err
	}
	if tp.eat('*') {
		if !tp.eat('x') {
			return nil, tp.errorf("expected 'x' in unranked tensor type")
		}
		elem, err := tp.elemType()
		if err != nil {
			return nil, err
		}
		if err := tp.expect('>'); err != nil {
			return nil, err
		}
		return ir.UnrankedTensor(elem), nil
	}
	var shape []int64
	total := uint64(1)
	for {
		tp.skipWS()
		start := tp.i
		if tp.i < len(tp.s) && tp.s[tp.i] == '?' {
			tp.i++
			shape = append(shape, ir.Dynamic)
		} else if tp.i < len(tp.s) && tp.s[tp.i] == '-' {
			return nil, tp.errorf("invalid dimension")
		} else if tp.i < len(tp.s) && isDigit(tp.s[tp.i]) {
			j := tp.i
			for j < len(tp.s) && isDigit(tp.s[j]) {
				j++
			}
			d, err := strconv.ParseInt(tp.s[tp.i:j], 10, 64)
			if err != nil {
				return nil, tp.errorf("invalid dimension")
			}
			hi, lo := bits.Mul64(total, uint64(d))
			if hi != 0 || lo > math.MaxInt64 {
				return nil, tp.errorf("tensor type has too many elements (the element count does not fit in int64)")
			}
			total = lo
			tp.i = j
			shape = append(shape, d)
		} else {
			break
		}
		if tp.i < len(tp.s) && tp.s[tp.i] == 'x' {
			tp.i++
			continue
		}
		tp.i = start
		if len(shape) > 0 {
			shape = shape[:len(shape)-1]
		}
		return nil, tp.errorf("expected 'x' in dimension list")
	}
	elem, err := tp.elemType()
	if err != nil {
		return nil, err
	}
	var enc ir.Attribute
	if tp.eat(',') {
		tp.skipWS()
		start := tp.i
		for tp.i < len(tp.s) && isSuffixChar(tp.s[tp.i]) || tp.i < len(tp.s) && tp.s[tp.i] == '#' {
			tp.i++
		}
		if tp.i < len(tp.s) && tp.s[tp.i] == '<' {
			tp.i = tp.balancedEnd()
		}
		enc = ir.OpaqueAttr{Text: tp.s[start:tp.i]}
	}
	if !tp.eat('>') {
		return nil, tp.errorf("expected '>' in tensor type")
	}
	return ir.RankedTensorWithEncoding(shape, elem, enc), nil
}

func (tp *textParser) elemType() (ir.Type, error) {
	t, err := tp.typ()
	if err != nil {
		return nil, err
	}
	switch t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType, *ir.FunctionType:
		return nil, tp.errorf("invalid tensor element type")
	}
	return t, nil
}
