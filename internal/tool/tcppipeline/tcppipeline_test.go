package tcppipeline

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

func runMain(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	st := Main(args, nil, &out, &errb)
	return st, out.String(), errb.String()
}

// TestEmbeddedExample runs the README's first command: every stage is
// built and the values agree.
func TestEmbeddedExample(t *testing.T) {
	st, out, errs := runMain("--trials", "8", "--verbose")
	if st != 0 {
		t.Fatalf("status %d\nstdout:\n%s\nstderr:\n%s", st, out, errs)
	}
	for _, want := range []string{
		"== 1. input", `"onnx.Gather"`,
		"== 2. tcp", `tcp.gather`, `mode = "wrap_negative"`,
		"== 3. DirectML", "dml.gather",
		"== 4. DirectML graph", "DML_OPERATOR_GATHER", `"IndexDimensions": 2`,
		"== 5. Go kernel", "func MainGraph(",
		"== 6. values", "9 of 9 argument sets agree", "OK: every stage",
		// The documented inputs and their result, as numpy prints them.
		"documented inputs:\n  arg #0: tensor<3x2xf32>\n    [[1. 2.]\n     [3. 4.]\n     [5. 6.]]\n" +
			"  arg #1: tensor<2x2xi64>\n    [[ 0  1]\n     [-2  2]]\n" +
			"  result #0: tensor<2x2x2xf32>\n    [[[1. 2.]\n      [3. 4.]]\n\n     [[3. 4.]\n      [5. 6.]]]\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.mlir")
	os.WriteFile(bad, []byte("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %b : tensor<2xf32>\n}\n"), 0o644)
	noBody := filepath.Join(dir, "decl.mlir")
	os.WriteFile(noBody, []byte("func.func private @f(%a: tensor<2xf32>) -> tensor<2xf32>\n"), 0o644)
	for _, tc := range []struct {
		args    []string
		wantErr string
	}{
		{[]string{bad}, "bad.mlir:2:10: error: use of undeclared SSA value name"},
		{[]string{noBody}, "no function with a body"},
		{[]string{filepath.Join(dir, "missing.mlir")}, "cannot open input file"},
		{[]string{"--trials", "x"}, "needs a non-negative integer"},
		{[]string{"--bogus"}, "unknown option --bogus"},
		{[]string{"-e", "nope"}, "no func.func @nope"},
	} {
		st, _, errs := runMain(tc.args...)
		if st != 1 || !strings.Contains(errs, tc.wantErr) {
			t.Errorf("%v: status %d, stderr %q; want 1 and %q", tc.args, st, errs, tc.wantErr)
		}
	}
}

// TestTorchNeedsAssumeInBounds: torch's mode "error" cannot be expressed on
// DirectML, so stage 3 is skipped with the located reason unless the user
// asks to lower it as promised in bounds; the other stages still agree.
func TestTorchNeedsAssumeInBounds(t *testing.T) {
	f := filepath.Join(t.TempDir(), "is.mlir")
	os.WriteFile(f, []byte(`func.func @index_select(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,4],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}
`), 0o644)
	st, out, errs := runMain(f, "--quiet", "--trials", "12")
	if st != 0 || !strings.Contains(out, "skipped: this stage cannot be built") || !strings.Contains(errs, `mode "error" cannot be expressed`) || !strings.Contains(out, "OK: every stage") {
		t.Errorf("without --assume-in-bounds: status %d\nstdout:\n%s\nstderr:\n%s", st, out, errs)
	}
	st, out, errs = runMain(f, "--quiet", "--trials", "12", "--assume-in-bounds")
	if st != 0 || !strings.Contains(out, "and DirectML") || !strings.Contains(out, "OK: every stage") {
		t.Errorf("with --assume-in-bounds: status %d\nstdout:\n%s\nstderr:\n%s", st, out, errs)
	}
}

// TestScatterNeedsUniqueIndices: a scatter add whose indices may repeat
// has no exact DirectML form (no order among duplicate writes), so stage
// 3 is skipped with the reason naming the option; with
// --assume-unique-indices it is lowered and compared on the trials whose
// destinations are distinct, and the rest are counted, not compared.
func TestScatterNeedsUniqueIndices(t *testing.T) {
	f := filepath.Join(t.TempDir(), "s.mlir")
	os.WriteFile(f, []byte(`func.func @f(%x: tensor<5x3xf32>, %i: tensor<4x1xi64>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<5x3xf32>, tensor<4x1xi64>, tensor<4x3xf32> -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}
`), 0o644)
	st, out, errs := runMain(f, "--quiet", "--trials", "32")
	if st != 0 || !strings.Contains(out, "skipped: this stage cannot be built") || !strings.Contains(errs, "assume-unique-indices=true") || !strings.Contains(out, "OK: every stage") {
		t.Errorf("without --assume-unique-indices: status %d\nstdout:\n%s\nstderr:\n%s", st, out, errs)
	}
	st, out, errs = runMain(f, "--quiet", "--trials", "32", "--assume-unique-indices")
	if st != 0 || !strings.Contains(out, "and DirectML") || !strings.Contains(out, "write one element twice are compared without it too") || !strings.Contains(out, "OK: every stage") {
		t.Errorf("with --assume-unique-indices: status %d\nstdout:\n%s\nstderr:\n%s", st, out, errs)
	}
	if strings.Contains(out, "(0 compared") {
		t.Errorf("no trial reached DirectML:\n%s", out)
	}
}

