package golang

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/internal/quote"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	mlirparser "github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// injectTemplate has a constant (whose comment names its location), a
// dynamic dim and a scalar, so every place a name or location reaches
// the Go source is used.
const injectTemplate = `func.func @f(%x: tensor<?x4xf32>, %n: index) -> tensor<2x4xf32> {
  %idx = tcp.const {value = dense<[2, 0]> : tensor<2xi64>} : tensor<2xi64>
  %e = tensor.expand_shape %idx [[0, 1]] : tensor<2xi64> into tensor<2x1xi64>
  %c4 = arith.constant 4 : index
  %b = tcp.broadcast_to %e, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  %out = tcp.gather %x, %b {dim = 0 : index, mode = "error"} : tensor<?x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %out : tensor<2x4xf32>
}`

// hostileModule parses the template, names its function sym and sets
// every location's file to file (and the constant's to a name loc).
func hostileModule(t testing.TB, sym, file, opName string) *ir.Operation {
	t.Helper()
	m, err := mlirparser.Parse("t.mlir", injectTemplate, mlirparser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fn := function.Funcs(m)[0]
	fn.SetAttr("sym_name", ir.StringAttr(sym))
	m.SetLoc(ir.FileLineColLoc{File: file, Line: 1, Col: 1})
	fn.SetLoc(ir.FileLineColLoc{File: file, Line: 1, Col: 1})
	for op := (function.FuncOp{Operation: fn}).Body().First(); op != nil; op = op.Next() {
		op.SetLoc(&ir.NameLoc{Name: opName, Child: ir.FileLineColLoc{File: file, Line: 2, Col: 3}})
	}
	return m
}

// goShape is what an attacker could change in a Go file: its top-level
// declarations (kind and names) and its number of lines.
func goShape(t testing.TB, src []byte, goName string) (decls []string, lines int) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "k.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("generated Go does not parse: %v\n%s", err, src)
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil {
				name = "method " + name
			}
			decls = append(decls, "func "+strings.ReplaceAll(name, goName, "KERNEL"))
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						decls = append(decls, d.Tok.String()+" "+n.Name)
					}
				case *ast.TypeSpec:
					decls = append(decls, "type "+s.Name.Name)
				case *ast.ImportSpec:
					decls = append(decls, "import "+s.Path.Value)
				}
			}
		}
	}
	sort.Strings(decls)
	return decls, strings.Count(string(src), "\n")
}

// baselines holds the plain template's declarations and line count per
// mode (library, kernel binary), computed once.
var baselines = map[bool]struct {
	decls []string
	lines int
}{}

// checkNoInjection emits the hostile module (as a library and as the
// kernel binary's source, or only the latter when driverOnly) and
// compares its declarations and line count with those of the plain
// template: a name or location that opened a line, closed a comment or a
// string would add or change one.
func checkNoInjection(t testing.TB, sym, file, opName string, driverOnly bool) {
	t.Helper()
	for _, driver := range []bool{false, true} {
		if driverOnly && !driver {
			continue
		}
		pkg := "kernels"
		if driver {
			pkg = "main"
		}
		base, ok := baselines[driver]
		if !ok {
			want, wantFs, err := emit(hostileModule(t, "f", "t.mlir", "tcp.gather"), Options{Package: pkg, driver: driver})
			if err != nil {
				t.Fatal(err)
			}
			base.decls, base.lines = goShape(t, want, wantFs[0].GoName)
			baselines[driver] = base
		}
		got, fs, err := emit(hostileModule(t, sym, file, opName), Options{Package: pkg, driver: driver})
		if err != nil {
			t.Fatalf("@%q: %v", sym, err)
		}
		id := quote.GoIdent(sym)
		if len(id) > 64 {
			id = "Y_1" // exportName's name for a long one
		}
		if len(fs) != 1 || fs[0].Symbol != sym || fs[0].GoName != id {
			t.Fatalf("@%q: kernels %+v", sym, fs)
		}
		gd, gl := goShape(t, got, fs[0].GoName)
		if d := cmp.Diff(base.decls, gd); d != "" {
			t.Fatalf("@%q in %q: declarations differ (-want +got)\n%s\n%s", sym, file, d, got)
		}
		if base.lines != gl {
			t.Fatalf("@%q in %q: %d lines, want %d\n%s", sym, file, gl, base.lines, got)
		}
	}
}

