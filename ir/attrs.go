package ir

import (
	"encoding/binary"
	"sort"
	"strconv"
	"strings"
)

// Attribute is a compile-time constant value attached to an operation.
// Attributes are immutable. AttrEqual compares them structurally.
type Attribute interface {
	isAttr()
	// String returns the textual form, as MLIR prints it.
	String() string
}

// TypedAttr is an attribute that carries a type (`1 : index`, `dense<…> : T`).
type TypedAttr interface {
	Attribute
	AttrType() Type
}

// IntegerAttr is `42 : i64`. Value holds the bits; unsigned types print as
// uint64 and i1 prints as true/false.
type IntegerAttr struct {
	Type  Type
	Value int64
}

// FloatAttr is `2.500000e+00 : f32`; Value is already rounded to Type.
type FloatAttr struct {
	Type  FloatType
	Value float64
}

// BoolAttr is `true` or `false` (an i1 integer in MLIR).
type BoolAttr bool

// StringAttr is `"text"`.
type StringAttr string

// UnitAttr is the unit attribute (present-or-absent flags).
type UnitAttr struct{}

// ArrayAttr is `[a, b, c]`.
type ArrayAttr []Attribute

// DictAttr is `{a = 1, b}`; entries are sorted by name.
type DictAttr []NamedAttr

// TypeAttr is a type used as an attribute.
type TypeAttr struct{ Type Type }

// SymbolRefAttr is `@root` or `@root::@nested`.
type SymbolRefAttr struct {
	Root   string
	Nested []string
}

// OpaqueAttr is an attribute kept as text: dialect attributes such as
// `#stablehlo.gather<…>` and builtin forms we do not model (affine_map<…>).
type OpaqueAttr struct{ Text string }

// DenseArrayAttr is `array<i64: 1, 2>`.
type DenseArrayAttr struct {
	Elem   Type
	Ints   []int64
	Floats []float64
}

// DenseElementsAttr is `dense<…> : tensor<…>`: raw little-endian element
// bytes (one byte per i1, index as 8 bytes), one element if splat.
type DenseElementsAttr struct {
	Type  *RankedTensorType
	Splat bool
	Raw   []byte
}

// NamedAttr is one entry of an attribute dictionary.
type NamedAttr struct {
	Name  string
	Value Attribute
}

func (IntegerAttr) isAttr()        {}
func (FloatAttr) isAttr()          {}
func (BoolAttr) isAttr()           {}
func (StringAttr) isAttr()         {}
func (UnitAttr) isAttr()           {}
func (ArrayAttr) isAttr()          {}
func (DictAttr) isAttr()           {}
func (TypeAttr) isAttr()           {}
func (SymbolRefAttr) isAttr()      {}
func (OpaqueAttr) isAttr()         {}
func (*DenseArrayAttr) isAttr()    {}
func (*DenseElementsAttr) isAttr() {}

func (a IntegerAttr) AttrType() Type        { return a.Type }
func (a FloatAttr) AttrType() Type          { return a.Type }
func (a BoolAttr) AttrType() Type           { return I1 }
func (a *DenseElementsAttr) AttrType() Type { return a.Type }

// Int returns the integer attribute `v : t`.
func Int(v int64, t Type) IntegerAttr { return IntegerAttr{Type: t, Value: v} }

// IndexAttr returns `v : index`.
func IndexAttr(v int64) IntegerAttr { return IntegerAttr{Type: Index, Value: v} }

// Float returns the float attribute `v : t`, rounded to t.
func Float(v float64, t FloatType) FloatAttr {
	return FloatAttr{Type: t, Value: RoundFloat(v, t.Kind)}
}

// Str returns a string attribute.
func Str(s string) StringAttr { return StringAttr(s) }

// I64Array returns [a, b, …] of i64 integers (MLIR's I64ArrayAttr).
func I64Array(vs ...int64) ArrayAttr {
	a := make(ArrayAttr, len(vs))
	for i, v := range vs {
		a[i] = Int(v, I64)
	}
	return a
}

// IntValue returns an integer attribute's value as int64 (zero-, sign- or
// bit-extended per its type).
func (a IntegerAttr) IntValue() int64 { return a.Value }

func (a IntegerAttr) String() string {
	if a.Type == I1 {
		return formatIntValue(a.Value, a.Type) // MLIR prints i1 as a bare true/false
	}
	return formatIntValue(a.Value, a.Type) + " : " + a.Type.String()
}

