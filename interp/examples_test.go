package interp_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// The worked examples of docs/semantics.md (§2, §3, §5, §6, §7, §8), the
// gather design's and DirectML documentation's examples and the ONNX node-test examples, each as IR text that
// is parsed, verified and run. The same table generates the lit tests in
// test/lit/interp (go test ./interp -run TestLitFiles -update), which run
// through tcp-run and FileCheck.

var update = flag.Bool("update", false, "rewrite test/lit/interp from the examples table")

// example is one function of the table.
type example struct {
	group string   // lit file: test/lit/interp/<group>.mlir
	name  string   // the function name
	doc   string   // where the example comes from
	src   string   // the func.func
	want  []string // the printed results (tensor.Format), or
	err   string   // a substring of the expected runtime error
}

// d writes a dense literal: d("[[1,2],[3,4]]", "tensor<2x2xi64>") is
// dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>.
func d(list, typ string) string {
	list = strings.ReplaceAll(list, " ", "")
	if list == "[]" {
		list = ""
	}
	list = strings.ReplaceAll(list, ",", ", ")
	return "dense<" + list + "> : " + typ
}

// typeOf returns the type of a typed literal ("… : T").
func typeOf(lit string) string { return lit[strings.LastIndex(lit, " : ")+3:] }

// cst is a tcp.const line defining %v.
func cst(v, lit string) string {
	return fmt.Sprintf("  %%%s = tcp.const {value = %s} : %s\n", v, lit, typeOf(lit))
}

// fn wraps a body that ends by returning %0 of type out.
func fn(name, out, body string) string {
	return fmt.Sprintf("func.func @%s() -> %s {\n%s  return %%0 : %s\n}\n", name, out, body, out)
}

// gatherOp builds a one-op example: op is tcp.gather or tcp.gather_nd on
// constants x and idx with attributes attrs (may be empty).
func gatherOp(group, name, doc, op, x, idx, attrs, out string) example {
	a := ""
	if attrs != "" {
		a = " {" + attrs + "}"
	}
	body := cst("x", x) + cst("i", idx) +
		fmt.Sprintf("  %%0 = %s %%x, %%i%s : %s, %s -> %s\n", op, a, typeOf(x), typeOf(idx), out)
	return example{group: group, name: name, doc: doc, src: fn(name, out, body)}
}

func (e example) wants(w ...string) example { e.want = w; return e }
func (e example) fails(msg string) example  { e.err = msg; return e }

// x4 is the 4x4 input of the §3.4 and DML SLICE1 examples.
var x4 = d("[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,16]]", "tensor<4x4xi64>")

// slice2D builds a tcp.slice of x4 with constant parameters.
func slice2D(name, doc string, starts, sizes, strides [2]int64) example {
	out := fmt.Sprintf("tensor<%dx%dxi64>", sizes[0], sizes[1])
	body := cst("x", x4) + indexConsts(starts[:], sizes[:], strides[:]) +
		fmt.Sprintf("  %%0 = tcp.slice %%x starts(%s) sizes(%s) strides(%s) : tensor<4x4xi64> -> %s\n",
			refs(starts[:]), refs(sizes[:]), refs(strides[:]), out)
	return example{group: "slice", name: name, doc: doc, src: fn(name, out, body)}
}

// indexConsts defines %cN (or %cmN for -N) for every value used.
func indexConsts(lists ...[]int64) string {
	seen := map[int64]bool{}
	var vals []int64
	for _, l := range lists {
		for _, v := range l {
			if !seen[v] {
				seen[v] = true
				vals = append(vals, v)
			}
		}
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i] < vals[j] })
	var b strings.Builder
	for _, v := range vals {
		fmt.Fprintf(&b, "  %s = arith.constant %d : index\n", ref(v), v)
	}
	return b.String()
}

func ref(v int64) string {
	if v < 0 {
		return fmt.Sprintf("%%cm%d", -v)
	}
	return fmt.Sprintf("%%c%d", v)
}

func refs(vs []int64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = ref(v)
	}
	return strings.Join(s, ", ")
}

var a5 = d("[10,20,30,40,50]", "tensor<5xi64>")
var idx6 = d("[-7,-1,0,4,5,7]", "tensor<6xi64>")

