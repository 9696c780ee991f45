package dml_test

import (
	"testing"

	_ "github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/internal/dialecttest"
)

// FuzzParse: parse + verify + print of random text never panics, and
// verified IR round-trips; seeded with the ops' doc examples.
func FuzzParse(f *testing.F) {
	dialecttest.FuzzParse(f, "testdata", dialecttest.DocExamples("dml")...)
}

// TestDocs: every dml op has a summary, a description, a custom form and
// examples that parse, verify and print back as written.
func TestDocs(t *testing.T) { dialecttest.CheckDocs(t, "dml", dialecttest.DocsOptions{}) }
