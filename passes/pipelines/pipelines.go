package pipelines

import (
	"github.com/tcp-project/tcp/pass"

	_ "github.com/tcp-project/tcp/passes"           // canonicalize, cse
	_ "github.com/tcp-project/tcp/passes/frontends" // convert-frontends-to-tcp
	_ "github.com/tcp-project/tcp/passes/inline"
	_ "github.com/tcp-project/tcp/passes/onnxtotcp"
	_ "github.com/tcp-project/tcp/passes/stablehlototcp"
	_ "github.com/tcp-project/tcp/passes/tftotcp"    // refine-func-result-types
	_ "github.com/tcp-project/tcp/passes/torchtotcp" // torch-func-backend-type-conversion
)

// FrontendsToTcp is the name of the pipeline that brings exporters' IR
// (torch-mlir, onnx-mlir, TensorFlow, StableHLO) to tcp with builtin
// tensor types at every function boundary.
const FrontendsToTcp = "frontends-to-tcp-pipeline"

// FrontendsToTcpPasses is what FrontendsToTcp expands to.
const FrontendsToTcpPasses = "inline,convert-frontends-to-tcp,torch-func-backend-type-conversion,refine-func-result-types,canonicalize,cse"

func init() {
	pass.RegisterPipeline(&pass.PipelineInfo{
		Argument:    FrontendsToTcp,
		Description: "Bring frontend IR to tcp: " + FrontendsToTcpPasses,
		Pipeline:    FrontendsToTcpPasses,
		Imports: map[string]string{
			"inline":                             "github.com/tcp-project/tcp/passes/inline",
			"convert-frontends-to-tcp":           "github.com/tcp-project/tcp/passes/frontends",
			"torch-func-backend-type-conversion": "github.com/tcp-project/tcp/passes/torchtotcp",
			"refine-func-result-types":           "github.com/tcp-project/tcp/passes/tftotcp",
			"canonicalize":                       "github.com/tcp-project/tcp/passes",
			"cse":                                "github.com/tcp-project/tcp/passes",
		},
	})
}
