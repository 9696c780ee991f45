package filecheck

import (
	"fmt"
	"math"
	"regexp"
	"strings"
)

// Options mirrors FileCheck's command-line options. The zero value selects
// FileCheck's defaults (prefix CHECK, comment prefixes COM and RUN, input
// dump on failure with 5 lines of context).
type Options struct {
	// CheckPrefixes are the directive prefixes (default "CHECK"), in the
	// order given by --check-prefix/--check-prefixes.
	CheckPrefixes []string
	// CommentPrefixes are the comment prefixes (default "COM", "RUN").
	CommentPrefixes []string
	// ImplicitCheckNot patterns are checked not to occur between positive
	// matches (--implicit-check-not).
	ImplicitCheckNot []string
	// Defines are -D definitions without the "-D": "VAR=VALUE" or
	// "#[FMT,]VAR=EXPR".
	Defines []string

	StrictWhitespace          bool // --strict-whitespace
	MatchFullLines            bool // --match-full-lines
	IgnoreCase                bool // --ignore-case
	AllowEmpty                bool // --allow-empty
	AllowUnusedPrefixes       bool // --allow-unused-prefixes
	EnableVarScope            bool // --enable-var-scope
	AllowDeprecatedDAGOverlap bool // --allow-deprecated-dag-overlap
	Verbose                   bool // -v
	VeryVerbose               bool // -vv (implies Verbose)
	// Color forces LLVM's ANSI colors in diagnostics and the input dump
	// (--color).
	Color bool

	// DumpInput is "fail" (the default when empty), "always" or "never".
	DumpInput string
	// DumpInputFilter is "error", "annotation", "annotation-full" or "all";
	// empty selects "all" for DumpInput "always" and "error" otherwise.
	DumpInputFilter string
	// DumpInputContext is the number of context lines around filtered lines
	// in the dump; nil selects the default, 5.
	DumpInputContext *int

	// commandLine, when set by Main, is echoed after the "is empty" error.
	commandLine []string
	// checkFileArg, when set by Main, is the check file as named on the
	// command line, for the input dump header ("-" for stdin).
	checkFileArg string
}

func (o *Options) checkPrefixes() []string {
	if len(o.CheckPrefixes) == 0 {
		return []string{"CHECK"}
	}
	return o.CheckPrefixes
}

func (o *Options) commentPrefixes() []string {
	if len(o.CommentPrefixes) == 0 {
		return []string{"COM", "RUN"}
	}
	return o.CommentPrefixes
}

// Result is the outcome of a FileCheck run.
type Result struct {
	// ExitCode is FileCheck's exit status: 0 when all checks pass, 1 when
	// a check fails to match, 2 for problems with the check file, the
	// options or the input (e.g. empty input without AllowEmpty).
	ExitCode int
	// Output is what FileCheck prints on standard error: the diagnostics
	// and, if enabled, the annotated input dump.
	Output string
}

// FirstError returns the first line of Output that contains "error:", or the
// first line of Output if none does; "" when Output is empty.
func (r *Result) FirstError() string {
	lines := strings.Split(r.Output, "\n")
	for _, l := range lines {
		if strings.Contains(l, "error:") {
			return l
		}
	}
	for _, l := range lines {
		if l != "" {
			return l
		}
	}
	return ""
}

// Error is returned by Check when the checks do not pass.
type Error struct {
	Result *Result
}

func (e *Error) Error() string {
	if s := e.Result.FirstError(); s != "" {
		return s
	}
	return "FileCheck failed"
}

// Check verifies inputText (named inputName in diagnostics) against the
// directives in checkText (named checkFile), like running FileCheck with the
// given options. It never reads files. The returned error is nil exactly when
// Result.ExitCode is 0; otherwise it is an *Error carrying the same Result.
func Check(checkFile, checkText, inputName, inputText string, opts Options) (*Result, error) {
	res := run(checkFile, checkText, func() (string, string, string, bool) {
		return inputName, inputText, "", true
	}, &opts)
	if res.ExitCode != 0 {
		return res, &Error{Result: res}
	}
	return res, nil
}

// canonicalize mirrors FileCheck::CanonicalizeFile: CRLF becomes LF and,
// unless strict, runs of blanks become one space.
func canonicalize(s string, strict bool) string {
	if !strings.Contains(s, "\r\n") && (strict || !needsBlankCollapse(s)) {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			continue
		}
		if strict || (c != ' ' && c != '\t') {
			sb.WriteByte(c)
			continue
		}
		sb.WriteByte(' ')
		for i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\t') {
			i++
		}
	}
	return sb.String()
}

func needsBlankCollapse(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\t' || (s[i] == ' ' && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\t')) {
			return true
		}
	}
	return false
}

