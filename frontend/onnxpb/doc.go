// Package onnxpb reads and writes the parts of the ONNX protobuf format that
// tcp uses: models (.onnx files) and single tensors (the TensorProto .pb
// files of the ONNX backend tests). It works on the protobuf wire format
// directly, through google.golang.org/protobuf/encoding/protowire, so that
// neither onnx.proto nor generated code is needed. (No small, maintained Go
// module ships ONNX's generated types for google.golang.org/protobuf: the
// ones that exist pull in whole inference engines or use gogo-protobuf.)
//
//	m, err := onnxpb.DecodeModel(data)   // a ModelProto
//	t, err := onnxpb.DecodeTensor(data)  // a TensorProto
//	v, err := t.ToTensor()                // as a *tensor.Tensor
//	b := m.Marshal()                      // and back (tests, examples)
//
// Package frontend/onnximport turns a Model into onnx dialect IR
// (tcp-translate --import-onnx); tcp-run reads .pb arguments with
// DecodeTensor.
//
// # Messages and field numbers
//
// The reader understands these messages and fields, by the field numbers
// ONNX assigns them (wire type in brackets; every other field is skipped,
// as protobuf requires of unknown fields):
//
//   - ModelProto: 1 ir_version [varint], 2 producer_name, 3
//     producer_version, 4 domain, 6 doc_string [bytes], 5 model_version
//     [varint], 7 graph [GraphProto], 8 opset_import [repeated
//     OperatorSetIdProto]. Fields 14 (metadata), 20 (training info) and
//     25 (model-local functions) are skipped.
//   - OperatorSetIdProto: 1 domain [bytes], 2 version [varint].
//   - GraphProto: 1 node [repeated NodeProto], 2 name, 10 doc_string
//     [bytes], 5 initializer [repeated TensorProto], 11 input, 12 output,
//     13 value_info [repeated ValueInfoProto]. Field 15 (sparse
//     initializers) is recorded as a count so importers can refuse it.
//   - NodeProto: 1 input and 2 output [repeated string; "" marks an
//     absent optional input], 3 name, 4 op_type, 7 domain, 6 doc_string
//     [bytes], 5 attribute [repeated AttributeProto].
//   - AttributeProto: 1 name, 21 ref_attr_name, 13 doc_string [bytes], 20
//     type [varint, the AttrType enum], and one value field per kind: 2 f
//     [fixed32 float], 3 i [varint], 4 s [bytes], 5 t [TensorProto], 6 g
//     [GraphProto], 7 floats, 8 ints [packed or not], 9 strings, 10
//     tensors, 11 graphs. Sparse tensors (22, 23) and type protos (14, 15)
//     are recorded only as present.
//   - ValueInfoProto: 1 name, 3 doc_string [bytes], 2 type [TypeProto].
//   - TypeProto: 1 tensor_type [TypeProto.Tensor], 6 denotation; the other
//     kinds (4 sequence, 5 map, 8 sparse tensor, 9 optional) are recorded
//     by name only. TypeProto.Tensor: 1 elem_type [varint, the DataType
//     enum], 2 shape [TensorShapeProto]. TensorShapeProto: 1 dim
//     [repeated Dimension]. Dimension: 1 dim_value [varint], 2 dim_param
//     [bytes], 3 denotation.
//   - TensorProto: 1 dims [int64, packed or not], 2 data_type [varint], 8
//     name, 12 doc_string, 9 raw_data [bytes, little-endian elements], 4
//     float_data [packed fixed32], 5 int32_data [packed varint], 6
//     string_data [repeated bytes], 7 int64_data [packed varint], 10
//     double_data [packed fixed64], 11 uint64_data [packed varint], 13
//     external_data [key/value pairs], 14 data_location [varint]. Field 3
//     (segment) is skipped.
//
// Element data lives in raw_data or in the typed list that ONNX assigns to
// each data type: float_data for FLOAT; int32_data for INT32, INT16, INT8,
// UINT16, UINT8, BOOL and (as bit patterns) FLOAT16 and BFLOAT16;
// int64_data for INT64; uint64_data for UINT32 and UINT64; double_data for
// DOUBLE; string_data for STRING. Tensor.ToTensor applies these rules.
//
// # Hostile input
//
// Decoding never panics and never allocates more than a small multiple of
// the input size: lengths are checked against the bytes left before any
// slice is taken, element counts against the data present before a tensor
// is allocated, and nesting (graphs in attributes) is limited to
// MaxDepth. A singular field given twice (a second graph, a second
// op_type), which protobuf would merge or let the last copy win, is an
// error; packed lists are allocated once at their length. Errors are *Error values giving the byte offset of the
// offending field and the path to it, for example
//
//	byte 57: ModelProto.graph.node[0].attribute[1]: field 4 (s) needs 200 bytes, 12 left
package onnxpb
