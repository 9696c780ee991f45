package dml_test

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	codegen "github.com/tcp-project/tcp/codegen/dml"
	"github.com/tcp-project/tcp/dialect/dml"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/internal/quote"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/tcptodml"
)

// The template has a constant (so a data array), a clip and a gather.
const injectTemplate = `func.func @plainname(%x: tensor<3xf32>) -> tensor<2xf32> {
  %i = tcp.const {value = dense<[2, 0]> : tensor<2xi32>} : tensor<2xi32>
  %out = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<3xf32>, tensor<2xi32> -> tensor<2xf32>
  return %out : tensor<2xf32>
}`

// hostileGraph lowers the template, names its function sym, the module
// and every op located in file, and every op's name location opName.
func hostileGraph(t testing.TB, sym, file, opName string) *codegen.Module {
	t.Helper()
	m, err := parser.Parse("t.mlir", injectTemplate, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m, false); err != nil {
		t.Fatal(err)
	}
	if err := tcptodml.New(dml.FL4_1).Run(m); err != nil {
		t.Fatal(err)
	}
	fn := function.Funcs(m)[0]
	fn.SetAttr("sym_name", ir.StringAttr(sym))
	m.SetLoc(ir.FileLineColLoc{File: file, Line: 1, Col: 1})
	for op := (function.FuncOp{Operation: fn}).Body().First(); op != nil; op = op.Next() {
		op.SetLoc(&ir.NameLoc{Name: opName, Child: ir.FileLineColLoc{File: file, Line: 2, Col: 3}})
	}
	mod, err := codegen.BuildModule(m)
	if err != nil {
		t.Fatal(err)
	}
	return mod
}

// cppStructure lexes C++ as the compiler's first phases do and returns
// the text with every comment and string literal replaced by a
// placeholder and the graph's identifier by PLAINNAME, plus the
// preprocessor directive lines. It fails on a line splice, a string
// literal that spans lines and a block comment left open.
func cppStructure(t testing.TB, src, id string) (string, []string) {
	t.Helper()
	if strings.Contains(src, "\\\n") || strings.Contains(src, "\\\r") {
		t.Fatalf("a line ends in a backslash (line splice):\n%s", src)
	}
	if strings.Contains(src, "??") {
		t.Fatalf("trigraph-like ?? in the output:\n%s", src)
	}
	var out strings.Builder
	var directives []string
	lineStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			lineStart = true
			out.WriteByte(c)
			continue
		case lineStart && (c == ' ' || c == '\t'):
			out.WriteByte(c)
			continue
		case lineStart && c == '#':
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			directives = append(directives, src[i:i+end])
		case strings.HasPrefix(src[i:], "//"):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			out.WriteString("//C")
			i += end - 1
			lineStart = false
			continue
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				t.Fatalf("unterminated block comment:\n%s", src[i:])
			}
			if strings.Contains(src[i:i+2+end], "\n") {
				t.Fatalf("block comment spans lines:\n%s", src[i:i+2+end])
			}
			out.WriteString("/*C*/")
			i += end + 3
			lineStart = false
			continue
		case c == '"' || c == '\'':
			j := i + 1
			for ; j < len(src) && src[j] != c; j++ {
				if src[j] == '\n' {
					t.Fatalf("string literal spans lines: %s", src[i:j])
				}
				if src[j] == '\\' {
					j++
				}
			}
			if j >= len(src) {
				t.Fatalf("unterminated literal: %s", src[i:])
			}
			out.WriteString(`"S"`)
			i = j
			lineStart = false
			continue
		}
		lineStart = false
		out.WriteByte(c)
	}
	s := regexp.MustCompile(`\btcp_dml_(compile|run|inputs|outputs|input[0-9]+_data)_`+regexp.QuoteMeta(id)+`\b`).ReplaceAllString(out.String(), "tcp_dml_${1}_PLAINNAME")
	return s, directives
}

// dotStructure replaces every DOT quoted string by a placeholder; it
// fails on a quoted string left open.
func dotStructure(t testing.TB, src string) string {
	t.Helper()
	var out strings.Builder
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c != '"' {
			out.WriteByte(c)
			continue
		}
		j := i + 1
		for ; j < len(src) && src[j] != '"'; j++ {
			if src[j] == '\\' {
				j++
			} else if src[j] < 0x20 || src[j] > 0x7e {
				t.Fatalf("raw byte %#x in a DOT string", src[j])
			}
		}
		if j >= len(src) {
			t.Fatalf("unterminated DOT string: %s", src[i:])
		}
		out.WriteString(`"S"`)
		i = j
	}
	return out.String()
}

func emitAll(t testing.TB, m *codegen.Module) (cpp, dot, js string) {
	t.Helper()
	var b [3]bytes.Buffer
	if err := codegen.WriteCPP(&b[0], m); err != nil {
		t.Fatal(err)
	}
	if err := codegen.WriteDOT(&b[1], m); err != nil {
		t.Fatal(err)
	}
	if err := codegen.WriteJSON(&b[2], m); err != nil {
		t.Fatal(err)
	}
	return b[0].String(), b[1].String(), b[2].String()
}

// cppBaseline is the plain template's structure, computed once.
type cppBaseline struct {
	structure  string
	directives []string
	dot        string
}

var baseline *cppBaseline

