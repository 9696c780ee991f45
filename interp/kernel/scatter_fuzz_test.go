package kernel

import (
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

// naiveScatter is Scatter written update by update, the obvious way.
func naiveScatter(in, idx, upd *tensor.Tensor, dim int, spec ScatterSpec) (*tensor.Tensor, error) {
	comb, err := CombineFunc(in.DType, spec.Combine)
	if err != nil {
		return nil, err
	}
	out := in.Clone()
	writer := map[int64]int64{}
	for i := int64(0); i < idx.NumElements(); i++ {
		p := tensor.Unravel(i, idx.Shape)
		v := idx.Int64At(int(i))
		pos, ok := resolve(spec.Mode, v, in.Shape[dim])
		if !ok {
			return nil, &IndexError{Value: v, Dim: dim, Size: in.Shape[dim], Position: p, Mode: spec.Mode, Scatter: true}
		}
		if pos < 0 {
			continue
		}
		p[dim] = pos
		o := int64(0)
		for d, c := range p {
			o = o*in.Shape[d] + c
		}
		if spec.UniqueIndices {
			if w, dup := writer[o]; dup {
				return nil, &UniqueError{First: tensor.Unravel(w, idx.Shape), Second: tensor.Unravel(i, idx.Shape), Dest: tensor.Unravel(o, in.Shape)}
			}
			writer[o] = i
		}
		out.SetBits(int(o), comb(out.Bits(int(o)), upd.Bits(int(i))))
	}
	return out, nil
}

// FuzzScatter: Scatter never panics on any shapes, index values, modes,
// combiners and element types, and equals naiveScatter (values bit for
// bit, or the same error) whenever the shapes are valid.
func FuzzScatter(f *testing.F) {
	f.Add([]byte{2, 3, 4, 1, 2, 2, 0, 1, 5, 6, 7, 8, 9, 1, 2, 3})
	f.Add([]byte{1, 5, 0, 4, 3, 1, 1, 255, 254, 3, 3})
	f.Add([]byte{3, 2, 2, 2, 1, 2, 1, 2, 5, 4, 0, 0, 0, 0})
	dts := []tensor.DType{tensor.F32, tensor.I32, tensor.I8, tensor.UI8, tensor.I1, tensor.F64, tensor.BF16, tensor.F16, tensor.I64}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &byteSrc{b: data}
		r := 1 + int(s.next()%3)
		in := make([]int64, r)
		for d := range in {
			in[d] = int64(s.next() % 5)
		}
		dim := int(s.next()) % r
		ish := make([]int64, r)
		for d := range ish {
			ish[d] = int64(s.next() % 5)
			if d != dim && s.next()%4 != 0 {
				ish[d] = min(ish[d], in[d]) // mostly valid
			}
		}
		spec := ScatterSpec{Mode: ScatterModes[int(s.next())%len(ScatterModes)], Combine: AllCombines[int(s.next())%len(AllCombines)], UniqueIndices: s.next()%5 == 0}
		dt := dts[int(s.next())%len(dts)]
		it := tensor.I64
		if s.next()%2 == 0 {
			it = tensor.I32
		}
		x := s.tensor(dt, in, false)
		idx := s.tensor(it, ish, true)
		upd := s.tensor(dt, ish, false)
		got, err := Scatter(x, idx, upd, dim, spec)
		valid := x.Validate() == nil && idx.Validate() == nil && upd.Validate() == nil && CombineAllowed(spec.Combine, dt)
		for d := range ish {
			if d != dim && ish[d] > in[d] {
				valid = false
			}
		}
		if !valid {
			if err == nil {
				t.Fatalf("invalid arguments accepted: %v %v %v dim %d %v", x.Shape, idx.Shape, upd.Shape, dim, spec)
			}
			return
		}
		want, werr := naiveScatter(x, idx, upd, dim, spec)
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Fatalf("errors differ: %v vs naive %v", err, werr)
		}
		if err == nil && string(got.Data) != string(want.Data) {
			t.Fatalf("results differ:\n%s\n%s", tensor.Format(got), tensor.Format(want))
		}
	})
}

