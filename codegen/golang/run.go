package golang

import (
	"bufio"
	"crypto/sha256"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/internal/quote"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// Program is a compiled kernel binary: the kernels of a module plus the
// driver that runs them on request (see Start).
type Program struct {
	// Path is the binary, in the build cache.
	Path  string
	sum   string // the SHA-256 the build recorded for Path
	types map[string]*ir.FunctionType
	ops   []*ir.Operation // the ops the binary's error tags index
}

// KernelError is a runtime error reported by a generated kernel (an index
// out of bounds, a bad slice, a shape mismatch, a result over the size
// limit), as opposed to a failure to build or run the binary. Op, if not
// nil, is the op the error is about, as the interpreter would locate it.
type KernelError struct {
	Msg string
	Op  *ir.Operation
}

// Located returns the error as the interpreter reports it: at the op
// ("file:line:col: error: 'op' op message"), else at fn.
func (e *KernelError) Located(fn *ir.Operation) error {
	if e.Op != nil {
		return e.Op.EmitOpError("%s", e.Msg)
	}
	if fn == nil {
		return e
	}
	return fn.EmitError("%s: %s", quote.Symbol(function.FuncOp{Operation: fn}.Name()), e.Msg)
}

// kernelError parses a message of the kernel binary: "tcp-op#N: msg" is
// about ops[N].
func kernelError(msg string, ops []*ir.Operation) *KernelError {
	if rest, ok := strings.CutPrefix(msg, opTagPrefix); ok {
		if i := strings.Index(rest, ": "); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil && n >= 0 && n < len(ops) {
				op := ops[n]
				m := strings.TrimPrefix(rest[i+2:], op.Name()+": ")
				return &KernelError{Msg: m, Op: op}
			}
		}
	}
	return &KernelError{Msg: msg}
}

func (e *KernelError) Error() string { return e.Msg }

// CacheDir is where Build keeps compiled kernels, one directory per
// source hash: $TCP_GO_CACHE, or tcp-go-kernels in the user cache dir
// (os.UserCacheDir). Without either it is an error: kernels are never
// built into or run from a shared temporary directory.
func CacheDir() (string, error) {
	if d := os.Getenv("TCP_GO_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("the Go backend needs a private directory for compiled kernels, and there is no user cache directory (%v); set TCP_GO_CACHE, XDG_CACHE_HOME or HOME", err)
	}
	return filepath.Join(d, "tcp-go-kernels"), nil
}

// privateDir creates dir (mode 0700) if needed and checks that it is a
// directory, not a symbolic link, owned by this user and writable by no
// one else: a kernel found there is run, so no other user may put one.
func privateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("kernel cache: %v", err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("kernel cache: %v", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("kernel cache %s is not a directory", dir)
	}
	if fi.Mode().Perm()&0o022 != 0 || !ownedByMe(fi) {
		return fmt.Errorf("kernel cache %s is not private (mode %v; it must belong to this user and be writable by no one else): remove it, or set TCP_GO_CACHE to a private directory", dir, fi.Mode().Perm())
	}
	return nil
}

// fileSum returns the hex SHA-256 of a file's contents.
func fileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// verified returns the SHA-256 of the binary in a cache entry and whether
// it is the one its build recorded in kernel.sha256 (a truncated or
// replaced binary's is not).
func verified(dir string) (string, bool) {
	want, err := os.ReadFile(filepath.Join(dir, "kernel.sha256"))
	if err != nil {
		return "", false
	}
	got, err := fileSum(filepath.Join(dir, "kernel"))
	return got, err == nil && strings.TrimSpace(string(want)) == got
}

// goTool finds the go command: $PATH, then $GOROOT/bin.
func goTool() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err != nil {
		return "", errors.New("the Go backend needs the go command (not found in $PATH or $GOROOT/bin)")
	}
	return p, nil
}

