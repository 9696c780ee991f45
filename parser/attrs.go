package parser

import (
	"encoding/hex"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// CanStartAttribute reports whether the next token can begin an attribute.
func (p *parser) CanStartAttribute() bool {
	t := p.lex.Peek()
	switch t.typ {
	case tInt, tFloat, tString, tAt, tHash, tHashBody, tBuiltinAttr, tBuiltinType, tBang, tBangBody:
		return true
	case tPunct:
		return t.val == "[" || t.val == "{" || t.val == "-" || t.val == "("
	case tBare:
		if t.val == "true" || t.val == "false" || t.val == "unit" {
			return true
		}
		_, ok := scalarType(t.val)
		return ok
	}
	return false
}

// ParseAttribute parses an attribute; hint types untyped numeric literals and
// suppresses the `: type` suffix (a buildable type is never spelled).
func (p *parser) ParseAttribute(hint ir.Type) (ir.Attribute, error) {
	if err := p.nest(); err != nil {
		return nil, err
	}
	defer p.unnest()
	p.lastUntyped = false
	t := p.lex.Peek()
	switch t.typ {
	case tInt, tFloat:
		return p.numberAttr(false, hint)
	case tPunct:
		switch t.val {
		case "-":
			p.lex.Next()
			n := p.lex.Peek()
			if n.typ != tInt && n.typ != tFloat {
				return nil, p.errorAt(n, "expected integer or floating point literal")
			}
			return p.numberAttr(true, hint)
		case "[":
			p.lex.Next()
			var arr ir.ArrayAttr
			for !p.ParseOptionalPunct("]") {
				if len(arr) > 0 {
					if err := p.ParsePunct(","); err != nil {
						return nil, err
					}
				}
				a, err := p.ParseAttribute(nil)
				if err != nil {
					return nil, err
				}
				arr = append(arr, a)
			}
			p.lastUntyped = false
			return arr, nil
		case "{":
			attrs, _, err := p.ParseOptionalAttrDict()
			if err != nil {
				return nil, err
			}
			return ir.DictAttr(attrs), nil
		case "(":
			ty, err := p.ParseType()
			if err != nil {
				return nil, err
			}
			return ir.TypeAttr{Type: ty}, nil
		}
	case tString:
		p.lex.Next()
		s, err := unquote(t.val)
		if err != nil {
			return nil, p.errorAt(t, "%v", err)
		}
		return ir.StringAttr(s), nil
	case tBare:
		switch t.val {
		case "true", "false":
			p.lex.Next()
			if p.PeekPunct(":") && hint == nil {
				p.lex.Next()
				if err := p.ParseKeyword("i1"); err != nil {
					return nil, err
				}
			}
			return ir.BoolAttr(t.val == "true"), nil
		case "unit":
			p.lex.Next()
			return ir.UnitAttr{}, nil
		}
		if _, ok := scalarType(t.val); ok {
			ty, err := p.ParseType()
			return ir.TypeAttr{Type: ty}, err
		}
	case tBuiltinType, tBang, tBangBody:
		ty, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		return ir.TypeAttr{Type: ty}, nil
	case tAt:
		return p.symbolRef()
	case tHash:
		p.lex.Next()
		name := t.val[1:]
		if a, ok := p.attrAliases[name]; ok {
			return a, nil
		}
		if strings.Contains(name, ".") {
			return p.dialectAttr(t)
		}
		return nil, p.errorAt(t, "undefined symbol alias id '%s'", name)
	case tHashBody:
		p.lex.Next()
		return p.dialectAttr(t)
	case tBuiltinAttr:
		p.lex.Next()
		return p.builtinAttr(t)
	}
	return nil, p.errorAt(t, "expected attribute value")
}

// dialectAttr parses #dialect.name or #dialect.name<…> (the token t, already
// consumed) through its registered definition; unknown ones stay opaque.
func (p *parser) dialectAttr(t *token) (ir.Attribute, error) {
	v := t.val[1:]
	body := ""
	if i := strings.IndexByte(v, '<'); i >= 0 {
		v, body = v[:i], v[i:]
	}
	dot := strings.IndexByte(v, '.')
	if dot < 0 {
		return ir.OpaqueAttr{Text: t.val}, nil
	}
	def := p.reg.LookupAttrDef(v[:dot], v[dot+1:])
	if def == nil {
		return ir.OpaqueAttr{Text: t.val}, nil
	}
	return parseDialectBody(p, t, v, body, "#", def.Parse, ir.VerifyAttr, &p.dialectAttrs)
}

// parseDialectBody parses the body of the dialect type or attribute token t
// (sigil "!" or "#", name v, body text body) through its definition's
// parse hook and verifier. A spelling's meaning depends on its text only
// (and the registry), so each one is parsed once per file and cached.
func parseDialectBody[T any](p *parser, t *token, v, body, sigil string, parse func(ir.AsmParser) (T, error), verify func(T) error, cache *map[string]T) (T, error) {
	var zero T
	if x, ok := (*cache)[t.val]; ok {
		return x, nil
	}
	q := p.bodyParser(t, 1+len(v), body)
	x, err := parse(q)
	if err == nil {
		err = q.endOfBody(sigil + v)
	}
	q.release()
	if err != nil {
		return zero, err
	}
	if err := verify(x); err != nil {
		return zero, p.errorAt(t, "%v", err)
	}
	if *cache == nil {
		*cache = map[string]T{}
	}
	(*cache)[t.val] = x
	return x, nil
}

func (p *parser) numberAttr(neg bool, hint ir.Type) (ir.Attribute, error) {
	tv := *p.lex.Next()
	t := &tv // a copy: kept across unbounded parsing
	ty := hint
	if ty == nil && p.PeekPunct(":") {
		p.lex.Next()
		var err error
		if ty, err = p.ParseType(); err != nil {
			return nil, err
		}
	}
	if t.typ == tFloat {
		if ty == nil {
			ty = ir.F64T
		}
		ft, ok := ty.(ir.FloatType)
		if !ok {
			return nil, p.errorAt(t, "floating point value not valid for specified type")
		}
		v, err := strconv.ParseFloat(t.val, 64)
		if err != nil && !isRangeErr(err) {
			return nil, p.errorAt(t, "invalid floating point literal")
		}
		if neg {
			v = -v
		}
		return ir.Float(v, ft), nil
	}
	if ty == nil {
		ty = ir.I64
		p.lastUntyped = true
	}
	if ft, ok := ty.(ir.FloatType); ok {
		if !strings.HasPrefix(t.val, "0x") {
			return nil, p.errorAt(t, "unexpected decimal integer literal for a floating point value")
		}
		b, err := strconv.ParseUint(t.val[2:], 16, 64)
		if err != nil || ft.Width() < 64 && b>>uint(ft.Width()) != 0 {
			return nil, p.errorAt(t, "hexadecimal float constant out of range for type")
		}
		if neg {
			return nil, p.errorAt(t, "hexadecimal float literal should not have a leading minus")
		}
		return ir.FloatAttr{Type: ft, Value: ir.FloatFromBits(b, ft.Kind)}, nil
	}
	v, err := intLiteral(t.val, neg, ty)
	if err != nil {
		return nil, p.errorAt(t, "%v", err)
	}
	if !ir.IsIntOrIndex(ty) {
		return nil, p.errorAt(t, "integer literal not valid for specified type")
	}
	return ir.IntegerAttr{Type: ty, Value: v}, nil
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

type constErr string

func (e constErr) Error() string { return string(e) }

// maxLiteralDigits bounds the significant digits of an integer literal
// (no type is wider than 64 bits: 2^64 has 20 decimal and 17 hex digits).
// A longer literal is out of range without being converted, so parsing
// any literal takes time linear in its length (big.Int's decimal
// conversion is quadratic: a 4 MB literal took 50 s).
const (
	maxDecimalDigits = 20
	maxHexDigits     = 17
)

// bigIntLiteral converts a decimal or 0x-hex literal of the lexer (a
// decimal literal with leading zeros is decimal, as in MLIR, not octal).
func bigIntLiteral(s string) (*big.Int, error) {
	digits, base, max := s, 10, maxDecimalDigits
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		digits, base, max = s[2:], 16, maxHexDigits
	}
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if !('0' <= c && c <= '9' || base == 16 && ('a' <= c && c <= 'f' || 'A' <= c && c <= 'F')) {
			return nil, constErr("invalid integer literal")
		}
	}
	if digits == "" {
		return nil, constErr("invalid integer literal")
	}
	digits = strings.TrimLeft(digits, "0")
	if len(digits) > max {
		return nil, constErr("integer constant out of range for attribute")
	}
	if digits == "" {
		return new(big.Int), nil
	}
	n, ok := new(big.Int).SetString(digits, base)
	if !ok {
		return nil, constErr("invalid integer literal")
	}
	return n, nil
}

