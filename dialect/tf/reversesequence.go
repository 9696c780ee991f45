package tf

import (
	"github.com/tcp-project/tcp/ir"
)

// ReverseSequenceName is tf.reverse_sequence's op.
const ReverseSequenceName = "tf.ReverseSequence"

// ReverseSequence is tf.ReverseSequence.
var ReverseSequence = ir.MustRegister(ir.OpDef{
	Name:    ReverseSequenceName,
	Summary: "TensorFlow ReverseSequence: reverse the first seq_lengths[b] elements of each row (tf.reverse_sequence)",
	Description: `output[p] = input[q] with q = p except q[seq_dim] = L - 1 - p[seq_dim]
where p[seq_dim] < L, L = seq_lengths[p[batch_dim]]: along seq_dim, each
batch row's first L elements reversed, the rest unchanged. A length
outside [0, size(seq_dim)] is an error (TensorFlow's "seq_lens(b) >
input.dims(seq_dim)" and "seq_lens(b) < 0").

Verifier rules: seq_lengths is a 1-D i32 or i64 tensor whose static size
is the static size of input's batch_dim; seq_dim and batch_dim are
distinct dims of input (batch_dim negative counts from the rank); input
and output have one element type and, where static, one shape.`,
	Examples: []string{`%0 = "tf.ReverseSequence"(%arg0, %arg1) {batch_dim = 0 : i64, device = "", seq_dim = 1 : i64} : (tensor<3x5xf32>, tensor<3xi64>) -> tensor<3x5xf32>`},
	Operands: []ir.OperandDef{{Name: "input", Type: anyTensor}, {Name: "seq_lengths", Type: axisType}},
	Results:  []ir.ResultDef{{Name: "output", Type: anyTensor}},
	Attrs:    []ir.AttrDef{{Name: "seq_dim", Kind: ir.I64AttrKind, Required: true}, {Name: "batch_dim", Kind: ir.I64AttrKind}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("input", "output")},
	Verify: func(op *ir.Operation) error {
		x, ok := ranked(op.Operand(0))
		if !ok {
			return nil
		}
		s, b, ok := ReverseSequenceDims(op, x.Rank())
		if !ok {
			return op.EmitOpError("seq_dim %d and batch_dim %d must be distinct dims of a rank-%d input", intAttr(op, "seq_dim"), intAttr(op, "batch_dim"), x.Rank())
		}
		if l, ok := ranked(op.Operand(1)); ok {
			if l.Rank() != 1 {
				return op.EmitOpError("requires 1-D seq_lengths, got %s", l)
			}
			if l.Dim(0) != ir.Dynamic && x.Dim(b) != ir.Dynamic && l.Dim(0) != x.Dim(b) {
				return op.EmitOpError("requires %d seq_lengths (the size of batch_dim %d), got %s", x.Dim(b), b, l)
			}
		}
		_ = s
		return sameStaticShape(op)
	},
})

func intAttr(op *ir.Operation, name string) int64 {
	if a, ok := op.Attr(name).(ir.IntegerAttr); ok {
		return a.Value
	}
	return 0
}

// ReverseSequenceDims returns seq_dim and batch_dim of op for an input of
// rank r (batch_dim normalized), and whether they are distinct dims.
func ReverseSequenceDims(op *ir.Operation, r int) (seq, batch int, ok bool) {
	s, b := intAttr(op, "seq_dim"), intAttr(op, "batch_dim")
	if b < 0 {
		b += int64(r)
	}
	if s < 0 || s >= int64(r) || b < 0 || b >= int64(r) || s == b {
		return 0, 0, false
	}
	return int(s), int(b), true
}
