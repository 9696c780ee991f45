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
	d.write(&sb, false)
	return sb.String()
}

// ANSI escapes as emitted by llvm::raw_ostream for forced colors (--color).
const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m" // SAVEDCOLOR
)

// ansiColor is raw_ostream::changeColor(color, bold, bg) for a color index
// (0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white).
func ansiColor(c int, bold, bg bool) string {
	s := "\x1b[0;"
	if bold {
		s += "1;"
	}
	if bg {
		s += "4"
	} else {
		s += "3"
	}
	return s + strconv.Itoa(c) + "m"
}

const (
	colorBlack = iota
	colorRed
	colorGreen
	colorYellow
	colorBlue
	colorMagenta
	colorCyan
	colorWhite
)

func (k diagKind) color() int {
	switch k {
	case diagError:
		return colorRed
	case diagWarning:
		return colorMagenta
	case diagRemark:
		return colorBlue
	default:
		return colorBlack
	}
}

// write renders the diagnostic like SMDiagnostic::print, with LLVM's ANSI
// colors when color is set.
func (d diag) write(sb *strings.Builder, color bool) {
	if !d.at.valid() {
		sb.WriteString(d.kind.String())
		sb.WriteString(d.msg)
		sb.WriteByte('\n')
		return
	}
	text := d.at.buf.text
	line, col := d.at.lineCol()
	if color {
		sb.WriteString(ansiBold)
	}
	sb.WriteString(d.at.buf.name)
	sb.WriteByte(':')
	sb.WriteString(strconv.Itoa(line))
	sb.WriteByte(':')
	sb.WriteString(strconv.Itoa(col))
	sb.WriteString(": ")
	if color {
		sb.WriteString(ansiReset + ansiColor(d.kind.color(), true, false))
	}
	sb.WriteString(d.kind.String())
	if color {
		sb.WriteString(ansiReset + ansiBold)
	}
	sb.WriteString(d.msg)
	sb.WriteByte('\n')
	if color {
		sb.WriteString(ansiReset)
	}

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
	if color {
		sb.WriteString(ansiColor(colorGreen, true, false))
		defer sb.WriteString(ansiReset)
	}
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
