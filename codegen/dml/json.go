package dml

import (
	"encoding/hex"
	"encoding/json"
	"io"
)

// The JSON form of a module's graphs (--mlir-to-dml-json). Keys are the
// DirectML.h member names, enums are written by enumerator name, and
// every struct keeps its C field order. The Go types below are the schema:
// tests decode the output with DisallowUnknownFields and re-encode it
// byte for byte.

// JSONModule is the whole document.
type JSONModule struct {
	Generator           string      `json:"Generator"`
	Source              string      `json:"Source,omitempty"`
	MinimumFeatureLevel string      `json:"MinimumFeatureLevel"`
	MinimumReason       string      `json:"MinimumFeatureLevelReason"`
	DMLTargetVersion    string      `json:"DML_TARGET_VERSION"`
	Graphs              []JSONGraph `json:"Graphs"`
}

// JSONGraph is one function: its buffers and its DML_GRAPH_DESC.
type JSONGraph struct {
	Name                string           `json:"Name"`
	MinimumFeatureLevel string           `json:"MinimumFeatureLevel"`
	Inputs              []JSONBuffer     `json:"Inputs"`
	Outputs             []JSONBuffer     `json:"Outputs"`
	GraphDesc           JSONDMLGraphDesc `json:"DML_GRAPH_DESC"`
}

// JSONBuffer describes a graph input or output buffer; constants carry
// their little-endian bytes in hex.
type JSONBuffer struct {
	Name   string               `json:"Name"`
	Desc   JSONBufferTensorDesc `json:"Desc"`
	Values string               `json:"DataHex,omitempty"`
}

// JSONDMLGraphDesc is DML_GRAPH_DESC.
type JSONDMLGraphDesc struct {
	InputCount            int             `json:"InputCount"`
	OutputCount           int             `json:"OutputCount"`
	NodeCount             int             `json:"NodeCount"`
	Nodes                 []JSONGraphNode `json:"Nodes"`
	InputEdgeCount        int             `json:"InputEdgeCount"`
	InputEdges            []JSONEdge      `json:"InputEdges"`
	OutputEdgeCount       int             `json:"OutputEdgeCount"`
	OutputEdges           []JSONEdge      `json:"OutputEdges"`
	IntermediateEdgeCount int             `json:"IntermediateEdgeCount"`
	IntermediateEdges     []JSONEdge      `json:"IntermediateEdges"`
}

// JSONGraphNode is DML_GRAPH_NODE_DESC with its DML_OPERATOR_GRAPH_NODE_DESC.
type JSONGraphNode struct {
	Type string           `json:"Type"` // DML_GRAPH_NODE_TYPE_OPERATOR
	Desc JSONOperatorNode `json:"Desc"`
}

// JSONOperatorNode is DML_OPERATOR_GRAPH_NODE_DESC.
type JSONOperatorNode struct {
	Operator JSONOperatorDesc `json:"Operator"`
	Name     string           `json:"Name"`
}

// JSONOperatorDesc is DML_OPERATOR_DESC.
type JSONOperatorDesc struct {
	Type string     `json:"Type"` // DML_OPERATOR_GATHER
	Desc JSONOpDesc `json:"Desc"`
}

// JSONOpDesc holds the fields of every operator desc the lowering uses;
// the fields of one operator appear in its struct's order.
type JSONOpDesc struct {
	InputTensor           *JSONTensorDesc  `json:"InputTensor,omitempty"`
	IndicesTensor         *JSONTensorDesc  `json:"IndicesTensor,omitempty"`
	UpdatesTensor         *JSONTensorDesc  `json:"UpdatesTensor,omitempty"`
	InputCount            *int64           `json:"InputCount,omitempty"`
	InputTensors          []JSONTensorDesc `json:"InputTensors,omitempty"`
	ConditionTensor       *JSONTensorDesc  `json:"ConditionTensor,omitempty"`
	ATensor               *JSONTensorDesc  `json:"ATensor,omitempty"`
	BTensor               *JSONTensorDesc  `json:"BTensor,omitempty"`
	OutputTensor          *JSONTensorDesc  `json:"OutputTensor,omitempty"`
	Axis                  *int64           `json:"Axis,omitempty"`
	IndexDimensions       *int64           `json:"IndexDimensions,omitempty"`
	InputDimensionCount   *int64           `json:"InputDimensionCount,omitempty"`
	IndicesDimensionCount *int64           `json:"IndicesDimensionCount,omitempty"`
	BatchDimensionCount   *int64           `json:"BatchDimensionCount,omitempty"`
	DimensionCount        *int64           `json:"DimensionCount,omitempty"`
	InputWindowOffsets    []int64          `json:"InputWindowOffsets,omitempty"`
	InputWindowSizes      []int64          `json:"InputWindowSizes,omitempty"`
	InputWindowStrides    []int64          `json:"InputWindowStrides,omitempty"`
	ScaleBias             json.RawMessage  `json:"ScaleBias,omitempty"`
	Min                   *float64         `json:"Min,omitempty"`
	Max                   *float64         `json:"Max,omitempty"`
}

