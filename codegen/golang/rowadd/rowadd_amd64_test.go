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
