// Package oracle finds the external oracles that tests compare against
// (docs/conformance.md): LLVM's FileCheck-16, mlir-opt-16, Debian's Python
// packages under /usr/bin/python3, and the frameworks (jax, TensorFlow,
// ONNX Runtime, IREE) in a pinned virtualenv. A missing oracle skips the test with a
// message saying how to install it, so a plain `go test ./...` passes on
// any machine; with CI=true it fails the test instead, so CI always runs
// the comparisons.
//
// Environment: TCP_MLIR_OPT (default mlir-opt-16), TCP_FILECHECK (default
// FileCheck-16), TCP_PYTHON (default /usr/bin/python3), TCP_ORACLE_PYTHON
// (default .venv-oracles/bin/python at the repository root: the frameworks'
// own exporters and runtimes, see FrameworkPython).
package oracle
