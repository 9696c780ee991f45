package tcp

import "github.com/tcp-project/tcp/ir"

// TransposeName is the name of tcp.transpose.
const TransposeName = "tcp.transpose"

// Transpose is tcp.transpose: a permutation of the dims of a tensor. The
// StableHLO conversion uses it to bring batching, indexed and offset dims
// into tcp.gather_nd order.
var Transpose = ir.MustRegister(ir.OpDef{
	Name:    TransposeName,
	Summary: "permute the dims of a tensor",
	Description: `Result dim i is input dim permutation[i]:
  out.shape[i] = in.shape[permutation[i]]
  out[p] = in[q] where q[permutation[i]] = p[i] for every i
Same as numpy.transpose(in, permutation), stablehlo.transpose and
linalg.transpose. A 0-d tensor takes the empty permutation.

Verifier rules:
  1. permutation has rank(in) entries ("permutation size must match the input rank").
  2. permutation is a permutation of [0, rank(in)): every entry in range and
     none repeated.
  3. rank(out) == rank(in), elem(out) == elem(in), and
     out.shape[i] == in.shape[permutation[i]] when both are static.`,
	Examples: []string{
		"%0 = tcp.transpose %arg0 {permutation = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>",
		"%1 = tcp.transpose %arg1 {permutation = array<i64: 0, 2, 1>} : tensor<?x4x5xi64> -> tensor<?x5x4xi64>",
	},
	Operands: []ir.OperandDef{{Name: "in", Type: ir.RankedTensorOf()}},
	Results:  []ir.ResultDef{{Name: "out", Type: ir.RankedTensorOf()}},
	Attrs:    []ir.AttrDef{{Name: "permutation", Kind: ir.DenseI64ArrayAttrKind, Required: true}},
	Traits:   []ir.Trait{ir.Pure, ir.AllElementTypesMatch("in", "out")},
	Format:   "$in attr-dict `:` type($in) `->` type($out)",
	Verify:   verifyTranspose,
})

func verifyTranspose(op *ir.Operation) error {
	in, out := tensorOf(op.Operand(0)), tensorOf(op.Result(0))
	perm := op.Attr("permutation").(*ir.DenseArrayAttr).Ints
	r := in.Rank()
	if len(perm) != r {
		return op.EmitOpError("expects a permutation of %d entries (the input rank), got %d", r, len(perm))
	}
	seen := make([]bool, r)
	for i, p := range perm {
		if p < 0 || p >= int64(r) {
			return op.EmitOpError("expects permutation entries in [0, %d), got %d at position %d", r, p, i)
		}
		if seen[p] {
			return op.EmitOpError("expects permutation to have no repeated entries, got %d twice", p)
		}
		seen[p] = true
	}
	want := make([]int64, r)
	for i, p := range perm {
		want[i] = in.Dim(int(p))
	}
	if out.Rank() != r {
		return op.EmitOpError("expects result shape %s (the input shape permuted), got %s", shapeStr(want), shapeStr(out.Shape()))
	}
	for i, w := range want {
		if !compatible(out.Dim(i), w) {
			return op.EmitOpError("expects result shape %s (the input shape permuted), got %s", shapeStr(want), shapeStr(out.Shape()))
		}
	}
	return nil
}
