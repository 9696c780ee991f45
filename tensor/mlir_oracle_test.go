package tensor

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tcp-project/tcp/internal/oracle"
)

// floatCases returns bit patterns worth printing for dt: special values,
// decimal-looking values, integers, subnormals, extremes and random bits.
func floatCases(dt DType, rng *rand.Rand, nRandom int) []uint64 {
	width := uint(dt.Bits())
	// fraction and exponent field widths of the format
	f := map[DType]struct{ mant, exp uint }{F16: {10, 5}, BF16: {7, 8}, F32: {23, 8}, F64: {52, 11}}[dt]
	var out []uint64
	add := func(v float64) { out = append(out, FloatBits(v, dt)) }
	for _, v := range []float64{0, 1, -1, 2.5, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 1e-3, 1e-5, 1e-7, 1e10, 1e20, 1e30, 1e38, 1e-38, 1e-40, 1e-45,
		123456792, 16777216, 16777217, 65504, 65505, 1024, 2048, 4096, 100, 1000, 10000, 100000, 1e6, 1e7, 1e8, 1e9,
		3.14159265358979, 2.718281828459045, 6.02214076e23, 1.7976931348623157e308, 5e-324, 2.2250738585072014e-308, 1e300, 1e-300,
		0.5, 0.25, 0.125, 1.5, 1.25, 7, 9.5, 99.5, 0.999999, 0.9999999, 1.0000001, 123.456, 5.960464477539063e-08, 6.103515625e-05} {
		add(v)
		add(-v)
	}
	for i := 0; i < 20; i++ { // small integers and subnormal bit patterns
		out = append(out, uint64(i+1))
		add(float64(i * 37))
	}
	// largest finite and smallest normal
	expAll := uint64(1)<<f.exp - 1
	out = append(out, (expAll-1)<<f.mant|(1<<f.mant-1), 1<<f.mant, 1<<f.mant-1)
	for len(out) < nRandom {
		b := rng.Uint64() & (1<<width - 1)
		if b>>f.mant&expAll == expAll {
			continue
		}
		out = append(out, b)
	}
	return out
}

// TestFormatFloatMLIROpt prints many values through mlir-opt-16 and
// compares its text with FormatFloat. Needs TCP_MLIR_OPT (default
// mlir-opt-16); the fixed table in TestFormatFloat does not.
func TestFormatFloatMLIROpt(t *testing.T) {
	tool := os.Getenv("TCP_MLIR_OPT")
	if tool == "" {
		tool = "mlir-opt-16"
	}
	if _, err := exec.LookPath(tool); err != nil {
		oracle.Missing(t, "%s not found (set TCP_MLIR_OPT)", tool)
	}
	n := 3000
	if s := os.Getenv("TCP_FORMAT_N"); s != "" {
		fmt.Sscan(s, &n)
	}
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewSource(1))
	var src strings.Builder
	var types []string
	var want [][]uint64
	var dts []DType
	for _, dt := range []DType{F16, BF16, F32, F64} {
		vals := floatCases(dt, rng, n)
		digits := dt.Bits() / 4
		var lits []string
		for _, v := range vals {
			lits = append(lits, fmt.Sprintf("0x%0*X", digits, v))
		}
		ty := fmt.Sprintf("tensor<%dx%v>", len(vals), dt)
		fmt.Fprintf(&src, "%%c%d = arith.constant dense<[%s]> : %s\n", len(types), strings.Join(lits, ", "), ty)
		types = append(types, ty)
		want = append(want, vals)
		dts = append(dts, dt)
	}
	var rets []string
	for i := range types {
		rets = append(rets, fmt.Sprintf("%%c%d", i))
	}
	prog := fmt.Sprintf("func.func @f() -> (%s) {\n%sreturn %s : %s\n}\n",
		strings.Join(types, ", "), src.String(), strings.Join(rets, ", "), strings.Join(types, ", "))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, tool, "--mlir-print-elementsattrs-with-hex-if-larger=-1")
	cmd.Stdin = strings.NewReader(prog)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", tool, err, stderr.String())
	}
	re := regexp.MustCompile(`arith.constant dense<\[(.*)\]> : tensor<\d+x(\w+)>`)
	ms := re.FindAllStringSubmatch(string(out), -1)
	if len(ms) != len(types) {
		t.Fatalf("found %d constants in mlir-opt output, want %d:\n%s", len(ms), len(types), out)
	}
	mismatches := 0
	for i, m := range ms {
		got := strings.Split(m[1], ", ")
		if len(got) != len(want[i]) {
			t.Fatalf("%v: %d elements printed, want %d", dts[i], len(got), len(want[i]))
		}
		for j, b := range want[i] {
			if ours := formatFloatBits(b, dts[i]); ours != got[j] {
				mismatches++
				if mismatches < 30 {
					t.Errorf("%v bits 0x%X: FormatFloat = %q, mlir-opt-16 = %q", dts[i], b, ours, got[j])
				}
			}
		}
	}
	t.Logf("compared %d values with %s, %d mismatches", 4*n, tool, mismatches)
}
