package tensor_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
)

// FuzzParse feeds random text to parse + verify + print. It must never
// panic: any parsed IR prints in generic form, verified IR also in custom
// form, which must parse and verify again and print identically.
func FuzzParse(f *testing.F) {
	for _, tc := range errorCases {
		f.Add(tc.src)
	}
	files, _ := globGolden()
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, s := range ar.Files {
			f.Add(string(s.Data))
		}
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