var hostileSyms = []string{
	"x\nfunc init() { panic(\"pwned\") }\n//",
	"a\") }; func init() { panic(\"pwned\") }; var _ = fmt.Sprint(\"",
	"%s%d%v",
	"", "a\x00b", "\ufeffbom", "q\"uote", "١digit", "*/ func init() {} /*", "t1", "back\\", strings.Repeat("\n#line 1 \"x\"\n", 40),
	"\xff\xfe", "new\rline", "\u2028sep", "main", "init", "Workers_x", "x_dims_2",
}

// TestHostileNames: function names and locations with newlines, NULs, a
// BOM, quotes, a leading Unicode digit, "", Go syntax and format verbs
// emit Go with exactly the template's declarations.
func TestHostileNames(t *testing.T) {
	for _, s := range hostileSyms {
		checkNoInjection(t, s, "t.mlir", "tcp.gather", false)
		checkNoInjection(t, "f", s, s, false)
	}
}

// TestHostileNameRuns builds one kernel binary with a function per
// hostile name (names that close the Go string the driver names them in,
// format verbs, NUL, BOM, newlines, "") and runs each: every one computes
// the interpreter's values.
func TestHostileNameRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a kernel binary")
	}
	if _, err := goTool(); err != nil {
		t.Skip(err)
	}
	body := injectTemplate[strings.Index(injectTemplate, "("):]
	var src strings.Builder
	for _, s := range hostileSyms {
		src.WriteString("func.func " + quote.Symbol(s) + body + "\n")
	}
	m, err := mlirparser.Parse("x\n#line 1 \"evil.go\"\n", src.String(), mlirparser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(m, hostileSyms)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := p.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	x := tensor.Must(tensor.FromFloat64s(tensor.F32, []int64{3, 4}, []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}))
	n := tensor.Must(tensor.FromInt64s(tensor.Index, nil, []int64{7}))
	for _, sym := range hostileSyms {
		want, err := interp.RunFunc(m, sym, x, n)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := pr.Call(sym, []*tensor.Tensor{x, n}, CallOptions{})
		if err != nil {
			t.Fatalf("@%q: %v", sym, err)
		}
		if d := cmp.Diff(tensor.Format(want[0]), tensor.Format(got[0])); d != "" {
			t.Errorf("@%q: (-want +got)\n%s", sym, d)
		}
		// A wrong argument count names the function in the driver's
		// error, as data.
		_, _, err = pr.Call(sym, []*tensor.Tensor{x}, CallOptions{})
		if err == nil || !strings.Contains(err.Error(), "argument(s), got 1") {
			t.Errorf("@%q with one argument: %v", sym, err)
		}
	}
}

// TestGoNameCollisions: names that meet another kernel's Go names are
// located errors, not a go build failure.
func TestGoNameCollisions(t *testing.T) {
	tests := []struct{ src, want string }{
		{`func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func @f_dims(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}`, "c.mlir:4:1: error: 'func.func' op symbol @f_dims maps to the Go name FDims, which the shape function of @f already uses; rename one of them"},
		{`func.func @workers(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}`, "c.mlir:1:1: error: 'func.func' op symbol @workers maps to the Go name Workers, which the kernel package's worker count already uses; rename one of them"},
	}
	for _, tt := range tests {
		m, err := mlirparser.Parse("c.mlir", tt.src, mlirparser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = Emit(m, Options{})
		var dl ir.DiagnosticList
		if errors.As(err, &dl) && len(dl) == 1 {
			err = dl[0]
		}
		if err == nil || err.Error() != tt.want {
			t.Errorf("error = %v\nwant    %s", err, tt.want)
		}
	}
}

// FuzzEmitNames: any function name, file name and name location emits Go
// that go/parser accepts with exactly the template's declarations and
// lines (no injected init, var or import). It emits the kernel binary's
// source, which has every comment and string of the library's and the
// driver's besides.
func FuzzEmitNames(f *testing.F) {
	for _, s := range hostileSyms {
		f.Add(s, "t.mlir", "tcp.gather")
		f.Add("f", s, s)
	}
	f.Fuzz(func(t *testing.T, sym, file, opName string) {
		checkNoInjection(t, sym, file, opName, true)
	})
}

// TestLongNameOutputSize: a 1 MB function name and location do not
// multiply the Go output (comments abbreviate them, the kernel is Y_1).
func TestLongNameOutputSize(t *testing.T) {
	long := strings.Repeat("\n#x", 1<<18)
	src, fs, err := emit(hostileModule(t, long, long, long), Options{Package: "kernels"})
	if err != nil {
		t.Fatal(err)
	}
	if len(src) > 64<<10 || fs[0].GoName != "Y_1" {
		t.Errorf("%d bytes of Go for a %d-byte name, kernel %s", len(src), len(long), fs[0].GoName)
	}
}
