package ir

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
)

// Type is an MLIR type. Types are uniqued: two types are equal exactly when
// they compare equal with ==. Value types (IntegerType, FloatType, IndexType,
// NoneType) are comparable structs; composite types are interned pointers.
type Type interface {
	isType()
	// String returns the textual form, as MLIR prints it (without alias).
	String() string
}

// Dynamic is the size of a dynamic (`?`) dimension.
const Dynamic int64 = math.MinInt64

// Signedness of an IntegerType.
type Signedness uint8

const (
	Signless Signedness = iota // i32
	Signed                     // si32
	Unsigned                   // ui32
)

// IntegerType is iN, siN or uiN.
type IntegerType struct {
	Width int
	Sign  Signedness
}

// FloatKind enumerates the builtin floating-point types.
type FloatKind uint8

const (
	F16 FloatKind = iota
	BF16
	F32
	F64
)

// FloatType is f16, bf16, f32 or f64.
type FloatType struct{ Kind FloatKind }

// IndexType is the builtin index type.
type IndexType struct{}

// NoneType is the builtin none type.
type NoneType struct{}

// Common builtin types.
var (
	I1    Type = IntegerType{Width: 1}
	I8    Type = IntegerType{Width: 8}
	I16   Type = IntegerType{Width: 16}
	I32   Type = IntegerType{Width: 32}
	I64   Type = IntegerType{Width: 64}
	Index Type = IndexType{}
	F16T  Type = FloatType{F16}
	BF16T Type = FloatType{BF16}
	F32T  Type = FloatType{F32}
	F64T  Type = FloatType{F64}
	None  Type = NoneType{}
)

func (IntegerType) isType() {}
func (FloatType) isType()   {}
func (IndexType) isType()   {}
func (NoneType) isType()    {}

func (t IntegerType) String() string {
	if t.Sign == Signless {
		switch t.Width { // the common widths without allocating
		case 1:
			return "i1"
		case 8:
			return "i8"
		case 16:
			return "i16"
		case 32:
			return "i32"
		case 64:
			return "i64"
		}
	}
	switch t.Sign {
	case Signed:
		return "si" + strconv.Itoa(t.Width)
	case Unsigned:
		return "ui" + strconv.Itoa(t.Width)
	}
	return "i" + strconv.Itoa(t.Width)
}

// IsSignless reports whether the type is a signless integer.
func (t IntegerType) IsSignless() bool { return t.Sign == Signless }

func (t FloatType) String() string {
	switch t.Kind {
	case F16:
		return "f16"
	case BF16:
		return "bf16"
	case F32:
		return "f32"
	}
	return "f64"
}

// Width is the bit width of the float type.
func (t FloatType) Width() int {
	switch t.Kind {
	case F16, BF16:
		return 16
	case F32:
		return 32
	}
	return 64
}

func (IndexType) String() string { return "index" }
func (NoneType) String() string  { return "none" }

// RankedTensorType is tensor<d0xd1x...xT>. Obtain one with RankedTensor.
type RankedTensorType struct {
	shape    []int64
	elem     Type
	encoding Attribute
	str      string
}

// UnrankedTensorType is tensor<*xT>.
type UnrankedTensorType struct {
	elem Type
	str  string
}

// FunctionType is (inputs) -> results.
type FunctionType struct {
	inputs, results []Type
	str             string
}

// OpaqueType is a dialect type kept as text, such as !torch.vtensor<[4,3],f32>.
// Dialect and Name split the leading identifier; Body is the rest verbatim
// (including the angle brackets), so the type prints back exactly.
type OpaqueType struct {
	Dialect, Name, Body string
	str                 string
}

func (*RankedTensorType) isType()   {}
func (*UnrankedTensorType) isType() {}
func (*FunctionType) isType()       {}
func (*OpaqueType) isType()         {}

func (t *RankedTensorType) String() string   { return t.str }
func (t *UnrankedTensorType) String() string { return t.str }
func (t *FunctionType) String() string       { return t.str }
func (t *OpaqueType) String() string         { return t.str }

// Shape returns the dims (Dynamic for `?`). The slice must not be modified.
func (t *RankedTensorType) Shape() []int64 { return t.shape }

// Rank is the number of dims.
func (t *RankedTensorType) Rank() int { return len(t.shape) }

// Dim returns dim i.
func (t *RankedTensorType) Dim(i int) int64 { return t.shape[i] }

// IsDynamicDim reports whether dim i is `?`.
func (t *RankedTensorType) IsDynamicDim(i int) bool { return t.shape[i] == Dynamic }

// HasStaticShape reports whether every dim is static.
func (t *RankedTensorType) HasStaticShape() bool {
	for _, d := range t.shape {
		if d == Dynamic {
			return false
		}
	}
	return true
}

// NumElements is the static element count, or -1 if a dim is dynamic.
func (t *RankedTensorType) NumElements() int64 {
	n := int64(1)
	for _, d := range t.shape {
		if d == Dynamic {
			return -1
		}
		n *= d
	}
	return n
}

// Elem is the element type.
func (t *RankedTensorType) Elem() Type { return t.elem }

// Encoding is the optional encoding attribute (nil if none).
func (t *RankedTensorType) Encoding() Attribute { return t.encoding }

// Elem is the element type.
func (t *UnrankedTensorType) Elem() Type { return t.elem }