// intLiteral parses a decimal or hex literal for type ty and checks range.
func intLiteral(s string, neg bool, ty ir.Type) (int64, error) {
	// Fast path: a short decimal literal of a type at least 32 bits wide.
	if len(s) < 10 && s[0] != '0' || s == "0" {
		if it, ok := ty.(ir.IntegerType); ty == ir.Index || ok && it.Width >= 32 {
			v, err := strconv.ParseInt(s, 10, 64)
			if err == nil {
				if neg {
					v = -v
				}
				if !(ok && it.Sign == ir.Unsigned && v < 0) {
					return v, nil
				}
			}
		}
	}
	n, err := bigIntLiteral(s)
	if err != nil {
		return 0, err
	}
	if neg {
		n.Neg(n)
	}
	width, sign := 64, ir.Signless
	if it, ok := ty.(ir.IntegerType); ok {
		width, sign = it.Width, it.Sign
	}
	if width > 64 {
		width = 64
	}
	lo := new(big.Int).Lsh(big.NewInt(1), uint(width-1))
	lo.Neg(lo)
	hi := new(big.Int).Lsh(big.NewInt(1), uint(width))
	hi.Sub(hi, big.NewInt(1))
	switch sign {
	case ir.Unsigned:
		lo = big.NewInt(0)
	case ir.Signed:
		hi = new(big.Int).Lsh(big.NewInt(1), uint(width-1))
		hi.Sub(hi, big.NewInt(1))
	}
	if width == 1 && sign == ir.Signless {
		lo = big.NewInt(-1)
	}
	if n.Cmp(lo) < 0 || n.Cmp(hi) > 0 {
		return 0, constErr("integer constant out of range for attribute")
	}
	if n.Sign() >= 0 && n.BitLen() > 63 {
		return int64(n.Uint64()), nil
	}
	v := n.Int64()
	if sign == ir.Signless && width > 1 && width < 64 {
		// MLIR keeps an APInt of the type's width and prints signless
		// values as signed: `255 : i8` reads back as -1.
		shift := uint(64 - width)
		v = v << shift >> shift
	}
	return v, nil
}

