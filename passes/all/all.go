package all

import (
	_ "github.com/tcp-project/tcp/passes"
	_ "github.com/tcp-project/tcp/passes/frontends"
	_ "github.com/tcp-project/tcp/passes/fuse"
	_ "github.com/tcp-project/tcp/passes/idioms"
	_ "github.com/tcp-project/tcp/passes/inline"
	_ "github.com/tcp-project/tcp/passes/onnxtotcp"
	_ "github.com/tcp-project/tcp/passes/pipelines"
	_ "github.com/tcp-project/tcp/passes/specialize"
	_ "github.com/tcp-project/tcp/passes/stablehlototcp"
	_ "github.com/tcp-project/tcp/passes/tcptodml"
	_ "github.com/tcp-project/tcp/passes/tftotcp"
	_ "github.com/tcp-project/tcp/passes/torchtotcp"
)
