package parser_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	_ "github.com/tcp-project/tcp/dialect/func"
	_ "github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar")

func print(t *testing.T, m *ir.Operation, opts ir.PrintOptions) string {
	t.Helper()
	var b strings.Builder
	if err := ir.Print(&b, m, opts); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func parse(t *testing.T, name, src string) *ir.Operation {
	t.Helper()
	m, err := parser.Parse(name, src, parser.Options{AllowUnregistered: true})
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	if err := ir.Verify(m, true); err != nil {
		t.Fatalf("verify %s: %v", name, err)
	}
	return m
}

// roundTrip checks the printer/parser invariants on src and returns the
// custom and generic printed forms.
func roundTrip(t *testing.T, name, src string) (custom, generic string) {
	t.Helper()
	custom = print(t, parse(t, name, src), ir.PrintOptions{})
	generic = print(t, parse(t, name, src), ir.PrintOptions{Generic: true})
	if again := print(t, parse(t, name, custom), ir.PrintOptions{}); again != custom {
		t.Errorf("%s: print(parse(print(parse(x)))) != print(parse(x)) (-want +got):\n%s", name, cmp.Diff(custom, again))
	}
	if fromGeneric := print(t, parse(t, name, generic), ir.PrintOptions{}); fromGeneric != custom {
		t.Errorf("%s: custom form of the parsed generic form differs (-want +got):\n%s", name, cmp.Diff(custom, fromGeneric))
	}
	if g2 := print(t, parse(t, name, generic), ir.PrintOptions{Generic: true}); g2 != generic {
		t.Errorf("%s: generic form is not a fixed point (-want +got):\n%s", name, cmp.Diff(generic, g2))
	}
	return custom, generic
}

// TestGolden runs every testdata/*.txtar: input.mlir must print as
// want.mlir (custom form) and want-generic.mlir (generic form), and satisfy
// the round-trip invariants. -update rewrites the want sections.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			ar, err := txtar.ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			sections := map[string]string{}
			for _, s := range ar.Files {
				sections[s.Name] = string(s.Data)
			}
			custom, generic := roundTrip(t, f, sections["input.mlir"])
			if *update {
				ar.Files = []txtar.File{
					{Name: "input.mlir", Data: []byte(sections["input.mlir"])},
					{Name: "want.mlir", Data: []byte(custom)},
					{Name: "want-generic.mlir", Data: []byte(generic)},
				}
				if err := os.WriteFile(f, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if diff := cmp.Diff(sections["want.mlir"], custom); diff != "" {
				t.Errorf("custom form mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(sections["want-generic.mlir"], generic); diff != "" {
				t.Errorf("generic form mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestErrors checks that invalid input of every kind gives one located
// diagnostic (never a panic).
func TestErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"lexical: bad character", "func.func @f() {\n  ` \n}", "e.mlir:2:3: error: unexpected character"},
		{"lexical: unterminated string", `"foo.bar`, `e.mlir:1:1: error: expected '"' in string literal`},
		{"lexical: bad SSA name", "func.func @f() {\n  % = \"x.y\"() : () -> ()\n}", "e.mlir:2:3: error: invalid SSA name"},
		{"syntax: missing colon", "func.func @f() {\n  \"x.y\"() \n}", "e.mlir:2:10: error: expected ':' followed by operation type"},
		{"syntax: missing paren", "func.func @f() {\n  \"x.y\"( : () -> ()\n}", "e.mlir:2:10: error: expected SSA operand"},
		{"syntax: unterminated region", "func.func @f() {\n", "e.mlir:2:1: error: expected '}' to end the region"},
		{"syntax: missing comma", "func.func @f(%a: i32) {\n  \"x.y\"(%a %a) : (i32, i32) -> ()\n}", "e.mlir:2:12: error: expected ','"},
		{"syntax: no op name", "func.func @f() {\n  %0 = 5\n}", "e.mlir:2:8: error: expected operation name in quotes"},
		{"undefined value", "func.func @f() {\n  \"x.y\"(%9) : (i32) -> ()\n  return\n}", "e.mlir:2:9: error: use of undeclared SSA value name '%9'"},
		{"redefinition", "func.func @f() {\n  %0 = \"x.a\"() : () -> i32\n  %0 = \"x.a\"() : () -> i32\n  return\n}", "e.mlir:3:3: error: redefinition of SSA value '%0'"},
		{"type mismatch", "func.func @f(%a: i32) {\n  \"x.y\"(%a) : (i64) -> ()\n  return\n}", "e.mlir:2:9: error: use of value '%a' expects different type than prior uses: 'i64' vs 'i32'"},
		{"result count", "func.func @f() {\n  %0, %1 = \"x.y\"() : () -> i32\n  return\n}", "e.mlir:2:12: error: operation defines 1 results but was provided 2 to bind"},
		{"operand type count", "func.func @f(%a: i32) {\n  \"x.y\"(%a) : () -> ()\n  return\n}", "e.mlir:2:15: error: expected 1 operand type but had 0"},
		{"unknown custom op", "func.func @f() {\n  foo.bar\n}", "e.mlir:2:3: error: Dialect `foo' not found for custom op 'foo.bar' "},
		{"negative dim", "func.func @f(%a: tensor<-3x4xf32>) {\n  return\n}", "e.mlir:1:25: error: invalid dimension"},
		{"dim overflow", "func.func @f(%a: tensor<99999999999999999999x2xf32>) {\n  return\n}", "e.mlir:1:25: error: invalid dimension"},
		{"element count overflow", "func.func @f(%a: tensor<9223372036854775807x9223372036854775807xf32>) {\n  return\n}", "e.mlir:1:45: error: tensor type has too many elements (the element count does not fit in int64)"},
		{"dense shape", "func.func @f() {\n  \"x.y\"() {v = dense<[1, 2]> : tensor<3xi32>} : () -> ()\n  return\n}", "e.mlir:2:32: error: inferred shape of elements literal ([2]) does not match type ([3])"},
		{"int range", "func.func @f() {\n  \"x.y\"() {v = 300 : i8} : () -> ()\n  return\n}", "e.mlir:2:16: error: integer constant out of range for attribute"},
		{"block dominance", "func.func @f(%c: i1) {\n  \"x.cond_br\"(%c)[^bb1, ^bb2] : (i1) -> ()\n^bb1:\n  %v = \"x.v\"() : () -> i32\n  \"x.br\"()[^bb2] : () -> ()\n^bb2:\n  \"x.use\"(%v) : (i32) -> ()\n  return\n}", "e.mlir:7:3: error: operand #0 does not dominate this use"},
		{"undefined block", "func.func @f() {\n  \"x.br\"()[^bb9] : () -> ()\n}", "e.mlir:2:12: error: reference to an undefined block '^bb9'"},
		{"undefined alias", "func.func @f(%a: !t) {\n  return\n}", "e.mlir:1:18: error: undefined symbol alias id 't'"},
		{"trailing garbage in type", "func.func @f(%a: tensor<4xf32 x>) {\n  return\n}", "e.mlir:1:31: error: expected '>' in tensor type"},
		{"unregistered dialect", "\"foo.bar\"() : () -> ()", "e.mlir:1:1: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := parser.Options{AllowUnregistered: tt.name != "unregistered dialect"}
			m, err := parser.Parse("e.mlir", tt.src, opts)
			if err == nil {
				err = ir.Verify(m, true)
			}
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if diff := cmp.Diff(tt.want, firstLine(err.Error())); diff != "" {
				t.Errorf("error mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// TestStartLine checks that chunks of a split file report absolute lines.
func TestStartLine(t *testing.T) {
	_, err := parser.Parse("s.mlir", "func.func @f() {\n  \"x.y\"(%9) : (i32) -> ()\n}", parser.Options{AllowUnregistered: true, StartLine: 40})
	if got, want := firstLine(err.Error()), "s.mlir:41:9: error: use of undeclared SSA value name '%9'"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestLocationAliases parses mlir-opt's debug-info output, whose location
// aliases are defined at the end of the file.
func TestLocationAliases(t *testing.T) {
	src := `"builtin.module"() ({
  "x.y"() : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("a.mlir":1:1)
#loc1 = loc("a.mlir":2:3)
`
	m := parse(t, "l.mlir", src)
	got := print(t, m, ir.PrintOptions{Generic: true, DebugInfo: true})
	want := `"builtin.module"() ({
  "x.y"() : () -> () loc("a.mlir":2:3)
}) : () -> () loc("a.mlir":1:1)
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, fn := range files {
		ar, err := txtar.ParseFile(fn)
		if err != nil {
			continue
		}
		for _, s := range ar.Files {
			f.Add(string(s.Data))
		}
	}
	f.Add("func.func @f(%a: tensor<?x4xf32>) { return }")
	// Registered dialect types and attributes (typedef_test.go) and opaque ones.
	f.Add(`%0:3 = "x.op"() {p = #tdt.point<x = 1, y = -2>, q = #o.a<1>} : () -> (!tdt.pair<3, f32>, !tdt.box<pair<0, i8>>, tensor<2x!tdt.unit>)`)
	f.Add(`"x.op"() : () -> (!o.t<[1, ?], f32>, !tdt.box<unit>)`)
	f.Fuzz(func(t *testing.T, src string) {
		m, err := parser.Parse("fuzz.mlir", src, parser.Options{AllowUnregistered: true})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.mlir:") {
				t.Fatalf("error without location: %v", err)
			}
			return
		}
		if ir.Verify(m, true) != nil {
			return
		}
		// A verified module must print and re-parse to the same text.
		var a, b strings.Builder
		ir.Print(&a, m, ir.PrintOptions{Generic: true})
		m2, err := parser.Parse("fuzz.mlir", a.String(), parser.Options{AllowUnregistered: true})
		if err != nil {
			t.Fatalf("printed form does not parse: %v\n%s", err, a.String())
		}
		ir.Print(&b, m2, ir.PrintOptions{Generic: true})
		if a.String() != b.String() {
			t.Fatalf("generic form not a fixed point:\n%s\n%s", a.String(), b.String())
		}
	})
}

// TestPackedBoolHex: i1 dense data in hex is bit-packed, as mlir-opt-16
// prints tensor<111xi1> (bits 0, 2, 3, 8, 109 and 110 set).
func TestPackedBoolHex(t *testing.T) {
	src := `func.func @f() {
  "x.c"() {v = dense<"0x0D01000000000000000000000060"> : tensor<111xi1>} : () -> ()
  return
}`
	m := parse(t, "b.mlir", src)
	var op *ir.Operation
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name() == "x.c" {
			op = o
		}
	})
	d := op.Attr("v").(*ir.DenseElementsAttr)
	var set []int
	for i := 0; i < 111; i++ {
		if d.IntAt(i) != 0 {
			set = append(set, i)
		}
	}
	if diff := cmp.Diff([]int{0, 2, 3, 8, 109, 110}, set); diff != "" {
		t.Errorf("set bits (-want +got):\n%s", diff)
	}
	if got := print(t, m, ir.PrintOptions{}); !strings.Contains(got, `dense<"0x0D01000000000000000000000060"> : tensor<111xi1>`) {
		t.Errorf("printed form does not repack the bits:\n%s", got)
	}
}