func formatIntValue(v int64, t Type) string {
	if it, ok := t.(IntegerType); ok {
		if it.Width == 1 {
			if v&1 != 0 {
				return "true"
			}
			return "false"
		}
		if it.Sign == Unsigned {
			return strconv.FormatUint(truncUnsigned(v, it.Width), 10)
		}
	}
	return strconv.FormatInt(v, 10)
}

func truncUnsigned(v int64, width int) uint64 {
	if width >= 64 {
		return uint64(v)
	}
	return uint64(v) & (1<<uint(width) - 1)
}

func (a FloatAttr) String() string {
	return FormatFloat(a.Value, a.Type.Kind) + " : " + a.Type.String()
}

func (a BoolAttr) String() string {
	if a {
		return "true"
	}
	return "false"
}

func (a StringAttr) String() string { return QuoteString(string(a)) }

func (UnitAttr) String() string { return "unit" }

func (a ArrayAttr) String() string {
	var b strings.Builder
	b.WriteByte('[')
	for i, e := range a {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(elideI64(e))
	}
	b.WriteByte(']')
	return b.String()
}

// elideI64 prints an array element: MLIR elides the `: i64` of integer
// elements (and the type of i1/f64 literals) inside arrays.
func elideI64(a Attribute) string {
	switch a := a.(type) {
	case IntegerAttr:
		if a.Type == I64 {
			return strconv.FormatInt(a.Value, 10)
		}
	case FloatAttr:
		if a.Type.Kind == F64 {
			return FormatFloat(a.Value, F64)
		}
	}
	return a.String()
}

func (d DictAttr) String() string {
	var b strings.Builder
	b.WriteByte('{')
	writeNamedAttrs(&b, d)
	b.WriteByte('}')
	return b.String()
}

// textWriter is what printing helpers write to: a strings.Builder or the
// printer's bufio.Writer (printing streams without intermediate strings).
type textWriter interface {
	WriteString(string) (int, error)
	WriteByte(byte) error
}

func writeNamedAttrs(b textWriter, attrs []NamedAttr) {
	for i, na := range attrs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(AttrName(na.Name))
		if _, unit := na.Value.(UnitAttr); unit {
			continue
		}
		b.WriteString(" = ")
		writeAttr(b, na.Value)
	}
}

// writeAttr writes a.String() to b, without building the text for the
// attributes that ops carry most (strings, integers, dense literals).
func writeAttr(b textWriter, a Attribute) {
	switch a := a.(type) {
	case StringAttr:
		writeQuoted(b, string(a))
	case IntegerAttr:
		b.WriteString(formatIntValue(a.Value, a.Type))
		if a.Type != I1 {
			b.WriteString(" : ")
			b.WriteString(a.Type.String())
		}
	case *DenseElementsAttr:
		b.WriteString("dense<")
		a.writeBody(b)
		b.WriteString("> : ")
		b.WriteString(a.Type.String())
	default:
		b.WriteString(a.String())
	}
}

// AttrName prints a dictionary key: bare if it is an identifier, else quoted.
func AttrName(s string) string {
	if isBareIdent(s) {
		return s
	}
	return QuoteString(s)
}

func isBareIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '$' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// QuoteString quotes s as MLIR does: printable ASCII stays, `\` becomes
// `\\`, and `"` and everything else becomes \XX (two uppercase hex digits).
func QuoteString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	writeQuoted(&b, s)
	return b.String()
}

// writeQuoted writes QuoteString(s) to b without building it.
func writeQuoted(b textWriter, s string) {
	if plain(s) {
		b.WriteByte('"')
		b.WriteString(s)
		b.WriteByte('"')
		return
	}
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c >= 0x20 && c < 0x7f && c != '"':
			b.WriteByte(c)
		default:
			const hex = "0123456789ABCDEF"
			b.WriteByte('\\')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	b.WriteByte('"')
}

// plain reports whether s quotes to itself between the quotes.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\\' || c < 0x20 || c >= 0x7f || c == '"' {
			return false
		}
	}
	return true
}

func (a TypeAttr) String() string { return a.Type.String() }

func (a SymbolRefAttr) String() string {
	var b strings.Builder
	b.WriteString(symbolName(a.Root))
	for _, n := range a.Nested {
		b.WriteString("::")
		b.WriteString(symbolName(n))
	}
	return b.String()
}

func symbolName(s string) string {
	if isBareIdent(s) || isSuffixID(s) {
		return "@" + s
	}
	return "@" + QuoteString(s)
}

