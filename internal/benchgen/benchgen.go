// Package benchgen generates large MLIR inputs for parser benchmarks: one
// func.func with n operations in generic form, mixing tcp ops (gather,
// gather_nd, broadcast, slice, const) with func ops, all of which verify.
package benchgen

import (
	"fmt"
	"io"
	"strings"
)

// Write writes the generated module with n body operations to w.
func Write(w io.Writer, n int) error {
	var b strings.Builder
	b.Grow(128 * n)
	b.WriteString(`"builtin.module"() ({` + "\n")
	b.WriteString(`  "func.func"() ({` + "\n")
	b.WriteString(`  ^bb0(%arg0: tensor<3x4xf32>, %arg1: tensor<2x4xi64>, %arg2: tensor<4x2xi64>, %arg3: tensor<3x1xf32>, %arg4: index):` + "\n")
	v := 0
	for i := 0; i < n; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "    %%%d = \"tcp.gather\"(%%arg0, %%arg1) {dim = 0 : index} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>\n", v)
		case 1:
			fmt.Fprintf(&b, "    %%%d = \"tcp.gather_nd\"(%%arg0, %%arg2) {mode = \"clip\"} : (tensor<3x4xf32>, tensor<4x2xi64>) -> tensor<4xf32>\n", v)
		case 2:
			fmt.Fprintf(&b, "    %%%d = \"tcp.broadcast_to\"(%%arg3, %%arg4) {axes = [1]} : (tensor<3x1xf32>, index) -> tensor<3x?xf32>\n", v)
		case 3:
			fmt.Fprintf(&b, "    %%%d = \"tcp.const\"() {value = dense<[1, 2, 3]> : tensor<3xi64>} : () -> tensor<3xi64>\n", v)
		}
		v++
	}
	b.WriteString(`    "func.return"() : () -> ()` + "\n")
	b.WriteString(`  }) {function_type = (tensor<3x4xf32>, tensor<2x4xi64>, tensor<4x2xi64>, tensor<3x1xf32>, index) -> (), sym_name = "big"} : () -> ()` + "\n")
	b.WriteString(`}) : () -> ()` + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}
