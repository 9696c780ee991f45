package dml

import (
	"fmt"

	"github.com/tcp-project/tcp/ir"
)

// DataType is DML_TENSOR_DATA_TYPE; the values are DirectML.h's.
type DataType uint8

// The data types (DML_TENSOR_DATA_TYPE_*).
const (
	Unknown DataType = 0
	Float32 DataType = 1
	Float16 DataType = 2
	UInt32  DataType = 3
	UInt16  DataType = 4
	UInt8   DataType = 5
	Int32   DataType = 6
	Int16   DataType = 7
	Int8    DataType = 8
	Float64 DataType = 9
	UInt64  DataType = 10
	Int64   DataType = 11
)

var dataTypeNames = map[DataType]string{
	Unknown: "UNKNOWN", Float32: "FLOAT32", Float16: "FLOAT16", UInt32: "UINT32", UInt16: "UINT16", UInt8: "UINT8",
	Int32: "INT32", Int16: "INT16", Int8: "INT8", Float64: "FLOAT64", UInt64: "UINT64", Int64: "INT64",
}

// String returns the short name, "FLOAT32".
func (t DataType) String() string {
	if n, ok := dataTypeNames[t]; ok {
		return n
	}
	return fmt.Sprintf("DataType(%d)", uint8(t))
}

// Enum returns the enumerator name, "DML_TENSOR_DATA_TYPE_FLOAT32".
func (t DataType) Enum() string { return "DML_TENSOR_DATA_TYPE_" + t.String() }

// Bits returns the element size in bits.
func (t DataType) Bits() int {
	switch t {
	case Float64, UInt64, Int64:
		return 64
	case Float32, UInt32, Int32:
		return 32
	case Float16, UInt16, Int16:
		return 16
	case UInt8, Int8:
		return 8
	}
	return 0
}

// Is64 reports whether t is a 64-bit type.
func (t DataType) Is64() bool { return t.Bits() == 64 }

// IsFloat reports whether t is FLOAT16, FLOAT32 or FLOAT64.
func (t DataType) IsFloat() bool { return t == Float16 || t == Float32 || t == Float64 }

// IsSigned reports whether t is a signed integer type (INT8 … INT64).
func (t DataType) IsSigned() bool { return t == Int8 || t == Int16 || t == Int32 || t == Int64 }

// DataTypeOf maps an MLIR element type to its DirectML data type:
// f16/f32/f64, iN and siN (signed), uiN, and i1 as UINT8 (DirectML has no
// boolean; an i1 element is one byte holding 0 or 1, so the data movement
// operators move it exactly), and bf16 as UINT16: DirectML has no
// bfloat16, but a gather, slice or join moves 16-bit elements bit for bit,
// so bf16 data moves as its bits; the operators that compute on their
// data refuse it (verifyOp). index has none.
func DataTypeOf(t ir.Type) (DataType, error) {
	switch t := t.(type) {
	case ir.FloatType:
		switch t.Kind {
		case ir.BF16:
			return UInt16, nil
		case ir.F16:
			return Float16, nil
		case ir.F32:
			return Float32, nil
		case ir.F64:
			return Float64, nil
		}
	case ir.IntegerType:
		u := t.Sign == ir.Unsigned
		switch t.Width {
		case 1:
			return UInt8, nil
		case 8:
			return pick(u, UInt8, Int8), nil
		case 16:
			return pick(u, UInt16, Int16), nil
		case 32:
			return pick(u, UInt32, Int32), nil
		case 64:
			return pick(u, UInt64, Int64), nil
		}
	}
	return Unknown, fmt.Errorf("element type %s has no DirectML data type", t)
}

func pick(c bool, a, b DataType) DataType {
	if c {
		return a
	}
	return b
}

// BufferTensorSize computes TotalTensorSizeInBytes as DMLCalcBufferTensorSize
// does: elementBits × (Π sizes) for packed tensors (strides nil), else
// elementBits × (1 + Σ (sizes[i]-1) × strides[i]); the bytes are rounded
// up to a multiple of 4.
func BufferTensorSize(t DataType, sizes, strides []int64) int64 {
	bits := uint64(t.Bits())
	if strides == nil {
		n := uint64(1)
		for _, s := range sizes {
			n *= uint64(s)
		}
		bits *= n
	} else {
		idx := uint64(0)
		for i, s := range sizes {
			idx += uint64(s-1) * uint64(strides[i])
		}
		bits *= idx + 1
	}
	bytes := (bits + 7) / 8
	return int64((bytes + 3) &^ 3)
}
