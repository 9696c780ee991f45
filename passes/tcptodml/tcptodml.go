package tcptodml

// Design: one walk per function, in program order.
//
//  1. Tensor constants (tcp.const, arith.constant of a tensor) become
//     dml.constant.
//  2. tcp.gather: the slice-gather recipe (docs/semantics.md §5.1, b = 0:
//     expand_shape + broadcast_to of the indices, optionally of the input)
//     is matched by shapes and becomes one dml.gather on the original
//     tensors; any other tcp.gather becomes dml.gather_elements, reading
//     broadcast operands through zero-stride views and a larger input
//     through a sub-view. tcp.gather_nd becomes dml.gather_nd1 (FL >= 3.0)
//     or dml.gather_nd (b = 0 below 3.0); tcp.slice with constant
//     parameters becomes dml.slice1. tcp.scatter / tcp.scatter_nd with
//     unique indices become dml.scatter_elements / dml.scatter_nd (a
//     reduction first gathers, combines elementwise; scatter.go).
//  3. Index operands are legalized: constants get the index mode applied
//     at compile time (and are narrowed to ui32 below FL 3.0);
//     non-constant indices keep their meaning only where DirectML's
//     matches the mode (promise_in_bounds; wrap_negative with signed
//     indices from FL 3.0) or an explicit node makes it (clip: an
//     ELEMENT_WISE_CLIP of the indices; wrap: ELEMENT_WISE_MODULUS_FLOOR),
//     and i32 indices are cast to ui32 below 3.0.
//     Every other case is a located error that says why.
//  4. A broadcast (or tcp.transpose) still used after that becomes
//     dml.element_wise_identity over a zero-stride (or permuted) view. Dead tcp ops, reshapes and constants are
//     erased; a tcp op that remains is an error.
//
// Invariants: the created ops verify at the target level (each one is
// checked with dml.Needs as it is built, and errors are reported at the
// tcp op), and the lowered function computes what the tcp one does
// wherever the tcp one is defined (checked by the random-program test).

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/dml"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/internal/frontendhint"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
)

// Pass is --convert-tcp-to-dml.
type Pass struct {
	// Level is the target feature level (dml.DefaultFeatureLevel if 0).
	Level dml.FeatureLevel
	// AssumeInBounds lowers mode "error" on non-constant indices as if it
	// were promise_in_bounds (DirectML cannot report an out-of-range
	// index). Off by default: such gathers are rejected.
	AssumeInBounds bool
	// AssumeUniqueIndices lowers scatters with non-constant indices as if
	// no two updates wrote the same element (DirectML applies duplicates
	// in no documented order). Off by default: such scatters are rejected
	// unless they carry unique_indices.
	AssumeUniqueIndices bool
}

var info = &pass.Info{
	Argument:    "convert-tcp-to-dml",
	Name:        "ConvertTcpToDml",
	Description: "Lower tcp to DirectML operators (the dml dialect) for a feature level",
	Anchor:      ir.ModuleName,
	Options: []pass.Option{
		{Name: "feature-level", Kind: pass.StringOption, Default: dml.DefaultFeatureLevel.String(), Description: "DirectML feature level to target (1.0 ... 6.4)"},
		{Name: "assume-in-bounds", Kind: pass.BoolOption, Default: "false", Description: "Lower mode \"error\" on non-constant indices as promise_in_bounds (DirectML does not report out-of-range indices; its output for them is undefined)"},
		{Name: "assume-unique-indices", Kind: pass.BoolOption, Default: "false", Description: "Lower scatters with non-constant indices as if no two updates wrote the same element (DirectML applies duplicates in no documented order)"},
	},
	New: func(o pass.Options) (pass.Pass, error) {
		l, err := dml.ParseFeatureLevel(o.Value("feature-level"))
		if err != nil {
			return nil, err
		}
		return &Pass{Level: l, AssumeInBounds: o.Bool("assume-in-bounds"), AssumeUniqueIndices: o.Bool("assume-unique-indices")}, nil
	},
}

