package pass_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes"
	"github.com/tcp-project/tcp/passes/passtest"
)

// Test passes, registered once under names that do not clash with the
// passes package.

// testPass runs fn; it records the ops it ran on.
type testPass struct {
	info *pass.Info
	opts pass.Options
	fn   func(op *ir.Operation) error
	ran  []string
}

func (p *testPass) Info() *pass.Info { return p.info }
func (p *testPass) Run(op *ir.Operation) error {
	name := op.Name()
	if s, ok := op.Attr("sym_name").(ir.StringAttr); ok {
		name += "@" + string(s)
	}
	p.ran = append(p.ran, name)
	if p.fn != nil {
		return p.fn(op)
	}
	return nil
}

var (
	registerOnce sync.Once
	optInfo      = &pass.Info{
		Argument:    "test-options",
		Name:        "TestOptions",
		Description: "a pass with options of every kind",
		Options: []pass.Option{
			{Name: "count", Kind: pass.IntOption, Default: "3", Description: "an int"},
			{Name: "flag", Kind: pass.BoolOption, Default: "false", Description: "a bool"},
			{Name: "label", Kind: pass.StringOption, Default: "", Description: "a string"},
		},
	}
	funcInfo = &pass.Info{Argument: "test-func-only", Name: "TestFuncOnly", Anchor: "func.func", Description: "runs on functions"}
	nopInfo  = &pass.Info{Argument: "test-nop", Name: "TestNop", Description: "does nothing"}
)

const panickyName = "pmtest.panicky"

func registerTestPasses() {
	registerOnce.Do(func() {
		ir.MustRegister(ir.OpDef{Name: panickyName, Verify: func(*ir.Operation) error { panic("panicky verifier") }})
		optInfo.New = func(o pass.Options) (pass.Pass, error) {
			if o.Int("count") < 0 {
				return nil, errors.New("count must not be negative")
			}
			return &testPass{info: optInfo, opts: o}, nil
		}
		funcInfo.New = func(pass.Options) (pass.Pass, error) { return &testPass{info: funcInfo}, nil }
		nopInfo.New = func(pass.Options) (pass.Pass, error) { return &testPass{info: nopInfo}, nil }
		pass.Register(optInfo)
		pass.Register(funcInfo)
		pass.Register(nopInfo)
	})
}

const twoFuncs = `func.func @a(%arg0: i32) -> i32 {
  return %arg0 : i32
}
func.func @b() {
  return
}
"foo.other"() : () -> ()
`

func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	m, err := parser.Parse("in.mlir", src, parser.Options{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestParsePassOptions(t *testing.T) {
	registerTestPasses()
	for _, tc := range []struct {
		text, want, err string
	}{
		{"", "count=3 flag=false label={}", ""},
		{"count=7", "count=7 flag=false label={}", ""},
		{"  count=0x10   flag ", "count=16 flag=true label={}", ""},
		{"flag=1 label=abc", "count=3 flag=true label=abc", ""},
		{"flag=FALSE", "count=3 flag=false label={}", ""},
		{"label='a b'", "count=3 flag=false label={a b}", ""},
		{`label="x,y"`, "count=3 flag=false label={x,y}", ""},
		{"label={p(q{r})}", "count=3 flag=false label={p(q{r})}", ""},
		{"count=-2", "count=-2 flag=false label={}", ""},
		{"bogus=1", "", "no such option 'bogus'"},
		{"count=x", "", "option 'count': 'x' is not a valid integer"},
		{"flag=maybe", "", "option 'flag': 'maybe' is not a valid boolean (use true or false)"},
		{"count", "", "option 'count' requires a value"},
		{"label='open", "", "option 'label': unterminated quoted value"},
		{"label={open", "", "option 'label': missing closing '}' in value"},
	} {
		o, err := pass.ParseOptions(optInfo, tc.text)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParsePassOptions(%q) error = %v, want %q", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParsePassOptions(%q): %v", tc.text, err)
			continue
		}
		if got := o.Format(); got != tc.want {
			t.Errorf("ParsePassOptions(%q).Format() = %q, want %q", tc.text, got, tc.want)
		}
	}
	o, _ := pass.ParseOptions(optInfo, "count=5 flag label=hi")
	if o.Int("count") != 5 || !o.Bool("flag") || o.Value("label") != "hi" {
		t.Errorf("typed getters: count=%d flag=%v label=%q", o.Int("count"), o.Bool("flag"), o.Value("label"))
	}
}

