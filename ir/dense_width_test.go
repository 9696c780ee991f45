package ir_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/ir"
)

// TestDenseIntWidths: integer literals of widths that are not 8, 16, 32 or
// 64 bits store (width+7)/8 bytes per element, as MLIR does, and read back
// what was stored (a fuzz crasher printed an i20 literal by reading 8 bytes
// from a 3-byte element).
func TestDenseIntWidths(t *testing.T) {
	tests := []struct {
		elem ir.IntegerType
		vals []int64
		want string
	}{
		{ir.IntegerType{Width: 20}, []int64{0, -1, 5, 524287, -524288}, "dense<[0, -1, 5, 524287, -524288]> : tensor<5xi20>"},
		{ir.IntegerType{Width: 20, Sign: ir.Unsigned}, []int64{3, 1048575}, "dense<[3, 1048575]> : tensor<2xui20>"},
		{ir.IntegerType{Width: 40}, []int64{-2, 1 << 38}, "dense<[-2, 274877906944]> : tensor<2xi40>"},
		{ir.IntegerType{Width: 128}, []int64{-2, 7}, "dense<[-2, 7]> : tensor<2xi128>"},
		{ir.IntegerType{Width: 24}, []int64{-9}, "dense<-9> : tensor<3xi24>"},
	}
	for _, tt := range tests {
		n := int64(len(tt.vals))
		if len(tt.vals) == 1 {
			n = 3
		}
		a := ir.NewDenseInts(ir.RankedTensor([]int64{n}, tt.elem), tt.vals)
		if got := a.String(); got != tt.want {
			t.Errorf("%s: printed %s, want %s", tt.elem, got, tt.want)
		}
		var got []int64
		for i := range tt.vals {
			got = append(got, a.IntAt(i))
		}
		if diff := cmp.Diff(tt.vals, got); diff != "" {
			t.Errorf("%s: IntAt (-want +got):\n%s", tt.elem, diff)
		}
	}
}
