package filecheck

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/internal/cli"
)

const progName = "FileCheck"

// Main runs FileCheck with LLVM's command line (args excludes the program
// name) and returns the exit code. Options are also read from the
// FILECHECK_OPTS environment variable, before args. Only the check file and
// the --input-file named on the command line are read (stdin for "-").
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return mainWithEnv(args, os.Getenv("FILECHECK_OPTS"), stdin, stdout, stderr, os.ReadFile)
}

// cmdline holds the parsed command line.
type cmdline struct {
	opts          Options
	checkFile     string
	inputFile     string
	dumpInputs    []string
	dumpFilters   []string
	dumpContexts  []int
	help, version bool
}

type optKind int

const (
	optBool optKind = iota
	optString
	optList      // repeatable string
	optCommaList // repeatable, comma separated
	optEnumList
	optUintList
	optBoolOrDefault
)

type optSpec struct {
	name   string
	kind   optKind
	values []string // for enums
	prefix bool     // cl::AlwaysPrefix (-D)
	apply  func(c *cmdline, v string)
	help   string // the description --help prints
}

var optSpecs = []optSpec{
	{name: "input-file", help: "File to check (defaults to stdin)", kind: optString, apply: func(c *cmdline, v string) { c.inputFile = v }},
	{name: "check-prefix", help: "Prefix to use from check file (defaults to 'CHECK'); repeatable", kind: optList, apply: func(c *cmdline, v string) { c.opts.CheckPrefixes = append(c.opts.CheckPrefixes, v) }},
	{name: "check-prefixes", help: "Comma-separated list of check prefixes to use", kind: optCommaList, apply: func(c *cmdline, v string) { c.opts.CheckPrefixes = append(c.opts.CheckPrefixes, v) }},
	{name: "comment-prefixes", help: "Comma-separated list of comment prefixes (defaults to 'COM,RUN'); check directives on those lines are ignored", kind: optCommaList, apply: func(c *cmdline, v string) { c.opts.CommentPrefixes = append(c.opts.CommentPrefixes, v) }},
	{name: "strict-whitespace", help: "Do not treat all horizontal whitespace as equivalent", kind: optBool, apply: func(c *cmdline, v string) { c.opts.StrictWhitespace = v == "1" }},
	{name: "ignore-case", help: "Use case-insensitive matching", kind: optBool, apply: func(c *cmdline, v string) { c.opts.IgnoreCase = v == "1" }},
	{name: "implicit-check-not", help: "Add an implicit negative check with this pattern to every positive check; repeatable", kind: optList, apply: func(c *cmdline, v string) { c.opts.ImplicitCheckNot = append(c.opts.ImplicitCheckNot, v) }},
	{name: "D", help: "Define a variable to be used in capture patterns: -DVAR=VALUE, or -D#VAR=EXPR for a numeric one", kind: optList, prefix: true, apply: func(c *cmdline, v string) { c.opts.Defines = append(c.opts.Defines, v) }},
	{name: "allow-empty", help: "Allow the input file to be empty", kind: optBool, apply: func(c *cmdline, v string) { c.opts.AllowEmpty = v == "1" }},
	{name: "allow-unused-prefixes", help: "Allow prefixes to be specified but not appear in the check file", kind: optBool, apply: func(c *cmdline, v string) { c.opts.AllowUnusedPrefixes = v == "1" }},
	{name: "match-full-lines", help: "Require all positive matches to cover an entire input line; leading and trailing whitespace is ignored unless --strict-whitespace is given", kind: optBool, apply: func(c *cmdline, v string) { c.opts.MatchFullLines = v == "1" }},
	{name: "enable-var-scope", help: "Enable scope for regex variables: variables whose name does not start with '$' are cleared at each CHECK-LABEL", kind: optBool, apply: func(c *cmdline, v string) { c.opts.EnableVarScope = v == "1" }},
	{name: "allow-deprecated-dag-overlap", help: "Allow overlapping CHECK-DAG matches (deprecated)", kind: optBool, apply: func(c *cmdline, v string) { c.opts.AllowDeprecatedDAGOverlap = v == "1" }},
	{name: "v", help: "Print directive pattern matches", kind: optBool, apply: func(c *cmdline, v string) { c.opts.Verbose = v == "1" }},
	{name: "vv", help: "Print information helpful in diagnosing internal FileCheck issues (implies -v)", kind: optBool, apply: func(c *cmdline, v string) { c.opts.VeryVerbose = v == "1" }},
	{name: "dump-input", help: "Dump the input to stderr, annotated with the check results: help, always, fail (default) or never", kind: optEnumList, values: []string{"help", "always", "fail", "never"}, apply: func(c *cmdline, v string) { c.dumpInputs = append(c.dumpInputs, v) }},
	{name: "dump-input-filter", help: "Which input lines --dump-input prints: all, annotation-full, annotation or error", kind: optEnumList, values: []string{"all", "annotation-full", "annotation", "error"}, apply: func(c *cmdline, v string) { c.dumpFilters = append(c.dumpFilters, v) }},
	{name: "dump-input-context", help: "Lines of context around annotated input lines that --dump-input prints", kind: optUintList, apply: func(c *cmdline, v string) {
		n, _ := strconv.Atoi(v)
		c.dumpContexts = append(c.dumpContexts, n)
	}},
	{name: "color", help: "Use colors in the output (default: when the output is a terminal)", kind: optBoolOrDefault, apply: func(c *cmdline, v string) { c.opts.Color = v == "1" }},
	{name: "help", help: "Display available options", kind: optBool, apply: func(c *cmdline, v string) { c.help = v == "1" }},
	{name: "h", help: "Display available options", kind: optBool, apply: func(c *cmdline, v string) { c.help = v == "1" }},
	{name: "help-hidden", help: "Display all available options", kind: optBool, apply: func(c *cmdline, v string) { c.help = v == "1" }},
	{name: "help-list", help: "Display the list of available options", kind: optBool, apply: func(c *cmdline, v string) { c.help = v == "1" }},
	{name: "version", help: "Display the version of this program", kind: optBool, apply: func(c *cmdline, v string) { c.version = v == "1" }},
}

