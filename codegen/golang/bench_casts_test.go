package golang

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// BenchmarkIndexCasts compares, side by side in one kernel binary, an
// element gather (4M f32 from a 1M-element source, one worker) whose
// indices are i64 with the same gather reading ui32, ui64 (saturating)
// and i16 indices through tcp.cast_indices / arith.extsi: the cost of a
// cast fused into the index load (indices in [0, 2^15), so the source
// reads stay in cache and the index bytes dominate). Reports ns per
// output element, timed inside the kernel binary.
func BenchmarkIndexCasts(b *testing.B) {
	const n, src = 1 << 22, 1 << 20
	kinds := []struct{ name, elem, cast string }{
		{"i64", "i64", ""},
		{"ui32", "ui32", "tcp.cast_indices %%i : tensor<%[1]dxui32> -> tensor<%[1]dxi64>"},
		{"ui64", "ui64", "tcp.cast_indices %%i : tensor<%[1]dxui64> -> tensor<%[1]dxi64>"},
		{"i16", "i16", "arith.extsi %%i : tensor<%[1]dxi16> to tensor<%[1]dxi64>"},
	}
	mod := ""
	for _, k := range kinds {
		body, idx := "", "%i"
		if k.cast != "" {
			body, idx = "  %c = "+fmt.Sprintf(k.cast, n)+"\n", "%c"
		}
		mod += fmt.Sprintf("func.func @%s(%%x: tensor<%dxf32>, %%i: tensor<%dx%s>) -> tensor<%dxf32> {\n%s  %%0 = tcp.gather %%x, %s {dim = 0 : index, mode = \"clip\"} : tensor<%dxf32>, tensor<%dxi64> -> tensor<%dxf32>\n  return %%0 : tensor<%dxf32>\n}\n",
			k.name, src, n, k.elem, n, body, idx, src, n, n, n)
	}
	m, err := parser.Parse("casts.mlir", mod, parser.Options{})
	if err != nil {
		b.Fatalf("%v\n%s", err, mod)
	}
	pr := startKernels(b, m)
	r := rand.New(rand.NewSource(1))
	x := randF32(r, src)
	for _, k := range kinds {
		dt, err := tensor.ParseDType(k.elem)
		if err != nil {
			b.Fatal(err)
		}
		args := []*tensor.Tensor{x, randIdx(r, false, dt, min(src, 1<<15), n)}
		b.Run(k.name, func(b *testing.B) {
			_, sec, err := pr.Call(k.name, args, CallOptions{Bench: b.N, Workers: 1})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(sec*1e9/n, "ns/elem")
		})
	}
}
