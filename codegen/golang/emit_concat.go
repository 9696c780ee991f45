package golang

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tcp"
	tensord "github.com/tcp-project/tcp/dialect/tensor"
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
// index (a gather below the concat), or carries a fill guard or a cast, is
// a located error, since its load would run at coordinates outside it,
// unless the coordinate along d is a constant (readConcatPiece): then the
// one operand that holds it is read directly, whatever it loads.

// concatTensor checks a concat where walk meets it: no code, its dims
// (and, for dynamic sizes, the runtime checks that the operands agree
// outside dim d).
func (f *funcGen) concatTensor(op *ir.Operation) error {
	goT, err := goElem(ir.ElementType(op.Result(0).Type()))
	if err != nil {
		return unsupported(op, err.Error())
	}
	ds, err := f.dims(op.Result(0))
	if err != nil || f.dimsFor || !mustMaterializeConcat(op) {
		return err
	}
	return f.materializeConcat(op, goT, ds)
}

// mustMaterializeConcat reports a concat the piecewise read cannot serve:
// an operand that is not a view of an argument or a constant (it loads
// indices, or converts), read by an op other than a gather_nd or
// scatter_nd taking it as its index tuples along the last dim (those read
// it at a constant coordinate, readConcatPiece). jax concatenates a cast
// index column with a constant one and gathers from the result (a
// scatter's permuted scatter_dims_to_operand_dims).
func mustMaterializeConcat(op *ir.Operation) bool {
	plain := true
	for _, v := range op.Operands() {
		plain = plain && plainRead(v)
	}
	if plain {
		return false
	}
	last := int64(rankedOf(op.Result(0)).Rank() - 1)
	for _, u := range ir.Uses(op.Result(0)) {
		o := u.Owner()
		if !((o.Name() == tcp.GatherNDName || o.Name() == tcp.ScatterNDName) && u.OperandNumber() == 1 && op.IntAttr("dim") == last) {
			return true
		}
	}
	return false
}

// plainRead reports whether reading v is a buffer and an offset only (no
// index load, guard or conversion): an argument, a constant, a computed
// buffer (float arith, a scatter), or a view, slice or concat of such.
func plainRead(v ir.Value) bool {
	d := v.DefiningOp()
	switch {
	case d == nil:
		return true
	case isView(d), d.Name() == tcp.SliceName:
		return plainRead(d.Operand(0))
	case d.Name() == tensord.ConcatName:
		for _, w := range d.Operands() {
			if !plainRead(w) {
				return false
			}
		}
		return true
	case isFloatElementwise(d):
		return true
	}
	switch d.Name() {
	case tcp.ConstName, arith.ConstantName, tcp.ScatterName, tcp.ScatterNDName:
		return true
	}
	return false
}

// materializeConcat computes the concat into a buffer of its own (one
// allocation per call, before the loops), each operand's piece by a nest
// over that operand, which reads it (loads, casts and all) only inside
// it; readConcat then reads the buffer.
func (f *funcGen) materializeConcat(op *ir.Operation, goT string, ds []poly) error {
	d := int(op.IntAttr("dim"))
	name := fmt.Sprintf("s%d", len(f.mat))
	f.stmt("%s := make([]%s, %s)", name, goT, product(ds))
	lo := poly{}
	for _, v := range op.Operands() {
		od, err := f.dims(v)
		if err != nil {
			return err
		}
		off := lo
		err = f.guarded(product(od), "", func() error {
			return f.validate(od, func(coords []poly) (string, error) {
				r, err := f.read(v, coords, false)
				if err != nil {
					return "", err
				}
				var val string
				if r.val != "" || r.conv != nil {
					val = fmt.Sprintf("%s(%s)", goT, f.loadInt(r, false))
				} else {
					val = f.loadElem(r, len(f.cur.vars)-1)
				}
				dc := append([]poly{}, coords...)
				dc[d] = coords[d].add(off)
				return fmt.Sprintf("%s[%s] = %s", name, linear(dc, ds), val), nil
			})
		})
		if err != nil {
			return err
		}
		lo = lo.add(od[d])
	}
	f.mat[op] = name
	return nil
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
	if name, ok := f.mat[op]; ok {
		ds, err := f.dims(op.Result(0))
		if err != nil {
			return ref{}, err
		}
		return ref{buf: name, off: linear(coords, ds)}, nil
	}
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
		loads := f.loads
		r, err := f.read(op.Operand(k), nc, checked)
		if err != nil {
			return ref{}, err
		}
		if f.loads != loads || len(r.guards) > 0 || r.conv != nil || r.val != "" || len(r.dconv) > 0 {
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
