package interp_test

// The tests use every dialect, as tcp-run does. (dialect/all does not list
// arith and tensor yet; the explicit imports are harmless once it does.)
import (
	_ "github.com/tcp-project/tcp/dialect/all"
	_ "github.com/tcp-project/tcp/dialect/arith"
	_ "github.com/tcp-project/tcp/dialect/tensor"
)
