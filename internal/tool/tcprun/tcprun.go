package tcprun

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	// Every dialect, so that any program parses. dialect/all does not list
	// arith and tensor yet; the explicit imports are harmless once it does.
	_ "github.com/tcp-project/tcp/dialect/all"
	_ "github.com/tcp-project/tcp/dialect/arith"
	function "github.com/tcp-project/tcp/dialect/func"
	_ "github.com/tcp-project/tcp/dialect/tensor"

	"github.com/tcp-project/tcp/codegen/golang"
	"github.com/tcp-project/tcp/frontend/onnxpb"
	"github.com/tcp-project/tcp/internal/atomicfile"
	"github.com/tcp-project/tcp/internal/cli"
	"github.com/tcp-project/tcp/internal/diagcheck"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
	"github.com/tcp-project/tcp/tensor/npy"
)

const usage = `usage: tcp-run FILE.mlir [-e NAME] [ARG.npy|ARG.pb ...] [--out-dir DIR] [--expect OUT ...] [--print=numpy|mlir] [--backend=interp|go] [--bench N [--bench-warmup D]] [--workers W]

Parses and verifies FILE.mlir ("-" or no file: stdin) and runs one function with the
tcp interpreter, with arguments read from the files in order (.pb: ONNX
TensorProto, otherwise .npy). Each result is printed as numpy prints it,
below a line with its type, or written to DIR/result_N.npy.

options:
  -e NAME, --entry NAME   the function to run (default: @main, or else the
                          only public function)
  --print=numpy|mlir      how results are printed: numpy (default) prints
                          "result #N: TYPE" and then the value as numpy's
                          np.array2string prints it (more than 1000 elements
                          summarized with ...); mlir prints each result on
                          one line as an MLIR literal, dense<...> : TYPE
  --out-dir DIR           write the results as .npy files into DIR
  --backend=interp|go     run with the interpreter (default) or through the
                          function's generated Go kernel, compiled with the Go
                          toolchain into a cached binary
  --bench N               after the run, time N more calls and print
                          "bench: NAME median SECONDS s over N calls"
  --bench-warmup D        before the timed calls, repeat untimed calls for
                          at least the duration D (Go syntax: 50ms, 1s;
                          default 0: none), so that the median is of a
                          warm process's calls
  --workers W             goroutines per Go kernel (default GOMAXPROCS)
  --in-place              with --backend=go: compute a result that is a
                          scatter of an argument read by nothing else in
                          that argument's buffer, skipping the copy of the
                          input (as a framework updates a donated operand);
                          the results printed are the first call's, and
                          each --bench call updates the buffer again
  --expect FILE           compare result N (N-th --expect) with FILE (.pb
                          or .npy): bitwise, NaN equals NaN; on a difference
                          list the first differing positions with both
                          values, and exit 1
  -h, --help              print this help
  --version               print the version

resource limits (exceeding one is a located error, exit status 1):
  --max-tensor-bytes N    largest tensor an op may create (default 1073741824)
  --max-steps N           most operations one run may execute (default 10000000)
  --max-call-depth N      deepest func.call nesting (default 200)
  --max-nesting-depth N   deepest nesting of regions, types and attributes in
                          the input (default 1000)
  --max-input-bytes N     longest input file (the module, each argument and
                          expected result), checked while reading
                          (default 2147483648); an .npy header is checked
                          against --max-tensor-bytes before its data is read
`

// config is the parsed command line.
type config struct {
	file    string
	entry   string
	outDir  string
	args    []string
	expect  []string
	backend string
	print   string
	bench   int
	warmup  time.Duration
	workers int
	inPlace bool
	limits  interp.Options
	nest    int
	// maxInput bounds every input file (0: cli.DefaultMaxInputBytes).
	maxInput int64
	version  bool
}

