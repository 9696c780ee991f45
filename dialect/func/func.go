package function

import (
	"fmt"

	"github.com/tcp-project/tcp/ir"
)

// Op names.
const (
	FuncName   = "func.func"
	ReturnName = "func.return"
	CallName   = "func.call"
)

// Func is func.func.
var Func = ir.MustRegister(ir.OpDef{
	Name:    FuncName,
	Summary: "an operation with a name containing a single SSACFG region",
	Description: `A function: a symbol (sym_name) with a function type (function_type),
optional visibility (sym_visibility: "private", "public" or "nested"),
optional argument and result attribute dictionaries (arg_attrs, res_attrs),
and a body region whose entry block arguments are the function arguments.
A function without a body is a declaration and must not be public.

Verifier rules: the entry block has one argument per input of function_type,
with the same types; a declaration has no body; terminators are checked by
func.return.`,
	Examples: []string{
		"func.func @f(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {\n  return %arg0 : tensor<3x4xf32>\n}",
		"func.func private @decl(i64) -> i64",
	},
	Attrs: []ir.AttrDef{
		{Name: "sym_name", Kind: ir.StrAttrKind, Required: true},
		{Name: "function_type", Kind: ir.FuncTypeAttrKind, Required: true},
		{Name: "sym_visibility", Kind: ir.StrAttrKind},
		{Name: "arg_attrs", Kind: ir.ArrayAttrKind},
		{Name: "res_attrs", Kind: ir.ArrayAttrKind},
	},
	Regions:        []ir.RegionDef{{Name: "body"}},
	Traits:         []ir.Trait{ir.IsolatedFromAbove, ir.Symbol},
	DefaultDialect: "func",
	Parse:          parseFunc,
	Print:          printFunc,
	Verify:         verifyFunc,
})

// Return is func.return.
var Return = ir.MustRegister(ir.OpDef{
	Name:    ReturnName,
	Summary: "function return operation",
	Description: `Returns its operands from the enclosing func.func.

Verifier rules: the operand count and types equal the enclosing function's
result types.`,
	Examples: []string{"return %0 : tensor<2x4xf32>", "return"},
	Operands: []ir.OperandDef{{Name: "operands", Type: ir.AnyType, Variadic: true}},
	Traits:   []ir.Trait{ir.Pure, ir.Terminator, ir.ReturnLike, ir.HasParent(FuncName)},
	Format:   "attr-dict ($operands^ `:` type($operands))?",
	Verify:   verifyReturn,
})

// Call is func.call.
var Call = ir.MustRegister(ir.OpDef{
	Name:    CallName,
	Summary: "call operation",
	Description: `Calls the function named by callee with the operands.

Verifier rules (symbol uses: checked when the enclosing module is
verified, not when a function is verified alone, as MLIR's
SymbolUserOpInterface): callee names a func.func in the nearest symbol
table; the operand and result types equal the callee's function type.`,
	Examples:         []string{"%0 = call @f(%arg0) : (tensor<2xi64>) -> tensor<2xi64>"},
	Operands:         []ir.OperandDef{{Name: "operands", Type: ir.AnyType, Variadic: true}},
	Results:          []ir.ResultDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
	Attrs:            []ir.AttrDef{{Name: "callee", Kind: ir.FlatSymbolRefAttrKind, Required: true}},
	Format:           "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)",
	VerifySymbolUses: verifyCall,
})

// FuncOp is a typed view of func.func.
type FuncOp struct{ *ir.Operation }

// Name returns the symbol name.
func (f FuncOp) Name() string { return f.StrAttr("sym_name") }

// Type returns the function type.
func (f FuncOp) Type() *ir.FunctionType {
	t, _ := f.Attr("function_type").(ir.TypeAttr)
	ft, _ := t.Type.(*ir.FunctionType)
	return ft
}

// Body returns the entry block, or nil for a declaration.
func (f FuncOp) Body() *ir.Block { return f.Region(0).Entry() }

// IsDeclaration reports whether the function has no body.
func (f FuncOp) IsDeclaration() bool { return f.Region(0).Empty() }

// Lookup finds the func.func named name in module (nil if none).
func Lookup(module *ir.Operation, name string) *ir.Operation {
	if module == nil || len(module.Regions()) == 0 || module.Region(0).Empty() {
		return nil
	}
	for _, op := range module.Region(0).Entry().Ops() {
		if op.Name() == FuncName && op.StrAttr("sym_name") == name {
			return op
		}
	}
	return nil
}

// callLike maps the ops that call a func.func like func.call to the
// attribute naming the callee (func.call: callee; dialects register theirs,
// e.g. TensorFlow's tf.PartitionedCall: f).
var callLike = map[string]string{CallName: "callee"}

// RegisterCallLike declares that op calls the func.func its attribute
// attr names, with its operands as the arguments and its results as the
// function's results (func.call's meaning): --inline inlines it, the
// interpreter runs it as a call, and the function it names counts as
// called. Call it from an init function.
func RegisterCallLike(op, attr string) { callLike[op] = attr }

