package onnx

import (
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
)

// EntryPointName is onnx-mlir's marker of the function a model runs.
const EntryPointName = "onnx.EntryPoint"

// EntryPoint is onnx.EntryPoint, which onnx-mlir prints at module level
// after @main_graph: "onnx.EntryPoint"() {func = @main_graph} : () -> ()
// (newer versions with the properties form <{func = @main_graph}>).
var EntryPoint = ir.MustRegister(ir.OpDef{
	Name:    EntryPointName,
	Summary: "ONNX EntryPoint: names the function a model runs",
	Description: `Marks func as the model's entry point. It computes nothing: the
interpreter and the tools run the function they are told to (tcp-run -e),
and --convert-frontends-to-tcp erases the marker.

Verifier rules: it is directly in a builtin.module; func names a
func.func of that module.`,
	Examples: []string{`"onnx.EntryPoint"() {func = @main_graph} : () -> ()`},
	Attrs:    []ir.AttrDef{{Name: "func", Kind: ir.FlatSymbolRefAttrKind, Required: true}},
	Traits:   []ir.Trait{ir.HasParent(ir.ModuleName), ir.IsolatedFromAbove},
	Verify: func(op *ir.Operation) error {
		ref := op.Attr("func").(ir.SymbolRefAttr)
		if function.Lookup(op.ParentOp(), ref.Root) == nil {
			return op.EmitOpError("func @%s is not a function of the enclosing module", ref.Root)
		}
		return nil
	},
})
