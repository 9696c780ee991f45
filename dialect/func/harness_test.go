package function_test

// The shared dialect harnesses of internal/dialecttest that apply to func.

import (
	"testing"

	_ "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/internal/dialecttest"
)

// FuzzParse: parse + verify + print of random text never panics, and
// verified IR round-trips; seeded with the ops' doc examples.
func FuzzParse(f *testing.F) {
	dialecttest.FuzzParse(f, "", dialecttest.DocExamples("func")...)
}

// TestDocs: every func op has a summary, a description, a custom form and
// examples that parse, verify and print back as written.
func TestDocs(t *testing.T) {
	dialecttest.CheckDocs(t, "func", dialecttest.DocsOptions{
		Prelude: map[string]string{
			// The example calls @f, which must exist to verify.
			"func.call": "func.func private @f(tensor<2xi64>) -> tensor<2xi64>",
		},
	})
}
