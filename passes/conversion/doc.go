// Package conversion is the dialect-conversion driver, after MLIR's
// DialectConversion (llvm/llvm-project:mlir/lib/Transforms/Utils/
// DialectConversion.cpp), beside the greedy driver of package passes.
//
// # Model
//
//   - A Target says which ops are legal: whole dialects or single ops are
//     legal or illegal, and an op may be dynamically legal (a predicate,
//     e.g. "func.func is legal once its signature has no !torch types").
//     An op-level rule overrides its dialect's rule. Ops it says nothing
//     about are "unknown".
//   - Patterns are ordinary ir.Pattern values, so the same rewrites serve
//     --canonicalize (through ir.Registry.AddCanonicalizationPatterns). A
//     pattern that cannot convert an op says why with
//     `return false, ir.NotifyMatchFailure(op, "...")`.
//   - A TypeConverter maps types (e.g. !torch.vtensor<[3,?],f32> to
//     tensor<3x?xf32>) and builds the casts between the two forms: target
//     materializations (original → converted, e.g. torch_c.to_builtin_tensor)
//     and source materializations (converted → original,
//     torch_c.from_builtin_tensor). Patterns call it for operand casts;
//     FuncSignaturePattern uses it to convert function signatures.
//
// # Driver
//
// ApplyPartialConversion and ApplyFullConversion walk the ops nested in
// root in pre-order (a worklist; ops created by a pattern are legalized in
// turn). An op that is not legal is offered to the patterns rooted on its
// name and the patterns for any op, in decreasing benefit order
// (ir.BenefitOf; equal benefits keep op-specific patterns first, each in
// list order, as the greedy driver does); the first that returns true
// wins. When none applies:
//
//   - partial conversion fails only for ops the target marks illegal
//     (explicitly, or dynamically false); unknown ops stay;
//   - full conversion fails for every op that is not legal.
//
// The failure is a *ir.Diagnostic located at the op, with MLIR's wording
// "failed to legalize operation 'x.y'" (plus " that was explicitly marked
// illegal" when it was), and each pattern's match-failure reason attached
// as a note. Only the first failure is reported.
//
// Not done, by design: rollback. MLIR undoes every rewrite when a
// conversion fails; this driver stops at the first op it cannot legalize
// and leaves the ops converted so far. Every pattern leaves valid IR (the
// casts keep types consistent), so the IR stays valid, merely partially
// converted; tools print nothing on failure anyway.
//
// After the walk, materialization casts that cancel out (a cast of a cast
// back to the original type, which ops report through their Fold) are
// folded away and unused ones erased.
package conversion
