package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// TensorFlow's scatters on CPU (dialect/tf scatter.go): index tuples in
// [0, s) (mode error; bad_indices_policy IGNORE: drop), duplicates in
// row-major order; ScatterNd on zeros; the unsorted segment reductions
// from TensorFlow's identities (lowest / highest finite value for max /
// min), negative segment ids dropped and ids >= num_segments an error.

func init() {
	m := map[string]kernelFunc{tf.ScatterNdName: runTFScatterNd}
	for name := range tf.ScatterCombine {
		if name != tf.ScatterNdName {
			m[name] = runTFTensorScatter
		}
	}
	for name := range tf.SegmentCombine {
		m[name] = runTFUnsortedSegment
	}
	register(m)
}

func tfScatterMode(op *ir.Operation) kernel.Mode {
	if op.StrAttr("bad_indices_policy") == "IGNORE" {
		return kernel.Drop
	}
	return kernel.Error
}

// tfScatterND applies combine (with "sub" as add of the negated updates)
// of updates into base by kernel.ScatterND.
func tfScatterND(base, idx, upd *tensor.Tensor, combine string, mode kernel.Mode) ([]*tensor.Tensor, error) {
	idx, err := indicesI64(idx)
	if err != nil {
		return nil, err
	}
	if combine == "sub" {
		// add of the negated updates: the sign bit of floats flipped (so
		// x - (+0) = x + (-0) keeps x's zero sign, as subtraction does),
		// integers negated modulo their width
		neg := upd.Clone()
		for i := 0; i < int(neg.NumElements()); i++ {
			if upd.DType.IsFloat() {
				neg.SetBits(i, upd.Bits(i)^(uint64(1)<<(upd.DType.Bits()-1)))
			} else {
				neg.SetBits(i, -upd.Bits(i))
			}
		}
		upd, combine = neg, "add"
	}
	c, err := kernel.ParseCombine(combine)
	if err != nil {
		return nil, err
	}
	return one(kernel.ScatterND(base, idx, upd, 0, kernel.ScatterSpec{Mode: mode, Combine: c}))
}

func runTFTensorScatter(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	return tfScatterND(args[0], args[1], args[2], tf.ScatterCombine[op.Name()], tfScatterMode(op))
}

func runTFScatterNd(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	if args[2].Rank() != 1 {
		return nil, fmt.Errorf("shape must be a 1-D tensor, got %s", args[2].Type())
	}
	shape := args[2].Int64s()
	for _, d := range shape {
		if d < 0 {
			return nil, fmt.Errorf("shape %v has a negative dim", shape)
		}
	}
	base, err := x.alloc(args[1].DType, shape)
	if err != nil {
		return nil, err
	}
	return tfScatterND(base, args[0], args[1], "add", tfScatterMode(op))
}

// tfSegmentIdentity fills t with TensorFlow's initial value of an
// unsorted segment reduction: 0 (sum), 1 (prod), the lowest (max) or
// highest (min) finite value of the element type.
func tfSegmentIdentity(combine string, t *tensor.Tensor) {
	for i := 0; i < int(t.NumElements()); i++ {
		switch {
		case combine == "mul":
			t.SetInt64(i, 1)
		case combine == "max" && t.DType.IsFloat():
			t.SetFloat64(i, -maxFinite(t.DType))
		case combine == "min" && t.DType.IsFloat():
			t.SetFloat64(i, maxFinite(t.DType))
		case combine == "max" || combine == "min":
			combineIdentity(combine, t.DType, t, i)
		}
	}
}

func maxFinite(dt tensor.DType) float64 {
	switch dt {
	case tensor.F16:
		return 65504
	case tensor.BF16:
		return 3.3895313892515355e38
	case tensor.F32:
		return math.MaxFloat32
	}
	return math.MaxFloat64
}

func runTFUnsortedSegment(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 3); err != nil {
		return nil, err
	}
	data, ids, ns := args[0], args[1], args[2]
	if ns.NumElements() != 1 || ns.Rank() != 0 {
		return nil, fmt.Errorf("num_segments must be a 0-d tensor, got %s", ns.Type())
	}
	n := ns.Int64At(0)
	if n < 0 {
		return nil, fmt.Errorf("num_segments %d is negative", n)
	}
	k := ids.Rank()
	if k > data.Rank() {
		return nil, fmt.Errorf("segment_ids of rank %d for data of rank %d", k, data.Rank())
	}
	for d := 0; d < k; d++ {
		if ids.Shape[d] != data.Shape[d] {
			return nil, fmt.Errorf("segment_ids.shape %s is not a prefix of data.shape %s", tensor.ShapeString(ids.Shape), tensor.ShapeString(data.Shape))
		}
	}
	for i := 0; i < int(ids.NumElements()); i++ {
		if v := ids.Int64At(i); v >= n {
			return nil, fmt.Errorf("segment_ids%s = %d is out of range [0, %d)", tensor.ShapeString(tensor.Unravel(int64(i), ids.Shape)), v, n)
		}
	}
	out, err := x.alloc(data.DType, append([]int64{n}, data.Shape[k:]...))
	if err != nil {
		return nil, err
	}
	combine := tf.SegmentCombine[op.Name()]
	tfSegmentIdentity(combine, out)
	idx, err := kernel.Reshape(ids, append(append([]int64{}, ids.Shape...), 1))
	if err != nil {
		return nil, err
	}
	// negative ids are dropped; the rest are in range (checked above)
	return tfScatterND(out, idx, data, combine, kernel.Drop)
}
