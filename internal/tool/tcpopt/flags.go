package tcpopt

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
)

// Command-line parsing in the manner of llvm::cl, as mlir-opt uses it:
// `-name` and `--name` are the same flag; values follow `=` or, for value
// flags, come as the next argument; booleans accept `=true/false/1/0`;
// `--` ends the flags; one positional argument names the input (`-` is
// stdin); every registered pass is also a flag (`--cse`,
// `--canonicalize=max-iterations=2 top-down=false`). A later occurrence of
// a flag overrides an earlier one.

const progName = "tcp-opt"

// config is the parsed command line.
type config struct {
	input, output     string
	splitInputFile    bool
	verifyDiagnostics bool
	printGeneric      bool
	allowUnregistered bool
	printDebugInfo    bool
	verifyEach        bool
	verifyRoundtrip   bool
	verifySemantics   bool
	passPipeline      string
	pipelineSet       bool
	passes            []passFlag
	printBefore       bool
	printAfter        bool
	printAfterFailure bool
	printModuleScope  bool
	timing            bool
	reproducer        string
	runReproducer     bool
	disableThreading  bool
	maxNesting        int
	maxInputBytes     int64
	maxTensorBytes    int64
	badValue          string   // set by a value flag that rejects its value
	args              []string // the command line, for reproduction hints
	dumpPipeline      bool
	showDialects      bool
	help              bool
	version           bool
}

// positive reads a positive byte count for flag name, noting a bad value.
func (c *config) positive(name, v string) int64 {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		c.badValue = fmt.Sprintf("for the --%s option: '%s' value invalid for a positive integer argument!", name, v)
		return 0
	}
	return n
}

// passFlag is a pass given as a flag, with its option text.
type passFlag struct {
	arg, options string
}

type flagKind int

const (
	boolFlag flagKind = iota
	valueFlag
)

// flagDef describes one flag for parsing and --help.
type flagDef struct {
	name      string
	kind      flagKind
	valueDesc string // for value flags: <filename>, <string>
	help      string
	set       func(c *config, v string)
	boolField func(c *config) *bool
}

func boolDef(name, help string, field func(c *config) *bool) flagDef {
	return flagDef{name: name, kind: boolFlag, help: help, boolField: field}
}

