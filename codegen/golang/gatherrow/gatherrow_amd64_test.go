//go:build amd64 && !purego

package gatherrow

// path is one way the package may run: the assembly (when the CPU has
// AVX2) or the Go loop alone.
type path struct {
	name string
	use  func() (restore func())
}

func paths() []path {
	set := func(v bool) func() func() {
		return func() func() {
			was := useAVX2
			useAVX2 = v
			return func() { useAVX2 = was }
		}
	}
	p := []path{{"go", set(false)}}
	if hasAVX2() {
		p = append(p, path{"avx2", set(true)})
	}
	return p
}