func lookupOpt(name string) *optSpec {
	for i := range optSpecs {
		if optSpecs[i].name == name {
			return &optSpecs[i]
		}
	}
	return nil
}

func argPrefix(name string) string {
	if len(name) == 1 {
		return "-"
	}
	return "--"
}

// parseBoolValue mirrors cl::parser<bool>.
func parseBoolValue(v string) (string, bool) {
	switch v {
	case "", "true", "TRUE", "True", "1":
		return "1", true
	case "false", "FALSE", "False", "0":
		return "0", true
	}
	return "", false
}

// parseUint mirrors StringRef::getAsInteger(0, unsigned).
func parseUint(v string) (int, bool) {
	r := sref{&srcBuf{text: v}, 0, len(v)}
	n, ok := r.consumeUnsigned(0)
	if !ok || !r.empty() || n > 1<<32-1 {
		return 0, false
	}
	return int(n), true
}

// tokenizeGNU splits FILECHECK_OPTS like llvm::cl::TokenizeGNUCommandLine.
func tokenizeGNU(s string) []string {
	var toks []string
	var cur strings.Builder
	inTok := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !inTok && (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			continue
		}
		switch {
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inTok = true
		case c == '\'' || c == '"':
			inTok = true
			for i++; i < len(s) && s[i] != c; i++ {
				if c == '"' && s[i] == '\\' && i+1 < len(s) {
					i++
				}
				cur.WriteByte(s[i])
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			toks = append(toks, cur.String())
			cur.Reset()
			inTok = false
		default:
			cur.WriteByte(c)
			inTok = true
		}
	}
	if inTok {
		toks = append(toks, cur.String())
	}
	return toks
}

