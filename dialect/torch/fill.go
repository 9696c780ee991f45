package torch

import (
	"github.com/tcp-project/tcp/ir"
)

// The ops torch-mlir's FX importer prints around index_put for
// index_fill and y[i] = scalar: a device constant, scalar_tensor and
// expand.
const (
	ConstantDeviceName = "torch.constant.device"
	ScalarTensorName   = "torch.aten.scalar_tensor"
	DeviceName         = "Device"
)

// DeviceType is !torch.Device.
type DeviceType struct{ ir.TypeBase }

// Device is !torch.Device.
var Device ir.Type = DeviceType{}

func (DeviceType) String() string       { return "!torch.Device" }
func (DeviceType) TypeDef() *ir.TypeDef { return DeviceDef }

// DeviceDef defines !torch.Device.
var DeviceDef = ir.MustRegisterType(ir.TypeDef{
	Dialect: "torch", Name: DeviceName, Summary: "a torch device (\"cpu\")",
	Examples: []string{"!torch.Device"}, Parse: singleton(Device),
})

func typeIs(desc string, ts ...ir.Type) ir.TypeConstraint {
	return ir.TypePred(desc, func(t ir.Type) bool {
		for _, u := range ts {
			if t == u {
				return true
			}
		}
		return false
	})
}

// ConstantDevice is torch.constant.device.
var ConstantDevice = ir.MustRegister(ir.OpDef{
	Name:    ConstantDeviceName,
	Summary: "a constant torch device",
	Description: `Produces the !torch.Device named by the string ("cpu"). It has no
effect on values.

Verifier rules: none beyond the string value.`,
	Examples:   []string{`%cpu = torch.constant.device "cpu"`},
	Results:    []ir.ResultDef{{Name: "result", Type: typeIs("!torch.Device type", Device)}},
	Attrs:      []ir.AttrDef{{Name: "value", Kind: ir.StrAttrKind, Required: true}},
	Traits:     []ir.Trait{ir.Pure, ir.ConstantLike},
	Format:     "$value attr-dict",
	Fold:       func(op *ir.Operation) []ir.OpFoldResult { return []ir.OpFoldResult{{Attr: op.Attr("value")}} },
	ResultName: func(op *ir.Operation) string { return op.StrAttr("value") },
	InferResultTypes: func(st *ir.ParseState) error {
		st.ResultTypes[0] = []ir.Type{Device}
		return nil
	},
})

// ScalarTensor is torch.aten.scalar_tensor.
var ScalarTensor = ir.MustRegister(ir.OpDef{
	Name:    ScalarTensorName,
	Summary: "a 0-d tensor holding a Python scalar",
	Description: `torch.scalar_tensor(s, dtype, layout, device, pin_memory): s converted to
the result's dtype (floats rounded to nearest, truncated toward zero for
integer dtypes); layout, device and pin_memory do not change the value.

Verifier rules: the result is 0-d (when its sizes are known).`,
	Examples: []string{"%1 = torch.aten.scalar_tensor %float, %int6, %int0, %cpu, %false : !torch.float, !torch.int, !torch.int, !torch.Device, !torch.bool -> !torch.vtensor<[],f32>"},
	Operands: []ir.OperandDef{
		{Name: "s", Type: scalarC},
		{Name: "dtype", Type: optIntC},
		{Name: "layout", Type: optIntC},
		{Name: "device", Type: typeIs("!torch.Device or !torch.none type", Device, None)},
		{Name: "pin_memory", Type: typeIs("!torch.bool or !torch.none type", Bool, None)},
	},
	Results: []ir.ResultDef{{Name: "result", Type: vtensorC}},
	Traits:  []ir.Trait{ir.Pure},
	Format:  atenFormat("s", "dtype", "layout", "device", "pin_memory"),
	Verify: func(op *ir.Operation) error {
		if r := vt(op.Result(0)); r.HasSizes() && r.Rank() != 0 {
			return op.EmitOpError("result must be 0-d, got %s", r)
		}
		return nil
	},
})
