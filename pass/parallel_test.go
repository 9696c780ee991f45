package pass_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
)

// manyFuncs is a module of n functions, each with a duplicate pure op for
// cse and, where bad is true for the index, an op that fails to verify.
func manyFuncs(n int, bad func(i int) bool) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "func.func @f%d(%%a: i32) -> (i32, i32) {\n", i)
		b.WriteString("  %0 = \"test.pure\"(%a) : (i32) -> i32\n  %1 = \"test.pure\"(%a) : (i32) -> i32\n")
		if bad(i) {
			b.WriteString("  \"func.return\"(%0) : (i32) -> ()\n}\n")
		} else {
			b.WriteString("  return %0, %1 : i32, i32\n}\n")
		}
	}
	return b.String()
}

// TestParallelVerifyOrder: diagnostics of functions verified in parallel
// come in the order (and with the text) of a sequential run.
func TestParallelVerifyOrder(t *testing.T) {
	m := parse(t, manyFuncs(40, func(i int) bool { return i%7 == 3 }))
	seq := ir.VerifyWith(m, ir.VerifyOptions{AllowUnregistered: true, DisableThreading: true})
	par := ir.VerifyWith(m, ir.VerifyOptions{AllowUnregistered: true})
	if seq == nil {
		t.Fatal("the sequential run found no errors")
	}
	if diff := cmp.Diff(seq.Error(), par.Error()); diff != "" {
		t.Errorf("parallel diagnostics differ (-sequential +parallel):\n%s", diff)
	}
}

// countPass counts, under a lock, the functions it ran on.
var (
	countMu   sync.Mutex
	countRuns = map[string]int{}
	countInfo = &pass.Info{Argument: "test-count", Anchor: "func.func", Description: "counts runs per function"}
	countOnce sync.Once
)

type countPass struct{}

func (countPass) Info() *pass.Info { return countInfo }
func (countPass) Run(op *ir.Operation) error {
	countMu.Lock()
	defer countMu.Unlock()
	countRuns[string(op.Attr("sym_name").(ir.StringAttr))]++
	if op.Attr("fail") != nil {
		return op.EmitOpError("fails on purpose")
	}
	return nil
}

// TestParallelPipeline: a parsed pipeline runs on every function once, in
// parallel, with the output of the sequential run; the reported failure is
// the first failing function in order.
func TestParallelPipeline(t *testing.T) {
	registerTestPasses()
	countOnce.Do(func() {
		countInfo.New = func(pass.Options) (pass.Pass, error) { return countPass{}, nil }
		pass.Register(countInfo)
	})
	src := manyFuncs(60, func(int) bool { return false })
	run := func(disable bool) string {
		m := parse(t, src)
		pm, err := pass.ParsePipeline("builtin.module(func.func(test-count,cse,canonicalize))")
		if err != nil {
			t.Fatal(err)
		}
		pm.AllowUnregistered = true
		pm.DisableThreading = disable
		if err := pm.Run(m); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		ir.Print(&b, m, ir.PrintOptions{})
		return b.String()
	}
	countRuns = map[string]int{}
	seq := run(true)
	par := run(false)
	if diff := cmp.Diff(seq, par); diff != "" {
		t.Errorf("parallel output differs (-sequential +parallel):\n%s", diff)
	}
	for i := 0; i < 60; i++ {
		if n := countRuns[fmt.Sprintf("f%d", i)]; n != 2 {
			t.Errorf("f%d: ran %d times in two runs, want 2", i, n)
		}
	}

	// Failures: f17 and (in a second module) f40 fail; the first in order is
	// reported.
	m := parse(t, src)
	for _, name := range []string{"f17", "f40"} {
		m.Walk(ir.PreOrder, func(op *ir.Operation) {
			if s, ok := op.Attr("sym_name").(ir.StringAttr); ok && string(s) == name {
				op.SetAttr("fail", ir.UnitAttr{})
			}
		})
	}
	pm, _ := pass.ParsePipeline("builtin.module(func.func(test-count))")
	pm.AllowUnregistered = true
	err := pm.Run(m)
	if err == nil || !strings.Contains(err.Error(), "'func.func' op fails on purpose") {
		t.Fatalf("Run = %v, want the f17 failure", err)
	}
	var pe *pass.Error
	if !asPassError(err, &pe) || string(pe.Op.Attr("sym_name").(ir.StringAttr)) != "f17" {
		t.Errorf("failure reported on %v, want f17", pe.Op.Attr("sym_name"))
	}
}

func asPassError(err error, pe **pass.Error) bool {
	p, ok := err.(*pass.Error)
	*pe = p
	return ok
}

func TestPanicSite(t *testing.T) {
	stack := "goroutine 1 [running]:\nruntime/debug.Stack()\n\t/go/src/runtime/debug/stack.go:26 +0x5e\n" +
		"github.com/x/ir.safeRun.func1()\n\t/w/ir/pass.go:10 +0x3\npanic({0x1, 0x2})\n\t/go/src/runtime/panic.go:783 +0x132\n" +
		"runtime.panicmem(...)\n\t/go/src/runtime/panic.go:262\n" +
		"github.com/x/passes.(*cse).op(0xc000, 0x1)\n\t/w/passes/cse.go:120 +0x1f\n"
	if got, want := ir.PanicSite([]byte(stack)), "github.com/x/passes.(*cse).op (passes/cse.go:120)"; got != want {
		t.Errorf("PanicSite = %q, want %q", got, want)
	}
}
