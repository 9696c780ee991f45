package ir

import (
	"strconv"
	"strings"
)

// Location is where an operation came from. Every operation has one.
type Location interface {
	isLoc()
	// String prints the location as MLIR does: loc("f.mlir":3:7).
	String() string
	// inner prints the location without the loc(...) wrapper.
	inner(b *strings.Builder)
}

// UnknownLoc is loc(unknown).
type UnknownLoc struct{}

// FileLineColLoc is loc("file":line:col).
type FileLineColLoc struct {
	File      string
	Line, Col int
}

// NameLoc is loc("name") or loc("name"(child)).
type NameLoc struct {
	Name  string
	Child Location // nil if none
}

// FusedLoc is loc(fused[a, b]) or loc(fused<#meta>[a, b]).
type FusedLoc struct {
	Locs     []Location
	Metadata Attribute // nil if none
}

// CallSiteLoc is loc(callsite(callee at caller)).
type CallSiteLoc struct{ Callee, Caller Location }

func (UnknownLoc) isLoc()               {}
func (FileLineColLoc) isLoc()           {}
func (*NameLoc) isLoc()                 {}
func (*FusedLoc) isLoc()                {}
func (*CallSiteLoc) isLoc()             {}
func (l UnknownLoc) String() string     { return wrapLoc(l) }
func (l FileLineColLoc) String() string { return wrapLoc(l) }
func (l *NameLoc) String() string       { return wrapLoc(l) }
func (l *FusedLoc) String() string      { return wrapLoc(l) }
func (l *CallSiteLoc) String() string   { return wrapLoc(l) }

func wrapLoc(l Location) string {
	var b strings.Builder
	b.WriteString("loc(")
	l.inner(&b)
	b.WriteByte(')')
	return b.String()
}

func (UnknownLoc) inner(b *strings.Builder) { b.WriteString("unknown") }
func (l FileLineColLoc) inner(b *strings.Builder) {
	b.WriteString(QuoteString(l.File))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(l.Line))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(l.Col))
}
func (l *NameLoc) inner(b *strings.Builder) {
	b.WriteString(QuoteString(l.Name))
	if l.Child != nil {
		b.WriteByte('(')
		l.Child.inner(b)
		b.WriteByte(')')
	}
}
func (l *FusedLoc) inner(b *strings.Builder) {
	b.WriteString("fused")
	if l.Metadata != nil {
		b.WriteByte('<')
		b.WriteString(l.Metadata.String())
		b.WriteByte('>')
	}
	b.WriteByte('[')
	for i, c := range l.Locs {
		if i > 0 {
			b.WriteString(", ")
		}
		c.inner(b)
	}
	b.WriteByte(']')
}
func (l *CallSiteLoc) inner(b *strings.Builder) {
	b.WriteString("callsite(")
	l.Callee.inner(b)
	b.WriteString(" at ")
	l.Caller.inner(b)
	b.WriteByte(')')
}

// Fuse returns a location combining locs (deduplicated; a single location is
// returned as is), as rewrites use for ops built from several sources.
func Fuse(locs ...Location) Location {
	var out []Location
	seen := map[string]bool{}
	for _, l := range locs {
		if l == nil {
			continue
		}
		if _, ok := l.(UnknownLoc); ok {
			continue
		}
		k := l.String()
		if !seen[k] {
			seen[k] = true
			out = append(out, l)
		}
	}
	switch len(out) {
	case 0:
		return UnknownLoc{}
	case 1:
		return out[0]
	}
	return &FusedLoc{Locs: out}
}

// FileLineCol returns the first file:line:col inside l, for diagnostics.
func FileLineCol(l Location) (FileLineColLoc, bool) {
	switch l := l.(type) {
	case FileLineColLoc:
		return l, true
	case *NameLoc:
		if l.Child != nil {
			return FileLineCol(l.Child)
		}
	case *FusedLoc:
		for _, c := range l.Locs {
			if f, ok := FileLineCol(c); ok {
				return f, true
			}
		}
	case *CallSiteLoc:
		return FileLineCol(l.Callee)
	}
	return FileLineColLoc{}, false
}
