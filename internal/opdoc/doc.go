// Package opdoc renders the op reference (docs/ops.md) from the registered
// op definitions, as mlir-tblgen -gen-op-doc does from ODS: the doc of an
// op is never written apart from its definition. TestOpsDocIsCurrent keeps
// the committed file in step (go test ./internal/opdoc -update rewrites it).
package opdoc
