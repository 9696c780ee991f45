package golang

import (
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// TestNilArguments: the exported entry points return errors on nil
// arguments and empty modules instead of panicking.
func TestNilArguments(t *testing.T) {
	var p *Program
	var pr *Process
	empty := ir.NewOperation(&ir.OperationState{Name: ir.Global.Lookup("builtin.module"), Loc: ir.UnknownLoc{}})
	tests := []struct {
		name string
		f    func() error
		want string
	}{
		{"Emit(nil)", func() error { _, err := Emit(nil, Options{}); return err }, "golang: nil module"},
		{"Build(nil)", func() error { _, err := Build(nil, nil); return err }, "golang: nil module"},
		{"Run(nil)", func() error { _, _, err := Run(nil, "f", nil, CallOptions{}); return err }, "golang: nil module"},
		{"Program.Start", func() error { _, err := p.Start(); return err }, "nil Program"},
		{"Process.Call", func() error { _, _, err := pr.Call("f", []*tensor.Tensor{nil}, CallOptions{}); return err }, "nil Process"},
		{"Process.Close", func() error { return pr.Close() }, ""},
		{"KernelError.Located(nil)", func() error { return (&KernelError{Msg: "m"}).Located(nil) }, "m"},
		{"Emit(module without a region)", func() error { _, err := Emit(empty, Options{}); return err }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			err := tt.f()
			if got := errString(err); tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("error = %q, want %q", got, tt.want)
			}
		})
	}
}
