package onnxpb

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/protobuf/encoding/protowire"
)

// MaxDepth bounds the nesting of graphs inside attributes (If and Loop
// bodies); deeper input is rejected rather than recursed into.
const MaxDepth = 32

// Error is a decoding error: the byte offset of the offending field in the
// input, the path of the message that holds it, and what is wrong.
type Error struct {
	Offset int
	Path   string // e.g. ModelProto.graph.node[0].attribute[1]
	Msg    string
}

func (e *Error) Error() string {
	return fmt.Sprintf("byte %d: %s: %s", e.Offset, e.Path, e.Msg)
}

// DecodeModel decodes a ModelProto (the contents of a .onnx file). Byte
// fields of the result (raw_data, string attributes and string data) share
// memory with data, which must not change while the model is in use.
func DecodeModel(data []byte) (*Model, error) {
	d := &decoder{b: data}
	m := &Model{}
	if err := d.model(0, len(data), &pathElem{name: "ModelProto", index: -1}, m); err != nil {
		return nil, err
	}
	return m, nil
}

// DecodeTensor decodes a TensorProto (the contents of an ONNX test-data .pb
// file).
func DecodeTensor(data []byte) (*Tensor, error) {
	d := &decoder{b: data}
	t := &Tensor{}
	if err := d.tensor(0, len(data), &pathElem{name: "TensorProto", index: -1}, t); err != nil {
		return nil, err
	}
	return t, nil
}

type decoder struct {
	b     []byte
	depth int
}

// pathElem is the path of a message, for errors; it is formatted only when
// an error is reported.
type pathElem struct {
	parent *pathElem
	name   string
	index  int // -1 for a singular field
}

func (p *pathElem) child(name string, index int) *pathElem {
	return &pathElem{parent: p, name: name, index: index}
}

func (p *pathElem) String() string {
	var s string
	if p.parent != nil {
		s = p.parent.String() + "."
	}
	s += p.name
	if p.index >= 0 {
		s += "[" + strconv.Itoa(p.index) + "]"
	}
	return s
}

// field is one decoded field: its number and wire type, the offset of its
// tag, and its value (v for varint and fixed types; [off, off+n) of the
// input for length-delimited ones).
type field struct {
	num    protowire.Number
	typ    protowire.Type
	tagOff int
	v      uint64
	off, n int
}

var wireNames = map[protowire.Type]string{
	protowire.VarintType: "varint", protowire.Fixed32Type: "fixed32", protowire.Fixed64Type: "fixed64",
	protowire.BytesType: "length-delimited", protowire.StartGroupType: "group",
}

func (d *decoder) errf(off int, path *pathElem, format string, args ...any) error {
	return &Error{Offset: off, Path: path.String(), Msg: fmt.Sprintf(format, args...)}
}

// fields calls fn for each field of the message held in b[start:end].
func (d *decoder) fields(start, end int, path *pathElem, kind string, fn func(f *field) error) error {
	pos := start
	f := &field{}   // one per message, reused for each field
	var seen uint64 // singular fields (numbers < 64) met so far
	names, repeated := fieldNames[kind], repeatedFields[kind]
	for pos < end {
		num, typ, n := protowire.ConsumeTag(d.b[pos:end])
		if n < 0 {
			return d.errf(pos, path, "malformed field tag (%s)", parseError(n))
		}
		if _, known := names[num]; known && num < 64 && !repeated[num] {
			// Protobuf lets a later copy of a singular field replace (or,
			// for a message, merge into) an earlier one: a model could
			// then say two things at once. The importer refuses it.
			if seen&(1<<num) != 0 {
				return d.errf(pos, path, "field %d%s appears twice; it is a singular field", num, fieldName(kind, num))
			}
			seen |= 1 << num
		}
		*f = field{num: num, typ: typ, tagOff: pos}
		pos += n
		rest := d.b[pos:end]
		switch typ {
		case protowire.VarintType:
			f.v, n = protowire.ConsumeVarint(rest)
		case protowire.Fixed32Type:
			var v uint32
			v, n = protowire.ConsumeFixed32(rest)
			f.v = uint64(v)
		case protowire.Fixed64Type:
			f.v, n = protowire.ConsumeFixed64(rest)
		case protowire.BytesType:
			l, ln := protowire.ConsumeVarint(rest)
			if ln < 0 {
				n = ln
				break
			}
			if l > uint64(len(rest)-ln) {
				return d.errf(f.tagOff, path, "field %d%s needs %d bytes, %d left", num, fieldName(kind, num), l, len(rest)-ln)
			}
			f.off, f.n = pos+ln, int(l)
			n = ln + int(l)
		case protowire.StartGroupType:
			_, n = protowire.ConsumeGroup(num, rest)
		default:
			return d.errf(f.tagOff, path, "field %d%s has invalid wire type %d", num, fieldName(kind, num), typ)
		}
		if n < 0 {
			return d.errf(f.tagOff, path, "field %d%s: truncated or malformed %s value (%v)", num, fieldName(kind, num), wireNames[typ], parseError(n))
		}
		pos += n
		if err := fn(f); err != nil {
			return err
		}
	}
	return nil
}

