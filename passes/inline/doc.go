// Package inline is the --inline pass: every func.call of a func.func with
// a single-block body in the same module is replaced by a copy of that body
// (arguments bound to the call's operands, the func.return operands
// standing for the call's results), repeatedly, so calls inside inlined
// bodies go too; recursive calls are left alone. Afterwards private
// functions that nothing calls any more are erased.
//
// jax wraps jnp.take, jnp.where and take_along_axis in private functions
// (@_take, @_where) called from @main; after --inline the gathers and
// their index arithmetic sit in one function, as the backends (the Go
// kernel emitter, the DirectML lowering) need.
package inline
