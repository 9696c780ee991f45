package ir

import (
	"fmt"
	"strings"
)

// Severity of a diagnostic.
type Severity int

const (
	SevError Severity = iota
	SevWarning
	SevRemark
	SevNote
)

func (s Severity) String() string {
	switch s {
	case SevWarning:
		return "warning"
	case SevRemark:
		return "remark"
	case SevNote:
		return "note"
	}
	return "error"
}

// Diagnostic is a located message with optional attached notes.
type Diagnostic struct {
	Loc      Location
	Severity Severity
	Message  string
	Notes    []*Diagnostic
	op       *Operation // the op the diagnostic is about, if any
}

// Operation returns the operation the diagnostic was emitted on (by
// EmitOpError or EmitError), or nil.
func (d *Diagnostic) Operation() *Operation { return d.op }

// Error formats the diagnostic as `file:line:col: error: message`.
func (d *Diagnostic) Error() string {
	var b strings.Builder
	d.write(&b)
	return strings.TrimSuffix(b.String(), "\n")
}

func (d *Diagnostic) write(b *strings.Builder) {
	b.WriteString(LocPrefix(d.Loc))
	b.WriteString(d.Severity.String())
	b.WriteString(": ")
	b.WriteString(d.Message)
	b.WriteByte('\n')
	for _, n := range d.Notes {
		n.write(b)
	}
}

// LocPrefix returns "file:line:col: " for a location with a file position,
// or "loc(...): " otherwise.
func LocPrefix(l Location) string {
	if l == nil {
		return "<unknown>:0: "
	}
	if f, ok := FileLineCol(l); ok {
		return fmt.Sprintf("%s:%d:%d: ", f.File, f.Line, f.Col)
	}
	return l.String() + ": "
}

// DiagnosticList collects diagnostics; it implements error.
type DiagnosticList []*Diagnostic

func (l DiagnosticList) Error() string {
	var b strings.Builder
	for _, d := range l {
		d.write(&b)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// Errorf returns an error diagnostic at loc.
func Errorf(loc Location, format string, args ...any) *Diagnostic {
	return &Diagnostic{Loc: loc, Severity: SevError, Message: fmt.Sprintf(format, args...)}
}

// EmitOpError returns `'name' op message` located at op, as MLIR's
// emitOpError does.
func (op *Operation) EmitOpError(format string, args ...any) *Diagnostic {
	d := Errorf(op.loc, "'%s' op %s", op.Name(), fmt.Sprintf(format, args...))
	d.op = op
	return d
}

// EmitError returns a plain error located at op.
func (op *Operation) EmitError(format string, args ...any) *Diagnostic {
	d := Errorf(op.loc, format, args...)
	d.op = op
	return d
}

// AttachNote adds a note to d and returns d.
func (d *Diagnostic) AttachNote(loc Location, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, &Diagnostic{Loc: loc, Severity: SevNote, Message: fmt.Sprintf(format, args...)})
	return d
}
