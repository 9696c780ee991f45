package frameworks_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/codegen/golang"
	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/dialect/dml"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/frontend/onnximport"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	_ "github.com/tcp-project/tcp/passes/all"
	"github.com/tcp-project/tcp/passes/specialize"
	"github.com/tcp-project/tcp/passes/tcptodml"
	"github.com/tcp-project/tcp/tensor"
	"github.com/tcp-project/tcp/tensor/npy"
)

var update = flag.Bool("update", false, "rewrite STATUS.md from this run")

// only restricts a run to the programs whose name matches it, for working
// on a few programs: such a run prints each program's stages instead of
// checking STATUS.md, and cannot be combined with -update.
var only = flag.String("only", "", "run only the programs whose name matches this regexp, and print their stages")

// Stages, in order. A program reaches a stage only if it passed the
// stages it depends on: convert needs parse; front needs parse; interp, go
// and dml need convert.
var stages = []string{"parse", "convert", "front", "interp", "go", "dml"}

const (
	passed  = "pass"
	refused = "refused" // dml: a located "cannot be lowered to DirectML" error, no silent change of meaning
	fail    = "FAIL"
	notRun  = "-"
	statusF = "STATUS.md"
)

// A program is one exported form of one catalogue entry.
type program struct {
	form string // jax, tf, onnx (model.onnx), onnx-iree (iree.mlir), torch, mxnet (model.onnx)
	name string
	dir  string
	file string // the exported file, relative to testdata

	args, want []*tensor.Tensor
	entry      string
	tcp        *ir.Operation // after convert, for the Go kernel stage
	marks      map[string]string
	reasons    []string // one per failed stage, in stage order of failure
}

// passedAt is the dml mark of a program that lowers and passes only at a
// feature level above the default: "pass (FL 5.0)".
func passedAt(l dml.FeatureLevel) string { return passed + " (FL " + l.String() + ")" }

// passLevel reports whether mark is a pass, and at which feature level
// (the default for a plain "pass").
func passLevel(mark string) (dml.FeatureLevel, bool) {
	if mark == passed {
		return dml.DefaultFeatureLevel, true
	}
	if s, ok := strings.CutPrefix(mark, passed+" (FL "); ok {
		if l, err := dml.ParseFeatureLevel(strings.TrimSuffix(s, ")")); err == nil {
			return l, true
		}
	}
	return 0, false
}

func (p *program) id() string { return p.form + "/" + p.name }

func (p *program) failf(stage, format string, args ...any) {
	p.marks[stage] = fail
	p.reasons = append(p.reasons, "**"+stage+"**: "+oneLine(fmt.Sprintf(format, args...)))
}

func (p *program) reason() string { return strings.Join(p.reasons, "; ") }

// locatedRE matches a located diagnostic, file:line:col: error: ...
var locatedRE = regexp.MustCompile(`^\S+:\d+:\d+: error: `)

var pathRE = regexp.MustCompile(`(^|\s)/[^ :]*/`)

// oneLine keeps the first line of a message, without directories, short
// enough for a table cell.
func oneLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	s = pathRE.ReplaceAllString(s, "$1")
	s = strings.ReplaceAll(s, "|", `\|`)
	if len(s) > 140 {
		s = s[:137] + "..."
	}
	return s
}

