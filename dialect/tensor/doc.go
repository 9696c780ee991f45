// Package tensor registers the subset of MLIR's tensor dialect that tcp
// uses, with MLIR 16's textual forms (custom and generic), verifiers and
// diagnostics (llvm/llvm-project:mlir/include/mlir/Dialect/Tensor/IR/TensorOps.td
// and lib/Dialect/Tensor/IR/TensorOps.cpp, release 16):
//
//	tensor.cast            $source attr-dict : type($source) to type($dest)
//	tensor.dim             attr-dict $source, $index : type($source)
//	tensor.empty           ($dynamicSizes) attr-dict : type($result)
//	tensor.expand_shape    $src $reassociation attr-dict : type($src) into type($result)
//	tensor.collapse_shape  $src $reassociation attr-dict : type($src) into type($result)
//	tensor.extract         $tensor [$indices] attr-dict : type($tensor)
//	tensor.insert          $scalar into $dest [$indices] attr-dict : type($dest)
//	tensor.from_elements   $elements attr-dict : type($result)
//	tensor.extract_slice   $source[offsets] [sizes] [strides] attr-dict : type($source) to type($result)
//	tensor.concat          dim($dim) $inputs attr-dict : functional-type(operands, results)
//
// tensor.concat is not in LLVM 16 (mlir-opt-16 reports "custom op
// 'tensor.concat' is unknown"); it follows LLVM 18's definition.
//
// Where ODS infers a type from another one (TypesMatchWith), the format
// uses a custom directive: custom<TensorAndElementType> (insert: the
// scalar has dest's element type), custom<FromElementsType> (one operand per
// element); extract infers its result type with InferResultTypes.
// extract_slice uses custom<DynamicIndexList>, MLIR's directive for mixed
// static/dynamic lists.
//
// The reshapes print MLIR 16's form and parse two more on input: LLVM ≥ 19's
// `output_shape [...]` (checked against the result type, then dropped) and
// the design-doc notation `: (T) -> U` (docs/semantics.md §3.8).
//
// Reassociation implements docs/semantics.md §4's deterministic reassociation
// rule; ExpandShape and CollapseShape build reshapes with it. Name hints
// follow MLIR: %dim, %expanded, %collapsed, %extracted, %extracted_slice,
// %inserted, %from_elements, %cast, %concat (tensor.empty has none).
package tensor
