package dialecttest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/oracle"
)

// RunMlirOpt pipes src through bin (mlir-opt-16) with args and returns its
// output; it fails t if mlir-opt rejects the input.
func RunMlirOpt(t *testing.T, bin, src string, args ...string) string {
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

// MLIROptGolden: for every <dir>/*.txtar input, our custom output parses in
// mlir-opt-16 and prints back byte for byte; its generic output equals ours.
// A golden file whose comment contains "mlir-opt: skip" is left out (ops
// that LLVM 16 does not have).
func MLIROptGolden(t *testing.T, dir string) {
	t.Helper()
	bin := oracle.MLIROpt(t)
	for _, g := range LoadGolden(t, dir) {
		t.Run(filepath.Base(g.File), func(t *testing.T) {
			t.Parallel()
			if strings.Contains(string(g.Archive.Comment), "mlir-opt: skip") {
				t.Skipf("%s: %s", g.File, strings.TrimSpace(string(g.Archive.Comment)))
			}
			custom, generic := RoundTrip(t, g.File, g.Sections["input.mlir"])
			if diff := cmp.Diff(custom, RunMlirOpt(t, bin, custom)); diff != "" {
				t.Errorf("mlir-opt-16 prints our custom output differently (-ours +mlir-opt):\n%s", diff)
			}
			if diff := cmp.Diff(generic, RunMlirOpt(t, bin, custom, "--mlir-print-op-generic")); diff != "" {
				t.Errorf("mlir-opt-16 --mlir-print-op-generic differs (-ours +mlir-opt):\n%s", diff)
			}
			if diff := cmp.Diff(custom, RunMlirOpt(t, bin, generic)); diff != "" {
				t.Errorf("mlir-opt-16 prints our generic output differently (-ours +mlir-opt):\n%s", diff)
			}
		})
	}
}

// MLIROptGenericGolden: for a dialect mlir-opt-16 does not know, the
// generic output of every <dir>/*.txtar input is read by mlir-opt-16 with
// --allow-unregistered-dialect and printed back byte for byte.
func MLIROptGenericGolden(t *testing.T, dir string) {
	t.Helper()
	bin := oracle.MLIROpt(t)
	for _, g := range LoadGolden(t, dir) {
		_, generic := RoundTrip(t, g.File, g.Sections["input.mlir"])
		got := RunMlirOpt(t, bin, generic, "--allow-unregistered-dialect", "--mlir-print-op-generic")
		if diff := cmp.Diff(generic, got); diff != "" {
			t.Errorf("%s: mlir-opt-16 prints our generic form differently (-ours +mlir-opt):\n%s", g.File, diff)
		}
	}
}

// RunErrorsMlirOpt checks the expectations of RunErrors against mlir-opt-16
// itself; cases marked NotMlirOpt are skipped with the reason.
func RunErrorsMlirOpt(t *testing.T, cases []ErrorCase) {
	t.Helper()
	bin := oracle.MLIROpt(t)
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			t.Parallel()
			if tc.NotMlirOpt {
				t.Skip("expectation is ours, not mlir-opt-16's")
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, NegFile), []byte(tc.Src), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, NegFile)
			cmd.Dir = dir
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Run(); err == nil {
				t.Fatalf("mlir-opt-16 accepted the input")
			}
			if diff := cmp.Diff(tc.Want, FirstErrors(errb.String())); diff != "" {
				t.Errorf("mlir-opt-16 diagnostics differ (-want +mlir-opt):\n%s", diff)
			}
		})
	}
}
