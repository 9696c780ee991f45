package semdoc

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// farray is a tensor literal with float values (the scatter table mixes
// integer and float examples).
type farray struct {
	vals  []float64
	shape []int64
}

// parseFloats reads the leading nested list of s.
func parseFloats(s string) (farray, bool) {
	s = strings.TrimSpace(s)
	end := strings.LastIndex(s, "]")
	depth := 0
	for i, c := range s {
		if c == '[' {
			depth++
		} else if c == ']' {
			if depth--; depth == 0 {
				end = i
				break
			}
		}
	}
	if !strings.HasPrefix(s, "[") || end < 0 {
		return farray{}, false
	}
	var v any
	if json.Unmarshal([]byte(s[:end+1]), &v) != nil {
		return farray{}, false
	}
	var a farray
	var walk func(v any, d int) bool
	walk = func(v any, d int) bool {
		switch x := v.(type) {
		case float64:
			a.vals = append(a.vals, x)
			return true
		case []any:
			if d == len(a.shape) {
				a.shape = append(a.shape, int64(len(x)))
			} else if a.shape[d] != int64(len(x)) {
				return false
			}
			for _, e := range x {
				if !walk(e, d+1) {
					return false
				}
			}
			return true
		}
		return false
	}
	return a, walk(v, 0)
}

func (a farray) literal(elem string) string {
	var b strings.Builder
	st := make([]int, len(a.shape))
	n := 1
	for d := len(a.shape) - 1; d >= 0; d-- {
		st[d] = n
		n *= int(a.shape[d])
	}
	var rec func(d, off int)
	rec = func(d, off int) {
		if d == len(a.shape) {
			if elem == "f32" {
				fmt.Fprintf(&b, "%g", a.vals[off])
				if a.vals[off] == math.Trunc(a.vals[off]) {
					b.WriteString(".0")
				}
			} else {
				fmt.Fprint(&b, int64(a.vals[off]))
			}
			return
		}
		b.WriteString("[")
		for i := 0; i < int(a.shape[d]); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			rec(d+1, off+i*st[d])
		}
		b.WriteString("]")
	}
	rec(0, 0)
	return b.String()
}

// TestScatterTable: the worked examples of section 3.9 (tcp.scatter and
// tcp.scatter_nd, duplicates under replace and add, modes drop and wrap,
// ONNX's examples) run through the interpreter; "the same" repeats the
// cell above.
func TestScatterTable(t *testing.T) {
	b, err := os.ReadFile("../../docs/semantics.md")
	if err != nil {
		t.Fatal(err)
	}
	var prev []string
	n := 0
	for i, r := range rows(t, section(t, string(b), "### 3.9"), "input", "indices", "updates") {
		for k := range r {
			if r[k] == "the same" && prev != nil {
				r[k] = prev[k]
			}
		}
		prev = r
		in, ok1 := parseFloats(r[0])
		idx, ok2 := parseFloats(r[1])
		upd, ok3 := parseFloats(r[2])
		want, ok4 := parseFloats(r[4])
		if !ok1 || !ok2 || !ok3 || !ok4 {
			t.Fatalf("row %d: cannot read %q", i+1, r)
		}
		elem := "i64"
		for _, a := range [][]float64{in.vals, upd.vals, want.vals} {
			for _, v := range a {
				if v != math.Trunc(v) {
					elem = "f32"
				}
			}
		}
		// "scatter, dim 1, add, wrap_negative": op, then attributes.
		parts := strings.Split(r[3], ",")
		op := "tcp." + strings.TrimSpace(parts[0])
		var attrs []string
		for _, p := range parts[1:] {
			p = strings.TrimSpace(p)
			switch {
			case strings.HasPrefix(p, "dim "):
				attrs = append(attrs, "dim = "+strings.TrimPrefix(p, "dim ")+" : index")
			case p == "replace" || p == "add" || p == "mul" || p == "min" || p == "max":
				attrs = append(attrs, fmt.Sprintf("combine = %q", p))
			default:
				attrs = append(attrs, fmt.Sprintf("mode = %q", p))
			}
		}
		inT, idxT, updT := tensorType(in.shape, elem), tensorType(idx.shape, "i64"), tensorType(upd.shape, elem)
		src := fmt.Sprintf(`func.func @f() -> %s {
  %%x = tcp.const {value = dense<%s> : %s} : %s
  %%i = tcp.const {value = dense<%s> : %s} : %s
  %%u = tcp.const {value = dense<%s> : %s} : %s
  %%0 = %s %%x, %%i, %%u {%s} : %s, %s, %s -> %s
  return %%0 : %s
}
`, inT, in.literal(elem), inT, inT, idx.literal("i64"), idxT, idxT, upd.literal(elem), updT, updT, op, strings.Join(attrs, ", "), inT, idxT, updT, inT, inT)
		m, err := parser.Parse("row.mlir", src, parser.Options{})
		if err == nil {
			err = ir.Verify(m, false)
		}
		if err != nil {
			t.Fatalf("row %d: %v\n%s", i+1, err, src)
		}
		res, err := interp.RunFunc(m, "f")
		if err != nil {
			t.Errorf("row %d: runtime error %v", i+1, err)
			continue
		}
		got := res[0]
		if fmt.Sprint(got.Shape) != fmt.Sprint(want.shape) {
			t.Errorf("row %d: shape %v, the document says %v", i+1, got.Shape, want.shape)
			continue
		}
		for k, w := range want.vals {
			if elem == "f32" {
				w = float64(float32(w))
			}
			if g := got.Float64At(k); g != w {
				t.Errorf("row %d: element %d is %v, the document says %v", i+1, k, g, w)
			}
		}
		n++
	}
	if n < 7 {
		t.Errorf("checked %d rows, want the 7 of section 3.9", n)
	}
}
