package onnxdata

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/tcp-project/tcp/internal/oracle"
)

// GatherOps are the op types whose node tests the repository's tests run,
// and WantCases how many node tests ONNX 1.12 has for each of them.
var (
	GatherOps = []string{"Gather", "GatherElements", "GatherND", "Slice"}
	WantCases = map[string]int{"Gather": 4, "GatherElements": 3, "GatherND": 3, "Slice": 8}
)

// ForTest returns the node tests of ops for a test: Ensure (under
// oracle.PythonPath, at most five minutes) and Load. Without python3-onnx
// it skips t (fails it under CI=true, oracle.Missing); any other error
// fails t.
func ForTest(t testing.TB, ops []string) []Case {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	dir, err := Ensure(ctx, oracle.PythonPath(), ops)
	if errors.Is(err, ErrUnavailable) || errors.Is(err, os.ErrNotExist) {
		oracle.Missing(t, "ONNX node tests cannot be generated: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	cases, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// CheckCounts fails t unless perOp (cases run per op type) has the counts
// of WantCases.
func CheckCounts(t testing.TB, perOp map[string]int) {
	t.Helper()
	for op, n := range WantCases {
		if perOp[op] != n {
			t.Errorf("%d %s cases, want %d", perOp[op], op, n)
		}
	}
}
