package golang

import "testing"

func TestPoly(t *testing.T) {
	i, n := patom("i"), patom("n")
	for _, tc := range []struct {
		name string
		p    poly
		want string
	}{
		{"zero", pconst(0), "0"},
		{"constant", pconst(-3), "-3"},
		{"linear", i.scale(4).add(pconst(1)), "4*i + 1"},
		{"product", i.mul(n).add(n.scale(-1)), "i*n - n"},
		{"negative first", i.scale(-1).add(n), "-i + n"},
		{"cancel", i.add(i.scale(-1)), "0"},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	p := i.mul(n).scale(2).add(patom("j")).add(pconst(5))
	c, ok := p.coeff("i")
	if !ok || c.String() != "2*n" {
		t.Errorf("coeff(i) = %v, %v; want 2*n", c, ok)
	}
	if _, ok := i.mul(i).coeff("i"); ok {
		t.Errorf("coeff of i*i reported linear")
	}
	if !i.add(n).equal(n.add(i)) || i.equal(n) {
		t.Errorf("equal is wrong")
	}
}

// TestPolyDivide: divide by a constant that divides every coefficient,
// and refusals where one does not or the divisor is 0.
func TestPolyDivide(t *testing.T) {
	i, n := patom("i"), patom("n")
	for _, tc := range []struct {
		name string
		p    poly
		c    int64
		want string // "" when divide refuses
	}{
		{"terms", i.scale(2048).add(n.mul(i).scale(4096)), 2048, "i + 2*i*n"},
		{"constant", pconst(600), 300, "2"},
		{"zero", pconst(0), 7, "0"},
		{"negative", i.scale(-6), 3, "-2*i"},
		{"one term not", i.scale(2048).add(pconst(5)), 2048, ""},
		{"by zero", i, 0, ""},
	} {
		q, ok := tc.p.divide(tc.c)
		got := ""
		if ok {
			got = q.String()
		}
		if got != tc.want {
			t.Errorf("%s: (%s).divide(%d) = %q, want %q", tc.name, tc.p, tc.c, got, tc.want)
		}
	}
}
