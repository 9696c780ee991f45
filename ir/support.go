package ir

// Support the pass manager (package pass) and the tools share with the IR:
// constant materializers, turning errors into diagnostics, and verifying
// without letting a panicking verifier escape.

import (
	"errors"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
)

// ConstantMaterializer builds, through rw at its insertion point, an op of
// its dialect that produces value with type t (MLIR's
// Dialect::materializeConstant). It returns nil if it cannot. Folding
// drivers use it to turn attribute fold results into SSA values.
type ConstantMaterializer func(rw *Rewriter, value Attribute, t Type, loc Location) *Operation

var materializers sync.Map // dialect name -> ConstantMaterializer

// RegisterConstantMaterializer sets the constant materializer of dialect.
func RegisterConstantMaterializer(dialect string, fn ConstantMaterializer) {
	materializers.Store(dialect, fn)
}

// LookupConstantMaterializer returns the materializer of dialect, or nil.
func LookupConstantMaterializer(dialect string) ConstantMaterializer {
	if fn, ok := materializers.Load(dialect); ok {
		return fn.(ConstantMaterializer)
	}
	return nil
}

// AsDiagnostics turns an error into diagnostics: a DiagnosticList or a
// *Diagnostic as it is, any other error at an unknown location (nil for
// nil).
func AsDiagnostics(err error) DiagnosticList {
	var d *Diagnostic
	var dl DiagnosticList
	switch {
	case err == nil:
		return nil
	case errors.As(err, &dl):
		return dl
	case errors.As(err, &d):
		return DiagnosticList{d}
	}
	return DiagnosticList{Errorf(UnknownLoc{}, "%v", err)}
}

// PanicSite finds, in a goroutine stack taken while a panic is being
// recovered (debug.Stack in a deferred function), the frame that panicked:
// "pkg.(*T).method (file.go:123)".
func PanicSite(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i := 0; i+1 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "panic(") {
			continue
		}
		for j := i + 2; j+1 < len(lines); j += 2 {
			fn := lines[j]
			if strings.HasPrefix(fn, "runtime.") {
				continue // runtime error frames (index out of range, nil map)
			}
			if k := strings.LastIndexByte(fn, '('); k > 0 {
				fn = fn[:k]
			}
			loc := strings.TrimSpace(lines[j+1])
			if k := strings.LastIndex(loc, " +0x"); k > 0 {
				loc = loc[:k]
			}
			return fn + " (" + filepath.Base(filepath.Dir(loc)) + "/" + filepath.Base(loc) + ")"
		}
	}
	return ""
}

// SafeVerify is Verify that turns a panicking verifier into an error
// diagnostic at op.
func SafeVerify(op *Operation, allowUnregistered bool) (err error) {
	return SafeVerifyWith(op, VerifyOptions{AllowUnregistered: allowUnregistered})
}

// SafeVerifyWith is VerifyWith that turns a panicking verifier into an
// error diagnostic at op, naming where it panicked.
func SafeVerifyWith(op *Operation, o VerifyOptions) (err error) {
	defer func() {
		if v := recover(); v != nil {
			d := Errorf(op.Loc(), "verifier panicked on '%s' op: %v", op.Name(), v)
			if s := PanicSite(debug.Stack()); s != "" {
				d.AttachNote(op.Loc(), "internal error: the verifier panicked at %s", s)
			}
			err = DiagnosticList{d}
		}
	}()
	return VerifyWith(op, o)
}
