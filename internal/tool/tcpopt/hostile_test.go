package tcpopt_test

// Hostile input: every row of docs/hostile-input.md is a case here. Each
// input must give exit status 0 or 1, never an internal error; the
// rejected ones a located error (file:line:col: error: ...).

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/tool/tcpopt"
)

// located matches the first line of a located diagnostic.
var located = regexp.MustCompile(`^[^\s:]+:\d+:\d+: error: `)

func runTool(t *testing.T, args []string, input string) (int, string, string) {
	t.Helper()
	var out, errb strings.Builder
	code := tcpopt.Main(args, strings.NewReader(input), &out, &errb)
	if strings.Contains(errb.String(), "internal error") || code < 0 || code > 1 {
		t.Fatalf("%v: exit %d, internal error on %.200q:\n%s", args, code, input, errb.String())
	}
	return code, out.String(), errb.String()
}

func nest(n int) string {
	return "func.func @f() {\n" + strings.Repeat("\"x.r\"() ({\n", n) + strings.Repeat("}) : () -> ()\n", n) + "  return\n}\n"
}

func TestHostileInput(t *testing.T) {
	setup()
	for _, tc := range []struct {
		name  string
		args  []string
		input string
		code  int
		err   string // regexp the stderr must match
	}{
		{"invalid UTF-8 outside a string", nil, "func.func @f() {\n  \xff return\n}\n", 1, `^<stdin>:2:3: error: unexpected character`},
		{"invalid UTF-8 inside a string", []string{"--allow-unregistered-dialect"}, "\"x.y\"() {s = \"\xff\xfe\"} : () -> ()\n", 0, `^$`},
		{"NUL byte", nil, "\x00func.func @f() {\n  return\n}\n", 1, `^<stdin>:1:1: error: unexpected character`},
		{"NUL byte inside an op", nil, "func.func @f() {\n  re\x00turn\n}\n", 1, `^<stdin>:2:3: error: `},
		{"10,000-deep region nesting", []string{"--allow-unregistered-dialect"}, nest(10000), 1,
			`^<stdin>:1001:10: error: nesting is deeper than 1000 levels of regions, types and attributes \(see --max-nesting-depth\)`},
		{"10,000-deep region nesting, limit off", []string{"--allow-unregistered-dialect", "--max-nesting-depth=0"}, nest(10000), 0, `^$`},
		{"deep array attribute", []string{"--allow-unregistered-dialect"}, "\"x.y\"() {a = " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "} : () -> ()\n", 1, `^<stdin>:1:\d+: error: nesting is deeper than 1000`},
		{"deep function type", []string{"--allow-unregistered-dialect"}, "\"x.y\"() : () -> " + strings.Repeat("(", 100000) + strings.Repeat(")", 100000) + "\n", 1, `^<stdin>:1:\d+: error: nesting is deeper than 1000`},
		{"deep dense literal", []string{"--allow-unregistered-dialect"}, "\"x.y\"() {a = dense<" + strings.Repeat("[", 100000) + "1" + strings.Repeat("]", 100000) + "> : tensor<1xi32>} : () -> ()\n", 1, `^<stdin>:1:\d+: error: nesting is deeper than 1000`},
		{"deep location", []string{"--allow-unregistered-dialect"}, "\"x.y\"() : () -> () loc(" + strings.Repeat("callsite(", 100000) + "\"a\":1:1" + strings.Repeat(" at \"b\":1:1)", 100000) + ")\n", 1, `^<stdin>:1:\d+: error: nesting is deeper than 1000`},
		{"dimension overflows int64", nil, "func.func @f(%a: tensor<99999999999999999999xf32>) {\n  return\n}\n", 1, `^<stdin>:1:25: error: invalid dimension`},
		{"element count overflows int64", nil, "func.func @f(%a: tensor<4294967296x4294967296x4294967296xf32>) {\n  return\n}\n", 1, `^<stdin>:1:36: error: tensor type has too many elements`},
		{"splat of 10^11 elements", []string{"--canonicalize"}, "func.func @f() -> tensor<100000000000xi64> {\n  %0 = tcp.const {value = dense<1> : tensor<100000000000xi64>} : tensor<100000000000xi64>\n  return %0 : tensor<100000000000xi64>\n}\n", 0, `^$`},
		{"rank 100,000 type", nil, "func.func @f(%a: tensor<" + strings.Repeat("1x", 100000) + "f32>) {\n  return\n}\n", 0, `^$`},
		{"rank above what an op allows", nil, "func.func @f(%a: tensor<4xf32>, %i: tensor<2x3xi64>) -> tensor<2xf32> {\n  %0 = tcp.gather_nd %a, %i : tensor<4xf32>, tensor<2x3xi64> -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n", 1,
			`^<stdin>:2:8: error: 'tcp.gather_nd' op expects batch_dims \+ index tuple length <= input rank, got 0 \+ 3 > 1`},
		{"rank 0 where rank >= 1 is required", nil, "func.func @f(%a: tensor<f32>, %i: tensor<i64>) -> tensor<f32> {\n  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<f32>, tensor<i64> -> tensor<f32>\n  return %0 : tensor<f32>\n}\n", 1, `^<stdin>:2:8: error: 'tcp.gather' op `},
		{"zero-size dims", []string{"--canonicalize", "--cse"}, "func.func @f(%a: tensor<0x4xf32>, %i: tensor<0x4xi64>) -> tensor<0x4xf32> {\n  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<0x4xf32>, tensor<0x4xi64> -> tensor<0x4xf32>\n  return %0 : tensor<0x4xf32>\n}\n", 0, `^$`},
		{"unknown dialect", nil, "func.func @f() {\n  \"foo.bar\"() : () -> ()\n  return\n}\n", 1, `^<stdin>:2:3: error: operation being parsed with an unregistered dialect`},
		{"unknown op of a known dialect", nil, "func.func @f() {\n  tcp.frobnicate\n  return\n}\n", 1, `^<stdin>:2:3: error: custom op 'tcp.frobnicate' is unknown`},
		{"duplicate SSA name", nil, "func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n  %0 = arith.addi %a, %a : i32\n  return\n}\n", 1, `^<stdin>:3:3: error: redefinition of SSA value '%0'`},
		{"use before def", nil, "func.func @f(%a: i32) {\n  %1 = arith.addi %0, %a : i32\n  %0 = arith.addi %a, %a : i32\n  return\n}\n", 1, `^<stdin>:2:8: error: operand #0 does not dominate this use`},
		{"use of an undefined name", nil, "func.func @f(%a: i32) {\n  %1 = arith.addi %9, %a : i32\n  return\n}\n", 1, `^<stdin>:2:19: error: use of undeclared SSA value name '%9'`},
		{"wrong result count", nil, "func.func @f(%a: i32) {\n  %0, %1 = arith.addi %a, %a : i32\n  return\n}\n", 1, `^<stdin>:2:12: error: operation defines 1 results but was provided 2 to bind`},
		{"dense literal count mismatch", nil, "func.func @f() -> tensor<3xi64> {\n  %0 = tcp.const {value = dense<[1, 2]> : tensor<3xi64>} : tensor<3xi64>\n  return %0 : tensor<3xi64>\n}\n", 1, `^<stdin>:2:43: error: inferred shape of elements literal \(\[2\]\) does not match type \(\[3\]\)`},
		{"malformed pipeline: unbalanced", []string{"--pass-pipeline=builtin.module(func.func(cse)"}, "", 1, `^<unknown>:0: error: invalid pass pipeline:1:29: encountered unbalanced parentheses`},
		{"malformed pipeline: not wrapped", []string{"--pass-pipeline=cse"}, "", 1, `^<unknown>:0: error: expected pass pipeline to be wrapped`},
		{"malformed pipeline: bad option", []string{"--pass-pipeline=builtin.module(canonicalize{max-iterations=x})"}, "", 1, `^<unknown>:0: error: invalid pass pipeline:1:16: .*max-iterations`},
		{"bad nesting flag", []string{"--max-nesting-depth=-1"}, "", 1, `--max-nesting-depth option: '-1' value invalid`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := runTool(t, tc.args, tc.input)
			if code != tc.code || !regexp.MustCompile(tc.err).MatchString(errs) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit %d, stderr matching %s", code, errs, tc.code, tc.err)
			}
		})
	}
}

