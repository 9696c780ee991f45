package tcptranslate

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/internal/atomicfile"
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
}

func usage() string {
	var b strings.Builder
	b.WriteString("OVERVIEW: tcp translation driver\n\nUSAGE: tcp-translate [options] <translation> <input file>\n\n")
	b.WriteString("OPTIONS:\n  -o <file>                       output file (default stdout; written atomically)\n")
	b.WriteString("  --allow-unregistered-dialect    accept ops of unregistered dialects\n")
	b.WriteString("  --mlir-print-op-generic         print imported modules in generic form\n")
	b.WriteString("  --mlir-print-debuginfo          print imported modules with op locations\n\n")
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
	if c.help {
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
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(stderr, "%s: internal error in --%s: %v\n", progName, c.tr.Name, v)
			fmt.Fprintf(stderr, "%s: reproduce with: %s --%s %s\n", progName, progName, c.tr.Name, c.input)
			status = 1
		}
	}()
	name := c.input
	var data []byte
	if c.input == "-" {
		name = "<stdin>"
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(c.input)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot open input file '%s': %v\n", progName, c.input, unwrapPath(err))
		return 1
	}
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
		fmt.Fprintf(stderr, "%s: cannot open output file '%s': %v\n", progName, c.output, unwrapPath(err))
		return 1
	}
	defer out.Abort()
	if _, err := out.Write(buf.Bytes()); err != nil {
		fmt.Fprintf(stderr, "%s: error writing output: %v\n", progName, err)
		return 1
	}
	if err := out.Commit(); err != nil {
		fmt.Fprintf(stderr, "%s: cannot write output file '%s': %v\n", progName, c.output, unwrapPath(err))
		return 1
	}
	return 0
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
