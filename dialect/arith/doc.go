// Package arith registers the subset of MLIR's arith dialect that tcp uses,
// with MLIR 16's textual forms (custom and generic), verifiers and
// diagnostics (llvm/llvm-project:mlir/include/mlir/Dialect/Arith/IR/ArithOps.td,
// release 16):
//
//	arith.constant                                   attr-dict $value
//	arith.index_cast, index_castui, extsi, extui,
//	trunci, sitofp, fptosi, bitcast                  $in attr-dict : type($in) to type($out)
//	arith.addi, subi, muli, divsi, divui, remsi,
//	floordivsi, ceildivsi, maxsi, minsi              $lhs, $rhs attr-dict : type($result)
//	arith.addf, subf, mulf, divf                     $lhs, $rhs [fastmath<…>] attr-dict : type($result)
//	arith.cmpi                                       $predicate, $lhs, $rhs attr-dict : type($lhs)
//	arith.select                                     $condition, $true_value, $false_value attr-dict : [type($condition),] type($result)
//
// Differences from ODS that the format language forces, each printing and
// parsing exactly as MLIR 16 does:
//
//   - cmpi's predicate is an i64 enum printed as a keyword (`slt`); the format
//     spells it custom<EnumKeyword>($predicate) (ir.EnumAttrConstraint). Its
//     operands share the printed type through custom<SameType>, so that a
//     generic-form mismatch reports MLIR's "requires all operands to have the
//     same type".
//   - The float binary ops carry MLIR 16's default-valued fastmath attribute
//     (#arith.fastmath<none>). mlir-opt-16 materializes it, so it appears in
//     the generic form; the custom form prints `fastmath<…>` only when it is
//     not none. custom<FloatOperands>($lhs, $rhs, $fastmath) handles both and
//     materializes the default while parsing.
//   - select prints the condition type only when the condition is a tensor
//     (custom<SelectType>), as MLIR's hand-written SelectOp printer does.
//
// Values are printed with MLIR's name hints: arith.constant gives %c4 (index
// 4), %c0_i64, %c-1_i8, %true, %false and %cst (floats and dense values).
//
// Folders evaluate integer arithmetic, comparisons, selects and integer
// casts of constant operands, with MLIR's two's-complement semantics at the
// operand width; division by zero and signed overflow of divsi,
// floordivsi and ceildivsi do not fold.
//
// Builders (ConstantIndex, ConstantInt, …) create ops through an
// ir.Rewriter.
package arith
