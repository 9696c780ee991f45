package lit

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// This file extracts the directives of a test file (RUN:, REQUIRES:, ...)
// following LLVM lit's parseIntegratedTestScript in lit/TestRunner.py, and
// applies substitutions to RUN lines.

// directive is a RUN:, DEFINE: or REDEFINE: directive, with its
// continuation lines joined.
type directive struct {
	keyword   string // "RUN:", "DEFINE:" or "REDEFINE:"
	startLine int    // 1-based line of the directive
	endLine   int    // last line, after continuations
	text      string // the command (RUN:) or the body (DEFINE:, REDEFINE:)
}

func (d *directive) needsContinuation() bool {
	if d.keyword == "RUN:" {
		return strings.HasSuffix(d.text, `\`)
	}
	return strings.HasSuffix(strings.TrimRightFunc(d.text, isSpace), `\`)
}

func (d *directive) location() string {
	if d.startLine == d.endLine {
		return fmt.Sprintf("at line %d", d.startLine)
	}
	return fmt.Sprintf("from line %d to %d", d.startLine, d.endLine)
}

// testScript is what a test file says about how to run it.
type testScript struct {
	script      []*directive // RUN:, DEFINE: and REDEFINE: in file order
	xfails      []string     // XFAIL: expressions, or "*"
	requires    []string     // REQUIRES: expressions
	unsupported []string     // UNSUPPORTED: expressions
}

var keywords = []string{"RUN:", "XFAIL:", "REQUIRES:", "UNSUPPORTED:", "ALLOW_RETRIES:", "END.", "DEFINE:", "REDEFINE:"}

func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
}

// findKeyword returns the leftmost keyword in line and its index, as lit's
// regular expression search does: a keyword is recognized anywhere on a
// line (conventionally in a comment such as "// RUN:").
func findKeyword(line string) (string, int) {
	best, at := "", -1
	for _, k := range keywords {
		if i := strings.Index(line, k); i >= 0 && (at < 0 || i < at) {
			best, at = k, i
		}
	}
	return best, at
}

var (
	lineRE       = regexp.MustCompile(`%\(line\)`)
	lineOffsetRE = regexp.MustCompile(`%\(line *([+-]) *(\d+)\)`)
)

// substituteLineNumbers expands %(line), %(line+N) and %(line-N).
func substituteLineNumbers(n int, s string) string {
	s = lineRE.ReplaceAllLiteralString(s, strconv.Itoa(n))
	return lineOffsetRE.ReplaceAllStringFunc(s, func(m string) string {
		sub := lineOffsetRE.FindStringSubmatch(m)
		k, err := strconv.Atoi(sub[2])
		if err != nil {
			return m
		}
		if sub[1] == "-" {
			k = -k
		}
		return strconv.Itoa(n + k)
	})
}

// parseTestScript extracts the directives from the contents of a test
// file. An error means the test is malformed (lit's UNRESOLVED).
func parseTestScript(data []byte) (*testScript, error) {
	ts := &testScript{}
	lines := bytes.Split(data, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	for i, b := range lines {
		n := i + 1
		line := strings.TrimSuffix(string(b), "\r")
		kw, at := findKeyword(line)
		if at < 0 {
			continue
		}
		rest := line[at+len(kw):]
		wrap := func(err error) error {
			return fmt.Errorf("%v\nin %s directive on test line %d", err, kw, n)
		}
		switch kw {
		case "RUN:":
			rest = substituteLineNumbers(n, rest)
			if last := lastDirective(ts.script); last != nil && last.keyword == kw && last.needsContinuation() {
				last.text = last.text[:len(last.text)-1] + strings.TrimRightFunc(rest, isSpace)
				last.endLine = n
				continue
			}
			ts.script = append(ts.script, &directive{keyword: kw, startLine: n, endLine: n, text: strings.TrimRightFunc(rest, isSpace)})
		case "DEFINE:", "REDEFINE:":
			rest = substituteLineNumbers(n, rest)
			last := lastDirective(ts.script)
			if last != nil && last.keyword == kw && last.needsContinuation() {
				if strings.TrimSpace(rest) == "" {
					return nil, wrap(fmt.Errorf("substitution's continuation is empty"))
				}
				body := strings.TrimRightFunc(last.text, isSpace)
				body = strings.TrimRightFunc(body[:len(body)-1], isSpace)
				last.text = body + " " + strings.TrimLeftFunc(rest, isSpace)
				last.endLine = n
			} else {
				last = &directive{keyword: kw, startLine: n, endLine: n, text: rest}
				ts.script = append(ts.script, last)
			}
			if !last.needsContinuation() {
				if _, _, err := parseDefinition(last.text); err != nil {
					return nil, wrap(err)
				}
			}
		case "XFAIL:", "REQUIRES:", "UNSUPPORTED:":
			list := map[string]*[]string{"XFAIL:": &ts.xfails, "REQUIRES:": &ts.requires, "UNSUPPORTED:": &ts.unsupported}[kw]
			if err := addBoolExprs(list, rest, kw == "XFAIL:"); err != nil {
				return nil, wrap(err)
			}
		case "ALLOW_RETRIES:":
			if _, err := strconv.Atoi(strings.TrimSpace(rest)); err != nil {
				return nil, wrap(fmt.Errorf("ALLOW_RETRIES: requires an integer, got %q", strings.TrimSpace(rest)))
			}
		case "END.":
			if strings.TrimSpace(rest) == "" {
				return finishTestScript(ts)
			}
		}
	}
	return finishTestScript(ts)
}

func lastDirective(ds []*directive) *directive {
	if len(ds) == 0 {
		return nil
	}
	return ds[len(ds)-1]
}

func finishTestScript(ts *testScript) (*testScript, error) {
	hasRun := false
	for _, d := range ts.script {
		if d.keyword == "RUN:" {
			hasRun = true
		}
		if d.needsContinuation() {
			return nil, fmt.Errorf("test has unterminated %q directive (with '\\') %s", d.keyword, d.location())
		}
	}
	if !hasRun {
		return nil, fmt.Errorf("test has no 'RUN:' line")
	}
	for kw, list := range map[string][]string{"XFAIL:": ts.xfails, "REQUIRES:": ts.requires, "UNSUPPORTED:": ts.unsupported} {
		if len(list) > 0 && strings.HasSuffix(list[len(list)-1], `\`) {
			return nil, fmt.Errorf("test has unterminated %q lines (with '\\')", kw)
		}
	}
	return ts, nil
}

// addBoolExprs appends the comma-separated expressions of one REQUIRES:,
// UNSUPPORTED: or XFAIL: line to list and checks their syntax.
func addBoolExprs(list *[]string, line string, allowStar bool) error {
	var parts []string
	for _, s := range strings.Split(line, ",") {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	if n := len(*list); n > 0 && strings.HasSuffix((*list)[n-1], `\`) && len(parts) > 0 {
		(*list)[n-1] = strings.TrimSuffix((*list)[n-1], `\`) + parts[0]
		parts = parts[1:]
	}
	*list = append(*list, parts...)
	for _, s := range *list {
		if (allowStar && s == "*") || strings.HasSuffix(s, `\`) {
			continue
		}
		if _, err := evalBool(s, nil); err != nil {
			return err
		}
	}
	return nil
}

var substNameRE = regexp.MustCompile(`^%\{[_a-zA-Z][-_:0-9a-zA-Z]*\}$`)

// parseDefinition splits the body of a DEFINE: or REDEFINE: directive.
func parseDefinition(body string) (name, value string, err error) {
	name, value, ok := strings.Cut(body, "=")
	if !ok {
		return "", "", fmt.Errorf("substitution's definition does not contain '='")
	}
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !substNameRE.MatchString(name) {
		return "", "", fmt.Errorf("substitution name %q is malformed as it must start with '%%{', "+
			"it must end with '}', and the rest must start with a letter or underscore and "+
			"contain only alphanumeric characters, hyphens, underscores, and colons", name)
	}
	return name, value, nil
}

// applyDefinition adjusts the substitution list for a DEFINE: or
// REDEFINE: directive, as lit does.
func applyDefinition(d *directive, substs []Substitution) ([]Substitution, error) {
	name, value, err := parseDefinition(d.text)
	if err != nil {
		return nil, err
	}
	var existing []int
	for i, s := range substs {
		if strings.Contains(s.From, name) {
			existing = append(existing, i)
		}
	}
	if d.keyword == "DEFINE:" {
		if len(existing) > 0 {
			return nil, fmt.Errorf("substitution whose pattern contains %q is already defined before 'DEFINE:' directive %s", name, d.location())
		}
		return append([]Substitution{{From: name, To: value}}, substs...), nil
	}
	if len(existing) != 1 || substs[existing[0]].From != name {
		return nil, fmt.Errorf("no unique substitution %q is defined before 'REDEFINE:' directive %s", name, d.location())
	}
	out := append([]Substitution(nil), substs...)
	out[existing[0]] = Substitution{From: name, To: value}
	return out, nil
}

// maxLineLength bounds the length of a RUN line after substitution, as
// substitutions that expand to other substitutions can grow exponentially.
const maxLineLength = 1 << 20

// percentMarker hides "%%" while substitutions are applied.
const percentMarker = "\x00lit-percent\x00"

// substitute applies the substitutions to one RUN line, like lit's
// applySubstitutions: "%%" is protected, %if conditions are expanded, then
// every substitution is applied in order, once, as a literal replacement.
func substitute(line string, substs []Substitution, features map[string]bool) (string, error) {
	escape := func(s string) string { return strings.ReplaceAll(s, "%%", percentMarker) }
	ln, err := substituteIfElse(escape(line), features)
	if err != nil {
		return "", err
	}
	for _, s := range substs {
		if s.From == "" {
			continue
		}
		ln = strings.ReplaceAll(escape(ln), s.From, s.To)
		if len(ln) > maxLineLength {
			return "", fmt.Errorf("RUN line longer than %d bytes after substitution", maxLineLength)
		}
	}
	ln = strings.TrimSpace(ln)
	return strings.ReplaceAll(ln, percentMarker, "%"), nil
}

var elseRE = regexp.MustCompile(`^\s*%else\s*(%\{)?`)

// substituteIfElse expands "%if cond %{ a %} %else %{ b %}".
func substituteIfElse(ln string, features map[string]bool) (string, error) {
	if !strings.Contains(ln, "%if ") {
		return ln, nil
	}
	res, rest, err := parseIfElse(ln, false, features)
	if err != nil {
		return "", err
	}
	if rest != "" {
		return "", fmt.Errorf("unexpected '%%}' in %q", ln)
	}
	return res, nil
}

func parseIfElse(ln string, nested bool, features map[string]bool) (string, string, error) {
	var result strings.Builder
	for ln != "" {
		if nested && strings.HasPrefix(ln, "%}") {
			break
		}
		if strings.HasPrefix(ln, "%if ") {
			ln = ln[len("%if "):]
			i := strings.Index(ln, "%{")
			if i < 0 {
				return "", "", fmt.Errorf("'%%{' is missing for %%if substitution")
			}
			cond := ln[:i]
			ln = ln[i+2:]
			branchIf, rest, err := parseIfElse(ln, true, features)
			if err != nil {
				return "", "", err
			}
			if !strings.HasPrefix(rest, "%}") {
				return "", "", fmt.Errorf("'%%}' is missing for %%if substitution")
			}
			ln = rest[2:]
			branchElse := ""
			if m := elseRE.FindStringSubmatchIndex(ln); m != nil {
				if m[2] < 0 {
					return "", "", fmt.Errorf("'%%{' is missing for %%else substitution")
				}
				branchElse, rest, err = parseIfElse(ln[m[1]:], true, features)
				if err != nil {
					return "", "", err
				}
				if !strings.HasPrefix(rest, "%}") {
					return "", "", fmt.Errorf("'%%}' is missing for %%else substitution")
				}
				ln = rest[2:]
			}
			v, err := evalBool(cond, features)
			if err != nil {
				return "", "", err
			}
			if v {
				result.WriteString(branchIf)
			} else {
				result.WriteString(branchElse)
			}
			continue
		}
		// Plain text up to the next "%if" (or "%}" when nested).
		end := len(ln)
		for i := 1; i < len(ln); i++ {
			if strings.HasPrefix(ln[i:], "%if") || (nested && strings.HasPrefix(ln[i:], "%}")) {
				end = i
				break
			}
		}
		result.WriteString(ln[:end])
		ln = ln[end:]
	}
	return result.String(), ln, nil
}
