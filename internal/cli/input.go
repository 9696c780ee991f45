package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"github.com/tcp-project/tcp/internal/mapfile"
)

// DefaultMaxInputBytes is the default of --max-input-bytes: 2 GiB, more
// than any input the tools were measured on (docs/scale.md), less than a
// machine's memory.
const DefaultMaxInputBytes int64 = 2 << 30

// StdinName is the buffer name of stdin in diagnostics, as in mlir-opt.
const StdinName = "<stdin>"

// InputError is an input that cannot be read. It prints as mlir-opt's
// `cannot open input file 'NAME': REASON`.
type InputError struct {
	Name string // as given on the command line ("-" for stdin)
	Err  error
}

func (e *InputError) Error() string {
	return fmt.Sprintf("cannot open input file '%s': %s", e.Name, ErrText(e.Err))
}

func (e *InputError) Unwrap() error { return e.Err }

// TooLargeError is an input longer than the byte limit.
type TooLargeError struct{ Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("it is larger than the limit of %d bytes (see --max-input-bytes)", e.Limit)
}

// errNotRegular refuses special files other than FIFOs.
var errNotRegular = errors.New("not a regular file, FIFO or stdin")

// ErrText is a system error as LLVM prints it: the reason only, first
// letter capitalized ("No such file or directory").
func ErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		err = errno
	}
	s := err.Error()
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Input is the contents of an input file.
type Input struct {
	// Name is the buffer name for diagnostics: the file name, or
	// "<stdin>" for "-".
	Name string
	Data []byte
	// Mapped says Data is a read-only mapping of a large regular file
	// (internal/mapfile), valid until Release.
	Mapped  bool
	release func()
}

// Release frees a mapped input; Data must not be used after it.
func (in *Input) Release() {
	if in.release != nil {
		in.release()
		in.release, in.Data = nil, nil
	}
}

// ReadInput reads the input named name ("-": stdin) whole, refusing
// special files other than FIFOs and inputs longer than max bytes (max <=
// 0: DefaultMaxInputBytes). A large regular file may be mapped
// (mapfile); the caller then calls Release when done. Errors are
// *InputError.
func ReadInput(name string, stdin io.Reader, max int64) (*Input, error) {
	if max <= 0 {
		max = DefaultMaxInputBytes
	}
	if name == "-" {
		data, err := readLimited(stdin, max, 0)
		if err != nil {
			return nil, &InputError{Name: name, Err: err}
		}
		return &Input{Name: StdinName, Data: data}, nil
	}
	if err := checkKind(name, max); err != nil {
		return nil, &InputError{Name: name, Err: err}
	}
	c, err := mapfile.ReadLimited(name, max)
	if err != nil {
		var tl *mapfile.TooLargeError
		if errors.As(err, &tl) {
			err = &TooLargeError{Limit: max}
		}
		return nil, &InputError{Name: name, Err: err}
	}
	return &Input{Name: name, Data: c.Data, Mapped: c.Mapped, release: c.Release}, nil
}

// OpenInput opens the input named name ("-": stdin) for streaming: the
// reader returns an error once more than max bytes are read (max <= 0:
// DefaultMaxInputBytes). Special files other than FIFOs are refused.
// Errors of the open are *InputError.
func OpenInput(name string, stdin io.Reader, max int64) (io.ReadCloser, error) {
	if max <= 0 {
		max = DefaultMaxInputBytes
	}
	if name == "-" {
		return io.NopCloser(&limitReader{r: stdin, left: max, limit: max}), nil
	}
	if err := checkKind(name, max); err != nil {
		return nil, &InputError{Name: name, Err: err}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, &InputError{Name: name, Err: err}
	}
	return &limitedFile{limitReader{r: f, left: max, limit: max}, f}, nil
}

// checkKind refuses a name that is not a regular file or a FIFO (after
// symbolic links), and a regular file longer than max, before it is
// opened: opening a FIFO blocks until a writer comes, opening a device
// may have effects.
func checkKind(name string, max int64) error {
	fi, err := os.Stat(name)
	if err != nil {
		return err
	}
	switch m := fi.Mode(); {
	case m.IsDir():
		return syscall.EISDIR
	case m.IsRegular():
		if fi.Size() > max {
			return &TooLargeError{Limit: max}
		}
	case m&fs.ModeNamedPipe != 0:
	default:
		return errNotRegular
	}
	return nil
}

// readLimited reads r to its end, failing once more than max bytes come.
func readLimited(r io.Reader, max int64, sizeHint int) ([]byte, error) {
	data := make([]byte, 0, max64(512, min(int64(sizeHint)+1, max+1)))
	lr := &limitReader{r: r, left: max, limit: max}
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := lr.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func max64(a, b int64) int {
	if a > b {
		return int(a)
	}
	return int(b)
}

// limitReader reads from r and fails with *TooLargeError once more than
// limit bytes have been read (it reads one byte past the limit to tell an
// input of exactly limit bytes from a longer one).
type limitReader struct {
	r           io.Reader
	left, limit int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, &TooLargeError{Limit: l.limit}
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n + int(l.left), &TooLargeError{Limit: l.limit}
	}
	return n, err
}

type limitedFile struct {
	limitReader
	f *os.File
}

func (l *limitedFile) Close() error { return l.f.Close() }
