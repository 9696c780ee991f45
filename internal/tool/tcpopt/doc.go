// Package tcpopt is tcp-opt, the tcp project's modular optimizer driver,
// with mlir-opt's command-line interface (docs/conformance.md §4):
//
//	tcp-opt [flags] [input.mlir | -]
//
// It reads MLIR (stdin by default; the input must be a regular file, a
// FIFO or stdin, see internal/cli), verifies it, runs a pass pipeline and
// prints the result (stdout, or -o FILE: a regular file is replaced
// atomically, a device or FIFO written in place, a symlink's target
// replaced; see internal/atomicfile). Flags accept the -x and --x
// spellings:
//
//	-o FILE                         output file (default -, stdout)
//	--split-input-file              process `// -----`-separated chunks on their own
//	--verify-diagnostics            check expected-* comments instead of printing diagnostics
//	--allow-unregistered-dialect    accept ops of unknown dialects
//	--mlir-print-op-generic         print the generic form
//	--mlir-print-debuginfo          print locations
//	--verify-each[=false]           verify after each pass (default true)
//	--verify-roundtrip              check that print/parse round-trips
//	--verify-semantics              run every function on 64 random inputs (seed 1)
//	                                before and after each pass with the interpreter
//	                                and fail, located at the function and naming the
//	                                pass, on any difference (package semcheck)
//	--pass-pipeline='builtin.module(func.func(canonicalize,cse))'
//	--canonicalize[=max-iterations=2 top-down=false], --cse, --dce, ...
//	--mlir-print-ir-before-all, --mlir-print-ir-after-all, --mlir-print-ir-after-failure
//	--mlir-print-ir-module-scope, --mlir-timing, --dump-pass-pipeline
//	--mlir-pass-pipeline-crash-reproducer=FILE, --run-reproducer
//	--mlir-disable-threading        verify and run function passes on one thread
//	--max-nesting-depth=N           bound on nesting in the input (default 1000, 0: none)
//	--max-input-bytes=N             longest input, checked while reading (default 2 GiB)
//	--max-tensor-bytes=N            largest argument --verify-semantics draws (default
//	                                1 GiB; a function with a larger one is skipped
//	                                with a warning)
//	--show-dialects, --version, --help
//
// Scale: functions are verified and run through nested pipelines in
// parallel (same output as --mlir-disable-threading); the collector runs
// under a soft memory limit that grows with the input (gc.go). A pass that
// panics yields a short report naming the pass, the op, where it panicked
// and a command line that repeats it; with the crash reproducer flag the IR
// before that pass is saved for --run-reproducer. docs/hostile-input.md
// lists what hostile input yields.
//
// Diagnostics are printed as mlir-opt prints them (file:line:col, the
// source line, a caret, notes; verifier errors add `see current operation`).
// Positions are file-absolute, also for split chunks. The exit status is 0
// on success and 1 on any error. Main may be called concurrently, but it
// sets the process's GC parameters while it runs (restored on return).
package tcpopt
