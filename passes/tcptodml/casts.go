package tcptodml

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
)

// Casts of index tensors and per-component clip bounds.
//
// tcp.cast_indices, arith.extsi and arith.trunci on tensors become a
// dml.cast (DirectML's CAST converts integer values exactly when the
// result type holds them and keeps the low bits otherwise, which is
// trunci). A saturating tcp.cast_indices (ui64 to i64; ui32, i64 or si64
// to i32) first clamps with ELEMENT_WISE_CLIP to the largest FLOAT below
// the result's maximum (2^63 - 2^39, 2^31 - 128), which is outside every
// DirectML dim, so every mode but wrap sees the same index; a saturating
// cast read under mode wrap is a located error. The feature level of a
// cast is checked only if it is still used after its consumers are
// lowered: a gather peels exact widening casts off its indices (and reads
// the narrower source, cast to INT32 if it has 8 or 16 bits; UINT32 is
// read as is), so ui32 and i16 indices need neither 64-bit CAST nor
// 64-bit CLIP.
//
// Mode clip on gather_nd indices whose components select in dims of
// different sizes clamps the index view into [0, largest size - 1] with
// ELEMENT_WISE_CLIP and then takes ELEMENT_WISE_MIN with a constant of the
// per-component bounds, read with strides 0 except 1 along the component
// dim.

// isIndexCast reports the tensor casts lowered here.
func isIndexCast(op *ir.Operation) bool {
	switch op.Name() {
	case tcp.CastIndicesName, tcp.BitcastName, arith.ExtSIName, arith.TruncIName, arith.ExtUIName, arith.FPToSIName, arith.ExtFName, arith.TruncFName, arith.SIToFPName:
		return isTensor(op.Result(0).Type())
	}
	return false
}

// pending is a created dml op whose feature level is checked after the
// function's gathers are lowered, if it is still used (err says why not).
type pending struct {
	op  *ir.Operation
	err func(needs dml.Need) *ir.Diagnostic
}

// castIndices lowers a tensor cast (see above).
func (c *conv) castIndices(op *ir.Operation) *ir.Diagnostic {
	for _, v := range []ir.Value{op.Operand(0), op.Result(0)} {
		if err := checkTensor(op, "tensor", v.Type()); err != nil {
			return err
		}
	}
	if err := c.checkCastKind(op); err != nil {
		return err
	}
	from, _ := ir.ElementType(op.Operand(0).Type()).(ir.IntegerType)
	to, _ := ir.ElementType(op.Result(0).Type()).(ir.IntegerType)
	shape := shapeOf(op.Operand(0))
	d, err := c.dims(op, "DML_OPERATOR_CAST", true, len(shape))
	if err != nil {
		return err
	}
	dc := ir.NamedAttr{Name: "dimension_count", Value: ir.IndexAttr(int64(d))}
	c.rw.SetInsertionPointBefore(op)
	src := op.Operand(0)
	if op.Name() == tcp.CastIndicesName && saturates(from, to) {
		if readUnderWrap(op.Result(0)) {
			return errorf(op, "a saturating %s to %s cast is read under mode \"wrap\", where clamping to a FLOAT bound below the largest %s is not exact", from, to, to)
		}
		hi := float64(1<<63 - 1<<39)
		lo := -float64(1 << 63)
		if to.Width == 32 {
			hi, lo = 1<<31-128, -(1 << 31)
		}
		if from.Sign == ir.Unsigned {
			lo = 0
		}
		f32 := ir.FloatType{Kind: ir.F32}
		k := c.rw.Create(dml.ClipName, c.loc(op), []ir.Value{src}, []ir.Type{src.Type()}, []ir.NamedAttr{dc,
			{Name: "max", Value: ir.Float(hi, f32)}, {Name: "min", Value: ir.Float(lo, f32)}})
		c.defer1(op, k)
		src = k.Result(0)
	}
	k := c.rw.Create(dml.CastName, c.loc(op), []ir.Value{src}, []ir.Type{op.Result(0).Type()}, []ir.NamedAttr{dc})
	c.defer1(op, k)
	op.ReplaceAllUsesWith(k.Results())
	op.Erase()
	return nil
}