func TestRegisterPassRejects(t *testing.T) {
	newNop := func(pass.Options) (pass.Pass, error) { return nil, nil }
	for _, tc := range []struct {
		info *pass.Info
		want string
	}{
		{&pass.Info{Argument: "BadName", New: newNop}, `not kebab-case`},
		{&pass.Info{Argument: "no-ctor"}, `has no constructor`},
		{&pass.Info{Argument: "bad-anchor", Anchor: "func", New: newNop}, `neither an op name`},
		{&pass.Info{Argument: "bad-opt", New: newNop, Options: []pass.Option{{Name: "Opt"}}}, `not kebab-case`},
		{&pass.Info{Argument: "dup-opt", New: newNop, Options: []pass.Option{{Name: "o"}, {Name: "o"}}}, `declared twice`},
		{&pass.Info{Argument: "bad-default", New: newNop, Options: []pass.Option{{Name: "n", Kind: pass.IntOption, Default: "ten"}}}, `bad default`},
		{nopInfo, `registered twice`},
	} {
		registerTestPasses()
		func() {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(fmt.Sprint(r), tc.want) {
					t.Errorf("RegisterPass(%s) panic = %v, want %q", tc.info.Argument, r, tc.want)
				}
			}()
			pass.Register(tc.info)
		}()
	}
}

func TestParsePassPipeline(t *testing.T) {
	registerTestPasses()
	for _, tc := range []struct {
		text, want string
	}{
		{"builtin.module()", "builtin.module()"},
		{"builtin.module(test-nop)", "builtin.module(test-nop)"},
		{" builtin.module ( test-nop , test-options{count=4 flag} ) ", "builtin.module(test-nop,test-options{count=4 flag=true label={}})"},
		{"builtin.module(func.func(test-func-only,test-nop),test-nop)", "builtin.module(func.func(test-func-only,test-nop),test-nop)"},
		{"builtin.module(any(test-nop))", "builtin.module(any(test-nop))"},
		{"builtin.module(func.func())", "builtin.module(func.func())"},
		{"builtin.module(test-options{label={a,b}})", "builtin.module(test-options{count=3 flag=false label={a,b}})"},
		{"func.func(test-func-only)", "func.func(test-func-only)"},
	} {
		pm, err := pass.ParsePipeline(tc.text)
		if err != nil {
			t.Errorf("ParsePassPipeline(%q): %v", tc.text, err)
			continue
		}
		if got := pm.String(); got != tc.want {
			t.Errorf("ParsePassPipeline(%q).String() = %q, want %q", tc.text, got, tc.want)
		}
		if again, err := pass.ParsePipeline(pm.String()); err != nil || again.String() != pm.String() {
			t.Errorf("reparsing %q: %v, %v", pm.String(), again, err)
		}
	}
}

