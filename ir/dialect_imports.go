package ir

import "fmt"

// dialectPackages maps each dialect this module defines to the Go package
// whose import registers it (the op, type and attribute definitions are
// added to Global by that package's init).
var dialectPackages = map[string]string{
	"arith":       "github.com/tcp-project/tcp/dialect/arith",
	"check":       "github.com/tcp-project/tcp/dialect/stablehlo",
	"dml":         "github.com/tcp-project/tcp/dialect/dml",
	"func":        "github.com/tcp-project/tcp/dialect/func",
	"mhlo":        "github.com/tcp-project/tcp/dialect/stablehlo",
	"onnx":        "github.com/tcp-project/tcp/dialect/onnx",
	"stablehlo":   "github.com/tcp-project/tcp/dialect/stablehlo",
	"tcp":         "github.com/tcp-project/tcp/dialect/tcp",
	"tensor":      "github.com/tcp-project/tcp/dialect/tensor",
	"tf":          "github.com/tcp-project/tcp/dialect/tf",
	"tf_executor": "github.com/tcp-project/tcp/dialect/tf",
	"torch":       "github.com/tcp-project/tcp/dialect/torch",
	"torch_c":     "github.com/tcp-project/tcp/dialect/torch",
}

// DialectPackage returns the import path of the package that registers
// dialect, or "" if this module does not define it.
func DialectPackage(dialect string) string { return dialectPackages[dialect] }

// MissingDialectHint says which import registers dialect, for errors on a
// dialect this module defines but the program did not link ("" for other
// dialects, whose errors stay MLIR's).
func MissingDialectHint(dialect string) string {
	p := dialectPackages[dialect]
	if p == "" {
		return ""
	}
	return fmt.Sprintf("; the %s dialect is registered by importing _ %q (or github.com/tcp-project/tcp/dialect/all for every dialect; the github.com/tcp-project/tcp/compiler package registers everything)", dialect, p)
}
