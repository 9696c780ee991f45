package lit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
)

// This file executes parsed RUN lines. Commands of a pipeline run one after
// the other; the output of each is buffered and becomes the input of the
// next. Every command, builtin or tool, runs in the test's process.

// shellError aborts the whole test: a command that is neither a builtin
// nor a tool, a timeout, a misuse of a builtin that lit's internal shell
// also rejects.
type shellError struct{ msg string }

func (e *shellError) Error() string { return e.msg }

func shellErrorf(format string, args ...any) error {
	return &shellError{msg: fmt.Sprintf(format, args...)}
}

// runner runs the RUN lines of one test.
type runner struct {
	cfg        *Config
	cwd        string    // base of relative paths (the test's %T)
	deadline   time.Time // zero: no timeout
	pipefail   bool
	transcript strings.Builder // of the current RUN line
}

// syncBuffer is a bytes.Buffer safe for concurrent writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]byte(nil), b.buf.Bytes()...)
}

// lockedWriter serializes writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// sink is where a file descriptor of a command writes.
type sink struct {
	w    io.Writer
	file string // name of the redirection target, if a file
	path string // its resolved path
}

func (r *runner) runList(l list) (int, error) {
	status := 0
	for i, ao := range l {
		if i > 0 {
			if (ao.Op == "&&" && status != 0) || (ao.Op == "||" && status == 0) {
				continue
			}
		}
		s, err := r.runPipeline(ao.Pipeline)
		if err != nil {
			return 0, err
		}
		status = s
	}
	return status, nil
}

func (r *runner) runPipeline(pl pipeline) (int, error) {
	var in []byte
	status := 0
	for i, c := range pl.Commands {
		last := i == len(pl.Commands)-1
		pipe := &syncBuffer{}
		code, err := r.runCommand(c, in, pipe, last)
		if err != nil {
			return 0, err
		}
		if !r.pipefail || code != 0 {
			status = code
		}
		in = pipe.Bytes()
	}
	if pl.Negate {
		status = boolToStatus(status == 0)
	}
	return status, nil
}

// boolToStatus maps true (the inverted command failed) to 0.
func boolToStatus(invert bool) int {
	if invert {
		return 1
	}
	return 0
}

// abs resolves a path relative to the runner's directory.
func (r *runner) abs(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(r.cwd, p)
}

// expand expands a word: a glob pattern that matches files is replaced by
// the sorted matches, as in bash; otherwise the word is left as it is.
func (r *runner) expand(w word) []string {
	if w.Glob == "" {
		return []string{w.Text}
	}
	pattern := w.Glob
	rel := !filepath.IsAbs(w.Text)
	if rel {
		pattern = filepath.Join(escapeGlob(r.cwd), pattern)
	}
	matches, err := filepath.Glob(pattern)
	if err != nil || len(matches) == 0 {
		return []string{w.Text}
	}
	if rel {
		for i, m := range matches {
			if s, err := filepath.Rel(r.cwd, m); err == nil {
				matches[i] = s
			}
		}
	}
	return matches
}

