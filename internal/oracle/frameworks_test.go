package oracle_test

import (
	"path/filepath"
	"testing"

	"github.com/tcp-project/tcp/internal/oracle"
)

func TestFrameworkPythonPath(t *testing.T) {
	t.Setenv("TCP_ORACLE_PYTHON", "/opt/py/bin/python")
	if got := oracle.FrameworkPythonPath(); got != "/opt/py/bin/python" {
		t.Errorf("with TCP_ORACLE_PYTHON set: got %q, want /opt/py/bin/python", got)
	}
	t.Setenv("TCP_ORACLE_PYTHON", "")
	got := oracle.FrameworkPythonPath()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, ".venv-oracles", "bin", "python"); got != want {
		t.Errorf("default: got %q, want %q (the venv at the repository root)", got, want)
	}
}
