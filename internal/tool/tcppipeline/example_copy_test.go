package tcppipeline

import (
	"os"
	"testing"
)

// The embedded example is byte for byte the file its header names, so
// that a user can run, edit and pass that file.
func TestEmbeddedExampleIsExamplesCopy(t *testing.T) {
	want, err := os.ReadFile("../../../" + exampleName)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != exampleSrc {
		t.Errorf("example/onnx_gather.mlir differs from %s; copy it: cp %s internal/tool/tcppipeline/example/", exampleName, exampleName)
	}
}
