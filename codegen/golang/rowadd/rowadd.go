package rowadd

import (
	"fmt"
	"math"
	"unsafe"
)

// AddF32 sets dst[i] = dst[i] + src[i] for i < len(dst) with tcp's NaN
// rule (see the package documentation). It panics if src is shorter than
// dst. dst and src must be the same slice or not overlap.
func AddF32(dst, src []float32) {
	src = src[:len(dst)]
	if len(dst) == 0 {
		return
	}
	addF32(&dst[0], &src[0], len(dst))
}

// addGo is the Go loop: it keeps tcp's NaN rule explicitly, the
// destination's NaN first, then the update's, both quieted. It is the
// addF32 of the purego build and of other architectures, and the tests
// compare the assembly with it.
func addGo(dst, src *float32, n int) {
	d := unsafe.Slice(dst, n)
	s := unsafe.Slice(src, n)
	for i, a := range d {
		d[i] = add(a, s[i])
	}
}

func add(a, b float32) float32 {
	r := a + b
	if r != r {
		if a != a {
			return math.Float32frombits(math.Float32bits(a) | 0x00400000)
		}
		if b != b {
			return math.Float32frombits(math.Float32bits(b) | 0x00400000)
		}
	}
	return r
}

// ScatterAddF32I64 adds upd[k] into dst[w] for k = 0, 1, ... in order,
// w being idx[k], or idx[k]+len(dst) when idx[k] is negative and wrap is
// set (ONNX's negative indices), with the NaN rule of AddF32 (the
// destination element first). It stops at the first k whose w is outside
// [0, len(dst)), every update before it applied, and returns that k; else
// it returns len(idx). It panics if upd is shorter than idx. Duplicate
// indices are summed in k order, as the interpreter's scatter does.
func ScatterAddF32I64(dst []float32, idx []int64, upd []float32, wrap bool) int {
	upd = upd[:len(idx)]
	if len(idx) == 0 {
		return 0
	}
	return scatterAddI64(unsafe.SliceData(dst), len(dst), &idx[0], &upd[0], len(idx), wrapMask(wrap, len(dst)))
}

// ScatterAddF32I32 is ScatterAddF32I64 for int32 indices.
func ScatterAddF32I32(dst []float32, idx []int32, upd []float32, wrap bool) int {
	upd = upd[:len(idx)]
	if len(idx) == 0 {
		return 0
	}
	return scatterAddI32(unsafe.SliceData(dst), len(dst), &idx[0], &upd[0], len(idx), wrapMask(wrap, len(dst)))
}

// wrapMask is what a negative index gains: size with wrap, else 0 (the
// index stays negative and fails the unsigned range test).
func wrapMask(wrap bool, size int) int {
	if wrap {
		return size
	}
	return 0
}

// scatterAddGo is the Go loop of ScatterAddF32I64 and ScatterAddF32I32:
// the scatterAddI64 and scatterAddI32 of the purego build and of other
// architectures, and what the tests compare the assembly with.
func scatterAddGo[T int32 | int64](dst *float32, size int, idx *T, upd *float32, n, mask int) int {
	d := unsafe.Slice(dst, size)
	x := unsafe.Slice(idx, n)
	u := unsafe.Slice(upd, n)
	for k, v := range x {
		w := int64(v) + int64(uint64(int64(v)>>63)&uint64(mask))
		if uint64(w) >= uint64(len(d)) {
			return k
		}
		d[w] = add(d[w], u[k])
	}
	return n
}

// ScatterAddColsF32I64 adds upd[k] into dst[w*stride+k] for k = 0, 1, ...
// in order, w being idx[k] wrapped as in ScatterAddF32I64 and tested
// against rows: one row of a ScatterElements add along dim 0, dst
// starting at the row's first column in destination row 0. It returns
// the position of the first bad index, or len(idx). It panics if upd is
// shorter than idx, or dst shorter than (rows-1)*stride+len(idx).
func ScatterAddColsF32I64(dst []float32, stride, rows int, idx []int64, upd []float32, wrap bool) int {
	upd = upd[:len(idx)]
	if len(idx) == 0 || rows <= 0 {
		return 0
	}
	_ = dst[(rows-1)*stride+len(idx)-1]
	return scatterAddColsI64(&dst[0], stride, rows, &idx[0], &upd[0], len(idx), wrapMask(wrap, rows))
}

// ScatterAddColsF32I32 is ScatterAddColsF32I64 for int32 indices.
func ScatterAddColsF32I32(dst []float32, stride, rows int, idx []int32, upd []float32, wrap bool) int {
	upd = upd[:len(idx)]
	if len(idx) == 0 || rows <= 0 {
		return 0
	}
	_ = dst[(rows-1)*stride+len(idx)-1]
	return scatterAddColsI32(&dst[0], stride, rows, &idx[0], &upd[0], len(idx), wrapMask(wrap, rows))
}

