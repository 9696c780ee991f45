package interp

import (
	"fmt"
	"math"
	"slices"

	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The tensor dialect, with MLIR's semantics on runtime values. Reshapes
// (expand_shape, collapse_shape, reshape) share their operand's data;
// dynamic result dims are computed from the operand's runtime shape and the
// reassociation (or the output_shape operands when present). tensor.dim
// reads the runtime shape. tensor.empty is zero-filled (MLIR leaves the
// contents unspecified). Indices out of range are runtime errors.

func init() {
	register(map[string]kernelFunc{
		"tensor.dim":            runDim,
		"tensor.empty":          runEmpty,
		"tensor.expand_shape":   runExpandShape,
		"tensor.collapse_shape": runCollapseShape,
		"tensor.extract_slice":  runExtractSlice,
		"tensor.insert_slice":   runInsertSlice,
		"tensor.extract":        runExtract,
		"tensor.insert":         runInsert,
		"tensor.concat":         runConcat,
		"tensor.cast":           runCast,
		"tensor.from_elements":  runFromElements,
		"tensor.splat":          runSplat,
		"tensor.reshape":        runReshape,
	})
}

// groups splits args into op's declared operand groups (variadic groups
// included); unregistered ops give one group per operand.
func groups(op *ir.Operation, args []*tensor.Tensor) ([][]*tensor.Tensor, error) {
	def := op.Def()
	if def == nil {
		out := make([][]*tensor.Tensor, len(args))
		for i, a := range args {
			out[i] = []*tensor.Tensor{a}
		}
		return out, nil
	}
	gs, err := def.OperandGroups(op)
	if err != nil {
		return nil, err
	}
	out := make([][]*tensor.Tensor, len(gs))
	pos := 0
	for i, g := range gs {
		out[i] = args[pos : pos+len(g)]
		pos += len(g)
	}
	return out, nil
}

func runDim(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	d, err := scalarInt(args[1])
	if err != nil {
		return nil, fmt.Errorf("index: %v", err)
	}
	if d < 0 || d >= int64(args[0].Rank()) {
		return nil, fmt.Errorf("dimension index %d is out of range for a tensor of rank %d", d, args[0].Rank())
	}
	return []*tensor.Tensor{indexScalar(args[0].Shape[d])}, nil
}

// fillDynamic returns the static shape of rt with its dynamic dims taken
// from sizes, in order.
func fillDynamic(rt *ir.RankedTensorType, sizes []int64) ([]int64, error) {
	shape := append([]int64{}, rt.Shape()...)
	k := 0
	for d, s := range shape {
		if s != ir.Dynamic {
			continue
		}
		if k >= len(sizes) {
			return nil, fmt.Errorf("has %d dynamic dims but %d dynamic sizes", countDynamic(shape), len(sizes))
		}
		if sizes[k] < 0 {
			return nil, fmt.Errorf("dynamic size %d of dim %d is negative", sizes[k], d)
		}
		shape[d] = sizes[k]
		k++
	}
	if k != len(sizes) {
		return nil, fmt.Errorf("has %d dynamic dims but %d dynamic sizes", k, len(sizes))
	}
	return shape, nil
}

func countDynamic(shape []int64) int {
	n := 0
	for _, s := range shape {
		if s == ir.Dynamic {
			n++
		}
	}
	return n
}

func runEmpty(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	rt, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	dt, err := DType(rt.Elem())
	if err != nil {
		return nil, err
	}
	sizes, err := scalarInts(args)
	if err != nil {
		return nil, err
	}
	shape, err := fillDynamic(rt, sizes)
	if err != nil {
		return nil, err
	}
	return one(x.alloc(dt, shape))
}

func runSplat(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 {
		return nil, fmt.Errorf("expects a scalar operand")
	}
	rt, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	sizes, err := scalarInts(args[1:])
	if err != nil {
		return nil, err
	}
	shape, err := fillDynamic(rt, sizes)
	if err != nil {
		return nil, err
	}
	v := args[0]
	if v.NumElements() != 1 {
		return nil, fmt.Errorf("expects a scalar operand")
	}
	out, err := x.alloc(v.DType, shape)
	if err != nil {
		return nil, err
	}
	es := v.DType.Size()
	for i := 0; i < int(out.NumElements()); i++ {
		copy(out.Data[i*es:], v.Data)
	}
	return []*tensor.Tensor{out}, nil
}

// reassociation reads the reassociation attribute: one list of result
// (expand) or source (collapse) dims per dim of the smaller-rank side.
func reassociation(op *ir.Operation) ([][]int64, error) {
	arr, ok := op.Attr("reassociation").(ir.ArrayAttr)
	if !ok {
		return nil, fmt.Errorf("reassociation must be an array of arrays of integers")
	}
	out := make([][]int64, len(arr))
	for i, g := range arr {
		dims, ok := i64Array(g)
		if !ok {
			return nil, fmt.Errorf("reassociation must be an array of arrays of integers")
		}
		out[i] = dims
	}
	return out, nil
}

// checkGroups verifies that groups partition [0, n) in order.
func checkGroups(gs [][]int64, n int) error {
	next := int64(0)
	for _, g := range gs {
		for _, d := range g {
			if d != next {
				return fmt.Errorf("reassociation is not a partition of the %d dims in order", n)
			}
			next++
		}
	}
	if next != int64(n) {
		return fmt.Errorf("reassociation covers %d dims, want %d", next, n)
	}
	return nil
}

func runExpandShape(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 {
		return nil, fmt.Errorf("expects a source operand")
	}
	src := args[0]
	rt, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	gs, err := reassociation(op)
	if err != nil {
		return nil, err
	}
	// An empty reassociation expands a 0-d tensor into unit dims.
	if len(gs) > 0 {
		if err := checkGroups(gs, rt.Rank()); err != nil {
			return nil, err
		}
	}
	if len(gs) != src.Rank() {
		return nil, fmt.Errorf("reassociation has %d groups for a source of rank %d", len(gs), src.Rank())
	}
	var shape []int64
	if len(args) > 1 {
		// LLVM >= 19 form: output_shape gives the dynamic sizes.
		sizes, err := scalarInts(args[1:])
		if err != nil {
			return nil, fmt.Errorf("output_shape: %v", err)
		}
		if shape, err = fillDynamic(rt, sizes); err != nil {
			return nil, err
		}
	} else {
		shape = append([]int64{}, rt.Shape()...)
		if len(gs) == 0 {
			for d := range shape {
				shape[d] = 1
			}
		}
		for i, g := range gs {
			prod, dyn := int64(1), -1
			for _, d := range g {
				if shape[d] == ir.Dynamic {
					if dyn >= 0 {
						return nil, fmt.Errorf("cannot infer the sizes of result dims %d and %d: both are dynamic in one group", dyn, d)
					}
					dyn = int(d)
					continue
				}
				if shape[d] != 0 && prod > math.MaxInt64/shape[d] {
					return nil, fmt.Errorf("result shape overflows")
				}
				prod *= shape[d]
			}
			if dyn >= 0 {
				if prod == 0 {
					return nil, fmt.Errorf("cannot infer the size of result dim %d: the other dims of its group have no elements", dyn)
				}
				if src.Shape[i]%prod != 0 {
					return nil, fmt.Errorf("source dim %d of size %d cannot be expanded into %s", i, src.Shape[i], shapeWithDyn(rt.Shape(), g))
				}
				shape[dyn] = src.Shape[i] / prod
			}
		}
	}
	for i, g := range gs {
		prod := int64(1)
		for _, d := range g {
			prod *= shape[d]
		}
		if prod != src.Shape[i] {
			return nil, fmt.Errorf("source dim %d of size %d cannot be expanded into %s", i, src.Shape[i], shapeWithDyn(shape, g))
		}
	}
	return one(kernel.Reshape(src, shape))
}

// shapeWithDyn prints the dims g of shape.
func shapeWithDyn(shape []int64, g []int64) string {
	s := "["
	for i, d := range g {
		if i > 0 {
			s += ", "
		}
		if shape[d] == ir.Dynamic {
			s += "?"
		} else {
			s += fmt.Sprint(shape[d])
		}
	}
	return s + "]"
}

func runCollapseShape(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	src := args[0]
	rt, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	gs, err := reassociation(op)
	if err != nil {
		return nil, err
	}
	// An empty reassociation collapses unit dims into a 0-d tensor.
	if len(gs) > 0 {
		if err := checkGroups(gs, src.Rank()); err != nil {
			return nil, err
		}
	}
	if len(gs) != rt.Rank() {
		return nil, fmt.Errorf("reassociation has %d groups for a result of rank %d", len(gs), rt.Rank())
	}
	shape := make([]int64, len(gs))
	for j, g := range gs {
		sub := make([]int64, len(g))
		for k, d := range g {
			sub[k] = src.Shape[d]
		}
		n, err := tensor.NumElementsOf(sub)
		if err != nil {
			return nil, err
		}
		shape[j] = n
	}
	if len(gs) == 0 && src.NumElements() != 1 {
		return nil, fmt.Errorf("cannot collapse %s to a 0-d tensor", src.Type())
	}
	return one(kernel.Reshape(src, shape))
}

func runReshape(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	sh := args[1]
	if sh.Rank() != 1 || !sh.DType.IsInt() {
		return nil, fmt.Errorf("shape must be a 1-d integer or index tensor")
	}
	shape := make([]int64, sh.NumElements())
	for i := range shape {
		shape[i], _ = intOf(sh, i)
	}
	return one(kernel.Reshape(args[0], shape))
}

// mixed combines a static list attribute (ir.Dynamic marks a dynamic entry)
// with the dynamic values, in order.
func mixed(op *ir.Operation, attr string, dyn []*tensor.Tensor) ([]int64, error) {
	static, ok := i64Array(op.Attr(attr))
	if !ok {
		return nil, fmt.Errorf("%s must be an array of integers", attr)
	}
	vals, err := scalarInts(dyn)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(static))
	k := 0
	for i, s := range static {
		if s == ir.Dynamic {
			if k >= len(vals) {
				return nil, fmt.Errorf("%s has more dynamic entries than operands", attr)
			}
			out[i] = vals[k]
			k++
		} else {
			out[i] = s
		}
	}
	if k != len(vals) {
		return nil, fmt.Errorf("%s has %d dynamic entries but %d operands", attr, k, len(vals))
	}
	return out, nil
}

