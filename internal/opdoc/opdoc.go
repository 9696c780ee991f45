package opdoc

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Markdown returns the reference of every op of the given dialects.
func Markdown(reg *ir.Registry, dialects []string) string {
	var b strings.Builder
	b.WriteString("# Op reference\n\n")
	b.WriteString("Generated from the op definitions (`go test ./internal/opdoc -update`); do not edit.\n")
	for _, d := range dialects {
		var defs []*ir.OpDef
		for _, def := range reg.Defs() {
			if strings.HasPrefix(def.Name, d+".") {
				defs = append(defs, def)
			}
		}
		sort.Slice(defs, func(i, j int) bool { return defs[i].Name < defs[j].Name })
		fmt.Fprintf(&b, "\n## Dialect `%s`\n", d)
		for _, def := range defs {
			writeOp(&b, def)
		}
		for _, td := range reg.TypeDefs() {
			if td.Dialect == d {
				writeTypeOrAttr(&b, "type", "!"+td.FullName(), td.Summary, td.Description, td.Parameters, td.Examples)
			}
		}
		for _, ad := range reg.AttrDefs() {
			if ad.Dialect == d {
				writeTypeOrAttr(&b, "attribute", "#"+ad.FullName(), ad.Summary, ad.Description, ad.Parameters, ad.Examples)
			}
		}
	}
	return b.String()
}

// writeTypeOrAttr renders a dialect type or attribute definition (MLIR's
// -gen-typedef-doc / -gen-attrdef-doc).
func writeTypeOrAttr(b *strings.Builder, kind, name, summary, desc string, params []ir.ParamDoc, examples []string) {
	fmt.Fprintf(b, "\n### %s `%s`\n\n%s\n", kind, name, summary)
	if desc != "" {
		fmt.Fprintf(b, "\n```text\n%s\n```\n", strings.TrimSpace(desc))
	}
	if len(params) > 0 {
		b.WriteString("\n| parameter | meaning |\n|---|---|\n")
		for _, p := range params {
			fmt.Fprintf(b, "| `%s` | %s |\n", p.Name, p.Doc)
		}
	}
	if len(examples) > 0 {
		b.WriteString("\nExample printed form:\n\n```mlir\n")
		for _, e := range examples {
			b.WriteString(strings.TrimSpace(e) + "\n")
		}
		b.WriteString("```\n")
	}
}

func writeOp(b *strings.Builder, def *ir.OpDef) {
	names := "`" + def.Name + "`"
	for _, a := range def.Aliases {
		names += ", `" + a + "`"
	}
	fmt.Fprintf(b, "\n### %s\n\n%s\n", names, def.Summary)
	if def.Description != "" {
		fmt.Fprintf(b, "\n```text\n%s\n```\n", strings.TrimSpace(def.Description))
	}
	switch {
	case def.Format != "":
		fmt.Fprintf(b, "\nAssembly format: `` %s ``\n", def.Format)
	case def.Parse != nil:
		b.WriteString("\nAssembly format: custom (OpDef.Parse/Print).\n")
	default:
		b.WriteString("\nAssembly format: generic form only.\n")
	}
	if len(def.Operands) > 0 {
		b.WriteString("\n| operand | constraint |\n|---|---|\n")
		for _, o := range def.Operands {
			kind := ""
			switch {
			case o.Variadic:
				kind = " (variadic)"
			case o.Optional:
				kind = " (optional)"
			}
			fmt.Fprintf(b, "| `%s`%s | %s |\n", o.Name, kind, o.Type.Describe())
		}
	}
	if len(def.Results) > 0 {
		b.WriteString("\n| result | constraint |\n|---|---|\n")
		for _, r := range def.Results {
			kind := ""
			if r.Variadic {
				kind = " (variadic)"
			}
			fmt.Fprintf(b, "| `%s`%s | %s |\n", r.Name, kind, r.Type.Describe())
		}
	}
	if len(def.Attrs) > 0 {
		b.WriteString("\n| attribute | constraint | |\n|---|---|---|\n")
		for _, a := range def.Attrs {
			note := "optional"
			if a.Required {
				note = "required"
			}
			if a.Default != nil {
				note = "default `" + a.Default.String() + "`"
			}
			fmt.Fprintf(b, "| `%s` | %s | %s |\n", a.Name, a.Kind.Describe(), note)
		}
	}
	if len(def.Examples) > 0 {
		b.WriteString("\nExample printed form:\n\n```mlir\n")
		for _, e := range def.Examples {
			b.WriteString(strings.TrimSpace(e) + "\n")
		}
		b.WriteString("```\n")
	}
}
