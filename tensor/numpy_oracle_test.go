package tensor

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/internal/oracle"
)

type printCase struct {
	name string
	t    *Tensor
}

// printCases returns arrays worth printing: every dtype; 0-d, empty,
// small, wrapping, and summarized shapes; and values that exercise
// numpy's choices (positional or scientific, widths, nan and inf, -0,
// huge and tiny magnitudes, the 1e-4, 1e8 and ratio-1000 boundaries).
func printCases() []printCase {
	rng := rand.New(rand.NewSource(20))
	var cases []printCase
	small := [][]int64{nil, {0}, {2, 0, 3}, {1}, {5}, {3, 4}, {2, 3, 4}, {2, 1, 2, 1}, {40}, {3, 30}, {2, 2, 2, 2, 2}}
	large := [][]int64{{1001}, {8, 130}, {7, 7, 7, 7}, {2, 2, 300}, {1, 1200}, {1100, 1}}
	type gen struct {
		name string
		f    func(dt DType, i int) float64 // for float types
	}
	pick := func(vs ...float64) func(DType, int) float64 {
		return func(DType, int) float64 { return vs[rng.Intn(len(vs))] }
	}
	floatGens := []gen{
		{"normal", func(DType, int) float64 { return rng.NormFloat64() }},
		{"scaled", func(DType, int) float64 { return rng.NormFloat64() * math.Pow(10, float64(rng.Intn(16)-7)) }},
		{"ints", func(DType, int) float64 { return float64(rng.Intn(2001) - 1000) }},
		{"wide", func(DType, int) float64 { return rng.NormFloat64() * math.Pow(10, float64(rng.Intn(80)-40)) }},
		{"special", pick(math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0, 1.5, -2.25, 1e-5, 3)},
		{"nonfinite", pick(math.NaN(), math.Inf(1), math.NaN())},
		{"negzero", pick(math.Copysign(0, -1), 0)},
		{"bits", nil}, // random bit patterns, NaNs and all
		{"thresholds", pick(1e-4, 9.999e-5, 1.0001e-4, 1e8, 99999999, 1e8+8, 1, 1000, 1000.5, 999.9, 0.001, 0.0011)},
		{"ratio", pick(1, 1000, 0.5, 250.25)},
		{"ratio2", pick(1, 1000.5)},
		{"smallpos", pick(1e-4, 0.5, 0.0625)},
		{"huge", pick(1e8, 3e38, 6e4, -1e300, 65504)},
		{"tiny", pick(1e-8, 6e-8, 1e-40, 5e-324, 1e-300, -2e-5)},
		{"thirds", pick(1.0/3, 2.0/3, 10.0/3, -1.0/3)},
		{"nearint", pick(0.99999999, 1.00000001, 9.999999999, 99.99999999, 0.000123456789)},
	}
	intGen := func(dt DType, kind int) func(int) int64 {
		switch kind {
		case 0:
			return func(int) int64 { return int64(rng.Uint64()) }
		case 1:
			return func(int) int64 { return int64(rng.Intn(200) - 100) }
		default:
			return func(int) int64 { return int64(rng.Intn(7)) }
		}
	}
	fill := func(dt DType, shape []int64, g int) (*Tensor, string) {
		x := Must(New(dt, shape))
		n := int(x.NumElements())
		switch {
		case dt == I1:
			for i := 0; i < n; i++ {
				x.SetInt64(i, int64(rng.Intn(2)))
			}
			return x, "bool"
		case dt.IsFloat():
			gg := floatGens[g%len(floatGens)]
			for i := 0; i < n; i++ {
				if gg.f == nil {
					x.SetBits(i, rng.Uint64())
				} else {
					x.SetFloat64(i, gg.f(dt, i))
				}
			}
			return x, gg.name
		default:
			f := intGen(dt, g%3)
			for i := 0; i < n; i++ {
				x.SetInt64(i, f(i))
			}
			return x, fmt.Sprintf("int%d", g%3)
		}
	}
	for _, dt := range DTypes {
		gens := 3
		if dt.IsFloat() {
			gens = len(floatGens)
		}
		if dt == I1 {
			gens = 1
		}
		for _, shape := range small {
			for g := 0; g < gens; g++ {
				x, gname := fill(dt, shape, g)
				cases = append(cases, printCase{fmt.Sprintf("%v_%v_%s", dt, shape, gname), x})
			}
		}
		for k, shape := range large {
			x, gname := fill(dt, shape, k+rng.Intn(gens))
			cases = append(cases, printCase{fmt.Sprintf("%v_%v_%s", dt, shape, gname), x})
		}
		if dt.IsFloat() {
			// Every interesting bit pattern as a 0-d array.
			for i, b := range floatCases(dt, rng, 400) {
				x := Must(New(dt, nil))
				x.SetBits(0, b)
				cases = append(cases, printCase{fmt.Sprintf("%v_0d_%d", dt, i), x})
			}
		}
	}
	// Many random bit patterns: the shortest-digit search at every kind of
	// float (subnormal, power-of-two boundary, odd and even significand).
	for _, dt := range []DType{F16, BF16, F32, F64} {
		for k := 0; k < 40; k++ {
			x := Must(New(dt, []int64{4, 16}))
			for i := 0; i < 64; i++ {
				if k%2 == 0 {
					x.SetBits(i, rng.Uint64())
				} else {
					x.SetFloat64(i, rng.NormFloat64()*math.Pow(2, float64(rng.Intn(40)-20)))
				}
			}
			cases = append(cases, printCase{fmt.Sprintf("%v_random_%d", dt, k), x})
		}
	}
	for _, dt := range []DType{F32, I64} {
		x, gname := fill(dt, []int64{500, 1000}, 1)
		cases = append(cases, printCase{fmt.Sprintf("%v_500x1000_%s", dt, gname), x})
	}
	return cases
}

