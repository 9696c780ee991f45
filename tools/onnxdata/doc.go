// Package onnxdata holds the project's recipe for ONNX backend node-test
// data (CONFORMANCE.md §2), as two Python scripts run under the system
// interpreter (/usr/bin/python3, with Debian's python3-onnx and
// python3-numpy):
//
//   - gen_onnx_node_tests.py OUTDIR OP_TYPE regenerates the node tests of
//     one op type from the installed onnx package (onnx 1.12 ships the
//     generators but no data), restoring the numpy aliases that numpy 1.24
//     removed. Run it once per op type.
//   - onnx_case_to_raw.py CASE_DIR OUT_DIR converts one case (model.onnx
//     plus test_data_set_0/*.pb) into case.json and raw little-endian
//     input_<i>.bin / output_0.bin, which Go reads without protobuf.
//
// The scripts are embedded (GenScript, ConvertScript) so that Go code can
// run them from anywhere; internal/onnxdata does that and loads the
// result. Nothing generated is committed.
package onnxdata