// parseError describes a protowire error code without the "proto:"
// prefix, whose spacing the protobuf module deliberately varies.
func parseError(n int) string {
	msg := protowire.ParseError(n).Error()
	if rest, ok := strings.CutPrefix(msg, "proto:"); ok {
		msg = strings.TrimLeft(rest, " \u00a0")
	}
	return msg
}

// want checks the wire type of f, which the message knows as name.
func (d *decoder) want(f *field, path *pathElem, name string, typ protowire.Type) error {
	if f.typ != typ {
		return d.errf(f.tagOff, path, "field %d (%s) has wire type %s, want %s", f.num, name, wireNames[f.typ], wireNames[typ])
	}
	return nil
}

func (d *decoder) str(f *field, path *pathElem, name string, dst *string) error {
	if err := d.want(f, path, name, protowire.BytesType); err != nil {
		return err
	}
	*dst = string(d.b[f.off : f.off+f.n])
	return nil
}

func (d *decoder) bytes(f *field, path *pathElem, name string) ([]byte, error) {
	if err := d.want(f, path, name, protowire.BytesType); err != nil {
		return nil, err
	}
	return d.b[f.off : f.off+f.n : f.off+f.n], nil
}

func (d *decoder) varint(f *field, path *pathElem, name string) (uint64, error) {
	if err := d.want(f, path, name, protowire.VarintType); err != nil {
		return 0, err
	}
	return f.v, nil
}

// varints appends a repeated varint field, packed or not. grow, if not
// nil, is called with the number of values of a packed field before they
// are added, so that the list is allocated once, at its size (a list grown
// by appending holds up to twice its length).
func (d *decoder) varints(f *field, path *pathElem, name string, grow func(int), add func(uint64)) error {
	switch f.typ {
	case protowire.VarintType:
		add(f.v)
		return nil
	case protowire.BytesType:
		b := d.b[f.off : f.off+f.n]
		if grow != nil {
			// Size the list once: a varint ends at each byte below 0x80.
			count := 0
			for _, c := range b {
				if c < 0x80 {
					count++
				}
			}
			grow(count)
		}
		for len(b) > 0 {
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return d.errf(f.off+f.n-len(b), path, "field %d (%s): truncated packed varint", f.num, name)
			}
			add(v)
			b = b[n:]
		}
		return nil
	}
	return d.errf(f.tagOff, path, "field %d (%s) has wire type %s, want varint or packed", f.num, name, wireNames[f.typ])
}

// fixed appends a repeated fixed32 or fixed64 field (size 4 or 8), packed
// or not; grow is as for varints.
func (d *decoder) fixed(f *field, path *pathElem, name string, size int, grow func(int), add func(uint64)) error {
	single := protowire.Fixed32Type
	if size == 8 {
		single = protowire.Fixed64Type
	}
	switch f.typ {
	case single:
		add(f.v)
		return nil
	case protowire.BytesType:
		if f.n%size != 0 {
			return d.errf(f.tagOff, path, "field %d (%s): packed length %d is not a multiple of %d", f.num, name, f.n, size)
		}
		b := d.b[f.off : f.off+f.n]
		if grow != nil {
			grow(len(b) / size)
		}
		for i := 0; i < len(b); i += size {
			if size == 4 {
				v, _ := protowire.ConsumeFixed32(b[i:])
				add(uint64(v))
			} else {
				v, _ := protowire.ConsumeFixed64(b[i:])
				add(v)
			}
		}
		return nil
	}
	return d.errf(f.tagOff, path, "field %d (%s) has wire type %s, want %s or packed", f.num, name, wireNames[f.typ], wireNames[single])
}