func isSuffixID(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

func (a OpaqueAttr) String() string { return a.Text }

func (a *DenseArrayAttr) String() string {
	var b strings.Builder
	b.WriteString("array<")
	b.WriteString(a.Elem.String())
	n := a.Len()
	if n > 0 {
		b.WriteString(": ")
	}
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		if ft, ok := a.Elem.(FloatType); ok {
			b.WriteString(FormatFloat(a.Floats[i], ft.Kind))
		} else {
			b.WriteString(formatIntValue(a.Ints[i], a.Elem))
		}
	}
	b.WriteByte('>')
	return b.String()
}

// Len is the number of elements.
func (a *DenseArrayAttr) Len() int {
	if IsFloat(a.Elem) {
		return len(a.Floats)
	}
	return len(a.Ints)
}

// ElemByteSize is the storage size of one element of t in a dense attribute.
func ElemByteSize(t Type) int {
	switch t := t.(type) {
	case IntegerType:
		if t.Width <= 8 {
			return 1
		}
		return (t.Width + 7) / 8
	case FloatType:
		return t.Width() / 8
	case IndexType:
		return 8
	}
	return 0
}

// NewDenseInts builds a dense attribute of an integer or index tensor type
// from int64 values; one value gives a splat.
func NewDenseInts(t *RankedTensorType, vals []int64) *DenseElementsAttr {
	es := ElemByteSize(t.Elem())
	raw := make([]byte, es*len(vals))
	for i, v := range vals {
		putInt(raw[i*es:], es, v)
	}
	return &DenseElementsAttr{Type: t, Splat: len(vals) == 1 && t.NumElements() != 1, Raw: raw}
}

// NewDenseFloats builds a dense attribute of a float tensor type.
func NewDenseFloats(t *RankedTensorType, vals []float64) *DenseElementsAttr {
	ft := t.Elem().(FloatType)
	es := ElemByteSize(ft)
	raw := make([]byte, es*len(vals))
	for i, v := range vals {
		putInt(raw[i*es:], es, int64(FloatBits(v, ft.Kind)))
	}
	return &DenseElementsAttr{Type: t, Splat: len(vals) == 1 && t.NumElements() != 1, Raw: raw}
}

func putInt(b []byte, size int, v int64) {
	switch size {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	case 8:
		binary.LittleEndian.PutUint64(b, uint64(v))
	default:
		// Odd widths (i20: 3 bytes) and wide ones (i128: 16 bytes, the
		// bytes past the eighth are the sign).
		for k := 0; k < size; k++ {
			if k < 8 {
				b[k] = byte(v >> (8 * k))
			} else {
				b[k] = byte(v >> 63)
			}
		}
	}
}

func getInt(b []byte, size int, t Type) int64 {
	var u uint64
	switch size {
	case 1:
		u = uint64(b[0])
	case 2:
		u = uint64(binary.LittleEndian.Uint16(b))
	case 4:
		u = uint64(binary.LittleEndian.Uint32(b))
	case 8:
		return int64(binary.LittleEndian.Uint64(b))
	default:
		for k := 0; k < size && k < 8; k++ {
			u |= uint64(b[k]) << (8 * k)
		}
		if size >= 8 {
			return int64(u)
		}
	}
	if it, ok := t.(IntegerType); ok && (it.Sign == Unsigned || it.Width == 1) {
		return int64(u)
	}
	shift := 64 - 8*uint(size)
	return int64(u<<shift) >> shift
}

// NumStored is the number of stored elements (1 for a splat).
func (a *DenseElementsAttr) NumStored() int {
	es := ElemByteSize(a.Type.Elem())
	if es == 0 {
		return 0
	}
	return len(a.Raw) / es
}

// IntAt returns stored element i of an integer/index attribute (sign- or
// zero-extended by its type).
func (a *DenseElementsAttr) IntAt(i int) int64 {
	es := ElemByteSize(a.Type.Elem())
	if a.Splat {
		i = 0
	}
	return getInt(a.Raw[i*es:], es, a.Type.Elem())
}

// FloatAt returns stored element i of a float attribute.
func (a *DenseElementsAttr) FloatAt(i int) float64 {
	ft := a.Type.Elem().(FloatType)
	es := ElemByteSize(ft)
	if a.Splat {
		i = 0
	}
	return FloatFromBits(uint64(getInt(a.Raw[i*es:], es, IntegerType{Width: es * 8, Sign: Unsigned})), ft.Kind)
}