// ParseOptionalAttrDict parses `{…}` if next.
func (p *parser) ParseOptionalAttrDict() ([]ir.NamedAttr, []string, error) {
	if !p.ParseOptionalPunct("{") {
		return nil, nil, nil
	}
	var attrs []ir.NamedAttr
	var untyped []string
	seen := map[string]bool{}
	for !p.ParseOptionalPunct("}") {
		if len(attrs) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return nil, nil, err
			}
		}
		t := p.lex.Peek()
		var name string
		switch t.typ {
		case tBare:
			name = t.val
		case tString:
			s, err := unquote(t.val)
			if err != nil {
				return nil, nil, p.errorAt(t, "%v", err)
			}
			name = s
		default:
			return nil, nil, p.errorAt(t, "expected attribute name")
		}
		if name == "" {
			return nil, nil, p.errorAt(t, "expected valid attribute name")
		}
		p.lex.Next()
		if seen[name] {
			return nil, nil, p.errorAt(t, "duplicate key '%s' in dictionary attribute", name)
		}
		seen[name] = true
		if !p.ParseOptionalPunct("=") {
			attrs = append(attrs, ir.NamedAttr{Name: name, Value: ir.UnitAttr{}})
			continue
		}
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return nil, nil, err
		}
		if p.lastUntyped {
			untyped = append(untyped, name)
		}
		attrs = append(attrs, ir.NamedAttr{Name: name, Value: a})
	}
	if attrs == nil {
		attrs = []ir.NamedAttr{}
	}
	return attrs, untyped, nil
}