// checkNoCPPInjection emits the hostile graph in all three forms and
// compares their structure (everything outside comments and literals,
// the preprocessor lines, the DOT statements, the JSON document) with the
// plain template's.
func checkNoCPPInjection(t testing.TB, sym, file, opName string) {
	t.Helper()
	if baseline == nil {
		wantCPP, wantDOT, _ := emitAll(t, hostileGraph(t, "plainname", "t.mlir", "tcp.gather"))
		ws, wd := cppStructure(t, wantCPP, "plainname")
		baseline = &cppBaseline{ws, wd, dotStructure(t, wantDOT)}
	}
	ws, wd := baseline.structure, baseline.directives
	gotCPP, gotDOT, gotJSON := emitAll(t, hostileGraph(t, sym, file, opName))
	id := quote.CppIdent(sym)
	if len(id) > 64 {
		id = "_g0" // writeGraphCPP's name for a long one
	}
	gs, gd := cppStructure(t, gotCPP, id)
	if d := cmp.Diff(wd, gd); d != "" {
		t.Fatalf("@%q, file %q, name %q: preprocessor lines differ (-want +got)\n%s", sym, file, opName, d)
	}
	ws = strings.ReplaceAll(ws, "PLAINNAME", "plainname")
	gs = strings.ReplaceAll(gs, "PLAINNAME", "plainname")
	if d := cmp.Diff(ws, gs); d != "" {
		t.Fatalf("@%q, file %q, name %q: C++ differs outside comments and literals (-want +got)\n%s", sym, file, opName, d)
	}
	if d := cmp.Diff(baseline.dot, dotStructure(t, gotDOT)); d != "" {
		t.Fatalf("@%q, file %q, name %q: DOT differs outside strings (-want +got)\n%s", sym, file, opName, d)
	}
	var doc codegen.JSONModule
	dec := json.NewDecoder(strings.NewReader(gotJSON))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("@%q: JSON: %v\n%s", sym, err, gotJSON)
	}
	if len(doc.Graphs) != 1 || utf8.ValidString(sym) && doc.Graphs[0].Name != sym {
		t.Fatalf("@%q: JSON graphs %+v", sym, doc.Graphs)
	}
}

var hostileNames = []string{
	"g\n#include \"/etc/passwd\"\n", "a\n#define X 1", "back\\", "??/", "*/ int x; /*", "\"; int x; \"",
	"", "a\x00b", "\ufeffbom", "١digit", "g_a", "g.a", "\xff", "a\r#include <x>", "plainname", "x\\\n#pragma once", strings.Repeat("\n#include <x>\n", 40),
}

// TestCPPHostileNames: hostile function names, file names and name
// locations change no C++ outside comments and literals, no preprocessor
// line, no DOT statement.
func TestCPPHostileNames(t *testing.T) {
	for _, s := range hostileNames {
		checkNoCPPInjection(t, s, "t.mlir", "tcp.gather")
		checkNoCPPInjection(t, "plainname", s, s)
		checkNoCPPInjection(t, "plainname", "t.mlir", s+".x")
	}
}

// TestCPPGraphNamesDistinct: graphs whose names once met in C++
// (@compile_x's tcp_dml_compile_x_inputs was @x_inputs's compile
// function; @g_a and @g.a) define distinct names.
func TestCPPGraphNamesDistinct(t *testing.T) {
	body := injectTemplate[strings.Index(injectTemplate, "("):]
	var src strings.Builder
	for _, n := range []string{"compile_x", "x_inputs", "x", "g_a", "g.a", "inputs_x", "run_x", "", "_"} {
		src.WriteString("func.func " + quote.Symbol(n) + body + "\n")
	}
	m, err := parser.Parse("t.mlir", src.String(), parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := tcptodml.New(dml.FL4_1).Run(m); err != nil {
		t.Fatal(err)
	}
	mod, err := codegen.BuildModule(m)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := codegen.WriteCPP(&b, mod); err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	def := regexp.MustCompile(`(?m)^(?:HRESULT|alignas\(16\) static const unsigned char|static const TcpDmlBuffer) (tcp_dml_\w+)`)
	for _, d := range def.FindAllStringSubmatch(b.String(), -1) {
		if defined[d[1]] {
			t.Errorf("%s is defined twice", d[1])
		}
		defined[d[1]] = true
	}
	if len(defined) < 9*4 {
		t.Errorf("only %d definitions", len(defined))
	}
}

// FuzzEmitCPPNames: the same for any name, file and name location.
func FuzzEmitCPPNames(f *testing.F) {
	for _, s := range hostileNames {
		f.Add(s, "t.mlir", "tcp.gather")
		f.Add("plainname", s, s+".x")
	}
	f.Fuzz(func(t *testing.T, sym, file, opName string) {
		checkNoCPPInjection(t, sym, file, opName)
	})
}

// TestLongNameOutputSize: a 1 MB function name and location do not
// multiply the C++ output: comments abbreviate them and the graph's C++
// names use _g0; the name is written in full only as node-name data.
func TestLongNameOutputSize(t *testing.T) {
	long := strings.Repeat("\n#x", 1<<18)
	cpp, _, _ := emitAll(t, hostileGraph(t, long, long, long))
	// Two nodes carry op@location as C++ strings ("\n#x" is "\012#x"),
	// nothing else grows with the name.
	if limit := 4*len(long) + 64<<10; len(cpp) > limit {
		t.Errorf("%d bytes of C++ for a %d-byte name (limit %d)", len(cpp), len(long), limit)
	}
	if !strings.Contains(cpp, "tcp_dml_compile__g0(") {
		t.Errorf("the long graph is not _g0")
	}
}
