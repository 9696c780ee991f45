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
