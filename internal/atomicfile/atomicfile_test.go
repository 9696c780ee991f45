package atomicfile

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

func write(t *testing.T, path, text string, commit bool) error {
	t.Helper()
	f, err := Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := io.WriteString(f, text); err != nil {
		t.Fatal(err)
	}
	if commit {
		return f.Commit()
	}
	return nil
}

func TestRegular(t *testing.T) {
	for _, anon := range []bool{true, false} {
		useTmpfile = anon
		dir := t.TempDir()
		out := filepath.Join(dir, "out.mlir")
		if err := write(t, out, "one", true); err != nil {
			t.Fatal(err)
		}
		os.Chmod(out, 0o600)
		if err := write(t, out, "two", false); err != nil { // aborted
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(out); string(b) != "one" {
			t.Errorf("anon=%v: an aborted write changed the file: %q", anon, b)
		}
		if err := write(t, out, "three", true); err != nil {
			t.Fatal(err)
		}
		fi, _ := os.Stat(out)
		if b, _ := os.ReadFile(out); string(b) != "three" || fi.Mode().Perm() != 0o600 {
			t.Errorf("anon=%v: got %q mode %v, want \"three\" mode 0600", anon, b, fi.Mode().Perm())
		}
		if diff := cmp.Diff([]string{"out.mlir"}, names(t, dir)); diff != "" {
			t.Errorf("anon=%v: files left (-want +got):\n%s", anon, diff)
		}
	}
	useTmpfile = true
}

// A symbolic link is followed: its target is replaced, the link stays; a
// link to nothing creates its target.
func TestSymlink(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "real"), 0o755)
	target := filepath.Join(dir, "real", "target.mlir")
	os.WriteFile(target, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.mlir")
	os.Symlink(target, link)
	if err := write(t, link, "new", true); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a %v", fi.Mode())
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q, want \"new\"", b)
	}
	if diff := cmp.Diff([]string{"target.mlir"}, names(t, filepath.Join(dir, "real"))); diff != "" {
		t.Errorf("files left (-want +got):\n%s", diff)
	}
	dangling := filepath.Join(dir, "dangling.mlir")
	os.Symlink(filepath.Join(dir, "created.mlir"), dangling)
	if err := write(t, dangling, "made", true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "created.mlir")); string(b) != "made" {
		t.Errorf("the dangling link's target holds %q", b)
	}
}

// A FIFO and a character device are written in place, never replaced.
func TestSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := write(t, fifo, "through the pipe", true); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("the FIFO's reader got %q", s)
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced by a %v", fi.Mode())
	}
	// A null device of our own (never the real /dev/null).
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Logf("mknod: %v (the character device case is not checked)", err)
	} else {
		if err := write(t, null, "discarded", true); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Lstat(null); fi.Mode()&os.ModeCharDevice == 0 {
			t.Errorf("the character device was replaced by a %v", fi.Mode())
		}
		if err := write(t, null, "aborted", false); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Lstat(null); fi.Mode()&os.ModeCharDevice == 0 {
			t.Errorf("an aborted write removed the character device: %v", fi.Mode())
		}
	}
	if diff := cmp.Diff([]string{"fifo", "null"}, names(t, dir)); diff != "" && !strings.Contains(diff, "null") {
		t.Errorf("files left (-want +got):\n%s", diff)
	}
}

// Errors name the target, never a temporary file.
func TestErrorsNameTheTarget(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	for _, anon := range []bool{true, false} {
		useTmpfile = anon
		for _, p := range []string{filepath.Join(file, "out.mlir"), filepath.Join(dir, "missing", "out.mlir"), dir} {
			_, err := Create(p)
			if err == nil || !strings.Contains(err.Error(), p+":") || strings.Contains(err.Error(), ".tmp") {
				t.Errorf("anon=%v: Create(%s): %v", anon, p, err)
			}
		}
	}
	useTmpfile = true
}

// A process that dies while writing (a panic in another goroutine, which
// no deferred Abort sees; SIGTERM; SIGKILL) leaves no temporary file.
func TestNoTemporaryFileAfterDeath(t *testing.T) {
	if dir := os.Getenv("ATOMICFILE_HELPER_DIR"); dir != "" {
		useTmpfile = os.Getenv("ATOMICFILE_HELPER_ANON") == "1"
		f, err := Create(filepath.Join(dir, "out.mlir"))
		if err != nil {
			os.Exit(3)
		}
		io.WriteString(f, "partial")
		os.WriteFile(filepath.Join(dir, "ready"), nil, 0o644)
		switch os.Getenv("ATOMICFILE_HELPER_HOW") {
		case "panic":
			go panic("crash")
		}
		time.Sleep(10 * time.Second)
		os.Exit(4)
	}
	for _, c := range []struct {
		how  string
		anon bool
	}{{"panic", true}, {"SIGTERM", true}, {"SIGKILL", true}, {"SIGTERM", false}, {"SIGINT", false}, {"SIGHUP", false}} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "out.mlir"), []byte("old"), 0o644)
		cmd := exec.Command(os.Args[0], "-test.run=^TestNoTemporaryFileAfterDeath$")
		anon := "0"
		if c.anon {
			anon = "1"
		}
		cmd.Env = append(os.Environ(), "ATOMICFILE_HELPER_DIR="+dir, "ATOMICFILE_HELPER_HOW="+c.how, "ATOMICFILE_HELPER_ANON="+anon)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 500; i++ {
			if _, err := os.Stat(filepath.Join(dir, "ready")); err == nil {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		switch c.how {
		case "SIGTERM":
			cmd.Process.Signal(syscall.SIGTERM)
		case "SIGINT":
			cmd.Process.Signal(syscall.SIGINT)
		case "SIGHUP":
			cmd.Process.Signal(syscall.SIGHUP)
		case "SIGKILL":
			cmd.Process.Kill()
		}
		err := cmd.Wait()
		if err == nil {
			t.Errorf("%s: the helper exited 0", c.how)
		}
		if diff := cmp.Diff([]string{"out.mlir", "ready"}, names(t, dir)); diff != "" {
			t.Errorf("%s (anonymous %v): files left (-want +got):\n%s", c.how, c.anon, diff)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "out.mlir")); string(b) != "old" {
			t.Errorf("%s: the target was changed to %q", c.how, b)
		}
	}
}
