package compiler

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/tcp-project/tcp/codegen/golang"
	_ "github.com/tcp-project/tcp/dialect/all"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/frontend/onnximport"
	"github.com/tcp-project/tcp/frontend/onnxpb"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	_ "github.com/tcp-project/tcp/passes/all"
	"github.com/tcp-project/tcp/passes/pipelines"
	"github.com/tcp-project/tcp/tensor"
	"github.com/tcp-project/tcp/tensor/npy"
	"github.com/tcp-project/tcp/translate"
	_ "github.com/tcp-project/tcp/translate/all"
)

// FrontendsToTcpPipeline is the named pass pipeline ConvertToTcp runs
// (tcp-opt --frontends-to-tcp-pipeline).
const FrontendsToTcpPipeline = pipelines.FrontendsToTcp

// Module is a parsed, verified MLIR module (a builtin.module).
type Module struct {
	op *ir.Operation
}

// Parse parses MLIR text (generic or custom form) named filename in error
// locations, and verifies it. Errors are located:
// "filename:line:col: error: ...".
func Parse(filename string, src []byte) (*Module, error) {
	op, err := parser.Parse(filename, string(src), parser.Options{})
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(op, false); err != nil {
		return nil, err
	}
	return &Module{op: op}, nil
}

// ParseFile reads and parses the MLIR file path.
func ParseFile(path string) (*Module, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, src)
}

// ImportONNX imports an ONNX model (the bytes of a .onnx file, named
// filename in errors) as onnx dialect IR in onnx-mlir's form: one
// func.func @main_graph.
func ImportONNX(filename string, data []byte) (*Module, error) {
	op, err := onnximport.Import(filename, data, onnximport.Options{})
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(op, false); err != nil {
		return nil, err
	}
	return &Module{op: op}, nil
}

// ImportONNXFile reads and imports the .onnx file path.
func ImportONNXFile(path string) (*Module, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ImportONNX(path, data)
}

// Operation returns the module's builtin.module op, for the lower-level
// packages (ir, interp, passes, codegen).
func (m *Module) Operation() *ir.Operation { return m.op }

// Clone returns an independent copy of m.
func (m *Module) Clone() *Module { return &Module{op: m.op.Clone()} }

// String prints m in the custom form, as tcp-opt does.
func (m *Module) String() string {
	var b strings.Builder
	if err := ir.Print(&b, m.op, ir.PrintOptions{}); err != nil {
		return "<error: " + err.Error() + ">"
	}
	return b.String()
}

// GenericString prints m in the generic form (--mlir-print-op-generic).
func (m *Module) GenericString() string {
	var b strings.Builder
	if err := ir.Print(&b, m.op, ir.PrintOptions{Generic: true}); err != nil {
		return "<error: " + err.Error() + ">"
	}
	return b.String()
}

// Funcs returns the symbols of the module's func.func ops, in order.
func (m *Module) Funcs() []string {
	var out []string
	for _, f := range function.Funcs(m.op) {
		out = append(out, function.FuncOp{Operation: f}.Name())
	}
	return out
}

// RunPasses runs a pass pipeline on m in MLIR's textual syntax, either
// anchored on the module ("builtin.module(func.func(canonicalize),cse)")
// or as its element list ("func.func(canonicalize),cse"), verifying after
// each pass.
// Named pipelines (FrontendsToTcpPipeline) may appear in it. On error m
// may be partly transformed; run on a Clone to keep the input.
func (m *Module) RunPasses(pipeline string) error {
	text := strings.TrimSpace(pipeline)
	if !strings.HasPrefix(text, ir.ModuleName+"(") {
		text = ir.ModuleName + "(" + text + ")"
	}
	pm, err := pass.ParsePipeline(text)
	if err != nil {
		return err
	}
	pm.VerifyEach = true
	return pm.Run(m.op)
}

