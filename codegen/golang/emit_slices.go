package golang

import (
	"fmt"
	"strings"

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
	return f.sliceParts(op, 1, rankedOf(op.Operand(0)).Rank(), op.Result(0))
}

// sliceParts reads the window of an extract_slice or insert_slice: its
// offsets, sizes and strides operand groups start at group first, the
// window has rank entries, and reduced is the (possibly rank-reduced)
// value of the window's shape (extract_slice's result, insert_slice's
// source).
func (f *funcGen) sliceParts(op *ir.Operation, first, rank int, reduced ir.Value) ([]slicePart, error) {
	gs, err := op.Def().OperandGroups(op)
	if err != nil || len(gs) != first+3 {
		return nil, unsupported(op, "malformed operand groups")
	}
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
		dyn := gs[k+first]
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
	want := rankedOf(reduced).Shape()
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
			return nil, unsupported(op, fmt.Sprintf("cannot reduce the slice sizes to the type %s", reduced.Type()))
		}
	}
	if len(want) != rank && j != len(want) {
		return nil, unsupported(op, fmt.Sprintf("cannot reduce the slice sizes to the type %s", reduced.Type()))
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
	return f.checkWindow(op, parts, in)
}

// checkWindow checks a slice window against the dims in of the tensor it
// lies in: at compile time when all of it is constant, else at run time.
func (f *funcGen) checkWindow(op *ir.Operation, parts []slicePart, in []poly) error {
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

// tensor.insert_slice is a piecewise view, like tensor.concat: result
// coordinate c lies in the window when, in every dim d, c[d] - offset[d]
// is a multiple k of stride[d] with 0 <= k < size[d]; the element is then
// source's at the kept dims' k (a dropped unit dim has k = 0), else
// dest's at c. read computes both and selects the buffer and the offset
// with tcpSel, so nothing is materialized. source is read at k clamped to
// 0 outside the window, so that every offset it computes (and every index
// it loads, for a gather below it) is one of its own elements, which the
// interpreter computes too; dest is read at c, always one of its
// elements. A fill guard of either side holds on its side only. Reads
// that convert the element are a located error (the two sides' elements
// would need different conversions).

// insertSliceParts reads the window of a tensor.insert_slice.
func (f *funcGen) insertSliceParts(op *ir.Operation) ([]slicePart, error) {
	return f.sliceParts(op, 2, rankedOf(op.Operand(1)).Rank(), op.Operand(0))
}

// checkInsertSlice emits the window checks against dest (as
// extract_slice's) and checks that source has the window's kept sizes,
// as the interpreter does.
func (f *funcGen) checkInsertSlice(op *ir.Operation) error {
	parts, err := f.insertSliceParts(op)
	if err != nil {
		return err
	}
	dest, err := f.dims(op.Operand(1))
	if err != nil {
		return err
	}
	src, err := f.dims(op.Operand(0))
	if err != nil {
		return err
	}
	j := 0
	for _, p := range parts {
		if !p.keep {
			continue
		}
		if !src[j].equal(p.size) {
			a, c1 := src[j].constant()
			b, c2 := p.size.constant()
			if c1 && c2 {
				return unsupported(op, fmt.Sprintf("source dim %d has size %d, the window %d", j, a, b))
			}
			f.stmt("if %s != %s {\nreturn %s\n}", src[j], p.size, f.errf("source dim %d has size %%d, but the window has size %%d", []any{j}, src[j].String(), p.size.String()))
		}
		j++
	}
	return f.checkWindow(op, parts, dest)
}

// readInsertSlice reads an insert_slice at coords (see above).
func (f *funcGen) readInsertSlice(op *ir.Operation, coords []poly, checked bool) (ref, error) {
	parts, err := f.insertSliceParts(op)
	if err != nil {
		return ref{}, err
	}
	var conds []string
	var sc []poly
	var ps []poly
	for d, p := range parts {
		q := coords[d].add(p.off.scale(-1))
		t, tc := p.stride.constant()
		var k string
		switch {
		case tc && t == 1:
			k = q.paren()
		default:
			k = fmt.Sprintf("(%s / %s)", q.paren(), p.stride.paren())
			conds = append(conds, fmt.Sprintf("%s %% %s == 0", q.paren(), p.stride.paren()))
		}
		conds = append(conds, fmt.Sprintf("%s >= 0", k), fmt.Sprintf("%s < %s", k, p.size.paren()))
		ps = append(ps, q, p.stride, p.size)
		if p.keep {
			sc = append(sc, patom(k))
		}
	}
	l := f.levelOf(append(ps, coords...)...)
	in := "true"
	if len(conds) > 0 {
		in = f.bind(l, strings.Join(conds, " && "))
	}
	for j := range sc {
		sc[j] = patom(f.bind(l, fmt.Sprintf("tcpSel(%s, %s, 0)", in, sc[j].String())))
	}
	empty := false
	sure := true // every size is a constant > 0: source has an element 0
	for _, p := range parts {
		n, ok := p.size.constant()
		empty = empty || ok && n == 0
		sure = sure && ok && n > 0
	}
	if empty {
		return f.read(op.Operand(1), coords, checked)
	}
	f.g.used["sel"] = true
	loads := f.loads
	rs, err := f.read(op.Operand(0), sc, checked)
	if err != nil {
		return ref{}, err
	}
	if f.loads != loads && !sure {
		return ref{}, unsupported(op, "source reads indices (a gather), and its window sizes are not all constants > 0 (an empty source has no element to read them at)")
	}
	rd, err := f.read(op.Operand(1), coords, checked)
	if err != nil {
		return ref{}, err
	}
	for k, r := range []ref{rs, rd} {
		if r.conv != nil || r.val != "" || len(r.dconv) > 0 || r.load != rd.load {
			return ref{}, unsupported(op, fmt.Sprintf("operand #%d reads through a conversion, which insert_slice cannot select", k))
		}
	}
	l = max(l, f.levelOf(rs.off, rd.off), f.levelOfAtoms(rs.buf, rd.buf))
	buf := rd.buf
	if rs.buf != rd.buf {
		buf = f.bind(l, fmt.Sprintf("tcpSel(%s, %s, %s)", in, rs.buf, rd.buf))
	}
	off := patom(f.bind(l, fmt.Sprintf("tcpSel(%s, %s, %s)", in, rs.off.String(), rd.off.String())))
	// Fill guards (mode fill gathers) apply on their own side only; the
	// two sides exclude each other, so the first true guard is still the
	// element's.
	var guards []guard
	for _, g := range rs.guards {
		guards = append(guards, guard{cond: f.bind(max(l, f.levelOfAtoms(g.cond)), fmt.Sprintf("%s && %s", in, g.cond)), fill: g.fill})
	}
	for _, g := range rd.guards {
		guards = append(guards, guard{cond: f.bind(max(l, f.levelOfAtoms(g.cond)), fmt.Sprintf("!%s && %s", in, g.cond)), fill: g.fill})
	}
	return ref{buf: buf, off: off, load: rd.load, guards: guards}, nil
}
