package lit

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Tool is the in-process entry point of a command-line tool. args excludes
// the program name; the result is the exit code.
type Tool func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Substitution replaces every occurrence of From in a RUN line by To.
type Substitution struct {
	From, To string
}

// Config says how to run tests. A Config must not be modified while tests
// run; RunFile does not modify it.
type Config struct {
	// Tools maps a command name (argv[0] in a RUN line) to its in-process
	// implementation, e.g. "tcp-opt", "tcp-run", "tcp-translate",
	// "FileCheck". A tool overrides a builtin command of the same name,
	// except "not".
	Tools map[string]Tool

	// Features are the features available to REQUIRES:, UNSUPPORTED:,
	// XFAIL: and %if; a feature is available when its value is true.
	// The feature "true" is always available.
	Features map[string]bool

	// TempDir is the directory under which each test gets a fresh,
	// unique directory (%T; %t is a path inside it). The per-test
	// directories are left in place, so that a failing test's files can
	// be inspected; pass a directory that is cleaned up, such as
	// testing.T.TempDir(). If TempDir is empty, RunFile creates a
	// temporary directory and removes it when the test is done.
	TempDir string

	// Substitutions are applied to RUN lines, in order, before the
	// built-in ones (%s, %t, ...), like config.substitutions in lit.
	Substitutions []Substitution

	// NoPipefail makes the exit status of a pipeline the status of its
	// last command. By default, as with LLVM lit's default
	// config.pipefail = True, it is the status of the last command that
	// failed.
	NoPipefail bool

	// Timeout limits the time a test file may take; zero means no limit.
	// A tool still running at the deadline is abandoned (its goroutine
	// keeps running) and the test fails.
	Timeout time.Duration

	// Suffixes are the file name suffixes of tests for FindTests and
	// RunTests; the default is []string{".mlir"}.
	Suffixes []string

	// Parallel makes RunTests run test files as parallel subtests. Only
	// set it if every tool is safe for concurrent use.
	Parallel bool
}

// Status is the outcome of a test.
type Status int

const (
	// Pass: all RUN lines succeeded.
	Pass Status = iota
	// Fail: a RUN line failed.
	Fail
	// Unsupported: the test was not run because of REQUIRES: or
	// UNSUPPORTED:.
	Unsupported
	// XFail: the test failed, as its XFAIL: line expected.
	XFail
	// XPass: the test passed although its XFAIL: line expected it to
	// fail. This is a failure.
	XPass
	// Unresolved: the test file is malformed (no RUN: line, unterminated
	// continuation, bad feature expression, RUN line the shell cannot
	// parse, ...). This is a failure.
	Unresolved
)

var statusNames = [...]string{"PASS", "FAIL", "UNSUPPORTED", "XFAIL", "XPASS", "UNRESOLVED"}

func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Failed reports whether the status counts as a test failure: Fail, XPass
// or Unresolved.
func (s Status) Failed() bool {
	return s == Fail || s == XPass || s == Unresolved
}

// Result is the outcome of running one test file.
type Result struct {
	// Path is the test file, as given to RunFile.
	Path   string
	Status Status
	// Message is a one-line summary: why the test failed, is unresolved
	// or unsupported. It is empty when the test passed.
	Message string
	// Report is a readable, multi-line report for Fail, XPass, Unresolved
	// and XFail results: the file, the failing RUN line after
	// substitution, the exit status, and the commands it ran with their
	// stdout, stderr and exit statuses. It is empty otherwise.
	Report string
	// Log is the transcript of every command run, with its output.
	Log string
	// TempDir is the test's temporary directory (%T).
	TempDir  string
	Duration time.Duration
}