// ConvertToTcp brings the frontend ops of m (torch-mlir, onnx-mlir,
// TensorFlow, StableHLO) to tcp with builtin tensor types at every
// function boundary: the FrontendsToTcpPipeline, which tcp-pipeline runs
// before lowering. An op that cannot be converted is a located error.
func (m *Module) ConvertToTcp() error { return m.RunPasses(FrontendsToTcpPipeline) }

// DirectMLOptions configure LowerToDirectML.
type DirectMLOptions struct {
	// FeatureLevel is the DirectML feature level targeted ("" is the
	// default, 4.1; "3.0", "5.0", ...).
	FeatureLevel string
	// AssumeInBounds lowers mode "error" gathers on computed indices as
	// promised in bounds (DirectML cannot report an out-of-range index).
	AssumeInBounds bool
}

// LowerToDirectML lowers the tcp ops of m to the dml dialect
// (--convert-tcp-to-dml), one op per DirectML operator. Convert frontend
// IR with ConvertToTcp first.
func (m *Module) LowerToDirectML(o DirectMLOptions) error {
	var opts []string
	if o.FeatureLevel != "" {
		opts = append(opts, "feature-level="+o.FeatureLevel)
	}
	if o.AssumeInBounds {
		opts = append(opts, "assume-in-bounds=true")
	}
	return m.RunPasses("convert-tcp-to-dml{" + strings.Join(opts, " ") + "}")
}

