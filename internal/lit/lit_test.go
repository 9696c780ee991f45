package lit

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// fakeOpt is a fake "tcp-opt": it copies its input files (or stdin) to
// stdout. --fail makes it fail, --panic panics, --stderr=MSG writes MSG to
// stderr, --sleep sleeps for a second.
func fakeOpt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var files []string
	for _, a := range args {
		switch {
		case a == "--fail":
			fmt.Fprintln(stderr, "error: tcp-opt failed")
			return 1
		case a == "--panic":
			panic("boom")
		case a == "--sleep":
			time.Sleep(time.Second)
		case strings.HasPrefix(a, "--stderr="):
			fmt.Fprintln(stderr, strings.TrimPrefix(a, "--stderr="))
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(stderr, "unknown option %s\n", a)
			return 2
		default:
			files = append(files, a)
		}
	}
	if len(files) == 0 {
		io.Copy(stdout, stdin)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		stdout.Write(data)
	}
	return 0
}

// fakeFileCheck is a fake FileCheck: every "CHECK: text" line of the check
// file (args[0]; --check-prefix=P changes the prefix) must appear as a
// substring of a line of stdin, in order.
func fakeFileCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	prefix := "CHECK"
	var file string
	for _, a := range args {
		if p, ok := strings.CutPrefix(a, "--check-prefix="); ok {
			prefix = p
		} else {
			file = a
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	var checks []string
	for _, l := range strings.Split(string(data), "\n") {
		if _, c, ok := strings.Cut(l, prefix+": "); ok {
			checks = append(checks, c)
		}
	}
	input, _ := io.ReadAll(stdin)
	sc := bufio.NewScanner(bytes.NewReader(input))
	for _, c := range checks {
		found := false
		for sc.Scan() {
			if strings.Contains(sc.Text(), c) {
				found = true
				break
			}
		}
		if !found {
			fmt.Fprintf(stderr, "%s: error: %s: expected string not found in input\n%s: %s\n", file, prefix, prefix, c)
			return 1
		}
	}
	return 0
}

// printArgs prints its arguments, one per line, in brackets.
func printArgs(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	for _, a := range args {
		fmt.Fprintf(stdout, "[%s]\n", a)
	}
	return 0
}

func testConfig(t *testing.T) *Config {
	return &Config{
		Tools: map[string]Tool{
			"tcp-opt":    fakeOpt,
			"FileCheck":  fakeFileCheck,
			"print-args": printArgs,
		},
		Features: map[string]bool{"tcp": true, "x86": true, "off": false},
		TempDir:  t.TempDir(),
	}
}

// writeTest writes a test file named name with the given lines.
func writeTest(t *testing.T, name string, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRunFileStatus(t *testing.T) {
	tests := []struct {
		name    string
		lines   []string
		cfg     func(*Config)
		want    Status
		message string // a substring of Result.Message
	}{
		{"pass", []string{
			"// RUN: tcp-opt %s | FileCheck %s",
			"// CHECK: func",
			"func",
		}, nil, Pass, ""},
		{"check fails", []string{
			"// RUN: echo x | FileCheck --check-prefix=NOPE %s",
			"// NOPE: nothing like this",
		}, nil, Fail, "RUN line at line 1 failed with exit status 1"},
		{"hash and semicolon comments", []string{
			"# RUN: true",
			"; RUN: true",
			"RUN: true",
		}, nil, Pass, ""},
		{"all RUN lines run", []string{
			"// RUN: true",
			"// RUN: false",
		}, nil, Fail, "RUN line at line 2"},
		{"not", []string{
			"// RUN: not tcp-opt --fail %s",
			"// RUN: not not true",
			"// RUN: not false",
		}, nil, Pass, ""},
		{"not of success fails", []string{"// RUN: not tcp-opt %s"}, nil, Fail, "exit status 1"},
		{"panic fails", []string{"// RUN: tcp-opt --panic"}, nil, Fail, "exit status 2"},
		{"not does not accept a panic", []string{"// RUN: not tcp-opt --panic"}, nil, Fail, "exit status 1"},
		{"not --crash accepts a panic", []string{"// RUN: not --crash tcp-opt --panic"}, nil, Pass, ""},
		{"not --crash needs a crash", []string{"// RUN: not --crash tcp-opt --fail"}, nil, Fail, ""},
		{"bang negates a pipeline", []string{"// RUN: ! tcp-opt --fail | tcp-opt"}, nil, Pass, ""},
		{"unknown command", []string{"// RUN: mlir-opt %s"}, nil, Fail,
			`"mlir-opt": command not found: it is neither a builtin (:, cat, cmp, count, diff, echo, false, mkdir, not, rm, true) nor one of the tools in lit.Config.Tools (FileCheck, print-args, tcp-opt)`},
		{"unknown command under not", []string{"// RUN: not nosuchtool"}, nil, Fail, `"nosuchtool": command not found`},
		{"pipefail", []string{"// RUN: false | true"}, nil, Fail, "exit status 1"},
		{"pipefail rightmost failure", []string{"// RUN: tcp-opt --fail | tcp-opt --bad | true"}, nil, Fail, "exit status 2"},
		{"no pipefail", []string{"// RUN: false | true"}, func(c *Config) { c.NoPipefail = true }, Pass, ""},
		{"and or", []string{
			"// RUN: false || true",
			"// RUN: true || false && true",
			"// RUN: false && false || true",
			"// RUN: false ; true",
		}, nil, Pass, ""},
		{"and stops", []string{"// RUN: true && false || false"}, nil, Fail, ""},
		{"semicolon status is the last", []string{"// RUN: true ; false"}, nil, Fail, ""},
		{"continuation", []string{
			"// RUN: tcp-opt %s \\",
			"// CHECK: not a RUN line, ignored",
			"// RUN:   | FileCheck %s",
		}, nil, Pass, ""},
		{"unterminated continuation", []string{"// RUN: true \\"}, nil, Unresolved,
			`test has unterminated "RUN:" directive (with '\') at line 1`},
		{"no RUN line", []string{"// CHECK: x"}, nil, Unresolved, "test has no 'RUN:' line"},
		{"syntax error", []string{"// RUN: echo 'oops"}, nil, Unresolved,
			"cannot parse RUN line at line 1: shell syntax error at column 6: missing closing single quote"},
		{"requires ok", []string{"// REQUIRES: tcp, x86", "// RUN: true"}, nil, Pass, ""},
		{"requires missing", []string{"// REQUIRES: tcp, gpu && x86, off", "// RUN: false"}, nil, Unsupported,
			"Test requires the following unavailable features: gpu && x86, off"},
		{"requires expression", []string{"// REQUIRES: (gpu || x86) && !off && {{t.p}}", "// RUN: true"}, nil, Pass, ""},
		{"requires continuation", []string{"// REQUIRES: tcp, \\", "// REQUIRES: gpu", "// RUN: true"}, nil, Unsupported, "gpu"},
		{"requires bad expression", []string{"// REQUIRES: tcp &&", "// RUN: true"}, nil, Unresolved, "in REQUIRES: directive on test line 1"},
		{"unsupported", []string{"// UNSUPPORTED: windows, x86", "// RUN: false"}, nil, Unsupported,
			"Test does not support the following features: x86"},
		{"unsupported not matching", []string{"// UNSUPPORTED: windows || off", "// RUN: true"}, nil, Pass, ""},
		{"xfail", []string{"// XFAIL: *", "// RUN: false"}, nil, XFail, "expected failure: RUN line at line 2"},
		{"xfail feature", []string{"// XFAIL: x86", "// RUN: false"}, nil, XFail, ""},
		{"xfail other feature", []string{"// XFAIL: arm", "// RUN: false"}, nil, Fail, ""},
		{"xpass", []string{"// XFAIL: *", "// RUN: true"}, nil, XPass, "test passed, but XFAIL: expected it to fail"},
		{"END stops parsing", []string{"// RUN: true", "// END.", "// RUN: false"}, nil, Pass, ""},
		{"timeout", []string{"// RUN: tcp-opt --sleep"}, func(c *Config) { c.Timeout = 50 * time.Millisecond }, Fail,
			"test timed out after 50ms while running tcp-opt --sleep"},
		{"tool overrides builtin", []string{"// RUN: echo hi"}, func(c *Config) { c.Tools["echo"] = fakeOpt }, Fail, "exit status 1"},
		{"empty RUN line", []string{"// RUN:", "// RUN: true"}, nil, Pass, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cfg := testConfig(t)
			if tt.cfg != nil {
				tt.cfg(cfg)
			}
			path := writeTest(t, "test.mlir", tt.lines...)
			res, err := RunFile(cfg, path)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tt.want || !strings.Contains(res.Message, tt.message) {
				t.Errorf("RunFile = %v, %q; want %v, message containing %q\nreport:\n%s\nlog:\n%s",
					res.Status, res.Message, tt.want, tt.message, res.Report, res.Log)
			}
		})
	}
}

// TestRunFileOutput checks what RUN lines write to %t.
func TestRunFileOutput(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  string // contents of %t after the test
	}{
		{"echo", []string{"RUN: echo hello   world > %t"}, "hello world\n"},
		{"echo -n -e", []string{`RUN: echo -n a > %t && echo -e 'b\tc\x41\0101\\' >> %t && echo -ne 'x\cy' >> %t && echo -E '\n' -n >> %t`},
			"ab\tcAA\\\nx\\n -n\n"},
		{"quoting", []string{`RUN: print-args 'a b' "c\"d" e\ f '' "it's" > %t`}, "[a b]\n[c\"d]\n[e f]\n[]\n[it's]\n"},
		{"substitutions", []string{`RUN: print-args %s %S %p %t %T %basename_t %% %%s %{pathsep} %/t %:T a%(line)b %(line+2) %(line - 1) > %t`},
			"[$DIR/test.mlir]\n[$DIR]\n[$DIR]\n[$TMP/test.mlir.tmp]\n[$TMP]\n[test.mlir]\n[%]\n[%s]\n[:]\n[$TMP/test.mlir.tmp]\n[$TMP_NOSLASH]\n[a1b]\n[3]\n[0]\n"},
		{"config substitutions come first", []string{`RUN: print-args %{opt} > %t`}, "[$DIR/test.mlir]\n[--x]\n"},
		{"define and redefine", []string{
			`DEFINE: %{greet} = print-args \`,
			`DEFINE:    hello`,
			`RUN: %{greet} > %t`,
			`REDEFINE: %{greet} = print-args bye`,
			`RUN: %{greet} >> %t`,
		}, "[hello]\n[bye]\n"},
		{"if substitution", []string{
			`RUN: print-args %if x86 %{ yes-x86 %} %else %{ no-x86 %} %if off %{ on %} %else %{ not-on %} %if tcp %{ %if off %{a%} %else %{b%} %} > %t`,
		}, "[yes-x86]\n[not-on]\n[b]\n"},
		{"pipe", []string{"RUN: echo abc | tcp-opt | tcp-opt > %t"}, "abc\n"},
		{"input redirection", []string{"RUN: echo in > %t.in", "RUN: tcp-opt < %t.in > %t"}, "in\n"},
		{"stdin of first command is empty", []string{"RUN: tcp-opt > %t"}, ""},
		{"dev null", []string{"RUN: echo x > /dev/null", "RUN: tcp-opt < /dev/null > %t", "RUN: echo y 2> /dev/null >> %t"}, "y\n"},
		{"stderr to stdout", []string{"RUN: not tcp-opt --stderr=oops --fail 2>&1 | tcp-opt > %t"}, "oops\nerror: tcp-opt failed\n"},
		{"stderr to file", []string{"RUN: not tcp-opt --stderr=e1 --fail 2> %t"}, "e1\nerror: tcp-opt failed\n"},
		{"stdout and stderr to file", []string{"RUN: echo s | tcp-opt --stderr=e &> %t"}, "e\ns\n"},
		{"redirection order", []string{"RUN: tcp-opt --stderr=e 2>&1 > %t.x | tcp-opt > %t"}, "e\n"},
		{"stdout to stderr", []string{"RUN: echo e >&2 2> %t"}, ""},
		{"stdout to stderr after", []string{"RUN: echo e 2> %t >&2"}, "e\n"},
		{"redirect only", []string{"RUN: echo x > %t", "RUN: > %t"}, ""},
		{"append", []string{"RUN: echo a > %t", "RUN: echo b >> %t"}, "a\nb\n"},
		{"cat", []string{"RUN: echo a > %t.a && echo b > %t.b", "RUN: echo c | cat %t.a - %t.b > %t"}, "a\nc\nb\n"},
		{"cat stdin", []string{"RUN: echo a | cat > %t"}, "a\n"},
		{"mkdir and rm", []string{
			"RUN: rm -rf %t.d && mkdir -p %t.d/x/y && echo hi > %t.d/x/y/f",
			"RUN: not mkdir %t.d/x 2> %t.err",
			"RUN: not rm %t.d 2>> %t.err",
			"RUN: rm -r %t.d && not cat %t.d/x/y/f 2>> %t.err",
			"RUN: rm -f %t.d/nothing && not rm %t.nothing 2>> %t.err",
			"RUN: tcp-opt < %t.err > %t",
		}, "mkdir: cannot create directory: $TMP/test.mlir.tmp.d/x: File exists\n" +
			"rm: cannot remove $TMP/test.mlir.tmp.d: Is a directory\n" +
			"cat: $TMP/test.mlir.tmp.d/x/y/f: No such file or directory\n" +
			"rm: cannot remove: $TMP/test.mlir.tmp.nothing: No such file or directory\n"},
		{"glob", []string{
			"RUN: mkdir %t.d && echo 1 > %t.d/a.txt && echo 2 > %t.d/b.txt && echo 3 > %t.d/c.log",
			"RUN: cat %t.d/*.txt > %t",
			"RUN: cat '%t.d/*.txt' 2>> %t || true",
		}, "1\n2\ncat: $TMP/test.mlir.tmp.d/*.txt: No such file or directory\n"},
		{"relative paths are relative to the temporary directory", []string{"RUN: echo a > rel.txt && cat rel.txt %T/rel.txt > %t"}, "a\na\n"},
		{"count", []string{"RUN: echo -e 'a\\nb' | count 2", "RUN: not count 1 < %s 2> %t"}, "Expected 1 lines, got 2.\n"},
		{"diff equal", []string{"RUN: echo a > %t.a && echo a > %t.b && diff %t.a %t.b > %t"}, ""},
		{"diff", []string{
			`RUN: echo -e '1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12' > %t.a`,
			`RUN: echo -e '1\n2\nthree\n4\n5\n6\n7\n8\n9\n10\n11\ntwelve\n13' > %t.b`,
			`RUN: not diff -U 1 %t.a %t.b > %t`,
		}, "--- $TMP/test.mlir.tmp.a\n+++ $TMP/test.mlir.tmp.b\n@@ -2,3 +2,3 @@\n 2\n-3\n+three\n 4\n@@ -11,2 +11,3 @@\n 11\n-12\n+twelve\n+13\n"},
		{"diff whitespace", []string{
			`RUN: echo 'a  b ' > %t.a && echo 'a b' > %t.b && diff -b %t.a %t.b && echo 'ab' > %t.c && diff -w %t.a %t.c`,
			`RUN: echo -n x > %t.d && not diff %t.b %t.d > %t`,
		}, "--- $TMP/test.mlir.tmp.b\n+++ $TMP/test.mlir.tmp.d\n@@ -1 +1 @@\n-a b\n+x\n\\ No newline at end of file\n"},
		{"cmp", []string{
			`RUN: echo abc > %t.a && echo abc > %t.b && cmp %t.a %t.b && echo abd > %t.c`,
			`RUN: not cmp %t.a %t.c > %t && not cmp -s %t.a %t.c >> %t`,
		}, "$TMP/test.mlir.tmp.a $TMP/test.mlir.tmp.c differ: byte 3, line 1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cfg := testConfig(t)
			path := writeTest(t, "test.mlir", tt.lines...)
			cfg.Substitutions = []Substitution{{From: "%{opt}", To: "%s --x"}}
			res, err := RunFile(cfg, path)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Pass {
				t.Fatalf("RunFile = %v, %s\n%s", res.Status, res.Message, res.Report)
			}
			data, err := os.ReadFile(filepath.Join(res.TempDir, "test.mlir.tmp"))
			if err != nil {
				t.Fatal(err)
			}
			got := strings.NewReplacer(
				filepath.Dir(path), "$DIR",
				res.TempDir, "$TMP",
				strings.TrimPrefix(res.TempDir, "/"), "$TMP_NOSLASH",
			).Replace(string(data))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%%t mismatch (-want +got):\n%s\nlog:\n%s", diff, res.Log)
			}
		})
	}
}

func TestReport(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  string
	}{
		{"FileCheck failure", []string{
			"// RUN: true",
			"// RUN: echo output | tcp-opt --stderr=warning \\",
			"// RUN:   | FileCheck %s",
			"// CHECK: missing-string",
		}, `FAIL: $DIR/test.mlir
RUN: from line 2 to 3: echo output | tcp-opt --stderr=warning    | FileCheck $DIR/test.mlir
exit status: 1
temporary directory: $TMP

$ echo output
$ tcp-opt --stderr=warning
# command stderr:
warning
$ FileCheck $DIR/test.mlir
# command stderr:
$DIR/test.mlir: error: CHECK: expected string not found in input
CHECK: missing-string
# exit status: 1
`},
		{"redirected output", []string{
			"// RUN: tcp-opt --stderr=bad --fail > %t 2>&1",
		}, `FAIL: $DIR/test.mlir
RUN: at line 1: tcp-opt --stderr=bad --fail > $TMP/test.mlir.tmp 2>&1
exit status: 1
temporary directory: $TMP

$ tcp-opt --stderr=bad --fail 1> $TMP/test.mlir.tmp 2>&1
# redirected output from "$TMP/test.mlir.tmp":
bad
error: tcp-opt failed
# exit status: 1
`},
		{"shell error", []string{
			"// RUN: echo hi && tcp-opt -x | not frobnicate %s",
		}, `FAIL: $DIR/test.mlir
RUN: at line 1: echo hi && tcp-opt -x | not frobnicate $DIR/test.mlir
temporary directory: $TMP

$ echo hi
# command stdout:
hi
$ tcp-opt -x
# command stderr:
unknown option -x
# exit status: 2
$ not frobnicate $DIR/test.mlir
# error: "frobnicate": command not found: it is neither a builtin (:, cat, cmp, count, diff, echo, false, mkdir, not, rm, true) nor one of the tools in lit.Config.Tools (FileCheck, print-args, tcp-opt)
`},
		{"syntax error", []string{
			"// RUN: tcp-opt %s | FileCheck %s",
			"// RUN: tcp-opt --pass-pipeline=func.func(cse) %s",
		}, `UNRESOLVED: $DIR/test.mlir
RUN: at line 2: tcp-opt --pass-pipeline=func.func(cse) $DIR/test.mlir
temporary directory: $TMP

tcp-opt --pass-pipeline=func.func(cse) $DIR/test.mlir
                                 ^
error: unquoted '(' is not supported (quote the argument)
`},
		{"unresolved", []string{
			"// REQUIRES: a b",
			"// RUN: true",
		}, `UNRESOLVED: $DIR/test.mlir
expected end of expression, have "b" in expression "a b"
in REQUIRES: directive on test line 1
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := testConfig(t)
			path := writeTest(t, "test.mlir", tt.lines...)
			res, err := RunFile(cfg, path)
			if err != nil {
				t.Fatal(err)
			}
			r := []string{filepath.Dir(path), "$DIR"}
			if res.TempDir != "" {
				r = append(r, res.TempDir, "$TMP")
			}
			got := strings.NewReplacer(r...).Replace(res.Report)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("report mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReportPanic(t *testing.T) {
	cfg := testConfig(t)
	path := writeTest(t, "test.mlir", "// RUN: tcp-opt --panic %s")
	res, err := RunFile(cfg, path)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Fail {
		t.Fatalf("status = %v, want FAIL", res.Status)
	}
	for _, want := range []string{
		"FAIL: " + path + "\n",
		"RUN: at line 1: tcp-opt --panic " + path + "\n",
		"exit status: 2\n",
		"# command stderr:\npanic: boom\n\ngoroutine ",
		"lit.fakeOpt(",
	} {
		if !strings.Contains(res.Report, want) {
			t.Errorf("report does not contain %q:\n%s", want, res.Report)
		}
	}
}

// TestTempDirs checks that each run of a test gets its own %T, and that
// RunFile removes its temporary directory when Config.TempDir is empty.
func TestTempDirs(t *testing.T) {
	cfg := testConfig(t)
	path := writeTest(t, "test.mlir", "// RUN: echo %T > %t && mkdir %T/sub")
	res1, err := RunFile(cfg, path)
	if err != nil || res1.Status != Pass {
		t.Fatalf("RunFile = %v, %v", res1, err)
	}
	res2, err := RunFile(cfg, path)
	if err != nil || res2.Status != Pass {
		t.Fatalf("RunFile = %v, %v", res2, err)
	}
	if res1.TempDir == res2.TempDir {
		t.Errorf("two runs share the temporary directory %s", res1.TempDir)
	}
	for _, dir := range []string{res1.TempDir, res2.TempDir} {
		if filepath.Dir(dir) != cfg.TempDir {
			t.Errorf("temporary directory %s is not in Config.TempDir %s", dir, cfg.TempDir)
		}
		if _, err := os.Stat(filepath.Join(dir, "sub")); err != nil {
			t.Error(err)
		}
	}

	cfg.TempDir = ""
	res3, err := RunFile(cfg, path)
	if err != nil || res3.Status != Pass {
		t.Fatalf("RunFile = %v, %v", res3, err)
	}
	if _, err := os.Stat(res3.TempDir); !os.IsNotExist(err) {
		t.Errorf("temporary directory %s was not removed: %v", res3.TempDir, err)
	}
}

func TestRunFileErrors(t *testing.T) {
	if _, err := RunFile(nil, "x.mlir"); err == nil {
		t.Error("RunFile(nil, ...) succeeded")
	}
	if _, err := RunFile(testConfig(t), filepath.Join(t.TempDir(), "missing.mlir")); err == nil {
		t.Error("RunFile of a missing file succeeded")
	}
}

// writeTestAt writes a one-line test at path, creating directories.
func writeTestAt(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("// RUN: true\n"), 0o666); err != nil {
		t.Fatal(err)
	}
}
