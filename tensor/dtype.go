package tensor

import "fmt"

// DType is the element type of a tensor. The names follow MLIR's builtin
// types: signless integers (I8 … I64) are read as signed two's complement,
// UI* are unsigned, Index is MLIR's index type stored as a 64-bit signed
// integer, and I1 is a boolean stored as one byte holding 0 or 1.
type DType uint8

// The element types. The zero value is Invalid.
const (
	Invalid DType = iota
	I1            // i1 (bool), one byte, 0 or 1
	I8            // i8
	I16           // i16
	I32           // i32
	I64           // i64
	UI8           // ui8
	UI16          // ui16
	UI32          // ui32
	UI64          // ui64
	F16           // f16, IEEE binary16
	BF16          // bf16, bfloat16
	F32           // f32
	F64           // f64
	Index         // index, stored as int64
)

var dtypeInfo = [...]struct {
	name string
	size int
}{
	Invalid: {"invalid", 0},
	I1:      {"i1", 1},
	I8:      {"i8", 1},
	I16:     {"i16", 2},
	I32:     {"i32", 4},
	I64:     {"i64", 8},
	UI8:     {"ui8", 1},
	UI16:    {"ui16", 2},
	UI32:    {"ui32", 4},
	UI64:    {"ui64", 8},
	F16:     {"f16", 2},
	BF16:    {"bf16", 2},
	F32:     {"f32", 4},
	F64:     {"f64", 8},
	Index:   {"index", 8},
}

// DTypes lists every valid element type, in declaration order.
var DTypes = []DType{I1, I8, I16, I32, I64, UI8, UI16, UI32, UI64, F16, BF16, F32, F64, Index}

// Valid reports whether dt is one of the declared element types.
func (dt DType) Valid() bool { return dt > Invalid && int(dt) < len(dtypeInfo) }

// String returns the MLIR spelling of the type (i1, i32, ui8, f16, bf16, index, …).
func (dt DType) String() string {
	if !dt.Valid() {
		return fmt.Sprintf("DType(%d)", uint8(dt))
	}
	return dtypeInfo[dt].name
}

// Size returns the number of bytes one element occupies (0 for Invalid).
func (dt DType) Size() int {
	if !dt.Valid() {
		return 0
	}
	return dtypeInfo[dt].size
}

// IsFloat reports whether dt is a floating-point type (f16, bf16, f32, f64).
func (dt DType) IsFloat() bool { return dt == F16 || dt == BF16 || dt == F32 || dt == F64 }

// IsInt reports whether dt is an integer type: i1, signless, unsigned or index.
func (dt DType) IsInt() bool { return dt.Valid() && !dt.IsFloat() }

// IsUnsigned reports whether dt is an unsigned integer type (ui8 … ui64).
func (dt DType) IsUnsigned() bool { return dt >= UI8 && dt <= UI64 }

// Bits returns the bit width of the type: 1 for i1, 64 for index.
func (dt DType) Bits() int {
	if dt == I1 {
		return 1
	}
	return 8 * dt.Size()
}

// ParseDType parses an MLIR element type spelling such as "f32" or "ui8".
// The signed spellings "si8" … "si64" are accepted as the signless types.
func ParseDType(s string) (DType, error) {
	for _, dt := range DTypes {
		if dtypeInfo[dt].name == s {
			return dt, nil
		}
	}
	switch s {
	case "si8":
		return I8, nil
	case "si16":
		return I16, nil
	case "si32":
		return I32, nil
	case "si64":
		return I64, nil
	}
	return Invalid, fmt.Errorf("tensor: unknown element type %q", s)
}
