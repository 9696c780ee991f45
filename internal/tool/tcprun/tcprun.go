// Package tcprun implements tcp-run, which parses an MLIR file, verifies
// it and runs one function with the interpreter (package interp):
//
//	tcp-run FILE.mlir [-e NAME] [ARG.npy ...] [--out-dir DIR]
//
// The function is NAME, or else @main if there is one, or else the only
// public function with a body; otherwise tcp-run lists the functions and
// fails. Its arguments are read from the .npy files, in order (a function
// without arguments runs on its constants). FILE may be "-" for the
// standard input.
//
// Each result is printed on its own line as an MLIR literal, the way
// mlir-opt prints constants (tensor.Format):
//
//	dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>
//
// and a scalar result (index, iN, fN) as `4 : index`. With --out-dir DIR,
// the results are written to DIR/result_0.npy, DIR/result_1.npy, … instead
// (DIR is created if missing). All files are first written to temporary
// files in DIR and renamed into place only when every result has been
// written, so a failure leaves no partial output.
//
// Arguments must match the function type: element type, rank and static
// dims. Because .npy has no index or bfloat16 dtype, an int64 array is
// accepted for index elements and a float32 array for bf16 elements (each
// value rounded to nearest even); bool arrays are i1.
//
// Every error (usage, unreadable or malformed .npy, argument count, type
// or shape mismatch, parse, verifier and runtime errors) is printed to
// stderr as one clear message, located in the MLIR file where it has a
// location, and the exit status is 1. Main never calls os.Exit and keeps
// no global state, so it can run in-process (test/lit).
package tcprun

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	// Every dialect, so that any program parses. dialect/all does not list
	// arith and tensor yet; the explicit imports are harmless once it does.
	_ "github.com/tcp-project/tcp/dialect/all"
	_ "github.com/tcp-project/tcp/dialect/arith"
	function "github.com/tcp-project/tcp/dialect/func"
	_ "github.com/tcp-project/tcp/dialect/tensor"

	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
	"github.com/tcp-project/tcp/tensor/npy"
)

const usage = `usage: tcp-run FILE.mlir [-e NAME] [ARG.npy ...] [--out-dir DIR]

Parses and verifies FILE.mlir ("-" for stdin) and runs one function with the
tcp interpreter, with arguments read from the .npy files in order. Results
are printed one per line as MLIR literals, or written to DIR/result_N.npy.

options:
  -e NAME, --entry NAME   the function to run (default: @main, or else the
                          only public function)
  --out-dir DIR           write the results as .npy files into DIR
  -h, --help              print this help

resource limits (exceeding one is a located error, exit status 1):
  --max-tensor-bytes N    largest tensor an op may create (default 1073741824)
  --max-steps N           most operations one run may execute (default 10000000)
  --max-call-depth N      deepest func.call nesting (default 200)
  --max-nesting-depth N   deepest nesting of regions, types and attributes in
                          the input (default 1000)
`

// config is the parsed command line.
type config struct {
	file   string
	entry  string
	outDir string
	args   []string
	limits interp.Options
	nest   int
}

// usageError is a command-line error; Main prints the usage hint with it.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func parseArgs(args []string) (*config, bool, error) {
	c := &config{}
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
		case "-e", "--e", "-entry", "--entry", "-entry-point", "--entry-point":
			c.entry, err = value()
			c.entry = strings.TrimPrefix(c.entry, "@")
		case "-out-dir", "--out-dir":
			c.outDir, err = value()
			if err == nil && c.outDir == "" {
				err = usageError{"--out-dir needs a non-empty directory"}
			}
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
		return nil, false, usageError{"no input file"}
	}
	c.file, c.args = pos[0], pos[1:]
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
	if err == nil {
		err = run(c, stdin, stdout)
	}
	if err == nil {
		return 0
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "tcp-run: %v\n%s", err, usage)
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

func run(c *config, stdin io.Reader, stdout io.Writer) error {
	name := c.file
	var src []byte
	var err error
	if name == "-" {
		name = "<stdin>"
		src, err = io.ReadAll(stdin)
	} else {
		src, err = os.ReadFile(name)
	}
	if err != nil {
		return err
	}
	module, err := parser.Parse(name, string(src), parser.Options{MaxNestingDepth: c.nest})
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
		return fn.EmitError("@%s takes %d argument(s), got %d .npy file(s)", f.Name(), len(ft.Inputs()), len(c.args))
	}
	args := make([]*tensor.Tensor, len(c.args))
	for i, path := range c.args {
		t, err := npy.ReadFile(path)
		if err != nil {
			return fmt.Errorf("argument #%d: %v", i, err) // err names the file
		}
		t, err = convertArg(t, ft.Inputs()[i])
		if err != nil {
			return fmt.Errorf("%s: argument #%d of @%s: %v", path, i, f.Name(), err)
		}
		args[i] = t
	}
	results, err := c.limits.Run(fn, args)
	if err != nil {
		return err
	}
	if c.outDir != "" {
		return writeResults(c.outDir, results)
	}
	var b strings.Builder
	for i, r := range results {
		if t := ft.Results()[i]; interp.IsScalarType(t) {
			b.WriteString(r.ElementString(0) + " : " + t.String() + "\n")
			continue
		}
		b.WriteString(tensor.Format(r))
		b.WriteByte('\n')
	}
	_, err = io.WriteString(stdout, b.String())
	return err
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
// set: temporary files first, renamed only when all are written.
func writeResults(dir string, results []*tensor.Tensor) (err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var temps []string
	defer func() {
		if err != nil {
			for _, t := range temps {
				os.Remove(t)
			}
		}
	}()
	for i, r := range results {
		f, err := os.CreateTemp(dir, ".result_"+strconv.Itoa(i)+".npy-*")
		if err != nil {
			return err
		}
		temps = append(temps, f.Name())
		bw := bufio.NewWriter(f)
		err = npy.Write(bw, r)
		if err == nil {
			err = bw.Flush()
		}
		if err == nil {
			err = f.Chmod(0o644)
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("result #%d: %v", i, err)
		}
	}
	for i, t := range temps {
		if err := os.Rename(t, filepath.Join(dir, "result_"+strconv.Itoa(i)+".npy")); err != nil {
			return err
		}
	}
	return nil
}