// scatterAddColsGo is the Go loop of ScatterAddColsF32I64 and I32.
func scatterAddColsGo[T int32 | int64](dst *float32, stride, rows int, idx *T, upd *float32, n, mask int) int {
	d := unsafe.Slice(dst, (rows-1)*stride+n)
	x := unsafe.Slice(idx, n)
	u := unsafe.Slice(upd, n)
	for k, v := range x {
		w := int64(v) + int64(uint64(int64(v)>>63)&uint64(mask))
		if uint64(w) >= uint64(rows) {
			return k
		}
		p := int(w)*stride + k
		d[p] = add(d[p], u[k])
	}
	return n
}

// ScatterRowsF32I64 adds update row k, upd[k*width : (k+1)*width], into
// destination row w, dst[w*width : (w+1)*width], for k = 0, 1, ... in
// order, w being idx[k] wrapped as in ScatterAddF32I64 and tested against
// the len(dst)/width rows: a ScatterND add of whole rows by [N, 1] ids
// (an embedding gradient), one call for all the updates. It stops at the
// first bad index, every row before it added, and returns its position,
// or with drop skips every bad index (StableHLO's and TF's scatters);
// else it returns len(idx). ahead prefetches the destination row of the update
// AheadRows later (for tables beyond the cache). It panics if width is
// not positive, len(dst) not a multiple of width, or upd shorter than
// len(idx)*width. Repeated indices sum in k order with the NaN rule of
// AddF32, as the interpreter's scatter does. On amd64 the loop is
// assembly, so that rows of a few floats cost no call each: 100000
// updates of 3-float rows into a cached table took 0.81-1.36 ms with
// AddF32 per row, 0.22-0.27 ms in one call (BenchmarkScatterRows). Rows
// of eight floats or more are added with AVX where the CPU has it, rows
// of 3, 8, 16 and 32 floats with no loop (see ROWSSE and ROWAVX in
// rowadd_amd64.s). Rows of one float with neither drop nor ahead take
// ScatterAddF32I64's loop (four updates per step).
func ScatterRowsF32I64(dst []float32, width int, idx []int64, upd []float32, wrap, drop, ahead bool) int {
	rows := checkRows(dst, width, len(idx), upd)
	if len(idx) == 0 {
		return 0
	}
	if width == 1 && !drop && !ahead {
		// Rows of one float: the element loop, four updates per step.
		return scatterAddI64(unsafe.SliceData(dst), rows, &idx[0], &upd[0], len(idx), wrapMask(wrap, rows))
	}
	return rowsI64(unsafe.SliceData(dst), rows, width, &idx[0], &upd[0], len(idx), wrapMask(wrap, rows), drop, ahead)
}

// ScatterRowsF32I32 is ScatterRowsF32I64 for int32 indices.
func ScatterRowsF32I32(dst []float32, width int, idx []int32, upd []float32, wrap, drop, ahead bool) int {
	rows := checkRows(dst, width, len(idx), upd)
	if len(idx) == 0 {
		return 0
	}
	if width == 1 && !drop && !ahead {
		return scatterAddI32(unsafe.SliceData(dst), rows, &idx[0], &upd[0], len(idx), wrapMask(wrap, rows))
	}
	return rowsI32(unsafe.SliceData(dst), rows, width, &idx[0], &upd[0], len(idx), wrapMask(wrap, rows), drop, ahead)
}

// AheadRows is how many updates ahead ScatterRowsF32I64 and I32, asked
// to, prefetch a destination row (the assembly's constant). Measured
// with tcp-run, one worker, 1M Zipf updates of 3-float rows into a 24 MB
// table: 10.2-10.8 ms per call 8 ahead, 7.5-8.7 16 ahead, 5.8-6.6 32
// ahead (64: the same); [100000,16] by 200000: 32 ahead the fastest too.
const AheadRows = 32

// checkRows panics unless dst holds whole rows of width and upd n of
// them, and returns dst's row count.
func checkRows(dst []float32, width, n int, upd []float32) int {
	if width <= 0 || len(dst)%width != 0 || len(upd)/width < n {
		panic(fmt.Sprintf("rowadd: %d destination and %d update floats are not rows of %d for %d indices", len(dst), len(upd), width, n))
	}
	return len(dst) / width
}

// scatterRowsGo is the Go loop of ScatterRowsF32I64 and I32: the
// scatterRowsI64 and scatterRowsI32 of the purego build and of other
// architectures, and what the tests compare the assembly with.
func scatterRowsGo[T int32 | int64](dst *float32, rows, width int, idx *T, upd *float32, n, mask int, drop bool) int {
	d := unsafe.Slice(dst, rows*width)
	x := unsafe.Slice(idx, n)
	u := unsafe.Slice(upd, n*width)
	for k, v := range x {
		w := int64(v) + int64(uint64(int64(v)>>63)&uint64(mask))
		if uint64(w) >= uint64(rows) {
			if drop {
				continue
			}
			return k
		}
		dr := d[int(w)*width : int(w)*width+width]
		ur := u[k*width : k*width+width]
		for i, a := range dr {
			dr[i] = add(a, ur[i])
		}
	}
	return n
}
