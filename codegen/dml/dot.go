package dml

import (
	"fmt"
	"io"
	"strings"

	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/internal/quote"
)

// The Graphviz form (--mlir-to-dot): one cluster per graph; graph inputs
// are ellipses (constants dashed), operator nodes boxes listing their
// fields, outputs double octagons; edges are labelled with the tensor
// desc the consumer reads (data type, sizes, strides when not packed) and
// the schema input index.

// dotQuote is the DOT quoted string of s (quote.DOTString).
func dotQuote(s string) string { return quote.DOTString(s) }

func descLabel(t BufferDesc) string {
	s := fmt.Sprintf("%s %v", t.DataType, t.Sizes)
	if t.Strides != nil {
		s += fmt.Sprintf(" strides %v", t.Strides)
	}
	return s
}

// WriteDOT writes the module's graphs as a Graphviz digraph.
func WriteDOT(w io.Writer, m *Module) error {
	if m == nil {
		return errNilModule
	}
	var b strings.Builder
	b.WriteString("digraph dml {\n  rankdir=TB;\n  node [fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=9];\n")
	fmt.Fprintf(&b, "  label=%s;\n", dotQuote("DirectML graphs, minimum "+m.MinLevel.Enum()))
	for gi, g := range m.Graphs {
		p := fmt.Sprintf("g%d_", gi)
		fmt.Fprintf(&b, "  subgraph cluster_%d {\n    label=%s;\n", gi, dotQuote("@"+g.Name+" ("+g.MinLevel.Enum()+")"))
		for i, in := range g.Inputs {
			style := ""
			label := fmt.Sprintf("input %d: %s\n%s", i, in.Name, descLabel(in.Desc))
			if in.Data != nil {
				style = ", style=dashed"
				label += "\nOWNED_BY_DML"
			}
			fmt.Fprintf(&b, "    %sin%d [shape=ellipse%s, label=%s];\n", p, i, style, dotQuote(label))
		}
		for k, n := range g.Nodes {
			lines := []string{fmt.Sprintf("%d: %s", k, n.Info.Type)}
			for _, f := range n.Fields {
				switch {
				case f.Kind == 0:
					lines = append(lines, fmt.Sprintf("%s = %d", f.CName, f.Scalar))
				case f.Kind == dml.Float:
					lines = append(lines, fmt.Sprintf("%s = %g", f.CName, f.Float))
				case f.Array != nil:
					lines = append(lines, fmt.Sprintf("%s = %v", f.CName, f.Array))
				}
			}
			if l := LocString(n.Op); l != "" {
				lines = append(lines, l)
			}
			fmt.Fprintf(&b, "    %sn%d [shape=box, label=%s];\n", p, k, dotQuote(strings.Join(lines, "\n")))
		}
		for j, out := range g.Outputs {
			fmt.Fprintf(&b, "    %sout%d [shape=doubleoctagon, label=%s];\n", p, j, dotQuote(fmt.Sprintf("output %d: %s\n%s", j, out.Name, descLabel(out.Desc))))
		}
		for _, e := range g.InputEdges {
			n := g.Nodes[e.ToNodeIndex]
			fmt.Fprintf(&b, "    %sin%d -> %sn%d [label=%s];\n", p, e.GraphInputIndex, p, e.ToNodeIndex,
				dotQuote(fmt.Sprintf("%d %s\n%s", e.ToNodeInputIndex, n.Info.TensorField(e.ToNodeInputIndex, len(n.Tensors)), descLabel(n.Tensors[e.ToNodeInputIndex]))))
		}
		for _, e := range g.IntermediateEdges {
			n := g.Nodes[e.ToNodeIndex]
			fmt.Fprintf(&b, "    %sn%d -> %sn%d [label=%s];\n", p, e.FromNodeIndex, p, e.ToNodeIndex,
				dotQuote(fmt.Sprintf("%d %s\n%s", e.ToNodeInputIndex, n.Info.TensorField(e.ToNodeInputIndex, len(n.Tensors)), descLabel(n.Tensors[e.ToNodeInputIndex]))))
		}
		for _, e := range g.OutputEdges {
			n := g.Nodes[e.FromNodeIndex]
			fmt.Fprintf(&b, "    %sn%d -> %sout%d [label=%s];\n", p, e.FromNodeIndex, p, e.GraphOutputIndex, dotQuote(descLabel(n.Tensors[len(n.Tensors)-1])))
		}
		b.WriteString("  }\n")
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}
