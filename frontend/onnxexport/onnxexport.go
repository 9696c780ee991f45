package onnxexport

import (
	"fmt"
	"io"
	"strconv"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/frontend/onnxpb"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
	"github.com/tcp-project/tcp/translate"
)

// Options control the export.
type Options struct {
	// Func names the function to export; "" means main_graph, or the only
	// function of the module.
	Func string
	// Opset is the default-domain opset version the model imports (0: 13).
	Opset int64
	// NoValueInfo leaves out the value_info of the values between the
	// graph's inputs and outputs, as torch.onnx.export's models do.
	NoValueInfo bool
}

func init() {
	translate.Register(translate.Translation{
		Name:        "mlir-to-onnx",
		Description: "write a function of onnx dialect ops as an ONNX model (.onnx protobuf)",
		Options: []translate.Option{
			{Name: "onnx-opset", Default: "13", Description: "default-domain opset version of the model"},
			{Name: "onnx-func", Default: "", Description: "function to export (default: @main_graph or the only function)"},
			{Name: "onnx-value-info", Default: "true", Description: "write value_info for the values between inputs and outputs (false: none, as torch.onnx.export)"},
		},
		FromMLIR: func(module *ir.Operation, opts translate.Options, w io.Writer) error {
			opset, err := strconv.ParseInt(opts["onnx-opset"], 10, 64)
			if err != nil || opset <= 0 {
				return fmt.Errorf("--onnx-opset must be a positive integer, got %q", opts["onnx-opset"])
			}
			vi, err := strconv.ParseBool(opts["onnx-value-info"])
			if err != nil {
				return fmt.Errorf("--onnx-value-info must be true or false, got %q", opts["onnx-value-info"])
			}
			m, err := Export(module, Options{Func: opts["onnx-func"], Opset: opset, NoValueInfo: !vi})
			if err != nil {
				return err
			}
			_, err = w.Write(m.Marshal())
			return err
		},
	})
}

// Export converts the selected function of module into a model.
func Export(module *ir.Operation, opts Options) (*onnxpb.Model, error) {
	fn, err := selectFunc(module, opts.Func)
	if err != nil {
		return nil, err
	}
	opset := opts.Opset
	if opset == 0 {
		opset = 13
	}
	ex := &exporter{names: map[ir.Value]string{}, used: map[string]bool{}}
	g, err := ex.graph(function.FuncOp{Operation: fn})
	if err != nil {
		return nil, err
	}
	if opts.NoValueInfo {
		g.ValueInfo = nil
	}
	return &onnxpb.Model{IRVersion: 8, ProducerName: "tcp", OpsetImports: []onnxpb.OpsetID{{Version: opset}}, Graph: g}, nil
}

func selectFunc(module *ir.Operation, name string) (*ir.Operation, error) {
	if name != "" {
		if fn := function.Lookup(module, name); fn != nil {
			return fn, nil
		}
		return nil, ir.Errorf(module.Loc(), "no function @%s", name)
	}
	if fn := function.Lookup(module, "main_graph"); fn != nil {
		return fn, nil
	}
	fns := function.Funcs(module)
	if len(fns) == 1 {
		return fns[0], nil
	}
	return nil, ir.Errorf(module.Loc(), "cannot choose the function to export: no @main_graph and %d functions; use --onnx-func=NAME", len(fns))
}

type exporter struct {
	names map[ir.Value]string
	used  map[string]bool
	next  int
}

// name gives v the name want (if free) or a fresh v<N>.
func (ex *exporter) name(v ir.Value, want string) string {
	if want == "" || ex.used[want] {
		for {
			want = "v" + strconv.Itoa(ex.next)
			ex.next++
			if !ex.used[want] {
				break
			}
		}
	}
	ex.used[want] = true
	ex.names[v] = want
	return want
}

func strAt(a ir.Attribute, i int) string {
	arr, ok := a.(ir.ArrayAttr)
	if !ok || i >= len(arr) {
		return ""
	}
	s, _ := arr[i].(ir.StringAttr)
	return string(s)
}

func (ex *exporter) graph(f function.FuncOp) (*onnxpb.Graph, error) {
	g := &onnxpb.Graph{Name: f.Name()}
	if f.IsDeclaration() {
		return nil, f.EmitError("@%s has no body", f.Name())
	}
	body := f.Body()
	inNames, outNames := f.Attr("input_names"), f.Attr("output_names")
	for i, arg := range body.Arguments() {
		want := strAt(inNames, i)
		if want == "" {
			want = "arg" + strconv.Itoa(i)
		}
		vi, err := valueInfo(ex.name(arg, want), arg.Type())
		if err != nil {
			return nil, f.EmitError("argument #%d: %v", i, err)
		}
		g.Inputs = append(g.Inputs, vi)
	}
	// Returned op results take the output names.
	ret := body.Last()
	if ret == nil || ret.Name() != function.ReturnName {
		return nil, f.EmitError("@%s does not end in func.return", f.Name())
	}
	for i, v := range ret.Operands() {
		if _, isArg := v.(*ir.BlockArgument); isArg {
			continue
		}
		if _, named := ex.names[v]; named {
			return nil, ret.EmitError("returns the value of result #%d again; ONNX graph outputs are distinct values", i)
		}
		want := strAt(outNames, i)
		if want == "" {
			want = "out" + strconv.Itoa(i)
		}
		ex.name(v, want)
	}
	for _, op := range body.Ops() {
		if op == ret {
			break
		}
		if err := ex.op(g, op); err != nil {
			return nil, err
		}
	}
	for _, v := range ret.Operands() {
		vi, err := valueInfo(ex.names[v], v.Type())
		if err != nil {
			return nil, ret.EmitError("%v", err)
		}
		g.Outputs = append(g.Outputs, vi)
	}
	// Graph outputs need no value_info.
	outs := map[string]bool{}
	for _, o := range g.Outputs {
		outs[o.Name] = true
	}
	kept := g.ValueInfo[:0]
	for _, vi := range g.ValueInfo {
		if !outs[vi.Name] {
			kept = append(kept, vi)
		}
	}
	g.ValueInfo = kept
	return g, nil
}

