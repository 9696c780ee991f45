package filecheck_test

import (
	"fmt"

	"github.com/tcp-project/tcp/internal/filecheck"
)

// Check a compiler's output against the FileCheck directives of a test.
func ExampleCheck() {
	checks := `// CHECK-LABEL: func @add
// CHECK: %[[SUM:.*]] = arith.addi %arg0, %arg1
// CHECK-NEXT: return %[[SUM]]
`
	output := `func @add(%arg0: i32, %arg1: i32) -> i32 {
  %0 = arith.addi %arg0, %arg1 : i32
  return %0 : i32
}
`
	res, err := filecheck.Check("add.mlir", checks, "<stdin>", output, filecheck.Options{})
	fmt.Println(res.ExitCode, err)

	// A failing check reports FileCheck's diagnostics.
	opts := filecheck.Options{DumpInput: "never"}
	res, err = filecheck.Check("add.mlir", "// CHECK: arith.muli\n", "<stdin>", output, opts)
	fmt.Println(res.ExitCode)
	fmt.Println(err)
	fmt.Print(res.Output)
	// Output:
	// 0 <nil>
	// 1
	// add.mlir:1:11: error: CHECK: expected string not found in input
	// add.mlir:1:11: error: CHECK: expected string not found in input
	// // CHECK: arith.muli
	//           ^
	// <stdin>:1:1: note: scanning from here
	// func @add(%arg0: i32, %arg1: i32) -> i32 {
	// ^
	// <stdin>:2:7: note: possible intended match here
	//  %0 = arith.addi %arg0, %arg1 : i32
	//       ^
}

// Main runs FileCheck with a command line, as a lit runner would.
func ExampleMain() {
	// With no check file, FileCheck reports a usage error (exit code 2).
	code := filecheck.Main([]string{"--dump-input=never"}, nil, nil, discard{})
	fmt.Println(code)
	// Output: 2
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
