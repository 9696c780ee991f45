// tcp-run --backend=go names the function in Go strings of the kernel
// binary's driver; a name that would close such a string (and a % verb)
// is quoted, so the binary runs the kernel and nothing else.
// RUN: tcp-run --print=mlir %s --backend=go 2>&1 | FileCheck %s

// CHECK-NOT: pwned
// CHECK: dense<[3.000000e+00, 1.000000e+00]> : tensor<2xf32>
func.func @"a\22) }; func init() { panic(\22pwned\22) }; var _ = fmt.Sprint(\22%d"() -> tensor<2xf32> {
  %a = tcp.const {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : tensor<3xf32>
  %i = tcp.const {value = dense<[2, 0]> : tensor<2xi64>} : tensor<2xi64>
  %o = tcp.gather %a, %i {dim = 0 : index, mode = "error"} : tensor<3xf32>, tensor<2xi64> -> tensor<2xf32>
  return %o : tensor<2xf32>
}
