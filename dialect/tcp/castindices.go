package tcp

import (
	"github.com/tcp-project/tcp/ir"
)

// CastIndicesName is the name of tcp.cast_indices.
const CastIndicesName = "tcp.cast_indices"

// castIndicesElem admits the integer element types tcp.cast_indices reads:
// 8, 16, 32 or 64 bits, signless, signed or unsigned.
var castIndicesElem = ir.TypePred("8, 16, 32 or 64-bit integer of any signedness", func(t ir.Type) bool {
	it, ok := t.(ir.IntegerType)
	return ok && (it.Width == 8 || it.Width == 16 || it.Width == 32 || it.Width == 64)
})

// CastIndices is tcp.cast_indices: integer index values of any signedness
// as the signless i32/i64 index tensors tcp.gather and tcp.gather_nd read.
// The StableHLO conversion uses it for unsigned start indices.
var CastIndices = ir.MustRegister(ir.OpDef{
	Name:    CastIndicesName,
	Summary: "convert integer index values of any signedness to a tcp index type",
	Description: `out[p] = saturate(value(in[p])), elementwise, where value reads an element
by its type's signedness (ui8 … ui64 zero-extended; si8 … si64 and the
signless i8 … i64 sign-extended, as tcp reads index tensors) and saturate
clamps that integer into the signed range of elem(out) (i32 or i64).

The conversion is exact (no saturation) whenever elem(out) holds every
value of elem(in): ui8, ui16, ui32 and every signless or signed type to
i64; ui8, ui16 and 8- to 32-bit signless or signed types to i32. Otherwise
only out-of-range values change, and they stay out of range on the same
side: a ui64 of 2^63 or more becomes 2^63 - 1, never a negative number. So
under the index modes clip, error, fill and promise_in_bounds a saturated
index behaves as the original (too large, or too small, for any dim a
tensor can have); only mode wrap sees a different value.

Unlike arith.extui / arith.extsi, which MLIR defines on signless types
only, the operand may be a signed or unsigned type: this is the one place
where the signedness of an index type is turned into a value.

Verifier rules:
  1. elem(in) is an 8, 16, 32 or 64-bit integer of any signedness (the
     operand constraint), elem(out) is i32 or i64 (the result constraint).
  2. shape(out) == shape(in) (a dynamic dim matches any size) ("expects
     the result shape to be the operand shape, got ...").`,
	Examples: []string{
		"%0 = tcp.cast_indices %arg0 : tensor<4x1xui32> -> tensor<4x1xi64>",
		"%1 = tcp.cast_indices %arg1 : tensor<?xui64> -> tensor<?xi64>",
	},
	Operands: []ir.OperandDef{{Name: "in", Type: ir.RankedTensorOf(castIndicesElem)}},
	Results:  []ir.ResultDef{{Name: "out", Type: ir.RankedTensorOf(indexElem...)}},
	Traits:   []ir.Trait{ir.Pure},
	Format:   "$in attr-dict `:` type($in) `->` type($out)",
	Verify: func(op *ir.Operation) error {
		in, out := tensorOf(op.Operand(0)), tensorOf(op.Result(0))
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

// BuildCastIndices inserts tcp.cast_indices of v to the element type elem
// (ir.I32 or ir.I64), same shape.
func BuildCastIndices(rw *ir.Rewriter, loc ir.Location, v ir.Value, elem ir.Type) *ir.Operation {
	return create(rw, CastIndicesName, loc, []ir.Value{v}, ir.RankedTensor(tensorOf(v).Shape(), elem))
}
