package tcprun

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// run is Main in dir: DIR/ in args and in the output stands for dir.
func runIn(dir string, args ...string) (int, string, string) {
	for i, a := range args {
		args[i] = strings.ReplaceAll(a, "DIR/", dir+"/")
	}
	var stdout, stderr bytes.Buffer
	code := Main(args, strings.NewReader(""), &stdout, &stderr)
	return code, strings.ReplaceAll(stdout.String(), dir+"/", "DIR/"), strings.ReplaceAll(stderr.String(), dir+"/", "DIR/")
}

// Inputs are read only from regular files, FIFOs and stdin, and never
// past --max-input-bytes: /dev/zero behind any name is refused at once
// (it ran every tool out of memory), and a FIFO that streams a .npy
// header claiming 2^32 elements is refused against --max-tensor-bytes
// before its data is read.
func TestHostileInputFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "p.mlir"), []byte(prog), 0o644)
	os.WriteFile(filepath.Join(dir, "x.npy"), npyV1(f32s([]int64{3, 2}, 1, 2, 3, 4, 5, 6)), 0o644)
	os.WriteFile(filepath.Join(dir, "i.npy"), npyV1(i64s([]int64{2, 2}, 2, 1, 0, 1)), 0o644)
	for _, name := range []string{"zero.mlir", "zero.npy", "zero.pb"} {
		if err := os.Symlink("/dev/zero", filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	// A FIFO that streams an endless .npy: a header of shape (65536,
	// 65536) f32, then zeros until the reader goes away.
	fifo := filepath.Join(dir, "stream.npy")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		f.Write(npyRaw(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (65536, 65536), }", nil))
		zeros := make([]byte, 1<<20)
		for {
			if _, err := f.Write(zeros); err != nil {
				return
			}
		}
	}()
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"/dev/zero as the module", []string{"DIR/zero.mlir"}, "cannot open input file 'DIR/zero.mlir': Not a regular file, FIFO or stdin\n"},
		{"/dev/zero as an .npy argument", []string{"DIR/p.mlir", "DIR/zero.npy", "DIR/i.npy"}, "cannot open input file 'DIR/zero.npy': Not a regular file, FIFO or stdin\n"},
		{"/dev/zero as a .pb argument", []string{"DIR/p.mlir", "DIR/x.npy", "DIR/zero.pb"}, "cannot open input file 'DIR/zero.pb': Not a regular file, FIFO or stdin\n"},
		{"a module over --max-input-bytes", []string{"--max-input-bytes=100", "DIR/p.mlir"}, "cannot open input file 'DIR/p.mlir': It is larger than the limit of 100 bytes (see --max-input-bytes)\n"},
		{"an .npy over --max-input-bytes", []string{"--max-input-bytes=2000", "DIR/p.mlir", "DIR/x.npy", "DIR/x.npy"}, ""},
		{"a FIFO streaming 2^32 elements", []string{"DIR/p.mlir", "DIR/stream.npy", "DIR/i.npy"},
			"tcp-run: error: argument #0: DIR/stream.npy: npy: shape [65536, 65536] of f32 needs 17179869184 bytes, more than the limit of 1073741824\n"},
		{"a directory", []string{"DIR/"}, "cannot open input file 'DIR/': Is a directory\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			code, _, stderr := runIn(dir, c.args...)
			if c.want == "" { // only: no crash, exit 0 or 1
				if code > 1 {
					t.Errorf("exit %d: %s", code, stderr)
				}
				return
			}
			if code != 1 || stderr != c.want {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 1, stderr:\n%s", code, stderr, c.want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// --out-dir into a place that cannot be written names the directory or
// the result file, never a temporary file, and leaves nothing behind.
func TestOutDirErrors(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "p.mlir"), []byte(prog), 0o644)
	os.WriteFile(filepath.Join(dir, "file"), nil, 0o644)
	os.MkdirAll(filepath.Join(dir, "out", "result_1.npy"), 0o755)
	for _, c := range []struct{ outDir, want string }{
		{"DIR/file/sub", "tcp-run: error: cannot create output directory 'DIR/file/sub': Not a directory\n"},
		{"DIR/file", "tcp-run: error: cannot create output directory 'DIR/file': Not a directory\n"},
		{"DIR/out", "tcp-run: error: cannot open output file 'DIR/out/result_1.npy': Is a directory\n"},
	} {
		code, _, stderr := runIn(dir, "DIR/p.mlir", "-e", "consts", "--out-dir", c.outDir)
		if code != 1 || stderr != c.want || strings.Contains(stderr, ".tmp") {
			t.Errorf("--out-dir %s: exit %d, stderr %q, want %q", c.outDir, code, stderr, c.want)
		}
	}
	if got := listDir(t, filepath.Join(dir, "out")); len(got) != 1 || got[0] != "result_1.npy" {
		t.Errorf("files left in the output directory: %v", got)
	}
}
