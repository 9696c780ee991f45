package pass

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tcp-project/tcp/ir"
)

// AnyOp is the anchor of a pass or pipeline that runs on any operation.
const AnyOp = "any"

// ---------------------------------------------------------------- passes

// Pass transforms the IR nested under one operation. Info describes the pass
// (it must return the same value on every call); Run returns an error to
// fail the pipeline: located diagnostics (*Diagnostic, DiagnosticList) are
// reported as they are, other errors are reported at op's location with the
// pass name.
type Pass interface {
	Info() *Info
	Run(op *ir.Operation) error
}

// PassWithOptions is a pass that reports the option values it was created
// with, so that pipelines print (and reproducers record) them.
type WithOptions interface {
	Pass
	Options() Options
}

// Info describes a pass: what MLIR's Pass::getArgument, getName,
// getDescription, getOpName and the option declarations say.
type Info struct {
	// Argument is the kebab-case name used in pipelines and as a tcp-opt
	// flag ("canonicalize", "cse").
	Argument string
	// Name is the display name used in IR dumps and timing reports
	// ("Canonicalizer", "CSE"); Argument if empty.
	Name string
	// Description is a one-line summary for --help.
	Description string
	// Anchor is the op name the pass runs on, or AnyOp ("" means AnyOp).
	Anchor string
	// Options declares the pass options in the order --help lists them.
	Options []Option
	// New creates a pass instance from parsed options (every declared option
	// has a value, defaults filled in).
	New func(opts Options) (Pass, error)
}

// DisplayName returns Name, or Argument if Name is empty.
func (pi *Info) DisplayName() string {
	if pi.Name != "" {
		return pi.Name
	}
	return pi.Argument
}

// AnchorName returns Anchor, or AnyOp if it is empty.
func (pi *Info) AnchorName() string {
	if pi.Anchor == "" {
		return AnyOp
	}
	return pi.Anchor
}

// Option returns the declaration of option name, or nil.
func (pi *Info) Option(name string) *Option {
	for i := range pi.Options {
		if pi.Options[i].Name == name {
			return &pi.Options[i]
		}
	}
	return nil
}

// OptionKind is the value type of a pass option.
type OptionKind int

const (
	BoolOption   OptionKind = iota // true/false (also 1/0); `name` alone means true
	IntOption                      // a signed 64-bit integer
	StringOption                   // any text
)

func (k OptionKind) String() string {
	switch k {
	case BoolOption:
		return "bool"
	case IntOption:
		return "int"
	}
	return "string"
}

// Option declares one option of a pass.
type Option struct {
	Name        string // kebab-case
	Kind        OptionKind
	Default     string // textual default ("10", "true", "")
	Description string
}

// Options holds the option values of one pass instance. The zero value
// has no options.
type Options struct {
	info   *Info
	values map[string]string
}

// DefaultOptions returns the defaults of every option of info.
func DefaultOptions(info *Info) Options {
	o := Options{info: info, values: map[string]string{}}
	for _, d := range info.Options {
		v, err := canonicalOptionValue(d, d.Default)
		if err != nil {
			v = d.Default
		}
		o.values[d.Name] = v
	}
	return o
}

// ParseOptions parses `key=value key2 key3="a b"` for info: keys are
// declared option names, a bool key alone means true, and a value may be
// quoted with '…' or "…" or wrapped in {…}. Unset options keep defaults.
func ParseOptions(info *Info, text string) (Options, error) {
	o := DefaultOptions(info)
	i := 0
	for {
		for i < len(text) && isSpace(text[i]) {
			i++
		}
		if i >= len(text) {
			return o, nil
		}
		start := i
		for i < len(text) && !isSpace(text[i]) && text[i] != '=' {
			i++
		}
		key := text[start:i]
		var val string
		hasVal := false
		if i < len(text) && text[i] == '=' {
			i++
			hasVal = true
			v, n, err := optionValue(text[i:])
			if err != nil {
				return o, fmt.Errorf("option '%s': %v", key, err)
			}
			val = v
			i += n
		}
		d := info.Option(key)
		if d == nil {
			return o, fmt.Errorf("no such option '%s'", key)
		}
		if !hasVal {
			if d.Kind != BoolOption {
				return o, fmt.Errorf("option '%s' requires a value", key)
			}
			val = "true"
		}
		if err := o.Set(key, val); err != nil {
			return o, err
		}
	}
}

// optionValue reads one value: quoted, braced or up to the next space.
func optionValue(s string) (string, int, error) {
	if s == "" {
		return "", 0, nil
	}
	switch s[0] {
	case '\'', '"':
		if j := strings.IndexByte(s[1:], s[0]); j >= 0 {
			return s[1 : 1+j], j + 2, nil
		}
		return "", 0, fmt.Errorf("unterminated quoted value")
	case '{':
		depth := 0
		for j := 0; j < len(s); j++ {
			switch s[j] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return s[1:j], j + 1, nil
				}
			}
		}
		return "", 0, fmt.Errorf("missing closing '}' in value")
	}
	j := 0
	for j < len(s) && !isSpace(s[j]) {
		j++
	}
	return s[:j], j, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func canonicalOptionValue(d Option, v string) (string, error) {
	switch d.Kind {
	case BoolOption:
		switch v {
		case "true", "TRUE", "True", "1", "":
			return "true", nil
		case "false", "FALSE", "False", "0":
			return "false", nil
		}
		return "", fmt.Errorf("option '%s': '%s' is not a valid boolean (use true or false)", d.Name, v)
	case IntOption:
		n, err := strconv.ParseInt(v, 0, 64)
		if err != nil {
			return "", fmt.Errorf("option '%s': '%s' is not a valid integer", d.Name, v)
		}
		return strconv.FormatInt(n, 10), nil
	}
	return v, nil
}

