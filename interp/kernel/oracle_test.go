package kernel

// Differential tests against torch 1.13 and numpy 1.24.
//
// Go generates random cases (seeded), computes them with the kernels,
// writes every input as a .npy record (all concatenated in inputs.npys)
// plus a JSON manifest to one temp dir, runs
// testdata/oracle.py once under $TCP_PYTHON (default /usr/bin/python3),
// and compares outputs bit for bit and errors case by case.
//
// One documented divergence is tolerated and counted separately: torch
// (index_select) and numpy (take mode raise) reject an out-of-range index
// even when the result has no elements, while the §5.1 recipe gathers
// through an empty broadcast index tensor and so reads, and checks, no
// index at all.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tcp-project/tcp/internal/oracle"

	"github.com/tcp-project/tcp/tensor"
	"github.com/tcp-project/tcp/tensor/npy"
)

// indexSelect is torch.index_select through the §5.1 recipe: a 0-d index
// keeps the dim in torch, so it is made 1-d first.
func indexSelect(x, idx *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	if idx.Rank() == 0 {
		var err error
		if idx, err = Reshape(idx, []int64{1}); err != nil {
			return nil, err
		}
	}
	return Take(x, idx, dim, 0, Error, nil)
}

// pySlice holds one Python slice; nil fields are None.
type pySlice [3]*int64

// pySliceParams turns Python slice(start, stop, step) on a dim into
// tcp.slice start, size, stride, as slice.indices(dim) normalises it.
func pySliceParams(s pySlice, dim int64) (start, size, stride int64) {
	step := int64(1)
	if s[2] != nil {
		step = *s[2]
	}
	lower, upper := int64(0), dim
	if step < 0 {
		lower, upper = -1, dim-1
	}
	norm := func(v *int64, def int64) int64 {
		if v == nil {
			return def
		}
		x := *v
		if x < 0 {
			x += dim
			if x < lower {
				x = lower
			}
		} else if x > upper {
			x = upper
		}
		return x
	}
	var stop int64
	if step < 0 {
		start, stop = norm(s[0], upper), norm(s[1], lower)
		if stop < start {
			size = (start-stop-1)/(-step) + 1
		}
	} else {
		start, stop = norm(s[0], lower), norm(s[1], upper)
		if start < stop {
			size = (stop-start-1)/step + 1
		}
	}
	return start, size, step
}

type oracleCase struct {
	ID     string    `json:"id"`
	Op     string    `json:"op"`
	Inputs [][2]int  `json:"inputs"` // [offset, length] in inputs.npys
	Dim    int       `json:"dim"`
	Mode   string    `json:"mode,omitempty"`
	Batch  int       `json:"batch_dims"`
	Slices []pySlice `json:"slices,omitempty"`

	x, idx *tensor.Tensor
	mode   Mode // our mode for the op
	got    *tensor.Tensor
	err    error
}

type oracleGen struct {
	rng *rand.Rand
}

var (
	torchTypes = []tensor.DType{tensor.I1, tensor.I8, tensor.UI8, tensor.I16, tensor.I32, tensor.I64, tensor.F16, tensor.F32, tensor.F64}
	numpyTypes = append(append([]tensor.DType{}, torchTypes...), tensor.UI16, tensor.UI32, tensor.UI64)
)

func (g *oracleGen) pick(dts []tensor.DType) tensor.DType { return dts[g.rng.Intn(len(dts))] }

// dimSize is a random dim: 0 sometimes, 1 often, up to 4.
func (g *oracleGen) dimSize() int64 {
	switch r := g.rng.Intn(20); {
	case r == 0:
		return 0
	case r < 6:
		return 1
	default:
		return int64(2 + g.rng.Intn(3))
	}
}

func (g *oracleGen) shape(rank int) []int64 {
	s := make([]int64, rank)
	for i := range s {
		s[i] = g.dimSize()
	}
	return s
}

