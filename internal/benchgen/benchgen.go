package benchgen

import (
	"bufio"
	"io"
	"strconv"
)

// Write writes the generated module with n body operations to w. It
// streams: memory use does not grow with n.
func Write(w io.Writer, n int) error {
	b := bufio.NewWriterSize(w, 64<<10)
	b.WriteString(`"builtin.module"() ({` + "\n")
	b.WriteString(`  "func.func"() ({` + "\n")
	b.WriteString(`  ^bb0(%arg0: tensor<3x4xf32>, %arg1: tensor<2x4xi64>, %arg2: tensor<4x2xi64>, %arg3: tensor<3x1xf32>, %arg4: index):` + "\n")
	var num []byte
	for i := 0; i < n; i++ {
		b.WriteString("    %")
		num = strconv.AppendInt(num[:0], int64(i), 10)
		b.Write(num)
		switch i % 4 {
		case 0:
			b.WriteString(" = \"tcp.gather\"(%arg0, %arg1) {dim = 0 : index} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>\n")
		case 1:
			b.WriteString(" = \"tcp.gather_nd\"(%arg0, %arg2) {mode = \"clip\"} : (tensor<3x4xf32>, tensor<4x2xi64>) -> tensor<4xf32>\n")
		case 2:
			b.WriteString(" = \"tcp.broadcast_to\"(%arg3, %arg4) {axes = [1]} : (tensor<3x1xf32>, index) -> tensor<3x?xf32>\n")
		case 3:
			b.WriteString(" = \"tcp.const\"() {value = dense<[1, 2, 3]> : tensor<3xi64>} : () -> tensor<3xi64>\n")
		}
	}
	b.WriteString(`    "func.return"() : () -> ()` + "\n")
	b.WriteString(`  }) {function_type = (tensor<3x4xf32>, tensor<2x4xi64>, tensor<4x2xi64>, tensor<3x1xf32>, index) -> (), sym_name = "big"} : () -> ()` + "\n")
	b.WriteString(`}) : () -> ()` + "\n")
	return b.Flush()
}
