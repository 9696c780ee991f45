package ir

// OperationParser is implemented by AsmParsers that can parse one whole
// operation in place (MLIR's OpAsmParser::parseGenericOperation), for
// custom forms that wrap another op, such as tf_executor.island's
// `wraps "tf.Const"() ...`. The operation is returned detached; its
// results are not bound to names.
type OperationParser interface {
	ParseOperation() (*Operation, error)
}
