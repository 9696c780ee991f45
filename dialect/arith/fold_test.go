package arith_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// foldLast parses body (in a function with arguments %x: i64, %y: i8,
// %c: i1, %t: tensor<4xi32>, %m: tensor<4xi1>) and
// folds its last operation, returning the result as text: the attribute,
// "%x"/"%y" for an argument, or "" if the op does not fold.
func foldLast(t *testing.T, body string) string {
	t.Helper()
	src := "func.func @f(%x: i64, %y: i8, %c: i1, %t: tensor<4xi32>, %m: tensor<4xi1>) {\n" + body + "\n  return\n}\n"
	m, err := parser.Parse("fold.mlir", src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m, false); err != nil {
		t.Fatal(err)
	}
	fn := ir.Body(m).First()
	ops := fn.Region(0).Entry().Ops()
	op := ops[len(ops)-2]
	res := op.Def().Fold(op)
	if res == nil {
		return ""
	}
	if res[0].Attr != nil {
		return res[0].Attr.String()
	}
	if a, ok := res[0].Value.(*ir.BlockArgument); ok {
		return []string{"%x", "%y", "%c", "%t", "%m"}[a.Index()]
	}
	return "value of " + res[0].Value.DefiningOp().Name()
}

func TestFold(t *testing.T) {
	tests := []struct{ body, want string }{
		{"%a = arith.constant 3 : i64\n%b = arith.constant 4 : i64\n%r = arith.addi %a, %b : i64", "7 : i64"},
		{"%a = arith.constant 127 : i8\n%b = arith.constant 1 : i8\n%r = arith.addi %a, %b : i8", "-128 : i8"},
		{"%a = arith.constant 0 : i8\n%b = arith.constant 1 : i8\n%r = arith.subi %a, %b : i8", "-1 : i8"},
		{"%a = arith.constant 16 : i8\n%b = arith.constant 16 : i8\n%r = arith.muli %a, %b : i8", "0 : i8"},
		{"%a = arith.constant 7 : index\n%b = arith.constant -2 : index\n%r = arith.divsi %a, %b : index", "-3 : index"},
		{"%a = arith.constant -128 : i8\n%b = arith.constant -1 : i8\n%r = arith.divsi %a, %b : i8", ""},
		{"%a = arith.constant 1 : i8\n%b = arith.constant 0 : i8\n%r = arith.divsi %a, %b : i8", ""},
		{"%a = arith.constant -1 : i8\n%b = arith.constant 2 : i8\n%r = arith.divui %a, %b : i8", "127 : i8"},
		{"%a = arith.constant 1 : i8\n%b = arith.constant 0 : i8\n%r = arith.divui %a, %b : i8", ""},
		{"%a = arith.constant -7 : i64\n%b = arith.constant 2 : i64\n%r = arith.remsi %a, %b : i64", "-1 : i64"},
		{"%a = arith.constant -7 : i64\n%b = arith.constant 2 : i64\n%r = arith.floordivsi %a, %b : i64", "-4 : i64"},
		{"%a = arith.constant 7 : i64\n%b = arith.constant 2 : i64\n%r = arith.floordivsi %a, %b : i64", "3 : i64"},
		{"%a = arith.constant 7 : i64\n%b = arith.constant 2 : i64\n%r = arith.ceildivsi %a, %b : i64", "4 : i64"},
		{"%a = arith.constant -7 : i64\n%b = arith.constant 2 : i64\n%r = arith.ceildivsi %a, %b : i64", "-3 : i64"},
		{"%a = arith.constant -7 : i64\n%b = arith.constant 2 : i64\n%r = arith.maxsi %a, %b : i64", "2 : i64"},
		{"%a = arith.constant -7 : i64\n%b = arith.constant 2 : i64\n%r = arith.minsi %a, %b : i64", "-7 : i64"},
		{"%z = arith.constant 0 : i64\n%r = arith.addi %x, %z : i64", "%x"},
		{"%z = arith.constant 0 : i64\n%r = arith.addi %z, %x : i64", "%x"},
		{"%z = arith.constant 0 : i64\n%r = arith.subi %x, %z : i64", "%x"},
		{"%o = arith.constant 1 : i64\n%r = arith.muli %o, %x : i64", "%x"},
		{"%z = arith.constant 0 : i64\n%r = arith.muli %x, %z : i64", "0 : i64"},
		{"%o = arith.constant 1 : i8\n%r = arith.divsi %y, %o : i8", "%y"},
		{"%r = arith.maxsi %x, %x : i64", "%x"},
		{"%r = arith.addi %x, %x : i64", ""},
		{"%a = arith.constant 300 : i64\n%r = arith.index_cast %a : i64 to index", "300 : index"},
		{"%a = arith.constant -1 : index\n%r = arith.index_cast %a : index to i8", "-1 : i8"},
		{"%a = arith.constant -1 : i8\n%r = arith.index_cast %a : i8 to index", "-1 : index"},
		{"%a = arith.constant -1 : i8\n%r = arith.index_castui %a : i8 to index", "255 : index"},
		{"%a = arith.constant -1 : i8\n%r = arith.extui %a : i8 to i16", "255 : i16"},
		{"%a = arith.constant -1 : i8\n%r = arith.extsi %a : i8 to i16", "-1 : i16"},
		{"%a = arith.constant 257 : i32\n%r = arith.trunci %a : i32 to i8", "1 : i8"},
		{"%a = arith.constant 3 : i32\n%r = arith.trunci %a : i32 to i1", "true"},
		{"%a = arith.constant true\n%r = arith.extui %a : i1 to i8", "1 : i8"},
		{"%a = arith.constant -1 : i8\n%b = arith.constant 1 : i8\n%r = arith.cmpi ult, %a, %b : i8", "false"},
		{"%a = arith.constant -1 : i8\n%b = arith.constant 1 : i8\n%r = arith.cmpi slt, %a, %b : i8", "true"},
		{"%r = arith.cmpi sge, %x, %x : i64", "true"},
		{"%r = arith.cmpi ne, %x, %x : i64", "false"},
		{"%r = arith.cmpi ne, %x, %x : i64", "false"},
		{"%tr = arith.constant true\n%z = arith.constant 0 : i64\n%r = arith.select %tr, %x, %z : i64", "%x"},
		{"%f = arith.constant false\n%z = arith.constant 0 : i64\n%r = arith.select %f, %z, %x : i64", "%x"},
		{"%r = arith.select %c, %x, %x : i64", "%x"},
		{"%r = arith.select %c, %y, %y : i8", "%y"},
		{"%r = arith.constant dense<[1, 2]> : tensor<2xi64>", "dense<[1, 2]> : tensor<2xi64>"},
		// Identities with splat tensor constants (arith.constant or tcp.const).
		{"%z = arith.constant dense<0> : tensor<4xi32>\n%r = arith.addi %t, %z : tensor<4xi32>", "%t"},
		{"%z = arith.constant dense<[0, 0, 0, 0]> : tensor<4xi32>\n%r = arith.addi %z, %t : tensor<4xi32>", "%t"},
		{"%z = arith.constant dense<[0, 1, 0, 0]> : tensor<4xi32>\n%r = arith.addi %t, %z : tensor<4xi32>", ""},
		{"%o = arith.constant dense<1> : tensor<4xi32>\n%r = arith.muli %t, %o : tensor<4xi32>", "%t"},
		{"%z = arith.constant dense<0> : tensor<4xi32>\n%r = arith.muli %t, %z : tensor<4xi32>", ""},
		{"%a = arith.constant dense<true> : tensor<4xi1>\n%r = arith.andi %m, %a : tensor<4xi1>", "%m"},
		{"%a = arith.constant dense<true> : tensor<4xi1>\n%r = arith.andi %a, %m : tensor<4xi1>", "%m"},
		{"%a = arith.constant dense<false> : tensor<4xi1>\n%r = arith.andi %m, %a : tensor<4xi1>", ""},
		{"%a = arith.constant dense<false> : tensor<4xi1>\n%r = arith.ori %m, %a : tensor<4xi1>", "%m"},
		{"%a = arith.constant dense<-1> : tensor<4xi32>\n%r = arith.andi %t, %a : tensor<4xi32>", "%t"},
		{"%a = arith.constant dense<255> : tensor<4xi32>\n%r = arith.andi %t, %a : tensor<4xi32>", ""},
		{"%r = arith.ori %t, %t : tensor<4xi32>", "%t"},
		{"%a = arith.constant -1 : i64\n%r = arith.andi %x, %a : i64", "%x"},
		{"%a = arith.constant true\n%r = arith.andi %c, %a : i1", "%c"},
	}
	for _, tt := range tests {
		if got := foldLast(t, tt.body); got != tt.want {
			t.Errorf("fold of\n%s\n= %q, want %q", tt.body, got, tt.want)
		}
	}
}

