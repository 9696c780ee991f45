package onnxpb

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"google.golang.org/protobuf/encoding/protowire"

	"github.com/tcp-project/tcp/tensor"
)

// sampleModel has every message and attribute kind the reader decodes.
func sampleModel() *Model {
	sub := &Graph{Name: "body", Nodes: []*Node{{OpType: "Identity", Inputs: []string{"a"}, Outputs: []string{"b"}}}}
	return &Model{
		IRVersion: 8, ProducerName: "tcp-test", ProducerVersion: "1", Domain: "org.example", ModelVersion: 3, DocString: "doc",
		OpsetImports: []OpsetID{{Domain: "", Version: 13}, {Domain: "com.example", Version: 1}},
		Graph: &Graph{
			Name:      "g",
			DocString: "graph doc",
			Nodes: []*Node{
				{Name: "n0", OpType: "Slice", Inputs: []string{"x", "starts", "", "axes"}, Outputs: []string{"y"}, DocString: "d"},
				{OpType: "Custom", Domain: "com.example", Inputs: []string{"y"}, Outputs: []string{"z", ""}, Attrs: []*Attribute{
					{Name: "f", Type: AttrFloat, F: -1.5},
					{Name: "i", Type: AttrInt, I: -7},
					// int64's edges: a decoder that narrows loses them.
					{Name: "imin", Type: AttrInt, I: math.MinInt64},
					{Name: "imax", Type: AttrInt, I: math.MaxInt64},
					{Name: "i32max1", Type: AttrInt, I: math.MaxInt32 + 1},
					{Name: "s", Type: AttrString, S: []byte("text")},
					{Name: "t", Type: AttrTensor, T: &Tensor{Dims: []int64{2}, DataType: Int64, Int64Data: []int64{1, -1}}},
					{Name: "g", Type: AttrGraph, G: sub},
					{Name: "floats", Type: AttrFloats, Floats: []float32{1, 2.5}},
					{Name: "ints", Type: AttrInts, Ints: []int64{0, -1, 1 << 40}},
					{Name: "strings", Type: AttrStrings, Strings: [][]byte{[]byte("a"), []byte("")}},
					{Name: "tensors", Type: AttrTensors, Tensors: []*Tensor{{DataType: Float, FloatData: []float32{3}}}},
					{Name: "graphs", Type: AttrGraphs, Graphs: []*Graph{sub}},
					{Name: "ref", Type: AttrInt, RefAttrName: "outer", DocString: "attr doc"},
				}},
			},
			Initializers: []*Tensor{
				{Name: "starts", Dims: []int64{1}, DataType: Int64, RawData: []byte{1, 0, 0, 0, 0, 0, 0, 0}, HasRawData: true},
				{Name: "axes", Dims: []int64{1}, DataType: Int32, Int32Data: []int32{-1}},
				{Name: "d", Dims: []int64{2}, DataType: Double, DoubleData: []float64{1, math.Inf(-1)}, DocString: "td"},
				{Name: "u", Dims: []int64{1}, DataType: Uint64, Uint64Data: []uint64{math.MaxUint64}},
				{Name: "s", Dims: []int64{1}, DataType: String, StringData: [][]byte{[]byte("hi")}},
				{Name: "ext", DataType: Float, ExternalData: [][2]string{{"location", "w.bin"}}, DataLocation: 1},
			},
			Inputs: []*ValueInfo{
				{Name: "x", DocString: "vd", Type: &TypeProto{Kind: "tensor_type", ElemType: Float, Shape: []Dim{
					{Value: 3, HasValue: true}, {Param: "N", Denotation: "DATA_BATCH"}, {}, {Value: 0, HasValue: true}}}},
				{Name: "r", Type: &TypeProto{Kind: "tensor_type", ElemType: Bool, Denotation: "IMAGE"}},
			},
			Outputs:   []*ValueInfo{{Name: "z", Type: &TypeProto{Kind: "tensor_type", ElemType: Float16, Shape: []Dim{}}}},
			ValueInfo: []*ValueInfo{{Name: "y", Type: &TypeProto{Kind: "sequence_type"}}, {Name: "w"}},
		},
	}
}

