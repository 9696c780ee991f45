//go:build amd64 && !purego

package rowadd

// paths are the assembly loops of this build, each compared with the Go
// loop by TestPaths; the AVX loop only where the CPU and OS support it.
func paths() []path {
	ps := []path{{"sse", addF32SSE}}
	if useAVX {
		ps = append(ps, path{"avx", addF32AVX})
	}
	return ps
}

// scatterPaths are the assembly loops of ScatterAddF32I64/I32, each
// compared with scatterAddGo by TestScatterAdd.
func scatterPaths() ([]func(*float32, int, *int64, *float32, int, int) int, []func(*float32, int, *int32, *float32, int, int) int) {
	return []func(*float32, int, *int64, *float32, int, int) int{scatterAddI64},
		[]func(*float32, int, *int32, *float32, int, int) int{scatterAddI32}
}

// colsPaths are the assembly loops of ScatterAddColsF32I64/I32.
func colsPaths() ([]func(*float32, int, int, *int64, *float32, int, int) int, []func(*float32, int, int, *int32, *float32, int, int) int) {
	return []func(*float32, int, int, *int64, *float32, int, int) int{scatterAddColsI64},
		[]func(*float32, int, int, *int32, *float32, int, int) int{scatterAddColsI32}
}

// rowsPaths are the assembly loops of ScatterRowsF32I64/I32, the AVX
// ones where the CPU and OS support them.
func rowsPaths() ([]func(*float32, int, int, *int64, *float32, int, int, bool, bool) int, []func(*float32, int, int, *int32, *float32, int, int, bool, bool) int) {
	p64 := []func(*float32, int, int, *int64, *float32, int, int, bool, bool) int{scatterRowsI64}
	p32 := []func(*float32, int, int, *int32, *float32, int, int, bool, bool) int{scatterRowsI32}
	if useAVX {
		p64, p32 = append(p64, scatterRowsAVXI64), append(p32, scatterRowsAVXI32)
	}
	return p64, p32
}
