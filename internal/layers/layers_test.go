package layers

import (
	"os/exec"
	"strings"
	"testing"
)

const mod = "github.com/tcp-project/tcp/"

// rank orders the layers: a package may import only packages of a lower
// or equal rank (equal: within its own layer, e.g. dialect/tensor uses
// dialect/arith). Packages not matched by any prefix (tools, tests) may
// import anything.
var ranks = []struct {
	prefix string
	rank   int
}{
	{"ir", 0},
	{"pass", 1},
	{"translate/all", 7},
	{"dialect/", 2},
	{"tensor", 2},
	{"parser", 3},
	{"interp", 3},
	{"passes", 4},
	{"frontend/", 4},
	{"codegen/", 5},
	{"compiler", 8},  // the facade for library users: above everything it wraps (translate/all too)
	{"translate", 1}, // the registry of translations (translate/all links them: rank-free)
}

func rankOf(pkg string) (int, bool) {
	for _, r := range ranks { // the first match wins: more specific prefixes first
		if pkg == strings.TrimSuffix(r.prefix, "/") || strings.HasPrefix(pkg, strings.TrimSuffix(r.prefix, "/")+"/") {
			return r.rank, true
		}
	}
	return 0, false
}

func TestLayers(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", mod+"...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], mod)
		pr, ok := rankOf(pkg)
		for _, imp := range f[1:] {
			if strings.HasPrefix(imp, "github.com/alecthomas/participle") && pkg != "parser" {
				t.Errorf("%s imports %s: participle types never leave parser/", pkg, imp)
			}
			if !ok || !strings.HasPrefix(imp, mod) {
				continue
			}
			dep := strings.TrimPrefix(imp, mod)
			if dr, ok := rankOf(dep); ok && dr > pr {
				t.Errorf("%s (layer %d) imports %s (layer %d): a layer imports only the layers below it", pkg, pr, dep, dr)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Errorf("checked only %d imports; go list output looks wrong", checked)
	}
}
