package ir

// The builtin dialect: builtin.module is part of the core, as in MLIR.

// ModuleName is the name of the module op.
const ModuleName = "builtin.module"

// Module is the builtin.module definition.
var Module = MustRegister(OpDef{
	Name:    ModuleName,
	Summary: "a top-level container operation",
	Description: `A module holds one block of operations (usually functions) and no
terminator. Its optional symbol name and attributes print before the body.`,
	Examples: []string{"module {\n  func.func private @f()\n}", "module @m attributes {foo.bar = 1 : i64} {\n}"},
	Attrs: []AttrDef{
		{Name: "sym_name", Kind: StrAttrKind},
		{Name: "sym_visibility", Kind: StrAttrKind},
	},
	Regions: []RegionDef{{Name: "bodyRegion"}},
	Traits:  []Trait{IsolatedFromAbove, NoTerminator, SymbolTable, SingleBlock},
	Parse: func(p AsmParser, st *ParseState) error {
		if name, ok, err := p.ParseOptionalSymbolName(); err != nil {
			return err
		} else if ok {
			st.AddAttr("sym_name", StringAttr(name))
		}
		if p.ParseOptionalKeyword("attributes") {
			attrs, _, err := p.ParseOptionalAttrDict()
			if err != nil {
				return err
			}
			for _, na := range attrs {
				st.AddAttr(na.Name, na.Value)
			}
		}
		r, err := p.ParseRegion(nil)
		if err != nil {
			return err
		}
		if len(r.Blocks) == 0 {
			r.AddBlock(NewBlock(nil, nil))
		}
		st.Regions = []*Region{r}
		return nil
	},
	Print: func(p *AsmPrinter, op *Operation) {
		if n, ok := op.Attr("sym_name").(StringAttr); ok {
			p.WriteString(" " + symbolName(string(n)))
		}
		p.PrintOptionalAttrDict(op, map[string]bool{"sym_name": true}, true)
		p.WriteByte(' ')
		p.PrintRegion(op.Region(0), false, false)
	},
})

// NewModule returns an empty module with one block.
func NewModule(loc Location) *Operation {
	return NewOperation(&OperationState{
		Name:    Global.Lookup(ModuleName),
		Loc:     loc,
		Regions: []*Region{NewRegion(NewBlock(nil, nil))},
	})
}

// Body returns the module's block.
func Body(module *Operation) *Block { return module.Region(0).Blocks[0] }
