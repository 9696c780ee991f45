package ir

// Value is an SSA value: an operation result or a block argument. Every
// value has a type and a list of uses (the operands that read it).
type Value interface {
	Type() Type
	// SetType changes the value's type (used by type-refining rewrites).
	SetType(Type)
	// FirstUse is the head of the use list (nil if unused).
	FirstUse() *OpOperand
	// DefiningOp is the producing operation, or nil for a block argument.
	DefiningOp() *Operation
	// ParentBlock is the block that defines the value.
	ParentBlock() *Block
	base() *valueBase
}

type valueBase struct {
	typ   Type
	first *OpOperand
}

func (v *valueBase) Type() Type           { return v.typ }
func (v *valueBase) SetType(t Type)       { v.typ = t }
func (v *valueBase) FirstUse() *OpOperand { return v.first }
func (v *valueBase) base() *valueBase     { return v }

// OpResult is result number Index of Owner.
type OpResult struct {
	valueBase
	owner *Operation
	index int
}

// BlockArgument is argument number Index of Owner.
type BlockArgument struct {
	valueBase
	owner *Block
	index int
	Loc   Location
}

func (r *OpResult) DefiningOp() *Operation { return r.owner }
func (r *OpResult) ParentBlock() *Block    { return r.owner.block }

// Owner is the operation that produces the result.
func (r *OpResult) Owner() *Operation { return r.owner }

// Index is the result number.
func (r *OpResult) Index() int { return r.index }

func (a *BlockArgument) DefiningOp() *Operation { return nil }
func (a *BlockArgument) ParentBlock() *Block    { return a.owner }

// Owner is the block the argument belongs to.
func (a *BlockArgument) Owner() *Block { return a.owner }

// Index is the argument number.
func (a *BlockArgument) Index() int { return a.index }

// OpOperand is one operand slot of an operation; it links into the use list
// of the value it reads.
type OpOperand struct {
	value      Value
	owner      *Operation
	prev, next *OpOperand
}

// Get returns the value read by the operand.
func (o *OpOperand) Get() Value { return o.value }

// Owner is the operation that has this operand.
func (o *OpOperand) Owner() *Operation { return o.owner }

// NextUse is the next use of the same value.
func (o *OpOperand) NextUse() *OpOperand { return o.next }

// OperandNumber is the index of this operand in its owner.
func (o *OpOperand) OperandNumber() int {
	for i := range o.owner.operands {
		if &o.owner.operands[i] == o {
			return i
		}
	}
	return -1
}

// Set makes the operand read v, relinking use lists.
func (o *OpOperand) Set(v Value) {
	o.unlink()
	o.value = v
	o.link()
}

func (o *OpOperand) link() {
	if o.value == nil {
		return
	}
	b := o.value.base()
	o.prev = nil
	o.next = b.first
	if b.first != nil {
		b.first.prev = o
	}
	b.first = o
}

func (o *OpOperand) unlink() {
	if o.value == nil {
		return
	}
	b := o.value.base()
	if o.prev != nil {
		o.prev.next = o.next
	} else {
		b.first = o.next
	}
	if o.next != nil {
		o.next.prev = o.prev
	}
	o.prev, o.next = nil, nil
}

// Uses returns the uses of v (a snapshot, safe to modify while iterating).
func Uses(v Value) []*OpOperand {
	var out []*OpOperand
	for u := v.FirstUse(); u != nil; u = u.next {
		out = append(out, u)
	}
	return out
}

// HasUses reports whether v is used.
func HasUses(v Value) bool { return v.FirstUse() != nil }

// HasOneUse reports whether v has exactly one use.
func HasOneUse(v Value) bool { u := v.FirstUse(); return u != nil && u.next == nil }

// ReplaceAllUsesWith makes every use of from read to.
func ReplaceAllUsesWith(from, to Value) {
	if from == to {
		return
	}
	for u := from.FirstUse(); u != nil; u = from.FirstUse() {
		u.Set(to)
	}
}