// sliceParams reads the offsets, sizes and strides of extract_slice and
// insert_slice, whose operand groups start at first.
func sliceParams(op *ir.Operation, gs [][]*tensor.Tensor, first int) (offsets, sizes, strides []int64, err error) {
	if len(gs) < first+3 {
		return nil, nil, nil, fmt.Errorf("expects offsets, sizes and strides operand groups")
	}
	if offsets, err = mixed(op, "static_offsets", gs[first]); err != nil {
		return
	}
	if sizes, err = mixed(op, "static_sizes", gs[first+1]); err != nil {
		return
	}
	strides, err = mixed(op, "static_strides", gs[first+2])
	return
}

// dropUnitDims returns the positions of sizes kept by a rank-reducing
// slice whose result type has shape want, as MLIR's
// computeRankReductionMask decides on the static sizes: a dim is kept when
// it matches the next result dim, else it must be 1 and is dropped.
func dropUnitDims(static []int64, want []int64) ([]bool, bool) {
	keep := make([]bool, len(static))
	j := 0
	for i, s := range static {
		if j < len(want) && s == want[j] {
			keep[i] = true
			j++
			continue
		}
		if s != 1 {
			return nil, false
		}
	}
	return keep, j == len(want)
}

func runExtractSlice(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	gs, err := groups(op, args)
	if err != nil {
		return nil, err
	}
	if len(gs) < 1 || len(gs[0]) != 1 {
		return nil, fmt.Errorf("expects a source operand")
	}
	src := gs[0][0]
	offsets, sizes, strides, err := sliceParams(op, gs, 1)
	if err != nil {
		return nil, err
	}
	if len(offsets) != src.Rank() || len(sizes) != src.Rank() || len(strides) != src.Rank() {
		return nil, fmt.Errorf("expects %d offsets, sizes and strides, got %d, %d and %d", src.Rank(), len(offsets), len(sizes), len(strides))
	}
	for d, n := range sizes {
		if n < 0 {
			return nil, fmt.Errorf("size of dimension %d is negative: %d", d, n)
		}
	}
	if err := x.checkSize(src.DType, sizes); err != nil {
		return nil, err
	}
	out, err := kernel.Slice(src, offsets, sizes, strides)
	if err != nil {
		return nil, err
	}
	rt, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	if rt.Rank() == len(sizes) {
		return []*tensor.Tensor{out}, nil
	}
	static, _ := i64Array(op.Attr("static_sizes"))
	keep, ok := dropUnitDims(static, rt.Shape())
	if !ok {
		return nil, fmt.Errorf("cannot reduce the slice sizes %s to the result type %s", tensor.ShapeString(sizes), rt)
	}
	var shape []int64
	for d, k := range keep {
		if k {
			shape = append(shape, sizes[d])
		}
	}
	return one(kernel.Reshape(out, shape))
}

