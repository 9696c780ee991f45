package onnximport

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strconv"
	"strings"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/frontend/onnxpb"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/translate"
)

// Options control the import.
type Options struct {
	// FuncName is the name of the imported function; "" means main_graph,
	// onnx-mlir's name.
	FuncName string
}

func init() {
	translate.Register(translate.Translation{
		Name:        "import-onnx",
		Description: "import an ONNX model (.onnx protobuf) as onnx dialect IR in onnx-mlir's form",
		Options: []translate.Option{{Name: "onnx-func-name", Default: "main_graph",
			Description: "name of the function the graph becomes"}},
		ToMLIR: func(filename string, data []byte, opts translate.Options) (*ir.Operation, error) {
			return Import(filename, data, Options{FuncName: opts["onnx-func-name"]})
		},
	})
}

// binLoc locates a byte offset of a binary input file: line 1, column
// offset+1.
func binLoc(filename string, offset int) ir.FileLineColLoc {
	return ir.FileLineColLoc{File: filename, Line: 1, Col: offset + 1}
}

// Import decodes data, the contents of the .onnx file filename, and
// returns the module. Errors are located diagnostics (*ir.Diagnostic):
// malformed protobuf at the offending byte, unsupported content at the
// node or value that holds it.
func Import(filename string, data []byte, opts Options) (*ir.Operation, error) {
	m, err := onnxpb.DecodeModel(data)
	if err != nil {
		var pe *onnxpb.Error
		if errors.As(err, &pe) {
			return nil, ir.Errorf(binLoc(filename, pe.Offset), "malformed ONNX model: %s: %s", pe.Path, pe.Msg)
		}
		return nil, ir.Errorf(binLoc(filename, 0), "malformed ONNX model: %v", err)
	}
	return ImportModel(filename, m, opts)
}

// ImportModel converts a decoded model; filename is used for locations.
func ImportModel(filename string, m *onnxpb.Model, opts Options) (*ir.Operation, error) {
	name := opts.FuncName
	if name == "" {
		name = "main_graph"
	}
	if m.Graph == nil {
		return nil, ir.Errorf(binLoc(filename, 0), "the ONNX model has no graph")
	}
	opset, err := checkOpset(filename, m)
	if err != nil {
		return nil, err
	}
	im := &importer{file: filename, m: m, g: m.Graph, opset: opset, values: map[string]ir.Value{},
		types: map[string]*onnxpb.ValueInfo{}, inits: map[string]*onnxpb.Tensor{}}
	return im.run(name)
}

// MinOpset and MaxOpset are the default-domain (ai.onnx) opset versions
// the importer implements: the ops it imports have ONNX's current
// semantics from opset 11 (negative indices in Gather, GatherElements,
// GatherND, ScatterElements and ScatterND; Slice and Pad with their
// inputs form) through opset 28, the newest this importer was checked
// against (onnx 1.23). Opsets 11 to 17 lack some attributes of later
// ones; the importer refuses them where an older opset does not define
// them (checkOpsetAttrs).
const (
	MinOpset = 11
	MaxOpset = 28
)

// checkOpset refuses a model that does not import one default-domain
// opset in [MinOpset, MaxOpset], and returns that opset.
func checkOpset(filename string, m *onnxpb.Model) (int64, error) {
	var versions []int64
	for _, o := range m.OpsetImports {
		if o.Domain == "" || o.Domain == "ai.onnx" {
			versions = append(versions, o.Version)
		}
	}
	switch {
	case len(versions) == 0:
		return 0, ir.Errorf(binLoc(filename, 0), "the ONNX model imports no opset of the default domain (ai.onnx); the importer implements opsets %d to %d", MinOpset, MaxOpset)
	case len(versions) > 1:
		return 0, ir.Errorf(binLoc(filename, 0), "the ONNX model imports the default domain (ai.onnx) %d times (opsets %v); it must import it once", len(versions), versions)
	case versions[0] < MinOpset || versions[0] > MaxOpset:
		return 0, ir.Errorf(binLoc(filename, 0), "the ONNX model uses opset %d of the default domain (ai.onnx); the importer implements opsets %d to %d", versions[0], MinOpset, MaxOpset)
	}
	return versions[0], nil
}

