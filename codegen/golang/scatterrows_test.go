package golang

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/tcp-project/tcp/tensor"
)

// scatterRowsModule: ScatterND adds of short f32 rows that one worker
// runs (maxSerialAddRowBytes), which the kernel binary makes one
// rowadd.ScatterRowsF32I64 or I32 call: 3-float rows (points) of a
// dynamic table by dynamic updates (wrap_negative), 7-float rows by i32
// ids (error), 32-float rows (128 bytes, the longest) by i64 ids
// (error), 3-float rows under mode drop (StableHLO's and TF's scatters:
// bad ids skipped) by [N] ids expanded to [N, 1] (a view of the
// argument), rows of one float (hist: a histogram, whose nest has no
// loop over the row), and a 1-d scatter (ScatterElements) add by i64 and
// i32 ids (el1, el1i32), the same as hist. Under mode clip (clip3) the
// per-row loop stays.
const scatterRowsModule = `
func.func @pts(%x: tensor<?x3xf32>, %i: tensor<?x1xi64>, %u: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<?x3xf32>, tensor<?x1xi64>, tensor<?x3xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
func.func @w7(%x: tensor<50x7xf32>, %i: tensor<200x1xi32>, %u: tensor<200x7xf32>) -> tensor<50x7xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "error"} : tensor<50x7xf32>, tensor<200x1xi32>, tensor<200x7xf32> -> tensor<50x7xf32>
  return %0 : tensor<50x7xf32>
}
func.func @w32(%x: tensor<20x32xf32>, %i: tensor<90x1xi64>, %u: tensor<90x32xf32>) -> tensor<20x32xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "error"} : tensor<20x32xf32>, tensor<90x1xi64>, tensor<90x32xf32> -> tensor<20x32xf32>
  return %0 : tensor<20x32xf32>
}
func.func @drop3(%x: tensor<30x3xf32>, %j: tensor<100xi64>, %u: tensor<100x3xf32>) -> tensor<30x3xf32> {
  %i = tensor.expand_shape %j [[0, 1]] : tensor<100xi64> into tensor<100x1xi64>
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "drop"} : tensor<30x3xf32>, tensor<100x1xi64>, tensor<100x3xf32> -> tensor<30x3xf32>
  return %0 : tensor<30x3xf32>
}
func.func @hist(%x: tensor<?x1xf32>, %i: tensor<?x1xi64>, %u: tensor<?x1xf32>) -> tensor<?x1xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "wrap_negative"} : tensor<?x1xf32>, tensor<?x1xi64>, tensor<?x1xf32> -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}
func.func @el1(%x: tensor<?xf32>, %i: tensor<?xi64>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index, mode = "wrap_negative"} : tensor<?xf32>, tensor<?xi64>, tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @el1i32(%x: tensor<?xf32>, %i: tensor<?xi32>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tcp.scatter %x, %i, %u {combine = "add", dim = 0 : index, mode = "error"} : tensor<?xf32>, tensor<?xi32>, tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @clip3(%x: tensor<30x3xf32>, %i: tensor<100x1xi64>, %u: tensor<100x3xf32>) -> tensor<30x3xf32> {
  %0 = tcp.scatter_nd %x, %i, %u {combine = "add", mode = "clip"} : tensor<30x3xf32>, tensor<100x1xi64>, tensor<100x3xf32> -> tensor<30x3xf32>
  return %0 : tensor<30x3xf32>
}
`

