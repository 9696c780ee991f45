package filecheck

import (
	"math/big"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCompileERE(t *testing.T) {
	tests := []struct {
		re      string
		icase   bool
		input   string
		want    []int // [start, end] of the match, nil for no match
		wantErr string
	}{
		{re: "abc", input: "xxabcx", want: []int{2, 5}},
		{re: "a|ab|abc", input: "abcd", want: []int{0, 3}}, // leftmost-longest
		{re: "[0-9]+", input: "v123", want: []int{1, 4}},
		{re: `\d`, input: "1d", want: []int{1, 2}}, // \d is a literal d
		{re: `\.`, input: "a.b", want: []int{1, 2}},
		{re: `\n`, input: "n", want: []int{0, 1}},
		{re: "a.b", input: "a\nb", want: nil}, // . does not match newline
		{re: "a[^x]b", input: "a\nb", want: nil},
		{re: "[[:space:]]+", input: "a \t b", want: []int{1, 4}},
		{re: "[[:alpha:]][[:digit:]]", input: "1a2", want: []int{1, 3}},
		{re: "[[:xdigit:]]+", input: "zzBeEf9g", want: []int{2, 7}},
		{re: "[[.hyphen.]]", input: "a-b", want: []int{1, 2}},
		{re: "[[=a=]]", input: "ba", want: []int{1, 2}},
		{re: "[]a]+", input: "x]a]", want: []int{1, 4}},
		{re: "[a-]+", input: "x-a-", want: []int{1, 4}},
		{re: "^b", input: "a\nb", want: []int{2, 3}},
		{re: "a$", input: "a\nb", want: []int{0, 1}},
		{re: "a{2,3}", input: "aaaa", want: []int{0, 3}},
		{re: "a{2}", input: "a", want: nil},
		{re: "a{", input: "a{", want: []int{0, 2}}, // { without digit is literal
		{re: "(ab)\\1", input: "xabab", want: []int{1, 5}},
		{re: "(a|b)\\1", input: "ab bb", want: []int{3, 5}},
		{re: "[[:<:]]cat", input: "concat cat", want: []int{7, 10}},
		{re: "cat[[:>:]]", input: "cats cat", want: []int{5, 8}},
		{re: "AbC", icase: true, input: "xaBc", want: []int{1, 4}},
		{re: "[a-c]+", icase: true, input: "xABC", want: []int{1, 4}},
		{re: "[^a]", icase: true, input: "Ab", want: []int{1, 2}},
		{re: "é", input: "café", want: []int{3, 5}},
		{re: "caf..", input: "café", want: []int{0, 5}}, // bytes, not runes
		{re: "()", input: "x", want: []int{0, 0}},
		{re: "", wantErr: regEMPTY},
		{re: "a|", wantErr: regEMPTY},
		{re: "(", wantErr: regEPAREN},
		{re: "a)", wantErr: regEPAREN},
		{re: "[a", wantErr: regEBRACK},
		{re: "*a", wantErr: regBADRPT},
		{re: "a**", wantErr: regBADRPT},
		{re: "^*", wantErr: regBADRPT},
		{re: "{1}", wantErr: regBADRPT},
		{re: "a{1", wantErr: regEBRACE},
		{re: "a{2,1}", wantErr: regBADBR},
		{re: "a{256}", wantErr: regBADBR},
		{re: "a{0}", wantErr: regEMPTY},
		{re: "[z-a]", wantErr: regERANGE},
		{re: "[[:foo:]]", wantErr: regECTYPE},
		{re: "[[.foo.]]", wantErr: regECOLLATE},
		{re: `a\`, wantErr: regEESCAPE},
		{re: `\1`, wantErr: regESUBREG},
		{re: `(a\1)`, wantErr: regESUBREG},
	}
	for _, tc := range tests {
		re, msg := compileERE(tc.re, tc.icase)
		if msg != tc.wantErr {
			t.Errorf("compileERE(%q): error %q, want %q", tc.re, msg, tc.wantErr)
			continue
		}
		if msg != "" {
			continue
		}
		v := newLatin1View(tc.input)
		caps := re.match(v, 0, len(tc.input))
		var got []int
		if caps != nil {
			got = caps[:2]
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("match %q on %q (-want +got):\n%s", tc.re, tc.input, diff)
		}
	}
}

// parseOne parses a single pattern of the given directive kind and returns
// the pattern and whatever diagnostics were printed.
func parseOne(t *testing.T, kind checkKind, text string, opts Options) (*pattern, string, bool) {
	t.Helper()
	var out strings.Builder
	ctx := newPatternContext()
	ctx.lineVar = &numVar{name: "@LINE", format: exprFormat{kind: fmtUnsigned}}
	ctx.globalNumVars["@LINE"] = ctx.lineVar
	ps := &parser{ctx: ctx, req: &opts, out: &out}
	buf := &srcBuf{name: "t", text: text}
	p := newPattern(checkType{kind: kind, count: 1}, ctx, 1)
	failed := ps.parsePattern(p, wholeBuf(buf), "CHECK")
	return p, out.String(), failed
}

func TestParsePattern(t *testing.T) {
	tests := []struct {
		name      string
		kind      checkKind
		text      string
		opts      Options
		wantFixed string
		wantRegex string
		wantErr   string // first line of the diagnostic
	}{
		{name: "fixed", text: "hello world", wantFixed: "hello world"},
		{name: "trailing blanks", text: "hello \t ", wantFixed: "hello"},
		{name: "short", text: "[", wantFixed: "["},
		{name: "regex block", text: "a{{b|c}}d", wantRegex: "a(b|c)d"},
		{name: "escaped fixed text", text: "f(x) {{.*}}", wantRegex: `f\(x\) (.*)`},
		{name: "string var def", text: "[[X:[0-9]+]]", wantRegex: "([0-9]+)"},
		{name: "same-line backref", text: "[[X:a]] [[X]]", wantRegex: `(a) \1`},
		{name: "backref after regex group", text: "{{x}}[[X:a]][[X]]", wantRegex: `(x)(a)\2`},
		{name: "string var use", text: "v=[[X]]", wantRegex: "v="},
		{name: "numeric def", text: "[[#N:]]", wantRegex: "([0-9]+)"},
		{name: "numeric hex def", text: "[[#%X,N:]]", wantRegex: "([0-9A-F]+)"},
		{name: "numeric precision def", text: "[[#%.2d,N:]]", wantRegex: "(-?([1-9][0-9]*)?[0-9]{2})"},
		{name: "numeric alt hex", text: "[[#%#x,N:]]", wantRegex: "(0x[0-9a-f]+)"},
		{name: "empty numeric", text: "[[#]]", wantRegex: "[0-9]+"},
		{name: "triple bracket", text: "[[[X:a]]]", wantRegex: `\[(a)\]`},
		{name: "literal", text: "[[x]]{{y}}", opts: Options{}, kind: checkPlain, wantFixed: "[[x]]{{y}}"},
		{name: "full lines", text: "foo", opts: Options{MatchFullLines: true}, wantRegex: "^ *foo *$"},
		{name: "full lines strict", text: "foo", opts: Options{MatchFullLines: true, StrictWhitespace: true}, wantRegex: "^foo$"},
		{name: "empty check", kind: checkEmpty, text: "", wantRegex: "(\n$)"},
		{name: "empty pattern", text: "  ", wantErr: "t:1:1: error: found empty check string with prefix 'CHECK:'"},
		{name: "non-empty empty", kind: checkEmpty, text: "x", wantErr: "t:1:1: error: found non-empty check string for empty check with prefix 'CHECK:'"},
		{name: "bad regex", text: "a{{(}}", wantErr: "t:1:4: error: invalid regex: parentheses not balanced"},
		{name: "unterminated regex", text: "a{{b", wantErr: "t:1:2: error: found start of regex string with no end '}}'"},
		{name: "unterminated var", text: "[[X:a", wantErr: "t:1:1: error: Invalid substitution block, no ]] found"},
		{name: "bad var name", text: "[[9:a]]", wantErr: "t:1:3: error: invalid variable name"},
		{name: "var whitespace", text: "[[X :a]]", wantErr: "t:1:4: error: unexpected whitespace"},
		{name: "bad use", text: "[[X-1]]", wantErr: "t:1:3: error: invalid name in string variable use"},
		{name: "pseudo def", text: "[[@LINE:x]]", wantErr: "t:1:3: error: invalid name in string variable definition"},
		{name: "bad format", text: "[[#%y,N:]]", wantErr: "t:1:5: error: invalid format specifier in expression"},
		{name: "alt form non hex", text: "[[#%#u,N:]]", wantErr: "t:1:5: error: alternate form only supported for hex values"},
		{name: "bad precision", text: "[[#%.u,N:]]", wantErr: "t:1:6: error: invalid precision in format specifier"},
		{name: "same line numeric", text: "[[#N:]] [[#N]]", wantErr: "t:1:12: error: numeric variable 'N' defined earlier in the same CHECK directive"},
		{name: "unsupported op", text: "[[#1*2]]", wantErr: "t:1:5: error: unsupported operation '*'"},
		{name: "bad call", text: "[[#pow(1,2)]]", wantErr: "t:1:4: error: call to undefined function 'pow'"},
		{name: "arity", text: "[[#max(1,2,3)]]", wantErr: "t:1:4: error: function 'max' takes 2 arguments but 3 given"},
		{name: "missing arg", text: "[[#max(1,)]]", wantErr: "t:1:10: error: missing argument"},
		{name: "missing paren", text: "[[#(1+2]]", wantErr: "t:1:8: error: missing ')' at end of nested expression"},
		{name: "legacy extra", text: "[[@LINE+1+2]]", wantErr: "t:1:10: error: unexpected characters at end of expression '+2'"},
		{name: "bad pseudo", text: "[[@FOO]]", wantErr: "t:1:3: error: invalid pseudo numeric variable '@FOO'"},
		{name: "constraint without expr", text: "[[#==]]", wantErr: "t:1:6: error: empty numeric expression should not have a constraint"},
		{name: "bad operand", text: "[[#N:+]]", wantErr: "t:1:6: error: invalid matching constraint or operand format"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			kind := tc.kind
			if kind == checkNone {
				kind = checkPlain
			}
			var p *pattern
			var out string
			var failed bool
			if tc.name == "literal" {
				var sb strings.Builder
				ctx := newPatternContext()
				ps := &parser{ctx: ctx, req: &tc.opts, out: &sb}
				p = newPattern(checkType{kind: kind, count: 1, literal: true}, ctx, 1)
				failed = ps.parsePattern(p, wholeBuf(&srcBuf{name: "t", text: tc.text}), "CHECK")
				out = sb.String()
			} else {
				p, out, failed = parseOne(t, kind, tc.text, tc.opts)
			}
			if tc.wantErr != "" {
				first, _, _ := strings.Cut(out, "\n")
				if !failed || first != tc.wantErr {
					t.Errorf("parse %q: failed=%v, diagnostic %q, want %q", tc.text, failed, first, tc.wantErr)
				}
				return
			}
			if failed {
				t.Fatalf("parse %q failed:\n%s", tc.text, out)
			}
			got := [2]string{p.fixedStr, p.regexStr}
			want := [2]string{tc.wantFixed, tc.wantRegex}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("parse %q: [fixed, regex] (-want +got):\n%s", tc.text, diff)
			}
		})
	}
}

func TestNumericExpressions(t *testing.T) {
	tests := []struct {
		expr    string
		want    string // value rendered in the expression's format
		wantFmt string
		wantErr string // parse or evaluation error
	}{
		{expr: "N", want: "5", wantFmt: "%u"},
		{expr: "N+1", want: "6", wantFmt: "%u"},
		{expr: " N - 2 ", want: "3", wantFmt: "%u"},
		{expr: "H", want: "ff", wantFmt: "%x"},
		{expr: "H+1", want: "100", wantFmt: "%x"},
		{expr: "%X,H", want: "FF", wantFmt: "%X"},
		{expr: "%#x,H", want: "0xff", wantFmt: "%x"},
		{expr: "%.4u,N", want: "0005", wantFmt: "%u"},
		{expr: "%d,N-10", want: "-5", wantFmt: "%d"},
		{expr: "D", want: "-3", wantFmt: "%d"},
		{expr: "D*2", wantErr: "unsupported operation '*'"},
		{expr: "add(N,3)", want: "8", wantFmt: "%u"},
		{expr: "sub(N,3)", want: "2", wantFmt: "%u"},
		{expr: "mul(N,3)", want: "15", wantFmt: "%u"},
		{expr: "div(N,2)", want: "2", wantFmt: "%u"},
		{expr: "div(D,2)", want: "-1", wantFmt: "%d"},
		{expr: "max(N,7)", want: "7", wantFmt: "%u"},
		{expr: "min(N,7)", want: "5", wantFmt: "%u"},
		{expr: "max(add(N,1),(N+2))", want: "7", wantFmt: "%u"},
		{expr: "0x10", want: "16", wantFmt: "%u"},
		{expr: "010", want: "8", wantFmt: "%u"},
		{expr: "N-6", wantErr: "overflow"}, // negative value in %u
		{expr: "div(N,0)", wantErr: "overflow"},
		{expr: "18446744073709551615+1", wantErr: "overflow"},
		{expr: "%d,9223372036854775807+1", wantErr: "overflow"},
		{expr: "18446744073709551615", want: "18446744073709551615", wantFmt: "%u"},
		{expr: "%d,-9223372036854775808", want: "-9223372036854775808", wantFmt: "%d"},
		{expr: "-1", wantErr: "overflow"}, // literals default to %u
		{expr: "UNDEF+1", wantErr: "undefined variable: UNDEF"},
		{expr: "H+N", wantErr: "implicit format conflict between 'H' (%x) and 'N' (%u), need an explicit format specifier"},
		{expr: "%u,H+N", want: "260", wantFmt: "%u"},
		{expr: "foo(1,2)", wantErr: "call to undefined function 'foo'"},
	}
	for _, tc := range tests {
		t.Run(tc.expr, func(t *testing.T) {
			var out strings.Builder
			ctx := newPatternContext()
			ctx.globalNumVars["N"] = &numVar{name: "N", format: exprFormat{kind: fmtUnsigned}, value: big.NewInt(5)}
			ctx.globalNumVars["H"] = &numVar{name: "H", format: exprFormat{kind: fmtHexLower}, value: big.NewInt(255)}
			ctx.globalNumVars["D"] = &numVar{name: "D", format: exprFormat{kind: fmtSigned}, value: big.NewInt(-3)}
			ps := &parser{ctx: ctx, req: &Options{}, out: &out}
			buf := &srcBuf{name: "t", text: tc.expr}
			e, _, d := ps.parseNumericSubstitutionBlock(wholeBuf(buf), false, 1)
			var got, gotFmt, gotErr string
			if d != nil {
				gotErr = d.msg
			} else if v, errs := e.ast.eval(); errs != nil {
				if errs[0].overflow {
					gotErr = "overflow"
				} else {
					gotErr = "undefined variable: " + errs[0].undefName
				}
			} else if s, err := e.format.matchingString(v); err != nil {
				gotErr = "overflow"
			} else {
				got, gotFmt = s, e.format.String()
			}
			if diff := cmp.Diff([3]string{tc.want, tc.wantFmt, tc.wantErr}, [3]string{got, gotFmt, gotErr}); diff != "" {
				t.Errorf("[[#%s]]: [value, format, error] (-want +got):\n%s", tc.expr, diff)
			}
		})
	}
}

func TestValueFromString(t *testing.T) {
	tests := []struct {
		f       exprFormat
		s       string
		want    string
		wantErr string
	}{
		{f: exprFormat{kind: fmtUnsigned}, s: "42", want: "42"},
		{f: exprFormat{kind: fmtUnsigned}, s: "18446744073709551616", wantErr: "unable to represent numeric value"},
		{f: exprFormat{kind: fmtSigned}, s: "-42", want: "-42"},
		{f: exprFormat{kind: fmtSigned}, s: "9223372036854775808", wantErr: "unable to represent numeric value"},
		{f: exprFormat{kind: fmtHexUpper}, s: "FF", want: "255"},
		{f: exprFormat{kind: fmtHexLower, alt: true}, s: "0x1f", want: "31"},
		{f: exprFormat{kind: fmtHexLower, alt: true}, s: "1f", wantErr: "missing alternate form prefix"},
	}
	for _, tc := range tests {
		v, msg := tc.f.valueFromString(tc.s)
		got := ""
		if v != nil {
			got = v.String()
		}
		if got != tc.want || msg != tc.wantErr {
			t.Errorf("valueFromString(%v, %q) = %q, %q; want %q, %q", tc.f, tc.s, got, msg, tc.want, tc.wantErr)
		}
	}
}

func TestCanonicalize(t *testing.T) {
	tests := []struct {
		in, want string
		strict   bool
	}{
		{in: "a  \t b", want: "a b"},
		{in: "a\r\nb\r\n", want: "a\nb\n"},
		{in: "a\rb", want: "a\rb"},
		{in: "a  b\r\n", want: "a  b\n", strict: true},
		{in: "\t\tx", want: " x"},
	}
	for _, tc := range tests {
		if got := canonicalize(tc.in, tc.strict); got != tc.want {
			t.Errorf("canonicalize(%q, %v) = %q, want %q", tc.in, tc.strict, got, tc.want)
		}
	}
}

func TestParseCommandLine(t *testing.T) {
	tests := []struct {
		args    []string
		want    Options
		check   string
		input   string
		wantErr string
	}{
		{args: []string{"c.txt"}, check: "c.txt", input: "-"},
		{args: []string{"--check-prefixes=A,B", "-check-prefix", "C", "c"}, check: "c", input: "-",
			want: Options{CheckPrefixes: []string{"A", "B", "C"}}},
		{args: []string{"-DX=1", "-D#N=2", "--input-file", "in", "c"}, check: "c", input: "in",
			want: Options{Defines: []string{"X=1", "#N=2"}}},
		{args: []string{"--strict-whitespace=false", "-v", "--match-full-lines=1", "c"}, check: "c", input: "-",
			want: Options{Verbose: true, MatchFullLines: true}},
		{args: []string{"--bogus", "c"}, wantErr: "FileCheck: Unknown command line argument '--bogus'."},
		{args: []string{"-D"}, wantErr: "FileCheck: for the -D option: requires a value!"},
		{args: []string{"--input-file"}, wantErr: "FileCheck: for the --input-file option: requires a value!"},
		{args: []string{"a", "b"}, wantErr: "FileCheck: Too many positional arguments specified!"},
		{args: []string{"--dump-input=x", "c"}, wantErr: "FileCheck: for the --dump-input option: Cannot find option named 'x'!"},
	}
	for _, tc := range tests {
		var errOut strings.Builder
		cl, ok := parseCommandLine(tc.args, &errOut)
		if tc.wantErr != "" {
			if ok || !strings.HasPrefix(errOut.String(), tc.wantErr) {
				t.Errorf("parseCommandLine(%q): ok=%v, errors %q, want prefix %q", tc.args, ok, errOut.String(), tc.wantErr)
			}
			continue
		}
		if !ok {
			t.Errorf("parseCommandLine(%q) failed: %s", tc.args, errOut.String())
			continue
		}
		if diff := cmp.Diff(tc.want, cl.opts, cmp.AllowUnexported(Options{})); diff != "" {
			t.Errorf("parseCommandLine(%q) options (-want +got):\n%s", tc.args, diff)
		}
		if cl.checkFile != tc.check || cl.inputFile != tc.input {
			t.Errorf("parseCommandLine(%q): check %q input %q, want %q %q", tc.args, cl.checkFile, cl.inputFile, tc.check, tc.input)
		}
	}
}

func TestTokenizeGNU(t *testing.T) {
	got := tokenizeGNU(`-v  --implicit-check-not='a b' "x\"y" z\ w`)
	want := []string{"-v", "--implicit-check-not=a b", `x"y`, "z w"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tokenizeGNU (-want +got):\n%s", diff)
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"abc", "", 3}, {"kitten", "sitting", 3}, {"qux", "1", 3}, {"flaw", "lawn", 2}} {
		if got := editDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