// checkOpsetAttrs refuses an attribute value that the model's opset does
// not define for the node's op, as ONNX's checker does: ScatterElements
// and ScatterND have no reduction before opset 16 and reductions min and
// max from opset 18 only; GatherND has batch_dims from opset 12. (An
// importer that took them would give an opset-11 model a meaning ONNX
// Runtime refuses to give it.)
func checkOpsetAttrs(opset int64, opType string, a *onnxpb.Attribute) error {
	switch {
	case (opType == "ScatterElements" || opType == "ScatterND") && a.Name == "reduction":
		r := string(a.S)
		need := int64(16)
		switch r {
		case "none":
			need = 16
		case "min", "max":
			need = 18
		}
		if opset < need {
			return fmt.Errorf("attribute reduction = %q needs opset %d or later, the model uses opset %d", r, need, opset)
		}
	case opType == "GatherND" && a.Name == "batch_dims" && opset < 12:
		return fmt.Errorf("attribute batch_dims needs opset 12 or later, the model uses opset %d", opset)
	}
	return nil
}

type importer struct {
	file   string
	opset  int64 // the default domain's opset
	m      *onnxpb.Model
	g      *onnxpb.Graph
	values map[string]ir.Value
	types  map[string]*onnxpb.ValueInfo
	inits  map[string]*onnxpb.Tensor
	body   *ir.Block
	noVal  ir.Value
}

func (im *importer) loc(offset int) ir.Location { return binLoc(im.file, offset) }

func (im *importer) nodeLoc(n *onnxpb.Node) ir.Location {
	if n.Name != "" {
		return &ir.NameLoc{Name: n.Name, Child: im.loc(n.Offset)}
	}
	return im.loc(n.Offset)
}