// TestScatterRowsCall: the kernel binary's one-call row adds of
// scatterRowsModule equal the interpreter's results bit for bit (NaN
// payloads in the destination and the updates, a hot row taking half the
// updates, negative ids), with dynamic dims (no updates, no rows), 1, 2,
// 3 and 7 workers, in place or not; out-of-range ids (one, or several:
// the first in order wins) fail with the interpreter's error, or under
// drop and clip are dropped or clipped as the interpreter does.
func TestScatterRowsCall(t *testing.T) {
	m, pr := kernelBinary(t, "scatterrows.mlir", scatterRowsModule, []form{
		{"rowadd.ScatterRowsF32I64(", 5}, // pts, w32, drop3, hist, el1
		{"rowadd.ScatterRowsF32I32(", 2}, // w7, el1i32
		{"rowadd.AddF32(", 1},            // clip3
	})
	r := rand.New(rand.NewSource(21))
	compared, errs := 0, 0
	for _, c := range []struct {
		name     string
		rows, n  int
		width    int
		it       tensor.DType
		neg, bad bool
		inPlace  bool
	}{
		{"pts", 1000, 5000, 3, tensor.I64, true, false, false},
		{"pts", 1000, 5000, 3, tensor.I64, true, true, true},
		{"pts", 7, 0, 3, tensor.I64, true, false, false},
		{"pts", 0, 0, 3, tensor.I64, false, false, false},
		{"pts", 0, 3, 3, tensor.I64, false, false, false}, // every id out of range
		{"pts", 1, 40, 3, tensor.I64, true, false, true},
		{"w7", 50, 200, 7, tensor.I32, false, false, false},
		{"w7", 50, 200, 7, tensor.I32, true, false, true}, // negative ids fail under error
		{"w7", 50, 200, 7, tensor.I32, false, true, false},
		{"w32", 20, 90, 32, tensor.I64, false, false, true},
		{"w32", 20, 90, 32, tensor.I64, false, true, false},
		{"drop3", 30, 100, 3, tensor.I64, true, true, false},
		{"drop3", 30, 100, 3, tensor.I64, false, true, true},
		{"clip3", 30, 100, 3, tensor.I64, true, true, false},
		{"hist", 500, 3000, 1, tensor.I64, true, false, true},
		{"hist", 500, 3000, 1, tensor.I64, true, true, false},
		{"el1", 500, 3000, 1, tensor.I64, true, false, true},
		{"el1", 500, 3000, 1, tensor.I64, true, true, false},
		{"el1", 0, 0, 1, tensor.I64, false, false, false},
		{"el1i32", 700, 2000, 1, tensor.I32, false, false, true},
		{"el1i32", 700, 2000, 1, tensor.I32, true, true, false}, // negative ids fail under error
	} {
		for round := 0; round < 3; round++ {
			xshape, ushape := []int64{int64(c.rows), int64(c.width)}, []int64{int64(c.n), int64(c.width)}
			ishape := []int64{int64(c.n), 1}
			if c.name == "drop3" {
				ishape = ishape[:1]
			}
			if strings.HasPrefix(c.name, "el1") {
				xshape, ushape, ishape = xshape[:1], ushape[:1], ishape[:1]
			}
			x := tensor.Must(tensor.New(tensor.F32, xshape))
			u := tensor.Must(tensor.New(tensor.F32, ushape))
			i := tensor.Must(tensor.New(c.it, ishape))
			nanBits32(r, x)
			nanBits32(r, u)
			for k := 0; k < c.n; k++ {
				v := int64(0)
				if c.rows > 0 {
					v = r.Int63n(int64(c.rows))
					if r.Intn(2) == 0 {
						v = int64(c.rows / 3) // the hot row
					}
					if c.neg && r.Intn(3) == 0 {
						v -= int64(c.rows)
					}
				}
				if c.bad && r.Intn(40) == 0 || c.rows == 0 {
					v = []int64{int64(c.rows), int64(-c.rows - 1), 1 << 30}[r.Intn(3)]
				}
				i.SetInt64(k, v)
			}
			cp, e := againstInterp(t, m, pr, c.name, []*tensor.Tensor{x, i, u}, c.inPlace)
			compared += cp
			errs += e
		}
	}
	t.Logf("%d results compared, %d errors matched", compared, errs)
	if compared < 60 || errs < 20 {
		t.Errorf("%d results compared and %d errors matched: want at least 60 and 20", compared, errs)
	}
}
