package semdoc

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// section returns the text of the section whose heading starts with
// heading, up to the next heading of any level.
func section(t *testing.T, doc, heading string) string {
	t.Helper()
	i := strings.Index(doc, "\n"+heading)
	if i < 0 {
		t.Fatalf("docs/semantics.md has no section %q", heading)
	}
	rest := doc[i+1:]
	if j := regexp.MustCompile(`\n#{2,3} `).FindStringIndex(rest[1:]); j != nil {
		rest = rest[:j[0]+1]
	}
	return rest
}

// rows returns the cells of the table rows of text whose header starts
// with the given columns, header and separator excluded.
func rows(t *testing.T, text string, header ...string) [][]string {
	t.Helper()
	var out [][]string
	in := false
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "|") {
			in = false
			continue
		}
		cells := strings.Split(strings.Trim(l, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(strings.ReplaceAll(cells[i], "`", ""))
		}
		isHeader := len(cells) >= len(header)
		for i, h := range header {
			isHeader = isHeader && cells[i] == h
		}
		switch {
		case isHeader:
			in = true
		case in && strings.HasPrefix(cells[0], "---"):
		case in:
			out = append(out, cells)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no table with header %q", header)
	}
	return out
}

// array is a tensor literal: values in row-major order and a shape.
type array struct {
	vals  []int64
	shape []int64
}

var rangeRE = regexp.MustCompile(`^(-?\d+)\.\.(-?\d+) as ([0-9x]+)`)

// parseArray reads the leading nested list of s ("[[1,2],[3,4]] ...") or a
// range ("0..11 as 3x4").
func parseArray(s string) (array, bool) {
	s = strings.TrimSpace(s)
	if m := rangeRE.FindStringSubmatch(s); m != nil {
		lo, _ := strconv.ParseInt(m[1], 10, 64)
		hi, _ := strconv.ParseInt(m[2], 10, 64)
		var a array
		for v := lo; v <= hi; v++ {
			a.vals = append(a.vals, v)
		}
		for _, d := range strings.Split(m[3], "x") {
			n, _ := strconv.ParseInt(d, 10, 64)
			a.shape = append(a.shape, n)
		}
		return a, true
	}
	if !strings.HasPrefix(s, "[") {
		return array{}, false
	}
	depth := 0
	end := -1
	for i, c := range s {
		if c == '[' {
			depth++
		} else if c == ']' {
			depth--
			if depth == 0 {
				end = i + 1
				break
			}
		}
	}
	if end < 0 {
		return array{}, false
	}
	var v any
	if err := json.Unmarshal([]byte(s[:end]), &v); err != nil {
		return array{}, false
	}
	var a array
	var walk func(v any, d int) bool
	walk = func(v any, d int) bool {
		switch x := v.(type) {
		case float64:
			a.vals = append(a.vals, int64(x))
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

func tensorType(shape []int64, elem string) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		fmt.Fprintf(&b, "%dx", d)
	}
	return b.String() + elem + ">"
}

func literal(a array) string {
	var b strings.Builder
	var rec func(d int, off int)
	stride := func(d int) int {
		n := 1
		for _, s := range a.shape[d+1:] {
			n *= int(s)
		}
		return n
	}
	rec = func(d, off int) {
		if d == len(a.shape) {
			fmt.Fprint(&b, a.vals[off])
			return
		}
		b.WriteString("[")
		for i := 0; i < int(a.shape[d]); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			rec(d+1, off+i*stride(d))
		}
		b.WriteString("]")
	}
	rec(0, 0)
	return b.String()
}

// run parses body (a function @f without arguments) and runs it.
func run(t *testing.T, name, src string) ([]int64, []int64, error) {
	t.Helper()
	m, err := parser.Parse(name, src, parser.Options{})
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, src)
	}
	if err := ir.Verify(m, false); err != nil {
		return nil, nil, err // a verifier error: constant operands out of range
	}
	res, err := interp.RunFunc(m, "f")
	if err != nil {
		return nil, nil, err
	}
	return res[0].Int64s(), res[0].Shape, nil
}

