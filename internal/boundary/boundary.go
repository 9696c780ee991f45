// Package boundary draws index values that seek the edges of an index
// range, and counts the values a differential test really compared, by
// class.
//
// Random differential tests (the Go backend against the interpreter, the
// DirectML lowering, passes, idioms, frontends, interp.CompareFuncs) draw
// their index values here. For a dim of size s and an index element type,
// every draw can be one of the exact edges −s−1, −s, −1, 0, s−1, s, s+1 and
// the type's minimum and maximum (the edges a one-line bug in an index
// mode moves: `v >= s` written `v > s`, `v < 0` written `v <= 0`, an
// overflow at the type's extremes), an ordinary in-range value, or an
// ordinary out-of-range value. Values that the element type cannot hold
// (negative values of an unsigned type) are never drawn.
//
// A Counter tallies the values a test compared, per group and Class, and
// the cases where both sides raised the same error, and checks minimums,
// so that a claim such as "1000 compared values per group" is measured
// rather than assumed.
package boundary

import (
	"fmt"
	"math"
	"math/rand"
	"sort"
	"strings"
	"sync"

	"github.com/tcp-project/tcp/tensor"
)

// Class is the class of an index value v against a dim of size s.
type Class uint8

// The classes. An edge is counted as its edge class even when it is in
// range (0 and s−1); when edges coincide (s = 1: −1 = −s) the first in
// this list wins. InRange and OutOfRange are the values at no edge.
const (
	TypeMin    Class = iota // the element type's minimum (never an index in range)
	TypeMax                 // the element type's maximum
	Zero                    // 0
	SMinus1                 // s−1, the last valid index
	NegOne                  // −1
	NegS                    // −s, the first negative index that wraps to 0
	S                       // s, the first index past the end
	SPlus1                  // s+1
	NegSMinus1              // −s−1, the first negative index out of range
	InRange                 // another value in [0, s)
	OutOfRange              // another value outside [0, s)
	NumClasses
)

var classNames = [NumClasses]string{"type_min", "type_max", "0", "s-1", "-1", "-s", "s", "s+1", "-s-1", "in_range", "out_of_range"}

func (c Class) String() string {
	if c < NumClasses {
		return classNames[c]
	}
	return fmt.Sprintf("Class(%d)", uint8(c))
}

// Edges lists the edge classes (every class but InRange and OutOfRange).
var Edges = []Class{TypeMin, TypeMax, Zero, SMinus1, NegOne, NegS, S, SPlus1, NegSMinus1}

// Range returns the smallest and largest value of the integer element type
// dt, as int64 (for ui64 the largest is returned as -1, its bit pattern;
// index is 64-bit).
func Range(dt tensor.DType) (lo, hi int64) {
	switch {
	case dt == tensor.I1:
		return 0, 1
	case dt == tensor.UI64:
		return 0, -1
	case dt.IsUnsigned():
		return 0, int64(1)<<dt.Bits() - 1
	case dt == tensor.Index || dt.Bits() >= 64:
		return math.MinInt64, math.MaxInt64
	}
	b := dt.Bits()
	return -(int64(1) << (b - 1)), int64(1)<<(b-1) - 1
}

// representable reports whether dt holds v (v given as a mathematical
// value; ui64 values above MaxInt64 are never produced by the edges).
func representable(v int64, dt tensor.DType) bool {
	lo, hi := Range(dt)
	if dt == tensor.UI64 {
		return v >= 0
	}
	return v >= lo && v <= hi
}

// Value returns the value of edge class c for size s and type dt, and
// whether dt can hold it.
func Value(c Class, s int64, dt tensor.DType) (int64, bool) {
	lo, hi := Range(dt)
	var v int64
	switch c {
	case TypeMin:
		return lo, true
	case TypeMax:
		return hi, true
	case Zero:
		v = 0
	case SMinus1:
		v = s - 1
	case NegOne:
		v = -1
	case NegS:
		v = -s
	case S:
		v = s
	case SPlus1:
		v = s + 1
	case NegSMinus1:
		v = -s - 1
	default:
		return 0, false
	}
	return v, representable(v, dt)
}

// Classify returns the class of v (as read by tensor.Int64At from a tensor
// of type dt) against size s.
func Classify(v, s int64, dt tensor.DType) Class {
	lo, hi := Range(dt)
	switch {
	case v == lo && lo != 0:
		return TypeMin
	case v == hi:
		return TypeMax
	}
	for _, c := range []Class{Zero, SMinus1, NegOne, NegS, S, SPlus1, NegSMinus1} {
		if e, ok := Value(c, s, dt); ok && e == v {
			return c
		}
	}
	if v >= 0 && v < s {
		return InRange
	}
	return OutOfRange
}

// Draw returns an index value for a dim of size s in type dt: half of the
// draws are an edge (each representable edge equally likely), a quarter an
// ordinary value in [0, s) (an edge when s is 0), a quarter a value in
// [-2s-3, 2s+3] that may be anything.
func Draw(r *rand.Rand, s int64, dt tensor.DType) int64 {
	s = min(s, maxBound)
	switch r.Intn(4) {
	case 0, 1:
		return DrawEdge(r, s, dt)
	case 2:
		if s > 0 {
			return r.Int63n(s)
		}
		return DrawEdge(r, s, dt)
	}
	for {
		v := r.Int63n(4*s+7) - 2*s - 3
		if representable(v, dt) {
			return v
		}
	}
}