var ignoreOffsets = cmpopts.IgnoreFields
var cmpOpts = []cmp.Option{
	ignoreOffsets(Graph{}, "Offset"), ignoreOffsets(Node{}, "Offset"), ignoreOffsets(Attribute{}, "Offset"),
	ignoreOffsets(ValueInfo{}, "Offset"), ignoreOffsets(Tensor{}, "Offset"), cmpopts.EquateEmpty(),
}

// TestRoundTrip encodes a model with every field the reader knows and
// decodes it back.
func TestRoundTrip(t *testing.T) {
	m := sampleModel()
	got, err := DecodeModel(m.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(m, got, cmpOpts...); d != "" {
		t.Errorf("round trip (-want +got):\n%s", d)
	}
	if got.Opset("ai.onnx") != 13 || got.Opset("com.example") != 1 || got.Opset("x") != 0 {
		t.Errorf("Opset: %v", got.OpsetImports)
	}
	if a := got.Graph.Nodes[1].Attr("ints"); a == nil || a.Ints[2] != 1<<40 || got.Graph.Nodes[1].Attr("nope") != nil {
		t.Errorf("Attr lookup: %v", a)
	}
	// Offsets point at the messages: the first node is the first field of
	// the graph, right after its own tag and length.
	n0 := got.Graph.Nodes[0]
	if n0.Offset <= got.Graph.Offset || n0.Offset > got.Graph.Offset+3 {
		t.Errorf("node offset %d, graph offset %d", n0.Offset, got.Graph.Offset)
	}
}

// TestUnpackedAndUntyped reads forms the encoder does not write but other
// producers do: unpacked repeated scalars, and attributes without a type
// (the type is inferred from the value present).
func TestUnpackedAndUntyped(t *testing.T) {
	var tb []byte
	for _, d := range []uint64{2, 3} {
		tb = protowire.AppendTag(tb, 1, protowire.VarintType)
		tb = protowire.AppendVarint(tb, d)
	}
	tb = protowire.AppendTag(tb, 2, protowire.VarintType)
	tb = protowire.AppendVarint(tb, uint64(Float))
	for i := 0; i < 6; i++ {
		tb = protowire.AppendTag(tb, 4, protowire.Fixed32Type)
		tb = protowire.AppendFixed32(tb, math.Float32bits(float32(i)))
	}
	tb = protowire.AppendTag(tb, 99, protowire.Fixed64Type) // an unknown field is skipped
	tb = protowire.AppendFixed64(tb, 0)
	got, err := DecodeTensor(tb)
	if err != nil {
		t.Fatal(err)
	}
	v, err := got.ToTensor()
	if err != nil {
		t.Fatal(err)
	}
	if s := tensor.Format(v); s != "dense<[[0.000000e+00, 1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00, 5.000000e+00]]> : tensor<2x3xf32>" {
		t.Errorf("got %s", s)
	}

	var ab []byte
	ab = protowire.AppendTag(ab, 1, protowire.BytesType)
	ab = protowire.AppendString(ab, "axis")
	ab = protowire.AppendTag(ab, 3, protowire.VarintType)
	ab = protowire.AppendVarint(ab, 2)
	var nb []byte
	nb = protowire.AppendTag(nb, 5, protowire.BytesType)
	nb = protowire.AppendBytes(nb, ab)
	var gb []byte
	gb = protowire.AppendTag(gb, 1, protowire.BytesType)
	gb = protowire.AppendBytes(gb, nb)
	var mb []byte
	mb = protowire.AppendTag(mb, 7, protowire.BytesType)
	mb = protowire.AppendBytes(mb, gb)
	m, err := DecodeModel(mb)
	if err != nil {
		t.Fatal(err)
	}
	if a := m.Graph.Nodes[0].Attrs[0]; a.Type != AttrInt || a.I != 2 {
		t.Errorf("untyped attribute = %+v", a)
	}
}

// TestToTensor converts every element type from raw_data and from its
// typed list, and checks every rule.
func TestToTensor(t *testing.T) {
	for _, c := range []struct {
		name string
		in   Tensor
		want string // tensor.Format, or "error: …" (substring)
	}{
		{"float typed", Tensor{Dims: []int64{2}, DataType: Float, FloatData: []float32{1.5, -2}}, "dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>"},
		{"float raw", Tensor{DataType: Float, RawData: []byte{0, 0, 0xc0, 0x3f}, HasRawData: true}, "dense<1.500000e+00> : tensor<f32>"},
		{"double", Tensor{Dims: []int64{1}, DataType: Double, DoubleData: []float64{0.25}}, "dense<2.500000e-01> : tensor<1xf64>"},
		{"int8 in int32_data", Tensor{Dims: []int64{2}, DataType: Int8, Int32Data: []int32{-3, 127}}, "dense<[-3, 127]> : tensor<2xi8>"},
		{"uint8", Tensor{Dims: []int64{2}, DataType: Uint8, Int32Data: []int32{255, 0}}, "dense<[255, 0]> : tensor<2xui8>"},
		{"int16", Tensor{Dims: []int64{1}, DataType: Int16, Int32Data: []int32{-300}}, "dense<-300> : tensor<1xi16>"},
		{"uint16", Tensor{Dims: []int64{1}, DataType: Uint16, Int32Data: []int32{65535}}, "dense<65535> : tensor<1xui16>"},
		{"int32", Tensor{Dims: []int64{1}, DataType: Int32, Int32Data: []int32{math.MinInt32}}, "dense<-2147483648> : tensor<1xi32>"},
		{"int64", Tensor{Dims: []int64{2}, DataType: Int64, Int64Data: []int64{math.MinInt64, 5}}, "dense<[-9223372036854775808, 5]> : tensor<2xi64>"},
		{"uint32", Tensor{Dims: []int64{1}, DataType: Uint32, Uint64Data: []uint64{math.MaxUint32}}, "dense<4294967295> : tensor<1xui32>"},
		{"uint64", Tensor{Dims: []int64{1}, DataType: Uint64, Uint64Data: []uint64{math.MaxUint64}}, "dense<18446744073709551615> : tensor<1xui64>"},
		{"bool typed", Tensor{Dims: []int64{3}, DataType: Bool, Int32Data: []int32{0, 1, 5}}, "dense<[false, true, true]> : tensor<3xi1>"},
		{"bool raw", Tensor{Dims: []int64{2}, DataType: Bool, RawData: []byte{2, 0}, HasRawData: true}, "dense<[true, false]> : tensor<2xi1>"},
		{"bool raw edges", Tensor{Dims: []int64{4}, DataType: Bool, RawData: []byte{255, 1, 0, 128}, HasRawData: true}, "dense<[true, true, false, true]> : tensor<4xi1>"},
		{"float16 bits", Tensor{Dims: []int64{1}, DataType: Float16, Int32Data: []int32{0x3c00}}, "dense<1.000000e+00> : tensor<1xf16>"},
		{"bfloat16 bits", Tensor{Dims: []int64{1}, DataType: BFloat16, Int32Data: []int32{0xc000}}, "dense<-2.000000e+00> : tensor<1xbf16>"},
		{"empty", Tensor{Dims: []int64{0, 4}, DataType: Int64}, "dense<> : tensor<0x4xi64>"},
		{"empty raw", Tensor{Dims: []int64{3, 0}, DataType: Float, HasRawData: true}, "dense<> : tensor<3x0xf32>"},

		{"string", Tensor{Dims: []int64{1}, DataType: String, StringData: [][]byte{[]byte("a")}}, "error: element type STRING is not supported"},
		{"complex", Tensor{DataType: Complex64}, "error: element type COMPLEX64 is not supported"},
		{"undefined", Tensor{}, "error: element type UNDEFINED is not supported"},
		{"unknown type", Tensor{DataType: 77}, "error: element type DataType(77) is not supported"},
		{"negative dim", Tensor{Dims: []int64{2, -1}, DataType: Float}, "error: dimension 1 has negative size -1"},
		{"overflow", Tensor{Dims: []int64{1 << 40, 1 << 40}, DataType: Float}, "error: dims [1099511627776 1099511627776] have too many elements"},
		{"huge dims, no data", Tensor{Dims: []int64{1 << 33}, DataType: Float, HasRawData: true}, "error: raw_data holds 0 bytes, want 34359738368 (8589934592 elements of FLOAT)"},
		{"raw too short", Tensor{Dims: []int64{2}, DataType: Int64, RawData: make([]byte, 15), HasRawData: true}, "error: raw_data holds 15 bytes, want 16 (2 elements of INT64)"},
		{"typed too short", Tensor{Dims: []int64{3}, DataType: Float, FloatData: []float32{1}}, "error: float_data holds 1 values, want 3 (dims [3])"},
		{"no data", Tensor{Dims: []int64{1}, DataType: Int32}, "error: int32_data holds 0 values, want 1"},
		{"wrong list", Tensor{Dims: []int64{1}, DataType: Float, Int64Data: []int64{1}}, "error: FLOAT tensor has data in int64_data, want float_data or raw_data"},
		{"raw and typed", Tensor{Dims: []int64{1}, DataType: Int64, Int64Data: []int64{1}, RawData: make([]byte, 8), HasRawData: true}, "error: INT64 tensor has data in int64_data, want raw_data only"},
		{"external", Tensor{DataType: Float, DataLocation: 1}, "error: data stored outside the file (external_data) is not supported"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Through the wire, so the encoder and decoder are covered too.
			pt, err := DecodeTensor(c.in.Marshal())
			if err != nil {
				t.Fatal(err)
			}
			v, err := pt.ToTensor()
			got := ""
			if err != nil {
				got = "error: " + err.Error()
				if !strings.HasPrefix(c.want, "error: ") || !strings.Contains(got, c.want) {
					t.Errorf("got %s, want %s", got, c.want)
				}
				return
			}
			if got = tensor.Format(v); got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
			// i1 elements are stored as the bytes 0 and 1 only (byte-wise
			// comparisons and kernels rely on it), whatever bytes a
			// producer wrote.
			if v.DType == tensor.I1 {
				for i, b := range v.Data {
					if b > 1 {
						t.Errorf("i1 element %d stored as byte %d", i, b)
					}
				}
			}
			// FromTensor writes raw_data that reads back the same.
			back, err := FromTensor("x", v)
			if err != nil {
				t.Fatal(err)
			}
			v2, err := back.ToTensor()
			if err != nil || !tensor.Equal(v, v2) {
				t.Errorf("FromTensor round trip: %v, %v", v2, err)
			}
		})
	}
	if _, err := FromTensor("x", tensor.Must(tensor.FromInt64s(tensor.Index, []int64{1}, []int64{4}))); err != nil {
		t.Errorf("FromTensor(index): %v", err)
	}
}

