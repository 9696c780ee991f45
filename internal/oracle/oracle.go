// Package oracle finds the external oracles that tests compare against
// (CONFORMANCE.md): LLVM's FileCheck-16, mlir-opt-16, Debian's Python
// packages under /usr/bin/python3, and the frameworks (jax, TensorFlow,
// ONNX Runtime, IREE) in a pinned virtualenv. A missing oracle skips the test with a
// message saying how to install it, so a plain `go test ./...` passes on
// any machine; with CI=true it fails the test instead, so CI always runs
// the comparisons.
//
// Environment: TCP_MLIR_OPT (default mlir-opt-16), TCP_FILECHECK (default
// FileCheck-16), TCP_PYTHON (default /usr/bin/python3), TCP_ORACLE_PYTHON
// (default .venv-oracles/bin/python at the repository root: the frameworks'
// own exporters and runtimes, see FrameworkPython).
package oracle

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// InCI reports whether CI=true, under which missing oracles are failures.
func InCI() bool { return os.Getenv("CI") == "true" }

// Missing skips t, or fails it under CI=true, with the message.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := "oracle missing: " + fmt.Sprintf(format, args...)
	if InCI() {
		t.Fatal(msg + " (CI=true: a missing oracle is a failure)")
	}
	t.Skip(msg)
}

func binary(t testing.TB, env, def, install string) string {
	t.Helper()
	name := os.Getenv(env)
	if name == "" {
		name = def
	}
	path, err := exec.LookPath(name)
	if err != nil {
		Missing(t, "%s not found (%s, or set %s): %v", name, install, env, err)
	}
	return path
}

// MLIROpt returns the path of mlir-opt-16.
func MLIROpt(t testing.TB) string {
	t.Helper()
	return binary(t, "TCP_MLIR_OPT", "mlir-opt-16", "apt-get install mlir-16-tools")
}

// FileCheck returns the path of LLVM's FileCheck-16.
func FileCheck(t testing.TB) string {
	t.Helper()
	return binary(t, "TCP_FILECHECK", "FileCheck-16", "apt-get install llvm-16-tools")
}

// PythonPath is the Python interpreter the oracles use, unchecked.
func PythonPath() string {
	if p := os.Getenv("TCP_PYTHON"); p != "" {
		return p
	}
	return "/usr/bin/python3"
}

// Python returns PythonPath after checking that it imports every module
// (e.g. "numpy", "torch", "onnx").
func Python(t testing.TB, modules ...string) string {
	t.Helper()
	py := PythonPath()
	out, err := exec.Command(py, "-c", "import "+strings.Join(modules, ", ")).CombinedOutput()
	if err != nil {
		Missing(t, "%s cannot import %s (apt-get install %s, or set TCP_PYTHON): %v %s",
			py, strings.Join(modules, ", "), debianPackages(modules), err, strings.TrimSpace(lastLine(string(out))))
	}
	return py
}

func debianPackages(modules []string) string {
	var pk []string
	for _, m := range modules {
		pk = append(pk, "python3-"+m)
	}
	return strings.Join(pk, " ")
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
