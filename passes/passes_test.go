package passes_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes"
)

func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	m, err := parser.Parse("in.mlir", src, parser.Options{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func printIR(t testing.TB, m *ir.Operation) string {
	t.Helper()
	var b strings.Builder
	if err := ir.Print(&b, m, ir.PrintOptions{Generic: true}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestOrder checks the pass order table: it names registered passes, has
// no cycle, and the default pipeline obeys it.
func TestOrder(t *testing.T) {
	succ := map[string][]string{}
	for _, c := range passes.Order {
		for _, n := range []string{c.Before, c.After} {
			if pass.Lookup(n) == nil {
				t.Errorf("order constraint %v names unregistered pass %q", c, n)
			}
		}
		if c.Before == c.After {
			t.Errorf("order constraint %v relates a pass to itself", c)
		}
		succ[c.Before] = append(succ[c.Before], c.After)
	}
	state := map[string]int{} // 1: on stack, 2: done
	var visit func(n string, path []string)
	visit = func(n string, path []string) {
		switch state[n] {
		case 1:
			t.Errorf("order constraints form a cycle: %s", strings.Join(append(path, n), " -> "))
			return
		case 2:
			return
		}
		state[n] = 1
		for _, s := range succ[n] {
			visit(s, append(path, n))
		}
		state[n] = 2
	}
	for n := range succ {
		visit(n, nil)
	}
	pm, err := pass.ParsePipeline(passes.DefaultPipeline)
	if err != nil {
		t.Fatalf("DefaultPipeline: %v", err)
	}
	if err := pass.CheckOrder(pm, passes.Order); err != nil {
		t.Errorf("DefaultPipeline: %v", err)
	}
	bad, _ := pass.ParsePipeline("builtin.module(cse,canonicalize)")
	if err := pass.CheckOrder(bad, passes.Order); err == nil {
		t.Error("cse before canonicalize passes the order check")
	}
}

// TestRegistered checks what --help shows for each pass.
func TestRegistered(t *testing.T) {
	for _, arg := range []string{"canonicalize", "cse", "dce"} {
		pi := pass.Lookup(arg)
		if pi == nil {
			t.Errorf("pass %s is not registered", arg)
			continue
		}
		if pi.Description == "" || pi.Name == "" || pi.AnchorName() != pass.AnyOp {
			t.Errorf("pass %s: name %q description %q anchor %q", arg, pi.Name, pi.Description, pi.AnchorName())
		}
		p, err := pass.New(arg, "")
		if err != nil || p.Info() != pi {
			t.Errorf("NewPass(%s) = %v, %v", arg, p, err)
		}
	}
	for _, tc := range []struct {
		p    pass.Pass
		want string
	}{
		{passes.NewCanonicalize(), "canonicalize"},
		{passes.NewCSE(), "cse"},
		{passes.NewDCE(), "dce"},
	} {
		if got := tc.p.Info().Argument; got != tc.want {
			t.Errorf("constructor for %s returns pass %s", tc.want, got)
		}
	}
	pm, err := pass.ParsePipeline("builtin.module(canonicalize{max-iterations=3 top-down=false})")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pm.String(), "builtin.module(canonicalize{max-iterations=3 max-num-rewrites=-1 test-convergence=false top-down=false})"; got != want {
		t.Errorf("pipeline = %q, want %q", got, want)
	}
	for _, bad := range []string{"max-iterations=-2", "max-num-rewrites=-5"} {
		if _, err := pass.New("canonicalize", bad); err == nil {
			t.Errorf("canonicalize{%s} accepted", bad)
		}
	}
}

// countPattern succeeds on every test.pure op without changing it.
type countPattern struct{ n int }

func (p *countPattern) Root() string { return "test.pure" }
func (p *countPattern) Name() string { return "Count" }
func (p *countPattern) MatchAndRewrite(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	p.n++
	return true, nil
}

func TestGreedyIterations(t *testing.T) {
	src := `func.func @f() {
  "test.effect"() ({
    %0 = "test.pure"() : () -> i32
    "test.effect"(%0) : (i32) -> ()
  }) : () -> ()
  return
}
`
	for _, tc := range []struct {
		max, wantRuns int
		converged     bool
	}{
		{0, 1, false},
		{1, 2, false},
		{2, 3, false},
	} {
		m := parse(t, src)
		p := &countPattern{}
		cfg := passes.DefaultGreedyConfig()
		cfg.MaxIterations = tc.max
		converged, err := passes.ApplyPatternsGreedily(m, []ir.Pattern{p}, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if p.n != tc.wantRuns || converged != tc.converged {
			t.Errorf("MaxIterations=%d: pattern ran %d times (converged %v), want %d (%v)", tc.max, p.n, converged, tc.wantRuns, tc.converged)
		}
	}
	m := parse(t, src)
	cfg := passes.DefaultGreedyConfig()
	cfg.MaxIterations = passes.NoLimit
	cfg.MaxNumRewrites = 5
	p := &countPattern{}
	converged, err := passes.ApplyPatternsGreedily(m, []ir.Pattern{p}, cfg)
	if err != nil || converged || p.n != 5 {
		t.Errorf("MaxNumRewrites=5: ran %d times, converged %v, err %v", p.n, converged, err)
	}
}

func TestGreedyPatternError(t *testing.T) {
	m := parse(t, "func.func @f() {\n  %0 = \"test.pure\"() : () -> i32\n  \"test.effect\"(%0) : (i32) -> ()\n  return\n}\n")
	bad := &ir.PatternFunc{RootName: "test.pure", PatternName: "Bad", Fn: func(*ir.Operation, *ir.Rewriter) (bool, error) {
		return false, errors.New("cannot")
	}}
	_, err := passes.ApplyPatternsGreedily(m, []ir.Pattern{bad}, passes.DefaultGreedyConfig())
	if err == nil || err.Error() != "pattern Bad on 'test.pure': cannot" {
		t.Errorf("err = %v", err)
	}
}

func TestGreedyDisableFolding(t *testing.T) {
	src := `func.func @f() -> i32 {
  %0 = "test.constant"() {value = 1 : i32} : () -> i32
  %1 = "test.add"(%0, %0) : (i32, i32) -> i32
  return %1 : i32
}
`
	m := parse(t, src)
	before := printIR(t, m)
	cfg := passes.DefaultGreedyConfig()
	cfg.DisableFolding = true
	if _, err := passes.ApplyPatternsGreedily(m, nil, cfg); err != nil {
		t.Fatal(err)
	}
	if got := printIR(t, m); got != before {
		t.Errorf("with folding disabled the IR changed:\n%s", got)
	}
	if _, err := passes.ApplyPatternsGreedily(m, nil, passes.DefaultGreedyConfig()); err != nil {
		t.Fatal(err)
	}
	if got := printIR(t, m); !strings.Contains(got, "value = 2 : i32") || strings.Contains(got, "test.add") {
		t.Errorf("folding did not happen:\n%s", got)
	}
}

// An attribute fold result of a dialect without a materializer leaves the
// op alone.
func TestFoldWithoutMaterializer(t *testing.T) {
	registerNoMat()
	m := parse(t, "func.func @f() -> i32 {\n  %0 = \"nomat.seven\"() : () -> i32\n  return %0 : i32\n}\n")
	before := printIR(t, m)
	if err := passes.NewCanonicalize().Run(m); err != nil {
		t.Fatal(err)
	}
	if got := printIR(t, m); got != before {
		t.Errorf("IR changed:\n%s", got)
	}
}

var noMatRegistered bool

func registerNoMat() {
	if noMatRegistered {
		return
	}
	noMatRegistered = true
	ir.MustRegister(ir.OpDef{
		Name:    "nomat.seven",
		Results: []ir.ResultDef{{Name: "r", Type: ir.AnyType}},
		Traits:  []ir.Trait{ir.Pure},
		Fold: func(op *ir.Operation) []ir.OpFoldResult {
			return []ir.OpFoldResult{{Attr: ir.Int(7, op.Result(0).Type())}}
		},
	})
}

func TestEraseDeadOps(t *testing.T) {
	m := parse(t, `func.func @f(%arg0: i32) {
  %0 = "test.pure"(%arg0) : (i32) -> i32
  %1 = "test.pure"(%0, %0) : (i32, i32) -> i32
  %2 = "test.pure"(%1) : (i32) -> i32
  return
}
`)
	if n := passes.EraseDeadOps(m); n != 3 {
		t.Errorf("erased %d ops, want 3", n)
	}
	if got := printIR(t, m); strings.Contains(got, "test.pure") {
		t.Errorf("dead ops left:\n%s", got)
	}
}

// TestPatternBenefitOrder checks that the driver tries the patterns of an
// op in decreasing benefit order (ir.PatternBenefit), equal benefits in the
// order given, op-specific patterns before any-op ones, and that patterns
// without a Benefit method count as ir.DefaultBenefit.
func TestPatternBenefitOrder(t *testing.T) {
	tests := []struct {
		name     string
		benefits []int    // of patterns p0, p1, …; 0: ir.DefaultBenefit
		roots    []string // "" for any op
		want     string   // the pattern that fires
	}{
		{"higher benefit wins", []int{1, 5}, []string{"foo.op", "foo.op"}, "p1"},
		{"equal benefits keep order", []int{3, 3}, []string{"foo.op", "foo.op"}, "p0"},
		{"default is one", []int{0, 2}, []string{"foo.op", "foo.op"}, "p1"},
		{"any-op pattern with a higher benefit", []int{1, 2}, []string{"foo.op", ""}, "p1"},
		{"op-specific first on a tie", []int{2, 2}, []string{"", "foo.op"}, "p1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := parse(t, `func.func @f() {
  "foo.op"() : () -> ()
  return
}`)
			var fired []string
			var pats []ir.Pattern
			for i, b := range tc.benefits {
				name := "p" + string(rune('0'+i))
				pats = append(pats, &ir.PatternFunc{RootName: tc.roots[i], PatternName: name, BenefitValue: b,
					Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
						if op.Name() != "foo.op" || op.Attr("done") != nil {
							return false, nil
						}
						fired = append(fired, name)
						rw.ModifyInPlace(op, func() { op.SetAttr("done", ir.UnitAttr{}) })
						return true, nil
					}})
			}
			if _, err := passes.ApplyPatternsGreedily(m, pats, passes.DefaultGreedyConfig()); err != nil {
				t.Fatal(err)
			}
			if len(fired) != 1 || fired[0] != tc.want {
				t.Errorf("fired %v, want [%s]", fired, tc.want)
			}
		})
	}
}
