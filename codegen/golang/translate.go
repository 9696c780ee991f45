package golang

import (
	"io"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/translate"
)

func init() {
	translate.Register(translate.Translation{
		Name:        "mlir-to-go",
		Description: "emit fused Go kernels, one exported function per func.func",
		Options: []translate.Option{
			{Name: "go-package", Default: "kernels", Description: "the Go package name of the output"},
		},
		FromMLIR: func(module *ir.Operation, opts translate.Options, w io.Writer) error {
			src, err := Emit(module, Options{Package: opts["go-package"]})
			if err != nil {
				return err
			}
			_, err = w.Write(src)
			return err
		},
	})
}
