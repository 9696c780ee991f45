package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// DType returns the runtime element type for an IR element type: iN, siN
// and uiN for N in {1, 8, 16, 32, 64} (si* are stored as the signless
// types, i1 of any signedness as I1), f16, bf16, f32, f64 and index.
func DType(t ir.Type) (tensor.DType, error) {
	switch t := t.(type) {
	case ir.IntegerType:
		if t.Width == 1 {
			return tensor.I1, nil
		}
		unsigned := t.Sign == ir.Unsigned
		switch t.Width {
		case 8:
			return pick(unsigned, tensor.UI8, tensor.I8), nil
		case 16:
			return pick(unsigned, tensor.UI16, tensor.I16), nil
		case 32:
			return pick(unsigned, tensor.UI32, tensor.I32), nil
		case 64:
			return pick(unsigned, tensor.UI64, tensor.I64), nil
		}
	case ir.FloatType:
		switch t.Kind {
		case ir.F16:
			return tensor.F16, nil
		case ir.BF16:
			return tensor.BF16, nil
		case ir.F32:
			return tensor.F32, nil
		case ir.F64:
			return tensor.F64, nil
		}
	case ir.IndexType:
		return tensor.Index, nil
	}
	return tensor.Invalid, fmt.Errorf("element type %s is not supported by the interpreter", t)
}

func pick(c bool, a, b tensor.DType) tensor.DType {
	if c {
		return a
	}
	return b
}

// IsScalarType reports whether t is a scalar type with a runtime
// representation (an integer, float or index type), held as a 0-d tensor.
func IsScalarType(t ir.Type) bool {
	switch t.(type) {
	case ir.IntegerType, ir.FloatType, ir.IndexType:
		return true
	}
	return false
}

// CheckValue reports whether v is a valid runtime value of IR type t: for a
// ranked tensor type, the same element type, rank and static dims (a
// dynamic dim accepts any size); for an unranked one, the element type; for
// a scalar type, a 0-d tensor of that element type.
func CheckValue(v *tensor.Tensor, t ir.Type) error { return checkValue(v, t) }

// runtimeTypes map dialect types to the IR type whose runtime value
// represents them (a !torch.vtensor is its builtin tensor, !torch.int an
// i64 scalar); dialect files add theirs from init. A nil type means any
// valid tensor (a value the dialect checks itself).
var runtimeTypes []func(ir.Type) (ir.Type, bool)

// RuntimeType returns the IR type whose runtime representation values of
// type t have: t itself unless a dialect maps it (nil: any tensor).
func RuntimeType(t ir.Type) ir.Type {
	for _, f := range runtimeTypes {
		if r, ok := f(t); ok {
			return r
		}
	}
	return t
}

func checkValue(v *tensor.Tensor, t ir.Type) error {
	if v == nil {
		return fmt.Errorf("no value for type %s", t)
	}
	rt := RuntimeType(t)
	if rt == ir.None || v == noneValue {
		if rt == ir.None && v == noneValue {
			return nil
		}
		return fmt.Errorf("got %s, want %s", describeNone(v, t), t)
	}
	if t = rt; t == nil {
		return v.Validate()
	}
	if err := v.Validate(); err != nil {
		return err
	}
	var elem ir.Type
	var shape []int64
	ranked := true
	switch tt := t.(type) {
	case *ir.RankedTensorType:
		elem, shape = tt.Elem(), tt.Shape()
	case *ir.UnrankedTensorType:
		elem, ranked = tt.Elem(), false
	default:
		if !IsScalarType(t) {
			return fmt.Errorf("type %s has no runtime representation in the interpreter", t)
		}
		elem = t
	}
	dt, err := DType(elem)
	if err != nil {
		return err
	}
	got := describe(v, t)
	if v.DType != dt {
		return fmt.Errorf("got %s, want %s (element type %s, want %s)", got, t, v.DType, dt)
	}
	if !ranked {
		return nil
	}
	if len(v.Shape) != len(shape) {
		return fmt.Errorf("got %s, want %s (rank %d, want %d)", got, t, len(v.Shape), len(shape))
	}
	for d, want := range shape {
		if want != ir.Dynamic && v.Shape[d] != want {
			return fmt.Errorf("got %s, want %s (dim %d has size %d, want %d)", got, t, d, v.Shape[d], want)
		}
	}
	return nil
}

// describe prints the runtime type of v: a tensor type, or the bare
// element type of a 0-d value checked against a scalar type.
func describe(v *tensor.Tensor, t ir.Type) string {
	if IsScalarType(t) && len(v.Shape) == 0 {
		return v.DType.String()
	}
	return v.Type()
}

// FromAttr converts a constant attribute to a runtime value: a dense
// elements attribute (splats expanded, i1 stored as 0 or 1, hex data as
// stored) to a tensor, and an integer, float or bool attribute to a 0-d
// tensor of its type.
func FromAttr(a ir.Attribute) (*tensor.Tensor, error) {
	switch a := a.(type) {
	case *ir.DenseElementsAttr:
		return fromDense(a)
	case ir.IntegerAttr:
		dt, err := DType(a.Type)
		if err != nil {
			return nil, err
		}
		t, _ := tensor.New(dt, nil)
		setInt(t, 0, a.Value)
		return t, nil
	case ir.BoolAttr:
		t, _ := tensor.New(tensor.I1, nil)
		if a {
			t.Data[0] = 1
		}
		return t, nil
	case ir.FloatAttr:
		dt, err := DType(a.Type)
		if err != nil {
			return nil, err
		}
		t, _ := tensor.New(dt, nil)
		t.SetBits(0, ir.FloatBits(a.Value, a.Type.Kind))
		return t, nil
	case nil:
		return nil, fmt.Errorf("missing constant attribute")
	}
	return nil, fmt.Errorf("attribute %s is not a constant the interpreter can use", a)
}

