package all

import (
	_ "github.com/tcp-project/tcp/codegen/dml"         // --mlir-to-dml-json, --mlir-to-dml-cpp, --mlir-to-dot
	_ "github.com/tcp-project/tcp/codegen/golang"      // --mlir-to-go
	_ "github.com/tcp-project/tcp/frontend/onnxexport" // --mlir-to-onnx
	_ "github.com/tcp-project/tcp/frontend/onnximport" // --import-onnx
)
