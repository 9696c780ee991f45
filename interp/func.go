package interp

import (
	"errors"
	"fmt"

	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/tensor"
)

// The func dialect. func.func is run by the interpreter itself (it is
// structural); func.return ends the enclosing call (the interpreter
// handles it, the kernel below only reports a misplaced one); func.call
// runs the callee, found in the enclosing symbol table, in a new frame.
// Recursion is allowed up to Options.MaxCallDepth.

func init() {
	register(map[string]kernelFunc{
		function.CallName:   runCall,
		function.ReturnName: runReturn,
	})
}

func runReturn(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	return nil, errors.New("must be the terminator of a func.func body")
}

func runCall(x *execState, op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	callee, ok := function.CalleeOf(op)
	if !ok {
		return nil, fmt.Errorf("callee must be a symbol reference")
	}
	fn := lookupCallee(op, callee.Root)
	if fn == nil || len(callee.Nested) > 0 {
		return nil, fmt.Errorf("'%s' does not reference a valid function", callee)
	}
	if x.depth >= x.opts.MaxCallDepth {
		return nil, fmt.Errorf("call depth limit of %d exceeded calling @%s (infinite recursion?)", x.opts.MaxCallDepth, callee.Root)
	}
	x.depth++
	res, err := x.call(fn, args)
	x.depth--
	if err == nil {
		return res, nil
	}
	// Keep the callee's location and add where it was called from.
	var re *RuntimeError
	var d *ir.Diagnostic
	switch {
	case errors.As(err, &re):
		return nil, &RuntimeError{Diag: withNote(re.Diag, op), Err: re.Err, Op: op}
	case errors.As(err, &d):
		return nil, &RuntimeError{Diag: withNote(d, op), Err: err, Op: op}
	}
	return nil, err
}

// maxCallNotes bounds the "called from here" notes of one error (deep
// recursion would otherwise add one per frame).
const maxCallNotes = 8

// withNote returns a copy of d with a "called from here" note at call.
func withNote(d *ir.Diagnostic, call *ir.Operation) *ir.Diagnostic {
	if len(d.Notes) >= maxCallNotes {
		return d
	}
	c := *d
	c.Notes = append(append([]*ir.Diagnostic{}, d.Notes...), &ir.Diagnostic{Loc: call.Loc(), Severity: ir.SevNote, Message: "called from here"})
	return &c
}
