package frontends

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/tcp-project/tcp/internal/frontendhint"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
	"github.com/tcp-project/tcp/passes/conversion"
)

// Conversion rewrites one frontend op (named Root) into the tcp form.
// Convert returns (true, nil) after replacing op through rw, or an error:
// a located diagnostic (or ir.MatchFailure) naming why the op cannot be
// converted (a non-constant axis operand, an index type tcp has no gather
// for, …). It must validate before it creates any op, so that a failure
// leaves the IR unchanged.
type Conversion struct {
	Root    string
	Name    string
	Convert func(op *ir.Operation, rw *ir.Rewriter) (bool, error)
}

// Frontend is one source dialect's conversion into tcp.
type Frontend struct {
	// Name identifies the frontend ("onnx", "tf", "torch", "stablehlo").
	Name string
	// Dialects are the dialects none of whose ops may remain after the
	// conversion (the legality check).
	Dialects []string
	// Conversions are the rewrites, tried in order.
	Conversions []Conversion
}

var (
	mu       sync.RWMutex
	registry = map[string]*Frontend{}
)

// Register adds a frontend (from its conversion package's init) and
// appends each conversion to its root op's canonicalization patterns in
// ir.Global. It panics on a duplicate name or an unregistered root op
// (programmer errors found by every test).
func Register(f Frontend) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[f.Name]; dup {
		panic("frontends: " + f.Name + " registered twice")
	}
	registry[f.Name] = &f
	for _, c := range f.Conversions {
		ir.Global.AddCanonicalizationPatterns(c.Root, c.CanonicalizationPattern())
	}
}

// packages maps each frontend to the package whose import registers it.
var packages = map[string]string{
	"onnx":      "github.com/tcp-project/tcp/passes/onnxtotcp",
	"stablehlo": "github.com/tcp-project/tcp/passes/stablehlototcp",
	"tf":        "github.com/tcp-project/tcp/passes/tftotcp",
	"torch":     "github.com/tcp-project/tcp/passes/torchtotcp",
}

// Package returns the import path of the package that registers the
// frontend name, or "".
func Package(name string) string { return packages[name] }

// notLinked is the error for a frontend that is not registered.
func notLinked(name string) error {
	if p := packages[name]; p != "" {
		return fmt.Errorf("frontend %q is not registered: import _ %q (or github.com/tcp-project/tcp/passes/all for every frontend; the github.com/tcp-project/tcp/compiler package registers everything)", name, p)
	}
	return fmt.Errorf("frontend %q is not registered (known frontends: onnx, stablehlo, tf, torch)", name)
}

// errNoFrontends is the error for a conversion with no frontend to apply
// to IR that has frontend ops.
var errNoFrontends = errors.New("no frontend conversion is registered, so frontends.All() is empty: import _ \"github.com/tcp-project/tcp/passes/all\" (or one of passes/onnxtotcp, passes/stablehlototcp, passes/tftotcp, passes/torchtotcp; the github.com/tcp-project/tcp/compiler package registers everything)")

// Require returns the registered frontend name, or an error that names
// the package to import.
func Require(name string) (*Frontend, error) {
	if f := Lookup(name); f != nil {
		return f, nil
	}
	return nil, notLinked(name)
}

// Lookup returns the registered frontend name, or nil (Require says what
// to import instead).
func Lookup(name string) *Frontend {
	mu.RLock()
	defer mu.RUnlock()
	return registry[name]
}

