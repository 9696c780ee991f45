package onnxpb

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/tcp-project/tcp/internal/cli"
	"github.com/tcp-project/tcp/tensor"
)

var toDType = map[DataType]tensor.DType{
	Float: tensor.F32, Uint8: tensor.UI8, Int8: tensor.I8, Uint16: tensor.UI16, Int16: tensor.I16,
	Int32: tensor.I32, Int64: tensor.I64, Bool: tensor.I1, Float16: tensor.F16, Double: tensor.F64,
	Uint32: tensor.UI32, Uint64: tensor.UI64, BFloat16: tensor.BF16,
}

// DType returns the tcp element type of an ONNX data type, or an error for
// the types tcp has none for (STRING, COMPLEX64, COMPLEX128, UNDEFINED and
// unknown values).
func DType(t DataType) (tensor.DType, error) {
	if dt, ok := toDType[t]; ok {
		return dt, nil
	}
	return tensor.Invalid, fmt.Errorf("element type %v is not supported", t)
}

// DataTypeOf returns the ONNX data type of a tcp element type (index is
// stored as INT64).
func DataTypeOf(dt tensor.DType) (DataType, error) {
	if dt == tensor.Index {
		return Int64, nil
	}
	for k, v := range toDType {
		if v == dt {
			return k, nil
		}
	}
	return Undefined, fmt.Errorf("element type %v has no ONNX data type", dt)
}

// ToTensor returns the tensor's value. It checks that the dims are valid,
// that the data is stored in raw_data or in the typed list ONNX assigns to
// the data type (and nowhere else), that it holds exactly one value per
// element, and that typed-list values fit their data type.
func (t *Tensor) ToTensor() (*tensor.Tensor, error) {
	dt, err := DType(t.DataType)
	if err != nil {
		return nil, err
	}
	if t.DataLocation == 1 || len(t.ExternalData) > 0 {
		return nil, fmt.Errorf("data stored outside the file (external_data) is not supported")
	}
	for i, d := range t.Dims {
		if d < 0 {
			return nil, fmt.Errorf("dimension %d has negative size %d", i, d)
		}
	}
	n64, err := tensor.NumElementsOf(t.Dims)
	if err != nil || n64 > math.MaxInt32*8 {
		return nil, fmt.Errorf("dims %v have too many elements", t.Dims)
	}
	n := int(n64)
	home := "int32_data"
	switch t.DataType {
	case Float:
		home = "float_data"
	case Int64:
		home = "int64_data"
	case Double:
		home = "double_data"
	case Uint32, Uint64:
		home = "uint64_data"
	}
	lists := []struct {
		name string
		len  int
	}{{"float_data", len(t.FloatData)}, {"int32_data", len(t.Int32Data)}, {"int64_data", len(t.Int64Data)},
		{"double_data", len(t.DoubleData)}, {"uint64_data", len(t.Uint64Data)}, {"string_data", len(t.StringData)}}
	count := 0
	for _, l := range lists {
		if l.len == 0 {
			continue
		}
		if l.name != home || t.HasRawData {
			want := home + " or raw_data"
			if t.HasRawData {
				want = "raw_data only"
			}
			return nil, fmt.Errorf("%v tensor has data in %s, want %s", t.DataType, l.name, want)
		}
		count = l.len
	}
	size := dt.Size()
	if t.HasRawData {
		if len(t.RawData) != n*size {
			return nil, fmt.Errorf("raw_data holds %d bytes, want %d (%d elements of %v)", len(t.RawData), n*size, n, t.DataType)
		}
	} else if count != n {
		return nil, fmt.Errorf("%s holds %d values, want %d (dims %v)", home, count, n, t.Dims)
	}
	if err := t.checkRange(home); err != nil {
		return nil, err
	}
	out, err := tensor.New(dt, append([]int64{}, t.Dims...))
	if err != nil {
		return nil, err
	}
	if t.HasRawData {
		copy(out.Data, t.RawData)
		if dt == tensor.I1 {
			for i, b := range out.Data {
				if b != 0 {
					out.Data[i] = 1
				}
			}
		}
		return out, nil
	}
	for i := 0; i < n; i++ {
		switch home {
		case "float_data":
			binary.LittleEndian.PutUint32(out.Data[4*i:], math.Float32bits(t.FloatData[i]))
		case "double_data":
			binary.LittleEndian.PutUint64(out.Data[8*i:], math.Float64bits(t.DoubleData[i]))
		case "int64_data":
			binary.LittleEndian.PutUint64(out.Data[8*i:], uint64(t.Int64Data[i]))
		case "uint64_data":
			out.SetBits(i, t.Uint64Data[i])
		default: // int32_data: the value, or a 16-bit float's bit pattern
			v := t.Int32Data[i]
			if dt == tensor.I1 && v != 0 {
				v = 1
			}
			out.SetBits(i, uint64(uint32(v)))
		}
	}
	return out, nil
}

