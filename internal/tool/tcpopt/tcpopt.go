package tcpopt

// Design: Main parses the command line, reads the input, splits it into
// chunks (--split-input-file) and processes each chunk like mlir-opt's
// processBuffer: parse (file-absolute positions), verify, optionally
// round-trip, run the pass pipeline (fresh per chunk, with IR printing,
// timing and the crash reproducer as instrumentation), print. Diagnostics
// go to stderr through a diagcheck.Printer, or to a diagcheck.Verifier
// under --verify-diagnostics. Chunk outputs are joined with `// -----`
// lines and written at the end: to stdout, or atomically to -o (a temporary
// file in the same directory renamed over the target on success, removed on
// failure). Main never panics: a panic anywhere becomes a short internal
// error report (what panicked, where, and the command line that repeats
// it; no goroutine dump) and exit status 1; -o is then left untouched.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"unsafe"

	"github.com/tcp-project/tcp/pass"

	_ "github.com/tcp-project/tcp/dialect/all"
	"github.com/tcp-project/tcp/internal/atomicfile"
	"github.com/tcp-project/tcp/internal/cli"
	"github.com/tcp-project/tcp/internal/diagcheck"
	"github.com/tcp-project/tcp/internal/semcheck"
	_ "github.com/tcp-project/tcp/interp" // constant folding through the interpreter
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/parser"
	_ "github.com/tcp-project/tcp/passes/all"
)

// --verify-semantics runs every function on semanticsTrials random argument
// sets (seeded with semanticsSeed) before and after each pass.
const (
	semanticsTrials = 64
	semanticsSeed   = 1
)

// splitMarker separates chunks under --split-input-file.
const splitMarker = "// -----"

// Main runs tcp-opt with args (without the program name) and returns the
// exit status: 0 on success, 1 on any error.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	var t *tool
	defer func() {
		if v := recover(); v != nil {
			if f, ok := v.(interface{ Addr() uintptr }); ok && t != nil && t.inMappedInput(f.Addr()) {
				fmt.Fprintf(stderr, "%s: error: the input file '%s' changed while it was being read (truncated by another process?); nothing was written\n", progName, t.cfg.input)
				status = 1
				return
			}
			site := ir.PanicSite(debug.Stack())
			if site == "" {
				site = "an unknown place"
			}
			fmt.Fprintf(stderr, "%s: internal error: %v\n%s: the panic happened in %s\n%s: to reproduce: %s\n",
				progName, v, progName, site, progName, commandLine(args))
			status = 1
		}
	}()
	c, err := parseArgs(args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	switch {
	case c.help:
		io.WriteString(stdout, help())
		return 0
	case c.version:
		fmt.Fprintln(stdout, cli.Version(progName))
		return 0
	case c.showDialects:
		io.WriteString(stdout, "Available Dialects:\n"+strings.Join(ir.Global.Dialects(), "\n")+"\n")
		return 0
	}
	t = &tool{cfg: c, stderr: stderr}
	return t.run(stdin, stdout)
}

// testHookAfterRead, if set, runs after the input is read or mapped (a
// test truncates the mapped file there).
var testHookAfterRead func()

type tool struct {
	cfg      *config
	stderr   io.Writer
	name     string // input buffer name in locations
	text     string // the whole input
	printer  *diagcheck.Printer
	pipeline string // textual pipeline, "" for none
	// mapped is the input when it is a mapping of the file
	// (internal/mapfile), nil otherwise.
	mapped []byte
}

// inMappedInput reports whether addr lies in the mapped input (a fault
// there means the file shrank under the mapping).
func (t *tool) inMappedInput(addr uintptr) bool {
	if len(t.mapped) == 0 {
		return false
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(t.mapped)))
	return addr >= lo && addr < lo+uintptr(len(t.mapped))
}

func (t *tool) errorf(format string, args ...any) {
	fmt.Fprintf(t.stderr, format+"\n", args...)
}

