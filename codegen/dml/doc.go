// Package dml emits the DirectML graphs of a module lowered by
// --convert-tcp-to-dml (the dml dialect) in three forms, registered as
// tcp-translate translations:
//
//	tcp-opt --convert-tcp-to-dml=feature-level=3.0 --mlir-print-debuginfo in.mlir -o lowered.mlir
//	tcp-translate --mlir-to-dml-json lowered.mlir   # DML_GRAPH_DESC as JSON
//	tcp-translate --mlir-to-dml-cpp  lowered.mlir   # a C++17 translation unit
//	tcp-translate --mlir-to-dot      lowered.mlir | dot -Tsvg > graph.svg
//
// (--mlir-print-debuginfo keeps each node's source: the lowering names a
// dml op's location after the tcp op, loc("tcp.gather"("in.mlir":3:8)).)
//
// Build turns each func.func into a Graph (graph.go's design comment):
// arguments then dml.constant values are the graph inputs (constants
// flagged DML_TENSOR_FLAG_OWNED_BY_DML, with their data), dml operator ops
// are the nodes, tensor.expand_shape/collapse_shape are aliases (no
// node), and edges follow DirectML's schema order. Every tensor desc has
// the op's DimensionCount, its padded sizes and view strides, and
// TotalTensorSizeInBytes computed as DMLCalcBufferTensorSize does for the
// whole underlying buffer, so connected tensors agree. The graph records
// the lowest feature level it needs (at least 2.1, for
// IDMLDevice1::CompileGraph) and why. Emitters only read IR.
//
// JSON: keys are DirectML.h member names and enums are enumerator names;
// JSONModule and the types it contains are the schema (tests decode with
// DisallowUnknownFields and re-encode byte for byte).
//
// C++: raw DirectML.h structs, C++14/17 aggregates, one named local per
// array and desc, `#define DML_TARGET_VERSION <minimum>` unless predefined,
// tcp_dml_compile_<f> (CreateOperator per node, DML_GRAPH_DESC,
// CompileGraph), tcp_dml_run_<f> (initializer, descriptor heap, binding
// table, temporary/persistent resources, constants bound at
// initialization, inputs/outputs at execution, RecordDispatch, UAV
// barrier, fence wait; following microsoft/DirectML's HelloDirectML) and
// tcp_dml_create_device. On Linux it includes wsl/winadapter.h first and
// declares the DirectML interface GUIDs for the WSL stubs.
//
// # Syntax check against the real DirectML.h (manual)
//
// The header is never part of this repository. Get microsoft/DirectX-Headers
// (v1.614.1 or later) outside it and point TCP_DXH at its include/
// directory; then
//
//	TCP_DXH=/path/to/DirectX-Headers/include go test ./codegen/dml -run TestCPPCompiles
//
// writes every golden C++ file to a temporary directory and runs
//
//	g++ -std=c++17 -fsyntax-only -Wall -Wextra -Wno-unknown-pragmas -I"$TCP_DXH" -I"$TCP_DXH/wsl/stubs" f.cpp
//
// expecting exit status 0 and no diagnostics, again with
// -DDML_TARGET_VERSION=<recorded level>, and expecting a graph with
// GATHER_ND1 to fail at -DDML_TARGET_VERSION=0x2100. Without TCP_DXH the
// test is skipped. Last run: g++ 12.2.0 (Debian 12.2.0-14+deb12u1) against
// DirectX-Headers 443ff511 (v1.619.1-24): exit status 0, no diagnostics,
// for all three golden files (seeds: FL 3.0; chain: FL 3.0 with
// GATHER_ND1; fl21: FL 2.1), also with -std=c++14 -pedantic.
package dml