// checkCastKind refuses the casts DirectML's CAST does not compute like
// arith: i1 (which moves as UINT8 0 or 1) converts exactly to a wider
// integer under extui only (extsi makes true -1); extui from wider
// integers would sign-extend INT8/INT16/INT32 data; fptosi truncates
// toward zero like D3D's float-to-int conversion, but a NaN or a value
// out of the result's range, which the interpreter reports, has no
// error path in DirectML: it is lowered only with assume-in-bounds.
func (c *conv) checkCastKind(op *ir.Operation) *ir.Diagnostic {
	from, to := ir.ElementType(op.Operand(0).Type()), ir.ElementType(op.Result(0).Type())
	if op.Name() == tcp.BitcastName {
		return errorf(op, "tcp.bitcast of %s to %s: DirectML's CAST converts values (it may clamp), it does not reinterpret bits", from, to)
	}
	if from == (ir.FloatType{Kind: ir.BF16}) || to == (ir.FloatType{Kind: ir.BF16}) {
		return errorf(op, "%s of bf16: bf16 data moves through DirectML only as UINT16 bits (DirectML has no bfloat16 type to convert)", op.Name())
	}
	if op.Name() == arith.ExtFName || op.Name() == arith.TruncFName {
		// FLOAT16, FLOAT32 and FLOAT64 data (checkTensor refused bf16,
		// which DirectML has no type for): CAST widens exactly and
		// narrows to nearest even.
		return nil
	}
	if op.Name() == arith.SIToFPName {
		// An ONNX Cast of integer data to float: CAST rounds an integer
		// of at most 32 bits (exact in float64) once to nearest even, as
		// arith.sitofp does; 64-bit integers would round twice.
		it, ok := from.(ir.IntegerType)
		if !ok || it.Width == 1 || it.Width > 32 || it.Sign != ir.Signless {
			return errorf(op, "sitofp from 8- to 32-bit signless integers only (a 64-bit integer would round twice), got %s", from)
		}
		return nil
	}
	if _, ok := to.(ir.IntegerType); !ok {
		return errorf(op, "casts to integer elements only, got %s", to)
	}
	switch op.Name() {
	case arith.FPToSIName:
		ft, ok := from.(ir.FloatType)
		if !ok || (ft.Kind != ir.F32 && ft.Kind != ir.F16) {
			return errorf(op, "fptosi from FLOAT32 or FLOAT16 data only, got %s", from)
		}
		if to == ir.I1 {
			return errorf(op, "fptosi to i1 is not lowered")
		}
		if !c.assume {
			return errorf(op, "DirectML's CAST cannot report a NaN or out-of-range value, which fptosi refuses; assume-in-bounds (tcp-pipeline --assume-in-bounds) lowers it as if every value fits")
		}
		return nil
	case arith.ExtUIName:
		if from != ir.I1 {
			dt, _ := dml.DataTypeOf(from)
			return errorf(op, "extui from %s is not lowered (DirectML's CAST sign-extends %s data); only i1, which moves as UINT8 0 or 1, is", from, dt)
		}
		return nil
	}
	if from == ir.I1 {
		return errorf(op, "%s of i1 is not lowered (i1 moves as UINT8 0 or 1; DirectML's CAST cannot make true -1)", op.Name())
	}
	if _, ok := from.(ir.IntegerType); !ok {
		return errorf(op, "casts from integer elements only, got %s", from)
	}
	return nil
}

// defer1 records d, created for op, for the level check in checkPending.
func (c *conv) defer1(op, d *ir.Operation) {
	name, loc := op.Name(), op.Loc()
	c.pending = append(c.pending, pending{op: d, err: func(n dml.Need) *ir.Diagnostic {
		return &ir.Diagnostic{Loc: loc, Severity: ir.SevError, Message: fmt.Sprintf("'%s' op cannot be lowered to DirectML: %s needs feature level %s, got %s", name, n.Reason, n.Level, c.level)}
	}})
}

// checkPending checks the deferred ops still in body.
func (c *conv) checkPending(body *ir.Block) *ir.Diagnostic {
	live := map[*ir.Operation]bool{}
	for _, op := range body.Ops() {
		live[op] = true
	}
	for _, p := range c.pending {
		if !live[p.op] {
			continue
		}
		needs, err := dml.Needs(p.op)
		if err != nil {
			return errorf(p.op, "%v", err)
		}
		for _, n := range needs {
			if n.Level > c.level {
				return p.err(n)
			}
		}
	}
	return nil
}

// saturates reports whether tcp.cast_indices from -> to can change a
// value.
func saturates(from, to ir.IntegerType) bool {
	if from.Sign == ir.Unsigned {
		return from.Width >= to.Width
	}
	return from.Width > to.Width
}

// exactWidening reports whether a dml.cast from -> to keeps every value.
func exactWidening(from, to ir.Type) bool {
	f, ok1 := from.(ir.IntegerType)
	t, ok2 := to.(ir.IntegerType)
	if !ok1 || !ok2 || f.Width == 1 {
		return false
	}
	if f.Sign == ir.Unsigned {
		return t.Width > f.Width || t.Sign == ir.Unsigned && t.Width == f.Width
	}
	return t.Sign != ir.Unsigned && t.Width >= f.Width
}

// readUnderWrap reports whether v reaches, through views, the indices of
// a gather under mode wrap.
func readUnderWrap(v ir.Value) bool {
	for _, u := range ir.Uses(v) {
		o := u.Owner()
		switch {
		case isView(o) || o.Name() == tensor.ExpandShapeName || o.Name() == tensor.CollapseShapeName:
			if readUnderWrap(o.Result(0)) {
				return true
			}
		case (o.Name() == tcp.GatherName || o.Name() == tcp.GatherNDName) && o.StrAttr("mode") == tcp.ModeWrap:
			return true
		}
	}
	return false
}

