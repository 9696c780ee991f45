package ir

import "sort"

// attrIndexMin is the length of an attribute list from which adding an
// attribute looks its name up in a map instead of scanning the list.
const attrIndexMin = 16

// attrIndex maps attribute names to their position in a list that is
// built by appending (ParseState.Attrs, OperationState.Attrs). It indexes
// the entries appended directly (not through add) when it next runs, and
// is rebuilt if the list was reordered or shortened behind its back, so
// it is never wrong, only sometimes rebuilt.
type attrIndex struct {
	pos     map[string]int
	indexed int // attrs[:indexed] are in pos
}

// add sets name to a in attrs (replacing an attribute of that name) and
// returns the list.
func (x *attrIndex) add(attrs []NamedAttr, name string, a Attribute) []NamedAttr {
	if len(attrs) < attrIndexMin {
		for i := range attrs {
			if attrs[i].Name == name {
				attrs[i].Value = a
				return attrs
			}
		}
		return append(attrs, NamedAttr{name, a})
	}
	if x.pos == nil || x.indexed > len(attrs) {
		x.pos, x.indexed = make(map[string]int, len(attrs)), 0
	}
	for ; x.indexed < len(attrs); x.indexed++ {
		if _, dup := x.pos[attrs[x.indexed].Name]; !dup {
			x.pos[attrs[x.indexed].Name] = x.indexed
		}
	}
	if i, ok := x.pos[name]; ok {
		if attrs[i].Name == name {
			attrs[i].Value = a
			return attrs
		}
		// The list changed behind the index: start over.
		x.pos = nil
		return x.add(attrs, name, a)
	}
	x.pos[name] = len(attrs)
	x.indexed = len(attrs) + 1
	return append(attrs, NamedAttr{name, a})
}

// findSorted finds name in attrs, sorted by name: its index and true, or
// where it would be inserted and false. Short lists are scanned.
func findSorted(attrs []NamedAttr, name string) (int, bool) {
	if len(attrs) < attrIndexMin {
		for i := range attrs {
			if attrs[i].Name == name {
				return i, true
			}
		}
		i := sort.Search(len(attrs), func(i int) bool { return attrs[i].Name >= name })
		return i, false
	}
	i := sort.Search(len(attrs), func(i int) bool { return attrs[i].Name >= name })
	return i, i < len(attrs) && attrs[i].Name == name
}
