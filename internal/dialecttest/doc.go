// Package dialecttest holds the test harnesses that every dialect package
// (dialect/arith, dialect/tensor, dialect/tcp, dialect/func) runs against its
// own ops and data, written once and generic over the dialect:
//
//   - RunGolden: testdata/*.txtar cases (input.mlir, want.mlir,
//     want-generic.mlir) parse, verify and print as wanted, with the
//     round-trip invariants of RoundTrip; -update rewrites the wants.
//   - RunErrors and RunErrorsMlirOpt: a table of ErrorCase values (invalid
//     input and its located `error:` lines) checked against our parser and
//     verifier, and against mlir-opt-16 itself.
//   - MLIROptGolden: the golden inputs cross-checked with mlir-opt-16
//     (internal/oracle finds it; a missing oracle skips, or fails under CI).
//   - FuzzParse: the parse → verify → print fuzz target, seeded from a
//     testdata directory and extra sources.
//   - CheckDocs: every op of a dialect in ir.Global has a summary, a
//     description (semantics and verifier rules), a custom assembly form
//     and examples ("Example printed form" in docs/ops.md) that parse,
//     verify and print back as written.
//
// The dialect packages' test files are thin callers of these functions
// plus their own case tables and data. The package is imported by tests
// only; it blank-imports dialect/func because every harness wraps its IR in
// func.func.
package dialecttest