// CalleeOf returns the function op calls when op is func.call or a
// registered call-like op.
func CalleeOf(op *ir.Operation) (ir.SymbolRefAttr, bool) {
	attr, ok := callLike[op.Name()]
	if !ok {
		return ir.SymbolRefAttr{}, false
	}
	c, ok := op.Attr(attr).(ir.SymbolRefAttr)
	return c, ok
}

// CalledNames returns the names of the symbols that ops nested in root
// call (their "callee" attribute's root reference, or a registered
// call-like op's callee).
func CalledNames(root *ir.Operation) map[string]bool {
	called := map[string]bool{}
	root.Walk(ir.PreOrder, func(op *ir.Operation) {
		if c, ok := op.Attr("callee").(ir.SymbolRefAttr); ok {
			called[c.Root] = true
		}
		if c, ok := CalleeOf(op); ok {
			called[c.Root] = true
		}
	})
	return called
}

// Funcs returns the func.func ops of module in order.
func Funcs(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	if module == nil || len(module.Regions()) == 0 || module.Region(0).Empty() {
		return nil
	}
	for _, op := range module.Region(0).Entry().Ops() {
		if op.Name() == FuncName {
			out = append(out, op)
		}
	}
	return out
}

// parseFunc parses: [visibility] @name(args) [-> results] [attributes {…}] [body]
func parseFunc(p ir.AsmParser, st *ir.ParseState) error {
	for _, vis := range []string{"private", "public", "nested"} {
		if p.ParseOptionalKeyword(vis) {
			st.AddAttr("sym_visibility", ir.StringAttr(vis))
			break
		}
	}
	name, ok, err := p.ParseOptionalSymbolName()
	if err != nil {
		return err
	}
	if !ok {
		return p.Errorf("expected valid '@'-identifier for symbol name")
	}
	st.AddAttr("sym_name", ir.StringAttr(name))
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	var args []ir.RegionArg
	var inputs []ir.Type
	var argAttrs []ir.Attribute
	named := false
	for !p.ParseOptionalPunct(")") {
		if len(inputs) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		u, isNamed, err := p.ParseOptionalOperand()
		if err != nil {
			return err
		}
		if len(inputs) > 0 && isNamed != named {
			return p.Errorf("expected SSA identifier")
		}
		named = isNamed
		if isNamed {
			if err := p.ParsePunct(":"); err != nil {
				return err
			}
		}
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		attrs, _, err := p.ParseOptionalAttrDict()
		if err != nil {
			return err
		}
		a := ir.RegionArg{Operand: u, Type: t, Attrs: attrs}
		if l, ok, err := p.ParseOptionalLocation(); err != nil {
			return err
		} else if ok {
			a.Loc = l
		}
		args = append(args, a)
		inputs = append(inputs, t)
		argAttrs = append(argAttrs, ir.DictAttr(attrs))
	}
	var results []ir.Type
	var resAttrs []ir.Attribute
	if p.ParseOptionalPunct("->") {
		if p.ParseOptionalPunct("(") {
			for !p.ParseOptionalPunct(")") {
				if len(results) > 0 {
					if err := p.ParsePunct(","); err != nil {
						return err
					}
				}
				t, err := p.ParseType()
				if err != nil {
					return err
				}
				attrs, _, err := p.ParseOptionalAttrDict()
				if err != nil {
					return err
				}
				results = append(results, t)
				resAttrs = append(resAttrs, ir.DictAttr(attrs))
			}
		} else {
			t, err := p.ParseType()
			if err != nil {
				return err
			}
			results = append(results, t)
			resAttrs = append(resAttrs, ir.DictAttr(nil))
		}
	}
	st.AddAttr("function_type", ir.TypeAttr{Type: ir.Function(inputs, results)})
	if anyNonEmpty(argAttrs) {
		st.AddAttr("arg_attrs", ir.ArrayAttr(argAttrs))
	}
	if anyNonEmpty(resAttrs) {
		st.AddAttr("res_attrs", ir.ArrayAttr(resAttrs))
	}
	if p.ParseOptionalKeyword("attributes") {
		attrs, _, err := p.ParseOptionalAttrDict()
		if err != nil {
			return err
		}
		for _, na := range attrs {
			st.AddAttr(na.Name, na.Value)
		}
	}
	if p.PeekPunct("{") {
		if !named && len(args) > 0 {
			return p.Errorf("expected named arguments when the function has a body")
		}
		r, err := p.ParseRegion(args)
		if err != nil {
			return err
		}
		if len(r.Blocks) == 0 {
			r.AddBlock(ir.NewBlock(inputs, nil))
		}
		st.Regions = []*ir.Region{r}
	} else {
		st.Regions = []*ir.Region{ir.NewRegion()}
	}
	return nil
}

func anyNonEmpty(as []ir.Attribute) bool {
	for _, a := range as {
		if d, ok := a.(ir.DictAttr); ok && len(d) > 0 {
			return true
		}
	}
	return false
}

