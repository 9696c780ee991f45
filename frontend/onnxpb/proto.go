package onnxpb

import "fmt"

// DataType is TensorProto.DataType: the element type of a tensor.
type DataType int32

// The ONNX element types (the enum values are ONNX's).
const (
	Undefined  DataType = 0
	Float      DataType = 1
	Uint8      DataType = 2
	Int8       DataType = 3
	Uint16     DataType = 4
	Int16      DataType = 5
	Int32      DataType = 6
	Int64      DataType = 7
	String     DataType = 8
	Bool       DataType = 9
	Float16    DataType = 10
	Double     DataType = 11
	Uint32     DataType = 12
	Uint64     DataType = 13
	Complex64  DataType = 14
	Complex128 DataType = 15
	BFloat16   DataType = 16
)

var dataTypeNames = map[DataType]string{
	Undefined: "UNDEFINED", Float: "FLOAT", Uint8: "UINT8", Int8: "INT8", Uint16: "UINT16",
	Int16: "INT16", Int32: "INT32", Int64: "INT64", String: "STRING", Bool: "BOOL",
	Float16: "FLOAT16", Double: "DOUBLE", Uint32: "UINT32", Uint64: "UINT64",
	Complex64: "COMPLEX64", Complex128: "COMPLEX128", BFloat16: "BFLOAT16",
}

// String returns ONNX's name of the type (FLOAT, INT64, …).
func (t DataType) String() string {
	if s, ok := dataTypeNames[t]; ok {
		return s
	}
	return fmt.Sprintf("DataType(%d)", int32(t))
}

// AttrType is AttributeProto.AttributeType.
type AttrType int32

// The attribute kinds (the enum values are ONNX's).
const (
	AttrUndefined     AttrType = 0
	AttrFloat         AttrType = 1
	AttrInt           AttrType = 2
	AttrString        AttrType = 3
	AttrTensor        AttrType = 4
	AttrGraph         AttrType = 5
	AttrFloats        AttrType = 6
	AttrInts          AttrType = 7
	AttrStrings       AttrType = 8
	AttrTensors       AttrType = 9
	AttrGraphs        AttrType = 10
	AttrSparseTensor  AttrType = 11
	AttrSparseTensors AttrType = 12
	AttrTypeProto     AttrType = 13
	AttrTypeProtos    AttrType = 14
)

var attrTypeNames = map[AttrType]string{
	AttrUndefined: "UNDEFINED", AttrFloat: "FLOAT", AttrInt: "INT", AttrString: "STRING",
	AttrTensor: "TENSOR", AttrGraph: "GRAPH", AttrFloats: "FLOATS", AttrInts: "INTS",
	AttrStrings: "STRINGS", AttrTensors: "TENSORS", AttrGraphs: "GRAPHS",
	AttrSparseTensor: "SPARSE_TENSOR", AttrSparseTensors: "SPARSE_TENSORS",
	AttrTypeProto: "TYPE_PROTO", AttrTypeProtos: "TYPE_PROTOS",
}

// String returns ONNX's name of the kind (INT, FLOATS, …).
func (t AttrType) String() string {
	if s, ok := attrTypeNames[t]; ok {
		return s
	}
	return fmt.Sprintf("AttrType(%d)", int32(t))
}

// Model is a ModelProto.
type Model struct {
	IRVersion       int64
	ProducerName    string
	ProducerVersion string
	Domain          string
	ModelVersion    int64
	DocString       string
	OpsetImports    []OpsetID
	Graph           *Graph
}

// OpsetID is an OperatorSetIdProto: an operator domain ("" is the default
// ai.onnx domain) and its version.
type OpsetID struct {
	Domain  string
	Version int64
}

// Opset returns the version the model imports for domain ("" and "ai.onnx"
// name the same default domain), or 0 if it imports none.
func (m *Model) Opset(domain string) int64 {
	norm := func(d string) string {
		if d == "ai.onnx" {
			return ""
		}
		return d
	}
	for _, o := range m.OpsetImports {
		if norm(o.Domain) == norm(domain) {
			return o.Version
		}
	}
	return 0
}

// Graph is a GraphProto.
type Graph struct {
	Name      string
	DocString string
	Nodes     []*Node
	// Initializers are the graph's constant tensors, by name.
	Initializers []*Tensor
	Inputs       []*ValueInfo
	Outputs      []*ValueInfo
	ValueInfo    []*ValueInfo
	// SparseInitializers counts the sparse initializers, which the reader
	// does not decode.
	SparseInitializers int
	// Offset is the byte offset of the message in the decoded input.
	Offset int
}

// Node is a NodeProto: one operator application.
type Node struct {
	Name      string
	OpType    string
	Domain    string
	DocString string
	// Inputs and Outputs are value names; "" is an absent optional value.
	Inputs  []string
	Outputs []string
	Attrs   []*Attribute
	// Offset is the byte offset of the message in the decoded input.
	Offset int
}

// Attr returns the attribute named name, or nil.
func (n *Node) Attr(name string) *Attribute {
	for _, a := range n.Attrs {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// Attribute is an AttributeProto. Type says which value field is meant;
// files from old producers leave Type unset, and the reader then infers it
// from the one value field present.
type Attribute struct {
	Name        string
	RefAttrName string
	DocString   string
	Type        AttrType
	F           float32
	I           int64
	S           []byte
	T           *Tensor
	G           *Graph
	Floats      []float32
	Ints        []int64
	Strings     [][]byte
	Tensors     []*Tensor
	Graphs      []*Graph
	// Offset is the byte offset of the message in the decoded input.
	Offset int
}

// ValueInfo is a ValueInfoProto: a value's name and type.
type ValueInfo struct {
	Name      string
	DocString string
	Type      *TypeProto // nil if the proto has none
	Offset    int
}

// TypeProto is a TypeProto. Only tensor types are decoded; Kind names the
// kind ("tensor_type", "sequence_type", "map_type", "optional_type",
// "sparse_tensor_type", or "" when the proto sets none).
type TypeProto struct {
	Kind       string
	Denotation string
	// ElemType and Shape describe a tensor_type.
	ElemType DataType
	// Shape is nil when the type has no shape (unknown rank); otherwise one
	// Dim per dimension.
	Shape []Dim
}

// Dim is a TensorShapeProto.Dimension: a known size (HasValue), a symbolic
// size (Param), or neither (unknown).
type Dim struct {
	Value      int64
	HasValue   bool
	Param      string
	Denotation string
}

// Tensor is a TensorProto. Element data is in RawData or in the typed list
// for DataType (see the package doc); ToTensor reads either.
type Tensor struct {
	Name       string
	DocString  string
	Dims       []int64
	DataType   DataType
	RawData    []byte
	HasRawData bool
	FloatData  []float32
	Int32Data  []int32
	StringData [][]byte
	Int64Data  []int64
	DoubleData []float64
	Uint64Data []uint64
	// ExternalData holds the key/value pairs that locate data stored
	// outside the file; DataLocation is 1 (EXTERNAL) for such tensors.
	ExternalData [][2]string
	DataLocation int32
	Offset       int
}
