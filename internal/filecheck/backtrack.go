package filecheck

// A backtracking matcher for the expressions Go's regexp cannot express:
// back-references (used by FileCheck when a string variable is defined and
// used in the same directive) and the [[:<:]] / [[:>:]] word boundaries.
// It finds the leftmost match and, at that position, the longest one, which is
// what LLVM's regexec reports. A step budget bounds pathological patterns.

const btStepBudget = 2_000_000

type btMatcher struct {
	re         *ere
	text       string
	start, end int
	caps       []int
	steps      int
	bestEnd    int
	bestCaps   []int
}

func btMatch(re *ere, text string, start, end int) []int {
	m := &btMatcher{re: re, text: text, start: start, end: end}
	m.caps = make([]int, 2*(re.nsub+1))
	for s := start; s <= end; s++ {
		for i := range m.caps {
			m.caps[i] = -1
		}
		m.bestEnd = -1
		m.run(re.root, s, func(e int) bool {
			if e > m.bestEnd {
				m.bestEnd = e
				m.bestCaps = append(m.bestCaps[:0], m.caps...)
				m.bestCaps[0], m.bestCaps[1] = s, e
			}
			return e == m.end
		})
		if m.bestEnd >= 0 {
			return m.bestCaps
		}
		if m.steps > btStepBudget {
			return nil
		}
	}
	return nil
}

func isWordByte(c byte) bool { return isAlnum(c) || c == '_' }

func (m *btMatcher) run(n *reNode, i int, k func(int) bool) bool {
	m.steps++
	if m.steps > btStepBudget {
		return false
	}
	switch n.op {
	case reChar:
		if i < m.end && m.text[i] == n.c {
			return k(i + 1)
		}
		return false
	case reSet:
		if i < m.end && n.set.has(m.text[i]) {
			return k(i + 1)
		}
		return false
	case reBOL:
		if i == m.start || m.text[i-1] == '\n' {
			return k(i)
		}
		return false
	case reEOL:
		if i == m.end || m.text[i] == '\n' {
			return k(i)
		}
		return false
	case reBOW:
		prevWord := i > m.start && isWordByte(m.text[i-1])
		nextWord := i < m.end && isWordByte(m.text[i])
		if !prevWord && nextWord {
			return k(i)
		}
		return false
	case reEOW:
		prevWord := i > m.start && isWordByte(m.text[i-1])
		nextWord := i < m.end && isWordByte(m.text[i])
		if prevWord && !nextWord {
			return k(i)
		}
		return false
	case reGroup:
		g := n.n
		oldS, oldE := m.caps[2*g], m.caps[2*g+1]
		m.caps[2*g] = i
		ok := m.run(n.subs[0], i, func(j int) bool {
			prevE := m.caps[2*g+1]
			m.caps[2*g+1] = j
			if k(j) {
				return true
			}
			m.caps[2*g+1] = prevE
			return false
		})
		if !ok {
			m.caps[2*g], m.caps[2*g+1] = oldS, oldE
		}
		return ok
	case reBackref:
		s, e := m.caps[2*n.n], m.caps[2*n.n+1]
		if s < 0 || e < 0 {
			return false
		}
		l := e - s
		if i+l > m.end || m.text[i:i+l] != m.text[s:e] {
			return false
		}
		return k(i + l)
	case reConcat:
		return m.seq(n.subs, i, k)
	case reAlt:
		for _, a := range n.subs {
			if m.run(a, i, k) {
				return true
			}
		}
		return false
	case reRepeat:
		return m.repeat(n, 0, i, k)
	}
	return false
}

func (m *btMatcher) seq(subs []*reNode, i int, k func(int) bool) bool {
	if len(subs) == 0 {
		return k(i)
	}
	return m.run(subs[0], i, func(j int) bool { return m.seq(subs[1:], j, k) })
}

func (m *btMatcher) repeat(n *reNode, cnt, i int, k func(int) bool) bool {
	if cnt < n.max || n.max == reInfinity {
		if m.run(n.subs[0], i, func(j int) bool {
			if j == i && cnt >= n.min {
				return false // an empty iteration cannot help
			}
			return m.repeat(n, cnt+1, j, k)
		}) {
			return true
		}
	}
	if cnt >= n.min {
		return k(i)
	}
	return false
}