func TestBuilders(t *testing.T) {
	m := ir.NewModule(ir.UnknownLoc{})
	rw := ir.NewRewriter(nil, nil)
	rw.SetInsertionPointToEnd(ir.Body(m))
	loc := ir.UnknownLoc{}
	c4 := arith.ConstantIndex(rw, loc, 4)
	c0 := arith.ConstantInt(rw, loc, 0, ir.I64)
	cm1 := arith.ConstantInt(rw, loc, 255, ir.I8)
	tr := arith.ConstantInt(rw, loc, 1, ir.I1)
	f := arith.ConstantFloat(rw, loc, 1.5, ir.FloatType{Kind: ir.F32})
	sum := arith.Binary(rw, arith.AddIName, loc, c4.Result(0), c4.Result(0))
	fsum := arith.Binary(rw, arith.AddFName, loc, f.Result(0), f.Result(0))
	cast := arith.IndexCast(rw, loc, sum.Result(0), ir.I64)
	cmpOp := arith.CmpI(rw, loc, arith.CmpSLT, cast.Result(0), c0.Result(0))
	arith.Select(rw, loc, cmpOp.Result(0), cm1.Result(0), cm1.Result(0))
	_ = tr
	_ = fsum
	if err := ir.Verify(m, false); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `module {
  %c4 = arith.constant 4 : index
  %c0_i64 = arith.constant 0 : i64
  %c-1_i8 = arith.constant -1 : i8
  %true = arith.constant true
  %cst = arith.constant 1.500000e+00 : f32
  %0 = arith.addi %c4, %c4 : index
  %1 = arith.addf %cst, %cst : f32
  %2 = arith.index_cast %0 : index to i64
  %3 = arith.cmpi slt, %2, %c0_i64 : i64
  %4 = arith.select %3, %c-1_i8, %c-1_i8 : i8
}
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("built IR mismatch (-want +got):\n%s", diff)
	}
	b.Reset()
	if err := ir.Print(&b, m, ir.PrintOptions{Generic: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"arith.addf"(%4, %4) {fastmath = #arith.fastmath<none>}`) {
		t.Errorf("builder did not materialize fastmath:\n%s", b.String())
	}
}

func TestFastMath(t *testing.T) {
	a, ok := arith.FastMath("ninf", "nnan")
	if !ok || a.String() != "#arith.fastmath<nnan,ninf>" {
		t.Errorf("FastMath(ninf, nnan) = %v, %v", a, ok)
	}
	a, _ = arith.FastMath("reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn")
	if a.String() != "#arith.fastmath<fast>" {
		t.Errorf("all flags = %v, want fast", a)
	}
	if _, ok := arith.FastMath("bogus"); ok {
		t.Error("FastMath accepted an unknown flag")
	}
}

func TestPredicate(t *testing.T) {
	for p := arith.CmpEQ; p <= arith.CmpUGE; p++ {
		if p.String() == "<invalid>" {
			t.Errorf("predicate %d has no name", p)
		}
	}
	if got := arith.EvalCmpI(arith.CmpUGT, -1, 1, 8); !got {
		t.Error("ugt(-1, 1) at i8 should be true")
	}
}
