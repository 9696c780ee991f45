package tcp

import (
	"github.com/tcp-project/tcp/ir"
)

// BitcastName is the name of tcp.bitcast.
const BitcastName = "tcp.bitcast"

// Bitcast is tcp.bitcast: the bits of an integer tensor read as another
// integer type of the same width and any signedness. The StableHLO
// conversion uses it to give an unsigned result (jax's x.astype(uint8))
// back its type after computing it in signless arithmetic.
var Bitcast = ir.MustRegister(ir.OpDef{
	Name:    BitcastName,
	Summary: "reinterpret integer bits across signedness",
	Description: `out[p] has the bits of in[p], elementwise: elem(in) and elem(out) are
integers of one width (8, 16, 32 or 64 bits) that may differ only in
signedness (signless, signed or unsigned). So an i8 of -1 is the ui8 255
and the ui8 255 is the i8 -1; no value is clamped or rounded.

arith.bitcast, as MLIR defines it, takes signless types only; this op is
the one place where a signless integer tensor becomes an unsigned (or
signed) one, as tcp.cast_indices is the one place where the signedness of
an index type is turned into a value.

Verifier rules:
  1. elem(in) and elem(out) are 8, 16, 32 or 64-bit integers of one width
     ("expects operand and result element types of one width, got ...").
  2. shape(out) == shape(in) (a dynamic dim matches any size) ("expects
     the result shape to be the operand shape, got ...").`,
	Examples: []string{
		"%0 = tcp.bitcast %arg0 : tensor<4xi8> -> tensor<4xui8>",
		"%1 = tcp.bitcast %arg1 : tensor<?x2xui32> -> tensor<?x2xi32>",
	},
	Operands: []ir.OperandDef{{Name: "in", Type: ir.RankedTensorOf(castIndicesElem)}},
	Results:  []ir.ResultDef{{Name: "out", Type: ir.RankedTensorOf(castIndicesElem)}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   "$in attr-dict `:` type($in) `->` type($out)",
	Verify: func(op *ir.Operation) error {
		in, out := tensorOf(op.Operand(0)), tensorOf(op.Result(0))
		wi, _ := in.Elem().(ir.IntegerType)
		wo, _ := out.Elem().(ir.IntegerType)
		if wi.Width != wo.Width {
			return op.EmitOpError("expects operand and result element types of one width, got %s and %s", in.Elem(), out.Elem())
		}
		ok := in.Rank() == out.Rank()
		for i := 0; ok && i < in.Rank(); i++ {
			ok = compatible(in.Dim(i), out.Dim(i))
		}
		if !ok {
			return op.EmitOpError("expects the result shape to be the operand shape %s, got %s", shapeStr(in.Shape()), shapeStr(out.Shape()))
		}
		return nil
	},
	Fold: func(op *ir.Operation) []ir.OpFoldResult {
		if op.Operand(0).Type() == op.Result(0).Type() {
			return []ir.OpFoldResult{{Value: op.Operand(0)}}
		}
		return nil
	},
})

// BuildBitcast inserts tcp.bitcast of v to the element type elem (an
// integer of v's width), same shape.
func BuildBitcast(rw *ir.Rewriter, loc ir.Location, v ir.Value, elem ir.Type) *ir.Operation {
	return create(rw, BitcastName, loc, []ir.Value{v}, ir.RankedTensor(tensorOf(v).Shape(), elem))
}