func (p *parser) ParseOptionalSymbolName() (string, bool, error) {
	t := p.lex.Peek()
	if t.typ != tAt {
		return "", false, nil
	}
	p.lex.Next()
	s, err := symbolText(t.val)
	if err != nil {
		return "", false, p.errorAt(t, "%v", err)
	}
	return s, true, nil
}

func symbolText(v string) (string, error) {
	if strings.HasPrefix(v, "@\"") {
		return unquote(v[1:])
	}
	return v[1:], nil
}

func (p *parser) symbolRef() (ir.Attribute, error) {
	root, _, err := p.ParseOptionalSymbolName()
	if err != nil {
		return nil, err
	}
	ref := ir.SymbolRefAttr{Root: root}
	for {
		cp := p.lex.checkpoint()
		if !p.ParseOptionalPunct(":") || !p.ParseOptionalPunct(":") {
			p.lex.restore(cp)
			return ref, nil
		}
		n, ok, err := p.ParseOptionalSymbolName()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, p.Errorf("expected nested symbol reference identifier")
		}
		ref.Nested = append(ref.Nested, n)
	}
}

// builtinAttr parses dense<…> : T, array<…>, and keeps other builtin
// attributes (affine_map<…>, …) as opaque text.
func (p *parser) builtinAttr(t *token) (ir.Attribute, error) {
	v := t.val
	kw := v[:strings.IndexByte(v, '<')]
	switch kw {
	case "dense":
		if err := p.ParsePunct(":"); err != nil {
			return nil, err
		}
		typeTokv := *p.lex.Peek()
		typeTok := &typeTokv // a copy: kept across unbounded parsing
		ty, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		rt, ok := ty.(*ir.RankedTensorType)
		if !ok {
			return nil, p.errorAt(typeTok, "elements literal type must be a ranked tensor with static shape")
		}
		if !rt.HasStaticShape() {
			return nil, p.errorAt(typeTok, "elements literal type must have static shape")
		}
		tp := p.text(t)
		tp.i = len(kw) + 1
		return tp.denseBody(rt, p.locOf(typeTok))
	case "array":
		tp := p.text(t)
		tp.i = len(kw) + 1
		return tp.denseArray()
	case "dense_resource":
		if err := p.ParsePunct(":"); err != nil {
			return nil, err
		}
		typeTokv := *p.lex.Peek()
		typeTok := &typeTokv
		ty, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		rt, ok := ty.(*ir.RankedTensorType)
		if !ok || !rt.HasStaticShape() {
			return nil, p.errorAt(typeTok, "dense_resource type must be a ranked tensor with static shape")
		}
		return p.denseResource(t, strings.Trim(strings.TrimSuffix(v[len(kw)+1:], ">"), `"`), rt)
	}
	return ir.OpaqueAttr{Text: v}, nil
}

// denseLit is one scalar of a dense literal.
type denseLit struct {
	text  string
	neg   bool
	float bool
	bool_ bool
	at    int
}

// maxDenseExpansion bounds the storage of a dense literal's elements to
// this many times the bytes of its text (beyond maxDenseSmall): 64-bit
// elements take at most 4 times the text ("1, " is 3 bytes), but an
// integer type may be 16777215 bits wide, and each element of
// dense<[1, 2, ...]> : tensor<Nxi16777215> is stored whole (2 MiB): a
// 4 KB literal would allocate 2 GB.
const (
	maxDenseExpansion = 16
	maxDenseSmall     = 64 << 20
)

