// Package conformance holds cross-tool tests that check tcp against
// external oracles over the whole corpus of test inputs (test/lit and the
// packages' testdata), rather than per package.
//
// mliropt_test.go: for every chunk of every input that tcp-opt accepts, our
// generic output is accepted by mlir-opt-16 --allow-unregistered-dialect and
// printed back unchanged, and mlir-opt-16's output parses back in tcp-opt to
// the same text (round trips both ways). The oracle is found through
// TCP_MLIR_OPT (default mlir-opt-16); without it the test skips, and under
// CI=true it fails.
package conformance
