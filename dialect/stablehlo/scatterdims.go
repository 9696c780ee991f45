package stablehlo

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// ScatterDims are the dimension numbers of stablehlo.scatter, the fields of
// #stablehlo.scatter<…> (spec inputs I4–I9).
type ScatterDims struct {
	UpdateWindowDims           []int64
	InsertedWindowDims         []int64
	InputBatchingDims          []int64
	ScatterIndicesBatchingDims []int64
	ScatterDimsToOperandDims   []int64
	IndexVectorDim             int64
}

// scatterFields are the keywords of #stablehlo.scatter<…> in printing order.
var scatterFields = []string{"update_window_dims", "inserted_window_dims", "input_batching_dims",
	"scatter_indices_batching_dims", "scatter_dims_to_operand_dims", "index_vector_dim"}

func (d *ScatterDims) field(i int) *[]int64 {
	switch i {
	case 0:
		return &d.UpdateWindowDims
	case 1:
		return &d.InsertedWindowDims
	case 2:
		return &d.InputBatchingDims
	case 3:
		return &d.ScatterIndicesBatchingDims
	case 4:
		return &d.ScatterDimsToOperandDims
	}
	return nil
}

// Attr returns the attribute text for dialect ("stablehlo" or "mhlo") as
// StableHLO prints it: fields in declaration order, empty lists and a zero
// index_vector_dim omitted.
func (d ScatterDims) Attr(dialect string) string {
	return dimsAttrText(dialect, "scatter", scatterFields, d.field, d.IndexVectorDim)
}

// String is Attr("stablehlo").
func (d ScatterDims) String() string { return d.Attr("stablehlo") }

// ScatterDimsAttr is the #stablehlo.scatter<…> attribute (also spelled
// #mhlo.scatter<…>): the dimension numbers of a scatter.
type ScatterDimsAttr struct {
	ir.AttrBase
	Dialect string // "stablehlo" or "mhlo"
	Dims    ScatterDims
}

// String prints the attribute as StableHLO does (ScatterDims.Attr).
func (a *ScatterDimsAttr) String() string { return a.Dims.Attr(a.Dialect) }

// AttrDef returns the definition of its spelling.
func (a *ScatterDimsAttr) AttrDef() *ir.DialectAttrDef {
	if a.Dialect == "mhlo" {
		return mhloScatterDimsDef
	}
	return ScatterDimsDef
}

// NewScatterDimsAttr returns #stablehlo.scatter<d>.
func NewScatterDimsAttr(d ScatterDims) *ScatterDimsAttr {
	return &ScatterDimsAttr{Dialect: "stablehlo", Dims: d}
}

const scatterDimsDoc = `The dimension numbers of a scatter (StableHLO spec inputs I4–I9):
#stablehlo.scatter<update_window_dims = [...], inserted_window_dims = [...],
input_batching_dims = [...], scatter_indices_batching_dims = [...],
scatter_dims_to_operand_dims = [...], index_vector_dim = N>. Fields come in
any order, each at most once; an absent list is empty and an absent
index_vector_dim is 0 (the older form without batching dims is the same
attribute with those lists empty). Printed as StableHLO prints it: fields
in the order above, empty lists and a zero index_vector_dim omitted. The
constraints between the fields and the shapes are checked by
stablehlo.scatter's verifier.`

// ScatterDimsDef defines #stablehlo.scatter; mhloScatterDimsDef #mhlo.scatter.
var (
	ScatterDimsDef     = ir.MustRegisterAttr(scatterDimsAttrDef("stablehlo"))
	mhloScatterDimsDef = ir.MustRegisterAttr(scatterDimsAttrDef("mhlo"))
)

func scatterDimsAttrDef(dialect string) ir.DialectAttrDef {
	return ir.DialectAttrDef{
		Dialect: dialect, Name: "scatter",
		Summary:     "scatter dimension numbers",
		Description: scatterDimsDoc,
		Parameters: []ir.ParamDoc{
			{Name: "update_window_dims", Doc: "updates dims that hold the window, sorted"},
			{Name: "inserted_window_dims", Doc: "input dims of window size 1 that the updates leave out, sorted"},
			{Name: "input_batching_dims", Doc: "input dims indexed by a batch dim of the scatter indices, sorted"},
			{Name: "scatter_indices_batching_dims", Doc: "the scatter-indices dims paired with input_batching_dims"},
			{Name: "scatter_dims_to_operand_dims", Doc: "input dim of each component of an index vector"},
			{Name: "index_vector_dim", Doc: "the scatter-indices dim holding the index vectors (its rank: implicit, length 1)"},
		},
		Examples: []string{"#" + dialect + ".scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>"},
		Parse: func(p ir.AsmParser) (ir.Attribute, error) {
			var d ScatterDims
			err := parseDimsStruct(p, scatterFields, d.field, &d.IndexVectorDim)
			if err != nil {
				return nil, err
			}
			return &ScatterDimsAttr{Dialect: dialect, Dims: d}, nil
		},
	}
}