// usageError is a command-line error; Main prints the usage hint with it.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func parseArgs(args []string) (*config, bool, error) {
	c := &config{backend: "interp", print: "numpy"}
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		name, val, hasVal := a, "", false
		if strings.HasPrefix(a, "--") || (strings.HasPrefix(a, "-") && len(a) > 1) {
			if j := strings.IndexByte(a, '='); j > 0 {
				name, val, hasVal = a[:j], a[j+1:], true
			}
		} else {
			pos = append(pos, a)
			continue
		}
		value := func() (string, error) {
			if hasVal {
				return val, nil
			}
			if i+1 >= len(args) {
				return "", usageError{fmt.Sprintf("option %s needs a value", name)}
			}
			i++
			return args[i], nil
		}
		var err error
		switch name {
		case "-h", "-help", "--help":
			return nil, true, nil
		case "-version", "--version":
			c.version = true
			return c, false, nil
		case "-max-input-bytes", "--max-input-bytes":
			c.maxInput, err = positive(name, value)
		case "-e", "--e", "-entry", "--entry", "-entry-point", "--entry-point":
			c.entry, err = value()
			c.entry = strings.TrimPrefix(c.entry, "@")
		case "-out-dir", "--out-dir":
			c.outDir, err = value()
			if err == nil && c.outDir == "" {
				err = usageError{"--out-dir needs a non-empty directory"}
			}
		case "-backend", "--backend":
			c.backend, err = value()
			if err == nil && c.backend != "interp" && c.backend != "go" {
				err = usageError{fmt.Sprintf("unknown backend %q; want interp or go", c.backend)}
			}
		case "-print", "--print":
			c.print, err = value()
			if err == nil && c.print != "numpy" && c.print != "mlir" {
				err = usageError{fmt.Sprintf("unknown --print form %q; want numpy or mlir", c.print)}
			}
		case "-bench", "--bench", "-workers", "--workers":
			var v string
			if v, err = value(); err == nil {
				n, perr := strconv.Atoi(v)
				if perr != nil || n < 0 {
					err = usageError{fmt.Sprintf("%s needs a non-negative integer, got %q", name, v)}
				} else if strings.HasSuffix(name, "bench") {
					c.bench = n
				} else {
					c.workers = n
				}
			}
		case "-bench-warmup", "--bench-warmup":
			var v string
			if v, err = value(); err == nil {
				d, perr := time.ParseDuration(v)
				if perr != nil || d < 0 || d > time.Hour {
					err = usageError{fmt.Sprintf("%s needs a duration from 0 to 1h such as 50ms, got %q", name, v)}
				} else {
					c.warmup = d
				}
			}
		case "-in-place", "--in-place":
			c.inPlace = true
			if hasVal {
				err = usageError{fmt.Sprintf("%s takes no value", name)}
			}
		case "-expect", "--expect":
			var f string
			f, err = value()
			if err == nil && f == "" {
				err = usageError{"--expect needs a file name"}
			}
			c.expect = append(c.expect, f)
		case "-max-tensor-bytes", "--max-tensor-bytes":
			c.limits.MaxTensorBytes, err = positive(name, value)
		case "-max-steps", "--max-steps":
			c.limits.MaxSteps, err = positive(name, value)
		case "-max-call-depth", "--max-call-depth":
			var n int64
			n, err = positive(name, value)
			c.limits.MaxCallDepth = int(n)
		case "-max-nesting-depth", "--max-nesting-depth":
			var n int64
			n, err = positive(name, value)
			c.nest = int(n)
		default:
			err = usageError{fmt.Sprintf("unknown option %s", name)}
		}
		if err != nil {
			return nil, false, err
		}
	}
	if len(pos) == 0 {
		pos = []string{"-"} // as mlir-opt: no file is stdin
	}
	c.file, c.args = pos[0], pos[1:]
	stdinUses := 0
	for _, p := range pos {
		if p == "-" {
			stdinUses++
		}
	}
	if stdinUses > 1 {
		return nil, false, usageError{"only one input can be read from stdin (\"-\")"}
	}
	if c.inPlace && c.backend != "go" {
		return nil, false, usageError{"--in-place needs --backend=go"}
	}
	return c, false, nil
}

// positive reads a limit: a positive integer.
func positive(name string, value func() (string, error)) (int64, error) {
	v, err := value()
	if err != nil {
		return 0, err
	}
	n, perr := strconv.ParseInt(v, 10, 64)
	if perr != nil || n <= 0 {
		return 0, usageError{fmt.Sprintf("%s needs a positive integer, got %q", name, v)}
	}
	return n, nil
}

