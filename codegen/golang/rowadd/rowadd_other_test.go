//go:build !amd64 || purego

package rowadd

// paths: this build has no assembly; TestPaths checks AddF32 (the Go
// loop) alone.
func paths() []path { return nil }

func scatterPaths() ([]func(*float32, int, *int64, *float32, int, int) int, []func(*float32, int, *int32, *float32, int, int) int) {
	return nil, nil
}

func colsPaths() ([]func(*float32, int, int, *int64, *float32, int, int) int, []func(*float32, int, int, *int32, *float32, int, int) int) {
	return nil, nil
}

func rowsPaths() ([]func(*float32, int, int, *int64, *float32, int, int, bool, bool) int, []func(*float32, int, int, *int32, *float32, int, int, bool, bool) int) {
	return nil, nil
}