func init() { pass.Register(info) }

// New returns the pass for level.
func New(level dml.FeatureLevel) *Pass { return &Pass{Level: level} }

func (p *Pass) Info() *pass.Info { return info }

// Options returns the pass's option values.
func (p *Pass) Options() pass.Options {
	o := pass.DefaultOptions(info)
	o.Set("feature-level", p.level().String())
	o.Set("assume-in-bounds", fmt.Sprint(p.AssumeInBounds))
	o.Set("assume-unique-indices", fmt.Sprint(p.AssumeUniqueIndices))
	return o
}

func (p *Pass) level() dml.FeatureLevel {
	if p.Level == 0 {
		return dml.DefaultFeatureLevel
	}
	return p.Level
}

// Run lowers every function of module and records the level on it.
func (p *Pass) Run(module *ir.Operation) error {
	module.SetAttr(dml.FeatureLevelAttrName, ir.Str(p.level().String()))
	var errs ir.DiagnosticList
	// dml ops already in the module must suit the new level too.
	module.Walk(ir.PreOrder, func(op *ir.Operation) {
		if dml.Info(op.Name()) == nil {
			return
		}
		needs, err := dml.Needs(op)
		if err != nil {
			errs = append(errs, op.EmitOpError("%v", err))
			return
		}
		for _, n := range needs {
			if n.Level > p.level() {
				errs = append(errs, op.EmitOpError("is already in the module, and %s needs feature level %s, got %s", n.Reason, n.Level, p.level()))
				return
			}
		}
	})
	if len(errs) > 0 {
		return errs
	}
	for _, fn := range function.Funcs(module) {
		f := function.FuncOp{Operation: fn}
		if f.IsDeclaration() {
			continue
		}
		if err := checkBoundary(fn); err != nil {
			errs = append(errs, err)
			continue
		}
		c := &conv{level: p.level(), assume: p.AssumeInBounds, assumeUnique: p.AssumeUniqueIndices, rw: ir.NewRewriter(nil, nil)}
		dropEmptyInserts(f.Body())
		decomposeFill(f.Body(), c.rw, c.level)
		if err := c.run(f.Body()); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

type conv struct {
	level  dml.FeatureLevel
	assume bool
	// assumeUnique: scatters' indices are unique (assume-unique-indices).
	assumeUnique bool
	rw           *ir.Rewriter
	pending      []pending           // casts.go
	splats       map[string]ir.Value // arith.go: one-element constants by value and type
}

// loc is the location of an op created for the tcp op: its location
// named by the tcp op's name, so that emitters can say where a DirectML
// node comes from (loc("tcp.gather"("f.mlir":3:8))).
func (c *conv) loc(op *ir.Operation) ir.Location {
	if n, ok := op.Loc().(*ir.NameLoc); ok && strings.Contains(n.Name, ".") {
		return n
	}
	return &ir.NameLoc{Name: op.Name(), Child: op.Loc()}
}

// errorf is a located error at a tcp op saying it cannot be lowered.
func errorf(op *ir.Operation, format string, args ...any) *ir.Diagnostic {
	return op.EmitOpError("cannot be lowered to DirectML: "+format, args...)
}

func (c *conv) run(body *ir.Block) *ir.Diagnostic {
	for _, op := range body.Ops() {
		var err *ir.Diagnostic
		switch {
		case op.Name() == tcp.ConstName || op.Name() == "arith.constant" && isTensor(op.Result(0).Type()):
			err = c.constant(op)
		case op.Name() == tcp.GatherName:
			err = c.gather(op)
		case op.Name() == tcp.GatherNDName:
			err = c.gatherND(op)
		case op.Name() == tcp.SliceName:
			err = c.slice(op)
		case tcp.IsScatter(op):
			err = c.scatter(op)
		case op.Name() == tensor.ExtractSliceName:
			err = c.extractSlice(op)
		case op.Name() == tensor.InsertSliceName:
			err = c.insertSlice(op)
		case isIndexCast(op):
			err = c.castIndices(op)
		case op.Name() == tensor.ConcatName:
			err = c.concat(op)
		case isIndexArith(op):
			err = c.arith(op)
		}
		if err != nil {
			return err
		}
	}
	for _, op := range body.Ops() {
		if isView(op) && usedByNonView(op) {
			if err := c.broadcast(op); err != nil {
				return err
			}
		}
	}
	eraseDead(body)
	if err := c.checkPending(body); err != nil {
		return err
	}
	for _, op := range body.Ops() {
		switch {
		case strings.HasPrefix(op.Name(), "dml."), op.Name() == function.ReturnName, op.HasTrait(ir.ConstantLike),
			op.Name() == tensor.ExpandShapeName, op.Name() == tensor.CollapseShapeName:
		default:
			if frontendhint.IsFrontendOp(op) {
				return errorf(op, "no DirectML lowering for this op; %s", frontendhint.OpAdvice(op))
			}
			if op.Name() == arith.DivSIName {
				// ONNX Div and TensorFlow's // of indices.
				return errorf(op, "integer division is not lowered: DML_OPERATOR_ELEMENT_WISE_DIVIDE's rounding of integer quotients is not specified as truncation toward zero, which arith.divsi needs, and a zero divisor has no error path")
			}
			switch op.Name() {
			case arith.AddFName, arith.SubFName, arith.MulFName, arith.DivFName:
				// torch's y[1] += v, jax gradients.
				return errorf(op, "float arithmetic is not lowered: DirectML's float operators follow Direct3D's float rules, which let float32 denormals flush to zero, so values could differ from arith's IEEE result")
			}
			return errorf(op, "no DirectML lowering for this op")
		}
	}
	return nil
}

// checkBoundary refuses a function whose signature has frontend types
// (torch-mlir's !torch.vtensor): they are converted by the named pipeline,
// not by this lowering.
func checkBoundary(fn *ir.Operation) *ir.Diagnostic {
	ft := function.FuncOp{Operation: fn}.Type()
	for i, t := range ft.Inputs() {
		if frontendhint.IsFrontendType(t) {
			return fn.EmitOpError("cannot be lowered to DirectML: argument #%d has type %s, %s", i, t, frontendhint.TypeAdvice())
		}
	}
	for i, t := range ft.Results() {
		if frontendhint.IsFrontendType(t) {
			return fn.EmitOpError("cannot be lowered to DirectML: result #%d has type %s, %s", i, t, frontendhint.TypeAdvice())
		}
	}
	return nil
}

func isTensor(t ir.Type) bool { _, ok := t.(*ir.RankedTensorType); return ok }

func usedByNonView(op *ir.Operation) bool {
	for _, u := range ir.Uses(op.Result(0)) {
		if !isView(u.Owner()) {
			return true
		}
	}
	return false
}

// eraseDead removes unused pure ops, last first, until none is left.
func eraseDead(body *ir.Block) {
	for changed := true; changed; {
		changed = false
		ops := body.Ops()
		for i := len(ops) - 1; i >= 0; i-- {
			op := ops[i]
			if op.NumResults() > 0 && op.UseEmpty() && op.HasTrait(ir.Pure) {
				op.Erase()
				changed = true
			}
		}
	}
}

// checkTensor reports a located error if t cannot be a DirectML tensor.
func checkTensor(op *ir.Operation, what string, t ir.Type) *ir.Diagnostic {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return errorf(op, "%s must have a static shape, got %s", what, t)
	}
	if !rt.HasStaticShape() {
		d := slices.Index(rt.Shape(), ir.Dynamic)
		return errorf(op, "%s must have a static shape, got %s (dim %d is dynamic): give the function's dynamic argument dims sizes with specialize-dims{shapes=...} (tcp-pipeline --specialize-dims) before lowering", what, t, d)
	}
	for _, s := range rt.Shape() {
		if s == 0 {
			return errorf(op, "%s %s is empty, and DirectML tensors cannot have zero-size dims (every size of a DML_BUFFER_TENSOR_DESC is at least 1, so no operator, graph input or graph output can hold it; an empty result is not lowered)", what, t)
		}
	}
	if _, err := dml.DataTypeOf(rt.Elem()); err != nil {
		return errorf(op, "%s: %v", what, err)
	}
	return nil
}

func shapeOf(v ir.Value) []int64 { return v.Type().(*ir.RankedTensorType).Shape() }

func (c *conv) constant(op *ir.Operation) *ir.Diagnostic {
	if err := checkTensor(op, "the constant", op.Result(0).Type()); err != nil {
		return err
	}
	c.rw.SetInsertionPointBefore(op)
	k := c.rw.Create(dml.ConstantName, c.loc(op), nil, []ir.Type{op.Result(0).Type()}, []ir.NamedAttr{{Name: "value", Value: op.Attr("value")}})
	op.ReplaceAllUsesWith(k.Results())
	op.Erase()
	return nil
}

// dims picks the DimensionCount for an op whose tensors have ranks up to
// need: the rank itself from FL 3.0, else 4 (or 5 where the operator
// allows it).
func (c *conv) dims(op *ir.Operation, operator string, allow5 bool, need int) (int, *ir.Diagnostic) {
	if need < 1 {
		need = 1
	}
	if c.level >= dml.FL3_0 {
		if need > 8 {
			return 0, errorf(op, "%s needs %d dims, more than DirectML's 8", operator, need)
		}
		return need, nil
	}
	if need <= 4 {
		return 4, nil
	}
	if need == 5 && allow5 {
		return 5, nil
	}
	return 0, errorf(op, "%s needs %d dims, but feature level %s allows only %s (1 to 8 from 3.0)", operator, need, c.level, map[bool]string{true: "4 or 5", false: "4"}[allow5])
}

// finish checks a created dml op against the target level and reports
// what it lacks at the tcp op.
func (c *conv) finish(op, d *ir.Operation) *ir.Diagnostic {
	needs, err := dml.Needs(d)
	if err != nil {
		return errorf(op, "%v", err)
	}
	for _, n := range needs {
		if n.Level > c.level {
			return errorf(op, "%s needs feature level %s, got %s", n.Reason, n.Level, c.level)
		}
	}
	op.ReplaceAllUsesWith(d.Results())
	op.Erase()
	return nil
}

func (c *conv) operatorAvailable(op *ir.Operation, name string) *ir.Diagnostic {
	if in := dml.Info(name).Introduced; in > c.level {
		return errorf(op, "it needs %s, which needs feature level %s, got %s", dml.Info(name).Type, in, c.level)
	}
	return nil
}

// levelRE matches the one wording every feature-level refusal of this
// lowering ends its reason with: "... feature level X.Y, got Z.W".
var levelRE = regexp.MustCompile(`cannot be lowered to DirectML: .*feature level (\d+\.\d+), got \d+\.\d+`)

// NeededLevel reports whether err (from this pass, possibly several
// located errors) refuses only for want of a feature level: then every
// error names the level it needs, and level is the highest of them.
// Lowering again at that level gets past these errors (it may meet
// others, which NeededLevel then reports in turn). Any other error (a
// refusal that no level lifts, such as mode "drop" or duplicate scatter
// updates) gives ok == false.
func NeededLevel(err error) (level dml.FeatureLevel, ok bool) {
	if err == nil {
		return 0, false
	}
	n := 0
	for _, line := range strings.Split(err.Error(), "\n") {
		if !strings.Contains(line, ": error: ") {
			continue
		}
		m := levelRE.FindStringSubmatch(line)
		if m == nil {
			return 0, false
		}
		l, perr := dml.ParseFeatureLevel(m[1])
		if perr != nil {
			return 0, false
		}
		level = max(level, l)
		n++
	}
	return level, n > 0
}
