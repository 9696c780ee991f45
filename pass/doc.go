// Package pass is the pass manager, after MLIR's (llvm/llvm-project:mlir/docs/PassManagement.md).
//
// Pieces, in file order:
//
//   - Info, Option, Options: a pass described as data (kebab-case
//     argument, display name, description, anchor op, typed options with
//     defaults) plus a constructor from parsed options; Register keeps
//     them in a process-wide registry.
//   - Manager: a pipeline anchored on one op name (or AnyOp) holding
//     passes and nested pipelines. Run executes passes in order; a nested
//     pipeline runs on each operation directly inside the anchor op's
//     regions whose name matches the nested anchor.
//   - The textual pipeline syntax, `builtin.module(func.func(cse,
//     canonicalize{max-iterations=3 top-down}))`, parsed and printed.
//   - Named pipelines (pipeline_registry.go, MLIR's
//     PassPipelineRegistration): RegisterPipeline gives a list of passes a
//     name (frontends-to-tcp-pipeline, registered by passes/pipelines) that
//     works wherever a pass does and expands in place to its passes; a
//     pass it needs that the program did not link is an error naming the
//     package to import.
//   - Instrumentation: IR printing before/after passes and the timing tree
//     behind --mlir-timing.
//   - Failures: a pass that returns an error, panics, or (with VerifyEach)
//     leaves IR that does not verify yields a *Error naming the pass;
//     CrashReproducer writes the input IR plus the pipeline to a file.
//
// Threading: a nested pipeline whose ops are isolated from above (func.func
// in a module) runs on those ops in parallel, one goroutine per CPU, unless
// DisableThreading is set or an instrumentation is installed (IR printing
// and timing observe one pass at a time). Each worker has its own pass
// instances (Cloner, or re-created from the pass's registered options,
// as pipelines parsed from text have them); a pipeline holding a pass that
// can be neither (added with AddPass) runs sequentially. The result is the
// sequential one: each op's pipeline
// only touches that op, and on failure the error of the first failing op in
// block order is returned.
//
// Invariants: a pass only touches the IR nested under the op it runs on;
// options of a pass instance are fixed when it is created.
//
// It lives above package ir, as mlir/Pass lives above mlir/IR: ir is the
// data model (operations, types, attributes, patterns, the verifier), and
// this package schedules transformations of it. Passes register here from
// their packages' init (see package passes/all).
package pass