// Translate runs the registered translation name (a tcp-translate flag
// without dashes: "mlir-to-dml-json", "mlir-to-dml-cpp", "mlir-to-dot",
// "mlir-to-go", "mlir-to-onnx") with options (nil: the defaults) and
// returns its output.
func (m *Module) Translate(name string, options map[string]string) ([]byte, error) {
	t, err := translate.Require(name)
	if err != nil {
		return nil, err
	}
	if t.FromMLIR == nil {
		var names []string
		for _, t := range translate.All() {
			if t.FromMLIR != nil {
				names = append(names, t.Name)
			}
		}
		return nil, fmt.Errorf("no translation from MLIR named %q (known: %s)", name, strings.Join(names, ", "))
	}
	opts := t.DefaultOptions()
	for k, v := range options {
		if _, ok := opts[k]; !ok {
			return nil, fmt.Errorf("translation %s has no option %q", name, k)
		}
		opts[k] = v
	}
	var b bytes.Buffer
	if err := t.FromMLIR(m.op, opts, &b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// DirectMLJSON returns the DirectML graphs (DML_GRAPH_DESC) of a module
// lowered by LowerToDirectML, as JSON (tcp-translate --mlir-to-dml-json).
func (m *Module) DirectMLJSON() ([]byte, error) { return m.Translate("mlir-to-dml-json", nil) }

// DirectMLCPP returns C++17 that builds, compiles and dispatches the
// DirectML graphs of a lowered module (--mlir-to-dml-cpp).
func (m *Module) DirectMLCPP() ([]byte, error) { return m.Translate("mlir-to-dml-cpp", nil) }

// DOT returns the DirectML graphs of a lowered module in Graphviz's DOT
// language (--mlir-to-dot).
func (m *Module) DOT() ([]byte, error) { return m.Translate("mlir-to-dot", nil) }

// GoSource returns the Go kernels of m's functions (tcp IR) as one gofmt'd
// file of package pkg ("" is "kernels"): per func.func @f an exported
// F(destinations..., arguments...) error and FDims (--mlir-to-go).
func (m *Module) GoSource(pkg string) ([]byte, error) {
	if pkg == "" {
		pkg = "kernels"
	}
	return m.Translate("mlir-to-go", map[string]string{"go-package": pkg})
}

// Run interprets the func.func @fn of m on args with the reference
// interpreter (the semantics every pass and backend is checked against)
// and returns its results. Any dialect's IR runs: frontend, tcp, DirectML.
func (m *Module) Run(fn string, args ...*Tensor) ([]*Tensor, error) {
	return interp.RunFunc(m.op, fn, args...)
}

// RunGo compiles the Go kernel of @fn (tcp IR) with the go command into a
// cached binary (the first call for a module takes seconds, later ones
// none) and runs it on args, as tcp-run --backend=go does.
func (m *Module) RunGo(fn string, args ...*Tensor) ([]*Tensor, error) {
	res, _, err := golang.Run(m.op, fn, args, golang.CallOptions{})
	return res, err
}

// GoKernels is a running binary of compiled Go kernels (BuildGo). Its
// methods are not safe for concurrent use; Close ends it.
type GoKernels struct {
	pr *golang.Process
}

// BuildGo compiles the Go kernels of the functions funcs (none: every
// function with a body) of m into one binary, cached by its source, and
// starts it, so that Call runs a kernel without compiling again.
func (m *Module) BuildGo(funcs ...string) (*GoKernels, error) {
	p, err := golang.Build(m.op, funcs)
	if err != nil {
		return nil, err
	}
	pr, err := p.Start()
	if err != nil {
		return nil, err
	}
	return &GoKernels{pr: pr}, nil
}

// Call runs the kernel of @fn on args and returns its results. An index
// error the kernel raises (mode "error" and the like) is returned as an
// error.
func (k *GoKernels) Call(fn string, args ...*Tensor) ([]*Tensor, error) {
	res, _, err := k.pr.Call(fn, args, golang.CallOptions{})
	return res, err
}

// Bench runs the kernel of @fn once, checked, then n more times, and
// returns the results and the median seconds of one call.
func (k *GoKernels) Bench(fn string, n int, args ...*Tensor) ([]*Tensor, float64, error) {
	return k.pr.Call(fn, args, golang.CallOptions{Bench: n})
}

// Close ends the kernel binary.
func (k *GoKernels) Close() error { return k.pr.Close() }

// Tensor is a runtime tensor: element type, shape and little-endian data
// in row-major order.
type Tensor = tensor.Tensor

// DType is a tensor element type.
type DType = tensor.DType

// The element types.
const (
	Bool  = tensor.I1
	I8    = tensor.I8
	I16   = tensor.I16
	I32   = tensor.I32
	I64   = tensor.I64
	UI8   = tensor.UI8
	UI16  = tensor.UI16
	UI32  = tensor.UI32
	UI64  = tensor.UI64
	F16   = tensor.F16
	BF16  = tensor.BF16
	F32   = tensor.F32
	F64   = tensor.F64
	Index = tensor.Index
)

// Floats returns a tensor of a float type from values in row-major order.
func Floats(dt DType, shape []int64, values ...float64) (*Tensor, error) {
	return tensor.FromFloat64s(dt, shape, values)
}

// Ints returns a tensor of an integer (or index, or bool) type from values
// in row-major order.
func Ints(dt DType, shape []int64, values ...int64) (*Tensor, error) {
	return tensor.FromInt64s(dt, shape, values)
}

// Format prints t as an MLIR literal: dense<...> : tensor<...> (what
// tcp-run --print=mlir prints).
func Format(t *Tensor) string { return tensor.Format(t) }

// ArrayString prints t as numpy's array2string does (what tcp-run
// prints), summarized with "..." past 1000 elements.
func ArrayString(t *Tensor) string { return tensor.ArrayString(t) }

// ReadNpy reads a NumPy .npy file.
func ReadNpy(path string) (*Tensor, error) { return npy.ReadFile(path) }

// WriteNpy writes t as a NumPy .npy file (atomically).
func WriteNpy(path string, t *Tensor) error { return npy.WriteFile(path, t) }

// ReadTensorProto reads an ONNX TensorProto file (the .pb files of an ONNX
// test_data_set) and returns the tensor and its name.
func ReadTensorProto(path string) (*Tensor, string, error) { return onnxpb.ReadTensorFile(path) }
