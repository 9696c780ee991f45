package frameworks_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/tensor"
)

// TestOutOfRangeAgainstFrameworks makes the frameworks the oracle for
// out-of-range indices too. oob.py feeds TensorFlow, ONNX Runtime, torch
// and jax the stored arguments of every catalogued program with one index
// element at an edge (each data dim size d: d, d+1, -d-1, -d; and -1, 0,
// the index type's extremes) and records whether the framework raises or
// what it returns. tcp's conversion of the same exported program (every
// program that converts; STATUS.md lists the others) must raise exactly
// where the framework raises (tcp's modes error and wrap_negative, as the
// frontends chose them) and return the framework's values bit for bit
// everywhere else. It needs the framework venv (skips locally without it,
// fails under CI=true).
func TestOutOfRangeAgainstFrameworks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs four frameworks on about 4600 argument sets")
	}
	py := oracle.FrameworkPython(t, "tensorflow", "onnxruntime", "torch", "jax")
	dir := t.TempDir()
	cmd := exec.Command(py, "oob.py", dir)
	cmd.Env = append(os.Environ(), "TF_CPP_MIN_LOG_LEVEL=3", "JAX_PLATFORMS=cpu")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("oob.py: %v\n%s", err, out)
	}
	type tally struct{ raised, values, programs int }
	counts := map[string]*tally{}
	for _, p := range loadPrograms(t) {
		fw := strings.TrimSuffix(p.form, "-iree")
		cases, _ := filepath.Glob(filepath.Join(dir, fw, p.name, "*"))
		if len(cases) == 0 {
			continue
		}
		front := p.parse()
		if front == nil {
			continue
		}
		m := p.convert(front)
		if m == nil {
			continue // a conversion failure: STATUS.md's business
		}
		fn := function.Lookup(m, p.entry)
		if fn == nil {
			t.Errorf("%s: no function @%s", p.id(), p.entry)
			continue
		}
		c := counts[p.form]
		if c == nil {
			c = &tally{}
			counts[p.form] = c
		}
		c.programs++
		sort.Strings(cases)
		for _, cd := range cases {
			args, err := readNpys(cd, "arg")
			if err != nil {
				t.Fatal(err)
			}
			want, err := readNpys(cd, "out")
			if err != nil {
				t.Fatal(err)
			}
			raises, _ := os.ReadFile(filepath.Join(cd, "RAISES"))
			got, gerr := interp.Run(fn, args)
			where := fmt.Sprintf("%s on %s", p.id(), interp.FormatArgs(args))
			switch {
			case len(raises) > 0 && gerr == nil:
				t.Errorf("%s: the framework raises (%s), tcp returns %s", where, strings.TrimSpace(string(raises)), interp.FormatArgs(got))
			case len(raises) == 0 && gerr != nil && interp.Undefined(gerr):
				// A broken promise (promise_in_bounds, unique_indices: jax's
				// .at[i].add(u, unique_indices=True) with an edge that repeats
				// an index) is undefined behaviour: any result, a raise too;
				// not counted as compared.
			case len(raises) == 0 && gerr != nil:
				t.Errorf("%s: tcp raises (%v), the framework returns %s", where, gerr, interp.FormatArgs(want))
			case len(raises) > 0:
				c.raised++
			default:
				if len(got) != len(want) {
					t.Errorf("%s: %d results, the framework has %d", where, len(got), len(want))
					continue
				}
				for i := range got {
					if d := tensor.Diff(want[i], got[i]); d != "" {
						t.Errorf("%s: result %d differs from the framework's: %s", where, i, d)
					}
				}
				c.values++
			}
		}
	}
	// Each framework that raises must have raised, and been matched, many
	// times; each must have compared values at the edges too.
	for _, fw := range []string{"tf", "onnx", "onnx-iree", "torch", "jax"} {
		c := counts[fw]
		if c == nil {
			t.Errorf("%s: no program compared", fw)
			continue
		}
		minRaised := 100
		if fw == "jax" {
			minRaised = 0 // jax defines a value for every index
		}
		if c.raised < minRaised || c.values < 100 {
			t.Errorf("%s: %d argument sets raised and %d compared values, want at least %d and 100", fw, c.raised, c.values, minRaised)
		}
		t.Logf("%s: %d programs, %d argument sets where both raise, %d with equal values", fw, c.programs, c.raised, c.values)
	}
}
