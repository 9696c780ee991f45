// Package mutation reads the curated list of one-line semantic mutations
// (scripts/mutations.txt) and applies them to scratch copies of the tree,
// for the mutation gate scripts/mutate.sh (docs/mutation.md).
//
// A mutation is a block of `key: value` lines; blocks are separated by
// blank lines and `#` lines are comments:
//
//	id:   clip-upper-bound
//	file: codegen/golang/helpers.go
//	from: if v >= s {
//	to:   if v > s {
//	test: ./codegen/golang
//	run:  TestDifferential$
//	why:  tcpClip clamps s itself to s-1
//
// `from` must occur exactly once in `file` (so the list cannot silently
// go stale); `to` replaces it. With `after: SNIPPET` (which must occur
// exactly once) the first `from` after it is replaced instead, for a line
// that occurs several times in the file. `test` lists the packages whose tests must
// kill it (space-separated), `run` optionally restricts them to a
// `go test -run` pattern. Values are taken verbatim after the first ": "
// (leading spaces after the colon are dropped); a literal tab is written
// \t.
package mutation

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Mutation is one entry of the list.
type Mutation struct {
	ID, File, From, To, After, Run, Why string
	Tests                               []string
	Line                                int // the line of the list where the entry starts
}

// Parse reads a mutation list.
func Parse(path string) ([]Mutation, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Mutation
	var cur *Mutation
	seen := map[string]bool{}
	finish := func() error {
		if cur == nil {
			return nil
		}
		m := cur
		cur = nil
		switch {
		case m.ID == "":
			return fmt.Errorf("%s:%d: a mutation without id", path, m.Line)
		case seen[m.ID]:
			return fmt.Errorf("%s:%d: duplicate id %q", path, m.Line, m.ID)
		case m.File == "" || m.From == "" || len(m.Tests) == 0:
			return fmt.Errorf("%s:%d: %s: file, from and test are required", path, m.Line, m.ID)
		case m.From == m.To:
			return fmt.Errorf("%s:%d: %s: from and to are equal", path, m.Line, m.ID)
		case strings.Contains(m.From, "\n") || strings.Contains(m.To, "\n"):
			return fmt.Errorf("%s:%d: %s: a mutation changes one line", path, m.Line, m.ID)
		}
		seen[m.ID] = true
		out = append(out, *m)
		return nil
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if strings.TrimSpace(line) == "" {
			if err := finish(); err != nil {
				return nil, err
			}
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want `key: value`", path, n)
		}
		val = strings.ReplaceAll(strings.TrimLeft(val, " "), `\t`, "\t")
		if cur == nil {
			cur = &Mutation{Line: n}
		}
		switch strings.TrimSpace(key) {
		case "id":
			cur.ID = val
		case "file":
			cur.File = val
		case "from":
			cur.From = val
		case "to":
			cur.To = val
		case "test":
			cur.Tests = strings.Fields(val)
		case "run":
			cur.Run = val
		case "after":
			cur.After = val
		case "why":
			cur.Why = val
		default:
			return nil, fmt.Errorf("%s:%d: unknown key %q", path, n, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return out, nil
}

// Apply returns the content of m.File under root with the mutation
// applied, and the original content. It fails unless m.From occurs exactly
// once.
func (m Mutation) Apply(root string) (mutated, original []byte, err error) {
	original, err = os.ReadFile(filepath.Join(root, m.File))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", m.ID, err)
	}
	src := string(original)
	start := 0
	if m.After != "" {
		if n := strings.Count(src, m.After); n != 1 {
			return nil, nil, fmt.Errorf("%s: after %q occurs %d times in %s, want exactly once (the list is stale)", m.ID, m.After, n, m.File)
		}
		start = strings.Index(src, m.After) + len(m.After)
		if !strings.Contains(src[start:], m.From) {
			return nil, nil, fmt.Errorf("%s: %q does not occur after %q in %s (the list is stale)", m.ID, m.From, m.After, m.File)
		}
	} else if n := strings.Count(src, m.From); n != 1 {
		return nil, nil, fmt.Errorf("%s: %q occurs %d times in %s, want exactly once, or give an after: anchor (the list is stale or the snippet too short)", m.ID, m.From, n, m.File)
	}
	i := start + strings.Index(src[start:], m.From)
	return []byte(src[:i] + m.To + src[i+len(m.From):]), original, nil
}
