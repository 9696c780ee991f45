package tcpopt_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/tool/tcpopt"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes/passtest"
)

// Test passes and ops, registered in this test binary only.
var setupOnce sync.Once

type fnPass struct {
	info *pass.Info
	fn   func(op *ir.Operation) error
}

func (p *fnPass) Info() *pass.Info           { return p.info }
func (p *fnPass) Run(op *ir.Operation) error { return p.fn(op) }

func register(arg, anchor string, fn func(op *ir.Operation) error) {
	info := &pass.Info{Argument: arg, Name: "Test" + arg, Anchor: anchor, Description: "test pass " + arg}
	info.New = func(pass.Options) (pass.Pass, error) { return &fnPass{info: info, fn: fn}, nil }
	pass.Register(info)
}

func setup() {
	setupOnce.Do(func() {
		passtest.Register()
		register("test-fail", "func.func", func(op *ir.Operation) error {
			return op.EmitOpError("test-fail failed here")
		})
		register("test-fail-plain", "", func(op *ir.Operation) error { return errors.New("plain failure") })
		register("test-panic", "func.func", func(op *ir.Operation) error { panic("test-panic exploded") })
		register("test-break-ir", "func.func", func(op *ir.Operation) error {
			op.SetAttr("sym_name", ir.Int(1, ir.I32))
			return nil
		})
		// test-crash kills the process from another goroutine, where no
		// recover and no deferred cleanup can run.
		register("test-crash", "", func(op *ir.Operation) error {
			done := make(chan bool)
			go func() { defer close(done); panic("test-crash: a crash no recover sees") }()
			<-done
			return nil
		})
		register("test-tag", "", func(op *ir.Operation) error {
			op.SetAttr("tagged", ir.UnitAttr{})
			return nil
		})
		ir.MustRegister(ir.OpDef{
			Name:  "rt.broken",
			Print: func(p *ir.AsmPrinter, op *ir.Operation) { p.WriteString(" garbage!") },
		})
	})
}

type mainCase struct {
	name     string
	args     []string // "$D" is replaced by the test's directory
	stdin    string
	files    map[string]string
	wantOut  string // exact, unless outRE is set
	outRE    string
	wantErr  string // exact, unless errRE is set
	errRE    string
	wantCode int
	check    func(t *testing.T, dir string)
}

func runCase(t *testing.T, tc mainCase) {
	t.Helper()
	setup()
	dir := t.TempDir()
	for name, text := range tc.files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := make([]string, len(tc.args))
	for i, a := range tc.args {
		args[i] = strings.ReplaceAll(a, "$D", dir)
	}
	var out, errb strings.Builder
	code := tcpopt.Main(args, strings.NewReader(tc.stdin), &out, &errb)
	stderr := strings.ReplaceAll(errb.String(), dir, "$D")
	if code != tc.wantCode {
		t.Errorf("exit code %d, want %d\nstderr:\n%s", code, tc.wantCode, stderr)
	}
	if tc.outRE != "" {
		if !regexp.MustCompile(tc.outRE).MatchString(out.String()) {
			t.Errorf("stdout does not match %q:\n%s", tc.outRE, out.String())
		}
	} else if diff := cmp.Diff(tc.wantOut, out.String()); diff != "" {
		t.Errorf("stdout mismatch (-want +got):\n%s", diff)
	}
	if tc.errRE != "" {
		if !regexp.MustCompile(tc.errRE).MatchString(stderr) {
			t.Errorf("stderr does not match %q:\n%s", tc.errRE, stderr)
		}
	} else if diff := cmp.Diff(tc.wantErr, stderr); diff != "" {
		t.Errorf("stderr mismatch (-want +got):\n%s", diff)
	}
	if tc.check != nil {
		tc.check(t, dir)
	}
}

const fn = `func.func @f(%arg0: i32) -> i32 {
  %0 = "foo.op"(%arg0) : (i32) -> i32
  return %0 : i32
}
`

const fnOut = `module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = "foo.op"(%arg0) : (i32) -> i32
    return %0 : i32
  }
}

`

const fnGeneric = `"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "foo.op"(%arg0) : (i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "f"} : () -> ()
}) : () -> ()

`

const badReturn = `func.func @f(%arg0: i32) -> i64 {
  return %arg0 : i32
}
`

const badReturnErr = `in.mlir:2:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f
  return %arg0 : i32
  ^
in.mlir:2:3: note: see current operation: "func.return"(%arg0) : (i32) -> ()
`

