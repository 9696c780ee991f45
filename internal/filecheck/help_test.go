package filecheck

import (
	"bytes"
	"strings"
	"testing"
)

// --help lists every option with its description; --version prints the
// tcp tools' version line.
func TestHelpAndVersion(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main([]string{"--help"}, nil, &out, &errb); code != 0 {
		t.Fatalf("--help: exit %d: %s", code, errb.String())
	}
	lines := strings.Split(out.String(), "\n")
	for _, s := range optSpecs {
		if s.name == "h" {
			continue
		}
		if s.help == "" {
			t.Errorf("option %s has no description", s.name)
			continue
		}
		found := false
		for i, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), argPrefix(s.name)+s.name) &&
				(strings.HasSuffix(l, " - "+s.help) || i+1 < len(lines) && strings.HasSuffix(lines[i+1], " - "+s.help)) {
				found = true
			}
		}
		if !found {
			t.Errorf("--help does not describe %s%s:\n%s", argPrefix(s.name), s.name, out.String())
		}
	}
	out.Reset()
	if code := Main([]string{"--version"}, nil, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "FileCheck (tcp) ") {
		t.Errorf("--version: exit %d, %q", code, out.String())
	}
}
