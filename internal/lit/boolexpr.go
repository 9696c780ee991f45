package lit

import (
	"fmt"
	"regexp"
	"strings"
)

// This file evaluates the boolean feature expressions of REQUIRES:,
// UNSUPPORTED: and XFAIL: lines and of %if substitutions, following LLVM
// lit's lit/BooleanExpression.py:
//
//	expr         :: or_expr
//	or_expr      :: and_expr ('||' and_expr)*
//	and_expr     :: not_expr ('&&' not_expr)*
//	not_expr     :: '!' not_expr | '(' or_expr ')' | match_expr
//	match_expr   :: (identifier | braced_regex)+
//	identifier   :: [-+=._a-zA-Z0-9]+
//	braced_regex :: '{{' regex '}}'
//
// An identifier is true when it names an available feature; "true" is
// always true. A match_expr with braced regexes is true when it matches
// (in full) some available feature. The regexes use Go's RE2 syntax rather
// than Python's.

var boolTokenRE = regexp.MustCompile(`^\s*([()]|&&|\|\||!|(?:[-+=._a-zA-Z0-9]+|\{\{.+?\}\})+)\s*(.*)$`)

// evalBool evaluates expr with the given available features.
func evalBool(expr string, features map[string]bool) (bool, error) {
	var toks []string
	rest := expr
	for rest != "" {
		m := boolTokenRE.FindStringSubmatch(rest)
		if m == nil {
			if strings.TrimSpace(rest) == "" {
				break
			}
			return false, fmt.Errorf("couldn't parse text %q in expression %q", rest, expr)
		}
		toks = append(toks, m[1])
		rest = m[2]
	}
	p := &boolParser{toks: toks, features: features, expr: expr}
	v, err := p.parseOr()
	if err != nil {
		return false, err
	}
	if p.i != len(p.toks) {
		return false, p.errorf("expected end of expression, have %q", p.toks[p.i])
	}
	return v, nil
}

type boolParser struct {
	toks     []string
	i        int
	features map[string]bool
	expr     string
}

func (p *boolParser) errorf(format string, args ...any) error {
	return fmt.Errorf("%s in expression %q", fmt.Sprintf(format, args...), p.expr)
}

func (p *boolParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *boolParser) accept(t string) bool {
	if p.i < len(p.toks) && p.toks[p.i] == t {
		p.i++
		return true
	}
	return false
}

func (p *boolParser) parseOr() (bool, error) {
	v, err := p.parseAnd()
	if err != nil {
		return false, err
	}
	for p.accept("||") {
		w, err := p.parseAnd()
		if err != nil {
			return false, err
		}
		v = v || w
	}
	return v, nil
}

func (p *boolParser) parseAnd() (bool, error) {
	v, err := p.parseNot()
	if err != nil {
		return false, err
	}
	for p.accept("&&") {
		w, err := p.parseNot()
		if err != nil {
			return false, err
		}
		v = v && w
	}
	return v, nil
}

func (p *boolParser) parseNot() (bool, error) {
	switch t := p.peek(); t {
	case "!":
		p.i++
		v, err := p.parseNot()
		return !v, err
	case "(":
		p.i++
		v, err := p.parseOr()
		if err != nil {
			return false, err
		}
		if !p.accept(")") {
			have := "<end of expression>"
			if p.i < len(p.toks) {
				have = fmt.Sprintf("%q", p.toks[p.i])
			}
			return false, p.errorf("expected ')', have %s", have)
		}
		return v, nil
	case "", "&&", "||", ")":
		have := "<end of expression>"
		if p.i < len(p.toks) {
			have = fmt.Sprintf("%q", t)
		}
		return false, p.errorf("expected '!', '(', '{{', or identifier, have %s", have)
	default:
		p.i++
		return p.match(t)
	}
}

var braceRE = regexp.MustCompile(`\{\{.+?\}\}`)

// match evaluates a match_expr token.
func (p *boolParser) match(t string) (bool, error) {
	if !strings.Contains(t, "{{") {
		return t == "true" || p.features[t], nil
	}
	var re strings.Builder
	re.WriteString("^(?:")
	last := 0
	for _, loc := range braceRE.FindAllStringIndex(t, -1) {
		re.WriteString(regexp.QuoteMeta(t[last:loc[0]]))
		re.WriteString("(?:" + t[loc[0]+2:loc[1]-2] + ")")
		last = loc[1]
	}
	re.WriteString(regexp.QuoteMeta(t[last:]))
	re.WriteString(")$")
	rx, err := regexp.Compile(re.String())
	if err != nil {
		return false, p.errorf("bad regular expression in %q: %v", t, err)
	}
	if rx.MatchString("true") {
		return true, nil
	}
	for f, ok := range p.features {
		if ok && rx.MatchString(f) {
			return true, nil
		}
	}
	return false, nil
}
