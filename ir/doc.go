// Package ir is tcp's MLIR data model: operations, values, blocks,
// regions, types, attributes and locations, the op-definition registry with
// its declarative assembly-format engine, the printer, the verifier, and
// rewrite patterns. It depends on the standard library only.
//
// # Core types
//
//	Operation      name, operands, results, attributes (sorted), regions,
//	               successors, location; lives in a Block (doubly linked)
//	Value          an SSA value: *OpResult or *BlockArgument, with a use list
//	OpOperand      one operand slot, linked into its value's use list
//	Block          arguments and a list of operations
//	Region         a list of blocks owned by an operation
//	Type           interned: == is type equality (IntegerType, FloatType,
//	               IndexType, *RankedTensorType, *UnrankedTensorType,
//	               *FunctionType; dialect types registered with a TypeDef
//	               (typedef.go), *OpaqueType for unregistered ones)
//	Attribute      IntegerAttr, FloatAttr, BoolAttr, StringAttr, UnitAttr,
//	               ArrayAttr, DictAttr, TypeAttr, SymbolRefAttr,
//	               *DenseElementsAttr, *DenseArrayAttr; dialect attributes
//	               registered with a DialectAttrDef, OpaqueAttr otherwise
//	Location       UnknownLoc, FileLineColLoc, *NameLoc, *FusedLoc, *CallSiteLoc
//	OpDef          one op definition: operands, results, attributes, traits,
//	               Format, Verify, Fold, Canonicalize, docs
//	Registry       op definitions by name (Global is filled by dialect inits)
//	TypeDef        one dialect type: Parse (the body after !dialect.name,
//	               through AsmParser), Verify, docs; DialectAttrDef likewise
//	Pattern        a rewrite rooted at an op; Rewriter applies changes
//
// # Generic form
//
// Every operation prints and parses in MLIR's generic form:
//
//	%r:2 = "dialect.op"(%a, %b)[^bb1] ({ region }) {attr = 1 : i64} : (T, T) -> (T, T) loc("f.mlir":3:7)
//
// # Declarative assembly formats
//
// An OpDef's Format is MLIR's assemblyFormat language: literals (`,` `->`
// `starts`), variables ($input, $dim), attr-dict, attr-dict-with-keyword,
// type(...), functional-type(...), qualified(...), operands, results,
// regions, successors, optional groups `( ... $x^ ... )?` with an else group
// `:( ... )`, and custom<Name>(...) directives registered with
// RegisterCustomDirective. Register compiles the string once into a program
// of directives; each directive has a print and a parse half (format.go), so
// one description yields both the printer and the parser. Registration
// checks ODS's rules: every operand appears once, every type is resolvable
// (type directive, buildable constraint, AllTypesMatch /
// SameOperandsAndResultType, or InferResultTypes), required attributes are
// printed, optional groups have an anchor. Printing follows MLIR's spacing
// rules, attr-dict elides attributes printed elsewhere and attributes equal
// to their declared defaults, and the custom form parses to exactly what
// the generic form would. OpDef.Parse/Print are the escape hatch for syntax
// outside the language (func.func, builtin.module). Adding an op never
// touches the parser.
//
// # Invariants
//
//   - Names are not semantic: the printer renumbers values (%0, %arg0) and
//     uses name hints (%c4, %cst, %expanded) exactly as MLIR's AsmPrinter.
//   - print(parse(print(parse(x)))) == print(parse(x)), in both forms.
//   - Verify never panics on any IR the parser accepts; nested ops are not
//     verified under an op whose own invariants fail.
//   - Threading: Verify checks the isolated-from-above ops of a block
//     (functions) in parallel, and the pass manager runs nested pipelines
//     on them in parallel (VerifyOptions, pass.Manager.DisableThreading);
//     results and diagnostics are those of a sequential run. Types and
//     attributes are interned behind locks; an op and everything nested
//     in it may be changed only by the goroutine that runs a pass on it.
//   - Rewrites go through a Rewriter so drivers see every change.
package ir
