package dml

// Design: Build reads one func.func of a lowered module into a Graph, the
// in-memory DML_GRAPH_DESC that every emitter prints. It never changes the
// IR.
//
//  1. Graph inputs: the function arguments in order, then each
//     dml.constant (flagged DML_TENSOR_FLAG_OWNED_BY_DML, data attached).
//  2. Nodes: the dml operator ops in program order. tensor.expand_shape and
//     tensor.collapse_shape are no nodes: DirectML edges may connect
//     tensors of different sizes with the same TotalTensorSizeInBytes, so a
//     reshape is an alias of its source's buffer.
//  3. Edges, by resolving each node operand and each returned value
//     through reshapes: from a graph input an input edge, from a node an
//     intermediate edge, to func.return an output edge; ToNodeInputIndex is
//     the operand's position in DirectML's schema order.
//  4. Tensor descs (dml.Descs) with Flags and TotalTensorSizeInBytes: the
//     size of the underlying (packed) buffer, so connected tensors agree.
//  5. The minimum feature level: the largest dml.Needs of the nodes, and at
//     least 2.1 for the graph API (IDMLDevice1::CompileGraph).

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/dialect/dml"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/internal/frontendhint"
	"github.com/tcp-project/tcp/internal/quote"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
)

// BufferDesc is a DML_BUFFER_TENSOR_DESC.
type BufferDesc struct {
	DataType               dml.DataType
	OwnedByDML             bool
	DimensionCount         int
	Sizes                  []int64
	Strides                []int64 // nil: packed
	TotalTensorSizeInBytes int64
}

// Flags returns the DML_TENSOR_FLAGS spelling.
func (b BufferDesc) Flags() string {
	if b.OwnedByDML {
		return "DML_TENSOR_FLAG_OWNED_BY_DML"
	}
	return "DML_TENSOR_FLAG_NONE"
}

// FieldValue is one non-tensor field of an operator desc.
type FieldValue struct {
	dml.Field
	Scalar int64
	Float  float64
	Array  []int64
}

// Node is one operator node.
type Node struct {
	Op      *ir.Operation
	Info    *dml.OpInfo
	Name    string       // "dml.gather@file.mlir:3:8"
	Tensors []BufferDesc // schema order: inputs, then OutputTensor
	Fields  []FieldValue
}

// Input is a graph input: a function argument or a DML-owned constant.
type Input struct {
	Name  string
	Value ir.Value
	Desc  BufferDesc // the buffer as a whole: the value's shape, packed
	Data  []byte     // little-endian contents of a constant, else nil
}

// Output is a graph output.
type Output struct {
	Name string
	Desc BufferDesc
}

// InputEdge, OutputEdge and IntermediateEdge are the DML_*_GRAPH_EDGE_DESCs.
type InputEdge struct {
	GraphInputIndex, ToNodeIndex, ToNodeInputIndex int
	Name                                           string
}

type OutputEdge struct {
	FromNodeIndex, FromNodeOutputIndex, GraphOutputIndex int
	Name                                                 string
}

type IntermediateEdge struct {
	FromNodeIndex, FromNodeOutputIndex, ToNodeIndex, ToNodeInputIndex int
	Name                                                              string
}

// Graph is one function as a DML_GRAPH_DESC.
type Graph struct {
	Name              string
	Func              *ir.Operation
	MinLevel          dml.FeatureLevel
	MinReason         string
	Target            dml.FeatureLevel // the module's dml.feature_level (6.4 if unset)
	Inputs            []Input
	Outputs           []Output
	Nodes             []Node
	InputEdges        []InputEdge
	OutputEdges       []OutputEdge
	IntermediateEdges []IntermediateEdge
}

// Module is every graph of a module, with the level they all need.
type Module struct {
	Source    string
	Graphs    []*Graph
	MinLevel  dml.FeatureLevel
	MinReason string
}

