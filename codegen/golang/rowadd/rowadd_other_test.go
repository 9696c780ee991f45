//go:build !amd64 || purego

package rowadd

// paths: this build has no assembly; TestPaths checks AddF32 (the Go
// loop) alone.
func paths() []path { return nil }