// naiveScatterND is ScatterND written element by element.
func naiveScatterND(in, idx, upd *tensor.Tensor, b int, spec ScatterSpec) (*tensor.Tensor, error) {
	comb, err := CombineFunc(in.DType, spec.Combine)
	if err != nil {
		return nil, err
	}
	q := idx.Rank()
	m := int(idx.Shape[q-1])
	grid := idx.Shape[:q-1]
	slice := in.Shape[b+m:]
	out := in.Clone()
	T := int64(1)
	for _, d := range grid {
		T *= d
	}
	S := int64(1)
	for _, d := range slice {
		S *= d
	}
	if T*S == 0 && (spec.Mode == Clip || spec.Mode == Wrap || spec.Mode == Drop || m == 0) {
		return out, nil
	}
	writer := map[int64]int64{}
	for t := int64(0); t < T; t++ {
		g := tensor.Unravel(t, grid)
		dest := append([]int64{}, g[:b]...)
		drop := false
		for k := 0; k < m; k++ {
			v := idx.Int64At(int(t)*m + k)
			pos, ok := resolve(spec.Mode, v, in.Shape[b+k])
			if !ok {
				return nil, &IndexError{Value: v, Dim: b + k, Size: in.Shape[b+k], Position: append(g, int64(k)), Mode: spec.Mode, Scatter: true}
			}
			if pos < 0 {
				drop = true
			}
			dest = append(dest, pos)
		}
		if drop || S == 0 {
			continue
		}
		for j := int64(0); j < S; j++ {
			c := append(append([]int64{}, dest...), tensor.Unravel(j, slice)...)
			o := int64(0)
			for d, x := range c {
				o = o*in.Shape[d] + x
			}
			if spec.UniqueIndices && j == 0 {
				if w, dup := writer[o]; dup {
					return nil, &UniqueError{First: tensor.Unravel(w, grid), Second: g, Dest: tensor.Unravel(o, in.Shape)}
				}
				writer[o] = t
			}
			out.SetBits(int(o), comb(out.Bits(int(o)), upd.Bits(int(t*S+j))))
		}
	}
	return out, nil
}

// FuzzScatterND: ScatterND never panics and equals naiveScatterND on
// valid shapes (batch dims, tuple lengths 0 to r-b, empty grids and
// slices, every mode and combiner).
func FuzzScatterND(f *testing.F) {
	f.Add([]byte{2, 3, 4, 0, 1, 2, 1, 5, 6, 7, 8, 9, 1, 2, 3})
	f.Add([]byte{3, 2, 3, 2, 1, 1, 2, 0, 0, 255, 254, 3, 3, 1, 1})
	dts := []tensor.DType{tensor.F32, tensor.I32, tensor.UI8, tensor.I1, tensor.F64}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &byteSrc{b: data}
		r := 1 + int(s.next()%3)
		in := make([]int64, r)
		for d := range in {
			in[d] = int64(s.next() % 4)
		}
		b := int(s.next()) % r
		m := int(s.next()) % (r - b + 1)
		g := int(s.next() % 3)
		ish := append([]int64{}, in[:b]...)
		for k := 0; k < g; k++ {
			ish = append(ish, int64(s.next()%4))
		}
		ish = append(ish, int64(m))
		ush := append(append([]int64{}, ish[:len(ish)-1]...), in[b+m:]...)
		spec := ScatterSpec{Mode: ScatterModes[int(s.next())%len(ScatterModes)], Combine: AllCombines[int(s.next())%len(AllCombines)], UniqueIndices: s.next()%5 == 0}
		dt := dts[int(s.next())%len(dts)]
		if !CombineAllowed(spec.Combine, dt) {
			spec.Combine = Replace
		}
		x := s.tensor(dt, in, false)
		idx := s.tensor(tensor.I64, ish, true)
		upd := s.tensor(dt, ush, false)
		got, err := ScatterND(x, idx, upd, b, spec)
		if x.Validate() != nil || idx.Validate() != nil || upd.Validate() != nil {
			if err == nil {
				t.Fatal("corrupt tensors accepted")
			}
			return
		}
		want, werr := naiveScatterND(x, idx, upd, b, spec)
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Fatalf("errors differ: %v vs naive %v (in %v idx %v b %d %v)", err, werr, in, ish, b, spec)
		}
		if err == nil && string(got.Data) != string(want.Data) {
			t.Fatalf("results differ:\n%s\n%s", tensor.Format(got), tensor.Format(want))
		}
	})
}