// parseCommandLine mirrors llvm::cl::ParseCommandLineOptions for FileCheck's
// options. Errors are written to errOut; ok is false if there were any.
func parseCommandLine(args []string, errOut *strings.Builder) (*cmdline, bool) {
	c := &cmdline{inputFile: "-"}
	errs := 0
	var positional []string
	report := func(name, msg string) {
		fmt.Fprintf(errOut, "%s: for the %s%s option: %s\n", progName, argPrefix(name), name, msg)
		errs++
	}
	dashDash := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if dashDash || a == "-" || !strings.HasPrefix(a, "-") {
			positional = append(positional, a)
			continue
		}
		if a == "--" {
			dashDash = true
			continue
		}
		// LLVM strips one dash, and a second one if present.
		name := strings.TrimPrefix(a[1:], "-")
		full := name
		value, hasValue := "", false
		if eq := strings.IndexByte(name, '='); eq >= 0 {
			name, value, hasValue = name[:eq], name[eq+1:], true
		}
		spec := lookupOpt(name)
		if spec != nil && spec.prefix {
			// -D=X: the value of an always-prefix option includes the '='.
			value, hasValue = strings.TrimPrefix(full, spec.name), false
			if value != "" {
				hasValue = true
			}
		}
		if spec == nil {
			if strings.HasPrefix(full, "D") {
				spec = lookupOpt("D")
				value, hasValue = full[1:], true
			}
		}
		if spec == nil {
			fmt.Fprintf(errOut, "%s: Unknown command line argument '%s'.  Try: '%s --help'\n", progName, a, progName)
			if s := nearestOption(full); s != "" {
				fmt.Fprintf(errOut, "%s: Did you mean '%s%s'?\n", progName, argPrefix(s), s)
			}
			errs++
			continue
		}
		switch spec.kind {
		case optBool, optBoolOrDefault:
			v, ok := parseBoolValue(value)
			if !ok {
				report(spec.name, "'"+value+"' is invalid value for boolean argument! Try 0 or 1")
				continue
			}
			spec.apply(c, v)
			continue
		}
		if !hasValue {
			if spec.prefix || i+1 >= len(args) {
				report(spec.name, "requires a value!")
				continue
			}
			i++
			value = args[i]
		}
		switch spec.kind {
		case optString, optList:
			spec.apply(c, value)
		case optCommaList:
			for _, v := range strings.Split(value, ",") {
				spec.apply(c, v)
			}
		case optEnumList:
			found := false
			for _, ev := range spec.values {
				if ev == value {
					found = true
				}
			}
			if !found {
				report(spec.name, "Cannot find option named '"+value+"'!")
				continue
			}
			spec.apply(c, value)
		case optUintList:
			n, ok := parseUint(value)
			if !ok {
				report(spec.name, "'"+value+"' value invalid for uint argument!")
				continue
			}
			spec.apply(c, strconv.Itoa(n))
		}
	}
	if len(positional) > 1 {
		fmt.Fprintf(errOut, "%s: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: %s --help\n", progName, progName)
		errs++
	}
	if len(positional) == 1 {
		c.checkFile = positional[0]
	}
	return c, errs == 0
}

// llvmGenericOptions are options every LLVM tool registers; they are only
// used to phrase "Did you mean" hints like LLVM does.
var llvmGenericOptions = []string{"help", "help-hidden", "help-list", "help-list-hidden", "print-options",
	"print-all-options", "version", "crash-diagnostics-dir", "disable-symbolication", "info-output-file",
	"print-debug-counter", "rng-seed", "sort-timers", "stats", "stats-json", "track-memory", "debug-counter",
	"treat-scalable-fixed-error-as-warning"}

// nearestOption suggests an option for an unknown argument (without its
// leading dashes) like LLVM's LookupNearestOption: the closest option name by
// edit distance, keeping any "=value". LLVM breaks ties by its hash-table
// order, which is not reproduced.
func nearestOption(arg string) string {
	if arg == "" {
		return ""
	}
	lhs, rhs, _ := strings.Cut(arg, "=")
	var names []string
	for _, s := range optSpecs {
		if s.name != "h" {
			names = append(names, s.name)
		}
	}
	for _, n := range llvmGenericOptions {
		if lookupOpt(n) == nil {
			names = append(names, n)
		}
	}
	best, bestDist := "", 0
	for _, n := range names {
		d := editDistance(n, lhs)
		if best == "" || d < bestDist {
			best, bestDist = n, d
		}
	}
	if rhs != "" {
		best += "=" + rhs
	}
	return best
}

func usage(w io.Writer) {
	specs := make([]optSpec, 0, len(optSpecs))
	for _, s := range optSpecs {
		if s.name != "h" {
			specs = append(specs, s)
		}
	}
	sort.Slice(specs, func(i, j int) bool { return specs[i].name < specs[j].name })
	fmt.Fprintf(w, "USAGE: %s [options] <check-file>\n\nOPTIONS:\n", progName)
	for _, s := range specs {
		name := argPrefix(s.name) + s.name
		switch s.kind {
		case optString, optList, optCommaList, optUintList:
			name += "=<value>"
			if s.prefix {
				name = "-" + s.name + "<VAR=VALUE>"
			}
		case optEnumList:
			name += "=<" + strings.Join(s.values, "|") + ">"
		}
		if len(name) < 34 {
			fmt.Fprintf(w, "  %-34s - %s\n", name, s.help)
		} else {
			fmt.Fprintf(w, "  %s\n  %-34s - %s\n", name, "", s.help)
		}
	}
	fmt.Fprintf(w, "\nOptions are parsed from the environment variable FILECHECK_OPTS and\nfrom the command line.\n")
}

