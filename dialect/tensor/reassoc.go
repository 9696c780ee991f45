package tensor

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Reassociation returns the reassociation that expands shape src into dst
// (equivalently, collapses dst into src): one group of consecutive dst dims
// per src dim, whose sizes multiply to the src dim. A dynamic src dim takes
// exactly one dynamic dst dim.
//
// Where several groupings are valid (inserted unit dims), the rule of
// docs/semantics.md §4 makes the result deterministic: an inserted unit dim
// joins the group of the nearest source dim to its left, and unit dims
// before the first source dim join the first group. A rank-0 src expands
// into all-ones dims with the empty reassociation.
//
//	[3] → [1,3,1]        [[0, 1, 2]]
//	[3,2] → [3,1,2]      [[0, 1], [2]]
//	[1,5,20] → [1,5,20,1] [[0], [1], [2, 3]]
func Reassociation(src, dst []int64) ([][]int64, error) {
	fail := func() error {
		return fmt.Errorf("tensor: no reassociation expands %s into %s", shapeString(src), shapeString(dst))
	}
	if len(src) == 0 {
		for _, d := range dst {
			if d != 1 {
				return nil, fail()
			}
		}
		return [][]int64{}, nil
	}
	r := &reassocSolver{src: src, dst: dst, memo: map[[2]int]bool{}}
	if !r.feasible(0, 0) {
		return nil, fail()
	}
	groups := make([][]int64, 0, len(src))
	j := 0
	for i := range src {
		// The shortest valid group whose remainder still fits …
		k := j + 1
		for ; k <= len(dst); k++ {
			if r.valid(i, j, k) && r.feasible(i+1, k) {
				break
			}
		}
		// … extended over unit dims as far as the remainder allows.
		for k < len(dst) && dst[k] == 1 && r.valid(i, j, k+1) && r.feasible(i+1, k+1) {
			k++
		}
		g := make([]int64, 0, k-j)
		for d := j; d < k; d++ {
			g = append(g, int64(d))
		}
		groups = append(groups, g)
		j = k
	}
	return groups, nil
}

type reassocSolver struct {
	src, dst []int64
	memo     map[[2]int]bool
}

// valid reports whether dst[j:k] can form src dim i.
func (r *reassocSolver) valid(i, j, k int) bool {
	if k <= j || k > len(r.dst) {
		return false
	}
	if r.src[i] == ir.Dynamic {
		n := 0
		for _, d := range r.dst[j:k] {
			if d == ir.Dynamic {
				n++
			}
		}
		return n == 1
	}
	p := int64(1)
	for _, d := range r.dst[j:k] {
		if d == ir.Dynamic {
			return false
		}
		p *= d
	}
	return p == r.src[i]
}

// feasible reports whether dst[j:] can be grouped into src[i:].
func (r *reassocSolver) feasible(i, j int) bool {
	if i == len(r.src) {
		return j == len(r.dst)
	}
	key := [2]int{i, j}
	if v, ok := r.memo[key]; ok {
		return v
	}
	ok := false
	for k := j + 1; k <= len(r.dst) && !ok; k++ {
		ok = r.valid(i, j, k) && r.feasible(i+1, k)
	}
	r.memo[key] = ok
	return ok
}

// ReassociationAttr is the `reassociation` attribute: an array of i64 arrays.
func ReassociationAttr(groups [][]int64) ir.ArrayAttr {
	a := make(ir.ArrayAttr, len(groups))
	for i, g := range groups {
		a[i] = ir.I64Array(g...)
	}
	return a
}

// ReassociationOf reads the `reassociation` attribute of an expand_shape or
// collapse_shape op (nil if it is malformed).
func ReassociationOf(op *ir.Operation) [][]int64 {
	groups, _ := reassociationGroups(op.Attr("reassociation"))
	return groups
}

