package ir

import "slices"

// Operation is the unit of IR: a name, operands, results, attributes,
// regions, successors and a location. Operations live in blocks (a doubly
// linked list); blocks live in regions; regions belong to operations.
type Operation struct {
	name     *OpName
	operands []OpOperand
	results  []OpResult
	attrs    []NamedAttr // sorted by name
	regions  []*Region
	succ     *[]*Block // successors (nil without any: most ops have none)
	loc      Location

	block      *Block
	prev, next *Operation
	// orderIdx is the op's position in its block as last numbered by the
	// verifier (MLIR's Operation::orderIndex); valid only during Verify.
	orderIdx int32
	// sharedAttrs: attrs is shared with other operations (the parser
	// interns attribute dictionaries); it is copied before any change.
	sharedAttrs bool
}

// OpName is an interned operation name with its registered definition (Def
// is nil for unregistered operations).
type OpName struct {
	Name    string
	Dialect string
	Def     *OpDef
}

// Block is a list of operations with arguments; it belongs to a region.
type Block struct {
	args        []*BlockArgument
	first, last *Operation
	parent      *Region
}

// Region is a list of blocks owned by an operation.
type Region struct {
	Blocks []*Block
	parent *Operation
}

// OperationState gathers what is needed to create an operation; parsers and
// builders fill one in and call NewOperation.
type OperationState struct {
	Name       *OpName
	Loc        Location
	Operands   []Value
	Types      []Type // result types
	Attrs      []NamedAttr
	Regions    []*Region
	Successors []*Block
	// SharedAttrs says that Attrs is sorted by name, never modified and may
	// be shared by many operations (the parser interns attribute
	// dictionaries, as MLIR uniques them): NewOperation then keeps it
	// without copying, and the operation copies it before its first change.
	SharedAttrs bool
	// attrIndex finds an attribute of a long Attrs list by name.
	attrIndex attrIndex
}

// AddAttr sets (or replaces) a named attribute.
func (s *OperationState) AddAttr(name string, a Attribute) {
	s.Attrs = s.attrIndex.add(s.Attrs, name, a)
}

// NewOperation creates a detached operation from st. The regions in st are
// adopted by the new operation.
func NewOperation(st *OperationState) *Operation {
	op := &Operation{name: st.Name, loc: st.Loc}
	if op.loc == nil {
		op.loc = UnknownLoc{}
	}
	if len(st.Operands) > 0 {
		op.operands = make([]OpOperand, len(st.Operands))
		for i, v := range st.Operands {
			op.operands[i] = OpOperand{value: v, owner: op}
			op.operands[i].link()
		}
	}
	if len(st.Types) > 0 {
		op.results = make([]OpResult, len(st.Types))
		for i, t := range st.Types {
			op.results[i] = OpResult{valueBase: valueBase{typ: t}, owner: op, index: i}
		}
	}
	if st.SharedAttrs && !needsPopulate(st.Name.Def, st.Attrs) {
		op.attrs = st.Attrs[:len(st.Attrs):len(st.Attrs)]
		op.sharedAttrs = len(op.attrs) > 0
	} else if len(st.Attrs) > 0 {
		op.attrs = append([]NamedAttr(nil), st.Attrs...)
	}
	if def := st.Name.Def; def != nil && !op.sharedAttrs {
		for i := range def.Attrs {
			if ad := &def.Attrs[i]; ad.Populate && ad.Default != nil && op.Attr(ad.Name) == nil {
				op.attrs = append(op.attrs, NamedAttr{ad.Name, ad.Default})
			}
		}
	}
	if len(op.attrs) > 1 {
		SortNamedAttrs(op.attrs)
	}
	op.regions = st.Regions
	for _, r := range op.regions {
		r.parent = op
	}
	if len(st.Successors) > 0 {
		succ := st.Successors
		op.succ = &succ
	}
	return op
}

