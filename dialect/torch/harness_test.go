package torch_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/internal/dialecttest"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// FuzzParse: parse + verify + print of random text never panics, and
// verified IR round-trips; seeded with testdata/ops.mlir and the doc
// examples of the torch and torch_c ops.
func FuzzParse(f *testing.F) {
	seeds := append(dialecttest.DocExamples("torch"), dialecttest.DocExamples("torch_c")...)
	seeds = append(seeds, `%0:3 = "x.y"() : () -> (!torch.list<list<vtensor<[?],si64>>>, !torch.vtensor<[],i1>, !torch.vtensor<*,unk>)`)
	dialecttest.FuzzParse(f, "testdata", seeds...)
}

// TestDocs: every op has a summary, a description, a custom form and
// examples that parse, verify and print back as written.
func TestDocs(t *testing.T) {
	dialecttest.CheckDocs(t, "torch", dialecttest.DocsOptions{})
	dialecttest.CheckDocs(t, "torch_c", dialecttest.DocsOptions{})
}

// TestTypeDocs: every torch type definition has a summary and examples
// that parse to a type of that definition and print back exactly.
func TestTypeDocs(t *testing.T) {
	n := 0
	for _, def := range ir.Global.TypeDefs() {
		if def.Dialect != "torch" {
			continue
		}
		n++
		if def.Summary == "" || len(def.Examples) == 0 {
			t.Errorf("!%s: missing summary or examples", def.FullName())
		}
		for _, ex := range def.Examples {
			ty := parseType(t, ex)
			if ty == nil {
				continue
			}
			if dt, ok := ty.(ir.DefinedType); !ok || dt.TypeDef() != def {
				t.Errorf("example %s parses to %T, not a !%s", ex, ty, def.FullName())
			}
			if ty.String() != ex {
				t.Errorf("example %s prints as %s", ex, ty)
			}
		}
	}
	if n != 8 {
		t.Errorf("%d torch type definitions, want 8", n)
	}
}

func parseType(t *testing.T, s string) ir.Type {
	t.Helper()
	m, err := parser.Parse("t.mlir", `%0 = "x.y"() : () -> `+s, parser.Options{AllowUnregistered: true})
	if err != nil {
		t.Errorf("%s: %v", s, err)
		return nil
	}
	var ty ir.Type
	m.Walk(ir.PreOrder, func(op *ir.Operation) {
		if op.Name() == "x.y" {
			ty = op.Result(0).Type()
		}
	})
	return ty
}

func TestVTensorAccessors(t *testing.T) {
	si64 := ir.IntegerType{Width: 64, Sign: ir.Signed}
	for _, tc := range []struct {
		text     string
		hasSizes bool
		sizes    []int64
		dtype    ir.Type
		builtin  string
	}{
		{"!torch.vtensor<[3,?],f32>", true, []int64{3, ir.Dynamic}, ir.F32T, "tensor<3x?xf32>"},
		{"!torch.vtensor<[2],si64>", true, []int64{2}, si64, "tensor<2xi64>"},
		{"!torch.vtensor<[],i1>", true, []int64{}, ir.I1, "tensor<i1>"},
		{"!torch.vtensor<*,f32>", false, nil, ir.F32T, "tensor<*xf32>"},
		{"!torch.vtensor<[4],unk>", true, []int64{4}, nil, "<nil>"},
		{"!torch.vtensor", false, nil, nil, "<nil>"},
	} {
		vt, ok := parseType(t, tc.text).(*torch.VTensorType)
		if !ok {
			t.Errorf("%s: not a *torch.VTensorType", tc.text)
			continue
		}
		got := fmt.Sprintf("%v %v %v %v", vt.HasSizes(), vt.Sizes(), vt.DType(), vt.BuiltinTensorType())
		want := fmt.Sprintf("%v %v %v %v", tc.hasSizes, tc.sizes, tc.dtype, tc.builtin)
		if got != want {
			t.Errorf("%s: got %s, want %s", tc.text, got, want)
		}
		if tc.hasSizes && ir.Type(torch.VTensor(tc.sizes, tc.dtype)) != ir.Type(vt) {
			t.Errorf("%s: torch.VTensor does not return the parsed (interned) type", tc.text)
		}
	}
	l := parseType(t, "!torch.list<vtensor<[2],si64>>").(*torch.ListType)
	if l.Elem() != ir.Type(torch.VTensor([]int64{2}, si64)) || l != torch.List(l.Elem()) {
		t.Errorf("list element %v", l.Elem())
	}
	if parseType(t, "!torch.list<int>") != ir.Type(torch.List(torch.Int)) {
		t.Error("!torch.list<int> is not torch.List(torch.Int)")
	}
}

// TestTypeErrors: errors in type bodies are located at the offending
// character.
func TestTypeErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`%0 = "x.y"() : () -> !torch.vtensor<[3,-2],f32>`, "e.mlir:1:40: error: expected a non-negative size or '?', got -2"},
		{`%0 = "x.y"() : () -> !torch.vtensor<[3],i64>`, "e.mlir:1:41: error: invalid dtype for !torch.vtensor: expected i1, si8, si16, si32, si64, ui8, f16, bf16, f32, f64 or unk, got i64"},
		{`%0 = "x.y"() : () -> !torch.vtensor<[3] f32>`, "e.mlir:1:41: error: expected ','"},
		{`%0 = "x.y"() : () -> !torch.vtensor<[3,x],f32>`, "e.mlir:1:40: error: expected a size or '?'"},
		{"%0 = \"x.y\"() : () -> !torch.list<\n   vtensor<[1],\n   foo>>", "e.mlir:3:4: error: expected non-function type"},
		{`%0 = "x.y"() : () -> !torch.int<1>`, "e.mlir:1:32: error: unexpected '<' after the parameters of !torch.int"},
		{`%0 = "x.y"() : () -> tensor<2x!torch.vtensor<[q],f32>>`, "e.mlir:1:47: error: expected a size or '?'"},
	} {
		_, err := parser.Parse("e.mlir", tc.src, parser.Options{AllowUnregistered: true})
		if diff := cmp.Diff(tc.want, fmt.Sprint(err)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.src, diff)
		}
	}
}

// TestVerifierRules: one case per verifier rule of the ops, as in
// test/lit/torch/verify.mlir (here without the lit runner).
func TestVerifierRules(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{`%int0 = torch.constant.int 0
  %0 = torch.aten.index_select %x, %int0, %i : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],f32> -> !torch.vtensor<[2,4],f32>`,
			"index must have dtype si64 or si32, got f32"},
		{`%int5 = torch.constant.int 5
  %0 = torch.aten.index_select %x, %int5, %j : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>`,
			"dim 5 is out of range for a tensor of rank 2 (expected to be in range of [-2, 1])"},
		{`%0 = torch_c.to_builtin_tensor %j : !torch.vtensor<[2],si64> -> tensor<2xsi64>`,
			"result type must be tensor<2xi64> (the builtin tensor type of !torch.vtensor<[2],si64>), got tensor<2xsi64>"},
	} {
		src := "func.func @f(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2],f32>, %j: !torch.vtensor<[2],si64>) {\n  " + tc.body + "\n  return\n}"
		m, err := parser.Parse("v.mlir", src, parser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		err = ir.Verify(m, false)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error containing %q", err, tc.want)
		}
	}
}
