package onnx_test

// The shared dialect harnesses of internal/dialecttest (the verifier's
// negative cases are test/lit/frontends/verify_onnx.mlir).

import (
	"flag"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/func"
	_ "github.com/tcp-project/tcp/dialect/onnx"
	"github.com/tcp-project/tcp/internal/dialecttest"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar")

// TestGolden: the testdata inputs parse, verify and print in both forms,
// with the round-trip invariants.
func TestGolden(t *testing.T) { dialecttest.RunGolden(t, "testdata", *update) }

// FuzzParse: parse + verify + print never panics; verified IR round-trips.
func FuzzParse(f *testing.F) {
	dialecttest.FuzzParse(f, "testdata", dialecttest.DocExamples("onnx")...)
}

// TestDocs: every onnx op has a summary, a description and examples that
// parse, verify and print back as written; onnx-mlir prints its ops in
// generic form (only onnx.Constant has a custom one), so no custom form is
// required.
func TestDocs(t *testing.T) {
	dialecttest.CheckDocs(t, "onnx", dialecttest.DocsOptions{GenericForm: true, Prelude: map[string]string{
		// The entry point names @main_graph, which must exist to verify.
		"onnx.EntryPoint": "func.func private @main_graph()",
	}})
}

// TestMlirOpt16Generic: mlir-opt-16, which knows no frontend dialect,
// reads our generic output with --allow-unregistered-dialect and prints it
// back byte for byte (attribute dictionaries, si64/i64 attributes, none
// and unranked types are MLIR's own syntax).
func TestMlirOpt16Generic(t *testing.T) { dialecttest.MLIROptGenericGolden(t, "testdata") }
