package stablehlototcp

import (
	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/stablehlo"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// stablehlo.reverse is a tcp.slice that starts at the last element of
// each reversed dim with stride -1 (size - 1 from tensor.dim for a dynamic
// dim; an empty dim reads nothing).
var _ = func() bool {
	for _, name := range []string{stablehlo.ReverseName, stablehlo.MHLO(stablehlo.ReverseName)} {
		Frontend.Conversions = append(Frontend.Conversions, frontends.Conversion{Root: name, Name: "StablehloToTcp:" + name, Convert: convertReverse})
	}
	return true
}()

func convertReverse(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	if err := verified(op); err != nil {
		return false, err
	}
	in := rt(op.Operand(0))
	dims, _ := stablehlo.I64List(op.Attr("dimensions"))
	rw.SetInsertionPointBefore(op)
	if in.Rank() == 0 {
		rw.ReplaceOp(op, []ir.Value{op.Operand(0)})
		return true, nil
	}
	loc := op.Loc()
	c := tcpbuild.NewIndexCache(rw, loc)
	rev := map[int]bool{}
	for _, d := range dims {
		rev[int(d)] = true
	}
	r := in.Rank()
	starts, sizes, strides := make([]ir.Value, r), make([]ir.Value, r), make([]ir.Value, r)
	for i := 0; i < r; i++ {
		n := in.Dim(i)
		var size ir.Value
		if n == ir.Dynamic {
			size = tcpbuild.DimSize(rw, loc, op.Operand(0), i)
		} else {
			size = c.Get(n)
		}
		starts[i], sizes[i], strides[i] = c.Get(0), size, c.Get(1)
		if !rev[i] {
			continue
		}
		strides[i] = c.Get(-1)
		if n == ir.Dynamic {
			starts[i] = arith.Binary(rw, arith.SubIName, loc, size, c.Get(1)).Result(0)
		} else {
			starts[i] = c.Get(max(n-1, 0))
		}
	}
	s := tcp.BuildSlice(rw, loc, op.Operand(0), starts, sizes, strides, op.Result(0).Type()).Result(0)
	rw.ReplaceOp(op, []ir.Value{s})
	return true, nil
}
