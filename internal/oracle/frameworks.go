package oracle

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// FrameworkVenv is the virtualenv, relative to the repository root, that
// .ci/run creates with the pyenv python3 and fills from
// test/frameworks/requirements.txt (jax, TensorFlow, ONNX, ONNX Runtime,
// IREE). It is git-ignored.
const FrameworkVenv = ".venv-oracles"

// FrameworkPythonPath is the Python interpreter of the framework oracles,
// unchecked: $TCP_ORACLE_PYTHON, or .venv-oracles/bin/python in the
// repository that contains the working directory.
func FrameworkPythonPath() string {
	if p := os.Getenv("TCP_ORACLE_PYTHON"); p != "" {
		return p
	}
	dir, err := os.Getwd()
	if err != nil {
		return filepath.Join(FrameworkVenv, "bin", "python")
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, FrameworkVenv, "bin", "python")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return filepath.Join(FrameworkVenv, "bin", "python")
		}
		dir = parent
	}
}

// FrameworkPython returns FrameworkPythonPath after checking that it
// imports every module (e.g. "jax", "tensorflow", "onnxruntime"). A
// missing interpreter or module skips t, or fails it under CI=true.
func FrameworkPython(t testing.TB, modules ...string) string {
	t.Helper()
	py := FrameworkPythonPath()
	if _, err := os.Stat(py); err != nil {
		Missing(t, "framework python %s not found (run .ci/run, which makes %s from test/frameworks/requirements.txt, or set TCP_ORACLE_PYTHON): %v",
			py, FrameworkVenv, err)
		return py
	}
	if len(modules) == 0 {
		return py
	}
	out, err := exec.Command(py, "-c", "import "+strings.Join(modules, ", ")).CombinedOutput()
	if err != nil {
		Missing(t, "%s cannot import %s (pip install -r test/frameworks/requirements.txt into %s, or set TCP_ORACLE_PYTHON): %v %s",
			py, strings.Join(modules, ", "), FrameworkVenv, err, strings.TrimSpace(lastLine(string(out))))
	}
	return py
}
