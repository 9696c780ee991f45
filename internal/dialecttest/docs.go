package dialecttest

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// DocsOptions adjusts CheckDocs for one dialect.
type DocsOptions struct {
	// Prelude maps an op name to module-level IR placed before each of its
	// examples: the symbols an example refers to (func.call's callee).
	Prelude map[string]string
	// KnownGaps maps an op name to the reason its docs are known to fail
	// the check. The op's problems are logged (as "KNOWN GAP"), not
	// reported as failures; once the op passes, CheckDocs fails until the
	// entry is removed.
	KnownGaps map[string]string
	// GenericForm: the dialect's ops print in MLIR's generic form, as the
	// framework's own MLIR dialect does (onnx-mlir, TensorFlow), so an op
	// needs no custom assembly form.
	GenericForm bool
}

// DialectDefs returns the definitions in ir.Global whose name has the
// prefix dialect + ".", in registration order.
func DialectDefs(dialect string) []*ir.OpDef {
	var out []*ir.OpDef
	for _, def := range ir.Global.Defs() {
		if strings.HasPrefix(def.Name, dialect+".") {
			out = append(out, def)
		}
	}
	return out
}

// CheckDocs: every op of the dialect (ir.Global) has a summary, a
// description (its semantics and verifier rules; only its presence is
// checked), a custom assembly form, and examples (docs/ops.md's "Example
// printed form") that spell the op, parse, verify and print back as
// written (up to SSA value names and indentation), with the round-trip
// invariants of RoundTrip. One subtest per op; see DocProblems and
// ExampleModule.
func CheckDocs(t *testing.T, dialect string, opts DocsOptions) {
	t.Helper()
	defs := DialectDefs(dialect)
	if len(defs) == 0 {
		t.Fatal("no ops registered")
	}
	registered := map[string]bool{}
	for _, def := range defs {
		registered[def.Name] = true
	}
	for _, m := range []map[string]string{opts.Prelude, opts.KnownGaps} {
		for name := range m {
			if !registered[name] {
				t.Errorf("DocsOptions names %s, which is not a registered %s op", name, dialect)
			}
		}
	}
	for _, def := range defs {
		t.Run(def.Name, func(t *testing.T) {
			problems := docProblems(def, opts.Prelude[def.Name], !opts.GenericForm)
			reason, gap := opts.KnownGaps[def.Name]
			switch {
			case gap && len(problems) == 0:
				t.Errorf("%s is listed in DocsOptions.KnownGaps (%s) but passes the docs check: remove the entry", def.Name, reason)
			case gap:
				for _, p := range problems {
					t.Logf("KNOWN GAP (%s): %s", reason, p)
				}
			default:
				for _, p := range problems {
					t.Error(p)
				}
			}
		})
	}
}

// DocProblems returns what CheckDocs finds wrong with the docs of def, one
// message per problem; prelude is as DocsOptions.Prelude.
func DocProblems(def *ir.OpDef, prelude string) []string {
	return docProblems(def, prelude, true)
}

func docProblems(def *ir.OpDef, prelude string, needFormat bool) []string {
	var out []string
	if def.Summary == "" || def.Description == "" || len(def.Examples) == 0 {
		out = append(out, fmt.Sprintf("%s: missing summary, description or examples", def.Name))
	}
	if needFormat && !def.HasFormat() {
		out = append(out, fmt.Sprintf("%s: no custom assembly form", def.Name))
	}
	spellings := opSpellings(def)
	for _, ex := range def.Examples {
		if !spells(ex, spellings) {
			out = append(out, fmt.Sprintf("%s: example %q does not spell the op", def.Name, ex))
		}
		if err := checkExample(def, ex, prelude); err != nil {
			out = append(out, fmt.Sprintf("%s: example %q: %v", def.Name, ex, err))
		}
	}
	return out
}

// opSpellings returns the names an example may use for def: its name and
// aliases, and each of those without the dialect prefix when some op makes
// the dialect the default of its regions (func.func: `return`, `call`), as
// the printer then writes it.
func opSpellings(def *ir.OpDef) []string {
	names := append([]string{def.Name}, def.Aliases...)
	dialect := def.Name[:strings.IndexByte(def.Name, '.')]
	for _, d := range ir.Global.Defs() {
		if d.DefaultDialect == dialect {
			for _, n := range names[:len(names):len(names)] {
				names = append(names, strings.TrimPrefix(n, dialect+"."))
			}
			break
		}
	}
	return names
}

// spells reports whether ex spells one of names, in custom or generic
// form ("name"(…)).
func spells(ex string, names []string) bool {
	for _, n := range names {
		if strings.Contains(ex, " = "+n) || strings.HasPrefix(ex, n) || strings.Contains(ex, `"`+n+`"(`) {
			return true
		}
	}
	return false
}

// exampleFile is the file name under which examples are parsed.
const exampleFile = "example.mlir"

// checkExample parses and verifies the example in the module ExampleModule
// builds, checks that its op is a def op printing back as written (up to
// SSA value names), and the round-trip invariants of the whole module.
func checkExample(def *ir.OpDef, ex, prelude string) error {
	src, line, err := ExampleModule(def, ex, prelude)
	if err != nil {
		return err
	}
	m, err := parseVerify(exampleFile, src)
	if err != nil {
		return fmt.Errorf("does not verify in\n%s\n%v", src, err)
	}
	op := findOp(m, def, line)
	if op == nil {
		return fmt.Errorf("has no %s op", def.Name)
	}
	printed, err := printOp(m, false)
	if err != nil {
		return err
	}
	if !containsPrinted(printed, ex) {
		return fmt.Errorf("does not print back as written: the module prints as\n%s", printed)
	}
	_, _, mismatches, err := roundTrip(exampleFile, src)
	if err != nil {
		return err
	}
	if len(mismatches) > 0 {
		return errors.New(strings.Join(mismatches, "\n"))
	}
	return nil
}

