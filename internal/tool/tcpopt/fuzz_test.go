package tcpopt_test

import (
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/tool/tcpopt"
)

// FuzzMain runs tcp-opt on random input under a few flag sets: it must
// exit with 0 or 1 and never panic (Main turns a panic into an "internal
// error" message, which counts as a failure here).
func FuzzMain(f *testing.F) {
	setup()
	for _, s := range []string{fn, badReturn, dupPure, splitInput, diagsOK, oracleOps, oracleCFG, oracleSplit, "", "// -----", "func.func @f( {\n"} {
		f.Add(s, uint8(0))
	}
	flagSets := [][]string{
		{"--allow-unregistered-dialect"},
		{"--allow-unregistered-dialect", "--mlir-print-op-generic", "--split-input-file"},
		{"--split-input-file", "--verify-diagnostics"},
		{"--allow-unregistered-dialect", "--canonicalize", "--cse", "--dce"},
		{"--allow-unregistered-dialect", "--verify-roundtrip", "--mlir-print-debuginfo"},
		{"--pass-pipeline=builtin.module(func.func(cse,canonicalize))", "--mlir-print-ir-after-all", "--mlir-timing"},
	}
	f.Fuzz(func(t *testing.T, input string, which uint8) {
		args := flagSets[int(which)%len(flagSets)]
		var out, errb strings.Builder
		code := tcpopt.Main(args, strings.NewReader(input), &out, &errb)
		if code != 0 && code != 1 {
			t.Fatalf("exit code %d", code)
		}
		if strings.Contains(errb.String(), "tcp-opt: internal error") {
			t.Fatalf("Main panicked on %q with %v:\n%s", input, args, errb.String())
		}
	})
}