// Main runs tcp-run with args (without the program name) and returns the
// exit status: 0 on success, 1 on any error.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c, help, err := parseArgs(args)
	if help {
		io.WriteString(stdout, usage)
		return 0
	}
	if err == nil && c.version {
		fmt.Fprintln(stdout, cli.Version("tcp-run"))
		return 0
	}
	diags := diagcheck.NewPrinter(stderr)
	if err == nil {
		err = run(c, stdin, stdout, diags)
	}
	if err == nil {
		return 0
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "tcp-run: %v\n%s", err, usage)
		return 1
	}
	var ie *cli.InputError
	var re *interp.RuntimeError
	switch {
	case errors.As(err, &ie):
		fmt.Fprintln(stderr, ie) // the message every tool gives
		return 1
	case errors.As(err, &re):
		diags.Print(re.Diag) // with the source line, as every tool prints it
		return 1
	case isLocated(err):
		for _, d := range ir.AsDiagnostics(err) {
			diags.Print(d)
		}
		return 1
	}
	msg := err.Error()
	if !isLocated(err) {
		msg = "tcp-run: error: " + msg
	}
	fmt.Fprintln(stderr, msg)
	return 1
}

// isLocated reports whether err prints with its own location prefix.
func isLocated(err error) bool {
	var d *ir.Diagnostic
	var dl ir.DiagnosticList
	var re *interp.RuntimeError
	return errors.As(err, &d) || errors.As(err, &dl) || errors.As(err, &re)
}

// benchInterp times n interpreter runs of fn (after the checked one and
// untimed runs for at least warmup) and returns the median seconds.
func benchInterp(fn *ir.Operation, args []*tensor.Tensor, n int, warmup time.Duration) (float64, error) {
	for t0 := time.Now(); time.Since(t0) < warmup; {
		if _, err := interp.Run(fn, args); err != nil {
			return 0, err
		}
	}
	times := make([]float64, n)
	for i := range times {
		t0 := time.Now()
		if _, err := interp.Run(fn, args); err != nil {
			return 0, err
		}
		times[i] = time.Since(t0).Seconds()
	}
	sort.Float64s(times)
	return times[n/2], nil
}

func run(c *config, stdin io.Reader, stdout io.Writer, diags *diagcheck.Printer) (err error) {
	in, err := cli.ReadInput(c.file, stdin, c.maxInput)
	if err != nil {
		return err
	}
	defer in.Release()
	diags.AddFile(in.Name, string(in.Data))
	module, err := parser.Parse(in.Name, string(in.Data), parser.Options{MaxNestingDepth: c.nest})
	if err != nil {
		return err
	}
	if err := ir.Verify(module, false); err != nil {
		return err
	}
	fn, err := selectFunc(module, c.entry)
	if err != nil {
		return err
	}
	f := function.FuncOp{Operation: fn}
	ft := f.Type()
	if len(c.args) != len(ft.Inputs()) {
		return fn.EmitError("@%s takes %d argument(s), got %d file(s)", f.Name(), len(ft.Inputs()), len(c.args))
	}
	if len(c.expect) > 0 && len(c.expect) != len(ft.Results()) {
		return fn.EmitError("@%s has %d result(s), got %d --expect file(s)", f.Name(), len(ft.Results()), len(c.expect))
	}
	var want []*tensor.Tensor
	for i, path := range c.expect {
		t, err := c.readTensor(path, stdin)
		if err != nil {
			if errors.As(err, new(*cli.InputError)) {
				return err // the message every tool gives
			}
			return fmt.Errorf("expected result #%d: %v", i, err) // err names the file
		}
		want = append(want, t)
	}
	args := make([]*tensor.Tensor, len(c.args))
	for i, path := range c.args {
		t, err := c.readTensor(path, stdin)
		if err != nil {
			if errors.As(err, new(*cli.InputError)) {
				return err // the message every tool gives
			}
			return fmt.Errorf("argument #%d: %v", i, err) // err names the file
		}
		t, err = convertArg(t, ft.Inputs()[i])
		if err != nil {
			return fmt.Errorf("%s: argument #%d of @%s: %v", path, i, f.Name(), err)
		}
		args[i] = t
	}
	var results []*tensor.Tensor
	var median float64
	if c.backend == "go" {
		results, median, err = golang.Run(module, f.Name(), args, golang.CallOptions{Bench: c.bench, Warmup: c.warmup, Workers: c.workers, MaxTensorBytes: c.limits.MaxTensorBytes, InPlace: c.inPlace})
		var ke *golang.KernelError
		if errors.As(err, &ke) {
			err = ke.Located(fn)
		}
	} else {
		results, err = c.limits.Run(fn, args)
		if err == nil && c.bench > 0 {
			median, err = benchInterp(fn, args, c.bench, c.warmup)
		}
	}
	if err != nil {
		return err
	}
	benchLine := ""
	if c.bench > 0 {
		benchLine = fmt.Sprintf("bench: %s median %.6g s over %d calls\n", f.Name(), median, c.bench)
	}
	defer func() {
		if err == nil && benchLine != "" {
			_, err = io.WriteString(stdout, benchLine)
		}
	}()
	if c.outDir != "" {
		if err := writeResults(c.outDir, results); err != nil {
			return err
		}
		return compare(f.Name(), c.expect, want, results)
	}
	var b strings.Builder
	for i, r := range results {
		t := ft.Results()[i]
		if c.print == "mlir" {
			if interp.IsScalarType(t) {
				b.WriteString(r.ElementString(0) + " : " + t.String() + "\n")
				continue
			}
			b.WriteString(tensor.Format(r))
			b.WriteByte('\n')
			continue
		}
		fmt.Fprintf(&b, "result #%d: %s\n", i, t)
		if interp.IsScalarType(t) {
			b.WriteString(tensor.ScalarString(r, 0))
		} else {
			b.WriteString(tensor.ArrayString(r))
		}
		b.WriteByte('\n')
	}
	if _, err = io.WriteString(stdout, b.String()); err != nil {
		return err
	}
	return compare(f.Name(), c.expect, want, results)
}

