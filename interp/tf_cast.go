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
