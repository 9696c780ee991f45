// Package passtest supports pass tests: a small "test" dialect of ops with
// the traits passes look at (registered into ir.Global by Register), and
// RunGolden, the runner of txtar golden files.
//
// The test dialect, all in generic form:
//
//	op               traits                     notes
//	test.constant    Pure, ConstantLike         {value = attr}; folds to value
//	test.pure        Pure                       any operands/results
//	test.effect      (side effects)             any operands/results/regions
//	test.add         Pure, Commutative          2 operands, 1 result; folds integer constants and x+0
//	test.neg         Pure                       1 operand, 1 result; pattern: neg(neg(x)) -> x
//	test.region      Pure                       one region, not isolated
//	test.isolated    IsolatedFromAbove          one region
//	test.yield       Pure, Terminator           any operands
//	test.flip        (side effects)             pattern toggles the unit attribute `flag` forever
//
// Constants of the test dialect are materialized as test.constant.
package passtest
