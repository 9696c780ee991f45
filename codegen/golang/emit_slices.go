package golang

import (
	"fmt"

	"github.com/tcp-project/tcp/ir"
)

// tensor.extract_slice is a view like tcp.slice: result coordinate i of a
// kept source dim d reads source coordinate offset[d] + stride[d]*i, a
// dropped unit dim (rank reduction, decided on the static sizes as MLIR's
// computeRankReductionMask does: a source dim is kept when it matches
// the next result dim, else it must be 1) reads offset[d]. Offsets,
// sizes and strides are constants or index scalars (anything f.scalar
// computes); the window is checked at run time like tcp.slice's unless
// all of it is constant (then the verifier or this check at compile
// time did).

// slicePart is one source dim of an extract_slice.
type slicePart struct {
	off, size, stride poly
	keep              bool
}

// extractSliceParts reads the window of a tensor.extract_slice.
func (f *funcGen) extractSliceParts(op *ir.Operation) ([]slicePart, error) {
	gs, err := op.Def().OperandGroups(op)
	if err != nil || len(gs) != 4 {
		return nil, unsupported(op, "malformed operand groups")
	}
	rank := rankedOf(op.Operand(0)).Rank()
	lists := make([][]poly, 3)
	var staticSizes []int64
	for k, name := range []string{"static_offsets", "static_sizes", "static_strides"} {
		a, ok := op.Attr(name).(*ir.DenseArrayAttr)
		if !ok || len(a.Ints) != rank {
			return nil, unsupported(op, fmt.Sprintf("%s must have %d entries", name, rank))
		}
		if k == 1 {
			staticSizes = a.Ints
		}
		dyn := gs[k+1]
		for _, v := range a.Ints {
			if v != ir.Dynamic {
				lists[k] = append(lists[k], pconst(v))
				continue
			}
			if len(dyn) == 0 {
				return nil, unsupported(op, "fewer dynamic operands than entries marked dynamic")
			}
			p, err := f.scalar(dyn[0])
			if err != nil {
				return nil, err
			}
			dyn = dyn[1:]
			lists[k] = append(lists[k], p)
		}
	}
	want := rankedOf(op.Result(0)).Shape()
	parts := make([]slicePart, rank)
	j := 0
	for d := range parts {
		parts[d] = slicePart{off: lists[0][d], size: lists[1][d], stride: lists[2][d]}
		if len(want) == rank {
			parts[d].keep = true
			continue
		}
		s := staticSizes[d]
		if j < len(want) && s == want[j] {
			parts[d].keep = true
			j++
			continue
		}
		if s != 1 {
			return nil, unsupported(op, fmt.Sprintf("cannot reduce the slice sizes to the result type %s", op.Result(0).Type()))
		}
	}
	if len(want) != rank && j != len(want) {
		return nil, unsupported(op, fmt.Sprintf("cannot reduce the slice sizes to the result type %s", op.Result(0).Type()))
	}
	return parts, nil
}

// extractSliceDims: the kept sizes.
func (f *funcGen) extractSliceDims(op *ir.Operation) ([]poly, error) {
	parts, err := f.extractSliceParts(op)
	if err != nil {
		return nil, err
	}
	var ds []poly
	for _, p := range parts {
		if p.keep {
			ds = append(ds, p.size)
		}
	}
	return ds, nil
}

// readExtractSlice maps result coordinates to source coordinates.
func (f *funcGen) readExtractSlice(op *ir.Operation, coords []poly, checked bool) (ref, error) {
	parts, err := f.extractSliceParts(op)
	if err != nil {
		return ref{}, err
	}
	nc := make([]poly, len(parts))
	j := 0
	for d, p := range parts {
		if !p.keep {
			nc[d] = p.off
			continue
		}
		nc[d] = p.off.add(p.stride.mul(coords[j]))
		j++
	}
	return f.read(op.Operand(0), nc, checked)
}

// checkExtractSlice emits the run-time window checks (tcpCheckSlice).
func (f *funcGen) checkExtractSlice(op *ir.Operation) error {
	parts, err := f.extractSliceParts(op)
	if err != nil {
		return err
	}
	in, err := f.dims(op.Operand(0))
	if err != nil {
		return err
	}
	for d, p := range parts {
		o, c1 := p.off.constant()
		n, c2 := p.size.constant()
		t, c3 := p.stride.constant()
		s, c4 := in[d].constant()
		if c1 && c2 && c3 && c4 {
			if n < 0 || t == 0 || n > 0 && (o < 0 || o >= s || o+t*(n-1) < 0 || o+t*(n-1) >= s) {
				return unsupported(op, fmt.Sprintf("the window of dim %d (offset %d, size %d, stride %d) is outside the source size %d", d, o, n, t, s))
			}
			continue
		}
		f.g.used["slice"] = true
		f.stmt("if err := tcpCheckSlice(%d, %s, %s, %s, %s); err != nil {\nreturn err\n}", d, in[d], p.off, p.size, p.stride)
	}
	return nil
}