func (t *tool) run(stdin io.Reader, stdout io.Writer) int {
	c := t.cfg
	if c.pipelineSet && len(c.passes) > 0 {
		t.errorf("<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options")
		return 1
	}
	// Read the input.
	in, err := cli.ReadInput(c.input, stdin, c.maxInputBytes)
	if err != nil {
		t.errorf("%v", err)
		return 1
	}
	defer in.Release()
	t.name = in.Name
	data, mapped := in.Data, in.Mapped
	if mapped {
		// A mapped file that another process truncates faults when
		// read: a panic here (reported by Main as a changed input),
		// not a crash of the process.
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		t.mapped = data
	}
	if testHookAfterRead != nil && c.input != "-" {
		testHookAfterRead()
	}
	// The input is never modified, so the source string shares its bytes
	// (a 100 MB input is not held twice).
	t.text = unsafe.String(unsafe.SliceData(data), len(data))
	defer tuneGC(len(data), mapped)()
	if c.runReproducer {
		if err := t.loadReproducer(); err != nil {
			t.errorf("<unknown>:0: error: %v", err)
			return 1
		}
	}
	// Check the pipeline once; chunks build their own instances.
	if _, err := t.newPassManager(); err != nil {
		t.errorf("<unknown>:0: error: %v", err)
		return 1
	}
	if c.dumpPipeline {
		pm, _ := t.newPassManager()
		fmt.Fprintf(t.stderr, "Pass Manager with %d passes:\n%s\n\n", pm.Size(), pm)
	}
	// Open the output before doing the work, as mlir-opt does.
	var out *atomicfile.File
	if c.output != "-" {
		out, err = atomicfile.Create(c.output)
		if err != nil {
			t.errorf("cannot open output file '%s': %s", c.output, errText(err))
			return 1
		}
		defer out.Abort()
	}
	t.printer = diagcheck.NewPrinter(t.stderr)
	t.printer.AddFile(t.name, t.text)

	// Each chunk prints straight into the destination (stdout, or the
	// temporary file that replaces -o only on success): the output is never
	// held in memory.
	dest := stdout
	if out != nil {
		dest = out.Tmp
	}
	bw := bufio.NewWriterSize(dest, 256<<10)
	ok := true
	if c.splitInputFile {
		for i, ch := range splitChunks(t.text) {
			if i > 0 {
				bw.WriteString("\n" + splitMarker + "\n")
			}
			ok = t.processChunk(ch, bw) && ok
		}
	} else {
		ok = t.processChunk(chunk{text: t.text, first: 1, last: lineCount(t.text)}, bw)
	}
	if err := bw.Flush(); err != nil {
		t.errorf("%s: error writing output: %v", progName, err)
		return 1
	}
	if !ok {
		return 1 // an -o target stays as it was
	}
	if out != nil {
		if err := out.Commit(); err != nil {
			t.errorf("cannot write output file '%s': %s", c.output, errText(err))
			return 1
		}
	}
	return 0
}

