package dml_test

import (
	"bytes"
	"strings"
	"testing"

	codegen "github.com/tcp-project/tcp/codegen/dml"
)

// TestNilArguments: nil modules and functions are errors, not panics.
func TestNilArguments(t *testing.T) {
	var b bytes.Buffer
	tests := map[string]func() error{
		"BuildModule(nil)": func() error { _, err := codegen.BuildModule(nil); return err },
		"Build(nil)":       func() error { _, err := codegen.Build(nil); return err },
		"WriteCPP(nil)":    func() error { return codegen.WriteCPP(&b, nil) },
		"WriteJSON(nil)":   func() error { return codegen.WriteJSON(&b, nil) },
		"WriteDOT(nil)":    func() error { return codegen.WriteDOT(&b, nil) },
	}
	for name, f := range tests {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			if err := f(); err == nil || !strings.HasPrefix(err.Error(), "dml: ") {
				t.Errorf("error = %v", err)
			}
		})
	}
}