// sub checks that f is length-delimited and returns its extent.
func (d *decoder) sub(f *field, path *pathElem, name string) (int, int, error) {
	if err := d.want(f, path, name, protowire.BytesType); err != nil {
		return 0, 0, err
	}
	return f.off, f.off + f.n, nil
}

func (d *decoder) model(start, end int, path *pathElem, m *Model) error {
	return d.fields(start, end, path, "ModelProto", func(f *field) error {
		var err error
		var v uint64
		switch f.num {
		case 1:
			v, err = d.varint(f, path, "ir_version")
			m.IRVersion = int64(v)
		case 2:
			err = d.str(f, path, "producer_name", &m.ProducerName)
		case 3:
			err = d.str(f, path, "producer_version", &m.ProducerVersion)
		case 4:
			err = d.str(f, path, "domain", &m.Domain)
		case 5:
			v, err = d.varint(f, path, "model_version")
			m.ModelVersion = int64(v)
		case 6:
			err = d.str(f, path, "doc_string", &m.DocString)
		case 7:
			s, e, err := d.sub(f, path, "graph")
			if err != nil {
				return err
			}
			m.Graph = &Graph{}
			return d.graph(s, e, path.child("graph", -1), m.Graph)
		case 8:
			s, e, err := d.sub(f, path, "opset_import")
			if err != nil {
				return err
			}
			var o OpsetID
			p := path.child("opset_import", len(m.OpsetImports))
			err = d.fields(s, e, p, "OperatorSetIdProto", func(f *field) error {
				switch f.num {
				case 1:
					return d.str(f, p, "domain", &o.Domain)
				case 2:
					v, err := d.varint(f, p, "version")
					o.Version = int64(v)
					return err
				}
				return nil
			})
			m.OpsetImports = append(m.OpsetImports, o)
			return err
		}
		return err
	})
}

func (d *decoder) graph(start, end int, path *pathElem, g *Graph) error {
	g.Offset = start
	return d.fields(start, end, path, "GraphProto", func(f *field) error {
		switch f.num {
		case 1:
			s, e, err := d.sub(f, path, "node")
			if err != nil {
				return err
			}
			n := &Node{}
			g.Nodes = append(g.Nodes, n)
			return d.node(s, e, path.child("node", len(g.Nodes)-1), n)
		case 2:
			return d.str(f, path, "name", &g.Name)
		case 10:
			return d.str(f, path, "doc_string", &g.DocString)
		case 5:
			s, e, err := d.sub(f, path, "initializer")
			if err != nil {
				return err
			}
			t := &Tensor{}
			g.Initializers = append(g.Initializers, t)
			return d.tensor(s, e, path.child("initializer", len(g.Initializers)-1), t)
		case 11, 12, 13:
			name, list := "input", &g.Inputs
			switch f.num {
			case 12:
				name, list = "output", &g.Outputs
			case 13:
				name, list = "value_info", &g.ValueInfo
			}
			s, e, err := d.sub(f, path, name)
			if err != nil {
				return err
			}
			vi := &ValueInfo{}
			*list = append(*list, vi)
			return d.valueInfo(s, e, path.child(name, len(*list)-1), vi)
		case 15:
			g.SparseInitializers++
		}
		return nil
	})
}

