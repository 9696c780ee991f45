package interp

import (
	"fmt"
	"math"

	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// TensorFlow's Cast, Transpose and FloorMod (dialect/tf cast.go).

func init() {
	register(map[string]kernelFunc{
		tf.CastName:      runHLOConvert,
		tf.TransposeName: runTFTranspose,
		tf.FloorModName:  onnxBinary(floorMod, floorModF),
	})
}

// floorModF is x - floor(x / y) * y with fmod's precision: the remainder
// takes y's sign.
func floorModF(a, b float64) float64 {
	r := math.Mod(a, b)
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return r
}

func runTFTranspose(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	p := args[1].Int64s()
	if args[1].Rank() != 1 || len(p) != args[0].Rank() {
		return nil, fmt.Errorf("perm %v is not a permutation of [0, %d)", p, args[0].Rank())
	}
	perm := make([]int, len(p))
	seen := make([]bool, len(p))
	for k, v := range p {
		if v < 0 || v >= int64(len(p)) || seen[v] {
			return nil, fmt.Errorf("perm %v is not a permutation of [0, %d)", p, args[0].Rank())
		}
		seen[v] = true
		perm[k] = int(v)
	}
	return one(kernel.Transpose(args[0], perm))
}

func init() {
	register(map[string]kernelFunc{tf.ReverseSequenceName: runTFReverseSequence})
}

func runTFReverseSequence(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if err := nargs(args, 2); err != nil {
		return nil, err
	}
	in, lens := args[0], args[1]
	s, b, ok := tf.ReverseSequenceDims(op, in.Rank())
	if !ok {
		return nil, fmt.Errorf("seq_dim and batch_dim must be distinct dims of a rank-%d input", in.Rank())
	}
	if lens.Rank() != 1 || lens.Shape[0] != in.Shape[b] {
		return nil, fmt.Errorf("seq_lengths %s must be 1-D of the size of batch_dim %d (%d)", lens.Type(), b, in.Shape[b])
	}
	ls := lens.Int64s()
	for k, l := range ls {
		if l < 0 || l > in.Shape[s] {
			return nil, fmt.Errorf("seq_lens(%d) = %d is outside [0, %d] (input.dims(seq_dim))", k, l, in.Shape[s])
		}
	}
	out, err := x.alloc(in.DType, in.Shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < int(in.NumElements()); i++ {
		p := tensor.Unravel(int64(i), in.Shape)
		if l := ls[p[b]]; p[s] < l {
			p[s] = l - 1 - p[s]
		}
		src := int64(0)
		for d, v := range p {
			src = src*in.Shape[d] + v
		}
		out.SetBits(i, in.Bits(int(src)))
	}
	return []*tensor.Tensor{out}, nil
}
