// RUN: tcp-opt %s --convert-tcp-to-dml=feature-level=3.0 --mlir-print-debuginfo -o %t.mlir
// RUN: tcp-translate --mlir-to-dml-json %t.mlir | FileCheck %s --check-prefix=JSON
// RUN: tcp-translate --mlir-to-dml-cpp %t.mlir | FileCheck %s --check-prefix=CPP
// RUN: tcp-translate --mlir-to-dot %t.mlir | FileCheck %s --check-prefix=DOT
// RUN: not tcp-translate --mlir-to-dml-json %s 2>&1 | FileCheck %s --check-prefix=UNLOWERED

// DML_GATHER example 2 as ONNX Gather(data f32[3,2], indices [4], axis 0):
// one GATHER node, D = 2, Axis 0, IndexDimensions 1; input edges {0,0,0}
// and {1,0,1}, output edge {0,0,0} (DML_GRAPH_DESC's edge structs).

// JSON: "MinimumFeatureLevel": "DML_FEATURE_LEVEL_3_0",
// JSON: "DML_TARGET_VERSION": "0x3000",
// JSON: "InputCount": 2,
// JSON-NEXT: "OutputCount": 1,
// JSON-NEXT: "NodeCount": 1,
// JSON: "Type": "DML_OPERATOR_GATHER",
// JSON: "InputTensor": {
// JSON: "DataType": "DML_TENSOR_DATA_TYPE_FLOAT32",
// JSON: "TotalTensorSizeInBytes": 24,
// JSON: "Axis": 0,
// JSON-NEXT: "IndexDimensions": 1
// JSON: "Name": "tcp.gather@{{.*}}translate.mlir:[[# @LINE + 26]]:8"

// CPP: #define DML_TARGET_VERSION 0x3000
// CPP: #include <wsl/winadapter.h>
// CPP: __CRT_UUID_DECL(IDMLDevice1, 0xa0884f9a,0xd2be,0x4355,0xaa,0x5d,0x59,0x01,0x28,0x1a,0xd1,0xd2)
// CPP: HRESULT tcp_dml_create_device(ID3D12Device* d3d, IDMLDevice1** out) {
// CPP: DMLCreateDevice1(d3d, DML_CREATE_DEVICE_FLAG_NONE, DML_FEATURE_LEVEL_3_0,
// CPP: HRESULT tcp_dml_compile_onnx_gather(IDMLDevice1* device, IDMLCompiledOperator** compiled) {
// CPP: // node 0: DML_OPERATOR_GATHER from tcp.gather at {{.*}}translate.mlir:[[# @LINE + 18]]:8
// CPP: DML_GATHER_OPERATOR_DESC n0_desc = {&n0_Input, &n0_Indices, &n0_Output, /*Axis*/ 0, /*IndexDimensions*/ 1};
// CPP: DML_INPUT_GRAPH_EDGE_DESC in0 = {0, 0, 0, "arg0"};
// CPP: DML_INPUT_GRAPH_EDGE_DESC in1 = {1, 0, 1, "arg1"};
// CPP: DML_OUTPUT_GRAPH_EDGE_DESC out0 = {0, 0, 0, "out0"};
// CPP: DML_GRAPH_DESC graph = {2, 1, 1, nodes, 2, inputEdges, 1, outputEdges, 0, nullptr};
// CPP: device->CompileGraph(&graph, DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(compiled));
// CPP: HRESULT tcp_dml_run_onnx_gather(

// DOT: digraph dml {
// DOT: g0_n0 [shape=box, label="0: DML_OPERATOR_GATHER\nAxis = 0\nIndexDimensions = 1
// DOT: g0_in1 -> g0_n0 [label="1 IndicesTensor\nINT64 [1 4]"];

// UNLOWERED: translate.mlir:[[# @LINE + 4]]:9: error: 'tcp.broadcast_to' op is not a DirectML operator; lower the module with tcp-opt --convert-tcp-to-dml first
func.func @onnx_gather(%x: tensor<3x2xf32>, %i: tensor<4xi64>) -> tensor<4x2xf32> {
  %ie = tensor.expand_shape %i [[0, 1]] : tensor<4xi64> into tensor<4x1xi64>
  %c2 = arith.constant 2 : index
  %ib = tcp.broadcast_to %ie, %c2 {axes = [1]} : tensor<4x1xi64>, index -> tensor<4x2xi64>
  %0 = tcp.gather %x, %ib {dim = 0 : index, mode = "wrap_negative"} : tensor<3x2xf32>, tensor<4x2xi64> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