var (
	undeclaredRE = regexp.MustCompile(`error: use of undeclared SSA value name '(%[^']+)'$`)
	probeTypeRE  = regexp.MustCompile(`error: use of value '(%[^']+)' expects different type than prior uses: '(.*)' vs 'none'$`)
	ssaNameRE    = regexp.MustCompile(`%[A-Za-z0-9$._-]+`)
)

type exampleArg struct{ name, typ string }

// ExampleModule returns a module holding the example ex of def, and the
// line the example starts on. An op isolated from above (func.func) is
// placed at the top level; any other op in the body of a function
// @docs_example whose arguments are the values the example uses without
// defining (their types found by the parser), followed by `return` unless
// the op is a terminator (then the function returns the terminator's
// operand types). prelude, if any, comes first.
func ExampleModule(def *ir.OpDef, ex, prelude string) (src string, line int, err error) {
	// An isolated op without operands (func.func, module) is placed at
	// module level; one with operands (a scatter with its combiner region)
	// in a function like any other op.
	isolated, terminator := def.HasTrait(ir.IsolatedFromAbove) && len(def.Operands) == 0, def.HasTrait(ir.Terminator)
	var args []exampleArg
	var results []string
	for range 64 {
		src, line = exampleSource(prelude, ex, isolated, terminator, args, results)
		m, err := parser.Parse(exampleFile, src, parser.Options{})
		if err != nil {
			first := strings.SplitN(err.Error(), "\n", 2)[0]
			if isolated {
				return "", 0, fmt.Errorf("does not parse: %v", err)
			}
			if s := undeclaredRE.FindStringSubmatch(first); s != nil {
				// Declare it; the parser then reports the type it is used with.
				args = append(args, exampleArg{s[1], "none"})
				continue
			}
			if s := probeTypeRE.FindStringSubmatch(first); s != nil {
				found := false
				for i := range args {
					if args[i].name == s[1] && args[i].typ == "none" {
						args[i].typ, found = s[2], true
					}
				}
				if found {
					continue
				}
			}
			return "", 0, fmt.Errorf("does not parse in\n%s\n%v", src, err)
		}
		if terminator && results == nil {
			if op := findOp(m, def, line); op != nil && op.NumOperands() > 0 {
				for _, t := range op.OperandTypes() {
					results = append(results, t.String())
				}
				continue
			}
		}
		return src, line, nil
	}
	return "", 0, fmt.Errorf("no module found for the example (last try:\n%s)", src)
}

func exampleSource(prelude, ex string, isolated, terminator bool, args []exampleArg, results []string) (string, int) {
	var b strings.Builder
	if prelude != "" {
		b.WriteString(strings.TrimSuffix(prelude, "\n") + "\n")
	}
	if isolated {
		line := strings.Count(b.String(), "\n") + 1
		b.WriteString(ex + "\n")
		return b.String(), line
	}
	b.WriteString("func.func @docs_example(")
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.name + ": " + a.typ)
	}
	b.WriteString(")")
	if len(results) > 0 {
		b.WriteString(" -> (" + strings.Join(results, ", ") + ")")
	}
	b.WriteString(" {\n")
	line := strings.Count(b.String(), "\n") + 1
	for _, l := range strings.Split(ex, "\n") {
		b.WriteString("  " + l + "\n")
	}
	if !terminator {
		b.WriteString("  return\n")
	}
	b.WriteString("}\n")
	return b.String(), line
}

// findOp returns the first op of def in m located at or after line.
func findOp(m *ir.Operation, def *ir.OpDef, line int) *ir.Operation {
	var found *ir.Operation
	m.Walk(ir.PreOrder, func(op *ir.Operation) {
		if found != nil || op.Def() != def {
			return
		}
		if l, ok := ir.FileLineCol(op.Loc()); ok && l.File == exampleFile && l.Line >= line {
			found = op
		}
	})
	return found
}

// containsPrinted reports whether the lines of ex occur consecutively in
// printed, ignoring indentation and up to SSA value names. (The whole
// module is printed, not the op alone, so that ops print as in context:
// `return` for func.return inside func.func.)
func containsPrinted(printed, ex string) bool {
	pl, el := trimmedLines(printed), trimmedLines(ex)
	want := canonicalSSA(strings.Join(el, "\n"))
	for i := 0; i+len(el) <= len(pl); i++ {
		if canonicalSSA(strings.Join(pl[i:i+len(el)], "\n")) == want {
			return true
		}
	}
	return false
}

func trimmedLines(s string) []string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return lines
}

// canonicalSSA renames SSA values %v0, %v1, … in order of appearance.
func canonicalSSA(s string) string {
	names := map[string]string{}
	return ssaNameRE.ReplaceAllStringFunc(s, func(n string) string {
		if c, ok := names[n]; ok {
			return c
		}
		c := fmt.Sprintf("%%v%d", len(names))
		names[n] = c
		return c
	})
}

// DocExamples returns the module of every example of the dialect's ops
// that ExampleModule can build (fuzz seeds).
func DocExamples(dialect string) []string {
	var out []string
	for _, def := range DialectDefs(dialect) {
		for _, ex := range def.Examples {
			if src, _, err := ExampleModule(def, ex, ""); err == nil {
				out = append(out, src)
			}
		}
	}
	return out
}
