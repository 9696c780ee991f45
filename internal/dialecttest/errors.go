package dialecttest

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// ErrorCase is invalid input and the diagnostics it must produce (the
// `error:` lines, in order), located in file NegFile.
type ErrorCase struct {
	Name, Src string
	Want      []string
	// NotMlirOpt marks an expectation that is ours, not mlir-opt-16's (the
	// reason is given in the name).
	NotMlirOpt bool
}

// NegFile is the file name under which ErrorCase sources are parsed.
const NegFile = "neg.mlir"

// At is the location prefix of line 2 of NegFile, where WrapFunc puts the
// body: At + "8: error: ..." is column 8 of the op under test.
const At = NegFile + ":2:"

// WrapFunc wraps body in a function with the given arguments; the body
// starts on line 2, column 3.
func WrapFunc(args, body string) string {
	return "func.func @f(" + args + ") {\n  " + body + "\n  return\n}\n"
}

// FirstErrors returns the `error:` lines of a diagnostic text, in order.
func FirstErrors(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, ": error: ") {
			out = append(out, l)
		}
	}
	return out
}

// ParseAndVerify parses src as NegFile and verifies it.
func ParseAndVerify(src string) error {
	m, err := parser.Parse(NegFile, src, parser.Options{})
	if err != nil {
		return err
	}
	return ir.Verify(m, false)
}

// Sources returns the Src of every case (fuzz seeds).
func Sources(cases []ErrorCase) []string {
	out := make([]string, len(cases))
	for i, tc := range cases {
		out[i] = tc.Src
	}
	return out
}

// RunErrors: every case fails to parse or verify with exactly its Want
// `error:` lines (one subtest per case).
func RunErrors(t *testing.T, cases []ErrorCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			err := ParseAndVerify(tc.Src)
			if err == nil {
				t.Fatalf("no error, want %q", tc.Want)
			}
			if diff := cmp.Diff(tc.Want, FirstErrors(err.Error())); diff != "" {
				t.Errorf("diagnostics mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