// int32Range is the range of int32_data values of each data type that
// stores its elements there (16-bit floats as their bit patterns; BOOL
// takes any value, nonzero being true, as onnxruntime reads it).
var int32Range = map[DataType][2]int64{
	Int8: {math.MinInt8, math.MaxInt8}, Uint8: {0, math.MaxUint8}, Int16: {math.MinInt16, math.MaxInt16},
	Uint16: {0, math.MaxUint16}, Float16: {0, math.MaxUint16}, BFloat16: {0, math.MaxUint16},
}

// checkRange refuses a typed-list value outside its data type's range
// (a UINT32 in uint64_data above 2^32-1, an INT8 in int32_data above
// 127, ...): protobuf stores them wider than the type, and truncating
// would silently change the value.
func (t *Tensor) checkRange(home string) error {
	switch home {
	case "int32_data":
		r, ok := int32Range[t.DataType]
		if !ok {
			return nil
		}
		for i, v := range t.Int32Data {
			if int64(v) < r[0] || int64(v) > r[1] {
				return fmt.Errorf("int32_data[%d] = %d is out of range for %v (%d to %d)", i, v, t.DataType, r[0], r[1])
			}
		}
	case "uint64_data":
		if t.DataType != Uint32 {
			return nil
		}
		for i, v := range t.Uint64Data {
			if v > math.MaxUint32 {
				return fmt.Errorf("uint64_data[%d] = %d is out of range for UINT32 (0 to %d)", i, v, uint64(math.MaxUint32))
			}
		}
	}
	return nil
}

// FromTensor returns a TensorProto named name holding v in raw_data, as
// ONNX's own numpy_helper writes them.
func FromTensor(name string, v *tensor.Tensor) (*Tensor, error) {
	dt, err := DataTypeOf(v.DType)
	if err != nil {
		return nil, err
	}
	if err := v.Validate(); err != nil {
		return nil, err
	}
	return &Tensor{Name: name, Dims: append([]int64{}, v.Shape...), DataType: dt,
		RawData: append([]byte{}, v.Data...), HasRawData: true}, nil
}

// ReadTensorFile reads a TensorProto .pb file and returns its value and
// name. Errors name the file.
//
// Only a regular file or a FIFO is read, and at most
// cli.DefaultMaxInputBytes of it: /dev/zero behind a .pb name is refused.
func ReadTensorFile(path string) (*tensor.Tensor, string, error) {
	in, err := cli.ReadInput(path, nil, 0)
	if err != nil {
		return nil, "", err
	}
	defer in.Release()
	pt, err := DecodeTensor(in.Data)
	if err != nil {
		return nil, "", fmt.Errorf("%s: malformed TensorProto: %v", path, err)
	}
	v, err := pt.ToTensor()
	if err != nil {
		return nil, "", fmt.Errorf("%s: tensor %q: %v", path, pt.Name, err)
	}
	return v, pt.Name, nil
}
