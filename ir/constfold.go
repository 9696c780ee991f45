package ir

import "sync"

// Constant folding through an evaluator: the dialects cannot depend on the
// interpreter (it sits above them), so the interpreter installs itself here
// (SetConstantEvaluator, from its init) and folding drivers ask
// EvaluateConstantOp. Without an installed evaluator nothing is folded.

// ConstantEvaluator computes the results of op from the values of its
// operands, given as constant attributes in operand order. It returns one
// attribute per result, typed with the result type, or an error if op
// cannot be evaluated or raises a runtime error on these values.
type ConstantEvaluator func(op *Operation, operands []Attribute) ([]Attribute, error)

// MaxConstantFoldElements bounds the results EvaluateConstantOp folds: all
// results of one op together hold at most this many elements, so that
// folding never turns a small program into a large constant.
const MaxConstantFoldElements = 1024

var (
	evalMu    sync.RWMutex
	evaluator ConstantEvaluator
)

// SetConstantEvaluator installs the evaluator EvaluateConstantOp uses (the
// interpreter installs one when package interp is imported).
func SetConstantEvaluator(fn ConstantEvaluator) {
	evalMu.Lock()
	defer evalMu.Unlock()
	evaluator = fn
}

// EvaluateConstantOp folds op by evaluating it when
//   - an evaluator is installed;
//   - op is registered, Pure, not ConstantLike, has no regions or
//     successors, at least one operand and one result;
//   - every operand is the result of a ConstantLike op (ConstantAttr);
//   - every result is a ranked tensor of static shape, with at most
//     MaxConstantFoldElements elements over all results (scalar results
//     are left to the dialects' own folders, which follow MLIR's);
//   - the evaluation succeeds: an op that would raise a runtime error (an
//     index out of range under mode "error", a broken promise, a slice
//     out of bounds) is not folded, so the error stays observable.
//
// It returns one attribute fold result per result, or nil.
func EvaluateConstantOp(op *Operation) []OpFoldResult {
	evalMu.RLock()
	eval := evaluator
	evalMu.RUnlock()
	if eval == nil || op.Def() == nil || !op.HasTrait(Pure) || op.HasTrait(ConstantLike) ||
		len(op.regions) > 0 || len(op.successors()) > 0 || op.NumOperands() == 0 || op.NumResults() == 0 {
		return nil
	}
	var total int64
	for _, t := range op.ResultTypes() {
		rt, ok := t.(*RankedTensorType)
		if !ok || !rt.HasStaticShape() {
			return nil
		}
		total += rt.NumElements()
		if total > MaxConstantFoldElements {
			return nil
		}
	}
	operands := make([]Attribute, op.NumOperands())
	for i, v := range op.Operands() {
		if operands[i] = ConstantAttr(v); operands[i] == nil {
			return nil
		}
	}
	attrs, err := eval(op, operands)
	if err != nil || len(attrs) != op.NumResults() {
		return nil
	}
	out := make([]OpFoldResult, len(attrs))
	for i, a := range attrs {
		ta, ok := a.(TypedAttr)
		if !ok || ta.AttrType() != op.Result(i).Type() {
			return nil
		}
		out[i] = OpFoldResult{Attr: a}
	}
	return out
}

// EvaluateOp runs the installed evaluator on op with the given operand
// values (one constant attribute per operand, in operand order), whatever
// op's operands are defined by; conversions use it to compute a value
// their result depends on from operands a chain of pure ops makes
// constant. It returns an error when no evaluator is installed.
func EvaluateOp(op *Operation, operands []Attribute) ([]Attribute, error) {
	evalMu.RLock()
	eval := evaluator
	evalMu.RUnlock()
	if eval == nil {
		return nil, errNoEvaluator
	}
	return eval(op, operands)
}

var errNoEvaluator = errorString("ir: no constant evaluator is installed (import package interp)")

type errorString string

func (e errorString) Error() string { return string(e) }