// data fills a tensor with varied values: negative, extreme, NaN, -0, Inf.
func (g *oracleGen) data(dt tensor.DType, shape []int64) *tensor.Tensor {
	t := tensor.Must(tensor.New(dt, shape))
	for i := 0; i < int(t.NumElements()); i++ {
		if dt.IsFloat() {
			v := math.Round(g.rng.NormFloat64()*1000) / 8
			switch g.rng.Intn(30) {
			case 0:
				v = math.NaN()
			case 1:
				v = math.Copysign(0, -1)
			case 2:
				v = math.Inf(1 - 2*g.rng.Intn(2))
			}
			t.SetFloat64(i, v)
		} else if dt == tensor.I1 {
			t.SetInt64(i, int64(g.rng.Intn(2)))
		} else {
			t.SetBits(i, g.rng.Uint64())
			if g.rng.Intn(2) == 0 {
				t.SetInt64(i, int64(g.rng.Intn(200)-100))
			}
		}
	}
	return t
}

// indices returns random index values for a dim of size s. With bad
// false every value is valid under mode error; otherwise about a quarter
// are negative, out of range or extreme (the int32/int64 limits, or
// ±1e6 with moderate set). neg adds in-range negatives.
func (g *oracleGen) indices(dt tensor.DType, shape []int64, s int64, bad, neg, moderate bool) *tensor.Tensor {
	t := tensor.Must(tensor.New(dt, shape))
	for i := 0; i < int(t.NumElements()); i++ {
		var v int64
		if s > 0 {
			v = g.rng.Int63n(s)
			if neg && g.rng.Intn(3) == 0 {
				v -= s
			}
		}
		if bad && (s == 0 || g.rng.Intn(4) == 0) {
			switch g.rng.Intn(6) {
			case 0:
				v = s + g.rng.Int63n(3)
			case 1:
				v = -s - 1 - g.rng.Int63n(3)
			case 2:
				v = -1 - g.rng.Int63n(s+1)
			case 3:
				v = 2*s + 5 + g.rng.Int63n(50)
			case 4:
				if moderate {
					v = []int64{-1e6, 1e6}[g.rng.Intn(2)]
				} else if dt == tensor.I32 {
					v = []int64{math.MinInt32, math.MaxInt32}[g.rng.Intn(2)]
				} else {
					v = []int64{math.MinInt64, math.MaxInt64}[g.rng.Intn(2)]
				}
			default:
				v = -3*s - 7 - g.rng.Int63n(50)
			}
		}
		t.SetInt64(i, v)
	}
	return t
}

func (g *oracleGen) indexType() tensor.DType {
	return []tensor.DType{tensor.I32, tensor.I64}[g.rng.Intn(2)]
}

// bad says whether a case may hold invalid indices (40% of cases).
func (g *oracleGen) bad() bool { return g.rng.Intn(5) < 2 }

func (g *oracleGen) torchGather(c *oracleCase) {
	r := 1 + g.rng.Intn(4)
	c.x = g.data(g.pick(torchTypes), g.shape(r))
	c.Dim = g.rng.Intn(r)
	is := make([]int64, r)
	for d := range is {
		if d == c.Dim {
			is[d] = g.dimSize()
		} else {
			is[d] = g.rng.Int63n(c.x.Shape[d] + 1)
		}
	}
	c.idx = g.indices(g.indexType(), is, c.x.Shape[c.Dim], g.bad(), false, false)
	c.mode = Error
	c.got, c.err = Gather(c.x, c.idx, c.Dim, Error, nil)
}

func (g *oracleGen) torchIndexSelect(c *oracleCase) {
	r := 1 + g.rng.Intn(4)
	c.x = g.data(g.pick(torchTypes), g.shape(r))
	c.Dim = g.rng.Intn(r)
	var is []int64
	if g.rng.Intn(10) > 0 {
		is = []int64{int64(g.rng.Intn(6))}
	}
	c.idx = g.indices(g.indexType(), is, c.x.Shape[c.Dim], g.bad(), false, false)
	c.mode = Error
	c.got, c.err = indexSelect(c.x, c.idx, c.Dim)
}

// numpyTake returns a generator for np.take in one mode.
func numpyTake(mode string) func(*oracleGen, *oracleCase) {
	return func(g *oracleGen, c *oracleCase) { g.numpyTake(c, mode) }
}

func (g *oracleGen) numpyTake(c *oracleCase, mode string) {
	r := 1 + g.rng.Intn(4)
	c.x = g.data(g.pick(numpyTypes), g.shape(r))
	c.Dim = g.rng.Intn(r)
	c.Mode = mode
	c.mode = map[string]Mode{"raise": WrapNegative, "wrap": Wrap, "clip": Clip}[c.Mode]
	bad := g.bad() || c.mode != WrapNegative
	// numpy 1.24's wrap mode adds or subtracts the dim size in a loop,
	// so an index near the int64 limits would take years: moderate values.
	c.idx = g.indices(g.indexType(), g.shape(g.rng.Intn(4)), c.x.Shape[c.Dim], bad, true, c.mode == Wrap)
	c.got, c.err = Take(c.x, c.idx, c.Dim, 0, c.mode, nil)
}

