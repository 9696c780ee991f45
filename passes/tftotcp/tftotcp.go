package tftotcp

import (
	"fmt"

	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// Mode is the tcp index mode of TensorFlow's gathers (CPU semantics).
const Mode = tcp.ModeError

// Frontend is the tf frontend as registered in passes/frontends (CPU
// semantics).
var Frontend = frontends.Frontend{Name: "tf", Dialects: []string{"tf"}, Conversions: Conversions(false)}

// Conversions returns the tf conversions. With gpu, the gathers follow
// TensorFlow on GPU, which stores 0 for an out-of-range index (mode
// "fill", fill_value 0) instead of failing.
func Conversions(gpu bool) []frontends.Conversion {
	c := converter{gpu: gpu}
	return append(c.scatterConversions(), []frontends.Conversion{
		{Root: tf.GatherV2Name, Name: "TFGatherV2ToTcp", Convert: c.convertGatherV2},
		{Root: tf.GatherName, Name: "TFGatherToTcp", Convert: c.convertGather},
		{Root: tf.GatherNdName, Name: "TFGatherNdToTcp", Convert: c.convertGatherNd},
		{Root: tf.ConstName, Name: "TFConstToTcp", Convert: convertConst},
	}...)
}

var passInfo = &pass.Info{
	Argument:    "convert-tf-to-tcp",
	Name:        "ConvertTFToTcp",
	Description: "Convert the tf dialect (TensorFlow) to tcp",
	Anchor:      pass.AnyOp,
	Options: []pass.Option{{Name: "gpu", Kind: pass.BoolOption, Default: "false",
		Description: "Follow TensorFlow on GPU: out-of-range indices read 0 (mode fill) instead of failing"}},
	New: func(o pass.Options) (pass.Pass, error) { return &thePass{gpu: o.Bool("gpu")}, nil },
}

type thePass struct{ gpu bool }

func (p *thePass) Info() *pass.Info { return passInfo }

// Options returns the option values (for printed pipelines).
func (p *thePass) Options() pass.Options {
	o := pass.DefaultOptions(passInfo)
	o.Set("gpu", fmt.Sprint(p.gpu))
	return o
}

func (p *thePass) Run(op *ir.Operation) error {
	// The gathers and scatters follow gpu; the conversions the other files
	// append to Frontend (shape, vocabulary, casts, executor) apply too, so
	// that --convert-tf-to-tcp converts what --convert-frontends-to-tcp does.
	cs := Conversions(p.gpu)
	cs = append(cs, Frontend.Conversions[len(Conversions(false)):]...)
	return frontends.Apply(op, &frontends.Frontend{Name: "tf", Dialects: []string{"tf"}, Conversions: cs})
}

func init() {
	frontends.Register(Frontend)
	pass.Register(passInfo)
}

type converter struct{ gpu bool }

func (c converter) mode() string {
	if c.gpu {
		return tcp.ModeFill
	}
	return Mode
}

// fillZero gives the tcp gather that produces v (directly or through the
// collapse of scalar indices) fill_value 0 when converting for GPU.
func (c converter) fillZero(v ir.Value) {
	if !c.gpu {
		return
	}
	op := v.DefiningOp()
	if op != nil && op.Name() == tensor.CollapseShapeName {
		op = op.Operand(0).DefiningOp()
	}
	if op == nil || (op.Name() != tcp.GatherName && op.Name() != tcp.GatherNDName) {
		return
	}
	var zero ir.Attribute
	switch t := ir.ElementType(op.Result(0).Type()).(type) {
	case ir.FloatType:
		zero = ir.Float(0, t)
	case ir.IntegerType:
		if t.Width == 1 {
			zero = ir.BoolAttr(false)
		} else {
			zero = ir.Int(0, t)
		}
	default:
		return
	}
	op.SetAttr("fill_value", zero)
}

func fail(op *ir.Operation, err error) (bool, error) {
	return false, op.EmitOpError("cannot be converted to tcp: %v", err)
}

// paramsAndIndices returns the ranked types of a gather's params and
// indices, checking that the indices are i32 or i64.
func paramsAndIndices(op *ir.Operation) (x, q *ir.RankedTensorType, err error) {
	if x, err = tcpbuild.Ranked(op.Operand(0), "params"); err != nil {
		return nil, nil, err
	}
	if q, err = tcpbuild.Ranked(op.Operand(1), "indices"); err != nil {
		return nil, nil, err
	}
	if !tcpbuild.IsIndexElement(q.Elem()) {
		return nil, nil, fmt.Errorf("operand #1 (indices) has element type %s; tcp gathers take i32 or i64 indices", q.Elem())
	}
	return x, q, nil
}

func (c converter) convertGatherV2(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	axis, ok := tf.ConstantAxis(op)
	if !ok {
		return fail(op, fmt.Errorf("operand #2 (axis) is not a constant; the gather axis must be known at compile time"))
	}
	return c.gather(op, rw, axis, tf.BatchDims(op))
}

func (c converter) convertGather(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	return c.gather(op, rw, 0, 0)
}

func (c converter) gather(op *ir.Operation, rw *ir.Rewriter, axis, batchDims int64) (bool, error) {
	x, q, err := paramsAndIndices(op)
	if err != nil {
		return fail(op, err)
	}
	a, ok := tcpbuild.NormalizeAxis(axis, x.Rank())
	if !ok {
		return fail(op, fmt.Errorf("axis %d is out of range for params of rank %d", axis, x.Rank()))
	}
	// TensorFlow: batch_dims in [-q, q], negatives count from q.
	b := int(batchDims)
	if batchDims < 0 {
		b += q.Rank()
	}
	if batchDims < -int64(q.Rank()) || batchDims > int64(q.Rank()) || b > a {
		return fail(op, fmt.Errorf("batch_dims %d is out of range for axis %d and indices of rank %d", batchDims, a, q.Rank()))
	}
	if err := tcpbuild.CheckResultType(op, tcpbuild.SliceGatherShape(x.Shape(), q.Shape(), a, b, true), x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	v, err := tcpbuild.SliceGather(rw, op.Loc(), op.Operand(0), op.Operand(1), a, b, c.mode(), true)
	if err != nil {
		return fail(op, err)
	}
	c.fillZero(v)
	return true, tcpbuild.Replace(rw, op, v)
}

func (c converter) convertGatherNd(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	x, q, err := paramsAndIndices(op)
	if err != nil {
		return fail(op, err)
	}
	m := q.Dim(q.Rank() - 1)
	if m == ir.Dynamic {
		return fail(op, fmt.Errorf("the index tuple length (the last dim of indices) is dynamic; tcp.gather_nd needs it static"))
	}
	shape := append(append([]int64{}, q.Shape()[:q.Rank()-1]...), x.Shape()[m:]...)
	if err := tcpbuild.CheckResultType(op, shape, x.Elem()); err != nil {
		return fail(op, err)
	}
	rw.SetInsertionPointBefore(op)
	g := tcp.BuildGatherND(rw, op.Loc(), op.Operand(0), op.Operand(1), 0, c.mode(), ir.RankedTensor(shape, x.Elem()))
	c.fillZero(g.Result(0))
	return true, tcpbuild.Replace(rw, op, g.Result(0))
}

func convertConst(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	d := op.Attr("value").(*ir.DenseElementsAttr)
	if !tcpbuild.CastCompatible(d.Type, op.Result(0).Type()) {
		return fail(op, fmt.Errorf("the value type %s is not compatible with the result type %s", d.Type, op.Result(0).Type()))
	}
	rw.SetInsertionPointBefore(op)
	return true, tcpbuild.Replace(rw, op, tcp.BuildConst(rw, op.Loc(), d).Result(0))
}