// TestSummary: without --verbose the output is a summary that fits one
// screen (it was the whole IR, JSON and Go kernel: 300+ lines); with it,
// the summary comes first and every stage follows in full.
func TestSummary(t *testing.T) {
	st, out, errs := runMain("--trials", "4")
	if st != 0 {
		t.Fatalf("status %d\n%s%s", st, out, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) > 24 {
		t.Errorf("the summary has %d lines, want at most 24:\n%s", len(lines), out)
	}
	for i, want := range []string{"tcp-pipeline: @main_graph of ", "1. input ", "2. tcp ", "3. DirectML ", "4. DirectML graph ", "5. Go kernel ", "6. values "} {
		if i >= len(lines) || !strings.HasPrefix(lines[i], want) {
			t.Errorf("line %d does not start with %q:\n%s", i+1, want, out)
		}
	}
	if strings.Contains(out, "== 1. input") || strings.Contains(out, "func MainGraph(") {
		t.Errorf("the summary holds the full stages:\n%s", out)
	}
	_, verbose, _ := runMain("--trials", "4", "--verbose")
	if !strings.HasPrefix(verbose, strings.Join(lines[:7], "\n")) || !strings.Contains(verbose, "== 5. Go kernel") {
		t.Errorf("--verbose does not start with the summary and hold the stages:\n%s", verbose)
	}
}

const pipedSrc = `func.func @g(%x: tensor<3x2xf32>, %i: tensor<2x2xi64>) -> tensor<2x2xf32> {
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "clip"} : tensor<3x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
`

// TestStdin: a piped file is the input (it used to be ignored for the
// embedded example), "-" reads stdin (it was "open -: no such file"), an
// empty pipe runs the example.
func TestStdin(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"--trials", "2"}, pipedSrc, "tcp-pipeline: @g of <stdin>\n"},
		{[]string{"-", "--trials", "2"}, pipedSrc, "tcp-pipeline: @g of <stdin>\n"},
		{[]string{"--trials", "2"}, "", "tcp-pipeline: @main_graph of examples/onnx_gather.mlir (stdin was empty: the embedded example)\n"},
	} {
		var out, errb bytes.Buffer
		st := Main(tc.args, strings.NewReader(tc.stdin), &out, &errb)
		if st != 0 || !strings.HasPrefix(out.String(), tc.want) || !strings.Contains(out.String(), "OK: every stage") {
			t.Errorf("%v with stdin %.20q: status %d\n%s%s\nwant it to start with %q", tc.args, tc.stdin, st, out.String(), errb.String(), tc.want)
		}
	}
}

// TestHugeArguments: a function whose declared argument is larger than
// --max-tensor-bytes is not run on random inputs (it allocated 34 GB).
func TestHugeArguments(t *testing.T) {
	src := `func.func @big(%x: tensor<8x1073741824xf32>, %i: tensor<8x2xi64>) -> tensor<8x2xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "clip"} : tensor<8x1073741824xf32>, tensor<8x2xi64> -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}
`
	var out, errb bytes.Buffer
	st := Main([]string{"-"}, strings.NewReader(src), &out, &errb)
	want := "6. values           skipped: @big: argument #0 of type tensor<8x1073741824xf32> needs more than the limit of 1073741824 bytes (--max-tensor-bytes)\n"
	if st != 0 || !strings.Contains(out.String(), want) {
		t.Errorf("status %d\n%s%s\nwant %q", st, out.String(), errb.String(), want)
	}
}

// A stage that disagrees is shown with the arguments and both stages'
// values, as numpy prints them.
func TestValuesMismatchText(t *testing.T) {
	want := "  arg #0: tensor<2xi64>\n    [ 1 -2]\n  result #0: tensor<2x2xf32>\n    [[ 0.5  nan]\n     [-1.   inf]]\n"
	args := []*tensor.Tensor{tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2}, []int64{1, -2}))}
	res := []*tensor.Tensor{tensor.Must(tensor.FromFloat64s(tensor.F32, []int64{2, 2}, []float64{0.5, math.NaN(), -1, math.Inf(1)}))}
	if got := values("arg", args) + outcome(res, nil); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := outcome(nil, errors.New("boom\nmore")); got != "  error: boom\n" {
		t.Errorf("error outcome %q", got)
	}
}