func runInsertSlice(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	gs, err := groups(op, args)
	if err != nil {
		return nil, err
	}
	if len(gs) < 2 || len(gs[0]) != 1 || len(gs[1]) != 1 {
		return nil, fmt.Errorf("expects source and dest operands")
	}
	src, dest := gs[0][0], gs[1][0]
	offsets, sizes, strides, err := sliceParams(op, gs, 2)
	if err != nil {
		return nil, err
	}
	r := dest.Rank()
	if len(offsets) != r || len(sizes) != r || len(strides) != r {
		return nil, fmt.Errorf("expects %d offsets, sizes and strides, got %d, %d and %d", r, len(offsets), len(sizes), len(strides))
	}
	n, err := tensor.NumElementsOf(sizes)
	if err != nil {
		return nil, err
	}
	if src.DType != dest.DType {
		return nil, fmt.Errorf("source %s does not fill a slice of sizes %s", src.Type(), tensor.ShapeString(sizes))
	}
	// source has the window's sizes, with the unit dims that the static
	// rank reduction drops left out (as MLIR decides it on the types).
	static, _ := i64Array(op.Attr("static_sizes"))
	st, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("expects a ranked source")
	}
	keep, ok := dropUnitDims(static, st.Shape())
	if !ok && st.Rank() == len(sizes) {
		keep, ok = make([]bool, len(sizes)), true
		for d := range keep {
			keep[d] = true
		}
	}
	var want []int64
	for d, k := range keep {
		if k {
			want = append(want, sizes[d])
		} else if sizes[d] != 1 {
			ok = false
		}
	}
	if !ok || !slices.Equal(want, src.Shape) {
		return nil, fmt.Errorf("source %s does not fill a slice of sizes %s", src.Type(), tensor.ShapeString(sizes))
	}
	// Check the window by slicing dest with it (same rules as extract_slice).
	if _, err := kernel.Slice(dest, offsets, sizes, strides); err != nil {
		return nil, err
	}
	out := dest.Clone()
	es := int64(dest.DType.Size())
	ds := dest.Strides()
	coord := make([]int64, r)
	for i := int64(0); i < n; i++ {
		rem := i
		for d := r - 1; d >= 0; d-- {
			coord[d] = rem % sizes[d]
			rem /= sizes[d]
		}
		off := int64(0)
		for d := 0; d < r; d++ {
			off += (offsets[d] + coord[d]*strides[d]) * ds[d]
		}
		copy(out.Data[off*es:(off+1)*es], src.Data[i*es:(i+1)*es])
	}
	return []*tensor.Tensor{out}, nil
}

