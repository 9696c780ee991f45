package dml_test

// The verifier rules of dml.join (appended to verifyCases).
func init() {
	verifyCases = append(verifyCases, []struct{ name, level, args, body, want string }{
		{"join element types", "", "%a: tensor<3x1xf32>, %b: tensor<3x2xf16>",
			"%0 = dml.join %a, %b {axis = 1 : index, dimension_count = 2 : index} : tensor<3x1xf32>, tensor<3x2xf16> -> tensor<3x3xf32>",
			"'dml.join' op expects every input to have the result's element type f32, got f16 for input #1"},
		{"join axis", "", "%a: tensor<3x1xf32>, %b: tensor<3x2xf32>",
			"%0 = dml.join %a, %b {axis = 2 : index, dimension_count = 2 : index} : tensor<3x1xf32>, tensor<3x2xf32> -> tensor<3x3xf32>",
			"'dml.join' op expects axis in [0, 2), got 2"},
		{"join sizes off the axis", "", "%a: tensor<3x1xf32>, %b: tensor<2x2xf32>",
			"%0 = dml.join %a, %b {axis = 1 : index, dimension_count = 2 : index} : tensor<3x1xf32>, tensor<2x2xf32> -> tensor<3x3xf32>",
			"'dml.join' op expects input #1 sizes [2 2] to equal the output sizes [3 3] except at axis 1"},
		{"join sum", "", "%a: tensor<3x1xf32>, %b: tensor<3x1xf32>",
			"%0 = dml.join %a, %b {axis = 1 : index, dimension_count = 2 : index} : tensor<3x1xf32>, tensor<3x1xf32> -> tensor<3x3xf32>",
			"'dml.join' op expects the input sizes at axis 1 to sum to the output's 3, got 2"},
		{"join 64-bit below 4.1", "4.0", "%a: tensor<3x1xi64>, %b: tensor<3x2xi64>",
			"%0 = dml.join %a, %b {axis = 1 : index, dimension_count = 2 : index} : tensor<3x1xi64>, tensor<3x2xi64> -> tensor<3x3xi64>",
			"'dml.join' op INT64 data in JOIN needs feature level 4.1, got 4.0"},
		{"join DimensionCount below 3.0", "2.1", "%a: tensor<3x1xf32>, %b: tensor<3x2xf32>",
			"%0 = dml.join %a, %b {axis = 1 : index, dimension_count = 2 : index} : tensor<3x1xf32>, tensor<3x2xf32> -> tensor<3x3xf32>",
			"'dml.join' op JOIN with DimensionCount 2 (4 or 5 before 3.0) needs feature level 3.0, got 2.1"},
		{"join padded", "2.1", "%a: tensor<3x1xf32>, %b: tensor<3x2xf32>",
			"%0 = dml.join %a, %b {axis = 3 : index, dimension_count = 4 : index} : tensor<3x1xf32>, tensor<3x2xf32> -> tensor<3x3xf32>",
			""},
	}...)
}