// JSONTensorDesc is DML_TENSOR_DESC.
type JSONTensorDesc struct {
	Type string               `json:"Type"` // DML_TENSOR_TYPE_BUFFER
	Desc JSONBufferTensorDesc `json:"Desc"`
}

// JSONBufferTensorDesc is DML_BUFFER_TENSOR_DESC; Strides is null when packed.
type JSONBufferTensorDesc struct {
	DataType                      string  `json:"DataType"`
	Flags                         string  `json:"Flags"`
	DimensionCount                int     `json:"DimensionCount"`
	Sizes                         []int64 `json:"Sizes"`
	Strides                       []int64 `json:"Strides"`
	TotalTensorSizeInBytes        int64   `json:"TotalTensorSizeInBytes"`
	GuaranteedBaseOffsetAlignment int     `json:"GuaranteedBaseOffsetAlignment"`
}

// JSONEdge is DML_GRAPH_EDGE_DESC with the edge desc of its type.
type JSONEdge struct {
	Type string       `json:"Type"`
	Desc JSONEdgeDesc `json:"Desc"`
}

// JSONEdgeDesc holds the fields of the three edge descs in their order
// (input: GraphInputIndex, ToNodeIndex, ToNodeInputIndex, Name; output:
// FromNodeIndex, FromNodeOutputIndex, GraphOutputIndex, Name;
// intermediate: FromNodeIndex, FromNodeOutputIndex, ToNodeIndex,
// ToNodeInputIndex, Name).
type JSONEdgeDesc struct {
	GraphInputIndex     *int   `json:"GraphInputIndex,omitempty"`
	FromNodeIndex       *int   `json:"FromNodeIndex,omitempty"`
	FromNodeOutputIndex *int   `json:"FromNodeOutputIndex,omitempty"`
	GraphOutputIndex    *int   `json:"GraphOutputIndex,omitempty"`
	ToNodeIndex         *int   `json:"ToNodeIndex,omitempty"`
	ToNodeInputIndex    *int   `json:"ToNodeInputIndex,omitempty"`
	Name                string `json:"Name"`
}

func ip(v int) *int           { return &v }
func i64p(v int64) *int64     { return &v }
func f64p(v float64) *float64 { return &v }

func jsonBuffer(b BufferDesc) JSONBufferTensorDesc {
	return JSONBufferTensorDesc{DataType: b.DataType.Enum(), Flags: b.Flags(), DimensionCount: b.DimensionCount,
		Sizes: b.Sizes, Strides: b.Strides, TotalTensorSizeInBytes: b.TotalTensorSizeInBytes}
}