// flatIndex checks indices against shape and returns the row-major offset.
func flatIndex(idx []int64, shape []int64) (int64, error) {
	if len(idx) != len(shape) {
		return 0, fmt.Errorf("expects %d indices, got %d", len(shape), len(idx))
	}
	off := int64(0)
	strides := tensor.Strides(shape)
	for d, v := range idx {
		if v < 0 || v >= shape[d] {
			return 0, fmt.Errorf("index %d is out of bounds for dimension %d with size %d", v, d, shape[d])
		}
		off += v * strides[d]
	}
	return off, nil
}

func runExtract(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 {
		return nil, fmt.Errorf("expects a tensor operand")
	}
	t := args[0]
	idx, err := scalarInts(args[1:])
	if err != nil {
		return nil, err
	}
	off, err := flatIndex(idx, t.Shape)
	if err != nil {
		return nil, err
	}
	es := int64(t.DType.Size())
	return []*tensor.Tensor{{DType: t.DType, Shape: []int64{}, Data: t.Data[off*es : (off+1)*es : (off+1)*es]}}, nil
}

func runInsert(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 2 {
		return nil, fmt.Errorf("expects a scalar and a destination operand")
	}
	v, dest := args[0], args[1]
	if v.NumElements() != 1 || v.DType != dest.DType {
		return nil, fmt.Errorf("expects a scalar of type %s", dest.DType)
	}
	idx, err := scalarInts(args[2:])
	if err != nil {
		return nil, err
	}
	off, err := flatIndex(idx, dest.Shape)
	if err != nil {
		return nil, err
	}
	out := dest.Clone()
	es := int64(dest.DType.Size())
	copy(out.Data[off*es:(off+1)*es], v.Data)
	return []*tensor.Tensor{out}, nil
}