// Ints returns all elements (splat expanded) of an integer attribute.
func (a *DenseElementsAttr) Ints() []int64 {
	n := a.Type.NumElements()
	out := make([]int64, n)
	for i := range out {
		out[i] = a.IntAt(i)
	}
	return out
}

// denseHexThreshold: MLIR prints non-splat dense attributes with more than
// this many elements in hex form.
const denseHexThreshold = 100

func (a *DenseElementsAttr) String() string {
	var b strings.Builder
	writeAttr(&b, a)
	return b.String()
}

func (a *DenseElementsAttr) writeBody(b textWriter) {
	elem := a.Type.Elem()
	if a.Splat || a.allEqual() {
		// MLIR stores (and prints) a literal whose elements are all equal,
		// including any one-element literal, as a splat.
		a.writeElem(b, 0, elem)
		return
	}
	n := a.Type.NumElements()
	if n > denseHexThreshold {
		const hex = "0123456789ABCDEF"
		raw := a.Raw
		if elem == I1 {
			raw = PackBits(raw) // MLIR stores i1 elements 8 to a byte
		}
		b.WriteString(`"0x`)
		for _, c := range raw {
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
		b.WriteByte('"')
		return
	}
	shape := a.Type.Shape()
	if len(shape) == 0 {
		a.writeElem(b, 0, elem)
		return
	}
	if n == 0 {
		return
	}
	idx := 0
	var rec func(d int)
	rec = func(d int) {
		b.WriteByte('[')
		for i := int64(0); i < shape[d]; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if d == len(shape)-1 {
				a.writeElem(b, idx, elem)
				idx++
			} else {
				rec(d + 1)
			}
		}
		b.WriteByte(']')
	}
	rec(0)
}

// PackBits packs one-byte booleans into bits, least significant bit first,
// as MLIR stores (and prints in hex) i1 dense elements.
func PackBits(bools []byte) []byte {
	out := make([]byte, (len(bools)+7)/8)
	for i, v := range bools {
		if v != 0 {
			out[i/8] |= 1 << (i % 8)
		}
	}
	return out
}

// UnpackBits is the inverse of PackBits for n elements.
func UnpackBits(packed []byte, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = packed[i/8] >> (i % 8) & 1
	}
	return out
}

// IsSplat reports whether the literal has elements and all are bitwise
// equal (stored as a splat or not).
func (a *DenseElementsAttr) IsSplat() bool { return a.Splat || a.allEqual() }

// SplatInt returns the value of every element of an integer literal whose
// elements are all equal (as stored: i1 true is 1), and whether it is one.
func (a *DenseElementsAttr) SplatInt() (int64, bool) {
	if IsFloat(a.Type.Elem()) || !a.IsSplat() {
		return 0, false
	}
	return a.IntAt(0), true
}

// allEqual reports whether the stored literal has at least one element and
// all elements are bitwise equal.
func (a *DenseElementsAttr) allEqual() bool {
	es := ElemByteSize(a.Type.Elem())
	if es == 0 || len(a.Raw) < es {
		return false
	}
	first := a.Raw[:es]
	for i := es; i+es <= len(a.Raw); i += es {
		if string(a.Raw[i:i+es]) != string(first) {
			return false
		}
	}
	return true
}

func (a *DenseElementsAttr) writeElem(b textWriter, i int, elem Type) {
	if ft, ok := elem.(FloatType); ok {
		b.WriteString(FormatFloat(a.FloatAt(i), ft.Kind))
		return
	}
	b.WriteString(formatIntValue(a.IntAt(i), elem))
}

// AttrEqual reports whether two attributes are structurally equal.
func AttrEqual(a, b Attribute) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case IntegerAttr:
		y, ok := b.(IntegerAttr)
		return ok && x == y
	case FloatAttr:
		y, ok := b.(FloatAttr)
		return ok && x.Type == y.Type && FloatBits(x.Value, x.Type.Kind) == FloatBits(y.Value, y.Type.Kind)
	case BoolAttr, StringAttr, UnitAttr, TypeAttr, OpaqueAttr:
		return a == b
	}
	return a.String() == b.String()
}

// SortNamedAttrs sorts attributes by name (MLIR's DictionaryAttr order).
func SortNamedAttrs(attrs []NamedAttr) {
	sort.SliceStable(attrs, func(i, j int) bool { return attrs[i].Name < attrs[j].Name })
}

// Lookup returns the value of name in a dictionary.
func (d DictAttr) Lookup(name string) Attribute {
	for _, na := range d {
		if na.Name == name {
			return na.Value
		}
	}
	return nil
}
