package kernel

import (
	"fmt"
	"math"
)

// StridedSliceMasks are the bit masks of TensorFlow's StridedSlice (bit i
// refers to entry i of begin, end and strides).
type StridedSliceMasks struct {
	Begin, End, Ellipsis, NewAxis, ShrinkAxis int64
}

// TFStridedSlice resolves TensorFlow's StridedSlice on an input of the
// given shape, as TensorFlow does (strided_slice_op.cc): the entries of
// begin, end and strides are a sparse spec, in which an ellipsis entry
// stands for as many whole dims as the input has beyond the other
// entries (an ellipsis is implied after the last entry), a new-axis entry
// inserts a dim of size 1 into the result and reads no input dim, and a
// shrink entry reads one index (negative from the end, which must be in
// range: "slice index i of dimension d out of bounds") and removes the
// dim. Other entries are Python slices (begin/end masks: omitted bound).
// It returns the window over the input (first element read, count and
// stride per input dim), the window's sizes without the shrunk dims
// (kept), and the result shape (kept with the new axes inserted).
func TFStridedSlice(shape, begin, end, strides []int64, m StridedSliceMasks) (starts, sizes, steps, kept, out []int64, err error) {
	n := len(begin)
	if len(end) != n || len(strides) != n {
		return nil, nil, nil, nil, nil, fmt.Errorf("strided slice: begin, end and strides differ in size (%d, %d, %d)", n, len(end), len(strides))
	}
	if m.Ellipsis&(m.Ellipsis-1) != 0 {
		return nil, nil, nil, nil, nil, fmt.Errorf("strided slice: multiple ellipses in slice spec not allowed")
	}
	ell, dims := m.Ellipsis, n
	if ell == 0 {
		ell, dims = 1<<n, n+1 // the implied ellipsis after the last entry
	}
	addAfterEllipsis := 0
	seenEllipsis := false
	for i := 0; i < dims; i++ {
		if seenEllipsis && m.NewAxis&(1<<i) != 0 {
			addAfterEllipsis++
		}
		if ell&(1<<i) != 0 {
			seenEllipsis = true
		}
	}
	r := len(shape)
	const newAxis, shrinkAxis = -1, -2
	type denseDim struct {
		b, e, s        int64
		bm, em, shrink bool
	}
	dense := make([]denseDim, r)
	for d := range dense {
		dense[d] = denseDim{s: 1, bm: true, em: true}
	}
	var gather []int
	full := 0
	for i := 0; i < dims; i++ {
		bit := int64(1) << i
		switch {
		case ell&bit != 0:
			next := min(r-(dims-i)+1+addAfterEllipsis, r)
			for ; full < next; full++ {
				gather = append(gather, full)
			}
		case m.NewAxis&bit != 0:
			gather = append(gather, newAxis)
		default:
			if full >= r {
				return nil, nil, nil, nil, nil, fmt.Errorf("strided slice: index %d out of range using input dim %d; input has only %d dims", i, full, r)
			}
			dense[full] = denseDim{b: begin[i], e: end[i], s: strides[i], bm: m.Begin&bit != 0, em: m.End&bit != 0, shrink: m.ShrinkAxis&bit != 0}
			if dense[full].shrink {
				gather = append(gather, shrinkAxis)
			} else {
				gather = append(gather, full)
			}
			full++
		}
	}
	starts, sizes, steps = make([]int64, r), make([]int64, r), make([]int64, r)
	for d, dd := range dense {
		dim := shape[d]
		if dd.s == 0 {
			return nil, nil, nil, nil, nil, fmt.Errorf("strided slice: stride for dim %d is 0", d)
		}
		if dd.shrink {
			if dd.s < 0 {
				return nil, nil, nil, nil, nil, fmt.Errorf("strided slice: only stride 1 allowed on non-range indexing (dim %d)", d)
			}
			x := dd.b
			if x < 0 {
				x += dim
			}
			if x < 0 || x >= dim {
				return nil, nil, nil, nil, nil, fmt.Errorf("slice index %d of dimension %d out of bounds", dd.b, d)
			}
			starts[d], sizes[d], steps[d] = x, 1, 1
			continue
		}
		b, e := dd.b, dd.e
		if dd.bm {
			b = 0
			if dd.s < 0 {
				b = math.MaxInt64
			}
		}
		if dd.em {
			e = math.MaxInt64
			if dd.s < 0 {
				e = math.MinInt64
			}
		}
		st, sz, sp, err := ONNXSliceParams([]int64{dim}, []int64{b}, []int64{e}, nil, []int64{dd.s})
		if err != nil {
			return nil, nil, nil, nil, nil, err
		}
		starts[d], sizes[d], steps[d] = st[0], sz[0], sp[0]
	}
	out, kept = []int64{}, []int64{}
	for d, dd := range dense {
		if !dd.shrink {
			kept = append(kept, sizes[d])
		}
	}
	for _, g := range gather {
		switch g {
		case newAxis:
			out = append(out, 1)
		case shrinkAxis:
		default:
			out = append(out, sizes[g])
		}
	}
	return starts, sizes, steps, kept, out, nil
}
