package ir

// ConstantAttr returns the `value` attribute of v's defining op when that op
// is ConstantLike (arith.constant, tcp.const), else nil.
func ConstantAttr(v Value) Attribute {
	if v == nil {
		return nil
	}
	d := v.DefiningOp()
	if d == nil || !d.HasTrait(ConstantLike) {
		return nil
	}
	return d.Attr("value")
}

// ConstantInt returns the value of a scalar integer/index constant.
func ConstantInt(v Value) (int64, bool) {
	switch a := ConstantAttr(v).(type) {
	case IntegerAttr:
		return a.Value, true
	case BoolAttr:
		if a {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}