func TestParsePassPipelineErrors(t *testing.T) {
	registerTestPasses()
	wrap := "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'"
	for _, tc := range []struct {
		text, want string
	}{
		{"", wrap},
		{"test-nop", wrap},
		{"(test-nop)", wrap},
		{"builtin.module(func.func(test-nop", wrap},
		{"builtin.module(test-nop)),", wrap},
		{"builtin.module(bogus)", "invalid pass pipeline:1:16: 'bogus' does not refer to a registered pass or pass pipeline\nbuiltin.module(bogus)\n               ^"},
		{"builtin.module(test-nop,)", "invalid pass pipeline:1:25: '' does not refer to a registered pass or pass pipeline"},
		{"builtin.module(test-nop))", "invalid pass pipeline:1:24: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline"},
		{"builtin.module(func.func(test-nop)", "invalid pass pipeline:1:34: encountered unbalanced parentheses"},
		{"builtin.module(test-options{count=3)", "invalid pass pipeline:1:28: missing closing '}' while processing pass options"},
		{"builtin.module(test-options{bogus=1})", "invalid pass pipeline:1:16: failed to add `test-options` with options `bogus=1`: no such option 'bogus'"},
		{"builtin.module(test-options{count=x})", "failed to add `test-options` with options `count=x`: option 'count': 'x' is not a valid integer"},
		{"builtin.module(test-options{count=-1})", "failed to create pass 'test-options': count must not be negative"},
		{"builtin.module(test-func-only)", "unable to schedule pass 'test-func-only' on a PassManager intended to run on 'builtin.module'!"},
		{"builtin.module(func.func{x=1}(test-nop))", "invalid pass pipeline:1:30: expected ',' or ')' after pass options"},
		{"builtin.module(test-nop{}(test-nop))", "expected ',' or ')' after pass options"},
		{"builtin.module(func(test-nop))", "'func' is not an operation name or 'any'"},
		{"builtin.module(test-nop})", "unexpected '}' outside pass options"},
		{"builtin.module(test-nop test-nop)", "'test-nop test-nop' does not refer to a registered pass"},
		{"builtin.module(func.func(test-nop)x)", "expected ',' after parsing pipeline"},
	} {
		_, err := pass.ParsePipeline(tc.text)
		if err == nil {
			t.Errorf("ParsePassPipeline(%q) succeeded, want error %q", tc.text, tc.want)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParsePassPipeline(%q) error:\n%s\nwant it to contain:\n%s", tc.text, err, tc.want)
		}
	}
}

func TestAddPipeline(t *testing.T) {
	registerTestPasses()
	pm := pass.NewManager(ir.ModuleName)
	if err := pm.AddPipeline("test-nop,func.func(test-func-only)"); err != nil {
		t.Fatal(err)
	}
	if err := pm.AddPipeline("test-nop,bogus"); err == nil {
		t.Fatal("AddPipeline with an unknown pass succeeded")
	}
	if got, want := pm.String(), "builtin.module(test-nop,func.func(test-func-only))"; got != want {
		t.Errorf("after a failed AddPipeline, pipeline = %q, want %q (unchanged)", got, want)
	}
	if got, want := strings.Join(pm.Passes(), " "), "test-nop test-func-only"; got != want {
		t.Errorf("Passes() = %q, want %q", got, want)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "unable to schedule pass 'test-func-only'") {
			t.Errorf("AddPass of a func.func pass on a module pipeline: panic %v", r)
		}
	}()
	p, _ := pass.New("test-func-only", "")
	pm.AddPass(p)
}

func TestNewPass(t *testing.T) {
	registerTestPasses()
	if _, err := pass.New("bogus", ""); err == nil || !strings.Contains(err.Error(), "'bogus' does not refer to a registered pass") {
		t.Errorf("NewPass(bogus) = %v", err)
	}
	if _, err := pass.New("test-options", "flag=2"); err == nil || !strings.Contains(err.Error(), "failed to add `test-options` with options `flag=2`") {
		t.Errorf("NewPass(test-options, flag=2) = %v", err)
	}
	p, err := pass.New("test-options", "count=9")
	if err != nil {
		t.Fatal(err)
	}
	if tp := p.(*testPass); tp.opts.Int("count") != 9 {
		t.Errorf("count = %d", tp.opts.Int("count"))
	}
	found := false
	for _, pi := range pass.Registered() {
		if pi == optInfo {
			found = true
		}
	}
	if !found || pass.Lookup("test-options") != optInfo {
		t.Error("test-options is not listed by RegisteredPasses/LookupPass")
	}
}

func TestRunNested(t *testing.T) {
	registerTestPasses()
	m := parse(t, twoFuncs)
	pm := pass.NewManager(ir.ModuleName)
	pm.AllowUnregistered = true
	top := &testPass{info: nopInfo}
	fn := &testPass{info: funcInfo}
	all := &testPass{info: nopInfo}
	pm.AddPass(top)
	pm.Nest("func.func").AddPass(fn)
	pm.Nest(pass.AnyOp).AddPass(all)
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p    *testPass
		want string
	}{
		{top, "builtin.module"},
		{fn, "func.func@a func.func@b"},
		{all, "func.func@a func.func@b foo.other"},
	} {
		if got := strings.Join(tc.p.ran, " "); got != tc.want {
			t.Errorf("pass ran on %q, want %q", got, tc.want)
		}
	}
	err := pass.NewManager("func.func").Run(m)
	if err == nil || err.Error() != "in.mlir:1:1: error: can't run 'func.func' pass manager on 'builtin.module' op" {
		t.Errorf("anchor mismatch: %v", err)
	}
}