const dupPure = `func.func @f(%arg0: i32) -> (i32, i32) {
  %0 = "test.pure"(%arg0) : (i32) -> i32
  %1 = "test.pure"(%arg0) : (i32) -> i32
  %2 = "test.pure"(%1) : (i32) -> i32
  return %0, %1 : i32, i32
}
`

const dupPureCSE = `module {
  func.func @f(%arg0: i32) -> (i32, i32) {
    %0 = "test.pure"(%arg0) : (i32) -> i32
    return %0, %0 : i32, i32
  }
}

`

func TestMainIO(t *testing.T) {
	for _, tc := range []mainCase{
		{name: "stdin by default", args: []string{"--allow-unregistered-dialect"}, stdin: fn, wantOut: fnOut},
		{name: "stdin as -", args: []string{"-", "-allow-unregistered-dialect"}, stdin: fn, wantOut: fnOut},
		{name: "input file", args: []string{"$D/in.mlir", "--allow-unregistered-dialect"}, files: map[string]string{"in.mlir": fn}, wantOut: fnOut},
		{name: "flags after --", args: []string{"--allow-unregistered-dialect", "--", "$D/in.mlir"}, files: map[string]string{"in.mlir": fn}, wantOut: fnOut},
		{name: "stdin locations", args: []string{}, stdin: badReturn, wantCode: 1,
			wantErr: strings.ReplaceAll(badReturnErr, "in.mlir", "<stdin>")},
		{name: "missing input", args: []string{"$D/nope.mlir"}, wantCode: 1,
			wantErr: "cannot open input file '$D/nope.mlir': No such file or directory\n"},
		{name: "input is a directory", args: []string{"$D"}, wantCode: 1,
			wantErr: "cannot open input file '$D': Is a directory\n"},
		{name: "empty input", args: []string{}, stdin: "", wantOut: "module {\n}\n\n"},
		{name: "-o writes the file", args: []string{"$D/in.mlir", "--allow-unregistered-dialect", "-o", "$D/out.mlir"},
			files: map[string]string{"in.mlir": fn},
			check: func(t *testing.T, dir string) { wantFile(t, dir, "out.mlir", fnOut); wantNoTemp(t, dir) }},
		{name: "-o= spelling", args: []string{"$D/in.mlir", "--allow-unregistered-dialect", "-o=$D/out.mlir"},
			files: map[string]string{"in.mlir": fn},
			check: func(t *testing.T, dir string) { wantFile(t, dir, "out.mlir", fnOut) }},
		{name: "--o spelling replaces a file", args: []string{"$D/in.mlir", "--allow-unregistered-dialect", "--o", "$D/out.mlir"},
			files: map[string]string{"in.mlir": fn, "out.mlir": "old\n"},
			check: func(t *testing.T, dir string) { wantFile(t, dir, "out.mlir", fnOut); wantNoTemp(t, dir) }},
		{name: "-o - is stdout", args: []string{"--allow-unregistered-dialect", "-o", "-"}, stdin: fn, wantOut: fnOut},
		{name: "failed run keeps old -o file", args: []string{"$D/in.mlir", "-o", "$D/out.mlir"},
			files: map[string]string{"in.mlir": badReturn, "out.mlir": "old\n"}, wantCode: 1,
			wantErr: strings.ReplaceAll(badReturnErr, "in.mlir", "$D/in.mlir"),
			check:   func(t *testing.T, dir string) { wantFile(t, dir, "out.mlir", "old\n"); wantNoTemp(t, dir) }},
		{name: "failed run creates no -o file", args: []string{"$D/in.mlir", "-o", "$D/out.mlir"},
			files: map[string]string{"in.mlir": "func.func @f( {\n"}, wantCode: 1,
			errRE: `in.mlir:1:\d+: error: `,
			check: func(t *testing.T, dir string) { wantAbsent(t, dir, "out.mlir"); wantNoTemp(t, dir) }},
		{name: "failed split chunk keeps old -o file", args: []string{"$D/in.mlir", "--split-input-file", "-o", "$D/out.mlir"},
			files: map[string]string{"in.mlir": "func.func @a() {\n  return\n}\n// -----\n" + badReturn, "out.mlir": "old\n"}, wantCode: 1,
			errRE: `in.mlir:6:3: error: type of return operand 0`,
			check: func(t *testing.T, dir string) { wantFile(t, dir, "out.mlir", "old\n"); wantNoTemp(t, dir) }},
		{name: "-o in a missing directory", args: []string{"-o", "$D/no/out.mlir"}, stdin: fn, wantCode: 1,
			wantErr: "cannot open output file '$D/no/out.mlir': No such file or directory\n"},
		{name: "-o is a directory", args: []string{"-o", "$D"}, stdin: fn, wantCode: 1,
			wantErr: "cannot open output file '$D': Is a directory\n"},
	} {
		t.Run(tc.name, func(t *testing.T) { runCase(t, tc) })
	}
}