func mainWithEnv(args []string, env string, stdin io.Reader, stdout, stderr io.Writer, readFile func(string) ([]byte, error)) (code int) {
	var errOut strings.Builder
	defer func() {
		if r := recover(); r != nil {
			errOut.WriteString(internalErrorMarker + fmt.Sprint(r) + "\n")
			code = 2
		}
		_, _ = io.WriteString(stderr, errOut.String())
	}()

	all := append(tokenizeGNU(env), args...)
	cl, ok := parseCommandLine(all, &errOut)
	if !ok {
		return 1
	}
	if cl.help {
		usage(stdout)
		return 0
	}
	if cl.version {
		fmt.Fprintf(stdout, "%s, compatible with LLVM FileCheck 16\n", cli.Version(progName))
		return 0
	}
	dumpRank := map[string]int{"never": 0, "fail": 1, "always": 2, "help": 3}
	dump := "fail"
	if len(cl.dumpInputs) > 0 {
		dump = cl.dumpInputs[0]
		for _, d := range cl.dumpInputs {
			if dumpRank[d] > dumpRank[dump] {
				dump = d
			}
		}
	}
	if dump == "help" {
		_, _ = io.WriteString(stdout, dumpInputHelp)
		return 0
	}
	cl.opts.DumpInput = dump
	filterRank := map[string]int{"error": 0, "annotation": 1, "annotation-full": 2, "all": 3}
	if len(cl.dumpFilters) > 0 {
		f := cl.dumpFilters[0]
		for _, d := range cl.dumpFilters {
			if filterRank[d] > filterRank[f] {
				f = d
			}
		}
		cl.opts.DumpInputFilter = f
	}
	if len(cl.dumpContexts) > 0 {
		m := cl.dumpContexts[0]
		for _, n := range cl.dumpContexts {
			if n > m {
				m = n
			}
		}
		cl.opts.DumpInputContext = &m
	}
	if cl.checkFile == "" {
		errOut.WriteString("<check-file> not specified\n")
		return 2
	}
	cl.opts.commandLine = append([]string{progName}, args...)
	cl.opts.checkFileArg = cl.checkFile

	// Like reading a pipe, stdin yields its data once; a second "-" (check
	// file and input both on stdin) reads nothing.
	readStdin := func() ([]byte, error) {
		if stdin == nil {
			return nil, nil
		}
		data, err := io.ReadAll(stdin)
		stdin = nil
		return data, err
	}
	read := func(name string) ([]byte, error) {
		if name == "-" {
			return readStdin()
		}
		return readFile(name)
	}

	// Validate -D and prefixes before touching any file, as FileCheck does.
	if !validateOptions(&cl.opts, &errOut) {
		return 2
	}

	checkData, err := read(cl.checkFile)
	if err != nil {
		fmt.Fprintf(&errOut, "Could not open check file '%s': %s\n", cl.checkFile, errnoMessage(err))
		return 2
	}
	checkName := cl.checkFile
	if checkName == "-" {
		checkName = "<stdin>"
	}
	inputName := cl.inputFile
	if inputName == "-" {
		inputName = "<stdin>"
	}
	res := run(checkName, string(checkData), func() (string, string, string, bool) {
		data, err := read(cl.inputFile)
		if err != nil {
			return "", "", "Could not open input file '" + inputName + "': " + errnoMessage(err) + "\n", false
		}
		return inputName, string(data), "", true
	}, &cl.opts)
	errOut.WriteString(res.Output)
	return res.ExitCode
}

func errnoMessage(err error) string {
	if os.IsNotExist(err) {
		return "No such file or directory"
	}
	if os.IsPermission(err) {
		return "Permission denied"
	}
	if pe, ok := err.(*os.PathError); ok {
		s := pe.Err.Error()
		if s == "is a directory" {
			return "Is a directory"
		}
		return s
	}
	return err.Error()
}