func loadPrograms(t *testing.T) []*program {
	var ps []*program
	var onlyRE *regexp.Regexp
	if *only != "" {
		if *update {
			t.Fatal("-only and -update cannot be combined: STATUS.md lists every program")
		}
		var err error
		if onlyRE, err = regexp.Compile(*only); err != nil {
			t.Fatalf("-only: %v", err)
		}
	}
	for _, fw := range []string{"jax", "tf", "onnx", "torch", "mxnet"} {
		dirs, err := filepath.Glob(filepath.Join("testdata", fw, "*"))
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(dirs)
		for _, d := range dirs {
			if onlyRE != nil && !onlyRE.MatchString(filepath.Base(d)) {
				continue
			}
			args, err := readNpys(d, "arg")
			if err != nil {
				t.Fatal(err)
			}
			want, err := readNpys(d, "out")
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(d)
			forms := map[string]string{fw: "program.mlir"}
			switch fw {
			case "onnx":
				forms = map[string]string{"onnx": "model.onnx", "onnx-iree": "iree.mlir"}
			case "mxnet":
				// MXNet's own ONNX exporter: the file, through --import-onnx.
				forms = map[string]string{"mxnet": "model.onnx"}
			}
			for form, file := range forms {
				ps = append(ps, &program{form: form, name: name, dir: d, file: filepath.Join(fw, name, file),
					args: args, want: want, marks: map[string]string{}})
			}
		}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].id() < ps[j].id() })
	return ps
}

func readNpys(dir, prefix string) ([]*tensor.Tensor, error) {
	var ts []*tensor.Tensor
	for k := 0; ; k++ {
		path := filepath.Join(dir, fmt.Sprintf("%s%d.npy", prefix, k))
		if _, err := os.Stat(path); err != nil {
			return ts, nil
		}
		tt, err := npy.ReadFile(path)
		if err != nil {
			return nil, err
		}
		ts = append(ts, tt)
	}
}

// parse reads the exported program into a verified module.
func (p *program) parse() *ir.Operation {
	path := filepath.Join("testdata", p.file)
	data, err := os.ReadFile(path)
	if err != nil {
		p.failf("parse", "%v", err)
		return nil
	}
	var m *ir.Operation
	if strings.HasSuffix(path, ".onnx") {
		m, err = onnximport.Import(p.file, data, onnximport.Options{})
	} else {
		m, err = parser.Parse(p.file, string(data), parser.Options{})
	}
	if err == nil {
		err = ir.Verify(m, false)
	}
	if err != nil {
		p.failf("parse", "%v", err)
		return nil
	}
	for _, f := range function.Funcs(m) {
		if !(function.FuncOp{Operation: f}).IsDeclaration() {
			p.entry = function.FuncOp{Operation: f}.Name()
			break
		}
	}
	if p.entry == "" {
		p.failf("parse", "no function with a body")
		return nil
	}
	p.marks["parse"] = passed
	return m
}

// coreDialects are the dialects left after --convert-frontends-to-tcp.
var coreDialects = map[string]bool{"tcp": true, "func": true, "arith": true, "tensor": true, "builtin": true}

func runPipeline(m *ir.Operation, text string) error {
	pm, err := pass.ParsePipeline(text)
	if err != nil {
		return err
	}
	pm.VerifyEach = true
	return pm.Run(m)
}

func (p *program) convert(front *ir.Operation) *ir.Operation {
	m := front.Clone()
	if err := runPipeline(m, "builtin.module(inline,convert-frontends-to-tcp,torch-func-backend-type-conversion,refine-func-result-types,canonicalize,cse)"); err != nil {
		p.failf("convert", "%v", err)
		return nil
	}
	var left []string
	seen := map[string]bool{}
	m.Walk(ir.PreOrder, func(op *ir.Operation) {
		d, _, _ := strings.Cut(op.Name(), ".")
		if !coreDialects[d] && !seen[op.Name()] {
			seen[op.Name()] = true
			left = append(left, op.Name())
		}
	})
	if len(left) > 0 {
		p.failf("convert", "frontend ops left after conversion: %s", strings.Join(left, ", "))
		return nil
	}
	var unranked []string
	m.Walk(ir.PreOrder, func(op *ir.Operation) {
		types := op.ResultTypes()
		if op.Name() == "func.func" {
			ft := function.FuncOp{Operation: op}.Type()
			types = append(append(types, ft.Inputs()...), ft.Results()...)
		}
		for _, t := range types {
			if _, ok := t.(*ir.RankedTensorType); !ok && strings.HasPrefix(t.String(), "tensor<*") {
				unranked = append(unranked, t.String())
			}
		}
	})
	if len(unranked) > 0 {
		p.failf("convert", "unranked result types after conversion: %s", unranked[0])
		return nil
	}
	p.marks["convert"] = passed
	return m
}