// Set assigns option name from text, checking its type.
func (o Options) Set(name, value string) error {
	if o.info == nil {
		return fmt.Errorf("no such option '%s'", name)
	}
	d := o.info.Option(name)
	if d == nil {
		return fmt.Errorf("no such option '%s'", name)
	}
	v, err := canonicalOptionValue(*d, value)
	if err != nil {
		return err
	}
	o.values[name] = v
	return nil
}

// Value returns the textual value of option name ("" if undeclared).
func (o Options) Value(name string) string { return o.values[name] }

// Bool returns the value of a bool option.
func (o Options) Bool(name string) bool { return o.values[name] == "true" }

// Int returns the value of an int option (0 if undeclared).
func (o Options) Int(name string) int64 {
	n, _ := strconv.ParseInt(o.values[name], 10, 64)
	return n
}

// Format returns the options as `k=v` pairs sorted by name, separated by
// spaces, as pipelines print them. Values with spaces or braces are braced.
func (o Options) Format() string {
	names := make([]string, 0, len(o.values))
	for n := range o.values {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		v := o.values[n]
		if v == "" || strings.ContainsAny(v, " \t\n\r{}'\",()") {
			v = "{" + v + "}"
		}
		parts[i] = n + "=" + v
	}
	return strings.Join(parts, " ")
}

// ---------------------------------------------------------------- registry

var passRegistry = struct {
	sync.RWMutex
	m map[string]*Info
}{m: map[string]*Info{}}

var kebab = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// Register adds info to the pass registry. It panics if the argument or
// an option name is not kebab-case, an option default does not have the
// option's type, New is nil, or the argument is already registered.
func Register(info *Info) {
	if err := checkPassInfo(info); err != nil {
		panic(err)
	}
	passRegistry.Lock()
	defer passRegistry.Unlock()
	if _, dup := passRegistry.m[info.Argument]; dup {
		panic(fmt.Sprintf("ir: pass '%s' registered twice", info.Argument))
	}
	passRegistry.m[info.Argument] = info
}

func checkPassInfo(info *Info) error {
	if !kebab.MatchString(info.Argument) {
		return fmt.Errorf("ir: pass argument %q is not kebab-case", info.Argument)
	}
	if info.New == nil {
		return fmt.Errorf("ir: pass '%s' has no constructor", info.Argument)
	}
	if info.Anchor != "" && info.Anchor != AnyOp && !strings.Contains(info.Anchor, ".") {
		return fmt.Errorf("ir: pass '%s': anchor %q is neither an op name nor %q", info.Argument, info.Anchor, AnyOp)
	}
	seen := map[string]bool{}
	for _, o := range info.Options {
		if !kebab.MatchString(o.Name) {
			return fmt.Errorf("ir: pass '%s': option %q is not kebab-case", info.Argument, o.Name)
		}
		if seen[o.Name] {
			return fmt.Errorf("ir: pass '%s': option '%s' declared twice", info.Argument, o.Name)
		}
		seen[o.Name] = true
		if _, err := canonicalOptionValue(o, o.Default); err != nil {
			return fmt.Errorf("ir: pass '%s': bad default: %v", info.Argument, err)
		}
	}
	return nil
}

// Lookup returns the registered pass with the given argument, or nil.
func Lookup(argument string) *Info {
	passRegistry.RLock()
	defer passRegistry.RUnlock()
	return passRegistry.m[argument]
}

// Registered returns every registered pass, sorted by argument.
func Registered() []*Info {
	passRegistry.RLock()
	out := make([]*Info, 0, len(passRegistry.m))
	for _, p := range passRegistry.m {
		out = append(out, p)
	}
	passRegistry.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Argument < out[j].Argument })
	return out
}

// New creates the registered pass argument with options parsed from
// optionText (see ParseOptions).
func New(argument, optionText string) (Pass, error) {
	info := Lookup(argument)
	if info == nil {
		return nil, fmt.Errorf("'%s' does not refer to a registered pass%s", argument, missingPassesHint())
	}
	opts, err := ParseOptions(info, optionText)
	if err != nil {
		return nil, fmt.Errorf("failed to add `%s` with options `%s`: %v", argument, optionText, err)
	}
	return newPass(info, opts)
}

func newPass(info *Info, opts Options) (p Pass, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("creating pass '%s' panicked: %v", info.Argument, r)
		}
	}()
	p, err = info.New(opts)
	if err != nil {
		return nil, fmt.Errorf("failed to create pass '%s': %v", info.Argument, err)
	}
	if p == nil {
		return nil, fmt.Errorf("failed to create pass '%s'", info.Argument)
	}
	return p, nil
}

// ---------------------------------------------------------------- constants

// ---------------------------------------------------------------- manager

