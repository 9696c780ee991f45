// Package pipelines registers the named pass pipelines
// (pass.RegisterPipeline), MLIR's PassPipelineRegistration: one name that
// stands for a list of passes, usable as a tcp-opt flag and inside
// --pass-pipeline, where it expands to its passes.
//
// --frontends-to-tcp-pipeline (FrontendsToTcp) is what tcp-pipeline does
// before lowering: inline calls, convert every frontend dialect to tcp,
// turn torch-mlir's !torch.vtensor function boundaries into builtin
// tensors (torch-func-backend-type-conversion), refine TensorFlow's
// unranked result types (refine-func-result-types), canonicalize and cse.
// Its result is what the Go backend and the DirectML lowering take, and
// their errors on frontend ops and !torch boundary types name it:
//
//	tcp-opt --frontends-to-tcp-pipeline model.mlir | tcp-translate --mlir-to-go
//	tcp-opt --pass-pipeline='builtin.module(frontends-to-tcp-pipeline,convert-tcp-to-dml)' model.mlir
//
// Importing this package registers the passes the pipeline names, so it
// works without passes/all.
package pipelines