// BuildModule builds a Graph for every function with a body.
func BuildModule(module *ir.Operation) (*Module, error) {
	if module == nil {
		return nil, errors.New("dml: nil module")
	}
	m := &Module{MinLevel: dml.FL2_1, MinReason: "the graph API (IDMLDevice1::CompileGraph)"}
	if f, ok := ir.FileLineCol(module.Loc()); ok {
		m.Source = f.File
	}
	var errs ir.DiagnosticList
	for _, fn := range function.Funcs(module) {
		if (function.FuncOp{Operation: fn}).IsDeclaration() {
			continue
		}
		g, err := Build(fn)
		if err != nil {
			errs = append(errs, diags(err)...)
			continue
		}
		m.Graphs = append(m.Graphs, g)
		if g.MinLevel > m.MinLevel {
			m.MinLevel, m.MinReason = g.MinLevel, g.MinReason
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if len(m.Graphs) == 0 {
		return nil, ir.Errorf(module.Loc(), "no function with a body to emit as a DirectML graph")
	}
	return m, nil
}

func diags(err error) ir.DiagnosticList {
	switch e := err.(type) {
	case ir.DiagnosticList:
		return e
	case *ir.Diagnostic:
		return ir.DiagnosticList{e}
	}
	return ir.DiagnosticList{ir.Errorf(ir.UnknownLoc{}, "%v", err)}
}

// source is where a tensor value comes from: a graph input or a node.
type source struct {
	input, node int // one of them is >= 0
}

// LocString returns "file:line:col" of an op, or "" if unknown.
func LocString(op *ir.Operation) string {
	if f, ok := ir.FileLineCol(op.Loc()); ok {
		return fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Col)
	}
	return ""
}

// SourceOp returns the name of the op a dml op was lowered from (the name
// of its NameLoc, as --convert-tcp-to-dml sets it), else its own name.
func SourceOp(op *ir.Operation) string {
	if n, ok := op.Loc().(*ir.NameLoc); ok && strings.Contains(n.Name, ".") {
		return n.Name
	}
	return op.Name()
}

// Build builds the graph of one func.func of a lowered module.
func Build(fn *ir.Operation) (*Graph, error) {
	if fn == nil || fn.Name() != function.FuncName {
		return nil, errors.New("dml: Build needs a func.func")
	}
	f := function.FuncOp{Operation: fn}
	g := &Graph{Name: f.Name(), Func: fn, MinLevel: dml.FL2_1, MinReason: "the graph API (IDMLDevice1::CompileGraph)"}
	target, err := dml.TargetLevel(fn)
	if err != nil {
		return nil, fn.EmitOpError("%v", err)
	}
	g.Target = target
	for i, t := range f.Type().Results() {
		if frontendhint.IsFrontendType(t) {
			return nil, fn.EmitOpError("result #%d cannot be a DirectML graph output: it has type %s, %s", i, t, frontendhint.TypeAdvice())
		}
	}
	src := map[ir.Value]source{}
	body := f.Body()
	for i, a := range body.Arguments() {
		desc, err := wholeBuffer(a, false)
		if err != nil {
			if frontendhint.IsFrontendType(a.Type()) {
				return nil, fn.EmitOpError("argument #%d cannot be a DirectML graph input: it has type %s, %s", i, a.Type(), frontendhint.TypeAdvice())
			}
			return nil, fn.EmitOpError("argument #%d cannot be a DirectML graph input: %v", i, err)
		}
		src[a] = source{input: len(g.Inputs), node: -1}
		g.Inputs = append(g.Inputs, Input{Name: fmt.Sprintf("arg%d", i), Value: a, Desc: desc})
	}
	nconst := 0
	for _, op := range body.Ops() {
		if op.Name() != dml.ConstantName {
			continue
		}
		desc, err := wholeBuffer(op.Result(0), true)
		if err != nil {
			return nil, op.EmitOpError("%v", err)
		}
		t, err := interp.FromAttr(op.Attr("value"))
		if err != nil {
			return nil, op.EmitOpError("%v", err)
		}
		src[op.Result(0)] = source{input: len(g.Inputs), node: -1}
		g.Inputs = append(g.Inputs, Input{Name: fmt.Sprintf("const%d", nconst), Value: op.Result(0), Desc: desc, Data: t.Data})
		nconst++
	}
	for _, op := range body.Ops() {
		switch name := op.Name(); {
		case name == dml.ConstantName:
		case op.HasTrait(ir.ConstantLike) && op.NumResults() == 1 && !isTensor(op.Result(0).Type()):
			// A scalar constant is no tensor; its users are checked.
		case name == tensor.ExpandShapeName || name == tensor.CollapseShapeName:
			s, ok := src[op.Operand(0)]
			if !ok {
				return nil, op.EmitOpError("reshapes a value that is not a DirectML tensor")
			}
			src[op.Result(0)] = s
		case name == function.ReturnName:
			for j, v := range op.Operands() {
				s, ok := src[v]
				if !ok || s.node < 0 {
					return nil, op.EmitOpError("returned value #%d is not computed by a DirectML operator (DirectML graph outputs must come from nodes)", j)
				}
				desc, err := wholeBuffer(v, false)
				if err != nil {
					return nil, op.EmitOpError("returned value #%d: %v", j, err)
				}
				name := fmt.Sprintf("out%d", j)
				g.Outputs = append(g.Outputs, Output{Name: name, Desc: desc})
				g.OutputEdges = append(g.OutputEdges, OutputEdge{FromNodeIndex: s.node, GraphOutputIndex: j, Name: name})
			}
		case dml.Info(name) != nil:
			n, err := buildNode(op, g.Inputs, src)
			if err != nil {
				return nil, err
			}
			k := len(g.Nodes)
			for i := 0; i < op.NumOperands(); i++ {
				s := src[op.Operand(i)]
				if s.node < 0 {
					g.InputEdges = append(g.InputEdges, InputEdge{GraphInputIndex: s.input, ToNodeIndex: k, ToNodeInputIndex: i, Name: g.Inputs[s.input].Name})
				} else {
					g.IntermediateEdges = append(g.IntermediateEdges, IntermediateEdge{FromNodeIndex: s.node, ToNodeIndex: k, ToNodeInputIndex: i,
						Name: fmt.Sprintf("n%d_to_n%d_%d", s.node, k, i)})
				}
			}
			src[op.Result(0)] = source{input: -1, node: k}
			g.Nodes = append(g.Nodes, n)
			need, err := dml.MinLevel(op)
			if err != nil {
				return nil, op.EmitOpError("%v", err)
			}
			if need.Level > g.MinLevel {
				g.MinLevel, g.MinReason = need.Level, need.Reason
			}
		default:
			if frontendhint.IsFrontendOp(op) {
				return nil, op.EmitOpError("is not a DirectML operator; %s, then lower it with --convert-tcp-to-dml", frontendhint.OpAdvice(op))
			}
			return nil, op.EmitOpError("is not a DirectML operator; lower the module with tcp-opt --convert-tcp-to-dml first")
		}
	}
	if len(g.Nodes) == 0 {
		return nil, fn.EmitOpError("@%s has no DirectML operator to emit", g.Name)
	}
	return g, nil
}

func isTensor(t ir.Type) bool { _, ok := t.(*ir.RankedTensorType); return ok }

// wholeBuffer is the packed desc of a whole value (a graph input or
// output buffer).
func wholeBuffer(v ir.Value, owned bool) (BufferDesc, error) {
	rt, ok := v.Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return BufferDesc{}, fmt.Errorf("expects a tensor of static shape, got %s", v.Type())
	}
	dt, err := dml.DataTypeOf(rt.Elem())
	if err != nil {
		return BufferDesc{}, err
	}
	sizes := rt.Shape()
	if len(sizes) == 0 {
		sizes = []int64{1}
	}
	for _, s := range sizes {
		if s == 0 {
			return BufferDesc{}, fmt.Errorf("%s is empty; DirectML tensors cannot have zero-size dims", rt)
		}
	}
	return BufferDesc{DataType: dt, OwnedByDML: owned, DimensionCount: len(sizes), Sizes: sizes,
		TotalTensorSizeInBytes: dml.BufferTensorSize(dt, sizes, nil)}, nil
}