// needsPopulate reports whether def adds a populated default attribute
// that attrs lacks.
func needsPopulate(def *OpDef, attrs []NamedAttr) bool {
	if def == nil {
		return false
	}
	for i := range def.Attrs {
		if ad := &def.Attrs[i]; ad.Populate && ad.Default != nil && namedAttrs(attrs).lookup(ad.Name) == nil {
			return true
		}
	}
	return false
}

// namedAttrs is a list of named attributes with lookup.
type namedAttrs []NamedAttr

// lookup returns the value of name, or nil.
func (l namedAttrs) lookup(name string) Attribute {
	for i := range l {
		if l[i].Name == name {
			return l[i].Value
		}
	}
	return nil
}

// unshareAttrs gives op its own copy of a shared attribute list.
func (op *Operation) unshareAttrs() {
	if op.sharedAttrs {
		op.attrs = append([]NamedAttr(nil), op.attrs...)
		op.sharedAttrs = false
	}
}

// Name returns the full operation name ("tcp.gather").
func (op *Operation) Name() string { return op.name.Name }

// OpName returns the interned name with its definition.
func (op *Operation) OpName() *OpName { return op.name }

// Def returns the registered definition, or nil for an unregistered op.
func (op *Operation) Def() *OpDef { return op.name.Def }

// Loc returns the location.
func (op *Operation) Loc() Location { return op.loc }

// SetLoc sets the location.
func (op *Operation) SetLoc(l Location) { op.loc = l }

// NumOperands returns the operand count.
func (op *Operation) NumOperands() int { return len(op.operands) }

// Operand returns operand i.
func (op *Operation) Operand(i int) Value { return op.operands[i].value }

// OpOperand returns operand slot i.
func (op *Operation) OpOperand(i int) *OpOperand { return &op.operands[i] }

// Operands returns the operand values (a fresh slice).
func (op *Operation) Operands() []Value {
	vs := make([]Value, len(op.operands))
	for i := range op.operands {
		vs[i] = op.operands[i].value
	}
	return vs
}

// SetOperand makes operand i read v.
func (op *Operation) SetOperand(i int, v Value) { op.operands[i].Set(v) }

// SetOperands replaces all operands.
func (op *Operation) SetOperands(vs []Value) {
	for i := range op.operands {
		op.operands[i].unlink()
	}
	op.operands = make([]OpOperand, len(vs))
	for i, v := range vs {
		op.operands[i] = OpOperand{value: v, owner: op}
		op.operands[i].link()
	}
}

// NumResults returns the result count.
func (op *Operation) NumResults() int { return len(op.results) }

// Result returns result i.
func (op *Operation) Result(i int) *OpResult { return &op.results[i] }

// Results returns the results as values (a fresh slice).
func (op *Operation) Results() []Value {
	vs := make([]Value, len(op.results))
	for i := range op.results {
		vs[i] = &op.results[i]
	}
	return vs
}

// ResultTypes returns the result types.
func (op *Operation) ResultTypes() []Type {
	ts := make([]Type, len(op.results))
	for i := range op.results {
		ts[i] = op.results[i].typ
	}
	return ts
}

// OperandTypes returns the operand types.
func (op *Operation) OperandTypes() []Type {
	ts := make([]Type, len(op.operands))
	for i := range op.operands {
		ts[i] = op.operands[i].value.Type()
	}
	return ts
}

// Attrs returns the attributes, sorted by name. The slice must not be modified.
func (op *Operation) Attrs() []NamedAttr { return op.attrs }

// Attr returns the named attribute or nil.
func (op *Operation) Attr(name string) Attribute {
	if i, ok := findSorted(op.attrs, name); ok {
		return op.attrs[i].Value
	}
	return nil
}

// SetAttr sets or replaces an attribute.
func (op *Operation) SetAttr(name string, a Attribute) {
	op.unshareAttrs()
	i, ok := findSorted(op.attrs, name)
	if ok {
		op.attrs[i].Value = a
		return
	}
	// Insert in order: O(n), not a sort per attribute.
	op.attrs = slices.Insert(op.attrs, i, NamedAttr{name, a})
}