// Manager is a pipeline of passes and nested pipelines anchored on one
// op name (or AnyOp). The configuration fields are read from the top-level
// manager only.
type Manager struct {
	anchor string
	items  []pmItem

	// VerifyEach runs Verify on the op a pass ran on after each pass
	// (default true).
	VerifyEach bool
	// AllowUnregistered is the verifier's mode for VerifyEach.
	AllowUnregistered bool
	// Instrumentations observe pass execution in order (IR printing, timing).
	Instrumentations []Instrumentation
	// CrashReproducer, if set, is the file that receives, when a pass fails
	// or panics, the IR as it was before that pass ran and a pipeline of
	// that pass alone (MLIR's local reproducer): `tcp-opt --run-reproducer
	// FILE` repeats the failure. Each pass's op is printed before the pass
	// runs, so this costs one print of the IR per pass.
	CrashReproducer string
	// ReproducerOptions prints the IR in the reproducer.
	ReproducerOptions ir.PrintOptions
	// DisableThreading runs nested pipelines and verification on one
	// goroutine (--mlir-disable-threading).
	DisableThreading bool
}

// Cloner is implemented by passes that can make an independent copy of
// themselves for another worker goroutine (MLIR's Pass::clonePass).
type Cloner interface {
	Pass
	ClonePass() Pass
}

type pmItem struct {
	pass   Pass
	opts   Options // options to print, for passes without Options()
	nested *Manager
}

// NewManager returns an empty pipeline anchored on anchor (an op name
// or AnyOp), with VerifyEach on.
func NewManager(anchor string) *Manager {
	if anchor == "" {
		anchor = AnyOp
	}
	return &Manager{anchor: anchor, VerifyEach: true}
}

// Anchor returns the op name the pipeline runs on, or AnyOp.
func (pm *Manager) Anchor() string { return pm.anchor }

// Empty reports whether the pipeline has no passes or nested pipelines.
func (pm *Manager) Empty() bool { return len(pm.items) == 0 }

// Size returns the number of passes and nested pipelines directly in pm.
func (pm *Manager) Size() int { return len(pm.items) }

// canSchedule reports why p cannot run in pm, or nil.
func (pm *Manager) canSchedule(p Pass) error {
	a := p.Info().AnchorName()
	if a == AnyOp || a == pm.anchor {
		return nil
	}
	return fmt.Errorf("unable to schedule pass '%s' on a PassManager intended to run on '%s'!", p.Info().Argument, pm.anchor)
}

// AddPass appends p. It panics if p is anchored on an op other than the
// pipeline's anchor (use a nested pipeline).
func (pm *Manager) AddPass(p Pass) {
	if err := pm.canSchedule(p); err != nil {
		panic("ir: " + err.Error())
	}
	pm.items = append(pm.items, pmItem{pass: p})
}

// Nest appends and returns a pipeline for the ops named anchor (or AnyOp)
// directly nested in this pipeline's op. Consecutive Nest calls with the
// same anchor return the same pipeline, as MLIR merges them.
func (pm *Manager) Nest(anchor string) *Manager {
	if anchor == "" {
		anchor = AnyOp
	}
	if n := len(pm.items); n > 0 && pm.items[n-1].nested != nil && pm.items[n-1].nested.anchor == anchor {
		return pm.items[n-1].nested
	}
	sub := &Manager{anchor: anchor}
	pm.items = append(pm.items, pmItem{nested: sub})
	return sub
}

// String prints the pipeline in the textual syntax,
// `builtin.module(func.func(cse),canonicalize{max-iterations=10 top-down=true})`.
func (pm *Manager) String() string {
	var b strings.Builder
	pm.print(&b)
	return b.String()
}

func (pm *Manager) print(b *strings.Builder) {
	b.WriteString(pm.anchor)
	b.WriteByte('(')
	pm.printItems(b)
	b.WriteByte(')')
}

func (pm *Manager) printItems(b *strings.Builder) {
	for i, it := range pm.items {
		if i > 0 {
			b.WriteByte(',')
		}
		if it.nested != nil {
			it.nested.print(b)
			continue
		}
		b.WriteString(it.pass.Info().Argument)
		opts := it.opts
		if po, ok := it.pass.(WithOptions); ok {
			opts = po.Options()
		}
		if s := opts.Format(); s != "" {
			b.WriteString("{" + s + "}")
		}
	}
}

// Passes returns the arguments of the passes of the pipeline and its nested
// pipelines, in pipeline order.
func (pm *Manager) Passes() []string {
	var out []string
	for _, it := range pm.items {
		if it.nested != nil {
			out = append(out, it.nested.Passes()...)
		} else {
			out = append(out, it.pass.Info().Argument)
		}
	}
	return out
}

// ---------------------------------------------------------------- pipeline syntax

// PipelineError is a syntax or resolution error in a textual pipeline.
type PipelineError struct {
	Pipeline string // the text parsed
	Offset   int    // byte offset of the error in Pipeline, or -1
	Msg      string
}

func (e *PipelineError) Error() string {
	if e.Offset < 0 {
		return e.Msg
	}
	line := strings.ReplaceAll(e.Pipeline, "\n", " ")
	return fmt.Sprintf("invalid pass pipeline:1:%d: %s\n%s\n%s^", e.Offset+1, e.Msg, line, strings.Repeat(" ", e.Offset))
}

