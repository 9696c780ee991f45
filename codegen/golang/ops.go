package golang

import (
	"fmt"
	"math"
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/dialect/tcp"
	tensord "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/internal/frontendhint"
	"github.com/tcp-project/tcp/internal/quote"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
)

// The fusion analysis. Every tensor value of a function is a function of
// its coordinates: read(v, coords) returns the buffer and offset that hold
// v at coords, composed through every view op down to a function argument
// or constant. Reshapes, broadcasts and slices only rewrite coordinates;
// a gather reads its indices at the same coordinates and substitutes the
// resolved index, so a gather of a gather composes indices and nothing but
// the results is ever written. Runtime checks that the interpreter makes
// per op (index modes error and wrap_negative, slice bounds, dynamic
// shapes) are emitted once, in op order, before the loops; under mode fill
// the out-of-range test is a guard on the element (or the whole run).

func unsupported(op *ir.Operation, why string) error {
	return op.EmitOpError("is not supported by the Go backend: %s", why)
}

func rankedOf(v ir.Value) *ir.RankedTensorType {
	t, _ := v.Type().(*ir.RankedTensorType)
	return t
}

// viewOps are the ops whose reads are coordinate rewrites.
func isView(op *ir.Operation) bool {
	if op == nil {
		return false
	}
	switch op.Name() {
	case tcp.BroadcastToName, tcp.BroadcastName, tcp.TransposeName, tensord.ExpandShapeName, tensord.CollapseShapeName, tensord.CastName:
		return true
	}
	return false
}

// walk visits the ops of body in order: it computes every result's dims
// (emitting their runtime checks) and, in the kernel, each op's checks.
func (f *funcGen) walk(body *ir.Block) error {
	defer f.at(nil)()
	for op := body.First(); op != nil; op = op.Next() {
		f.op = op
		if isCast(op) {
			if err := f.castTensor(op); err != nil {
				return err
			}
			continue
		}
		if isFloatCast(op) {
			if err := f.floatCast(op); err != nil {
				return err
			}
			continue
		}
		if isFloatElementwise(op) {
			if err := f.floatElementwise(op); err != nil {
				return err
			}
			continue
		}
		if isIntDataElementwise(op) {
			if err := f.intDataElementwise(op); err != nil {
				return err
			}
			continue
		}
		if isIntElementwise(op) {
			if err := f.intElementwise(op); err != nil {
				return err
			}
			continue
		}
		if op.Name() == tensord.ConcatName {
			if err := f.concatTensor(op); err != nil {
				return err
			}
			continue
		}
		switch op.Name() {
		case function.ReturnName:
			for i, v := range op.Operands() {
				if _, ok := v.Type().(*ir.RankedTensorType); !ok {
					if frontendhint.IsFrontendType(v.Type()) {
						return op.EmitOpError("returns operand #%d of type %s, %s", i, v.Type(), frontendhint.TypeAdvice())
					}
					return op.EmitOpError("returns operand #%d of type %s; the Go backend returns ranked tensors only", i, v.Type())
				}
			}
			continue
		case tcp.GatherName, tcp.GatherNDName, tcp.BroadcastToName, tcp.BroadcastName, tcp.SliceName, tcp.ConstName,
			tcp.ScatterName, tcp.ScatterNDName, tcp.TransposeName, tensord.ExpandShapeName, tensord.CollapseShapeName, tensord.CastName, tensord.ExtractSliceName,
			tensord.InsertSliceName:
		case tensord.FromElementsName:
			if err := f.checkFromElements(op); err != nil {
				return err
			}
		case tcp.IotaName:
			if _, isInt := elemWidth(ir.ElementType(op.Result(0).Type())); !isInt {
				return unsupported(op, "an iota of floats is not supported (integer element types only)")
			}
		case tcp.AssertName:
			if !f.dimsFor {
				if err := f.emitAssert(op); err != nil {
					return err
				}
			}
			continue
		case arith.ConstantName, tensord.DimName, arith.AddIName, arith.SubIName, arith.MulIName, arith.IndexCastName,
			tensord.ExtractName, arith.MaxSIName, arith.MinSIName, arith.ExtSIName, arith.ExtUIName, arith.TruncIName, arith.IndexCastUIName:
			if f.dimsFor && isDataScalar(op) {
				continue // computed on demand (emit_casts.go)
			}
			if _, err := f.scalarOrConst(op); err != nil {
				return err
			}
			continue
		case arith.DivSIName, arith.RemSIName, arith.CmpIName, arith.SelectName, arith.AndIName, arith.OrIName:
			if _, isTensor := op.Result(0).Type().(*ir.RankedTensorType); !isTensor {
				if f.dimsFor && isDataScalar(op) {
					continue // computed on demand (emit_casts.go)
				}
				if _, err := f.scalar(op.Result(0)); err != nil {
					return err
				}
				continue
			}
			return unsupported(op, "no Go kernel for this op")
		default:
			if frontendhint.IsFrontendOp(op) {
				return unsupported(op, "no Go kernel for this op; "+frontendhint.OpAdvice(op))
			}
			return unsupported(op, "no Go kernel for this op")
		}
		if op.NumResults() != 1 {
			return unsupported(op, "expected one result")
		}
		if _, err := goElem(ir.ElementType(op.Result(0).Type())); err != nil {
			return unsupported(op, err.Error())
		}
		if _, err := f.dims(op.Result(0)); err != nil {
			return err
		}
		if f.dimsFor {
			if err := f.checkCount(op); err != nil {
				return err
			}
			continue
		}
		if err := f.check(op); err != nil {
			return err
		}
	}
	return nil
}

