package tcpopt

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/mapfile"
)

// TestMappedInputTruncated: an input large enough to be mapped that
// another process truncates while tcp-opt reads it is a clear error and
// exit 1 (the read faults; SetPanicOnFault makes that a panic Main
// reports), never a crash, and -o is not created.
func TestMappedInputTruncated(t *testing.T) {
	if testing.Short() {
		t.Skip("a 64 MiB input")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "big.mlir"), filepath.Join(dir, "out.mlir")
	var b bytes.Buffer
	b.WriteString("// ")
	b.Write(bytes.Repeat([]byte("c"), mapfile.MinMapSize))
	b.WriteString("\nfunc.func @f() {\n  return\n}\n")
	if err := os.WriteFile(in, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	testHookAfterRead = func() {
		if err := os.Truncate(in, 0); err != nil {
			t.Error(err)
		}
	}
	defer func() { testHookAfterRead = nil }()
	var stdout, stderr bytes.Buffer
	code := Main([]string{in, "-o", out}, strings.NewReader(""), &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "changed while it was being read (truncated by another process?); nothing was written") {
		t.Errorf("exit %d, stderr %.300q", code, stderr.String())
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("-o file was created")
	}
}
