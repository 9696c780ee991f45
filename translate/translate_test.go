package translate

import (
	"io"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
)

func TestRegisterRejectsMalformed(t *testing.T) {
	from := func(*ir.Operation, Options, io.Writer) error { return nil }
	to := func(string, []byte, Options) (*ir.Operation, error) { return nil, nil }
	for _, tc := range []struct {
		name string
		tr   Translation
	}{
		{"no name", Translation{FromMLIR: from}},
		{"dashes", Translation{Name: "--x", FromMLIR: from}},
		{"neither kind", Translation{Name: "test-neither"}},
		{"both kinds", Translation{Name: "test-both", FromMLIR: from, ToMLIR: to}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%+v) did not panic", tc.tr.Name)
				}
			}()
			Register(tc.tr)
		})
	}
}

func TestRegisterLookup(t *testing.T) {
	tr := Register(Translation{
		Name:     "test-lookup",
		Options:  []Option{{Name: "k", Default: "v"}},
		FromMLIR: func(*ir.Operation, Options, io.Writer) error { return nil },
	})
	if Lookup("test-lookup") != tr {
		t.Fatalf("Lookup did not return the registered translation")
	}
	if got := tr.DefaultOptions()["k"]; got != "v" {
		t.Errorf("default option k = %q, want v", got)
	}
	found := false
	for _, x := range All() {
		found = found || x == tr
	}
	if !found {
		t.Errorf("All() misses the registered translation")
	}
	defer func() {
		if recover() == nil {
			t.Errorf("duplicate Register did not panic")
		}
	}()
	Register(Translation{Name: "test-lookup", FromMLIR: tr.FromMLIR})
}

// In this package's tests no translation of the module is linked: Require
// names the import, and an unknown name lists what is registered.
func TestRequireNamesTheImport(t *testing.T) {
	_, err := Require("mlir-to-go")
	if err == nil || !strings.Contains(err.Error(), `import _ "github.com/tcp-project/tcp/codegen/golang"`) {
		t.Errorf("Require(mlir-to-go) = %v", err)
	}
	_, err = Require("mlir-to-nothing")
	if err == nil || !strings.Contains(err.Error(), `no translation named "mlir-to-nothing"`) {
		t.Errorf("Require(mlir-to-nothing) = %v", err)
	}
}
