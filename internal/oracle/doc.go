// Package oracle finds the external oracles that tests compare against
// (CONFORMANCE.md): LLVM's FileCheck-16, mlir-opt-16, and Debian's Python
// packages under /usr/bin/python3. A missing oracle skips the test with a
// message saying how to install it, so a plain `go test ./...` passes on
// any machine; with CI=true it fails the test instead, so CI always runs
// the comparisons.
//
// Environment: TCP_MLIR_OPT (default mlir-opt-16), TCP_FILECHECK (default
// FileCheck-16), TCP_PYTHON (default /usr/bin/python3).
package oracle
