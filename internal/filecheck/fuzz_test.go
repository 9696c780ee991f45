package filecheck

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"
)

// FuzzFileCheck checks that no check file, input or option combination makes
// FileCheck panic (a panic is reported by run as an internal error) or
// return an exit code other than 0, 1 or 2.
func FuzzFileCheck(f *testing.F) {
	f.Add("CHECK: foo\nCHECK-NEXT: bar\n", "foo\nbar\n", uint16(0))
	f.Add("CHECK: [[X:[a-z]+]]\nCHECK: [[X]] [[#N:]] [[#N+1]]\n", "ab\nab 1 2\n", uint16(3))
	f.Add("CHECK-DAG: {{a|b}}\nCHECK-NOT: c\nCHECK-DAG: [[:alpha:]]\nCHECK-LABEL: x\n", "b\na\nx\n", uint16(0x55))
	f.Add("CHECK: {{(a)\\1}} [[@LINE+1]] [[#%x,H:]] [[#max(H,0x10)]]\nCHECK-EMPTY:\nCHECK-COUNT-2: y\n", "aa 2 f 10\n\ny y\n", uint16(0xfff))
	f.Add("CHECK{LITERAL}: [[x]]\nCHECK-SAME: {{^}}\nCOM: CHECK: no\n", "[[x]]\r\n\x00\xff\n", uint16(0x1234))
	f.Fuzz(runFuzzBody)
}

// runFuzzBody is the body of FuzzFileCheck.
func runFuzzBody(t *testing.T, check, input string, flags uint16) {
	opts := Options{
		StrictWhitespace:          flags&1 != 0,
		MatchFullLines:            flags&2 != 0,
		IgnoreCase:                flags&4 != 0,
		AllowEmpty:                flags&8 != 0,
		EnableVarScope:            flags&16 != 0,
		AllowDeprecatedDAGOverlap: flags&32 != 0,
		Verbose:                   flags&64 != 0,
		VeryVerbose:               flags&128 != 0,
		Color:                     flags&256 != 0,
	}
	if strings.Contains(check, "COUNT-") {
		// With -v, FileCheck reports every CHECK-COUNT iteration, and a
		// count can be up to 2^31: not a bug, but too slow for fuzzing.
		opts.Verbose, opts.VeryVerbose = false, false
	}
	if flags&512 != 0 {
		opts.ImplicitCheckNot = []string{"foo", "{{[0-9]+}}"}
	}
	if flags&1024 != 0 {
		opts.Defines = []string{"V=x", "#N=3"}
	}
	switch flags >> 11 & 3 {
	case 0:
		opts.DumpInput = "always"
	case 1:
		opts.DumpInput = "never"
	}
	if flags&(1<<13) != 0 {
		opts.CheckPrefixes = []string{"A", "CHECK"}
		opts.AllowUnusedPrefixes = true
	}
	res, _ := Check("check.txt", check, "input.txt", input, opts)
	if strings.Contains(res.Output, internalErrorMarker) {
		t.Fatalf("internal error:\n%s", res.Output)
	}
	if res.ExitCode < 0 || res.ExitCode > 2 {
		t.Fatalf("exit code %d", res.ExitCode)
	}

	// The command line must not panic either; use the input as args (but
	// not -v with a CHECK-COUNT, see above).
	if strings.Contains(check, "COUNT-") {
		return
	}
	args := strings.Fields(input)
	if len(args) > 8 {
		args = args[:8]
	}
	var stdout, stderr bytes.Buffer
	readFile := func(name string) ([]byte, error) {
		if name == "check.txt" {
			return []byte(check), nil
		}
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	code := mainWithEnv(append(args, "check.txt"), "", strings.NewReader(input), &stdout, &stderr, readFile)
	if strings.Contains(stderr.String(), internalErrorMarker) {
		t.Fatalf("internal error from args %q:\n%s", args, stderr.String())
	}
	if code < 0 || code > 2 {
		t.Fatalf("exit code %d", code)
	}
}
