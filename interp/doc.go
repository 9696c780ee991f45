// Package interp executes tcp programs: any func.func whose operations have
// semantics, on tensor.Tensor values. It is the reference the passes, the
// generated kernels and the DirectML emitter are checked against, and it
// follows docs/semantics.md exactly (the op kernels are those of interp/kernel).
//
//	module, _ := parser.Parse("f.mlir", src, parser.Options{})
//	results, err := interp.RunFunc(module, "main", x, idx)
//
// # Values
//
// Every runtime value is a *tensor.Tensor. Tensors of every element type
// are supported: i1, i8 … i64 (signless and signed types share the signless
// storage), ui8 … ui64, f16, bf16, f32, f64 and index. Scalars of type
// index, iN or fN are 0-d tensors of that element type, so that the
// kernels of scalar ops (arith) and of tensor ops share one representation
// and a value can be printed with tensor.Format; the declared IR type
// decides whether a 0-d value is a scalar or a tensor<T>.
//
// Values are immutable: kernels never modify their operands, and a result
// may share data with an operand (reshapes, tensor.cast, arith.select on a
// scalar condition) or with an argument. Callers that modify a result must
// Clone it first.
//
// # Checks
//
// Run checks each argument against the function type (element type, rank
// and every static dim; a dynamic dim accepts any size, which resolves the
// dynamic dims of the whole program from the arguments), each op's results
// against its declared result types, and the returned values against the
// function's result types. Zero-size dims are supported everywhere.
//
// # Ops
//
// The kernels are kept in one table keyed by op name; each dialect adds its
// kernels from the init function of its file:
//
//	func.go    func.call (recursion up to Options.MaxCallDepth), func.return;
//	           func.func itself is run by the interpreter
//	tcp.go     tcp.gather, tcp.gather_nd (every index mode; mode and
//	           fill_value map to kernel.Mode and a 0-d fill tensor),
//	           tcp.broadcast_to / tcp.broadcast, tcp.slice, tcp.const
//	arith.go   arith.constant, integer and float arithmetic, cmpi, cmpf,
//	           select, casts (index_cast, extsi, trunci, sitofp, fptosi, …)
//	tensor.go  tensor.dim, empty, expand_shape, collapse_shape, reshape,
//	           extract_slice, insert_slice, extract, insert, concat, cast,
//	           from_elements, splat
//	onnx.go    onnx.Gather, GatherElements, GatherND, Slice, Constant,
//	           NoValue: ONNX's semantics (negatives from the end, every
//	           index checked even for an empty result)
//	tf.go      tf.GatherV2 (axis operand, batch_dims), Gather, GatherNd,
//	           Const: TensorFlow's CPU semantics (indices in [0, s), i16
//	           widened, every index checked)
//	tf_executor.go  tf_executor.graph and island run their body blocks
//	           (execState.runBlock, values from above visible); the
//	           results are the fetch's data operands and the yield's
//	           operands plus a control token (the none value)
//	torch.go   torch and torch_c (torch 1.13 semantics: index_select and
//	           gather raise on negative indices, advanced indexing wraps
//	           them, slice clamps like Python); !torch types map to runtime
//	           tensors through RuntimeType
//
// The none type (onnx.NoValue, an omitted optional operand) has one
// runtime value, a sentinel that kernels compare against.
//
// Supported reports whether an op has a kernel; ops deliberately left out
// are marked with a reason (Unsupported), and a test walks the op registry
// to check that every op of the func, arith, tensor and tcp dialects is one
// or the other.
//
// # Constant folding and equivalence
//
// The package installs EvalConstant as ir's constant evaluator (ir.
// SetConstantEvaluator), so the canonicalizer folds any Pure op with a
// kernel whose operands are constants; ToAttr turns values back into
// attributes. CompareFuncs (equiv.go) is the semantic oracle for rewrites:
// one function before and after, on seeded random arguments with dynamic
// dims drawn at random and index tensors drawn in and out of range for
// every index mode; undefined behaviour before (Undefined: a broken
// promise_in_bounds) allows anything after. CheckEquivalent applies it to
// every function of two modules.
//
// # Errors
//
// Errors raised by an op are *RuntimeError values whose message is the
// op's located diagnostic, in the form of the verifier's:
//
//	f.mlir:4:10: error: 'tcp.gather' op index 2 is out of bounds for dimension 1 with size 2
//	f.mlir:4:10: note: the index is at position [0, 1] of the indices
//
// The first line follows kernel.IndexError (torch's phrasing, with
// " (mode promise_in_bounds)" when a promise is broken: promise_in_bounds is
// checked and reported like error); the note gives the kernel's Position,
// the coordinates of the offending value in the indices tensor. Errors in a
// callee carry a "called from here" note per func.call. Runtime checks
// replace MLIR's undefined behaviour where the interpreter can detect it:
// out-of-range indices and slices, division by zero, fptosi of values out
// of range, shape mismatches of dynamic dims, and tensors larger than
// Options.MaxTensorBytes.
package interp