func (g *oracleGen) numpyGatherND(c *oracleCase) {
	r := 1 + g.rng.Intn(4)
	c.x = g.data(g.pick(numpyTypes), g.shape(r))
	b := 0
	if g.rng.Intn(3) == 0 {
		b = g.rng.Intn(min(r, 3))
	}
	m := 1 + g.rng.Intn(r-b)
	if g.rng.Intn(15) == 0 {
		m = 0
	}
	q := b + 1 + g.rng.Intn(3)
	is := g.shape(q)
	copy(is, c.x.Shape[:b])
	is[q-1] = int64(m)
	// Build the tuples component by component so each is drawn for its dim.
	idx := tensor.Must(tensor.New(g.indexType(), is))
	bad := g.bad()
	for k := 0; k < m; k++ {
		col := g.indices(idx.DType, []int64{idx.NumElements() / max(int64(m), 1)}, c.x.Shape[b+k], bad, true, false)
		for i := 0; i < int(col.NumElements()); i++ {
			idx.SetInt64(i*m+k, col.Int64At(i))
		}
	}
	c.idx = idx
	c.Batch = b
	c.mode = WrapNegative
	c.got, c.err = GatherND(c.x, c.idx, b, WrapNegative, nil)
}

func (g *oracleGen) numpySlice(c *oracleCase) {
	r := 1 + g.rng.Intn(4)
	c.x = g.data(g.pick(numpyTypes), g.shape(r))
	opt := func(lo, hi int64) *int64 {
		if g.rng.Intn(4) == 0 {
			return nil
		}
		v := lo + g.rng.Int63n(hi-lo+1)
		return &v
	}
	var starts, sizes, strides []int64
	for d := 0; d < r; d++ {
		n := c.x.Shape[d]
		s := pySlice{opt(-n-2, n+2), opt(-n-2, n+2), nil}
		if g.rng.Intn(5) > 0 {
			k := int64([]int{-3, -2, -1, -1, 1, 2, 3}[g.rng.Intn(7)])
			s[2] = &k
		}
		c.Slices = append(c.Slices, s)
		st, sz, k := pySliceParams(s, n)
		starts, sizes, strides = append(starts, st), append(sizes, sz), append(strides, k)
	}
	c.got, c.err = Slice(c.x, starts, sizes, strides)
}

var oracleOps = []struct {
	name string
	gen  func(*oracleGen, *oracleCase)
}{
	{"torch.gather", (*oracleGen).torchGather},
	{"torch.index_select", (*oracleGen).torchIndexSelect},
	{"np.take raise", numpyTake("raise")},
	{"np.take wrap", numpyTake("wrap")},
	{"np.take clip", numpyTake("clip")},
	{"np.gather_nd", (*oracleGen).numpyGatherND},
	{"np.slice", (*oracleGen).numpySlice},
}

var indexMsg = regexp.MustCompile(`index (-?\d+) is out of bounds for (?:dimension|axis) (\d+) with size (\d+)`)

// offends reports whether value v occurs in c's indices addressing input
// dim d of size s, and is rejected there by c's mode. The oracles may
// scan indices in another order than the kernels (numpy checks gather_nd
// one tuple component at a time), so they may name another offender.
func (c *oracleCase) offends(v int64, d int, s int64) bool {
	if d >= c.x.Rank() || c.x.Shape[d] != s {
		return false
	}
	if _, ok := resolve(c.mode, v, s); ok {
		return false
	}
	vals := c.idx.Int64s()
	if c.Op == "np.gather_nd" {
		m := int(c.idx.Shape[c.idx.Rank()-1])
		k := d - c.Batch
		if k < 0 || k >= m {
			return false
		}
		for i := k; i < len(vals); i += m {
			if vals[i] == v {
				return true
			}
		}
		return false
	}
	if d != c.Dim {
		return false
	}
	for _, x := range vals {
		if x == v {
			return true
		}
	}
	return false
}

