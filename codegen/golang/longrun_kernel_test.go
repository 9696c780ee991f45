package golang

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/internal/oracle"
	"github.com/tcp-project/tcp/interp"
	"github.com/tcp-project/tcp/parser"
	"github.com/tcp-project/tcp/tensor"
)

// longRunTypes are the element types of the long-run test: 1, 2, 4 and 8
// bytes.
var longRunTypes = []tensor.DType{tensor.UI8, tensor.F16, tensor.F32, tensor.F64}

// longRunFuncs copy runs that may be 1 MiB or longer (%[1]s the element
// type, %[2]d a row of just over 2*pieceBytes bytes, in elements):
// planes, three static rows in reversed order (a flip of the channels of
// a planar image: the rows' pieces in descending order); every2, every
// other row of a dynamic count (ascending); flip, a flip of the outer
// axis of a dynamic matrix (pieces counted at run time); blocks, a flip
// of the outer axis of [2,?,?] (the run is a dynamic block); window, a
// window of whole rows (one contiguous run, split by the workers without
// pieces). pieces says whether the nest cuts its runs into pieces.
var longRunFuncs = []struct {
	name, mlir string
	pieces     bool
	args       func(r *rand.Rand, dt tensor.DType, row int64, big bool) []*tensor.Tensor
}{
	{"planes", `func.func @planes_%[1]s(%%x: tensor<3x%[2]dx%[1]s>) -> tensor<3x%[2]dx%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%c3 = arith.constant 3 : index
  %%cn = arith.constant %[2]d : index
  %%m1 = arith.constant -1 : index
  %%0 = tcp.slice %%x starts(%%c2, %%c0) sizes(%%c3, %%cn) strides(%%m1, %%c1) : tensor<3x%[2]dx%[1]s> -> tensor<3x%[2]dx%[1]s>
  return %%0 : tensor<3x%[2]dx%[1]s>
}`, true, func(r *rand.Rand, dt tensor.DType, row int64, big bool) []*tensor.Tensor {
		return []*tensor.Tensor{randBits(r, dt, 3, row)}
	}},
	{"every2", `func.func @every2_%[1]s(%%x: tensor<?x%[2]dx%[1]s>, %%n: index) -> tensor<?x%[2]dx%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%cn = arith.constant %[2]d : index
  %%0 = tcp.slice %%x starts(%%c0, %%c0) sizes(%%n, %%cn) strides(%%c2, %%c1) : tensor<?x%[2]dx%[1]s> -> tensor<?x%[2]dx%[1]s>
  return %%0 : tensor<?x%[2]dx%[1]s>
}`, true, func(r *rand.Rand, dt tensor.DType, row int64, big bool) []*tensor.Tensor {
		n := r.Int63n(4)
		return []*tensor.Tensor{randBits(r, dt, 2*n+r.Int63n(2), row), indexArg(n)}
	}},
	{"flip", `func.func @flip_%[1]s(%%x: tensor<?x?x%[1]s>) -> tensor<?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%m1 = arith.constant -1 : index
  %%d0 = tensor.dim %%x, %%c0 : tensor<?x?x%[1]s>
  %%d1 = tensor.dim %%x, %%c1 : tensor<?x?x%[1]s>
  %%s0 = arith.subi %%d0, %%c1 : index
  %%0 = tcp.slice %%x starts(%%s0, %%c0) sizes(%%d0, %%d1) strides(%%m1, %%c1) : tensor<?x?x%[1]s> -> tensor<?x?x%[1]s>
  return %%0 : tensor<?x?x%[1]s>
}`, true, func(r *rand.Rand, dt tensor.DType, row int64, big bool) []*tensor.Tensor {
		w := r.Int63n(300)
		if big {
			w = row + r.Int63n(row)
		}
		return []*tensor.Tensor{randBits(r, dt, r.Int63n(5), w)}
	}},
	{"blocks", `func.func @blocks_%[1]s(%%x: tensor<2x?x?x%[1]s>) -> tensor<2x?x?x%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c2 = arith.constant 2 : index
  %%m1 = arith.constant -1 : index
  %%d1 = tensor.dim %%x, %%c1 : tensor<2x?x?x%[1]s>
  %%d2 = tensor.dim %%x, %%c2 : tensor<2x?x?x%[1]s>
  %%0 = tcp.slice %%x starts(%%c1, %%c0, %%c0) sizes(%%c2, %%d1, %%d2) strides(%%m1, %%c1, %%c1) : tensor<2x?x?x%[1]s> -> tensor<2x?x?x%[1]s>
  return %%0 : tensor<2x?x?x%[1]s>
}`, true, func(r *rand.Rand, dt tensor.DType, row int64, big bool) []*tensor.Tensor {
		h, w := r.Int63n(4), r.Int63n(40)
		if big {
			h, w = 1+r.Int63n(3), row/2+r.Int63n(9)
		}
		return []*tensor.Tensor{randBits(r, dt, 2, h, w)}
	}},
	{"window", `func.func @window_%[1]s(%%x: tensor<?x%[2]dx%[1]s>, %%o: index, %%n: index) -> tensor<?x%[2]dx%[1]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%cn = arith.constant %[2]d : index
  %%0 = tcp.slice %%x starts(%%o, %%c0) sizes(%%n, %%cn) strides(%%c1, %%c1) : tensor<?x%[2]dx%[1]s> -> tensor<?x%[2]dx%[1]s>
  return %%0 : tensor<?x%[2]dx%[1]s>
}`, false, func(r *rand.Rand, dt tensor.DType, row int64, big bool) []*tensor.Tensor {
		m := r.Int63n(5)
		o := r.Int63n(m + 1)
		return []*tensor.Tensor{randBits(r, dt, m, row), indexArg(o), indexArg(r.Int63n(m - o + 1))}
	}},
}

