// Package passes holds the transformation passes and the greedy pattern
// rewrite driver they are built on.
//
// # Passes
//
//	argument      type           anchor  options
//	canonicalize  *Canonicalize  any     max-iterations=10 top-down=true test-convergence=false
//	cse           *CSE           any     -
//	dce           *DCE           any     -
//
// Each pass registers itself with pass.Register in init, so importing this
// package makes the passes available to pass.ParsePipeline and tcp-opt.
// Constructors (NewCanonicalize, NewCSE, NewDCE) build passes for use with
// pass.Manager.AddPass. Order lists the pass order constraints checked by
// a test; DefaultPipeline is the standard cleanup pipeline.
//
// # The greedy driver
//
// ApplyPatternsGreedily is MLIR's GreedyPatternRewriteDriver: a worklist of
// ops, trivially dead Pure ops erased, ops folded through ir.OpDef.Fold or,
// when every operand is a constant, ir.EvaluateConstantOp (the interpreter,
// installed when package interp is linked in, as tcp-opt does; bounded to
// ir.MaxConstantFoldElements result elements; an op that would raise a
// runtime error is not folded). Attribute results become constants through
// the dialect's ir.ConstantMaterializer, and constants are uniqued and
// hoisted to the entry block of their insertion region. Then the op's
// patterns are applied in decreasing benefit order (ir.PatternBenefit),
// until a fixed point or the iteration limit. Canonicalize with
// test-convergence=true reports non-convergence as an error located at
// the op it ran on. All IR changes made by patterns must
// go through the ir.Rewriter the driver passes them, so that the worklist
// stays accurate.
//
// # Tests
//
// Golden tests live in testdata/*.txtar: the archive comment holds
// `pipeline: builtin.module(...)`, and the files are input.mlir and
// want.mlir (run `go test ./passes -update` to rewrite want.mlir). Package
// passtest registers the test ops used there and runs the archives.
package passes