func (f *funcGen) scalarOrConst(op *ir.Operation) (bool, error) {
	if op.Name() == arith.ConstantName {
		if _, ok := op.Result(0).Type().(*ir.RankedTensorType); ok {
			return true, nil
		}
	}
	_, err := f.scalar(op.Result(0))
	return false, err
}

// scalar returns an index or integer scalar value as a polynomial.
func (f *funcGen) scalar(v ir.Value) (poly, error) {
	if p, ok := f.scaMemo[v]; ok {
		return p, nil
	}
	p, err := f.scalarUncached(v)
	if err == nil {
		f.scaMemo[v] = p
	}
	return p, err
}

func (f *funcGen) scalarUncached(v ir.Value) (poly, error) {
	op := v.DefiningOp()
	if op == nil {
		if n, ok := f.args[v]; ok {
			return patom(n), nil
		}
		return nil, fmt.Errorf("internal error: unknown block argument")
	}
	switch op.Name() {
	case arith.ConstantName:
		if c, ok := ir.ConstantInt(v); ok {
			return pconst(c), nil
		}
	case tensord.DimName:
		k, ok := ir.ConstantInt(op.Operand(1))
		ds, err := f.dims(op.Operand(0))
		if err != nil {
			return nil, err
		}
		if !ok || k < 0 || k >= int64(len(ds)) {
			return nil, unsupported(op, "the dim index must be a constant in range")
		}
		return ds[k], nil
	case arith.AddIName, arith.SubIName, arith.MulIName:
		a, err := f.scalar(op.Operand(0))
		if err != nil {
			return nil, err
		}
		b, err := f.scalar(op.Operand(1))
		if err != nil {
			return nil, err
		}
		switch op.Name() {
		case arith.AddIName:
			return a.add(b), nil
		case arith.SubIName:
			return a.add(b.scale(-1)), nil
		}
		return a.mul(b), nil
	case arith.IndexCastName:
		return f.scalar(op.Operand(0))
	}
	if p, ok, err := f.dataScalar(op); ok {
		return p, err
	}
	return nil, unsupported(op, "only constant, tensor.dim, addi, subi, muli and index_cast scalars are supported")
}

// dims returns the runtime sizes of a ranked tensor value.
func (f *funcGen) dims(v ir.Value) ([]poly, error) {
	if ds, ok := f.dimMemo[v]; ok {
		return ds, nil
	}
	done := f.at(v.DefiningOp())
	ds, err := f.dimsUncached(v)
	done()
	if err == nil {
		f.dimMemo[v] = ds
	}
	return ds, err
}

