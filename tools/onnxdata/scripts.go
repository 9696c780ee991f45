package onnxdata

import _ "embed"

// GenScript is gen_onnx_node_tests.py.
//
//go:embed gen_onnx_node_tests.py
var GenScript []byte
