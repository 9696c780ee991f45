package dml_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/internal/quote"
)

// preprocess runs g++ -E -P on a C++ file with empty stand-ins for the
// DirectX headers and returns its output with string literals and the
// graph's identifiers normalized.
func preprocess(t *testing.T, gxx, stubs, src, id string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "g.cpp")
	if err := os.WriteFile(f, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(gxx, "-std=c++17", "-E", "-P", "-nostdinc++", "-I", stubs, f)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("g++ -E: %v\n%s", err, stderr.String())
	}
	s := regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"`).ReplaceAllString(string(out), `"S"`)
	return regexp.MustCompile(`\btcp_dml_(compile|run|inputs|outputs|input[0-9]+_data)_`+regexp.QuoteMeta(id)+`\b`).ReplaceAllString(s, "tcp_dml_${1}_PLAINNAME")
}

// TestCPPHostilePreprocessed: g++'s preprocessor sees the same program
// (tokens outside string literals, with the graph's names normalized) for
// every hostile name and location as for the plain template: no include,
// define, line directive or code was injected. Graphviz's dot reads the
// DOT form with as many nodes and edges. (Skipped without g++ or dot, a
// failure under CI=true.)
func TestCPPHostilePreprocessed(t *testing.T) {
	gxx, err := exec.LookPath("g++")
	if err != nil {
		oracle.Missing(t, "g++ not found (apt-get install g++): %v", err)
	}
	dot, err := exec.LookPath("dot")
	if err != nil {
		oracle.Missing(t, "Graphviz dot not found (apt-get install graphviz): %v", err)
	}
	stubs := t.TempDir()
	for _, h := range []string{"wsl/winadapter.h", "directx/d3d12.h", "directx/DirectML.h", "dxguids/dxguids.h", "cstring", "vector"} {
		p := filepath.Join(stubs, h)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	plot := func(src string) (nodes, edges int) {
		cmd := exec.Command(dot, "-Tplain")
		cmd.Stdin = strings.NewReader(src)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || stderr.Len() > 0 {
			t.Fatalf("dot -Tplain: %v\n%s\n%s", err, stderr.String(), src)
		}
		for _, l := range strings.Split(string(out), "\n") {
			switch {
			case strings.HasPrefix(l, "node "):
				nodes++
			case strings.HasPrefix(l, "edge "):
				edges++
			}
		}
		return nodes, edges
	}
	wantCPP, wantDOT, _ := emitAll(t, hostileGraph(t, "plainname", "t.mlir", "tcp.gather"))
	want := preprocess(t, gxx, stubs, wantCPP, "plainname")
	wn, we := plot(wantDOT)
	for _, s := range hostileNames {
		for _, c := range [][3]string{{s, "t.mlir", "tcp.gather"}, {"plainname", s, s + ".x"}} {
			gotCPP, gotDOT, _ := emitAll(t, hostileGraph(t, c[0], c[1], c[2]))
			id := quote.CppIdent(c[0])
			if len(id) > 64 {
				id = "_g0"
			}
			if d := cmp.Diff(want, preprocess(t, gxx, stubs, gotCPP, id)); d != "" {
				t.Errorf("%q: preprocessed C++ differs (-want +got)\n%s", c, d)
			}
			if n, e := plot(gotDOT); n != wn || e != we {
				t.Errorf("%q: dot reads %d nodes and %d edges, want %d and %d", c, n, e, wn, we)
			}
		}
	}
}