func escapeGlob(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

const devNull = "/dev/null"

// runCommand runs one command of a pipeline with input in. Unless
// redirected, its stdout goes to pipe, and for the last command of the
// pipeline it is also shown in the transcript.
func (r *runner) runCommand(c command, in []byte, pipe *syncBuffer, last bool) (code int, err error) {
	var args []string
	for _, w := range c.Args {
		args = append(args, r.expand(w)...)
	}
	fmt.Fprintf(&r.transcript, "$ %s\n", displayCommand(args, c.Redirects))

	stderrBuf := &syncBuffer{}
	var fds [3]*sink
	fds[1] = &sink{w: pipe}
	fds[2] = &sink{w: stderrBuf}
	var files []*os.File
	defer func() {
		for _, f := range files {
			if cerr := f.Close(); cerr != nil && err == nil {
				err = shellErrorf("closing %s: %v", f.Name(), cerr)
			}
		}
	}()
	redirectFailed := func(msg string) (int, error) {
		fmt.Fprintf(&r.transcript, "# redirection failed: %s\n# exit status: 1\n", msg)
		return 1, nil
	}
	for _, rd := range c.Redirects {
		if rd.Op == ">&" {
			src, _ := strconv.Atoi(rd.Target.Text)
			fds[rd.FD] = fds[src]
			continue
		}
		targets := r.expand(rd.Target)
		if len(targets) != 1 {
			return redirectFailed(fmt.Sprintf("%s: ambiguous redirect", rd.Target.Text))
		}
		name := targets[0]
		switch rd.Op {
		case "<":
			if name == devNull {
				in = nil
				continue
			}
			data, rerr := os.ReadFile(r.abs(name))
			if rerr != nil {
				return redirectFailed(rerr.Error())
			}
			in = data
		case ">", ">>", "&>":
			s := &sink{w: io.Discard, file: name}
			if name != devNull {
				flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
				if rd.Op == ">>" {
					flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
				}
				f, oerr := os.OpenFile(r.abs(name), flag, 0o666)
				if oerr != nil {
					return redirectFailed(oerr.Error())
				}
				files = append(files, f)
				s.w, s.path = &lockedWriter{w: f}, f.Name()
			}
			if rd.Op == "&>" {
				fds[1], fds[2] = s, s
			} else {
				fds[rd.FD] = s
			}
		}
	}

	code, crashed, err := r.exec(args, in, fds[1].w, fds[2].w)
	if err != nil {
		return 0, err
	}
	if crashed {
		code = 2
	}

	// Transcript.
	if code != 0 {
		seen := map[*sink]bool{}
		for _, s := range fds[1:] {
			if s.path == "" || seen[s] {
				continue
			}
			seen[s] = true
			if data, rerr := os.ReadFile(s.path); rerr == nil && len(bytes.TrimSpace(data)) > 0 {
				fmt.Fprintf(&r.transcript, "# redirected output from %q:\n%s", s.file, clip(data, 1024))
			}
		}
	}
	if last && fds[1].w == pipe {
		if out := pipe.Bytes(); len(bytes.TrimSpace(out)) > 0 {
			fmt.Fprintf(&r.transcript, "# command stdout:\n%s", clip(out, maxShown))
		}
	}
	if errOut := stderrBuf.Bytes(); len(bytes.TrimSpace(errOut)) > 0 {
		fmt.Fprintf(&r.transcript, "# command stderr:\n%s", clip(errOut, maxShown))
	}
	if code != 0 {
		fmt.Fprintf(&r.transcript, "# exit status: %d\n", code)
	}
	return code, nil
}

// maxShown limits how much of a command's output is shown in a report.
const maxShown = 64 << 10

// clip returns data, truncated to at most n bytes, ending in a newline.
func clip(data []byte, n int) string {
	s := string(data)
	note := ""
	if len(s) > n {
		s, note = s[:n], fmt.Sprintf("\n... (%d more bytes)\n", len(data)-n)
	}
	if !strings.HasSuffix(s, "\n") && note == "" {
		s += "\n"
	}
	return s + note
}

func displayCommand(args []string, redirects []redirect) string {
	s := quoteArgs(args)
	if len(redirects) > 0 {
		if s != "" {
			s += " "
		}
		s += command{Redirects: redirects}.String()
	}
	return s
}

// exec runs argv. crashed reports a tool that panicked.
func (r *runner) exec(args []string, in []byte, stdout, stderr io.Writer) (code int, crashed bool, err error) {
	if len(args) == 0 {
		return 0, false, nil // a command with only redirections
	}
	if args[0] == "not" {
		rest := args[1:]
		expectCrash := len(rest) > 0 && rest[0] == "--crash"
		if expectCrash {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return 0, false, shellErrorf("'not' requires a subcommand")
		}
		code, crashed, err := r.exec(rest, in, stdout, stderr)
		switch {
		case err != nil:
			return 0, false, err
		case expectCrash:
			return boolToStatus(!crashed), false, nil
		case crashed:
			return 1, false, nil
		default:
			return boolToStatus(code == 0), false, nil
		}
	}
	if tool, ok := r.cfg.Tools[args[0]]; ok && tool != nil {
		return r.callTool(tool, args, in, stdout, stderr)
	}
	if b, ok := builtins[args[0]]; ok {
		code, err := b(r, args, bytes.NewReader(in), stdout, stderr)
		return code, false, err
	}
	return 0, false, shellErrorf("%q: command not found: it is neither a builtin (%s) nor one of the tools in lit.Config.Tools (%s)",
		args[0], strings.Join(builtinNames(), ", "), strings.Join(r.cfg.toolNames(), ", "))
}

// crashError is a panic value that reports a crash without a Go stack
// trace, such as an external process killed by a signal (see ExecTool).
type crashError struct{ msg string }

func (e crashError) Error() string { return e.msg }

// callTool runs a tool in its own goroutine, recovering a panic, and
// enforcing the test's deadline.
func (r *runner) callTool(tool Tool, args []string, in []byte, stdout, stderr io.Writer) (int, bool, error) {
	var timeout <-chan time.Time
	if !r.deadline.IsZero() {
		d := time.Until(r.deadline)
		if d <= 0 {
			return 0, false, shellErrorf("test timed out after %v before running %s", r.cfg.Timeout, args[0])
		}
		t := time.NewTimer(d)
		defer t.Stop()
		timeout = t.C
	}
	var (
		code     int
		returned bool
		panicMsg string
	)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if !returned {
				rec := recover()
				var ce crashError
				switch {
				case rec == nil:
					panicMsg = "tool exited by calling runtime.Goexit\n"
				case errors.As(asError(rec), &ce):
					panicMsg = ce.msg + "\n"
				default:
					panicMsg = fmt.Sprintf("panic: %v\n\n%s", rec, debug.Stack())
				}
			}
		}()
		code = tool(args[1:], bytes.NewReader(in), stdout, stderr)
		returned = true
	}()
	select {
	case <-done:
	case <-timeout:
		return 0, false, shellErrorf("test timed out after %v while running %s", r.cfg.Timeout, quoteArgs(args))
	}
	if !returned {
		io.WriteString(stderr, panicMsg)
		return 2, true, nil
	}
	return code, false, nil
}

func asError(v any) error {
	if err, ok := v.(error); ok {
		return err
	}
	return nil
}