// Inputs returns the input types; the slice must not be modified.
func (t *FunctionType) Inputs() []Type { return t.inputs }

// Results returns the result types; the slice must not be modified.
func (t *FunctionType) Results() []Type { return t.results }

// ElementType returns the element type of a tensor type, or the type itself.
func ElementType(t Type) Type {
	switch t := t.(type) {
	case *RankedTensorType:
		return t.elem
	case *UnrankedTensorType:
		return t.elem
	}
	return t
}

// uniquer interns composite types by their canonical spelling.
var uniquer = struct {
	sync.RWMutex
	m map[string]Type
}{m: map[string]Type{}}

func intern(key string, mk func() Type) Type {
	uniquer.RLock()
	t, ok := uniquer.m[key]
	uniquer.RUnlock()
	if ok {
		return t
	}
	uniquer.Lock()
	defer uniquer.Unlock()
	if t, ok := uniquer.m[key]; ok {
		return t
	}
	t = mk()
	uniquer.m[key] = t
	return t
}

// LookupType returns the interned type whose canonical spelling is exactly s,
// if one has been created. Parsers use it as a fast path.
func LookupType(s string) (Type, bool) {
	uniquer.RLock()
	t, ok := uniquer.m[s]
	uniquer.RUnlock()
	return t, ok
}

// RankedTensor returns the uniqued tensor type with the given shape and
// element type. It panics on a negative static dim (programmer error; the
// parser checks first).
func RankedTensor(shape []int64, elem Type) *RankedTensorType {
	return RankedTensorWithEncoding(shape, elem, nil)
}

// RankedTensorWithEncoding is RankedTensor with an encoding attribute.
func RankedTensorWithEncoding(shape []int64, elem Type, enc Attribute) *RankedTensorType {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		if d == Dynamic {
			b.WriteByte('?')
		} else {
			if d < 0 {
				panic(fmt.Sprintf("ir: negative tensor dim %d", d))
			}
			b.WriteString(strconv.FormatInt(d, 10))
		}
		b.WriteByte('x')
	}
	b.WriteString(elem.String())
	if enc != nil {
		b.WriteString(", ")
		b.WriteString(enc.String())
	}
	b.WriteByte('>')
	key := b.String()
	return intern(key, func() Type {
		return &RankedTensorType{shape: append([]int64(nil), shape...), elem: elem, encoding: enc, str: key}
	}).(*RankedTensorType)
}

// UnrankedTensor returns tensor<*xelem>.
func UnrankedTensor(elem Type) *UnrankedTensorType {
	key := "tensor<*x" + elem.String() + ">"
	return intern(key, func() Type { return &UnrankedTensorType{elem: elem, str: key} }).(*UnrankedTensorType)
}

// Function returns the uniqued function type.
func Function(inputs, results []Type) *FunctionType {
	// The key is built in a stack buffer; an existing type is found without
	// allocating (the parser asks for one per generic operation).
	var buf [256]byte
	k := append(buf[:0], '(')
	for i, t := range inputs {
		if i > 0 {
			k = append(k, ", "...)
		}
		k = append(k, t.String()...)
	}
	k = append(k, ") -> "...)
	if _, isFn := typeAt(results, 0).(*FunctionType); len(results) == 1 && !isFn {
		k = append(k, results[0].String()...)
	} else {
		k = append(k, '(')
		for i, t := range results {
			if i > 0 {
				k = append(k, ", "...)
			}
			k = append(k, t.String()...)
		}
		k = append(k, ')')
	}
	uniquer.RLock()
	t, ok := uniquer.m[string(k)]
	uniquer.RUnlock()
	if ok {
		return t.(*FunctionType)
	}
	key := string(k)
	return intern(key, func() Type {
		return &FunctionType{inputs: append([]Type(nil), inputs...), results: append([]Type(nil), results...), str: key}
	}).(*FunctionType)
}

// Opaque returns the uniqued dialect type !dialect.name<body>. body is kept
// verbatim; pass "" for a type without parameters.
func Opaque(dialect, name, body string) *OpaqueType {
	key := "!" + dialect + "." + name + body
	if name == "" {
		key = "!" + dialect + body
	}
	return intern(key, func() Type { return &OpaqueType{Dialect: dialect, Name: name, Body: body, str: key} }).(*OpaqueType)
}

func typeAt(ts []Type, i int) Type {
	if i < len(ts) {
		return ts[i]
	}
	return nil
}

func writeTypeList(b *strings.Builder, ts []Type) {
	for i, t := range ts {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.String())
	}
}

// writeResultTypes prints a function result list: a single non-function type
// bare, anything else parenthesized.
func writeResultTypes(b *strings.Builder, ts []Type) {
	if len(ts) == 1 {
		if _, isFn := ts[0].(*FunctionType); !isFn {
			b.WriteString(ts[0].String())
			return
		}
	}
	b.WriteByte('(')
	writeTypeList(b, ts)
	b.WriteByte(')')
}

// IsInteger reports whether t is an integer type (any signedness).
func IsInteger(t Type) bool { _, ok := t.(IntegerType); return ok }

// IsFloat reports whether t is a float type.
func IsFloat(t Type) bool { _, ok := t.(FloatType); return ok }

// IsIntOrIndex reports whether t is an integer or index type.
func IsIntOrIndex(t Type) bool { return IsInteger(t) || t == Index }