// registeredNames lists the registered frontends, or "none".
func registeredNames() string {
	var names []string
	for _, f := range All() {
		names = append(names, f.Name)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// All returns the registered frontends sorted by name.
func All() []*Frontend {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]*Frontend, 0, len(registry))
	for _, f := range registry {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Pattern returns c as a conversion pattern: a failure to convert is an
// error that stops the driver.
func (c Conversion) Pattern() ir.Pattern {
	return &ir.PatternFunc{RootName: c.Root, PatternName: c.Name, Fn: c.Convert}
}

// CanonicalizationPattern returns c as a canonicalization pattern: an op
// it cannot convert is left alone.
func (c Conversion) CanonicalizationPattern() ir.Pattern {
	return &ir.PatternFunc{RootName: c.Root, PatternName: c.Name, Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
		ok, err := c.Convert(op, rw)
		return ok && err == nil, nil
	}}
}

// Apply converts the ops of the frontends fs nested in root's regions into
// tcp with the dialect-conversion driver (passes/conversion), in two
// phases so that conversions can read constant operands:
//
//  1. every op with operands that has a conversion is illegal and is
//     converted (a partial conversion: other ops stay);
//  2. ops of the frontends' dialects left dead (the constants and
//     onnx.NoValue that phase 1 read) are erased;
//  3. the remaining operand-less ops with a conversion (live constants) are
//     converted;
//  4. Legalize reports any op of the frontends' dialects still there.
//
// A conversion's error becomes the note of the driver's "failed to
// legalize operation '…' that was explicitly marked illegal", located at
// the first op that failed.
//
// A nil root or frontend is an error: Lookup returns nil for a frontend
// whose conversion package is not linked into the program (its dialect
// may be), so Apply(m, Lookup("onnx")) names the import that is missing.
func Apply(root *ir.Operation, fs ...*Frontend) error {
	if root == nil {
		return errors.New("frontends.Apply: nil root operation")
	}
	for i, f := range fs {
		if f == nil {
			return fmt.Errorf("frontends.Apply: frontend #%d is nil: frontends.Lookup returns nil for a frontend whose conversions are not linked into this program (registered: %s); import _ %q, or the frontend's own package (passes/onnxtotcp, passes/tftotcp, passes/torchtotcp, passes/stablehlototcp)", i, registeredNames(), "github.com/tcp-project/tcp/passes/all")
		}
	}
	if len(fs) == 0 {
		if op := firstFrontendOp(root); op != nil {
			return op.EmitError("'%s' cannot be converted: %v", op.Name(), errNoFrontends)
		}
		return nil
	}
	var ops, leaves []ir.Pattern
	opTarget, leafTarget := conversion.NewTarget(), conversion.NewTarget()
	var dialects []string
	for _, f := range fs {
		for _, c := range f.Conversions {
			def := ir.Global.LookupDef(c.Root)
			if def != nil && len(def.Operands) == 0 {
				leaves = append(leaves, c.conversionPattern())
				leafTarget.AddIllegalOp(c.Root)
			} else {
				ops = append(ops, c.conversionPattern())
				opTarget.AddIllegalOp(c.Root)
			}
		}
		dialects = append(dialects, f.Dialects...)
	}
	if err := conversion.ApplyPartialConversion(root, opTarget, ops, nil); err != nil {
		return err
	}
	eraseDead(root, dialects)
	if err := conversion.ApplyPartialConversion(root, leafTarget, leaves, nil); err != nil {
		return err
	}
	return Legalize(root, dialects)
}

// conversionPattern returns c for the conversion driver: a failure to
// convert is a match failure whose reason the driver attaches as a note.
func (c Conversion) conversionPattern() ir.Pattern {
	return &ir.PatternFunc{RootName: c.Root, PatternName: c.Name, Fn: func(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
		ok, err := c.Convert(op, rw)
		var d *ir.Diagnostic
		var mf *ir.MatchFailure
		if err != nil && !errors.As(err, &mf) && errors.As(err, &d) {
			return false, &ir.MatchFailure{Diag: d}
		}
		return ok, err
	}}
}

// eraseDead erases the unused side-effect-free ops of dialects nested in
// root, last first, so that chains of dead ops go too.
func eraseDead(root *ir.Operation, dialects []string) {
	var ops []*ir.Operation
	root.Walk(ir.PreOrder, func(op *ir.Operation) {
		if d, _, ok := strings.Cut(op.Name(), "."); ok && op != root && slices.Contains(dialects, d) {
			ops = append(ops, op)
		}
	})
	for i := len(ops) - 1; i >= 0; i-- {
		if op := ops[i]; op.HasTrait(ir.Pure) && len(op.Regions()) == 0 && op.UseEmpty() {
			op.Erase()
		}
	}
}

// Legalize reports the first op (in pre-order) nested in root whose
// dialect is one of dialects: "failed to legalize operation 'onnx.Gather'
// that was explicitly marked illegal".
func Legalize(root *ir.Operation, dialects []string) error {
	if root == nil {
		return errors.New("frontends.Legalize: nil root operation")
	}
	var bad *ir.Operation
	root.Walk(ir.PreOrder, func(op *ir.Operation) {
		if bad != nil || op == root {
			return
		}
		if d, _, ok := strings.Cut(op.Name(), "."); ok && slices.Contains(dialects, d) {
			bad = op
		}
	})
	if bad != nil {
		return bad.EmitError("failed to legalize operation '%s' that was explicitly marked illegal", bad.Name())
	}
	return nil
}

// pass applies a set of frontends (all registered ones, looked up at run
// time, if names is empty).
type thePass struct {
	info  *pass.Info
	names []string
}

func (p *thePass) Info() *pass.Info { return p.info }

func (p *thePass) Run(op *ir.Operation) error {
	var fs []*Frontend
	if len(p.names) == 0 {
		fs = All()
	}
	for _, n := range p.names {
		f, err := Require(n)
		if err != nil {
			return fmt.Errorf("%s: %v", p.info.Argument, err)
		}
		fs = append(fs, f)
	}
	return Apply(op, fs...)
}

// firstFrontendOp returns the first op nested in root of a frontend
// dialect, or nil.
func firstFrontendOp(root *ir.Operation) *ir.Operation {
	var found *ir.Operation
	root.Walk(ir.PreOrder, func(op *ir.Operation) {
		if found == nil && op != root && frontendhint.IsFrontendOp(op) {
			found = op
		}
	})
	return found
}

// NewPassInfo returns the pass that converts the named frontends (every
// registered frontend if none are named) into tcp; register it with
// pass.Register.
func NewPassInfo(argument, description string, names ...string) *pass.Info {
	info := &pass.Info{Argument: argument, Description: description, Anchor: pass.AnyOp}
	info.New = func(pass.Options) (pass.Pass, error) { return &thePass{info: info, names: names}, nil }
	return info
}

func init() {
	pass.Register(NewPassInfo("convert-frontends-to-tcp", "Convert every registered frontend dialect (onnx, tf, torch, stablehlo) to tcp"))
}
