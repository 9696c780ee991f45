package tcpopt_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/oracle"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/tool/tcpopt"
)

// mlirOpt returns mlir-opt-16, or skips (fails under CI=true).
func mlirOpt(t *testing.T) string { return oracle.MLIROpt(t) }

// Inputs on which tcp-opt and mlir-opt-16 agree: the func dialect and
// generic ops of dialects neither tool knows ("foo"; mlir-opt-16's own
// "test" dialect accepts unknown ops, so it is avoided).
const oracleOps = `func.func @f(%arg0: i32, %arg1: tensor<2x3xf32>) -> (i32, tensor<2x3xf32>) {
  %0 = "foo.op"(%arg0) {a = 1 : i64, b = "s", c = [1, 2], d = 1.5 : f32, e = unit, f = @sym, g = dense<1.0> : tensor<2xf32>, h = array<i64: 1, 2>, i = true, j = {x = 1}} : (i32) -> i32
  %1:2 = "foo.two"(%0, %arg1) : (i32, tensor<2x3xf32>) -> (i32, tensor<2x3xf32>)
  "foo.region"(%1#0) ({
  ^bb0(%x: i32):
    "foo.use"(%x, %1#1) : (i32, tensor<2x3xf32>) -> ()
    "foo.yield"() : () -> ()
  }, {
    "foo.yield"() : () -> ()
  }) : (i32) -> ()
  return %1#0, %1#1 : i32, tensor<2x3xf32>
}
func.func private @decl(i32) -> i32
func.func @g() -> i32 {
  %c0 = "foo.c"() : () -> i32
  %c = func.call @decl(%c0) : (i32) -> i32
  %d = call @decl(%c) : (i32) -> i32
  return %d : i32
}
`

const oracleCFG = `func.func @cfg(%arg0: i1) -> i32 {
  "foo.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %0 = "foo.a"() : () -> i32
  "foo.br"(%0)[^bb3] : (i32) -> ()
^bb2:
  %1 = "foo.b"() : () -> i32
  "foo.br"(%1)[^bb3] : (i32) -> ()
^bb3(%2: i32):
  return %2 : i32
}
"foo.top"() ({
  %0 = "foo.x"() : () -> index
  "foo.y"(%0) : (index) -> ()
}) {attr = #foo.bar<1>, ty = !foo.baz} : () -> ()
`

const oracleSplit = `func.func @a() {
  return
}
// -----
func.func @b(%arg0: i32) -> i32 {
  %0 = "foo.x"(%arg0) : (i32) -> i32
  return %0 : i32
}
// -----
"foo.x"() : () -> ()
`

const oracleDiags = `func.func @f() -> i32 {
  // expected-error @+1 {{'func.return' op has 0 operands}}
  return
}
`

const oracleDiagsBad = `func.func @f() -> i32 {
  // expected-error @+1 {{has 1 operands}}
  return
}
// expected-warning @below {{dangling}}
`

type oracleCase struct {
	name       string
	input      string
	args       []string
	sameStderr bool // also compare stderr (file names are equal)
}

