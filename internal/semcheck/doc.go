// Package semcheck checks that passes preserve the semantics of the
// functions they transform, with the interpreter as the oracle. It is the
// machinery behind tcp-opt --verify-semantics and is meant for tests of
// passes too.
//
// A Checker is an ir.PassInstrumentation: before each pass it snapshots
// the op the pass runs on (ir.Operation.Clone; the whole top-level op when
// a function calls others, so that callees resolve), and after the pass it
// runs every function nested in that op, before and after, on random
// arguments with interp.CompareFuncs (seeded; Options.Trials sets of
// arguments, interp.DefaultTrials if zero; dynamic dims drawn randomly;
// index tensors drawn in and out of range for every index mode; see
// interp/equiv.go). The first difference stops the checking and is kept as
// a located diagnostic, at the function, naming the pass, with notes
// giving the differing input and both outcomes:
//
//	f.mlir:1:1: error: pass 'bad-pass' changed the semantics of @f: result 0 differs
//	f.mlir:1:1: note: on input (dense<[1, 2]> : tensor<2xi64>)
//	f.mlir:1:1: note: before: dense<…>, after: dense<…>
//
// What counts as a difference: results that differ bitwise (NaN equals
// NaN), or one side raising a runtime error and the other not. The
// documented exceptions: undefined behaviour before the pass (an index
// out of range under mode promise_in_bounds, interp.Undefined) accepts any
// outcome after it, and an error raised before the pass by a dead Pure op
// (results unused) may disappear, as dead-code elimination erases such
// ops. Functions with ops the interpreter cannot
// run, declarations, and functions a pass removed are skipped.
//
// Cost: each pass runs every function 2*Trials times, plus one clone of
// the IR per pass run; meant for tests and debugging, not production
// pipelines.
package semcheck