func printFunc(p *ir.AsmPrinter, op *ir.Operation) {
	f := FuncOp{op}
	if vis := op.StrAttr("sym_visibility"); vis != "" {
		p.WriteString(" " + vis)
	}
	p.WriteString(" ")
	p.PrintAttribute(ir.SymbolRefAttr{Root: f.Name()})
	ft := f.Type()
	argAttrs, _ := op.Attr("arg_attrs").(ir.ArrayAttr)
	resAttrs, _ := op.Attr("res_attrs").(ir.ArrayAttr)
	p.WriteString("(")
	body := f.Body()
	for i, t := range ft.Inputs() {
		if i > 0 {
			p.WriteString(", ")
		}
		if body != nil && i < body.NumArguments() {
			p.PrintOperand(body.Argument(i))
			p.WriteString(": ")
		}
		p.PrintType(t)
		if i < len(argAttrs) {
			if d, ok := argAttrs[i].(ir.DictAttr); ok && len(d) > 0 {
				p.WriteString(" " + d.String())
			}
		}
		if body != nil && i < body.NumArguments() && p.Options().DebugInfo {
			p.WriteString(" " + body.Argument(i).Loc.String())
		}
	}
	p.WriteString(")")
	if rs := ft.Results(); len(rs) > 0 {
		p.WriteString(" -> ")
		_, isFn := rs[0].(*ir.FunctionType)
		withAttrs := anyNonEmpty(resAttrs)
		if len(rs) == 1 && !isFn && !withAttrs {
			p.PrintType(rs[0])
		} else {
			p.WriteString("(")
			for i, t := range rs {
				if i > 0 {
					p.WriteString(", ")
				}
				p.PrintType(t)
				if i < len(resAttrs) {
					if d, ok := resAttrs[i].(ir.DictAttr); ok && len(d) > 0 {
						p.WriteString(" " + d.String())
					}
				}
			}
			p.WriteString(")")
		}
	}
	p.PrintOptionalAttrDict(op, map[string]bool{"sym_name": true, "function_type": true, "sym_visibility": true, "arg_attrs": true, "res_attrs": true}, true)
	if body != nil {
		p.WriteString(" ")
		p.PrintRegionWithDefaultDialect(op.Region(0), "func", false)
	}
}

func verifyFunc(op *ir.Operation) error {
	f := FuncOp{op}
	ft := f.Type()
	if f.IsDeclaration() {
		if vis := op.StrAttr("sym_visibility"); vis == "" || vis == "public" {
			return op.EmitOpError("symbol declaration cannot have public visibility")
		}
		return nil
	}
	entry := f.Body()
	if entry.NumArguments() != len(ft.Inputs()) {
		return op.EmitOpError("entry block must have %d arguments to match function signature", len(ft.Inputs()))
	}
	for i, t := range ft.Inputs() {
		if at := entry.Argument(i).Type(); at != t {
			return op.EmitOpError("type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')", i, at, t)
		}
	}
	if a, ok := op.Attr("arg_attrs").(ir.ArrayAttr); ok && len(a) != len(ft.Inputs()) {
		return op.EmitOpError("expects argument attribute array to have the same number of elements as the number of function arguments, got %d, but expected %d", len(a), len(ft.Inputs()))
	}
	return nil
}

func verifyReturn(op *ir.Operation) error {
	fn := op.ParentOp()
	if fn == nil || fn.Name() != FuncName {
		return nil
	}
	f := FuncOp{fn}
	if f.Type() == nil {
		return nil // the function's own verifier reports it
	}
	results := f.Type().Results()
	if op.NumOperands() != len(results) {
		return op.EmitOpError("has %d operands, but enclosing function (@%s) returns %d", op.NumOperands(), f.Name(), len(results))
	}
	for i, t := range results {
		if got := op.Operand(i).Type(); got != t {
			return op.EmitError("type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s", i, got, t, f.Name())
		}
	}
	return nil
}

func verifyCall(op *ir.Operation) error {
	callee, _ := op.Attr("callee").(ir.SymbolRefAttr)
	var module *ir.Operation
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.SymbolTable) {
			module = p
			break
		}
	}
	fn := Lookup(module, callee.Root)
	if fn == nil {
		return op.EmitOpError("'%s' does not reference a valid function", callee.Root)
	}
	ft := FuncOp{fn}.Type()
	if ft == nil {
		return op.EmitOpError("'%s' does not reference a valid function", callee.Root)
	}
	if len(ft.Inputs()) != op.NumOperands() {
		return op.EmitOpError("incorrect number of operands for callee")
	}
	for i, t := range ft.Inputs() {
		if got := op.Operand(i).Type(); got != t {
			return op.EmitOpError("operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", t, got, i)
		}
	}
	if len(ft.Results()) != op.NumResults() {
		return op.EmitOpError("incorrect number of results for callee")
	}
	for i, t := range ft.Results() {
		if got := op.Result(i).Type(); got != t {
			return op.EmitOpError("result type mismatch at index %d", i)
		}
	}
	return nil
}

var _ = fmt.Sprintf
