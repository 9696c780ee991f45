package frameworks_test

import (
	"bufio"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/oracle"
)

// TestOracleEnvironment: the framework python (TCP_ORACLE_PYTHON, default
// .venv-oracles) has exactly the versions requirements.txt pins, so that
// export.py regenerates what testdata/ holds. It skips where the venv is
// missing and fails under CI=true.
func TestOracleEnvironment(t *testing.T) {
	py := oracle.FrameworkPython(t)
	f, err := os.Open("requirements.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	var names []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, ver, ok := strings.Cut(line, "==")
		if !ok {
			t.Fatalf("requirements.txt: %q is not pinned with ==", line)
		}
		want[name] = ver
		names = append(names, name)
	}
	script := "import importlib.metadata as m, sys\nfor n in sys.argv[1:]:\n    try: print(n, m.version(n))\n    except Exception: print(n, 'missing')\n"
	out, err := exec.Command(py, append([]string{"-c", script}, names...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", py, err, out)
	}
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if n, v, ok := strings.Cut(line, " "); ok {
			got[n] = v
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s has other versions than requirements.txt (-want +got):\n%s(re-run scripts/oracle-venv.sh)", py, diff)
	}
}
