// Package frameworks checks tcp against the frameworks' own exporters and
// runtimes. testdata/ holds the gather-family programs of export.py as jax,
// TensorFlow and ONNX (and IREE's import of the ONNX models) exported them,
// with fixed inputs and the frameworks' own outputs (.npy). The test parses
// each program, converts it with --convert-frontends-to-tcp, and runs the
// interpreter (on the input and on the tcp IR), the generated Go kernel and
// the DirectML lowering on the committed inputs, comparing every result bit
// for bit with the framework's. STATUS.md is the table of which program
// passes which stage; it is the golden file (go test ./test/frameworks
// -update rewrites it) and the test fails when a program stops passing a
// stage it passed. No Python is needed; export.py regenerates testdata/
// with the oracle venv (README.md).
package frameworks
