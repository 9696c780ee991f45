package ir

// Clone returns a detached deep copy of op: its attributes, result types,
// location and regions with every nested block and op (MLIR's
// Operation::clone). Uses of values defined inside op refer to the copies;
// operands defined outside op are shared with the original. Successors
// inside op are remapped the same way.
func (op *Operation) Clone() *Operation {
	values := map[Value]Value{}
	blocks := map[*Block]*Block{}
	var created []*Operation
	c := cloneOp(op, values, blocks, &created)
	for _, o := range created {
		for i := range o.operands {
			if nv, ok := values[o.operands[i].value]; ok {
				o.operands[i].Set(nv)
			}
		}
		for i, s := range o.successors() {
			if nb, ok := blocks[s]; ok {
				o.successors()[i] = nb
			}
		}
	}
	return c
}

func cloneOp(op *Operation, values map[Value]Value, blocks map[*Block]*Block, created *[]*Operation) *Operation {
	var regions []*Region
	for _, r := range op.regions {
		nr := &Region{}
		for _, b := range r.Blocks {
			nb := &Block{}
			for _, a := range b.args {
				values[a] = nb.AddArgument(a.Type(), a.Loc)
			}
			blocks[b] = nb
			nr.AddBlock(nb)
			for o := b.first; o != nil; o = o.next {
				nb.Append(cloneOp(o, values, blocks, created))
			}
		}
		regions = append(regions, nr)
	}
	c := NewOperation(&OperationState{
		Name:       op.name,
		Loc:        op.loc,
		Operands:   op.Operands(),
		Types:      op.ResultTypes(),
		Attrs:      op.attrs,
		Regions:    regions,
		Successors: append([]*Block(nil), op.successors()...),
	})
	for i := range op.results {
		values[&op.results[i]] = &c.results[i]
	}
	*created = append(*created, c)
	return c
}