// RemoveAttr deletes an attribute if present.
func (op *Operation) RemoveAttr(name string) {
	if i, ok := findSorted(op.attrs, name); ok {
		op.attrs = append(op.attrs[:i:i], op.attrs[i+1:]...)
		op.sharedAttrs = false
	}
}

// IntAttr returns the value of an integer attribute (0 if absent).
func (op *Operation) IntAttr(name string) int64 {
	if a, ok := op.Attr(name).(IntegerAttr); ok {
		return a.Value
	}
	return 0
}

// StrAttr returns the value of a string attribute ("" if absent).
func (op *Operation) StrAttr(name string) string {
	if a, ok := op.Attr(name).(StringAttr); ok {
		return string(a)
	}
	return ""
}

// Regions returns the regions.
func (op *Operation) Regions() []*Region { return op.regions }

// Region returns region i.
func (op *Operation) Region(i int) *Region { return op.regions[i] }

// Successors returns the successor blocks.
func (op *Operation) Successors() []*Block { return op.successors() }

func (op *Operation) successors() []*Block {
	if op.succ == nil {
		return nil
	}
	return *op.succ
}

// Block returns the containing block (nil if detached).
func (op *Operation) Block() *Block { return op.block }

// Next returns the following operation in the block.
func (op *Operation) Next() *Operation { return op.next }

// Prev returns the preceding operation in the block.
func (op *Operation) Prev() *Operation { return op.prev }

// ParentOp returns the operation whose region contains op's block.
func (op *Operation) ParentOp() *Operation {
	if op.block == nil || op.block.parent == nil {
		return nil
	}
	return op.block.parent.parent
}

// IsAncestor reports whether op contains other (or is other).
func (op *Operation) IsAncestor(other *Operation) bool {
	for o := other; o != nil; o = o.ParentOp() {
		if o == op {
			return true
		}
	}
	return false
}

// HasTrait reports whether the op's definition has the trait.
func (op *Operation) HasTrait(t Trait) bool {
	if op.name.Def == nil {
		return false
	}
	return op.name.Def.HasTrait(t)
}

// Remove detaches op from its block without destroying it.
func (op *Operation) Remove() {
	b := op.block
	if b == nil {
		return
	}
	if op.prev != nil {
		op.prev.next = op.next
	} else {
		b.first = op.next
	}
	if op.next != nil {
		op.next.prev = op.prev
	} else {
		b.last = op.prev
	}
	op.prev, op.next, op.block = nil, nil, nil
}

// Erase removes op from its block and drops all operand uses held by op and
// its nested operations. Its results must be unused.
func (op *Operation) Erase() {
	op.Remove()
	op.DropAllReferences()
}

// DropAllReferences unlinks every operand of op and of nested operations.
func (op *Operation) DropAllReferences() {
	for i := range op.operands {
		op.operands[i].unlink()
		op.operands[i].value = nil
	}
	for _, r := range op.regions {
		for _, b := range r.Blocks {
			for o := b.first; o != nil; o = o.next {
				o.DropAllReferences()
			}
		}
	}
}

// MoveBefore moves op so that it precedes other.
func (op *Operation) MoveBefore(other *Operation) {
	op.Remove()
	other.block.insertBefore(op, other)
}

// UseEmpty reports whether no result of op is used.
func (op *Operation) UseEmpty() bool {
	for i := range op.results {
		if op.results[i].first != nil {
			return false
		}
	}
	return true
}

// ReplaceAllUsesWith replaces each result's uses with the matching value.
func (op *Operation) ReplaceAllUsesWith(vs []Value) {
	for i := range op.results {
		ReplaceAllUsesWith(&op.results[i], vs[i])
	}
}

// WalkOrder selects pre- or post-order walks.
type WalkOrder int

const (
	PreOrder WalkOrder = iota
	PostOrder
)

