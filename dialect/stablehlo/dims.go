package stablehlo

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/tcp-project/tcp/ir"
)

// GatherDims are the dimension numbers of stablehlo.gather, the fields of
// #stablehlo.gather<…> (spec inputs I3–I8).
type GatherDims struct {
	OffsetDims               []int64
	CollapsedSliceDims       []int64
	OperandBatchingDims      []int64
	StartIndicesBatchingDims []int64
	StartIndexMap            []int64
	IndexVectorDim           int64
}

// gatherFields are the keywords of #stablehlo.gather<…> in printing order.
var gatherFields = []string{"offset_dims", "collapsed_slice_dims", "operand_batching_dims",
	"start_indices_batching_dims", "start_index_map", "index_vector_dim"}

func (d *GatherDims) field(i int) *[]int64 {
	switch i {
	case 0:
		return &d.OffsetDims
	case 1:
		return &d.CollapsedSliceDims
	case 2:
		return &d.OperandBatchingDims
	case 3:
		return &d.StartIndicesBatchingDims
	case 4:
		return &d.StartIndexMap
	}
	return nil
}

// Attr returns the attribute text for dialect ("stablehlo" or "mhlo"), as
// StableHLO prints it: fields in declaration order, empty lists and a zero
// index_vector_dim omitted, for example
// #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>.
func (d GatherDims) Attr(dialect string) string {
	var b strings.Builder
	b.WriteString("#" + dialect + ".gather<")
	sep := ""
	for i, name := range gatherFields[:5] {
		f := *d.field(i)
		if len(f) == 0 {
			continue
		}
		b.WriteString(sep + name + " = " + intList(f))
		sep = ", "
	}
	if d.IndexVectorDim != 0 {
		b.WriteString(sep + "index_vector_dim = " + strconv.FormatInt(d.IndexVectorDim, 10))
	}
	b.WriteByte('>')
	return b.String()
}

// String is Attr("stablehlo").
func (d GatherDims) String() string { return d.Attr("stablehlo") }

