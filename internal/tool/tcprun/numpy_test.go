package tcprun

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/tensor"
	"github.com/tcp-project/tcp/tensor/npy"
)

// TestNumpyFiles runs tcp-run on arrays numpy saved in C order, Fortran
// order and big-endian: every copy gives the same result, numpy's own
// (--expect), printed the same way.
func TestNumpyFiles(t *testing.T) {
	py := oracle.PythonPath()
	if _, err := exec.LookPath(py); err != nil {
		oracle.Missing(t, "%s not found (set TCP_PYTHON)", py)
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "testdata/numpy_files.py", dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 3 {
			oracle.Missing(t, "%s", strings.TrimSpace(stderr.String()))
		}
		t.Fatalf("%s: %v\n%s", py, err, stderr.String())
	}
	p := filepath.Join(dir, "p.mlir")
	if err := os.WriteFile(p, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := npy.ReadFile(filepath.Join(dir, "want.npy"))
	if err != nil {
		t.Fatal(err)
	}
	var first string
	for _, x := range []string{"x_c", "x_f", "x_t", "x_fbe"} {
		for _, i := range []string{"i_c", "i_f"} {
			out := filepath.Join(dir, "out_"+x+"_"+i)
			var stdout, stderr bytes.Buffer
			code := Main([]string{p, filepath.Join(dir, x+".npy"), filepath.Join(dir, i+".npy"),
				"--expect", filepath.Join(dir, "want.npy")}, nil, &stdout, &stderr)
			if code != 0 {
				t.Errorf("%s %s: exit %d: %s", x, i, code, stderr.String())
				continue
			}
			if first == "" {
				first = stdout.String()
			} else if stdout.String() != first {
				t.Errorf("%s %s printed\n%s\nthe C-order files printed\n%s", x, i, stdout.String(), first)
			}
			if code := Main([]string{p, filepath.Join(dir, x+".npy"), filepath.Join(dir, i+".npy"), "--out-dir", out}, nil, &stdout, &stderr); code != 0 {
				t.Fatalf("%s %s --out-dir: exit %d: %s", x, i, code, stderr.String())
			}
			got, err := npy.ReadFile(filepath.Join(out, "result_0.npy"))
			if err != nil {
				t.Fatal(err)
			}
			if d := tensor.Diff(want, got); d != "" {
				t.Errorf("%s %s: result_0.npy differs from numpy's: %s", x, i, d)
			}
		}
	}
	if want := "result #0: tensor<2x2xf32>\n" + tensor.ArrayString(want) + "\n"; first != want {
		t.Errorf("printed\n%s\nwant\n%s", first, want)
	}
}
