package dml_test

// The verifier rules of dml.element_wise_min (appended to verifyCases).
func init() {
	verifyCases = append(verifyCases, []struct{ name, level, args, body, want string }{
		{"min sizes", "", "%a: tensor<4xi32>, %b: tensor<1xi32>",
			"%0 = dml.element_wise_min %a, %b {dimension_count = 1 : index} : tensor<4xi32>, tensor<1xi32> -> tensor<4xi32>",
			"'dml.element_wise_min' op expects a sizes [4] and b sizes [1] to equal output sizes [4]"},
		{"min element types", "", "%a: tensor<4xi32>, %b: tensor<4xi64>",
			"%0 = dml.element_wise_min %a, %b {dimension_count = 1 : index} : tensor<4xi32>, tensor<4xi64> -> tensor<4xi32>",
			"'dml.element_wise_min' op failed to verify that all of {a, b, out} have same element type"},
		{"min integers below 3.0", "2.1", "%a: tensor<4xi32>, %b: tensor<4xi32>",
			"%0 = dml.element_wise_min %a, %b {dimension_count = 4 : index} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>",
			"'dml.element_wise_min' op INT32 data in ELEMENT_WISE_MIN needs feature level 3.0, got 2.1"},
		{"min 64-bit below 5.0", "4.1", "%a: tensor<4xi64>, %b: tensor<4xi64>",
			"%0 = dml.element_wise_min %a, %b {dimension_count = 1 : index} : tensor<4xi64>, tensor<4xi64> -> tensor<4xi64>",
			"'dml.element_wise_min' op INT64 data in ELEMENT_WISE_MIN needs feature level 5.0, got 4.1"},
		{"min broadcast bounds", "3.0", "%a: tensor<5x2xi32>, %b: tensor<2xi32>",
			"%0 = dml.element_wise_min %a, %b {b_sizes = [5, 2], b_strides = [0, 1], dimension_count = 2 : index} : tensor<5x2xi32>, tensor<2xi32> -> tensor<5x2xi32>",
			""},
	}...)
}
