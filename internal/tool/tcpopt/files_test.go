package tcpopt_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/tool/tcpopt"
)

const small = "func.func @f() {\n  return\n}\n"

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// Inputs are regular files, FIFOs or stdin, never longer than
// --max-input-bytes: /dev/zero behind a .mlir name is refused at once
// (it ran tcp-opt out of memory).
func TestInputFiles(t *testing.T) {
	dir := t.TempDir()
	zero := filepath.Join(dir, "zero.mlir")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "in.mlir")
	os.WriteFile(in, []byte(small), 0o644)
	fifo := filepath.Join(dir, "fifo.mlir")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.WriteString(small)
			f.Close()
		}
	}()
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
		code  int
		want  string // stderr, or a stdout substring for code 0
	}{
		{"/dev/zero", []string{zero}, "", 1, "cannot open input file '" + zero + "': Not a regular file, FIFO or stdin\n"},
		{"/dev/zero directly", []string{"/dev/zero"}, "", 1, "cannot open input file '/dev/zero': Not a regular file, FIFO or stdin\n"},
		{"over --max-input-bytes", []string{in, "--max-input-bytes=10"}, "", 1, "cannot open input file '" + in + "': It is larger than the limit of 10 bytes (see --max-input-bytes)\n"},
		{"stdin over --max-input-bytes", []string{"-", "--max-input-bytes=10"}, small, 1, "cannot open input file '-': It is larger than the limit of 10 bytes (see --max-input-bytes)\n"},
		{"exactly --max-input-bytes", []string{in, "--max-input-bytes=" + strconv.Itoa(len(small))}, "", 0, "func.func @f()"},
		{"a FIFO", []string{fifo}, "", 0, "func.func @f()"},
		{"bad limit", []string{in, "--max-input-bytes=0"}, "", 1, "for the --max-input-bytes option: '0' value invalid for a positive integer argument!"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			var out, errb strings.Builder
			code := tcpopt.Main(tc.args, strings.NewReader(tc.stdin), &out, &errb)
			if code != tc.code || (code == 0 && !strings.Contains(out.String(), tc.want)) || (code != 0 && !strings.Contains(errb.String(), tc.want)) {
				t.Errorf("exit %d\nstdout: %s\nstderr: %s\nwant exit %d and %q", code, out.String(), errb.String(), tc.code, tc.want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// -o replaces a regular file atomically, and writes anything else in
// place: a character device (our own null device, never /dev/null), a
// FIFO, the target of a symbolic link.
func TestOutputFiles(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.mlir")
	os.WriteFile(in, []byte(small), 0o644)
	run := func(out string) (int, string) {
		var stdout, stderr strings.Builder
		code := tcpopt.Main([]string{in, "-o", out}, nil, &stdout, &stderr)
		return code, stderr.String()
	}
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Logf("mknod: %v: the character device case is skipped", err)
	} else {
		if code, e := run(null); code != 0 {
			t.Errorf("-o a character device: exit %d: %s", code, e)
		}
		if fi, _ := os.Lstat(null); fi.Mode()&os.ModeCharDevice == 0 {
			t.Errorf("-o replaced the character device by a %v", fi.Mode())
		}
	}
	fifo := filepath.Join(dir, "fifo")
	syscall.Mkfifo(fifo, 0o644)
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if code, e := run(fifo); code != 0 {
		t.Errorf("-o a FIFO: exit %d: %s", code, e)
	}
	select {
	case s := <-got:
		if !strings.Contains(s, "func.func @f()") {
			t.Errorf("the FIFO's reader got %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("nothing was written to the FIFO")
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close() // release the reader
		}
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("-o replaced the FIFO by a %v", fi.Mode())
	}
	target := filepath.Join(dir, "target.mlir")
	os.WriteFile(target, []byte("old"), 0o600)
	link := filepath.Join(dir, "link.mlir")
	os.Symlink(target, link)
	if code, e := run(link); code != 0 {
		t.Errorf("-o a symlink: exit %d: %s", code, e)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("-o replaced the symlink by a %v", fi.Mode())
	}
	if b, _ := os.ReadFile(target); !strings.Contains(string(b), "func.func @f()") {
		t.Errorf("the symlink's target holds %q", b)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("the target's mode changed to %v", fi.Mode().Perm())
	}
	want := []string{"fifo", "in.mlir", "link.mlir", "null", "target.mlir"}
	if _, err := os.Lstat(null); err != nil {
		want = []string{"fifo", "in.mlir", "link.mlir", "target.mlir"}
	}
	if diff := cmp.Diff(want, dirNames(t, dir)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

// A tcp-opt that crashes (a panic in a goroutine, which no recover sees)
// or is killed while writing -o leaves neither a temporary file nor a
// changed output (it left .out.mlir.tmpNNN behind).
func TestNoTemporaryFileAfterCrash(t *testing.T) {
	if args := os.Getenv("TCPOPT_HELPER_ARGS"); args != "" {
		setup()
		os.Exit(tcpopt.Main(strings.Split(args, "\x1f"), os.Stdin, os.Stdout, os.Stderr))
	}
	for _, how := range []string{"crash", "SIGTERM", "SIGKILL"} {
		dir := t.TempDir()
		in, out := filepath.Join(dir, "in.mlir"), filepath.Join(dir, "out.mlir")
		os.WriteFile(out, []byte("precious\n"), 0o644)
		pass := "--test-crash"
		if how != "crash" {
			in = "-" // a stdin that never ends: tcp-opt waits, with -o open
		} else {
			os.WriteFile(in, []byte(small), 0o644)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestNoTemporaryFileAfterCrash$")
		cmd.Env = append(os.Environ(), "TCPOPT_HELPER_ARGS="+strings.Join([]string{in, "-o", out, pass}, "\x1f"))
		var w *os.File
		if in == "-" {
			r, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stdin, w = r, pw
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if w != nil {
			time.Sleep(300 * time.Millisecond)
			if how == "SIGTERM" {
				cmd.Process.Signal(syscall.SIGTERM)
			} else {
				cmd.Process.Kill()
			}
		}
		err := cmd.Wait()
		if w != nil {
			w.Close()
		}
		if err == nil {
			t.Errorf("%s: tcp-opt exited 0", how)
		}
		want := []string{"out.mlir"}
		if how == "crash" {
			want = []string{"in.mlir", "out.mlir"}
		}
		if diff := cmp.Diff(want, dirNames(t, dir)); diff != "" {
			t.Errorf("%s: files left (-want +got):\n%s", how, diff)
		}
		if b, _ := os.ReadFile(out); string(b) != "precious\n" {
			t.Errorf("%s: -o changed to %q", how, b)
		}
	}
}
