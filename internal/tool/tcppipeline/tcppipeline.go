package tcppipeline

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/codegen/golang"
	_ "github.com/tcp-project/tcp/dialect/all"
	function "github.com/tcp-project/tcp/dialect/func"
	tcpd "github.com/tcp-project/tcp/dialect/tcp"
	"github.com/tcp-project/tcp/internal/cli"
	"github.com/tcp-project/tcp/internal/diagcheck"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/interp/kernel"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/pass"
	_ "github.com/tcp-project/tcp/passes/all"
	"github.com/tcp-project/tcp/passes/pipelines"
	"github.com/tcp-project/tcp/tensor"
	"github.com/tcp-project/tcp/translate"
	_ "github.com/tcp-project/tcp/translate/all"
)

//go:embed example/onnx_gather.mlir
var exampleSrc string

// tcpPipeline brings any frontend to tcp with builtin tensor types at the
// function boundary (torch's !torch.vtensor signatures are converted too):
// the named pipeline passes/pipelines registers, which tcp-opt runs as
// --frontends-to-tcp-pipeline.
const tcpPipeline = pipelines.FrontendsToTcp

// exampleName is the buffer name of the embedded example in diagnostics
// and headers: example/onnx_gather.mlir is a copy of the repository's
// examples/onnx_gather.mlir (TestEmbeddedExampleIsExamplesCopy).
const exampleName = "examples/onnx_gather.mlir"

// exampleArgs are the documented inputs of the embedded example: the data
// of docs/semantics.md §5.3 and indices with one negative value.
func exampleArgs() []*tensor.Tensor {
	data := tensor.Must(tensor.FromFloat64s(tensor.F32, []int64{3, 2}, []float64{1, 2, 3, 4, 5, 6}))
	idx := tensor.Must(tensor.FromInt64s(tensor.I64, []int64{2, 2}, []int64{0, 1, -2, 2}))
	return []*tensor.Tensor{data, idx}
}

const usage = `usage: tcp-pipeline [FILE.mlir | -] [-e NAME] [--feature-level L] [--assume-in-bounds] [--assume-unique-indices] [--specialize-dims SHAPES] [--trials N] [--seed S] [--verbose]

Runs the whole compiler on one function: frontend IR -> tcp -> DirectML
graph and Go kernel, and checks that every stage computes the same values
(the interpreter on the frontend, tcp and dml IR, and the compiled Go
kernel) on the documented and on random inputs. It prints a summary: each
stage with the ops it holds, and whether the values agree. The input is
FILE.mlir, or stdin for "-" or when a file is piped in; with neither (or
an empty pipe) it runs the embedded onnx.Gather example.

options:
  -e NAME             the function (default: the only or first function)
  --feature-level L   DirectML feature level for stage 3 (default 4.1)
  --assume-in-bounds  lower mode "error" to DirectML as promised in bounds
                      (DirectML's result for an out-of-range index is
                      undefined; only in-range inputs are compared)
  --specialize-dims S give the entry function's dynamic argument dims sizes
                      (S: shapes per argument, e.g. 3x6;4; * keeps one) for
                      every stage after the tcp form; DirectML needs them
  --assume-unique-indices
                      lower scatters to DirectML as if no two updates wrote
                      one element (DirectML compared only on such inputs)
  --trials N          random argument sets (default 32)
  --seed S            seed of the random arguments (default 1)
  --max-tensor-bytes N
                      largest argument drawn and tensor created (default
                      1073741824); a function with a larger declared
                      argument is not run on random inputs
  --max-input-bytes N longest input (default 2147483648)
  --verbose           after the summary, print each stage in full: the IR,
                      the DirectML graph's JSON and the Go kernel
  --quiet             only the summary (the default; kept for scripts)
  --version           print the version
`

type config struct {
	file, entry, level string
	trials             int
	seed               int64
	verbose            bool
	assumeInBounds     bool
	specialize         string // --specialize-dims: argument shapes
	version            bool
	maxTensorBytes     int64
	maxInputBytes      int64
	assumeUnique       bool
}

