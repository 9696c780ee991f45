package filecheck

import (
	"strconv"
	"strings"
)

// A small re-implementation of the parts of llvm::SourceMgr and
// llvm::SMDiagnostic that FileCheck's diagnostics depend on, so that messages
// have the same "file:line:col: kind: message" shape, source line and caret
// line as LLVM's.

type srcBuf struct {
	name string
	text string
}

// loc is a position in a buffer: an offset in [0, len(text)].
type loc struct {
	buf *srcBuf
	off int
}

func (l loc) valid() bool { return l.buf != nil }

// lineCol returns the 1-based line and column of l, as SourceMgr does: lines
// are counted by '\n', columns restart after '\n' or '\r'.
func (l loc) lineCol() (int, int) {
	t := l.buf.text[:l.off]
	line := 1 + strings.Count(t, "\n")
	nl := strings.LastIndexAny(t, "\n\r")
	return line, l.off - nl
}

type diagKind int

const (
	diagError diagKind = iota
	diagWarning
	diagRemark
	diagNote
)

func (k diagKind) String() string {
	switch k {
	case diagError:
		return "error: "
	case diagWarning:
		return "warning: "
	case diagRemark:
		return "remark: "
	default:
		return "note: "
	}
}

// srcRange is a half-open range of offsets in the same buffer as the
// diagnostic location.
type srcRange struct{ start, end int }

// diag is a fully located diagnostic message, like SMDiagnostic.
type diag struct {
	at     loc
	kind   diagKind
	msg    string
	ranges []srcRange
}

func (d diag) String() string {
	var sb strings.Builder
	d.write(&sb)
	return sb.String()
}

// write renders the diagnostic like SMDiagnostic::print.
func (d diag) write(sb *strings.Builder) {
	if !d.at.valid() {
		sb.WriteString(d.kind.String())
		sb.WriteString(d.msg)
		sb.WriteByte('\n')
		return
	}
	text := d.at.buf.text
	line, col := d.at.lineCol()
	sb.WriteString(d.at.buf.name)
	sb.WriteByte(':')
	sb.WriteString(strconv.Itoa(line))
	sb.WriteByte(':')
	sb.WriteString(strconv.Itoa(col))
	sb.WriteString(": ")
	sb.WriteString(d.kind.String())
	sb.WriteString(d.msg)
	sb.WriteByte('\n')

	lineStart := d.at.off
	for lineStart > 0 && text[lineStart-1] != '\n' && text[lineStart-1] != '\r' {
		lineStart--
	}
	lineEnd := d.at.off
	for lineEnd < len(text) && text[lineEnd] != '\n' && text[lineEnd] != '\r' {
		lineEnd++
	}
	contents := text[lineStart:lineEnd]
	for i := 0; i < len(contents); i++ {
		if contents[i] >= 0x80 {
			// LLVM prints the line but no caret line for non-ASCII lines.
			printSourceLine(sb, contents)
			return
		}
	}
	colNo := d.at.off - lineStart
	caret := make([]byte, len(contents)+1)
	for i := range caret {
		caret[i] = ' '
	}
	for _, r := range d.ranges {
		s, e := r.start, r.end
		if s > lineEnd || e < lineStart {
			continue
		}
		if s < lineStart {
			s = lineStart
		}
		if e > lineEnd {
			e = lineEnd
		}
		for i := s - lineStart; i < e-lineStart; i++ {
			caret[i] = '~'
		}
	}
	if colNo <= len(contents) {
		caret[colNo] = '^'
	} else {
		caret[len(contents)] = '^'
	}
	c := strings.TrimRight(string(caret), " ")
	printSourceLine(sb, contents)
	outCol := 0
	for i := 0; i < len(c); i++ {
		if i >= len(contents) || contents[i] != '\t' {
			sb.WriteByte(c[i])
			outCol++
			continue
		}
		for {
			sb.WriteByte(c[i])
			outCol++
			if outCol%8 == 0 {
				break
			}
		}
	}
	sb.WriteByte('\n')
}

// printSourceLine writes a source line expanding tabs to 8-column stops.
func printSourceLine(sb *strings.Builder, s string) {
	outCol := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '\t' {
			sb.WriteByte(s[i])
			outCol++
			continue
		}
		for {
			sb.WriteByte(' ')
			outCol++
			if outCol%8 == 0 {
				break
			}
		}
	}
	sb.WriteByte('\n')
}
