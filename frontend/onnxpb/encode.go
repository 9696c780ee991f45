package onnxpb

import (
	"math"

	"google.golang.org/protobuf/encoding/protowire"
)

// The encoder writes the fields the decoder reads, in field-number order of
// appearance in the package doc; repeated numbers are packed. It exists for
// tests, examples and tools that build small models; it is not a general
// ONNX writer.

func appendString(b []byte, num protowire.Number, s string) []byte {
	if s == "" {
		return b
	}
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendString(b, s)
}

func appendVarint(b []byte, num protowire.Number, v uint64) []byte {
	if v == 0 {
		return b
	}
	b = protowire.AppendTag(b, num, protowire.VarintType)
	return protowire.AppendVarint(b, v)
}

func appendMessage(b []byte, num protowire.Number, msg []byte) []byte {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendBytes(b, msg)
}

func appendPackedVarints[T int64 | int32 | uint64](b []byte, num protowire.Number, vs []T) []byte {
	if len(vs) == 0 {
		return b
	}
	var p []byte
	for _, v := range vs {
		p = protowire.AppendVarint(p, uint64(v))
	}
	return appendMessage(b, num, p)
}

// Marshal encodes the model as a ModelProto.
func (m *Model) Marshal() []byte {
	var b []byte
	b = appendVarint(b, 1, uint64(m.IRVersion))
	b = appendString(b, 2, m.ProducerName)
	b = appendString(b, 3, m.ProducerVersion)
	b = appendString(b, 4, m.Domain)
	b = appendVarint(b, 5, uint64(m.ModelVersion))
	b = appendString(b, 6, m.DocString)
	if m.Graph != nil {
		b = appendMessage(b, 7, m.Graph.Marshal())
	}
	for _, o := range m.OpsetImports {
		var ob []byte
		ob = appendString(ob, 1, o.Domain)
		ob = protowire.AppendTag(ob, 2, protowire.VarintType)
		ob = protowire.AppendVarint(ob, uint64(o.Version))
		b = appendMessage(b, 8, ob)
	}
	return b
}

// Marshal encodes the graph as a GraphProto.
func (g *Graph) Marshal() []byte {
	var b []byte
	for _, n := range g.Nodes {
		b = appendMessage(b, 1, n.Marshal())
	}
	b = appendString(b, 2, g.Name)
	for _, t := range g.Initializers {
		b = appendMessage(b, 5, t.Marshal())
	}
	b = appendString(b, 10, g.DocString)
	for _, l := range []struct {
		num  protowire.Number
		list []*ValueInfo
	}{{11, g.Inputs}, {12, g.Outputs}, {13, g.ValueInfo}} {
		for _, vi := range l.list {
			b = appendMessage(b, l.num, vi.Marshal())
		}
	}
	return b
}

// Marshal encodes the node as a NodeProto.
func (n *Node) Marshal() []byte {
	var b []byte
	for _, s := range n.Inputs {
		b = protowire.AppendTag(b, 1, protowire.BytesType)
		b = protowire.AppendString(b, s)
	}
	for _, s := range n.Outputs {
		b = protowire.AppendTag(b, 2, protowire.BytesType)
		b = protowire.AppendString(b, s)
	}
	b = appendString(b, 3, n.Name)
	b = appendString(b, 4, n.OpType)
	for _, a := range n.Attrs {
		b = appendMessage(b, 5, a.Marshal())
	}
	b = appendString(b, 6, n.DocString)
	b = appendString(b, 7, n.Domain)
	return b
}

