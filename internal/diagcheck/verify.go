package diagcheck

import (
	"errors"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// designator matches an expected-* comment, as MLIR's
// SourceMgrDiagnosticVerifierHandler does (on the line without trailing
// white space).
var designator = regexp.MustCompile(`expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$`)

// expectation is one expected diagnostic.
type expectation struct {
	sev       ir.Severity
	line      int // absolute line the diagnostic must be on
	unknown   bool
	at        int // absolute line of the designator
	col       int // 1-based column of "expected-"
	substring string
	re        *regexp.Regexp
	matched   bool
}

func (e *expectation) match(msg string) bool {
	if e.re != nil {
		return e.re.MatchString(msg)
	}
	return strings.Contains(msg, e.substring)
}

// Verifier checks the diagnostics of one run (one split chunk) against the
// expected-* designators of its lines, as mlir-opt --verify-diagnostics:
//
//	// expected-error {{substring}}          on this line
//	// expected-warning @+1 {{...}}          N lines below (@-N above)
//	// expected-note @above {{...}}          the last non-designator line above
//	// expected-remark @below {{...}}        the next non-designator line
//	// expected-error @unknown {{...}}       a diagnostic without a file location
//	// expected-error-re {{op {{[0-9]+}}}}   {{...}} blocks are regular expressions
//
// Each mismatch is printed through the Printer in MLIR's words.
type Verifier struct {
	p        *Printer
	file     string
	expected []*expectation
	unknown  []*expectation
	failed   bool
}

// NewVerifier reads the designators of lines first..last (1-based,
// inclusive) of file, whose text must have been added to p. Malformed
// regular expressions are reported at once and make the verifier fail.
func NewVerifier(p *Printer, file string, first, last int) *Verifier {
	v := &Verifier{p: p, file: file}
	src := p.files[file]
	if src == nil {
		return v
	}
	if last > len(src.starts) {
		last = len(src.starts)
	}
	lastNonDesignator := first
	var below []*expectation
	for n := first; n <= last; n++ {
		text, _ := src.line(n)
		m := designator.FindStringSubmatchIndex(strings.TrimRight(text, " \t\r\n\v\f"))
		if m == nil {
			for _, e := range below {
				e.line = n
			}
			below = below[:0]
			lastNonDesignator = n
			continue
		}
		e := &expectation{
			line:      n,
			at:        n,
			col:       m[0] + 1,
			substring: text[m[10]:m[11]],
		}
		switch text[m[2]:m[3]] {
		case "error":
			e.sev = ir.SevError
		case "warning":
			e.sev = ir.SevWarning
		case "remark":
			e.sev = ir.SevRemark
		default:
			e.sev = ir.SevNote
		}
		if m[4] >= 0 {
			re, msg := compileExpectation(e.substring)
			if msg != "" {
				v.errorAt(e, msg)
				v.failed = true
				continue
			}
			e.re = re
		}
		if m[8] >= 0 {
			switch off := text[m[8]:m[9]]; off {
			case "above":
				e.line = lastNonDesignator
			case "below":
				e.line = last + 1 // if it dangles
				below = append(below, e)
			case "unknown":
				e.unknown = true
				v.unknown = append(v.unknown, e)
				continue
			default:
				k, _ := strconv.Atoi(off[1:])
				if off[0] == '+' {
					e.line += k
				} else {
					e.line -= k
				}
			}
		}
		v.expected = append(v.expected, e)
	}
	return v
}

// compileExpectation turns `text {{re}} text` into a regular expression;
// it returns MLIR's error message for a malformed one.
func compileExpectation(s string) (*regexp.Regexp, string) {
	var b strings.Builder
	for s != "" {
		i := strings.Index(s, "{{")
		if i < 0 {
			b.WriteString(regexp.QuoteMeta(s))
			break
		}
		b.WriteString(regexp.QuoteMeta(s[:i]))
		s = s[i+2:]
		j := strings.Index(s, "}}")
		if j < 0 {
			return nil, "found start of regex with no end '}}'"
		}
		block := s[:j]
		if _, err := syntax.Parse(block, syntax.POSIX); err != nil {
			return nil, "invalid regex: " + regexError(err)
		}
		b.WriteString("(" + block + ")")
		s = s[j+2:]
	}
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, "invalid regex: " + regexError(err)
	}
	return re, ""
}

// regexError words a Go regexp error as LLVM's regerror does.
func regexError(err error) string {
	var se *syntax.Error
	if !errors.As(err, &se) {
		return err.Error()
	}
	switch se.Code {
	case syntax.ErrMissingParen, syntax.ErrUnexpectedParen:
		return "parentheses not balanced"
	case syntax.ErrMissingBracket:
		return "brackets ([ ]) not balanced"
	case syntax.ErrMissingRepeatArgument, syntax.ErrInvalidRepeatOp:
		return "repetition-operator operand invalid"
	case syntax.ErrInvalidRepeatSize:
		return "invalid repetition count(s)"
	case syntax.ErrInvalidCharRange:
		return "invalid character range"
	case syntax.ErrInvalidCharClass:
		return "invalid character class"
	case syntax.ErrTrailingBackslash:
		return "trailing backslash (\\)"
	}
	return se.Error()
}

// errorAt reports msg at the designator of e, with `~` under as many
// bytes as the expected text is long.
func (v *Verifier) errorAt(e *expectation, msg string) {
	var b strings.Builder
	if e.unknown {
		b.WriteString("<unknown>:0: error: " + msg + "\n")
	} else {
		v.p.at(&b, v.file, e.at, e.col, "error", msg, len(e.substring), true)
	}
	v.p.W.Write([]byte(b.String()))
}

// Handle checks d and each of its notes against the expectations; an
// unexpected one is reported as `unexpected error: …` at its location.
func (v *Verifier) Handle(d *ir.Diagnostic) {
	v.process(d.Loc, d.Message, d.Severity)
	for _, n := range d.Notes {
		v.process(n.Loc, n.Message, n.Severity)
	}
}

func (v *Verifier) process(loc ir.Location, msg string, sev ir.Severity) {
	f, hasFile := ir.FileLineCol(loc)
	list := v.unknown
	if hasFile {
		list = nil
		if f.File == v.file {
			list = v.expected
		}
	}
	var nearMiss *expectation
	for _, e := range list {
		if hasFile && f.Line != e.line {
			continue
		}
		if e.match(msg) {
			if e.sev == sev {
				e.matched = true
				return
			}
			nearMiss = e
		}
	}
	v.failed = true
	if nearMiss != nil {
		var b strings.Builder
		v.p.at(&b, v.file, nearMiss.at, nearMiss.col, "error", "'"+sev.String()+"' diagnostic emitted when expecting a '"+nearMiss.sev.String()+"'", 0, true)
		v.p.W.Write([]byte(b.String()))
		return
	}
	if loc == nil {
		loc = ir.UnknownLoc{}
	}
	var b strings.Builder
	v.p.message(&b, loc, ir.SevError, "unexpected "+sev.String()+": "+msg, true)
	v.p.W.Write([]byte(b.String()))
}

// Finish reports every expectation that no diagnostic matched and returns
// whether verification succeeded.
func (v *Verifier) Finish() bool {
	for _, list := range [][]*expectation{v.expected, v.unknown} {
		for _, e := range list {
			if !e.matched {
				v.errorAt(e, "expected "+e.sev.String()+" \""+e.substring+"\" was not produced")
				v.failed = true
			}
		}
	}
	return !v.failed
}

// Failed reports whether a mismatch has been found so far.
func (v *Verifier) Failed() bool { return v.failed }
