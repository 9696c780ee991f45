package onnxdata

import _ "embed"

// GenScript is gen_onnx_node_tests.py.
//
//go:embed gen_onnx_node_tests.py
var GenScript []byte

// ConvertScript is onnx_case_to_raw.py.
//
//go:embed onnx_case_to_raw.py
var ConvertScript []byte
