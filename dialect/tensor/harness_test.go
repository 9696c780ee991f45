package tensor_test

// The shared dialect harnesses of internal/dialecttest, run on this
// package's testdata/*.txtar and errorCases (errors_test.go).

import (
	"flag"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/arith"
	_ "github.com/tcp-project/tcp/dialect/func"
	_ "github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/internal/dialecttest"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar")

// TestGolden: every testdata/*.txtar input parses, verifies and prints as
// want.mlir (custom form) and want-generic.mlir (generic form), with the
// round-trip invariants. -update rewrites the want sections.
func TestGolden(t *testing.T) { dialecttest.RunGolden(t, "testdata", *update) }

// TestMlirOpt16: for every golden input, our custom output parses in
// mlir-opt-16 and prints back byte for byte; its generic output equals ours.
// A golden file whose comment contains "mlir-opt: skip" is left out.
func TestMlirOpt16(t *testing.T) { dialecttest.MLIROptGolden(t, "testdata") }

// TestErrors: one case per verifier rule (and per custom-syntax error),
// with the exact `file:line:col: error: 'op' op message` of mlir-opt-16.
func TestErrors(t *testing.T) { dialecttest.RunErrors(t, errorCases) }

// TestErrorsMlirOpt16 checks the expectations of TestErrors against
// mlir-opt-16 itself.
func TestErrorsMlirOpt16(t *testing.T) { dialecttest.RunErrorsMlirOpt(t, errorCases) }

// FuzzParse: parse + verify + print of random text never panics, and
// verified IR round-trips; seeded with errorCases and the golden files.
func FuzzParse(f *testing.F) {
	dialecttest.FuzzParse(f, "testdata", dialecttest.Sources(errorCases)...)
}

// TestDocs: every tensor op has a summary, a description, a custom form and
// examples that parse, verify and print back as written.
func TestDocs(t *testing.T) { dialecttest.CheckDocs(t, "tensor", dialecttest.DocsOptions{}) }
