package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// File is an output file being written. Write to Tmp (or through Write);
// then Commit or Abort.
type File struct {
	// Path is the target (a symbolic link resolved).
	Path string
	// Tmp is the file written: the temporary file, or the target itself
	// when InPlace.
	Tmp *os.File
	// InPlace says the target is written directly (a device, a FIFO):
	// Commit only closes it.
	InPlace bool
	// named is the temporary file's name ("" while it is anonymous).
	named string
	// anon says Tmp is an anonymous O_TMPFILE file, linked at Commit.
	anon bool
	done bool
}

// Create prepares writing path. It fails if path is a directory or its
// directory is not writable (the error then names path, never a
// temporary file).
func Create(path string) (*File, error) {
	target := path
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		resolved, rerr := filepath.EvalSymlinks(path)
		if rerr != nil {
			// A link to nothing: write through it, creating its target.
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
			if err != nil {
				return nil, pathErr(path, err)
			}
			return &File{Path: path, Tmp: f, InPlace: true}, nil
		}
		target = resolved
	}
	fi, err := os.Stat(target)
	switch {
	case err == nil && fi.IsDir():
		return nil, pathErr(path, syscall.EISDIR)
	case err == nil && !fi.Mode().IsRegular():
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return nil, pathErr(path, err)
		}
		return &File{Path: target, Tmp: f, InPlace: true}, nil
	}
	dir := filepath.Dir(target)
	if useTmpfile {
		if f, ok := openTmpfile(dir); ok {
			return &File{Path: target, Tmp: f, anon: true}, nil
		}
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return nil, pathErr(path, err)
	}
	register(f.Name())
	return &File{Path: target, Tmp: f, named: f.Name()}, nil
}

// pathErr reports err about path (never about a temporary file).
func pathErr(path string, err error) error {
	if err == nil {
		return nil
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &fs.PathError{Op: "open", Path: path, Err: err}
}

// Write writes to the file.
func (a *File) Write(p []byte) (int, error) { return a.Tmp.Write(p) }

// Commit makes the written file the target: renames the temporary file
// over it, keeping an existing target's permissions (or just closes a
// file written in place).
func (a *File) Commit() error {
	if a.InPlace {
		a.done = true
		return pathErr(a.Path, a.Tmp.Close())
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(a.Path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := a.Tmp.Chmod(mode); err != nil {
		return pathErr(a.Path, err)
	}
	if a.anon {
		// Give the anonymous file a name next to the target, then rename
		// it over the target (linkat cannot replace a file).
		name, err := linkTmpfile(a.Tmp, filepath.Dir(a.Path), "."+filepath.Base(a.Path)+".tmp")
		if err != nil {
			return pathErr(a.Path, err)
		}
		a.named = name
		register(name)
	}
	if err := a.Tmp.Close(); err != nil {
		return pathErr(a.Path, err)
	}
	if err := os.Rename(a.named, a.Path); err != nil {
		return pathErr(a.Path, err)
	}
	unregister(a.named)
	a.done = true
	return nil
}

// Abort removes the temporary file unless Commit succeeded (a file
// written in place is only closed). It is safe to defer right after
// Create.
func (a *File) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.Tmp.Close()
	if a.named != "" {
		os.Remove(a.named)
		unregister(a.named)
	}
}

// useTmpfile can be turned off by tests, to check the named temporary
// files and their removal on signals.
var useTmpfile = true

// Named temporary files alive in this process, removed on a fatal signal.
var (
	mu      sync.Mutex
	live    = map[string]bool{}
	handler sync.Once
)

func register(name string) {
	handler.Do(func() {
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
		go func() {
			sig := <-ch
			mu.Lock()
			for n := range live {
				os.Remove(n)
			}
			mu.Unlock()
			// Die of the signal, as without the handler.
			signal.Reset(sig)
			if s, ok := sig.(syscall.Signal); ok {
				syscall.Kill(os.Getpid(), s)
			}
			time.Sleep(time.Second)
			os.Exit(128 + int(sig.(syscall.Signal)))
		}()
	})
	mu.Lock()
	live[name] = true
	mu.Unlock()
}

func unregister(name string) {
	mu.Lock()
	delete(live, name)
	mu.Unlock()
}

// tmpName is a fresh name for a temporary file in dir.
func tmpName(dir, prefix string, i int) string {
	return filepath.Join(dir, prefix+strconv.Itoa(os.Getpid())+"_"+strconv.FormatInt(time.Now().UnixNano()+int64(i), 36))
}
