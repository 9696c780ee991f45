// Package workloads holds the benchmark workloads of the Go backend (the
// issue-9 list): one MLIR module with a function per workload, and a
// generator of its arguments. scripts/bench-go-kernels.sh and the Go
// benchmarks of codegen/golang share it.
package workloads

import (
	"math/rand"
	"sync"
	"time"

	"github.com/tcp-project/tcp/tensor"
)

// Module holds one func.func per workload.
const Module = `
func.func @index_select_dim0(%x: tensor<65536x256xf32>, %i: tensor<32768xi64>) -> tensor<32768x256xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<32768xi64> into tensor<32768x1xi64>
  %c = arith.constant 256 : index
  %b = tcp.broadcast_to %e, %c {axes = [1]} : tensor<32768x1xi64>, index -> tensor<32768x256xi64>
  %0 = tcp.gather %x, %b {dim = 0 : index, mode = "error"} : tensor<65536x256xf32>, tensor<32768x256xi64> -> tensor<32768x256xf32>
  return %0 : tensor<32768x256xf32>
}
func.func @index_select_dim1(%x: tensor<4096x4096xf32>, %i: tensor<1024xi64>) -> tensor<4096x1024xf32> {
  %e = tensor.expand_shape %i [[0, 1]] : tensor<1024xi64> into tensor<1x1024xi64>
  %c = arith.constant 4096 : index
  %b = tcp.broadcast_to %e, %c {axes = [0]} : tensor<1x1024xi64>, index -> tensor<4096x1024xi64>
  %0 = tcp.gather %x, %b {dim = 1 : index, mode = "error"} : tensor<4096x4096xf32>, tensor<4096x1024xi64> -> tensor<4096x1024xf32>
  return %0 : tensor<4096x1024xf32>
}
func.func @gather_dim1(%x: tensor<4096x4096xf32>, %i: tensor<4096x1024xi64>) -> tensor<4096x1024xf32> {
  %0 = tcp.gather %x, %i {dim = 1 : index, mode = "error"} : tensor<4096x4096xf32>, tensor<4096x1024xi64> -> tensor<4096x1024xf32>
  return %0 : tensor<4096x1024xf32>
}
func.func @gather_nd(%x: tensor<256x256x64xf32>, %i: tensor<65536x2xi64>) -> tensor<65536x64xf32> {
  %0 = tcp.gather_nd %x, %i {mode = "wrap_negative"} : tensor<256x256x64xf32>, tensor<65536x2xi64> -> tensor<65536x64xf32>
  return %0 : tensor<65536x64xf32>
}
func.func @reverse(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %c4095 = arith.constant 4095 : index
  %c4096 = arith.constant 4096 : index
  %m1 = arith.constant -1 : index
  %0 = tcp.slice %x starts(%c4095, %c4095) sizes(%c4096, %c4096) strides(%m1, %m1) : tensor<4096x4096xf32> -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}
`

// Workload is one benchmark: the function name and its arguments.
type Workload struct {
	Name string
	Args func(r *rand.Rand) []*tensor.Tensor
}

func f32(r *rand.Rand, shape ...int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(tensor.F32, shape))
	for i := 0; i < int(t.NumElements()); i++ {
		t.SetFloat64(i, float64(r.Intn(1<<20)))
	}
	return t
}

func i64(r *rand.Rand, hi int64, shape ...int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(tensor.I64, shape))
	for i := 0; i < int(t.NumElements()); i++ {
		t.SetInt64(i, r.Int63n(hi))
	}
	return t
}

// All lists the workloads.
var All = []Workload{
	{"index_select_dim0", func(r *rand.Rand) []*tensor.Tensor { return []*tensor.Tensor{f32(r, 65536, 256), i64(r, 65536, 32768)} }},
	{"index_select_dim1", func(r *rand.Rand) []*tensor.Tensor { return []*tensor.Tensor{f32(r, 4096, 4096), i64(r, 4096, 1024)} }},
	{"gather_dim1", func(r *rand.Rand) []*tensor.Tensor {
		return []*tensor.Tensor{f32(r, 4096, 4096), i64(r, 4096, 4096, 1024)}
	}},
	{"gather_nd", func(r *rand.Rand) []*tensor.Tensor {
		return []*tensor.Tensor{f32(r, 256, 256, 64), i64(r, 256, 65536, 2)}
	}},
	{"reverse", func(r *rand.Rand) []*tensor.Tensor { return []*tensor.Tensor{f32(r, 4096, 4096)} }},
}

// Copier times a plain Go copy of n bytes over w goroutines: the memory
// limit the kernels are compared with. Each call copies a different slot
// of pools of at least 256 MiB (more than the last-level cache), so that
// the bytes come from memory; for 1 MiB and more per goroutine Go's copy
// uses non-temporal stores.
type Copier struct {
	n, slots int
	src, dst []byte
	call     int
}

// NewCopier allocates and touches the pools for copies of n bytes.
func NewCopier(n int) *Copier {
	slots := max(4, (256<<20)/n)
	c := &Copier{n: n, slots: slots, src: make([]byte, slots*n), dst: make([]byte, slots*n)}
	for i := range c.src {
		c.src[i], c.dst[i] = byte(i), 1 // no page faults in the timed copies
	}
	return c
}

// Time copies the next slot over w goroutines and returns the seconds.
func (c *Copier) Time(w int) float64 {
	off := c.call % c.slots * c.n
	c.call++
	t0 := time.Now()
	var wg sync.WaitGroup
	for k := 0; k < w; k++ {
		lo, hi := off+c.n*k/w, off+c.n*(k+1)/w
		wg.Add(1)
		go func() { defer wg.Done(); copy(c.dst[lo:hi], c.src[lo:hi]) }()
	}
	wg.Wait()
	return time.Since(t0).Seconds()
}
