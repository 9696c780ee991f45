// Package onnxdata holds the project's recipe for ONNX backend node-test
// data (docs/conformance.md §2), as a Python script run under the system
// interpreter (/usr/bin/python3, with Debian's python3-onnx and
// python3-numpy): gen_onnx_node_tests.py OUTDIR OP_TYPE regenerates the
// node tests of one op type from the installed onnx package (onnx 1.12
// ships the generators but no data), restoring the numpy aliases that
// numpy 1.24 removed. Run it once per op type. The output (model.onnx and
// test_data_set_0/*.pb per case) is read in Go by frontend/onnxpb.
//
// The script is embedded (GenScript) so that Go code can run it from
// anywhere; internal/onnxdata does that and loads the
// result. Nothing generated is committed.
package onnxdata
