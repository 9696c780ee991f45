package frontends_test

import (
	_ "github.com/tcp-project/tcp/dialect/all"
	_ "github.com/tcp-project/tcp/passes"
	_ "github.com/tcp-project/tcp/passes/onnxtotcp"
	_ "github.com/tcp-project/tcp/passes/tftotcp"
)
