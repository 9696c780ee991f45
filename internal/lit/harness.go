package lit

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// FindTests returns the test files at or under root, sorted. If root is a
// file it is returned as is. In a directory, the tests are the files whose
// names end in one of cfg.Suffixes (default ".mlir"); directories named
// "Inputs" or "Output" and names starting with "." are skipped, as the lit
// configuration in test/lit does.
func FindTests(cfg *Config, root string) ([]string, error) {
	fi, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return []string{root}, nil
	}
	suffixes := cfg.Suffixes
	if len(suffixes) == 0 {
		suffixes = []string{".mlir"}
	}
	var tests []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || (d.IsDir() && (name == "Inputs" || name == "Output"))) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		for _, s := range suffixes {
			if strings.HasSuffix(name, s) {
				tests = append(tests, path)
				break
			}
		}
		return nil
	})
	sort.Strings(tests)
	return tests, err
}

// RunTests runs every test file FindTests finds under root as a subtest of
// t, named by its slash-separated path relative to root (so that
// "go test -run 'TestLit/Dialect/ops.mlir'" selects one file). A failing,
// unexpectedly passing or unresolved test is reported with t.Error and its
// Result.Report; an unsupported test is skipped; an expected failure is
// logged. If cfg.TempDir is empty, the per-test temporary directories are
// created under t.TempDir().
func RunTests(t *testing.T, cfg *Config, root string) {
	t.Helper()
	tests, err := FindTests(cfg, root)
	if err != nil {
		t.Fatalf("lit: %v", err)
	}
	if len(tests) == 0 {
		t.Skipf("lit: no tests found under %s", root)
	}
	c := *cfg
	if c.TempDir == "" {
		c.TempDir = t.TempDir()
	}
	for _, path := range tests {
		name, err := filepath.Rel(root, path)
		if err != nil || name == "." {
			name = filepath.Base(path)
		}
		t.Run(filepath.ToSlash(name), func(t *testing.T) {
			if c.Parallel {
				t.Parallel()
			}
			res, err := RunFile(&c, path)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case res.Status.Failed():
				t.Errorf("%s", res.Report)
			case res.Status == Unsupported:
				t.Skipf("UNSUPPORTED: %s", res.Message)
			case res.Status == XFail:
				t.Logf("XFAIL: %s", res.Message)
			}
		})
	}
}

// ExecTool returns a Tool that runs the executable at path as a child
// process, with the process's working directory and environment. A child
// killed by a signal counts as a crash (for "not --crash"), like a tool
// that panics. It lets a Go test harness use an external program such as
// mlir-opt-16 or LLVM's FileCheck-16 explicitly; commands are never looked
// up on $PATH implicitly.
func ExecTool(path string) Tool {
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		cmd := exec.Command(path, args...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
		err := cmd.Run()
		var ee *exec.ExitError
		switch {
		case errors.As(err, &ee):
			if ee.ExitCode() < 0 {
				panic(crashError{msg: fmt.Sprintf("%s: %v", path, ee)})
			}
			return ee.ExitCode()
		case err != nil:
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			return 127
		}
		return 0
	}
}

// LookPathTool looks for the first of names that exec.LookPath finds and
// returns an ExecTool for it and its path. ok is false if none is found.
// For example, a harness can provide "mlir-opt" and the feature of the
// same name when LLVM 16 is installed:
//
//	if tool, _, ok := lit.LookPathTool("mlir-opt-16", "mlir-opt"); ok {
//		cfg.Tools["mlir-opt"] = tool
//		cfg.Features["mlir-opt"] = true
//	}
func LookPathTool(names ...string) (tool Tool, path string, ok bool) {
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return ExecTool(p), p, true
		}
	}
	return nil, "", false
}
