package golang

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/internal/quote"
)

// The kernel binary (Build) is the emitted kernels in package main plus a
// request loop: the parent writes requests to its stdin and reads the
// responses from its stdout, all little-endian:
//
//	request:  name (u32 length + bytes; length 0xFFFFFFFF: exit), bench i64, warm-up
//	          nanoseconds i64, workers i64,
//	          least output bytes per worker i64 (0: the default),
//	          max bytes of one result i64 (0: 1 GiB), in place i64 (0 or 1:
//	          CallOptions.InPlace),
//	          nargs u32, per argument: kind u8 (0 tensor, 1 scalar);
//	          tensor: rank u32, dims i64..., nbytes u64, bytes; scalar: i64
//	response: status u8 (0 ok, 1 error); error: message (u32 + bytes; a
//	          message about an op starts "tcp-op#N: ", N indexing the op
//	          table of the build);
//	          ok: nres u32, per result rank u32, dims i64..., nbytes u64,
//	          bytes; then the median seconds of the timed calls (f64)
//
// The first call of a request is checked and its results returned; with
// bench N > 0, N more calls are timed (the first serves as warm-up, and
// untimed calls repeat for at least the warm-up nanoseconds before them).

type driverArg struct {
	scalar  bool
	elem    string
	rank    int
	dynDims []int
}

type driverFunc struct {
	symbol, goName string
	args           []driverArg
	results        []string // Go element types
	resultTypes    []string // MLIR element types
	resultTags     []string // error tags of the ops that make the results
	promiseTag     string   // the error tag of the kernel's only promise_in_bounds op
	promise        bool     // the kernel reads promise_in_bounds indices unchecked
	inPlace        []int    // per result: the argument it may be computed in (inPlaceArg), or -1
}

func driverSource(fs []driverFunc) string {
	var b strings.Builder
	b.WriteString(driverMain)
	b.WriteString("func tcpCall(name string, args []tcpArg, bench int, warmup time.Duration, inPlace bool) ([]tcpArg, float64, error) {\nswitch name {\n")
	for _, f := range fs {
		fmt.Fprintf(&b, "case %s:\nreturn tcpCall%s(args, bench, warmup, inPlace)\n", quote.GoString(f.symbol), f.goName)
	}
	b.WriteString("}\nreturn nil, 0, fmt.Errorf(\"no kernel for @%s\", name)\n}\n\n")
	for _, f := range fs {
		fmt.Fprintf(&b, "func tcpCall%s(args []tcpArg, bench int, warmup time.Duration, inPlace bool) ([]tcpArg, float64, error) {\n", f.goName)
		fmt.Fprintf(&b, "if len(args) != %d {\nreturn nil, 0, fmt.Errorf(\"@%%s takes %d arguments, got %%d\", %s, len(args))\n}\n", len(f.args), len(f.args), quote.GoString(f.symbol))
		var call, dimArgs []string
		for i := range f.results {
			call = append(call, fmt.Sprintf("r%d", i))
		}
		for i, a := range f.args {
			n := fmt.Sprintf("a%d", i)
			if a.scalar {
				fmt.Fprintf(&b, "%s := args[%d].scalar\n", n, i)
				call = append(call, n)
				dimArgs = append(dimArgs, n)
				continue
			}
			fmt.Fprintf(&b, "if len(args[%d].dims) != %d {\nreturn nil, 0, fmt.Errorf(\"argument #%d has rank %%d, want %d\", len(args[%d].dims))\n}\n", i, a.rank, i, a.rank, i)
			fmt.Fprintf(&b, "%s := tcpDecode[%s](args[%d].data)\n", n, a.elem, i)
			call = append(call, n)
			for _, d := range a.dynDims {
				dn := fmt.Sprintf("%sd%d", n, d)
				fmt.Fprintf(&b, "%s := args[%d].dims[%d]\n", dn, i, d)
				call = append(call, dn)
				dimArgs = append(dimArgs, dn)
			}
		}
		fmt.Fprintf(&b, "dims, err := %sDims(%s)\nif err != nil {\nreturn nil, 0, err\n}\n", f.goName, strings.Join(dimArgs, ", "))
		// The destinations, sized as the interpreter would check them:
		// a valid shape of at most maxTensorBytes.
		for i, et := range f.results {
			fmt.Fprintf(&b, "n%d, err := tcpCount(dims[%d]...)\nif err != nil {\nreturn nil, 0, fmt.Errorf(%s, err)\n}\n", i, i, quote.GoString(f.resultTags[i]+"%w"))
			fmt.Fprintf(&b, "if n%d > tcpMaxTensorBytes/%d {\nreturn nil, 0, fmt.Errorf(%s, tcpTypeString(dims[%d], %s), tcpMaxTensorBytes)\n}\n",
				i, goSize(et), quote.GoString(f.resultTags[i]+"result %s needs more than the interpreter's limit of %d bytes"), i, quote.GoString(f.resultTypes[i]))
			if j := f.inPlace[i]; j >= 0 {
				// In place: the result is computed in the argument's
				// buffer (this process's copy of it).
				fmt.Fprintf(&b, "var r%d []%s\nif inPlace && len(a%d) == n%d {\nr%d = a%d\n} else {\nr%d = hugemem.Make[%s](n%d)\n}\n", i, et, j, i, i, j, i, et, i)
			} else {
				fmt.Fprintf(&b, "r%d := hugemem.Make[%s](n%d)\n", i, et, i)
			}
		}
		fmt.Fprintf(&b, "call := func() error {\nreturn %s(%s)\n}\n", f.goName, strings.Join(call, ", "))
		fmt.Fprintf(&b, "if err := call(); err != nil {\nreturn nil, 0, tcpPromiseErr(err, %s, %v)\n}\n", quote.GoString(f.promiseTag), f.promise)
		// The checked call's results, encoded before the timed calls (which
		// update a result computed in place again).
		b.WriteString("res := []tcpArg{")
		for i := range f.results {
			fmt.Fprintf(&b, "{dims: dims[%d], data: tcpEncode(r%d)}, ", i, i)
		}
		b.WriteString("}\nreturn res, tcpBench(bench, warmup, call), nil\n}\n\n")
	}
	return b.String()
}