// ParsePipeline parses `anchor(elements)`, MLIR's textual pipeline:
//
//	pipeline ::= op-name `(` element (`,` element)* `)`
//	element  ::= op-name `(` element-list? `)` | pass-argument (`{` options `}`)?
//
// for example `builtin.module(func.func(canonicalize{max-iterations=3},cse))`.
func ParsePipeline(text string) (*Manager, error) {
	open := strings.IndexByte(text, '(')
	trimmed := strings.TrimRight(text, " \t\n\r")
	if open <= 0 || !strings.HasSuffix(trimmed, ")") || strings.TrimSpace(text[:open]) == "" {
		return nil, &PipelineError{Pipeline: text, Offset: -1, Msg: "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'"}
	}
	anchor := strings.TrimSpace(text[:open])
	pm := NewManager(anchor)
	inner := trimmed[open+1 : len(trimmed)-1]
	if err := pm.addPipeline(text, open+1, inner); err != nil {
		return nil, err
	}
	return pm, nil
}

// AddPipeline parses a comma-separated element list (passes and nested
// pipelines, without an outer anchor) and appends it to pm.
func (pm *Manager) AddPipeline(elements string) error {
	return pm.addPipeline(elements, 0, elements)
}

type pipelineElem struct {
	name      string
	pos       int // offset of the name in the full text
	options   string
	hasOpts   bool
	optPos    int
	inner     []*pipelineElem
	hasNested bool
}

// addPipeline parses text (which starts at offset base of full) into pm.
func (pm *Manager) addPipeline(full string, base int, text string) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	elems, err := parsePipelineText(full, base, text)
	if err != nil {
		return err
	}
	// Resolve everything before changing pm, so that a failed add leaves
	// the pipeline unchanged.
	var items []pmItem
	for _, e := range elems {
		its, err := resolveElems(full, pm.anchor, e, 0)
		if err != nil {
			return err
		}
		items = append(items, its...)
	}
	pm.items = append(pm.items, items...)
	return nil
}

// parsePipelineText splits text into a tree of elements, as MLIR's
// TextualPipeline::parsePipelineText does.
func parsePipelineText(full string, base int, text string) ([]*pipelineElem, error) {
	errAt := func(off int, msg string) error {
		return &PipelineError{Pipeline: full, Offset: base + off, Msg: msg}
	}
	var root []*pipelineElem
	stack := []*[]*pipelineElem{&root}
	i := 0
	for {
		cur := stack[len(stack)-1]
		j := i
		for j < len(text) && strings.IndexByte(",(){}", text[j]) < 0 {
			j++
		}
		raw := text[i:j]
		lead := len(raw) - len(strings.TrimLeft(raw, " \t\n\r"))
		e := &pipelineElem{name: strings.TrimSpace(raw), pos: base + i + lead}
		*cur = append(*cur, e)
		if j >= len(text) {
			break
		}
		i = j
		if text[i] == '}' {
			return nil, errAt(i, "unexpected '}' outside pass options")
		}
		if text[i] == '{' {
			depth, close := 0, -1
			for k := i; k < len(text); k++ {
				if text[k] == '{' {
					depth++
				} else if text[k] == '}' {
					depth--
					if depth == 0 {
						close = k
						break
					}
				}
			}
			if close < 0 {
				return nil, errAt(i, "missing closing '}' while processing pass options")
			}
			e.options, e.hasOpts, e.optPos = text[i+1:close], true, base+i+1
			i = close + 1
			for i < len(text) && isSpace(text[i]) {
				i++
			}
			if i >= len(text) {
				break
			}
			if text[i] == '(' || text[i] == '{' {
				return nil, errAt(i, "expected ',' or ')' after pass options")
			}
		}
		if text[i] == '(' {
			i++
			e.hasNested = true
			stack = append(stack, &e.inner)
			continue
		}
		for i < len(text) && text[i] == ')' {
			if len(stack) == 1 {
				return nil, errAt(i, "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline")
			}
			stack = stack[:len(stack)-1]
			i++
			for i < len(text) && isSpace(text[i]) {
				i++
			}
		}
		if i >= len(text) {
			break
		}
		if text[i] != ',' {
			return nil, errAt(i, "expected ',' after parsing pipeline")
		}
		i++
	}
	if len(stack) > 1 {
		return nil, errAt(len(text), "encountered unbalanced parentheses while parsing pipeline")
	}
	return root, nil
}

var opNameRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_$]*\.[A-Za-z0-9_$.]+|any)$`)

func resolveElem(full, parentAnchor string, e *pipelineElem) (pmItem, error) {
	errAt := func(off int, msg string) error {
		return &PipelineError{Pipeline: full, Offset: off, Msg: msg}
	}
	if e.hasNested {
		if e.hasOpts {
			return pmItem{}, errAt(e.optPos, "nested pipelines cannot have options")
		}
		if !opNameRE.MatchString(e.name) {
			return pmItem{}, errAt(e.pos, fmt.Sprintf("'%s' is not an operation name or 'any'", e.name))
		}
		sub := &Manager{anchor: e.name}
		for _, c := range e.inner {
			if c.name == "" && !c.hasNested && !c.hasOpts && len(e.inner) == 1 {
				break // `func.func()` is an empty nested pipeline
			}
			its, err := resolveElems(full, sub.anchor, c, 0)
			if err != nil {
				return pmItem{}, err
			}
			sub.items = append(sub.items, its...)
		}
		return pmItem{nested: sub}, nil
	}
	info := Lookup(e.name)
	if info == nil {
		return pmItem{}, errAt(e.pos, fmt.Sprintf("'%s' does not refer to a registered pass or pass pipeline%s", e.name, missingPassesHint()))
	}
	opts, err := ParseOptions(info, e.options)
	if err != nil {
		return pmItem{}, errAt(e.pos, fmt.Sprintf("failed to add `%s` with options `%s`: %v", e.name, e.options, err))
	}
	p, err := newPass(info, opts)
	if err != nil {
		return pmItem{}, errAt(e.pos, err.Error())
	}
	if a := info.AnchorName(); a != AnyOp && a != parentAnchor {
		return pmItem{}, errAt(e.pos, fmt.Sprintf("unable to schedule pass '%s' on a PassManager intended to run on '%s'!", e.name, parentAnchor))
	}
	return pmItem{pass: p, opts: opts}, nil
}

// AddPassWithOptions appends p, recording opts for printing the pipeline.
func (pm *Manager) AddPassWithOptions(p Pass, opts Options) {
	pm.AddPass(p)
	pm.items[len(pm.items)-1].opts = opts
}

// ---------------------------------------------------------------- order constraints

// OrderConstraint says that when both passes are in a pipeline, pass
// Before must come before pass After (the idea of passOrder in
// golang/go:src/cmd/compile/internal/ssa/compile.go).
type OrderConstraint struct {
	Before, After string
}

// CheckOrder reports the first constraint pm violates: an occurrence of
// After that precedes an occurrence of Before in pipeline order.
func CheckOrder(pm *Manager, constraints []OrderConstraint) error {
	list := pm.Passes()
	for _, c := range constraints {
		lastBefore := -1
		for i, p := range list {
			if p == c.Before {
				lastBefore = i
			}
		}
		for i, p := range list {
			if p == c.After && i < lastBefore {
				return fmt.Errorf("pass '%s' must run before pass '%s' in %s", c.Before, c.After, pm)
			}
		}
	}
	return nil
}

// ---------------------------------------------------------------- instrumentation

// Instrumentation observes pass execution. Before/After hooks nest:
// pipelines contain passes and other pipelines.
type Instrumentation interface {
	BeforePipeline(pm *Manager, op *ir.Operation)
	AfterPipeline(pm *Manager, op *ir.Operation)
	BeforePass(p Pass, op *ir.Operation)
	AfterPass(p Pass, op *ir.Operation)
	AfterPassFailed(p Pass, op *ir.Operation)
}

// IRPrinter is the instrumentation behind --mlir-print-ir-before-all and
// --mlir-print-ir-after-all: before and/or after each pass it writes
// `// -----// IR Dump After CSE (cse) //----- //`, the op the pass ran on,
// and a blank line, as MLIR does.
type IRPrinter struct {
	W      io.Writer
	Before bool
	After  bool
	// AfterFailure prints `// -----// IR Dump After CSE Failed (cse)
	// //----- //` and the op after a pass fails.
	AfterFailure bool
	Options      ir.PrintOptions
	// ModuleScope prints the top-level op instead of the pass's op.
	ModuleScope bool
}

func (p *IRPrinter) BeforePipeline(*Manager, *ir.Operation) {}
func (p *IRPrinter) AfterPipeline(*Manager, *ir.Operation)  {}

func (p *IRPrinter) AfterPassFailed(ps Pass, op *ir.Operation) {
	if p.AfterFailure {
		p.dump("After", ps, op, " Failed")
	}
}

func (p *IRPrinter) BeforePass(ps Pass, op *ir.Operation) {
	if p.Before {
		p.dump("Before", ps, op, "")
	}
}

func (p *IRPrinter) AfterPass(ps Pass, op *ir.Operation) {
	if p.After {
		p.dump("After", ps, op, "")
	}
}

func (p *IRPrinter) dump(when string, ps Pass, op *ir.Operation, failed string) {
	info := ps.Info()
	fmt.Fprintf(p.W, "// -----// IR Dump %s %s%s (%s) //----- //\n", when, info.DisplayName(), failed, info.Argument)
	if p.ModuleScope {
		for q := op.ParentOp(); q != nil; q = q.ParentOp() {
			op = q
		}
	}
	if op.Block() == nil {
		ir.Print(p.W, op, p.Options)
	} else {
		io.WriteString(p.W, ir.FormatOp(op, p.Options))
	}
	io.WriteString(p.W, "\n\n")
}

// Timing is a tree of wall-clock timers printed as MLIR's --mlir-timing
// "Execution time report". Timers with the same key under the same parent
// accumulate. Timing also instruments pass managers (pass and pipeline
// timers). It is not safe for concurrent use.
type Timing struct {
	// Now is the clock (time.Now if nil); tests set it.
	Now   func() time.Time
	start time.Time
	root  timerNode
	stack []*timerNode
	began []time.Time
}

type timerNode struct {
	key      any
	name     string
	elapsed  time.Duration
	children []*timerNode
}

// NewTiming starts a timing tree now.
func NewTiming() *Timing {
	t := &Timing{}
	t.Reset()
	return t
}

// Reset discards all timers and restarts the total.
func (t *Timing) Reset() {
	t.root = timerNode{}
	t.stack = []*timerNode{&t.root}
	t.began = nil
	t.start = t.now()
}