func (f *funcGen) dimsUncached(v ir.Value) ([]poly, error) {
	t := rankedOf(v)
	if t == nil {
		return nil, fmt.Errorf("internal error: %s is not a ranked tensor", v.Type())
	}
	ds := make([]poly, t.Rank())
	static := func() bool {
		for d := range ds {
			if t.IsDynamicDim(d) {
				return false
			}
			ds[d] = pconst(t.Dim(d))
		}
		return true
	}
	op := v.DefiningOp()
	if op == nil {
		n := f.args[v]
		for d := range ds {
			if t.IsDynamicDim(d) {
				ds[d] = patom(fmt.Sprintf("%sd%d", n, d))
			} else {
				ds[d] = pconst(t.Dim(d))
			}
		}
		return ds, nil
	}
	if static() && op.Name() != tensord.ExpandShapeName && op.Name() != tensord.CastName {
		return ds, nil
	}
	from := func(i int, src []poly) {
		if t.IsDynamicDim(i) {
			ds[i] = src[i]
		} else {
			ds[i] = pconst(t.Dim(i))
		}
	}
	switch op.Name() {
	case tcp.GatherName:
		idx, err := f.dims(op.Operand(1))
		if err != nil {
			return nil, err
		}
		for d := range ds {
			from(d, idx)
		}
	case tcp.ScatterName, tcp.ScatterNDName:
		in, err := f.dims(op.Operand(0))
		if err != nil {
			return nil, err
		}
		for d := range ds {
			from(d, in)
		}
	case tcp.GatherNDName:
		in, err := f.dims(op.Operand(0))
		if err != nil {
			return nil, err
		}
		idx, err := f.dims(op.Operand(1))
		if err != nil {
			return nil, err
		}
		q := len(idx)
		b := int(op.IntAttr("batch_dims"))
		m := int(rankedOf(op.Operand(1)).Dim(q - 1))
		all := append(append([]poly{}, idx[:q-1]...), in[b+m:]...)
		for d := range ds {
			from(d, all)
		}
	case tcp.BroadcastToName, tcp.BroadcastName:
		in, err := f.dims(op.Operand(0))
		if err != nil {
			return nil, err
		}
		all := append([]poly{}, in...)
		bo := tcp.BroadcastOp{Operation: op}
		for k, a := range bo.Axes() {
			s, err := f.scalar(bo.NewDimSizes()[k])
			if err != nil {
				return nil, err
			}
			all[a] = s
		}
		for d := range ds {
			from(d, all)
		}
	case tcp.IotaName:
		for d := range ds {
			if !t.IsDynamicDim(d) {
				ds[d] = pconst(t.Dim(d))
				continue
			}
			s, err := f.scalar(op.Operand(d))
			if err != nil {
				return nil, err
			}
			ds[d] = s
		}
	case tcp.TransposeName:
		in, err := f.dims(op.Operand(0))
		if err != nil {
			return nil, err
		}
		all := make([]poly, len(ds))
		for i, p := range permutation(op) {
			all[i] = in[p]
		}
		for d := range ds {
			from(d, all)
		}
	case tensord.InsertSliceName:
		dest, err := f.dims(op.Operand(1))
		if err != nil {
			return nil, err
		}
		for d := range ds {
			from(d, dest)
		}
	case tensord.ExtractSliceName:
		ks, err := f.extractSliceDims(op)
		if err != nil {
			return nil, err
		}
		for d := range ds {
			from(d, ks)
		}
	case tcp.SliceName:
		so := tcp.SliceOp{Operation: op}
		for d, sz := range so.Sizes() {
			s, err := f.scalar(sz)
			if err != nil {
				return nil, err
			}
			ds[d] = s
		}
	case tensord.CollapseShapeName:
		src, err := f.dims(op.Operand(0))
		if err != nil {
			return nil, err
		}
		for j, g := range tensord.ReassociationOf(op) {
			p := pconst(1)
			for _, d := range g {
				p = p.mul(src[d])
			}
			if t.IsDynamicDim(j) {
				ds[j] = p
			} else {
				ds[j] = pconst(t.Dim(j))
			}
		}
	case tensord.ExpandShapeName:
		if op.NumOperands() > 1 {
			return nil, unsupported(op, "the output_shape form")
		}
		src, err := f.dims(op.Operand(0))
		if err != nil {
			return nil, err
		}
		for d := range ds {
			ds[d] = pconst(1)
		}
		for i, g := range tensord.ReassociationOf(op) {
			prod, dyn := int64(1), -1
			for _, d := range g {
				if t.IsDynamicDim(int(d)) {
					dyn = int(d)
					continue
				}
				ds[d] = pconst(t.Dim(int(d)))
				prod *= t.Dim(int(d))
			}
			if dyn < 0 {
				if _, isConst := src[i].constant(); !isConst {
					f.stmt("if %s != %d {\nreturn %s\n}", src[i], prod, f.errf("source dim %d of size %%d cannot be expanded into %s", []any{i, shapeOf(t, g)}, src[i].String()))
				}
				continue
			}
			if prod == 0 {
				return nil, unsupported(op, "a dynamic dim grouped with a zero-size dim")
			}
			if prod == 1 {
				ds[dyn] = src[i]
				continue
			}
			if c, ok := src[i].constant(); ok && c%prod == 0 {
				ds[dyn] = pconst(c / prod)
				continue
			}
			f.stmt("if %s%%%d != 0 {\nreturn %s\n}", src[i].paren(), prod, f.errf("source dim %d of size %%d cannot be expanded into %s", []any{i, shapeOf(t, g)}, src[i].String()))
			ds[dyn] = patom(f.bind(-1, fmt.Sprintf("%s / %d", src[i].paren(), prod)))
		}
		if len(tensord.ReassociationOf(op)) == 0 {
			for d := range ds {
				ds[d] = pconst(1)
			}
		}
	case tensord.CastName:
		src, err := f.dims(op.Operand(0))
		if err != nil {
			return nil, err
		}
		for d := range ds {
			ds[d] = src[d]
			if !t.IsDynamicDim(d) {
				if c, ok := src[d].constant(); !ok || c != t.Dim(d) {
					f.stmt("if %s != %d {\nreturn fmt.Errorf(\"tensor.cast: dim %d has size %%d, want %d\", %s)\n}", src[d], t.Dim(d), d, t.Dim(d), src[d])
				}
				ds[d] = pconst(t.Dim(d))
			}
		}
	default:
		if static() {
			return ds, nil
		}
		if isCast(op) || isFloatCast(op) {
			return f.castDims(op, t)
		}
		if op.Name() == tensord.ConcatName {
			return f.concatDims(op, t)
		}
		if isIntElementwise(op) || isFloatElementwise(op) || isIntDataElementwise(op) {
			return f.intElementwiseDims(op, t)
		}
		return nil, unsupported(op, "dynamic result shape")
	}
	return ds, nil
}

