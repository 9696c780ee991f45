package tcpbuild

import (
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
)

// ScatterAttrs are the attributes of a tcp scatter: combine and mode
// (defaults "replace" and "promise_in_bounds" left out, as printed) and
// the unique_indices promise.
func ScatterAttrs(combine, mode string, unique bool) []ir.NamedAttr {
	var attrs []ir.NamedAttr
	if combine != "" && combine != tcp.CombineReplace {
		attrs = append(attrs, ir.NamedAttr{Name: "combine", Value: ir.Str(combine)})
	}
	if mode != "" && mode != tcp.ModePromiseInBounds {
		attrs = append(attrs, ir.NamedAttr{Name: "mode", Value: ir.Str(mode)})
	}
	if unique {
		attrs = append(attrs, ir.NamedAttr{Name: "unique_indices", Value: ir.UnitAttr{}})
	}
	return attrs
}

// Scatter builds tcp.scatter %input, %indices, %updates {dim, combine,
// mode}; the result has input's type.
func Scatter(rw *ir.Rewriter, loc ir.Location, input, indices, updates ir.Value, dim int64, combine, mode string) ir.Value {
	attrs := append([]ir.NamedAttr{{Name: "dim", Value: ir.IndexAttr(dim)}}, ScatterAttrs(combine, mode, false)...)
	return rw.Create(tcp.ScatterName, loc, []ir.Value{input, indices, updates}, []ir.Type{input.Type()}, attrs).Result(0)
}

// ScatterND builds tcp.scatter_nd %input, %indices, %updates {batch_dims,
// combine, mode}; the result has input's type.
func ScatterND(rw *ir.Rewriter, loc ir.Location, input, indices, updates ir.Value, batchDims int64, combine, mode string) ir.Value {
	var attrs []ir.NamedAttr
	if batchDims != 0 {
		attrs = append(attrs, ir.NamedAttr{Name: "batch_dims", Value: ir.IndexAttr(batchDims)})
	}
	attrs = append(attrs, ScatterAttrs(combine, mode, false)...)
	return rw.Create(tcp.ScatterNDName, loc, []ir.Value{input, indices, updates}, []ir.Type{input.Type()}, attrs).Result(0)
}