// ToJSON converts the module's graphs to the JSON document.
func ToJSON(m *Module) JSONModule {
	doc := JSONModule{Generator: "tcp-translate --mlir-to-dml-json", Source: m.Source,
		MinimumFeatureLevel: m.MinLevel.Enum(), MinimumReason: m.MinReason, DMLTargetVersion: m.MinLevel.TargetVersion()}
	for _, g := range m.Graphs {
		jg := JSONGraph{Name: g.Name, MinimumFeatureLevel: g.MinLevel.Enum()}
		for _, in := range g.Inputs {
			jb := JSONBuffer{Name: in.Name, Desc: jsonBuffer(in.Desc)}
			if in.Data != nil {
				jb.Values = hex.EncodeToString(in.Data)
			}
			jg.Inputs = append(jg.Inputs, jb)
		}
		for _, out := range g.Outputs {
			jg.Outputs = append(jg.Outputs, JSONBuffer{Name: out.Name, Desc: jsonBuffer(out.Desc)})
		}
		gd := &jg.GraphDesc
		gd.InputCount, gd.OutputCount, gd.NodeCount = len(g.Inputs), len(g.Outputs), len(g.Nodes)
		for _, n := range g.Nodes {
			var d JSONOpDesc
			tensors := map[string]**JSONTensorDesc{"InputTensor": &d.InputTensor, "IndicesTensor": &d.IndicesTensor, "UpdatesTensor": &d.UpdatesTensor,
				"ConditionTensor": &d.ConditionTensor, "ATensor": &d.ATensor, "BTensor": &d.BTensor, "OutputTensor": &d.OutputTensor}
			if n.Info.TensorFields[0] == "InputTensors" {
				k := len(n.Tensors) - 1
				d.InputCount = i64p(int64(k))
				for _, t := range n.Tensors[:k] {
					d.InputTensors = append(d.InputTensors, JSONTensorDesc{Type: "DML_TENSOR_TYPE_BUFFER", Desc: jsonBuffer(t)})
				}
				d.OutputTensor = &JSONTensorDesc{Type: "DML_TENSOR_TYPE_BUFFER", Desc: jsonBuffer(n.Tensors[k])}
			} else {
				for i, name := range n.Info.TensorFields {
					*tensors[name] = &JSONTensorDesc{Type: "DML_TENSOR_TYPE_BUFFER", Desc: jsonBuffer(n.Tensors[i])}
				}
			}
			for _, f := range n.Fields {
				switch f.CName {
				case "Axis":
					d.Axis = i64p(f.Scalar)
				case "IndexDimensions":
					d.IndexDimensions = i64p(f.Scalar)
				case "InputDimensionCount":
					d.InputDimensionCount = i64p(f.Scalar)
				case "IndicesDimensionCount":
					d.IndicesDimensionCount = i64p(f.Scalar)
				case "BatchDimensionCount":
					d.BatchDimensionCount = i64p(f.Scalar)
				case "DimensionCount":
					d.DimensionCount = i64p(f.Scalar)
				case "InputWindowOffsets":
					d.InputWindowOffsets = f.Array
				case "InputWindowSizes":
					d.InputWindowSizes = f.Array
				case "InputWindowStrides":
					d.InputWindowStrides = f.Array
				case "ScaleBias":
					d.ScaleBias = json.RawMessage("null")
				case "Min":
					d.Min = f64p(f.Float)
				case "Max":
					d.Max = f64p(f.Float)
				}
			}
			gd.Nodes = append(gd.Nodes, JSONGraphNode{Type: "DML_GRAPH_NODE_TYPE_OPERATOR",
				Desc: JSONOperatorNode{Operator: JSONOperatorDesc{Type: n.Info.Type, Desc: d}, Name: n.Name}})
		}
		gd.InputEdges, gd.OutputEdges, gd.IntermediateEdges = []JSONEdge{}, []JSONEdge{}, []JSONEdge{}
		for _, e := range g.InputEdges {
			gd.InputEdges = append(gd.InputEdges, JSONEdge{Type: "DML_GRAPH_EDGE_TYPE_INPUT",
				Desc: JSONEdgeDesc{GraphInputIndex: ip(e.GraphInputIndex), ToNodeIndex: ip(e.ToNodeIndex), ToNodeInputIndex: ip(e.ToNodeInputIndex), Name: e.Name}})
		}
		for _, e := range g.OutputEdges {
			gd.OutputEdges = append(gd.OutputEdges, JSONEdge{Type: "DML_GRAPH_EDGE_TYPE_OUTPUT",
				Desc: JSONEdgeDesc{FromNodeIndex: ip(e.FromNodeIndex), FromNodeOutputIndex: ip(e.FromNodeOutputIndex), GraphOutputIndex: ip(e.GraphOutputIndex), Name: e.Name}})
		}
		for _, e := range g.IntermediateEdges {
			gd.IntermediateEdges = append(gd.IntermediateEdges, JSONEdge{Type: "DML_GRAPH_EDGE_TYPE_INTERMEDIATE",
				Desc: JSONEdgeDesc{FromNodeIndex: ip(e.FromNodeIndex), FromNodeOutputIndex: ip(e.FromNodeOutputIndex), ToNodeIndex: ip(e.ToNodeIndex), ToNodeInputIndex: ip(e.ToNodeInputIndex), Name: e.Name}})
		}
		gd.InputEdgeCount, gd.OutputEdgeCount, gd.IntermediateEdgeCount = len(gd.InputEdges), len(gd.OutputEdges), len(gd.IntermediateEdges)
		doc.Graphs = append(doc.Graphs, jg)
	}
	return doc
}

// WriteJSON writes the module's graphs as indented JSON.
func WriteJSON(w io.Writer, m *Module) error {
	if m == nil {
		return errNilModule
	}
	b, err := json.MarshalIndent(ToJSON(m), "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