// Marshal encodes the attribute as an AttributeProto, writing the value
// field that Type selects.
func (a *Attribute) Marshal() []byte {
	var b []byte
	b = appendString(b, 1, a.Name)
	switch a.Type {
	case AttrFloat:
		b = protowire.AppendTag(b, 2, protowire.Fixed32Type)
		b = protowire.AppendFixed32(b, math.Float32bits(a.F))
	case AttrInt:
		b = protowire.AppendTag(b, 3, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(a.I))
	case AttrString:
		b = protowire.AppendTag(b, 4, protowire.BytesType)
		b = protowire.AppendBytes(b, a.S)
	case AttrTensor:
		if a.T != nil {
			b = appendMessage(b, 5, a.T.Marshal())
		}
	case AttrGraph:
		if a.G != nil {
			b = appendMessage(b, 6, a.G.Marshal())
		}
	case AttrFloats:
		var p []byte
		for _, f := range a.Floats {
			p = protowire.AppendFixed32(p, math.Float32bits(f))
		}
		b = appendMessage(b, 7, p)
	case AttrInts:
		b = appendPackedVarints(b, 8, a.Ints)
	case AttrStrings:
		for _, s := range a.Strings {
			b = appendMessage(b, 9, s)
		}
	case AttrTensors:
		for _, t := range a.Tensors {
			b = appendMessage(b, 10, t.Marshal())
		}
	case AttrGraphs:
		for _, g := range a.Graphs {
			b = appendMessage(b, 11, g.Marshal())
		}
	}
	b = appendString(b, 13, a.DocString)
	b = appendVarint(b, 20, uint64(a.Type))
	b = appendString(b, 21, a.RefAttrName)
	return b
}

// Marshal encodes the value info as a ValueInfoProto.
func (vi *ValueInfo) Marshal() []byte {
	var b []byte
	b = appendString(b, 1, vi.Name)
	if vi.Type != nil {
		b = appendMessage(b, 2, vi.Type.Marshal())
	}
	b = appendString(b, 3, vi.DocString)
	return b
}

// Marshal encodes the type as a TypeProto. Only tensor types are written
// with content; other kinds are written as empty messages.
func (t *TypeProto) Marshal() []byte {
	var b []byte
	switch t.Kind {
	case "tensor_type", "":
		var tb []byte
		tb = appendVarint(tb, 1, uint64(t.ElemType))
		if t.Shape != nil {
			var sb []byte
			for _, d := range t.Shape {
				var db []byte
				if d.HasValue {
					db = protowire.AppendTag(db, 1, protowire.VarintType)
					db = protowire.AppendVarint(db, uint64(d.Value))
				}
				db = appendString(db, 2, d.Param)
				db = appendString(db, 3, d.Denotation)
				sb = appendMessage(sb, 1, db)
			}
			tb = appendMessage(tb, 2, sb)
		}
		b = appendMessage(b, 1, tb)
	default:
		num := map[string]protowire.Number{"sequence_type": 4, "map_type": 5, "sparse_tensor_type": 8, "optional_type": 9}[t.Kind]
		if num != 0 {
			b = appendMessage(b, num, nil)
		}
	}
	b = appendString(b, 6, t.Denotation)
	return b
}

// Marshal encodes the tensor as a TensorProto.
func (t *Tensor) Marshal() []byte {
	var b []byte
	b = appendPackedVarints(b, 1, t.Dims)
	b = appendVarint(b, 2, uint64(t.DataType))
	if len(t.FloatData) > 0 {
		var p []byte
		for _, f := range t.FloatData {
			p = protowire.AppendFixed32(p, math.Float32bits(f))
		}
		b = appendMessage(b, 4, p)
	}
	b = appendPackedVarints(b, 5, t.Int32Data)
	for _, s := range t.StringData {
		b = appendMessage(b, 6, s)
	}
	b = appendPackedVarints(b, 7, t.Int64Data)
	b = appendString(b, 8, t.Name)
	if t.HasRawData || len(t.RawData) > 0 {
		b = appendMessage(b, 9, t.RawData)
	}
	if len(t.DoubleData) > 0 {
		var p []byte
		for _, f := range t.DoubleData {
			p = protowire.AppendFixed64(p, math.Float64bits(f))
		}
		b = appendMessage(b, 10, p)
	}
	b = appendPackedVarints(b, 11, t.Uint64Data)
	b = appendString(b, 12, t.DocString)
	for _, kv := range t.ExternalData {
		var e []byte
		e = appendString(e, 1, kv[0])
		e = appendString(e, 2, kv[1])
		b = appendMessage(b, 13, e)
	}
	b = appendVarint(b, 14, uint64(t.DataLocation))
	return b
}
