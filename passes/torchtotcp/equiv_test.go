package torchtotcp_test

import (
	"os"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes"
	"github.com/tcp-project/tcp/passes/torchtotcp"
	"github.com/tcp-project/tcp/tensor"
)

// TestEquivalent: every function of each testdata file computes the same
// before and after --convert-torch-to-tcp, and after --canonicalize, on
// random inputs (interp.CheckEquivalent; integer arguments are drawn around
// zero and at the edges, so indices are often negative, out of range or
// repeated, and both sides must raise alike), and no torch op is left.
//   - equiv.mlir: the gathers (index_select, gather, index.Tensor, slices);
//   - equiv_vocab.mlir: the FX importer's gather and shape ops (embedding,
//     select.int, flip with dynamic dims, take_along_dim's expand +
//     remainder + gather, view, permute, roll with a repeated dim and
//     flattened, ...),
//     dynamic dims drawn at random;
//   - scatter_equiv.mlir: scatter .src/.value/.reduce, scatter_add,
//     scatter_reduce.two mean and amin with and without self, index_put
//     with None entries, broadcast index tensors and accumulate, index_fill's
//     scalar_tensor + expand;
//   - arith_equiv.mlir: mul.Scalar, add.Tensor and where.self with
//     broadcasting, index_add(alpha=2), `y[i, j] += v` and `y[mask] = v`,
//     `y[mask] += v` (boolean masks) as printed; add.Scalar, sub.Scalar,
//     sub.Tensor (f16) and mul.Tensor (bf16, wrapping i8); eq/ne/lt/le/
//     gt/ge .Scalar and .Tensor, y[2] = v's eq.Scalar + where.self;
//     full_like (f32, f16 rounding, i32, bool).
//   - slice_scatter_equiv.mlir: slice_scatter (slice assignment) with
//     negative, None, past-the-end and strided bounds, and copy;
//     select_scatter on the first, last and a middle dim, 0-d src.
func TestEquivalent(t *testing.T) {
	for _, tc := range []struct {
		file          string
		trials, funcs int
	}{
		{"equiv.mlir", 300, 5},
		{"equiv_vocab.mlir", 300, 11},
		{"scatter_equiv.mlir", 200, 10},
		{"arith_equiv.mlir", 200, 21},
		{"slice_scatter_equiv.mlir", 200, 7},
	} {
		src, err := os.ReadFile("testdata/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, pipeline := range []string{"convert-torch-to-tcp", "canonicalize"} {
			before, err := parser.Parse(tc.file, string(src), parser.Options{})
			if err != nil {
				t.Fatal(err)
			}
			after, _ := parser.Parse(tc.file, string(src), parser.Options{})
			if pipeline == "canonicalize" {
				err = passes.NewCanonicalize().Run(after)
			} else {
				err = torchtotcp.Convert(after)
			}
			if err != nil {
				t.Fatalf("%s %s: %v", tc.file, pipeline, err)
			}
			if err := ir.Verify(after, true); err != nil {
				t.Fatalf("%s %s: %v", tc.file, pipeline, err)
			}
			var b strings.Builder
			ir.Print(&b, after, ir.PrintOptions{})
			if strings.Contains(b.String(), "torch.aten.") || strings.Contains(b.String(), "torch.prims.") {
				t.Fatalf("%s %s left torch ops:\n%s", tc.file, pipeline, b.String())
			}
			n, err := interp.CheckEquivalent(before, after, tc.trials, 1)
			if err != nil {
				t.Errorf("%s %s: %v", tc.file, pipeline, err)
			}
			if n != tc.funcs {
				t.Errorf("%s %s: %d functions compared, want %d", tc.file, pipeline, n, tc.funcs)
			}
		}
	}
}

// TestDocumentedDifferences: the two cases where the converted program
// and torch (here the torch dialect's kernels, which the differential test
// holds equal to torch 1.13) disagree, both an out-of-range index with an
// empty result (doc.go).
func TestDocumentedDifferences(t *testing.T) {
	for _, tc := range []struct {
		name, src        string
		args             []*tensor.Tensor
		torchErr, tcpErr string // "" for no error
	}{{
		name: "index_select: torch raises, the recipe reads nothing",
		src: `func.func @f(%x: !torch.vtensor<[0,3],f32>, %i: !torch.vtensor<[1],si64>) -> !torch.vtensor<[0,1],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.index_select %x, %int1, %i : !torch.vtensor<[0,3],f32>, !torch.int, !torch.vtensor<[1],si64> -> !torch.vtensor<[0,1],f32>
  return %0 : !torch.vtensor<[0,1],f32>
}`,
		args:     []*tensor.Tensor{mustTensor(tensor.F32, []int64{0, 3}, nil), mustTensor(tensor.I64, []int64{1}, []int64{5})},
		torchErr: "index out of range in self",
	}, {
		name: "advanced indexing: torch reads nothing, tcp.gather_nd checks every tuple",
		src: `func.func @f(%x: !torch.vtensor<[3,0],f32>, %i: !torch.vtensor<[1],si64>) -> !torch.vtensor<[1,0],f32> {
  %l = torch.prim.ListConstruct %i : (!torch.vtensor<[1],si64>) -> !torch.list<vtensor>
  %0 = torch.aten.index.Tensor_hacked_twin %x, %l : !torch.vtensor<[3,0],f32>, !torch.list<vtensor> -> !torch.vtensor<[1,0],f32>
  return %0 : !torch.vtensor<[1,0],f32>
}`,
		args:   []*tensor.Tensor{mustTensor(tensor.F32, []int64{3, 0}, nil), mustTensor(tensor.I64, []int64{1}, []int64{7})},
		tcpErr: "index 7 is out of bounds for dimension 0 with size 3",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			for _, convert := range []bool{false, true} {
				m, err := parser.Parse("d.mlir", tc.src, parser.Options{})
				if err != nil {
					t.Fatal(err)
				}
				want := tc.torchErr
				if convert {
					want = tc.tcpErr
					if err := torchtotcp.Convert(m); err != nil {
						t.Fatal(err)
					}
				}
				_, err = interp.RunFunc(m, "f", tc.args...)
				switch {
				case want == "" && err != nil:
					t.Errorf("converted=%v: unexpected error %v", convert, err)
				case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
					t.Errorf("converted=%v: got %v, want an error containing %q", convert, err, want)
				}
			}
		})
	}
}

func mustTensor(dt tensor.DType, shape []int64, vals []int64) *tensor.Tensor {
	if vals == nil {
		vals = []int64{}
	}
	t, err := tensor.FromInt64s(dt, shape, vals)
	if err != nil {
		panic(err)
	}
	return t
}
