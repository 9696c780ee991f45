package tcpopt

import "testing"

// TestCommandLine: the reproduction hint is a shell command line that
// quotes what needs quoting.
func TestCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"in.mlir", "--cse"}, "tcp-opt in.mlir --cse"},
		{[]string{"--pass-pipeline=builtin.module(func.func(cse))", "a b.mlir"}, "tcp-opt '--pass-pipeline=builtin.module(func.func(cse))' 'a b.mlir'"},
		{[]string{"it's"}, `tcp-opt 'it'\''s'`},
		{[]string{""}, "tcp-opt ''"},
	} {
		if got := commandLine(tc.args); got != tc.want {
			t.Errorf("commandLine(%q) = %s, want %s", tc.args, got, tc.want)
		}
	}
}
