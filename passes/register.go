package passes

import "github.com/tcp-project/tcp/pass"

func init() {
	pass.Register(canonicalizeInfo)
	pass.Register(cseInfo)
	pass.Register(dceInfo)
}

// DefaultPipeline is the cleanup pipeline tools run when asked for the
// default optimizations.
const DefaultPipeline = "builtin.module(canonicalize,cse,dce)"

// Order lists the pass order constraints: in any pipeline this project
// builds, Before runs before After when both are present. A test checks
// the table against the registry and DefaultPipeline.
var Order = []pass.OrderConstraint{
	// Canonicalization unifies constants and operand order, which CSE's
	// structural equality needs to find duplicates.
	{Before: "canonicalize", After: "cse"},
	// CSE leaves dead duplicates' operands behind for DCE.
	{Before: "cse", After: "dce"},
}