func (tp *textParser) denseBody(rt *ir.RankedTensorType, typeLoc ir.Location) (ir.Attribute, error) {
	bodyStart := tp.i
	n := rt.NumElements()
	elem := rt.Elem()
	es := ir.ElemByteSize(elem)
	if es == 0 {
		return nil, tp.errorf("unsupported element type %s in dense literal", elem)
	}
	if tp.peek() == '>' {
		if n != 0 {
			return nil, tp.errorf("parsed zero elements, but type (%s) expected at least 1", rt)
		}
		return &ir.DenseElementsAttr{Type: rt}, nil
	}
	if tp.peek() == '"' {
		start := tp.i
		end := tp.balancedEnd()
		str := tp.s[start+1 : end-1]
		tp.i = end
		if !strings.HasPrefix(str, "0x") {
			return nil, tp.errorf("expected hex string in dense elements literal")
		}
		raw, err := hex.DecodeString(str[2:])
		if err != nil {
			return nil, tp.errorf("invalid hex string in dense elements literal")
		}
		if err := tp.expect('>'); err != nil {
			return nil, err
		}
		if elem == ir.I1 && n > 1 && int64(len(raw)) == (n+7)/8 {
			// i1 elements are bit-packed, least significant bit first.
			return &ir.DenseElementsAttr{Type: rt, Raw: ir.UnpackBits(raw, int(n))}, nil
		}
		switch {
		case int64(len(raw)) == int64(es)*n:
			return &ir.DenseElementsAttr{Type: rt, Raw: raw, Splat: n == 1 && false}, nil
		case len(raw) == es:
			return &ir.DenseElementsAttr{Type: rt, Raw: raw, Splat: n != 1}, nil
		}
		return nil, tp.errorf("elements hex data size is invalid for provided type")
	}
	var lits []denseLit
	var shape []int64
	nested := tp.peek() == '['
	if nested {
		sh, err := tp.denseList(&lits, 0, &shape)
		if err != nil {
			return nil, err
		}
		shape = sh
		if !slices.Equal(shape, rt.Shape()) {
			return nil, ir.Errorf(typeLoc, "inferred shape of elements literal (%s) does not match type (%s)", shapeStr(shape), shapeStr(rt.Shape()))
		}
	} else {
		l, err := tp.denseScalar()
		if err != nil {
			return nil, err
		}
		lits = append(lits, l)
	}
	if err := tp.expect('>'); err != nil {
		return nil, err
	}
	if size, text := int64(es)*int64(len(lits)), int64(tp.i-bodyStart); size > maxDenseSmall && size > maxDenseExpansion*text {
		tp.i = bodyStart
		return nil, tp.errorf("dense literal of %d elements of %s needs %d bytes, more than %d times its %d bytes of text", len(lits), elem, size, maxDenseExpansion, text)
	}
	raw := make([]byte, es*len(lits))
	for i, l := range lits {
		bitsv, err := tp.litBits(l, elem)
		if err != nil {
			return nil, err
		}
		putLE(raw[i*es:], es, bitsv)
	}
	return &ir.DenseElementsAttr{Type: rt, Raw: raw, Splat: !nested && n != 1}, nil
}

func putLE(b []byte, n int, v uint64) {
	for i := 0; i < n; i++ {
		b[i] = byte(v >> (8 * i))
	}
}