func parseArgs(args []string) (*config, error) {
	c := &config{level: "4.1", trials: 32, seed: 1}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := a, "", false
		if strings.HasPrefix(a, "-") && a != "-" {
			if k, v, ok := strings.Cut(a, "="); ok {
				name, val, hasVal = k, v, true
			}
		} else {
			if c.file != "" {
				return nil, fmt.Errorf("only one input file, got %q and %q", c.file, a)
			}
			c.file = a
			continue
		}
		value := func() (string, error) {
			if hasVal {
				return val, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", name)
			}
			i++
			return args[i], nil
		}
		var err error
		switch strings.TrimLeft(name, "-") {
		case "h", "help":
			return nil, errHelp
		case "quiet":
			c.verbose = false
		case "verbose", "v":
			c.verbose = true
		case "version":
			c.version = true
		case "max-tensor-bytes", "max-input-bytes":
			var v string
			if v, err = value(); err == nil {
				n, perr := strconv.ParseInt(v, 10, 64)
				if perr != nil || n <= 0 {
					return nil, fmt.Errorf("%s needs a positive integer, got %q", name, v)
				}
				if strings.HasSuffix(name, "tensor-bytes") {
					c.maxTensorBytes = n
				} else {
					c.maxInputBytes = n
				}
			}
		case "assume-in-bounds":
			c.assumeInBounds = true
		case "assume-unique-indices":
			c.assumeUnique = true
		case "e", "entry":
			c.entry, err = value()
		case "feature-level":
			c.level, err = value()
		case "specialize-dims":
			c.specialize, err = value()
		case "trials", "seed":
			var v string
			if v, err = value(); err == nil {
				n, perr := strconv.ParseInt(v, 10, 64)
				if perr != nil || n < 0 {
					return nil, fmt.Errorf("%s needs a non-negative integer, got %q", name, v)
				}
				if strings.HasSuffix(name, "trials") {
					c.trials = int(n)
				} else {
					c.seed = n
				}
			}
		default:
			return nil, fmt.Errorf("unknown option %s", a)
		}
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

var errHelp = errors.New("help")

// Main runs tcp-pipeline with args (without the program name) and returns
// the exit status. stdin is read for "-", and when no file is named and
// it is piped in: anything but a character device (a terminal,
// /dev/null) counts as piped, so a reader that is not an *os.File does.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(stderr, "tcp-pipeline: internal error: %v\n", v)
			status = 1
		}
	}()
	c, err := parseArgs(args)
	if err == errHelp {
		io.WriteString(stdout, usage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "tcp-pipeline: %v\n%s", err, usage)
		return 1
	}
	if c.version {
		fmt.Fprintln(stdout, cli.Version("tcp-pipeline"))
		return 0
	}
	r := &run{cfg: c, out: stdout, diags: diagcheck.NewPrinter(stderr), stderr: stderr, stdin: stdin}
	if err := r.main(); err != nil {
		var ie *cli.InputError
		if errors.As(err, &ie) {
			fmt.Fprintln(stderr, ie) // the message every tool gives
			return 1
		}
		for _, d := range ir.AsDiagnostics(err) {
			r.diags.Print(d)
		}
		return 1
	}
	if r.failed {
		return 1
	}
	return 0
}

type run struct {
	cfg    *config
	out    io.Writer
	stderr io.Writer
	stdin  io.Reader
	diags  *diagcheck.Printer
	failed bool
	// summary is the one-screen report printed first; detail is each
	// stage in full, printed after it under --verbose.
	summary bytes.Buffer
	detail  bytes.Buffer
}

func (r *run) header(n int, title string) { fmt.Fprintf(&r.detail, "\n== %d. %s\n", n, title) }

// stage adds stage n's line to the summary.
func (r *run) stage(n int, title, what string) {
	fmt.Fprintf(&r.summary, "%d. %-16s %s\n", n, title, what)
}

func (r *run) print(m *ir.Operation) error {
	if err := ir.Print(&r.detail, m, ir.PrintOptions{}); err != nil {
		return err
	}
	r.detail.WriteString("\n")
	return nil
}