// Build emits the functions named by funcs (nil: all) of module with the
// driver, and compiles them with the Go toolchain into a binary cached by
// the hash of the source: a second Build of the same module costs one
// emission and no compilation.
func Build(module *ir.Operation, funcs []string) (*Program, error) {
	src, fs, ops, err := emitTagged(module, Options{Package: "main", Funcs: funcs, driver: true})
	if err != nil {
		return nil, err
	}
	p := &Program{types: map[string]*ir.FunctionType{}, ops: ops}
	for _, f := range fs {
		p.types[f.Symbol] = function.FuncOp{Operation: function.Lookup(module, f.Symbol)}.Type()
	}
	goCmd, err := goTool()
	if err != nil {
		return nil, err
	}
	cache, err := CacheDir()
	if err != nil {
		return nil, err
	}
	if err := privateDir(cache); err != nil {
		return nil, err
	}
	h := sha256.New()
	h.Write(src)
	for _, f := range hugememFiles {
		b, err := hugememSrc.ReadFile(f)
		if err != nil {
			return nil, err
		}
		h.Write(b)
	}
	h.Write([]byte(runtime.Version()))
	dir := filepath.Join(cache, hex.EncodeToString(h.Sum(nil))[:24])
	p.Path = filepath.Join(dir, "kernel")
	if sum, ok := verified(dir); ok {
		p.sum = sum
		return p, nil
	}
	tmp, err := os.MkdirTemp(cache, "build-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte("module tcpkernels\n\ngo 1.22\n"), 0o600); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, "kernels.go"), src, 0o600); err != nil {
		return nil, err
	}
	if err := writeHugemem(tmp); err != nil {
		return nil, err
	}
	cmd := exec.Command(goCmd, "build", "-o", "kernel", ".")
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOWORK=off")
	if _, err := os.UserCacheDir(); err != nil && os.Getenv("GOCACHE") == "" {
		cmd.Env = append(cmd.Env, "GOCACHE="+filepath.Join(cache, "gocache"))
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("internal error: go build of the generated kernels failed: %v\n%s", err, out)
	}
	sum, err := fileSum(filepath.Join(tmp, "kernel"))
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, "kernel.sha256"), []byte(sum+"\n"), 0o600); err != nil {
		return nil, err
	}
	p.sum = sum
	// Replace an entry that failed verification; a concurrent build of
	// the same source may win the rename, and its binary is as good.
	if _, err := os.Lstat(dir); err == nil {
		if _, ok := verified(dir); !ok {
			os.RemoveAll(dir)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		sum, ok := verified(dir)
		if !ok {
			return nil, fmt.Errorf("kernel cache: %v", err)
		}
		p.sum = sum
	}
	return p, nil
}

// Process is a running kernel binary. Its methods are not safe for
// concurrent use.
type Process struct {
	p   *Program
	cmd *exec.Cmd
	in  *bufio.Writer
	win io.WriteCloser
	out *bufio.Reader
}

// Start runs the binary; Call sends it requests, Close ends it.
// The binary is run only if it still has the hash its build recorded.
func (p *Program) Start() (*Process, error) {
	if p == nil {
		return nil, errors.New("golang: Start on a nil Program")
	}
	if sum, err := fileSum(p.Path); err != nil || sum != p.sum {
		return nil, fmt.Errorf("kernel binary %s changed since it was built (its SHA-256 is not the one recorded); run again to rebuild it", p.Path)
	}
	cmd := exec.Command(p.Path)
	win, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	rout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &Process{p: p, cmd: cmd, win: win, in: bufio.NewWriterSize(win, 1<<20), out: bufio.NewReaderSize(rout, 1<<20)}, nil
}

// Close ends the process.
func (pr *Process) Close() error {
	if pr == nil {
		return nil
	}
	binary.Write(pr.in, binary.LittleEndian, uint32(0xFFFFFFFF)) // tcpExit
	pr.in.Flush()
	pr.win.Close()
	return pr.cmd.Wait()
}

// CallOptions configure one Call.
type CallOptions struct {
	Bench int // timed calls after the checked one (0: none)
	// Warmup repeats untimed calls for at least this long after the
	// checked one and before the timed ones (0: none), so that the
	// median is of a warm process's calls.
	Warmup  time.Duration
	Workers int // goroutines per kernel (0: GOMAXPROCS)
	// MinBytesPerWorker is the least output a worker gets (0: 64 KiB);
	// tests set 1 to split small outputs.
	MinBytesPerWorker int
	// NTBytes, when positive, is the output size from which the kernel
	// writes flips and reversed rows with non-temporal stores, whatever
	// the number of workers (0: revrow.NTBytes for one worker and
	// revrow.NTBytesShared for several); tests set it to reach those
	// stores with any worker count.
	NTBytes int64
	// MaxTensorBytes bounds each result, as interp.Options.MaxTensorBytes
	// bounds every tensor (0: interp.DefaultMaxTensorBytes). A larger
	// result is a KernelError at the op that makes it, raised before
	// anything is allocated.
	MaxTensorBytes int64
	// InPlace computes each result that may be (a scatter of an argument
	// that nothing else reads) in that argument's buffer, as a framework
	// updates a donated operand: the kernel skips the copy of the input.
	// The arguments passed stay unchanged (the kernel process has its own
	// copies), and the results are the first call's; each timed call
	// then updates the same buffer again.
	InPlace bool
}

