package arith_test

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/oracle"

	"github.com/google/go-cmp/cmp"
)

// mlirOpt returns mlir-opt-16, or skips (fails under CI=true).
func mlirOpt(t *testing.T) string { return oracle.MLIROpt(t) }

func runMlirOpt(t *testing.T, bin, src string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(src)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s rejected our output: %v\n%s\ninput:\n%s", bin, strings.Join(args, " "), err, errb.String(), src)
	}
	// mlir-opt-16 ends its output with an empty line; ir.Print does not.
	return strings.TrimSuffix(out.String(), "\n")
}

// TestMlirOpt16: for every golden input, our custom output parses in
// mlir-opt-16 and prints back byte for byte; its generic output equals ours.
// A golden file whose comment contains "mlir-opt: skip" is left out (ops
// that LLVM 16 does not have).
func TestMlirOpt16(t *testing.T) {
	bin := mlirOpt(t)
	for _, g := range loadGolden(t) {
		g := g
		t.Run(filepath.Base(g.file), func(t *testing.T) {
			t.Parallel()
			if strings.Contains(string(g.ar.Comment), "mlir-opt: skip") {
				t.Skipf("%s: %s", g.file, strings.TrimSpace(string(g.ar.Comment)))
			}
			custom, generic := roundTrip(t, g.file, g.sections["input.mlir"])
			if diff := cmp.Diff(custom, runMlirOpt(t, bin, custom)); diff != "" {
				t.Errorf("mlir-opt-16 prints our custom output differently (-ours +mlir-opt):\n%s", diff)
			}
			if diff := cmp.Diff(generic, runMlirOpt(t, bin, custom, "--mlir-print-op-generic")); diff != "" {
				t.Errorf("mlir-opt-16 --mlir-print-op-generic differs (-ours +mlir-opt):\n%s", diff)
			}
			if diff := cmp.Diff(custom, runMlirOpt(t, bin, generic)); diff != "" {
				t.Errorf("mlir-opt-16 prints our generic output differently (-ours +mlir-opt):\n%s", diff)
			}
		})
	}
}