// hasBadIndex reports whether any index value is rejected by c's mode on
// the dim it addresses.
func (c *oracleCase) hasBadIndex() bool {
	vals := c.idx.Int64s()
	if c.Op == "np.gather_nd" {
		m := int(c.idx.Shape[c.idx.Rank()-1])
		for i, v := range vals {
			if _, ok := resolve(c.mode, v, c.x.Shape[c.Batch+i%m]); !ok {
				return true
			}
		}
		return false
	}
	for _, v := range vals {
		if _, ok := resolve(c.mode, v, c.x.Shape[c.Dim]); !ok {
			return true
		}
	}
	return false
}

// oracleTimeout bounds the oracle process; the whole run normally takes
// well under a minute.
const oracleTimeout = 120 * time.Second

// statName is the oracleOps entry a case came from.
func (c *oracleCase) statName() string {
	if c.Mode != "" {
		return c.Op + " " + c.Mode
	}
	return c.Op
}

type opStats struct {
	cases, outputs, errors, exactMsg, sameOffender, divergences, mismatches int
}

func TestOracle(t *testing.T) {
	py := oracle.PythonPath()
	if _, err := exec.LookPath(py); err != nil {
		oracle.Missing(t, "%s not found (set TCP_PYTHON)", py)
	}
	perOp := 1200
	if testing.Short() {
		perOp = 150
	}
	if s := os.Getenv("TCP_ORACLE_N"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("TCP_ORACLE_N: %v", err)
		}
		perOp = n
	}
	seed := int64(1)
	if s := os.Getenv("TCP_ORACLE_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	start := time.Now()
	g := &oracleGen{rng: rand.New(rand.NewSource(seed))}
	dir := t.TempDir()
	if d := os.Getenv("TCP_ORACLE_DIR"); d != "" { // keep the files for debugging
		dir = d
	}
	var cases []*oracleCase
	var blob bytes.Buffer
	for _, op := range oracleOps {
		for i := 0; i < perOp; i++ {
			c := &oracleCase{ID: fmt.Sprintf("%s_%04d", strings.NewReplacer(".", "_", " ", "_").Replace(op.name), i), Op: strings.Fields(op.name)[0]}
			op.gen(g, c)
			for _, in := range []*tensor.Tensor{c.x, c.idx} {
				if in == nil {
					continue
				}
				off := blob.Len()
				if err := npy.Write(&blob, in); err != nil {
					t.Fatal(err)
				}
				c.Inputs = append(c.Inputs, [2]int{off, blob.Len() - off})
			}
			cases = append(cases, c)
		}
	}
	manifest, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), manifest, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "inputs.npys"), blob.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	genTime := time.Since(start)

	ctx, cancel := context.WithTimeout(context.Background(), oracleTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "testdata/oracle.py", dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pyStart := time.Now()
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 3 {
			oracle.Missing(t, "%s", strings.TrimSpace(stderr.String()))
		}
		t.Fatalf("%s testdata/oracle.py: %v\n%s", py, err, stderr.String())
	}
	pyTime := time.Since(pyStart)

	var results []struct {
		ID    string
		Out   []int
		Error string
	}
	raw, err := os.ReadFile(filepath.Join(dir, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &results); err != nil {
		t.Fatal(err)
	}
	outs, err := os.ReadFile(filepath.Join(dir, "outputs.npys"))
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(cases) {
		t.Fatalf("oracle returned %d results for %d cases", len(results), len(cases))
	}
	stats := map[string]*opStats{}
	for _, op := range oracleOps {
		stats[op.name] = &opStats{}
	}
	failed := 0
	fail := func(c *oracleCase, format string, args ...any) {
		stats[c.statName()].mismatches++
		failed++
		if failed <= 25 {
			t.Errorf("%s (%s, x %s %v, idx %v %v, dim %d, batch %d, slices %s): %s", c.ID, c.Op, c.x.DType, c.x.Shape,
				idxType(c.idx), idxShape(c.idx), c.Dim, c.Batch, slicesString(c.Slices), fmt.Sprintf(format, args...))
		}
	}
	for i, c := range cases {
		res := results[i]
		st := stats[c.statName()]
		st.cases++
		if res.ID != c.ID {
			t.Fatalf("result %d is for %s, want %s", i, res.ID, c.ID)
		}
		switch {
		case res.Error != "" && c.err != nil:
			st.errors++
			var ie *IndexError
			if !errors.As(c.err, &ie) {
				if _, ok := c.err.(*SliceError); !ok {
					fail(c, "our error is not an index error: %v (oracle: %s)", c.err, res.Error)
				}
				continue
			}
			m := indexMsg.FindStringSubmatch(res.Error)
			if m == nil {
				if os.Getenv("TCP_ORACLE_DEBUG") != "" {
					t.Logf("%s: oracle %q, ours %q", c.ID, res.Error, c.err)
				}
				continue // torch.index_select, numpy's empty-axes and deprecation messages
			}
			v, _ := strconv.ParseInt(m[1], 10, 64)
			d, _ := strconv.Atoi(m[2])
			s, _ := strconv.ParseInt(m[3], 10, 64)
			if strings.Contains(res.Error, ie.Error()) {
				st.exactMsg++
			}
			if v == ie.Value && d == ie.Dim && s == ie.Size {
				st.sameOffender++
			} else if !c.offends(v, d, s) {
				fail(c, "oracle error %q does not match ours %q", res.Error, c.err)
			}
		case res.Error != "":
			if c.got != nil && c.got.NumElements() == 0 && c.hasBadIndex() && (c.Op == "torch.index_select" || c.Op == "np.take") {
				st.divergences++
				continue
			}
			fail(c, "oracle raised %q, we returned %s", res.Error, tensor.Format(c.got))
		case c.err != nil:
			fail(c, "we failed with %q, the oracle succeeded", c.err)
		default:
			if len(res.Out) != 2 || res.Out[0] < 0 || res.Out[1] < 0 || res.Out[0]+res.Out[1] > len(outs) {
				t.Fatalf("%s: bad output record %v", c.ID, res.Out)
			}
			want, err := npy.Read(bytes.NewReader(outs[res.Out[0] : res.Out[0]+res.Out[1]]))
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			st.outputs++
			if d := tensor.Diff(want, c.got); d != "" {
				fail(c, "%s\n got %s\nwant %s", d, tensor.Format(c.got), tensor.Format(want))
			}
		}
	}
	for _, op := range oracleOps {
		s := stats[op.name]
		t.Logf("%-19s %5d cases: %5d equal outputs, %4d errors on both sides (%4d same offender, %4d identical torch messages), %3d documented divergences, %d mismatches",
			op.name, s.cases, s.outputs, s.errors, s.sameOffender, s.exactMsg, s.divergences, s.mismatches)
	}
	t.Logf("seed %d: generate+kernels %v, oracle process %v, total %v", seed, genTime.Round(time.Millisecond), pyTime.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

func idxType(t *tensor.Tensor) any {
	if t == nil {
		return "-"
	}
	return t.DType
}

func idxShape(t *tensor.Tensor) any {
	if t == nil {
		return "-"
	}
	return t.Shape
}

func slicesString(ss []pySlice) string {
	var parts []string
	for _, s := range ss {
		f := func(p *int64) string {
			if p == nil {
				return ""
			}
			return strconv.FormatInt(*p, 10)
		}
		parts = append(parts, f(s[0])+":"+f(s[1])+":"+f(s[2]))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func TestPySliceParams(t *testing.T) {
	p := func(v int64) *int64 { return &v }
	for _, c := range []struct {
		s                   pySlice
		dim                 int64
		start, size, stride int64
	}{
		{pySlice{nil, nil, nil}, 5, 0, 5, 1},
		{pySlice{nil, nil, p(-1)}, 5, 4, 5, -1},
		{pySlice{p(-7), p(-10), p(-1)}, 5, -1, 0, -1}, // numpy: empty (ONNX clamping would give one element)
		{pySlice{p(3), nil, p(-2)}, 5, 3, 2, -2},
		{pySlice{p(20), p(0), p(-1)}, 20, 19, 19, -1},
		{pySlice{p(1), p(100), p(3)}, 5, 1, 2, 3},
		{pySlice{p(4), p(1), p(1)}, 5, 4, 0, 1},
		{pySlice{nil, nil, p(-1)}, 0, -1, 0, -1},
	} {
		s, n, k := pySliceParams(c.s, c.dim)
		if s != c.start || n != c.size || k != c.stride {
			t.Errorf("%s on %d: got %d %d %d, want %d %d %d", slicesString([]pySlice{c.s}), c.dim, s, n, k, c.start, c.size, c.stride)
		}
	}
}