func intList(v []int64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// ParseGatherDims reads the text of a #stablehlo.gather<…> or #mhlo.gather<…>
// attribute. Fields may come in any order and each at most once, as
// StableHLO's parser accepts them; absent fields are empty (0 for
// index_vector_dim).
func ParseGatherDims(text string) (GatherDims, error) {
	var d GatherDims
	s := strings.TrimSpace(text)
	var body string
	for _, pre := range []string{"#stablehlo.gather", "#mhlo.gather"} {
		if rest, ok := strings.CutPrefix(s, pre); ok {
			rest = strings.TrimSpace(rest)
			if !strings.HasPrefix(rest, "<") || !strings.HasSuffix(rest, ">") {
				return d, fmt.Errorf("expected '<' ... '>' after %s", pre)
			}
			body = rest[1 : len(rest)-1]
			goto parse
		}
	}
	return d, fmt.Errorf("expected #stablehlo.gather<...> or #mhlo.gather<...>, got %s", text)
parse:
	sc := &scanner{s: body}
	seen := make([]bool, len(gatherFields))
	for {
		sc.space()
		if sc.done() {
			return d, nil
		}
		kw := sc.ident()
		i := slices.Index(gatherFields, kw)
		if i < 0 {
			return d, fmt.Errorf("expected one of: `offset_dims`, `collapsed_slice_dims`, `operand_batching_dims`, `start_indices_batching_dims`, `start_index_map`, `index_vector_dim`, got %q", kw)
		}
		if seen[i] {
			return d, fmt.Errorf("duplicated `%s` entry", kw)
		}
		seen[i] = true
		if !sc.lit('=') {
			return d, fmt.Errorf("expected '=' after `%s`", kw)
		}
		if i == 5 {
			v, err := sc.int()
			if err != nil {
				return d, fmt.Errorf("index_vector_dim: %v", err)
			}
			d.IndexVectorDim = v
		} else {
			v, err := sc.list()
			if err != nil {
				return d, fmt.Errorf("%s: %v", kw, err)
			}
			*d.field(i) = v
		}
		sc.space()
		if sc.done() {
			return d, nil
		}
		if !sc.lit(',') {
			return d, fmt.Errorf("expected ',' or '>' after `%s`", kw)
		}
	}
}

type scanner struct {
	s string
	i int
}

func (sc *scanner) space() {
	for sc.i < len(sc.s) && unicode.IsSpace(rune(sc.s[sc.i])) {
		sc.i++
	}
}
func (sc *scanner) done() bool { return sc.i >= len(sc.s) }
func (sc *scanner) lit(c byte) bool {
	sc.space()
	if sc.i < len(sc.s) && sc.s[sc.i] == c {
		sc.i++
		return true
	}
	return false
}
func (sc *scanner) ident() string {
	j := sc.i
	for sc.i < len(sc.s) && (sc.s[sc.i] == '_' || unicode.IsLetter(rune(sc.s[sc.i])) || unicode.IsDigit(rune(sc.s[sc.i]))) {
		sc.i++
	}
	return sc.s[j:sc.i]
}
func (sc *scanner) int() (int64, error) {
	sc.space()
	j := sc.i
	if sc.i < len(sc.s) && sc.s[sc.i] == '-' {
		sc.i++
	}
	for sc.i < len(sc.s) && sc.s[sc.i] >= '0' && sc.s[sc.i] <= '9' {
		sc.i++
	}
	v, err := strconv.ParseInt(sc.s[j:sc.i], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("expected an integer")
	}
	return v, nil
}
func (sc *scanner) list() ([]int64, error) {
	if !sc.lit('[') {
		return nil, fmt.Errorf("expected '['")
	}
	var out []int64
	if sc.lit(']') {
		return out, nil
	}
	for {
		v, err := sc.int()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		if sc.lit(']') {
			return out, nil
		}
		if !sc.lit(',') {
			return nil, fmt.Errorf("expected ',' or ']'")
		}
	}
}

// DimsOf returns the dimension numbers of a stablehlo.gather op (from its
// dimension_numbers attribute).
func DimsOf(op *ir.Operation) (GatherDims, error) {
	a, ok := op.Attr("dimension_numbers").(ir.OpaqueAttr)
	if !ok {
		return GatherDims{}, fmt.Errorf("dimension_numbers is not a #stablehlo.gather attribute")
	}
	return ParseGatherDims(a.Text)
}

// VerifyGather checks the constraints C1–C23 of the StableHLO spec for a
// gather of an operand of shape operand (dims may be ir.Dynamic) with start
// indices of shape indices and the given slice sizes. It returns the result
// shape (C22; batch dims may be dynamic) or the first violated rule, worded
// as StableHLO's verifier words it.
func VerifyGather(operand, indices []int64, d GatherDims, sliceSizes []int64) ([]int64, error) {
	r, q := int64(len(operand)), int64(len(indices))
	// C1
	if n := len(d.OffsetDims) + len(d.CollapsedSliceDims) + len(d.OperandBatchingDims); int64(n) != r {
		return nil, fmt.Errorf("offset_dims size (%d) plus collapse_slice_dims size (%d) plus operand_batching_dims size (%d) is not equal to operand rank (%d)",
			len(d.OffsetDims), len(d.CollapsedSliceDims), len(d.OperandBatchingDims), r)
	}
	// C2
	ivd := d.IndexVectorDim
	if ivd < 0 || ivd > q {
		return nil, fmt.Errorf("Expects index_vector_dim to be in range [0, rank-of('start_indices')] i.e. [0, %d]. got: %d.", q, ivd)
	}
	// C3
	if ivd == q || indices[ivd] != ir.Dynamic {
		eff := int64(1)
		if ivd < q {
			eff = indices[ivd]
		}
		if eff != int64(len(d.StartIndexMap)) {
			return nil, fmt.Errorf("start_index_map size (%d) is not equal to size of index dimension (%d) of start_indices (%d)", len(d.StartIndexMap), ivd, eff)
		}
	}
	// C4
	if !slices.IsSorted(d.OffsetDims) {
		return nil, fmt.Errorf("expects offset_dims to be sorted, got: %s", intList(d.OffsetDims))
	}
	if !unique(d.OffsetDims) {
		return nil, fmt.Errorf("expects offset_dims to not repeat, got: %s", intList(d.OffsetDims))
	}
	// C6
	if err := distinct(d.CollapsedSliceDims, d.OperandBatchingDims, "collapsed_slice_dims", "operand_batching_dims"); err != nil {
		return nil, err
	}
	// C7
	if !slices.IsSorted(d.CollapsedSliceDims) {
		return nil, fmt.Errorf("expects collapsed_slice_dims to be sorted, got: %s", intList(d.CollapsedSliceDims))
	}
	// C8
	if err := inBounds(d.CollapsedSliceDims, r, "collapsed_slice_dims", "rank-of('operand')"); err != nil {
		return nil, err
	}
	// C10
	if !slices.IsSorted(d.OperandBatchingDims) {
		return nil, fmt.Errorf("expects operand_batching_dims to be sorted, got: %s", intList(d.OperandBatchingDims))
	}
	// C11
	if err := inBounds(d.OperandBatchingDims, r, "operand_batching_dims", "rank-of('operand')"); err != nil {
		return nil, err
	}
	// C13
	if !unique(d.StartIndicesBatchingDims) {
		return nil, fmt.Errorf("expects start_indices_batching_dims to not repeat, got: %s", intList(d.StartIndicesBatchingDims))
	}
	// C14
	if err := inBounds(d.StartIndicesBatchingDims, q, "start_indices_batching_dims", "rank-of('start_indices')"); err != nil {
		return nil, err
	}
	// C15
	if slices.Contains(d.StartIndicesBatchingDims, ivd) {
		return nil, fmt.Errorf("expects start_indices_batching_dims not to include index_vector_dim %d", ivd)
	}
	// C16
	if len(d.OperandBatchingDims) != len(d.StartIndicesBatchingDims) {
		return nil, fmt.Errorf("operand_batching_dims and start_indices_batching_dims should have the same size")
	}
	// C17
	for i, od := range d.OperandBatchingDims {
		a, b := operand[od], indices[d.StartIndicesBatchingDims[i]]
		if a != ir.Dynamic && b != ir.Dynamic && a != b {
			return nil, fmt.Errorf("operand_batching_dims[%d] and start_indices_batching_dims[%d] must have compatible sizes, but got %s and %s", i, i, dimStr(a), dimStr(b))
		}
	}
	// C18
	if err := distinct(d.StartIndexMap, d.OperandBatchingDims, "start_index_map", "operand_batching_dims"); err != nil {
		return nil, err
	}
	// C19
	if err := inBounds(d.StartIndexMap, r, "start_index_map", "rank-of('operand')"); err != nil {
		return nil, err
	}
	// C20
	if int64(len(sliceSizes)) != r {
		return nil, fmt.Errorf("slice_sizes size (%d) not equal to operand rank (%d)", len(sliceSizes), r)
	}
	// C9, C12
	for _, c := range []struct {
		dims []int64
		name string
	}{{d.CollapsedSliceDims, "collapsed_slice_dims"}, {d.OperandBatchingDims, "operand_batching_dims"}} {
		for _, dim := range c.dims {
			if s := sliceSizes[dim]; s > 1 {
				return nil, fmt.Errorf("Expects that for each dim in %s, slice_sizes[dim] should be <= 1, but got %d", c.name, s)
			}
		}
	}
	// C21
	for i, s := range sliceSizes {
		if s < 0 || (operand[i] != ir.Dynamic && s > operand[i]) {
			return nil, fmt.Errorf("slice size (%d) is out of bounds for operand dimension (%s) at index %d", s, dimStr(operand[i]), i)
		}
	}
	// C5
	batchRank := q
	if ivd < q {
		batchRank--
	}
	rr := int64(len(d.OffsetDims)) + batchRank
	if err := inBounds(d.OffsetDims, rr, "offset_dims", "implied-result-rank"); err != nil {
		return nil, err
	}
	// C22
	return d.ResultShape(indices, sliceSizes), nil
}

// ResultShape is C22: the batch dims of start_indices (without
// index_vector_dim) at the result dims not in offset_dims, and the slice
// sizes of the dims neither collapsed nor batching at offset_dims.
func (d GatherDims) ResultShape(indices, sliceSizes []int64) []int64 {
	q := int64(len(indices))
	var batch []int64
	for i, s := range indices {
		if int64(i) != d.IndexVectorDim {
			batch = append(batch, s)
		}
	}
	var offs []int64
	for i, s := range sliceSizes {
		if !slices.Contains(d.CollapsedSliceDims, int64(i)) && !slices.Contains(d.OperandBatchingDims, int64(i)) {
			offs = append(offs, s)
		}
	}
	_ = q
	rr := len(d.OffsetDims) + len(batch)
	out := make([]int64, rr)
	bi, oi := 0, 0
	for i := range out {
		if slices.Contains(d.OffsetDims, int64(i)) {
			out[i] = offs[oi]
			oi++
		} else {
			out[i] = batch[bi]
			bi++
		}
	}
	return out
}

func unique(v []int64) bool {
	seen := map[int64]bool{}
	for _, x := range v {
		if seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

func distinct(a, b []int64, an, bn string) error {
	seen := map[int64]bool{}
	for _, x := range append(append([]int64{}, a...), b...) {
		if seen[x] {
			return fmt.Errorf("has duplicated dimension from %s and %s: %d", an, bn, x)
		}
		seen[x] = true
	}
	return nil
}

func inBounds(dims []int64, ub int64, name, ubName string) error {
	for _, x := range dims {
		if x < 0 || x >= ub {
			return fmt.Errorf("Expects each element of %s to be in range [0, %s) i.e. [0, %d). got: %d.", name, ubName, ub, x)
		}
	}
	return nil
}

func dimStr(d int64) string {
	if d == ir.Dynamic {
		return "?"
	}
	return strconv.FormatInt(d, 10)
}

// TorchIndexSelectDims returns the gather that stablehlo.torch_index_select
// means (its legalization to stablehlo.gather) for an operand of shape x,
// an index of rank q, dim a and batch_dims b: start indices = index with an
// implicit index vector (index_vector_dim = q), start_index_map =
// collapsed_slice_dims = [a], batching dims [0, b) on both sides, slice
// sizes x with 1 at a and at the batch dims, and offset_dims the result
// positions of x[b:a] and x[a+1:].
func TorchIndexSelectDims(x []int64, q, a, b int64) (GatherDims, []int64) {
	r := int64(len(x))
	d := GatherDims{IndexVectorDim: q, StartIndexMap: []int64{a}, CollapsedSliceDims: []int64{a}}
	for i := int64(0); i < b; i++ {
		d.OperandBatchingDims = append(d.OperandBatchingDims, i)
		d.StartIndicesBatchingDims = append(d.StartIndicesBatchingDims, i)
	}
	for i := b; i < a; i++ {
		d.OffsetDims = append(d.OffsetDims, i)
	}
	for i := a + q - b; i < r+q-b-1; i++ {
		d.OffsetDims = append(d.OffsetDims, i)
	}
	sizes := append([]int64{}, x...)
	sizes[a] = 1
	for i := int64(0); i < b; i++ {
		sizes[i] = 1
	}
	return d, sizes
}