func examples() []example {
	const g, gnd = "tcp.gather", "tcp.gather_nd"
	i6 := "tensor<6xi64>"
	var ex []example

	// §2: index modes on a = [10, 20, 30, 40, 50], indices [-7, -1, 0, 4, 5, 7].
	modes := func(name, doc, x, idx, attrs, out string) example {
		return gatherOp("modes", name, doc, g, x, idx, attrs, out)
	}
	ex = append(ex,
		modes("modes_promise_in_bounds", "§2: promise_in_bounds is checked; error at -7", a5, idx6, "dim = 0 : index", i6).
			fails("'tcp.gather' op index -7 is out of bounds for dimension 0 with size 5 (mode promise_in_bounds)"),
		modes("modes_error", "§2: error at -7 (the first offender in row-major order)", a5, idx6, `dim = 0 : index, mode = "error"`, i6).
			fails("'tcp.gather' op index -7 is out of bounds for dimension 0 with size 5"),
		modes("modes_wrap_negative_error", "§2: wrap_negative, error at -7", a5, idx6, `dim = 0 : index, mode = "wrap_negative"`, i6).
			fails("'tcp.gather' op index -7 is out of bounds for dimension 0 with size 5"),
		modes("modes_wrap_negative", "§2: wrap_negative on [-1, -5, 0, 4]", a5, d("[-1,-5,0,4]", "tensor<4xi64>"), `dim = 0 : index, mode = "wrap_negative"`, "tensor<4xi64>").
			wants(d("[50,10,10,50]", "tensor<4xi64>")),
		modes("modes_clip", "§2: clip = np.take(a, idx, mode='clip')", a5, idx6, `dim = 0 : index, mode = "clip"`, i6).
			wants(d("[10,10,10,50,50,50]", i6)),
		modes("modes_wrap", "§2: wrap = np.take(a, idx, mode='wrap')", a5, idx6, `dim = 0 : index, mode = "wrap"`, i6).
			wants(d("[40,50,10,50,10,30]", i6)),
		modes("modes_fill", "§2: fill with fill_value = 0 : i64", a5, idx6, `dim = 0 : index, fill_value = 0 : i64, mode = "fill"`, i6).
			wants(d("[0,0,10,50,0,0]", i6)),
		modes("modes_fill_default_i64", "§2: the default fill value of i64 is the most negative value", a5, idx6, `dim = 0 : index, mode = "fill"`, i6).
			wants(d("[-9223372036854775808,-9223372036854775808,10,50,-9223372036854775808,-9223372036854775808]", i6)),
		modes("modes_fill_default_i32", "§2: the default fill value of i32", d("[10,20,30,40,50]", "tensor<5xi32>"), d("[0,5]", "tensor<2xi64>"), `dim = 0 : index, mode = "fill"`, "tensor<2xi32>").
			wants(d("[10,-2147483648]", "tensor<2xi32>")),
		modes("modes_fill_default_f32", "§2: the default fill value of f32 is NaN, printed 0x7FC00000", d("[1.0,2.0]", "tensor<2xf32>"), d("[1,2,-1]", "tensor<3xi32>"), `dim = 0 : index, mode = "fill"`, "tensor<3xf32>").
			wants("dense<[2.000000e+00, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>"),
		modes("modes_fill_f32", "§2: fill_value is a typed scalar of the result element type", d("[1.0,2.0]", "tensor<2xf32>"), d("[1,2]", "tensor<2xi64>"), `dim = 0 : index, fill_value = -1.500000e+00 : f32, mode = "fill"`, "tensor<2xf32>").
			wants("dense<[2.000000e+00, -1.500000e+00]> : tensor<2xf32>"),
		modes("modes_fill_default_ui8", "§2: the default fill value of unsigned types is the largest value", d("[1,2]", "tensor<2xui8>"), d("[0,9]", "tensor<2xi64>"), `dim = 0 : index, mode = "fill"`, "tensor<2xui8>").
			wants(d("[1,255]", "tensor<2xui8>")),
		modes("modes_fill_default_i1", "§2: the default fill value of i1 is true", d("[false,false]", "tensor<2xi1>"), d("[0,-1]", "tensor<2xi64>"), `dim = 0 : index, mode = "fill"`, "tensor<2xi1>").
			wants(d("[false,true]", "tensor<2xi1>")),
		modes("modes_clip_empty_axis", "§2: clip must not read from a dim of size 0", d("[]", "tensor<0xi64>"), d("[0]", "tensor<1xi64>"), `dim = 0 : index, mode = "clip"`, "tensor<1xi64>").
			fails("'tcp.gather' op cannot do a non-empty take from an empty axes"),
		modes("modes_wrap_empty_axis", "§2: wrap must not read from a dim of size 0", d("[]", "tensor<0xi64>"), d("[3]", "tensor<1xi64>"), `dim = 0 : index, mode = "wrap"`, "tensor<1xi64>").
			fails("'tcp.gather' op cannot do a non-empty take from an empty axes"),
		modes("modes_clip_empty_both", "§2: no index is read, so no error", d("[]", "tensor<0xi64>"), d("[]", "tensor<0xi64>"), `dim = 0 : index, mode = "clip"`, "tensor<0xi64>").
			wants("dense<> : tensor<0xi64>"),
		modes("modes_i32_indices", "§1: i32 indices are read as signed", a5, d("[-7,-1,0,4,5,7]", "tensor<6xi32>"), `dim = 0 : index, mode = "wrap"`, i6).
			wants(d("[40,50,10,50,10,30]", i6)),
		gatherOp("modes", "modes_gather_nd_fill", "§2: under fill, a tuple with any component out of range fills the whole slice", gnd,
			d("[[[0,1],[2,3]],[[4,5],[6,7]]]", "tensor<2x2x2xi64>"), d("[[0,1],[1,2],[-1,0]]", "tensor<3x2xi64>"), `fill_value = 9 : i64, mode = "fill"`, "tensor<3x2xi64>").
			wants(d("[[2,3],[9,9],[9,9]]", "tensor<3x2xi64>")),
		gatherOp("modes", "modes_gather_nd_wrap", "§2: the mode applies to each tuple component against its own dim", gnd,
			d("[[0,1,2],[3,4,5]]", "tensor<2x3xi64>"), d("[[3,-1],[-1,4]]", "tensor<2x2xi64>"), `mode = "wrap"`, "tensor<2xi64>").
			wants(d("[5,4]", "tensor<2xi64>")),
		gatherOp("modes", "modes_gather_nd_error", "§2: error names the input dimension of the component", gnd,
			d("[[0,1,2],[3,4,5]]", "tensor<2x3xi64>"), d("[[1,2],[1,3]]", "tensor<2x2xi64>"), `mode = "error"`, "tensor<2xi64>").
			fails("'tcp.gather_nd' op index 3 is out of bounds for dimension 1 with size 3"),
	)

	// §3.1 tcp.gather (torch.gather, onnx.GatherElements, np.take_along_axis).
	x22 := d("[[1,2],[3,4]]", "tensor<2x2xi64>")
	i22 := d("[[0,0],[1,0]]", "tensor<2x2xi64>")
	x33 := d("[[1,2,3],[4,5,6],[7,8,9]]", "tensor<3x3xi64>")
	m34 := d("[[0,1,2,3],[4,5,6,7],[8,9,10,11]]", "tensor<3x4xi64>")
	gat := func(name, doc, x, idx, attrs, out string) example {
		return gatherOp("gather", name, doc, g, x, idx, attrs, out)
	}
	ex = append(ex,
		gat("gather_elements_0", "§3.1: ONNX test_gather_elements_0 (torch.gather dim 1)", x22, i22, `dim = 1 : index, mode = "error"`, "tensor<2x2xi64>").
			wants(d("[[1,1],[4,3]]", "tensor<2x2xi64>")),
		gat("gather_dim0", "§3.1: torch.gather dim 0", x22, i22, `dim = 0 : index, mode = "error"`, "tensor<2x2xi64>").
			wants(d("[[1,2],[3,2]]", "tensor<2x2xi64>")),
		gat("gather_elements_1", "§3.1, §8.3: ONNX test_gather_elements_1 and the DML_GATHER_ELEMENTS example", x33, d("[[1,2,0],[2,0,0]]", "tensor<2x3xi64>"), `dim = 0 : index, mode = "wrap_negative"`, "tensor<2x3xi64>").
			wants(d("[[4,8,3],[7,2,3]]", "tensor<2x3xi64>")),
		gat("gather_elements_negative_indices", "§3.1: ONNX test_gather_elements_negative_indices", x33, d("[[-1,-2,0],[-2,0,0]]", "tensor<2x3xi64>"), `dim = 0 : index, mode = "wrap_negative"`, "tensor<2x3xi64>").
			wants(d("[[7,5,3],[4,2,3]]", "tensor<2x3xi64>")),
		gat("gather_smaller_indices", "§3.1: indices may be smaller than the input (torch)", m34, d("[[3],[0]]", "tensor<2x1xi64>"), `dim = 1 : index, mode = "error"`, "tensor<2x1xi64>").
			wants(d("[[3],[4]]", "tensor<2x1xi64>")),
		gat("gather_torch_error_2", "§2.1, docs/conformance.md §3: torch.gather(x, 1, [[0, 2]]) raises", x22, d("[[0,2]]", "tensor<1x2xi64>"), `dim = 1 : index, mode = "error"`, "tensor<1x2xi64>").
			fails("'tcp.gather' op index 2 is out of bounds for dimension 1 with size 2"),
		gat("gather_torch_error_neg", "docs/conformance.md §3: torch.gather(x, 1, [[0, -1]]) raises", x22, d("[[0,-1]]", "tensor<1x2xi64>"), `dim = 1 : index, mode = "error"`, "tensor<1x2xi64>").
			fails("'tcp.gather' op index -1 is out of bounds for dimension 1 with size 2"),
		gat("take_along_axis", "docs/conformance.md §3: np.take_along_axis(m, [[3],[0],[1]], axis=1)", m34, d("[[3],[0],[1]]", "tensor<3x1xi64>"), `dim = 1 : index, mode = "wrap_negative"`, "tensor<3x1xi64>").
			wants(d("[[3],[4],[9]]", "tensor<3x1xi64>")),
		gat("take_along_axis_negative", "docs/conformance.md §3: np.take_along_axis(m, [[-1],[-4],[0]], 1)", m34, d("[[-1],[-4],[0]]", "tensor<3x1xi64>"), `dim = 1 : index, mode = "wrap_negative"`, "tensor<3x1xi64>").
			wants(d("[[3],[4],[8]]", "tensor<3x1xi64>")),
		gat("take_along_axis_error", "docs/conformance.md §3: np.take_along_axis with index -5 raises", m34, d("[[0],[-5],[0]]", "tensor<3x1xi64>"), `dim = 1 : index, mode = "wrap_negative"`, "tensor<3x1xi64>").
			fails("'tcp.gather' op index -5 is out of bounds for dimension 1 with size 4"),
		gat("take_along_axis_batch", "§5.4: params [[10,11,12],[20,21,22]], indices [[2,0],[1,1]], axis 1, batch_dims 1", d("[[10,11,12],[20,21,22]]", "tensor<2x3xi64>"), d("[[2,0],[1,1]]", "tensor<2x2xi64>"), `dim = 1 : index, mode = "error"`, "tensor<2x2xi64>").
			wants(d("[[12,10],[21,21]]", "tensor<2x2xi64>")),
		gat("gather_zero_size", "§1: zero-size dims", d("[]", "tensor<0x3xf32>"), d("[]", "tensor<0x2xi64>"), `dim = 1 : index, mode = "error"`, "tensor<0x2xf32>").
			wants("dense<> : tensor<0x2xf32>"),
		gat("gather_f16", "§3.1 on f16", d("[[1.5,-2.0],[65504.0,0.25]]", "tensor<2x2xf16>"), d("[[1,0],[0,0]]", "tensor<2x2xi32>"), `dim = 1 : index`, "tensor<2x2xf16>").
			wants("dense<[[-2.000000e+00, 1.500000e+00], [6.550400e+04, 6.550400e+04]]> : tensor<2x2xf16>"),
		gat("gather_bf16", "§3.1 on bf16", d("[[1.0,3.140625]]", "tensor<1x2xbf16>"), d("[[1,1,0]]", "tensor<1x3xi64>"), `dim = 1 : index`, "tensor<1x3xbf16>").
			wants("dense<[[3.140630e+00, 3.140630e+00, 1.000000e+00]]> : tensor<1x3xbf16>"),
	)

	// §3.2 tcp.gather_nd.
	x222 := d("[[[0,1],[2,3]],[[4,5],[6,7]]]", "tensor<2x2x2xi64>")
	nd := func(name, doc, x, idx, attrs, out string) example {
		return gatherOp("gather_nd", name, doc, gnd, x, idx, attrs, out)
	}
	ex = append(ex,
		nd("gathernd_example_int32", "§3.2: ONNX test_gathernd_example_int32", d("[[0,1],[2,3]]", "tensor<2x2xi32>"), d("[[0,0],[1,1]]", "tensor<2x2xi64>"), `mode = "wrap_negative"`, "tensor<2xi32>").
			wants(d("[0,3]", "tensor<2xi32>")),
		nd("gathernd_example_float32", "§3.2: ONNX test_gathernd_example_float32", d("[[[0.0,1.0],[2.0,3.0]],[[4.0,5.0],[6.0,7.0]]]", "tensor<2x2x2xf32>"), d("[[[0,1]],[[1,0]]]", "tensor<2x1x2xi64>"), `mode = "wrap_negative"`, "tensor<2x1x2xf32>").
			wants("dense<[[[2.000000e+00, 3.000000e+00]], [[4.000000e+00, 5.000000e+00]]]> : tensor<2x1x2xf32>"),
		nd("gathernd_article_1", "§3.2: comparison article, GatherND example 1", d("[[[1,2],[3,4]],[[5,6],[7,8]]]", "tensor<2x2x2xi64>"), d("[[[0,0]],[[1,0]]]", "tensor<2x1x2xi64>"), `mode = "wrap_negative"`, "tensor<2x1x2xi64>").
			wants(d("[[[1,2]],[[5,6]]]", "tensor<2x1x2xi64>")),
		nd("gathernd_article_2", "§3.2: comparison article, GatherND example 2 (negative index)", x22, d("[[-2,0],[1,1]]", "tensor<2x2xi64>"), `mode = "wrap_negative"`, "tensor<2xi64>").
			wants(d("[1,4]", "tensor<2xi64>")),
		nd("gathernd_example_int32_batch_dim1", "§3.2: ONNX test_gathernd_example_int32_batch_dim1", d("[[[0,1],[2,3]],[[4,5],[6,7]]]", "tensor<2x2x2xi32>"), d("[[1],[0]]", "tensor<2x1xi64>"), `batch_dims = 1 : index, mode = "wrap_negative"`, "tensor<2x2xi32>").
			wants(d("[[2,3],[4,5]]", "tensor<2x2xi32>")),
		nd("gathernd_batch_dims_2", "§3.2: arange(24).reshape(2,3,4), batch_dims 2", d("[[[0,1,2,3],[4,5,6,7],[8,9,10,11]],[[12,13,14,15],[16,17,18,19],[20,21,22,23]]]", "tensor<2x3x4xi64>"), d("[[[1],[0],[3]],[[2],[2],[0]]]", "tensor<2x3x1xi64>"), `batch_dims = 2 : index`, "tensor<2x3xi64>").
			wants(d("[[1,4,11],[14,18,20]]", "tensor<2x3xi64>")),
		nd("gathernd_dml_nd1_example2", "§3.2, §8.4: DML_GATHER_ND1 example 2, unpadded", d("[[[0,1],[2,3]],[[4,5],[6,7]],[[8,9],[10,11]]]", "tensor<3x2x2xi64>"), d("[[[0,0],[1,1]],[[1,1],[0,0]],[[0,1],[1,0]]]", "tensor<3x2x2xi64>"), `batch_dims = 1 : index`, "tensor<3x2xi64>").
			wants(d("[[0,3],[7,4],[9,10]]", "tensor<3x2xi64>")),
		nd("gathernd_dml_nd_example1", "§8.4: DML_GATHER_ND example 1", d("[[0,1],[2,3]]", "tensor<2x2xi64>"), d("[[1],[0]]", "tensor<2x1xi64>"), ``, "tensor<2x2xi64>").
			wants(d("[[2,3],[0,1]]", "tensor<2x2xi64>")),
		nd("gathernd_dml_nd_example2", "§8.4: DML_GATHER_ND example 2, unpadded", x222, d("[[0,1],[1,0]]", "tensor<2x2xi64>"), ``, "tensor<2x2xi64>").
			wants(d("[[2,3],[4,5]]", "tensor<2x2xi64>")),
		nd("jax_gather", "jax gather doc: x = [10, 11, 12], indices [0, 1, 1, 2, 2, 2] as 6x1 tuples", d("[10,11,12]", "tensor<3xi32>"), d("[[0],[1],[1],[2],[2],[2]]", "tensor<6x1xi64>"), ``, "tensor<6xi32>").
			wants(d("[10,11,11,12,12,12]", "tensor<6xi32>")),
		nd("mxnet_gather_nd_as_onnx", "§9 item 15, §5.7: indices [[0,0],[1,1]] read as ONNX/TF tuples (0,0), (1,1)", x22, d("[[0,0],[1,1]]", "tensor<2x2xi64>"), `mode = "error"`, "tensor<2xi64>").
			wants(d("[1,4]", "tensor<2xi64>")),
		nd("mxnet_gather_nd_docs", "§5.7: MXNet docs example, its indices [[1,1,0],[0,1,0]] moved to the last axis", d("[[0,1],[2,3]]", "tensor<2x2xi64>"), d("[[1,0],[1,1],[0,0]]", "tensor<3x2xi64>"), `mode = "error"`, "tensor<3xi64>").
			wants(d("[2,3,0]", "tensor<3xi64>")),
		nd("stablehlo_clip_tuples", "§6: StableHLO clamps gather_nd-like tuples", x222, d("[[0,1],[1,0],[1,7]]", "tensor<3x2xi64>"), `mode = "clip"`, "tensor<3x2xi64>").
			wants(d("[[2,3],[4,5],[6,7]]", "tensor<3x2xi64>")),
		nd("stablehlo_clip_rows", "§6: operand [[1,2],[3,4],[5,6]], start_indices [[2],[0],[5],[-1]]", d("[[1,2],[3,4],[5,6]]", "tensor<3x2xi64>"), d("[[2],[0],[5],[-1]]", "tensor<4x1xi64>"), `mode = "clip"`, "tensor<4x2xi64>").
			wants(d("[[5,6],[1,2],[5,6],[1,2]]", "tensor<4x2xi64>")),
		nd("gathernd_empty_tuple", "§3.2: m = 0 gathers the whole input per tuple", d("[1,2]", "tensor<2xi64>"), d("[]", "tensor<2x0xi64>"), ``, "tensor<2x2xi64>").
			wants(d("[[1,2],[1,2]]", "tensor<2x2xi64>")),
		nd("gathernd_error", "§2: mode error on a tuple component", x22, d("[[0,2]]", "tensor<1x2xi64>"), `mode = "error"`, "tensor<1xi64>").
			fails("'tcp.gather_nd' op index 2 is out of bounds for dimension 1 with size 2"),
	)

	// §3.3 broadcast.
	bc := func(name, doc, body, out string) example {
		return example{group: "broadcast", name: name, doc: doc, src: fn(name, out, body)}
	}
	ex = append(ex,
		bc("broadcast_to", "§3.3: [[1],[2]] to 2x3",
			cst("x", d("[[1],[2]]", "tensor<2x1xi64>"))+"  %c3 = arith.constant 3 : index\n"+
				"  %0 = tcp.broadcast_to %x, %c3 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x3xi64>\n", "tensor<2x3xi64>").
			wants(d("[[1,1,1],[2,2,2]]", "tensor<2x3xi64>")),
		bc("broadcast_mlir_tcp", "§3.3: the mlir-tcp spelling tcp.broadcast",
			cst("x", d("[[1,2]]", "tensor<1x2xi64>"))+"  %c4 = arith.constant 4 : index\n"+
				"  %0 = tcp.broadcast %x, %c4 {axes = [0]} : tensor<1x2xi64>, index -> tensor<4x2xi64>\n", "tensor<4x2xi64>").
			wants(d("[[1,2],[1,2],[1,2],[1,2]]", "tensor<4x2xi64>")),
		bc("broadcast_design_syntax", "§3.6: the gather design's parenthesized type list",
			cst("x", d("[[1],[2]]", "tensor<2x1xi64>"))+"  %c4 = arith.constant 4 : index\n"+
				"  %0 = tcp.broadcast_to %x, %c4 {axes = [1]} : (tensor<2x1xi64>, index) -> tensor<2x4xi64>\n", "tensor<2x4xi64>").
			wants(d("[[1,1,1,1],[2,2,2,2]]", "tensor<2x4xi64>")),
		bc("broadcast_two_axes", "§3.3: two axes",
			cst("x", d("[[[1],[2]]]", "tensor<1x2x1xf32>"))+"  %c2 = arith.constant 2 : index\n  %c3 = arith.constant 3 : index\n"+
				"  %0 = tcp.broadcast_to %x, %c2, %c3 {axes = [0, 2]} : tensor<1x2x1xf32>, index, index -> tensor<2x2x3xf32>\n", "tensor<2x2x3xf32>").
			wants("dense<[[[1.000000e+00, 1.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00, 2.000000e+00]], [[1.000000e+00, 1.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00, 2.000000e+00]]]> : tensor<2x2x3xf32>"),
		bc("broadcast_zero", "§3.3 rule 6: a size of 0 gives an empty tensor",
			cst("x", d("[[1],[2]]", "tensor<2x1xi64>"))+"  %c0 = arith.constant 0 : index\n"+
				"  %0 = tcp.broadcast_to %x, %c0 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x0xi64>\n", "tensor<2x0xi64>").
			wants("dense<> : tensor<2x0xi64>"),
		bc("broadcast_dynamic", "§3.3: a dynamic result dim takes the runtime size",
			cst("x", d("[[1],[2]]", "tensor<2x1xi64>"))+"  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index\n  %n = arith.addi %c1, %c2 : index\n"+
				"  %0 = tcp.broadcast_to %x, %n {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x?xi64>\n", "tensor<2x?xi64>").
			wants(d("[[1,1,1],[2,2,2]]", "tensor<2x3xi64>")),
		bc("broadcast_negative_size", "§3.3 rule 6: sizes are >= 0 at run time",
			cst("x", d("[[1],[2]]", "tensor<2x1xi64>"))+"  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index\n  %n = arith.subi %c1, %c2 : index\n"+
				"  %0 = tcp.broadcast_to %x, %n {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x?xi64>\n", "tensor<2x?xi64>").
			fails("'tcp.broadcast_to' op new_dim_sizes[0] = -1 is negative"),
		bc("broadcast_result_mismatch", "runtime check of the declared result type",
			cst("x", d("[[1],[2]]", "tensor<2x1xi64>"))+"  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index\n  %n = arith.addi %c1, %c2 : index\n"+
				"  %0 = tcp.broadcast_to %x, %n {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>\n", "tensor<2x4xi64>").
			fails("'tcp.broadcast_to' op result #0: got tensor<2x3xi64>, want tensor<2x4xi64> (dim 1 has size 3, want 4)"),
	)

	// §3.4 tcp.slice and DML SLICE1.
	ex = append(ex,
		slice2D("slice_dml_example1", "§3.4: DML SLICE1 example 1 on the 4x4 input", [2]int64{0, 1}, [2]int64{2, 2}, [2]int64{2, 2}).
			wants(d("[[2,4],[10,12]]", "tensor<2x2xi64>")),
		slice2D("slice_dml_example2", "§3.4: DML SLICE1 example 2 (3 is its CopyStart)", [2]int64{3, 1}, [2]int64{2, 2}, [2]int64{-2, 2}).
			wants(d("[[14,16],[6,8]]", "tensor<2x2xi64>")),
		slice2D("slice_negative_stride", "§3.4: starts (2, 1), strides (-2, 2)", [2]int64{2, 1}, [2]int64{2, 2}, [2]int64{-2, 2}).
			wants(d("[[10,12],[2,4]]", "tensor<2x2xi64>")),
		example{group: "slice", name: "insert_slice_doc", doc: "§3.4: tensor.insert_slice at offsets (3, 1), strides (-2, 2)",
			src: fn("insert_slice_doc", "tensor<4x4xi64>", cst("x", x4)+cst("s", d("[[-1,-2],[-3,-4]]", "tensor<2x2xi64>"))+
				"  %0 = tensor.insert_slice %s into %x[3, 1] [2, 2] [-2, 2] : tensor<2x2xi64> into tensor<4x4xi64>\n")}.
			wants(d("[[1,2,3,4],[5,-3,7,-4],[9,10,11,12],[13,-1,15,-2]]", "tensor<4x4xi64>")),
		slice2D("slice_empty", "§3.4: n == 0 is always valid", [2]int64{9, 1}, [2]int64{0, 2}, [2]int64{1, 1}).
			wants("dense<> : tensor<0x2xi64>"),
		example{group: "slice", name: "slice_out_of_range", doc: "§3.4: starts (0, 1), strides (-2, 2) reads row -2 (the stride is computed at run time, so the verifier cannot see it)",
			src: fn("slice_out_of_range", "tensor<2x2xi64>", cst("x", x4)+indexConsts([]int64{0, 1, 2})+
				"  %cm2 = arith.subi %c0, %c2 : index\n"+
				"  %0 = tcp.slice %x starts(%c0, %c1) sizes(%c2, %c2) strides(%cm2, %c2) : tensor<4x4xi64> -> tensor<2x2xi64>\n")}.
			fails("'tcp.slice' op slice out of bounds for dimension 0 with size 4: start 0, size 2, stride -2 reads index -2"),
		example{group: "slice", name: "slice_zero_stride", doc: "§3.4: a zero stride is a runtime error when not constant",
			src: fn("slice_zero_stride", "tensor<2x2xi64>", cst("x", x4)+indexConsts([]int64{0, 1, 2})+
				"  %z = arith.subi %c1, %c1 : index\n"+
				"  %0 = tcp.slice %x starts(%c0, %c1) sizes(%c2, %c2) strides(%z, %c1) : tensor<4x4xi64> -> tensor<2x2xi64>\n")}.
			fails("'tcp.slice' op stride of dimension 0 is 0"),
		example{group: "slice", name: "slice_reverse", doc: "§3.4: v = [0,1,2,3,4], starts(4) sizes(5) strides(-1)",
			src: fn("slice_reverse", "tensor<5xi64>", cst("x", d("[0,1,2,3,4]", "tensor<5xi64>"))+indexConsts([]int64{4, 5, -1})+
				"  %0 = tcp.slice %x starts(%c4) sizes(%c5) strides(%cm1) : tensor<5xi64> -> tensor<5xi64>\n")}.
			wants(d("[4,3,2,1,0]", "tensor<5xi64>")),
		example{group: "slice", name: "slice_stride_minus2", doc: "§3.4: v = [0,1,2,3,4], starts(3) sizes(2) strides(-2)",
			src: fn("slice_stride_minus2", "tensor<2xi64>", cst("x", d("[0,1,2,3,4]", "tensor<5xi64>"))+indexConsts([]int64{3, 2, -2})+
				"  %0 = tcp.slice %x starts(%c3) sizes(%c2) strides(%cm2) : tensor<5xi64> -> tensor<2xi64>\n")}.
			wants(d("[3,1]", "tensor<2xi64>")),
		example{group: "slice", name: "dml_slice1_example1", doc: "§8.5: DML_SLICE1 example 1 on the 1x1x4x4 input",
			src: fn("dml_slice1_example1", "tensor<1x1x2x2xi64>", cst("x", d("[[[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,16]]]]", "tensor<1x1x4x4xi64>"))+indexConsts([]int64{0, 1, 2})+
				"  %0 = tcp.slice %x starts(%c0, %c0, %c0, %c1) sizes(%c1, %c1, %c2, %c2) strides(%c1, %c1, %c2, %c2) : tensor<1x1x4x4xi64> -> tensor<1x1x2x2xi64>\n")}.
			wants(d("[[[[2,4],[10,12]]]]", "tensor<1x1x2x2xi64>")),
		example{group: "slice", name: "dml_slice1_example2", doc: "§8.5: DML_SLICE1 example 2, starts = CopyStart (0, 0, 3, 1)",
			src: fn("dml_slice1_example2", "tensor<1x1x2x2xi64>", cst("x", d("[[[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,16]]]]", "tensor<1x1x4x4xi64>"))+indexConsts([]int64{0, 1, 2, 3, -2})+
				"  %0 = tcp.slice %x starts(%c0, %c0, %c3, %c1) sizes(%c1, %c1, %c2, %c2) strides(%c1, %c1, %cm2, %c2) : tensor<1x1x4x4xi64> -> tensor<1x1x2x2xi64>\n")}.
			wants(d("[[[[14,16],[6,8]]]]", "tensor<1x1x2x2xi64>")),
	)

	// §3.5 tcp.const.
	cf := func(name, doc, lit string) example {
		return example{group: "const", name: name, doc: doc, src: fn(name, typeOf(lit), "  %0 = tcp.const {value = "+lit+"} : "+typeOf(lit)+"\n")}
	}
	ex = append(ex,
		cf("const_i64", "§3.5", d("[[1,2],[3,4]]", "tensor<2x2xi64>")).wants(d("[[1,2],[3,4]]", "tensor<2x2xi64>")),
		cf("const_f32_scalar", "§3.5: a 0-d f32", "dense<2.500000e+00> : tensor<f32>").wants("dense<2.500000e+00> : tensor<f32>"),
		cf("const_splat", "§3.5: splats", "dense<7> : tensor<2x3xi8>").wants("dense<7> : tensor<2x3xi8>"),
		cf("const_i1", "i1", d("[[true,false],[false,true]]", "tensor<2x2xi1>")).wants(d("[[true,false],[false,true]]", "tensor<2x2xi1>")),
		cf("const_f16", "f16", d("[1.5,-2.0,65504.0]", "tensor<3xf16>")).wants("dense<[1.500000e+00, -2.000000e+00, 6.550400e+04]> : tensor<3xf16>"),
		cf("const_bf16", "bf16", d("[1.0,3.140625]", "tensor<2xbf16>")).wants("dense<[1.000000e+00, 3.140630e+00]> : tensor<2xbf16>"),
		cf("const_hex", "hex data: raw little-endian elements", `dense<"0x01000000FEFFFFFF"> : tensor<2xi32>`).wants(d("[1,-2]", "tensor<2xi32>")),
		cf("const_hex_splat", "hex data with one element is a splat", `dense<"0x0000C03F"> : tensor<2x2xf32>`).wants("dense<1.500000e+00> : tensor<2x2xf32>"),
		cf("const_unsigned", "ui8 and ui64", d("[0,128,255]", "tensor<3xui8>")).wants(d("[0,128,255]", "tensor<3xui8>")),
		cf("const_ui64", "ui64 above the int64 range", d("[18446744073709551615,1]", "tensor<2xui64>")).wants(d("[18446744073709551615,1]", "tensor<2xui64>")),
		cf("const_si16", "signed si16 is stored as i16", d("[-3,4]", "tensor<2xsi16>")).wants(d("[-3,4]", "tensor<2xi16>")),
		cf("const_f64", "f64", d("[0.1,-1.0e+300]", "tensor<2xf64>")).wants("dense<[1.000000e-01, -1.000000e+300]> : tensor<2xf64>"),
		cf("const_empty", "zero-size dims", "dense<> : tensor<0x3xf32>").wants("dense<> : tensor<0x3xf32>"),
		cf("const_index", "index elements", d("[1,-1]", "tensor<2xindex>")).wants(d("[1,-1]", "tensor<2xindex>")),
	)

	// §3.6 syntax tolerances.
	ex = append(ex,
		example{group: "gather", name: "design_syntax", doc: "§3.6: parenthesized operand types and an untyped dim",
			src: fn("design_syntax", "tensor<3x2xi64>", cst("a", m34)+cst("i", d("[[0,3],[1,1],[2,0]]", "tensor<3x2xi64>"))+
				"  %0 = tcp.gather %a, %i {dim = 1} : (tensor<3x4xi64>, tensor<3x2xi64>) -> tensor<3x2xi64>\n")}.
			wants(d("[[0,3],[5,5],[10,8]]", "tensor<3x2xi64>")),
		example{group: "gather", name: "generic_form", doc: "§3: the generic form",
			src: fn("generic_form", "tensor<2x2xi64>", cst("a", x22)+cst("i", i22)+
				"  %0 = \"tcp.gather\"(%a, %i) {dim = 0 : index} : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>\n")}.
			wants(d("[[1,2],[3,2]]", "tensor<2x2xi64>")),
	)

	// §4 reshapes and §5 recipes (tensor.expand_shape / collapse_shape,
	// arith.constant, tcp.broadcast_to, tcp.gather).
	rec := func(name, doc, out, body string) example {
		return example{group: "recipes", name: name, doc: doc, src: fn(name, out, body)}
	}
	ex = append(ex,
		rec("index_select", "§5.2: gather design example 1, torch.index_select(x, 0, [0, 2])", "tensor<2x4xf32>",
			cst("x", d("[[0.0,1.0,2.0,3.0],[4.0,5.0,6.0,7.0],[8.0,9.0,10.0,11.0]]", "tensor<3x4xf32>"))+cst("i", d("[0,2]", "tensor<2xi64>"))+`  %expanded = tensor.expand_shape %i [[0, 1]] : tensor<2xi64> into tensor<2x1xi64>
  %c4 = arith.constant 4 : index
  %2 = tcp.broadcast_to %expanded, %c4 {axes = [1]} : tensor<2x1xi64>, index -> tensor<2x4xi64>
  %0 = tcp.gather %x, %2 {dim = 0 : index, mode = "error"} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
`).wants("dense<[[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00], [8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01]]> : tensor<2x4xf32>"),
		rec("index_select_mlir_tcp", "§5.2: mlir-tcp's index_select test shape: [4,3], dim -1 (1), two indices", "tensor<4x2xi64>",
			cst("x", d("[[0,1,2],[3,4,5],[6,7,8],[9,10,11]]", "tensor<4x3xi64>"))+cst("i", d("[2,0]", "tensor<2xi64>"))+`  %e = tensor.expand_shape %i [[0, 1]] : tensor<2xi64> into tensor<1x2xi64>
  %c4 = arith.constant 4 : index
  %b = tcp.broadcast %e, %c4 {axes = [0]} : tensor<1x2xi64>, index -> tensor<4x2xi64>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "error"} : tensor<4x3xi64>, tensor<4x2xi64> -> tensor<4x2xi64>
`).wants(d("[[2,0],[5,3],[8,6],[11,9]]", "tensor<4x2xi64>")),
		rec("index_select_error", "§2.1: torch.index_select(x, 0, [2]) on 2 rows raises", "tensor<1x2xi64>",
			cst("x", x22)+cst("i", d("[2]", "tensor<1xi64>"))+`  %e = tensor.expand_shape %i [[0, 1]] : tensor<1xi64> into tensor<1x1xi64>
  %c2 = arith.constant 2 : index
  %b = tcp.broadcast_to %e, %c2 {axes = [1]} : tensor<1x1xi64>, index -> tensor<1x2xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "error"} : tensor<2x2xi64>, tensor<1x2xi64> -> tensor<1x2xi64>
`).fails("'tcp.gather' op index 2 is out of bounds for dimension 0 with size 2"),
		rec("onnx_gather_2d_indices", "§5.3 worked example: 2-D indices, the input is broadcast too (= DML_GATHER example 5, MXNet take)", "tensor<2x2x2xf32>",
			cst("arg0", d("[[1.0,2.0],[3.0,4.0],[5.0,6.0]]", "tensor<3x2xf32>"))+cst("indices", d("[[0,1],[1,2]]", "tensor<2x2xi64>"))+`  %ie = tensor.expand_shape %indices [[0], [1, 2]] : tensor<2x2xi64> into tensor<2x2x1xi64>
  %c2 = arith.constant 2 : index
  %ib = tcp.broadcast_to %ie, %c2 {axes = [2]} : tensor<2x2x1xi64>, index -> tensor<2x2x2xi64>
  %xe = tensor.expand_shape %arg0 [[0, 1], [2]] : tensor<3x2xf32> into tensor<3x1x2xf32>
  %c2_0 = arith.constant 2 : index
  %xb = tcp.broadcast_to %xe, %c2_0 {axes = [1]} : tensor<3x1x2xf32>, index -> tensor<3x2x2xf32>
  %0 = tcp.gather %xb, %ib {dim = 0 : index, mode = "wrap_negative"} : tensor<3x2x2xf32>, tensor<2x2x2xi64> -> tensor<2x2x2xf32>
`).wants("dense<[[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]], [[3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]]> : tensor<2x2x2xf32>"),
		rec("onnx_gather_scalar_indices", "§5.3: scalar indices, arange(12).reshape(3,4), indices = 1, axis 0", "tensor<4xf32>",
			cst("arg0", d("[[0.0,1.0,2.0,3.0],[4.0,5.0,6.0,7.0],[8.0,9.0,10.0,11.0]]", "tensor<3x4xf32>"))+cst("indices", "dense<1> : tensor<i64>")+`  %ie = tensor.expand_shape %indices [] : tensor<i64> into tensor<1x1xi64>
  %c4 = arith.constant 4 : index
  %ib = tcp.broadcast_to %ie, %c4 {axes = [1]} : tensor<1x1xi64>, index -> tensor<1x4xi64>
  %g = tcp.gather %arg0, %ib {dim = 0 : index, mode = "wrap_negative"} : tensor<3x4xf32>, tensor<1x4xi64> -> tensor<1x4xf32>
  %0 = tensor.collapse_shape %g [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
`).wants("dense<[4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00]> : tensor<4xf32>"),
		rec("onnx_gather_negative_indices", "§5.3: ONNX test_gather_negative_indices", "tensor<3xf32>",
			cst("x", d("[0.0,1.0,2.0,3.0,4.0,5.0,6.0,7.0,8.0,9.0]", "tensor<10xf32>"))+cst("i", d("[0,-9,-10]", "tensor<3xi64>"))+
				"  %0 = tcp.gather %x, %i {dim = 0 : index, mode = \"wrap_negative\"} : tensor<10xf32>, tensor<3xi64> -> tensor<3xf32>\n").
			wants("dense<[0.000000e+00, 1.000000e+00, 0.000000e+00]> : tensor<3xf32>"),
		rec("onnx_gather_2d_indices_axis1", "§5.3, §8.7: test_gather_2d_indices's configuration (3x3, indices [[0,2]], axis 1) = DML_GATHER example 4", "tensor<3x1x2xi64>",
			cst("x", x33)+cst("i", d("[[0,2]]", "tensor<1x2xi64>"))+`  %ie = tensor.expand_shape %i [[0, 1], [2]] : tensor<1x2xi64> into tensor<1x1x2xi64>
  %c3 = arith.constant 3 : index
  %ib = tcp.broadcast_to %ie, %c3 {axes = [0]} : tensor<1x1x2xi64>, index -> tensor<3x1x2xi64>
  %xe = tensor.expand_shape %x [[0], [1, 2]] : tensor<3x3xi64> into tensor<3x3x1xi64>
  %c2 = arith.constant 2 : index
  %xb = tcp.broadcast_to %xe, %c2 {axes = [2]} : tensor<3x3x1xi64>, index -> tensor<3x3x2xi64>
  %0 = tcp.gather %xb, %ib {dim = 1 : index, mode = "wrap_negative"} : tensor<3x3x2xi64>, tensor<3x1x2xi64> -> tensor<3x1x2xi64>
`).wants(d("[[[1,3]],[[4,6]],[[7,9]]]", "tensor<3x1x2xi64>")),
		rec("tf_gather_v2", "§5.4: gather design example 2, params arange(60).reshape(3,4,5), indices [3, 0, 2], axis 1", "tensor<3x3x5xi64>",
			cst("input", d(arange("3x4x5"), "tensor<3x4x5xi64>"))+cst("indices", d("[3,0,2]", "tensor<3xi64>"))+`  %indices_3d = tensor.expand_shape %indices [[0, 1, 2]] : tensor<3xi64> into tensor<1x3x1xi64>
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %indices_bcast = tcp.broadcast_to %indices_3d, %c3, %c5 {axes = [0, 2]} : tensor<1x3x1xi64>, index, index -> tensor<3x3x5xi64>
  %0 = tcp.gather %input, %indices_bcast {dim = 1 : index, mode = "error"} : tensor<3x4x5xi64>, tensor<3x3x5xi64> -> tensor<3x3x5xi64>
`).wants(d("[[[15,16,17,18,19],[0,1,2,3,4],[10,11,12,13,14]],[[35,36,37,38,39],[20,21,22,23,24],[30,31,32,33,34]],[[55,56,57,58,59],[40,41,42,43,44],[50,51,52,53,54]]]", "tensor<3x3x5xi64>")),
		rec("tf_gather_batch_dims", "§5.4: params arange(24).reshape(2,3,4), indices [[3,0],[1,1]], axis 2, batch_dims 1", "tensor<2x3x2xi64>",
			cst("params", d(arange("2x3x4"), "tensor<2x3x4xi64>"))+cst("indices", d("[[3,0],[1,1]]", "tensor<2x2xi64>"))+`  %ie = tensor.expand_shape %indices [[0, 1], [2]] : tensor<2x2xi64> into tensor<2x1x2xi64>
  %c3 = arith.constant 3 : index
  %ib = tcp.broadcast_to %ie, %c3 {axes = [1]} : tensor<2x1x2xi64>, index -> tensor<2x3x2xi64>
  %0 = tcp.gather %params, %ib {dim = 2 : index, mode = "error"} : tensor<2x3x4xi64>, tensor<2x3x2xi64> -> tensor<2x3x2xi64>
`).wants(d("[[[3,0],[7,4],[11,8]],[[13,13],[17,17],[21,21]]]", "tensor<2x3x2xi64>")),
		rec("dml_gather_example1", "§8.2: DML_GATHER example 1 (1-D remapping)", "tensor<5xi64>",
			cst("x", d("[11,12,13,14]", "tensor<4xi64>"))+cst("i", d("[3,1,3,0,2]", "tensor<5xi64>"))+
				"  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<4xi64>, tensor<5xi64> -> tensor<5xi64>\n").
			wants(d("[14,12,14,11,13]", "tensor<5xi64>")),
		rec("dml_gather_example2", "§8.2: DML_GATHER example 2 (rows), unpadded indices [0,1,1,2]", "tensor<4x2xi64>",
			cst("x", d("[[1,2],[3,4],[5,6]]", "tensor<3x2xi64>"))+cst("i", d("[0,1,1,2]", "tensor<4xi64>"))+`  %ie = tensor.expand_shape %i [[0, 1]] : tensor<4xi64> into tensor<4x1xi64>
  %c2 = arith.constant 2 : index
  %ib = tcp.broadcast_to %ie, %c2 {axes = [1]} : tensor<4x1xi64>, index -> tensor<4x2xi64>
  %0 = tcp.gather %x, %ib {dim = 0 : index} : tensor<3x2xi64>, tensor<4x2xi64> -> tensor<4x2xi64>
`).wants(d("[[1,2],[3,4],[3,4],[5,6]]", "tensor<4x2xi64>")),
		rec("dml_gather_example3_resolved", "§8.2, §9 item 7: DML_GATHER example 3 with IndexDimensions = 1, i.e. onnx Gather(data[3,2], indices [1,0], axis 1)", "tensor<3x2xi64>",
			cst("x", d("[[1,2],[3,4],[5,6]]", "tensor<3x2xi64>"))+cst("i", d("[1,0]", "tensor<2xi64>"))+`  %ie = tensor.expand_shape %i [[0, 1]] : tensor<2xi64> into tensor<1x2xi64>
  %c3 = arith.constant 3 : index
  %ib = tcp.broadcast_to %ie, %c3 {axes = [0]} : tensor<1x2xi64>, index -> tensor<3x2xi64>
  %0 = tcp.gather %x, %ib {dim = 1 : index, mode = "wrap_negative"} : tensor<3x2xi64>, tensor<3x2xi64> -> tensor<3x2xi64>
`).wants(d("[[2,1],[4,3],[6,5]]", "tensor<3x2xi64>")),
		rec("numpy_take_axis1", "§5.5: np.take(m, [[0,2]], axis=1) has shape (3,1,2)", "tensor<3x1x2xi64>",
			cst("m", m34)+cst("i", d("[[0,2]]", "tensor<1x2xi64>"))+`  %ie = tensor.expand_shape %i [[0, 1], [2]] : tensor<1x2xi64> into tensor<1x1x2xi64>
  %c3 = arith.constant 3 : index
  %ib = tcp.broadcast_to %ie, %c3 {axes = [0]} : tensor<1x1x2xi64>, index -> tensor<3x1x2xi64>
  %me = tensor.expand_shape %m [[0], [1, 2]] : tensor<3x4xi64> into tensor<3x4x1xi64>
  %c2 = arith.constant 2 : index
  %mb = tcp.broadcast_to %me, %c2 {axes = [2]} : tensor<3x4x1xi64>, index -> tensor<3x4x2xi64>
  %0 = tcp.gather %mb, %ib {dim = 1 : index, mode = "wrap_negative"} : tensor<3x4x2xi64>, tensor<3x1x2xi64> -> tensor<3x1x2xi64>
`).wants(d("[[[0,2]],[[4,6]],[[8,10]]]", "tensor<3x1x2xi64>")),
		rec("numpy_take_raise", "docs/conformance.md §3: np.take(a, [-1, -5]) (mode raise = wrap_negative)", "tensor<2xi64>",
			cst("a", a5)+cst("i", d("[-1,-5]", "tensor<2xi64>"))+
				"  %0 = tcp.gather %a, %i {dim = 0 : index, mode = \"wrap_negative\"} : tensor<5xi64>, tensor<2xi64> -> tensor<2xi64>\n").
			wants(d("[50,10]", "tensor<2xi64>")),
		rec("numpy_take_raise_error", "docs/conformance.md §3: np.take(a, [5]) raises", "tensor<1xi64>",
			cst("a", a5)+cst("i", d("[5]", "tensor<1xi64>"))+
				"  %0 = tcp.gather %a, %i {dim = 0 : index, mode = \"wrap_negative\"} : tensor<5xi64>, tensor<1xi64> -> tensor<1xi64>\n").
			fails("'tcp.gather' op index 5 is out of bounds for dimension 0 with size 5"),
		rec("expand_unit_dims", "§4: [3] -> [1,3,1] with [[0, 1, 2]], then collapse back", "tensor<3xi64>",
			cst("x", d("[1,2,3]", "tensor<3xi64>"))+`  %e = tensor.expand_shape %x [[0, 1, 2]] : tensor<3xi64> into tensor<1x3x1xi64>
  %0 = tensor.collapse_shape %e [[0, 1, 2]] : tensor<1x3x1xi64> into tensor<3xi64>
`).wants(d("[1,2,3]", "tensor<3xi64>")),
	)

	// arith (MLIR semantics; scalars print as `value : type`).
	ar := func(name, doc, out, body string) example {
		return example{group: "arith", name: name, doc: doc, src: fn(name, out, body)}
	}
	bin := func(name, op, typ string, a, b string) example {
		return ar(name, "arith."+op+" on "+typ, typ, fmt.Sprintf("  %%a = arith.constant %s : %s\n  %%b = arith.constant %s : %s\n  %%0 = arith.%s %%a, %%b : %s\n", a, typ, b, typ, op, typ))
	}
	cast := func(name, op, from, to, v string) example {
		return ar(name, "arith."+op+" from "+from+" to "+to, to, fmt.Sprintf("  %%a = arith.constant %s : %s\n  %%0 = arith.%s %%a : %s to %s\n", v, from, op, from, to))
	}
	ex = append(ex,
		bin("addi_wraps", "addi", "i8", "127", "1").wants("-128 : i8"),
		bin("subi_wraps", "subi", "i32", "-2147483648", "1").wants("2147483647 : i32"),
		bin("muli_wraps", "muli", "i16", "300", "300").wants("24464 : i16"),
		bin("addi_index", "addi", "index", "-5", "3").wants("-2 : index"),
		bin("divsi", "divsi", "i32", "-7", "2").wants("-3 : i32"),
		bin("divsi_by_zero", "divsi", "i32", "1", "0").fails("'arith.divsi' op division by zero"),
		bin("divsi_overflow", "divsi", "i8", "-128", "-1").fails("'arith.divsi' op signed division overflow: -128 / -1"),
		bin("divui", "divui", "i8", "-1", "2").wants("127 : i8"),
		bin("remsi", "remsi", "i64", "-7", "2").wants("-1 : i64"),
		bin("floordivsi", "floordivsi", "i32", "-7", "2").wants("-4 : i32"),
		bin("ceildivsi", "ceildivsi", "i32", "7", "2").wants("4 : i32"),
		bin("ceildivsi_negative", "ceildivsi", "i32", "-7", "2").wants("-3 : i32"),
		bin("maxsi", "maxsi", "i8", "-1", "1").wants("1 : i8"),
		bin("minsi", "minsi", "index", "-1", "1").wants("-1 : index"),
		bin("addf", "addf", "f32", "1.000000e-01", "2.000000e-01").wants("3.000000e-01 : f32"),
		bin("subf_f16", "subf", "f16", "1.000000e+00", "6.550400e+04").wants("-6.550400e+04 : f16"),
		bin("mulf_bf16", "mulf", "bf16", "3.000000e+00", "3.000000e+00").wants("9.000000e+00 : bf16"),
		bin("divf_by_zero", "divf", "f64", "1.000000e+00", "0.000000e+00").wants("0x7FF0000000000000 : f64"),
		ar("cmpi_signed_unsigned", "arith.cmpi slt and ult on i8 -1 vs 1", "i1",
			"  %a = arith.constant -1 : i8\n  %b = arith.constant 1 : i8\n  %s = arith.cmpi slt, %a, %b : i8\n  %u = arith.cmpi ult, %a, %b : i8\n  %0 = arith.select %s, %u, %s : i1\n").
			wants("false : i1"),
		ar("select_tensor", "arith.select with a tensor condition", "tensor<3xi64>",
			cst("c", d("[true,false,true]", "tensor<3xi1>"))+cst("a", d("[1,2,3]", "tensor<3xi64>"))+cst("b", d("[4,5,6]", "tensor<3xi64>"))+
				"  %0 = arith.select %c, %a, %b : tensor<3xi1>, tensor<3xi64>\n").wants(d("[1,5,3]", "tensor<3xi64>")),
		ar("addi_tensor", "elementwise arith.addi on tensors", "tensor<2x2xi32>",
			"  %a = arith.constant dense<[[1, 2], [3, 2147483647]]> : tensor<2x2xi32>\n  %b = arith.constant dense<1> : tensor<2x2xi32>\n  %0 = arith.addi %a, %b : tensor<2x2xi32>\n").
			wants(d("[[2,3],[4,-2147483648]]", "tensor<2x2xi32>")),
		ar("divsi_tensor_by_zero", "the element of a tensor division by zero is named", "tensor<2xi32>",
			"  %a = arith.constant dense<[4, 5]> : tensor<2xi32>\n  %b = arith.constant dense<[2, 0]> : tensor<2xi32>\n  %0 = arith.divsi %a, %b : tensor<2xi32>\n").
			fails("'arith.divsi' op division by zero (at element [1])"),
		cast("index_cast", "index_cast", "i32", "index", "-1").wants("-1 : index"),
		cast("index_castui", "index_castui", "i32", "index", "-1").wants("4294967295 : index"),
		cast("index_cast_trunc", "index_cast", "index", "i8", "300").wants("44 : i8"),
		cast("extsi", "extsi", "i8", "i32", "-1").wants("-1 : i32"),
		cast("extui", "extui", "i8", "i32", "-1").wants("255 : i32"),
		cast("trunci", "trunci", "i32", "i8", "300").wants("44 : i8"),
		cast("sitofp_rounds_once", "sitofp", "i64", "f32", "1152921573326323713").wants("1.15292164E+18 : f32"), // 2^60+2^36+1 rounds to 2^60+2^37 (0x5D800001); via f64 it would tie and round to 2^60,
		cast("sitofp_bf16", "sitofp", "i32", "bf16", "257").wants("2.560000e+02 : bf16"),
		cast("fptosi", "fptosi", "f32", "i32", "-2.750000e+00").wants("-2 : i32"),
		cast("fptosi_out_of_range", "fptosi", "f32", "i32", "3.000000e+09").fails("'arith.fptosi' op 3e+09 does not fit in i32"),
		cast("truncf_tie", "truncf", "f32", "f16", "1.00048828125").wants("1.000000e+00 : f16"), // 1 + 2^-11 ties between 1 and 1 + 2^-10: to even
		cast("truncf_overflow", "truncf", "f32", "f16", "7.000000e+04").wants("0x7C00 : f16"),
		cast("extf", "extf", "f16", "f64", "1.500000e+00").wants("1.500000e+00 : f64"),
		cast("bitcast", "bitcast", "f32", "i32", "1.000000e+00").wants("1065353216 : i32"),
	)

	// tensor (MLIR semantics on runtime values).
	tn := func(name, doc, out, body string) example {
		return example{group: "tensor", name: name, doc: doc, src: fn(name, out, body)}
	}
	x34 := cst("x", m34)
	ex = append(ex,
		tn("tensor_dim", "tensor.dim reads the runtime shape (through a cast to a dynamic type)", "index",
			x34+"  %d = tensor.cast %x : tensor<3x4xi64> to tensor<?x?xi64>\n  %c1 = arith.constant 1 : index\n  %0 = tensor.dim %d, %c1 : tensor<?x?xi64>\n").
			wants("4 : index"),
		tn("tensor_cast_mismatch", "tensor.cast to a static type is checked at run time", "tensor<4x4xi64>",
			x34+"  %d = tensor.cast %x : tensor<3x4xi64> to tensor<?x4xi64>\n  %0 = tensor.cast %d : tensor<?x4xi64> to tensor<4x4xi64>\n").
			fails("'tensor.cast' op cannot cast at run time: got tensor<3x4xi64>, want tensor<4x4xi64> (dim 0 has size 3, want 4)"),
		tn("tensor_empty", "tensor.empty is zero-filled here", "tensor<?x2xf32>",
			"  %c3 = arith.constant 3 : index\n  %0 = tensor.empty(%c3) : tensor<?x2xf32>\n").
			wants("dense<0.000000e+00> : tensor<3x2xf32>"),
		tn("expand_shape_indivisible", "the inferred dim must divide the source dim", "tensor<?x2x4xi64>",
			x34+"  %d = tensor.cast %x : tensor<3x4xi64> to tensor<?x4xi64>\n  %c = tensor.collapse_shape %d [[0, 1]] : tensor<?x4xi64> into tensor<?xi64>\n  %0 = tensor.expand_shape %c [[0, 1, 2]] : tensor<?xi64> into tensor<?x2x4xi64>\n").
			fails("'tensor.expand_shape' op source dim 0 of size 12 cannot be expanded into [?, 2, 4]"),
		tn("expand_shape_inferred", "a dynamic dim of expand_shape is inferred from the source", "tensor<?x2xi64>",
			x34+"  %d = tensor.cast %x : tensor<3x4xi64> to tensor<?x4xi64>\n  %c = tensor.collapse_shape %d [[0, 1]] : tensor<?x4xi64> into tensor<?xi64>\n  %0 = tensor.expand_shape %c [[0, 1]] : tensor<?xi64> into tensor<?x2xi64>\n").
			wants(d("[[0,1],[2,3],[4,5],[6,7],[8,9],[10,11]]", "tensor<6x2xi64>")),
		tn("extract_slice", "tensor.extract_slice with strides", "tensor<2x2xi64>",
			x34+"  %0 = tensor.extract_slice %x[1, 0] [2, 2] [1, 2] : tensor<3x4xi64> to tensor<2x2xi64>\n").
			wants(d("[[4,6],[8,10]]", "tensor<2x2xi64>")),
		tn("extract_slice_rank_reducing", "a rank-reducing tensor.extract_slice drops the unit dim", "tensor<3xi64>",
			x34+"  %0 = tensor.extract_slice %x[2, 1] [1, 3] [1, 1] : tensor<3x4xi64> to tensor<3xi64>\n").
			wants(d("[9,10,11]", "tensor<3xi64>")),
		tn("extract_slice_dynamic", "dynamic offsets and sizes", "tensor<?x2xi64>",
			x34+"  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index\n  %0 = tensor.extract_slice %x[%c1, %c2] [%c2, 2] [1, 1] : tensor<3x4xi64> to tensor<?x2xi64>\n").
			wants(d("[[6,7],[10,11]]", "tensor<2x2xi64>")),
		tn("extract_slice_out_of_bounds", "an out-of-bounds window is a runtime error", "tensor<?x2xi64>",
			x34+"  %c2 = arith.constant 2 : index\n  %0 = tensor.extract_slice %x[%c2, 0] [%c2, 2] [1, 1] : tensor<3x4xi64> to tensor<?x2xi64>\n").
			fails("'tensor.extract_slice' op slice out of bounds for dimension 0 with size 3: start 2, size 2, stride 1 reads index 3"),
		tn("insert_slice", "tensor.insert_slice writes a strided window of dest", "tensor<3x4xi64>",
			x34+"  %s = tcp.const {value = dense<[[-1, -2], [-3, -4]]> : tensor<2x2xi64>} : tensor<2x2xi64>\n  %0 = tensor.insert_slice %s into %x[1, 0] [2, 2] [1, 2] : tensor<2x2xi64> into tensor<3x4xi64>\n").
			wants(d("[[0,1,2,3],[-1,5,-2,7],[-3,9,-4,11]]", "tensor<3x4xi64>")),
		tn("insert_slice_rank_reducing", "a rank-reduced source fills a window with a unit dim", "tensor<3x4xi64>",
			x34+"  %s = tcp.const {value = dense<[-1, -2, -3]> : tensor<3xi64>} : tensor<3xi64>\n  %0 = tensor.insert_slice %s into %x[0, 1] [3, 1] [1, 1] : tensor<3xi64> into tensor<3x4xi64>\n").
			wants(d("[[0,-1,2,3],[4,-2,6,7],[8,-3,10,11]]", "tensor<3x4xi64>")),
		tn("insert_slice_dynamic", "dynamic offsets and sizes", "tensor<3x4xi64>",
			x34+"  %s = tcp.const {value = dense<[[-1, -2], [-3, -4]]> : tensor<2x2xi64>} : tensor<2x2xi64>\n  %d = tensor.cast %s : tensor<2x2xi64> to tensor<?x2xi64>\n  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index\n  %0 = tensor.insert_slice %d into %x[%c1, %c2] [%c2, 2] [1, 1] : tensor<?x2xi64> into tensor<3x4xi64>\n").
			wants(d("[[0,1,2,3],[4,5,-1,-2],[8,9,-3,-4]]", "tensor<3x4xi64>")),
		tn("insert_slice_out_of_bounds", "an out-of-bounds window is a runtime error", "tensor<3x4xi64>",
			x34+"  %s = tcp.const {value = dense<[[-1, -2], [-3, -4]]> : tensor<2x2xi64>} : tensor<2x2xi64>\n  %c2 = arith.constant 2 : index\n  %0 = tensor.insert_slice %s into %x[%c2, 0] [2, 2] [1, 1] : tensor<2x2xi64> into tensor<3x4xi64>\n").
			fails("'tensor.insert_slice' op slice out of bounds for dimension 0 with size 3: start 2, size 2, stride 1 reads index 3"),
		tn("extract", "tensor.extract gives a scalar", "i64",
			x34+"  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index\n  %0 = tensor.extract %x[%c1, %c2] : tensor<3x4xi64>\n").
			wants("6 : i64"),
		tn("extract_out_of_bounds", "tensor.extract out of bounds is a runtime error", "i64",
			x34+"  %c1 = arith.constant 1 : index\n  %c3 = arith.constant 3 : index\n  %i = arith.addi %c3, %c1 : index\n  %0 = tensor.extract %x[%c1, %i] : tensor<3x4xi64>\n").
			fails("'tensor.extract' op index 4 is out of bounds for dimension 1 with size 4"),
		tn("insert", "tensor.insert returns a new tensor", "tensor<3x4xi64>",
			x34+"  %c0 = arith.constant 0 : index\n  %v = arith.constant 99 : i64\n  %0 = tensor.insert %v into %x[%c0, %c0] : tensor<3x4xi64>\n").
			wants(d("[[99,1,2,3],[4,5,6,7],[8,9,10,11]]", "tensor<3x4xi64>")),
		tn("from_elements", "tensor.from_elements", "tensor<2x1xf32>",
			"  %a = arith.constant 1.500000e+00 : f32\n  %b = arith.constant -2.000000e+00 : f32\n  %0 = tensor.from_elements %a, %b : tensor<2x1xf32>\n").
			wants("dense<[[1.500000e+00], [-2.000000e+00]]> : tensor<2x1xf32>"),
		tn("concat", "tensor.concat along dim 1", "tensor<2x3xi64>",
			cst("a", d("[[1],[2]]", "tensor<2x1xi64>"))+cst("b", d("[[3,4],[5,6]]", "tensor<2x2xi64>"))+
				"  %0 = tensor.concat dim(1) %a, %b : (tensor<2x1xi64>, tensor<2x2xi64>) -> tensor<2x3xi64>\n").
			wants(d("[[1,3,4],[2,5,6]]", "tensor<2x3xi64>")),
		tn("collapse_to_scalar", "§4: collapse_shape with [] removes unit dims", "tensor<i64>",
			cst("a", d("[[7]]", "tensor<1x1xi64>"))+"  %0 = tensor.collapse_shape %a [] : tensor<1x1xi64> into tensor<i64>\n").
			wants("dense<7> : tensor<i64>"),
	)

	// func.call.
	ex = append(ex,
		example{group: "call", name: "call_callee", doc: "func.call runs the callee in a new frame",
			src: `func.func private @callee_twice(%x: tensor<2xi64>, %i: tensor<2xi64>) -> tensor<2xi64> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap"} : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  %1 = tcp.gather %0, %i {dim = 0 : index, mode = "wrap"} : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  return %1 : tensor<2xi64>
}
func.func @call_callee() -> tensor<2xi64> {
` + cst("x", d("[5,6]", "tensor<2xi64>")) + cst("i", d("[1,-2]", "tensor<2xi64>")) + `  %0 = func.call @callee_twice(%x, %i) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}
`}.wants(d("[5,6]", "tensor<2xi64>")),
		example{group: "call", name: "call_error", doc: "an error in a callee is located there, with a note at the call",
			src: `func.func private @callee_bad(%x: tensor<2xi64>) -> tensor<1xi64> {
` + cst("i", d("[2]", "tensor<1xi64>")) + `  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "error"} : tensor<2xi64>, tensor<1xi64> -> tensor<1xi64>
  return %0 : tensor<1xi64>
}
func.func @call_error() -> tensor<1xi64> {
` + cst("x", d("[5,6]", "tensor<2xi64>")) + `  %0 = func.call @callee_bad(%x) : (tensor<2xi64>) -> tensor<1xi64>
  return %0 : tensor<1xi64>
}
`}.fails("'tcp.gather' op index 2 is out of bounds for dimension 0 with size 2"),
		example{group: "call", name: "call_recursion", doc: "recursion is allowed up to a depth limit",
			src: `func.func @call_recursion() -> tensor<1xi64> {
  %0 = func.call @call_recursion() : () -> tensor<1xi64>
  return %0 : tensor<1xi64>
}
`}.fails("'func.call' op call depth limit of 200 exceeded calling @call_recursion"),
	)
	ex = append(ex, scatterExamples()...)
	return ex
}

