package conformance

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// genericOp is one operation of a generic-form print: its name and its
// attributes (properties `<{…}>` and the attribute dictionary `{…}`
// merged), each as name -> printed value.
type genericOp struct {
	name  string
	attrs map[string]string
}

// genericOps scans a module printed in generic form (`"dialect.op"(…)
// <{…}> ({regions}) {…} : type`) and returns its operations in order.
// It needs no parser: it reads the op name string and the bracketed
// attribute dictionaries that follow its operand list, skipping strings
// and nested brackets, so a difference in how either side parses the
// attributes cannot hide here.
func genericOps(s string) ([]genericOp, error) {
	var ops []genericOp
	for i := 0; i < len(s); i++ {
		// An op starts with a quoted name followed by "(".
		if s[i] != '"' || (i > 0 && s[i-1] != ' ' && s[i-1] != '\n' && s[i-1] != '=') {
			continue
		}
		end := strings.IndexByte(s[i+1:], '"')
		if end < 0 {
			break
		}
		name := s[i+1 : i+1+end]
		j := i + 1 + end + 1
		if j >= len(s) || s[j] != '(' || !strings.Contains(name, ".") {
			continue
		}
		op := genericOp{name: name, attrs: map[string]string{}}
		// Skip the operand list.
		k, err := skipGroup(s, j)
		if err != nil {
			return nil, err
		}
		// Successors [ ... ], properties <{ }>, regions ( ... ), attributes { }.
		for {
			for k < len(s) && s[k] == ' ' {
				k++
			}
			switch {
			case strings.HasPrefix(s[k:], "<{"):
				e, err := skipGroup(s, k+1)
				if err != nil {
					return nil, err
				}
				addAttrs(op.attrs, s[k+2:e-1])
				k = e + 1 // the closing '>'
				continue
			case k < len(s) && s[k] == '[':
				e, err := skipGroup(s, k)
				if err != nil {
					return nil, err
				}
				k = e
				continue
			case k < len(s) && s[k] == '(':
				// regions: their ops are scanned by the outer loop
			case k < len(s) && s[k] == '{':
				e, err := skipGroup(s, k)
				if err != nil {
					return nil, err
				}
				addAttrs(op.attrs, s[k+1:e-1])
			}
			break
		}
		ops = append(ops, op)
		i = j
	}
	return ops, nil
}

// skipGroup returns the index after the bracket group opening at s[i].
func skipGroup(s string, i int) (int, error) {
	depth := 0
	for k := i; k < len(s); k++ {
		switch s[k] {
		case '"':
			for k++; k < len(s) && s[k] != '"'; k++ {
				if s[k] == '\\' {
					k++
				}
			}
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			if s[k] == '>' && k > 0 && s[k-1] == '-' { // "->" in a type
				continue
			}
			depth--
			if depth == 0 {
				return k + 1, nil
			}
		}
	}
	return 0, fmt.Errorf("unbalanced group at offset %d", i)
}

// addAttrs splits a dictionary body `a = 1 : i64, b, c = "x"` at top
// level into m.
func addAttrs(m map[string]string, body string) {
	start, depth := 0, 0
	flush := func(end int) {
		part := strings.TrimSpace(body[start:end])
		if part == "" {
			return
		}
		name, val, _ := strings.Cut(part, "=")
		m[strings.TrimSpace(name)] = strings.TrimSpace(val)
	}
	for k := 0; k < len(body); k++ {
		switch body[k] {
		case '"':
			for k++; k < len(body) && body[k] != '"'; k++ {
				if body[k] == '\\' {
					k++
				}
			}
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			if body[k] == '>' && k > 0 && body[k-1] == '-' {
				continue
			}
			depth--
		case ',':
			if depth == 0 {
				flush(k)
				start = k + 1
			}
		}
	}
	flush(len(body))
}

