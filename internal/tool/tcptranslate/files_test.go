package tcptranslate

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// /dev/zero behind an .mlir or .onnx name is refused at once (it ran
// tcp-translate out of memory); -o onto a character device writes in
// place and never replaces it; --version prints the shared line.
func TestSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"zero.mlir", "zero.onnx"} {
		os.Symlink("/dev/zero", filepath.Join(dir, n))
	}
	in := filepath.Join(dir, "in.mlir")
	os.WriteFile(in, []byte("func.func @f() {\n  return\n}\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string // stderr (code 1) or stdout prefix (code 0)
	}{
		{[]string{"--test-count-ops", filepath.Join(dir, "zero.mlir")}, 1, "cannot open input file '" + filepath.Join(dir, "zero.mlir") + "': Not a regular file, FIFO or stdin\n"},
		{[]string{"--import-onnx", filepath.Join(dir, "zero.onnx")}, 1, "cannot open input file '" + filepath.Join(dir, "zero.onnx") + "': Not a regular file, FIFO or stdin\n"},
		{[]string{"--test-count-ops", "--max-input-bytes=8", in}, 1, "cannot open input file '" + in + "': It is larger than the limit of 8 bytes (see --max-input-bytes)\n"},
		{[]string{"--version"}, 0, "tcp-translate (tcp) "},
	} {
		start := time.Now()
		var out, errb bytes.Buffer
		code := Main(tc.args, strings.NewReader(""), &out, &errb)
		if code != tc.code || code == 1 && errb.String() != tc.want || code == 0 && !strings.HasPrefix(out.String(), tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and %q", tc.args, code, out.String(), errb.String(), tc.code, tc.want)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%v took %v", tc.args, d)
		}
	}
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("mknod: %v", err)
	}
	var out, errb bytes.Buffer
	if code := Main([]string{"--test-count-ops", in, "-o", null}, nil, &out, &errb); code != 0 {
		t.Errorf("-o a character device: exit %d: %s", code, errb.String())
	}
	if fi, _ := os.Lstat(null); fi.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("-o replaced the character device by a %v", fi.Mode())
	}
}