func (t *Timing) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

// Start starts the timer named name (identified by key, or by name if key
// is nil) nested in the running timer; the returned function stops it.
// Timers must be stopped in reverse order of starting.
func (t *Timing) Start(key any, name string) (stop func()) {
	t.enter(key, name)
	depth := len(t.stack)
	return func() {
		if len(t.stack) == depth {
			t.exit()
		}
	}
}

func (t *Timing) enter(key any, name string) {
	if key == nil {
		key = name
	}
	parent := t.stack[len(t.stack)-1]
	var n *timerNode
	for _, c := range parent.children {
		if c.key == key {
			n = c
			break
		}
	}
	if n == nil {
		n = &timerNode{key: key, name: name}
		parent.children = append(parent.children, n)
	}
	t.stack = append(t.stack, n)
	t.began = append(t.began, t.now())
}

func (t *Timing) exit() {
	if len(t.stack) <= 1 {
		return
	}
	n := t.stack[len(t.stack)-1]
	n.elapsed += t.now().Sub(t.began[len(t.began)-1])
	t.stack = t.stack[:len(t.stack)-1]
	t.began = t.began[:len(t.began)-1]
}

func (t *Timing) BeforePipeline(pm *Manager, op *ir.Operation) {
	t.enter(pm, "'"+pm.anchor+"' Pipeline")
}
func (t *Timing) AfterPipeline(*Manager, *ir.Operation) { t.exit() }
func (t *Timing) BeforePass(p Pass, op *ir.Operation)   { t.enter(p, p.Info().DisplayName()) }
func (t *Timing) AfterPass(Pass, *ir.Operation)         { t.exit() }
func (t *Timing) AfterPassFailed(Pass, *ir.Operation)   { t.exit() }

// Report writes the execution time report: the timers as a tree, then
// `Rest` (total minus the top-level timers) and `Total`.
func (t *Timing) Report(w io.Writer) {
	total := t.now().Sub(t.start)
	var sum time.Duration
	for _, c := range t.root.children {
		sum += c.elapsed
	}
	if sum > total {
		total = sum
	}
	sec := func(d time.Duration) float64 { return d.Seconds() }
	pct := func(d time.Duration) float64 {
		if total <= 0 {
			return 0
		}
		return 100 * float64(d) / float64(total)
	}
	var b strings.Builder
	b.WriteString("===-------------------------------------------------------------------------===\n")
	b.WriteString("                         ... Execution time report ...\n")
	b.WriteString("===-------------------------------------------------------------------------===\n")
	fmt.Fprintf(&b, "  Total Execution Time: %.4f seconds\n\n", sec(total))
	b.WriteString("  ----Wall Time----  ----Name----\n")
	line := func(d time.Duration, p float64, indent int, name string) {
		fmt.Fprintf(&b, "  %8.4f (%5.1f%%)  %s%s\n", sec(d), p, strings.Repeat("  ", indent), name)
	}
	var walk func(n *timerNode, depth int)
	walk = func(n *timerNode, depth int) {
		for _, c := range n.children {
			line(c.elapsed, pct(c.elapsed), depth, c.name)
			walk(c, depth+1)
		}
	}
	walk(&t.root, 0)
	line(total-sum, pct(total-sum), 0, "Rest")
	fmt.Fprintf(&b, "  %8.4f (100.0%%)  Total\n", sec(total))
	io.WriteString(w, b.String())
}

// ---------------------------------------------------------------- failures

// Error reports a failed pass: it returned an error, panicked, or left
// IR that does not verify (VerifyEach).
type Error struct {
	Pass Pass          // the failing pass
	Op   *ir.Operation // the op the pass ran on
	Err  error         // what the pass returned, the panic, or the verifier's diagnostics
	// Panic is the recovered panic value (nil if the pass did not panic) and
	// Stack the goroutine stack at the panic.
	Panic any
	Stack []byte
	// Verify is set when the pass succeeded but the IR failed to verify.
	Verify bool
	// Reproducer is the crash reproducer written for this failure, if any.
	Reproducer string

	opts      Options // the failing pass's options, for LocalPipeline
	before    string  // Op printed before the pass (with CrashReproducer)
	hasBefore bool
}

func (e *Error) Error() string { return e.Diagnostics().Error() }

func (e *Error) Unwrap() error { return e.Err }

