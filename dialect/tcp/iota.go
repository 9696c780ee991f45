package tcp

import "github.com/tcp-project/tcp/ir"

// IotaName is the name of tcp.iota.
const IotaName = "tcp.iota"

// Iota is tcp.iota: the position along one dim, for a shape with run-time
// sizes (a static iota is a tcp.const). The StableHLO conversion makes
// jax's dynamic_iota of a symbolic dim one (x[::-1] on a symbolic batch).
var Iota = ir.MustRegister(ir.OpDef{
	Name:    IotaName,
	Summary: "the coordinate along one dim, in a shape with run-time sizes",
	Description: `out[p] = p[dim], converted to the element type (an integer, or a float,
exact for every position below 2^24 for f32). The result's shape is the
values of the index operands sizes, one per result dim; each must be
non-negative and equal the static dim of the result type where it has
one, at run time (an error otherwise). With a static result type and
constant sizes, the greedy driver folds the op into a tcp.const
(specialize-dims gives the result type the sizes it knows).

Verifier rules:
  1. one size per result dim ("expects N sizes, one per result dim, got
     M").
  2. 0 <= dim < rank(out) ("expects dim in [0, R), got D"); a 0-d result
     has no dim.
  3. a constant size equals the static dim it gives ("expects size S of
     dim D to be its static size N").
  The element type is a signless integer or a float (the result
  constraint).`,
	Examples: []string{"%0 = tcp.iota(%arg0, %c3) {dim = 0 : index} : tensor<?x3xi32>"},
	Operands: []ir.OperandDef{{Name: "sizes", Type: ir.IndexT, Variadic: true}},
	Results: []ir.ResultDef{{Name: "out", Type: ir.RankedTensorOf(ir.TypePred("signless integer or float", func(t ir.Type) bool {
		it, ok := t.(ir.IntegerType)
		return ok && it.Sign == ir.Signless || ir.IsFloat(t)
	}))}},
	Attrs:  []ir.AttrDef{{Name: "dim", Kind: ir.IndexAttrKind, Required: true}},
	Traits: []ir.Trait{ir.Pure},
	Format: "`(` $sizes `)` attr-dict `:` type($out)",
	Verify: func(op *ir.Operation) error {
		t := tensorOf(op.Result(0))
		if len(op.Operands()) != t.Rank() {
			return op.EmitOpError("expects %d sizes, one per result dim, got %d", t.Rank(), len(op.Operands()))
		}
		if d := op.IntAttr("dim"); d < 0 || d >= int64(t.Rank()) {
			return op.EmitOpError("expects dim in [0, %d), got %d", t.Rank(), d)
		}
		for d, v := range op.Operands() {
			if c, ok := ir.ConstantInt(v); ok && t.Dim(d) != ir.Dynamic && c != t.Dim(d) {
				return op.EmitOpError("expects size %d of dim %d to be its static size %d", c, d, t.Dim(d))
			}
		}
		return nil
	},
})

// BuildIota inserts tcp.iota of type t along dim with the sizes of its
// dims.
func BuildIota(rw *ir.Rewriter, loc ir.Location, t *ir.RankedTensorType, dim int64, sizes []ir.Value) *ir.Operation {
	return rw.Create(IotaName, loc, sizes, []ir.Type{t}, []ir.NamedAttr{{Name: "dim", Value: ir.IndexAttr(dim)}})
}