// peelCasts reads an index view through exact widening dml.casts: the
// view's base becomes the narrowest source, as INT32 if it has 8 or 16
// bits.
func (c *conv) peelCasts(op *ir.Operation, w view) view {
	base := w.base
	for {
		def := base.DefiningOp()
		if def == nil || def.Name() != dml.CastName || def.Attr("input_sizes") != nil ||
			!exactWidening(ir.ElementType(def.Operand(0).Type()), ir.ElementType(def.Result(0).Type())) {
			break
		}
		base = def.Operand(0)
	}
	if base == w.base {
		return w
	}
	if ir.ElementType(base.Type()).(ir.IntegerType).Width < 32 {
		bs := shapeOf(base)
		if a, ok := ir.ConstantAttr(base).(*ir.DenseElementsAttr); ok {
			// Constant indices stay constant (resolved at compile time).
			t := ir.RankedTensor(bs, ir.I32)
			c.rw.SetInsertionPointBefore(op)
			k := c.rw.Create(dml.ConstantName, base.DefiningOp().Loc(), nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: ir.NewDenseInts(t, a.Ints())}})
			w.base = k.Result(0)
			return w
		}
		d, err := c.dims(op, "DML_OPERATOR_CAST", true, len(bs))
		if err != nil {
			return w
		}
		c.rw.SetInsertionPointBefore(op)
		k := c.rw.Create(dml.CastName, c.loc(op), []ir.Value{base}, []ir.Type{ir.RankedTensor(bs, ir.I32)},
			[]ir.NamedAttr{{Name: "dimension_count", Value: ir.IndexAttr(int64(d))}})
		base = k.Result(0)
	}
	w.base = base
	return w
}

// clipComponents clamps the index view w of a gather_nd whose m
// components select in dims of sizes bounds (see above); the result is a
// packed view of new values.
func (c *conv) clipComponents(op *ir.Operation, w view, bounds []int64) (view, *ir.Diagnostic) {
	hi := int64(0)
	for _, b := range bounds {
		hi = max(hi, b)
	}
	et := ir.ElementType(w.base.Type()).(ir.IntegerType)
	switch {
	case c.level < dml.FL3_0:
		return view{}, errorf(op, "mode \"clip\" on non-constant indices needs ELEMENT_WISE_CLIP on integers, which needs feature level 3.0, got %s", c.level)
	case et.Width == 64 && c.level < dml.FL5_0:
		return view{}, errorf(op, "mode \"clip\" on 64-bit indices needs ELEMENT_WISE_CLIP and ELEMENT_WISE_MIN on INT64, which need feature level 5.0, got %s", c.level)
	case hi-1 > 1<<24:
		return view{}, errorf(op, "mode \"clip\" bound %d is not exact as ELEMENT_WISE_CLIP's FLOAT (CLIP1 is not lowered)", hi-1)
	}
	d, err := c.dims(op, "DML_OPERATOR_ELEMENT_WISE_MIN", true, len(w.sizes))
	if err != nil {
		return view{}, err
	}
	out := ir.RankedTensor(w.sizes, et)
	f32 := ir.FloatType{Kind: ir.F32}
	c.rw.SetInsertionPointBefore(op)
	clip := c.rw.Create(dml.ClipName, c.loc(op), []ir.Value{w.base}, []ir.Type{out}, append([]ir.NamedAttr{
		{Name: "dimension_count", Value: ir.IndexAttr(int64(d))},
		{Name: "max", Value: ir.Float(float64(hi-1), f32)},
		{Name: "min", Value: ir.Float(0, f32)},
	}, w.attrs("input", d)...))
	m := int64(len(bounds))
	lim := make([]int64, m)
	for k, b := range bounds {
		lim[k] = b - 1
	}
	kt := ir.RankedTensor([]int64{m}, et)
	k := c.rw.Create(dml.ConstantName, c.loc(op), nil, []ir.Type{kt}, []ir.NamedAttr{{Name: "value", Value: ir.NewDenseInts(kt, lim)}})
	st := make([]int64, d)
	st[d-1] = 1
	mn := c.rw.Create(dml.MinName, c.loc(op), []ir.Value{clip.Result(0), k.Result(0)}, []ir.Type{out}, []ir.NamedAttr{
		{Name: "b_sizes", Value: ir.I64Array(dml.Pad(w.sizes, d)...)},
		{Name: "b_strides", Value: ir.I64Array(st...)},
		{Name: "dimension_count", Value: ir.IndexAttr(int64(d))},
	})
	return view{base: mn.Result(0), sizes: append([]int64{}, w.sizes...), strides: dml.PackedStrides(w.sizes)}, nil
}