func (ex *exporter) op(g *onnxpb.Graph, op *ir.Operation) error {
	switch op.Name() {
	case "onnx.NoValue":
		ex.names[op.Result(0)] = ""
		return nil
	case "onnx.Constant":
		v, err := interp.FromAttr(op.Attr("value"))
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		name := ex.names[op.Result(0)]
		if name == "" {
			name = ex.name(op.Result(0), "")
		}
		t, err := onnxpb.FromTensor(name, v)
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		g.Initializers = append(g.Initializers, t)
		return nil
	}
	opName := op.Name()
	if len(opName) <= len("onnx.") || opName[:len("onnx.")] != "onnx." {
		return op.EmitError("'%s' is not an onnx dialect op; only onnx ops can be written as ONNX", opName)
	}
	n := &onnxpb.Node{OpType: opName[len("onnx."):]}
	for i, v := range op.Operands() {
		name, ok := ex.names[v]
		if !ok {
			return op.EmitOpError("operand #%d is not defined in the function body", i)
		}
		n.Inputs = append(n.Inputs, name)
	}
	for len(n.Inputs) > 0 && n.Inputs[len(n.Inputs)-1] == "" {
		n.Inputs = n.Inputs[:len(n.Inputs)-1]
	}
	for _, r := range op.Results() {
		name, ok := ex.names[r]
		if !ok {
			name = ex.name(r, "")
		}
		n.Outputs = append(n.Outputs, name)
		vi, err := valueInfo(name, r.Type())
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		g.ValueInfo = append(g.ValueInfo, vi)
	}
	for _, na := range op.Attrs() {
		if na.Name == "onnx_node_name" {
			s, ok := na.Value.(ir.StringAttr)
			if !ok {
				return op.EmitOpError("onnx_node_name must be a string, got %s", na.Value)
			}
			n.Name = string(s)
			continue
		}
		a, err := attribute(na.Name, na.Value)
		if err != nil {
			return op.EmitOpError("%v", err)
		}
		n.Attrs = append(n.Attrs, a)
	}
	g.Nodes = append(g.Nodes, n)
	return nil
}

// attribute converts an MLIR attribute into an ONNX one.
func attribute(name string, a ir.Attribute) (*onnxpb.Attribute, error) {
	out := &onnxpb.Attribute{Name: name}
	switch a := a.(type) {
	case ir.IntegerAttr:
		out.Type, out.I = onnxpb.AttrInt, a.Value
	case ir.BoolAttr:
		out.Type = onnxpb.AttrInt
		if a {
			out.I = 1
		}
	case ir.FloatAttr:
		out.Type, out.F = onnxpb.AttrFloat, float32(a.Value)
	case ir.StringAttr:
		out.Type, out.S = onnxpb.AttrString, []byte(a)
	case *ir.DenseElementsAttr:
		v, err := interp.FromAttr(a)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: %v", name, err)
		}
		t, err := onnxpb.FromTensor("", v)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: %v", name, err)
		}
		out.Type, out.T = onnxpb.AttrTensor, t
	case ir.ArrayAttr:
		for _, e := range a {
			var kind onnxpb.AttrType
			switch e := e.(type) {
			case ir.IntegerAttr:
				kind = onnxpb.AttrInts
				out.Ints = append(out.Ints, e.Value)
			case ir.FloatAttr:
				kind = onnxpb.AttrFloats
				out.Floats = append(out.Floats, float32(e.Value))
			case ir.StringAttr:
				kind = onnxpb.AttrStrings
				out.Strings = append(out.Strings, []byte(e))
			default:
				return nil, fmt.Errorf("attribute %s: array element %s has no ONNX kind", name, e)
			}
			if out.Type != onnxpb.AttrUndefined && out.Type != kind {
				return nil, fmt.Errorf("attribute %s: an ONNX list holds one kind of element, got %s", name, a)
			}
			out.Type = kind
		}
		if out.Type == onnxpb.AttrUndefined {
			out.Type = onnxpb.AttrInts // an empty list
		}
	default:
		return nil, fmt.Errorf("attribute %s = %s has no ONNX kind", name, a)
	}
	return out, nil
}

// valueInfo describes a value of tensor type t.
func valueInfo(name string, t ir.Type) (*onnxpb.ValueInfo, error) {
	dt, err := interp.DType(ir.ElementType(t))
	if err != nil {
		return nil, fmt.Errorf("value of type %s: %v", t, err)
	}
	elem, err := onnxpb.DataTypeOf(dt)
	if err != nil || dt == tensor.Index {
		return nil, fmt.Errorf("value of type %s: element type %s has no ONNX data type", t, ir.ElementType(t))
	}
	tp := &onnxpb.TypeProto{Kind: "tensor_type", ElemType: elem}
	switch t := t.(type) {
	case *ir.RankedTensorType:
		tp.Shape = []onnxpb.Dim{}
		for _, d := range t.Shape() {
			if d == ir.Dynamic {
				tp.Shape = append(tp.Shape, onnxpb.Dim{})
			} else {
				tp.Shape = append(tp.Shape, onnxpb.Dim{Value: d, HasValue: true})
			}
		}
	case *ir.UnrankedTensorType:
	default:
		return nil, fmt.Errorf("value of type %s: ONNX graph values are tensors", t)
	}
	return &onnxpb.ValueInfo{Name: name, Type: tp}, nil
}
