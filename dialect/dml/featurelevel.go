package dml

import (
	"fmt"
	"strings"

	"github.com/tcp-project/tcp/ir"
)

// FeatureLevel is a DirectML feature level in DML_FEATURE_LEVEL's encoding:
// 0xXY00 for level X.Y (FL 3.0 is 0x3000), which is also the
// DML_TARGET_VERSION value that declares that level's structs.
type FeatureLevel uint16

// The feature levels DirectML.h names (DML_FEATURE_LEVEL_1_0 … _6_4).
const (
	FL1_0 FeatureLevel = 0x1000
	FL2_0 FeatureLevel = 0x2000
	FL2_1 FeatureLevel = 0x2100
	FL3_0 FeatureLevel = 0x3000
	FL3_1 FeatureLevel = 0x3100
	FL4_0 FeatureLevel = 0x4000
	FL4_1 FeatureLevel = 0x4100
	FL5_0 FeatureLevel = 0x5000
	FL5_1 FeatureLevel = 0x5100
	FL5_2 FeatureLevel = 0x5200
	FL6_0 FeatureLevel = 0x6000
	FL6_1 FeatureLevel = 0x6100
	FL6_2 FeatureLevel = 0x6200
	FL6_3 FeatureLevel = 0x6300
	FL6_4 FeatureLevel = 0x6400
)

// FeatureLevels lists every level in increasing order.
var FeatureLevels = []FeatureLevel{FL1_0, FL2_0, FL2_1, FL3_0, FL3_1, FL4_0, FL4_1, FL5_0, FL5_1, FL5_2, FL6_0, FL6_1, FL6_2, FL6_3, FL6_4}

// DefaultFeatureLevel is --convert-tcp-to-dml's default target.
const DefaultFeatureLevel = FL4_1

// MaxFeatureLevel is the newest level (DirectML.h's latest DML_TARGET_VERSION).
const MaxFeatureLevel = FL6_4

// String returns "3.0".
func (l FeatureLevel) String() string { return fmt.Sprintf("%d.%d", l>>12, (l>>8)&0xF) }

// Enum returns the enumerator name, "DML_FEATURE_LEVEL_3_0".
func (l FeatureLevel) Enum() string {
	return fmt.Sprintf("DML_FEATURE_LEVEL_%d_%d", l>>12, (l>>8)&0xF)
}

// TargetVersion returns the DML_TARGET_VERSION spelling, "0x3000".
func (l FeatureLevel) TargetVersion() string { return fmt.Sprintf("0x%04X", uint16(l)) }

// ParseFeatureLevel parses "3.0" (or "3_0").
func ParseFeatureLevel(s string) (FeatureLevel, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "_", ".")
	for _, l := range FeatureLevels {
		if l.String() == t {
			return l, nil
		}
	}
	names := make([]string, len(FeatureLevels))
	for i, l := range FeatureLevels {
		names[i] = l.String()
	}
	return 0, fmt.Errorf("unknown DirectML feature level %q, want one of %s", s, strings.Join(names, ", "))
}

// FeatureLevelAttrName is the module attribute that records the feature
// level a module was lowered for (a string such as "3.0"); the verifiers
// of dml ops check their constraints against it.
const FeatureLevelAttrName = "dml.feature_level"

// TargetLevel returns the feature level recorded on the nearest enclosing
// op carrying FeatureLevelAttrName, or MaxFeatureLevel if there is none
// (then only the constraints every level shares are checked).
func TargetLevel(op *ir.Operation) (FeatureLevel, error) {
	for p := op; p != nil; p = p.ParentOp() {
		a := p.Attr(FeatureLevelAttrName)
		if a == nil {
			continue
		}
		s, ok := a.(ir.StringAttr)
		if !ok {
			return 0, fmt.Errorf("attribute %s must be a string such as \"3.0\", got %s", FeatureLevelAttrName, a)
		}
		return ParseFeatureLevel(string(s))
	}
	return MaxFeatureLevel, nil
}