func reassociationGroups(a ir.Attribute) ([][]int64, bool) {
	arr, ok := a.(ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	out := make([][]int64, len(arr))
	for i, e := range arr {
		inner, ok := e.(ir.ArrayAttr)
		if !ok {
			return nil, false
		}
		out[i] = make([]int64, len(inner))
		for j, x := range inner {
			v, ok := x.(ir.IntegerAttr)
			if !ok || v.Type != ir.I64 {
				return nil, false
			}
			out[i][j] = v.Value
		}
	}
	return out, true
}

// reassociationKind is ODS IndexListArrayAttr.
var reassociationKind = ir.AttrPred("Array of 64-bit integer array attributes", func(a ir.Attribute) bool {
	_, ok := reassociationGroups(a)
	return ok
})

func shapeString(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		if d == ir.Dynamic {
			parts[i] = "?"
		} else {
			parts[i] = strconv.FormatInt(d, 10)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// shapeOf returns the shape of a ranked tensor; an unranked tensor reads as
// rank 0, as MLIR 16's reshape verifiers treat it.
func shapeOf(t ir.Type) []int64 {
	if r, ok := t.(*ir.RankedTensorType); ok {
		return r.Shape()
	}
	return nil
}

// typeString prints tensor<shape x elem> for any shape, including the
// invalid negative sizes MLIR 16 puts into some messages.
func typeString(shape []int64, elem ir.Type) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		if d == ir.Dynamic {
			b.WriteByte('?')
		} else {
			b.WriteString(strconv.FormatInt(d, 10))
		}
		b.WriteByte('x')
	}
	b.WriteString(elem.String())
	b.WriteByte('>')
	return b.String()
}

// verifyReshape is MLIR 16's verifyTensorReshapeOp: verifyReshapeLikeTypes,
// reshapeLikeShapesAreCompatible and the collapsed-type check.
func verifyReshape(op *ir.Operation, expanded, collapsed ir.Type, isExpansion bool) error {
	eShape, cShape := shapeOf(expanded), shapeOf(collapsed)
	eRank, cRank := len(eShape), len(cShape)
	switch {
	case eRank < cRank:
		return op.EmitOpError("expected the type '%s' to have higher rank than the type = '%s'", expanded, collapsed)
	case eRank == 0:
		return op.EmitOpError("expected non-zero memref ranks")
	case eRank == cRank:
		return op.EmitOpError("expected to collapse or expand dims")
	}
	groups := ReassociationOf(op)
	if cRank == 0 {
		for _, d := range eShape {
			if d != 1 {
				return op.EmitOpError("invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref")
			}
		}
	} else {
		if cRank != len(groups) {
			return op.EmitOpError("expected rank of the collapsed type(%d) to be the number of reassociation maps(%d)", cRank, len(groups))
		}
		// MLIR builds affine maps over max(position)+1 dims, positions being
		// unsigned 32-bit: a negative index wraps.
		var maxPos uint32
		for _, g := range groups {
			for _, d := range g {
				maxPos = max(maxPos, uint32(d))
			}
		}
		if numDims := maxPos + 1; int64(numDims) != int64(eRank) {
			return op.EmitOpError("expected reassociation map #0 of same rank as expanded memref(%d), but got %d", eRank, numDims)
		}
		next := int64(0)
		for i, g := range groups {
			if len(g) == 0 {
				return op.EmitOpError("expected reassociation map #%d to be valid and contiguous", i)
			}
			for _, d := range g {
				if d != next {
					return op.EmitOpError("expected reassociation map #%d to be valid and contiguous", i)
				}
				next++
			}
		}
		if next != int64(eRank) {
			return op.EmitOpError("expected reassociation map #%d to be valid and contiguous", len(groups)-1)
		}
		start := 0
		for i, g := range groups {
			dyn := -1
			lin := int64(1)
			for j, d := range eShape[start : start+len(g)] {
				if d == ir.Dynamic {
					if isExpansion && dyn >= 0 {
						return op.EmitOpError("invalid to have a single dimension (%d) expanded into multiple dynamic dims (%d,%d)", i, start+dyn, start+j)
					}
					dyn = j
				} else {
					lin *= d
				}
			}
			if dyn >= 0 {
				if cShape[i] != ir.Dynamic {
					return op.EmitOpError("expected dimension %d of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic", i)
				}
			} else if cShape[i] != lin {
				return op.EmitOpError("expected dimension %d of collapsed type to be static value of %d", i, lin)
			}
			start += len(g)
		}
	}
	// The collapsed type computed from the reassociation must match
	// (ignoring encodings).
	want := make([]int64, 0, len(groups))
	if cRank > 0 {
		start := 0
		for _, g := range groups {
			size := int64(1)
			for _, d := range eShape[start : start+len(g)] {
				if d == ir.Dynamic {
					size = ir.Dynamic
					break
				}
				size *= d
			}
			want = append(want, size)
			start += len(g)
		}
	}
	elem := ir.ElementType(expanded)
	if r, ok := collapsed.(*ir.RankedTensorType); !ok || !slices.Equal(r.Shape(), want) || r.Elem() != elem {
		return op.EmitOpError("expected collapsed type to be '%s', but got '%s'", typeString(want, elem), collapsed)
	}
	return nil
}
