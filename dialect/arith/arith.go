package arith

import "github.com/tcp-project/tcp/ir"

// Registration order matters: the custom directives must exist before the
// formats that name them are compiled.
func init() {
	registerDirectives()
	registerConstant()
	registerBinaries()
	registerCasts()
	registerCmpSelect()
	registerCmpF()
	ir.RegisterConstantMaterializer("arith", MaterializeConstant)
}

// MaterializeConstant is the arith dialect's constant materializer (MLIR's
// ArithDialect::materializeConstant): an arith.constant of value when
// ConstantOp::isBuildableWith(value, t) holds, else nil. Folding drivers
// use it to turn attribute fold results into values.
func MaterializeConstant(rw *ir.Rewriter, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if !IsBuildableWith(value, t) {
		return nil
	}
	return Constant(rw, loc, value)
}

// IsBuildableWith is ConstantOp::isBuildableWith: value is an integer,
// float or dense elements attribute of type t, and a scalar integer t is
// signless.
func IsBuildableWith(value ir.Attribute, t ir.Type) bool {
	ta, ok := value.(ir.TypedAttr)
	if !ok || ta.AttrType() != t {
		return false
	}
	if it, ok := t.(ir.IntegerType); ok && it.Sign != ir.Signless {
		return false
	}
	switch value.(type) {
	case ir.IntegerAttr, ir.BoolAttr, ir.FloatAttr, *ir.DenseElementsAttr:
		return true
	}
	return false
}
