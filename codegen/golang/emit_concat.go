package golang

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
)

// tensor.concat as a piecewise index map. Along the concatenated dim d,
// coordinate c falls in operand k when b_k <= c < b_{k+1} (b_k the sum of
// the sizes before k); the element is operand k's at c - b_k. read
// composes every operand at its local coordinate and selects the buffer
// and the offset with nested tcpSel calls on c, so nothing is
// materialized and the kernel allocates nothing: a window decomposition
// (StableHLO windows on a dynamic dim are the concat of s slices) reads
// its source directly. Every operand's offset is computed for every
// element, which is pure arithmetic; an operand whose read would load an
// index (a gather below the concat) reads it at its coordinate clamped to
// its own extent, so every load is of an index the result reads anyway
// (torch.cat([x[i], y]) in the FX importer's form); one that carries a fill
// guard or a cast is a located error, since its value would be computed
// at coordinates outside it, unless the coordinate along d is a constant
// (readConcatPiece): then the one operand that holds it is read directly,
// whatever it loads.

// concatTensor checks a concat where walk meets it: no code, its dims
// (and, for dynamic sizes, the runtime checks that the operands agree
// outside dim d).
func (f *funcGen) concatTensor(op *ir.Operation) error {
	if _, err := goElem(ir.ElementType(op.Result(0).Type())); err != nil {
		return unsupported(op, err.Error())
	}
	_, err := f.dims(op.Result(0))
	return err
}

// concatDims: operand 0's dims, with dim d the sum over the operands;
// every other dim of every operand must agree.
func (f *funcGen) concatDims(op *ir.Operation, t *ir.RankedTensorType) ([]poly, error) {
	d := int(op.IntAttr("dim"))
	first, err := f.dims(op.Operand(0))
	if err != nil {
		return nil, err
	}
	ds := make([]poly, len(first))
	copy(ds, first)
	ds[d] = poly{}
	for k := 0; k < op.NumOperands(); k++ {
		od, err := f.dims(op.Operand(k))
		if err != nil {
			return nil, err
		}
		ds[d] = ds[d].add(od[d])
		for j := range od {
			if j == d || od[j].equal(first[j]) {
				continue
			}
			f.stmt("if %s != %s {\nreturn %s\n}", od[j], first[j], f.errf("tensor.concat: operand #%d dim %d has size %%d, want %%d", []any{k, j}, od[j].String(), first[j].String()))
		}
	}
	for j := range ds {
		if !t.IsDynamicDim(j) {
			ds[j] = pconst(t.Dim(j))
		}
	}
	return ds, nil
}

// readConcatPiece reads a concat at a constant coordinate along dim d
// (gather_nd reads the components of an index tuple so: jax builds the
// tuple by concatenating computed index columns) from the one operand
// that holds it, when the sizes before it are constants; that operand
// may then load indices, carry a fill guard or a cast. ok is false
// otherwise.
func (f *funcGen) readConcatPiece(op *ir.Operation, d int, coords []poly, checked bool) (ref, bool, error) {
	c, ok := coords[d].constant()
	if !ok {
		return ref{}, false, nil
	}
	lo := int64(0)
	for k := 0; k < op.NumOperands(); k++ {
		od, err := f.dims(op.Operand(k))
		if err != nil {
			return ref{}, true, err
		}
		s, ok := od[d].constant()
		if !ok {
			return ref{}, false, nil
		}
		if c < lo+s {
			nc := append([]poly{}, coords...)
			nc[d] = pconst(c - lo)
			r, err := f.read(op.Operand(k), nc, checked)
			return r, true, err
		}
		lo += s
	}
	return ref{}, false, nil
}

// readConcat reads a concat at coords (see above).
func (f *funcGen) readConcat(op *ir.Operation, coords []poly, checked bool) (ref, error) {
	d := int(op.IntAttr("dim"))
	if r, ok, err := f.readConcatPiece(op, d, coords, checked); ok {
		return r, err
	}
	var bufs, offs, conds []string
	var ps []poly
	lo := poly{}
	for k := 0; k < op.NumOperands(); k++ {
		od, err := f.dims(op.Operand(k))
		if err != nil {
			return ref{}, err
		}
		nc := append([]poly{}, coords...)
		nc[d] = coords[d].add(lo.scale(-1))
		clamped := false
		if s, isConst := od[d].constant(); op.NumOperands() > 1 && (!isConst || s > 0) && gathersBelow(op.Operand(k), 0) {
			// A gather below: its index loads run at every coordinate, so
			// they run at this operand's own coordinate clamped to
			// [0, size), whose indices the result reads anyway (an index
			// that fails there fails where it is selected too); tcpSel
			// then discards the value outside the piece.
			lc := nc[d]
			nc[d] = patom(f.bind(f.levelOf(lc, od[d]), fmt.Sprintf("min(max(%s, 0), %s)", lc, od[d].add(pconst(-1)))))
			clamped = true
		}
		loads := f.loads
		r, err := f.read(op.Operand(k), nc, checked)
		if err != nil {
			return ref{}, err
		}
		if (f.loads != loads && !clamped) || len(r.guards) > 0 || r.conv != nil || r.val != "" || len(r.dconv) > 0 {
			return ref{}, unsupported(op, fmt.Sprintf("operand #%d reads indices, a fill guard or a cast, which would run outside its piece", k))
		}
		lo = lo.add(od[d])
		bufs = append(bufs, r.buf)
		offs = append(offs, r.off.String())
		conds = append(conds, fmt.Sprintf("%s < %s", coords[d].paren(), lo.paren()))
		ps = append(ps, r.off, lo)
	}
	if len(bufs) == 1 {
		return f.read(op.Operand(0), coords, checked)
	}
	f.g.used["sel"] = true
	pick := func(vals []string) string {
		v := vals[len(vals)-1]
		for k := len(vals) - 2; k >= 0; k-- {
			if vals[k] != v {
				v = fmt.Sprintf("tcpSel(%s, %s, %s)", conds[k], vals[k], v)
			}
		}
		return v
	}
	l := max(f.levelOf(append(ps, coords[d])...), f.levelOfAtoms(bufs...))
	buf := pick(bufs)
	if buf != bufs[len(bufs)-1] {
		buf = f.bind(l, buf) // a slice chosen per element
	}
	return ref{buf: buf, off: patom(f.bind(l, pick(offs)))}, nil
}

// gathersBelow reports whether v is computed from a tcp.gather or
// tcp.gather_nd through ops the backend composes (so that reading v loads
// indices), looking at most 16 ops deep.
func gathersBelow(v ir.Value, depth int) bool {
	d := v.DefiningOp()
	if d == nil || depth > 16 {
		return false
	}
	if n := d.Name(); n == tcp.GatherName || n == tcp.GatherNDName {
		return true
	}
	for _, o := range d.Operands() {
		if gathersBelow(o, depth+1) {
			return true
		}
	}
	return false
}