var flagDefs = []flagDef{
	boolDef("allow-unregistered-dialect", "Allow operation with no registered dialects", func(c *config) *bool { return &c.allowUnregistered }),
	boolDef("dump-pass-pipeline", "Print the pipeline that will be run", func(c *config) *bool { return &c.dumpPipeline }),
	boolDef("help", "Display available options", func(c *config) *bool { return &c.help }),
	{name: "max-input-bytes", kind: valueFlag, valueDesc: "<uint>",
		help: "Refuse an input longer than this many bytes, checked while reading (default 2147483648)",
		set:  func(c *config, v string) { c.maxInputBytes = c.positive("max-input-bytes", v) }},
	{name: "max-tensor-bytes", kind: valueFlag, valueDesc: "<uint>",
		help: "Largest tensor --verify-semantics creates; a function with a larger argument or result is skipped with a note (default 1073741824)",
		set:  func(c *config, v string) { c.maxTensorBytes = c.positive("max-tensor-bytes", v) }},
	{name: "max-nesting-depth", kind: valueFlag, valueDesc: "<uint>",
		help: "Reject input whose regions, types and attributes nest deeper than this (default 1000; 0: no limit)",
		set: func(c *config, v string) {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				c.badValue = fmt.Sprintf("for the --max-nesting-depth option: '%s' value invalid for uint argument!", v)
				return
			}
			c.maxNesting = n
			if n == 0 {
				c.maxNesting = -1
			}
		}},
	boolDef("mlir-disable-threading", "Verify and run function passes on one thread (by default functions are processed in parallel, with the same output)", func(c *config) *bool { return &c.disableThreading }),
	{name: "mlir-pass-pipeline-crash-reproducer", kind: valueFlag, valueDesc: "<string>",
		help: "Generate a .mlir reproducer file at the given output path if the pass manager crashes or fails",
		set:  func(c *config, v string) { c.reproducer = v }},
	boolDef("mlir-print-debuginfo", "Print debug info in MLIR output", func(c *config) *bool { return &c.printDebugInfo }),
	boolDef("mlir-print-ir-after-all", "Print IR after each pass", func(c *config) *bool { return &c.printAfter }),
	boolDef("mlir-print-ir-after-failure", "Print IR after a pass fails", func(c *config) *bool { return &c.printAfterFailure }),
	boolDef("mlir-print-ir-before-all", "Print IR before each pass", func(c *config) *bool { return &c.printBefore }),
	boolDef("mlir-print-ir-module-scope", "When printing IR for print-ir-[before|after]{-all} always print the top-level operation", func(c *config) *bool { return &c.printModuleScope }),
	boolDef("mlir-print-op-generic", "Print the generic op form", func(c *config) *bool { return &c.printGeneric }),
	boolDef("mlir-timing", "Display execution times", func(c *config) *bool { return &c.timing }),
	{name: "o", kind: valueFlag, valueDesc: "<filename>", help: "Output filename",
		set: func(c *config, v string) { c.output = v }},
	{name: "pass-pipeline", kind: valueFlag, valueDesc: "<string>",
		help: "Textual description of the pass pipeline to run, e.g. 'builtin.module(func.func(canonicalize,cse))'",
		set:  func(c *config, v string) { c.passPipeline, c.pipelineSet = v, true }},
	boolDef("run-reproducer", "Run the pipeline stored in the reproducer", func(c *config) *bool { return &c.runReproducer }),
	boolDef("show-dialects", "Print the list of registered dialects and exit", func(c *config) *bool { return &c.showDialects }),
	boolDef("split-input-file", "Split the input file into pieces and process each chunk independently", func(c *config) *bool { return &c.splitInputFile }),
	boolDef("verify-diagnostics", "Check that emitted diagnostics match expected-* lines on the corresponding line", func(c *config) *bool { return &c.verifyDiagnostics }),
	boolDef("verify-each", "Run the verifier after each transformation pass (default: true)", func(c *config) *bool { return &c.verifyEach }),
	boolDef("verify-roundtrip", "Round-trip the IR after parsing (generic and custom form) and ensure it prints back the same", func(c *config) *bool { return &c.verifyRoundtrip }),
	boolDef("verify-semantics", "Run every function on random inputs before and after each pass with the interpreter and fail on any difference (64 trials, seed 1)", func(c *config) *bool { return &c.verifySemantics }),
	boolDef("version", "Display the version of this program", func(c *config) *bool { return &c.version }),
}

func lookupFlag(name string) *flagDef {
	for i := range flagDefs {
		if flagDefs[i].name == name {
			return &flagDefs[i]
		}
	}
	return nil
}

// dashName spells a flag as LLVM does in messages: -o, --verify-each.
func dashName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func parseBool(v string) (bool, bool) {
	switch v {
	case "", "true", "TRUE", "True", "1":
		return true, true
	case "false", "FALSE", "False", "0":
		return false, true
	}
	return false, false
}

// usageError is a command-line error; its text is printed as is.
type usageError string

func (e usageError) Error() string { return string(e) }