func runFromElements(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	rt, err := resultTensorType(op, 0)
	if err != nil {
		return nil, err
	}
	dt, err := DType(rt.Elem())
	if err != nil {
		return nil, err
	}
	if !rt.HasStaticShape() || rt.NumElements() != int64(len(args)) {
		return nil, fmt.Errorf("expects %d elements for %s, got %d", rt.NumElements(), rt, len(args))
	}
	out, err := x.alloc(dt, rt.Shape())
	if err != nil {
		return nil, err
	}
	es := dt.Size()
	for i, a := range args {
		if a.DType != dt || a.NumElements() != 1 {
			return nil, fmt.Errorf("element #%d has type %s, want a %s scalar", i, a.Type(), dt)
		}
		copy(out.Data[i*es:], a.Data)
	}
	return []*tensor.Tensor{out}, nil
}

func runCast(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 1); err != nil {
		return nil, err
	}
	if op.NumResults() == 1 {
		if err := checkValue(args[0], op.Result(0).Type()); err != nil {
			return nil, fmt.Errorf("cannot cast at run time: %v", err)
		}
	}
	return []*tensor.Tensor{args[0]}, nil
}

func runConcat(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if len(args) < 1 {
		return nil, fmt.Errorf("expects at least one operand")
	}
	dim64, ok := intAttr(op, "dim")
	if !ok || dim64 < 0 || dim64 >= int64(args[0].Rank()) {
		return nil, fmt.Errorf("dim %v is out of range for rank %d", op.Attr("dim"), args[0].Rank())
	}
	return x.concat(args, int(dim64))
}

// concat joins args along dim (tensor.concat, stablehlo.concatenate).
func (x *execState) concat(args []*tensor.Tensor, dim int) ([]*tensor.Tensor, error) {
	first := args[0]
	r := first.Rank()
	shape := append([]int64{}, first.Shape...)
	shape[dim] = 0
	for i, a := range args {
		if a.Rank() != r || a.DType != first.DType {
			return nil, fmt.Errorf("operand #%d has type %s, want rank %d and element type %s", i, a.Type(), r, first.DType)
		}
		for d := 0; d < r; d++ {
			if d != dim && a.Shape[d] != first.Shape[d] {
				return nil, fmt.Errorf("operand #%d has shape %s, which differs from %s outside dim %d", i, tensor.ShapeString(a.Shape), tensor.ShapeString(first.Shape), dim)
			}
		}
		if shape[dim] > math.MaxInt64-a.Shape[dim] {
			return nil, fmt.Errorf("concatenated dim %d overflows", dim)
		}
		shape[dim] += a.Shape[dim]
	}
	out, err := x.alloc(first.DType, shape)
	if err != nil {
		return nil, err
	}
	if out.NumElements() == 0 {
		return []*tensor.Tensor{out}, nil
	}
	// outer = prod(shape[:dim]); each operand contributes a contiguous block
	// of shape[dim:] per outer index.
	outer := int64(1)
	for _, s := range shape[:dim] {
		outer *= s
	}
	es := int64(first.DType.Size())
	pos := int64(0)
	for o := int64(0); o < outer; o++ {
		for _, a := range args {
			block := a.NumElements() / outer * es
			copy(out.Data[pos:pos+block], a.Data[o*block:(o+1)*block])
			pos += block
		}
	}
	return []*tensor.Tensor{out}, nil
}
