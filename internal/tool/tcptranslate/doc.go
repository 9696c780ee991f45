// Package tcptranslate implements tcp-translate, the tcp project's
// mlir-translate: it runs one registered translation (package translate)
// on an input file.
//
//	tcp-translate --mlir-to-dml-json [--feature-level=4.1] in.mlir [-o out.json]
//	tcp-translate --import-onnx model.onnx [--mlir-print-op-generic] [--mlir-print-debuginfo]
//	tcp-translate --mlir-to-onnx model.mlir -o model.onnx
//
// Design: parse the command line (exactly one translation flag, the
// translation's own --name=value options, -o, --max-input-bytes,
// --version, the input path or -; no input is stdin), read the input (a
// regular file, a FIFO or stdin, never more than --max-input-bytes; see
// internal/cli), then either parse and verify it as MLIR and call the
// translation's FromMLIR, or call ToMLIR on the raw bytes and print the
// module it returns (after verifying it). Output goes to stdout or,
// to -o: a regular file is replaced atomically, so a failing run leaves it
// untouched; a device, a FIFO or a symlink's target is written in place
// (internal/atomicfile).
// Diagnostics print as `file:line:col: error: …`; every failure exits 1;
// a panic in a translation is reported as an internal error naming it,
// never as a goroutine dump.
package tcptranslate