// Walk visits op and every nested operation. The visitor may erase the
// operation it is visiting in post-order walks.
func (op *Operation) Walk(order WalkOrder, fn func(*Operation)) {
	if order == PreOrder {
		fn(op)
	}
	for _, r := range op.regions {
		for _, b := range r.Blocks {
			for o := b.first; o != nil; {
				next := o.next
				o.Walk(order, fn)
				o = next
			}
		}
	}
	if order == PostOrder {
		fn(op)
	}
}

// NewBlock returns an empty block with arguments of the given types.
func NewBlock(argTypes []Type, locs []Location) *Block {
	b := &Block{}
	for i, t := range argTypes {
		var l Location = UnknownLoc{}
		if i < len(locs) && locs[i] != nil {
			l = locs[i]
		}
		b.AddArgument(t, l)
	}
	return b
}

// AddArgument appends an argument.
func (b *Block) AddArgument(t Type, loc Location) *BlockArgument {
	a := &BlockArgument{valueBase: valueBase{typ: t}, owner: b, index: len(b.args), Loc: loc}
	b.args = append(b.args, a)
	return a
}

// Arguments returns the block arguments.
func (b *Block) Arguments() []*BlockArgument { return b.args }

// Argument returns argument i.
func (b *Block) Argument(i int) *BlockArgument { return b.args[i] }

// NumArguments returns the argument count.
func (b *Block) NumArguments() int { return len(b.args) }

// EraseArgument removes argument i, which must be unused.
func (b *Block) EraseArgument(i int) {
	b.args = append(b.args[:i:i], b.args[i+1:]...)
	for j := i; j < len(b.args); j++ {
		b.args[j].index = j
	}
}

// First returns the first operation.
func (b *Block) First() *Operation { return b.first }

// Last returns the last operation (the terminator, in a well-formed block).
func (b *Block) Last() *Operation { return b.last }

// Parent returns the containing region.
func (b *Block) Parent() *Region { return b.parent }

// ParentOp returns the operation that owns the containing region.
func (b *Block) ParentOp() *Operation {
	if b.parent == nil {
		return nil
	}
	return b.parent.parent
}

// Ops returns the operations of the block in order (a snapshot).
func (b *Block) Ops() []*Operation {
	var out []*Operation
	for o := b.first; o != nil; o = o.next {
		out = append(out, o)
	}
	return out
}

// Empty reports whether the block has no operations.
func (b *Block) Empty() bool { return b.first == nil }

// Append adds op at the end of the block.
func (b *Block) Append(op *Operation) {
	op.block = b
	op.prev = b.last
	op.next = nil
	if b.last != nil {
		b.last.next = op
	} else {
		b.first = op
	}
	b.last = op
}

// InsertBefore inserts op before pos (at the end if pos is nil).
func (b *Block) insertBefore(op, pos *Operation) {
	if pos == nil {
		b.Append(op)
		return
	}
	op.block = b
	op.next = pos
	op.prev = pos.prev
	if pos.prev != nil {
		pos.prev.next = op
	} else {
		b.first = op
	}
	pos.prev = op
}

// InsertBefore inserts op before pos, which must be in b (nil appends).
func (b *Block) InsertBefore(op, pos *Operation) { b.insertBefore(op, pos) }

// IsEntry reports whether b is the first block of its region.
func (b *Block) IsEntry() bool {
	return b.parent != nil && len(b.parent.Blocks) > 0 && b.parent.Blocks[0] == b
}

// NewRegion returns a region holding the given blocks.
func NewRegion(blocks ...*Block) *Region {
	r := &Region{}
	for _, b := range blocks {
		r.AddBlock(b)
	}
	return r
}

// AddBlock appends a block.
func (r *Region) AddBlock(b *Block) {
	b.parent = r
	r.Blocks = append(r.Blocks, b)
}

// Parent returns the owning operation.
func (r *Region) Parent() *Operation { return r.parent }

// Empty reports whether the region has no blocks.
func (r *Region) Empty() bool { return len(r.Blocks) == 0 }

// Entry returns the first block, or nil.
func (r *Region) Entry() *Block {
	if len(r.Blocks) == 0 {
		return nil
	}
	return r.Blocks[0]
}
