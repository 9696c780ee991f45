// Package tcppipeline implements tcp-pipeline, which shows the whole
// compiler on one function and checks it: framework IR in, tcp out of the
// frontends, then a DirectML graph and a fused Go kernel out of the
// backends, every stage executed on the same inputs and compared.
//
//	tcp-pipeline                      # the embedded onnx.Gather example
//	tcp-pipeline model.mlir [-e NAME] [--feature-level 4.1] [--assume-in-bounds] [--assume-unique-indices] [--specialize-dims 3x6;4] [--trials 32] [--seed 1] [--verbose]
//	tcp-pipeline - < model.mlir       # stdin; so is a file piped in
//	cat model.mlir | tcp-pipeline
//
// It prints a summary that fits one screen first: the function and its
// input, one line per stage with the ops the function holds there (or why
// the stage was skipped), the values verdict with the documented inputs of
// the embedded example, the first mismatches if any, and OK or FAILED.
// --verbose then prints every stage in full under a `== N. title` header:
// the IR, the DirectML graph's JSON, the Go kernel. An empty pipe (a
// harness's stdin) runs the embedded example, as does a terminal.
//
// Stages:
//
//  1. the input, parsed and verified (frontend dialects: torch, onnx, tf,
//     stablehlo; or tcp already);
//  2. tcp: `inline` (exporters' private helpers such as jax's @_take),
//     `convert-frontends-to-tcp`, torch signatures to builtin tensors,
//     `refine-func-result-types` (TF's and ONNX's unranked results),
//     `canonicalize, cse`: the pipeline the frameworks' catalogue runs;
//  3. DirectML: `convert-tcp-to-dml{feature-level=L}` on the tcp module
//     (with --assume-in-bounds, mode "error" is lowered as promised in
//     bounds: DirectML cannot report an out-of-range index; with
//     --assume-unique-indices, scatters are lowered as if no two updates
//     wrote one element, DirectML having no order among duplicate writes);
//  4. the DirectML graph: the `mlir-to-dml-json` translation of stage 3;
//  5. the Go kernel: the `mlir-to-go` translation of stage 2;
//  6. values: the documented inputs of the embedded example (or none for a
//     file) plus --trials random argument sets (interp.RandomArgs), each
//     run by the interpreter on stages 1, 2 and 3 and by the compiled Go
//     kernel; every result must equal stage 1's bit for bit. The
//     documented inputs, their results and any mismatch are printed as
//     tcp-run prints values: "arg #N: TYPE" or "result #N: TYPE", then the
//     value as numpy prints it (tensor.ArrayString), indented; the summary
//     names each mismatch, --verbose shows its values. A function with a
//     declared argument larger than --max-tensor-bytes is not run on
//     random inputs (the stage says so; nothing is allocated).
//
// Where the frontend op raises an error (an out-of-range index under the
// framework's rules), the tcp program and the Go kernel must raise too;
// DirectML cannot raise (its output for an out-of-range index is
// undefined), so such trials are not
// compared for stage 3; nor, with --assume-unique-indices, are the trials
// where a scatter writes one element twice (found by running stage 2 with
// every scatter's unique_indices promise, which the interpreter checks).
// A stage that cannot be built (for example mode
// "error" on non-constant indices, which DirectML cannot express) is
// reported with its diagnostic and skipped; the run still fails if any
// executed stage disagrees. Exit status: 0 when every comparison agrees, 1
// otherwise or on any error (located, never a panic).
package tcppipeline
