package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
)

// File is an output file being written. Write to Tmp; then Commit or Abort.
type File struct {
	Path string
	Tmp  *os.File
	done bool
}

// Create opens a temporary file next to path. It fails if path is a
// directory or the directory is not writable.
func Create(path string) (*File, error) {
	dir := filepath.Dir(path)
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, syscall.EISDIR
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, err
	}
	return &File{Path: path, Tmp: f}, nil
}

// Write writes to the temporary file.
func (a *File) Write(p []byte) (int, error) { return a.Tmp.Write(p) }

// Commit renames the temporary file (already written) over the target,
// keeping an existing target's permissions.
func (a *File) Commit() error {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(a.Path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := a.Tmp.Chmod(mode); err != nil {
		return err
	}
	if err := a.Tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(a.Tmp.Name(), a.Path); err != nil {
		return err
	}
	a.done = true
	return nil
}

// Abort removes the temporary file unless Commit succeeded. It is safe to
// defer right after Create.
func (a *File) Abort() {
	if a.done {
		return
	}
	a.Tmp.Close()
	os.Remove(a.Tmp.Name())
}