func wantFile(t *testing.T, dir, name, want string) {
	t.Helper()
	got, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", name, diff)
	}
}

func wantAbsent(t *testing.T, dir, name string) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
		t.Errorf("%s exists", name)
	}
}

func wantNoTemp(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestMainFlags(t *testing.T) {
	for _, tc := range []mainCase{
		{name: "help", args: []string{"--help"},
			outRE: `(?s)USAGE: tcp-opt \[options\] <input file>.*--split-input-file .*--canonicalize +-   Canonicalize operations\n +--max-iterations=<long> +- Max\. iterations.*\(default: 10\).*--cse +-   Eliminate common sub-expressions.*--dce `},
		{name: "-help", args: []string{"-help"}, outRE: `OVERVIEW: tcp modular optimizer driver`},
		{name: "-h", args: []string{"-h"}, outRE: `OVERVIEW`},
		{name: "help lists func-anchored passes", args: []string{"--help"}, outRE: `--test-fail +-   test pass test-fail \(runs on 'func\.func'\)`},
		{name: "version", args: []string{"--version"}, outRE: `^tcp-opt `},
		{name: "show dialects", args: []string{"--show-dialects"}, outRE: `(?s)^Available Dialects:\n.*\bbuiltin\n.*\bfunc\n`},
		{name: "unknown flag", args: []string{"--frobnicate"}, wantCode: 1,
			wantErr: "tcp-opt: Unknown command line argument '--frobnicate'.  Try: 'tcp-opt --help'\n"},
		{name: "unknown flag with a suggestion", args: []string{"-split-input-fil"}, wantCode: 1,
			wantErr: "tcp-opt: Unknown command line argument '-split-input-fil'.  Try: 'tcp-opt --help'\ntcp-opt: Did you mean '--split-input-file'?\n"},
		{name: "unknown flag with a value", args: []string{"--bogus=3"}, wantCode: 1,
			wantErr: "tcp-opt: Unknown command line argument '--bogus'.  Try: 'tcp-opt --help'\n"},
		{name: "two inputs", args: []string{"a.mlir", "b.mlir"}, wantCode: 1,
			wantErr: "tcp-opt: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: tcp-opt --help\n"},
		{name: "bad bool", args: []string{"--verify-each=maybe"}, wantCode: 1,
			wantErr: "tcp-opt: for the --verify-each option: 'maybe' is invalid value for boolean argument! Try 0 or 1\n"},
		{name: "-o without value", args: []string{"-o"}, wantCode: 1,
			wantErr: "tcp-opt: for the -o option: requires a value!\n"},
		{name: "bool =0 turns a flag off", args: []string{"--allow-unregistered-dialect", "--allow-unregistered-dialect=0"}, stdin: fn, wantCode: 1,
			errRE: `^<stdin>:2:8: error: operation being parsed with an unregistered dialect`},
		{name: "unregistered dialect", args: []string{}, stdin: fn, wantCode: 1,
			wantErr: "<stdin>:2:8: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used\n" +
				"  %0 = \"foo.op\"(%arg0) : (i32) -> i32\n       ^\n"},
		{name: "generic form", args: []string{"--allow-unregistered-dialect", "--mlir-print-op-generic"}, stdin: fn, wantOut: fnGeneric},
		{name: "generic form, single dash", args: []string{"-allow-unregistered-dialect", "-mlir-print-op-generic"}, stdin: fn, wantOut: fnGeneric},
		{name: "debug info", args: []string{"--allow-unregistered-dialect", "--mlir-print-debuginfo"}, stdin: fn,
			outRE: `"foo.op"\(%arg0\) : \(i32\) -> i32 loc\("<stdin>":2:8\)`},
		{name: "verifier error", args: []string{"$D/in.mlir"}, files: map[string]string{"in.mlir": badReturn}, wantCode: 1,
			wantErr: strings.ReplaceAll(badReturnErr, "in.mlir", "$D/in.mlir")},
		{name: "parse error", args: []string{}, stdin: "func.func @f() {\n  %0 = \"foo.op\"() : () -> i32\n  return %1 : i32\n}\n", wantCode: 1,
			errRE: `^<stdin>:\d+:\d+: error: .*\n.*\n *\^\n$`},
		{name: "verify roundtrip", args: []string{"--verify-roundtrip", "--allow-unregistered-dialect"}, stdin: fn, wantOut: fnOut},
		{name: "verify roundtrip catches a bad printer", args: []string{"--verify-roundtrip"},
			stdin: "\"rt.broken\"() : () -> ()\n", wantCode: 1,
			errRE: `^<stdin>:1:1: error: 'builtin.module' op failed to parse custom textual content back, cannot verify round-trip: .*custom op 'rt.broken'`},
		{name: "dump pass pipeline", args: []string{"--dump-pass-pipeline", "--cse", "--allow-unregistered-dialect"}, stdin: fn, wantOut: fnOut,
			wantErr: "Pass Manager with 1 passes:\nbuiltin.module(cse)\n\n"},
		{name: "disable threading is accepted", args: []string{"--mlir-disable-threading", "--allow-unregistered-dialect"}, stdin: fn, wantOut: fnOut},
	} {
		t.Run(tc.name, func(t *testing.T) { runCase(t, tc) })
	}
}

func TestMainPasses(t *testing.T) {
	for _, tc := range []mainCase{
		{name: "pass flag", args: []string{"--cse", "--allow-unregistered-dialect"}, stdin: dupPure, wantOut: dupPureCSE},
		{name: "pass flag, single dash", args: []string{"-cse", "-allow-unregistered-dialect"}, stdin: dupPure, wantOut: dupPureCSE},
		{name: "pass pipeline", args: []string{"--pass-pipeline=builtin.module(func.func(cse))"}, stdin: dupPure, wantOut: dupPureCSE},
		{name: "pass pipeline as next argument", args: []string{"--pass-pipeline", "builtin.module(func.func(cse))"}, stdin: dupPure, wantOut: dupPureCSE},
		{name: "pass options in a flag", args: []string{"--canonicalize=max-iterations=2 top-down=false", "--dump-pass-pipeline"}, stdin: dupPure,
			outRE:   `%0 = "test.pure"`,
			wantErr: "Pass Manager with 1 passes:\nbuiltin.module(canonicalize{max-iterations=2 max-num-rewrites=-1 test-convergence=false top-down=false})\n\n"},
		{name: "bad pass option", args: []string{"--canonicalize=max-iterations=x"}, stdin: dupPure, wantCode: 1,
			wantErr: "<unknown>:0: error: failed to add `canonicalize` with options `max-iterations=x`: option 'max-iterations': 'x' is not a valid integer\n"},
		{name: "unknown pass option", args: []string{"--cse=1"}, stdin: dupPure, wantCode: 1,
			wantErr: "<unknown>:0: error: failed to add `cse` with options `1`: no such option '1'\n"},
		{name: "pipeline and pass flags", args: []string{"--pass-pipeline=builtin.module(cse)", "--cse"}, stdin: dupPure, wantCode: 1,
			wantErr: "<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options\n"},
		{name: "unwrapped pipeline", args: []string{"--pass-pipeline=cse"}, stdin: dupPure, wantCode: 1,
			wantErr: "<unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'\n"},
		{name: "unknown pass in pipeline", args: []string{"--pass-pipeline=builtin.module(bogus)"}, stdin: dupPure, wantCode: 1,
			wantErr: "<unknown>:0: error: invalid pass pipeline:1:16: 'bogus' does not refer to a registered pass or pass pipeline\nbuiltin.module(bogus)\n               ^\n"},
		{name: "pipeline on the wrong op", args: []string{"--pass-pipeline=func.func(cse)"}, stdin: dupPure, wantCode: 1,
			wantErr: "<stdin>:1:1: error: can't run 'func.func' pass manager on 'builtin.module' op\nfunc.func @f(%arg0: i32) -> (i32, i32) {\n^\n"},
		{name: "func pass as a flag", args: []string{"--test-fail"}, stdin: dupPure, wantCode: 1,
			wantErr: "<unknown>:0: error: unable to schedule pass 'test-fail' on a PassManager intended to run on 'builtin.module'!\n"},
		{name: "pass diagnostic", args: []string{"--pass-pipeline=builtin.module(func.func(test-fail))"}, stdin: dupPure, wantCode: 1,
			wantErr: "<stdin>:1:1: error: 'func.func' op test-fail failed here\nfunc.func @f(%arg0: i32) -> (i32, i32) {\n^\n" +
				"<stdin>:1:1: note: see current operation: \n\"func.func\"() ({\n^bb0(%arg0: i32):\n" +
				"  %0 = \"test.pure\"(%arg0) : (i32) -> i32\n  %1 = \"test.pure\"(%arg0) : (i32) -> i32\n  %2 = \"test.pure\"(%1) : (i32) -> i32\n" +
				"  \"func.return\"(%0, %1) : (i32, i32) -> ()\n}) {function_type = (i32) -> (i32, i32), sym_name = \"f\"} : () -> ()\n"},
		{name: "pass error", args: []string{"--test-fail-plain"}, stdin: dupPure, wantCode: 1,
			wantErr: "<stdin>:1:1: error: pass 'test-fail-plain' failed on 'builtin.module' op: plain failure\nfunc.func @f(%arg0: i32) -> (i32, i32) {\n^\n"},
		{name: "pass panic", args: []string{"--pass-pipeline=builtin.module(func.func(test-panic))"}, stdin: dupPure, wantCode: 1,
			errRE: `(?s)^<stdin>:1:1: error: pass 'test-panic' panicked on 'func.func' op: test-panic exploded\n.*` +
				`tcp-opt: internal error: pass 'test-panic' panicked on 'func.func' op @f at <stdin>:1:1: test-panic exploded\n` +
				`tcp-opt: the panic happened in \S+ \(tcpopt/tcpopt_test.go:\d+\)\n` +
				`tcp-opt: to reproduce: tcp-opt '--pass-pipeline=builtin.module\(func.func\(test-panic\)\)'\n` +
				`tcp-opt: \(add --mlir-pass-pipeline-crash-reproducer=FILE to save the IR before the pass with the pipeline 'builtin.module\(func.func\(test-panic\)\)'\)\n$`},
		{name: "verify each", args: []string{"--pass-pipeline=builtin.module(func.func(test-break-ir))"}, stdin: dupPure, wantCode: 1,
			errRE: `(?s)^<stdin>:1:1: error: 'func.func' op attribute 'sym_name' failed to satisfy constraint: string attribute\n.*\n\^\n` +
				`<stdin>:1:1: note: see current operation: \n"func.func"\(\) \(\{.*sym_name = 1 : i32\} : \(\) -> \(\)\n` +
				`<stdin>:1:1: note: the IR fails to verify after pass 'test-break-ir' on 'func.func' op\n$`},
		{name: "verify each off", args: []string{"--pass-pipeline=builtin.module(func.func(test-break-ir))", "--verify-each=false", "--mlir-print-op-generic"}, stdin: dupPure,
			outRE: `sym_name = 1 : i32`},
		{name: "verify each off, single dash", args: []string{"-pass-pipeline=builtin.module(func.func(test-break-ir))", "-verify-each=0", "-mlir-print-op-generic"}, stdin: dupPure,
			outRE: `sym_name = 1 : i32`},
		{name: "print ir before and after", args: []string{"--cse", "--mlir-print-ir-before-all", "--mlir-print-ir-after-all"}, stdin: dupPure, wantOut: dupPureCSE,
			errRE: `(?s)^// -----// IR Dump Before CSE \(cse\) //----- //\nmodule \{\n  func\.func @f.*%2 = "test\.pure".*\}\n\n\n` +
				`// -----// IR Dump After CSE \(cse\) //----- //\nmodule \{\n  func\.func @f\(%arg0: i32\) -> \(i32, i32\) \{\n    %0 = "test\.pure"\(%arg0\) : \(i32\) -> i32\n    return %0, %0 : i32, i32\n  \}\n\}\n\n\n$`},
		{name: "print ir of nested passes", args: []string{"--pass-pipeline=builtin.module(func.func(test-tag))", "--mlir-print-ir-after-all"},
			stdin: "func.func @f() {\n  return\n}\n", outRE: `tagged`,
			wantErr: "// -----// IR Dump After Testtest-tag (test-tag) //----- //\nfunc.func @f() attributes {tagged} {\n  return\n}\n\n"},
		{name: "print ir module scope", args: []string{"--pass-pipeline=builtin.module(func.func(test-tag))", "--mlir-print-ir-after-all", "--mlir-print-ir-module-scope"},
			stdin: "func.func @f() {\n  return\n}\n", outRE: `tagged`,
			wantErr: "// -----// IR Dump After Testtest-tag (test-tag) //----- //\nmodule {\n  func.func @f() attributes {tagged} {\n    return\n  }\n}\n\n\n"},
		{name: "print ir after failure", args: []string{"--pass-pipeline=builtin.module(func.func(test-fail))", "--mlir-print-ir-after-failure"},
			stdin: "func.func @f() {\n  return\n}\n", wantCode: 1,
			errRE: `(?s)^// -----// IR Dump After Testtest-fail Failed \(test-fail\) //----- //\nfunc\.func @f\(\) \{\n  return\n\}\n\n<stdin>:1:1: error: 'func.func' op test-fail failed here\n`},
		{name: "timing", args: []string{"--pass-pipeline=builtin.module(func.func(cse),canonicalize)", "--mlir-timing"}, stdin: dupPure,
			outRE: `test\.pure`,
			errRE: `^===-+===\n +\.\.\. Execution time report \.\.\.\n===-+===\n  Total Execution Time: \d+\.\d{4} seconds\n\n  ----Wall Time----  ----Name----\n` +
				` +\d+\.\d{4} \( *\d+\.\d%\)  Parser\n` +
				` +\d+\.\d{4} \( *\d+\.\d%\)  'func\.func' Pipeline\n` +
				` +\d+\.\d{4} \( *\d+\.\d%\)    CSE\n` +
				` +\d+\.\d{4} \( *\d+\.\d%\)  Canonicalizer\n` +
				` +\d+\.\d{4} \( *\d+\.\d%\)  Output\n` +
				` +\d+\.\d{4} \( *\d+\.\d%\)  Rest\n` +
				` +\d+\.\d{4} \(100\.0%\)  Total\n$`},
		{name: "timing per chunk", args: []string{"--split-input-file", "--mlir-timing"}, stdin: "// -----\nfunc.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  return\n}\n",
			outRE: `@b`, errRE: `^(?s)(===.*Execution time report.*Total\n){2}$`},
	} {
		t.Run(tc.name, func(t *testing.T) { runCase(t, tc) })
	}
}

func TestCrashReproducer(t *testing.T) {
	src := "func.func @f() {\n  return\n}\n"
	runCase(t, mainCase{
		name:     "reproducer",
		args:     []string{"$D/in.mlir", "--pass-pipeline=builtin.module(func.func(test-tag,test-fail))", "--mlir-pass-pipeline-crash-reproducer=$D/repro.mlir"},
		files:    map[string]string{"in.mlir": src},
		wantCode: 1,
		wantErr: "$D/in.mlir:1:1: error: 'func.func' op test-fail failed here\nfunc.func @f() {\n^\n" +
			"$D/in.mlir:1:1: note: see current operation: \n\"func.func\"() ({\n  \"func.return\"() : () -> ()\n}) {function_type = () -> (), sym_name = \"f\", tagged} : () -> ()\n" +
			"$D/in.mlir:1:1: error: Failures have been detected while processing an MLIR pass pipeline\nfunc.func @f() {\n^\n" +
			"$D/in.mlir:1:1: note: Pipeline failed while executing [`Testtest-fail` on 'func.func' operation: @f]: reproducer generated at `$D/repro.mlir`\n",
		check: func(t *testing.T, dir string) {
			// The IR before the failing pass (test-tag has run) and that
			// pass alone, as MLIR's local reproducer.
			wantFile(t, dir, "repro.mlir", "module {\n  func.func @f() attributes {tagged} {\n    return\n  }\n}\n\n{-#\n  external_resources: {\n    mlir_reproducer: {\n"+
				"      pipeline: \"builtin.module(func.func(test-fail))\",\n      disable_threading: false,\n      verify_each: true\n    }\n  }\n#-}\n")
			// Running the reproducer fails the same way.
			runCase(t, mainCase{
				args: []string{dir + "/repro.mlir", "--run-reproducer"}, wantCode: 1,
				errRE: `repro\.mlir:2:3: error: 'func.func' op test-fail failed here`,
			})
		},
	})
	runCase(t, mainCase{
		name:  "run-reproducer without metadata",
		args:  []string{"--run-reproducer"},
		stdin: src, wantCode: 1,
		wantErr: "<unknown>:0: error: the input has no mlir_reproducer pipeline in its {-# ... #-} metadata\n",
	})
}

const splitInput = `// -----
func.func @a() {
  return
}

// -----
func.func @b(%arg0: i32) -> i64 {
  return %arg0 : i32
}
// -----
"foo.op"() : () -> ()
`

func TestSplitInputFile(t *testing.T) {
	for _, tc := range []mainCase{
		{name: "outputs joined by markers, absolute lines", args: []string{"--split-input-file", "--allow-unregistered-dialect"}, stdin: splitInput, wantCode: 1,
			wantOut: "module {\n  func.func @a() {\n    return\n  }\n}\n\n\n// -----\n\n// -----\nmodule {\n  \"foo.op\"() : () -> ()\n}\n\n",
			wantErr: "<stdin>:8:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @b\n  return %arg0 : i32\n  ^\n" +
				"<stdin>:8:3: note: see current operation: \"func.return\"(%arg0) : (i32) -> ()\n"},
		{name: "without split the markers are comments", args: []string{"--allow-unregistered-dialect"},
			stdin:   "func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  return\n}\n",
			wantOut: "module {\n  func.func @a() {\n    return\n  }\n  func.func @b() {\n    return\n  }\n}\n\n"},
		{name: "parse errors carry absolute lines", args: []string{"--split-input-file"},
			stdin: "func.func @a() {\n  return\n}\n// -----\n\n\nfunc.func @b() {\n  %x = \n}\n", wantCode: 1,
			wantOut: "module {\n  func.func @a() {\n    return\n  }\n}\n\n\n// -----\n",
			errRE:   `^<stdin>:9:\d+: error: `},
		{name: "trailing marker makes an empty module", args: []string{"--split-input-file"},
			stdin:   "func.func @a() {\n  return\n}\n// -----\n",
			wantOut: "module {\n  func.func @a() {\n    return\n  }\n}\n\n\n// -----\nmodule {\n}\n\n"},
		{name: "indented marker", args: []string{"--split-input-file"},
			stdin:   "func.func @a() {\n  return\n}\n   // -----\nfunc.func @b() {\n  return\n}",
			wantOut: "module {\n  func.func @a() {\n    return\n  }\n}\n\n\n// -----\nmodule {\n  func.func @b() {\n    return\n  }\n}\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) { runCase(t, tc) })
	}
}

const diagsOK = `// RUN: tcp-opt %s --split-input-file --verify-diagnostics
func.func @f(%arg0: i32) -> i64 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match}}
  return %arg0 : i32
}

// -----

func.func @g(%arg0: i32) -> i64 {
  return %arg0 : i32 // expected-error {{doesn't match function result type}}
}

// -----

func.func @h() -> i32 {
  // expected-error-re @below {{'func.return' op has 0 operands, but enclosing function (@{{[a-z]+}}) returns {{[0-9]}}}}
  return
}

// -----

func.func @k() -> i32 {
  return
  // expected-error @-1 {{has 0 operands}}
}

// -----

func.func @m() -> i32 {
  return
  // expected-remark @above {{nothing}}
  // expected-error @above {{has 0 operands}}
}

// -----

func.func @ok() {
  return
}
`

func TestVerifyDiagnostics(t *testing.T) {
	for _, tc := range []mainCase{
		{name: "all expected", args: []string{"--split-input-file", "--verify-diagnostics"}, stdin: diagsOK,
			wantOut: "\n// -----\n\n// -----\n\n// -----\n\n// -----\n\n// -----\nmodule {\n  func.func @ok() {\n    return\n  }\n}\n\n", wantCode: 1,
			wantErr: "<stdin>:31:6: error: expected remark \"nothing\" was not produced\n  // expected-remark @above {{nothing}}\n     ^~~~~~~\n"},
		{name: "same result without the split", args: []string{"--verify-diagnostics"},
			stdin: strings.SplitN(diagsOK, "// -----", 2)[0]},
		{name: "not produced and unexpected", args: []string{"--verify-diagnostics", "--split-input-file"}, wantCode: 1,
			stdin: "func.func @f() {\n  return\n}\n// -----\n" +
				"func.func @g(%arg0: i32) -> i64 {\n  // expected-error @+1 {{some other message}}\n  return %arg0 : i32\n}\n",
			wantOut: "module {\n  func.func @f() {\n    return\n  }\n}\n\n\n// -----\n",
			wantErr: "<stdin>:7:3: error: unexpected error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @g\n  return %arg0 : i32\n  ^\n" +
				"<stdin>:6:6: error: expected error \"some other message\" was not produced\n  // expected-error @+1 {{some other message}}\n     ^~~~~~~~~~~~~~~~~~\n"},
		{name: "wrong severity", args: []string{"--verify-diagnostics"}, wantCode: 1,
			stdin: "func.func @g(%arg0: i32) -> i64 {\n  return %arg0 : i32 // expected-warning {{type of return operand}}\n}\n",
			wantErr: "<stdin>:2:25: error: 'error' diagnostic emitted when expecting a 'warning'\n  return %arg0 : i32 // expected-warning {{type of return operand}}\n                        ^\n" +
				"<stdin>:2:25: error: expected warning \"type of return operand\" was not produced\n  return %arg0 : i32 // expected-warning {{type of return operand}}\n                        ^~~~~~~~~~~~~~~~~~~~~~\n"},
		{name: "expected note", args: []string{"--verify-diagnostics", "--pass-pipeline=builtin.module(func.func(test-break-ir))"},
			stdin: "// expected-error @+2 {{failed to satisfy constraint}}\n// expected-note @+1 {{fails to verify after pass 'test-break-ir'}}\nfunc.func @f() {\n  return\n}\n"},
		{name: "unexpected note", args: []string{"--verify-diagnostics", "--pass-pipeline=builtin.module(func.func(test-break-ir))"}, wantCode: 1,
			stdin:   "// expected-error @+1 {{failed to satisfy constraint}}\nfunc.func @f() {\n  return\n}\n",
			wantErr: "<stdin>:2:1: error: unexpected note: the IR fails to verify after pass 'test-break-ir' on 'func.func' op\nfunc.func @f() {\n^\n"},
		{name: "parse error expected", args: []string{"--verify-diagnostics"},
			stdin: "func.func @f() {\n  // expected-error @+1 {{use of undeclared SSA value name}}\n  return %x : i32\n}\n"},
		{name: "unknown location", args: []string{"--verify-diagnostics", "--pass-pipeline=builtin.module(test-fail-plain)"},
			stdin: "// expected-error @unknown {{plain failure}}\nmodule {\n} loc(unknown)\n"},
		{name: "unknown location mismatch", args: []string{"--verify-diagnostics", "--pass-pipeline=builtin.module(test-fail-plain)"},
			stdin: "// expected-error @unknown {{other failure}}\nmodule {\n} loc(unknown)\n", wantCode: 1,
			wantErr: "<unknown>:0: error: unexpected error: pass 'test-fail-plain' failed on 'builtin.module' op: plain failure\n" +
				"<unknown>:0: error: expected error \"other failure\" was not produced\n"},
		{name: "bad regex", args: []string{"--verify-diagnostics", "--split-input-file"}, wantCode: 1,
			stdin:   "// expected-error-re {{{{}}\n// -----\n// expected-error-re {{ {{(}} }}\n",
			wantOut: "module {\n}\n\n\n// -----\nmodule {\n}\n\n",
			wantErr: "<stdin>:1:4: error: found start of regex with no end '}}'\n// expected-error-re {{{{}}\n   ^~\n" +
				"<stdin>:3:4: error: invalid regex: parentheses not balanced\n// expected-error-re {{ {{(}} }}\n   ^~~~~~~\n"},
		{name: "dangling below", args: []string{"--verify-diagnostics"}, wantCode: 1,
			stdin:   "func.func @f() {\n  return\n}\n// expected-error @below {{nothing}}\n",
			wantOut: "module {\n  func.func @f() {\n    return\n  }\n}\n\n",
			wantErr: "<stdin>:4:4: error: expected error \"nothing\" was not produced\n// expected-error @below {{nothing}}\n   ^~~~~~~\n"},
	} {
		t.Run(tc.name, func(t *testing.T) { runCase(t, tc) })
	}
}

// TestMainConcurrent runs Main from several goroutines (lit runs tools in
// parallel).
func TestMainConcurrent(t *testing.T) {
	setup()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out, errb strings.Builder
			if code := tcpopt.Main([]string{"--cse", "--canonicalize"}, strings.NewReader(dupPure), &out, &errb); code != 0 || out.String() != dupPureCSE {
				t.Errorf("code %d, out:\n%s\nerr:\n%s", code, out.String(), errb.String())
			}
		}()
	}
	wg.Wait()
}