// readTensor reads an argument or expected result: an ONNX TensorProto if
// the name ends in .pb, else a .npy file ("-": stdin). The file is read
// only if it is a regular file, a FIFO or stdin, up to --max-input-bytes;
// the tensor it declares is checked against --max-tensor-bytes before it
// is allocated. Errors name the file.
func (c *config) readTensor(path string, stdin io.Reader) (*tensor.Tensor, error) {
	limit := c.limits.MaxTensorBytes
	if limit <= 0 {
		limit = interp.DefaultMaxTensorBytes
	}
	if strings.HasSuffix(path, ".pb") {
		in, err := cli.ReadInput(path, stdin, c.maxInput)
		if err != nil {
			return nil, err
		}
		defer in.Release()
		pt, err := onnxpb.DecodeTensor(in.Data)
		if err != nil {
			return nil, fmt.Errorf("%s: malformed TensorProto: %v", path, err)
		}
		if dt, err := onnxpb.DType(pt.DataType); err == nil {
			if n, err := tensor.NumElementsOf(pt.Dims); err == nil && n > limit/int64(dt.Size()) {
				return nil, fmt.Errorf("%s: tensor %q: dims %v of %v need more than the limit of %d bytes (--max-tensor-bytes)", path, pt.Name, pt.Dims, pt.DataType, limit)
			}
		}
		t, err := pt.ToTensor()
		if err != nil {
			return nil, fmt.Errorf("%s: tensor %q: %v", path, pt.Name, err)
		}
		return t, nil
	}
	r, err := cli.OpenInput(path, stdin, c.maxInput)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	t, err := npy.ReadWith(bufio.NewReader(r), npy.ReadOptions{MaxBytes: limit})
	if err != nil {
		var tl *cli.TooLargeError
		if errors.As(err, &tl) {
			return nil, &cli.InputError{Name: path, Err: err}
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// compare checks each result against its expected value (exact, NaN ==
// NaN). An index result is compared as int64, the type files store it as.
func compare(fn string, files []string, want, got []*tensor.Tensor) error {
	for i, w := range want {
		g := got[i]
		if g.DType == tensor.Index && w.DType == tensor.I64 {
			g = &tensor.Tensor{DType: tensor.I64, Shape: g.Shape, Data: g.Data}
		}
		if d := tensor.Diff(w, g, tensor.NaNEqual); d != "" {
			if w.DType != g.DType || !slices.Equal(w.Shape, g.Shape) {
				return fmt.Errorf("result #%d of @%s differs from %s (expected vs actual): %s", i, fn, files[i], d)
			}
			return fmt.Errorf("result #%d of @%s differs from %s%s", i, fn, files[i], differences(w, g, maxShownDifferences))
		}
	}
	return nil
}

// maxShownDifferences is how many differing elements an --expect failure
// lists.
const maxShownDifferences = 10

// differences lists the elements in which want and got (same type and
// shape) differ: how many, then the first limit of them, one per line
// with their coordinates and both values as numpy prints scalars.
func differences(want, got *tensor.Tensor, limit int) string {
	var lines []string
	count := 0
	for i := 0; i < int(want.NumElements()); i++ {
		if want.Bits(i) == got.Bits(i) {
			continue
		}
		if want.DType.IsFloat() && math.IsNaN(want.Float64At(i)) && math.IsNaN(got.Float64At(i)) {
			continue
		}
		count++
		if len(lines) < limit {
			lines = append(lines, fmt.Sprintf("  at %s: %s vs %s", tensor.ShapeString(tensor.Unravel(int64(i), want.Shape)), tensor.ScalarString(want, i), tensor.ScalarString(got, i)))
		}
	}
	head := fmt.Sprintf(" in %d of %d elements (expected vs actual", count, want.NumElements())
	if count > len(lines) {
		head += fmt.Sprintf("; the first %d", len(lines))
	}
	return head + "):\n" + strings.Join(lines, "\n")
}

// selectFunc picks the function to run: entry if given, else @main, else
// the only public function with a body.
func selectFunc(module *ir.Operation, entry string) (*ir.Operation, error) {
	if entry != "" {
		if fn := function.Lookup(module, entry); fn != nil {
			return fn, nil
		}
		return nil, fmt.Errorf("no function @%s; the module has %s", entry, interp.FuncNames(module))
	}
	if fn := function.Lookup(module, "main"); fn != nil {
		return fn, nil
	}
	var public []*ir.Operation
	for _, fn := range function.Funcs(module) {
		vis := fn.StrAttr("sym_visibility")
		if (vis == "" || vis == "public") && !(function.FuncOp{Operation: fn}).IsDeclaration() {
			public = append(public, fn)
		}
	}
	if len(public) == 1 {
		return public[0], nil
	}
	return nil, fmt.Errorf("cannot choose the function to run: no @main and %d public functions (the module has %s); use -e NAME", len(public), interp.FuncNames(module))
}

// convertArg adapts a .npy array to the IR type it is passed as: int64 for
// index elements, float32 for bf16 elements. Everything else must match,
// which interp.CheckValue reports.
func convertArg(t *tensor.Tensor, typ ir.Type) (*tensor.Tensor, error) {
	if dt, err := interp.DType(ir.ElementType(typ)); err == nil {
		switch {
		case dt == tensor.Index && t.DType == tensor.I64:
			t = &tensor.Tensor{DType: tensor.Index, Shape: t.Shape, Data: t.Data}
		case dt == tensor.BF16 && t.DType == tensor.F32:
			b, err := tensor.New(tensor.BF16, t.Shape)
			if err != nil {
				return nil, err
			}
			for i := 0; i < int(t.NumElements()); i++ {
				b.SetFloat64(i, t.Float64At(i))
			}
			t = b
		}
	}
	if err := interp.CheckValue(t, typ); err != nil {
		return nil, err
	}
	return t, nil
}

// writeResults writes DIR/result_N.npy for every result, atomically as a
// set: every file is written (internal/atomicfile: an anonymous or hidden
// temporary file) before the first replaces its target. Errors name the
// directory or the result file, never a temporary file.
func writeResults(dir string, results []*tensor.Tensor) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create output directory '%s': %s", dir, cli.ErrText(err))
	}
	files := make([]*atomicfile.File, 0, len(results))
	defer func() {
		for _, f := range files {
			f.Abort()
		}
	}()
	for i, r := range results {
		name := filepath.Join(dir, "result_"+strconv.Itoa(i)+".npy")
		f, err := atomicfile.Create(name)
		if err != nil {
			return fmt.Errorf("cannot open output file '%s': %s", name, cli.ErrText(err))
		}
		files = append(files, f)
		bw := bufio.NewWriter(f)
		err = npy.Write(bw, r)
		if err == nil {
			err = bw.Flush()
		}
		if err != nil {
			return fmt.Errorf("cannot write output file '%s': %s", name, cli.ErrText(err))
		}
	}
	for _, f := range files {
		if err := f.Commit(); err != nil {
			return fmt.Errorf("cannot write output file '%s': %s", f.Path, cli.ErrText(err))
		}
	}
	return nil
}
