package lit

import (
	"github.com/tcp-project/tcp/internal/oracle"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const fixtures = "testdata/llvm-lit"

// fixtureConfig is the configuration for the files in testdata/llvm-lit,
// which scripts/run-llvm-lit.sh also runs with LLVM's lit. It uses LLVM's
// FileCheck and mlir-opt when they are installed, like lit does.
func fixtureConfig(t *testing.T) *Config {
	cfg := &Config{
		Tools:    map[string]Tool{"FileCheck": fakeFileCheck},
		Features: map[string]bool{},
		TempDir:  t.TempDir(),
		Parallel: true,
	}
	if tool, path, ok := LookPathTool("FileCheck-16"); ok {
		t.Logf("using %s", path)
		cfg.Tools["FileCheck"] = tool
	}
	if tool, path, ok := LookPathTool("mlir-opt-16", "mlir-opt"); ok {
		t.Logf("using %s", path)
		cfg.Tools["mlir-opt"] = tool
		cfg.Features["mlir-opt"] = true
	}
	return cfg
}

// TestSharedFixtures runs the fixtures as a harness in test/lit would.
func TestSharedFixtures(t *testing.T) {
	RunTests(t, fixtureConfig(t), fixtures)
}

func TestSharedFixtureStatuses(t *testing.T) {
	cfg := fixtureConfig(t)
	tests, err := FindTests(cfg, fixtures)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Status{
		"basic.mlir":         Pass,
		"continuation.mlir":  Pass,
		"files.mlir":         Pass,
		"mlir-opt.mlir":      Unsupported,
		"quoting.mlir":       Pass,
		"redirections.mlir":  Pass,
		"sequences.mlir":     Pass,
		"substitutions.mlir": Pass,
		"unsupported.mlir":   Unsupported,
		"xfail.mlir":         XFail,
	}
	if cfg.Features["mlir-opt"] {
		want["mlir-opt.mlir"] = Pass
	}
	got := map[string]Status{}
	for _, path := range tests {
		res, err := RunFile(cfg, path)
		if err != nil {
			t.Fatal(err)
		}
		got[filepath.Base(path)] = res.Status
		if res.Status != want[filepath.Base(path)] {
			t.Logf("%s: %s\n%s", path, res.Message, res.Report)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("statuses mismatch (-want +got):\n%s", diff)
	}
}

func TestFindTests(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.mlir", "b.txt", "sub/c.mlir", "sub/Inputs/d.mlir", "Output/e.mlir", ".hidden/f.mlir", ".g.mlir", "sub/h.ll"} {
		writeTestAt(t, filepath.Join(dir, f))
	}
	got, err := FindTests(&Config{}, dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		got[i], _ = filepath.Rel(dir, got[i])
	}
	if diff := cmp.Diff([]string{"a.mlir", "sub/c.mlir"}, got); diff != "" {
		t.Errorf("FindTests mismatch (-want +got):\n%s", diff)
	}
	got, err = FindTests(&Config{Suffixes: []string{".ll", ".txt"}}, dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		got[i], _ = filepath.Rel(dir, got[i])
	}
	if diff := cmp.Diff([]string{"b.txt", "sub/h.ll"}, got); diff != "" {
		t.Errorf("FindTests with suffixes mismatch (-want +got):\n%s", diff)
	}
	got, err = FindTests(&Config{}, filepath.Join(dir, "b.txt"))
	if err != nil || len(got) != 1 {
		t.Errorf("FindTests of a file = %v, %v", got, err)
	}
	if _, err := FindTests(&Config{}, filepath.Join(dir, "missing")); err == nil {
		t.Error("FindTests of a missing path succeeded")
	}
}

func TestExecTool(t *testing.T) {
	if _, _, ok := LookPathTool("definitely-not-a-tool-name"); ok {
		t.Fatal("LookPathTool found a missing tool")
	}
	tool, _, ok := LookPathTool("cat")
	if !ok {
		oracle.Missing(t, "no cat program")
	}
	cfg := testConfig(t)
	cfg.Tools["system-cat"] = tool
	cfg.Tools["missing"] = ExecTool(filepath.Join(t.TempDir(), "missing"))
	path := writeTest(t, "test.mlir",
		"// RUN: echo hi | system-cat > %t && system-cat %t | FileCheck %s",
		"// CHECK: hi",
		"// RUN: not system-cat %t.missing",
		"// RUN: not missing 2> %t.err && system-cat %t.err | FileCheck %s --check-prefix=ERR",
		"// ERR: no such file or directory",
	)
	res, err := RunFile(cfg, path)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Pass {
		t.Errorf("RunFile = %v: %s\n%s", res.Status, res.Message, res.Report)
	}
}
