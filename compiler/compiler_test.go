package compiler_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/compiler"
)

// Every job reports bad input as an error naming the fault.
func TestErrors(t *testing.T) {
	m, err := compiler.Parse("gather.mlir", []byte(onnxGather))
	if err != nil {
		t.Fatal(err)
	}
	_, missing := compiler.ParseFile(filepath.Join(t.TempDir(), "none.mlir"))
	_, badONNX := compiler.ImportONNX("bad.onnx", []byte{0xff, 0xff})
	_, badTranslation := m.Translate("mlir-to-nothing", nil)
	_, badOption := m.Translate("mlir-to-go", map[string]string{"no-option": "x"})
	_, noFunc := m.Run("nosuch")
	_, goFrontend := m.GoSource("")
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"ParseFile", missing, "none.mlir"},
		{"ImportONNX", badONNX, "bad.onnx:1:"},
		{"Translate", badTranslation, `no translation named "mlir-to-nothing" (registered: `},
		{"Translate option", badOption, `translation mlir-to-go has no option "no-option"`},
		{"RunPasses", m.Clone().RunPasses("no-such-pass"), "'no-such-pass' does not refer to a registered pass or pass pipeline"},
		{"Run", noFunc, "no func.func @nosuch"},
		{"GoSource on frontend IR", goFrontend, "convert first with the frontends-to-tcp-pipeline"},
		{"LowerToDirectML on frontend IR", m.Clone().LowerToDirectML(compiler.DirectMLOptions{}), "convert first with the frontends-to-tcp-pipeline"},
		{"LowerToDirectML level", m.Clone().LowerToDirectML(compiler.DirectMLOptions{FeatureLevel: "9.9"}), "9.9"},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, tc.err, tc.want)
		}
	}
}

// RunPasses takes a pipeline anchored on the module or its element list.
func TestRunPassesForms(t *testing.T) {
	for _, p := range []string{"frontends-to-tcp-pipeline", "builtin.module(frontends-to-tcp-pipeline)", " inline,convert-frontends-to-tcp,func.func(canonicalize) "} {
		m, err := compiler.Parse("gather.mlir", []byte(onnxGather))
		if err != nil {
			t.Fatal(err)
		}
		if err := m.RunPasses(p); err != nil {
			t.Errorf("RunPasses(%q): %v", p, err)
			continue
		}
		if s := m.String(); strings.Contains(s, "onnx.Gather") || !strings.Contains(s, "tcp.gather") {
			t.Errorf("RunPasses(%q) left:\n%s", p, s)
		}
	}
}
