package tcptranslate

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/translate"
)

// FuzzTranslate runs every registered translation (emitters and importers
// join by registering) on random input: exit status 0 or 1, never an
// internal error.
func FuzzTranslate(f *testing.F) {
	var names []string
	for _, tr := range translate.All() {
		if !strings.HasPrefix(tr.Name, "test-") {
			names = append(names, tr.Name)
		}
	}
	f.Add(input, uint8(0))
	f.Add("func.func @f(%a: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {\n  %0 = tcp.gather %a, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>\n  return %0 : tensor<2x4xf32>\n}\n", uint8(1))
	f.Fuzz(func(t *testing.T, src string, which uint8) {
		if len(names) == 0 {
			t.Fatal("no translations registered")
		}
		name := names[int(which)%len(names)]
		var out, errb bytes.Buffer
		st := Main([]string{"--" + name}, strings.NewReader(src), &out, &errb)
		if st != 0 && st != 1 || strings.Contains(errb.String(), "internal error") {
			t.Fatalf("--%s: exit %d on %q:\n%s", name, st, src, errb.String())
		}
	})
}