// longRunModule is longRunFuncs for every type of longRunTypes.
func longRunModule() string {
	var b strings.Builder
	for _, dt := range longRunTypes {
		row := 2*pieceBytes/int64(dt.Size()) + 3
		for _, f := range longRunFuncs {
			fmt.Fprintf(&b, f.mlir+"\n", dt, row)
		}
	}
	return b.String()
}

// TestLongRuns: in the kernel binary, runs that may be 1 MiB or longer
// are copied by tcpCopyRows (in pieces through the cache, or with
// non-temporal stores past tcpNT's size), never by a bare copy, which
// Go's memmove would store non-temporally whatever the output's size; a
// nest of few such rows cuts them into pieces the workers split by bytes.
// Its results equal the interpreter's bit for bit for 1, 2, 3 and 7
// workers, with non-temporal stores at any size (NTBytes 1) or past
// tcpNT's bound, for rows of 0 to 2*pieceBytes bytes and more.
func TestLongRuns(t *testing.T) {
	m, pr := kernelBinary(t, "longrun.mlir", longRunModule(), nil)
	src, _, _, err := emitTagged(m, Options{Package: "main", driver: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, dt := range longRunTypes {
		for _, f := range longRunFuncs {
			name := fmt.Sprintf("%s_%s", f.name, dt)
			body := funcBody(string(src), name)
			if !strings.Contains(body, "tcpCopyRows(") || strings.Contains(body, "copy(") {
				t.Errorf("@%s: its runs are not copied by tcpCopyRows alone\n%s", name, body)
			}
			if got := strings.Contains(body, "for piece := "); got != f.pieces {
				t.Errorf("@%s cuts its runs into pieces: %v, want %v\n%s", name, got, f.pieces, body)
			}
		}
	}
	r := rand.New(rand.NewSource(3))
	cases := 0
	for _, dt := range longRunTypes {
		row := 2*pieceBytes/int64(dt.Size()) + 3
		for _, f := range longRunFuncs {
			fn := fmt.Sprintf("%s_%s", f.name, dt)
			for c := 0; c < 8; c++ {
				args := f.args(r, dt, row, c%2 == 1)
				want, err := interp.RunFunc(m, fn, args...)
				if err != nil {
					t.Fatalf("@%s %v: %v", fn, args[0].Shape, err)
				}
				for _, w := range []int{1, 2, 3, 7} {
					for _, ntb := range []int64{0, 1} {
						got, _, err := pr.Call(fn, args, CallOptions{Workers: w, MinBytesPerWorker: 1, NTBytes: ntb})
						if err != nil {
							t.Fatalf("@%s workers %d: %v", fn, w, err)
						}
						cases++
						if string(got[0].Data) != string(want[0].Data) {
							t.Fatalf("@%s %v workers %d NTBytes %d: differs from the interpreter", fn, args[0].Shape, w, ntb)
						}
					}
				}
			}
		}
	}
	t.Logf("%d calls compared", cases)
}

// TestLongRunsEmbedded: kernels for embedders copy long runs with
// tcpCopyRun (no unsafe, no non-temporal stores) and pass go vet.
func TestLongRunsEmbedded(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	goCmd, err := goTool()
	if err != nil {
		oracle.Missing(t, "the go command: %v", err)
	}
	m, err := parser.Parse("longrun.mlir", longRunModule(), parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := Emit(m, Options{Package: "kernels", Source: "longrun.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "unsafe") || strings.Contains(string(out), "tcpCopyRows") {
		t.Errorf("kernels for embedders use unsafe or tcpCopyRows")
	}
	if got, want := strings.Count(string(out), "tcpCopyRun("), len(longRunTypes)*len(longRunFuncs); got != want {
		t.Errorf("%d of tcpCopyRun(, want %d (one per function)", got, want)
	}
	dir := t.TempDir()
	for name, b := range map[string][]byte{"go.mod": []byte("module kernels\n\ngo 1.22\n"), "kernels.go": out} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goCmd, "vet", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off", "GOFLAGS=-mod=mod")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet: %v\n%s", err, b)
	}
}
