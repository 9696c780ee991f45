package conversion_test

import (
	"fmt"
	"os"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/passes/conversion"
)

// A partial conversion with the toy dialect of conversion_test.go: the
// illegal cvt.a becomes cvt.b, and the function signature drops !cvt.box.
func ExampleApplyPartialConversion() {
	m, _ := parser.Parse("ex.mlir", `func.func @f(%x: !cvt.box) -> !cvt.box {
  %0 = "cvt.a"(%x) : (!cvt.box) -> !cvt.box
  return %0 : !cvt.box
}`, parser.Options{})
	tc := typeConverter()
	if err := conversion.ApplyPartialConversion(m, target(tc), patterns(tc), tc); err != nil {
		fmt.Println(err)
		return
	}
	ir.Print(os.Stdout, m, ir.PrintOptions{})
	// Output:
	// module {
	//   func.func @f(%arg0: i32) -> i32 {
	//     %0 = "cvt.b"(%arg0) : (i32) -> i32
	//     return %0 : i32
	//   }
	// }
}

// A failure names the op and carries the pattern's reason as a note.
func ExampleApplyFullConversion() {
	m, _ := parser.Parse("ex.mlir", `func.func @f(%x: i32) {
  "cvt.bad"(%x) : (i32) -> ()
  return
}`, parser.Options{})
	tc := typeConverter()
	err := conversion.ApplyFullConversion(m, target(tc), patterns(tc), tc)
	fmt.Println(err)
	// Output:
	// ex.mlir:2:3: error: failed to legalize operation 'cvt.bad' that was explicitly marked illegal
	// ex.mlir:2:3: note: 'cvt.bad' op operand 0 is not a constant
}