func fromDense(a *ir.DenseElementsAttr) (*tensor.Tensor, error) {
	if a.Type == nil {
		return nil, fmt.Errorf("dense attribute without a type")
	}
	dt, err := DType(a.Type.Elem())
	if err != nil {
		return nil, err
	}
	if !a.Type.HasStaticShape() {
		return nil, fmt.Errorf("dense attribute of dynamic type %s", a.Type)
	}
	t, err := tensor.New(dt, a.Type.Shape())
	if err != nil {
		return nil, err
	}
	n := int(t.NumElements())
	es := dt.Size()
	switch {
	case n == 0:
	case a.Splat || (len(a.Raw) == es && n != 1):
		if len(a.Raw) < es {
			return nil, fmt.Errorf("dense attribute holds %d bytes, want %d", len(a.Raw), es)
		}
		for i := 0; i < n; i++ {
			copy(t.Data[i*es:(i+1)*es], a.Raw[:es])
		}
	case len(a.Raw) == n*es:
		copy(t.Data, a.Raw)
	case dt == tensor.I1 && len(a.Raw) == (n+7)/8:
		// MLIR's packed i1 storage: eight elements per byte, LSB first.
		for i := 0; i < n; i++ {
			t.Data[i] = a.Raw[i/8] >> (i % 8) & 1
		}
		return t, nil
	default:
		return nil, fmt.Errorf("dense attribute holds %d bytes, want %d for %s", len(a.Raw), n*es, a.Type)
	}
	if dt == tensor.I1 {
		for i, b := range t.Data {
			if b != 0 {
				t.Data[i] = 1
			}
		}
	}
	return t, nil
}

// setInt stores the low bits of v as element i (i1: v&1).
func setInt(t *tensor.Tensor, i int, v int64) {
	if t.DType == tensor.I1 {
		t.Data[i] = byte(v & 1)
		return
	}
	t.SetBits(i, uint64(v))
}

// sext sign-extends the low w bits of v.
func sext(v uint64, w int) int64 {
	if w >= 64 {
		return int64(v)
	}
	s := uint(64 - w)
	return int64(v<<s) >> s
}

// zext keeps the low w bits of v.
func zext(v uint64, w int) uint64 {
	if w >= 64 {
		return v
	}
	return v & (1<<uint(w) - 1)
}

// scalarInt reads a 0-d integer or index value as a signed int64.
func scalarInt(t *tensor.Tensor) (int64, error) {
	if t == nil || len(t.Shape) != 0 || !t.DType.IsInt() || t.NumElements() != 1 {
		return 0, fmt.Errorf("expected an integer or index scalar")
	}
	return sext(t.Bits(0), t.DType.Bits()), nil
}

// scalarInts reads 0-d index operands.
func scalarInts(ts []*tensor.Tensor) ([]int64, error) {
	out := make([]int64, len(ts))
	for i, t := range ts {
		v, err := scalarInt(t)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// indexScalar returns a 0-d index tensor holding v.
func indexScalar(v int64) *tensor.Tensor {
	t, _ := tensor.New(tensor.Index, nil)
	t.SetBits(0, uint64(v))
	return t
}

// resultType returns the ranked tensor type of op's result i.
func resultTensorType(op *ir.Operation, i int) (*ir.RankedTensorType, error) {
	if i >= op.NumResults() {
		return nil, fmt.Errorf("has no result #%d", i)
	}
	rt, ok := op.Result(i).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("result #%d has type %s, want a ranked tensor", i, op.Result(i).Type())
	}
	return rt, nil
}

// resultDType returns the runtime element type of op's result i.
func resultDType(op *ir.Operation, i int) (tensor.DType, error) {
	if i >= op.NumResults() {
		return tensor.Invalid, fmt.Errorf("has no result #%d", i)
	}
	t := op.Result(i).Type()
	if rt, ok := RuntimeType(t).(*ir.RankedTensorType); ok {
		t = rt // a frontend's tensor type (!torch.vtensor)
	}
	return DType(ir.ElementType(t))
}

// i64Array reads an array attribute of integers (ArrayAttr or
// DenseArrayAttr).
func i64Array(a ir.Attribute) ([]int64, bool) {
	switch a := a.(type) {
	case ir.ArrayAttr:
		out := make([]int64, len(a))
		for i, e := range a {
			ie, ok := e.(ir.IntegerAttr)
			if !ok {
				return nil, false
			}
			out[i] = ie.Value
		}
		return out, true
	case *ir.DenseArrayAttr:
		if a.Floats != nil {
			return nil, false
		}
		return append([]int64{}, a.Ints...), true
	}
	return nil, false
}

// intAttr reads an integer attribute.
func intAttr(op *ir.Operation, name string) (int64, bool) {
	switch a := op.Attr(name).(type) {
	case ir.IntegerAttr:
		return a.Value, true
	case ir.BoolAttr:
		if a {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// checkedInt converts an int64 to int for use as a dim or axis.
func checkedInt(v int64) (int, bool) {
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, false
	}
	return int(v), true
}

// noneValue is the runtime value of type none (onnx.NoValue, the absent
// optional operand): one shared sentinel, never read as a tensor.
var noneValue = tensor.Must(tensor.New(tensor.I1, []int64{0}))

func describeNone(v *tensor.Tensor, t ir.Type) string {
	if v == noneValue {
		return "none"
	}
	return describe(v, t)
}
