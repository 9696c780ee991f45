// Package diagcheck prints diagnostics the way mlir-opt does and
// implements --verify-diagnostics.
//
// Printer renders an ir.Diagnostic as llvm::SourceMgr does:
//
//	x.mlir:3:8: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1
//	  return
//	  ^
//	x.mlir:3:8: note: see current operation: "func.return"() : () -> ()
//
// Verifier reads the expected-(error|warning|remark|note)(-re)? designators
// of a range of lines (one split chunk), matches the diagnostics of a run
// against them and reports mismatches in MLIR's words: `unexpected error:
// …`, `expected error "…" was not produced`, `'error' diagnostic emitted
// when expecting a 'warning'`. Lines are file-absolute, so the same file
// checks the same way with or without --split-input-file.
package diagcheck