// RunFile runs the test file at path. The error is non-nil only when the
// test could not be run at all (the file cannot be read, the temporary
// directory cannot be created); problems with the test itself are reported
// in the Result. RunFile is safe for concurrent use if the tools are.
func RunFile(cfg *Config, path string) (*Result, error) {
	start := time.Now()
	if cfg == nil {
		return nil, errors.New("lit: nil Config")
	}
	res := &Result{Path: path}
	defer func() { res.Duration = time.Since(start) }()

	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("lit: %w", err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("lit: %w", err)
	}

	ts, err := parseTestScript(data)
	if err != nil {
		return res.unresolved(err.Error()), nil
	}

	// REQUIRES: and UNSUPPORTED:.
	var missing, unsupported []string
	for _, e := range ts.requires {
		ok, err := evalBool(e, cfg.Features)
		if err != nil {
			return res.unresolved("error in REQUIRES list: " + err.Error()), nil
		}
		if !ok {
			missing = append(missing, e)
		}
	}
	if len(missing) > 0 {
		res.Status = Unsupported
		res.Message = "Test requires the following unavailable features: " + strings.Join(missing, ", ")
		return res, nil
	}
	for _, e := range ts.unsupported {
		ok, err := evalBool(e, cfg.Features)
		if err != nil {
			return res.unresolved("error in UNSUPPORTED list: " + err.Error()), nil
		}
		if ok {
			unsupported = append(unsupported, e)
		}
	}
	if len(unsupported) > 0 {
		res.Status = Unsupported
		res.Message = "Test does not support the following features: " + strings.Join(unsupported, ", ")
		return res, nil
	}
	xfail := false
	for _, e := range ts.xfails {
		ok := e == "*"
		if !ok {
			if ok, err = evalBool(e, cfg.Features); err != nil {
				return res.unresolved("error in XFAIL list: " + err.Error()), nil
			}
		}
		xfail = xfail || ok
	}

	// Temporary directories.
	base := cfg.TempDir
	if base == "" {
		base, err = os.MkdirTemp("", "lit-")
		if err != nil {
			return nil, fmt.Errorf("lit: %w", err)
		}
		defer os.RemoveAll(base)
	} else if err := os.MkdirAll(base, 0o777); err != nil {
		return nil, fmt.Errorf("lit: %w", err)
	}
	name := filepath.Base(abs)
	tmpDir, err := os.MkdirTemp(base, sanitizeName(name)+"-")
	if err != nil {
		return nil, fmt.Errorf("lit: %w", err)
	}
	res.TempDir = tmpDir
	tmpBase := filepath.Join(tmpDir, name)

	substs := append([]Substitution(nil), cfg.Substitutions...)
	substs = append(substs, defaultSubstitutions(abs, tmpDir, tmpBase)...)

	r := &runner{cfg: cfg, cwd: tmpDir, pipefail: !cfg.NoPipefail}
	if cfg.Timeout > 0 {
		r.deadline = start.Add(cfg.Timeout)
	}
	var log strings.Builder
	failed := false
	for _, d := range ts.script {
		if d.keyword != "RUN:" {
			substs, err = applyDefinition(d, substs)
			if err != nil {
				return res.unresolved(err.Error()), nil
			}
			continue
		}
		line, err := substitute(d.text, substs, cfg.Features)
		if err != nil {
			return res.unresolved(fmt.Sprintf("RUN: %s: %v", d.location(), err)), nil
		}
		fmt.Fprintf(&log, "# RUN: %s\n%s\n", d.location(), line)
		if line == "" {
			continue
		}
		l, err := parseShell(line)
		if err != nil {
			res.Log = log.String()
			res.Status = Unresolved
			res.Message = fmt.Sprintf("cannot parse RUN line %s: %v", d.location(), err)
			res.Report = res.report(d, line, -1, markError(line, err))
			return res, nil
		}
		r.transcript.Reset()
		status, err := r.runList(l)
		log.WriteString(r.transcript.String())
		res.Log = log.String()
		if err != nil {
			res.Status = Fail
			res.Message = fmt.Sprintf("RUN line %s: %v", d.location(), err)
			res.Report = res.report(d, line, -1, r.transcript.String()+"# error: "+err.Error()+"\n")
			failed = true
			break
		}
		if status != 0 {
			res.Status = Fail
			res.Message = fmt.Sprintf("RUN line %s failed with exit status %d", d.location(), status)
			res.Report = res.report(d, line, status, r.transcript.String())
			failed = true
			break
		}
	}
	res.Log = log.String()
	switch {
	case xfail && failed:
		res.Status = XFail
		res.Message = "expected failure: " + res.Message
	case xfail && !failed:
		res.Status = XPass
		res.Message = "test passed, but XFAIL: expected it to fail"
		res.Report = fmt.Sprintf("XPASS: %s\n%s\n\n%s", path, res.Message, res.Log)
	case failed:
		res.Status = Fail
	default:
		res.Status = Pass
	}
	return res, nil
}

