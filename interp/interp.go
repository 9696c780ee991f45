package interp

// Design: a tree-walking interpreter over single-block bodies.
//
// Phases of a call (execState.call):
//  1. check the arguments against the function type (element type, rank,
//     static dims; a dynamic dim accepts any size);
//  2. bind the entry block arguments and run the block (execState.runBlock):
//     the operations in order, each through the kernel registered for its
//     name; the operand values come from an env keyed by ir.Value;
//  3. check every result against the op's declared result type;
//  4. at func.return, check the returned values against the function's
//     result types and return them.
//
// Ops with regions run only through a kernel for them: a kernelFunc that
// reads its body itself (stablehlo.reduce), or a regionKernelFunc that runs
// its body blocks with runBlock in a child env (tf_executor.graph, island).
//
// Invariants:
//   - Runtime values are *tensor.Tensor and are never modified after they
//     are produced: kernels read their operands and return new tensors (or
//     views sharing the data, as reshapes do), so a value may be used by
//     any number of ops.
//   - Scalars (index, iN, fN, bf16) are 0-d tensors of the matching element
//     type. tensor<f32> and f32 are therefore the same runtime value; the
//     declared IR type decides how the value is checked and printed.
//   - Every error raised by an op is located at that op (*RuntimeError);
//     an error inside a callee gets a note at each func.call on the way up.
//   - Nothing is global except the kernel table, which the init functions of
//     the per-dialect files fill once.

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// Defaults of Options.
const (
	// DefaultMaxCallDepth bounds the nesting of func.call.
	DefaultMaxCallDepth = 200
	// DefaultMaxTensorBytes bounds the size of one tensor an op creates.
	DefaultMaxTensorBytes = 1 << 30
	// DefaultMaxSteps bounds the number of operations one Run executes.
	DefaultMaxSteps = 10_000_000
)

// Options configure a run. The zero value uses the defaults.
type Options struct {
	// MaxCallDepth is the deepest func.call nesting allowed (0:
	// DefaultMaxCallDepth). Exceeding it is a runtime error at the call.
	MaxCallDepth int
	// MaxTensorBytes is the largest tensor, in bytes, that an op may create
	// (0: DefaultMaxTensorBytes). A larger result is a runtime error, so a
	// program cannot make the interpreter exhaust memory.
	MaxTensorBytes int64
	// MaxSteps is the largest number of operations one Run may execute (0:
	// DefaultMaxSteps), so that recursion that fans out terminates too.
	MaxSteps int64
}

// Run executes the func.func fn on args with the default options and
// returns its results. See Options.Run.
func Run(fn *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	return Options{}.Run(fn, args)
}

// RunFunc looks up the func.func named name in module and runs it on args
// with the default options.
func RunFunc(module *ir.Operation, name string, args ...*tensor.Tensor) ([]*tensor.Tensor, error) {
	fn := function.Lookup(module, name)
	if fn == nil {
		return nil, fmt.Errorf("interp: no func.func @%s in the module (functions: %s)", name, FuncNames(module))
	}
	return Run(fn, args)
}