// parseDimsStruct reads `<field = value, ...>` as StableHLO's parseStruct
// does: any order, each field at most once; the last field is an integer,
// the others integer lists.
func parseDimsStruct(p ir.AsmParser, fields []string, list func(int) *[]int64, last *int64) error {
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	if p.ParseOptionalPunct(">") {
		return nil
	}
	seen := make([]bool, len(fields))
	for {
		kw, _ := p.ParseOptionalIdentifier()
		i := slices.Index(fields, kw)
		if i < 0 {
			return p.Errorf("expected one of: `%s`", strings.Join(fields, "`, `"))
		}
		if seen[i] {
			return p.Errorf("duplicated `%s` entry", kw)
		}
		seen[i] = true
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		if i == len(fields)-1 {
			v, err := parseInt(p)
			if err != nil {
				return err
			}
			*last = v
		} else {
			if err := p.ParsePunct("["); err != nil {
				return err
			}
			l := []int64{}
			if !p.ParseOptionalPunct("]") {
				for {
					v, err := parseInt(p)
					if err != nil {
						return err
					}
					l = append(l, v)
					if p.ParseOptionalPunct("]") {
						break
					}
					if err := p.ParsePunct(","); err != nil {
						return err
					}
				}
			}
			*list(i) = l
		}
		if p.ParseOptionalPunct(">") {
			return nil
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
	}
}

// ScatterDimsOf returns the dimension numbers of a stablehlo.scatter op.
func ScatterDimsOf(op *ir.Operation) (ScatterDims, error) {
	a, ok := op.Attr("scatter_dimension_numbers").(*ScatterDimsAttr)
	if !ok {
		return ScatterDims{}, fmt.Errorf("scatter_dimension_numbers is not a #stablehlo.scatter attribute")
	}
	return a.Dims, nil
}

// UpdateScatterDims are the updates dims not in update_window_dims, for
// updates of rank n.
func (d ScatterDims) UpdateScatterDims(n int) []int64 {
	var out []int64
	for i := 0; i < n; i++ {
		if !slices.Contains(d.UpdateWindowDims, int64(i)) {
			out = append(out, int64(i))
		}
	}
	return out
}

// WindowInputDims are the input dims in neither inserted_window_dims nor
// input_batching_dims, in order: update_window_dims[k] is the updates dim
// of input dim WindowInputDims(r)[k].
func (d ScatterDims) WindowInputDims(r int) []int64 {
	var out []int64
	for i := 0; i < r; i++ {
		if !slices.Contains(d.InsertedWindowDims, int64(i)) && !slices.Contains(d.InputBatchingDims, int64(i)) {
			out = append(out, int64(i))
		}
	}
	return out
}

// VerifyScatter checks the constraints C1–C22 and C24 of the StableHLO spec
// for a scatter of inputs of shape input (dims may be ir.Dynamic), scatter
// indices of shape indices and updates of shape updates (one of each: the
// variadic ones have been checked to agree), worded as StableHLO's
// verifier words them.
func VerifyScatter(input, indices, updates []int64, d ScatterDims) error {
	r, q, u := int64(len(input)), int64(len(indices)), int64(len(updates))
	// C2
	if n := len(d.UpdateWindowDims) + len(d.InsertedWindowDims) + len(d.InputBatchingDims); int64(n) != r {
		return fmt.Errorf("Expects rank-of operand to match size-of('update_window_dims') + size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. %d but got %d.", n, r)
	}
	// C7
	if !slices.IsSorted(d.UpdateWindowDims) {
		return fmt.Errorf("Expects update_window_dims to be sorted; got: %s.", intList(d.UpdateWindowDims))
	}
	if !unique(d.UpdateWindowDims) {
		return fmt.Errorf("Expects update_window_dims to not repeat; got: %s.", intList(d.UpdateWindowDims))
	}
	// C8
	if err := inBounds(d.UpdateWindowDims, u, "update_window_dims", "rank-of('updates')"); err != nil {
		return err
	}
	// C9
	if err := distinct(d.InsertedWindowDims, d.InputBatchingDims, "inserted_window_dims", "input_batching_dims"); err != nil {
		return err
	}
	// C10
	if !slices.IsSorted(d.InsertedWindowDims) {
		return fmt.Errorf("Expects inserted_window_dims to be sorted; got: %s.", intList(d.InsertedWindowDims))
	}
	// C11
	if err := inBounds(d.InsertedWindowDims, r, "inserted_window_dims", "rank-of('operand')"); err != nil {
		return err
	}
	// C12
	if !slices.IsSorted(d.InputBatchingDims) {
		return fmt.Errorf("Expects input_batching_dims to be sorted; got: %s.", intList(d.InputBatchingDims))
	}
	// C13
	if err := inBounds(d.InputBatchingDims, r, "input_batching_dims", "rank-of('operand')"); err != nil {
		return err
	}
	// C14
	if !unique(d.ScatterIndicesBatchingDims) {
		return fmt.Errorf("Expects scatter_indices_batching_dims to not repeat; got: %s.", intList(d.ScatterIndicesBatchingDims))
	}
	// C15
	if err := inBounds(d.ScatterIndicesBatchingDims, q, "scatter_indices_batching_dims", "rank-of('scatter_indices')"); err != nil {
		return err
	}
	// C22
	ivd := d.IndexVectorDim
	if ivd < 0 || ivd > q {
		return fmt.Errorf("expects scatter index leaf dimension to be within [0, rank(scatter_indices) + 1. rank(scatter_indices) is %d and scatter index leaf dimension is %d.", q, ivd)
	}
	// C16
	if slices.Contains(d.ScatterIndicesBatchingDims, ivd) {
		return fmt.Errorf("expects scatter_indices_batching_dims not to include index_vector_dim %d.", ivd)
	}
	// C17
	if len(d.InputBatchingDims) != len(d.ScatterIndicesBatchingDims) {
		return fmt.Errorf("input_batching_dims and scatter_indices_batching_dims should have the same size.")
	}
	// C18
	for i, od := range d.InputBatchingDims {
		a, b := input[od], indices[d.ScatterIndicesBatchingDims[i]]
		if a != ir.Dynamic && b != ir.Dynamic && a != b {
			return fmt.Errorf("input_batching_dims[%d] and scatter_indices_batching_dims[%d] must have compatible sizes, but got %s and %s.", i, i, dimStr(a), dimStr(b))
		}
	}
	// C19
	if ivd == q || indices[ivd] != ir.Dynamic {
		eff := int64(1)
		if ivd < q {
			eff = indices[ivd]
		}
		if eff != int64(len(d.ScatterDimsToOperandDims)) {
			return fmt.Errorf("Scatter op has %d elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim=%d of scatter_indices is %d. These two numbers must be equal.", len(d.ScatterDimsToOperandDims), ivd, eff)
		}
	}
	// C20
	if err := distinct(d.ScatterDimsToOperandDims, d.InputBatchingDims, "scatter_dims_to_operand_dims", "input_batching_dims"); err != nil {
		return err
	}
	// C21
	if err := inBounds(d.ScatterDimsToOperandDims, r, "scatter_dims_to_operand_dims", "rank-of('operand')"); err != nil {
		return err
	}
	// C4
	var scatterSizes []int64
	for i, s := range indices {
		if int64(i) != ivd {
			scatterSizes = append(scatterSizes, s)
		}
	}
	if want := int64(len(scatterSizes) + len(d.UpdateWindowDims)); u != want {
		return fmt.Errorf("expects updates tensor must be of rank %d ( == rank-of('scatter_indices') - 1 + size-of('update_window_dims'), where 'scatter_indices' is expanded by a trailing 1 dimension if 'index_vector_dim' == rank-of('scatter_indices')), but got %d.", want, u)
	}
	win := d.WindowInputDims(int(r))
	for k, ud := range d.UpdateWindowDims {
		a, b := updates[ud], input[win[k]]
		if a != ir.Dynamic && b != ir.Dynamic && a > b {
			return fmt.Errorf("expects bounds of the window dimensions of updates to not exceed the bounds of the corresponding dimensions of operand. For dimension %d, updates bound is %d, operand bound is %d.", ud, a, b)
		}
	}
	for k, ud := range d.UpdateScatterDims(int(u)) {
		a, b := updates[ud], scatterSizes[k]
		if a != ir.Dynamic && b != ir.Dynamic && a != b {
			return fmt.Errorf("expects bounds of the scatter dimensions of updates to be same as the bounds of the corresponding dimensions of scatter indices. For scatter dimension %d, expected bound is %d, but got %d.", ud, b, a)
		}
	}
	return nil
}
