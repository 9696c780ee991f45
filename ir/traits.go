package ir

import "fmt"

// Trait is a property of an op definition that generic code reads (Pure for
// CSE/DCE, Terminator for the verifier, …) and that may verify itself.
type Trait interface{ traitName() string }

type markerTrait string

func (t markerTrait) traitName() string { return string(t) }

// Marker traits.
var (
	Pure                      Trait = markerTrait("Pure")
	Terminator                Trait = markerTrait("Terminator")
	ReturnLike                Trait = markerTrait("ReturnLike")
	ConstantLike              Trait = markerTrait("ConstantLike")
	IsolatedFromAbove         Trait = markerTrait("IsolatedFromAbove")
	SymbolTable               Trait = markerTrait("SymbolTable")
	Symbol                    Trait = markerTrait("Symbol")
	NoTerminator              Trait = markerTrait("NoTerminator")
	SingleBlock               Trait = markerTrait("SingleBlock")
	SameOperandsAndResultType Trait = markerTrait("SameOperandsAndResultType")
	SameVariadicOperandSize   Trait = markerTrait("SameVariadicOperandSize")
	AttrSizedOperandSegments  Trait = markerTrait("AttrSizedOperandSegments")
	Commutative               Trait = markerTrait("Commutative")
)

// TraitVerifier is a trait that checks the op.
type TraitVerifier interface {
	Trait
	VerifyTrait(op *Operation) error
}

// AllTypesMatchTrait requires the named operands/results/attributes (typed
// attributes contribute their type) to have one type.
type AllTypesMatchTrait struct {
	Names []string
	// Summary, if set, replaces "all of {a, b} have same type" in the
	// error (ODS's TypesMatchWith summary, such as "expected result type
	// to match dest type").
	Summary string
}

// AllTypesMatch returns the trait for names.
func AllTypesMatch(names ...string) Trait { return &AllTypesMatchTrait{Names: names} }

func (t *AllTypesMatchTrait) traitName() string { return "AllTypesMatch" }

// AllElementTypesMatchTrait requires the named tensors to share element type.
type AllElementTypesMatchTrait struct{ Names []string }

// AllElementTypesMatch returns the trait for names.
func AllElementTypesMatch(names ...string) Trait { return &AllElementTypesMatchTrait{Names: names} }

func (t *AllElementTypesMatchTrait) traitName() string { return "AllElementTypesMatch" }

// AllRanksMatchTrait requires the named tensors to share rank.
type AllRanksMatchTrait struct{ Names []string }

// AllRanksMatch returns the trait for names.
func AllRanksMatch(names ...string) Trait { return &AllRanksMatchTrait{Names: names} }

func (t *AllRanksMatchTrait) traitName() string { return "AllRanksMatch" }

// HasParentTrait requires the op to be nested directly in one of the named ops.
type HasParentTrait struct{ Parents []string }

// HasParent returns the trait.
func HasParent(names ...string) Trait { return &HasParentTrait{Parents: names} }

func (t *HasParentTrait) traitName() string { return "HasParent" }

// namedTypes resolves trait names to the types of operands, results or
// typed attributes of op.
func namedTypes(op *Operation, names []string, out []Type) ([]Type, error) {
	def := op.Def()
	fixed := def.fixedGroups(op)
	for _, n := range names {
		if i := def.OperandIndex(n); i >= 0 && fixed {
			out = append(out, op.operands[i].value.Type())
			continue
		}
		if i := def.ResultIndex(n); i >= 0 && fixed {
			out = append(out, op.results[i].typ)
			continue
		}
		if i := def.OperandIndex(n); i >= 0 {
			var buf [8]int
			b, err := def.operandBounds(op, buf[:0])
			if err != nil {
				return nil, err
			}
			for j := b[i]; j < b[i+1]; j++ {
				out = append(out, op.operands[j].value.Type())
			}
			continue
		}
		if i := def.ResultIndex(n); i >= 0 {
			var buf [8]int
			b, err := def.resultBounds(op, buf[:0])
			if err != nil {
				return nil, err
			}
			for j := b[i]; j < b[i+1]; j++ {
				out = append(out, op.results[j].typ)
			}
			continue
		}
		if a, ok := op.Attr(n).(TypedAttr); ok {
			out = append(out, a.AttrType())
		}
	}
	return out, nil
}

func quoteList(names []string) string {
	s := "{"
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s + "}"
}

func (t *AllTypesMatchTrait) VerifyTrait(op *Operation) error {
	var buf [4]Type
	ts, err := namedTypes(op, t.Names, buf[:0])
	if err != nil || len(ts) == 0 {
		return nil
	}
	for _, x := range ts[1:] {
		if x != ts[0] {
			if t.Summary != "" {
				return fmt.Errorf("failed to verify that %s", t.Summary)
			}
			return fmt.Errorf("failed to verify that all of %s have same type", quoteList(t.Names))
		}
	}
	return nil
}

func (t *AllElementTypesMatchTrait) VerifyTrait(op *Operation) error {
	var buf [4]Type
	ts, err := namedTypes(op, t.Names, buf[:0])
	if err != nil || len(ts) == 0 {
		return nil
	}
	for _, x := range ts[1:] {
		if ElementType(x) != ElementType(ts[0]) {
			return fmt.Errorf("failed to verify that all of %s have same element type", quoteList(t.Names))
		}
	}
	return nil
}

func (t *AllRanksMatchTrait) VerifyTrait(op *Operation) error {
	var buf [4]Type
	ts, err := namedTypes(op, t.Names, buf[:0])
	if err != nil || len(ts) == 0 {
		return nil
	}
	rank := func(x Type) int {
		if r, ok := x.(*RankedTensorType); ok {
			return r.Rank()
		}
		return -1
	}
	for _, x := range ts[1:] {
		if rank(x) != rank(ts[0]) {
			return fmt.Errorf("failed to verify that all of %s have same rank", quoteList(t.Names))
		}
	}
	return nil
}

func (t *HasParentTrait) VerifyTrait(op *Operation) error {
	p := op.ParentOp()
	for _, n := range t.Parents {
		if p != nil && p.Name() == n {
			return nil
		}
	}
	if len(t.Parents) == 1 {
		return fmt.Errorf("expects parent op '%s'", t.Parents[0])
	}
	s := ""
	for i, n := range t.Parents {
		if i > 0 {
			s += ", "
		}
		s += "'" + n + "'"
	}
	return fmt.Errorf("expects parent op to be one of %s", s)
}
