package tcp_test

// The shared dialect harnesses of internal/dialecttest that apply to tcp
// (its verifier cases are in verify_test.go, its design-doc IR in
// testdata/design_doc.mlir).

import (
	"testing"

	_ "github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/internal/dialecttest"
)

// FuzzParse: parse + verify + print of random text never panics, and
// verified IR round-trips; seeded with testdata/design_doc.mlir and the
// ops' doc examples.
func FuzzParse(f *testing.F) {
	dialecttest.FuzzParse(f, "testdata", dialecttest.DocExamples("tcp")...)
}

// TestDocs: every tcp op has a summary, a description, a custom form and
// examples that parse, verify and print back as written.
func TestDocs(t *testing.T) { dialecttest.CheckDocs(t, "tcp", dialecttest.DocsOptions{}) }