// compare checks results against the framework's, bit for bit.
func (p *program) compare(stage string, got []*tensor.Tensor, err error) {
	if err != nil {
		p.failf(stage, "%v", err)
		return
	}
	if len(got) != len(p.want) {
		p.failf(stage, "%d results, the framework has %d", len(got), len(p.want))
		return
	}
	for i := range got {
		if d := tensor.Diff(p.want[i], got[i]); d != "" {
			p.failf(stage, "result %d differs from the framework's: %s", i, d)
			return
		}
	}
	p.marks[stage] = passed
}

func (p *program) run(stage string, m *ir.Operation) {
	fn := function.Lookup(m, p.entry)
	if fn == nil {
		p.failf(stage, "no function @%s", p.entry)
		return
	}
	got, err := interp.Run(fn, p.args)
	p.compare(stage, got, err)
}

// renameInto moves the functions of m into dst, each symbol prefixed so
// that every program's functions can share one Go kernel binary.
func renameInto(dst, m *ir.Operation, prefix string) {
	m.Walk(ir.PreOrder, func(op *ir.Operation) {
		if c, ok := op.Attr("callee").(ir.SymbolRefAttr); ok && len(c.Nested) == 0 {
			op.SetAttr("callee", ir.SymbolRefAttr{Root: prefix + c.Root})
		}
	})
	for _, f := range function.Funcs(m) {
		f.SetAttr("sym_name", ir.StringAttr(prefix+function.FuncOp{Operation: f}.Name()))
		f.Remove()
		ir.Body(dst).Append(f)
	}
}

var symRE = regexp.MustCompile(`[^A-Za-z0-9_]`)

// hasDynamicArgs reports whether function entry of m has an argument with
// a dynamic dim.
func hasDynamicArgs(m *ir.Operation, entry string) bool {
	f := function.Lookup(m, entry)
	if f == nil {
		return false
	}
	for _, t := range (function.FuncOp{Operation: f}).Type().Inputs() {
		if rt, ok := t.(*ir.RankedTensorType); ok && !rt.HasStaticShape() {
			return true
		}
	}
	return false
}