func (res *Result) unresolved(msg string) *Result {
	res.Status = Unresolved
	res.Message = msg
	res.Report = fmt.Sprintf("UNRESOLVED: %s\n%s\n", res.Path, msg)
	return res
}

// report formats the failure report for the RUN directive d, whose
// substituted command line is line.
func (res *Result) report(d *directive, line string, status int, transcript string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", res.Status, res.Path)
	fmt.Fprintf(&b, "RUN: %s: %s\n", d.location(), line)
	if status >= 0 {
		fmt.Fprintf(&b, "exit status: %d\n", status)
	}
	if res.TempDir != "" {
		fmt.Fprintf(&b, "temporary directory: %s\n", res.TempDir)
	}
	b.WriteString("\n")
	b.WriteString(transcript)
	return b.String()
}

// markError shows where a syntax error is in line.
func markError(line string, err error) string {
	var se *syntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%s\n%s^\nerror: %s\n", line, strings.Repeat(" ", len([]rune(line[:min(se.pos, len(line))]))), se.msg)
	}
	return fmt.Sprintf("%s\nerror: %v\n", line, err)
}

// sanitizeName makes a test file name usable as a directory name prefix.
func sanitizeName(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '*' || r == os.PathSeparator || r == '/' {
			return '_'
		}
		return r
	}, name)
}

// defaultSubstitutions returns lit's built-in substitutions for the test
// file src (absolute), its temporary directory tmpDir and base tmpBase.
func defaultSubstitutions(src, tmpDir, tmpBase string) []Substitution {
	srcDir := filepath.Dir(src)
	tmpName := tmpBase + ".tmp"
	slash := filepath.ToSlash
	colon := func(p string) string {
		p = slash(p)
		if v := filepath.VolumeName(p); v != "" {
			return strings.TrimSuffix(v, ":") + p[len(v):]
		}
		return strings.TrimPrefix(p, "/")
	}
	root := func(p string) string { return filepath.VolumeName(p) + string(os.PathSeparator) }
	return []Substitution{
		{"%s", src},
		{"%S", srcDir},
		{"%p", srcDir},
		{"%{pathsep}", string(os.PathListSeparator)},
		{"%t", tmpName},
		{"%basename_t", filepath.Base(tmpBase)},
		{"%T", tmpDir},
		{"%{fs-src-root}", root(srcDir)},
		{"%{fs-tmp-root}", root(tmpBase)},
		{"%{fs-sep}", string(os.PathSeparator)},
		{"%/s", slash(src)},
		{"%/S", slash(srcDir)},
		{"%/p", slash(srcDir)},
		{"%/t", slash(tmpName)},
		{"%/T", slash(tmpDir)},
		{"%:s", colon(src)},
		{"%:S", colon(srcDir)},
		{"%:p", colon(srcDir)},
		{"%:t", colon(tmpName)},
		{"%:T", colon(tmpDir)},
	}
}

// toolNames returns the sorted names of the configured tools.
func (cfg *Config) toolNames() []string {
	var names []string
	for n := range cfg.Tools {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