// diffOps compares two op lists attribute by attribute.
func diffOps(ours, theirs []genericOp) []string {
	var out []string
	if len(ours) != len(theirs) {
		out = append(out, fmt.Sprintf("%d ops, mlir-opt-16 has %d", len(ours), len(theirs)))
	}
	for i := 0; i < len(ours) && i < len(theirs); i++ {
		a, b := ours[i], theirs[i]
		if a.name != b.name {
			out = append(out, fmt.Sprintf("op %d: %s, mlir-opt-16 has %s", i, a.name, b.name))
			continue
		}
		var names []string
		for n := range b.attrs {
			names = append(names, n)
		}
		for n := range a.attrs {
			if _, ok := b.attrs[n]; !ok {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		for _, n := range names {
			va, oka := a.attrs[n]
			vb, okb := b.attrs[n]
			switch {
			case !oka:
				out = append(out, fmt.Sprintf("op %d (%s): attribute %s = %s missing in ours", i, a.name, n, vb))
			case !okb:
				out = append(out, fmt.Sprintf("op %d (%s): attribute %s = %s only in ours", i, a.name, n, va))
			case va != vb:
				out = append(out, fmt.Sprintf("op %d (%s): attribute %s = %s, mlir-opt-16 has %s", i, a.name, n, va, vb))
			}
		}
	}
	return out
}

func TestGenericOps(t *testing.T) {
	ops, err := genericOps(`"func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "f"}> ({
^bb0(%arg0: tensor<2xf32>):
  %0 = "tcp.gather"(%arg0, %arg0) {dim = 0 : index, mode = "clip", s = "a,\"b"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  "func.return"(%0) : (tensor<2xf32>) -> ()
}) : () -> ()`)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(ops)
	want := `[{func.func map[function_type:(tensor<2xf32>) -> tensor<2xf32> sym_name:"f"]} {tcp.gather map[dim:0 : index mode:"clip" s:"a,\"b"]} {func.return map[]}]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if d := diffOps(ops, ops[:2]); len(d) != 1 {
		t.Errorf("diff of a shorter list: %v", d)
	}
}

// TestMLIROptAttributes: for every chunk mlir-opt-16 reads as it is (the
// generic form, and the func, arith and tensor custom forms), our generic
// print and mlir-opt-16's generic print of the same input have the same
// ops with the same attributes, compared attribute by attribute (a dropped,
// added or changed attribute is a failure, whichever side parses it).
// Our generic print is also fed back to both tools and compared the same
// way, so tcp's own custom forms are covered through their generic
// spelling.
func TestMLIROptAttributes(t *testing.T) {
	bin := mlirOpt(t)
	direct, fed := 0, 0
	compare := func(name, src string) bool {
		ours, _, code := tcpOpt(src, "--allow-unregistered-dialect", "--mlir-print-op-generic")
		if code != 0 {
			return false
		}
		theirs, _, err := runMLIROpt(bin, src, "--allow-unregistered-dialect", "--mlir-print-op-generic")
		if err != nil {
			return false // syntax mlir-opt-16 does not read
		}
		a, err := genericOps(ours)
		if err != nil {
			t.Errorf("%s: our generic print: %v", name, err)
			return false
		}
		b, err := genericOps(theirs)
		if err != nil {
			t.Errorf("%s: mlir-opt-16's generic print: %v", name, err)
			return false
		}
		if len(b) == 0 {
			return false
		}
		for _, d := range diffOps(a, b) {
			t.Errorf("%s: %s", name, d)
		}
		return true
	}
	for name, src := range corpus(t) {
		if strings.Contains(src, "expected-error") || strings.Contains(src, "tensor.concat") {
			continue
		}
		if compare(name, src) {
			direct++
		}
		generic, _, code := tcpOpt(src, "--allow-unregistered-dialect", "--mlir-print-op-generic")
		if code == 0 && compare(name+" (our generic print)", generic) {
			fed++
		}
	}
	t.Logf("attributes compared with mlir-opt-16's print: %d chunks as written, %d through our generic print", direct, fed)
	if direct < 20 || fed < 50 {
		t.Errorf("compared %d chunks as written and %d through our generic print, want at least 20 and 50", direct, fed)
	}
}