// validateOptions performs the checks FileCheck makes before reading any
// file: -D definitions need a name and an '=', and prefixes must be valid and
// unique. It reports whether the options are usable.
func validateOptions(opts *Options, out *strings.Builder) bool {
	ok := true
	for _, g := range opts.Defines {
		switch strings.IndexByte(g, '=') {
		case -1:
			out.WriteString("Missing equal sign in command-line definition '-D" + g + "'\n")
			ok = false
		case 0:
			out.WriteString("Missing variable name in command-line definition '-D" + g + "'\n")
			ok = false
		}
	}
	if !ok {
		return false
	}
	unique := map[string]bool{}
	if len(opts.CheckPrefixes) == 0 {
		unique["CHECK"] = true
	}
	if len(opts.CommentPrefixes) == 0 {
		unique["COM"] = true
		unique["RUN"] = true
	}
	return validatePrefixes(out, "check", unique, opts.CheckPrefixes) &&
		validatePrefixes(out, "comment", unique, opts.CommentPrefixes)
}

var prefixValidator = regexp.MustCompile(`^[a-zA-Z0-9_-]*$`)

func validatePrefixes(out *strings.Builder, kind string, unique map[string]bool, prefixes []string) bool {
	for _, p := range prefixes {
		if p == "" {
			out.WriteString("error: supplied " + kind + " prefix must not be the empty string\n")
			return false
		}
		if !prefixValidator.MatchString(p) {
			out.WriteString("error: supplied " + kind + " prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '" + p + "'\n")
			return false
		}
		if unique[p] {
			out.WriteString("error: supplied " + kind + " prefix must be unique among check and comment prefixes: '" + p + "'\n")
			return false
		}
		unique[p] = true
	}
	return true
}

// internalErrorMarker starts the message printed if a bug in this package
// causes a panic; the panic is turned into exit code 2 rather than crashing
// the caller (the fuzz test looks for this marker).
const internalErrorMarker = "FileCheck internal error: "

// run performs everything FileCheck's main does after option parsing.
// input is called only once the check file has been read successfully; it
// returns the input's display name and text, or an error message.
func run(checkName, checkText string, input func() (name, text, errMsg string, ok bool), opts *Options) (res *Result) {
	var out strings.Builder
	res = &Result{}
	defer func() {
		// Never let an internal error escape as a panic.
		if r := recover(); r != nil {
			out.WriteString(internalErrorMarker + fmt.Sprint(r) + "\n")
			res.ExitCode = 2
		}
		res.Output = out.String()
	}()

	if opts.VeryVerbose {
		opts.Verbose = true
	}

	if !validateOptions(opts, &out) {
		res.ExitCode = 2
		return
	}
	req := *opts

	checkBuf := &srcBuf{name: checkName, text: canonicalize(checkText, req.StrictWhitespace)}
	ctx := newPatternContext()
	ps := &parser{ctx: ctx, req: &req, out: &out}
	checks, failed := ps.readCheckFile(checkBuf)
	if failed {
		res.ExitCode = 2
		if ps.fatalExit != 0 {
			res.ExitCode = ps.fatalExit
		}
		return
	}

	inputName, inputStr, errMsg, ok := input()
	if !ok {
		out.WriteString(errMsg)
		res.ExitCode = 2
		return
	}
	if inputStr == "" && !req.AllowEmpty {
		out.WriteString("FileCheck error: '" + inputName + "' is empty.\n")
		if req.commandLine != nil {
			out.WriteString("FileCheck command line: ")
			for _, a := range req.commandLine {
				out.WriteString(" " + a)
			}
			out.WriteString("\n")
		}
		res.ExitCode = 2
		return
	}

	inBuf := &srcBuf{name: inputName, text: canonicalize(inputStr, req.StrictWhitespace)}
	in := &inputText{buf: inBuf, view: newLatin1View(inBuf.text)}
	dumpMode := req.DumpInput
	if dumpMode == "" {
		dumpMode = "fail"
	}
	c := &checker{req: &req, out: &out, in: in, ctx: ctx, collect: dumpMode != "never"}
	if !c.checkInput(checks) {
		res.ExitCode = 1
	}
	if dumpMode == "always" || (res.ExitCode == 1 && dumpMode == "fail") {
		checkArg := checkName
		if req.checkFileArg != "" {
			checkArg = req.checkFileArg
		}
		out.WriteString("\nInput file: " + inputName + "\nCheck file: " + checkArg + "\n\n-dump-input=help explains the following input dump.\n\n")
		implicit := map[*srcBuf]int{}
		for i, p := range ps.implicit {
			implicit[p.loc.buf] = i
		}
		anns, width := buildInputAnnotations(c.diags, checkBuf, implicit)
		filter := filterError
		switch req.DumpInputFilter {
		case "all":
			filter = filterAll
		case "annotation-full":
			filter = filterAnnotationFull
		case "annotation":
			filter = filterAnnotation
		case "error":
			filter = filterError
		default:
			if dumpMode == "always" {
				filter = filterAll
			}
		}
		context := 5
		if req.DumpInputContext != nil {
			context = *req.DumpInputContext
		}
		if context < 0 || context > math.MaxInt32 {
			context = math.MaxInt32
		}
		dumpAnnotatedInput(&out, filter, context, inBuf.text, anns, width, req.Verbose, req.Color)
	}
	return
}
