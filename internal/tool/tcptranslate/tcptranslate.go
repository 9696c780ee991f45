package tcptranslate

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/internal/atomicfile"
	"github.com/tcp-project/tcp/internal/cli"
	"github.com/tcp-project/tcp/internal/diagcheck"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/translate"
	_ "github.com/tcp-project/tcp/translate/all"
)

const progName = "tcp-translate"

type config struct {
	tr                *translate.Translation
	opts              translate.Options
	input, output     string
	allowUnregistered bool
	generic           bool
	debugInfo         bool
	help              bool
	version           bool
	maxInputBytes     int64
}

func usage() string {
	var b strings.Builder
	b.WriteString("OVERVIEW: tcp translation driver\n\nUSAGE: tcp-translate [options] <translation> <input file>\n\n")
	b.WriteString("OPTIONS:\n  -o <file>                       output file (default stdout; written atomically)\n")
	b.WriteString("  --allow-unregistered-dialect    accept ops of unregistered dialects\n")
	b.WriteString("  --mlir-print-op-generic         print imported modules in generic form\n")
	b.WriteString("  --mlir-print-debuginfo          print imported modules with op locations\n")
	b.WriteString("  --max-input-bytes=<n>           refuse an input longer than n bytes (default 2147483648)\n")
	b.WriteString("  --version                       print the version\n\n")
	b.WriteString("Translations to perform (exactly one):\n")
	for _, t := range translate.All() {
		fmt.Fprintf(&b, "  --%-30s %s\n", t.Name, t.Description)
		for _, o := range t.Options {
			fmt.Fprintf(&b, "      --%s=<value>  %s (default %q)\n", o.Name, o.Description, o.Default)
		}
	}
	return b.String()
}

func parseArgs(args []string) (*config, error) {
	c := &config{output: "-"}
	var rest []string
	optVals := map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-" || !strings.HasPrefix(a, "-") {
			rest = append(rest, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		val, hasVal := "", false
		if k, v, ok := strings.Cut(name, "="); ok {
			name, val, hasVal = k, v, true
		}
		switch name {
		case "h", "help":
			c.help = true
			continue
		case "version":
			c.version = true
			continue
		case "max-input-bytes":
			if !hasVal {
				if i+1 >= len(args) {
					return nil, fmt.Errorf("%s: option '--max-input-bytes' requires a value", progName)
				}
				i++
				val = args[i]
			}
			n, err := strconv.ParseInt(val, 10, 64)
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("%s: --max-input-bytes needs a positive integer, got '%s'", progName, val)
			}
			c.maxInputBytes = n
			continue
		case "o":
			if !hasVal {
				if i+1 >= len(args) {
					return nil, fmt.Errorf("%s: option '-o' requires a value", progName)
				}
				i++
				val = args[i]
			}
			c.output = val
			continue
		case "allow-unregistered-dialect":
			c.allowUnregistered = true
			continue
		case "mlir-print-op-generic":
			c.generic = true
			continue
		case "mlir-print-debuginfo":
			c.debugInfo = true
			continue
		}
		if t := translate.Lookup(name); t != nil {
			if c.tr != nil && c.tr != t {
				return nil, fmt.Errorf("%s: only one translation may be given, got --%s and --%s", progName, c.tr.Name, t.Name)
			}
			c.tr = t
			continue
		}
		if !hasVal {
			if i+1 >= len(args) || strings.HasPrefix(args[i+1], "-") && args[i+1] != "-" {
				return nil, fmt.Errorf("%s: unknown command line argument '%s'; try '%s --help'", progName, a, progName)
			}
			i++
			val = args[i]
		}
		optVals[name] = val
	}
	if c.help || c.version {
		return c, nil
	}
	if c.tr == nil {
		return nil, fmt.Errorf("%s: no translation given; try '%s --help' for the list", progName, progName)
	}
	c.opts = c.tr.DefaultOptions()
	names := make([]string, 0, len(optVals))
	for k := range optVals {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if _, ok := c.opts[k]; !ok {
			return nil, fmt.Errorf("%s: unknown command line argument '--%s' for --%s; try '%s --help'", progName, k, c.tr.Name, progName)
		}
		c.opts[k] = optVals[k]
	}
	switch len(rest) {
	case 0:
		c.input = "-"
	case 1:
		c.input = rest[0]
	default:
		return nil, fmt.Errorf("%s: too many positional arguments: %s", progName, strings.Join(rest, " "))
	}
	return c, nil
}

// Main runs tcp-translate with args (without the program name) and returns
// the exit status: 0 on success, 1 on any error.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	c, err := parseArgs(args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if c.help {
		io.WriteString(stdout, usage())
		return 0
	}
	if c.version {
		fmt.Fprintln(stdout, cli.Version(progName))
		return 0
	}
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(stderr, "%s: internal error in --%s: %v\n", progName, c.tr.Name, v)
			fmt.Fprintf(stderr, "%s: reproduce with: %s --%s %s\n", progName, progName, c.tr.Name, c.input)
			status = 1
		}
	}()
	in, err := cli.ReadInput(c.input, stdin, c.maxInputBytes)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	defer in.Release()
	name, data := in.Name, in.Data
	printer := diagcheck.NewPrinter(stderr)
	report := func(err error) int {
		for _, d := range ir.AsDiagnostics(err) {
			printer.Print(d)
		}
		return 1
	}
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	if c.tr.FromMLIR != nil {
		printer.AddFile(name, string(data))
		m, err := parser.Parse(name, string(data), parser.Options{AllowUnregistered: c.allowUnregistered})
		if err != nil {
			return report(err)
		}
		if err := ir.SafeVerify(m, c.allowUnregistered); err != nil {
			return report(err)
		}
		if err := c.tr.FromMLIR(m, c.opts, w); err != nil {
			return report(err)
		}
	} else {
		m, err := c.tr.ToMLIR(name, data, c.opts)
		if err != nil {
			return report(err)
		}
		if err := ir.SafeVerify(m, c.allowUnregistered); err != nil {
			return report(err)
		}
		if err := ir.Print(w, m, ir.PrintOptions{Generic: c.generic, DebugInfo: c.debugInfo}); err != nil {
			return report(err)
		}
		w.WriteString("\n")
	}
	if err := w.Flush(); err != nil {
		return report(err)
	}
	if c.output == "-" {
		if _, err := stdout.Write(buf.Bytes()); err != nil {
			fmt.Fprintf(stderr, "%s: error writing output: %v\n", progName, err)
			return 1
		}
		return 0
	}
	out, err := atomicfile.Create(c.output)
	if err != nil {
		fmt.Fprintf(stderr, "cannot open output file '%s': %s\n", c.output, cli.ErrText(err))
		return 1
	}
	defer out.Abort()
	if _, err := out.Write(buf.Bytes()); err != nil {
		fmt.Fprintf(stderr, "%s: error writing output: %v\n", progName, err)
		return 1
	}
	if err := out.Commit(); err != nil {
		fmt.Fprintf(stderr, "cannot write output file '%s': %s\n", c.output, cli.ErrText(err))
		return 1
	}
	return 0
}