// errText is the system error text LLVM prints ("No such file or
// directory").
func errText(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		s := errno.Error()
		return strings.ToUpper(s[:1]) + s[1:]
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// ---------------------------------------------------------------- chunks

// chunk is a piece of the input: its text and its first and last lines
// (1-based, in the whole file).
type chunk struct {
	text        string
	first, last int
}

func lineCount(s string) int {
	n := strings.Count(s, "\n")
	if !strings.HasSuffix(s, "\n") {
		n++
	}
	if n == 0 {
		n = 1
	}
	return n
}

// isMarker reports whether a line is a split marker: `// -----`, possibly
// indented.
func isMarker(line string) bool {
	return strings.HasPrefix(strings.TrimLeft(line, " \t"), splitMarker)
}

// splitChunks splits text on marker lines. A chunk before the first marker
// that holds only white space is dropped, so a leading marker makes no
// empty chunk.
func splitChunks(text string) []chunk {
	var out []chunk
	start, startLine := 0, 1
	line := 1
	for pos := 0; pos <= len(text); {
		end := strings.IndexByte(text[pos:], '\n')
		next := len(text) + 1
		if end >= 0 {
			end += pos
			next = end + 1
		} else {
			end = len(text)
		}
		if isMarker(text[pos:end]) {
			out = append(out, chunk{text: text[start:pos], first: startLine, last: line - 1})
			start, startLine = min(next, len(text)), line+1
		}
		pos = next
		line++
	}
	out = append(out, chunk{text: text[start:], first: startLine, last: max(startLine, lineCount(text))})
	if len(out) > 1 && strings.TrimSpace(out[0].text) == "" {
		out = out[1:]
	}
	return out
}

// ---------------------------------------------------------------- processing

// processChunk parses, verifies, transforms and prints one chunk into w
// (nothing on failure). It reports whether the chunk succeeded (under
// --verify-diagnostics: whether the diagnostics matched).
func (t *tool) processChunk(ch chunk, w io.Writer) bool {
	c := t.cfg
	var verifier *diagcheck.Verifier
	if c.verifyDiagnostics {
		verifier = diagcheck.NewVerifier(t.printer, t.name, ch.first, ch.last)
	}
	emit := func(root *ir.Operation, d *ir.Diagnostic) {
		if verifier != nil {
			verifier.Handle(d)
			return
		}
		t.printer.Print(d)
	}
	var timing *pass.Timing
	if c.timing {
		timing = pass.NewTiming()
	}
	ok := t.transform(ch, timing, emit, w)
	if timing != nil {
		timing.Report(t.stderr)
	}
	if verifier != nil {
		return verifier.Finish()
	}
	return ok
}

// transform does the work of a chunk; failures are reported through emit.
func (t *tool) transform(ch chunk, timing *pass.Timing, emit func(*ir.Operation, *ir.Diagnostic), w io.Writer) bool {
	c := t.cfg
	start := func(name string) func() {
		if timing == nil {
			return func() {}
		}
		return timing.Start(nil, name)
	}
	stop := start("Parser")
	m, err := parser.Parse(t.name, ch.text, parser.Options{AllowUnregistered: c.allowUnregistered, StartLine: ch.first, MaxNestingDepth: c.maxNesting})
	if err == nil {
		// mlir-opt verifies as part of parsing.
		if verr := ir.SafeVerifyWith(m, ir.VerifyOptions{AllowUnregistered: c.allowUnregistered, DisableThreading: c.disableThreading}); verr != nil {
			stop()
			for _, d := range ir.AsDiagnostics(verr) {
				emit(m, t.withOpNote(m, d))
			}
			return false
		}
	}
	stop()
	if err != nil {
		for _, d := range ir.AsDiagnostics(err) {
			emit(nil, d)
		}
		return false
	}
	if c.verifyRoundtrip {
		if d := t.roundtrip(m); d != nil {
			emit(m, d)
			return false
		}
	}
	pm, err := t.newPassManager()
	if err != nil { // checked in run; cannot happen
		emit(m, ir.Errorf(ir.UnknownLoc{}, "%v", err))
		return false
	}
	pm.VerifyEach = c.verifyEach
	pm.AllowUnregistered = c.allowUnregistered
	pm.CrashReproducer = c.reproducer
	pm.DisableThreading = c.disableThreading
	if c.printBefore || c.printAfter || c.printAfterFailure {
		pm.Instrumentations = append(pm.Instrumentations, &pass.IRPrinter{
			W: t.stderr, Before: c.printBefore, After: c.printAfter, AfterFailure: c.printAfterFailure,
			ModuleScope: c.printModuleScope, Options: ir.PrintOptions{Generic: c.printGeneric, DebugInfo: c.printDebugInfo},
		})
	}
	if timing != nil {
		pm.Instrumentations = append(pm.Instrumentations, timing)
	}
	var sem *semcheck.Checker
	if c.verifySemantics {
		sem = semcheck.New(semcheck.Options{Trials: semanticsTrials, Seed: semanticsSeed, MaxTensorBytes: c.maxTensorBytes})
		pm.Instrumentations = append(pm.Instrumentations, sem)
	}
	if err := pm.Run(m); err != nil {
		t.reportPassFailure(m, err, emit)
		return false
	}
	if sem != nil {
		for _, d := range sem.Skipped() {
			emit(m, d)
		}
		if err := sem.Err(); err != nil {
			for _, d := range ir.AsDiagnostics(err) {
				emit(m, d)
			}
			return false
		}
	}
	stop = start("Output")
	defer stop()
	if err := ir.Print(w, m, ir.PrintOptions{Generic: c.printGeneric, DebugInfo: c.printDebugInfo}); err != nil {
		emit(m, ir.Errorf(m.Loc(), "printing failed: %v", err))
		return false
	}
	io.WriteString(w, "\n")
	return true
}

// newPassManager builds the pipeline of the command line (an empty module
// pipeline if none was given).
func (t *tool) newPassManager() (*pass.Manager, error) {
	c := t.cfg
	if t.pipeline != "" {
		return pass.ParsePipeline(t.pipeline)
	}
	if c.pipelineSet {
		return pass.ParsePipeline(c.passPipeline)
	}
	pm := pass.NewManager(ir.ModuleName)
	for _, pf := range c.passes {
		if pass.Lookup(pf.arg) == nil && pass.LookupPipeline(pf.arg) != nil {
			if pf.options != "" {
				return nil, fmt.Errorf("pipeline '%s' takes no options", pf.arg)
			}
			if err := pm.AddPipeline(pf.arg); err != nil {
				return nil, err
			}
			continue
		}
		p, err := pass.New(pf.arg, pf.options)
		if err != nil {
			return nil, err
		}
		if a := p.Info().AnchorName(); a != pass.AnyOp && a != ir.ModuleName {
			return nil, fmt.Errorf("unable to schedule pass '%s' on a PassManager intended to run on '%s'!", pf.arg, ir.ModuleName)
		}
		opts, _ := pass.ParseOptions(p.Info(), pf.options)
		pm.AddPassWithOptions(p, opts)
	}
	return pm, nil
}

var reproducerPipeline = regexp.MustCompile(`(?s)\{-#.*mlir_reproducer\s*:\s*\{.*?pipeline\s*:\s*"((?:[^"\\]|\\.)*)"`)

// loadReproducer takes the pipeline from the reproducer metadata of the
// input (--run-reproducer).
func (t *tool) loadReproducer() error {
	m := reproducerPipeline.FindStringSubmatch(t.text)
	if m == nil {
		return errors.New("the input has no mlir_reproducer pipeline in its {-# ... #-} metadata")
	}
	p, err := strconv.Unquote(`"` + m[1] + `"`)
	if err != nil {
		p = m[1]
	}
	t.pipeline = p
	if strings.Contains(t.text, "verify_each: false") {
		t.cfg.verifyEach = false
	}
	return nil
}

// reportPassFailure emits the diagnostics of a failed pipeline.
func (t *tool) reportPassFailure(m *ir.Operation, err error, emit func(*ir.Operation, *ir.Diagnostic)) {
	var pe *pass.Error
	if !errors.As(err, &pe) {
		for _, d := range ir.AsDiagnostics(err) {
			emit(m, d)
		}
		return
	}
	if pe.Panic == nil && !t.cfg.verifyDiagnostics {
		var own ir.DiagnosticList
		var d *ir.Diagnostic
		switch {
		case errors.As(pe.Err, &own):
		case errors.As(pe.Err, &d):
			own = ir.DiagnosticList{d}
		}
		for _, d := range own {
			addOpNote(pe.Op, d)
		}
	}
	for _, d := range pe.Diagnostics() {
		emit(m, d)
	}
	var joined interface{ Unwrap() []error }
	if errors.As(err, &joined) {
		for _, e := range joined.Unwrap() {
			if !errors.As(e, new(*pass.Error)) {
				emit(m, ir.Errorf(ir.UnknownLoc{}, "%v", e))
			}
		}
	}
	if pe.Panic != nil {
		t.panicReport(m, pe)
	}
}

// panicReport explains a pass that panicked (a bug in tcp-opt): the pass,
// the op, where it panicked, and a command line that repeats it.
func (t *tool) panicReport(root *ir.Operation, pe *pass.Error) {
	what := "'" + pe.Op.Name() + "' op"
	if s, ok := pe.Op.Attr("sym_name").(ir.StringAttr); ok {
		what += " @" + string(s)
	}
	where := pe.Op.Loc().String()
	if f, ok := ir.FileLineCol(pe.Op.Loc()); ok {
		where = fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Col)
	}
	fmt.Fprintf(t.stderr, "%s: internal error: pass '%s' panicked on %s at %s: %v\n", progName, pe.Pass.Info().Argument, what, where, pe.Panic)
	if site := pe.PanicSite(); site != "" {
		fmt.Fprintf(t.stderr, "%s: the panic happened in %s\n", progName, site)
	}
	if pe.Reproducer != "" {
		extra := ""
		if t.cfg.allowUnregistered {
			extra = " --allow-unregistered-dialect"
		}
		fmt.Fprintf(t.stderr, "%s: to reproduce: %s --run-reproducer%s %s\n", progName, progName, extra, shellQuote(pe.Reproducer))
		return
	}
	fmt.Fprintf(t.stderr, "%s: to reproduce: %s\n%s: (add --mlir-pass-pipeline-crash-reproducer=FILE to save the IR before the pass with the pipeline %s)\n",
		progName, commandLine(t.cfg.args), progName, shellQuote(pe.LocalPipeline(root)))
}