// failing builds a pipeline whose pass runs fn on every function.
func failing(fn func(op *ir.Operation) error) (*pass.Manager, *testPass) {
	p := &testPass{info: funcInfo, fn: fn}
	pm := pass.NewManager(ir.ModuleName)
	pm.AllowUnregistered = true
	pm.Nest("func.func").AddPass(p)
	return pm, p
}

func TestRunFailures(t *testing.T) {
	registerTestPasses()
	for _, tc := range []struct {
		name string
		fn   func(op *ir.Operation) error
		want string
	}{
		{"plain error", func(op *ir.Operation) error { return errors.New("no good") },
			"in.mlir:1:1: error: pass 'test-func-only' failed on 'func.func' op: no good"},
		{"diagnostic", func(op *ir.Operation) error { return op.EmitOpError("is wrong") },
			"in.mlir:1:1: error: 'func.func' op is wrong"},
		{"diagnostic list", func(op *ir.Operation) error {
			return ir.DiagnosticList{op.EmitError("one"), op.EmitError("two")}
		}, "in.mlir:1:1: error: one\nin.mlir:1:1: error: two"},
		{"panic", func(op *ir.Operation) error { panic("boom") },
			"in.mlir:1:1: error: pass 'test-func-only' panicked on 'func.func' op: boom"},
		{"nil deref", func(op *ir.Operation) error { var x *ir.Operation; _ = x.Name(); return nil },
			"panicked on 'func.func' op: runtime error: invalid memory address or nil pointer dereference"},
		{"invalid IR", func(op *ir.Operation) error {
			op.SetAttr("sym_name", ir.Int(1, ir.I32))
			return nil
		}, "in.mlir:1:1: error: 'func.func' op attribute 'sym_name' failed to satisfy constraint: string attribute\n" +
			"in.mlir:1:1: note: the IR fails to verify after pass 'test-func-only' on 'func.func' op"},
		{"verifier panics", func(op *ir.Operation) error {
			entry := op.Region(0).Entry()
			entry.InsertBefore(ir.NewOperation(&ir.OperationState{Name: ir.Global.Lookup(panickyName), Loc: op.Loc()}), entry.Last())
			return nil
		}, "in.mlir:1:1: error: verifier panicked on 'func.func' op: panicky verifier"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := parse(t, twoFuncs)
			pm, p := failing(tc.fn)
			err := pm.Run(m)
			var pe *pass.Error
			if !errors.As(err, &pe) {
				t.Fatalf("Run = %v, want a *pass.Error", err)
			}
			if pe.Pass != pass.Pass(p) || pe.Op.Name() != "func.func" {
				t.Errorf("PassError names pass %v on %s", pe.Pass, pe.Op.Name())
			}
			if got := pe.Diagnostics().Error(); !strings.Contains(got, tc.want) {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", got, tc.want)
			}
			if len(p.ran) != 1 {
				t.Errorf("the pipeline went on after the failure: ran on %v", p.ran)
			}
			if tc.name == "panic" && (pe.Panic != "boom" || !strings.Contains(string(pe.Stack), "goroutine")) {
				t.Errorf("panic value %v, stack %q", pe.Panic, pe.Stack)
			}
		})
	}
}

func TestVerifyEachOff(t *testing.T) {
	registerTestPasses()
	m := parse(t, twoFuncs)
	pm, _ := failing(func(op *ir.Operation) error {
		op.SetAttr("function_type", ir.StringAttr("oops"))
		return nil
	})
	pm.VerifyEach = false
	if err := pm.Run(m); err != nil {
		t.Fatalf("with VerifyEach off: %v", err)
	}
}