func permutation(op *ir.Operation) []int64 {
	if a, ok := op.Attr("permutation").(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

func shapeOf(t *ir.RankedTensorType, g []int64) string {
	var parts []string
	for _, d := range g {
		if t.IsDynamicDim(int(d)) {
			parts = append(parts, "?")
		} else {
			parts = append(parts, fmt.Sprint(t.Dim(int(d))))
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// checkCount emits, in the shape function, the checks the interpreter
// makes on op's result shape before it creates it: broadcast sizes that
// are negative, and an element count that is negative or overflows int64
// (tcpCount), so that the kernel binary never sizes a destination from
// an invalid shape.
func (f *funcGen) checkCount(op *ir.Operation) error {
	if n := op.Name(); n == tcp.BroadcastToName || n == tcp.BroadcastName {
		if err := f.check(op); err != nil {
			return err
		}
	}
	ds, err := f.dims(op.Result(0))
	if err != nil {
		return err
	}
	var parts []string
	dynamic := false
	for _, d := range ds {
		if _, ok := d.constant(); !ok {
			dynamic = true
		}
		parts = append(parts, d.String())
	}
	if !dynamic {
		return nil
	}
	f.g.used["count"] = true
	f.stmt("if _, err := tcpCount(%s); err != nil {\nreturn fmt.Errorf(%s, err)\n}", strings.Join(parts, ", "), quote.GoString(f.g.tag(op)+"%w"))
	return nil
}

// errf returns a `fmt.Errorf(...)` expression: format is formatted with
// static first; the %%d verbs it then still holds take the Go expressions
// dyn.
func (f *funcGen) errf(format string, static []any, dyn ...string) string {
	msg := f.g.tag(f.op) + fmt.Sprintf(format, static...)
	var b strings.Builder
	fmt.Fprintf(&b, "fmt.Errorf(%s", quote.GoString(msg))
	for _, d := range dyn {
		fmt.Fprintf(&b, ", %s", d)
	}
	b.WriteString(")")
	return b.String()
}

// ---------------------------------------------------------------- reads

type guard struct {
	cond string // a bool variable
	fill string // the element to use when cond holds
	// varying marks a fill that is another buffer's element at the same
	// coordinates (a select of two data tensors), not one value: the
	// result is then written element by element, never filled by runs.
	varying bool
}

// ref is where the element of a value at given coordinates lives.
type ref struct {
	guards []guard // the first true guard's fill replaces the element
	buf    string
	off    poly
	conv   []string // int -> int conversions of the loaded value; non-nil under a cast (emit_casts.go)
	val    string   // a computed int element (emit_arith.go); buf, off, guards and conv unused
	load   string   // the Go function that makes the raw element an int ("": int; tcpB2I for bool)
	dconv  []string // float conversions of a loaded data element, applied in order (emit_floats.go)
}

// wrap returns the int expression of the raw element x: its data
// conversions, then the load function.
func (r ref) wrap(x string) string {
	return r.loadFn() + "(" + r.convData(x) + ")"
}

// convData applies r's data conversions to the element expression x.
func (r ref) convData(x string) string {
	for _, c := range r.dconv {
		x = c + "(" + x + ")"
	}
	return x
}

// loadFn is the function applied to r's raw element.
func (r ref) loadFn() string {
	if r.load == "" {
		return "int"
	}
	return r.load
}

func (f *funcGen) zeroUnit(v ir.Value, coords []poly) []poly {
	t := rankedOf(v)
	out := append([]poly{}, coords...)
	for d := range out {
		if !t.IsDynamicDim(d) && t.Dim(d) == 1 {
			out[d] = poly{}
		}
	}
	return out
}

// denseBuf returns the buffer of v when read reads v at linear(coords,
// dims) of it (an argument, a constant, a computed scatter, or a reshape
// or cast of one): its elements sit in row-major order in that buffer.
func (f *funcGen) denseBuf(v ir.Value) (string, bool) {
	op := v.DefiningOp()
	if op == nil {
		n, ok := f.args[v]
		return n, ok
	}
	switch op.Name() {
	case tensord.ExpandShapeName, tensord.CollapseShapeName, tensord.CastName:
		return f.denseBuf(op.Operand(0))
	case tcp.ScatterName, tcp.ScatterNDName:
		n, ok := f.mat[op]
		return n, ok
	}
	return "", false
}

// read composes the element of v at coords down to a buffer. checked
// marks reads under a fill guard, whose index loads must tolerate
// coordinates of an empty dim.
func (f *funcGen) read(v ir.Value, coords []poly, checked bool) (ref, error) {
	coords = f.zeroUnit(v, coords)
	ds, err := f.dims(v)
	if err != nil {
		return ref{}, err
	}
	op := v.DefiningOp()
	if op == nil {
		return ref{buf: f.args[v], off: linear(coords, ds)}, nil
	}
	defer f.at(op)()
	if isCast(op) {
		return f.readCast(op, coords, checked)
	}
	if isFloatCast(op) {
		return f.readFloatCast(op, coords, checked)
	}
	if op.Name() == tensord.ConcatName {
		return f.readConcat(op, coords, checked)
	}
	if isFloatElementwise(op) || isIntDataElementwise(op) {
		return f.readFloatElementwise(op, coords)
	}
	if isIntElementwise(op) {
		return f.readIntElementwise(op, coords, checked)
	}
	switch op.Name() {
	case tcp.ScatterName, tcp.ScatterNDName:
		name, ok := f.mat[op]
		if !ok {
			return ref{}, unsupported(op, "internal error: a scatter read before it is computed")
		}
		return ref{buf: name, off: linear(coords, ds)}, nil
	case tcp.ConstName, arith.ConstantName:
		name, err := f.g.constant(op)
		if err != nil {
			return ref{}, err
		}
		return ref{buf: name, off: linear(coords, ds)}, nil
	case tensord.CastName:
		return f.read(op.Operand(0), coords, checked)
	case tcp.BroadcastToName, tcp.BroadcastName:
		nc := append([]poly{}, coords...)
		for _, a := range (tcp.BroadcastOp{Operation: op}).Axes() {
			nc[a] = poly{}
		}
		return f.read(op.Operand(0), nc, checked)
	case tcp.TransposeName:
		// A permuted index map: input coordinate perm[i] is output
		// coordinate i.
		nc := make([]poly, len(coords))
		for i, p := range permutation(op) {
			nc[p] = coords[i]
		}
		return f.read(op.Operand(0), nc, checked)
	case tensord.ExtractSliceName:
		return f.readExtractSlice(op, coords, checked)
	case tensord.FromElementsName:
		return f.readFromElements(op, coords, ds)
	case tcp.IotaName:
		// The coordinate along dim is the element.
		return ref{val: coords[op.IntAttr("dim")].String()}, nil
	case tensord.InsertSliceName:
		return f.readInsertSlice(op, coords, checked)
	case tcp.SliceName:
		so := tcp.SliceOp{Operation: op}
		nc := make([]poly, len(coords))
		for d := range coords {
			s, err := f.scalar(so.Starts()[d])
			if err != nil {
				return ref{}, err
			}
			t, err := f.scalar(so.Strides()[d])
			if err != nil {
				return ref{}, err
			}
			nc[d] = s.add(t.mul(coords[d]))
		}
		return f.read(op.Operand(0), nc, checked)
	case tensord.ExpandShapeName:
		groups := tensord.ReassociationOf(op)
		nc := make([]poly, len(groups))
		for i, g := range groups {
			sub := make([]poly, len(g))
			cs := make([]poly, len(g))
			for k, d := range g {
				sub[k], cs[k] = ds[d], coords[d]
			}
			nc[i] = linear(cs, sub)
		}
		return f.read(op.Operand(0), nc, checked)
	case tensord.CollapseShapeName:
		if buf, ok := f.denseBuf(op.Operand(0)); ok {
			// The collapsed value's own row-major offset: no div and
			// mod per collapsed dim (a LUT's ids collapsed to 1-d).
			return ref{buf: buf, off: linear(coords, ds)}, nil
		}
		src, err := f.dims(op.Operand(0))
		if err != nil {
			return ref{}, err
		}
		st := rankedOf(op.Operand(0))
		nc := make([]poly, len(src))
		for d := range nc {
			nc[d] = poly{}
		}
		for j, g := range tensord.ReassociationOf(op) {
			var live []int64
			for _, d := range g {
				if st.IsDynamicDim(int(d)) || st.Dim(int(d)) != 1 {
					live = append(live, d)
				}
			}
			if len(live) == 1 {
				nc[live[0]] = coords[j]
				continue
			}
			c := coords[j]
			for k := len(live) - 1; k >= 0; k-- {
				d := live[k]
				if k == 0 {
					nc[d] = c
					break
				}
				l := f.levelOf(c, src[d])
				nc[d] = patom(f.bind(l, fmt.Sprintf("%s %% %s", c.paren(), src[d].paren())))
				c = patom(f.bind(l, fmt.Sprintf("%s / %s", c.paren(), src[d].paren())))
			}
		}
		return f.read(op.Operand(0), nc, checked)
	case tcp.GatherName:
		gop := tcp.GatherOp{Operation: op}
		in, err := f.dims(gop.Input())
		if err != nil {
			return ref{}, err
		}
		first := -1 // the statements of the innermost level before the index's
		if n := f.cur; n != nil && len(n.vars) > 0 {
			first = len(n.lets[len(n.vars)-1].stmts)
		}
		ir, err := f.read(gop.Indices(), coords, checked)
		if err != nil {
			return ref{}, err
		}
		iv := f.loadInt(ir, checked)
		dim := int(gop.Dim())
		var pos []string
		var g *guard
		check := "" // the index's check in the loop, if any
		switch {
		case f.inline[op] && f.cur != nil && gop.Mode() == tcp.ModeWrapNegative:
			var w string
			w, check = f.wrapChecked(max(f.levelOfAtoms(iv), f.levelOf(in[dim])), iv, in[dim], dim)
			pos = []string{w}
			f.noteBound(pos[0], in[dim])
		default:
			if f.inline[op] && f.cur != nil {
				b := f.blockAt(f.levelOfAtoms(iv))
				check = f.indexCheck(gop.Mode(), iv, in[dim], dim)
				b.stmts = append(b.stmts, check)
			}
			if pos, g, err = f.resolve(op, gop.Mode(), []string{iv}, []poly{in[dim]}); err != nil {
				return ref{}, err
			}
		}
		if g == nil && (gop.Mode() == tcp.ModeWrapNegative || gop.Mode() == tcp.ModeError) {
			if _, seen := f.takePos[pos[0]]; !seen {
				f.takePos[pos[0]] = takePos{dim: dim, size: in[dim], wrap: gop.Mode() == tcp.ModeWrapNegative, check: check, op: f.op}
			}
		}
		f.noteElemGather(gop, ir, iv, pos[0], g, first, checked, in[dim])
		nc := append([]poly{}, coords...)
		nc[dim] = patom(pos[0])
		r, err := f.read(gop.Input(), nc, checked || g != nil)
		if err != nil {
			return ref{}, err
		}
		if g != nil {
			r.guards = append([]guard{*g}, r.guards...)
		}
		return f.foldGuards(r), nil
	case tcp.GatherNDName:
		gop := tcp.GatherNDOp{Operation: op}
		in, err := f.dims(gop.Input())
		if err != nil {
			return ref{}, err
		}
		it := rankedOf(gop.Indices())
		q := it.Rank()
		m := int(it.Dim(q - 1))
		b := int(gop.BatchDims())
		var ivs []string
		for k := 0; k < m; k++ {
			ic := append(append([]poly{}, coords[:q-1]...), pconst(int64(k)))
			r, err := f.read(gop.Indices(), ic, checked)
			if err != nil {
				return ref{}, err
			}
			ivs = append(ivs, f.loadInt(r, checked))
		}
		var pos []string
		var g *guard
		var checks []string // the ids' checks in the loop, if any
		switch {
		case f.inline[op] && f.cur != nil && gop.Mode() == tcp.ModeWrapNegative:
			// checkGatherND left the checks to this loop (inlineCheck):
			// each id wrapped and tested where it is read, in order.
			for k, iv := range ivs {
				w, check := f.wrapChecked(max(f.levelOfAtoms(iv), f.levelOf(in[b+k])), iv, in[b+k], b+k)
				f.noteBound(w, in[b+k])
				pos, checks = append(pos, w), append(checks, check)
			}
		default:
			if f.inline[op] && f.cur != nil {
				for k, iv := range ivs {
					blk := f.blockAt(f.levelOfAtoms(iv))
					check := f.indexCheck(gop.Mode(), iv, in[b+k], b+k)
					blk.stmts, checks = append(blk.stmts, check), append(checks, check)
				}
			}
			var err error
			if pos, g, err = f.resolve(op, gop.Mode(), ivs, in[b:b+m]); err != nil {
				return ref{}, err
			}
		}
		if m == 2 && g == nil && pos[0] != pos[1] && (gop.Mode() == tcp.ModeWrapNegative || gop.Mode() == tcp.ModeError) {
			if _, seen := f.takePair[pos[0]]; !seen {
				f.takePair[pos[0]] = takePair{pos: [2]string{pos[0], pos[1]}, dims: [2]int{b, b + 1}, sizes: [2]poly{in[b], in[b+1]},
					wrap: gop.Mode() == tcp.ModeWrapNegative, checks: checks, op: f.op}
			}
		}
		nc := append([]poly{}, coords[:b]...)
		for _, p := range pos {
			nc = append(nc, patom(p))
		}
		nc = append(nc, coords[q-1:]...)
		r, err := f.read(gop.Input(), nc, checked || g != nil)
		if err != nil {
			return ref{}, err
		}
		if g != nil {
			r.guards = append([]guard{*g}, r.guards...)
		}
		return f.foldGuards(r), nil
	}
	return ref{}, unsupported(op, "cannot be read by the Go backend")
}

// loadInt binds the element at r, converted to int, at the deepest level
// its address and guards need.
func (f *funcGen) loadInt(r ref, checked bool) string {
	f.loads++
	if r.val != "" {
		return r.val
	}
	if len(r.conv) > 0 {
		raw := r
		raw.conv = nil
		return f.convert(r, f.loadInt(raw, checked))
	}
	var names []string
	for _, g := range r.guards {
		names = append(names, g.cond)
	}
	l := max(f.levelOf(r.off), f.levelOfAtoms(names...))
	if n := f.cur; n != nil && n.rows && !checked && len(r.guards) == 0 && l == len(n.vars)-1 {
		// An index row: base + j with base outside the innermost loop.
		j := n.vars[l]
		c, ok := r.off.coeff(j)
		rest := r.off.without(n, l)
		if one, isConst := c.constant(); ok && isConst && one == 1 && f.levelOf(rest) < l {
			// Level 0 at least: inside the worker closure the compiler
			// knows the row's length (not so for a captured slice).
			rl := max(f.levelOf(rest), f.levelOf(n.sizes[l]), 0)
			base := f.hoist(rest, rl)
			row := f.bind(rl, fmt.Sprintf("%s[%s : %s+%s]", r.buf, base, base, n.sizes[l].paren()))
			if n.scatter && (n.rangeOver == "" || n.rangeOver == row) {
				// A scatter's loop ranges over its index row (1.28 ->
				// 1.18 ns per element of a ScatterElements add over
				// cached rows: no spill and reload per element).
				if n.rangeOver == "" {
					n.rangeOver, n.rangeVal = row, f.temp()
				}
				return f.bind(l, r.wrap(n.rangeVal))
			}
			v := f.bind(l, r.wrap(fmt.Sprintf("%s[%s]", row, j)))
			if _, seen := f.redo[v]; !seen && len(r.dconv) == 0 {
				f.redo[v] = redo{buf: r.buf, off: r.off, load: r.loadFn()}
			}
			if len(r.dconv) == 0 && r.load == "" {
				f.idxRows[v] = row
			}
			return v
		}
	}
	off := f.hoist(r.off, l)
	load := r.wrap(fmt.Sprintf("%s[%s]", r.buf, off))
	if checked {
		f.g.used["at"] = true
		load = r.wrap(fmt.Sprintf("tcpAt(%s, %s)", r.buf, off))
	}
	if len(r.guards) == 0 {
		v := f.bind(l, load)
		if _, seen := f.redo[v]; !seen && len(r.dconv) == 0 {
			f.redo[v] = redo{buf: r.buf, off: r.off, load: r.loadFn()}
		}
		return v
	}
	// Under a guard the position may address an empty dim: read with
	// tcpAt, and select.
	f.g.used["at"] = true
	f.g.used["sel"] = true
	v := r.convData(fmt.Sprintf("tcpAt(%s, %s)", r.buf, off))
	for i := len(r.guards) - 1; i >= 0; i-- {
		v = fmt.Sprintf("tcpSel(%s, %s, %s)", r.guards[i].cond, r.guards[i].fill, v)
	}
	return f.bind(l, r.loadFn()+"("+v+")")
}

// noteBound records that resolved index pos indexes a dim of size s.
func (f *funcGen) noteBound(pos string, s poly) {
	if b, seen := f.bound[pos]; seen && (b == nil || !b.equal(s)) {
		f.bound[pos] = nil // one value indexing dims of two sizes
	} else {
		f.bound[pos] = s
	}
}

// resolve applies an index mode to index values vs against dims ss; it
// returns the positions to read and, for mode fill, the guard.
func (f *funcGen) resolve(op *ir.Operation, mode string, vs []string, ss []poly) ([]string, *guard, error) {
	pos := make([]string, len(vs))
	var conds []string
	for k, v := range vs {
		l := max(f.levelOfAtoms(v), f.levelOf(ss[k]))
		s := ss[k].String()
		switch mode {
		case tcp.ModePromiseInBounds, tcp.ModeError:
			pos[k] = v
		case tcp.ModeWrapNegative:
			f.g.used["wrapneg"] = true
			pos[k] = f.bindRedo(l, "tcpWrapNeg", v, s)
		case tcp.ModeClip:
			f.g.used["clip"] = true
			pos[k] = f.bindRedo(l, "tcpClip", v, s)
		case tcp.ModeWrap:
			f.g.used["wrap"] = true
			pos[k] = f.bindRedo(l, "tcpWrap", v, s)
		case tcp.ModeFill:
			f.g.used["safe"] = true
			conds = append(conds, fmt.Sprintf("uint(%s) >= uint(%s)", v, s))
			pos[k] = f.bindRedo(l, "tcpSafe", v, s)
		default:
			return nil, nil, unsupported(op, "unknown mode "+mode)
		}
		if mode == tcp.ModePromiseInBounds {
			f.promise = true
			f.promiseOps[op] = true
		}
		f.noteBound(pos[k], ss[k])
	}
	if mode != tcp.ModeFill || len(conds) == 0 {
		return pos, nil, nil
	}
	var fill string
	fv := op.Attr("fill_value")
	if fv == nil {
		fv = tcp.DefaultFillValue(ir.ElementType(op.Result(0).Type()))
		if f, ok := fv.(ir.FloatAttr); ok {
			// The interpreter fills with the canonical quiet NaN
			// (0x7FF8000000000000 in f64), not math.NaN's bits.
			f.Value = math.Float64frombits(0x7FF8000000000000)
			fv = f
		}
	}
	t, err := interp.FromAttr(fv)
	if err != nil {
		return nil, nil, unsupported(op, err.Error())
	}
	fill = literal(ir.ElementType(op.Result(0).Type()), t.Bits(0))
	l := max(f.levelOfAtoms(vs...), f.levelOf(ss...))
	return pos, &guard{cond: f.bind(l, strings.Join(conds, " || ")), fill: fill}, nil
}

// A tensor.from_elements of integer scalars (what
// --convert-stablehlo-to-tcp makes of jax's get_dimension_size, a
// tensor<i32> of a dim's run-time size): element k is scalar operand k,
// computed before the loops. An element read at a coordinate that is not
// a constant needs a tensor of one element.

func (f *funcGen) checkFromElements(op *ir.Operation) error {
	et := ir.ElementType(op.Result(0).Type())
	if w, ok := bitWidth(et); !ok || w == 1 {
		return unsupported(op, fmt.Sprintf("builds integer or index tensors only, got %s", et))
	}
	for _, v := range op.Operands() {
		if _, err := f.scalar(v); err != nil {
			return err
		}
	}
	return nil
}

func (f *funcGen) readFromElements(op *ir.Operation, coords, ds []poly) (ref, error) {
	k := 0
	if len(op.Operands()) != 1 {
		c, ok := linear(coords, ds).constant()
		if !ok || c < 0 || c >= int64(len(op.Operands())) {
			return ref{}, unsupported(op, "an element of a tensor of several scalars is read at a run-time position")
		}
		k = int(c)
	}
	s, err := f.scalar(op.Operand(k))
	if err != nil {
		return ref{}, err
	}
	return ref{val: s.String()}, nil
}

// emitAssert checks a tcp.assert where it stands (before the loops of the
// results): the kernel returns its message, with each {k} the value of
// values[k], when the condition is false.
func (f *funcGen) emitAssert(op *ir.Operation) error {
	load := func(v ir.Value) (string, error) {
		r, err := f.read(v, nil, false)
		if err != nil {
			return "", err
		}
		if ir.ElementType(v.Type()) == ir.I1 && r.val == "" {
			// A bool buffer element as an int.
			f.g.used["b2i"] = true
			r.load = "tcpB2I"
		}
		return f.loadInt(r, false), nil
	}
	cond, err := load(op.Operand(0))
	if err != nil {
		return err
	}
	var vals []string
	for _, v := range op.Operands()[1:] {
		x, err := load(v)
		if err != nil {
			return err
		}
		vals = append(vals, x)
	}
	msg, _ := op.Attr("msg").(ir.StringAttr)
	// errf formats twice (fmt.Sprintf, then fmt.Errorf in the kernel): a
	// literal % is %%%% here, placeholder {k} the kernel's %[k+1]d.
	format := strings.ReplaceAll(string(msg), "%", "%%%%")
	for k := range vals {
		format = strings.ReplaceAll(format, fmt.Sprintf("{%d}", k), fmt.Sprintf("%%%%[%d]d", k+1))
	}
	f.stmt("if %s == 0 {\nreturn %s\n}", cond, f.errf(format, nil, vals...))
	return nil
}
