// Package translate is the registry of tcp-translate's translations, after
// mlir-translate's TranslateFromMLIRRegistration and
// TranslateToMLIRRegistration (llvm/llvm-project:mlir/include/mlir/Tools/
// mlir-translate/Translation.h).
//
// A translation is registered once, from the init function of the package
// that implements it (an emitter in codegen/, an importer), and then works
// as a tcp-translate flag (`--mlir-to-dml-json`) and in the library:
//
//	t := translate.Lookup("mlir-to-dml-json")
//	err := t.FromMLIR(module, t.DefaultOptions(), w)
//
// Two kinds exist. A FromMLIR translation receives a parsed and verified
// builtin.module and writes text (C++, JSON, Go source, Graphviz). A ToMLIR
// translation receives the raw bytes of its input (a .onnx protobuf file)
// and returns a module, which the tool verifies and prints.
//
// Errors: a translation returns located diagnostics (*ir.Diagnostic,
// ir.DiagnosticList) for problems in the input; the tool prints them as
// `file:line:col: error: …` and exits 1 without writing the output file.
package translate
