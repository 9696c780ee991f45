package conversion

import (
	"fmt"
	"sync"

	"github.com/tcp-project/tcp/ir"
)

// Materialization builds a cast of v to type to at the rewriter's
// insertion point and returns the cast value, or nil if it cannot.
type Materialization func(rw *ir.Rewriter, loc ir.Location, to ir.Type, v ir.Value) ir.Value

// TypeConverter converts types and builds the casts between the original
// and converted forms (MLIR's TypeConverter). A converter is set up once
// (Add*) and then shared: conversions of different functions run on it in
// parallel.
type TypeConverter struct {
	conversions []func(ir.Type) (ir.Type, bool)
	source      []Materialization
	target      []Materialization
	// castNames are the op names materializations have produced; the
	// driver folds such casts away at the end. Parallel runs add to it.
	mu        sync.Mutex
	castNames map[string]bool
}

// addCastName records that materializations produce ops named name.
func (tc *TypeConverter) addCastName(name string) {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if tc.castNames == nil {
		tc.castNames = map[string]bool{}
	}
	tc.castNames[name] = true
}

// castNameSet returns a copy of the cast op names recorded so far.
func (tc *TypeConverter) castNameSet() map[string]bool {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	out := make(map[string]bool, len(tc.castNames))
	for k := range tc.castNames {
		out[k] = true
	}
	return out
}

// AddConversion adds a type conversion. fn returns the converted type and
// true if it applies. Conversions are tried from the most recently added
// (MLIR's order); a type no conversion applies to is left as it is.
func (tc *TypeConverter) AddConversion(fn func(ir.Type) (ir.Type, bool)) {
	tc.conversions = append(tc.conversions, fn)
}

// AddSourceMaterialization adds a builder of casts from a converted type
// back to an original type.
func (tc *TypeConverter) AddSourceMaterialization(m Materialization) {
	tc.source = append(tc.source, m)
}

// AddTargetMaterialization adds a builder of casts from an original type
// to a converted type.
func (tc *TypeConverter) AddTargetMaterialization(m Materialization) {
	tc.target = append(tc.target, m)
}

// ConvertType returns the converted type of t (t itself if no conversion
// applies).
func (tc *TypeConverter) ConvertType(t ir.Type) ir.Type {
	for i := len(tc.conversions) - 1; i >= 0; i-- {
		if r, ok := tc.conversions[i](t); ok {
			return r
		}
	}
	return t
}

// IsLegal reports whether t is already in converted form.
func (tc *TypeConverter) IsLegal(t ir.Type) bool { return tc.ConvertType(t) == t }

// IsSignatureLegal reports whether every input and result of ft is legal.
func (tc *TypeConverter) IsSignatureLegal(ft *ir.FunctionType) bool {
	for _, ts := range [][]ir.Type{ft.Inputs(), ft.Results()} {
		for _, t := range ts {
			if !tc.IsLegal(t) {
				return false
			}
		}
	}
	return true
}

func (tc *TypeConverter) materialize(ms []Materialization, rw *ir.Rewriter, loc ir.Location, to ir.Type, v ir.Value, kind string) (ir.Value, error) {
	if v.Type() == to {
		return v, nil
	}
	for i := len(ms) - 1; i >= 0; i-- {
		if r := ms[i](rw, loc, to, v); r != nil {
			if d := r.DefiningOp(); d != nil {
				tc.addCastName(d.Name())
			}
			return r, nil
		}
	}
	return nil, ir.Errorf(loc, "no %s materialization from %s to %s", kind, v.Type(), to)
}

// MaterializeTarget casts v (original form) to its converted type to.
func (tc *TypeConverter) MaterializeTarget(rw *ir.Rewriter, loc ir.Location, to ir.Type, v ir.Value) (ir.Value, error) {
	return tc.materialize(tc.target, rw, loc, to, v, "target")
}

// MaterializeSource casts v (converted form) back to the original type to.
func (tc *TypeConverter) MaterializeSource(rw *ir.Rewriter, loc ir.Location, to ir.Type, v ir.Value) (ir.Value, error) {
	return tc.materialize(tc.source, rw, loc, to, v, "source")
}

// ToConverted casts v to its converted type (a target materialization) and
// returns it; v itself if its type is already legal.
func (tc *TypeConverter) ToConverted(rw *ir.Rewriter, loc ir.Location, v ir.Value) (ir.Value, error) {
	return tc.MaterializeTarget(rw, loc, tc.ConvertType(v.Type()), v)
}

// String lists the number of conversions and materializations (debugging).
func (tc *TypeConverter) String() string {
	return fmt.Sprintf("TypeConverter{%d conversions, %d source, %d target materializations}", len(tc.conversions), len(tc.source), len(tc.target))
}
