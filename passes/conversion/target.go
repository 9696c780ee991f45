package conversion

import (
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Legality of an op under a Target.
type Legality int

const (
	// Unknown: the target says nothing about the op.
	Unknown Legality = iota
	// Legal ops are left alone.
	Legal
	// Illegal ops must be converted.
	Illegal
)

type rule struct {
	legality Legality
	dynamic  func(*ir.Operation) bool // non-nil: legal iff it returns true
}

// Target is a conversion target: which dialects and ops are legal.
type Target struct {
	dialects map[string]rule
	ops      map[string]rule
}

// NewTarget returns a target that says nothing about any op.
func NewTarget() *Target {
	return &Target{dialects: map[string]rule{}, ops: map[string]rule{}}
}

// AddLegalDialect marks every op of the dialects legal.
func (t *Target) AddLegalDialect(dialects ...string) *Target {
	for _, d := range dialects {
		t.dialects[d] = rule{legality: Legal}
	}
	return t
}

// AddIllegalDialect marks every op of the dialects illegal.
func (t *Target) AddIllegalDialect(dialects ...string) *Target {
	for _, d := range dialects {
		t.dialects[d] = rule{legality: Illegal}
	}
	return t
}

// AddLegalOp marks ops legal (overriding their dialect's rule).
func (t *Target) AddLegalOp(names ...string) *Target {
	for _, n := range names {
		t.ops[n] = rule{legality: Legal}
	}
	return t
}

// AddIllegalOp marks ops illegal (overriding their dialect's rule).
func (t *Target) AddIllegalOp(names ...string) *Target {
	for _, n := range names {
		t.ops[n] = rule{legality: Illegal}
	}
	return t
}

// AddDynamicallyLegalOp makes op name legal exactly when legal(op) holds,
// and illegal otherwise.
func (t *Target) AddDynamicallyLegalOp(name string, legal func(*ir.Operation) bool) *Target {
	t.ops[name] = rule{legality: Legal, dynamic: legal}
	return t
}

// AddDynamicallyLegalDialect is AddDynamicallyLegalOp for every op of a
// dialect.
func (t *Target) AddDynamicallyLegalDialect(dialect string, legal func(*ir.Operation) bool) *Target {
	t.dialects[dialect] = rule{legality: Legal, dynamic: legal}
	return t
}

// Legality reports what the target says about op: an op rule first, then
// its dialect's rule.
func (t *Target) Legality(op *ir.Operation) Legality {
	r, ok := t.ops[op.Name()]
	if !ok {
		d := op.OpName().Dialect
		if d == "" {
			if i := strings.IndexByte(op.Name(), '.'); i > 0 {
				d = op.Name()[:i]
			}
		}
		r, ok = t.dialects[d]
	}
	if !ok {
		return Unknown
	}
	if r.dynamic != nil {
		if r.dynamic(op) {
			return Legal
		}
		return Illegal
	}
	return r.legality
}
