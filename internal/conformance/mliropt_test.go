package conformance

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/oracle"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/tcp-project/tcp/internal/tool/tcpopt"
)

// mlirOpt returns mlir-opt-16, or skips (fails under CI=true).
func mlirOpt(t *testing.T) string { return oracle.MLIROpt(t) }

func tcpOpt(src string, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := tcpopt.Main(append(args, "-"), strings.NewReader(src), &out, &errb)
	return out.String(), errb.String(), code
}

func runMLIROpt(bin, src string, args ...string) (string, string, error) {
	cmd := exec.Command(bin, append(args, "-")...)
	cmd.Stdin = strings.NewReader(src)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	// mlir-opt ends its output with one more newline than the module.
	return strings.TrimSuffix(out.String(), "\n"), errb.String(), err
}

var splitRE = regexp.MustCompile(`(?m)^// -----.*$`)

// corpus returns every .mlir chunk of the test inputs, keyed by file:chunk.
func corpus(t *testing.T) map[string]string {
	chunks := map[string]string{}
	var files []string
	for _, root := range []string{"../../test/lit", "../../dialect", "../../parser/testdata", "../../passes/testdata", "../../examples"} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			switch {
			case strings.HasSuffix(p, ".mlir"):
				files = append(files, p)
			case strings.HasSuffix(p, ".txtar"):
				ar, err := txtar.ParseFile(p)
				if err != nil {
					return nil
				}
				for _, f := range ar.Files {
					if strings.HasSuffix(f.Name, ".mlir") {
						chunks[p+":"+f.Name] = string(f.Data)
					}
				}
			}
			return nil
		})
	}
	if len(files) < 10 {
		t.Fatalf("found only %d input files", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range splitRE.Split(string(b), -1) {
			chunks[f+"#"+string(rune('0'+i%10))+strings.Repeat("'", i/10)] = c
		}
	}
	return chunks
}

// TestMLIROptRoundTrip: generic form both ways, for every chunk tcp-opt
// verifies.
func TestMLIROptRoundTrip(t *testing.T) {
	bin := mlirOpt(t)
	checked := 0
	for name, src := range corpus(t) {
		if strings.Contains(src, "expected-error") || strings.Contains(src, "tensor.concat") {
			continue // negative tests; tensor.concat is newer than LLVM 16
		}
		ours, _, code := tcpOpt(src, "--allow-unregistered-dialect", "--mlir-print-op-generic")
		if code != 0 {
			continue // invalid on purpose (error tests) or not MLIR at all
		}
		ours = strings.TrimSuffix(ours, "\n")
		theirs, stderr, err := runMLIROpt(bin, ours, "--allow-unregistered-dialect", "--mlir-print-op-generic")
		if err != nil {
			t.Errorf("%s: mlir-opt-16 rejects our generic output: %v\n%s\n--- input ---\n%s", name, err, stderr, ours)
			continue
		}
		if diff := cmp.Diff(ours, theirs); diff != "" {
			t.Errorf("%s: mlir-opt-16 prints our generic output differently (-ours +mlir-opt):\n%s", name, diff)
			continue
		}
		back, stderr2, code := tcpOpt(theirs, "--allow-unregistered-dialect", "--mlir-print-op-generic")
		if code != 0 {
			t.Errorf("%s: tcp-opt rejects mlir-opt-16's output: %s", name, stderr2)
			continue
		}
		if diff := cmp.Diff(ours, strings.TrimSuffix(back, "\n")); diff != "" {
			t.Errorf("%s: mlir-opt-16's output does not read back to ours (-want +got):\n%s", name, diff)
		}
		checked++
	}
	t.Logf("%d chunks round-tripped through mlir-opt-16", checked)
	if checked < 50 {
		t.Errorf("only %d chunks checked, want at least 50", checked)
	}
}

// TestMLIROptCustomForms: for chunks that use only dialects mlir-opt-16 has
// (func, arith, tensor), our custom output equals mlir-opt-16's, and
// mlir-opt-16 reads our custom output.
func TestMLIROptCustomForms(t *testing.T) {
	bin := mlirOpt(t)
	unknown := regexp.MustCompile(`\b(tcp|torch|onnx|tf|stablehlo|dml|x|test|foo)\.|"[a-z_]+\.`)
	checked := 0
	for name, src := range corpus(t) {
		if strings.Contains(src, "expected-error") || strings.Contains(src, "tensor.concat") || unknown.MatchString(stripComments(src)) {
			continue
		}
		ours, _, code := tcpOpt(src)
		if code != 0 {
			continue
		}
		ours = strings.TrimSuffix(ours, "\n")
		theirs, stderr, err := runMLIROpt(bin, src)
		if err != nil {
			continue // input syntax mlir-opt-16 does not know (lenient forms)
		}
		if diff := cmp.Diff(theirs, ours); diff != "" {
			t.Errorf("%s: custom form differs from mlir-opt-16 (-mlir-opt +ours):\n%s", name, diff)
		}
		if _, stderr, err = runMLIROpt(bin, ours); err != nil {
			t.Errorf("%s: mlir-opt-16 rejects our custom output: %s", name, stderr)
		}
		checked++
	}
	t.Logf("%d chunks compared in custom form", checked)
	if checked < 5 {
		t.Errorf("only %d chunks compared, want at least 5", checked)
	}
}

func stripComments(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		if i := strings.Index(l, "//"); i >= 0 {
			l = l[:i]
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestMLIROptVerifierMessages runs mlir-opt-16 --verify-diagnostics over
// each chunk of the arith, tensor and func verifier lit tests, whose
// expected-error lines carry our messages: mlir-opt-16 must produce the
// same diagnostics. Chunks with syntax newer than LLVM 16 (tensor.concat,
// output_shape) or the design doc's lenient forms are left out.
func TestMLIROptVerifierMessages(t *testing.T) {
	bin := mlirOpt(t)
	checked := 0
	for _, f := range []string{"../../test/lit/arith/verify.mlir", "../../test/lit/tensor/verify.mlir", "../../test/lit/func/verify.mlir"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range splitRE.Split(string(b), -1) {
			if !strings.Contains(chunk, "expected-error") || strings.Contains(chunk, "tensor.concat") ||
				strings.Contains(chunk, "output_shape") || strings.Contains(chunk, "tcp.") ||
				strings.Contains(chunk, "(ours)") || strings.Contains(chunk, "(mlir-opt-16 crashes)") {
				continue
			}
			_, stderr, err := runMLIROpt(bin, chunk, "--verify-diagnostics")
			if err != nil {
				t.Errorf("%s chunk %d: mlir-opt-16 disagrees:\n%s\n%s", f, i, stderr, chunk)
			}
			checked++
		}
	}
	t.Logf("%d verifier cases agree with mlir-opt-16", checked)
}
