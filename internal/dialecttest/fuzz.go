package dialecttest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// FuzzParse feeds random text to parse + verify + print. It must never
// panic: any parsed IR prints in generic form, verified IR also in custom
// form, which must parse and verify again and print identically.
//
// The seed corpus is extra (in order), then every section of
// <seedsDir>/*.txtar and every <seedsDir>/*.mlir file; seedsDir may be ""
// for none. FuzzParse fails f if there is no seed at all.
func FuzzParse(f *testing.F, seedsDir string, extra ...string) {
	f.Helper()
	seeds := append([]string(nil), extra...)
	if seedsDir != "" {
		files, _ := GoldenFiles(seedsDir)
		for _, file := range files {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				f.Fatal(err)
			}
			for _, s := range ar.Files {
				seeds = append(seeds, string(s.Data))
			}
		}
		files, _ = filepath.Glob(filepath.Join(seedsDir, "*.mlir"))
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			seeds = append(seeds, string(b))
		}
	}
	if len(seeds) == 0 {
		f.Fatal("no fuzz seeds")
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		m, err := parser.Parse("fuzz.mlir", src, parser.Options{})
		if err != nil {
			return
		}
		verr := ir.Verify(m, false)
		var custom, generic strings.Builder
		if err := ir.Print(&generic, m, ir.PrintOptions{Generic: true}); err != nil {
			t.Fatal(err)
		}
		// Unverified IR is printed in generic form only, as MLIR does (the
		// custom printers may assume a verified op).
		if verr != nil {
			return
		}
		if err := ir.Print(&custom, m, ir.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		m2, err := parser.Parse("fuzz2.mlir", custom.String(), parser.Options{})
		if err != nil {
			t.Fatalf("custom output does not parse: %v\n%s", err, custom.String())
		}
		if err := ir.Verify(m2, false); err != nil {
			t.Fatalf("custom output does not verify: %v\n%s", err, custom.String())
		}
		var again strings.Builder
		if err := ir.Print(&again, m2, ir.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if again.String() != custom.String() {
			t.Fatalf("print(parse(custom)) != custom:\n%s\n---\n%s", custom.String(), again.String())
		}
	})
}
