package filecheck

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tcp-project/tcp/internal/oracle"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"
)

// The corpus (testdata/corpus/*.txtar) holds FileCheck cases with the verdict
// FileCheck-16 gave for each: its exit code and its first error line. See
// testdata/record.sh for the format and for re-recording the verdicts.

type corpusCase struct {
	name       string
	argLine    string
	args       []string
	env        string
	hasEnv     bool
	transforms map[string]bool
	check      []byte
	input      []byte
	want       verdict
}

// verdict is what the corpus records for a case.
type verdict struct {
	Exit  int
	Error string
}

func loadCorpus(t testing.TB) []corpusCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no corpus cases found in testdata/corpus")
	}
	sort.Strings(files)
	var cases []corpusCase
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := corpusCase{name: strings.TrimSuffix(filepath.Base(f), ".txtar"), transforms: map[string]bool{}}
		positional := ""
		haveExit := false
		for _, line := range strings.Split(string(a.Comment), "\n") {
			k, v, ok := strings.Cut(line, ":")
			if !ok || strings.HasPrefix(line, "#") {
				continue
			}
			v = strings.TrimPrefix(v, " ")
			switch k {
			case "args":
				c.argLine = v
			case "env":
				c.env, c.hasEnv = v, true
			case "positional":
				positional = v
			case "transform":
				for _, tr := range strings.Split(v, ",") {
					c.transforms[strings.TrimSpace(tr)] = true
				}
			case "exit":
				c.want.Exit, err = strconv.Atoi(v)
				if err != nil {
					t.Fatalf("%s: bad exit line %q", f, line)
				}
				haveExit = true
			case "error":
				c.want.Error = v
			}
		}
		if !haveExit {
			t.Fatalf("%s: no recorded verdict; run testdata/record.sh", f)
		}
		c.args, err = splitShellWords(c.argLine)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if positional != "none" && !strings.Contains(c.argLine, "check.txt") {
			c.args = append(c.args, "check.txt")
		}
		for _, file := range a.Files {
			switch file.Name {
			case "check":
				c.check = c.transform("check", file.Data)
			case "input":
				c.input = c.transform("input", file.Data)
			default:
				t.Fatalf("%s: unexpected section %q", f, file.Name)
			}
		}
		cases = append(cases, c)
	}
	return cases
}

func (c corpusCase) transform(which string, data []byte) []byte {
	data = append([]byte(nil), data...)
	if c.transforms[which+"-nul"] {
		data = bytes.ReplaceAll(data, []byte("<NUL>"), []byte{0})
	}
	if c.transforms[which+"-crlf"] {
		data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
	}
	if c.transforms[which+"-nonl"] && len(data) > 0 {
		data = data[:len(data)-1]
	}
	return data
}

// splitShellWords splits an args line the way bash does for the simple
// quoting used in the corpus: blanks separate words, '...' and "..." quote,
// and backslash escapes outside single quotes.
func splitShellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated ' in args")
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inWord = true
			for i++; ; i++ {
				if i >= len(s) {
					return nil, errors.New(`unterminated " in args`)
				}
				if s[i] == '"' {
					break
				}
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			inWord = true
			i++
			cur.WriteByte(s[i])
		default:
			inWord = true
			cur.WriteByte(c)
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// firstErrorLine is the verdict's error line: the first stderr line that
// contains "error:", else the first non-empty line.
func firstErrorLine(stderr string) string {
	r := Result{Output: stderr}
	return r.FirstError()
}

// runOurs runs this package's FileCheck on a case, serving check.txt and
// input.txt from memory (no files are touched).
func runOurs(c corpusCase) (verdict, string) {
	readFile := func(name string) ([]byte, error) {
		switch name {
		case "check.txt":
			return c.check, nil
		case "input.txt":
			return c.input, nil
		}
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	var stdout, stderr bytes.Buffer
	code := mainWithEnv(c.args, c.env, bytes.NewReader(c.input), &stdout, &stderr, readFile)
	v := verdict{Exit: code}
	if code != 0 {
		v.Error = firstErrorLine(stderr.String())
	}
	return v, stderr.String()
}

func TestCorpus(t *testing.T) {
	cases := loadCorpus(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, stderr := runOurs(c)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("args %q: verdict mismatch (-want +got):\n%s\nour stderr:\n%s", c.args, diff, stderr)
			}
		})
	}
}