func TestIRPrinter(t *testing.T) {
	registerTestPasses()
	m := parse(t, "func.func @a() {\n  return\n}\n")
	var b strings.Builder
	pm := pass.NewManager(ir.ModuleName)
	pm.Instrumentations = []pass.Instrumentation{&pass.IRPrinter{W: &b, Before: true, After: true}}
	pm.AddPass(&testPass{info: nopInfo})
	pm.Nest("func.func").AddPass(&testPass{info: funcInfo})
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	want := `// -----// IR Dump Before TestNop (test-nop) //----- //
module {
  func.func @a() {
    return
  }
}


// -----// IR Dump After TestNop (test-nop) //----- //
module {
  func.func @a() {
    return
  }
}


// -----// IR Dump Before TestFuncOnly (test-func-only) //----- //
func.func @a() {
  return
}

// -----// IR Dump After TestFuncOnly (test-func-only) //----- //
func.func @a() {
  return
}

`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("IR dumps mismatch (-want +got):\n%s", diff)
	}
}

// fakeClock advances by one millisecond per reading.
func fakeClock() func() time.Time {
	t := time.Unix(0, 0)
	return func() time.Time {
		t = t.Add(time.Millisecond)
		return t
	}
}

func TestTiming(t *testing.T) {
	registerTestPasses()
	m := parse(t, twoFuncs)
	tm := &pass.Timing{Now: fakeClock()}
	tm.Reset()
	stop := tm.Start(nil, "Parser")
	stop()
	pm := pass.NewManager(ir.ModuleName)
	pm.AllowUnregistered = true
	pm.Instrumentations = []pass.Instrumentation{tm}
	pm.AddPass(&testPass{info: nopInfo})
	pm.Nest("func.func").AddPass(&testPass{info: funcInfo})
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	stop = tm.Start(nil, "Output")
	stop()
	var b strings.Builder
	tm.Report(&b)
	want := `===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: 0.0150 seconds

  ----Wall Time----  ----Name----
    0.0010 (  6.7%)  Parser
    0.0010 (  6.7%)  TestNop
    0.0060 ( 40.0%)  'func.func' Pipeline
    0.0020 ( 13.3%)    TestFuncOnly
    0.0010 (  6.7%)  Output
    0.0060 ( 40.0%)  Rest
    0.0150 (100.0%)  Total
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("timing report mismatch (-want +got):\n%s", diff)
	}
}

func TestCrashReproducer(t *testing.T) {
	registerTestPasses()
	dir := t.TempDir()
	path := filepath.Join(dir, "repro.mlir")
	m := parse(t, "func.func @a() {\n  return\n}\n")
	pm, _ := failing(func(op *ir.Operation) error {
		op.SetAttr("mutated", ir.UnitAttr{})
		return errors.New("no good")
	})
	pm.CrashReproducer = path
	err := pm.Run(m)
	var pe *pass.Error
	if !errors.As(err, &pe) || pe.Reproducer != path {
		t.Fatalf("Run = %v, want a PassError with a reproducer", err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `module {
  func.func @a() {
    return
  }
}

{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(func.func(test-func-only))",
      disable_threading: false,
      verify_each: true
    }
  }