func (im *importer) run(name string) (*ir.Operation, error) {
	g := im.g
	if g.SparseInitializers > 0 {
		return nil, ir.Errorf(im.loc(g.Offset), "sparse initializers are not supported")
	}
	for _, vi := range g.ValueInfo {
		if _, dup := im.types[vi.Name]; dup {
			return nil, ir.Errorf(im.loc(vi.Offset), "value_info %q is given twice", vi.Name)
		}
		im.types[vi.Name] = vi
	}
	outs := map[string]bool{}
	for _, vi := range g.Outputs {
		if outs[vi.Name] {
			return nil, ir.Errorf(im.loc(vi.Offset), "graph output %q is declared twice", vi.Name)
		}
		outs[vi.Name] = true
		im.types[vi.Name] = vi
	}
	for _, t := range g.Initializers {
		if t.Name == "" {
			return nil, ir.Errorf(im.loc(t.Offset), "initializer without a name")
		}
		if prev, dup := im.inits[t.Name]; dup {
			return nil, ir.Errorf(im.loc(t.Offset), "initializer %q is given twice (first at byte %d)", t.Name, prev.Offset)
		}
		im.inits[t.Name] = t
	}
	// Graph inputs with an initializer are constants, not arguments (as in
	// onnx-mlir and onnxruntime for models of IR version < 4).
	var argTypes, resTypes []ir.Type
	var argLocs []ir.Location
	var inNames, outNames []ir.Attribute
	var args []*onnxpb.ValueInfo
	for _, vi := range g.Inputs {
		if _, ok := im.inits[vi.Name]; ok {
			continue
		}
		t, err := im.valueType(vi)
		if err != nil {
			return nil, err
		}
		argTypes = append(argTypes, t)
		argLocs = append(argLocs, im.loc(vi.Offset))
		inNames = append(inNames, ir.StringAttr(vi.Name))
		args = append(args, vi)
	}
	for _, vi := range g.Outputs {
		t, err := im.valueType(vi)
		if err != nil {
			return nil, err
		}
		resTypes = append(resTypes, t)
		outNames = append(outNames, ir.StringAttr(vi.Name))
	}
	module := ir.NewModule(im.loc(0))
	im.body = ir.NewBlock(argTypes, argLocs)
	for i, vi := range args {
		if _, dup := im.values[vi.Name]; dup {
			return nil, ir.Errorf(im.loc(vi.Offset), "graph input %q is declared twice", vi.Name)
		}
		im.values[vi.Name] = im.body.Argument(i)
	}
	st := &ir.OperationState{Name: ir.Global.Lookup(function.FuncName), Loc: im.loc(g.Offset),
		Regions: []*ir.Region{ir.NewRegion(im.body)}}
	st.AddAttr("sym_name", ir.StringAttr(name))
	st.AddAttr("function_type", ir.TypeAttr{Type: ir.Function(argTypes, resTypes)})
	st.AddAttr("input_names", ir.ArrayAttr(inNames))
	st.AddAttr("output_names", ir.ArrayAttr(outNames))
	fn := ir.NewOperation(st)
	ir.Body(module).Append(fn)

	for i, n := range g.Nodes {
		if err := im.node(i, n); err != nil {
			return nil, err
		}
	}
	var rets []ir.Value
	for _, vi := range g.Outputs {
		v, err := im.value(vi.Name, im.loc(vi.Offset), "graph output")
		if err != nil {
			return nil, err
		}
		if v.Type() != im.mustType(vi) {
			return nil, ir.Errorf(im.loc(vi.Offset), "graph output %q has type %s, got a value of type %s", vi.Name, im.mustType(vi), v.Type())
		}
		rets = append(rets, v)
	}
	im.body.Append(ir.NewOperation(&ir.OperationState{Name: ir.Global.Lookup(function.ReturnName),
		Loc: im.loc(g.Offset), Operands: rets}))
	// onnx-mlir marks the entry function with onnx.EntryPoint; the op is
	// emitted when the onnx dialect defines it, so that the module verifies
	// without --allow-unregistered-dialect otherwise.
	if ir.Global.LookupDef("onnx.EntryPoint") != nil {
		ep := &ir.OperationState{Name: ir.Global.Lookup("onnx.EntryPoint"), Loc: im.loc(g.Offset)}
		ep.AddAttr("func", ir.SymbolRefAttr{Root: name})
		ir.Body(module).Append(ir.NewOperation(ep))
	}
	return module, nil
}

func (im *importer) mustType(vi *onnxpb.ValueInfo) ir.Type {
	t, _ := im.valueType(vi)
	return t
}

// valueType is the MLIR type of a value info: tensor<d0x…xT> with ? for
// unknown or symbolic dims, or tensor<*xT> without a shape.
func (im *importer) valueType(vi *onnxpb.ValueInfo) (ir.Type, error) {
	tp := vi.Type
	if tp == nil || tp.Kind == "" {
		return nil, ir.Errorf(im.loc(vi.Offset), "value %q has no type", vi.Name)
	}
	if tp.Kind != "tensor_type" {
		return nil, ir.Errorf(im.loc(vi.Offset), "value %q: %s values are not supported, only tensors", vi.Name, tp.Kind)
	}
	elem, err := elemType(tp.ElemType)
	if err != nil {
		return nil, ir.Errorf(im.loc(vi.Offset), "value %q: %v", vi.Name, err)
	}
	if tp.Shape == nil {
		return ir.UnrankedTensor(elem), nil
	}
	shape := make([]int64, len(tp.Shape))
	// The size in bytes of the static dims must fit in int64, so that no
	// later size computation overflows (a dim of 2^63-1 f32 elements does
	// not fit).
	bytes := uint64(elemBytes(elem))
	for i, d := range tp.Shape {
		switch {
		case d.HasValue && d.Value < 0:
			return nil, ir.Errorf(im.loc(vi.Offset), "value %q: dimension %d has negative size %d", vi.Name, i, d.Value)
		case d.HasValue:
			shape[i] = d.Value
			hi, lo := bits.Mul64(bytes, uint64(d.Value))
			if hi != 0 || lo > math.MaxInt64 {
				return nil, ir.Errorf(im.loc(vi.Offset), "value %q: dimensions %v of %s have more bytes than int64 can count", vi.Name, dimList(tp.Shape), elem)
			}
			bytes = lo
		default:
			shape[i] = ir.Dynamic
		}
	}
	return ir.RankedTensor(shape, elem), nil
}

