package ir_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/ir"
)

func TestTypesAreInterned(t *testing.T) {
	a := ir.RankedTensor([]int64{3, ir.Dynamic}, ir.F32T)
	b := ir.RankedTensor([]int64{3, ir.Dynamic}, ir.F32T)
	if a != b {
		t.Error("equal tensor types are distinct values")
	}
	if got, want := a.String(), "tensor<3x?xf32>"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	f := ir.Function([]ir.Type{a}, []ir.Type{ir.I64, ir.Index})
	if got, want := f.String(), "(tensor<3x?xf32>) -> (i64, index)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if l, ok := ir.LookupType("tensor<3x?xf32>"); !ok || l != ir.Type(a) {
		t.Error("LookupType misses an interned type")
	}
}

func TestAttributeStrings(t *testing.T) {
	tests := []struct {
		a    ir.Attribute
		want string
	}{
		{ir.IndexAttr(3), "3 : index"},
		{ir.Int(-1, ir.IntegerType{Width: 8, Sign: ir.Unsigned}), "255 : ui8"},
		{ir.Int(1, ir.I1), "true"},
		{ir.Float(2.5, ir.FloatType{Kind: ir.F32}), "2.500000e+00 : f32"},
		{ir.Str("a\"b\\\n"), `"a\22b\\\0A"`},
		{ir.I64Array(1, 2), "[1, 2]"},
		{ir.DictAttr{{Name: "b", Value: ir.UnitAttr{}}, {Name: "a b", Value: ir.BoolAttr(false)}}, `{b, "a b" = false}`},
		{ir.SymbolRefAttr{Root: "f", Nested: []string{"g"}}, "@f::@g"},
		{&ir.DenseArrayAttr{Elem: ir.I64, Ints: []int64{1, 2}}, "array<i64: 1, 2>"},
		{ir.NewDenseInts(ir.RankedTensor([]int64{2, 2}, ir.I64), []int64{1, 2, 3, 4}), "dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>"},
		{ir.NewDenseInts(ir.RankedTensor([]int64{3}, ir.I32), []int64{7}), "dense<7> : tensor<3xi32>"},
		{ir.NewDenseFloats(ir.RankedTensor(nil, ir.F32T), []float64{0.1}), "dense<1.000000e-01> : tensor<f32>"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.a.String()); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	}
}

func TestUseLists(t *testing.T) {
	reg := ir.NewRegistry()
	b := ir.NewBlock([]ir.Type{ir.I64, ir.I64}, nil)
	x, y := b.Argument(0), b.Argument(1)
	mk := func(vs ...ir.Value) *ir.Operation {
		op := ir.NewOperation(&ir.OperationState{Name: reg.Lookup("t.use"), Operands: vs, Types: []ir.Type{ir.I64}})
		b.Append(op)
		return op
	}
	u1 := mk(x, x)
	u2 := mk(x, y)
	if n := len(ir.Uses(x)); n != 3 {
		t.Fatalf("x has %d uses, want 3", n)
	}
	ir.ReplaceAllUsesWith(x, y)
	if ir.HasUses(x) || len(ir.Uses(y)) != 4 {
		t.Fatalf("RAUW left x with uses or y with %d", len(ir.Uses(y)))
	}
	u2.Erase()
	if len(ir.Uses(y)) != 2 || u1.Operand(0) != ir.Value(y) {
		t.Fatal("erase did not drop uses")
	}
	if b.First() != u1 || b.Last() != u1 {
		t.Fatal("block list broken after erase")
	}
}

func TestDiagnosticFormat(t *testing.T) {
	reg := ir.NewRegistry()
	op := ir.NewOperation(&ir.OperationState{Name: reg.Lookup("tcp.gather"), Loc: ir.FileLineColLoc{File: "f.mlir", Line: 4, Col: 8}})
	d := op.EmitOpError("expects dim in [0, %d), got %d", 2, 3).AttachNote(ir.FileLineColLoc{File: "f.mlir", Line: 1, Col: 1}, "see here")
	want := "f.mlir:4:8: error: 'tcp.gather' op expects dim in [0, 2), got 3\nf.mlir:1:1: note: see here"
	if got := d.Error(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := ir.Fuse(ir.UnknownLoc{}, ir.FileLineColLoc{File: "a", Line: 1, Col: 2}).String(); got != `loc("a":1:2)` {
		t.Errorf("Fuse of one known location = %s", got)
	}
	fl := ir.Fuse(ir.FileLineColLoc{File: "a", Line: 1, Col: 2}, &ir.NameLoc{Name: "n"})
	if got := fl.String(); !strings.HasPrefix(got, `loc(fused["a":1:2, "n"])`) {
		t.Errorf("fused = %s", got)
	}
}

func TestFormatRegistrationChecks(t *testing.T) {
	tests := []struct {
		def  ir.OpDef
		want string
	}{
		{ir.OpDef{Name: "t.a", Operands: []ir.OperandDef{{Name: "x", Type: ir.AnyType}}, Format: "attr-dict"},
			"operand $x appears 0 times, want once"},
		{ir.OpDef{Name: "t.b", Operands: []ir.OperandDef{{Name: "x", Type: ir.AnyType}}, Format: "$x attr-dict"},
			"type of operand $x is not resolvable"},
		{ir.OpDef{Name: "t.c", Attrs: []ir.AttrDef{{Name: "v", Kind: ir.I64AttrKind, Required: true}}, Format: "`:`"},
			`required attribute "v" is neither a variable nor in attr-dict`},
		{ir.OpDef{Name: "t.d", Format: "$nope"}, "unknown variable $nope"},
		{ir.OpDef{Name: "t.e", Operands: []ir.OperandDef{{Name: "x", Type: ir.IndexT, Optional: true}}, Format: "($x)? attr-dict"},
			"optional group has no anchor '^'"},
		{ir.OpDef{Name: "t.f", Format: "`unterminated"}, "unterminated literal"},
	}
	for _, tt := range tests {
		err := ir.NewRegistry().Register(&tt.def)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error containing %q", tt.def.Name, err, tt.want)
		}
	}
}

func TestAddCanonicalizationPatterns(t *testing.T) {
	reg := ir.NewRegistry()
	if err := reg.Register(&ir.OpDef{Name: "test.canon"}); err != nil {
		t.Fatal(err)
	}
	p := &ir.PatternFunc{PatternName: "p", Fn: func(*ir.Operation, *ir.Rewriter) (bool, error) { return false, nil }}
	reg.AddCanonicalizationPatterns("test.canon", p)
	if got := reg.LookupDef("test.canon").Canonicalize; len(got) != 1 || got[0] != ir.Pattern(p) {
		t.Errorf("Canonicalize = %v, want [p]", got)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("adding patterns to an unregistered op did not panic")
		}
	}()
	reg.AddCanonicalizationPatterns("test.unknown", p)
}

// TestQualifiedTypeDirective: `qualified(type($x))` compiles like
// `type($x)` (all types print qualified here).
func TestQualifiedTypeDirective(t *testing.T) {
	r := ir.NewRegistry()
	def := &ir.OpDef{
		Name:     "q.op",
		Operands: []ir.OperandDef{{Name: "a", Type: ir.AnyType}, {Name: "b", Type: ir.AnyType}},
		Results:  []ir.ResultDef{{Name: "r", Type: ir.AnyType}},
		Format:   "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `->` qualified(type($r))",
	}
	if err := r.Register(def); err != nil {
		t.Fatal(err)
	}
}