func TestAgainstMLIROpt(t *testing.T) {
	setup()
	oracle := mlirOpt(t)
	u := "--allow-unregistered-dialect"
	g := "--mlir-print-op-generic"
	for _, tc := range []oracleCase{
		{"generic form", oracleOps, []string{u, g}, true},
		{"custom form", oracleOps, []string{u}, true},
		{"generic form, single dashes", oracleOps, []string{"-allow-unregistered-dialect", "-mlir-print-op-generic"}, true},
		{"cfg generic", oracleCFG, []string{u, g}, true},
		{"cfg custom", oracleCFG, []string{u}, true},
		{"cse and canonicalize leave unregistered ops alone", oracleOps, []string{u, "--cse", "--canonicalize"}, true},
		{"pipeline", oracleCFG, []string{u, "--pass-pipeline=builtin.module(func.func(cse,canonicalize{max-iterations=3}),cse)", g}, true},
		{"print ir after all", oracleCFG, []string{u, "--cse", "--mlir-print-ir-after-all"}, true},
		{"print ir before all, nested", oracleCFG, []string{u, "--pass-pipeline=builtin.module(func.func(cse))", "--mlir-print-ir-before-all"}, true},
		{"split input file", oracleSplit, []string{u, "--split-input-file"}, true},
		{"split input file, generic", oracleSplit, []string{u, "--split-input-file", g}, true},
		{"verify each off", oracleOps, []string{u, "--verify-each=false", "--cse"}, true},
		{"empty input", "", nil, true},
		{"verifier error", "func.func @f() -> i32 {\n  return\n}\n", nil, true},
		{"return type error", "func.func @f(%arg0: i32) -> i64 {\n  return %arg0 : i32\n}\n", nil, true},
		{"call type error", "func.func private @d(i64)\nfunc.func @f(%arg0: i32) {\n  call @d(%arg0) : (i32) -> ()\n  return\n}\n", nil, true},
		{"public declaration", "func.func @d(i64)\n", nil, true},
		{"verify diagnostics", oracleDiags, []string{"--verify-diagnostics"}, true},
		{"verify diagnostics mismatch", oracleDiagsBad, []string{"--verify-diagnostics"}, true},
		{"unregistered dialect rejected", oracleOps, nil, false},
		{"parse error", "func.func @f( {\n", nil, false},
		{"undefined value", "func.func @f() {\n  \"foo.op\"(%1) : (i32) -> ()\n  return\n}\n", []string{u}, false},
		{"unknown flag", oracleOps, []string{"--no-such-flag"}, false},
		{"bad bool", oracleOps, []string{"--verify-each=maybe"}, true},
		{"unknown pass", oracleOps, []string{u, "--pass-pipeline=builtin.module(no-such-pass)"}, false},
		{"unwrapped pipeline", oracleOps, []string{u, "--pass-pipeline=cse"}, true},
		{"pipeline with pass flags", oracleOps, []string{u, "--pass-pipeline=builtin.module(cse)", "--cse"}, true},
		{"pipeline on the wrong op", oracleOps, []string{u, "--pass-pipeline=func.func(cse)"}, false},
		{"bad pass option", oracleOps, []string{u, "--canonicalize=max-iterations=x"}, false},
		{"dump pass pipeline", oracleOps, []string{u, "--cse", "--dump-pass-pipeline"}, true},
		{"dump empty pass pipeline", oracleOps, []string{u, "--dump-pass-pipeline"}, true},
		{"dump nested pass pipeline", oracleOps, []string{u, "--pass-pipeline=builtin.module(func.func(cse),cse)", "--dump-pass-pipeline"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "in.mlir")
			if err := os.WriteFile(in, []byte(tc.input), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{in}, tc.args...)
			var mOut, mErr bytes.Buffer
			cmd := exec.Command(oracle, args...)
			cmd.Stdout, cmd.Stderr = &mOut, &mErr
			mCode := 0
			if err := cmd.Run(); err != nil {
				var ee *exec.ExitError
				if !errors.As(err, &ee) {
					t.Fatal(err)
				}
				mCode = ee.ExitCode()
			}
			var out, errb strings.Builder
			code := tcpopt.Main(args, strings.NewReader(""), &out, &errb)
			if code != mCode {
				t.Errorf("exit code %d, mlir-opt %d\ntcp-opt stderr:\n%s\nmlir-opt stderr:\n%s", code, mCode, errb.String(), mErr.String())
			}
			if diff := cmp.Diff(mOut.String(), out.String()); diff != "" {
				t.Errorf("stdout differs from mlir-opt's (-mlir-opt +tcp-opt):\n%s", diff)
			}
			if tc.sameStderr {
				want := strings.ReplaceAll(mErr.String(), filepath.Base(oracle), "tcp-opt")
				if diff := cmp.Diff(want, errb.String()); diff != "" {
					t.Errorf("stderr differs from mlir-opt's (-mlir-opt +tcp-opt):\n%s", diff)
				}
			}
		})
	}
}
