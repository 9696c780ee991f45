package torchtotcp

import (
	function "github.com/tcp-project/tcp/dialect/func"
	"github.com/tcp-project/tcp/dialect/torch"
	"github.com/tcp-project/tcp/ir"
	"github.com/tcp-project/tcp/pass"
)

// --torch-func-backend-type-conversion (torch-mlir's pass of that name):
// after the frontends have converted the body, the !torch.vtensor
// arguments and results of a function that no func.call refers to become
// their builtin tensors, and the torch_c conversions at the boundary go:
//
//	func.func @f(%arg0: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2],f32> {
//	  %0 = torch_c.to_builtin_tensor %arg0 ...   // uses of %0 use %arg0
//	  ...
//	  %5 = torch_c.from_builtin_tensor %4 ...
//	  return %5                                  // returns %4
//
// Other uses of an argument get a torch_c.from_builtin_tensor of it. A
// vtensor without a known dtype, or a called function, is left alone.

func init() {
	pass.Register(&pass.Info{
		Argument:    "torch-func-backend-type-conversion",
		Name:        "TorchFuncBackendTypeConversion",
		Description: "Give functions builtin tensor arguments and results instead of !torch.vtensor (uncalled functions), removing the torch_c conversions at the boundary",
		Anchor:      pass.AnyOp,
		New:         func(pass.Options) (pass.Pass, error) { return funcBoundary{}, nil },
	})
}

type funcBoundary struct{}

func (funcBoundary) Info() *pass.Info { return pass.Lookup("torch-func-backend-type-conversion") }

func (funcBoundary) Run(root *ir.Operation) error {
	called := function.CalledNames(root)
	var fns []*ir.Operation
	root.Walk(ir.PreOrder, func(op *ir.Operation) {
		if op.Name() == function.FuncName {
			fns = append(fns, op)
		}
	})
	for _, f := range fns {
		fo := function.FuncOp{Operation: f}
		if fo.IsDeclaration() || called[fo.Name()] {
			continue
		}
		convertBoundary(fo)
	}
	return nil
}

func builtinOf(t ir.Type) ir.Type {
	if vt, ok := t.(*torch.VTensorType); ok {
		return vt.BuiltinTensorType()
	}
	return nil
}

func convertBoundary(f function.FuncOp) {
	body := f.Body()
	ft := f.Type()
	inputs := append([]ir.Type{}, ft.Inputs()...)
	results := append([]ir.Type{}, ft.Results()...)
	rw := ir.NewRewriter(ir.Global, nil)
	for i, a := range body.Arguments() {
		b := builtinOf(a.Type())
		if b == nil {
			continue
		}
		vt := a.Type().(*torch.VTensorType)
		var uses []*ir.OpOperand
		for u := a.FirstUse(); u != nil; u = u.NextUse() {
			uses = append(uses, u)
		}
		a.SetType(b)
		inputs[i] = b
		var wrapped ir.Value
		for _, u := range uses {
			user := u.Owner()
			if user.Name() == torch.ToBuiltinTensorName && user.Result(0).Type() == b {
				user.ReplaceAllUsesWith([]ir.Value{a})
				user.Erase()
				continue
			}
			if wrapped == nil {
				rw.SetInsertionPointBefore(body.First())
				wrapped = torch.FromBuiltinValue(rw, f.Loc(), a, vt)
			}
			u.Set(wrapped)
		}
	}
	for _, op := range body.Ops() {
		if op.Name() != function.ReturnName {
			continue
		}
		for i, v := range op.Operands() {
			b := builtinOf(v.Type())
			if b == nil {
				continue
			}
			if d := v.DefiningOp(); d != nil && d.Name() == torch.FromBuiltinName && d.Operand(0).Type() == b {
				op.SetOperand(i, d.Operand(0))
				if d.UseEmpty() {
					d.Erase()
				}
			} else {
				rw.SetInsertionPointBefore(op)
				c, err := torch.ToBuiltin(rw, op.Loc(), v)
				if err != nil {
					continue
				}
				op.SetOperand(i, c)
			}
			results[i] = b
		}
	}
	f.SetAttr("function_type", ir.TypeAttr{Type: ir.Function(inputs, results)})
}