// arange returns the list literal of arange(n).reshape(shape) for a shape
// written "2x3x4".
func arange(shape string) string {
	var dims []int
	for _, s := range strings.Split(shape, "x") {
		var n int
		fmt.Sscan(s, &n)
		dims = append(dims, n)
	}
	next := 0
	var rec func(k int) string
	rec = func(k int) string {
		parts := make([]string, dims[k])
		for i := range parts {
			if k == len(dims)-1 {
				parts[i] = fmt.Sprint(next)
				next++
			} else {
				parts[i] = rec(k + 1)
			}
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return rec(0)
}

var opNameRE = regexp.MustCompile(`\b(?:arith|tensor|func|tcp)\.[a-z_]+\b`)

// missingOps lists the ops src uses that no dialect has registered yet.
func missingOps(src string) []string {
	var out []string
	for _, n := range opNameRE.FindAllString(src, -1) {
		if ir.Global.LookupDef(n) == nil {
			out = append(out, n)
		}
	}
	return out
}

// runExample parses, verifies and runs the function e.name of e.src, and
// prints the results as tcp-run does.
func runExample(t *testing.T, e example) ([]string, error) {
	t.Helper()
	if m := missingOps(e.src); len(m) > 0 {
		t.Fatalf("needs ops that are not registered: %v (register them; a test never skips for a missing op)", m)
	}
	module, err := parser.Parse(e.name+".mlir", e.src, parser.Options{})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, e.src)
	}
	if err := ir.Verify(module, false); err != nil {
		t.Fatalf("verify: %v\n%s", err, e.src)
	}
	res, err := interp.RunFunc(module, e.name)
	if err != nil {
		return nil, err
	}
	ft := function.FuncOp{Operation: function.Lookup(module, e.name)}.Type()
	return formatAs(res, ft.Results()), nil
}

