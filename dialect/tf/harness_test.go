package tf_test

// The shared dialect harnesses of internal/dialecttest (the verifier's
// negative cases are test/lit/frontends/verify_tf.mlir).

import (
	"flag"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tcp-project/tcp/dialect/func"
	_ "github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/internal/dialecttest"
	"github.com/tcp-project/tcp/internal/oracle"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar")

// TestGolden: the testdata inputs parse, verify and print in both forms,
// with the round-trip invariants.
func TestGolden(t *testing.T) { dialecttest.RunGolden(t, "testdata", *update) }

// FuzzParse: parse + verify + print never panics; verified IR round-trips.
func FuzzParse(f *testing.F) {
	dialecttest.FuzzParse(f, "testdata", dialecttest.DocExamples("tf")...)
}

// TestDocs: every tf op has a summary, a description and examples that
// parse, verify and print back as written. TensorFlow prints its ops in
// generic form, so a missing custom
// form, and an example spelling the op in quotes, are not problems here.
func TestDocs(t *testing.T) {
	for _, def := range dialecttest.DialectDefs("tf") {
		for _, p := range dialecttest.DocProblems(def, "") {
			generic := strings.Contains(p, "does not spell the op") && strings.Contains(p, `\"`+def.Name+`\"(`)
			if !generic && !strings.Contains(p, "no custom assembly form") {
				t.Error(p)
			}
		}
	}
}

// TestMlirOpt16Generic: mlir-opt-16, which knows no frontend dialect,
// reads our generic output with --allow-unregistered-dialect and prints it
// back byte for byte (attribute dictionaries, si64/i64 attributes, none
// and unranked types are MLIR's own syntax).
func TestMlirOpt16Generic(t *testing.T) {
	bin := oracle.MLIROpt(t)
	for _, g := range dialecttest.LoadGolden(t, "testdata") {
		_, generic := dialecttest.RoundTrip(t, g.File, g.Sections["input.mlir"])
		got := dialecttest.RunMlirOpt(t, bin, generic, "--allow-unregistered-dialect", "--mlir-print-op-generic")
		if diff := cmp.Diff(generic, got); diff != "" {
			t.Errorf("%s: mlir-opt-16 prints our generic form differently (-ours +mlir-opt):\n%s", g.File, diff)
		}
	}
}