// TestTruncated cuts a valid file at every byte: each prefix either works
// or is rejected with a located error, and never crashes.
func TestTruncated(t *testing.T) {
	setup()
	src, err := os.ReadFile("../../../dialect/tcp/testdata/design_doc.mlir")
	if err != nil {
		t.Fatal(err)
	}
	generic := func() string {
		_, out, _ := runTool(t, []string{"--mlir-print-op-generic"}, string(src))
		return out
	}()
	for _, text := range []string{string(src), generic} {
		for n := 0; n < len(text); n++ {
			code, _, errs := runTool(t, nil, text[:n])
			if code == 1 && !located.MatchString(errs) {
				t.Fatalf("prefix of %d bytes: unlocated error:\n%s", n, errs)
			}
		}
	}
}

// TestHugeFile: a 100 MB input (one string literal that never ends) is a
// located error, read once; -o is not created.
func TestHugeFile(t *testing.T) {
	if testing.Short() {
		t.Skip("100 MB input")
	}
	setup()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "huge.mlir"), filepath.Join(dir, "out.mlir")
	var b bytes.Buffer
	b.WriteString("\"x.y\"() {s = \"")
	b.Write(bytes.Repeat([]byte("a"), 100<<20))
	if err := os.WriteFile(in, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	b = bytes.Buffer{}
	code, _, errs := runTool(t, []string{"--allow-unregistered-dialect", in, "-o", out}, "")
	if code != 1 || !strings.HasPrefix(errs, in+":1:14: error: expected '\"' in string literal") {
		t.Errorf("exit %d, stderr %.300q", code, errs)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("-o file was created")
	}
}
