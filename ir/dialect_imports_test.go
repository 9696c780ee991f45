package ir

import (
	"strings"
	"testing"
)

// Other dialects keep MLIR's message. (A dialect of this module that the
// program did not import gets the import named: this test binary links
// them all, so compiler's TestStandaloneModule checks that in a program
// that does not.)
func TestVerifyNamesMissingDialectImport(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		hint       bool
	}{
		{"foo.bar", "that does not allow unknown operations", false},
	} {
		op := NewOperation(&OperationState{Name: Global.Lookup(tc.name)})
		err := Verify(op, false)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Verify(%s) = %v, want it to contain %q", tc.name, err, tc.want)
		}
		if got := strings.Contains(err.Error(), "registered by importing"); got != tc.hint {
			t.Errorf("Verify(%s): hint %v, want %v: %v", tc.name, got, tc.hint, err)
		}
	}
	if MissingDialectHint("onnx") == "" || MissingDialectHint("foo") != "" {
		t.Error("MissingDialectHint is wrong")
	}
	if DialectPackage("tcp") != "github.com/tcp-project/tcp/dialect/tcp" || DialectPackage("foo") != "" {
		t.Error("DialectPackage is wrong")
	}
}
