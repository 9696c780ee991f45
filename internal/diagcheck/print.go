package diagcheck

import (
	"io"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// Printer renders diagnostics as MLIR's SourceMgrDiagnosticHandler does:
// `file:line:col: error: message`, the source line and a caret line when
// the file is known, then the notes (a note repeats the source line only
// when its location differs from the previous one). A location without a
// file position prints as `<unknown>:0: error: loc(...): message`.
type Printer struct {
	W     io.Writer
	files map[string]*source
}

// NewPrinter returns a printer writing to w.
func NewPrinter(w io.Writer) *Printer {
	return &Printer{W: w, files: map[string]*source{}}
}

// AddFile makes the text of file available for source lines.
func (p *Printer) AddFile(name, text string) { p.files[name] = newSource(name, text) }

// Print writes d and its notes.
func (p *Printer) Print(d *ir.Diagnostic) {
	var b strings.Builder
	p.write(&b, d)
	io.WriteString(p.W, b.String())
}

// Format returns what Print would write.
func (p *Printer) Format(d *ir.Diagnostic) string {
	var b strings.Builder
	p.write(&b, d)
	return b.String()
}

func (p *Printer) write(b *strings.Builder, d *ir.Diagnostic) {
	loc := d.Loc
	if loc == nil {
		loc = ir.UnknownLoc{}
	}
	p.message(b, loc, d.Severity, d.Message, true)
	// Callers of a call-site location become notes.
	for cs := callSite(loc); cs != nil; cs = callSite(cs.Caller) {
		p.message(b, cs.Caller, ir.SevNote, "called from", true)
	}
	prev := loc
	for _, n := range d.Notes {
		nl := n.Loc
		if nl == nil {
			nl = ir.UnknownLoc{}
		}
		p.message(b, nl, n.Severity, n.Message, !sameLoc(prev, nl))
		prev = nl
		for _, nn := range n.Notes {
			p.message(b, nn.Loc, nn.Severity, nn.Message, true)
		}
	}
}

func callSite(l ir.Location) *ir.CallSiteLoc {
	switch l := l.(type) {
	case *ir.CallSiteLoc:
		return l
	case *ir.NameLoc:
		if l.Child != nil {
			return callSite(l.Child)
		}
	case *ir.FusedLoc:
		for _, c := range l.Locs {
			if cs := callSite(c); cs != nil {
				return cs
			}
		}
	}
	return nil
}

func sameLoc(a, b ir.Location) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a == b || a.String() == b.String()
}

// message writes one located line (and the source line if wanted).
func (p *Printer) message(b *strings.Builder, loc ir.Location, sev ir.Severity, msg string, showSource bool) {
	f, ok := ir.FileLineCol(loc)
	if !ok {
		b.WriteString("<unknown>:0: ")
		b.WriteString(sev.String())
		b.WriteString(": ")
		if _, unknown := loc.(ir.UnknownLoc); !unknown && loc != nil {
			b.WriteString(loc.String())
			b.WriteString(": ")
		}
		b.WriteString(msg)
		b.WriteByte('\n')
		return
	}
	p.at(b, f.File, f.Line, f.Col, sev.String(), msg, 0, showSource)
}

// at writes `file:line:col: kind: msg`, then, if the position is in a
// known file and showSource is set, the source line and a caret line with
// `~` under the rangeLen bytes from the column.
func (p *Printer) at(b *strings.Builder, file string, line, col int, kind, msg string, rangeLen int, showSource bool) {
	b.WriteString(file)
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(line))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(col))
	b.WriteString(": ")
	b.WriteString(kind)
	b.WriteString(": ")
	b.WriteString(msg)
	b.WriteByte('\n')
	if !showSource || line <= 0 || col <= 0 {
		return
	}
	src := p.files[file]
	if src == nil {
		return
	}
	text, ok := src.line(line)
	if !ok || col-1 > len(text) || len(text) > maxLineLengthToPrint {
		return
	}
	writeSourceAndCaret(b, text, col-1, rangeLen)
}

// maxLineLengthToPrint is the longest source line a diagnostic shows
// (llvm::SMDiagnostic::print's limit): a 16 MB literal on one line is
// not copied to stderr.
const maxLineLengthToPrint = 4096

// writeSourceAndCaret prints a source line and the caret line below it
// like llvm::SMDiagnostic::print: tabs expand to 8-column stops in both,
// and a line with non-ASCII bytes gets no caret line.
func writeSourceAndCaret(b *strings.Builder, text string, col, rangeLen int) {
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 {
			printExpanded(b, text)
			return
		}
	}
	caret := make([]byte, len(text)+1)
	for i := range caret {
		caret[i] = ' '
	}
	for i := col; i < col+rangeLen && i < len(text); i++ {
		caret[i] = '~'
	}
	caret[col] = '^'
	c := strings.TrimRight(string(caret), " ")
	printExpanded(b, text)
	out := 0
	for i := 0; i < len(c); i++ {
		if i >= len(text) || text[i] != '\t' {
			b.WriteByte(c[i])
			out++
			continue
		}
		for {
			b.WriteByte(c[i])
			out++
			if out%8 == 0 {
				break
			}
		}
	}
	b.WriteByte('\n')
}

func printExpanded(b *strings.Builder, s string) {
	out := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '\t' {
			b.WriteByte(s[i])
			out++
			continue
		}
		for {
			b.WriteByte(' ')
			out++
			if out%8 == 0 {
				break
			}
		}
	}
	b.WriteByte('\n')
}

// source is a named text with a line index.
type source struct {
	name   string
	text   string
	starts []int // offset of each line
}

func newSource(name, text string) *source {
	s := &source{name: name, text: text, starts: []int{0}}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			s.starts = append(s.starts, i+1)
		}
	}
	return s
}

// line returns line n (1-based) without its end-of-line characters.
func (s *source) line(n int) (string, bool) {
	if n < 1 || n > len(s.starts) {
		return "", false
	}
	start := s.starts[n-1]
	end := len(s.text)
	if n < len(s.starts) {
		end = s.starts[n] - 1
	}
	l := s.text[start:end]
	if i := strings.IndexByte(l, '\r'); i >= 0 {
		l = l[:i]
	}
	return l, true
}
