// Package frontends is the registry of conversions from frontend dialects
// (onnx, tf, and — registered by their own packages — torch and
// stablehlo) into tcp, and the umbrella pass --convert-frontends-to-tcp
// that applies every registered frontend's conversions.
//
// A conversion package (passes/onnxtotcp, passes/tftotcp, …) describes its
// rewrites as Conversion values and calls Register from its init. This
// package never imports a conversion package: a tool that links one in
// (tcp-opt imports them all) gets its conversions in the umbrella pass.
// Register also adds each Conversion to its root op's canonicalization
// patterns (ir.Registry.AddCanonicalizationPatterns), so --canonicalize
// brings frontend ops to the tcp form too; there a conversion that cannot
// apply simply does not match, while the conversion passes report why.
//
// NewPassInfo makes a frontend's own pass (--convert-onnx-to-tcp,
// --convert-tf-to-tcp). Apply is the driver: it runs the conversions with
// the dialect-conversion driver (passes/conversion) in two phases — the
// ops with operands first, then, after the constants they read are erased
// when dead, the remaining constants — so the emitted IR keeps the order of
// docs/semantics.md's examples. The first op that cannot be converted fails
// with "failed to legalize operation '…' that was explicitly marked
// illegal", located at the op, the conversion's reason attached as a note;
// Legalize finally reports any op of a converted dialect still present.
//
// Registration is by import: a program that uses this package directly
// must import the conversion packages it needs (passes/onnxtotcp, …, or
// passes/all for every one), or use the github.com/tcp-project/tcp/compiler
// package, which registers everything. Without them All is empty and
// Lookup returns nil; Require, Apply and the passes then return errors that
// name the package to import instead of doing nothing or panicking.
package frontends