// Call runs @fn on args (tensors, and 0-d tensors for scalar arguments)
// and returns its results and, with Bench > 0, the median seconds of one
// call. Errors raised by the kernel are *KernelError values.
func (pr *Process) Call(fn string, args []*tensor.Tensor, o CallOptions) ([]*tensor.Tensor, float64, error) {
	if pr == nil {
		return nil, 0, errors.New("golang: Call on a nil Process")
	}
	for i, a := range args {
		if a == nil {
			return nil, 0, fmt.Errorf("@%s: argument #%d is nil", fn, i)
		}
	}
	ft := pr.p.types[fn]
	if ft == nil {
		return nil, 0, fmt.Errorf("no kernel for @%s", fn)
	}
	if len(args) != len(ft.Inputs()) {
		return nil, 0, fmt.Errorf("@%s takes %d argument(s), got %d", fn, len(ft.Inputs()), len(args))
	}
	le := binary.LittleEndian
	w := pr.in
	binary.Write(w, le, uint32(len(fn)))
	w.WriteString(fn)
	binary.Write(w, le, int64(o.Bench))
	binary.Write(w, le, int64(o.Warmup))
	binary.Write(w, le, int64(o.Workers))
	binary.Write(w, le, int64(o.MinBytesPerWorker))
	binary.Write(w, le, o.NTBytes)
	maxBytes := o.MaxTensorBytes
	if maxBytes <= 0 {
		maxBytes = interp.DefaultMaxTensorBytes
	}
	binary.Write(w, le, maxBytes)
	inPlace := int64(0)
	if o.InPlace {
		inPlace = 1
	}
	binary.Write(w, le, inPlace)
	binary.Write(w, le, uint32(len(args)))
	for i, a := range args {
		if _, ok := ft.Inputs()[i].(*ir.RankedTensorType); !ok {
			w.WriteByte(1)
			binary.Write(w, le, a.Int64At(0))
			continue
		}
		w.WriteByte(0)
		binary.Write(w, le, uint32(len(a.Shape)))
		for _, d := range a.Shape {
			binary.Write(w, le, d)
		}
		binary.Write(w, le, int64(len(a.Data)))
		w.Write(a.Data)
	}
	if err := w.Flush(); err != nil {
		return nil, 0, fmt.Errorf("kernel binary: %v", err)
	}
	r := pr.out
	fail := func(err error) ([]*tensor.Tensor, float64, error) {
		return nil, 0, fmt.Errorf("kernel binary: %v", err)
	}
	status, err := r.ReadByte()
	if err != nil {
		return fail(err)
	}
	var n uint32
	if err := binary.Read(r, le, &n); err != nil {
		return fail(err)
	}
	if status != 0 {
		msg := make([]byte, n)
		if _, err := io.ReadFull(r, msg); err != nil {
			return fail(err)
		}
		return nil, 0, kernelError(string(msg), pr.p.ops)
	}
	res := make([]*tensor.Tensor, n)
	for i := range res {
		var rank uint32
		if err := binary.Read(r, le, &rank); err != nil {
			return fail(err)
		}
		shape := make([]int64, rank)
		if err := binary.Read(r, le, shape); err != nil {
			return fail(err)
		}
		var nb int64
		if err := binary.Read(r, le, &nb); err != nil {
			return fail(err)
		}
		data := make([]byte, nb)
		if _, err := io.ReadFull(r, data); err != nil {
			return fail(err)
		}
		dt, err := interp.DType(ir.ElementType(ft.Results()[i]))
		if err != nil {
			return fail(err)
		}
		res[i] = &tensor.Tensor{DType: dt, Shape: shape, Data: data}
	}
	var med float64
	if err := binary.Read(r, le, &med); err != nil {
		return fail(err)
	}
	if math.IsNaN(med) {
		med = 0
	}
	return res, med, nil
}

// Run builds (or finds in the cache) the kernel of @fn, runs it once on
// args and returns its results, like interp.RunFunc.
func Run(module *ir.Operation, fn string, args []*tensor.Tensor, o CallOptions) ([]*tensor.Tensor, float64, error) {
	p, err := Build(module, []string{fn})
	if err != nil {
		return nil, 0, err
	}
	pr, err := p.Start()
	if err != nil {
		return nil, 0, err
	}
	defer pr.Close()
	return pr.Call(fn, args, o)
}

// The driver allocates its arguments and results with package hugemem,
// the kernels add float32 rows with package rowadd, prefetch the rows
// of gathers with package prefetch, reverse rows with package revrow and
// gather index rows with package gatherrow, each built from
// this copy of its source as package tcpkernels/<name>.
//
//go:embed hugemem/doc.go hugemem/hugemem.go hugemem/hugemem_linux.go hugemem/hugemem_other.go
//go:embed rowadd/doc.go rowadd/rowadd.go rowadd/rowadd_amd64.go rowadd/rowadd_amd64.s rowadd/rowadd_other.go
//go:embed prefetch/doc.go prefetch/prefetch_amd64.go prefetch/prefetch_amd64.s prefetch/prefetch_other.go
//go:embed revrow/doc.go revrow/revrow.go revrow/reverse_go.go revrow/revrow_amd64.go revrow/revrow_amd64.s revrow/revrow_other.go
//go:embed gatherrow/doc.go gatherrow/gatherrow.go gatherrow/perm.go gatherrow/strided.go gatherrow/short.go gatherrow/take2.go gatherrow/gatherrow_amd64.go gatherrow/gatherrow_amd64.s gatherrow/short_amd64.s gatherrow/gatherrow_other.go
var hugememSrc embed.FS

// hugememFiles are the embedded files, in the lexical order of their
// paths (the kernel cache's key hashes them in this order).
var hugememFiles = embeddedFiles()

func embeddedFiles() []string {
	var files []string
	err := fs.WalkDir(hugememSrc, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		panic(err) // an embed.FS always walks
	}
	return files
}

func writeHugemem(dir string) error {
	for _, f := range hugememFiles {
		b, err := hugememSrc.ReadFile(f)
		if err != nil {
			return err
		}
		name := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(name, b, 0o600); err != nil {
			return err
		}
	}
	return nil
}
