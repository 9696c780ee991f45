package cli

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReadInput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "in.mlir")
	os.WriteFile(file, []byte("0123456789"), 0o644)
	zero := filepath.Join(dir, "zero.mlir")
	os.Symlink("/dev/zero", zero)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	// An endless FIFO: the reader must stop after the limit.
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		b := make([]byte, 1<<16)
		for {
			if _, err := f.Write(b); err != nil {
				return
			}
		}
	}()
	for _, tc := range []struct {
		name, file, stdin string
		max               int64
		want              string // the data, or the error
	}{
		{"file", file, "", 0, "0123456789"},
		{"file at the limit", file, "", 10, "0123456789"},
		{"file over the limit", file, "", 9, "cannot open input file '" + file + "': It is larger than the limit of 9 bytes (see --max-input-bytes)"},
		{"stdin", "-", "abc", 0, "abc"},
		{"stdin at the limit", "-", "abc", 3, "abc"},
		{"stdin over the limit", "-", "abcd", 3, "cannot open input file '-': It is larger than the limit of 3 bytes (see --max-input-bytes)"},
		{"missing", filepath.Join(dir, "nope"), "", 0, "cannot open input file '" + filepath.Join(dir, "nope") + "': No such file or directory"},
		{"directory", dir, "", 0, "cannot open input file '" + dir + "': Is a directory"},
		{"/dev/zero", zero, "", 0, "cannot open input file '" + zero + "': Not a regular file, FIFO or stdin"},
		{"endless FIFO", fifo, "", 1 << 20, "cannot open input file '" + fifo + "': It is larger than the limit of 1048576 bytes (see --max-input-bytes)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			in, err := ReadInput(tc.file, strings.NewReader(tc.stdin), tc.max)
			got := ""
			if err != nil {
				got = err.Error()
				if !errors.As(err, new(*InputError)) {
					t.Errorf("%v is not an *InputError", err)
				}
			} else {
				got = string(in.Data)
				in.Release()
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if time.Since(start) > 5*time.Second {
				t.Errorf("took %v", time.Since(start))
			}
		})
	}
}

func TestOpenInputLimit(t *testing.T) {
	r, err := OpenInput("-", strings.NewReader(strings.Repeat("x", 100)), 10)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	var tl *TooLargeError
	if !errors.As(err, &tl) || len(b) > 10 {
		t.Errorf("read %d bytes, error %v; want at most 10 and a *TooLargeError", len(b), err)
	}
	r, _ = OpenInput("-", strings.NewReader(strings.Repeat("x", 10)), 10)
	if b, err := io.ReadAll(r); err != nil || len(b) != 10 {
		t.Errorf("exactly the limit: %d bytes, %v", len(b), err)
	}
}

func TestVersion(t *testing.T) {
	v := Version("tcp-x")
	if !strings.HasPrefix(v, "tcp-x (tcp) "+BaseVersion) || strings.Contains(v, "\n") {
		t.Errorf("Version = %q", v)
	}
}
