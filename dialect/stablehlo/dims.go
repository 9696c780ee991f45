package stablehlo

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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
	return dimsAttrText(dialect, "gather", gatherFields, d.field, d.IndexVectorDim)
}

// dimsAttrText prints #dialect.kind<…> with the list fields named by
// fields[:len-1] (empty ones omitted) and the last, integer field (omitted
// when zero), as StableHLO prints its dimension-number structs.
func dimsAttrText(dialect, kind string, fields []string, list func(int) *[]int64, last int64) string {
	var b strings.Builder
	b.WriteString("#" + dialect + "." + kind + "<")
	sep := ""
	for i, name := range fields[:len(fields)-1] {
		f := *list(i)
		if len(f) == 0 {
			continue
		}
		b.WriteString(sep + name + " = " + intList(f))
		sep = ", "
	}
	if last != 0 {
		b.WriteString(sep + fields[len(fields)-1] + " = " + strconv.FormatInt(last, 10))
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

// GatherDimsAttr is the #stablehlo.gather<…> attribute (also spelled
// #mhlo.gather<…>): the dimension numbers of a gather.
type GatherDimsAttr struct {
	ir.AttrBase
	Dialect string // "stablehlo" or "mhlo"
	Dims    GatherDims
}

// String prints the attribute as StableHLO does (GatherDims.Attr).
func (a *GatherDimsAttr) String() string { return a.Dims.Attr(a.Dialect) }

// AttrDef returns the definition of its spelling.
func (a *GatherDimsAttr) AttrDef() *ir.DialectAttrDef {
	if a.Dialect == "mhlo" {
		return mhloGatherDimsDef
	}
	return GatherDimsDef
}

// NewGatherDimsAttr returns #stablehlo.gather<d>.
func NewGatherDimsAttr(d GatherDims) *GatherDimsAttr {
	return &GatherDimsAttr{Dialect: "stablehlo", Dims: d}
}

const gatherDimsDoc = `The dimension numbers of a gather (StableHLO spec inputs I3–I8):
#stablehlo.gather<offset_dims = [...], collapsed_slice_dims = [...],
operand_batching_dims = [...], start_indices_batching_dims = [...],
start_index_map = [...], index_vector_dim = N>. Fields come in any order,
each at most once; an absent list is empty and an absent index_vector_dim
is 0, so the older form without batching dims is the same attribute with
those lists empty. Printed as StableHLO prints it: fields in the order
above, empty lists and a zero index_vector_dim omitted. The constraints
between the fields and the shapes are checked by stablehlo.gather's
verifier.`

// GatherDimsDef defines #stablehlo.gather; mhloGatherDimsDef #mhlo.gather.
var (
	GatherDimsDef     = ir.MustRegisterAttr(gatherDimsAttrDef("stablehlo"))
	mhloGatherDimsDef = ir.MustRegisterAttr(gatherDimsAttrDef("mhlo"))
)

func gatherDimsAttrDef(dialect string) ir.DialectAttrDef {
	return ir.DialectAttrDef{
		Dialect: dialect, Name: "gather",
		Summary:     "gather dimension numbers",
		Description: gatherDimsDoc,
		Parameters: []ir.ParamDoc{
			{Name: "offset_dims", Doc: "result dims that hold the slice (offset) dims, sorted"},
			{Name: "collapsed_slice_dims", Doc: "operand dims of slice size <= 1 that the result drops, sorted"},
			{Name: "operand_batching_dims", Doc: "operand dims indexed by a batch dim of the start indices, sorted"},
			{Name: "start_indices_batching_dims", Doc: "the start-indices dims paired with operand_batching_dims"},
			{Name: "start_index_map", Doc: "operand dim of each component of an index vector"},
			{Name: "index_vector_dim", Doc: "the start-indices dim holding the index vectors (its rank: implicit, length 1)"},
		},
		Examples: []string{"#" + dialect + ".gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>"},
		Parse: func(p ir.AsmParser) (ir.Attribute, error) {
			d, err := parseGatherDims(p)
			if err != nil {
				return nil, err
			}
			return &GatherDimsAttr{Dialect: dialect, Dims: d}, nil
		},
	}
}

// parseGatherDims reads `<field = value, ...>` as StableHLO's parseStruct
// does: any order, each field at most once.
func parseGatherDims(p ir.AsmParser) (GatherDims, error) {
	var d GatherDims
	err := parseDimsStruct(p, gatherFields, d.field, &d.IndexVectorDim)
	return d, err
}

func parseInt(p ir.AsmParser) (int64, error) {
	v, ok, err := p.ParseOptionalInteger()
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, p.Errorf("expected integer value")
	}
	return v, nil
}

// DimsOf returns the dimension numbers of a stablehlo.gather op (from its
// dimension_numbers attribute).
func DimsOf(op *ir.Operation) (GatherDims, error) {
	a, ok := op.Attr("dimension_numbers").(*GatherDimsAttr)
	if !ok {
		return GatherDims{}, fmt.Errorf("dimension_numbers is not a #stablehlo.gather attribute")
	}
	return a.Dims, nil
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
