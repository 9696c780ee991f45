package passes

import "github.com/tcp-project/tcp/ir"

// domTree is the dominator tree of the blocks of a region (from
// ir.Dominators), children in reverse post-order.
type domTree struct {
	children    map[*ir.Block][]*ir.Block
	unreachable []*ir.Block // blocks not reachable from the entry, in order
}

func newDomTree(r *ir.Region) *domTree {
	idom, rpo := ir.Dominators(r)
	t := &domTree{children: map[*ir.Block][]*ir.Block{}}
	if len(rpo) > 1 {
		for _, b := range rpo[1:] {
			t.children[idom[b]] = append(t.children[idom[b]], b)
		}
	}
	for _, b := range r.Blocks {
		if _, ok := idom[b]; !ok {
			t.unreachable = append(t.unreachable, b)
		}
	}
	return t
}