func shapeStr(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = strconv.FormatInt(d, 10)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// denseList parses a nested list at depth and returns its shape.
func (tp *textParser) denseList(lits *[]denseLit, depth int, _ *[]int64) ([]int64, error) {
	if tp.p.depth+depth > tp.p.maxDepth {
		return nil, tp.errorf("%s", tp.p.tooDeep())
	}
	if err := tp.expect('['); err != nil {
		return nil, err
	}
	var inner []int64
	count := int64(0)
	first := true
	for !tp.eat(']') {
		if !first {
			if err := tp.expect(','); err != nil {
				return nil, err
			}
		}
		if tp.peek() == '[' {
			sh, err := tp.denseList(lits, depth+1, nil)
			if err != nil {
				return nil, err
			}
			if !first && !slices.Equal(sh, inner) {
				return nil, tp.errorf("tensor literal is invalid; ranks are not consistent between elements")
			}
			inner = sh
		} else {
			if !first && inner != nil {
				return nil, tp.errorf("tensor literal is invalid; ranks are not consistent between elements")
			}
			l, err := tp.denseScalar()
			if err != nil {
				return nil, err
			}
			*lits = append(*lits, l)
		}
		first = false
		count++
	}
	return append([]int64{count}, inner...), nil
}

func (tp *textParser) denseScalar() (denseLit, error) {
	tp.skipWS()
	l := denseLit{at: tp.i}
	if tp.eat('-') {
		l.neg = true
		tp.skipWS()
	}
	j := tp.i
	if strings.HasPrefix(tp.s[j:], "true") || strings.HasPrefix(tp.s[j:], "false") {
		w := tp.word()
		l.text, l.bool_ = w, true
		return l, nil
	}
	if strings.HasPrefix(tp.s[j:], "0x") {
		j += 2
		for j < len(tp.s) && isHex(tp.s[j]) {
			j++
		}
	} else {
		for j < len(tp.s) && (isDigit(tp.s[j]) || tp.s[j] == '.' || tp.s[j] == 'e' || tp.s[j] == 'E' ||
			(tp.s[j] == '+' || tp.s[j] == '-') && j > 0 && (tp.s[j-1] == 'e' || tp.s[j-1] == 'E')) {
			if tp.s[j] == '.' || tp.s[j] == 'e' || tp.s[j] == 'E' {
				l.float = true
			}
			j++
		}
	}
	if j == tp.i {
		return l, tp.errorf("expected element literal of primitive type")
	}
	l.text = tp.s[tp.i:j]
	tp.i = j
	return l, nil
}

// litBits converts a literal to the element's storage bits.
func (tp *textParser) litBits(l denseLit, elem ir.Type) (uint64, error) {
	save := tp.i
	tp.i = l.at
	defer func() { tp.i = save }()
	if l.bool_ {
		if elem != ir.I1 {
			return 0, tp.errorf("expected %s element, got '%s'", elem, l.text)
		}
		if l.text == "true" {
			return 1, nil
		}
		return 0, nil
	}
	if ft, ok := elem.(ir.FloatType); ok {
		if strings.HasPrefix(l.text, "0x") {
			b, err := strconv.ParseUint(l.text[2:], 16, 64)
			if err != nil {
				return 0, tp.errorf("hexadecimal float constant out of range for type")
			}
			return b, nil
		}
		v, err := strconv.ParseFloat(l.text, 64)
		if err != nil && !isRangeErr(err) {
			return 0, tp.errorf("invalid floating point literal")
		}
		if l.neg {
			v = -v
		}
		return ir.FloatBits(v, ft.Kind), nil
	}
	if l.float {
		return 0, tp.errorf("expected integer elements, but parsed floating-point")
	}
	if elem == ir.I1 {
		if l.text == "0" || l.text == "1" {
			return uint64(l.text[0] - '0'), nil
		}
		return 0, tp.errorf("integer constant out of range for attribute")
	}
	v, err := intLiteral(l.text, l.neg, elem)
	if err != nil {
		return 0, tp.errorf("%v", err)
	}
	return uint64(v), nil
}

func (tp *textParser) denseArray() (ir.Attribute, error) {
	elemStart := tp.i
	w := tp.word()
	et, ok := scalarType(w)
	if !ok || !(ir.IsInteger(et) || ir.IsFloat(et)) {
		tp.i = elemStart
		return nil, tp.errorf("expected integer or float type in dense array")
	}
	a := &ir.DenseArrayAttr{Elem: et}
	if tp.eat('>') {
		if ir.IsFloat(et) {
			a.Floats = []float64{}
		} else {
			a.Ints = []int64{}
		}
		return a, nil
	}
	if err := tp.expect(':'); err != nil {
		return nil, err
	}
	for first := true; !tp.eat('>'); first = false {
		if !first {
			if err := tp.expect(','); err != nil {
				return nil, err
			}
		}
		l, err := tp.denseScalar()
		if err != nil {
			return nil, err
		}
		if ft, ok := et.(ir.FloatType); ok {
			b, err := tp.litBits(l, ft)
			if err != nil {
				return nil, err
			}
			a.Floats = append(a.Floats, ir.FloatFromBits(b, ft.Kind))
		} else {
			if l.bool_ && et == ir.I1 {
				v := int64(0)
				if l.text == "true" {
					v = 1
				}
				a.Ints = append(a.Ints, v)
				continue
			}
			if l.float {
				return nil, tp.errorf("expected integer elements, but parsed floating-point")
			}
			save := tp.i
			tp.i = l.at
			v, err := intLiteral(l.text, l.neg, et)
			if err != nil {
				return nil, tp.errorf("%v", err)
			}
			tp.i = save
			a.Ints = append(a.Ints, v)
		}
	}
	return a, nil
}

// ---------------------------------------------------------------- locations

// ParseOptionalLocation parses a trailing loc(...) if next.
func (p *parser) ParseOptionalLocation() (ir.Location, bool, error) {
	t := p.lex.Peek()
	if t.typ != tLoc {
		return nil, false, nil
	}
	p.lex.Next()
	tp := p.text(t)
	tp.i = len("loc(")
	if tp.peek() == '#' {
		start := tp.i
		tp.i++
		for tp.i < len(tp.s) && isSuffixChar(tp.s[tp.i]) {
			tp.i++
		}
		name := tp.s[start+1 : tp.i]
		if err := tp.expect(')'); err != nil {
			return nil, false, err
		}
		if l, ok := p.locAliases[name]; ok {
			return l, true, nil
		}
		ph := &ir.NameLoc{Name: "#" + name}
		p.pendingLocs = append(p.pendingLocs, pendingLoc{name: name, at: p.locOf(t), placeholder: ph})
		return ph, true, nil
	}
	l, err := tp.location()
	if err != nil {
		return nil, false, err
	}
	if err := tp.expect(')'); err != nil {
		return nil, false, err
	}
	return l, true, nil
}

func (tp *textParser) location() (ir.Location, error) {
	if tp.p.depth++; tp.p.depth > tp.p.maxDepth {
		tp.p.depth--
		return nil, tp.errorf("%s", tp.p.tooDeep())
	}
	defer func() { tp.p.depth-- }()
	switch tp.peek() {
	case '#':
		start := tp.i
		tp.i++
		for tp.i < len(tp.s) && isSuffixChar(tp.s[tp.i]) {
			tp.i++
		}
		if l, ok := tp.p.locAliases[tp.s[start+1:tp.i]]; ok {
			return l, nil
		}
		return nil, tp.errorf("undefined location alias '%s'", tp.s[start:tp.i])
	case '"':
		start := tp.i
		end := tp.balancedEnd()
		name, err := unquote(tp.s[start:end])
		if err != nil {
			return nil, tp.errorf("%v", err)
		}
		tp.i = end
		if tp.eat(':') {
			line, err := tp.uint()
			if err != nil {
				return nil, err
			}
			if err := tp.expect(':'); err != nil {
				return nil, err
			}
			col, err := tp.uint()
			if err != nil {
				return nil, err
			}
			return ir.FileLineColLoc{File: name, Line: line, Col: col}, nil
		}
		nl := &ir.NameLoc{Name: name}
		if tp.eat('(') {
			c, err := tp.location()
			if err != nil {
				return nil, err
			}
			if err := tp.expect(')'); err != nil {
				return nil, err
			}
			nl.Child = c
		}
		return nl, nil
	}
	switch w := tp.word(); w {
	case "unknown":
		return ir.UnknownLoc{}, nil
	case "fused":
		fl := &ir.FusedLoc{}
		if tp.eat('<') {
			start := tp.i
			depth := 1
			for tp.i < len(tp.s) && depth > 0 {
				switch tp.s[tp.i] {
				case '<':
					depth++
				case '>':
					depth--
				}
				tp.i++
			}
			fl.Metadata = ir.OpaqueAttr{Text: strings.TrimSpace(tp.s[start : tp.i-1])}
		}
		if err := tp.expect('['); err != nil {
			return nil, err
		}
		for first := true; !tp.eat(']'); first = false {
			if !first {
				if err := tp.expect(','); err != nil {
					return nil, err
				}
			}
			c, err := tp.location()
			if err != nil {
				return nil, err
			}
			fl.Locs = append(fl.Locs, c)
		}
		return fl, nil
	case "callsite":
		if err := tp.expect('('); err != nil {
			return nil, err
		}
		callee, err := tp.location()
		if err != nil {
			return nil, err
		}
		if tp.word() != "at" {
			return nil, tp.errorf("expected 'at' in callsite location")
		}
		caller, err := tp.location()
		if err != nil {
			return nil, err
		}
		if err := tp.expect(')'); err != nil {
			return nil, err
		}
		return &ir.CallSiteLoc{Callee: callee, Caller: caller}, nil
	}
	return nil, tp.errorf("expected location instance")
}

func (tp *textParser) uint() (int, error) {
	tp.skipWS()
	j := tp.i
	for j < len(tp.s) && isDigit(tp.s[j]) {
		j++
	}
	v, err := strconv.Atoi(tp.s[tp.i:j])
	if err != nil || v > math.MaxInt32 {
		return 0, tp.errorf("expected integer in location")
	}
	tp.i = j
	return v, nil
}
