package tensor_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/dialect/arith"
	"github.com/tcp-project/tcp/dialect/tensor"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

const dyn = ir.Dynamic

// TestReassociation: every example of docs/semantics.md §4, then general
// splits, dynamic dims and failures.
func TestReassociation(t *testing.T) {
	tests := []struct {
		name     string
		src, dst []int64
		want     [][]int64 // nil: error
	}{
		// docs/semantics.md §4, in order.
		{"§4 [3] → [1,3,1]", []int64{3}, []int64{1, 3, 1}, [][]int64{{0, 1, 2}}},
		{"§4 [2] → [2,1]", []int64{2}, []int64{2, 1}, [][]int64{{0, 1}}},
		{"§4 [2,2] → [2,2,1]", []int64{2, 2}, []int64{2, 2, 1}, [][]int64{{0}, {1, 2}}},
		{"§4 [3,2] → [3,1,2]", []int64{3, 2}, []int64{3, 1, 2}, [][]int64{{0, 1}, {2}}},
		{"§4 [1,2] → [1,1,2]", []int64{1, 2}, []int64{1, 1, 2}, [][]int64{{0, 1}, {2}}},
		{"§4 [5,1] → [1,5,1]", []int64{5, 1}, []int64{1, 5, 1}, [][]int64{{0, 1}, {2}}},
		{"§4 [1,5,20] → [1,5,20,1]", []int64{1, 5, 20}, []int64{1, 5, 20, 1}, [][]int64{{0}, {1}, {2, 3}}},
		{"§4 collapse [1,4] → [4]", []int64{4}, []int64{1, 4}, [][]int64{{0, 1}}},
		{"§4 collapse [3,1] → [3]", []int64{3}, []int64{3, 1}, [][]int64{{0, 1}}},
		{"§4 scalar", []int64{}, []int64{1, 1}, [][]int64{}},
		// More.
		{"identity", []int64{2, 3}, []int64{2, 3}, [][]int64{{0}, {1}}},
		{"split", []int64{6}, []int64{2, 3}, [][]int64{{0, 1}}},
		{"split and insert", []int64{6, 4}, []int64{2, 3, 1, 4}, [][]int64{{0, 1, 2}, {3}}},
		{"leading ones", []int64{3}, []int64{1, 1, 3}, [][]int64{{0, 1, 2}}},
		{"inserted between ones", []int64{1, 1}, []int64{1, 1, 1}, [][]int64{{0, 1}, {2}}},
		{"units after a unit dim", []int64{2, 1}, []int64{2, 1, 1}, [][]int64{{0, 1}, {2}}},
		{"several inserted", []int64{3, 2}, []int64{3, 1, 1, 2}, [][]int64{{0, 1, 2}, {3}}},
		{"dynamic", []int64{dyn, 4}, []int64{dyn, 1, 4}, [][]int64{{0, 1}, {2}}},
		{"dynamic split", []int64{dyn}, []int64{dyn, 4}, [][]int64{{0, 1}}},
		{"dynamic leading one", []int64{dyn}, []int64{1, dyn}, [][]int64{{0, 1}}},
		{"zero size", []int64{0, 2}, []int64{0, 1, 2}, [][]int64{{0, 1}, {2}}},
		{"scalar to scalar", []int64{}, []int64{}, [][]int64{}},
		{"error: scalar to non-unit", []int64{}, []int64{2}, nil},
		{"error: product", []int64{6}, []int64{4, 2}, nil},
		{"error: order", []int64{2, 3}, []int64{3, 2}, nil},
		{"error: two dynamic", []int64{dyn}, []int64{dyn, dyn}, nil},
		{"error: static from dynamic", []int64{4}, []int64{dyn, 1}, nil},
		{"error: fewer dims", []int64{2, 3}, []int64{6}, nil},
		{"error: unit needs a unit", []int64{3, 1}, []int64{3}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tensor.Reassociation(tt.src, tt.dst)
			if tt.want == nil {
				if err == nil {
					t.Fatalf("Reassociation(%v, %v) = %v, want an error", tt.src, tt.dst, got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Reassociation(%v, %v) mismatch (-want +got):\n%s", tt.src, tt.dst, diff)
			}
		})
	}
}

// TestReassociationVerifies: every reassociation Reassociation returns is
// accepted by the expand_shape and collapse_shape verifiers.
func TestReassociationVerifies(t *testing.T) {
	shapes := [][2][]int64{
		{{3}, {1, 3, 1}}, {{3, 2}, {3, 1, 2}}, {{1, 5, 20}, {1, 5, 20, 1}}, {{}, {1, 1}},
		{{6, 4}, {2, 3, 1, 4}}, {{dyn, 4}, {dyn, 1, 4}}, {{dyn}, {dyn, 4}},
	}
	for _, s := range shapes {
		m := ir.NewModule(ir.UnknownLoc{})
		rw := ir.NewRewriter(nil, nil)
		rw.SetInsertionPointToEnd(ir.Body(m))
		loc := ir.UnknownLoc{}
		small := ir.RankedTensor(s[0], ir.F32T)
		big := ir.RankedTensor(s[1], ir.F32T)
		dims := 0
		for _, d := range s[0] {
			if d == dyn {
				dims++
			}
		}
		var sizes []ir.Value
		for i := 0; i < dims; i++ {
			sizes = append(sizes, arith.ConstantIndex(rw, loc, 8).Result(0))
		}
		src := tensor.Empty(rw, loc, small, sizes)
		e := tensor.ExpandShape(rw, loc, src.Result(0), big)
		tensor.CollapseShape(rw, loc, e.Result(0), small)
		if err := ir.Verify(m, false); err != nil {
			t.Errorf("%v → %v: %v", s[0], s[1], err)
		}
	}
}

func TestBuilders(t *testing.T) {
	m := ir.NewModule(ir.UnknownLoc{})
	rw := ir.NewRewriter(nil, nil)
	rw.SetInsertionPointToEnd(ir.Body(m))
	loc := ir.UnknownLoc{}
	x := tensor.Empty(rw, loc, ir.RankedTensor([]int64{2}, ir.I64), nil).Result(0)
	e := tensor.ExpandShape(rw, loc, x, ir.RankedTensor([]int64{2, 1}, ir.I64))
	c := tensor.CollapseShape(rw, loc, e.Result(0), ir.RankedTensor([]int64{2}, ir.I64))
	d := tensor.DimConst(rw, loc, c.Result(0), 0)
	s := tensor.ExtractSlice(rw, loc, e.Result(0), nil, []ir.OpFoldResult{{Value: d.Result(0)}, {Attr: ir.IndexAttr(0)}}, tensor.Static(1, 1), tensor.Static(1, 1))
	v := tensor.Extract(rw, loc, s.Result(0), []ir.Value{d.Result(0), d.Result(0)})
	f := tensor.FromElements(rw, loc, ir.RankedTensor([]int64{2}, ir.I64), []ir.Value{v.Result(0), v.Result(0)})
	i := tensor.Insert(rw, loc, v.Result(0), f.Result(0), []ir.Value{d.Result(0)})
	k := tensor.Cast(rw, loc, i.Result(0), ir.RankedTensor([]int64{dyn}, ir.I64))
	tensor.Concat(rw, loc, 0, []ir.Value{k.Result(0), x}, ir.RankedTensor([]int64{dyn}, ir.I64))
	tensor.Dim(rw, loc, x, d.Result(0))
	if err := ir.Verify(m, false); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `module {
  %0 = tensor.empty() : tensor<2xi64>
  %expanded = tensor.expand_shape %0 [[0, 1]] : tensor<2xi64> into tensor<2x1xi64>
  %collapsed = tensor.collapse_shape %expanded [[0, 1]] : tensor<2x1xi64> into tensor<2xi64>
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %collapsed, %c0 : tensor<2xi64>
  %extracted_slice = tensor.extract_slice %expanded[%dim, 0] [1, 1] [1, 1] : tensor<2x1xi64> to tensor<1x1xi64>
  %extracted = tensor.extract %extracted_slice[%dim, %dim] : tensor<1x1xi64>
  %from_elements = tensor.from_elements %extracted, %extracted : tensor<2xi64>
  %inserted = tensor.insert %extracted into %from_elements[%dim] : tensor<2xi64>
  %cast = tensor.cast %inserted : tensor<2xi64> to tensor<?xi64>
  %concat = tensor.concat dim(0) %cast, %0 : (tensor<?xi64>, tensor<2xi64>) -> tensor<?xi64>
  %dim_0 = tensor.dim %0, %dim : tensor<2xi64>
}
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("built IR mismatch (-want +got):\n%s", diff)
	}
}

// TestFold checks the tensor folders on parsed IR.
func TestFold(t *testing.T) {
	src := `func.func @f(%t: tensor<4x?xf32>, %x: tensor<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %1 = tensor.dim %t, %c1 : tensor<4x?xf32>
  %cst = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %2 = tensor.extract %cst[%c1, %c2] : tensor<2x3xi64>
  %cst_0 = arith.constant dense<2.5> : tensor<2x3xf32>
  %3 = tensor.extract %cst_0[%c1, %c0] : tensor<2x3xf32>
  %4 = tensor.extract_slice %x[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> to tensor<2x3xf32>
  %5 = tensor.extract_slice %x[0, 0] [2, 2] [1, 1] : tensor<2x3xf32> to tensor<2x2xf32>
  %6 = tensor.concat dim(0) %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = tensor.extract %cst[%c2, %c0] : tensor<2x3xi64>
  return
}`
	m, err := parser.Parse("fold.mlir", src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m, false); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, op := range ir.Body(m).First().Region(0).Entry().Ops() {
		if op.Def().Fold == nil || op.Name() == arith.ConstantName {
			continue
		}
		r := op.Def().Fold(op)
		switch {
		case r == nil:
			got = append(got, op.Name()+": -")
		case r[0].Attr != nil:
			got = append(got, op.Name()+": "+r[0].Attr.String())
		default:
			got = append(got, op.Name()+": value")
		}
	}
	want := []string{
		"tensor.dim: 4 : index",
		"tensor.dim: -",
		"tensor.extract: 6 : i64",
		"tensor.extract: 2.500000e+00 : f32",
		"tensor.extract_slice: value",
		"tensor.extract_slice: -",
		"tensor.concat: value",
		"tensor.extract: -",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("folds mismatch (-want +got):\n%s", diff)
	}
}
