// Package function registers MLIR's func dialect: func.func, func.return and
// func.call, with MLIR 16's textual forms and verifiers. (The package is
// named function because func is a Go keyword; its import path is
// dialect/func.)
//
// func.func uses the ir.OpDef Parse/Print escape hatch: the signature syntax
// (`@name(%arg0: T {attrs}) -> (T {attrs}) attributes {…} { body }`) is
// outside the declarative format language. Inside a function body, ops of
// the func dialect print without their prefix (`return`), as MLIR does.
package function