#-}
`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("reproducer mismatch (-want +got):\n%s", diff)
	}
	diags := pe.Diagnostics().Error()
	wantDiag := "in.mlir:1:1: error: Failures have been detected while processing an MLIR pass pipeline\n" +
		"in.mlir:1:1: note: Pipeline failed while executing [`TestFuncOnly` on 'func.func' operation: @a]: reproducer generated at `" + path + "`"
	if !strings.Contains(diags, wantDiag) {
		t.Errorf("diagnostics:\n%s\nwant to contain:\n%s", diags, wantDiag)
	}
	// The reproducer itself parses.
	if _, err := parser.Parse(path, string(got), parser.Options{}); err != nil {
		t.Errorf("reproducer does not parse: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	// An unwritable reproducer path is reported with the pass failure.
	pm.CrashReproducer = filepath.Join(dir, "missing", "r.mlir")
	err = pm.Run(parse(t, "func.func @a() {\n  return\n}\n"))
	if err == nil || !strings.Contains(err.Error(), "cannot write crash reproducer") || !strings.Contains(err.Error(), "no good") {
		t.Errorf("unwritable reproducer: %v", err)
	}
}

func TestCheckPassOrder(t *testing.T) {
	registerTestPasses()
	pm, err := pass.ParsePipeline("builtin.module(test-nop,func.func(test-func-only),test-options)")
	if err != nil {
		t.Fatal(err)
	}
	if err := pass.CheckOrder(pm, []pass.OrderConstraint{{Before: "test-nop", After: "test-func-only"}, {Before: "test-func-only", After: "test-options"}}); err != nil {
		t.Errorf("satisfied constraints: %v", err)
	}
	err = pass.CheckOrder(pm, []pass.OrderConstraint{{Before: "test-options", After: "test-func-only"}})
	if err == nil || !strings.Contains(err.Error(), "pass 'test-options' must run before pass 'test-func-only'") {
		t.Errorf("violated constraint: %v", err)
	}
	if err := pass.CheckOrder(pm, []pass.OrderConstraint{{Before: "absent", After: "test-nop"}}); err != nil {
		t.Errorf("constraint with an absent pass: %v", err)
	}
}

func TestConstantMaterializerRegistry(t *testing.T) {
	if ir.LookupConstantMaterializer("nosuchdialect") != nil {
		t.Error("materializer for an unknown dialect")
	}
	ir.RegisterConstantMaterializer("pmtest", func(rw *ir.Rewriter, v ir.Attribute, ty ir.Type, loc ir.Location) *ir.Operation {
		return rw.Create("pmtest.constant", loc, nil, []ir.Type{ty}, []ir.NamedAttr{{Name: "value", Value: v}})
	})
	mat := ir.LookupConstantMaterializer("pmtest")
	if mat == nil {
		t.Fatal("registered materializer not found")
	}
	op := mat(ir.NewRewriter(nil, nil), ir.Int(3, ir.I32), ir.I32, ir.UnknownLoc{})
	if op.Name() != "pmtest.constant" || op.Result(0).Type() != ir.I32 {
		t.Errorf("materialized %s", op)
	}
}

func FuzzParsePassPipeline(f *testing.F) {
	registerTestPasses()
	for _, s := range []string{
		"builtin.module(test-nop)",
		"builtin.module(func.func(test-func-only,test-nop),test-options{count=3 flag label='a b'})",
		"builtin.module(any(test-nop))",
		"builtin.module(test-options{label={x{y}}})",
		"builtin.module((",
		"a(b(c{d}))",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		pm, err := pass.ParsePipeline(text)
		if err != nil {
			if err.Error() == "" {
				t.Errorf("empty error for %q", text)
			}
			return
		}
		printed := pm.String()
		again, err := pass.ParsePipeline(printed)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", text, printed, err)
		}
		if again.String() != printed {
			t.Fatalf("%q printed as %q, then %q", text, printed, again.String())
		}
	})
}

// ExampleManager_Run builds a pipeline by hand and from text, runs it
// on a module and prints the result. (test.pure is a Pure op of the test
// dialect of package passtest.)
func ExampleManager_Run() {
	passtest.Register()
	src := `func.func @f(%arg0: i32) -> (i32, i32) {
  %0 = "test.pure"(%arg0) : (i32) -> i32
  %1 = "test.pure"(%arg0) : (i32) -> i32
  %2 = "test.pure"(%1) : (i32) -> i32
  return %0, %1 : i32, i32
}
`
	m, err := parser.Parse("example.mlir", src, parser.Options{AllowUnregistered: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	pm := pass.NewManager(ir.ModuleName)
	pm.Nest("func.func").AddPass(passes.NewCSE())
	if err := pm.AddPipeline("canonicalize{max-iterations=3}"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pm)
	if err := pm.Run(m); err != nil {
		fmt.Println(err)
		return
	}
	ir.Print(os.Stdout, m, ir.PrintOptions{})
	// Output:
	// builtin.module(func.func(cse),canonicalize{max-iterations=3 max-num-rewrites=-1 test-convergence=false top-down=true})
	// module {
	//   func.func @f(%arg0: i32) -> (i32, i32) {
	//     %0 = "test.pure"(%arg0) : (i32) -> i32
	//     return %0, %0 : i32, i32
	//   }
	// }
}