func check(t *testing.T, row string, want array, got, shape []int64, err error) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: runtime error %v, the document says %v", row, err, want.vals)
		return
	}
	if fmt.Sprint(got) != fmt.Sprint(want.vals) || fmt.Sprint(shape) != fmt.Sprint(want.shape) {
		t.Errorf("%s: the interpreter gives %v (shape %v), the document says %v (shape %v)", row, got, shape, want.vals, want.shape)
	}
}

func gatherSrc(op string, x, i array, attrs string, outShape []int64) string {
	return fmt.Sprintf(`func.func @f() -> %[5]s {
  %%x = arith.constant dense<%[1]s> : %[2]s
  %%i = arith.constant dense<%[3]s> : %[4]s
  %%0 = %[6]s %%x, %%i {%[7]s} : %[2]s, %[4]s -> %[5]s
  return %%0 : %[5]s
}`, literal(x), tensorType(x.shape, "i64"), literal(i), tensorType(i.shape, "i64"), tensorType(outShape, "i64"), op, attrs)
}

func readDoc(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../docs/semantics.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Section 2: the modes on [10, 20, 30, 40, 50] at [-7, -1, 0, 4, 5, 7].
func TestModesTable(t *testing.T) {
	doc := readDoc(t)
	sec := section(t, doc, "## 2. Index modes")
	a := array{vals: []int64{10, 20, 30, 40, 50}, shape: []int64{5}}
	idx := array{vals: []int64{-7, -1, 0, 4, 5, 7}, shape: []int64{6}}
	if !strings.Contains(sec, "`a = [10, 20, 30, 40, 50]`") || !strings.Contains(sec, "`[-7, -1, 0, 4, 5, 7]`") {
		t.Fatal("section 2's worked example no longer names its data and indices as this test expects")
	}
	n := 0
	for _, r := range rows(t, sec, "mode", "result") {
		mode, _, _ := strings.Cut(r[0], " ")
		res := r[1]
		attrs := fmt.Sprintf(`dim = 0 : index, mode = %q`, mode)
		if strings.Contains(r[0], "fill_value = 0 : i64") {
			attrs += ", fill_value = 0 : i64"
		}
		got, shape, err := run(t, mode, gatherSrc("tcp.gather", a, idx, attrs, idx.shape))
		switch {
		case strings.HasPrefix(res, "runtime error at -7") || strings.HasPrefix(res, "undefined"):
			if err == nil || !strings.Contains(err.Error(), "index -7 is out of bounds") {
				t.Errorf("mode %s: %v, the document says an error at -7", mode, err)
			}
		default:
			want, ok := parseArray(res)
			if !ok {
				t.Errorf("mode %s: cannot read %q", mode, res)
				continue
			}
			check(t, "mode "+mode, want, got, shape, err)
		}
		n++
		if mode == "wrap_negative" { // its in-range part: [-1, -5, 0, 4]
			w := array{vals: []int64{-1, -5, 0, 4}, shape: []int64{4}}
			got, shape, err := run(t, mode, gatherSrc("tcp.gather", a, w, attrs, w.shape))
			want, _ := parseArray(res[strings.Index(res, "give ")+5:])
			check(t, "wrap_negative [-1, -5, 0, 4]", want, got, shape, err)
		}
	}
	if n != 6 {
		t.Errorf("checked %d modes, want 6", n)
	}
}

// Sections 3.1 and 3.2: every row of the tcp.gather and tcp.gather_nd tables.
func TestGatherTables(t *testing.T) {
	doc := readDoc(t)
	var prev array
	for i, r := range rows(t, section(t, doc, "### 3.1"), "input", "indices") {
		x, ok := parseArray(r[0])
		if r[0] == "the same" {
			x, ok = prev, true
		}
		idx, ok2 := parseArray(r[1])
		want, ok3 := parseArray(r[4])
		if !ok || !ok2 || !ok3 {
			t.Fatalf("3.1 row %d: cannot read %v", i+1, r)
		}
		prev = x
		attrs := fmt.Sprintf(`dim = %s : index, mode = %q`, r[2], r[3])
		got, shape, err := run(t, "gather", gatherSrc("tcp.gather", x, idx, attrs, idx.shape))
		check(t, fmt.Sprintf("3.1 row %d", i+1), want, got, shape, err)
	}
	for i, r := range rows(t, section(t, doc, "### 3.2"), "input", "indices") {
		x, ok := parseArray(r[0])
		idx, ok2 := parseArray(r[1])
		want, ok3 := parseArray(r[3])
		if !ok || !ok2 || !ok3 {
			t.Fatalf("3.2 row %d: cannot read %v", i+1, r)
		}
		attrs := "batch_dims = " + r[2] + " : index"
		if strings.Contains(r[1], "wrap_negative") {
			attrs += `, mode = "wrap_negative"`
		}
		got, shape, err := run(t, "gather_nd", gatherSrc("tcp.gather_nd", x, idx, attrs, want.shape))
		check(t, fmt.Sprintf("3.2 row %d", i+1), want, got, shape, err)
	}
}

var tuple = regexp.MustCompile(`^\((-?\d+), (-?\d+)\)$`)

// Section 3.4: the tcp.slice table on the 4x4 x.
func TestSliceTable(t *testing.T) {
	doc := readDoc(t)
	sec := section(t, doc, "### 3.4")
	x := array{shape: []int64{4, 4}}
	for v := int64(1); v <= 16; v++ {
		x.vals = append(x.vals, v)
	}
	if !strings.Contains(sec, "x = [[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,16]]") {
		t.Fatal("section 3.4 no longer names its x as this test expects")
	}
	for i, r := range rows(t, sec, "starts", "sizes") {
		var vals [3][2]string
		for k := 0; k < 3; k++ {
			m := tuple.FindStringSubmatch(r[k])
			if m == nil {
				t.Fatalf("3.4 row %d: cannot read %q", i+1, r[k])
			}
			vals[k] = [2]string{m[1], m[2]}
		}
		var b strings.Builder
		b.WriteString("func.func @f() -> tensor<" + vals[1][0] + "x" + vals[1][1] + "xi64> {\n")
		fmt.Fprintf(&b, "  %%x = arith.constant dense<%s> : tensor<4x4xi64>\n", literal(x))
		names := [3][2]string{}
		for k := 0; k < 3; k++ {
			for j := 0; j < 2; j++ {
				names[k][j] = fmt.Sprintf("%%c%d%d", k, j)
				fmt.Fprintf(&b, "  %s = arith.constant %s : index\n", names[k][j], vals[k][j])
			}
		}
		fmt.Fprintf(&b, "  %%0 = tcp.slice %%x starts(%s, %s) sizes(%s, %s) strides(%s, %s) : tensor<4x4xi64> -> tensor<%sx%sxi64>\n",
			names[0][0], names[0][1], names[1][0], names[1][1], names[2][0], names[2][1], vals[1][0], vals[1][1])
		fmt.Fprintf(&b, "  return %%0 : tensor<%sx%sxi64>\n}\n", vals[1][0], vals[1][1])
		got, shape, err := run(t, "slice", b.String())
		if strings.HasPrefix(r[3], "error") {
			if err == nil {
				t.Errorf("3.4 row %d: the interpreter gives %v, the document says an error", i+1, got)
			}
			continue
		}
		want, ok := parseArray(r[3])
		if !ok {
			t.Fatalf("3.4 row %d: cannot read %q", i+1, r[3])
		}
		check(t, fmt.Sprintf("3.4 row %d", i+1), want, got, shape, err)
	}
}
