package kernel

import (
	"errors"
	"math"
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

// byteSrc hands out fuzz bytes, then zeros.
type byteSrc struct{ b []byte }

func (s *byteSrc) next() byte {
	if len(s.b) == 0 {
		return 0
	}
	c := s.b[0]
	s.b = s.b[1:]
	return c
}

// small returns a value in [-3, 6], or an int64/int32 extreme now and then.
func (s *byteSrc) small() int64 {
	switch c := s.next(); {
	case c == 255:
		return math.MinInt64
	case c == 254:
		return math.MaxInt64
	case c == 253:
		return math.MinInt32
	default:
		return int64(c%10) - 3
	}
}

func (s *byteSrc) shape() []int64 {
	r := int(s.next() % 5)
	sh := make([]int64, r)
	for i := range sh {
		sh[i] = int64(s.next() % 5)
	}
	return sh
}

func (s *byteSrc) tensor(dt tensor.DType, shape []int64, idx bool) *tensor.Tensor {
	t, err := tensor.New(dt, shape)
	if err != nil {
		return &tensor.Tensor{DType: dt, Shape: shape}
	}
	for i := 0; i < int(t.NumElements()); i++ {
		if idx {
			t.SetInt64(i, s.small())
		} else {
			t.SetInt64(i, int64(s.next()))
		}
	}
	if s.next() == 7 && len(t.Data) > 0 { // now and then, a corrupt tensor
		t.Data = t.Data[1:]
	}
	return t
}

// naiveGather is Gather written element by element, the obvious way.
func naiveGather(in, idx *tensor.Tensor, dim int, mode Mode, fill *tensor.Tensor) (*tensor.Tensor, error) {
	out := tensor.Must(tensor.New(in.DType, idx.Shape))
	fb, _ := fillBytes(in.DType, mode, fill)
	es := in.DType.Size()
	for i := 0; i < int(out.NumElements()); i++ {
		p := tensor.Unravel(int64(i), idx.Shape)
		v := idx.Int64At(i)
		pos, ok := resolve(mode, v, in.Shape[dim])
		if !ok {
			return nil, &IndexError{Value: v, Dim: dim, Size: in.Shape[dim], Position: p, Mode: mode}
		}
		if pos < 0 {
			copy(out.Data[i*es:], fb)
			continue
		}
		p[dim] = pos
		off := int64(0)
		for d, c := range p {
			off += c * in.Strides()[d]
		}
		copy(out.Data[i*es:(i+1)*es], in.Data[off*int64(es):])
	}
	return out, nil
}

// naiveSlice is Slice element by element (parameters already validated).
func naiveSlice(in *tensor.Tensor, starts, sizes, strides []int64) *tensor.Tensor {
	out := tensor.Must(tensor.New(in.DType, sizes))
	es := in.DType.Size()
	for i := 0; i < int(out.NumElements()); i++ {
		p := tensor.Unravel(int64(i), sizes)
		off := int64(0)
		for d := range p {
			off += (starts[d] + strides[d]*p[d]) * in.Strides()[d]
		}
		copy(out.Data[i*es:(i+1)*es], in.Data[off*int64(es):])
	}
	return out
}

// FuzzKernels feeds every kernel random shapes, attributes and index
// values (including corrupt tensors and extreme values). No input may
// panic, every result must be a valid tensor, and Gather and Slice must
// agree with naive element-by-element versions.
func FuzzKernels(f *testing.F) {
	f.Add([]byte{2, 3, 4, 2, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3})
	f.Add([]byte{1, 4, 0, 1, 3, 4, 4, 255, 254, 253})
	f.Add([]byte{3, 2, 0, 3, 5, 2, 2, 1, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &byteSrc{b: data}
		dt := tensor.DTypes[int(s.next())%len(tensor.DTypes)]
		idt := []tensor.DType{tensor.I32, tensor.I64, tensor.F32}[s.next()%3]
		mode := Mode(s.next() % 7) // 6 is invalid
		in := s.tensor(dt, s.shape(), false)
		var fill *tensor.Tensor
		if s.next()%4 == 0 {
			fill = s.tensor(dt, nil, false)
		}
		dim := int(int8(s.next())) % 5

		// Gather: indices no larger than the input outside dim, mostly.
		ish := append([]int64{}, in.Shape...)
		for d := range ish {
			if c := s.next(); c%3 == 0 {
				ish[d] = int64(c % 5)
			} else if ish[d] > 0 {
				ish[d] -= int64(c % 2)
			}
		}
		idx := s.tensor(idt, ish, true)
		got, err := Gather(in, idx, dim, mode, fill)
		if err == nil {
			if verr := got.Validate(); verr != nil {
				t.Fatalf("Gather returned an invalid tensor: %v", verr)
			}
			want, werr := naiveGather(in, idx, dim, mode, fill)
			if werr != nil || !tensor.Equal(want, got) {
				t.Fatalf("Gather = %s, naive = %v, %v", tensor.Format(got), want, werr)
			}
		} else {
			var ie *IndexError
			if errors.As(err, &ie) {
				_, werr := naiveGather(in, idx, dim, mode, fill)
				if werr == nil || werr.Error() != err.Error() {
					t.Fatalf("Gather error %v, naive %v", err, werr)
				}
			}
		}

		// GatherND with random indices shape and batch dims.
		nd := s.tensor(idt, s.shape(), true)
		if out, err := GatherND(in, nd, int(s.next()%4), mode, fill); err == nil {
			if verr := out.Validate(); verr != nil {
				t.Fatalf("GatherND returned an invalid tensor: %v", verr)
			}
		}

		// Take (the recipe) with random axis and batch dims.
		if out, err := Take(in, nd, int(s.next()%5), int(s.next()%3), mode, fill); err == nil {
			if verr := out.Validate(); verr != nil {
				t.Fatalf("Take returned an invalid tensor: %v", verr)
			}
		}

		// BroadcastTo.
		var axes []int
		var sizes []int64
		for k := int(s.next() % 3); k > 0; k-- {
			axes = append(axes, int(s.next()%5))
			sizes = append(sizes, s.small())
		}
		if out, err := BroadcastTo(in, axes, sizes); err == nil {
			if verr := out.Validate(); verr != nil {
				t.Fatalf("BroadcastTo returned an invalid tensor: %v", verr)
			}
		}

		// Slice, raw and through the ONNX conversion.
		r := len(in.Shape)
		starts, ssizes, strides := make([]int64, r), make([]int64, r), make([]int64, r)
		for d := 0; d < r; d++ {
			starts[d], ssizes[d], strides[d] = s.small(), s.small(), s.small()
		}
		if out, err := Slice(in, starts, ssizes, strides); err == nil {
			if verr := out.Validate(); verr != nil {
				t.Fatalf("Slice returned an invalid tensor: %v", verr)
			}
			if want := naiveSlice(in, starts, ssizes, strides); !tensor.Equal(want, out) {
				t.Fatalf("Slice = %s, naive %s", tensor.Format(out), tensor.Format(want))
			}
		}
		ends, steps := make([]int64, r), make([]int64, r)
		for d := 0; d < r; d++ {
			ends[d], steps[d] = s.small(), s.small()
		}
		if st, sz, k, err := ONNXSliceParams(in.Shape, starts, ends, nil, steps); err == nil && in.Validate() == nil {
			if _, err := Slice(in, st, sz, k); err != nil {
				t.Fatalf("ONNXSliceParams(%v, %v, %v, %v) = %v %v %v, invalid for Slice: %v", in.Shape, starts, ends, steps, st, sz, k, err)
			}
		}
	})
}