// TestCorpusShape keeps the corpus meaningful: big enough, with a fair share
// of failing cases, and covering every directive and option.
func TestCorpusShape(t *testing.T) {
	cases := loadCorpus(t)
	failing := 0
	var allArgs, allChecks strings.Builder
	for _, c := range cases {
		if c.want.Exit != 0 {
			failing++
		}
		allArgs.WriteString(c.argLine + " " + c.env + "\n")
		allChecks.Write(c.check)
	}
	if len(cases) < 150 {
		t.Errorf("corpus has %d cases, want at least 150", len(cases))
	}
	if failing < len(cases)*2/5 || failing > len(cases)*3/4 {
		t.Errorf("corpus has %d failing cases out of %d, want about half", failing, len(cases))
	}
	for _, opt := range []string{"check-prefix", "check-prefixes", "comment-prefixes", "allow-unused-prefixes",
		"implicit-check-not", "strict-whitespace", "match-full-lines", "ignore-case", "input-file", "allow-empty",
		"enable-var-scope", "-D", "-D#", "dump-input=", "dump-input-context", "dump-input-filter", "-v ", "-vv",
		"color", "allow-deprecated-dag-overlap"} {
		if !strings.Contains(allArgs.String(), opt) {
			t.Errorf("no corpus case uses option %q", opt)
		}
	}
	for _, d := range []string{"CHECK:", "CHECK-NEXT:", "CHECK-SAME:", "CHECK-NOT:", "CHECK-DAG:", "CHECK-LABEL:",
		"CHECK-EMPTY:", "CHECK-COUNT-", "{LITERAL}", "COM:", "RUN:", "[[#", "[[@LINE", "{{", "[[$"} {
		if !strings.Contains(allChecks.String(), d) {
			t.Errorf("no corpus case uses %q", d)
		}
	}
	t.Logf("corpus: %d cases, %d passing, %d failing", len(cases), len(cases)-failing, failing)
}

// oracleBinary returns FileCheck-16, skipping the test (or failing it under
// CI=true) when it is not installed.
func oracleBinary(t *testing.T) string { return oracle.FileCheck(t) }

// runOracle runs LLVM's FileCheck on a case in a scratch directory, with
// argv[0] "FileCheck" as record.sh does.
func runOracle(t *testing.T, bin string, c corpusCase) (verdict, string) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "check.txt"), c.check, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), c.input, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := &exec.Cmd{Path: bin, Args: append([]string{"FileCheck"}, c.args...), Dir: dir}
	cmd.Stdin = bytes.NewReader(c.input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	env := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "FILECHECK_OPTS=") {
			env = append(env, kv)
		}
	}
	if c.hasEnv && c.env != "" {
		env = append(env, "FILECHECK_OPTS="+c.env)
	}
	cmd.Env = env
	err := cmd.Run()
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("running %s: %v", bin, err)
		}
		code = ee.ExitCode()
	}
	v := verdict{Exit: code}
	if code != 0 {
		v.Error = firstErrorLine(stderr.String())
	}
	return v, stderr.String()
}

// TestCorpusOracle runs LLVM's FileCheck live on every case and checks that
// the recorded verdicts are still what it says. It also reports how often
// our complete stderr output is byte-identical to LLVM's.
func TestCorpusOracle(t *testing.T) {
	bin := oracleBinary(t)
	cases := loadCorpus(t)
	var same atomic.Int64
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				got, llvmErr := runOracle(t, bin, c)
				if diff := cmp.Diff(c.want, got); diff != "" {
					t.Errorf("recorded verdict differs from %s (-want +got):\n%s", bin, diff)
				}
				_, ourErr := runOurs(c)
				if ourErr == llvmErr {
					same.Add(1)
				} else if os.Getenv("TCP_FILECHECK_SHOW_DIFFS") != "" {
					t.Logf("full stderr differs (-llvm +ours):\n%s", cmp.Diff(llvmErr, ourErr))
				}
			})
		}
	})
	t.Logf("full stderr identical to %s for %d of %d cases", filepath.Base(bin), same.Load(), len(cases))
}