// piped reports whether stdin holds a piped-in input: anything but a
// character device (a terminal, /dev/null) or nothing.
func piped(stdin io.Reader) bool {
	if stdin == nil {
		return false
	}
	f, ok := stdin.(*os.File)
	if !ok {
		return true
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice == 0
}

// opsOf lists the ops of the function sym in m by name, in order of first
// appearance, with counts: "onnx.Constant, onnx.Gather" or "tcp.gather x2".
func opsOf(m *ir.Operation, sym string) string {
	fn := function.Lookup(m, sym)
	if fn == nil {
		return "(no function @" + sym + ")"
	}
	var names []string
	count := map[string]int{}
	fn.Walk(ir.PreOrder, func(op *ir.Operation) {
		if op == fn || op.Name() == function.ReturnName {
			return
		}
		if count[op.Name()] == 0 {
			names = append(names, op.Name())
		}
		count[op.Name()]++
	})
	if len(names) == 0 {
		return "no ops"
	}
	parts := make([]string, len(names))
	total := 0
	for i, n := range names {
		parts[i] = n
		if count[n] > 1 {
			parts[i] += fmt.Sprintf(" x%d", count[n])
		}
		total += count[n]
	}
	noun := "ops"
	if total == 1 {
		noun = "op"
	}
	return fmt.Sprintf("%d %s: %s", total, noun, strings.Join(parts, ", "))
}

// flush prints the summary, then (--verbose) every stage in full.
func (r *run) flush() {
	r.out.Write(r.summary.Bytes())
	if r.cfg.verbose {
		r.out.Write(r.detail.Bytes())
	} else {
		fmt.Fprintln(r.out, "(--verbose prints each stage in full: the IR, the DirectML graph's JSON and the Go kernel)")
	}
}

func (r *run) main() error {
	name, src, fixed := exampleName, exampleSrc, exampleArgs()
	what := " (the embedded example; name a FILE.mlir or pipe one in to run your own)"
	switch {
	case r.cfg.file != "":
		in, err := cli.ReadInput(r.cfg.file, r.stdin, r.cfg.maxInputBytes)
		if err != nil {
			return err
		}
		defer in.Release()
		name, src, fixed, what = in.Name, string(in.Data), nil, ""
	case piped(r.stdin):
		in, err := cli.ReadInput("-", r.stdin, r.cfg.maxInputBytes)
		if err != nil {
			return err
		}
		if strings.TrimSpace(string(in.Data)) != "" {
			name, src, fixed, what = in.Name, string(in.Data), nil, ""
		} else {
			what = " (stdin was empty: the embedded example)"
		}
	}
	r.diags.AddFile(name, src)
	front, err := parser.Parse(name, src, parser.Options{})
	if err != nil {
		return err
	}
	if err := ir.Verify(front, false); err != nil {
		return err
	}
	fn, err := pickFunc(front, r.cfg.entry)
	if err != nil {
		return err
	}
	sym := function.FuncOp{Operation: fn}.Name()
	fmt.Fprintf(&r.summary, "tcp-pipeline: @%s of %s%s\n", sym, name, what)
	// The summary is printed whatever happens next.
	defer r.flush()

	r.header(1, "input: "+name)
	r.stage(1, "input", opsOf(front, sym))
	if err := r.print(front); err != nil {
		return err
	}

	r.header(2, "tcp: "+tcpPipeline+" ("+pipelines.FrontendsToTcpPasses+")")
	tcpMod := front.Clone()
	if err := runPipeline(tcpMod, "builtin.module("+tcpPipeline+")"); err != nil {
		r.stage(2, "tcp", "failed (diagnostic on stderr)")
		return err
	}
	if r.cfg.specialize != "" {
		// Every later stage (and the argument sets) use these shapes.
		spec := "specialize-dims{shapes=" + r.cfg.specialize + " func=" + sym + "}"
		fmt.Fprintf(&r.detail, "(then %s)\n", spec)
		if err := runPipeline(tcpMod, "builtin.module("+spec+")"); err != nil {
			return err
		}
	}
	r.stage(2, "tcp", opsOf(tcpMod, sym))
	if r.cfg.specialize != "" {
		fmt.Fprintf(&r.summary, "   (dims specialized: shapes=%s)\n", r.cfg.specialize)
	}
	if err := r.print(tcpMod); err != nil {
		return err
	}

	opts := "feature-level=" + r.cfg.level
	if r.cfg.assumeInBounds {
		opts += " assume-in-bounds=true"
	}
	if r.cfg.assumeUnique {
		opts += " assume-unique-indices=true"
	}
	dmlPass := "convert-tcp-to-dml{" + opts + "}"
	r.header(3, "DirectML: "+dmlPass)
	dmlMod := tcpMod.Clone()
	dmlErr := runPipeline(dmlMod, "builtin.module("+dmlPass+")")
	if dmlErr != nil {
		r.skip(3, "DirectML", dmlErr)
		dmlMod = nil
	} else {
		r.stage(3, "DirectML", opsOf(dmlMod, sym))
		if err := r.print(dmlMod); err != nil {
			return err
		}
	}

	r.header(4, "DirectML graph: mlir-to-dml-json")
	if dmlMod != nil {
		if n, err := r.translate("mlir-to-dml-json", dmlMod); err != nil {
			r.skip(4, "DirectML graph", err)
		} else {
			r.stage(4, "DirectML graph", fmt.Sprintf("DML_GRAPH_DESC as JSON, %d lines", n))
		}
	} else {
		r.stage(4, "DirectML graph", "skipped: no DirectML module")
		fmt.Fprintln(&r.detail, "skipped: no DirectML module")
	}

	r.header(5, "Go kernel: mlir-to-go")
	n, err := r.translate("mlir-to-go", tcpMod)
	if err != nil {
		r.stage(5, "Go kernel", "failed (diagnostic on stderr)")
		return err
	}
	r.stage(5, "Go kernel", fmt.Sprintf("%d lines of Go", n))

	r.header(6, "values")
	return r.compare(front, tcpMod, dmlMod, sym, fixed)
}

// skip reports a stage that cannot be built, with its diagnostics.
func (r *run) skip(n int, title string, err error) {
	r.stage(n, title, "skipped: this stage cannot be built (diagnostic on stderr)")
	fmt.Fprintln(&r.detail, "skipped: this stage cannot be built (diagnostic on stderr)")
	for _, d := range ir.AsDiagnostics(err) {
		r.diags.Print(d)
	}
}

// translate runs a translation of m into the details and returns the
// number of lines it wrote.
func (r *run) translate(name string, m *ir.Operation) (int, error) {
	t := translate.Lookup(name)
	if t == nil {
		return 0, fmt.Errorf("translation --%s is not linked into this binary", name)
	}
	var b bytes.Buffer
	if err := t.FromMLIR(m, t.DefaultOptions(), &b); err != nil {
		return 0, err
	}
	r.detail.Write(b.Bytes())
	return bytes.Count(b.Bytes(), []byte("\n")), nil
}

// compare runs every stage on the fixed and random argument sets.
func (r *run) compare(front, tcpMod, dmlMod *ir.Operation, sym string, fixed []*tensor.Tensor) error {
	ff := function.Lookup(front, sym)
	ft := function.Lookup(tcpMod, sym)
	var fd, fu *ir.Operation
	if dmlMod != nil {
		fd = function.Lookup(dmlMod, sym)
	}
	if fd != nil && r.cfg.assumeUnique {
		// The tcp function with every scatter's unique_indices promise,
		// which the interpreter checks: where it is broken, DirectML's
		// result is unspecified and not compared.
		uniq := tcpMod.Clone()
		uniq.Walk(ir.PreOrder, func(op *ir.Operation) {
			if tcpd.IsScatter(op) {
				op.SetAttr("unique_indices", ir.UnitAttr{})
			}
		})
		fu = function.Lookup(uniq, sym)
	}
	// Arguments are drawn for the tcp function: its gathers tell which
	// arguments are indices and which dims they index.
	sets, err := interp.RandomArgs(ft, interp.EquivOptions{Trials: r.cfg.trials, Seed: r.cfg.seed, MaxTensorBytes: r.cfg.maxTensorBytes})
	var tooLarge *interp.ArgTooLargeError
	if errors.As(err, &tooLarge) {
		// Not an error of the input: the values stage is skipped.
		r.stage(6, "values", "skipped: "+tooLarge.Error())
		fmt.Fprintln(&r.detail, "skipped: "+tooLarge.Error())
		return nil
	}
	if err != nil {
		return err
	}
	if fixed != nil {
		sets = append([][]*tensor.Tensor{fixed}, sets...)
	}
	prog, err := golang.Build(tcpMod, []string{sym})
	if err != nil {
		return err
	}
	proc, err := prog.Start()
	if err != nil {
		return err
	}
	defer proc.Close()

	var agree, raised, dmlCompared, mismatches, duplicates int
	var documented string // the documented inputs and their values
	// mismatch reports a difference: the values in the details, a line in
	// the summary for the first few.
	mismatch := func(stage, label, text string) {
		mismatches++
		r.detail.WriteString(text)
		if mismatches <= 3 {
			fmt.Fprintf(&r.summary, "   MISMATCH %s on %s (--verbose shows the values)\n", stage, label)
		} else if mismatches == 4 {
			r.summary.WriteString("   (more mismatches: --verbose shows them all)\n")
		}
	}
	limits := interp.Options{MaxTensorBytes: r.cfg.maxTensorBytes}
	for k, args := range sets {
		want, werr := limits.Run(ff, args)
		label := fmt.Sprintf("set %d", k)
		if fixed != nil && k == 0 {
			label = "documented inputs"
		}
		show := func(stage string, got []*tensor.Tensor, gerr error) bool {
			switch {
			case werr != nil && gerr != nil:
				return true
			case werr != nil || gerr != nil:
				mismatch(stage, label, fmt.Sprintf("MISMATCH %s on\n%sfrontend:\n%s%s:\n%s", stage, values("arg", args), outcome(want, werr), stage, outcome(got, gerr)))
				return false
			}
			for i := range want {
				if i >= len(got) || !tensor.Equal(want[i], got[i], tensor.NaNEqual) {
					mismatch(stage, label, fmt.Sprintf("MISMATCH %s on\n%sfrontend:\n%s%s:\n%s", stage, values("arg", args), outcome(want, nil), stage, outcome(got, nil)))
					return false
				}
			}
			return true
		}
		ok := true
		got, gerr := limits.Run(ft, args)
		ok = show("tcp", got, gerr) && ok
		gk, _, kerr := proc.Call(sym, args, golang.CallOptions{})
		var ke *golang.KernelError
		if kerr != nil && !errors.As(kerr, &ke) {
			return kerr // the kernel process failed, not the computation
		}
		ok = show("go", gk, kerr) && ok
		unique := true
		if fu != nil && werr == nil {
			var ue *kernel.UniqueError
			if _, uerr := limits.Run(fu, args); errors.As(uerr, &ue) {
				unique = false
				duplicates++
			}
		}
		if fd != nil && werr == nil && unique {
			gd, derr := limits.Run(fd, args)
			ok = show("dml", gd, derr) && ok
			dmlCompared++
		}
		if werr != nil {
			raised++
		}
		if ok {
			agree++
		} else {
			r.failed = true
		}
		if k == 0 && fixed != nil {
			documented = fmt.Sprintf("%s:\n%s%s", label, values("arg", args), outcome(want, werr))
			r.detail.WriteString(documented)
		}
	}
	verdict := fmt.Sprintf("%d of %d argument sets agree across frontend, tcp, Go kernel", agree, len(sets))
	if fd != nil {
		verdict += fmt.Sprintf(" and DirectML (%d compared; DirectML does not raise, so the %d sets the frontend rejects are compared without it", dmlCompared, raised)
		if r.cfg.assumeUnique {
			verdict += fmt.Sprintf("; with --assume-unique-indices, the %d sets whose scatters write one element twice are compared without it too", duplicates)
		}
		verdict += ")"
	}
	r.stage(6, "values", verdict)
	if documented != "" {
		indented := "   " + strings.ReplaceAll(strings.TrimSuffix(documented, "\n"), "\n", "\n   ") + "\n"
		r.summary.WriteString(strings.ReplaceAll(indented, "\n   \n", "\n\n"))
	}
	fmt.Fprintln(&r.detail, verdict)
	last := "OK: every stage computes the frontend's values"
	if r.failed {
		last = "FAILED: the stages disagree"
	}
	fmt.Fprintln(&r.summary, last)
	fmt.Fprintln(&r.detail, last)
	return nil
}

// outcome prints a stage's results (values) or its error, indented.
func outcome(ts []*tensor.Tensor, err error) string {
	if err != nil {
		return "  error: " + strings.SplitN(err.Error(), "\n", 2)[0] + "\n"
	}
	return values("result", ts)
}

// values prints tensors as tcp-run does: "  KIND #N: TYPE", then the
// value as numpy prints it (tensor.ArrayString), indented.
func values(kind string, ts []*tensor.Tensor) string {
	var b strings.Builder
	for i, t := range ts {
		fmt.Fprintf(&b, "  %s #%d: %s\n", kind, i, t.Type())
		for _, line := range strings.Split(tensor.ArrayString(t), "\n") {
			if line != "" {
				b.WriteString("    " + line)
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func runPipeline(m *ir.Operation, text string) error {
	pm, err := pass.ParsePipeline(text)
	if err != nil {
		return err
	}
	pm.VerifyEach = true
	return pm.Run(m)
}

func pickFunc(m *ir.Operation, entry string) (*ir.Operation, error) {
	fs := function.Funcs(m)
	if entry != "" {
		if f := function.Lookup(m, entry); f != nil {
			return f, nil
		}
		return nil, fmt.Errorf("no func.func @%s in the input (functions: %s)", entry, interp.FuncNames(m))
	}
	for _, f := range fs {
		if !(function.FuncOp{Operation: f}).IsDeclaration() {
			return f, nil
		}
	}
	return nil, errors.New("the input has no function with a body")
}
