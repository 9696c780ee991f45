package all

import (
	_ "github.com/tcp-project/tcp/dialect/arith"
	_ "github.com/tcp-project/tcp/dialect/dml"
	_ "github.com/tcp-project/tcp/dialect/func"
	_ "github.com/tcp-project/tcp/dialect/onnx"
	_ "github.com/tcp-project/tcp/dialect/stablehlo"
	_ "github.com/tcp-project/tcp/dialect/tcp"
	_ "github.com/tcp-project/tcp/dialect/tensor"
	_ "github.com/tcp-project/tcp/dialect/tf"
	_ "github.com/tcp-project/tcp/dialect/torch"
)
