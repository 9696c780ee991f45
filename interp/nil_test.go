package interp

import (
	"strings"
	"testing"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
)

// TestNilArguments: the exported entry points return errors on nil
// functions and operations instead of panicking.
func TestNilArguments(t *testing.T) {
	tests := map[string]func() error{
		"Run(nil)":             func() error { _, err := Run(nil, nil); return err },
		"RunFunc(nil)":         func() error { _, err := RunFunc(nil, "f"); return err },
		"CompareFuncs(nil)":    func() error { return CompareFuncs(nil, nil, EquivOptions{}) },
		"RandomArgs(nil)":      func() error { _, err := RandomArgs(nil, EquivOptions{}); return err },
		"EvalConstant(nil)":    func() error { _, err := EvalConstant(nil, nil); return err },
		"FromAttr(nil)":        func() error { _, err := FromAttr(nil); return err },
		"ir.Verify(nil)":       func() error { return ir.Verify(nil, false) },
		"CheckEquivalent(nil)": func() error { _, err := CheckEquivalent(nil, nil, 1, 1); return err },
	}
	for name, f := range tests {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			err := f()
			if name == "CheckEquivalent(nil)" {
				return // nothing to compare: no error, no panic
			}
			if err == nil || strings.Contains(err.Error(), "%!") {
				t.Errorf("error = %v", err)
			}
		})
	}
	if fs := function.Funcs(nil); fs != nil {
		t.Errorf("function.Funcs(nil) = %v", fs)
	}
}