// parseArgs parses the command line.
func parseArgs(args []string) (*config, error) {
	c := &config{input: "-", output: "-", verifyEach: true, args: args}
	var positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			positional = append(positional, a)
			continue
		}
		spelled := a
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		value, hasValue := "", false
		if j := strings.IndexByte(name, '='); j >= 0 {
			name, value, hasValue = name[:j], name[j+1:], true
			spelled = a[:len(a)-len(value)-1]
		}
		if name == "h" {
			name = "help"
		}
		if d := lookupFlag(name); d != nil {
			switch d.kind {
			case boolFlag:
				b, ok := parseBool(value)
				if !ok {
					return nil, usageError(fmt.Sprintf("%s: for the %s option: '%s' is invalid value for boolean argument! Try 0 or 1", progName, dashName(name), value))
				}
				*d.boolField(c) = b
			case valueFlag:
				if !hasValue {
					if i+1 >= len(args) {
						return nil, usageError(fmt.Sprintf("%s: for the %s option: requires a value!", progName, dashName(name)))
					}
					i++
					value = args[i]
				}
				d.set(c, value)
				if c.badValue != "" {
					return nil, usageError(progName + ": " + c.badValue)
				}
			}
			continue
		}
		if pass.Lookup(name) != nil || pass.LookupPipeline(name) != nil {
			c.passes = append(c.passes, passFlag{arg: name, options: value})
			continue
		}
		msg := fmt.Sprintf("%s: Unknown command line argument '%s'.  Try: '%s --help'", progName, spelled, progName)
		if s := nearestFlag(name); s != "" {
			msg += fmt.Sprintf("\n%s: Did you mean '%s'?", progName, s)
		}
		return nil, usageError(msg)
	}
	switch len(positional) {
	case 0:
	case 1:
		c.input = positional[0]
	default:
		return nil, usageError(fmt.Sprintf("%s: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: %s --help", progName, progName))
	}
	return c, nil
}

// nearestFlag suggests a flag (or pass) close to name, or "".
func nearestFlag(name string) string {
	var names []string
	for _, d := range flagDefs {
		names = append(names, d.name)
	}
	for _, p := range pass.Registered() {
		names = append(names, p.Argument)
	}
	for _, p := range pass.RegisteredPipelines() {
		names = append(names, p.Argument)
	}
	sort.Strings(names)
	best, bestD := "", 3
	for _, n := range names {
		if d := editDistance(name, n); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return dashName(best)
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// help returns the --help text: the flags, then the registered passes
// with their options.
func help() string {
	var b strings.Builder
	b.WriteString("OVERVIEW: tcp modular optimizer driver\n\n")
	b.WriteString("Available Dialects: " + strings.Join(ir.Global.Dialects(), ", ") + "\n")
	b.WriteString("USAGE: " + progName + " [options] <input file>\n\nOPTIONS:\n\n")
	const col = 46
	line := func(indent int, left, right string) {
		s := strings.Repeat(" ", indent) + left
		if len(s) < col {
			s += strings.Repeat(" ", col-len(s))
		} else {
			s += " "
		}
		b.WriteString(s + "- " + right + "\n")
	}
	b.WriteString("General options:\n\n")
	for _, d := range flagDefs {
		left := dashName(d.name)
		if d.kind == valueFlag {
			left += "=" + d.valueDesc
		}
		line(2, left, d.help)
	}
	b.WriteString("\n  Compiler passes to run (as flags, or in --pass-pipeline):\n")
	for _, p := range pass.Registered() {
		desc := p.Description
		if a := p.AnchorName(); a != pass.AnyOp {
			desc += " (runs on '" + a + "')"
		}
		line(4, dashName(p.Argument), "  "+desc)
		for _, o := range p.Options {
			left := "--" + o.Name
			switch o.Kind {
			case pass.IntOption:
				left += "=<long>"
			case pass.StringOption:
				left += "=<string>"
			}
			d := o.Description
			if o.Default != "" {
				d += " (default: " + o.Default + ")"
			}
			line(6, left, d)
		}
	}
	if ps := pass.RegisteredPipelines(); len(ps) > 0 {
		b.WriteString("\n  Pass pipelines (as flags, or in --pass-pipeline, where each expands to its passes):\n")
		for _, p := range ps {
			line(4, dashName(p.Argument), "  "+p.Description)
		}
	}
	b.WriteString("\nPass options are given as `--pass=opt1=v1 opt2=v2` or `pass{opt1=v1 opt2=v2}` in a pipeline.\n")
	return b.String()
}
