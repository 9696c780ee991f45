package passes

import "github.com/tcp-project/tcp/ir"

// domTree is the dominator tree of the blocks of a region, computed with
// the iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast
// Dominance Algorithm") over the successors of block terminators.
type domTree struct {
	children    map[*ir.Block][]*ir.Block
	unreachable []*ir.Block // blocks not reachable from the entry, in order
}

func successors(b *ir.Block) []*ir.Block {
	if t := b.Last(); t != nil {
		return t.Successors()
	}
	return nil
}

func newDomTree(r *ir.Region) *domTree {
	entry := r.Entry()
	// Reverse post-order from the entry.
	var post []*ir.Block
	seen := map[*ir.Block]bool{}
	var dfs func(b *ir.Block)
	dfs = func(b *ir.Block) {
		seen[b] = true
		for _, s := range successors(b) {
			if !seen[s] && s.Parent() == r {
				dfs(s)
			}
		}
		post = append(post, b)
	}
	dfs(entry)
	rpo := make([]*ir.Block, len(post))
	num := map[*ir.Block]int{}
	for i, b := range post {
		rpo[len(post)-1-i] = b
	}
	for i, b := range rpo {
		num[b] = i
	}
	preds := map[*ir.Block][]*ir.Block{}
	for _, b := range rpo {
		for _, s := range successors(b) {
			if seen[s] {
				preds[s] = append(preds[s], b)
			}
		}
	}
	idom := map[*ir.Block]*ir.Block{entry: entry}
	intersect := func(a, b *ir.Block) *ir.Block {
		for a != b {
			for num[a] > num[b] {
				a = idom[a]
			}
			for num[b] > num[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			var nd *ir.Block
			for _, p := range preds[b] {
				if idom[p] == nil {
					continue
				}
				if nd == nil {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != nil && idom[b] != nd {
				idom[b] = nd
				changed = true
			}
		}
	}
	t := &domTree{children: map[*ir.Block][]*ir.Block{}}
	for _, b := range rpo[1:] {
		t.children[idom[b]] = append(t.children[idom[b]], b)
	}
	for _, b := range r.Blocks {
		if !seen[b] {
			t.unreachable = append(t.unreachable, b)
		}
	}
	return t
}