// Diagnostics returns the failure as located diagnostics: the pass's own
// diagnostics unchanged; other errors and panics at the op's location,
// naming the pass; verifier diagnostics with a note naming the pass; and,
// if a reproducer was written, MLIR's "Failures have been detected" error.
func (e *Error) Diagnostics() ir.DiagnosticList {
	arg := e.Pass.Info().Argument
	loc := e.Op.Loc()
	var out ir.DiagnosticList
	switch {
	case e.Panic != nil:
		out = ir.DiagnosticList{ir.Errorf(loc, "pass '%s' panicked on '%s' op: %v", arg, e.Op.Name(), e.Panic)}
	case e.Verify:
		out = append(out, ir.AsDiagnostics(e.Err)...)
		if len(out) > 0 {
			first := *out[0]
			first.Notes = append(append([]*ir.Diagnostic(nil), first.Notes...),
				&ir.Diagnostic{Loc: loc, Severity: ir.SevNote, Message: fmt.Sprintf("the IR fails to verify after pass '%s' on '%s' op", arg, e.Op.Name())})
			out[0] = &first
		}
	default:
		var d *ir.Diagnostic
		var dl ir.DiagnosticList
		if errors.As(e.Err, &dl) {
			out = append(out, dl...)
		} else if errors.As(e.Err, &d) {
			out = append(out, d)
		} else {
			out = ir.DiagnosticList{ir.Errorf(loc, "pass '%s' failed on '%s' op: %v", arg, e.Op.Name(), e.Err)}
		}
	}
	if e.Reproducer != "" {
		what := "'" + e.Op.Name() + "' operation"
		if s, ok := e.Op.Attr("sym_name").(ir.StringAttr); ok {
			what += ": @" + string(s)
		}
		out = append(out, ir.Errorf(loc, "Failures have been detected while processing an MLIR pass pipeline").
			AttachNote(loc, "Pipeline failed while executing [`%s` on %s]: reproducer generated at `%s`", e.Pass.Info().DisplayName(), what, e.Reproducer))
	}
	return out
}

// ---------------------------------------------------------------- running

// Run runs the pipeline on op, whose name must be the pipeline's anchor
// (unless that is AnyOp). It stops at the first failure and returns it: a
// *Error for a failing pass, a *Diagnostic for a misuse.
func (pm *Manager) Run(op *ir.Operation) error {
	if pm.anchor != AnyOp && op.Name() != pm.anchor {
		return ir.Errorf(op.Loc(), "can't run '%s' pass manager on '%s' op", pm.anchor, op.Name())
	}
	r := &pmRunner{top: pm}
	err := r.run(pm, op, false)
	if err == nil || pm.CrashReproducer == "" {
		return err
	}
	var pe *Error
	if !errors.As(err, &pe) || !pe.hasBefore {
		return err
	}
	text := pm.reproducer(op, pe)
	if werr := writeFileAtomic(pm.CrashReproducer, []byte(text)); werr != nil {
		return errors.Join(err, fmt.Errorf("cannot write crash reproducer: %v", werr))
	}
	pe.Reproducer = pm.CrashReproducer
	return pe
}

// reproducer is the text of a local crash reproducer for pe: the IR of
// root with pe.Op as it was before the failing pass, and the failing pass
// alone, nested along the path from root to pe.Op.
func (pm *Manager) reproducer(root *ir.Operation, pe *Error) string {
	var out strings.Builder
	if pe.Op == root {
		out.WriteString(pe.before)
	} else {
		ir.PrintReplacing(&out, root, pm.ReproducerOptions, pe.Op, pe.before)
	}
	return out.String() + "\n{-#\n  external_resources: {\n    mlir_reproducer: {\n      pipeline: " +
		ir.QuoteString(pe.LocalPipeline(root)) + ",\n      disable_threading: " + strconv.FormatBool(pm.DisableThreading) +
		",\n      verify_each: " + strconv.FormatBool(pm.VerifyEach) + "\n    }\n  }\n#-}\n"
}

// LocalPipeline is the textual pipeline that runs the failing pass alone on
// the failing op under root: `builtin.module(func.func(cse))`.
func (e *Error) LocalPipeline(root *ir.Operation) string {
	var b strings.Builder
	b.WriteString(e.Pass.Info().Argument)
	opts := e.opts
	if po, ok := e.Pass.(WithOptions); ok {
		opts = po.Options()
	}
	if s := opts.Format(); s != "" {
		b.WriteString("{" + s + "}")
	}
	text := b.String()
	for o := e.Op; o != nil; o = o.ParentOp() {
		text = o.Name() + "(" + text + ")"
		if o == root {
			break
		}
	}
	return text
}

// PanicSite names the function and file:line where the pass panicked (the
// first frame below the runtime's panic), or "" if unknown.
func (e *Error) PanicSite() string { return ir.PanicSite(e.Stack) }

type pmRunner struct{ top *Manager }

func (r *pmRunner) run(pm *Manager, op *ir.Operation, nested bool) error {
	ins := r.top.Instrumentations
	if nested {
		for _, in := range ins {
			in.BeforePipeline(pm, op)
		}
		defer func() {
			for i := len(ins) - 1; i >= 0; i-- {
				ins[i].AfterPipeline(pm, op)
			}
		}()
	}
	for _, it := range pm.items {
		if it.nested == nil {
			if err := r.runPass(it, op); err != nil {
				return err
			}
			continue
		}
		var children []*ir.Operation
		for _, child := range directChildren(op) {
			if it.nested.anchor == AnyOp || child.Name() == it.nested.anchor {
				children = append(children, child)
			}
		}
		if r.parallel(it.nested, children) {
			if err := r.runParallel(it.nested, children); err != nil {
				return err
			}
		} else {
			for _, child := range children {
				if err := r.run(it.nested, child, true); err != nil {
					return err
				}
			}
		}
		if err := r.verifySymbolUses(it.nested, op); err != nil {
			return err
		}
	}
	return nil
}