// FuncNames lists the func.func symbols of module as "@a, @b", or "none".
func FuncNames(module *ir.Operation) string {
	var names []string
	if module != nil {
		for _, f := range function.Funcs(module) {
			names = append(names, "@"+function.FuncOp{Operation: f}.Name())
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// Run executes the func.func fn on args and returns its results.
//
// Each argument must match the function's input type: the element type,
// the rank and every static dim (a dynamic dim accepts any size); a scalar
// input (index, i32, f32, …) takes a 0-d tensor of that element type.
// func.call looks callees up in the symbol table (module) that contains fn.
// The IR should have been verified (ir.Verify); the interpreter checks
// what it relies on anyway and reports, never panics on, malformed IR.
//
// Errors located at an operation are *RuntimeError values; argument
// mismatches are *ir.Diagnostic values located at fn.
func (o Options) Run(fn *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if o.MaxCallDepth <= 0 {
		o.MaxCallDepth = DefaultMaxCallDepth
	}
	if o.MaxTensorBytes <= 0 {
		o.MaxTensorBytes = DefaultMaxTensorBytes
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = DefaultMaxSteps
	}
	if fn == nil {
		return nil, errors.New("interp: nil function")
	}
	x := &execState{opts: o}
	return x.call(fn, args)
}

// RuntimeError is an error raised while executing an operation. Error
// prints the located diagnostic, for example
//
//	f.mlir:3:8: error: 'tcp.gather' op index 2 is out of bounds for dimension 1 with size 2
//	f.mlir:3:8: note: the index is at position [0, 1] of the indices
//
// and Unwrap gives the kernel's error (such as a *kernel.IndexError).
type RuntimeError struct {
	Diag *ir.Diagnostic
	Err  error
	// Op is the op of the running function that raised the error: the op
	// itself (possibly nested in a region, such as an op in a
	// tf_executor.island), or the func.call whose callee raised it.
	Op *ir.Operation
}

func (e *RuntimeError) Error() string { return e.Diag.Error() }
func (e *RuntimeError) Unwrap() error { return e.Err }

// kernelFunc executes one operation: it receives the operand values in
// order and returns one value per result. It must not modify its operands.
// Errors it returns are located at op by the interpreter.
type kernelFunc func(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error)

// regionKernelFunc executes an operation whose regions hold ops the
// interpreter runs (tf_executor.graph): like a kernelFunc, plus the env of
// the enclosing block, which it passes on to runBlock as the parent of its
// body's env so that the body sees the values defined above it.
type regionKernelFunc func(x *execState, op *ir.Operation, e *env, args []*tensor.Tensor) ([]*tensor.Tensor, error)

var (
	kernels       = map[string]kernelFunc{}
	regionKernels = map[string]regionKernelFunc{}
	unsupported   = map[string]string{}
	// structural ops are executed by the interpreter itself, not by a kernel.
	structural = map[string]bool{function.FuncName: true, ir.ModuleName: true}
)

// register adds kernels; each dialect's file calls it once from init.
func register(m map[string]kernelFunc) {
	for name, k := range m {
		if _, dup := kernels[name]; dup {
			panic("interp: two kernels for " + name)
		}
		if _, dup := regionKernels[name]; dup {
			panic("interp: two kernels for " + name)
		}
		kernels[name] = k
	}
}

// registerRegion adds region kernels, like register.
func registerRegion(m map[string]regionKernelFunc) {
	for name, k := range m {
		if _, dup := kernels[name]; dup {
			panic("interp: two kernels for " + name)
		}
		if _, dup := regionKernels[name]; dup {
			panic("interp: two kernels for " + name)
		}
		regionKernels[name] = k
	}
}

// markUnsupported records ops that deliberately have no kernel, with the
// reason reported when a program uses one.
func markUnsupported(m map[string]string) {
	for name, why := range m {
		unsupported[name] = why
	}
}

// Supported reports whether the interpreter can execute operations named
// opName (including func.func and builtin.module, which it runs itself).
func Supported(opName string) bool {
	return kernels[opName] != nil || regionKernels[opName] != nil || structural[opName]
}

// Unsupported reports whether opName is explicitly marked as having no
// kernel, and why.
func Unsupported(opName string) (reason string, ok bool) {
	reason, ok = unsupported[opName]
	return reason, ok
}

// Kernels returns the names of the ops with kernels, sorted.
func Kernels() []string {
	out := make([]string, 0, len(kernels)+len(regionKernels))
	for n := range kernels {
		out = append(out, n)
	}
	for n := range regionKernels {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// execState is the state of one Run: options, the call depth and the
// number of operations executed.
type execState struct {
	opts  Options
	depth int
	steps int64
	// lists holds the elements of the !torch.list values of this run,
	// keyed by the list's runtime value (torch.prim.ListConstruct).
	lists map[*tensor.Tensor][]*tensor.Tensor
}

func (x *execState) setList(v *tensor.Tensor, elems []*tensor.Tensor) {
	if x.lists == nil {
		x.lists = map[*tensor.Tensor][]*tensor.Tensor{}
	}
	x.lists[v] = elems
}

// call runs fn on args.
func (x *execState) call(fn *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if fn.Name() != function.FuncName {
		return nil, fmt.Errorf("interp: can only run func.func, got %s", fn.Name())
	}
	f := function.FuncOp{Operation: fn}
	ft := f.Type()
	if ft == nil || len(fn.Regions()) != 1 {
		return nil, fn.EmitOpError("is malformed: no function type or body region")
	}
	if f.IsDeclaration() {
		return nil, fn.EmitError("cannot run @%s: it is a declaration without a body", f.Name())
	}
	if len(args) != len(ft.Inputs()) {
		return nil, fn.EmitError("@%s takes %d argument(s), got %d", f.Name(), len(ft.Inputs()), len(args))
	}
	for i, t := range ft.Inputs() {
		if err := checkValue(args[i], t); err != nil {
			return nil, fn.EmitError("@%s: argument #%d: %v", f.Name(), i, err)
		}
	}
	if n := len(fn.Region(0).Blocks); n != 1 {
		return nil, fn.EmitError("cannot run @%s: its body has %d blocks; only single-block functions are supported", f.Name(), n)
	}
	body := f.Body()
	if body.NumArguments() != len(args) {
		return nil, fn.EmitOpError("entry block has %d arguments, the function type %d", body.NumArguments(), len(args))
	}
	e := newEnv(nil)
	for i, a := range body.Arguments() {
		e.vals[a] = args[i]
	}
	isReturn := func(op *ir.Operation) bool {
		return op.Name() == function.ReturnName || op.HasTrait(ir.ReturnLike)
	}
	ret, vals, err := x.runBlock(body, e, isReturn)
	if err != nil {
		return nil, err
	}
	if ret == nil {
		return nil, fn.EmitError("@%s: the body does not end in func.return", f.Name())
	}
	res := ft.Results()
	if len(vals) != len(res) {
		return nil, located(ret, fmt.Errorf("returns %d value(s), but @%s returns %d", len(vals), f.Name(), len(res)))
	}
	for i, t := range res {
		if err := checkValue(vals[i], t); err != nil {
			return nil, located(ret, fmt.Errorf("returned value #%d: %v", i, err))
		}
	}
	return vals, nil
}

// env maps the SSA values in scope to their runtime values. A function
// body has a fresh env (func.func is isolated from above); the body of a
// region op run by runBlock gets a child env, so it sees the values defined
// above it while the values it defines stay out of the enclosing scope.
type env struct {
	vals   map[ir.Value]*tensor.Tensor
	parent *env
}

func newEnv(parent *env) *env {
	return &env{vals: make(map[ir.Value]*tensor.Tensor, 16), parent: parent}
}

func (e *env) lookup(v ir.Value) (*tensor.Tensor, bool) {
	for ; e != nil; e = e.parent {
		if t, ok := e.vals[v]; ok {
			return t, true
		}
	}
	return nil, false
}

// runBlock runs the operations of b in order in e, each through its kernel
// (counting steps and checking results against the declared types), up to
// the first op for which isTerminator holds. It returns that op and its
// operand values without running it, or a nil op if the block has none.
// Every error is located at the op that raised it.
func (x *execState) runBlock(b *ir.Block, e *env, isTerminator func(*ir.Operation) bool) (*ir.Operation, []*tensor.Tensor, error) {
	for op := b.First(); op != nil; op = op.Next() {
		if x.steps++; x.steps > x.opts.MaxSteps {
			return nil, nil, located(op, fmt.Errorf("the run exceeds the limit of %d operations", x.opts.MaxSteps))
		}
		vals := make([]*tensor.Tensor, op.NumOperands())
		for i := range vals {
			v, ok := e.lookup(op.Operand(i))
			if !ok {
				return nil, nil, located(op, fmt.Errorf("operand #%d has no value (it is not defined before its use)", i))
			}
			vals[i] = v
		}
		if isTerminator(op) {
			return op, vals, nil
		}
		// A kernel registered for an op with regions reads them itself
		// (stablehlo.reduce's one-op body); a region kernel runs them with
		// runBlock (tf_executor.graph); other region ops are unsupported.
		k, rk := kernels[op.Name()], regionKernels[op.Name()]
		if (len(op.Regions()) > 0 && k == nil && rk == nil) || len(op.Successors()) > 0 {
			return nil, nil, located(op, errors.New("operations with regions or successors are not supported by the interpreter"))
		}
		var results []*tensor.Tensor
		var err error
		switch {
		case k != nil:
			results, err = k(x, op, vals)
		case rk != nil:
			results, err = rk(x, op, e, vals)
		default:
			if why, ok := unsupported[op.Name()]; ok {
				return nil, nil, located(op, fmt.Errorf("is not supported by the interpreter: %s", why))
			}
			return nil, nil, located(op, errors.New("has no interpreter kernel"))
		}
		if err != nil {
			return nil, nil, located(op, err)
		}
		if len(results) != op.NumResults() {
			return nil, nil, located(op, fmt.Errorf("kernel produced %d result(s), the op has %d", len(results), op.NumResults()))
		}
		for i, r := range results {
			if err := checkValue(r, op.Result(i).Type()); err != nil {
				return nil, nil, located(op, fmt.Errorf("result #%d: %v", i, err))
			}
			e.vals[op.Result(i)] = r
		}
	}
	return nil, nil, nil
}

// lookupCallee finds the func.func named name in the symbol table that
// contains op.
func lookupCallee(op *ir.Operation, name string) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.SymbolTable) || p.Name() == ir.ModuleName {
			return function.Lookup(p, name)
		}
	}
	return nil
}

// kernelPrefixes are the operation prefixes of interp/kernel's plain
// errors, dropped because the located message names the op already.
var kernelPrefixes = []string{"gather: ", "gather_nd: ", "broadcast_to: ", "slice: ", "reshape: ", "take: "}

// located turns err into a *RuntimeError at op. An error that is already
// located (from a callee) is passed through unchanged.
func located(op *ir.Operation, err error) error {
	var re *RuntimeError
	if errors.As(err, &re) {
		return err
	}
	var d *ir.Diagnostic
	if errors.As(err, &d) {
		return &RuntimeError{Diag: d, Err: err, Op: op}
	}
	msg := err.Error()
	for _, p := range kernelPrefixes {
		if strings.HasPrefix(msg, p) {
			msg = msg[len(p):]
			break
		}
	}
	diag := op.EmitOpError("%s", msg)
	var ie *kernel.IndexError
	if errors.As(err, &ie) && len(ie.Position) > 0 {
		diag.AttachNote(op.Loc(), "the index is at position %s of the indices", tensor.ShapeString(ie.Position))
	}
	return &RuntimeError{Diag: diag, Err: err, Op: op}
}

// alloc checks that a tensor of dt and shape is within the size limit,
// then allocates it zero-filled.
func (x *execState) alloc(dt tensor.DType, shape []int64) (*tensor.Tensor, error) {
	if err := x.checkSize(dt, shape); err != nil {
		return nil, err
	}
	return tensor.New(dt, shape)
}

// checkSize reports an error if a tensor of dt and shape would be larger
// than the size limit (or its size overflows).
func (x *execState) checkSize(dt tensor.DType, shape []int64) error {
	n, err := tensor.NumElementsOf(shape)
	if err != nil {
		return err
	}
	if es := int64(dt.Size()); es > 0 && n > x.opts.MaxTensorBytes/es {
		return fmt.Errorf("result %s needs more than the interpreter's limit of %d bytes", tensor.TypeString(dt, shape), x.opts.MaxTensorBytes)
	}
	return nil
}
