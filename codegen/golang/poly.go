package golang

import (
	"fmt"
	"sort"
	"strings"
)

// poly is an integer polynomial over Go variable names (loop counters,
// shape parameters, temporaries), the emitter's representation of every
// offset and size: a map from a term (its atoms sorted and joined by "*",
// "" for the constant) to its coefficient. Offsets through reshapes,
// broadcasts and slices stay polynomials, so the emitter can see which
// loop counters an address depends on, with which stride, and hoist the
// rest out of the inner loops.
type poly map[string]int64

func pconst(c int64) poly {
	if c == 0 {
		return poly{}
	}
	return poly{"": c}
}

func patom(name string) poly { return poly{name: 1} }

func (p poly) add(q poly) poly {
	r := poly{}
	for k, v := range p {
		r[k] += v
	}
	for k, v := range q {
		r[k] += v
	}
	for k, v := range r {
		if v == 0 {
			delete(r, k)
		}
	}
	return r
}

func (p poly) scale(c int64) poly { return p.mul(pconst(c)) }

func (p poly) mul(q poly) poly {
	r := poly{}
	for k1, v1 := range p {
		for k2, v2 := range q {
			r[joinTerm(k1, k2)] += v1 * v2
		}
	}
	for k, v := range r {
		if v == 0 {
			delete(r, k)
		}
	}
	return r
}

func joinTerm(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	atoms := append(strings.Split(a, "*"), strings.Split(b, "*")...)
	sort.Strings(atoms)
	return strings.Join(atoms, "*")
}

// constant returns the value of p when it has no atoms.
func (p poly) constant() (int64, bool) {
	for k := range p {
		if k != "" {
			return 0, false
		}
	}
	return p[""], true
}

func (p poly) equal(q poly) bool {
	if len(p) != len(q) {
		return false
	}
	for k, v := range p {
		if q[k] != v {
			return false
		}
	}
	return true
}

func (p poly) terms() []string {
	ks := make([]string, 0, len(p))
	for k := range p {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		if (ks[i] == "") != (ks[j] == "") {
			return ks[j] == ""
		}
		return ks[i] < ks[j]
	})
	return ks
}

// atoms lists the names a term multiplies.
func atoms(term string) []string {
	if term == "" {
		return nil
	}
	return strings.Split(term, "*")
}

// String prints p as a Go int expression.
func (p poly) String() string {
	if len(p) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, k := range p.terms() {
		c := p[k]
		switch {
		case i == 0 && c < 0:
			b.WriteString("-")
			c = -c
		case i > 0 && c < 0:
			b.WriteString(" - ")
			c = -c
		case i > 0:
			b.WriteString(" + ")
		}
		switch {
		case k == "":
			fmt.Fprint(&b, c)
		case c == 1:
			b.WriteString(k)
		default:
			fmt.Fprintf(&b, "%d*%s", c, k)
		}
	}
	return b.String()
}

// divide returns p/c when c divides every coefficient of p.
func (p poly) divide(c int64) (poly, bool) {
	if c == 0 {
		return nil, false
	}
	q := poly{}
	for k, v := range p {
		if v%c != 0 {
			return nil, false
		}
		q[k] = v / c
	}
	return q, true
}

// paren prints p, parenthesized unless it is a single atom or constant.
func (p poly) paren() string {
	s := p.String()
	if len(p) <= 1 && !strings.ContainsAny(s, "*-") {
		return s
	}
	return "(" + s + ")"
}

// split returns the part of p whose terms satisfy keep, and the rest.
func (p poly) split(keep func(term string) bool) (in, out poly) {
	in, out = poly{}, poly{}
	for k, v := range p {
		if keep(k) {
			in[k] = v
		} else {
			out[k] = v
		}
	}
	return in, out
}

// coeff returns the coefficient of atom a in p (the terms containing a
// exactly once, divided by a) and whether a occurs only linearly.
func (p poly) coeff(a string) (poly, bool) {
	r := poly{}
	for k, v := range p {
		as := atoms(k)
		n := 0
		var rest []string
		for _, x := range as {
			if x == a {
				n++
			} else {
				rest = append(rest, x)
			}
		}
		if n > 1 {
			return nil, false
		}
		if n == 1 {
			r[strings.Join(rest, "*")] += v
		}
	}
	return r, true
}