// maxBound is the largest size the draws use: a larger one (a huge
// static dim) would overflow their ranges (up to 4s+7).
const maxBound = math.MaxInt64/4 - 2

// DrawEdge returns one of the representable edges of s in dt.
func DrawEdge(r *rand.Rand, s int64, dt tensor.DType) int64 {
	s = min(s, maxBound)
	for {
		if v, ok := Value(Edges[r.Intn(len(Edges))], s, dt); ok {
			return v
		}
	}
}

// DrawIn returns a value in [lo, hi) (hi > lo), drawing the two ends lo
// and hi-1 half of the time: the in-domain draw of a mode (for example
// [-s, s) for wrap_negative) that still meets its edges.
func DrawIn(r *rand.Rand, lo, hi int64) int64 {
	if hi <= lo {
		return lo
	}
	switch r.Intn(4) {
	case 0:
		return lo
	case 1:
		return hi - 1
	}
	return lo + r.Int63n(hi-lo)
}

// Counter tallies compared index values per group and class, and compared
// errors per group. It is safe for concurrent use. The zero value is ready.
type Counter struct {
	mu     sync.Mutex
	values map[string]*[NumClasses]int
	errors map[string]int
	cases  map[string]int
}

func (c *Counter) group(g string) *[NumClasses]int {
	if c.values == nil {
		c.values = map[string]*[NumClasses]int{}
		c.errors = map[string]int{}
		c.cases = map[string]int{}
	}
	if c.values[g] == nil {
		c.values[g] = &[NumClasses]int{}
	}
	return c.values[g]
}

// Add counts one compared value v against size s.
func (c *Counter) Add(g string, v, s int64, dt tensor.DType) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.group(g)[Classify(v, s, dt)]++
}

// AddTensor counts every element of the index tensor t, element p against
// size(p). It also counts one compared case.
func (c *Counter) AddTensor(g string, t *tensor.Tensor, size func(p int) int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	vs := c.group(g)
	for p := 0; p < int(t.NumElements()); p++ {
		vs[Classify(t.Int64At(p), size(p), t.DType)]++
	}
}

// Case counts one compared case (results or errors compared) of group g.
func (c *Counter) Case(g string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.group(g)
	c.cases[g]++
}

// Error counts one case of group g where both sides raised the same error
// (and that was checked).
func (c *Counter) Error(g string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.group(g)
	c.errors[g]++
}

// Count returns the compared values of group g in class k.
func (c *Counter) Count(g string, k Class) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.values == nil || c.values[g] == nil {
		return 0
	}
	return c.values[g][k]
}

// Total returns the compared values of group g.
func (c *Counter) Total(g string) int {
	n := 0
	for k := Class(0); k < NumClasses; k++ {
		n += c.Count(g, k)
	}
	return n
}

// Errors returns the compared errors of group g.
func (c *Counter) Errors(g string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.errors[g]
}

// Groups returns the group names, sorted.
func (c *Counter) Groups() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var gs []string
	for g := range c.values {
		gs = append(gs, g)
	}
	sort.Strings(gs)
	return gs
}

// Table prints one line per group: cases, values, errors and the count of
// every class.
func (c *Counter) Table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-28s %6s %7s %6s", "group", "cases", "values", "errors")
	for k := Class(0); k < NumClasses; k++ {
		fmt.Fprintf(&b, " %8s", k)
	}
	b.WriteString("\n")
	for _, g := range c.Groups() {
		c.mu.Lock()
		cases, errs := c.cases[g], c.errors[g]
		c.mu.Unlock()
		fmt.Fprintf(&b, "%-28s %6d %7d %6d", g, cases, c.Total(g), errs)
		for k := Class(0); k < NumClasses; k++ {
			fmt.Fprintf(&b, " %8d", c.Count(g, k))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TB is the part of testing.TB that Check uses.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// Min is the minimum a group must reach: compared values in total, values
// of every class in Classes, and compared errors.
type Min struct {
	Values  int
	Classes []Class
	PerEdge int // the minimum count of each class in Classes
	Errors  int
}

// Check reports (with t.Errorf) every group of gs below m.
func (c *Counter) Check(t TB, m Min, gs ...string) {
	t.Helper()
	for _, g := range gs {
		if n := c.Total(g); n < m.Values {
			t.Errorf("%s: %d compared index values, want at least %d", g, n, m.Values)
		}
		for _, k := range m.Classes {
			if n := c.Count(g, k); n < m.PerEdge {
				t.Errorf("%s: %d compared index values at %s, want at least %d", g, n, k, m.PerEdge)
			}
		}
		if n := c.Errors(g); n < m.Errors {
			t.Errorf("%s: %d compared errors, want at least %d", g, n, m.Errors)
		}
	}
}

// Meets reports whether group g reaches m.
func (c *Counter) Meets(m Min, g string) bool {
	var r recorder
	c.Check(&r, m, g)
	return !r.failed
}

type recorder struct{ failed bool }

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