// goSize is the size in bytes of an element of Go type et (goElem's).
func goSize(et string) int {
	switch et {
	case "bool", "int8", "uint8":
		return 1
	case "int16", "uint16":
		return 2
	case "int32", "uint32", "float32":
		return 4
	}
	return 8
}

const driverMain = `
type tcpArg struct {
	dims   []int
	data   []byte
	scalar int
}

// tcpExit, as the length of a request's name, ends the process (a
// function may be named "").
const tcpExit = 0xFFFFFFFF

// tcpMaxTensorBytes bounds each result (the --max-tensor-bytes of the
// request).
var tcpMaxTensorBytes = 1 << 30

// tcpTypeString prints a result type as the interpreter does.
func tcpTypeString(dims []int, elem string) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range dims {
		fmt.Fprintf(&b, "%dx", d)
	}
	b.WriteString(elem + ">")
	return b.String()
}

// tcpPromiseErr tags the error of a broken promise_in_bounds promise
// (tcpRecover's) with the op that made it, when the kernel has only one;
// in a kernel without such an op the panic was a bug: an internal error.
func tcpPromiseErr(err error, tag string, promise bool) error {
	const suffix = " (an index broke its promise_in_bounds promise)"
	msg := err.Error()
	if !strings.HasSuffix(msg, suffix) {
		return err
	}
	if !promise {
		return fmt.Errorf("internal error: the kernel panicked: %s", strings.TrimSuffix(msg, suffix))
	}
	if tag != "" {
		return fmt.Errorf("%s%v", tag, err)
	}
	return err
}

// tcpSafeCall runs tcpCall; a panic (a bug) becomes an error instead of
// ending the process with a goroutine dump.
func tcpSafeCall(name string, args []tcpArg, bench int, warmup time.Duration, inPlace bool) (res []tcpArg, med float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, med, err = nil, 0, fmt.Errorf("internal error: the kernel panicked: %v", r)
		}
	}()
	return tcpCall(name, args, bench, warmup, inPlace)
}

// tcpDecode reads an argument into a slice of its own, on huge pages when
// it is large (as the results are), like the peers' arrays.
func tcpDecode[T hugemem.Elem](b []byte) []T {
	var z T
	s := hugemem.Make[T](len(b) / binary.Size(z))
	if err := binary.Read(bytes.NewReader(b), binary.LittleEndian, s); err != nil {
		panic(err)
	}
	return s
}

func tcpEncode[T any](s []T) []byte {
	var b bytes.Buffer
	if err := binary.Write(&b, binary.LittleEndian, s); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func tcpBench(n int, warmup time.Duration, call func() error) float64 {
	if n <= 0 {
		return 0
	}
	for t0 := time.Now(); time.Since(t0) < warmup; {
		call()
	}
	times := make([]float64, n)
	for i := range times {
		t0 := time.Now()
		call()
		times[i] = time.Since(t0).Seconds()
	}
	sort.Float64s(times)
	return times[n/2]
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	le := binary.LittleEndian
	u32 := func() uint32 {
		var v uint32
		if err := binary.Read(in, le, &v); err != nil {
			os.Exit(0)
		}
		return v
	}
	i64 := func() int64 {
		var v int64
		if err := binary.Read(in, le, &v); err != nil {
			os.Exit(0)
		}
		return v
	}
	str := func() string {
		n := u32()
		if n == tcpExit {
			os.Exit(0)
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(in, b); err != nil {
			os.Exit(0)
		}
		return string(b)
	}
	for {
		name := str()
		bench := i64()
		warmup := time.Duration(i64())
		Workers = int(i64())
		if m := i64(); m > 0 {
			tcpMinBytesPerWorker = int(m)
		} else {
			tcpMinBytesPerWorker = 1 << 16
		}
		tcpNTBytes = int(i64())
		if m := i64(); m > 0 {
			tcpMaxTensorBytes = int(m)
		} else {
			tcpMaxTensorBytes = 1 << 30
		}
		inPlace := i64() != 0
		args := make([]tcpArg, u32())
		for i := range args {
			var kind [1]byte
			if _, err := io.ReadFull(in, kind[:]); err != nil {
				os.Exit(0)
			}
			if kind[0] == 1 {
				args[i].scalar = int(i64())
				continue
			}
			args[i].dims = make([]int, u32())
			for d := range args[i].dims {
				args[i].dims[d] = int(i64())
			}
			args[i].data = make([]byte, i64())
			if _, err := io.ReadFull(in, args[i].data); err != nil {
				os.Exit(0)
			}
		}
		res, med, err := tcpSafeCall(name, args, int(bench), warmup, inPlace)
		if err != nil {
			out.WriteByte(1)
			binary.Write(out, le, uint32(len(err.Error())))
			out.WriteString(err.Error())
		} else {
			out.WriteByte(0)
			binary.Write(out, le, uint32(len(res)))
			for _, r := range res {
				binary.Write(out, le, uint32(len(r.dims)))
				for _, d := range r.dims {
					binary.Write(out, le, int64(d))
				}
				binary.Write(out, le, int64(len(r.data)))
				out.Write(r.data)
			}
			binary.Write(out, le, med)
		}
		if err := out.Flush(); err != nil {
			os.Exit(1)
		}
	}
}

`
