package compiler_test

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const modulePath = "github.com/tcp-project/tcp"

// newModule makes a module in a temporary directory that requires this
// repository through a replace directive, as a user's module would, and
// returns its directory and the environment to build it offline (the
// module cache only: GOPROXY=off).
func newModule(t *testing.T) (string, []string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds programs in a new module with the go command (-short)")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command in $PATH")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module example.com/user\n\ngo 1.26\n\nrequire " + modulePath + " v0.0.0\n\nreplace " + modulePath + " => " + repo + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	// The checksums of the repository's own dependencies, which go mod
	// tidy would write (this repository itself is replaced by a directory
	// and needs none).
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local", "GONOSUMDB=*", "GOSUMDB=off")
	return dir, env
}

// buildAndRun writes src as package main in a new directory of module dir,
// builds it and runs it, and returns its stdout. A panic or a nonzero exit
// fails the test.
func buildAndRun(t *testing.T, dir string, env []string, name, src string) string {
	t.Helper()
	pkg := filepath.Join(dir, name)
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, name+".bin")
	build := exec.Command("go", "build", "-o", bin, "./"+name)
	build.Dir, build.Env = dir, env
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./%s in the new module: %v\n%s", name, err, out)
	}
	run := exec.Command(bin)
	run.Dir, run.Env = dir, env
	var stdout, stderr bytes.Buffer
	run.Stdout, run.Stderr = &stdout, &stderr
	err := run.Run()
	if err != nil || strings.Contains(stderr.String(), "panic") {
		t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", name, err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

type example struct {
	name, output string
}

// examplesMain turns example_test.go into a program: package main, the
// same imports and declarations, and a main that runs every Example in
// order after a "=== Name" line. It fails the test if the file imports
// anything of this repository but the compiler package, and returns the
// program and the examples with their // Output: text.
func examplesMain(t *testing.T) (string, []example) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "example_test.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if strings.HasPrefix(p, modulePath) && p != modulePath+"/compiler" {
			t.Errorf("example_test.go imports %s: the examples must need nothing but the compiler package", p)
		}
	}
	var exs []example
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || !strings.HasPrefix(fd.Name.Name, "Example") {
			continue
		}
		var out string
		for _, cg := range f.Comments {
			if cg.Pos() < fd.Body.Lbrace || cg.End() > fd.Body.Rbrace {
				continue
			}
			if text := cg.Text(); strings.HasPrefix(text, "Output:") {
				out = strings.TrimSpace(strings.TrimPrefix(text, "Output:"))
			}
		}
		exs = append(exs, example{fd.Name.Name, out})
	}
	if len(exs) == 0 {
		t.Fatal("example_test.go has no examples")
	}
	f.Name.Name = "main"
	var b bytes.Buffer
	if err := format.Node(&b, fset, f); err != nil {
		t.Fatal(err)
	}
	b.WriteString("\nfunc main() {\n")
	for _, e := range exs {
		b.WriteString("\tfmt.Println(\"=== " + e.name + "\")\n\t" + e.name + "()\n")
	}
	b.WriteString("}\n")
	return b.String(), exs
}

// Every example of the package, copied into a new module that imports
// nothing but the compiler package, builds offline and prints its
// // Output:.
func TestStandaloneModule(t *testing.T) {
	dir, env := newModule(t)
	src, exs := examplesMain(t)
	got := buildAndRun(t, dir, env, "examples", src)
	var want strings.Builder
	for _, e := range exs {
		want.WriteString("=== " + e.name + "\n")
		if e.output != "" {
			want.WriteString(e.output + "\n")
		}
	}
	// Example output comparison ignores trailing spaces per line.
	norm := func(s string) string {
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimSpace(l)
		}
		return strings.Join(lines, "\n")
	}
	if diff := cmp.Diff(norm(want.String()), norm(got)); diff != "" {
		t.Errorf("examples run in a new module (-want +got):\n%s", diff)
	}

	// The lower packages alone, without registration: errors that name
	// the missing import, no panic.
	for _, tc := range []struct {
		file string
		want []string
	}{
		{"parseonly.go.txt", []string{
			`f.mlir:2:8: error: unregistered operation 'onnx.Gather' found in dialect ('onnx') that does not allow unknown operations; the onnx dialect is registered by importing _ "github.com/tcp-project/tcp/dialect/onnx"`,
			`f.mlir:2:8: error: operation 'onnx.Gather' is of the unregistered dialect 'onnx'; the onnx dialect is registered by importing _ "github.com/tcp-project/tcp/dialect/onnx"`,
		}},
		{"lowlevel.go.txt", []string{
			"parse onnx: <nil>",
			`apply All(): g.mlir:2:8: error: 'onnx.Gather' cannot be converted: no frontend conversion is registered, so frontends.All() is empty: import _ "github.com/tcp-project/tcp/passes/all"`,
			`apply Lookup(onnx): frontends.Apply: frontend #0 is nil: frontends.Lookup returns nil for a frontend whose conversions are not linked into this program (registered: none); import _ "github.com/tcp-project/tcp/passes/all"`,
			`require onnx: frontend "onnx" is not registered: import _ "github.com/tcp-project/tcp/passes/onnxtotcp"`,
			"pipeline: invalid pass pipeline:1:16: 'frontends-to-tcp-pipeline' does not refer to a registered pass or pass pipeline (no pass package is imported: passes are registered by importing their packages, github.com/tcp-project/tcp/passes/all",
			"new pass: 'cse' does not refer to a registered pass (no pass package is imported",
			`parse into an empty registry: t.mlir:1:1: error: operation 'torch.aten.flip' is of the unregistered dialect 'torch'; the torch dialect is registered by importing _ "github.com/tcp-project/tcp/dialect/torch"`,
		}},
	} {
		src, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		out := buildAndRun(t, dir, env, strings.TrimSuffix(tc.file, ".go.txt"), string(src))
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q; got:\n%s", tc.file, w, out)
			}
		}
	}
}
