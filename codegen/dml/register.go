package dml

import (
	"io"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/translate"
)

func emitter(write func(io.Writer, *Module) error) func(*ir.Operation, translate.Options, io.Writer) error {
	return func(module *ir.Operation, _ translate.Options, w io.Writer) error {
		m, err := BuildModule(module)
		if err != nil {
			return err
		}
		return write(w, m)
	}
}

func init() {
	translate.Register(translate.Translation{
		Name:        "mlir-to-dml-json",
		Description: "Emit the DirectML graphs (DML_GRAPH_DESC, operator and tensor descs) of a lowered module as JSON",
		FromMLIR:    emitter(WriteJSON),
	})
	translate.Register(translate.Translation{
		Name:        "mlir-to-dml-cpp",
		Description: "Emit a C++17 translation unit that builds, compiles and dispatches the DirectML graphs of a lowered module",
		FromMLIR:    emitter(WriteCPP),
	})
	translate.Register(translate.Translation{
		Name:        "mlir-to-dot",
		Description: "Emit the DirectML graphs of a lowered module as a Graphviz digraph",
		FromMLIR:    emitter(WriteDOT),
	})
}
