// Package frontendhint tells the backends (the Go kernel emitter, the
// DirectML lowering and emitters) whether an op or type they refuse belongs
// to a frontend dialect, so that their errors say to convert the IR first
// and name the pipeline that does it (--frontends-to-tcp-pipeline, which
// passes/pipelines registers). It imports only ir: backends use it without
// linking the conversions.
package frontendhint

import (
	"regexp"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Pipeline is the named pass pipeline that brings frontend IR to tcp with
// builtin tensor types at function boundaries.
const Pipeline = "frontends-to-tcp-pipeline"

// dialects are the frontend dialects whose ops and types no backend takes.
var dialects = map[string]bool{
	"torch": true, "torch_c": true, "onnx": true, "tf": true, "tf_executor": true,
	"stablehlo": true, "mhlo": true, "chlo": true,
}

var typeRE = regexp.MustCompile(`!(torch|torch_c|onnx|tf|tf_executor|stablehlo|mhlo|chlo)\.`)

// IsFrontendOp reports whether op belongs to a frontend dialect.
func IsFrontendOp(op *ir.Operation) bool {
	d, _, ok := strings.Cut(op.Name(), ".")
	return ok && dialects[d]
}

// IsFrontendType reports whether t is (or contains) a frontend dialect's
// type, such as !torch.vtensor<[4,3],f32>.
func IsFrontendType(t ir.Type) bool {
	return t != nil && typeRE.MatchString(t.String())
}

// OpAdvice is the advice for a frontend op a backend cannot take.
func OpAdvice(op *ir.Operation) string {
	return "'" + op.Name() + "' is a frontend op: convert first with the " + Pipeline + " (tcp-opt --" + Pipeline + ")"
}

// TypeAdvice is the advice for a frontend type at a function boundary.
func TypeAdvice() string {
	return "a frontend type at the function boundary: convert first with the " + Pipeline + " (tcp-opt --" + Pipeline + "), whose torch-func-backend-type-conversion makes it a builtin tensor"
}