// commandLine is args as a shell command line.
func commandLine(args []string) string {
	parts := []string{progName}
	for _, a := range args {
		parts = append(parts, shellQuote(a))
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes s for a POSIX shell if it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=./,:@%+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// withOpNote adds the note `see current operation: <generic form>` that
// mlir-opt attaches to diagnostics of operations, unless diagnostics are
// being verified (mlir-opt turns the note off then).
func (t *tool) withOpNote(root *ir.Operation, d *ir.Diagnostic) *ir.Diagnostic {
	if !t.cfg.verifyDiagnostics {
		addOpNote(root, d)
	}
	return d
}

// addOpNote finds the op d is about within root and puts the note first
// among d's notes. The op is the one the diagnostic names
// (`Operation() *ir.Operation` if ir.Diagnostic provides it), else the
// innermost op at d's location, preferring one whose name starts the
// message.
func addOpNote(root *ir.Operation, d *ir.Diagnostic) {
	op := opOf(root, d)
	if op == nil {
		return
	}
	text := ir.FormatOp(op, ir.PrintOptions{Generic: true})
	if strings.Contains(text, "\n") {
		text = "\n" + text // as MLIR's Diagnostic::appendOp
	}
	note := &ir.Diagnostic{Loc: op.Loc(), Severity: ir.SevNote, Message: "see current operation: " + text}
	d.Notes = append([]*ir.Diagnostic{note}, d.Notes...)
}

func opOf(root *ir.Operation, d *ir.Diagnostic) *ir.Operation {
	if x, ok := any(d).(interface{ Operation() *ir.Operation }); ok {
		if op := x.Operation(); op != nil {
			return op
		}
	}
	if d.Loc == nil || root == nil {
		return nil
	}
	if _, unknown := d.Loc.(ir.UnknownLoc); unknown {
		return nil
	}
	var named, last *ir.Operation
	root.Walk(ir.PreOrder, func(op *ir.Operation) {
		if op.Loc() != d.Loc {
			return
		}
		last = op
		if strings.HasPrefix(d.Message, "'"+op.Name()+"' op ") {
			named = op
		}
	})
	if named != nil {
		return named
	}
	return last
}

// roundtrip checks that the module prints back the same after a print and
// parse, in generic and in custom form (--verify-roundtrip).
func (t *tool) roundtrip(m *ir.Operation) *ir.Diagnostic {
	print := func(op *ir.Operation, generic bool) string {
		var b strings.Builder
		ir.Print(&b, op, ir.PrintOptions{Generic: generic})
		return b.String()
	}
	reference := print(m, true)
	for _, form := range []struct {
		name    string
		generic bool
	}{{"generic", true}, {"custom", false}} {
		text := print(m, form.generic)
		m2, err := parser.Parse(t.name, text, parser.Options{AllowUnregistered: t.cfg.allowUnregistered})
		if err != nil {
			return m.EmitOpError("failed to parse %s textual content back, cannot verify round-trip: %v", form.name, err)
		}
		if again := print(m2, true); again != reference {
			return m.EmitOpError("%s textual roundTrip testing roundtripped module differs from reference:\n<<<<<<Reference\n%s\n=====\n%s\n>>>>>roundtripped", form.name, reference, again)
		}
	}
	return nil
}
