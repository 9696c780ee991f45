// Package torch registers the parts of torch-mlir's torch and torch_c
// dialects that the gather family needs, with the syntax torch-mlir
// prints, verifiers, and (in package interp) the semantics of torch 1.13.
//
// # Types (types.go), defined with ir.TypeDef
//
//	!torch.vtensor<[3,?],f32>  value tensor: sizes (`?` dynamic; `*` or no
//	                           body: unknown) and dtype (`unk`: unknown)
//	!torch.int, !torch.bool, !torch.float, !torch.none
//	!torch.list<T>             T written without the !torch. prefix
//	                           (list<int>, list<vtensor>), as torch-mlir does
//
// Each is an interned Go value (*VTensorType, IntType, …) with accessors;
// String() is torch-mlir's printed form. VTensorType.BuiltinTensorType is
// the builtin tensor type torch_c.to_builtin_tensor produces (signed
// integer dtypes become signless, as in torch-mlir).
//
// # Ops (ops.go)
//
//	torch.constant.int / .bool / .none    %int-1 = torch.constant.int -1
//	torch.vtensor.literal                 %0 = torch.vtensor.literal(dense<[1, 2]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
//	torch.prim.ListConstruct              %l = torch.prim.ListConstruct %a, %b : (T, T) -> !torch.list<vtensor>
//	torch.aten.index_select               self, dim, index
//	torch.aten.gather                     self, dim, index, sparse_grad
//	torch.aten.slice.Tensor               self, dim, start, end, step (start/end may be !torch.none)
//	torch.aten.index.Tensor_hacked_twin   self, indices (a list of index tensors)
//	torch.aten.slice_scatter              self, src, dim, start, end, step (slice_scatter.go)
//	torch.aten.copy                       self, src, non_blocking (slice_scatter.go)
//	torch_c.to_builtin_tensor / from_builtin_tensor
//
// The scatter family (scatter.go, fill.go), as the FX importer prints it:
//
//	torch.aten.scatter.src / .value / .reduce, torch.aten.scatter_add,
//	torch.aten.scatter_reduce.two        self, dim, index, src|value[, reduce[, include_self]]
//	torch.aten.index_put                 self, indices (list<optional<vtensor>>), values, accumulate
//	torch.aten.clone                     self, memory_format
//	torch.aten.scalar_tensor, torch.aten.expand, torch.constant.float /
//	.str / .device (index_fill and y[i] = scalar), with !torch.str and
//	!torch.Device
//
// The elementwise ops around them (arith.go): torch.aten.mul.Scalar
// (index_add with alpha), torch.aten.add.Tensor (`y[i, j] += v`),
// add.Scalar / sub.Scalar / sub.Tensor / mul.Tensor (`y[i] += 1.5`, `-=`,
// `*=`) and torch.aten.where.self (`y[mask] = c`), operands broadcast
// numpy-style.
//
// The aten ops print as torch-mlir does: operands, then every operand
// type and the result type, `qualified`. Verifiers check what torch checks
// statically (ranks, dtypes of indices, constant dims in range); what
// depends on data (an index out of range) is a runtime error of the
// interpreter, with torch's message.
//
// Conversions into tcp live in passes/torchtotcp; they are also the
// canonicalization patterns of these ops.
package torch
