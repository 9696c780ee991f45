package kernel

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tcp-project/tcp/tensor"
)

func TestCastIndices(t *testing.T) {
	tests := []struct {
		name   string
		in     tensor.DType
		vals   []int64 // bits, sign-extended
		out    tensor.DType
		want   []int64
		errMsg string
	}{
		{"ui64 saturates, never negative", tensor.UI64, []int64{-1, math.MinInt64, math.MaxInt64, 7}, tensor.I64,
			[]int64{math.MaxInt64, math.MaxInt64, math.MaxInt64, 7}, ""},
		{"ui32 zero-extends", tensor.UI32, []int64{-1, 0, 5}, tensor.I64, []int64{1<<32 - 1, 0, 5}, ""},
		{"ui32 to i32 saturates", tensor.UI32, []int64{-1, 5}, tensor.I32, []int64{math.MaxInt32, 5}, ""},
		{"ui8", tensor.UI8, []int64{255, 128}, tensor.I32, []int64{255, 128}, ""},
		{"i8 sign-extends", tensor.I8, []int64{-1, 127}, tensor.I64, []int64{-1, 127}, ""},
		{"i64 to i32 saturates both ways", tensor.I64, []int64{-5e9, -1, 5e9}, tensor.I32, []int64{math.MinInt32, -1, math.MaxInt32}, ""},
		{"float input", tensor.F32, []int64{1}, tensor.I64, nil, "cast_indices: input must have an 8 to 64-bit integer element type, got f32"},
		{"ui64 result", tensor.UI8, []int64{1}, tensor.UI64, nil, "cast_indices: result element type must be i32 or i64, got ui64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tensor.Must(tensor.FromInt64s(tt.in, []int64{int64(len(tt.vals))}, tt.vals))
			got, err := CastIndices(in, tt.out)
			if tt.errMsg != "" {
				if err == nil || err.Error() != tt.errMsg {
					t.Fatalf("error %v, want %q", err, tt.errMsg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := tensor.Must(tensor.FromInt64s(tt.out, []int64{int64(len(tt.want))}, tt.want))
			if d := cmp.Diff(tensor.Format(want), tensor.Format(got)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}