func (d *decoder) node(start, end int, path *pathElem, n *Node) error {
	n.Offset = start
	return d.fields(start, end, path, "NodeProto", func(f *field) error {
		switch f.num {
		case 1, 2:
			var s string
			name := "input"
			if f.num == 2 {
				name = "output"
			}
			if err := d.str(f, path, name, &s); err != nil {
				return err
			}
			if f.num == 1 {
				n.Inputs = append(n.Inputs, s)
			} else {
				n.Outputs = append(n.Outputs, s)
			}
		case 3:
			return d.str(f, path, "name", &n.Name)
		case 4:
			return d.str(f, path, "op_type", &n.OpType)
		case 7:
			return d.str(f, path, "domain", &n.Domain)
		case 6:
			return d.str(f, path, "doc_string", &n.DocString)
		case 5:
			s, e, err := d.sub(f, path, "attribute")
			if err != nil {
				return err
			}
			a := &Attribute{}
			n.Attrs = append(n.Attrs, a)
			return d.attribute(s, e, path.child("attribute", len(n.Attrs)-1), a)
		}
		return nil
	})
}

func (d *decoder) attribute(start, end int, path *pathElem, a *Attribute) error {
	a.Offset = start
	var present []AttrType // value kinds seen, to infer a missing type
	err := d.fields(start, end, path, "AttributeProto", func(f *field) error {
		switch f.num {
		case 1:
			return d.str(f, path, "name", &a.Name)
		case 21:
			return d.str(f, path, "ref_attr_name", &a.RefAttrName)
		case 13:
			return d.str(f, path, "doc_string", &a.DocString)
		case 20:
			v, err := d.varint(f, path, "type")
			a.Type = AttrType(int32(v))
			return err
		case 2:
			if err := d.want(f, path, "f", protowire.Fixed32Type); err != nil {
				return err
			}
			a.F = math.Float32frombits(uint32(f.v))
			present = append(present, AttrFloat)
		case 3:
			v, err := d.varint(f, path, "i")
			a.I = int64(v)
			present = append(present, AttrInt)
			return err
		case 4:
			b, err := d.bytes(f, path, "s")
			a.S = b
			present = append(present, AttrString)
			return err
		case 5:
			s, e, err := d.sub(f, path, "t")
			if err != nil {
				return err
			}
			a.T = &Tensor{}
			present = append(present, AttrTensor)
			return d.tensor(s, e, path.child("t", -1), a.T)
		case 6:
			s, e, err := d.sub(f, path, "g")
			if err != nil {
				return err
			}
			a.G = &Graph{}
			present = append(present, AttrGraph)
			return d.nested(s, e, path.child("g", -1), a.G)
		case 7:
			present = append(present, AttrFloats)
			return d.fixed(f, path, "floats", 4, func(n int) { a.Floats = slices.Grow(a.Floats, n) }, func(v uint64) { a.Floats = append(a.Floats, math.Float32frombits(uint32(v))) })
		case 8:
			present = append(present, AttrInts)
			return d.varints(f, path, "ints", func(n int) { a.Ints = slices.Grow(a.Ints, n) }, func(v uint64) { a.Ints = append(a.Ints, int64(v)) })
		case 9:
			b, err := d.bytes(f, path, "strings")
			a.Strings = append(a.Strings, b)
			present = append(present, AttrStrings)
			return err
		case 10:
			s, e, err := d.sub(f, path, "tensors")
			if err != nil {
				return err
			}
			t := &Tensor{}
			a.Tensors = append(a.Tensors, t)
			present = append(present, AttrTensors)
			return d.tensor(s, e, path.child("tensors", len(a.Tensors)-1), t)
		case 11:
			s, e, err := d.sub(f, path, "graphs")
			if err != nil {
				return err
			}
			g := &Graph{}
			a.Graphs = append(a.Graphs, g)
			present = append(present, AttrGraphs)
			return d.nested(s, e, path.child("graphs", len(a.Graphs)-1), g)
		case 22:
			present = append(present, AttrSparseTensor)
		case 23:
			present = append(present, AttrSparseTensors)
		case 14:
			present = append(present, AttrTypeProto)
		case 15:
			present = append(present, AttrTypeProtos)
		}
		return nil
	})
	if err == nil && a.Type == AttrUndefined && len(present) > 0 {
		a.Type = present[0]
	}
	return err
}

// nested decodes a graph held in an attribute, within MaxDepth.
func (d *decoder) nested(start, end int, path *pathElem, g *Graph) error {
	if d.depth >= MaxDepth {
		return d.errf(start, path, "graphs nested more than %d deep", MaxDepth)
	}
	d.depth++
	defer func() { d.depth-- }()
	return d.graph(start, end, path, g)
}

