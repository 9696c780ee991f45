package tftotcp

import (
	"github.com/tcp-project/tcp/dialect/tf"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/passes/frontends"
	"github.com/tcp-project/tcp/passes/tcpbuild"
)

// The conversions of the ops TensorFlow's converter wraps around the
// gathers. They join Frontend's list during package variable
// initialization, before init registers Frontend.
var _ = addConversions()

func addConversions() bool {
	Frontend.Conversions = append(Frontend.Conversions,
		frontendsConversion(tf.IdentityName, "TFIdentityToTcp", convertIdentity))
	return true
}

// convertIdentity replaces tf.Identity by its operand, cast to the result
// type when that is less static (a tensor.cast that shape refinement
// removes).
func convertIdentity(op *ir.Operation, rw *ir.Rewriter) (bool, error) {
	rw.SetInsertionPointBefore(op)
	if err := tcpbuild.Replace(rw, op, op.Operand(0)); err != nil {
		return fail(op, err)
	}
	return true, nil
}

func frontendsConversion(root, name string, f func(*ir.Operation, *ir.Rewriter) (bool, error)) frontends.Conversion {
	return frontends.Conversion{Root: root, Name: name, Convert: f}
}