// TestMalformed checks the message of each kind of wire-format damage.
func TestMalformed(t *testing.T) {
	tag := func(b []byte, num protowire.Number, typ protowire.Type) []byte {
		return protowire.AppendTag(b, num, typ)
	}
	msg := func(num protowire.Number, body []byte) []byte {
		return protowire.AppendBytes(tag(nil, num, protowire.BytesType), body)
	}
	for _, c := range []struct {
		name   string
		data   []byte
		tensor bool
		want   string
	}{
		{"bad tag", []byte{0x80}, false, "byte 0: ModelProto: malformed field tag (unexpected EOF)"},
		{"field zero", []byte{0x00}, false, "byte 0: ModelProto: malformed field tag (invalid field number)"},
		{"bad wire type", []byte{0x0f}, false, "byte 0: ModelProto: field 1 (ir_version) has invalid wire type 7"},
		{"truncated varint", []byte{0x08, 0xff}, false, "byte 0: ModelProto: field 1 (ir_version): truncated or malformed varint value (unexpected EOF)"},
		{"truncated fixed32", []byte{0x25, 1, 2}, true, "byte 0: TensorProto: field 4 (float_data): truncated or malformed fixed32 value (unexpected EOF)"},
		{"long length", []byte{0x3a, 0x05, 1}, false, "byte 0: ModelProto: field 7 (graph) needs 5 bytes, 1 left"},
		{"wrong wire type", tag(nil, 7, protowire.VarintType), false, "byte 0: ModelProto: field 7 (graph): truncated or malformed varint value (unexpected EOF)"},
		{"graph as varint", protowire.AppendVarint(tag(nil, 7, protowire.VarintType), 1), false, "byte 0: ModelProto: field 7 (graph) has wire type varint, want length-delimited"},
		{"nested", msg(7, msg(1, msg(5, []byte{0x1a, 0x09}))), false,
			"byte 6: ModelProto.graph.node[0].attribute[0]: field 3 (i) needs 9 bytes, 0 left"},
		{"packed float length", msg(4, []byte{1, 2, 3}), true, "byte 0: TensorProto: field 4 (float_data): packed length 3 is not a multiple of 4"},
		{"packed varint", msg(7, []byte{0xff}), true, "byte 2: TensorProto: field 7 (int64_data): truncated packed varint"},
		{"dims as fixed", protowire.AppendFixed32(tag(nil, 1, protowire.Fixed32Type), 1), true, "byte 0: TensorProto: field 1 (dims) has wire type fixed32, want varint or packed"},
		{"float as varint", protowire.AppendVarint(tag(nil, 4, protowire.VarintType), 1), true, "byte 0: TensorProto: field 4 (float_data) has wire type varint, want fixed32 or packed"},
		{"group", []byte{0x0b}, false, "byte 0: ModelProto: field 1 (ir_version): truncated or malformed group value"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			if c.tensor {
				_, err = DecodeTensor(c.data)
			} else {
				_, err = DecodeModel(c.data)
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not an *Error", err)
			}
			if !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("got  %s\nwant %s", err, c.want)
			}
		})
	}
	// Graphs nested beyond MaxDepth.
	g := &Graph{}
	for i := 0; i <= MaxDepth; i++ {
		g = &Graph{Nodes: []*Node{{Attrs: []*Attribute{{Name: "body", Type: AttrGraph, G: g}}}}}
	}
	_, err := DecodeModel((&Model{Graph: g}).Marshal())
	if err == nil || !strings.Contains(err.Error(), "graphs nested more than 32 deep") {
		t.Errorf("deep nesting: %v", err)
	}
}