func (d *decoder) valueInfo(start, end int, path *pathElem, vi *ValueInfo) error {
	vi.Offset = start
	return d.fields(start, end, path, "ValueInfoProto", func(f *field) error {
		switch f.num {
		case 1:
			return d.str(f, path, "name", &vi.Name)
		case 3:
			return d.str(f, path, "doc_string", &vi.DocString)
		case 2:
			s, e, err := d.sub(f, path, "type")
			if err != nil {
				return err
			}
			vi.Type = &TypeProto{}
			return d.typeProto(s, e, path.child("type", -1), vi.Type)
		}
		return nil
	})
}

func (d *decoder) typeProto(start, end int, path *pathElem, t *TypeProto) error {
	return d.fields(start, end, path, "TypeProto", func(f *field) error {
		switch f.num {
		case 6:
			return d.str(f, path, "denotation", &t.Denotation)
		case 4, 5, 8, 9:
			t.Kind = fieldNames["TypeProto"][f.num]
			return d.want(f, path, t.Kind, protowire.BytesType)
		case 1:
			t.Kind = "tensor_type"
			s, e, err := d.sub(f, path, "tensor_type")
			if err != nil {
				return err
			}
			p := path.child("tensor_type", -1)
			return d.fields(s, e, p, "TypeProto.Tensor", func(f *field) error {
				switch f.num {
				case 1:
					v, err := d.varint(f, p, "elem_type")
					t.ElemType = DataType(int32(v))
					return err
				case 2:
					s, e, err := d.sub(f, p, "shape")
					if err != nil {
						return err
					}
					t.Shape = []Dim{}
					return d.shape(s, e, p.child("shape", -1), t)
				}
				return nil
			})
		}
		return nil
	})
}

func (d *decoder) shape(start, end int, path *pathElem, t *TypeProto) error {
	return d.fields(start, end, path, "TensorShapeProto", func(f *field) error {
		if f.num != 1 {
			return nil
		}
		s, e, err := d.sub(f, path, "dim")
		if err != nil {
			return err
		}
		var dim Dim
		p := path.child("dim", len(t.Shape))
		err = d.fields(s, e, p, "TensorShapeProto.Dimension", func(f *field) error {
			switch f.num {
			case 1:
				v, err := d.varint(f, p, "dim_value")
				dim.Value, dim.HasValue = int64(v), true
				return err
			case 2:
				return d.str(f, p, "dim_param", &dim.Param)
			case 3:
				return d.str(f, p, "denotation", &dim.Denotation)
			}
			return nil
		})
		t.Shape = append(t.Shape, dim)
		return err
	})
}

func (d *decoder) tensor(start, end int, path *pathElem, t *Tensor) error {
	t.Offset = start
	return d.fields(start, end, path, "TensorProto", func(f *field) error {
		switch f.num {
		case 1:
			return d.varints(f, path, "dims", func(n int) { t.Dims = slices.Grow(t.Dims, n) }, func(v uint64) { t.Dims = append(t.Dims, int64(v)) })
		case 2:
			v, err := d.varint(f, path, "data_type")
			t.DataType = DataType(int32(v))
			return err
		case 8:
			return d.str(f, path, "name", &t.Name)
		case 12:
			return d.str(f, path, "doc_string", &t.DocString)
		case 9:
			b, err := d.bytes(f, path, "raw_data")
			t.RawData, t.HasRawData = b, true
			return err
		case 4:
			return d.fixed(f, path, "float_data", 4, func(n int) { t.FloatData = slices.Grow(t.FloatData, n) }, func(v uint64) { t.FloatData = append(t.FloatData, math.Float32frombits(uint32(v))) })
		case 5:
			return d.varints(f, path, "int32_data", func(n int) { t.Int32Data = slices.Grow(t.Int32Data, n) }, func(v uint64) { t.Int32Data = append(t.Int32Data, int32(v)) })
		case 6:
			b, err := d.bytes(f, path, "string_data")
			t.StringData = append(t.StringData, b)
			return err
		case 7:
			return d.varints(f, path, "int64_data", func(n int) { t.Int64Data = slices.Grow(t.Int64Data, n) }, func(v uint64) { t.Int64Data = append(t.Int64Data, int64(v)) })
		case 10:
			return d.fixed(f, path, "double_data", 8, func(n int) { t.DoubleData = slices.Grow(t.DoubleData, n) }, func(v uint64) { t.DoubleData = append(t.DoubleData, math.Float64frombits(v)) })
		case 11:
			return d.varints(f, path, "uint64_data", func(n int) { t.Uint64Data = slices.Grow(t.Uint64Data, n) }, func(v uint64) { t.Uint64Data = append(t.Uint64Data, v) })
		case 13:
			s, e, err := d.sub(f, path, "external_data")
			if err != nil {
				return err
			}
			var kv [2]string
			p := path.child("external_data", len(t.ExternalData))
			err = d.fields(s, e, p, "StringStringEntryProto", func(f *field) error {
				switch f.num {
				case 1:
					return d.str(f, p, "key", &kv[0])
				case 2:
					return d.str(f, p, "value", &kv[1])
				}
				return nil
			})
			t.ExternalData = append(t.ExternalData, kv)
			return err
		case 14:
			v, err := d.varint(f, path, "data_location")
			t.DataLocation = int32(v)
			return err
		}
		return nil
	})
}

