//go:build !amd64 || purego

package gatherrow

// path is one way the package may run; this build has the Go loop alone.
type path struct {
	name string
	use  func() (restore func())
}

func paths() []path {
	return []path{{"go", func() func() { return func() {} }}}
}

// take2Paths is paths: no element loops to choose here.
func take2Paths() []path { return paths() }
