package arith

import (
	"fmt"

	"github.com/tcp-project/tcp/ir"
)

// Constant creates `arith.constant value`; the result type is the
// attribute's type. It panics if value is not an integer, bool, float or
// dense elements attribute (programmer error).
func Constant(rw *ir.Rewriter, loc ir.Location, value ir.Attribute) *ir.Operation {
	ta, ok := value.(ir.TypedAttr)
	if !ok {
		panic(fmt.Sprintf("arith: constant value %s has no type", value))
	}
	if c, ok := (valueKind{}).Coerce(value); ok {
		value = c
	}
	return rw.Create(ConstantName, loc, nil, []ir.Type{ta.AttrType()}, []ir.NamedAttr{{Name: "value", Value: value}})
}

// ConstantIndex creates `%cN = arith.constant N : index`.
func ConstantIndex(rw *ir.Rewriter, loc ir.Location, v int64) *ir.Operation {
	return Constant(rw, loc, ir.IndexAttr(v))
}

// ConstantInt creates an integer constant of type t (iN or index).
func ConstantInt(rw *ir.Rewriter, loc ir.Location, v int64, t ir.Type) *ir.Operation {
	return Constant(rw, loc, IntAttr(v, t))
}

// ConstantFloat creates a float constant of type t.
func ConstantFloat(rw *ir.Rewriter, loc ir.Location, v float64, t ir.FloatType) *ir.Operation {
	return Constant(rw, loc, ir.Float(v, t))
}

// Binary creates the integer or float binary op name (AddIName, AddFName, …)
// with the result type of lhs. Float ops get the default fastmath flags.
func Binary(rw *ir.Rewriter, name string, loc ir.Location, lhs, rhs ir.Value) *ir.Operation {
	var attrs []ir.NamedAttr
	if def := rw.Registry.LookupDef(name); def != nil && def.AttrDef("fastmath") != nil {
		attrs = []ir.NamedAttr{{Name: "fastmath", Value: FastMathNone}}
	}
	return rw.Create(name, loc, []ir.Value{lhs, rhs}, []ir.Type{lhs.Type()}, attrs)
}

// Cast creates the cast op name (IndexCastName, ExtSIName, …) of v to t.
func Cast(rw *ir.Rewriter, name string, loc ir.Location, v ir.Value, t ir.Type) *ir.Operation {
	return rw.Create(name, loc, []ir.Value{v}, []ir.Type{t}, nil)
}

// IndexCast creates `arith.index_cast v : T to t`.
func IndexCast(rw *ir.Rewriter, loc ir.Location, v ir.Value, t ir.Type) *ir.Operation {
	return Cast(rw, IndexCastName, loc, v, t)
}

// CmpI creates `arith.cmpi p, lhs, rhs`.
func CmpI(rw *ir.Rewriter, loc ir.Location, p CmpIPredicate, lhs, rhs ir.Value) *ir.Operation {
	return rw.Create(CmpIName, loc, []ir.Value{lhs, rhs}, []ir.Type{sameShapeI1(lhs.Type())},
		[]ir.NamedAttr{{Name: "predicate", Value: ir.Int(int64(p), ir.I64)}})
}

// Select creates `arith.select cond, t, f`.
func Select(rw *ir.Rewriter, loc ir.Location, cond, t, f ir.Value) *ir.Operation {
	return rw.Create(SelectName, loc, []ir.Value{cond, t, f}, []ir.Type{t.Type()}, nil)
}