// verifySymbolUses checks, after a nested pipeline ran on the children of
// a symbol table op, what their own verification skipped: the uses of
// symbols across them (a call and its callee's type).
func (r *pmRunner) verifySymbolUses(nested *Manager, op *ir.Operation) error {
	if !r.top.VerifyEach || !op.HasTrait(ir.SymbolTable) {
		return nil
	}
	last := nested.lastPass()
	if last == nil {
		return nil
	}
	if err := ir.VerifySymbolUses(op); err != nil {
		return &Error{Pass: last, Op: op, Err: err, Verify: true}
	}
	return nil
}

// lastPass returns the last pass pm runs (nested pipelines included).
func (pm *Manager) lastPass() Pass {
	for i := len(pm.items) - 1; i >= 0; i-- {
		it := pm.items[i]
		if it.nested != nil {
			if p := it.nested.lastPass(); p != nil {
				return p
			}
			continue
		}
		return it.pass
	}
	return nil
}

// parallel reports whether a nested pipeline may run on children
// concurrently.
func (r *pmRunner) parallel(pm *Manager, children []*ir.Operation) bool {
	if r.top.DisableThreading || len(r.top.Instrumentations) > 0 || len(children) < 2 || ir.Workers() < 2 || !pm.copyable() {
		return false
	}
	for _, c := range children {
		if !c.HasTrait(ir.IsolatedFromAbove) {
			return false
		}
	}
	return true
}

// runParallel runs pm on each child on worker goroutines, each with its own
// copy of the pipeline, and returns the error of the first failing child
// in order (no child after a failure is started).
func (r *pmRunner) runParallel(pm *Manager, children []*ir.Operation) error {
	errs := make([]error, len(children))
	var failed atomic.Int64
	failed.Store(int64(len(children)))
	copies := make(chan *Manager, ir.Workers())
	ir.ParallelFor(len(children), func(i int) {
		var local *Manager
		select {
		case local = <-copies:
		default:
			local = pm.workerCopy()
		}
		defer func() { copies <- local }()
		if err := r.run(local, children[i], true); err != nil {
			errs[i] = err
			for {
				f := failed.Load()
				if int64(i) >= f || failed.CompareAndSwap(f, int64(i)) {
					break
				}
			}
		}
	}, func() bool { return failed.Load() < int64(len(children)) })
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// workerCopy returns pm with pass instances of its own for a worker.
func (pm *Manager) workerCopy() *Manager {
	c := &Manager{anchor: pm.anchor, items: make([]pmItem, len(pm.items))}
	for i, it := range pm.items {
		switch {
		case it.nested != nil:
			it.nested = it.nested.workerCopy()
		case isCloner(it.pass):
			it.pass = it.pass.(Cloner).ClonePass()
		case it.opts.info != nil:
			p, err := newPass(it.opts.info, it.opts)
			if err != nil { // it was created from these options once
				panic(fmt.Sprintf("ir: re-creating pass '%s' for a worker: %v", it.opts.info.Argument, err))
			}
			it.pass = p
		}
		c.items[i] = it
	}
	return c
}

func isCloner(p Pass) bool { _, ok := p.(Cloner); return ok }

// copyable reports whether every pass of pm can be instantiated again for
// another worker.
func (pm *Manager) copyable() bool {
	for _, it := range pm.items {
		switch {
		case it.nested != nil:
			if !it.nested.copyable() {
				return false
			}
		case !isCloner(it.pass) && it.opts.info == nil:
			return false
		}
	}
	return true
}

func directChildren(op *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	for _, reg := range op.Regions() {
		for _, b := range reg.Blocks {
			out = append(out, b.Ops()...)
		}
	}
	return out
}

func (r *pmRunner) runPass(it pmItem, op *ir.Operation) error {
	p := it.pass
	ins := r.top.Instrumentations
	for _, in := range ins {
		in.BeforePass(p, op)
	}
	var before string
	if r.top.CrashReproducer != "" {
		var b strings.Builder
		ir.Print(&b, op, r.top.ReproducerOptions)
		before = b.String()
	}
	err := safeRun(p, op)
	if err == nil && r.top.VerifyEach {
		if verr := ir.SafeVerifyWith(op, ir.VerifyOptions{AllowUnregistered: r.top.AllowUnregistered, DisableThreading: r.top.DisableThreading}); verr != nil {
			err = &Error{Pass: p, Op: op, Err: verr, Verify: true}
		}
	}
	if err != nil {
		if pe, ok := err.(*Error); ok {
			pe.opts, pe.before, pe.hasBefore = it.opts, before, r.top.CrashReproducer != ""
		}
		for i := len(ins) - 1; i >= 0; i-- {
			ins[i].AfterPassFailed(p, op)
		}
		return err
	}
	for i := len(ins) - 1; i >= 0; i-- {
		ins[i].AfterPass(p, op)
	}
	return nil
}

// safeRun runs p on op, turning an error or a panic into a *Error.
func safeRun(p Pass, op *ir.Operation) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &Error{Pass: p, Op: op, Err: fmt.Errorf("panic: %v", v), Panic: v, Stack: debug.Stack()}
		}
	}()
	if e := p.Run(op); e != nil {
		return &Error{Pass: p, Op: op, Err: e}
	}
	return nil
}

// ---------------------------------------------------------------- files

// writeFileAtomic writes data to path through a temporary file in the same
// directory renamed over path, so that path is either unchanged or complete.
// An existing file's permissions are kept.
func writeFileAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if st, serr := os.Stat(path); serr == nil {
		mode = st.Mode().Perm()
	}
	if err = f.Chmod(mode); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
