package mapfile

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	want := bytes.Repeat([]byte("func.func @f() {\n"), 1000)
	name := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(name, want, 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.mlir")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	mmapOK := runtime.GOOS == "linux" || runtime.GOOS == "darwin"
	tests := []struct {
		name       string
		file       string
		minMap     int64
		want       []byte
		wantMapped bool
	}{
		{"small file is read", name, int64(len(want)) + 1, want, false},
		{"large file is mapped", name, int64(len(want)), want, mmapOK},
		{"empty file is read, never mapped", empty, 0, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := read(tt.file, tt.minMap, -1)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(c.Data, tt.want) {
				t.Errorf("Data = %d bytes, want %d", len(c.Data), len(tt.want))
			}
			if c.Mapped != tt.wantMapped {
				t.Errorf("Mapped = %v, want %v", c.Mapped, tt.wantMapped)
			}
			c.Release()
			c.Release() // a second release does nothing
			if c.Mapped && c.Data != nil {
				t.Error("Data kept after Release")
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{filepath.Join(dir, "missing.mlir"), dir} {
		if c, err := Read(name); err == nil {
			t.Errorf("Read(%q) = %d bytes, want an error", name, len(c.Data))
		}
	}
}
