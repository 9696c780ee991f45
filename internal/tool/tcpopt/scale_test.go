package tcpopt_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/tool/tcpopt"
)

// funcs is a module of n functions with work for canonicalize and cse.
func funcs(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "func.func @f%d(%%a: tensor<4xf32>, %%i: tensor<2xi64>) -> (tensor<2xf32>, tensor<2xf32>) {\n", i)
		b.WriteString("  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<4xf32>, tensor<2xi64> -> tensor<2xf32>\n")
		b.WriteString("  %1 = tcp.gather %a, %i {dim = 0 : index} : tensor<4xf32>, tensor<2xi64> -> tensor<2xf32>\n")
		b.WriteString("  %2 = tcp.gather %a, %i {dim = 0 : index} : tensor<4xf32>, tensor<2xi64> -> tensor<2xf32>\n")
		b.WriteString("  return %0, %1 : tensor<2xf32>, tensor<2xf32>\n}\n")
	}
	return b.String()
}

// TestThreadingSameOutput: functions verified and transformed in parallel
// print exactly what --mlir-disable-threading prints.
func TestThreadingSameOutput(t *testing.T) {
	setup()
	src := funcs(50)
	run := func(extra ...string) string {
		var out, errb strings.Builder
		args := append([]string{"--pass-pipeline=builtin.module(func.func(canonicalize,cse))"}, extra...)
		if code := tcpopt.Main(args, strings.NewReader(src), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		return out.String()
	}
	seq, par := run("--mlir-disable-threading"), run()
	if diff := cmp.Diff(seq, par); diff != "" {
		t.Errorf("(-sequential +parallel):\n%s", diff)
	}
	if strings.Count(par, "tcp.gather") != 50 {
		t.Errorf("cse did not run on every function:\n%s", par)
	}
}

// TestPanicReport: a pass that panics yields a short report (no goroutine
// dump), exit 1, a reproducer holding the IR before the pass, a command
// line that repeats the failure, and an untouched -o file.
func TestPanicReport(t *testing.T) {
	setup()
	dir := t.TempDir()
	in, out, repro := filepath.Join(dir, "in.mlir"), filepath.Join(dir, "out.mlir"), filepath.Join(dir, "repro.mlir")
	os.WriteFile(in, []byte(funcs(3)), 0o644)
	os.WriteFile(out, []byte("precious\n"), 0o644)
	var stdout, stderr strings.Builder
	code := tcpopt.Main([]string{in, "-o", out, "--pass-pipeline=builtin.module(func.func(cse,test-panic))",
		"--mlir-pass-pipeline-crash-reproducer=" + repro}, nil, &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	e := stderr.String()
	for _, want := range []string{
		"error: pass 'test-panic' panicked on 'func.func' op: test-panic exploded",
		"tcp-opt: internal error: pass 'test-panic' panicked on 'func.func' op @f0 at " + in + ":1:1: test-panic exploded",
		"tcp-opt: the panic happened in ",
		"tcp-opt: to reproduce: tcp-opt --run-reproducer " + repro,
	} {
		if !strings.Contains(e, want) {
			t.Errorf("stderr lacks %q:\n%s", want, e)
		}
	}
	if strings.Contains(e, "goroutine") {
		t.Errorf("stderr has a goroutine dump:\n%s", e)
	}
	if b, _ := os.ReadFile(out); string(b) != "precious\n" {
		t.Errorf("-o file changed to %q", b)
	}
	r, err := os.ReadFile(repro)
	if err != nil {
		t.Fatal(err)
	}
	// cse ran before the failing pass: the reproducer holds its result and
	// the failing pass alone.
	got := string(r)
	f0 := got[strings.Index(got, "@f0"):strings.Index(got, "@f1")]
	if strings.Count(f0, "tcp.gather") != 1 || !strings.Contains(got, `pipeline: "builtin.module(func.func(test-panic))"`) {
		t.Errorf("reproducer:\n%s", got)
	}
	stderr.Reset()
	if code := tcpopt.Main([]string{"--run-reproducer", repro}, nil, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "test-panic exploded") {
		t.Errorf("running the reproducer: exit %d:\n%s", code, stderr.String())
	}
}