// fieldNames names the fields of each message, for error messages.
var fieldNames = map[string]map[protowire.Number]string{
	"ModelProto": {1: "ir_version", 2: "producer_name", 3: "producer_version", 4: "domain", 5: "model_version",
		6: "doc_string", 7: "graph", 8: "opset_import", 14: "metadata_props", 20: "training_info", 25: "functions"},
	"OperatorSetIdProto": {1: "domain", 2: "version"},
	"GraphProto": {1: "node", 2: "name", 5: "initializer", 10: "doc_string", 11: "input", 12: "output",
		13: "value_info", 14: "quantization_annotation", 15: "sparse_initializer"},
	"NodeProto": {1: "input", 2: "output", 3: "name", 4: "op_type", 5: "attribute", 6: "doc_string", 7: "domain"},
	"AttributeProto": {1: "name", 2: "f", 3: "i", 4: "s", 5: "t", 6: "g", 7: "floats", 8: "ints", 9: "strings",
		10: "tensors", 11: "graphs", 13: "doc_string", 14: "tp", 15: "type_protos", 20: "type", 21: "ref_attr_name",
		22: "sparse_tensor", 23: "sparse_tensors"},
	"ValueInfoProto":             {1: "name", 2: "type", 3: "doc_string"},
	"TypeProto":                  {1: "tensor_type", 4: "sequence_type", 5: "map_type", 6: "denotation", 8: "sparse_tensor_type", 9: "optional_type"},
	"TypeProto.Tensor":           {1: "elem_type", 2: "shape"},
	"TensorShapeProto":           {1: "dim"},
	"TensorShapeProto.Dimension": {1: "dim_value", 2: "dim_param", 3: "denotation"},
	"TensorProto": {1: "dims", 2: "data_type", 3: "segment", 4: "float_data", 5: "int32_data", 6: "string_data",
		7: "int64_data", 8: "name", 9: "raw_data", 10: "double_data", 11: "uint64_data", 12: "doc_string",
		13: "external_data", 14: "data_location"},
	"StringStringEntryProto": {1: "key", 2: "value"},
}

// repeatedFields are the repeated fields of each message; every other
// field in fieldNames is singular and may appear once.
var repeatedFields = map[string]map[protowire.Number]bool{
	"ModelProto":       {8: true, 14: true, 20: true, 25: true},
	"GraphProto":       {1: true, 5: true, 11: true, 12: true, 13: true, 14: true, 15: true},
	"NodeProto":        {1: true, 2: true, 5: true},
	"AttributeProto":   {7: true, 8: true, 9: true, 10: true, 11: true, 15: true, 23: true},
	"TensorShapeProto": {1: true},
	"TensorProto":      {1: true, 4: true, 5: true, 6: true, 7: true, 10: true, 11: true, 13: true},
}

// fieldName returns " (name)" for a known field, "" otherwise.
func fieldName(kind string, num protowire.Number) string {
	if n, ok := fieldNames[kind][num]; ok {
		return " (" + n + ")"
	}
	return ""
}