// elemBytes is the storage size of an element type (i1: one byte).
func elemBytes(t ir.Type) int {
	return max(1, ir.ElemByteSize(t))
}

// dimList formats dims for messages, ? for unknown ones.
func dimList(dims []onnxpb.Dim) string {
	parts := make([]string, len(dims))
	for i, d := range dims {
		parts[i] = "?"
		if d.HasValue {
			parts[i] = strconv.FormatInt(d.Value, 10)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

var elemTypes = map[onnxpb.DataType]ir.Type{
	onnxpb.Float: ir.F32T, onnxpb.Double: ir.F64T, onnxpb.Float16: ir.F16T, onnxpb.BFloat16: ir.BF16T,
	onnxpb.Int8: ir.I8, onnxpb.Int16: ir.I16, onnxpb.Int32: ir.I32, onnxpb.Int64: ir.I64, onnxpb.Bool: ir.I1,
	onnxpb.Uint8: ir.IntegerType{Width: 8, Sign: ir.Unsigned}, onnxpb.Uint16: ir.IntegerType{Width: 16, Sign: ir.Unsigned},
	onnxpb.Uint32: ir.IntegerType{Width: 32, Sign: ir.Unsigned}, onnxpb.Uint64: ir.IntegerType{Width: 64, Sign: ir.Unsigned},
}

// elemType maps an ONNX element type to MLIR's, as onnx-mlir does:
// signless integers for INTn, unsigned for UINTn, i1 for BOOL.
func elemType(t onnxpb.DataType) (ir.Type, error) {
	if e, ok := elemTypes[t]; ok {
		return e, nil
	}
	return nil, fmt.Errorf("element type %v is not supported", t)
}

// constant builds the onnx.Constant for a TensorProto.
func (im *importer) constant(t *onnxpb.Tensor, loc ir.Location) (ir.Value, error) {
	attr, err := dense(t)
	if err != nil {
		return nil, ir.Errorf(im.loc(t.Offset), "initializer %q: %v", t.Name, err)
	}
	st := &ir.OperationState{Name: ir.Global.Lookup("onnx.Constant"), Loc: loc, Types: []ir.Type{attr.Type}}
	st.AddAttr("value", attr)
	op := ir.NewOperation(st)
	im.body.Append(op)
	return op.Result(0), nil
}

// dense converts a TensorProto into a dense elements attribute.
func dense(t *onnxpb.Tensor) (*ir.DenseElementsAttr, error) {
	v, err := t.ToTensor()
	if err != nil {
		return nil, err
	}
	elem, err := elemType(t.DataType)
	if err != nil {
		return nil, err
	}
	return &ir.DenseElementsAttr{Type: ir.RankedTensor(v.Shape, elem), Raw: v.Data}, nil
}

// value returns the SSA value of an ONNX value name, materializing an
// initializer as onnx.Constant at its first use.
func (im *importer) value(name string, loc ir.Location, what string) (ir.Value, error) {
	if v, ok := im.values[name]; ok {
		return v, nil
	}
	if t, ok := im.inits[name]; ok {
		v, err := im.constant(t, im.loc(t.Offset))
		if err != nil {
			return nil, err
		}
		im.values[name] = v
		return v, nil
	}
	return nil, ir.Errorf(loc, "%s %q is not defined before its use (nodes must be in topological order)", what, name)
}

// noValue returns the function's one onnx.NoValue result, for absent
// optional inputs.
func (im *importer) noValue() ir.Value {
	if im.noVal == nil {
		st := &ir.OperationState{Name: ir.Global.Lookup("onnx.NoValue"), Loc: im.loc(im.g.Offset), Types: []ir.Type{ir.None}}
		st.AddAttr("value", ir.UnitAttr{})
		op := ir.NewOperation(st)
		if first := im.body.First(); first != nil {
			im.body.InsertBefore(op, first)
		} else {
			im.body.Append(op)
		}
		im.noVal = op.Result(0)
	}
	return im.noVal
}

func (im *importer) node(idx int, n *onnxpb.Node) error {
	loc := im.nodeLoc(n)
	desc := fmt.Sprintf("node %d (%s", idx, n.OpType)
	if n.Name != "" {
		desc += fmt.Sprintf(" %q", n.Name)
	}
	desc += ")"
	if n.OpType == "" {
		return ir.Errorf(loc, "%s has no op_type", desc)
	}
	if n.Domain != "" && n.Domain != "ai.onnx" {
		return ir.Errorf(loc, "%s: operator domain %q is not supported, only the default ONNX domain", desc, n.Domain)
	}
	opName := "onnx." + n.OpType
	var operands []ir.Value
	for _, in := range n.Inputs {
		if in == "" {
			operands = append(operands, im.noValue())
			continue
		}
		v, err := im.value(in, loc, desc+": input")
		if err != nil {
			return err
		}
		operands = append(operands, v)
	}
	// onnx-mlir gives every op all its declared operands, absent trailing
	// optional inputs as onnx.NoValue; do the same where the definition
	// declares more operands than the node has and they are not Optional.
	if def := ir.Global.LookupDef(opName); def != nil {
		for len(operands) < len(def.Operands) {
			od := def.Operands[len(operands)]
			if od.Optional || od.Variadic {
				break
			}
			operands = append(operands, im.noValue())
		}
	}
	st := &ir.OperationState{Name: ir.Global.Lookup(opName), Loc: loc, Operands: operands}
	seen := make(map[string]bool, len(n.Attrs)) // a scan per attribute was O(n²): 100k attributes took 33 s
	for _, a := range n.Attrs {
		attr, err := im.attribute(a)
		if err != nil {
			return ir.Errorf(loc, "%s: %v", desc, err)
		}
		if err := checkOpsetAttrs(im.opset, n.OpType, a); err != nil {
			return ir.Errorf(loc, "%s: %v", desc, err)
		}
		if seen[a.Name] {
			return ir.Errorf(loc, "%s: attribute %q is given twice", desc, a.Name)
		}
		seen[a.Name] = true
		st.AddAttr(a.Name, attr)
	}
	// Result types: the importer's own inference (infer.go), checked
	// against the graph's value_info where it gives one (which then
	// supplies the type, as it may know more, e.g. a symbolic dim's name).
	inferred, inferErr := inferTypes(n.OpType, operands, st.Attrs, len(n.Outputs))
	var resTypes []ir.Type
	for i, out := range n.Outputs {
		if out == "" {
			resTypes = append(resTypes, ir.None)
			continue
		}
		vi, ok := im.types[out]
		if !ok {
			if inferErr != nil || i >= len(inferred) {
				return ir.Errorf(loc, "%s: output %q has no type: the graph gives no value_info for it, and its type cannot be inferred: %v", desc, out, inferErr)
			}
			resTypes = append(resTypes, inferred[i])
			continue
		}
		t, err := im.valueType(vi)
		if err != nil {
			return err
		}
		if inferErr == nil && i < len(inferred) {
			if err := checkGiven(t, inferred[i]); err != nil {
				return ir.Errorf(im.loc(vi.Offset), "%s: output %q: %v", desc, out, err)
			}
		}
		resTypes = append(resTypes, t)
	}
	st.Types = resTypes
	if n.Name != "" {
		st.AddAttr("onnx_node_name", ir.StringAttr(n.Name))
	}
	op := ir.NewOperation(st)
	if c := im.fold(op); c != nil {
		op = c
	}
	im.body.Append(op)
	for i, out := range n.Outputs {
		if out == "" {
			continue
		}
		if _, dup := im.values[out]; dup {
			return ir.Errorf(loc, "%s: output %q is already defined (ONNX values are assigned once)", desc, out)
		}
		if _, dup := im.inits[out]; dup {
			return ir.Errorf(loc, "%s: output %q is also an initializer", desc, out)
		}
		im.values[out] = op.Result(i)
	}
	return nil
}

var si64 = ir.IntegerType{Width: 64, Sign: ir.Signed}

// smallSI64 holds the si64 attributes of -128..1023 boxed once: an INTS
// attribute of small values (one byte each in a packed field) then costs
// one interface per value instead of a heap-allocated attribute each.
var smallSI64 = func() (a [1152]ir.Attribute) {
	for i := range a {
		a[i] = ir.Int(int64(i-128), si64)
	}
	return a
}()

func si64Attr(v int64) ir.Attribute {
	if v >= -128 && v < 1024 {
		return smallSI64[v+128]
	}
	return ir.Int(v, si64)
}

// attribute converts an ONNX attribute as onnx-mlir does: INT as si64,
// FLOAT as f32, STRING as a string, lists as arrays of those, TENSOR as a
// dense elements attribute.
func (im *importer) attribute(a *onnxpb.Attribute) (ir.Attribute, error) {
	if a.Name == "" {
		return nil, fmt.Errorf("attribute without a name")
	}
	if a.RefAttrName != "" {
		return nil, fmt.Errorf("attribute %q refers to a function attribute (%q), which only functions may do", a.Name, a.RefAttrName)
	}
	switch a.Type {
	case onnxpb.AttrInt:
		return ir.Int(a.I, si64), nil
	case onnxpb.AttrFloat:
		return ir.Float(float64(a.F), ir.FloatType{Kind: ir.F32}), nil
	case onnxpb.AttrString:
		return ir.StringAttr(string(a.S)), nil
	case onnxpb.AttrInts:
		out := make(ir.ArrayAttr, len(a.Ints))
		for i, v := range a.Ints {
			out[i] = si64Attr(v)
		}
		return out, nil
	case onnxpb.AttrFloats:
		out := make(ir.ArrayAttr, len(a.Floats))
		for i, v := range a.Floats {
			out[i] = ir.Float(float64(v), ir.FloatType{Kind: ir.F32})
		}
		return out, nil
	case onnxpb.AttrStrings:
		out := make(ir.ArrayAttr, len(a.Strings))
		for i, v := range a.Strings {
			out[i] = ir.StringAttr(string(v))
		}
		return out, nil
	case onnxpb.AttrTensor:
		if a.T == nil {
			return nil, fmt.Errorf("attribute %q of kind TENSOR holds no tensor", a.Name)
		}
		d, err := dense(a.T)
		if err != nil {
			return nil, fmt.Errorf("attribute %q: %v", a.Name, err)
		}
		return d, nil
	case onnxpb.AttrUndefined:
		return nil, fmt.Errorf("attribute %q has no value", a.Name)
	}
	return nil, fmt.Errorf("attribute %q of kind %v is not supported", a.Name, a.Type)
}

// Write imports the model in data and prints the module to w (in generic
// form if generic is set), for library users who want text.
func Write(w io.Writer, filename string, data []byte, opts Options, generic bool) error {
	m, err := Import(filename, data, opts)
	if err != nil {
		return err
	}
	if err := ir.Print(w, m, ir.PrintOptions{Generic: generic}); err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n")
	return err
}
