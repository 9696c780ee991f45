package tcppipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runMain(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	st := Main(args, &out, &errb)
	return st, out.String(), errb.String()
}

// TestEmbeddedExample runs the README's first command: every stage is
// built and the values agree.
func TestEmbeddedExample(t *testing.T) {
	st, out, errs := runMain("--trials", "8")
	if st != 0 {
		t.Fatalf("status %d\nstdout:\n%s\nstderr:\n%s", st, out, errs)
	}
	for _, want := range []string{
		"== 1. input", `"onnx.Gather"`,
		"== 2. tcp", `tcp.gather`, `mode = "wrap_negative"`,
		"== 3. DirectML", "dml.gather",
		"== 4. DirectML graph", "DML_OPERATOR_GATHER", `"IndexDimensions": 2`,
		"== 5. Go kernel", "func MainGraph(",
		"== 6. values", "9 of 9 argument sets agree", "OK: every stage",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.mlir")
	os.WriteFile(bad, []byte("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %b : tensor<2xf32>\n}\n"), 0o644)
	noBody := filepath.Join(dir, "decl.mlir")
	os.WriteFile(noBody, []byte("func.func private @f(%a: tensor<2xf32>) -> tensor<2xf32>\n"), 0o644)
	for _, tc := range []struct {
		args    []string
		wantErr string
	}{
		{[]string{bad}, "bad.mlir:2:10: error: use of undeclared SSA value name"},
		{[]string{noBody}, "no function with a body"},
		{[]string{filepath.Join(dir, "missing.mlir")}, "cannot open input file"},
		{[]string{"--trials", "x"}, "needs a non-negative integer"},
		{[]string{"--bogus"}, "unknown option --bogus"},
		{[]string{"-e", "nope"}, "no func.func @nope"},
	} {
		st, _, errs := runMain(tc.args...)
		if st != 1 || !strings.Contains(errs, tc.wantErr) {
			t.Errorf("%v: status %d, stderr %q; want 1 and %q", tc.args, st, errs, tc.wantErr)
		}
	}
}
