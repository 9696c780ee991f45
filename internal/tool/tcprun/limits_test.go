package tcprun_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/tool/tcprun"
)

// TestLimitFlags: each resource limit is a flag; exceeding it is a located
// error with exit status 1, a bad value a usage error.
func TestLimitFlags(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "c.mlir")
	os.WriteFile(f, []byte("func.func @main() -> tensor<16xi64> {\n  %0 = tcp.const {value = dense<7> : tensor<16xi64>} : tensor<16xi64>\n  return %0 : tensor<16xi64>\n}\n"), 0o644)
	deep := filepath.Join(dir, "deep.mlir")
	os.WriteFile(deep, []byte("func.func @main() -> tensor<1xi64> {\n  %0 = tcp.const {value = dense<[[1]]> : tensor<1x1xi64>} : tensor<1x1xi64>\n  return %0 : tensor<1x1xi64>\n}\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		err  string // regexp
	}{
		{[]string{f}, 0, `^$`},
		{[]string{"--max-tensor-bytes", "64", f}, 1, `^.*c\.mlir:2:8: error: 'tcp.const' op result tensor<16xi64> needs more than the interpreter's limit of 64 bytes`},
		{[]string{"--max-steps=1", f}, 1, `c\.mlir:\d+:\d+: error: .*`},
		{[]string{"--max-nesting-depth=2", deep}, 1, `deep\.mlir:\d+:\d+: error: nesting is deeper than 2 levels`},
		{[]string{"--max-steps=-3", f}, 1, `--max-steps needs a positive integer, got "-3"`},
	} {
		var out, errb strings.Builder
		code := tcprun.Main(tc.args, nil, &out, &errb)
		if code != tc.code || !regexp.MustCompile(tc.err).MatchString(errb.String()) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d, stderr matching %s", tc.args, code, errb.String(), tc.code, tc.err)
		}
	}
}