func buildNode(op *ir.Operation, inputs []Input, src map[ir.Value]source) (Node, error) {
	info := dml.Info(op.Name())
	descs, err := dml.Descs(op)
	if err != nil {
		return Node{}, op.EmitOpError("%v", err)
	}
	n := Node{Op: op, Info: info, Name: SourceOp(op)}
	if l := LocString(op); l != "" {
		n.Name += "@" + l
	}
	d := dml.DimensionCount(op)
	for i, desc := range descs {
		var v ir.Value
		owned := false
		if i < op.NumOperands() {
			v = op.Operand(i)
			s, ok := src[v]
			if !ok {
				return Node{}, op.EmitOpError("operand #%d is not a DirectML tensor (a graph input, constant or node output)", i)
			}
			owned = s.node < 0 && inputs[s.input].Data != nil
		} else {
			v = op.Result(0)
		}
		buf, err := wholeBuffer(v, false)
		if err != nil {
			return Node{}, op.EmitOpError("%v", err)
		}
		n.Tensors = append(n.Tensors, BufferDesc{DataType: desc.DataType, OwnedByDML: owned, DimensionCount: d,
			Sizes: desc.Sizes, Strides: desc.Strides, TotalTensorSizeInBytes: buf.TotalTensorSizeInBytes})
	}
	for _, f := range info.Fields {
		fv := FieldValue{Field: f}
		switch f.Kind {
		case dml.UInt:
			fv.Scalar = op.IntAttr(f.Attr)
		case dml.UIntArray, dml.IntArray:
			fv.Array = dml.I64s(op, f.Attr)
		case dml.Float:
			fv.Float = float64(float32(dml.F32(op, f.Attr)))
		}
		n.Fields = append(n.Fields, fv)
	}
	return n, nil
}

var errNilModule = errors.New("dml: nil Module (BuildModule returns one)")

// Ident turns a symbol name into a C identifier fragment (quote.CppIdent:
// injective, so two graphs never share their C++ names).
func Ident(s string) string { return quote.CppIdent(s) }