// TestArrayStringNumpy compares ArrayString and ScalarString with numpy's
// np.array2string and str on every printCases array: with Debian's numpy
// (TCP_PYTHON), and with the framework venv's numpy and ml_dtypes for
// bf16.
func TestArrayStringNumpy(t *testing.T) {
	cases := printCases()
	t.Run("debian", func(t *testing.T) {
		py := oracle.PythonPath()
		if _, err := exec.LookPath(py); err != nil {
			oracle.Missing(t, "%s not found (set TCP_PYTHON)", py)
		}
		compareWithNumpy(t, py, cases, false)
	})
	t.Run("bfloat16", func(t *testing.T) {
		compareWithNumpy(t, oracle.FrameworkPython(t, "numpy", "ml_dtypes"), cases, true)
	})
}

func compareWithNumpy(t *testing.T, py string, cases []printCase, bf16 bool) {
	type in struct {
		Name  string  `json:"name"`
		DType string  `json:"dtype"`
		Shape []int64 `json:"shape"`
		Hex   string  `json:"hex"`
	}
	var ins []in
	for _, c := range cases {
		ins = append(ins, in{c.name, c.t.DType.String(), append([]int64{}, c.t.Shape...), hex.EncodeToString(c.t.Data)})
	}
	dir := t.TempDir()
	b, err := json.Marshal(ins)
	if err != nil {
		t.Fatal(err)
	}
	inPath, outPath := filepath.Join(dir, "in.json"), filepath.Join(dir, "out.json")
	if err := os.WriteFile(inPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "testdata/numpy_print.py", inPath, outPath)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 3 {
			oracle.Missing(t, "%s", strings.TrimSpace(stderr.String()))
		}
		t.Fatalf("%s: %v\n%s", py, err, stderr.String())
	}
	var res struct {
		Numpy    string
		BFloat16 bool
		Out      map[string]struct {
			Array   string
			Scalars []string
		}
	}
	b, err = os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	if bf16 && !res.BFloat16 {
		t.Fatalf("%s did not import ml_dtypes", py)
	}
	// numpy before 2.3 chose scientific notation differently (see
	// ArrayString); its output is compared only where that cannot matter.
	var major, minor int
	fmt.Sscanf(res.Numpy, "%d.%d", &major, &minor)
	old := major < 2 || (major == 2 && minor < 3)
	compared, failed, skipped := 0, 0, 0
	for _, c := range cases {
		want, ok := res.Out[c.name]
		if !ok {
			if c.t.DType != BF16 || bf16 {
				t.Errorf("%s: numpy printed nothing", c.name)
			}
			continue
		}
		compared++
		scalars := []string{}
		for i := 0; i < min(20, int(c.t.NumElements())); i++ {
			scalars = append(scalars, ScalarString(c.t, i))
		}
		if old {
			for i := range scalars {
				if versionDependent(c.t, i, true) {
					scalars[i], want.Scalars[i] = "(differs before numpy 2.3)", "(differs before numpy 2.3)"
				}
			}
		}
		got := ArrayString(c.t)
		if old {
			for _, i := range shownElements(c.t.Shape, c.t.NumElements() > 1000, 3) {
				if versionDependent(c.t, int(i), false) {
					got, want.Array = "(differs before numpy 2.3)", "(differs before numpy 2.3)"
					skipped++
					break
				}
			}
		}
		if d := cmp.Diff(want.Array, got); d != "" {
			failed++
			if failed <= 15 {
				t.Errorf("%s: ArrayString differs from numpy %s's array2string (-want +got):\n%s", c.name, res.Numpy, d)
			}
		}
		if d := cmp.Diff(want.Scalars, scalars); d != "" {
			failed++
			if failed <= 15 {
				t.Errorf("%s: ScalarString differs from numpy %s's str (-want +got):\n%s", c.name, res.Numpy, d)
			}
		}
	}
	if failed > 15 {
		t.Errorf("... %d differences in all", failed)
	}
	if compared < 500 {
		t.Errorf("only %d arrays compared", compared)
	}
	t.Logf("numpy %s: %d arrays compared (%d only by their scalars: numpy < 2.3 prints them differently), %d differ", res.Numpy, compared, skipped, failed)
}

// versionDependent reports whether numpy before 2.3 may print element i
// of t differently from numpy 2.3 (as a scalar, or as part of an array).
func versionDependent(t *Tensor, i int, scalar bool) bool {
	if t.DType != F16 && t.DType != F32 {
		return false
	}
	a := math.Abs(t.Float64At(i))
	if scalar {
		return a >= scalarExpCutoff(t.DType) && a < 1e16
	}
	return (a >= expCutoff(t.DType) && a < 1e8) || (t.DType == F32 && a == float64(float32(1e-4)))
}