// TestTruncations decodes every prefix of a valid model: each either
// decodes (a prefix that ends on a field boundary is a valid, smaller
// message) or gives an *Error; none panics.
func TestTruncations(t *testing.T) {
	data := sampleModel().Marshal()
	failed := 0
	for n := 0; n < len(data); n++ {
		_, err := DecodeModel(data[:n])
		var pe *Error
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("prefix %d: %v is not an *Error", n, err)
		}
		if err != nil {
			failed++
			if pe.Offset < 0 || pe.Offset > n {
				t.Errorf("prefix %d: offset %d outside the input", n, pe.Offset)
			}
		}
	}
	if failed < len(data)/2 {
		t.Errorf("only %d of %d prefixes failed", failed, len(data))
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(sampleModel().Marshal())
	f.Add((&Tensor{Dims: []int64{2}, DataType: Int64, Int64Data: []int64{1, 2}}).Marshal())
	f.Add([]byte{0x3a, 0x05, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		// Nothing may panic, and a tensor is never larger than the data
		// that describes it (no allocation from a claimed size).
		if m, err := DecodeModel(data); err == nil && m.Graph != nil {
			for _, init := range m.Graph.Initializers {
				if v, err := init.ToTensor(); err == nil && len(v.Data) > len(data)*8 {
					t.Fatalf("tensor of %d bytes from %d bytes of input", len(v.Data), len(data))
				}
			}
		}
		if pt, err := DecodeTensor(data); err == nil {
			if v, err := pt.ToTensor(); err == nil && len(v.Data) > len(data)*8 {
				t.Fatalf("tensor of %d bytes from %d bytes of input", len(v.Data), len(data))
			}
		}
	})
}