// formatAs prints results as tcp-run does: tensors with tensor.Format,
// scalars as `value : type`.
func formatAs(ts []*tensor.Tensor, types []ir.Type) []string {
	out := make([]string, len(ts))
	for i, r := range ts {
		if i < len(types) && interp.IsScalarType(types[i]) {
			out[i] = r.ElementString(0) + " : " + types[i].String()
			continue
		}
		out[i] = tensor.Format(r)
	}
	return out
}

func TestExamples(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range examples() {
		if seen[e.name] {
			t.Fatalf("duplicate example name %s", e.name)
		}
		seen[e.name] = true
		if e.err != "" && !strings.HasPrefix(e.err, "'") {
			t.Errorf("%s: the expected error must start with the quoted op name (the lit check is \"error: \" + err)", e.name)
		}
		t.Run(e.name, func(t *testing.T) {
			res, err := runExample(t, e)
			if e.err != "" {
				if err == nil {
					t.Fatalf("%s: got %v, want error %q", e.doc, res, e.err)
				}
				if !strings.Contains(err.Error(), e.err) {
					t.Fatalf("%s: error\n%v\nwant it to contain %q", e.doc, err, e.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", e.doc, err)
			}
			if diff := cmp.Diff(e.want, res); diff != "" {
				t.Errorf("%s: results mismatch (-want +got):\n%s", e.doc, diff)
			}
		})
	}
}

func formatAll(ts []*tensor.Tensor) []string {
	out := make([]string, len(ts))
	for i, r := range ts {
		out[i] = tensor.Format(r)
	}
	return out
}

// --------------------------------------------------------------- lit files

const litDir = "../test/lit/interp"

// litFiles renders the examples as lit test files, one per group.
func litFiles() map[string]string {
	files := map[string]*strings.Builder{}
	var order []string
	for _, e := range examples() {
		b := files[e.group]
		if b == nil {
			b = &strings.Builder{}
			files[e.group] = b
			order = append(order, e.group)
			fmt.Fprintf(b, "// Worked examples (%s) run through tcp-run; see interp/examples_test.go.\n", e.group)
			b.WriteString("// Generated by `go test ./interp -run TestLitFiles -update`: edit the table there.\n")
		}
		prefix := strings.ToUpper(e.name)
		fmt.Fprintf(b, "\n// %s\n", e.doc)
		if e.err != "" {
			fmt.Fprintf(b, "// RUN: not tcp-run --print=mlir %%s -e %s 2>&1 | FileCheck %%s --check-prefix=%s\n", e.name, prefix)
			fmt.Fprintf(b, "// %s: error: %s\n", prefix, checkPattern(e.err))
		} else {
			fmt.Fprintf(b, "// RUN: tcp-run --print=mlir %%s -e %s | FileCheck %%s --check-prefix=%s\n", e.name, prefix)
			for i, w := range e.want {
				kind := ":"
				if i > 0 {
					kind = "-NEXT:"
				}
				fmt.Fprintf(b, "// %s%s {{^}}%s{{$}}\n", prefix, kind, checkPattern(w))
			}
		}
		b.WriteString(e.src)
	}
	out := map[string]string{}
	for _, g := range order {
		out[g+".mlir"] = files[g].String()
	}
	return out
}

// checkPattern escapes text for a FileCheck pattern: "[[" would start a
// variable and "{{" a regex.
func checkPattern(s string) string {
	s = strings.ReplaceAll(s, "{{", `{{\{\{}}`)
	return strings.ReplaceAll(s, "[[", `{{\[\[}}`)
}

// TestLitFiles checks that test/lit/interp matches the examples table
// (-update rewrites it). The files themselves run in
// internal/tool/tcprun's TestLit.
func TestLitFiles(t *testing.T) {
	want := litFiles()
	if *update {
		if err := os.MkdirAll(litDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, content := range want {
			if err := os.WriteFile(filepath.Join(litDir, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for name, content := range want {
		got, err := os.ReadFile(filepath.Join(litDir, name))
		if err != nil {
			t.Errorf("%v (run go test ./interp -run TestLitFiles -update)", err)
			continue
		}
		if diff := cmp.Diff(content, string(got)); diff != "" {
			t.Errorf("%s is out of date (run go test ./interp -run TestLitFiles -update):\n%s", name, diff)
		}
	}
}
