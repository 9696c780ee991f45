package golang

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// BenchmarkIndexArith compares, side by side in one kernel binary, an
// element gather (4M f32 from a 32K-element source, one worker, i32
// indices) under mode clip with the same gather behind jax's index
// arithmetic fused into the index load: the wrap of jnp.take(mode="wrap")
// (remsi, cmpi, andi, addi, select) and the in-bounds mask and fill
// select of mode="fill" (cmpi, andi, select of the data). Reports ns per
// output element, timed inside the kernel binary.
func BenchmarkIndexArith(b *testing.B) {
	const n, src = 1 << 22, 1 << 15
	sig := fmt.Sprintf("(%%x: tensor<%[2]dxf32>, %%i: tensor<%[1]dxi32>) -> tensor<%[1]dxf32>", n, src)
	consts := fmt.Sprintf(`  %%k = arith.constant dense<%[2]d> : tensor<%[1]dxi32>
  %%z = arith.constant dense<0> : tensor<%[1]dxi32>
`, n, src)
	kinds := []struct{ name, body string }{
		{"clip", `  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<SRCxf32>, tensor<Nxi32> -> tensor<Nxf32>
  return %0 : tensor<Nxf32>
`},
		{"wrap", consts + `  %r = arith.remsi %i, %k : tensor<Nxi32>
  %ne = arith.cmpi ne, %r, %z : tensor<Nxi32>
  %lt = arith.cmpi slt, %r, %z : tensor<Nxi32>
  %m = arith.andi %ne, %lt : tensor<Nxi1>
  %a = arith.addi %r, %k : tensor<Nxi32>
  %w = arith.select %m, %a, %r : tensor<Nxi1>, tensor<Nxi32>
  %0 = tcp.gather %x, %w {dim = 0 : index, mode = "promise_in_bounds"} : tensor<SRCxf32>, tensor<Nxi32> -> tensor<Nxf32>
  return %0 : tensor<Nxf32>
`},
		{"fill", consts + `  %ge = arith.cmpi sge, %i, %z : tensor<Nxi32>
  %lt = arith.cmpi slt, %i, %k : tensor<Nxi32>
  %ok = arith.andi %ge, %lt : tensor<Nxi1>
  %g = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<SRCxf32>, tensor<Nxi32> -> tensor<Nxf32>
  %nan = arith.constant dense<0x7FC00000> : tensor<Nxf32>
  %0 = arith.select %ok, %g, %nan : tensor<Nxi1>, tensor<Nxf32>
  return %0 : tensor<Nxf32>
`},
	}
	mod := ""
	for _, k := range kinds {
		body := k.body
		for _, rep := range [][2]string{{"SRC", fmt.Sprint(src)}, {"N", fmt.Sprint(n)}} {
			body = strings.ReplaceAll(body, rep[0], rep[1])
		}
		mod += fmt.Sprintf("func.func @%s%s {\n%s}\n", k.name, sig, body)
	}
	m, err := parser.Parse("arith.mlir", mod, parser.Options{})
	if err != nil {
		b.Fatalf("%v\n%s", err, mod)
	}
	pr := startKernels(b, m)
	r := rand.New(rand.NewSource(1))
	args := []*tensor.Tensor{randF32(r, src), randIdx(r, false, tensor.I32, src, n)}
	for _, k := range kinds {
		b.Run(k.name, func(b *testing.B) {
			_, sec, err := pr.Call(k.name, args, CallOptions{Bench: b.N, Workers: 1})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(sec*1e9/n, "ns/elem")
		})
	}
}
