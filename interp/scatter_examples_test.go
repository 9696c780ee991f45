package interp_test

import "fmt"

// scatterOp builds a one-op example of tcp.scatter / tcp.scatter_nd on
// constants x, idx and upd.
func scatterOp(group, name, doc, op, x, idx, upd, attrs string) example {
	a := ""
	if attrs != "" {
		a = " {" + attrs + "}"
	}
	out := typeOf(x)
	body := cst("x", x) + cst("i", idx) + cst("u", upd) +
		fmt.Sprintf("  %%0 = %s %%x, %%i, %%u%s : %s, %s, %s -> %s\n", op, a, out, typeOf(idx), typeOf(upd), out)
	return example{group: group, name: name, doc: doc, src: fn(name, out, body)}
}

// scatterExamples: the ONNX node-test scatters, duplicates under every
// combine, every mode on the §2 indices, and NaN under min/max.
func scatterExamples() []example {
	const s, snd = "tcp.scatter", "tcp.scatter_nd"
	sc := func(name, doc, x, idx, upd, attrs string) example {
		return scatterOp("scatter", name, doc, s, x, idx, upd, attrs)
	}
	nd := func(name, doc, x, idx, upd, attrs string) example {
		return scatterOp("scatter", name, doc, snd, x, idx, upd, attrs)
	}
	z33 := d("[[0.0,0.0,0.0],[0.0,0.0,0.0],[0.0,0.0,0.0]]", "tensor<3x3xf32>")
	row := d("[[1.0,2.0,3.0,4.0,5.0]]", "tensor<1x5xf32>")
	upd2 := d("[[1.1,2.1]]", "tensor<1x2xf32>")
	i6 := d("[-7,-1,0,4,5,7]", "tensor<6xi64>")
	u6 := d("[1,2,3,4,5,6]", "tensor<6xi64>")
	dup := d("[2,0,2,2]", "tensor<4xi64>")
	u4 := d("[1,2,3,4]", "tensor<4xi64>")
	data8 := d("[1.0,2.0,3.0,4.0,5.0,6.0,7.0,8.0]", "tensor<8xf32>")
	var ex []example
	ex = append(ex,
		sc("scatter_elements_without_axis", "ONNX test_scatter_elements_without_axis", z33, d("[[1,0,2],[0,2,1]]", "tensor<2x3xi64>"),
			d("[[1.0,1.1,1.2],[2.0,2.1,2.2]]", "tensor<2x3xf32>"), `dim = 0 : index, mode = "wrap_negative"`).
			wants("dense<[[2.000000e+00, 1.100000e+00, 0.000000e+00], [1.000000e+00, 0.000000e+00, 2.200000e+00], [0.000000e+00, 2.100000e+00, 1.200000e+00]]> : tensor<3x3xf32>"),
		sc("scatter_elements_with_duplicate_indices", "ONNX test_scatter_elements_with_duplicate_indices (reduction add)", row, d("[[1,1]]", "tensor<1x2xi64>"), upd2,
			`combine = "add", dim = 1 : index, mode = "wrap_negative"`).
			wants("dense<[[1.000000e+00, 5.200000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00]]> : tensor<1x5xf32>"),
		sc("scatter_elements_with_negative_indices", "ONNX test_scatter_elements_with_negative_indices", row, d("[[1,-3]]", "tensor<1x2xi64>"), upd2,
			`dim = 1 : index, mode = "wrap_negative"`).
			wants("dense<[[1.000000e+00, 1.100000e+00, 2.100000e+00, 4.000000e+00, 5.000000e+00]]> : tensor<1x5xf32>"),
		// Duplicates [2, 0, 2, 2] with updates [1, 2, 3, 4] on a5: row-major order.
		sc("scatter_dup_replace", "duplicates: replace keeps the last update (4)", a5, dup, u4, "dim = 0 : index").
			wants("dense<[2, 20, 4, 40, 50]> : tensor<5xi64>"),
		sc("scatter_dup_add", "duplicates: add sums 30+1+3+4", a5, dup, u4, `combine = "add", dim = 0 : index`).
			wants("dense<[12, 20, 38, 40, 50]> : tensor<5xi64>"),
		sc("scatter_dup_mul", "duplicates: mul multiplies 30*1*3*4", a5, dup, u4, `combine = "mul", dim = 0 : index`).
			wants("dense<[20, 20, 360, 40, 50]> : tensor<5xi64>"),
		sc("scatter_dup_min", "duplicates: min", a5, dup, u4, `combine = "min", dim = 0 : index`).
			wants("dense<[2, 20, 1, 40, 50]> : tensor<5xi64>"),
		sc("scatter_dup_max", "duplicates: max", a5, dup, d("[31,0,35,33]", "tensor<4xi64>"), `combine = "max", dim = 0 : index`).
			wants("dense<[10, 20, 35, 40, 50]> : tensor<5xi64>"),
		sc("scatter_dup_and", "duplicates: and", d("[15,7]", "tensor<2xi32>"), d("[0,0]", "tensor<2xi64>"), d("[12,6]", "tensor<2xi32>"), `combine = "and", dim = 0 : index`).
			wants("dense<[4, 7]> : tensor<2xi32>"),
		sc("scatter_dup_or", "duplicates: or on i1", d("[false,false]", "tensor<2xi1>"), d("[1,1]", "tensor<2xi64>"), d("[true,false]", "tensor<2xi1>"), `combine = "or", dim = 0 : index`).
			wants("dense<[false, true]> : tensor<2xi1>"),
		sc("scatter_f32_add_order", "add rounds in index order: (1 + 2^-24) + 2^-24 stays 1 in f32", d("[1.0]", "tensor<1xf32>"), d("[0,0]", "tensor<2xi64>"),
			d("[5.96046448E-8,5.96046448E-8]", "tensor<2xf32>"), `combine = "add", dim = 0 : index`).
			wants("dense<1.000000e+00> : tensor<1xf32>"),
		sc("scatter_max_nan", "max: a NaN update propagates; a later larger value does not replace it", d("[1.0,2.0]", "tensor<2xf32>"), d("[0,0,1]", "tensor<3xi64>"),
			d("[0x7FC00000,5.0,-1.0]", "tensor<3xf32>"), `combine = "max", dim = 0 : index`).
			wants("dense<[0x7FC00000, 2.000000e+00]> : tensor<2xf32>"),
		sc("scatter_min_nan", "min: NaN propagates", d("[1.0]", "tensor<1xf32>"), d("[0]", "tensor<1xi64>"), d("[0x7FC00000]", "tensor<1xf32>"), `combine = "min", dim = 0 : index`).
			wants("dense<0x7FC00000> : tensor<1xf32>"),
		// Every mode on indices [-7, -1, 0, 4, 5, 7] with updates [1..6].
		sc("scatter_mode_promise_in_bounds", "promise_in_bounds is checked by the interpreter", a5, i6, u6, "dim = 0 : index").
			fails("'tcp.scatter' op index -7 is out of bounds for dimension 0 with size 5 (mode promise_in_bounds)"),
		sc("scatter_mode_error", "error: the first offending index in row-major order", a5, i6, u6, `dim = 0 : index, mode = "error"`).
			fails("'tcp.scatter' op index -7 is out of bounds for dimension 0 with size 5"),
		sc("scatter_mode_wrap_negative", "wrap_negative: -7 is out of range", a5, i6, u6, `dim = 0 : index, mode = "wrap_negative"`).
			fails("'tcp.scatter' op index -7 is out of bounds for dimension 0 with size 5"),
		sc("scatter_mode_wrap_negative_ok", "wrap_negative: -1 and -5 count from the end", a5, d("[-1,-5,1]", "tensor<3xi64>"), d("[1,2,3]", "tensor<3xi64>"), `dim = 0 : index, mode = "wrap_negative"`).
			wants("dense<[2, 3, 30, 40, 1]> : tensor<5xi64>"),
		sc("scatter_mode_clip", "clip: -7, -1, 0 add to 0; 4, 5, 7 to 4", a5, i6, u6, `combine = "add", dim = 0 : index, mode = "clip"`).
			wants("dense<[16, 20, 30, 40, 65]> : tensor<5xi64>"),
		sc("scatter_mode_wrap", "wrap: -7 -> 3, -1 -> 4, 5 -> 0, 7 -> 2", a5, i6, u6, `dim = 0 : index, mode = "wrap"`).
			wants("dense<[5, 20, 6, 1, 4]> : tensor<5xi64>"),
		sc("scatter_mode_drop", "drop: out-of-range updates are skipped (jax's default)", a5, i6, u6, `dim = 0 : index, mode = "drop"`).
			wants("dense<[3, 20, 30, 40, 4]> : tensor<5xi64>"),
		sc("scatter_unique_broken", "unique_indices is a checked promise", a5, dup, u4, "dim = 0 : index, unique_indices").
			fails("'tcp.scatter' op unique_indices promise broken: updates at [0] and [2] both write output element [2]"),
		// scatter_nd.
		nd("scatternd_example", "ONNX ScatterND example 1", data8, d("[[4],[3],[1],[7]]", "tensor<4x1xi64>"), d("[9.0,10.0,11.0,12.0]", "tensor<4xf32>"), `mode = "wrap_negative"`).
			wants("dense<[1.000000e+00, 1.100000e+01, 3.000000e+00, 1.000000e+01, 9.000000e+00, 6.000000e+00, 7.000000e+00, 1.200000e+01]> : tensor<8xf32>"),
		nd("scatternd_add_duplicates", "ScatterND reduction add with a repeated index", data8, d("[[1],[1],[-1]]", "tensor<3x1xi64>"), d("[9.0,10.0,11.0]", "tensor<3xf32>"), `combine = "add", mode = "wrap_negative"`).
			wants("dense<[1.000000e+00, 2.100000e+01, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 1.900000e+01]> : tensor<8xf32>"),
		nd("scatternd_rows_replace_last", "row slices; the second write of row 0 wins", d("[[1,2],[3,4],[5,6]]", "tensor<3x2xi32>"), d("[[0],[2],[0]]", "tensor<3x1xi64>"),
			d("[[7,8],[9,10],[11,12]]", "tensor<3x2xi32>"), "").
			wants("dense<[[11, 12], [3, 4], [9, 10]]> : tensor<3x2xi32>"),
		nd("scatternd_batch_dims", "batch_dims = 1, max", d("[[0,1,2,3,4],[5,6,7,8,9]]", "tensor<2x5xi32>"), d("[[[0],[4],[0]],[[1],[1],[-1]]]", "tensor<2x3x1xi64>"),
			d("[[9,9,1],[7,3,20]]", "tensor<2x3xi32>"), `batch_dims = 1 : index, combine = "max", mode = "wrap_negative"`).
			wants("dense<[[9, 1, 2, 3, 9], [5, 7, 7, 8, 20]]> : tensor<2x5xi32>"),
		nd("scatternd_drop", "drop skips a tuple with any component out of range", d("[[0,1,2],[3,4,5]]", "tensor<2x3xi64>"), d("[[1,3],[0,1],[-1,0]]", "tensor<3x2xi64>"),
			d("[7,8,9]", "tensor<3xi64>"), `mode = "drop"`).
			wants("dense<[[0, 8, 2], [3, 4, 5]]> : tensor<2x3xi64>"),
		nd("scatternd_error", "error names the tuple component's dimension", d("[[0,1,2],[3,4,5]]", "tensor<2x3xi64>"), d("[[0,0],[1,3]]", "tensor<2x2xi64>"),
			d("[7,8]", "tensor<2xi64>"), `mode = "error"`).
			fails("'tcp.scatter_nd' op index 3 is out of bounds for dimension 1 with size 3"),
	)
	return ex
}
