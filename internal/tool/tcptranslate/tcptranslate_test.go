package tcptranslate

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/translate"
)

// Test translations: count the ops of a module, or fail on the first one.
func init() {
	translate.Register(translate.Translation{
		Name:        "test-count-ops",
		Description: "prints the number of ops (test only)",
		Options:     []translate.Option{{Name: "prefix", Default: "ops", Description: "label"}},
		FromMLIR: func(m *ir.Operation, o translate.Options, w io.Writer) error {
			n := 0
			m.Walk(ir.PreOrder, func(*ir.Operation) { n++ })
			_, err := fmt.Fprintf(w, "%s: %d\n", o["prefix"], n)
			return err
		},
	})
	translate.Register(translate.Translation{
		Name: "test-fail",
		FromMLIR: func(m *ir.Operation, o translate.Options, w io.Writer) error {
			io.WriteString(w, "partial output")
			var first *ir.Operation
			m.Walk(ir.PreOrder, func(op *ir.Operation) {
				if first == nil && op != m {
					first = op
				}
			})
			return first.EmitOpError("cannot be translated")
		},
	})
	translate.Register(translate.Translation{
		Name: "test-panic",
		FromMLIR: func(*ir.Operation, translate.Options, io.Writer) error {
			panic("boom")
		},
	})
}

const input = "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\n"

func run(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	st := Main(args, strings.NewReader(input), &out, &errb)
	return st, out.String(), errb.String()
}

func TestMain(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		wantStatus int
		wantOut    string
		wantErr    string
	}{
		{[]string{"--test-count-ops", "-"}, 0, "ops: 3\n", ""},
		{[]string{"--test-count-ops", "--prefix=n", "-"}, 0, "n: 3\n", ""},
		{[]string{"-test-count-ops", "--prefix", "n"}, 0, "n: 3\n", ""},
		{[]string{"-"}, 1, "", "no translation given"},
		{[]string{"--test-count-ops", "--test-fail"}, 1, "", "only one translation"},
		{[]string{"--test-count-ops", "--bogus=1"}, 1, "", "unknown command line argument '--bogus'"},
		{[]string{"--test-fail"}, 1, "", "<stdin>:1:1: error: 'func.func' op cannot be translated"},
		{[]string{"--test-panic"}, 1, "", "internal error in --test-panic: boom"},
		{[]string{"--test-count-ops", "/nonexistent/x.mlir"}, 1, "", "cannot open input file"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			st, out, errs := run(tc.args...)
			if st != tc.wantStatus || out != tc.wantOut || !strings.Contains(errs, tc.wantErr) {
				t.Errorf("status %d, stdout %q, stderr %q; want %d, %q, stderr containing %q", st, out, errs, tc.wantStatus, tc.wantOut, tc.wantErr)
			}
		})
	}
}

func TestParseErrorIsLocated(t *testing.T) {
	var out, errb bytes.Buffer
	st := Main([]string{"--test-count-ops"}, strings.NewReader("func.func @f( {"), &out, &errb)
	if st != 1 || !strings.HasPrefix(errb.String(), "<stdin>:1:") || out.Len() != 0 {
		t.Errorf("status %d, stdout %q, stderr %q", st, out.String(), errb.String())
	}
}

func TestOutputFileIsAtomic(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(out, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if st, _, errs := run("--test-fail", "-o", out); st != 1 {
		t.Fatalf("status %d, stderr %q", st, errs)
	}
	if b, _ := os.ReadFile(out); string(b) != "old" {
		t.Errorf("failed run changed -o file to %q", b)
	}
	if st, _, errs := run("--test-count-ops", "-o", out); st != 0 {
		t.Fatalf("status %d, stderr %q", st, errs)
	}
	if b, _ := os.ReadFile(out); string(b) != "ops: 3\n" {
		t.Errorf("-o file = %q", b)
	}
	if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o600 {
		t.Errorf("permissions changed to %v", fi.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestHelpListsTranslations(t *testing.T) {
	st, out, _ := run("--help")
	if st != 0 || !strings.Contains(out, "--test-count-ops") || !strings.Contains(out, "--prefix=<value>") {
		t.Errorf("status %d, help:\n%s", st, out)
	}
}
