package interp_test

import (
	"strings"
	"testing"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
)

// executableDialects are the dialects whose every op must have a kernel or
// an explicit Unsupported mark.
var executableDialects = map[string]bool{"func": true, "arith": true, "tensor": true, "tcp": true, "torch": true, "torch_c": true, "dml": true}

// TestEveryOpHasKernel walks the op registry: every registered op (and
// alias) of func, arith, tensor and tcp is either supported by the
// interpreter or explicitly marked unsupported with a reason.
func TestEveryOpHasKernel(t *testing.T) {
	seen := map[string]bool{}
	for _, def := range ir.Global.Defs() {
		dialect := def.Name[:strings.IndexByte(def.Name, '.')]
		if !executableDialects[dialect] {
			continue
		}
		seen[dialect] = true
		for _, name := range append([]string{def.Name}, def.Aliases...) {
			supported := interp.Supported(name)
			why, marked := interp.Unsupported(name)
			switch {
			case supported && marked:
				t.Errorf("%s has a kernel and is also marked unsupported (%s)", name, why)
			case !supported && !marked:
				t.Errorf("%s has no interpreter kernel and is not marked unsupported", name)
			case marked && why == "":
				t.Errorf("%s is marked unsupported without a reason", name)
			}
		}
	}
	for _, d := range []string{"func", "tcp"} {
		if !seen[d] {
			t.Errorf("no op of dialect %s is registered", d)
		}
	}
	t.Logf("dialects checked: %v; kernels: %d", seen, len(interp.Kernels()))
}
