package onnximport_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/onnxdata"
	"github.com/tcp-project/tcp/internal/tool/tcprun"
	"github.com/tcp-project/tcp/internal/tool/tcptranslate"
)

// indexArithOps are the ops exporters put around gathers (MXNet's take
// and gather_nd) that the onnx dialect implements with ONNX's semantics.
// (Cast is not here: its node tests include STRING tensors, which
// internal/onnxdata does not load; lit tests check it.)
var indexArithOps = []string{"Shape", "Add", "Sub", "Mod", "Greater", "Less", "Where", "Concat", "Pad", "Reshape", "Transpose"}

// TestIndexArithNodeTests runs ONNX 1.12's backend node tests of those
// ops through --import-onnx and the interpreter (tcp-run --expect: bit
// for bit, NaN payloads aside, as tcp-run compares). A case the dialect
// refuses at import or verification (a "not supported" error: Mod with
// fmod = 1 or of floats, Pad modes other than constant,
// unsigned comparisons) is skipped with the message; a case that imports
// must give ONNX's outputs. At least one case of each op must run.
func TestIndexArithNodeTests(t *testing.T) {
	cases := onnxdata.ForTest(t, indexArithOps)
	ran := map[string]int{}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			mlir := filepath.Join(t.TempDir(), "model.mlir")
			var out, errb bytes.Buffer
			if code := tcptranslate.Main([]string{"--import-onnx", filepath.Join(c.Dir, "model.onnx"), "-o", mlir}, strings.NewReader(""), &out, &errb); code != 0 {
				msg := errb.String()
				if strings.Contains(msg, "not supported") || strings.Contains(msg, "must be tensor of") {
					t.Skipf("refused at import: %s", strings.TrimSpace(msg))
				}
				t.Fatalf("import: exit %d: %s", code, msg)
			}
			args := append([]string{mlir}, c.InputFiles...)
			for _, f := range c.OutputFiles {
				args = append(args, "--expect", f)
			}
			out.Reset()
			errb.Reset()
			if code := tcprun.Main(args, strings.NewReader(""), &out, &errb); code != 0 {
				msg := errb.String()
				if strings.Contains(msg, "not supported") {
					t.Skipf("refused at run: %s", strings.TrimSpace(msg))
				}
				t.Fatalf("tcp-run: exit %d:\n%s%s", code, out.String(), msg)
			}
			ran[c.OpType]++
		})
	}
	for _, op := range indexArithOps {
		if ran[op] == 0 {
			t.Errorf("no %s node test ran", op)
		}
	}
	t.Logf("node tests run per op: %v", ran)
}