func TestFrameworkPrograms(t *testing.T) {
	ps := loadPrograms(t)
	if len(ps) == 0 {
		t.Fatal("no programs under testdata/ (regenerate with export.py)")
	}
	kernels := ir.NewModule(ir.UnknownLoc{})
	var kernelFuncs []string
	kernelOf := map[*program]string{}
	for _, p := range ps {
		for _, s := range stages {
			p.marks[s] = notRun
		}
		front := p.parse()
		if front == nil {
			continue
		}
		p.run("front", front)
		m := p.convert(front)
		if m == nil {
			continue
		}
		p.run("interp", m)
		{
			// Every program here has a result the framework defines, so its
			// indices are in range: mode "error" (TensorFlow's, which
			// DirectML cannot report) is lowered under that promise, as a
			// DirectML user must; the values are still compared with the
			// framework's.
			// DirectML needs static shapes: a program exported with dynamic
			// dims is specialized to the shapes of its arguments, as a
			// user lowering it for one batch size does.
			// A refusal only for want of a feature level (every error names
			// the level it needs, tcptodml.NeededLevel) is retried at that
			// level, and the program is recorded as passing at it: a user
			// with that hardware gets the same lowering. Every other refusal
			// stays refused.
			level := dml.DefaultFeatureLevel
			for {
				dm := m.Clone()
				pipeline := "convert-tcp-to-dml{assume-in-bounds=true feature-level=" + level.String() + "}"
				if hasDynamicArgs(dm, p.entry) {
					var shapes [][]int64
					for _, a := range p.args {
						shapes = append(shapes, a.Shape)
					}
					pipeline = "specialize-dims{shapes=" + specialize.FormatShapes(shapes) + " func=" + p.entry + "}," + pipeline
				}
				err := runPipeline(dm, "builtin.module("+pipeline+")")
				if need, ok := tcptodml.NeededLevel(err); ok && need > level {
					level = need
					continue
				}
				if err != nil {
					if level != dml.DefaultFeatureLevel {
						p.failf("dml", "at feature level %s: %v", level, err)
					} else {
						p.failf("dml", "%v", err)
					}
					if e := err.Error(); locatedRE.MatchString(e) && strings.Contains(e, "cannot be lowered to DirectML") && !strings.Contains(e, "no DirectML lowering for this op") {
						p.marks["dml"] = refused
					}
				} else if p.run("dml", dm); p.marks["dml"] == passed && level != dml.DefaultFeatureLevel {
					p.marks["dml"] = passedAt(level)
				}
				break
			}
		}
		if _, err := golang.Emit(m, golang.Options{Funcs: []string{p.entry}}); err != nil {
			p.failf("go", "%v", err)
			continue
		}
		prefix := symRE.ReplaceAllString(p.form+"_"+p.name, "_") + "__"
		renameInto(kernels, m, prefix)
		kernelOf[p] = prefix + p.entry
		kernelFuncs = append(kernelFuncs, prefix+p.entry)
	}
	if len(kernelFuncs) > 0 {
		runKernels(t, ps, kernels, kernelFuncs, kernelOf)
	}
	if *only != "" {
		for _, p := range ps {
			var b strings.Builder
			for _, s := range stages {
				fmt.Fprintf(&b, " %s=%s", s, p.marks[s])
			}
			t.Logf("%s:%s %s", p.id(), b.String(), p.reason())
		}
		return
	}
	table := statusTable(ps)
	if *update {
		if err := os.WriteFile(statusF, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	checkGolden(t, ps)
	t.Log("\n" + countsTable(ps))
}

func runKernels(t *testing.T, ps []*program, kernels *ir.Operation, funcs []string, kernelOf map[*program]string) {
	if err := ir.Verify(kernels, false); err != nil {
		t.Fatalf("the combined kernel module does not verify: %v", err)
	}
	prog, err := golang.Build(kernels, funcs)
	if err != nil {
		t.Fatalf("Go kernels: %v", err)
	}
	proc, err := prog.Start()
	if err != nil {
		t.Fatalf("Go kernels: %v", err)
	}
	defer proc.Close()
	for _, p := range ps {
		sym, ok := kernelOf[p]
		if !ok {
			continue
		}
		got, _, err := proc.Call(sym, p.args, golang.CallOptions{Workers: 1})
		var ke *golang.KernelError
		if err != nil && !errors.As(err, &ke) {
			t.Fatalf("Go kernels: %s: %v", p.id(), err)
		}
		p.compare("go", got, err)
	}
}

var forms = []string{"jax", "tf", "onnx", "onnx-iree", "torch", "mxnet"}

func countsTable(ps []*program) string {
	var b strings.Builder
	b.WriteString("| framework (form) | programs | " + strings.Join(stages, " | ") + " | dml above FL " + dml.DefaultFeatureLevel.String() + " | dml refused |\n|---|---|" + strings.Repeat("---|", len(stages)+2) + "\n")
	for _, f := range forms {
		n := 0
		cnt := map[string]int{}
		for _, p := range ps {
			if p.form != f {
				continue
			}
			n++
			for _, s := range stages {
				if _, ok := passLevel(p.marks[s]); ok {
					cnt[s]++
				}
			}
			if l, ok := passLevel(p.marks["dml"]); ok && l != dml.DefaultFeatureLevel {
				cnt["above"]++
			}
			if p.marks["dml"] == refused {
				cnt[refused]++
			}
		}
		fmt.Fprintf(&b, "| %s | %d |", f, n)
		for _, s := range stages {
			fmt.Fprintf(&b, " %d |", cnt[s])
		}
		fmt.Fprintf(&b, " %d | %d |\n", cnt["above"], cnt[refused])
	}
	return b.String()
}

func statusTable(ps []*program) string {
	var b strings.Builder
	b.WriteString(`# Exported framework programs through tcp

Generated by ` + "`go test ./test/frameworks -update`" + `; the golden file of
TestFrameworkPrograms, which fails when a program stops passing a stage it
passes here. Stages: **parse** (the exporter's output parses and verifies),
**convert** (` + "`inline,convert-frontends-to-tcp,torch-func-backend-type-conversion,refine-func-result-types,canonicalize,cse`" + ` leaves no
frontend op and no unranked type), **front** (the interpreter on the
exported IR), **interp** (the interpreter on the tcp IR), **go** (the
generated Go kernel), **dml** (` + "`convert-tcp-to-dml{assume-in-bounds=true}`: every program has a framework-defined result, so its indices are in range; a function with dynamic argument dims is first specialized to its arguments' shapes with `specialize-dims`; then the DirectML" + `
interpreter); each result equals the framework's own output bit for bit.
The dml stage targets feature level ` + dml.DefaultFeatureLevel.String() + ` (the pass's default); a program
the lowering refuses there only for want of a feature level (every error
names the level it needs) is lowered again at that level and, if it then
passes, is marked **pass (FL x.y)**: the same lowering for a user whose
hardware has that level ("dml above FL ` + dml.DefaultFeatureLevel.String() + `" counts them).
"-" means not reached (an earlier stage failed). **refused** (dml) is a
located "cannot be lowered to DirectML" error that says why and that no
feature level lifts (for scatters: duplicate updates DirectML applies in
no defined order, or mode "drop", which DirectML cannot express): the
lowering refuses rather than change the meaning; "dml refused" counts
them.

## Counts

`)
	b.WriteString(countsTable(ps))
	b.WriteString("\n## Programs\n\n| program | " + strings.Join(stages, " | ") + " | failures |\n|---|" + strings.Repeat("---|", len(stages)) + "---|\n")
	for _, p := range ps {
		fmt.Fprintf(&b, "| %s |", p.id())
		for _, s := range stages {
			fmt.Fprintf(&b, " %s |", p.marks[s])
		}
		fmt.Fprintf(&b, " %s |\n", p.reason())
	}
	return b.String()
}

// golden reads the marks of STATUS.md: program id -> stage -> mark.
func golden(t *testing.T) map[string]map[string]string {
	data, err := os.ReadFile(statusF)
	if err != nil {
		t.Fatalf("%v (write it with go test ./test/frameworks -update)", err)
	}
	g := map[string]map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < len(stages)+3 || !strings.Contains(cells[1], "/") {
			continue
		}
		id := strings.TrimSpace(cells[1])
		g[id] = map[string]string{}
		for i, s := range stages {
			g[id][s] = strings.TrimSpace(cells[2+i])
		}
	}
	return g
}

func checkGolden(t *testing.T, ps []*program) {
	g := golden(t)
	seen := map[string]bool{}
	var better []string
	for _, p := range ps {
		seen[p.id()] = true
		old, ok := g[p.id()]
		if !ok {
			t.Errorf("%s is not in %s (run go test ./test/frameworks -update)", p.id(), statusF)
			continue
		}
		for _, s := range stages {
			oldL, oldPass := passLevel(old[s])
			newL, newPass := passLevel(p.marks[s])
			switch {
			case oldPass && (!newPass || newL > oldL), old[s] == refused && p.marks[s] == fail:
				t.Errorf("%s: stage %s was %s before and now is %s: %s", p.id(), s, old[s], p.marks[s], p.reason())
			case newPass && (!oldPass || newL < oldL):
				better = append(better, p.id()+" "+s)
			}
		}
	}
	for id := range g {
		if !seen[id] {
			t.Errorf("%s is in %s but not in testdata/ (run -update)", id, statusF)
		}
	}
	if len(better) > 0 {
		t.Logf("%d stages pass now that %s records as failing (record them with -update): %s", len(better), statusF, strings.Join(better, ", "))
	}
}
